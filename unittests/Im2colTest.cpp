//===- Im2colTest.cpp - The LoadData 3D model -----------------------------===//
//
// Expected values are hand-worked from cube-reference §10.3 or re-typed from
// the numpy reshapes of the reference model (load3d.py: move_to_l0a /
// move_to_l0b), never taken from the code under test.
//
//===----------------------------------------------------------------------===//

#include "ascube/Model/Im2col.h"

#include "gtest/gtest.h"

using namespace ascube::layout;
using namespace ascube::model;

namespace {

Im2colGeometry handWorked() {
  // 2 C0 groups of 16 channels, a 4 x 5 map, a 2 x 3 kernel, stride (1, 2),
  // dilation (2, 1), pads left 1, right 0, top 1, bottom 0.
  Im2colGeometry g;
  g.l1H = 4, g.l1W = 5, g.c1 = 2, g.c0 = 16;
  g.kernelH = 2, g.kernelW = 3;
  g.strideH = 1, g.strideW = 2, g.dilationH = 2, g.dilationW = 1;
  g.padLeft = 1, g.padTop = 1;
  return g;
}

TEST(Im2col, OutputExtents) {
  Im2colGeometry g = handWorked();
  // Hout = (4 + 1 - (1 * 2 + 1)) / 1 + 1 = 3; Wout = (5 + 1 - 3) / 2 + 1 = 2.
  EXPECT_EQ(g.hout(), 3);
  EXPECT_EQ(g.wout(), 2);
  EXPECT_EQ(g.rows(), 6);
  EXPECT_EQ(g.cols(), 2 * 2 * 3 * 16);
  // A dilated kernel larger than the padded map has no output.
  g.dilationH = 5;
  EXPECT_EQ(g.hout(), 0);
}

TEST(Im2col, SourceOfAnElement) {
  Im2colGeometry g = handWorked();
  IntMath m;
  // m = 3: oh = 1, ow = 1. k = ((c1 * 2 + kh) * 3 + kw) * 16 + c0 with
  // c1 = 1, kh = 1, kw = 2, c0 = 5: 181. ih = 1 + 2 - 1 = 2,
  // iw = 2 + 2 - 1 = 3; offset ((1 * 4 + 2) * 5 + 3) * 16 + 5 = 533.
  Im2colSource<int64_t> s = im2colSource(m, g, int64_t(3), int64_t(181));
  EXPECT_EQ(s.ih, 2);
  EXPECT_EQ(s.iw, 3);
  EXPECT_EQ(s.offset, 533);
  // X[0][0]: the kernel's top-left point sits on the padding.
  Im2colSource<int64_t> p = im2colSource(m, g, int64_t(0), int64_t(0));
  EXPECT_EQ(p.ih, -1);
  EXPECT_EQ(p.iw, -1);
  // k = 16 * 3 (kw = 0 of kh = 1): ih = 0 + 2 - 1 = 1.
  Im2colSource<int64_t> q = im2colSource(m, g, int64_t(0), int64_t(48));
  EXPECT_EQ(q.ih, 1);
  EXPECT_EQ(q.iw, -1);
}

// The placements, against the reference model's reshapes of the window
// src[K1][M1][16][C0] (X window rows i, columns j).
TEST(Im2col, PlacementL0AZz) {
  // move_to_l0a without transpose: transpose(0, 2, 1, 3, 4) ->
  // [M1][K1][16][C0].
  int64_t mExt = 32, kExt = 48, c0 = 16, k1 = kExt / c0;
  Load3DPlacement p =
      Load3DPlacement::get(Format::Zz, {16, c0}, false, mExt, kExt);
  IntMath m;
  for (int64_t i = 0; i < mExt; ++i)
    for (int64_t j = 0; j < kExt; ++j)
      ASSERT_EQ(p.offset(m, i, j),
                ((i / 16) * k1 + j / c0) * 16 * c0 + (i % 16) * c0 + j % c0);
  EXPECT_EQ(p.fractals(), 2 * 3);
}

TEST(Im2col, PlacementL0ATransposedB16) {
  // b16 with transpose: transpose(0, 1, 2, 4, 3) -> [K1][M1][C0][16].
  int64_t mExt = 48, kExt = 32, m1 = mExt / 16;
  Load3DPlacement p =
      Load3DPlacement::get(Format::Zz, {16, 16}, true, mExt, kExt);
  IntMath m;
  for (int64_t i = 0; i < mExt; ++i)
    for (int64_t j = 0; j < kExt; ++j)
      ASSERT_EQ(p.offset(m, i, j),
                ((j / 16) * m1 + i / 16) * 256 + (j % 16) * 16 + i % 16);
}

TEST(Im2col, PlacementL0ATransposedB32) {
  // b32 with transpose (_process_b32_transpose, then transpose(0, 3, 1, 2, 4,
  // 5)): [K/16][M1][2][16][8], element X[M1*16 + h*8 + jj][kb*16 + ki].
  int64_t mExt = 32, kExt = 32, m1 = mExt / 16;
  Load3DPlacement p =
      Load3DPlacement::get(Format::Zz, {16, 8}, true, mExt, kExt);
  IntMath m;
  for (int64_t i = 0; i < mExt; ++i)
    for (int64_t j = 0; j < kExt; ++j)
      ASSERT_EQ(p.offset(m, i, j),
                (((j / 16) * m1 + i / 16) * 2 + (i % 16) / 8) * 128 +
                    (j % 16) * 8 + i % 8);
}

TEST(Im2col, PlacementL0BB16) {
  // move_to_l0b b16: transpose(0, 2, 1, 4, 3) -> [M1][K1][C0][16].
  int64_t mExt = 32, kExt = 48, k1 = kExt / 16;
  Load3DPlacement p =
      Load3DPlacement::get(Format::Zn, {16, 16}, false, mExt, kExt);
  IntMath m;
  for (int64_t i = 0; i < mExt; ++i)
    for (int64_t j = 0; j < kExt; ++j)
      ASSERT_EQ(p.offset(m, i, j),
                ((i / 16) * k1 + j / 16) * 256 + (j % 16) * 16 + i % 16);
}

TEST(Im2col, PlacementL0BB32) {
  // move_to_l0b b32: [M1][2][K padded to 16][8], element X[M1*16 + h*8 + jj]
  // [k] — fractal (m / 8, k / 16) of 16 x 8 elements stored k-major.
  int64_t mExt = 32, kExt = 24, kp = 32;
  Load3DPlacement p =
      Load3DPlacement::get(Format::Zn, {8, 16}, false, mExt, kExt);
  IntMath m;
  for (int64_t i = 0; i < mExt; ++i)
    for (int64_t j = 0; j < kExt; ++j)
      ASSERT_EQ(p.offset(m, i, j), (i / 8) * kp * 8 + j * 8 + i % 8);
}

// The other placements, against cube-reference §2's definitions of the
// formats (capital letter: order between fractals, small: inside).
TEST(Im2col, PlacementL0ANz950) {
  // Nz, 16 x C0 (b8: 16 x 32) fractals: column blocks outer.
  int64_t mExt = 48, kExt = 64, c0 = 32, m16 = mExt / 16;
  Load3DPlacement p =
      Load3DPlacement::get(Format::Nz, {16, c0}, false, mExt, kExt);
  IntMath m;
  for (int64_t i = 0; i < mExt; ++i)
    for (int64_t j = 0; j < kExt; ++j)
      ASSERT_EQ(p.offset(m, i, j),
                ((j / c0) * m16 + i / 16) * 16 * c0 + (i % 16) * c0 + j % c0);
}

TEST(Im2col, PlacementL0BB8) {
  // 950 b8 into L0B: Zn with C0 x 16 = 32 x 16 fractals of the window read
  // as K x N (rows i = GEMM K); inside, column-major.
  int64_t mExt = 64, kExt = 48, n16 = kExt / 16;
  Load3DPlacement p =
      Load3DPlacement::get(Format::Zn, {32, 16}, false, mExt, kExt);
  IntMath m;
  for (int64_t i = 0; i < mExt; ++i)
    for (int64_t j = 0; j < kExt; ++j)
      ASSERT_EQ(p.offset(m, i, j),
                ((i / 32) * n16 + j / 16) * 512 + (j % 16) * 32 + i % 32);
  // A window that is not whole fractals pads up: 40 rows -> 2 fractal rows.
  EXPECT_EQ(
      Load3DPlacement::get(Format::Zn, {32, 16}, false, 40, 48).fractals(),
      2 * 3);
}

} // namespace
