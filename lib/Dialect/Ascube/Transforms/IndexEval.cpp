//===- IndexEval.cpp - Index values at given loop iterations --------------===//

#include "IndexEval.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;

namespace {
std::optional<int64_t> eval(Value v, const llvm::DenseMap<Value, int64_t> &ivs,
                            int depth) {
  if (!v)
    return 0;
  if (depth > 16) // deeper index arithmetic is left alone
    return std::nullopt;
  if (auto it = ivs.find(v); it != ivs.end())
    return it->second;
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return c;
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    SmallVector<Attribute> operands;
    for (Value o : apply.getMapOperands()) {
      std::optional<int64_t> x = eval(o, ivs, depth + 1);
      if (!x)
        return std::nullopt;
      operands.push_back(IntegerAttr::get(IndexType::get(v.getContext()), *x));
    }
    SmallVector<Attribute> out;
    if (failed(apply.getAffineMap().constantFold(operands, out)) ||
        out.size() != 1 || !isa<IntegerAttr>(out[0]))
      return std::nullopt;
    return cast<IntegerAttr>(out[0]).getInt();
  }
  auto bin = [&](auto op, auto fn) -> std::optional<int64_t> {
    std::optional<int64_t> a = eval(op.getLhs(), ivs, depth + 1);
    std::optional<int64_t> b = eval(op.getRhs(), ivs, depth + 1);
    if (!a || !b)
      return std::nullopt;
    return fn(*a, *b);
  };
  if (auto o = dyn_cast<arith::AddIOp>(def))
    return bin(o, [](int64_t a, int64_t b) { return llvm::checkedAdd(a, b); });
  if (auto o = dyn_cast<arith::SubIOp>(def))
    return bin(o, [](int64_t a, int64_t b) { return llvm::checkedSub(a, b); });
  if (auto o = dyn_cast<arith::MulIOp>(def))
    return bin(o, [](int64_t a, int64_t b) { return llvm::checkedMul(a, b); });
  return std::nullopt;
}
} // namespace

std::optional<int64_t>
ascube::evalIndex(Value v, const llvm::DenseMap<Value, int64_t> &ivs) {
  return eval(v, ivs, 0);
}
