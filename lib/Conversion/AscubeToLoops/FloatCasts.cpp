//===- FloatCasts.cpp - f32 to 8-bit float casts built from integer ops ---===//

#include "FloatCasts.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

namespace {
/// i32 helpers over one builder.
struct I32 {
  ImplicitLocOpBuilder &b;
  Value c(int64_t v) {
    return arith::ConstantIntOp::create(b, b.getI32Type(), v);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, x, y); }
  Value band(Value x, Value y) { return arith::AndIOp::create(b, x, y); }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b, x, y); }
  Value shl(Value x, Value y) { return arith::ShLIOp::create(b, x, y); }
  Value shr(Value x, Value y) { return arith::ShRUIOp::create(b, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, p, x, y);
  }
  Value sel(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, cond, x, y);
  }
  Value toI8(Value x) { return arith::TruncIOp::create(b, b.getI8Type(), x); }
};
using P = arith::CmpIPredicate;
} // namespace

Value ascube::detail::buildF32ToE4M3FN(ImplicitLocOpBuilder &b, Value x) {
  I32 i{b};
  Value bits = arith::BitcastOp::create(b, b.getI32Type(), x);
  Value sign = i.shl(i.shr(bits, i.c(31)), i.c(7));
  Value mag = i.band(bits, i.c(0x7FFFFFFF));
  // NaN, inf and |x| > 448, the largest finite value, give NaN (§16: the
  // non-saturating mode, "|x| > max or inf gives NaN").
  Value nan = i.cmp(P::ugt, mag, i.c(0x43E00000));
  // Normal results (|x| >= 2^-6): round the f32 bits to 3 mantissa bits,
  // half to even, and rebias the exponent (127 -> 7).
  Value lsb = i.band(i.shr(mag, i.c(20)), i.c(1));
  Value rounded = i.shr(i.add(mag, i.add(i.c(0x7FFFF), lsb)), i.c(20));
  Value normal = i.sub(rounded, i.c(120 << 3));
  // Subnormal results: |x| in units of 2^-9, rounded half to even (the
  // multiplication by 512 is exact).
  Value absX = math::AbsFOp::create(b, x);
  Value scaled = arith::MulFOp::create(
      b, absX, arith::ConstantOp::create(b, b.getF32FloatAttr(512.0f)));
  Value sub = arith::FPToUIOp::create(b, b.getI32Type(),
                                      math::RoundEvenOp::create(b, scaled));
  Value isSub = i.cmp(P::ult, mag, i.c(0x3C800000)); // 2^-6
  Value code = i.sel(nan, i.c(0x7F), i.sel(isSub, sub, normal));
  return i.toI8(i.bor(code, sign));
}

Value ascube::detail::buildF32ToHiF8(ImplicitLocOpBuilder &b, Value x,
                                     bool hybrid) {
  I32 i{b};
  Value bits = arith::BitcastOp::create(b, b.getI32Type(), x);
  Value sign = i.shl(i.shr(bits, i.c(31)), i.c(7));
  Value mag = i.band(bits, i.c(0x7FFFFFFF));
  Value frac23 = i.band(bits, i.c(0x7FFFFF));
  Value thr = i.band(bits, i.c(0x3FFF));
  Value e = i.sub(i.shr(mag, i.c(23)), i.c(127));
  Value absE = arith::MaxSIOp::create(b, e, i.sub(i.c(0), e));
  Value isSub = i.cmp(P::sle, e, i.c(-16)); // HiF8 denormals, 2^-22..2^-16
  // Kept mantissa bits per exponent: 3 for |E| <= 3, 2 for 4..7, 1 for
  // 8..15, none for denormals (their value is the exponent).
  Value fb = i.sel(isSub, i.c(0),
                   i.sel(i.cmp(P::sle, absE, i.c(3)), i.c(3),
                         i.sel(i.cmp(P::sle, absE, i.c(7)), i.c(2), i.c(1))));
  Value drop = i.sub(i.c(23), fb);
  Value m = i.sel(isSub, i.add(e, i.c(23)), i.shr(frac23, drop));
  Value taBit = i.band(i.shr(frac23, i.sub(drop, i.c(1))), i.c(1));
  Value taUp = i.cmp(P::ne, taBit, i.c(0));
  Value up = taUp;
  if (hybrid) {
    // The 14 bits from the TA bit down against the f32's low 14 bits.
    Value frac14 = i.band(i.shr(frac23, i.sub(drop, i.c(14))), i.c(0x3FFF));
    Value ssrUp = i.cmp(P::uge, frac14, thr);
    Value small =
        i.band(i.cmp(P::sle, absE, i.c(3)), i.cmp(P::sgt, e, i.c(-16)));
    up = i.sel(small, taUp, ssrUp);
  }
  // Round up: the mantissa carries into the exponent when it wraps; a
  // denormal moves to the next power of two.
  Value mUp = i.add(m, i.c(1));
  Value wraps = i.cmp(P::eq, mUp, i.shl(i.c(1), fb));
  Value carry = i.sel(isSub, up, i.band(up, wraps));
  Value e2 = i.sel(carry, i.add(e, i.c(1)), e);
  Value stillSub = i.cmp(P::sle, e2, i.c(-16));
  Value m2 = i.sel(isSub, i.sel(stillSub, i.add(e2, i.c(23)), i.c(0)),
                   i.sel(carry, i.c(0), i.sel(up, mUp, m)));
  // Encode {E, M}: dot field, exponent sign, |E| - 2^(ebits-1), mantissa.
  Value absE2 = arith::MaxSIOp::create(b, e2, i.sub(i.c(0), e2));
  Value neg = i.cmp(P::slt, e2, i.c(0));
  auto segment = [&](int64_t dot, int64_t bias, int64_t fbits,
                     int64_t signBit) {
    Value v = i.add(i.c(dot), i.shl(i.sub(absE2, i.c(bias)), i.c(fbits)));
    return i.add(i.add(v, i.sel(neg, i.c(1 << signBit), i.c(0))), m2);
  };
  Value normal = i.sel(
      i.cmp(P::eq, absE2, i.c(0)), i.add(i.c(0x08), m2),
      i.sel(i.cmp(P::eq, absE2, i.c(1)), segment(0x10, 1, 3, 3),
            i.sel(i.cmp(P::sle, absE2, i.c(3)), segment(0x20, 2, 3, 4),
                  i.sel(i.cmp(P::sle, absE2, i.c(7)), segment(0x40, 4, 2, 4),
                        segment(0x60, 8, 1, 4)))));
  Value code = i.sel(stillSub, m2, normal);
  // Specials, most binding last: |x| in [2^-23, 2^-22) gives the smallest
  // denormal (TA always; hybrid when {1, bits 22:10} >= the low 14 bits),
  // smaller values 0 without a sign, exponents past 15 +-inf, NaN 0x80.
  Value inf = i.c(0x6F);
  code = i.sel(i.cmp(P::sgt, e2, i.c(15)), inf, code);
  Value bottom = i.c(1);
  if (hybrid)
    bottom =
        i.sel(i.cmp(P::uge, i.bor(i.c(0x2000), i.shr(frac23, i.c(10))), thr),
              i.c(1), i.c(0));
  Value atBottom = i.cmp(P::eq, e, i.c(-23));
  code = i.sel(atBottom, bottom, code);
  Value result = i.bor(code, sign);
  Value zero = i.bor(i.cmp(P::slt, e, i.c(-23)),
                     i.band(atBottom, i.cmp(P::eq, code, i.c(0))));
  result = i.sel(zero, i.c(0), result);
  // |x| >= 1.25 * 2^15 is +-inf before any rounding (§17, hif8.py), also
  // where the hybrid rule would round down.
  result = i.sel(i.cmp(P::uge, mag, i.c(0x47200000)), i.bor(inf, sign), result);
  result = i.sel(i.cmp(P::ugt, mag, i.c(0x7F800000)), i.c(0x80), result);
  return i.toI8(result);
}

Value ascube::detail::buildRoundF32Mantissa(ImplicitLocOpBuilder &b, Value x,
                                            unsigned keptBits, bool tiesAway) {
  I32 i{b};
  unsigned drop = 23 - keptBits;
  Value bits = arith::BitcastOp::create(b, b.getI32Type(), x);
  // Add half an ulp of the kept mantissa (less one for ties to even unless
  // the kept lsb is 1), then clear the dropped bits; a carry moves into the
  // exponent as it should.
  Value half = i.c(int64_t(1) << (drop - 1));
  Value bias = tiesAway ? half
                        : i.add(i.sub(half, i.c(1)),
                                i.band(i.shr(bits, i.c(drop)), i.c(1)));
  Value rounded = i.band(i.add(bits, bias), i.c(int32_t(~((1u << drop) - 1))));
  Value isNaN = i.cmp(P::ugt, i.band(bits, i.c(0x7FFFFFFF)), i.c(0x7F800000));
  return arith::BitcastOp::create(b, b.getF32Type(),
                                  i.sel(isNaN, bits, rounded));
}
