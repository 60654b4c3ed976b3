//===- FlagModel.cpp - The pipes of one AI core and their flags -----------===//
//
// FlagModel (ascube/Model/FlagModel.h): vector clocks per pipe, carried by
// flags, and per byte range the last write and each pipe's last read since.
//
//===----------------------------------------------------------------------===//

#include "ascube/Model/FlagModel.h"

#include <algorithm>

using namespace ascube::model;

void FlagModel::reset() {
  issued = {};
  clocks = {};
  history.clear();
  flags.clear();
  current = {};
  first.reset();
}

void FlagModel::report(SyncViolation v) {
  if (!first)
    first = v;
}

void FlagModel::reportFlag(SyncViolation::Kind kind, int64_t site, unsigned src,
                           unsigned dst, int64_t event, int64_t otherSite) {
  SyncViolation v{kind};
  v.site = site;
  v.otherSite = otherSite;
  v.src = src;
  v.dst = dst;
  v.event = event;
  report(v);
}

FlagModel::Clock FlagModel::released(unsigned pipe) const {
  Clock c = clocks[pipe];
  c[pipe] = issued[pipe];
  return c;
}

bool FlagModel::ordered(const Epoch &e) const {
  return e.pipe == kPipes || e.pipe == current.pipe ||
         clocks[current.pipe][e.pipe] >= e.n;
}

void FlagModel::instruction(int64_t site, unsigned pipe) {
  if (first || pipe >= kAll) {
    current = {}; // its accesses are no pipe's
    return;
  }
  current = Epoch{pipe, ++issued[pipe], site};
}

void FlagModel::splitAt(uint64_t at) {
  auto it = history.upper_bound(at);
  if (it == history.begin())
    return;
  --it;
  if (it->first < at && at < it->second.end) {
    Segment tail = it->second;
    it->second.end = at;
    history.emplace(at, tail);
  }
}

void FlagModel::access(int level, uint64_t lo, uint64_t hi, int64_t rel,
                       bool write) {
  if (first || lo >= hi || current.pipe == kPipes)
    return;
  splitAt(lo);
  splitAt(hi);
  auto conflict = [&](const Epoch &e, bool otherWrite, uint64_t from,
                      uint64_t to) {
    SyncViolation v{SyncViolation::Unordered};
    v.site = current.site;
    v.pipe = current.pipe;
    v.write = write;
    v.otherSite = e.site;
    v.otherPipe = e.pipe;
    v.otherWrite = otherWrite;
    v.level = level;
    v.relLo = rel + int64_t(from - lo);
    v.relHi = rel + int64_t(to - lo);
    v.addrLo = from;
    v.addrHi = to;
    report(v);
  };
  // Every byte of [lo, hi) gets a segment (untouched gaps a fresh one).
  uint64_t pos = lo;
  auto it = history.lower_bound(lo);
  while (pos < hi) {
    if (it == history.end() || it->first > pos) {
      uint64_t end = it == history.end() ? hi : std::min(hi, it->first);
      it = history.emplace(pos, Segment{end, {}, {}}).first;
    }
    Segment &s = it->second;
    uint64_t from = it->first, to = s.end;
    if (!ordered(s.write)) {
      conflict(s.write, true, from, to);
      return;
    }
    if (write)
      for (const Epoch &r : s.reads)
        if (!ordered(r)) {
          conflict(r, false, from, to);
          return;
        }
    if (write) {
      s.write = current;
      s.reads = {};
    } else {
      s.reads[current.pipe] = current;
    }
    pos = to;
    ++it;
  }
  // A write leaves one history for all its bytes: merge them.
  if (write) {
    auto b = history.find(lo);
    auto e = b;
    while (e != history.end() && e->first < hi)
      ++e;
    if (std::next(b) != e) {
      b->second.end = hi;
      history.erase(std::next(b), e);
    }
  }
}

FlagModel::Flag *FlagModel::flag(int64_t site, unsigned src, unsigned dst,
                                 int64_t event) {
  if (event < 0 || event >= eventIds || event > 255) {
    reportFlag(SyncViolation::EventRange, site, src, dst, event);
    return nullptr;
  }
  return &flags[(int64_t(src) * kPipes + dst) * 256 + event];
}

void FlagModel::setFlag(int64_t site, unsigned src, unsigned dst,
                        int64_t event) {
  if (first || src >= kAll || dst >= kAll)
    return;
  Flag *f = flag(site, src, dst, event);
  if (!f)
    return;
  if (f->set) {
    reportFlag(SyncViolation::SetTwice, site, src, dst, event, f->site);
    return;
  }
  f->set = true;
  f->site = site;
  f->clock = released(src);
}

void FlagModel::waitFlag(int64_t site, unsigned src, unsigned dst,
                         int64_t event) {
  if (first || src >= kAll || dst >= kAll)
    return;
  Flag *f = flag(site, src, dst, event);
  if (!f)
    return;
  if (!f->set) {
    reportFlag(SyncViolation::WaitUnset, site, src, dst, event);
    return;
  }
  f->set = false;
  for (unsigned q = 0; q < kPipes; ++q)
    clocks[dst][q] = std::max(clocks[dst][q], f->clock[q]);
}

void FlagModel::barrier(int64_t, unsigned pipe) {
  if (first || pipe != kAll)
    return;
  Clock all{};
  for (unsigned p = 0; p < kAll; ++p) {
    Clock r = released(p);
    for (unsigned q = 0; q < kPipes; ++q)
      all[q] = std::max(all[q], r[q]);
  }
  for (unsigned p = 0; p < kAll; ++p)
    clocks[p] = all;
}

void FlagModel::finish() {
  if (first)
    return;
  for (const auto &[key, f] : flags)
    if (f.set) {
      reportFlag(SyncViolation::LeftSet, f.site, unsigned(key / 256) / kPipes,
                 unsigned(key / 256) % kPipes, key % 256, f.site);
      return;
    }
}
