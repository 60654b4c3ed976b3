//===- PipeTimelineTest.cpp - The pipes of one AI core in time ------------===//
//
// model::PipeTimeline against timelines worked by hand (cycles; flags take
// 1 cycle): one copy -> load -> Mmad -> Fixpipe chain, two K chunks on two
// buffer sets (overlap) against one (serial), a WaitFlag stalling its pipe,
// unitFlag's L0C hand-over, waits nothing releases; and the costs, GM
// sharing and rounds of blocks on AI cores.
//
//===----------------------------------------------------------------------===//

#include "ascube/Model/PipeTimeline.h"

#include "gtest/gtest.h"

using namespace ascube::model;

namespace {
// ascube::Pipe's numbers (FlagModel.h).
constexpr unsigned S = 0, M = 2, MTE1 = 3, MTE2 = 4, FIX = 6, ALL = 7;

void expectSpan(TimedSpan s, double start, double end) {
  EXPECT_DOUBLE_EQ(s.start, start);
  EXPECT_DOUBLE_EQ(s.end, end);
}
} // namespace

// copy (MTE2, 100) -> load (MTE1, 50) -> Mmad (M, 30) -> Fixpipe (FIX, 40),
// each hand-over a SetFlag on the producer and a WaitFlag on the consumer:
// copy [0, 100), set [100, 101), wait [101, 102), load [102, 152), set
// [152, 153), wait [153, 154), Mmad [154, 184), set [184, 185), wait
// [185, 186), Fixpipe [186, 226).
TEST(PipeTimeline, Chain) {
  PipeTimeline t;
  expectSpan(t.run(MTE2, 100), 0, 100);
  expectSpan(t.setFlag(MTE2, MTE1, 0), 100, 101);
  expectSpan(t.waitFlag(MTE2, MTE1, 0).value(), 101, 102);
  expectSpan(t.run(MTE1, 50), 102, 152);
  expectSpan(t.setFlag(MTE1, M, 0), 152, 153);
  expectSpan(t.waitFlag(MTE1, M, 0).value(), 153, 154);
  expectSpan(t.run(M, 30), 154, 184);
  expectSpan(t.setFlag(M, FIX, 0), 184, 185);
  expectSpan(t.waitFlag(M, FIX, 0).value(), 185, 186);
  expectSpan(t.run(FIX, 40), 186, 226);
  EXPECT_DOUBLE_EQ(t.end(), 226);
  EXPECT_DOUBLE_EQ(t.busy(MTE2), 101);
  EXPECT_DOUBLE_EQ(t.busy(M), 32);
  EXPECT_TRUE(t.pendingFlags().empty());
}

// Two K chunks, each a copy (MTE2, 100) and a load (MTE1, 50), in program
// order copy0, [wait free e], copy1, load0, load1 as a double-buffered
// program issues them. The copy of chunk j waits for its buffer set's
// "free" flag (MTE1 -> MTE2, event j % sets), seeded at the start; the
// load waits for its copy's "ready" flag (MTE2 -> MTE1, event j % sets).
//
// Two sets: seeds on MTE1 [0, 1) and [1, 2); copy0 waits free0 (set at 1)
// [1, 2), runs [2, 102), sets ready0 [102, 103); copy1 waits free1 (set at
// 2) [103, 104), runs [104, 204), sets ready1 [204, 205); load0 waits
// ready0 (103): MTE1 is free at 2, so [103, 104), runs [104, 154), sets
// free0 [154, 155); load1 waits ready1 (205): [205, 206), runs [206, 256).
// The second copy overlaps the first load. End 256.
//
// One set: seed [0, 1); copy0 waits [1, 2), runs [2, 102), ready0 [102,
// 103); load0 waits [103, 104), runs [104, 154), frees [154, 155); copy1
// waits free0 (155) [155, 156), runs [156, 256), ready [256, 257); load1
// waits [257, 258), runs [258, 308). Serial: 308.
TEST(PipeTimeline, DoubleBufferingOverlaps) {
  PipeTimeline two;
  two.setFlag(MTE1, MTE2, 0);
  two.setFlag(MTE1, MTE2, 1);
  ASSERT_TRUE(two.waitFlag(MTE1, MTE2, 0));
  expectSpan(two.run(MTE2, 100), 2, 102);
  two.setFlag(MTE2, MTE1, 0);
  ASSERT_TRUE(two.waitFlag(MTE1, MTE2, 1));
  expectSpan(two.run(MTE2, 100), 104, 204);
  two.setFlag(MTE2, MTE1, 1);
  ASSERT_TRUE(two.waitFlag(MTE2, MTE1, 0));
  expectSpan(two.run(MTE1, 50), 104, 154);
  two.setFlag(MTE1, MTE2, 0);
  ASSERT_TRUE(two.waitFlag(MTE2, MTE1, 1));
  expectSpan(two.run(MTE1, 50), 206, 256);
  EXPECT_DOUBLE_EQ(two.end(), 256);

  PipeTimeline one;
  one.setFlag(MTE1, MTE2, 0);
  ASSERT_TRUE(one.waitFlag(MTE1, MTE2, 0));
  expectSpan(one.run(MTE2, 100), 2, 102);
  one.setFlag(MTE2, MTE1, 0);
  ASSERT_TRUE(one.waitFlag(MTE2, MTE1, 0));
  expectSpan(one.run(MTE1, 50), 104, 154);
  one.setFlag(MTE1, MTE2, 0);
  ASSERT_TRUE(one.waitFlag(MTE1, MTE2, 0));
  expectSpan(one.run(MTE2, 100), 156, 256);
  one.setFlag(MTE2, MTE1, 0);
  ASSERT_TRUE(one.waitFlag(MTE2, MTE1, 0));
  expectSpan(one.run(MTE1, 50), 258, 308);
  EXPECT_DOUBLE_EQ(one.end(), 308);
  EXPECT_GT(one.end(), two.end());
}

// A WaitFlag holds its pipe, not the others: M waits for a set MTE1 makes
// after a long load (500); an M instruction after the wait starts then,
// while FIX, waiting for nothing, runs at once. A PipeBarrier<ALL> then
// holds every pipe until all have ended.
TEST(PipeTimeline, WaitStallsItsPipe) {
  PipeTimeline t;
  expectSpan(t.run(MTE1, 500), 0, 500);
  expectSpan(t.setFlag(MTE1, M, 3), 500, 501);
  expectSpan(t.waitFlag(MTE1, M, 3).value(), 501, 502);
  expectSpan(t.run(M, 10), 502, 512);
  expectSpan(t.run(FIX, 20), 0, 20);
  expectSpan(t.barrier(ALL), 512, 513);
  expectSpan(t.run(FIX, 20), 513, 533);
  // A barrier of one pipe is one instruction of it.
  expectSpan(t.barrier(M), 513, 514);
  EXPECT_DOUBLE_EQ(t.busy(S), 0);
}

// unitFlag (§13.3): an Mmad with unitFlag 3 over L0C bytes [0, 1024)
// (blocks 0 and 1) runs [0, 64) and makes both ready at 64; a Fixpipe with
// unitFlag 3 over [0, 512) starts then, [64, 104), and marks block 0 read
// at 104; the next Mmad over block 0 waits for that read: [104, 168) and
// makes it ready again. A Fixpipe with unitFlag 2 over block 1 (ready since
// 64) reads it without flipping: FIX is free at 104, [104, 109). Without
// unitFlag nothing waits.
TEST(PipeTimeline, UnitFlagHandOver) {
  PipeTimeline t;
  using Ranges = std::vector<std::pair<uint64_t, uint64_t>>;
  expectSpan(t.runUnit(M, 64, 3, Ranges{{0, 1024}}).value(), 0, 64);
  expectSpan(t.runUnit(FIX, 40, 3, Ranges{{0, 512}}).value(), 64, 104);
  expectSpan(t.runUnit(M, 64, 3, Ranges{{0, 512}}).value(), 104, 168);
  expectSpan(t.runUnit(FIX, 5, 2, Ranges{{512, 1024}}).value(), 104, 109);
  expectSpan(t.run(FIX, 5), 109, 114);
  // Runs with a gap count their blocks only: block 1 read again (at 119),
  // block 2 made ready (at 178); a Fixpipe over [0, 100) and [1024, 1100)
  // reads blocks 0 and 2 (ready) and not block 1: [178, 183).
  expectSpan(t.runUnit(FIX, 5, 3, Ranges{{512, 600}}).value(), 114, 119);
  expectSpan(t.runUnit(M, 10, 3, Ranges{{1024, 1100}}).value(), 168, 178);
  expectSpan(t.runUnit(FIX, 5, 3, Ranges{{0, 100}, {1024, 1100}}).value(), 178,
             183);
}

// A unitFlag wait only a later instruction could release (sync_c8 under
// --check-sync): a Fixpipe over a block no Mmad made ready, an Mmad over a
// block made ready and not read since. Nothing runs.
TEST(PipeTimeline, UnitFlagNeverReleased) {
  PipeTimeline t;
  using Ranges = std::vector<std::pair<uint64_t, uint64_t>>;
  EXPECT_FALSE(t.runUnit(FIX, 40, 3, Ranges{{0, 512}}));
  EXPECT_DOUBLE_EQ(t.end(), 0);
  ASSERT_TRUE(t.runUnit(M, 64, 3, Ranges{{0, 512}}));
  EXPECT_FALSE(t.runUnit(M, 64, 3, Ranges{{256, 768}}));
  EXPECT_DOUBLE_EQ(t.end(), 64);
}

// A wait nothing set before it in program order never ends (sync_c6 under
// --check-sync): the timeline says so and runs nothing; a set left pending
// is listed. reset() starts a new block.
TEST(PipeTimeline, WaitWithoutSet) {
  PipeTimeline t;
  EXPECT_FALSE(t.waitFlag(MTE2, MTE1, 0));
  EXPECT_DOUBLE_EQ(t.end(), 0);
  t.setFlag(MTE2, MTE1, 1);
  EXPECT_FALSE(t.waitFlag(MTE2, MTE1, 0));
  ASSERT_EQ(t.pendingFlags().size(), 1u);
  EXPECT_EQ(std::get<2>(t.pendingFlags()[0]), 1);
  t.reset();
  EXPECT_TRUE(t.pendingFlags().empty());
  EXPECT_DOUBLE_EQ(t.end(), 0);
}

// Costs: a 64 KiB copy over a path of head 20 and 128 B/cycle takes 20 +
// 512 cycles; an Mmad of 8 x 16 x 4 = 512 fractals at 1 cycle each and a
// head of 21, 533; a Fixpipe of 128 rows of 1024 B at 118 B/cycle (8.68
// a row, above the 4.45 minimum) with head 164, 164 + 128 x 1024/118; with
// one odd pass of 2.6 a row, 128 x 2.6 more; rows of 512 B (4.34) take the
// minimum.
TEST(PipeTimeline, Costs) {
  PipeCosts c;
  c.gmToL1 = {20, 128};
  EXPECT_DOUBLE_EQ(c.gmToL1.cycles(65536), 532);
  EXPECT_DOUBLE_EQ(c.l1ToL0A.cycles(1000), 0);
  c.mmadHead = 21;
  EXPECT_DOUBLE_EQ(c.mmadCycles(512, 1), 533);
  c.fixpipeHead = 164;
  c.fixpipeRowMin = 4.45;
  c.fixpipeRowBytesPerCycle = 118;
  c.fixpipeOddPass = 2.6;
  EXPECT_DOUBLE_EQ(c.fixpipeCycles(128, 1024, 0), 164 + 128 * 1024.0 / 118);
  EXPECT_DOUBLE_EQ(c.fixpipeCycles(128, 1024, 1),
                   164 + 128 * 1024.0 / 118 + 128 * 2.6);
  EXPECT_DOUBLE_EQ(c.fixpipeCycles(10, 512, 0), 164 + 10 * 4.45);
}

// Mmad fractals are 16 x 16 x C0, C0 = 32 B of A's elements: 30 x 70 x 40
// f16 (C0 16) is 2 x 5 x 3 = 30; i8 (C0 32) 2 x 3 x 3 = 18; f32 (C0 8) 2 x
// 9 x 3 = 54; 4-bit (C0 64) 2 x 2 x 3 = 12. Fixpipe passes: the odd part of
// the N fractals of 8 columns, less one: 40 columns (5) 4, 80 (10 -> 5) 4,
// 64 (8 -> 1) 0, 8 (1) 0, 24 (3) 2.
TEST(PipeTimeline, FractalsAndPasses) {
  EXPECT_EQ(PipeCosts::mmadFractals(30, 70, 40, 16), 30);
  EXPECT_EQ(PipeCosts::mmadFractals(30, 70, 40, 8), 18);
  EXPECT_EQ(PipeCosts::mmadFractals(30, 70, 40, 32), 54);
  EXPECT_EQ(PipeCosts::mmadFractals(30, 70, 40, 4), 12);
  EXPECT_EQ(PipeCosts::mmadFractals(0, 70, 40, 16), 0);
  EXPECT_EQ(PipeCosts::fixpipeOddPasses(40), 4);
  EXPECT_EQ(PipeCosts::fixpipeOddPasses(80), 4);
  EXPECT_EQ(PipeCosts::fixpipeOddPasses(64), 0);
  EXPECT_EQ(PipeCosts::fixpipeOddPasses(8), 0);
  EXPECT_EQ(PipeCosts::fixpipeOddPasses(24), 2);
}

// A flag set twice before one wait stays one bit: the first wait clears
// it (released at the first set's end) and a second wait finds nothing.
TEST(PipeTimeline, FlagSetTwice) {
  PipeTimeline t;
  expectSpan(t.setFlag(MTE2, MTE1, 0), 0, 1);
  expectSpan(t.setFlag(MTE2, MTE1, 0), 1, 2);
  EXPECT_FALSE(t.setTwice(MTE2, MTE1, 0));
  expectSpan(t.waitFlag(MTE2, MTE1, 0).value(), 1, 2);
  // The wait cleared a doubled set: the next wait finds nothing, and
  // says why.
  EXPECT_TRUE(t.setTwice(MTE2, MTE1, 0));
  EXPECT_FALSE(t.waitFlag(MTE2, MTE1, 0));
  // A new set forgets it.
  t.setFlag(MTE2, MTE1, 0);
  EXPECT_FALSE(t.setTwice(MTE2, MTE1, 0));
}

// L2: 30 blocks each reading the same 9800 B read 294000 B, of which the
// first 9800 miss (1/30). A footprint of 400 B over 1000 B of reads with
// an L2 of 100 B: 400 first reads miss, and of the 600 re-reads the 75 %
// that does not fit: 850 / 1000. Misses from HBM at 1000 B/cycle, hits
// from L2 at 5000: a fifth missing takes 1 / (0.2 / 1000 + 0.8 / 5000) =
// 2777.78 B/cycle.
TEST(PipeTimeline, L2MissesAndBandwidth) {
  EXPECT_NEAR(l2MissShare(9800, 294000, 192 << 20), 1.0 / 30, 1e-12);
  EXPECT_DOUBLE_EQ(l2MissShare(400, 1000, 100), 0.85);
  EXPECT_DOUBLE_EQ(l2MissShare(400, 1000, 0), 1);
  EXPECT_DOUBLE_EQ(l2MissShare(0, 0, 100), 1);
  EXPECT_NEAR(gmChipBandwidth(1000, 5000, 0.2), 2777.78, 0.01);
  EXPECT_DOUBLE_EQ(gmChipBandwidth(1000, 5000, 1), 1000);
  EXPECT_DOUBLE_EQ(gmChipBandwidth(1000, 5000, 0), 5000);
  EXPECT_DOUBLE_EQ(gmChipBandwidth(1000, 0, 0.2), 1000);
}

// GM shared by the cores reading it at once: 146 B/cycle a core, a chip of
// 1.8 TB/s at 1.85 GHz (972.97 B/cycle): 2 cores take 146 each, 24 cores
// 40.54 each. Blocks run in rounds: 5 blocks on 2 cores are rounds {0, 1},
// {2, 3}, {4}: max(100, 80) + max(90, 120) + 50 = 270.
TEST(PipeTimeline, SharedGmAndRounds) {
  double chip = 1.8e12 / 1.85e9;
  EXPECT_DOUBLE_EQ(sharedBandwidth(146, chip, 2), 146);
  EXPECT_NEAR(sharedBandwidth(146, chip, 24), 40.54, 0.01);
  EXPECT_DOUBLE_EQ(sharedBandwidth(146, 0, 24), 146);
  EXPECT_DOUBLE_EQ(kernelCycles({100, 80, 90, 120, 50}, 2), 270);
  EXPECT_DOUBLE_EQ(kernelCycles({100, 80, 90, 120, 50}, 24), 120);
  EXPECT_DOUBLE_EQ(kernelCycles({}, 24), 0);
  std::vector<double> starts = roundStarts({100, 80, 90, 120, 50}, 2);
  ASSERT_EQ(starts.size(), 4u);
  EXPECT_DOUBLE_EQ(starts[1], 100);
  EXPECT_DOUBLE_EQ(starts[2], 220);
  EXPECT_DOUBLE_EQ(starts[3], 270);
}
