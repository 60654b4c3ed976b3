//===- ModelTest.cpp - The IR-free instruction models ---------------------===//
//
// The fractal squares of the LoadData 2D family (cube-reference §6-§8) and
// the QUANT_PRE word (§16). Expected values are worked by hand from the
// reference's text (the square pictures of §7, the field table of §16),
// never from the code under test.
//
//===----------------------------------------------------------------------===//

#include "ascube/Model/FractalSquares.h"
#include "ascube/Model/QuantWord.h"

#include "llvm/ADT/ArrayRef.h"

#include "gtest/gtest.h"

using namespace ascube::model;

namespace {

std::vector<int64_t> srcOf(llvm::ArrayRef<FractalSquare> squares) {
  std::vector<int64_t> v;
  for (const FractalSquare &s : squares)
    v.insert(v.end(), s.src.begin(), s.src.end());
  return v;
}
std::vector<int64_t> dstOf(llvm::ArrayRef<FractalSquare> squares) {
  std::vector<int64_t> v;
  for (const FractalSquare &s : squares)
    v.insert(v.end(), s.dst.begin(), s.dst.end());
  return v;
}

// §7: a b16 square is one 16 x 16 fractal; element (r, c) lands at (c, r).
TEST(FractalSquares, TransposeB16) {
  TransposeTarget t = transposeElement(16, 0 * 16 + 1); // (0, 1)
  EXPECT_EQ(t.srcFractal, 0);
  EXPECT_EQ(t.srcInside, 1);
  EXPECT_EQ(t.dstFractal, 0);
  EXPECT_EQ(t.dstInside, 1 * 16 + 0);
}

// §7: a b8 square is two 16 x 32 fractals stacked (32 x 32); the transposed
// square's rows 16j.. are destination fractal j. Element (20, 5): source
// fractal 1, row 4; destination T(5, 20): fractal 0, row 5, column 20.
TEST(FractalSquares, TransposeB8) {
  TransposeTarget t = transposeElement(8, 20 * 32 + 5);
  EXPECT_EQ(t.srcFractal, 1);
  EXPECT_EQ(t.srcInside, 4 * 32 + 5);
  EXPECT_EQ(t.dstFractal, 0);
  EXPECT_EQ(t.dstInside, 5 * 32 + 20);
}

// §7: a b32 square is two 16 x 8 fractals side by side (16 x 16); the
// transposed square's columns 8j.. are destination fractal j. Element
// (3, 10): source fractal 1, (3, 2); destination T(10, 3): fractal 0,
// (10, 3).
TEST(FractalSquares, TransposeB32) {
  TransposeTarget t = transposeElement(32, 3 * 16 + 10);
  EXPECT_EQ(t.srcFractal, 1);
  EXPECT_EQ(t.srcInside, 3 * 8 + 2);
  EXPECT_EQ(t.dstFractal, 0);
  EXPECT_EQ(t.dstInside, 10 * 8 + 3);
}

TEST(FractalSquares, PerSquare) {
  EXPECT_EQ(fractalsPerSquare(4), 4);
  EXPECT_EQ(fractalsPerSquare(8), 2);
  EXPECT_EQ(fractalsPerSquare(16), 1);
  EXPECT_EQ(fractalsPerSquare(32), 2);
}

// §6: repeat i moves fractal startIndex +- i * srcStride to i * (dstGap+1).
TEST(FractalSquares, Load2D) {
  Load2DParams p;
  p.startIndex = 2;
  p.repeatTimes = 3;
  p.srcStride = 4;
  p.dstGap = 1;
  EXPECT_EQ(srcOf(getLoad2DSquares(p)), (std::vector<int64_t>{2, 6, 10}));
  EXPECT_EQ(dstOf(getLoad2DSquares(p)), (std::vector<int64_t>{0, 2, 4}));
  p.startIndex = 10;
  p.addrMode = 1;
  EXPECT_EQ(srcOf(getLoad2DSquares(p)), (std::vector<int64_t>{10, 6, 2}));
}

// §7 V1: squares of n fractals, startIndex and srcStride in squares; the
// fractals of square i land at i*(dstGap+1) + j*(dstFracGap+1). V2 (950):
// startIndex in fractals, the square's fractals srcFracGap + 1 apart.
TEST(FractalSquares, Transpose) {
  Load2DTransposeParams p;
  p.fractalsPerSquare = 2;
  p.startIndex = 1;
  p.repeatTimes = 2;
  p.srcStride = 3;
  p.dstGap = 2;
  p.dstFracGap = 1;
  EXPECT_EQ(srcOf(getLoad2DTransposeSquares(p)),
            (std::vector<int64_t>{2, 3, 8, 9}));
  EXPECT_EQ(dstOf(getLoad2DTransposeSquares(p)),
            (std::vector<int64_t>{0, 2, 3, 5}));
  p.v2 = true;
  p.srcFracGap = 4;
  EXPECT_EQ(srcOf(getLoad2DTransposeSquares(p)),
            (std::vector<int64_t>{1, 6, 4, 9}));
}

// §8: the window starts at kStartPosition * srcStride + mStartPosition;
// fractal (kc, mr) goes to kc * dstStride + mr.
TEST(FractalSquares, Load2DV2) {
  Load2DV2Params p;
  p.mStartPosition = 1;
  p.kStartPosition = 2;
  p.mStep = 2;
  p.kStep = 2;
  p.srcStride = 5;
  p.dstStride = 3;
  auto sq = getLoad2DV2Squares(p, 16);
  EXPECT_EQ(srcOf(sq), (std::vector<int64_t>{11, 12, 16, 17}));
  EXPECT_EQ(dstOf(sq), (std::vector<int64_t>{0, 1, 3, 4}));
}

// §16: word 0x40003DCCCCCD holds M1 = 0x3DCCCCCD with bits 12:0 dropped,
// no MCB shift (code 0, N = 1), offset 0, s8.
TEST(QuantWord, Fields) {
  WordBits m;
  QuantWordFields<uint64_t> f = decodeQuantWord(m, uint64_t(0x40003DCCCCCD));
  EXPECT_EQ(f.scaleBits, 0x3DCCC000u);
  EXPECT_EQ(f.shift, 1u);
  EXPECT_EQ(f.mcb, 0u);
  EXPECT_EQ(f.offset, 0u);
  EXPECT_EQ(f.signedOut, 1u);
  // M1 = 511 * 2^-16 (0x3BFF8000), MCB with code 2 (N = 3), offset 200, s8.
  uint64_t w = 0x3BFF8000ull | (2ull << 32) | (1ull << 36) | (200ull << 37) |
               (1ull << 46);
  f = decodeQuantWord(m, w);
  EXPECT_EQ(f.scaleBits, 0x3BFF8000u);
  EXPECT_EQ(f.shift, 3u);
  EXPECT_EQ(f.mcb, 1u);
  EXPECT_EQ(int64_t(f.offset), 200);
  // The offset is 9-bit two's complement: 0x1FD is -3, 0x100 is -256.
  EXPECT_EQ(int64_t(decodeQuantWord(m, 0x1FDull << 37).offset), -3);
  EXPECT_EQ(int64_t(decodeQuantWord(m, 0x100ull << 37).offset), -256);
  EXPECT_EQ(int64_t(decodeQuantWord(m, 0xFFull << 37).offset), 255);
  EXPECT_EQ(decodeQuantWord(m, 0xFull << 32).shift, 16u);
}

// §16 / fixpipe_c12: M1 may not be inf, NaN or denormal; a zero M1, or
// low bits that bits 31:13 drop, are fine.
TEST(QuantWord, ScaleUsable) {
  WordBits m;
  auto usable = [&](uint64_t word) {
    return scaleIsUsable(m, decodeQuantWord(m, word).scaleBits);
  };
  EXPECT_TRUE(usable(0x3F800000));  // 1.0
  EXPECT_TRUE(usable(0x00000000));  // 0
  EXPECT_TRUE(usable(0x00001FFF));  // denormal only in the dropped bits
  EXPECT_FALSE(usable(0x00002000)); // denormal in bits 22:13
  EXPECT_FALSE(usable(0x7F800000)); // inf
  EXPECT_FALSE(usable(0xFFC00000)); // NaN
}

} // namespace
