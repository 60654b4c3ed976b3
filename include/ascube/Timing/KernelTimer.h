//===- KernelTimer.h - A kernel's blocks through the timing model -*- C++
//-*-===//
//
// Times a kernel's instruction stream by the model of ascube/Model/
// PipeTimeline.h with a product's costs (Products.td CostRow,
// docs/Timing.md): each block's instructions and flag ops, recorded in
// program order (a BlockLog), replayed once all blocks are recorded, when
// the blocks of each round that read GM (and so share its bandwidth) are
// known — one timeline per block (each AI core has its own pipes), the
// blocks in rounds on the product's AI cores, GM reads mixing L2 hits and
// HBM misses over the whole kernel. Then the kernel's cycles, each pipe's
// busy share, a Chrome trace (Perfetto, chrome://tracing) and an SVG chart.
//
// No IR: who records says what each instruction is (InstructionFacts) —
// ascube-run from the hooks the lowering puts before it (sync-checks,
// tools/ascube-run/Timeline.cpp). Pipes are ascube::Pipe's values, levels
// target::Level's.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TIMING_KERNELTIMER_H
#define ASCUBE_TIMING_KERNELTIMER_H

#include "ascube/Model/PipeTimeline.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace ascube::target {
struct ProductInfo;
}

namespace ascube::timing {

/// One instruction as the model costs it.
struct InstructionFacts {
  /// Its site (an index into the kernel's site texts; -1: none), pipe and
  /// unitFlag.
  int64_t site = -1;
  unsigned pipe = 0;
  int64_t unitFlag = 0;
  /// The level of its first write (target::Level; -1: none): the path an
  /// MTE1 move takes.
  int writeLevel = -1;
  /// The bytes it writes, run by run: an MTE2 copy's bytes over GM's
  /// bandwidth, an MTE1 move's over its path's.
  int64_t bytes = 0;
  /// The GM bytes it reads: how many, and from the first to the last (the
  /// L2's footprint).
  int64_t gmRead = 0, gmLo = std::numeric_limits<int64_t>::max(),
          gmHi = std::numeric_limits<int64_t>::min();
  /// The L0C bytes it touches, run by run (unitFlag's 512 B blocks).
  std::vector<std::pair<uint64_t, uint64_t>> l0c;
  /// Its work: an Mmad's (kind 1: m, k, n, A's element bits) or a
  /// Fixpipe's (kind 2: rows, columns, bits, level); kind 0: none.
  int64_t kind = 0, a = 0, b = 0, c = 0, d = 0;

  /// Adds one access, as a runner's hook reports it: it reads (`write`
  /// false) or writes the bytes [lo, hi) — addresses, GM ones comparable
  /// across instructions — which are bytes [rel, rel + hi - lo) of its
  /// level `level` (target::Level).
  void access(int level, int64_t lo, int64_t hi, int64_t rel, bool write);
};

/// What a block recorded, then (KernelTimer::finish) how it ran.
struct BlockLog {
  /// One step in program order: an instruction (its cycles, and for one
  /// reading GM the bytes whose cost depends on how many cores read GM at
  /// once), a SetFlag, a WaitFlag, a PipeBarrier or a SyncAll.
  struct Step {
    enum Kind : uint8_t {
      Instruction,
      Set,
      Wait,
      Barrier,
      SyncAll
    } kind = Instruction;
    unsigned pipe = 0, dst = 0;
    int64_t site = -1, event = 0, unitFlag = 0;
    double cycles = 0, gmBytes = 0;
    std::vector<std::pair<uint64_t, uint64_t>> l0c;
    /// Its work in words, for the trace of blocks traced one by one.
    std::string what;
  };
  struct Span {
    int64_t lo, hi;
  };
  struct Event {
    double start, end;
    unsigned pipe;
    int64_t site;
    std::string what;
  };
  std::vector<Step> log;
  /// Its instructions' GM read spans and bytes (the L2's footprint).
  std::vector<Span> gmSpans;
  double gmReadBytes = 0;
  /// Whether it runs anything but flags.
  bool works = false;
  // After finish: its cycles, each pipe's busy cycles, first start, last
  // end and instructions, its instructions (traced blocks), a deadlock.
  double cycles = 0;
  std::array<double, model::PipeTimeline::kPipes> busy{}, first{}, last{};
  std::array<int64_t, model::PipeTimeline::kPipes> count{};
  std::vector<Event> events;
  /// Its waits at SyncAlls: from its arrival (its barrier ended) to the
  /// release (the last block's arrival); pipe PipeTimeline::kAll.
  std::vector<Event> syncAllWaits;
  std::string deadlock;
};

/// Why `path` cannot be written (a trace, a chart, an output), checked
/// without creating it: a run that fails later leaves nothing behind; an
/// empty error code when it can.
std::error_code writablePath(const std::string &path);

class KernelTimer {
public:
  /// Why `product` (null: none given) cannot be timed, ending in its label
  /// (timing_c1); std::nullopt when it has cost rows. `what` names the
  /// asker in the message ("--timeline").
  static std::optional<std::string> refusal(const target::ProductInfo *product,
                                            const std::string &what);

  /// A kernel of `blocks` blocks on `product` (with cost rows), whose
  /// instructions' sites are `sites`; `traceAll`: every block's
  /// instructions in the trace (else the first kTraceBlocks', a span per
  /// pipe for the others).
  KernelTimer(const target::ProductInfo &product, unsigned blocks,
              std::vector<std::string> sites, bool traceAll = false);

  static constexpr unsigned kTraceBlocks = 4;

  /// Recording block `block` into `log` (any thread, its own log).
  void instruction(BlockLog &log, unsigned block,
                   const InstructionFacts &facts) const;
  /// kind 0 SetFlag, 1 WaitFlag, 2 PipeBarrier (src: the pipe), 3 SyncAll
  /// (its PipeBarrier<PIPE_ALL>, then every block waits until all have
  /// reached it).
  static void flag(BlockLog &log, int64_t site, int64_t kind, unsigned src,
                   unsigned dst, int64_t event);
  /// Block `block`'s log once recorded (the caller serializes calls;
  /// `block` < blocks()).
  BlockLog &block(unsigned block) { return results[block]; }
  unsigned blocks() const { return blockCount; }
  /// The site texts, when the recorder numbers them as it meets them
  /// (before finish).
  void setSites(std::vector<std::string> siteTexts) {
    sites = std::move(siteTexts);
  }

  /// Times the blocks; writes the trace and the chart where given (""
  /// none), and returns the summary line ("timeline: ... bound: M") —
  /// with `timed` also a line of the steps timed and how long it took —,
  /// or a deadlock's message ending in its label (then `deadlock` is set).
  std::string finish(bool &deadlock, bool timed, const std::string &tracePath,
                     const std::string &svgPath);

  /// After finish: the kernel's cycles.
  double cycles() const { return total; }

private:
  bool detailed(unsigned b) const { return b < kTraceBlocks || traceAll; }
  std::string siteText(int64_t s) const;
  std::string opName(int64_t s) const;
  double cyclesOf(const InstructionFacts &p, std::string *what,
                  double &gmBytes) const;
  /// Where replaySteps stopped: past a SyncAll, at the block's end (or a
  /// deadlock), or before an instruction reading GM.
  enum class Stop { SyncAll, End, GMRead };
  /// Replays block b's steps from `pos` on `t` through its next SyncAll,
  /// to its end or a deadlock, or up to its next instruction that reads
  /// GM (left for the caller: replayTogether).
  Stop replaySteps(unsigned b, model::PipeTimeline &t, size_t &pos);
  /// Runs block b's instruction `step` on `t`, GM read at
  /// `gmBytesPerCycle`; false at a deadlock (then the block's message).
  bool runStep(unsigned b, model::PipeTimeline &t, const BlockLog::Step &step,
               double gmBytesPerCycle);
  /// Replays the blocks `bs` (on `lines`, from `pos`) through each one's
  /// next SyncAll or to its end, the blocks at once: GM -> L1 shared over
  /// time (each read at the share of the blocks still reading GM when it
  /// starts, the reads in the order they start). `open[b]`: whether b
  /// stopped at a SyncAll.
  void replayTogether(const std::vector<unsigned> &bs,
                      std::vector<model::PipeTimeline> &lines,
                      std::vector<size_t> &pos, std::vector<bool> &open,
                      double chip);
  /// Block b's cycles and busy pipes once replayed on `t`.
  void settle(unsigned b, const model::PipeTimeline &t);
  /// The kernel's blocks when one holds a SyncAll: all at once, each
  /// SyncAll releasing every block when the last reaches it.
  void replaySynced(double chip, int64_t &working);
  double gmMissShare();
  void writeTrace(const std::string &path,
                  const std::vector<double> &roundStart) const;
  void writeSvg(const std::string &path, const std::vector<double> &roundStart,
                const std::string &summary) const;

  model::PipeCosts costs;
  // GM -> L1: each core's bandwidth, the chip's from HBM and from L2, bytes
  // per cycle; the L2's bytes (0: none modelled).
  double gmPerCore = 0, gmChip = 0, l2Chip = 0, l2Bytes = 0;
  // Cycles per 16 x 16 x C0 Mmad fractal by A's element bits 4, 8, 16, 32.
  std::array<double, 4> perFractal{};
  double ghz = 1, total = 0;
  unsigned cores = 1, blockCount = 1;
  /// Blocks a round holds: the cores, or all blocks for a kernel with a
  /// SyncAll (replaySynced).
  unsigned roundSize = 1;
  std::string productName;
  bool traceAll = false;
  std::vector<std::string> sites;
  std::vector<BlockLog> results;
  // What finish timed: steps, and the milliseconds it took.
  int64_t stepsTimed = 0;
  double modelMs = 0;
};

} // namespace ascube::timing

#endif // ASCUBE_TIMING_KERNELTIMER_H
