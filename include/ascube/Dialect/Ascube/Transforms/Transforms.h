//===- Transforms.h - The dialect's rewrites as functions -------*- C++ -*-===//
//
// What the dialect's passes do, callable on a part of a module by another
// pass (ascube-select-tiling builds and times each candidate tiling).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_DIALECT_ASCUBE_TRANSFORMS_TRANSFORMS_H
#define ASCUBE_DIALECT_ASCUBE_TRANSFORMS_TRANSFORMS_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LogicalResult.h"

namespace ascube {

/// ascube-select-movers under `root`, quietly: each ascube.load becomes
/// the cheapest legal mover of its product (its own `mover` if set);
/// failure, with no diagnostic, at the first load no mover can do.
mlir::LogicalResult selectMovers(mlir::Operation *root);

} // namespace ascube

#endif // ASCUBE_DIALECT_ASCUBE_TRANSFORMS_TRANSFORMS_H
