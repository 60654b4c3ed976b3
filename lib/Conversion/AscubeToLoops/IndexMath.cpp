//===- IndexMath.cpp - Index arithmetic and loops -------------------------===//
//
// IndexMath.h.
//
//===----------------------------------------------------------------------===//

#include "IndexMath.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;

namespace ascube::lowering {

Value affineApply(ImplicitLocOpBuilder &b, AffineExpr e, ValueRange operands) {
  OpFoldResult r = affine::makeComposedFoldedAffineApply(
      b, b.getLoc(), e, getAsOpFoldResult(operands));
  return getValueOrCreateConstantIndexOp(b, b.getLoc(), r);
}

/// A loop from 0 to n carrying `inits` (an affine.for with `im.affine`,
/// else an scf.for), with the builder at the start of its body; a loop with
/// inits still needs its yield.
static LoopLikeOpInterface startLoop(IndexMath &im, int64_t n,
                                     ValueRange inits) {
  ImplicitLocOpBuilder &b = im.b;
  Operation *loop;
  if (im.affine)
    loop = affine::AffineForOp::create(b, 0, n, 1, inits);
  else
    loop = scf::ForOp::create(b, im.c(0), im.c(n), im.c(1), inits);
  b.setInsertionPointToStart(&loop->getRegion(0).front());
  return cast<LoopLikeOpInterface>(loop);
}

void IndexMath::forRange(int64_t n, llvm::function_ref<void(Value)> body) {
  if (n <= 0)
    return;
  OpBuilder::InsertionGuard g(b);
  LoopLikeOpInterface loop = startLoop(*this, n, {});
  body(*loop.getSingleInductionVar());
}

Value IndexMath::reduceRange(
    int64_t n, Value init,
    llvm::function_ref<Value(Value iv, Value acc)> body) {
  if (n <= 0)
    return init;
  OpBuilder::InsertionGuard g(b);
  LoopLikeOpInterface loop = startLoop(*this, n, init);
  Value acc = body(*loop.getSingleInductionVar(), loop.getRegionIterArgs()[0]);
  if (isa<affine::AffineForOp>(loop))
    affine::AffineYieldOp::create(b, acc);
  else
    scf::YieldOp::create(b, acc);
  return loop->getResult(0);
}

} // namespace ascube::lowering
