//===- KernelTimerTest.cpp - Blocks through the timing model --------------===//
//
// timing::KernelTimer's SyncAll: the blocks wait for the last to reach it
// (the kernel's time is the sum of the phases' longest blocks), where a
// PipeBarrier<PIPE_ALL> holds only its own block (the longest block's
// time); and GM shared over time by the blocks still reading it.
//
//===----------------------------------------------------------------------===//

#include "ascube/Timing/KernelTimer.h"
#include "ascube/Target/Target.h"

#include "gtest/gtest.h"

#include <optional>
#include <vector>

using namespace ascube;
using timing::InstructionFacts;
using timing::KernelTimer;

namespace {
constexpr unsigned M = 2, ALL = 7;

/// An Mmad of m x k x n f16 (work kind 1) on pipe M.
InstructionFacts mmad(int64_t m, int64_t k, int64_t n) {
  InstructionFacts f;
  f.pipe = M;
  f.kind = 1;
  f.a = m;
  f.b = k;
  f.c = n;
  f.d = 16;
  return f;
}

/// The cycles of `blocks` blocks, block b running `before[b]` (an Mmad or
/// none), a barrier of `kind` (2 PipeBarrier<ALL>, 3 SyncAll), then
/// `after[b]`.
double cycles(std::vector<std::optional<InstructionFacts>> before,
              std::vector<std::optional<InstructionFacts>> after,
              int64_t kind) {
  const target::ProductInfo *prod = target::lookupProduct("atlas_a2");
  KernelTimer timer(*prod, unsigned(before.size()), {});
  for (unsigned b = 0; b < before.size(); ++b) {
    timing::BlockLog &log = timer.block(b);
    if (before[b])
      timer.instruction(log, b, *before[b]);
    KernelTimer::flag(log, -1, kind, ALL, ALL, 0);
    if (after[b])
      timer.instruction(log, b, *after[b]);
  }
  bool deadlock = false;
  timer.finish(deadlock, false, "", "");
  EXPECT_FALSE(deadlock);
  return timer.cycles();
}
} // namespace

// Block 0: a long Mmad (L), then the barrier; block 1: the barrier, then a
// short Mmad (S). Each alone: L + f and f + S (f: the barrier's flag
// cycle). A PipeBarrier<ALL> holds its own block only: max(L + f, f + S)
// = L + f. A SyncAll releases block 1 when block 0 reaches it: L + f + S.
TEST(KernelTimer, SyncAllWaitsForEveryBlock) {
  std::optional<InstructionFacts> none;
  double longOne = cycles({mmad(256, 256, 256)}, {none}, 2);
  double shortOne = cycles({none}, {mmad(16, 16, 16)}, 2);
  double f = cycles({none}, {none}, 2);
  ASSERT_GT(longOne, shortOne);
  EXPECT_DOUBLE_EQ(
      cycles({mmad(256, 256, 256), none}, {none, mmad(16, 16, 16)}, 2),
      longOne);
  EXPECT_DOUBLE_EQ(
      cycles({mmad(256, 256, 256), none}, {none, mmad(16, 16, 16)}, 3),
      longOne + shortOne - f);
  // Two SyncAll phases of one block each: the same as one block running
  // both (no other block to wait for).
  EXPECT_DOUBLE_EQ(cycles({mmad(256, 256, 256)}, {mmad(16, 16, 16)}, 3),
                   longOne + shortOne - f);
}

// GM shared over time: 24 blocks on Atlas A2's 24 cores, each copying S
// bytes of the same GM span [0, S) into L1 at cycle 0; block 23 then
// copies them again. 25 reads of one footprint S: 1/25 miss L2 (from HBM
// at 1000 B/cycle: 1.8 TB/s at 1.8 GHz), the rest hit it (2550 B/cycle):
// the chip 1 / (0.04 / 1000 + 0.96 / 2550) B/cycle, a 24th of it each
// while all 24 read. The first copies end together; block 23's second
// copy then reads alone, at its core's own 165 B/cycle: 174 + S / 165
// (read at the 24th share, as when the share was the round's, it would
// take 174 + S / (chip / 24)).
TEST(KernelTimer, GMSharedOverTime) {
  const target::ProductInfo *prod = target::lookupProduct("atlas_a2");
  const int64_t bytes = 8192;
  KernelTimer timer(*prod, 24, {});
  InstructionFacts copy;
  copy.pipe = 4; // MTE2
  copy.access(int(target::Level::GM), 0, bytes, 0, false);
  copy.access(int(target::Level::L1), 0, bytes, 0, true);
  for (unsigned b = 0; b < 24; ++b) {
    timing::BlockLog &log = timer.block(b);
    timer.instruction(log, b, copy);
    if (b == 23)
      timer.instruction(log, b, copy);
  }
  bool deadlock = false;
  timer.finish(deadlock, false, "", "");
  ASSERT_FALSE(deadlock);
  double chip = 1 / (0.04 / 1000 + 0.96 / 2550);
  double first = 174 + bytes / (chip / 24);
  EXPECT_NEAR(timer.cycles(), first + 174 + bytes / 165.0, 1e-6);
}

// The trace's SyncAll waits: block 1 reaches the SyncAll when its barrier
// ends (cycle f = 1) and waits until block 0 does, after its long Mmad
// (L + f); block 0 waits 0 cycles.
TEST(KernelTimer, SyncAllWaitsRecorded) {
  const target::ProductInfo *prod = target::lookupProduct("atlas_a2");
  KernelTimer timer(*prod, 2, {});
  timer.instruction(timer.block(0), 0, mmad(256, 256, 256));
  for (unsigned b = 0; b < 2; ++b)
    KernelTimer::flag(timer.block(b), -1, 3, ALL, ALL, 0);
  bool deadlock = false;
  timer.finish(deadlock, false, "", "");
  ASSERT_FALSE(deadlock);
  // L: 21 + 16 x 16 x 16 fractals of 1 cycle (A2, f16).
  double arrival0 = 21 + 4096 + 1;
  ASSERT_EQ(timer.block(0).syncAllWaits.size(), 1u);
  ASSERT_EQ(timer.block(1).syncAllWaits.size(), 1u);
  EXPECT_DOUBLE_EQ(timer.block(0).syncAllWaits[0].start, arrival0);
  EXPECT_DOUBLE_EQ(timer.block(0).syncAllWaits[0].end, arrival0);
  EXPECT_DOUBLE_EQ(timer.block(1).syncAllWaits[0].start, 1);
  EXPECT_DOUBLE_EQ(timer.block(1).syncAllWaits[0].end, arrival0);
}
