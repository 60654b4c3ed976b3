//===- FlagModelTest.cpp - The flag model of ascube-run --check-sync ------===//
//
// Hand-worked cases of ascube/Model/FlagModel.h: the documents' flag
// pattern between a copy, a load and an Mmad; what a missing flag, a
// doubled SetFlag, a WaitFlag with nothing set and a flag left set give;
// transitivity through a chain of flags; PipeBarrier<ALL>; ping-pong
// buffers with two event IDs.
//
//===----------------------------------------------------------------------===//

#include "ascube/Model/FlagModel.h"

#include <gtest/gtest.h>

using ascube::model::FlagModel;
using ascube::model::SyncViolation;

namespace {
// ascube::Pipe's values.
constexpr unsigned S = 0, M = 2, MTE1 = 3, MTE2 = 4, FIX = 6, ALL = 7;
constexpr int L1 = 1, L0A = 2, L0C = 4;
// Host addresses of three buffers.
constexpr uint64_t kL1 = 0x1000, kL0A = 0x10000, kL0C = 0x20000;

/// GM -> L1 copy (site 0), L1 -> L0A load (site 1), Mmad (site 2), with
/// the flags `flags` says between them.
FlagModel copyLoadMmad(bool mte2ToMte1, bool mte1ToM) {
  FlagModel f;
  f.instruction(0, MTE2);
  f.access(L1, kL1, kL1 + 512, 0, true);
  if (mte2ToMte1) {
    f.setFlag(10, MTE2, MTE1, 0);
    f.waitFlag(11, MTE2, MTE1, 0);
  }
  f.instruction(1, MTE1);
  f.access(L1, kL1, kL1 + 512, 0, false);
  f.access(L0A, kL0A, kL0A + 512, 0, true);
  if (mte1ToM) {
    f.setFlag(12, MTE1, M, 0);
    f.waitFlag(13, MTE1, M, 0);
  }
  f.instruction(2, M);
  f.access(L0A, kL0A, kL0A + 512, 0, false);
  f.access(L0C, kL0C, kL0C + 1024, 0, true);
  f.finish();
  return f;
}

TEST(FlagModel, DocumentsPatternIsOrdered) {
  EXPECT_FALSE(copyLoadMmad(true, true).violation());
}

TEST(FlagModel, MissingFlagIsReported) {
  FlagModel f = copyLoadMmad(true, false);
  ASSERT_TRUE(f.violation());
  const SyncViolation &v = *f.violation();
  EXPECT_EQ(v.kind, SyncViolation::Unordered);
  EXPECT_EQ(v.site, 2); // the Mmad reads
  EXPECT_FALSE(v.write);
  EXPECT_EQ(v.otherSite, 1); // what the load wrote
  EXPECT_EQ(v.otherPipe, MTE1);
  EXPECT_TRUE(v.otherWrite);
  EXPECT_EQ(v.level, L0A);
  EXPECT_EQ(v.relLo, 0);
  EXPECT_EQ(v.relHi, 512);

  FlagModel g = copyLoadMmad(false, true);
  ASSERT_TRUE(g.violation());
  EXPECT_EQ(g.violation()->site, 1);
  EXPECT_EQ(g.violation()->otherSite, 0);
}

TEST(FlagModel, OverlapIsTheSharedBytes) {
  FlagModel f;
  f.instruction(0, MTE2);
  f.access(L1, kL1, kL1 + 512, 0, true);
  f.instruction(1, MTE1);
  // Reads bytes 256..767 of L1, counted from 256.
  f.access(L1, kL1 + 256, kL1 + 768, 256, false);
  ASSERT_TRUE(f.violation());
  EXPECT_EQ(f.violation()->relLo, 256);
  EXPECT_EQ(f.violation()->relHi, 512);
}

TEST(FlagModel, DisjointBytesNeedNoFlag) {
  FlagModel f;
  f.instruction(0, MTE2);
  f.access(L1, kL1, kL1 + 512, 0, true);
  f.instruction(1, MTE1);
  f.access(L1, kL1 + 512, kL1 + 1024, 512, false);
  f.finish();
  EXPECT_FALSE(f.violation());
}

TEST(FlagModel, ReadsOfTwoPipesNeedNoFlag) {
  FlagModel f;
  f.instruction(0, MTE1);
  f.access(L1, kL1, kL1 + 512, 0, false);
  f.instruction(1, MTE2);
  f.access(L1, kL1, kL1 + 512, 0, false);
  EXPECT_FALSE(f.violation());
}

TEST(FlagModel, WriteAfterReadNeedsAFlag) {
  // The load reads an L1 tile; the next copy overwrites it.
  FlagModel f;
  f.instruction(0, MTE1);
  f.access(L1, kL1, kL1 + 512, 0, false);
  f.instruction(1, MTE2);
  f.access(L1, kL1, kL1 + 512, 0, true);
  ASSERT_TRUE(f.violation());
  EXPECT_EQ(f.violation()->site, 1);
  EXPECT_TRUE(f.violation()->write);
  EXPECT_FALSE(f.violation()->otherWrite);

  FlagModel g;
  g.instruction(0, MTE1);
  g.access(L1, kL1, kL1 + 512, 0, false);
  g.setFlag(5, MTE1, MTE2, 3);
  g.waitFlag(6, MTE1, MTE2, 3);
  g.instruction(1, MTE2);
  g.access(L1, kL1, kL1 + 512, 0, true);
  g.finish();
  EXPECT_FALSE(g.violation());
}

TEST(FlagModel, FlagsChainTransitively) {
  // MTE2 writes; MTE2 -> MTE1; MTE1 -> M; M reads what MTE2 wrote.
  FlagModel f;
  f.instruction(0, MTE2);
  f.access(L1, kL1, kL1 + 64, 0, true);
  f.setFlag(1, MTE2, MTE1, 0);
  f.waitFlag(2, MTE2, MTE1, 0);
  f.setFlag(3, MTE1, M, 0);
  f.waitFlag(4, MTE1, M, 0);
  f.instruction(5, M);
  f.access(L1, kL1, kL1 + 64, 0, false);
  f.finish();
  EXPECT_FALSE(f.violation());
}

TEST(FlagModel, SetFlagReleasesOnlyEarlierInstructions) {
  // The flag is set before the second copy: the load is not ordered after
  // that copy.
  FlagModel f;
  f.instruction(0, MTE2);
  f.access(L1, kL1, kL1 + 64, 0, true);
  f.setFlag(1, MTE2, MTE1, 0);
  f.instruction(2, MTE2);
  f.access(L1, kL1 + 64, kL1 + 128, 64, true);
  f.waitFlag(3, MTE2, MTE1, 0);
  f.instruction(4, MTE1);
  f.access(L1, kL1, kL1 + 128, 0, false);
  ASSERT_TRUE(f.violation());
  EXPECT_EQ(f.violation()->otherSite, 2);
  EXPECT_EQ(f.violation()->relLo, 64);
}

TEST(FlagModel, BarrierAllOrdersEveryPipe) {
  FlagModel f;
  f.instruction(0, MTE2);
  f.access(L1, kL1, kL1 + 64, 0, true);
  f.barrier(1, ALL);
  f.instruction(2, M);
  f.access(L1, kL1, kL1 + 64, 0, false);
  f.finish();
  EXPECT_FALSE(f.violation());

  FlagModel g; // a barrier of one pipe orders nothing across pipes
  g.instruction(0, MTE2);
  g.access(L1, kL1, kL1 + 64, 0, true);
  g.barrier(1, MTE2);
  g.instruction(2, M);
  g.access(L1, kL1, kL1 + 64, 0, false);
  EXPECT_TRUE(g.violation());
}

TEST(FlagModel, FlagRules) {
  FlagModel twice;
  twice.setFlag(0, MTE2, MTE1, 1);
  twice.setFlag(1, MTE2, MTE1, 1);
  ASSERT_TRUE(twice.violation());
  EXPECT_EQ(twice.violation()->kind, SyncViolation::SetTwice);
  EXPECT_EQ(twice.violation()->site, 1);
  EXPECT_EQ(twice.violation()->otherSite, 0);

  FlagModel otherId; // another ID, another flag
  otherId.setFlag(0, MTE2, MTE1, 1);
  otherId.setFlag(1, MTE2, MTE1, 2);
  otherId.waitFlag(2, MTE2, MTE1, 1);
  otherId.waitFlag(3, MTE2, MTE1, 2);
  otherId.finish();
  EXPECT_FALSE(otherId.violation());

  FlagModel unset;
  unset.waitFlag(0, M, FIX, 0);
  ASSERT_TRUE(unset.violation());
  EXPECT_EQ(unset.violation()->kind, SyncViolation::WaitUnset);
  EXPECT_EQ(unset.violation()->otherEvent, -1);

  FlagModel wrongId; // the same pair set under ID 1, waited under ID 0
  wrongId.setFlag(4, M, FIX, 1);
  wrongId.waitFlag(5, M, FIX, 0);
  ASSERT_TRUE(wrongId.violation());
  EXPECT_EQ(wrongId.violation()->kind, SyncViolation::WaitUnset);
  EXPECT_EQ(wrongId.violation()->otherEvent, 1);
  EXPECT_EQ(wrongId.violation()->otherSite, 4);

  FlagModel left;
  left.setFlag(7, FIX, M, 5);
  left.finish();
  ASSERT_TRUE(left.violation());
  EXPECT_EQ(left.violation()->kind, SyncViolation::LeftSet);
  EXPECT_EQ(left.violation()->site, 7);
  EXPECT_EQ(left.violation()->src, FIX);
  EXPECT_EQ(left.violation()->dst, M);
  EXPECT_EQ(left.violation()->event, 5);

  FlagModel range(4); // the Atlas training series
  range.setFlag(0, S, MTE2, 4);
  ASSERT_TRUE(range.violation());
  EXPECT_EQ(range.violation()->kind, SyncViolation::EventRange);
}

TEST(FlagModel, PingPongBuffers) {
  // Two L1 buffers, event IDs 0 and 1 guarding each against overwrite
  // while MTE1 reads it: the catlass pattern (set both first, wait at the
  // end).
  FlagModel f;
  f.setFlag(0, MTE1, MTE2, 0);
  f.setFlag(1, MTE1, MTE2, 1);
  for (int i = 0; i < 6; ++i) {
    int b = i % 2;
    uint64_t at = kL1 + b * 512;
    f.waitFlag(2, MTE1, MTE2, b);
    f.instruction(3, MTE2);
    f.access(L1, at, at + 512, b * 512, true);
    f.setFlag(4, MTE2, MTE1, b);
    f.waitFlag(5, MTE2, MTE1, b);
    f.instruction(6, MTE1);
    f.access(L1, at, at + 512, b * 512, false);
    f.setFlag(7, MTE1, MTE2, b);
  }
  f.waitFlag(8, MTE1, MTE2, 0);
  f.waitFlag(9, MTE1, MTE2, 1);
  f.finish();
  EXPECT_FALSE(f.violation());
}

TEST(FlagModel, ResetStartsABlockAfresh) {
  FlagModel f;
  f.setFlag(0, MTE2, MTE1, 0);
  f.finish();
  ASSERT_TRUE(f.violation());
  f.reset();
  EXPECT_FALSE(f.violation());
  f.finish();
  EXPECT_FALSE(f.violation());
}
} // namespace

// unitFlag (cube-reference §13.3): an Mmad with unitFlag 3 marks each L0C
// block it writes ready, a Fixpipe with unitFlag 3 waits for that and
// marks it read, the next Mmad waits for that: no flags needed between
// them. (L0C's blocks are 512 B of its addresses, `rel`.)
TEST(FlagModel, UnitFlagHandsL0COver) {
  FlagModel f(8, L0C);
  f.instruction(0, M, 3);
  f.access(L0C, kL0C, kL0C + 1024, 0, true);
  f.instruction(1, FIX, 3);
  f.access(L0C, kL0C, kL0C + 1024, 0, false);
  f.instruction(2, M, 3); // the next tile into the same L0C
  f.access(L0C, kL0C, kL0C + 1024, 0, true);
  f.instruction(3, FIX, 3);
  f.access(L0C, kL0C, kL0C + 1024, 0, false);
  f.finish();
  EXPECT_FALSE(f.violation());

  // Mode 2 leaves the bit: K chunks accumulate with 2, the last with 3.
  FlagModel g(8, L0C);
  g.instruction(0, M, 2);
  g.access(L0C, kL0C, kL0C + 512, 0, true);
  g.instruction(1, M, 3);
  g.access(L0C, kL0C, kL0C + 512, 0, false);
  g.access(L0C, kL0C, kL0C + 512, 0, true);
  g.instruction(2, FIX, 3);
  g.access(L0C, kL0C, kL0C + 512, 0, false);
  EXPECT_FALSE(g.violation());
}

TEST(FlagModel, UnitFlagOutOfOrder) {
  // The Fixpipe reads after a mode-2 Mmad only: no block is ready.
  FlagModel early(8, L0C);
  early.instruction(0, M, 2);
  early.access(L0C, kL0C, kL0C + 512, 0, true);
  early.instruction(1, FIX, 3);
  early.access(L0C, kL0C, kL0C + 512, 0, false);
  ASSERT_TRUE(early.violation());
  EXPECT_EQ(early.violation()->kind, SyncViolation::UnitOrder);
  EXPECT_EQ(early.violation()->site, 1);
  EXPECT_FALSE(early.violation()->write);

  // Two tiles into one L0C with no Fixpipe between: the second Mmad's
  // blocks are still ready (unread), block 1 (bytes 512..1023) first met.
  FlagModel twice(8, L0C);
  twice.instruction(0, M, 3);
  twice.access(L0C, kL0C + 512, kL0C + 1024, 512, true);
  twice.instruction(1, M, 3);
  twice.access(L0C, kL0C + 512, kL0C + 1024, 512, true);
  ASSERT_TRUE(twice.violation());
  EXPECT_EQ(twice.violation()->kind, SyncViolation::UnitOrder);
  EXPECT_TRUE(twice.violation()->write);
  EXPECT_EQ(twice.violation()->otherSite, 0);
  EXPECT_EQ(twice.violation()->relLo, 512);
  EXPECT_EQ(twice.violation()->relHi, 1024);

  // Without unitFlag on the Fixpipe nothing orders it after the Mmad.
  FlagModel plain(8, L0C);
  plain.instruction(0, M, 3);
  plain.access(L0C, kL0C, kL0C + 512, 0, true);
  plain.instruction(1, FIX, 0);
  plain.access(L0C, kL0C, kL0C + 512, 0, false);
  ASSERT_TRUE(plain.violation());
  EXPECT_EQ(plain.violation()->kind, SyncViolation::Unordered);
}
