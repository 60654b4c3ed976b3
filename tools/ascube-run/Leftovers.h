//===- Leftovers.h - ascube-run: ops the linalg mapping leaves --*- C++ -*-===//
//
// What ascube-run refuses of a kernel after ascube-tile-linalg (tile_c1):
// an op that is no part of a Cube program, named with the forms that fold
// in (docs/Tiling.md).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TOOLS_ASCUBE_RUN_LEFTOVERS_H
#define ASCUBE_TOOLS_ASCUBE_RUN_LEFTOVERS_H

#include "mlir/IR/BuiltinOps.h"

namespace ascube::run {

/// Whether the kernel keeps an op that is no part of a Cube program after
/// the linalg mapping: a linalg op ascube-tile-linalg did not map (a
/// linalg.copy left converting element types among them; memref.copy runs
/// as the kernel's own loads and stores). Names the most telling one — the
/// computation before the fill left for its sake — with the forms the pass
/// accepts (tile_c1).
bool refuseLeftovers(mlir::ModuleOp module);

} // namespace ascube::run

#endif // ASCUBE_TOOLS_ASCUBE_RUN_LEFTOVERS_H
