//===- VectorShuffles.cpp - Transposes by vector shuffles -----------------===//
//
// VectorShuffles.h.
//
//===----------------------------------------------------------------------===//

#include "VectorShuffles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;

namespace ascube::lowering {

Value splatInt(ImplicitLocOpBuilder &b, VectorType t, int64_t v) {
  return arith::ConstantOp::create(
      b, DenseElementsAttr::get(
             t, b.getIntegerAttr(t.getElementType(), v).getValue()));
}

void transposeSquare(ImplicitLocOpBuilder &b, MutableArrayRef<Value> rows) {
  auto n = static_cast<int64_t>(rows.size());
  assert(llvm::isPowerOf2_64(n) && "a power-of-two square");
  for (int64_t d = 1; d < n; d *= 2) {
    SmallVector<int64_t> low, high;
    for (int64_t c = 0; c < n; ++c) {
      low.push_back(c & d ? n + c - d : c);
      high.push_back(c & d ? n + c : c + d);
    }
    for (int64_t i = 0; i < n; ++i) {
      if (i & d)
        continue;
      Value x = rows[i], y = rows[i + d];
      rows[i] = vector::ShuffleOp::create(b, x, y, low);
      rows[i + d] = vector::ShuffleOp::create(b, x, y, high);
    }
  }
}

void transposeRuns(ImplicitLocOpBuilder &b, ArrayRef<Value> runs,
                   llvm::function_ref<void(int64_t e, Value v)> store) {
  constexpr int64_t n = 16;
  assert(runs.size() == n && "16 runs");
  int64_t len = cast<VectorType>(runs.front().getType()).getNumElements();
  for (int64_t q = 0; q * n < len; ++q) {
    // Elements [16q, 16q + 16) of each run (past len: any of them).
    SmallVector<int64_t> part;
    for (int64_t e = 0; e < n; ++e)
      part.push_back(q * n + e < len ? q * n + e : 0);
    SmallVector<Value> block;
    for (Value v : runs)
      block.push_back(
          len == n ? v : Value(vector::ShuffleOp::create(b, v, v, part)));
    transposeSquare(b, block);
    for (int64_t e = 0; e < n && q * n + e < len; ++e)
      store(q * n + e, block[e]);
  }
}

} // namespace ascube::lowering
