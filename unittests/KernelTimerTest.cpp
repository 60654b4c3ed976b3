//===- KernelTimerTest.cpp - Blocks through the timing model --------------===//
//
// timing::KernelTimer's SyncAll: the blocks wait for the last to reach it
// (the kernel's time is the sum of the phases' longest blocks), where a
// PipeBarrier<PIPE_ALL> holds only its own block (the longest block's
// time).
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
