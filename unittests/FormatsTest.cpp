//===- FormatsTest.cpp - The small formats' decoding ----------------------===//
//
// decodeSmallFloat against each format's definition (cube-reference §17),
// written out here independently: sign, exponent field, bias, mantissa,
// and the codes the format reserves for NaN and infinity.
//
//===----------------------------------------------------------------------===//

#include "ascube/Numerics/Formats.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace ascube::numerics;

namespace {
/// An IEEE-style binary format with `e` exponent and `m` mantissa bits and
/// bias 2^(e-1) - 1: subnormals at exponent field 0.
double ieeeLike(unsigned code, int e, int m) {
  int bias = (1 << (e - 1)) - 1;
  int sign = (code >> (e + m)) & 1, exp = (code >> m) & ((1 << e) - 1);
  double frac = double(code & ((1 << m) - 1)) / (1 << m);
  double v = exp == 0 ? std::ldexp(frac, 1 - bias)
                      : std::ldexp(1.0 + frac, exp - bias);
  return sign ? -v : v;
}

/// Compares a decoded value with the wanted one, NaN equal to NaN.
void expectSame(float got, double want, unsigned code) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << "code " << code << ": " << got;
    return;
  }
  EXPECT_EQ(double(got), want) << "code " << code;
}
} // namespace

// e8m0: 2^(E - 127) for E in 0..254, 0xFF = NaN; no sign, no zero.
TEST(Formats, E8M0) {
  for (unsigned c = 0; c < 255; ++c)
    expectSame(decodeSmallFloat(SmallFloat::F8E8M0, c),
               std::ldexp(1.0, int(c) - 127), c);
  EXPECT_EQ(decodeSmallFloat(SmallFloat::F8E8M0, 127), 1.0f);
  EXPECT_EQ(decodeSmallFloat(SmallFloat::F8E8M0, 0), std::ldexp(1.0f, -127));
  EXPECT_TRUE(std::isnan(decodeSmallFloat(SmallFloat::F8E8M0, 0xFF)));
}

// e4m3fn: bias 7, no infinity, S.1111.111 = NaN, max 448.
TEST(Formats, E4M3FN) {
  for (unsigned c = 0; c < 256; ++c) {
    bool nan = (c & 0x7F) == 0x7F;
    expectSame(decodeSmallFloat(SmallFloat::F8E4M3FN, c),
               nan ? NAN : ieeeLike(c, 4, 3), c);
  }
  EXPECT_EQ(decodeSmallFloat(SmallFloat::F8E4M3FN, 0x7E), 448.0f);
}

// e5m2: bias 15, IEEE: exponent field 31 is infinity (mantissa 0) or NaN.
TEST(Formats, E5M2) {
  for (unsigned c = 0; c < 256; ++c) {
    bool special = ((c >> 2) & 31) == 31;
    double want = !special       ? ieeeLike(c, 5, 2)
                  : (c & 3) == 0 ? ((c & 0x80) ? -INFINITY : INFINITY)
                                 : NAN;
    expectSame(decodeSmallFloat(SmallFloat::F8E5M2, c), want, c);
  }
  EXPECT_EQ(decodeSmallFloat(SmallFloat::F8E5M2, 0x7B), 57344.0f);
}

// fp4 e2m1 (low 4 bits): 0, 0.5, 1, 1.5, 2, 3, 4, 6 and their negatives.
TEST(Formats, F4E2M1) {
  const double mag[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  for (unsigned c = 0; c < 16; ++c)
    expectSame(decodeSmallFloat(SmallFloat::F4E2M1, c),
               (c & 8) ? -mag[c & 7] : mag[c & 7], c);
}
