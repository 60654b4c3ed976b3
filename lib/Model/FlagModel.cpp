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
  unitBits.clear();
  current = {};
  currentUnitFlag = 0;
  first.reset();
}

void FlagModel::report(SyncViolation v) {
  if (!first)
    first = v;
}

void FlagModel::reportAccess(SyncViolation::Kind kind, bool write,
                             const Epoch &other, bool otherWrite, int level,
                             int64_t relLo, int64_t relHi, uint64_t addrLo) {
  SyncViolation v{kind};
  v.site = current.site;
  v.pipe = current.pipe;
  v.write = write;
  v.otherSite = other.site;
  v.otherPipe = other.pipe;
  v.otherWrite = otherWrite;
  v.level = level;
  v.relLo = relLo;
  v.relHi = relHi;
  v.addrLo = addrLo;
  v.addrHi = addrLo + uint64_t(relHi - relLo);
  report(v);
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

void FlagModel::join(Clock &into, const Clock &from) {
  for (unsigned q = 0; q < kPipes; ++q)
    into[q] = std::max(into[q], from[q]);
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

void FlagModel::instruction(int64_t site, unsigned pipe, int64_t unitFlag) {
  if (first || pipe >= kAll) {
    current = {}; // its accesses are no pipe's
    return;
  }
  current = Epoch{pipe, ++issued[pipe], site};
  currentUnitFlag = unitFlag;
  unitSeen.clear();
}

void FlagModel::unitAccess(int64_t relLo, int64_t relHi, uint64_t lo) {
  // M (an Mmad) hands L0C blocks to FIX (a Fixpipe) and back.
  bool mmad = current.pipe == kM, fixpipe = current.pipe == kFix;
  if (!mmad && !fixpipe)
    return;
  for (int64_t blk = relLo / 512; blk * 512 < relHi; ++blk) {
    if (!unitSeen.insert(blk).second)
      continue;
    UnitBit &bit = unitBits[blk];
    // An Mmad waits for the block to be read, a Fixpipe for it to be
    // ready: in program order that must already hold.
    if (bit.ready != fixpipe) {
      int64_t from = std::max(relLo, blk * 512);
      int64_t to = std::min(relHi, (blk + 1) * 512);
      reportAccess(SyncViolation::UnitOrder, mmad, Epoch{bit.pipe, 0, bit.site},
                   false, unitLevel, from, to, lo + uint64_t(from - relLo));
      return;
    }
    join(clocks[current.pipe], bit.clock);
    if (currentUnitFlag == 3) {
      bit.ready = mmad;
      bit.site = current.site;
      bit.pipe = current.pipe;
      bit.clock = released(current.pipe);
    }
  }
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
  if (currentUnitFlag && level == unitLevel) {
    unitAccess(rel, rel + int64_t(hi - lo), lo);
    if (first)
      return;
  }
  splitAt(lo);
  splitAt(hi);
  auto conflict = [&](const Epoch &e, bool otherWrite, uint64_t from,
                      uint64_t to) {
    reportAccess(SyncViolation::Unordered, write, e, otherWrite, level,
                 rel + int64_t(from - lo), rel + int64_t(to - lo), from);
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
  if (first || src >= kAll || dst >= kAll)
    return nullptr;
  if (event < 0 || event >= eventIds || event > 255) {
    reportFlag(SyncViolation::EventRange, site, src, dst, event);
    return nullptr;
  }
  return &flags[(int64_t(src) * kPipes + dst) * 256 + event];
}

void FlagModel::setFlag(int64_t site, unsigned src, unsigned dst,
                        int64_t event) {
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
  Flag *f = flag(site, src, dst, event);
  if (!f)
    return;
  if (!f->set) {
    reportFlag(SyncViolation::WaitUnset, site, src, dst, event);
    // A flag of the same pipes set under another ID (a mistyped event).
    int64_t pair = (int64_t(src) * kPipes + dst) * 256;
    for (auto it = flags.lower_bound(pair);
         first && it != flags.end() && it->first < pair + 256; ++it)
      if (it->second.set) {
        first->otherSite = it->second.site;
        first->otherEvent = it->first - pair;
        break;
      }
    return;
  }
  f->set = false;
  join(clocks[dst], f->clock);
}

void FlagModel::barrier(int64_t, unsigned pipe) {
  if (first || pipe != kAll)
    return;
  Clock all{};
  for (unsigned p = 0; p < kAll; ++p) {
    join(all, released(p));
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
