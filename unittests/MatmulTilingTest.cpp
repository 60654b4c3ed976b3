//===- MatmulTilingTest.cpp - Tile sizes of a matmul ----------------------===//
//
// model::chooseMatmulTiling against hand-worked cases: the Ascend template
// library's A2 f16 anchor (issue: 128 x 256 output tiles, 1.61 GB GM -> L1
// for 4096^3), capacities (§1), alignment (§2) and tails.
//
//===----------------------------------------------------------------------===//

#include "ascube/Tiling/MatmulTiling.h"

#include "gtest/gtest.h"

using namespace ascube::model;

namespace {
// Atlas A2 (§1): L1 512 KiB, L0A/L0B 64 KiB, L0C 128 KiB.
const MatmulCapacities kA2{512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024};
// Kirin 9030-like smaller L0 (a 32 KiB L0C).
const MatmulCapacities kSmall{256 * 1024, 32 * 1024, 32 * 1024, 32 * 1024};

MatmulProblem problem(int64_t m, int64_t n, int64_t k, int64_t ab = 16,
                      int64_t cb = 32) {
  MatmulProblem p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.aBits = p.bBits = ab;
  p.cBits = cb;
  return p;
}
} // namespace

// The anchor: 128 x 256 f16 tiles read A 4096/256 = 16 times and B
// 4096/128 = 32 times: 48 * 4096 * 4096 * 2 B = 1,610,612,736 B.
TEST(MatmulTiling, A2AnchorTraffic) {
  MatmulProblem p = problem(4096, 4096, 4096);
  MatmulTiling catlass{128, 256, 256};
  EXPECT_EQ(catlass.gmToL1Bytes(p), 1610612736);
  auto t = chooseMatmulTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_LE(t->gmToL1Bytes(p), catlass.gmToL1Bytes(p));
  // The output tile fills L0C at most: m x n x 4 B <= 128 KiB.
  EXPECT_LE(t->m * t->n * 4, 128 * 1024);
  // Two K chunks of each operand fit L0A, L0B and L1.
  EXPECT_LE(2 * t->m * t->k * 2, 64 * 1024);
  EXPECT_LE(2 * t->k * t->n * 2, 64 * 1024);
  EXPECT_LE(2 * (t->m + t->n) * t->k * 2, 512 * 1024);
}

// A problem smaller than a tile is one tile, rounded up to the fractal:
// 30 x 40 x 70 f16 -> 32 x 48 output, K 80 in one chunk; traffic is A and
// B read once.
TEST(MatmulTiling, SmallProblemIsOneTile) {
  MatmulProblem p = problem(30, 40, 70);
  auto t = chooseMatmulTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->m, 32);
  EXPECT_EQ(t->n, 48);
  EXPECT_EQ(t->k, 80);
  EXPECT_EQ(t->gmToL1Bytes(p), 30 * 70 * 2 + 70 * 40 * 2);
}

// Alignment (§2): int8 has C0 = 32, so n and k are multiples of 32; f32
// (C0 = 8) keeps 16.
TEST(MatmulTiling, Alignment) {
  MatmulAlignment i8 = MatmulAlignment::of(problem(1, 1, 1, 8));
  EXPECT_EQ(i8.m, 16);
  EXPECT_EQ(i8.n, 32);
  EXPECT_EQ(i8.k, 32);
  MatmulAlignment f32 = MatmulAlignment::of(problem(1, 1, 1, 32));
  EXPECT_EQ(f32.n, 16);
  EXPECT_EQ(f32.k, 16);
  for (int64_t m : {1, 17, 300})
    for (int64_t n : {1, 33, 1000})
      for (int64_t k : {1, 63, 5000}) {
        auto t = chooseMatmulTiling(problem(m, n, k, 8), kA2);
        ASSERT_TRUE(t);
        EXPECT_EQ(t->m % 16, 0);
        EXPECT_EQ(t->n % 32, 0);
        EXPECT_EQ(t->k % 32, 0);
      }
}

// A smaller L0C gives smaller output tiles and more traffic: 32 KiB of f32
// holds at most 8192 elements (e.g. 64 x 128).
TEST(MatmulTiling, SmallerL0C) {
  MatmulProblem p = problem(1024, 1024, 1024, 16, 16);
  auto t = chooseMatmulTiling(p, kSmall);
  ASSERT_TRUE(t);
  EXPECT_LE(t->m * t->n * 2, 32 * 1024);
  auto big = chooseMatmulTiling(p, kA2);
  ASSERT_TRUE(big);
  EXPECT_GE(t->gmToL1Bytes(p), big->gmToL1Bytes(p));
}

// Equal traffic, fewer tails: 512^3 f16 on A2 is read 3 + 3 times (x 512 x
// 512 x 2 B = 3,145,728 B) in 176 x 176 tiles (L0C 123,904 B; k 80) and 2 +
// 4 times in 128 x 256 tiles (L0C 131,072 B, the whole of it; k 64): the
// same bytes. 176 leaves tails in M, N and K (512 = 2 x 176 + 160 = 6 x 80
// + 32), 128 x 256 x 64 none, so it is taken (before the larger k): one
// shape of each instruction instead of 2 x 2 x 2.
TEST(MatmulTiling, FewerTailsAmongEqualTraffic) {
  MatmulProblem p = problem(512, 512, 512);
  EXPECT_EQ((MatmulTiling{176, 176, 80}.gmToL1Bytes(p)), 3145728);
  EXPECT_EQ((MatmulTiling{128, 256, 64}.gmToL1Bytes(p)), 3145728);
  auto t = chooseMatmulTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->m, 128);
  EXPECT_EQ(t->n, 256);
  EXPECT_EQ(t->k, 64);
}

// Tile counts with tails: 1000 = 3 x 256 + 232.
TEST(MatmulTiling, TailCounts) {
  MatmulProblem p = problem(1000, 1000, 1000);
  MatmulTiling t{128, 256, 64};
  EXPECT_EQ(t.tilesM(p), 8);
  EXPECT_EQ(t.tilesN(p), 4);
  EXPECT_EQ(t.chunksK(p), 16);
  EXPECT_FALSE(chooseMatmulTiling(problem(0, 4, 4), kA2));
}

// A bias through BT (A2: 1 KiB): an N tile's f32 bias must fit, so n <=
// 256 columns; and its 16 x n staging in L1 (16 KiB for n = 256) leaves
// less room for the chunks.
TEST(MatmulTiling, BiasBoundsN) {
  MatmulProblem p = problem(64, 4096, 64);
  MatmulCapacities cap = kA2;
  cap.bt = 1024;
  auto plain = chooseMatmulTiling(p, cap);
  ASSERT_TRUE(plain);
  EXPECT_GT(plain->n, 256);
  p.biasBits = 32;
  auto t = chooseMatmulTiling(p, cap);
  ASSERT_TRUE(t);
  EXPECT_LE(t->n, 256);
  EXPECT_TRUE(fitsMatmulTiling(p, cap, *t));
  EXPECT_FALSE(fitsMatmulTiling(p, cap, MatmulTiling{16, 272, 16}));
  EXPECT_TRUE(fitsMatmulTiling(p, cap, MatmulTiling{16, 256, 16}));
  // No bias table: no bias tile fits.
  cap.bt = 0;
  EXPECT_FALSE(chooseMatmulTiling(p, cap));
}

// Sizes far beyond any GM: the traffic saturates at INT64_MAX instead of
// wrapping around, and tiles beyond Mmad's m, n, k (4095) do not fit —
// refused before any byte count could overflow.
TEST(MatmulTiling, HugeSizesSaturateAndDoNotFit) {
  MatmulProblem p = problem(int64_t(1) << 40, int64_t(1) << 40, 1 << 20);
  EXPECT_EQ((MatmulTiling{16, 16, 16}.gmToL1Bytes(p)), INT64_MAX);
  EXPECT_FALSE(fitsMatmulTiling(p, kA2, MatmulTiling{4096, 16, 16}));
  EXPECT_FALSE(fitsMatmulTiling(
      p, kA2, MatmulTiling{int64_t(1) << 62, int64_t(1) << 62, 16}));
  EXPECT_EQ(MatmulTiling::satMul(INT64_MAX, 2), INT64_MAX);
  EXPECT_EQ(MatmulTiling::satAdd(INT64_MAX, 1), INT64_MAX);
  EXPECT_EQ(MatmulTiling::satMul(3, 5), 15);
}

// 4-bit floats through MmadMx (950, §15): C0 = 64, so n (B held K x N: its
// 64 x 64 squares) and k are whole 64s. The unit scales of one chunk, k/32
// e8m0 per row of A and column of B, take L1 room once: m = 16, n = 64,
// k = 64 reads 2 x (16 + 64) = 160 B of them (plus 1 KiB of alignment);
// two chunks are 2 x (16 + 64) x 64 x 4 bits = 5120 B, so an L1 of 6000 B
// holds the chunks alone but not with the scales (6304 B).
TEST(MatmulTiling, MxUnitScales) {
  MatmulProblem p = problem(16, 64, 64, 4);
  p.mx = true;
  MatmulAlignment al = MatmulAlignment::of(p);
  EXPECT_EQ(al.m, 16);
  EXPECT_EQ(al.n, 64);
  EXPECT_EQ(al.k, 64);
  EXPECT_TRUE(p.bInSquares());
  EXPECT_EQ(p.bSquare(), 64);
  EXPECT_EQ(p.mxScaleBytes(16, 64, 64), 160);
  EXPECT_EQ(p.mxScaleBytes(30, 40, 100), 4 * (32 + 48));
  MatmulCapacities cap{6000, 64 * 1024, 64 * 1024, 128 * 1024};
  MatmulTiling t{16, 64, 64};
  EXPECT_FALSE(fitsMatmulTiling(p, cap, t));
  EXPECT_FALSE(chooseMatmulTiling(p, cap));
  cap.l1 = 6304;
  EXPECT_TRUE(fitsMatmulTiling(p, cap, t));
  p.mx = false;
  cap.l1 = 6000;
  EXPECT_TRUE(fitsMatmulTiling(p, cap, t));
  // Every tile chosen for MX fits with its scales.
  p.mx = true;
  for (int64_t m : {1, 100, 1000})
    for (int64_t n : {2, 130, 2000})
      for (int64_t k : {2, 64, 3000}) {
        MatmulProblem q = problem(m, n, k, 4);
        q.mx = true;
        auto c = chooseMatmulTiling(q, kA2);
        ASSERT_TRUE(c);
        EXPECT_EQ(c->k % 64, 0);
        EXPECT_EQ(c->n % 64, 0);
        EXPECT_TRUE(fitsMatmulTiling(q, kA2, *c));
      }
}

// An NCHW convolution as a GEMM whose B (X^T) is built by ND2NZ
// (TileConvNd.cpp): n in whole output rows (nUnit), k in whole channels
// of KH x KW im2col rows (kUnit) instead of whole 16s, the buffers still
// whole fractals. The hand-worked case of tile-linalg-conv-nchw-nd2nz.mlir:
// F = 24, six output rows of 16 columns, K = 20 x 9 = 180 on A2. The whole
// problem is one output tile (32 x 96); chunks of 17 channels (153 rows,
// buffers of 160: 2 x 160 x 96 x 2 B = 61440 B of L0B) fit, 18 (162 rows,
// 176: 67584 B) do not.
TEST(MatmulTiling, ConvUnits) {
  MatmulProblem p = problem(24, 96, 180);
  p.nUnit = 16;
  p.kUnit = 9;
  MatmulAlignment al = MatmulAlignment::of(p);
  EXPECT_EQ(al.n, 16);
  EXPECT_EQ(al.k, 9);
  EXPECT_EQ(al.kPad, 16);
  auto t = chooseMatmulTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->m, 32);
  EXPECT_EQ(t->n, 96);
  EXPECT_EQ(t->k, 153);
  EXPECT_TRUE(fitsMatmulTiling(p, kA2, MatmulTiling{32, 96, 153}));
  EXPECT_FALSE(fitsMatmulTiling(p, kA2, MatmulTiling{32, 96, 162}));
  // Rows of 48 columns: n tiles whole rows.
  p.nUnit = 48;
  p.n = 6 * 48;
  EXPECT_EQ(MatmulAlignment::of(p).n, 48);
  t = chooseMatmulTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->n % 48, 0);
  EXPECT_EQ(t->k % 9, 0);
  // A 7 x 7 int8 kernel over 3 channels (K = 147): a chunk of whole 49s
  // (not of lcm(32, 49) = 1568 rows, ten times K), here all three
  // channels in one chunk of 147 rows (buffers of 160).
  MatmulProblem q = problem(64, 128, 147, 8);
  q.nUnit = 32;
  q.kUnit = 49;
  t = chooseMatmulTiling(q, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->k, 147);
  EXPECT_EQ(MatmulAlignment::of(q).kPad, 32);
}

// An NCHW convolution with a stride along W (TileConvNd.cpp, pixel rows):
// B^T held N x K with one row per output pixel, so n tiles are whole rows
// of OW = 7 pixels (nUnit), not whole 16s — but their buffers are whole
// fractals of n (nPad 16), which the fit counts: 14 pixels take 16 rows
// (L0B 2 x 1024 x 16 x 2 B = 64 KiB: fits A2), 21 take 32 (2 x 768 x 32 x
// 2 B = 96 KiB: does not, though 21 unpadded rows would, 63 KiB).
TEST(MatmulTiling, PixelRowUnits) {
  MatmulProblem p = problem(16, 7 * 9, 32 * 64);
  p.transB = true;
  p.nUnit = 7;
  p.kUnit = 32;
  MatmulAlignment al = MatmulAlignment::of(p);
  EXPECT_EQ(al.n, 7);
  EXPECT_EQ(al.nPad, 16);
  EXPECT_EQ(al.k, 32);
  EXPECT_TRUE(fitsMatmulTiling(p, kA2, MatmulTiling{16, 14, 1024}));
  EXPECT_FALSE(fitsMatmulTiling(p, kA2, MatmulTiling{16, 21, 768}));
  auto t = chooseMatmulTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->n % 7, 0);
  EXPECT_EQ(t->k % 32, 0);
  EXPECT_TRUE(fitsMatmulTiling(p, kA2, *t));
}

// An NHWC convolution on Kirin 9030 (TileConvNd.cpp, "NHWC without LoadData
// 3D"): A held one row per output pixel, so m tiles are whole rows of OW =
// 5 pixels (mUnit), not whole 16s — but their buffers are whole fractals
// of m (mPad 16), which the fit counts. With a 32 KiB L0A: 15 pixels (16
// rows) x k = 512 take 2 x 16 x 512 x 2 B = 32 KiB (fits); 20 pixels x k
// = 384 take 32 rows, 2 x 32 x 384 x 2 B = 48 KiB (does not, though 20
// unpadded rows would, 30 KiB); 20 x 256 take 32 KiB (fits).
TEST(MatmulTiling, PixelUnitsAlongM) {
  MatmulProblem p = problem(5 * 8, 16, 16 * 64, 16, 16);
  p.mUnit = 5;
  p.kUnit = 16;
  MatmulAlignment al = MatmulAlignment::of(p);
  EXPECT_EQ(al.m, 5);
  EXPECT_EQ(al.mPad, 16);
  EXPECT_TRUE(fitsMatmulTiling(p, kSmall, MatmulTiling{15, 16, 512}));
  EXPECT_FALSE(fitsMatmulTiling(p, kSmall, MatmulTiling{20, 16, 384}));
  EXPECT_TRUE(fitsMatmulTiling(p, kSmall, MatmulTiling{20, 16, 256}));
  auto t = chooseMatmulTiling(p, kSmall);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->m % 5, 0);
  EXPECT_LE(t->m, 40);
  EXPECT_EQ(t->k % 16, 0);
  EXPECT_TRUE(fitsMatmulTiling(p, kSmall, *t));
}

// Where the buffers lie (the plan the mapped program follows and the fit
// counts), hand-worked. f16 128 x 256 x 64: A's chunk 128 x 64 x 2 B =
// 16384 B, B's 64 x 256 x 2 B = 32768 B after it, a set 49152 B; L0A
// 16384 B and L0B 32768 B a set; the footprint two sets of each. An f32 C
// with a bias row of f32: its staging is 16 x 256 x 4 B = 16384 B at the
// top of L1, 512 B aligned (524288 - 16384 = 507904), the footprint
// counting it and 1 KiB: 98304 + 16384 + 1024 = 115712 B of L1.
TEST(MatmulTiling, BufferPlan) {
  MatmulProblem p = problem(4096, 4096, 4096);
  MatmulTiling t{128, 256, 64};
  MatmulBuffers b = matmulBuffers(p, t);
  EXPECT_EQ(b.l1B, 16384);
  EXPECT_EQ(b.l1Set, 49152);
  EXPECT_EQ(b.l0aSet, 16384);
  EXPECT_EQ(b.l0bSet, 32768);
  EXPECT_EQ(b.sets, 2);
  EXPECT_EQ(b.scaleBytes, 0);
  p.biasBits = 32;
  MatmulFootprint f = matmulFootprint(p, t);
  EXPECT_EQ(f.l0a, 32768);
  EXPECT_EQ(f.l0b, 65536);
  EXPECT_EQ(f.l0c, 128 * 256 * 4);
  EXPECT_EQ(f.l1, 115712);
  EXPECT_EQ(biasStagingOffset(512 * 1024, 256, 32), 507904);
  // 100 f32 columns: 6400 B below 524288 is 517888 = 1011.5 x 512, down
  // to 1011 x 512.
  EXPECT_EQ(biasStagingOffset(512 * 1024, 100, 32), 1011 * 512);
  // A tile of 20 rows (A held transposed in 8-bit: 32 x 32 squares) and
  // k = 40 of 8-bit B: whole squares of A (32 x 64 B = 2048 B), B's 64 x
  // 32 Nz (2048 B).
  MatmulProblem q = problem(20, 20, 40, 8);
  q.transA = true;
  b = matmulBuffers(q, MatmulTiling{32, 32, 64});
  EXPECT_EQ(b.l1B, 2048);
  EXPECT_EQ(b.l1Set, 4096);
  // MX m = 16, n = 64, k = 64: A's chunk 16 x 64 x 4 bits = 512 B, B's
  // 64 x 64 x 4 bits = 2048 B; the scales after the two sets (5120 B):
  // ScaleA 16 x 2 = 32 B and ScaleB 2 x 64 = 128 B, each in 512 B.
  MatmulProblem mx = problem(16, 64, 64, 4);
  mx.mx = true;
  b = matmulBuffers(mx, MatmulTiling{16, 64, 64});
  EXPECT_EQ(b.l1B, 512);
  EXPECT_EQ(b.l1Set, 2560);
  EXPECT_EQ(b.scaleOffset, 5120);
  EXPECT_EQ(b.scaleABytes, 512);
  EXPECT_EQ(b.scaleBytes, 1024);
  // Each buffer takes its own padding: f32 chunks of k = 3 (an NCHW
  // convolution's 1 x 3 kernel, tile-linalg-conv-nchw-nd2nz.mlir): A's
  // 16 x 3 Nz is one 16 x 8 fractal (512 B); B's 3 x 512 K x N Nz 16 rows
  // of 512 (32768 B) from 512. The footprint pads K to 16 for both.
  MatmulProblem f32 = problem(16, 2048, 3, 32, 32);
  f32.kUnit = 3;
  b = matmulBuffers(f32, MatmulTiling{16, 512, 3});
  EXPECT_EQ(b.l1B, 512);
  EXPECT_EQ(b.l1Set, 512 + 32768);
  EXPECT_EQ(b.l0aSet, 512);
  EXPECT_EQ(b.l0bSet, 8 * 512 * 4);
  EXPECT_EQ(matmulFootprint(f32, MatmulTiling{16, 512, 3}).l1,
            2 * (16 + 512) * 16 * 4);
  // L1 chunks of three K steps (k_l1 = 96) of a 32 x 32 tile, k = 32, f16,
  // B held N x K: A's 32 x 96 Nz chunk 6144 B, B^T's after it, a set 12288
  // B; L0A and L0B sets of one 32 x 32 step, 2048 B. The footprint: two
  // L1 sets of (32 + 32) x 96 x 2 B = 24576 B.
  MatmulProblem bt = problem(32, 32, 200);
  bt.transB = true;
  MatmulTiling steps{32, 32, 32, 96};
  EXPECT_EQ(steps.l1K(), 96);
  b = matmulBuffers(bt, steps);
  EXPECT_EQ(b.l1B, 6144);
  EXPECT_EQ(b.l1Set, 12288);
  EXPECT_EQ(b.l0aSet, 2048);
  EXPECT_EQ(b.l0bSet, 2048);
  EXPECT_EQ(matmulFootprint(bt, steps).l1, 24576);
  EXPECT_EQ(matmulFootprint(bt, steps).l0a, 4096);
  // k_l1 = k (or 0) is one step a chunk.
  EXPECT_EQ((MatmulTiling{32, 32, 32, 32}).l1K(), 32);
  EXPECT_EQ((MatmulTiling{32, 32, 32}).l1K(), 32);
}

// What a tiling is counted for is never less than what its buffers take
// (with a bias, its staging at the top of L1 too): for the rule's tilings
// and for every aligned tiling a user may set that fits, with and without
// a bias and the units of the convolutions' GEMMs.
TEST(MatmulTiling, FootprintCoversBufferPlan) {
  auto covers = [](const MatmulProblem &p, const MatmulTiling &t,
                   const MatmulCapacities &cap) {
    MatmulBuffers b = matmulBuffers(p, t);
    MatmulFootprint f = matmulFootprint(p, t);
    EXPECT_LE(b.sets * b.l0aSet, f.l0a);
    EXPECT_LE(b.sets * b.l0bSet, f.l0b);
    EXPECT_LE(b.sets * b.l1Set + b.scaleBytes, f.l1);
    if (p.biasBits) {
      EXPECT_LE(b.sets * b.l1Set + b.scaleBytes,
                biasStagingOffset(cap.l1, p.bCols(t.n), p.biasBits));
    }
  };
  for (int64_t bits : {4, 8, 16, 32})
    for (bool ta : {false, true})
      for (bool tb : {false, true})
        for (int64_t bias : {0, 32})
          for (int64_t m : {1, 20, 100})
            for (int64_t n : {3, 40, 300})
              for (int64_t k : {5, 70, 1000}) {
                MatmulProblem p = problem(m, n, k, bits);
                p.transA = ta;
                p.transB = tb;
                p.mx = bits == 4;
                p.kAlign16 = ta && bits == 32;
                p.biasBits = bias;
                // A2 with its 1 KiB bias table.
                MatmulCapacities cap = kA2;
                cap.bt = 1024;
                auto t = chooseMatmulTiling(p, cap);
                ASSERT_TRUE(t);
                covers(p, *t, cap);
                // Every aligned tiling that fits, up to the rule's sizes.
                MatmulAlignment al = MatmulAlignment::of(p);
                for (int64_t tm = al.m; tm <= t->m; tm += al.m)
                  for (int64_t tn = al.n; tn <= t->n; tn += 4 * al.n)
                    for (int64_t tk = al.k; tk <= t->k; tk += 3 * al.k) {
                      if (fitsMatmulTiling(p, cap, {tm, tn, tk}))
                        covers(p, {tm, tn, tk}, cap);
                      // L1 chunks of 2 and 3 K steps (k_l1).
                      for (int64_t steps : {2, 3})
                        if (MatmulTiling s{tm, tn, tk, steps * tk};
                            fitsMatmulTiling(p, cap, s))
                          covers(p, s, cap);
                    }
              }
  // The units of the convolutions' GEMMs: whole output rows of 5 and 7
  // pixels, whole channels of 9 im2col rows.
  for (int64_t bias : {0, 32}) {
    MatmulProblem p = problem(40, 70, 90, 16);
    p.mUnit = 5;
    p.nUnit = 7;
    p.kUnit = 9;
    p.biasBits = bias;
    for (int64_t tm = 5; tm <= 40; tm += 5)
      for (int64_t tn = 7; tn <= 70; tn += 7)
        for (int64_t tk = 9; tk <= 90; tk += 9)
          if (MatmulCapacities cap{kSmall.l1, kSmall.l0a, kSmall.l0b,
                                   kSmall.l0c, 1024};
              fitsMatmulTiling(p, cap, {tm, tn, tk}))
            covers(p, {tm, tn, tk}, cap);
  }
}

// The candidates objective=time times: the least-traffic tiling first, no
// duplicate, each fitting; sizes from 64 up (or the whole dimension); k_l1
// only for A held M x K with B held N x K.
TEST(MatmulTiling, TimeCandidates) {
  MatmulProblem p;
  p.m = p.n = p.k = 4096;
  std::vector<MatmulTiling> c = matmulCandidates(p, kA2);
  ASSERT_FALSE(c.empty());
  std::optional<MatmulTiling> rule = chooseMatmulTiling(p, kA2);
  ASSERT_TRUE(rule);
  EXPECT_EQ(c[0].m, rule->m);
  EXPECT_EQ(c[0].n, rule->n);
  EXPECT_EQ(c[0].k, rule->k);
  for (size_t i = 0; i < c.size(); ++i) {
    EXPECT_TRUE(fitsMatmulTiling(p, kA2, c[i]));
    EXPECT_EQ(c[i].kL1, 0) << "B held K x N takes no k_l1";
    for (size_t j = 0; j < i; ++j)
      EXPECT_FALSE(c[i].m == c[j].m && c[i].n == c[j].n && c[i].k == c[j].k);
  }
  // 128 x 256 (pto-isa's tile: L0C 128 x 256 x 4 B = 128 KiB) with the
  // largest k both L0A (2 x 128 x k x 2 B) and L0B (2 x k x 256 x 2 B)
  // hold: 64.
  auto has = [&](int64_t m, int64_t n, int64_t k, int64_t kL1) {
    for (const MatmulTiling &t : c)
      if (t.m == m && t.n == n && t.k == k && t.kL1 == kL1)
        return true;
    return false;
  };
  EXPECT_TRUE(has(128, 256, 64, 0));
  EXPECT_FALSE(has(32, 32, 256, 0)) << "below 64 where the dimension is 4096";
  // B held N x K: L1 chunks of 2 and 4 steps where L1 holds two of them
  // (2 x (128 + 256) x 256 x 2 B = 384 KiB of 512 KiB).
  p.transB = true;
  c = matmulCandidates(p, kA2);
  EXPECT_TRUE(has(128, 256, 64, 128));
  EXPECT_TRUE(has(128, 256, 64, 256));
  for (const MatmulTiling &t : c)
    EXPECT_TRUE(fitsMatmulTiling(p, kA2, t));
  // A GEMV row: m is the one fractal row; with 64 columns L0B holds two K
  // chunks of 256 (2 x 256 x 64 x 2 B = 64 KiB).
  MatmulProblem g;
  g.m = 1;
  g.n = 1024;
  g.k = 512;
  c = matmulCandidates(g, kA2);
  for (const MatmulTiling &t : c)
    EXPECT_EQ(t.m, 16);
  EXPECT_TRUE(has(16, 64, 256, 0));
}

// Split-K (docs/Tiling.md "Split-K"), worked by hand: 128 x 128 x 4096
// f16 -> f32 at 64 x 64 x 256 has K in 16 chunks; 4 parts of 4 chunks
// (1024 of K each); 6 parts would be of 3 chunks, which make 6 parts
// (3 x 5 + 1); 5 of 4 chunks make only 4. Its reduction: the f32 part
// tile 64 x 64 x 4 B = 16 KiB, the identity at 16 KiB, a set 17 KiB; a
// 16-column slice 64 x 16 x 4 B = 4 KiB of L0A; the identity 1 KiB of L0B.
// GM traffic adds the parts' partial sums (4 x 128 x 128 x 4 B) and a
// 1 KiB identity per part and tile (4 x 4).
TEST(MatmulTiling, SplitK) {
  MatmulProblem p;
  p.m = p.n = 128;
  p.k = 4096;
  p.cBits = 32;
  MatmulTiling t{64, 64, 256};
  t.splitK = 4;
  EXPECT_EQ(t.partK(p), 1024);
  EXPECT_EQ(t.parts(p), 4);
  t.splitK = 6;
  EXPECT_EQ(t.partK(p), 768);
  EXPECT_EQ(t.parts(p), 6);
  t.splitK = 5;
  EXPECT_EQ(t.parts(p), 4);
  t.splitK = 4;
  SplitKBuffers b = splitKBuffers(p, t);
  EXPECT_EQ(b.l1Identity, 16384);
  EXPECT_EQ(b.l1Set, 17408);
  EXPECT_EQ(b.l0aSet, 4096);
  EXPECT_EQ(b.l0bSet, 1024);
  EXPECT_TRUE(fitsSplitKReduction(p, kA2, t));
  MatmulTiling whole{64, 64, 256};
  EXPECT_EQ(t.gmToL1Bytes(p) - whole.gmToL1Bytes(p),
            4 * 128 * 128 * 4 + 16 * 1024);
  // Rows of 2048 f32 (a 1024 x 64 tile: 256 KiB a set) leave no room for
  // two sets in A2's 512 KiB L1.
  MatmulTiling tall{1024, 64, 16};
  tall.splitK = 2;
  EXPECT_FALSE(fitsSplitKReduction(p, kA2, tall));
  // Candidates on 24 blocks: the rule's tile (one tile) split into the
  // parts each S = 2 .. 24 makes — 2, 4, 8, 16 among them, never 24 (16,
  // 32 or 64 chunks of K: no part size makes 24 parts); at 64 x 64 (4
  // tiles, 16 chunks) S = 5 makes 4 parts and S = 6 six; none without
  // blocks, none for an MX problem.
  auto has = [](const std::vector<MatmulTiling> &c, int64_t m, int64_t n,
                int64_t s) {
    for (const MatmulTiling &x : c)
      if (x.m == m && x.n == n && x.splitK == s)
        return true;
    return false;
  };
  std::vector<MatmulTiling> c = matmulCandidates(p, kA2, 24);
  std::optional<MatmulTiling> rule = chooseMatmulTiling(p, kA2);
  ASSERT_TRUE(rule);
  for (int64_t s : {2, 4, 8, 16})
    EXPECT_TRUE(has(c, rule->m, rule->n, s)) << s;
  EXPECT_FALSE(has(c, rule->m, rule->n, 24));
  EXPECT_TRUE(has(c, 64, 64, 2));
  EXPECT_TRUE(has(c, 64, 64, 6)) << "24 blocks / 4 tiles";
  EXPECT_FALSE(has(c, 64, 64, 5)) << "5 parts of 16 chunks are 4";
  EXPECT_FALSE(has(c, 64, 64, 8)) << "4 tiles x 8 parts > 24 blocks";
  for (const MatmulTiling &x : c) {
    if (x.splitK) {
      EXPECT_EQ(x.parts(p), x.splitK);
    }
  }
  for (const MatmulTiling &x : matmulCandidates(p, kA2))
    EXPECT_EQ(x.splitK, 0);
  p.mx = true;
  for (const MatmulTiling &x : matmulCandidates(p, kA2, 24))
    EXPECT_EQ(x.splitK, 0);
}
