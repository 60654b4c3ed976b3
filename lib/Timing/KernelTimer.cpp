//===- KernelTimer.cpp - A kernel's blocks through the timing model ------===//
//
// See KernelTimer.h; docs/Timing.md states the model.
//
//===----------------------------------------------------------------------===//

#include "ascube/Timing/KernelTimer.h"
#include "ascube/Target/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <memory>

using namespace ascube;
using namespace ascube::timing;
using model::PipeTimeline;
using model::TimedSpan;
using target::Level;

namespace {
// ascube::Pipe's values (AscubeEnums.td), named as the dialect prints them.
constexpr unsigned kM = 2, kMte1 = 3, kMte2 = 4, kFix = 6;
std::string pipeName(unsigned p) {
  static const char *const names[] = {"S",    "V",    "M",   "MTE1",
                                      "MTE2", "MTE3", "FIX", "ALL"};
  return names[p % 8];
}

std::string jsonString(llvm::StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (static_cast<unsigned char>(c) < 0x20)
      continue;
    out += c;
  }
  return out + "\"";
}

/// `path` opened for writing, or null after saying why (ascube-run checked
/// it before the run: a disk full, say).
std::unique_ptr<llvm::raw_fd_ostream> openText(const std::string &path) {
  std::error_code ec;
  auto os =
      std::make_unique<llvm::raw_fd_ostream>(path, ec, llvm::sys::fs::OF_Text);
  if (!ec)
    return os;
  llvm::errs() << "timing model: cannot write " << path << ": " << ec.message()
               << "\n";
  return nullptr;
}

/// Text for XML: &, <, > and " escaped.
std::string xmlText(llvm::StringRef s) {
  std::string out;
  for (char c : s)
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      if (static_cast<unsigned char>(c) >= 0x20)
        out += c;
    }
  return out;
}

} // namespace

std::error_code ascube::timing::writablePath(const std::string &path) {
  namespace fs = llvm::sys::fs;
  llvm::StringRef dir = llvm::sys::path::parent_path(path);
  if (dir.empty())
    dir = ".";
  std::error_code ec =
      fs::exists(path) ? fs::access(path, fs::AccessMode::Write)
      : fs::is_directory(dir)
          ? fs::access(dir, fs::AccessMode::Write)
          : std::make_error_code(std::errc::no_such_file_or_directory);
  if (!ec && fs::is_directory(path))
    ec = std::make_error_code(std::errc::is_a_directory);
  return ec;
}

std::optional<std::string>
KernelTimer::refusal(const target::ProductInfo *product,
                     const std::string &what) {
  if (!product)
    return what + " needs the product whose costs to take (the module's "
                  "#ascube.target: ascube-set-target, or ascube-run's "
                  "--product) [timing_c1]";
  if (target::costsOf(*product))
    return std::nullopt;
  std::string covered;
  for (const target::ProductInfo &p : target::allProducts())
    if (target::costsOf(p))
      covered += (covered.empty() ? "" : ", ") + std::string(p.Name);
  return llvm::formatv("{0} has no cost rows (Products.td CostRow): the "
                       "timing model covers {1} [timing_c1]",
                       product->Name, covered)
      .str();
}

KernelTimer::KernelTimer(const target::ProductInfo &product, unsigned blocks,
                         std::vector<std::string> siteTexts, bool traceAll)
    : traceAll(traceAll), sites(std::move(siteTexts)) {
  const target::CostRowInfo *row = target::costsOf(product);
  blockCount = std::max(1u, blocks);
  results.assign(blockCount, BlockLog());
  // (A product without cost rows is refused before: refusal. Without one
  // every instruction costs nothing.)
  assert(row && "a product with cost rows (KernelTimer::refusal)");
  if (!row)
    return;
  auto milli = [](uint32_t v) { return v / 1000.0; };
  ghz = row->ClockMHz / 1000.0;
  cores = std::max<unsigned>(1, product.AICores);
  productName = product.Name;
  // GM -> L1: each core's own bandwidth or its share of the chip's, over
  // the cores running blocks at once.
  gmChip = row->ChipGMGBps * 1e9 / (row->ClockMHz * 1e6);
  l2Chip = row->L2GBps * 1e9 / (row->ClockMHz * 1e6);
  l2Bytes = double(row->L2MiB) * (1 << 20);
  gmPerCore = milli(row->GMToL1BwMilli);
  costs.gmToL1 = {milli(row->GMToL1HeadMilli), gmPerCore};
  costs.l1ToL0A = {milli(row->L1ToL0AHeadMilli), milli(row->L1ToL0ABwMilli)};
  costs.l1ToL0B = {milli(row->L1ToL0BHeadMilli), milli(row->L1ToL0BBwMilli)};
  costs.l1ToBt = {milli(row->L1ToBTHeadMilli), milli(row->L1ToBTBwMilli)};
  costs.mmadHead = milli(row->MmadHeadMilli);
  perFractal = {milli(row->Mmad4Milli), milli(row->Mmad8Milli),
                milli(row->Mmad16Milli), milli(row->Mmad32Milli)};
  costs.fixpipeHead = milli(row->FixHeadMilli);
  costs.fixpipeRowMin = milli(row->FixRowMinMilli);
  costs.fixpipeRowBytesPerCycle = milli(row->FixRowBwMilli);
  costs.fixpipeOddPass = milli(row->FixOddPassMilli);
  costs.flag = milli(row->FlagMilli);
}

void KernelTimer::instruction(BlockLog &log, unsigned block,
                              const InstructionFacts &p) const {
  BlockLog::Step step;
  step.pipe = p.pipe;
  step.site = p.site;
  step.unitFlag = p.l0c.empty() ? 0 : p.unitFlag;
  step.l0c = p.l0c;
  // (The trace describes the instructions of the blocks traced one by
  // one.)
  step.cycles =
      cyclesOf(p, detailed(block) ? &step.what : nullptr, step.gmBytes);
  log.works = true;
  if (p.gmRead > 0) {
    log.gmSpans.push_back({p.gmLo, p.gmHi});
    log.gmReadBytes += double(p.gmRead);
  }
  log.log.push_back(std::move(step));
}

void InstructionFacts::access(int level, int64_t lo, int64_t hi, int64_t rel,
                              bool write) {
  if (write) {
    // The destination's level (a LoadData MX then writes its scales).
    if (writeLevel < 0)
      writeLevel = level;
    bytes += hi - lo;
  }
  if (Level(level) == Level::GM && !write && hi > lo) {
    gmRead += hi - lo;
    gmLo = std::min(gmLo, lo);
    gmHi = std::max(gmHi, hi);
  }
  if (Level(level) == Level::L0C && unitFlag != 0)
    l0c.push_back({uint64_t(rel), uint64_t(rel + (hi - lo))});
}

void KernelTimer::flag(BlockLog &log, int64_t site, int64_t kind, unsigned src,
                       unsigned dst, int64_t event) {
  BlockLog::Step step;
  step.kind = kind == 0   ? BlockLog::Step::Set
              : kind == 1 ? BlockLog::Step::Wait
              : kind == 2 ? BlockLog::Step::Barrier
                          : BlockLog::Step::SyncAll;
  step.pipe = src;
  step.dst = dst;
  step.site = site;
  step.event = event;
  log.log.push_back(std::move(step));
}

std::string KernelTimer::siteText(int64_t s) const {
  return s >= 0 && size_t(s) < sites.size() ? sites[s] : "an instruction";
}

/// The op's name: the site text after its location.
std::string KernelTimer::opName(int64_t s) const {
  std::string t = siteText(s);
  size_t at = t.rfind(": ");
  return at == std::string::npos ? t : t.substr(at + 2);
}

/// Its cycles but for the GM share (`gmBytes`: bytes read at that share),
/// and its work in words for the trace when `what` is given.
double KernelTimer::cyclesOf(const InstructionFacts &p, std::string *what,
                             double &gmBytes) const {
  switch (p.pipe) {
  case kMte2:
    if (what)
      *what = llvm::formatv("{0} B", p.bytes).str();
    gmBytes = double(p.bytes);
    return costs.gmToL1.head;
  case kMte1: {
    if (what)
      *what = llvm::formatv("{0} B", p.bytes).str();
    Level to = Level(p.writeLevel);
    if (to == Level::L0B)
      return costs.l1ToL0B.cycles(double(p.bytes));
    if (to == Level::BT || to == Level::FB)
      return costs.l1ToBt.cycles(double(p.bytes));
    return costs.l1ToL0A.cycles(double(p.bytes));
  }
  case kM: {
    if (p.kind != 1)
      return costs.mmadHead;
    int64_t bits = p.d;
    int64_t fractals =
        ascube::model::PipeCosts::mmadFractals(p.a, p.b, p.c, bits);
    double per = perFractal[bits <= 4 ? 0 : bits <= 8 ? 1 : bits <= 16 ? 2 : 3];
    if (what)
      *what = llvm::formatv("m {0} k {1} n {2}, {3} fractals", p.a, p.b, p.c,
                            fractals)
                  .str();
    return costs.mmadCycles(fractals, per);
  }
  case kFix: {
    // A DataCopy L1 -> FB runs on FIX too: the L1 -> BT/FB path.
    if (p.kind != 2) {
      if (what)
        *what = llvm::formatv("{0} B", p.bytes).str();
      return costs.l1ToBt.cycles(double(p.bytes));
    }
    // L0C holds 4-byte elements.
    if (what)
      *what = llvm::formatv("{0} x {1}", p.a, p.b).str();
    return costs.fixpipeCycles(p.a, double(p.b) * 4,
                               ascube::model::PipeCosts::fixpipeOddPasses(p.b));
  }
  default:
    return costs.flag;
  }
}

KernelTimer::Stop KernelTimer::replaySteps(unsigned b, PipeTimeline &t,
                                           size_t &pos) {
  BlockLog &r = results[b];
  while (pos < r.log.size()) {
    const BlockLog::Step &step = r.log[pos];
    switch (step.kind) {
    case BlockLog::Step::SyncAll:
      ++pos;
      t.barrier(PipeTimeline::kAll);
      return Stop::SyncAll;
    case BlockLog::Step::Set:
      ++pos;
      t.setFlag(step.pipe, step.dst, step.event);
      continue;
    case BlockLog::Step::Barrier:
      ++pos;
      t.barrier(step.pipe);
      continue;
    case BlockLog::Step::Wait: {
      ++pos;
      bool twice = t.setTwice(step.pipe, step.dst, step.event);
      if (t.waitFlag(step.pipe, step.dst, step.event))
        continue;
      r.deadlock = llvm::formatv(
          "ascube-run: block {0}: the timeline deadlocks: {1} (pipe {2}) "
          "waits for {3} -> {2} event {4}, which no set_flag before it "
          "sets{5}: pipe {2} would wait forever [timing_c2]",
          b, siteText(step.site), pipeName(step.dst & 7),
          pipeName(step.pipe & 7), step.event,
          twice ? " (an earlier wait cleared it, though it was set twice: "
                  "the flag is one bit)"
                : "");
      return Stop::End;
    }
    case BlockLog::Step::Instruction:
      break;
    }
    if (step.gmBytes > 0)
      return Stop::GMRead;
    ++pos;
    if (!runStep(b, t, step, 0))
      return Stop::End;
  }
  return Stop::End;
}

bool KernelTimer::runStep(unsigned b, PipeTimeline &t,
                          const BlockLog::Step &step, double gmBytesPerCycle) {
  BlockLog &r = results[b];
  double cycles = step.cycles;
  if (step.gmBytes > 0 && gmBytesPerCycle > 0)
    cycles += step.gmBytes / gmBytesPerCycle;
  std::optional<TimedSpan> ran =
      t.runUnit(step.pipe, cycles, step.unitFlag, step.l0c);
  if (!ran) {
    bool fix = step.pipe == kFix;
    r.deadlock = llvm::formatv(
        "ascube-run: block {0}: the timeline deadlocks: {1} (pipe {2}, "
        "unitFlag) waits for L0C blocks to be {3}, which only a later "
        "instruction could do: pipe {2} would wait forever [timing_c2]",
        b, siteText(step.site), pipeName(step.pipe),
        fix ? "made ready by an Mmad with unitFlag 3"
            : "read by a Fixpipe with unitFlag 3");
    return false;
  }
  if (detailed(b))
    r.events.push_back({ran->start, ran->end, step.pipe, step.site, step.what});
  unsigned p = step.pipe % PipeTimeline::kPipes;
  if (r.count[p]++ == 0)
    r.first[p] = ran->start;
  r.last[p] = ran->end;
  return true;
}

void KernelTimer::replayTogether(const std::vector<unsigned> &bs,
                                 std::vector<PipeTimeline> &lines,
                                 std::vector<size_t> &pos,
                                 std::vector<bool> &open, double chip) {
  // Each block's GM reads left before its SyncAll (or end), and when its
  // last one so far ends: a block reads GM from the start of the stretch
  // until its last read has ended.
  std::vector<int64_t> left(bs.size(), 0);
  std::vector<double> lastEnd(bs.size(), 0);
  std::vector<bool> waiting(bs.size(), false);
  auto advance = [&](size_t i) {
    Stop stop = replaySteps(bs[i], lines[bs[i]], pos[bs[i]]);
    waiting[i] = stop == Stop::GMRead;
    open[bs[i]] = stop == Stop::SyncAll && results[bs[i]].deadlock.empty();
  };
  for (size_t i = 0; i < bs.size(); ++i) {
    const std::vector<BlockLog::Step> &log = results[bs[i]].log;
    for (size_t s = pos[bs[i]];
         s < log.size() && log[s].kind != BlockLog::Step::SyncAll; ++s)
      left[i] +=
          log[s].kind == BlockLog::Step::Instruction && log[s].gmBytes > 0;
    advance(i);
  }
  // The read that starts first, at the share of the blocks reading GM
  // then (itself among them).
  while (true) {
    std::optional<size_t> next;
    double at = 0;
    for (size_t i = 0; i < bs.size(); ++i) {
      if (!waiting[i])
        continue;
      const BlockLog::Step &step = results[bs[i]].log[pos[bs[i]]];
      double start = lines[bs[i]].startOf(step.pipe);
      if (!next || start < at) {
        next = i;
        at = start;
      }
    }
    if (!next)
      return;
    size_t i = *next;
    int64_t readers = 0;
    for (size_t j = 0; j < bs.size(); ++j)
      readers += left[j] > 0 || lastEnd[j] > at;
    const BlockLog::Step &step = results[bs[i]].log[pos[bs[i]]++];
    double share = model::sharedBandwidth(gmPerCore, chip, readers);
    if (!runStep(bs[i], lines[bs[i]], step, share)) {
      waiting[i] = false;
      open[bs[i]] = false;
      continue;
    }
    // (Its pipe is free again when the read has ended.)
    --left[i];
    lastEnd[i] = std::max(lastEnd[i], lines[bs[i]].startOf(step.pipe));
    advance(i);
  }
}

void KernelTimer::settle(unsigned b, const PipeTimeline &t) {
  BlockLog &r = results[b];
  r.cycles = t.end();
  for (unsigned p = 0; p < PipeTimeline::kPipes; ++p)
    r.busy[p] = t.busy(p);
  // (Timed: the log is done with.)
  std::vector<BlockLog::Step>().swap(r.log);
}

void KernelTimer::writeTrace(const std::string &path,
                             const std::vector<double> &roundStart) const {
  std::unique_ptr<llvm::raw_fd_ostream> out = openText(path);
  if (!out)
    return;
  llvm::raw_fd_ostream &os = *out;
  // Times in microseconds (the format's unit) at the product's clock.
  auto us = [this](double cycles) { return cycles / (ghz * 1000); };
  os << "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n";
  bool first = true;
  auto sep = [&] {
    if (!first)
      os << ",\n";
    first = false;
  };
  for (unsigned b = 0; b < results.size(); ++b) {
    sep();
    os << llvm::formatv("{{\"ph\": \"M\", \"name\": \"process_name\", "
                        "\"pid\": {0}, \"args\": {{\"name\": \"block {0}\"}}",
                        b);
    const BlockLog &r = results[b];
    for (unsigned p : {kMte2, kMte1, kM, kFix, PipeTimeline::kAll}) {
      if (p == PipeTimeline::kAll && r.syncAllWaits.empty())
        continue;
      sep();
      os << llvm::formatv("{{\"ph\": \"M\", \"name\": \"thread_name\", "
                          "\"pid\": {0}, \"tid\": {1}, \"args\": {{\"name\": "
                          "\"{2}\"}}",
                          b, p,
                          p == PipeTimeline::kAll ? "SyncAll" : pipeName(p));
    }
    double offset = roundStart[b / roundSize];
    if (!detailed(b))
      for (unsigned p : {kMte2, kMte1, kM, kFix}) {
        if (r.count[p] == 0)
          continue;
        sep();
        os << llvm::formatv(
            "{{\"ph\": \"X\", \"pid\": {0}, \"tid\": {1}, \"name\": "
            "\"{2}: {3} instruction{7}\", \"ts\": {4:f6}, \"dur\": {5:f6}, "
            "\"args\": {{\"busy cycles\": {6:f1}}}",
            b, p, pipeName(p), r.count[p], us(offset + r.first[p]),
            us(r.last[p] - r.first[p]), r.busy[p], r.count[p] == 1 ? "" : "s");
      }
    // Its instructions (traced blocks), and its waits at SyncAlls.
    auto event = [&](const BlockLog::Event &e) {
      sep();
      os << llvm::formatv(
          "{{\"ph\": \"X\", \"pid\": {0}, \"tid\": {1}, \"name\": {2}, "
          "\"ts\": {3:f6}, \"dur\": {4:f6}, \"args\": {{\"site\": {5}, "
          "\"work\": {6}, \"cycles\": {7:f1}}}",
          b, e.pipe, jsonString(opName(e.site)), us(offset + e.start),
          us(e.end - e.start), jsonString(siteText(e.site)), jsonString(e.what),
          e.end - e.start);
    };
    llvm::for_each(r.events, event);
    llvm::for_each(r.syncAllWaits, event);
  }
  os << "\n]}\n";
}

/// The pipes of the first blocks as a Gantt chart: a band per block, a row
/// per pipe (MTE2, MTE1, M, FIX) with its busy share in that block, a
/// rectangle per instruction (its site, work and cycles as its tooltip),
/// the blocks of later rounds shifted by the rounds before them.
void KernelTimer::writeSvg(const std::string &path,
                           const std::vector<double> &roundStart,
                           const std::string &summary) const {
  std::unique_ptr<llvm::raw_fd_ostream> out = openText(path);
  if (!out)
    return;
  llvm::raw_fd_ostream &os = *out;
  const unsigned shown = std::min<unsigned>(kTraceBlocks, results.size());
  const double left = 150, width = 1000, rowH = 18, bandGap = 14;
  const std::array<unsigned, 4> pipes = {kMte2, kMte1, kM, kFix};
  const char *colours[8] = {"#999",    "#999", "#d62728", "#1f77b4",
                            "#2ca02c", "#999", "#9467bd", "#999"};
  // The chart spans the shown blocks' rounds.
  double span = 1;
  for (unsigned b = 0; b < shown; ++b)
    span = std::max(span, roundStart[b / roundSize] + results[b].cycles);
  double height = 40 + shown * (pipes.size() * rowH + bandGap) + 30;
  os << llvm::formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                      "width=\"{0}\" height=\"{1}\" font-family=\"sans-serif\" "
                      "font-size=\"11\">\n",
                      left + width + 20, height);
  os << "<text x=\"10\" y=\"18\">" << xmlText(summary) << "</text>\n";
  double y = 40;
  for (unsigned b = 0; b < shown; ++b) {
    const BlockLog &r = results[b];
    double offset = roundStart[b / roundSize];
    for (size_t i = 0; i < pipes.size(); ++i) {
      unsigned p = pipes[i];
      double rowY = y + i * rowH;
      double share = r.cycles > 0 ? 100 * r.busy[p] / r.cycles : 0;
      os << llvm::formatv("<text x=\"10\" y=\"{0}\">block {1} {2} "
                          "{3:f1}%</text>\n",
                          rowY + 12, b, pipeName(p), share);
      os << llvm::formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                          "height=\"{3}\" fill=\"#f4f4f4\"/>\n",
                          left, rowY, width, rowH - 2);
      for (const BlockLog::Event &e : r.events) {
        if (e.pipe != p)
          continue;
        double x = left + width * (offset + e.start) / span;
        double w = std::max(0.5, width * (e.end - e.start) / span);
        os << llvm::formatv("<rect x=\"{0:f2}\" y=\"{1}\" width=\"{2:f2}\" "
                            "height=\"{3}\" fill=\"{4}\"><title>{5}: {6}, "
                            "{7:f1} cycles</title></rect>\n",
                            x, rowY, w, rowH - 2, colours[p],
                            xmlText(siteText(e.site)), xmlText(e.what),
                            e.end - e.start);
      }
    }
    y += pipes.size() * rowH + bandGap;
  }
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\">0</text>\n", left, y + 12);
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\">"
                      "{2:f0} cycles (kernel {3:f0})</text>\n",
                      left + width, y + 12, span, total);
  os << "</svg>\n";
}

/// The share of the blocks' GM reads that miss an L2 of `capacity` bytes:
/// the footprint is the union of each instruction's read span (from its
/// first byte to its last: a strided read counts the gaps between its rows).
double KernelTimer::gmMissShare() {
  std::vector<BlockLog::Span> spans;
  double reads = 0;
  for (BlockLog &r : results) {
    spans.insert(spans.end(), r.gmSpans.begin(), r.gmSpans.end());
    std::vector<BlockLog::Span>().swap(r.gmSpans);
    reads += r.gmReadBytes;
  }
  std::sort(spans.begin(), spans.end(),
            [](const BlockLog::Span &a, const BlockLog::Span &b) {
              return a.lo < b.lo;
            });
  double footprint = 0;
  int64_t end = std::numeric_limits<int64_t>::min();
  for (const BlockLog::Span &sp : spans) {
    int64_t from = std::max(sp.lo, end);
    if (sp.hi > from)
      footprint += double(sp.hi - from);
    end = std::max(end, sp.hi);
  }
  return model::l2MissShare(footprint, reads, l2Bytes);
}

void KernelTimer::replaySynced(double chip, int64_t &working) {
  // SyncAll needs every block resident (on the chip: blocks <= AI cores):
  // the blocks run at once; in each phase between SyncAlls GM is shared
  // by the blocks reading it then.
  for (BlockLog &r : results) {
    working += r.works;
    stepsTimed += int64_t(r.log.size());
  }
  size_t n = results.size();
  std::vector<PipeTimeline> lines(n, PipeTimeline(costs.flag));
  std::vector<size_t> pos(n, 0);
  std::vector<bool> open(n, true);
  // Each phase: every open block up to its next SyncAll; the last to
  // reach it releases all (a block that ended, or deadlocked, waits for
  // nothing more; finish reports SyncAlls passed unevenly).
  while (llvm::is_contained(open, true)) {
    std::vector<unsigned> bs;
    for (size_t b = 0; b < n; ++b)
      if (open[b])
        bs.push_back(unsigned(b));
    replayTogether(bs, lines, pos, open, chip);
    double release = 0;
    for (size_t b = 0; b < n; ++b)
      release = std::max(release, lines[b].end());
    for (size_t b = 0; b < n; ++b)
      if (open[b]) {
        // (pos[b] is past the SyncAll it waits at.)
        results[b].syncAllWaits.push_back(
            {lines[b].end(), release, PipeTimeline::kAll,
             results[b].log[pos[b] - 1].site, "waits for every block"});
        lines[b].holdUntil(release);
      }
  }
  for (size_t b = 0; b < n; ++b)
    settle(unsigned(b), lines[b]);
}

std::string KernelTimer::finish(bool &deadlock, bool timed,
                                const std::string &tracePath,
                                const std::string &svgPath) {
  deadlock = false;
  auto start = std::chrono::steady_clock::now();
  // The chip's GM bandwidth: its reads' L2 misses from HBM, the rest from L2.
  double chip = model::gmChipBandwidth(gmChip, l2Chip, gmMissShare());
  // GM -> L1 is shared over time by the blocks still reading GM
  // (replayTogether; a block with no tile reads nothing and takes no
  // share). The busy shares
  // count the cores that run blocks with work (not flags alone): as many
  // as the most such blocks in one round.
  int64_t working = 0;
  // The SyncAlls each block passes; every block the same (else the chip
  // hangs: sync_c11).
  std::vector<int64_t> syncAlls;
  for (const BlockLog &r : results)
    syncAlls.push_back(llvm::count_if(r.log, [](const BlockLog::Step &s) {
      return s.kind == BlockLog::Step::SyncAll;
    }));
  bool synced = llvm::any_of(syncAlls, [](int64_t n) { return n > 0; });
  roundSize = synced ? std::max<unsigned>(1, results.size()) : cores;
  for (size_t b = 1; b < results.size(); ++b)
    if (syncAlls[b] != syncAlls[0]) {
      deadlock = true;
      return llvm::formatv("ascube-run: block 0 passes {0} SyncAll(s) but "
                           "block {1} passes {2}: the blocks waiting at a "
                           "SyncAll the others never reach would wait "
                           "forever [sync_c11]",
                           syncAlls[0], b, syncAlls[b])
          .str();
    }
  if (synced && results.size() > cores) {
    deadlock = true;
    return llvm::formatv("ascube-run: {0} blocks: the kernel reaches an "
                         "ascube.sync_all, which needs all its blocks running "
                         "at once, and {1} has {2} AI core(s) [sync_c10]",
                         results.size(), productName, cores)
        .str();
  }
  if (synced)
    replaySynced(chip, working);
  // Rounds of the cores' blocks, each block from cycle 0 of its round.
  if (!synced) {
    std::vector<PipeTimeline> lines(results.size(), PipeTimeline(costs.flag));
    std::vector<size_t> pos(results.size(), 0);
    std::vector<bool> open(results.size(), false);
    for (size_t first = 0; first < results.size(); first += cores) {
      size_t last = std::min(results.size(), first + size_t(cores));
      int64_t works = 0;
      std::vector<unsigned> bs;
      for (size_t b = first; b < last; ++b) {
        works += results[b].works;
        stepsTimed += int64_t(results[b].log.size());
        bs.push_back(unsigned(b));
      }
      working = std::max(working, works);
      replayTogether(bs, lines, pos, open, chip);
      for (unsigned b : bs) {
        settle(b, lines[b]);
        lines[b] = PipeTimeline(); // (done with)
      }
    }
  }
  modelMs = std::chrono::duration<double, std::milli>(
                std::chrono::steady_clock::now() - start)
                .count();
  for (unsigned b = 0; b < results.size(); ++b)
    if (!results[b].deadlock.empty()) {
      deadlock = true;
      return results[b].deadlock;
    }
  std::vector<double> blockCycles;
  for (const BlockLog &r : results)
    blockCycles.push_back(r.cycles);
  std::vector<double> roundStart = model::roundStarts(blockCycles, roundSize);
  total = roundStart.back();
  auto share = [&](unsigned p) {
    double busy = 0;
    for (const BlockLog &r : results)
      if (r.works)
        busy += r.busy[p];
    return total > 0 && working > 0 ? 100 * busy / (total * working) : 0;
  };
  unsigned bound = kMte2;
  for (unsigned p : {kMte1, kM, kFix})
    if (share(p) > share(bound))
      bound = p;
  // (Nothing ran: no pipe bounds it.)
  std::string boundName = total > 0 && working > 0 ? pipeName(bound) : "none";
  if (!tracePath.empty())
    writeTrace(tracePath, roundStart);
  std::string summary =
      llvm::formatv("timeline: {0:f0} cycles, {1:f3} us at {2:f2} GHz, {3} "
                    "block{10} on {4} AI cores; busy MTE2 {5:f1}%, MTE1 "
                    "{6:f1}%, M {7:f1}%, FIX {8:f1}%; bound: {9}",
                    total, total / (ghz * 1000), ghz, blockCount, cores,
                    share(kMte2), share(kMte1), share(kM), share(kFix),
                    boundName, blockCount == 1 ? "" : "s")
          .str();
  if (!svgPath.empty())
    writeSvg(svgPath, roundStart, summary);
  if (timed)
    summary += llvm::formatv("\ntimeline: the model timed {0} instructions "
                             "and flag ops in {1:f1} ms ({2:f1} million a "
                             "second)",
                             stepsTimed, modelMs,
                             modelMs > 0 ? stepsTimed / modelMs / 1000 : 0.0)
                   .str();
  return summary;
}
