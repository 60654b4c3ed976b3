//===- PipeTimeline.h - The pipes of one AI core in time -------*- C++ -*-===//
//
// When each instruction of one AI core runs (docs/Timing.md): every pipe
// (MTE2, MTE1, M, FIX, and the others by number) runs its instructions in
// order, one at a time, each taking the cycles its cost gives; flags order
// pipes as the flag model of `ascube-run --check-sync` does (FlagModel.h):
// SetFlag(src, dst, id) sets its flag once every earlier instruction of
// `src` has finished, WaitFlag(src, dst, id) holds `dst`'s later
// instructions until then, PipeBarrier<ALL> holds every pipe until all
// earlier instructions have finished, and unitFlag hands L0C's 512 B blocks
// between M and FIX. The instructions come in program order (as the CPU
// runs them); a WaitFlag whose SetFlag has not come before it in program
// order is what --check-sync calls sync_c6, and here a wait nothing
// releases: a deadlock.
//
// No IR and no product: pipes are ascube::Pipe's values (as FlagModel's),
// times are cycles from the block's start (doubles: costs are rates), and
// the caller gives each instruction its cycles (PipeCosts).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_MODEL_PIPETIMELINE_H
#define ASCUBE_MODEL_PIPETIMELINE_H

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace ascube::model {

/// What an instruction costs, in cycles of the AI core's clock: a transfer
/// a head plus its bytes over the path's bandwidth; an Mmad a head plus
/// its fractals times the cycles of one; a Fixpipe a head plus a cost per
/// row (the larger of a minimum and the row's bytes over a bandwidth) and
/// one per row for each odd pass of N fractals. The numbers are a
/// product's (docs/Timing.md says where each comes from); this holds only
/// the arithmetic.
struct PipeCosts {
  /// A path's head (cycles) and bandwidth (bytes per cycle; 0: the path
  /// has no cost row, and a transfer over it costs only its head).
  struct Path {
    double head = 0, bytesPerCycle = 0;
    double cycles(double bytes) const {
      return head + (bytesPerCycle > 0 ? bytes / bytesPerCycle : 0);
    }
  };
  Path gmToL1, l1ToL0A, l1ToL0B, l1ToBt;
  /// Mmad: head per instruction, and cycles per 16 x 16 x (32 B of K)
  /// fractal, by the caller's choice for the element types.
  double mmadHead = 0;
  double mmadCycles(int64_t fractals, double perFractal) const {
    return mmadHead + fractals * perFractal;
  }
  /// The fractals of an m x k x n Mmad of A's `bits`-bit elements:
  /// ceil(m/16) ceil(k/C0) ceil(n/16), C0 = 256 / bits (32 B of K).
  static int64_t mmadFractals(int64_t m, int64_t k, int64_t n, int64_t bits);
  /// Fixpipe: head per call; per row max(rowMin, row bytes / rowBytesPerCycle);
  /// per row again for each odd pass of N fractals beyond the first.
  double fixpipeHead = 0, fixpipeRowMin = 0, fixpipeRowBytesPerCycle = 0,
         fixpipeOddPass = 0;
  double fixpipeCycles(int64_t rows, double rowBytes, int64_t oddPasses) const;
  /// The extra passes of a Fixpipe of `cols` columns of 4-byte L0C
  /// elements: its N fractals of 8 columns, their odd part less one (n =
  /// 80: 10 fractals, odd part 5, 4 passes; pypto's drain model).
  static int64_t fixpipeOddPasses(int64_t cols);
  /// A SetFlag, WaitFlag or PipeBarrier.
  double flag = 1;
};

/// A pipe's bytes per cycle from GM when `active` AI cores read GM at once:
/// each core's own path, or its share of the chip's.
double sharedBandwidth(double perCore, double chip, int64_t active);

/// The share of a kernel's GM reads that miss the chip's L2 (docs/Timing.md,
/// "L2"): of `reads` bytes read in all, over `footprint` distinct bytes, the
/// first read of each byte misses; when the footprint is larger than the L2
/// (`l2Bytes`), the re-reads miss too in the share that does not fit,
/// 1 - l2Bytes / footprint. No L2 (0): every read misses.
double l2MissShare(double footprint, double reads, double l2Bytes);
/// The chip's bytes per cycle from GM when a `missShare` of the bytes come
/// from HBM (`hbm` bytes per cycle) and the rest from L2 (`l2`): the time a
/// byte takes is the mix of the two. No L2 (0): `hbm`.
double gmChipBandwidth(double hbm, double l2, double missShare);

/// The cycles of a kernel of blocks taking `blockCycles` each on `cores` AI
/// cores: the blocks run in rounds of `cores` (block b in round b / cores),
/// a round as long as its longest block.
double kernelCycles(const std::vector<double> &blockCycles, int64_t cores);
/// When each round of those blocks starts (round r: blocks r x cores on),
/// and last when the last one ends (kernelCycles).
std::vector<double> roundStarts(const std::vector<double> &blockCycles,
                                int64_t cores);

/// When an instruction runs: [start, end) in cycles from the block's start.
struct TimedSpan {
  double start = 0, end = 0;
};

class PipeTimeline {
public:
  static constexpr unsigned kPipes = 8;
  static constexpr unsigned kAll = 7;
  /// The pipes unitFlag hands L0C blocks between: M (Mmad), FIX (Fixpipe).
  static constexpr unsigned kM = 2, kFix = 6;

  explicit PipeTimeline(double flagCycles = 1) : flagCycles(flagCycles) {}

  /// Forgets everything: a new block starts at cycle 0.
  void reset();

  /// An instruction of `pipe` taking `cycles`: it starts once its pipe has
  /// finished the instructions before it (and passed its waits).
  TimedSpan run(unsigned pipe, double cycles);
  /// The same for an M or FIX instruction with a unitFlag (2 or 3:
  /// cube-reference §13.3) over the L0C byte ranges `l0c` ([lo, hi) each),
  /// as FlagModel hands them over: every 512 B block starts read; an M
  /// instruction waits for each block it touches to be read (by the
  /// Fixpipe that last read it, unitFlag 3), a FIX one for each to be
  /// ready (by the Mmad that last made it so, unitFlag 3); with 3 its end
  /// flips the blocks. std::nullopt, and nothing runs, when a block is not
  /// in the state it waits for: only a later instruction could flip it (a
  /// deadlock; sync_c8 under --check-sync).
  std::optional<TimedSpan>
  runUnit(unsigned pipe, double cycles, int64_t unitFlag,
          const std::vector<std::pair<uint64_t, uint64_t>> &l0c);
  /// SetFlag(src, dst, event): runs on `src` (flagCycles) after its earlier
  /// instructions; the flag is set when it ends.
  TimedSpan setFlag(unsigned src, unsigned dst, int64_t event);
  /// WaitFlag(src, dst, event): runs on `dst` once the flag is set, and
  /// clears it. std::nullopt, and nothing runs, when no SetFlag of it is
  /// pending: the wait would hold `dst` for ever (a deadlock).
  std::optional<TimedSpan> waitFlag(unsigned src, unsigned dst, int64_t event);
  /// PipeBarrier<pipe>: <ALL> holds every pipe until all earlier
  /// instructions have ended; another pipe's is one instruction of it (its
  /// own instructions run in order anyway).
  TimedSpan barrier(unsigned pipe);
  /// Holds every pipe idle until cycle `t` (a SyncAll's release: every
  /// block has reached it).
  void holdUntil(double t);

  /// When the last instruction so far ends.
  double end() const;
  /// When an instruction of `pipe` without a unitFlag would start now: its
  /// pipe's last instruction (or wait) has ended.
  double startOf(unsigned pipe) const {
    return freeAt[std::min(pipe, kPipes - 1)];
  }
  /// Cycles `pipe` spent running instructions (flags included).
  double busy(unsigned pipe) const {
    return pipe < kPipes ? busyCycles[pipe] : 0;
  }
  /// Whether the last wait of (src, dst, event) cleared a flag that had
  /// been set twice (sync_c5 under --check-sync): the flag is one bit, so
  /// the second set was lost and a second wait finds nothing.
  bool setTwice(unsigned src, unsigned dst, int64_t event) const {
    return lost.count({src, dst, event}) != 0;
  }
  /// The flags set and never waited for, as (src, dst, event).
  std::vector<std::tuple<unsigned, unsigned, int64_t>> pendingFlags() const;

private:
  TimedSpan occupy(unsigned pipe, double ready, double cycles);

  double flagCycles;
  /// When each pipe has ended its last instruction.
  std::array<double, kPipes> freeAt{};
  std::array<double, kPipes> busyCycles{};
  /// The end of each pending SetFlag, by (src, dst, event).
  std::map<std::tuple<unsigned, unsigned, int64_t>, double> flags;
  /// Flags set again while set; and those whose wait cleared such a
  /// doubled set.
  std::set<std::tuple<unsigned, unsigned, int64_t>> doubled, lost;
  /// unitFlag: each 512 B block of L0C, ready (made so by M) or read (by
  /// FIX), and when it was flipped last.
  struct UnitBit {
    bool ready = false;
    double at = 0;
  };
  std::map<uint64_t, UnitBit> unitBits;
};

} // namespace ascube::model

#endif // ASCUBE_MODEL_PIPETIMELINE_H
