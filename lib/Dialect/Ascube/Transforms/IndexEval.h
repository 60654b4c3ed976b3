//===- IndexEval.h - Index values at given loop iterations (internal) -----===//
//
// Evaluates the index arithmetic of an instruction's offsets (constants,
// induction variables, affine.apply, arith add/sub/mul) at given values of
// the induction variables, for ascube-merge-movers (each iteration of a
// loop of LoadData 2D) and ascube-verify-target (the first and last
// iteration of constant-bound loops). Arithmetic that overflows int64_t is
// not evaluated.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_TRANSFORMS_INDEXEVAL_H
#define ASCUBE_LIB_TRANSFORMS_INDEXEVAL_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace ascube {
/// The value of the index expression `v` when each induction variable in
/// `ivs` has its mapped value; 0 for a null `v` (an absent offset);
/// std::nullopt for values it cannot evaluate or that overflow int64_t.
std::optional<int64_t>
evalIndex(mlir::Value v, const llvm::DenseMap<mlir::Value, int64_t> &ivs);
} // namespace ascube

#endif // ASCUBE_LIB_TRANSFORMS_INDEXEVAL_H
