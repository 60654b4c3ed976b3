//===- FloatCasts.h - f32 to 8-bit float casts built from integer ops -----===//
//
// LLVM has no 8-bit float types, so the lowering builds the casts Fixpipe
// performs (cube-reference §16, §17) out of i32 arithmetic on the f32 bits.
//
//===----------------------------------------------------------------------===//
#ifndef ASCUBE_LIB_CONVERSION_FLOATCASTS_H
#define ASCUBE_LIB_CONVERSION_FLOATCASTS_H

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace ascube::detail {

/// Builds f32 `x` -> fp8 e4m3fn code (i8): round half to even (CAST_RINT,
/// the only mode Cast.md lists for float -> e4m3fn); the non-saturating
/// mode of §16: |x| > 448, +-inf and NaN give NaN (0x7F with x's sign).
/// Subnormals down to 2^-9 are kept.
mlir::Value buildF32ToE4M3FN(mlir::ImplicitLocOpBuilder &b, mlir::Value x);

/// Builds f32 `x` -> HiFloat8 code (i8) by Cast.md's float -> hifloat8_t
/// rule (§17): `hybrid` false = round half away from zero (TA); true =
/// TA for |E| <= 3, otherwise round up when the 14 dropped bits after the
/// kept mantissa are >= the f32's low 14 bits. Non-saturating: NaN ->
/// 0x80, +-inf and |x| >= 1.25 * 2^15 -> +-inf (0x6F / 0xEF), as are values
/// rounding past 2^15;
/// |x| < 2^-23 -> 0 (no sign); [2^-23, 2^-22) -> +-2^-22 (TA).
mlir::Value buildF32ToHiF8(mlir::ImplicitLocOpBuilder &b, mlir::Value x,
                           bool hybrid);

/// Builds f32 `x` rounded to `keptBits` mantissa bits (HF32, §13.3), to
/// nearest with ties to even or, with `tiesAway`, away from zero; the
/// exponent range stays f32's (a carry past the largest finite value gives
/// inf), NaN stays NaN.
mlir::Value buildRoundF32Mantissa(mlir::ImplicitLocOpBuilder &b, mlir::Value x,
                                  unsigned keptBits, bool tiesAway);

} // namespace ascube::detail

#endif // ASCUBE_LIB_CONVERSION_FLOATCASTS_H
