//===- IndexMath.h - Index arithmetic and loops -----------------*- C++ -*-===//
//
// Index arithmetic that folds constants (IndexMath, also the arithmetic the
// IR-free layout and im2col templates are instantiated with) and loops, in
// the plain (arith, scf) or the affine form. Private to
// lib/Conversion/AscubeToLoops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_INDEXMATH_H
#define ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_INDEXMATH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace ascube::lowering {
using namespace mlir;

/// `e` (over dims d0, d1 bound to `operands`) as one composed affine.apply,
/// folded to a constant where it is one.
Value affineApply(ImplicitLocOpBuilder &b, AffineExpr e, ValueRange operands);

/// Index arithmetic with constants folded at build time (so static offsets
/// cost nothing at run time), and loops: arith ops and scf.for, or with
/// `affine` (AscubeToLoopsOptions::affine) composed affine.apply ops and
/// affine.for. Every index it computes is then an affine function of loop
/// counters and operands, so loads and stores can be raised to
/// affine.load/store. Indices are never negative where div and rem are
/// used (arith.divui/remui and affine floordiv/mod agree there).
struct IndexMath {
  ImplicitLocOpBuilder &b;
  bool affine = false;

  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  static std::optional<int64_t> cst(Value v) {
    return getConstantIntValue(OpFoldResult(v));
  }
  AffineExpr d(unsigned i) { return getAffineDimExpr(i, b.getContext()); }
  Value add(Value x, Value y) {
    auto cx = cst(x), cy = cst(y);
    if (cx && cy)
      return c(*cx + *cy);
    if (cx && *cx == 0)
      return y;
    if (cy && *cy == 0)
      return x;
    if (affine)
      return affineApply(b, d(0) + d(1), {x, y});
    return arith::AddIOp::create(b, x, y);
  }
  Value add(Value x, int64_t y) { return add(x, c(y)); }
  Value sub(Value x, Value y) {
    auto cx = cst(x), cy = cst(y);
    if (cx && cy)
      return c(*cx - *cy);
    if (cy && *cy == 0)
      return x;
    if (affine)
      return affineApply(b, d(0) - d(1), {x, y});
    return arith::SubIOp::create(b, x, y);
  }
  Value mul(Value x, int64_t y) {
    auto cx = cst(x);
    if (cx)
      return c(*cx * y);
    if (y == 1)
      return x;
    if (y == 0)
      return c(0);
    if (affine)
      return affineApply(b, d(0) * y, {x});
    return arith::MulIOp::create(b, x, c(y));
  }
  Value div(Value x, int64_t y) {
    auto cx = cst(x);
    if (cx)
      return c(*cx / y);
    if (y == 1)
      return x;
    if (affine)
      return affineApply(b, d(0).floorDiv(y), {x});
    return arith::DivUIOp::create(b, x, c(y));
  }
  Value rem(Value x, int64_t y) {
    auto cx = cst(x);
    if (cx)
      return c(*cx % y);
    if (y == 1)
      return c(0);
    if (affine)
      return affineApply(b, d(0) % y, {x});
    return arith::RemUIOp::create(b, x, c(y));
  }

  /// for (iv = 0; iv < n; ++iv) body(iv), with the builder inside the loop.
  void forRange(int64_t n, llvm::function_ref<void(Value)> body);

  /// acc = init; for (iv = 0; iv < n; ++iv) acc = body(iv, acc); the final
  /// acc (a loop carrying it).
  Value reduceRange(int64_t n, Value init,
                    llvm::function_ref<Value(Value iv, Value acc)> body);
};

} // namespace ascube::lowering

#endif // ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_INDEXMATH_H
