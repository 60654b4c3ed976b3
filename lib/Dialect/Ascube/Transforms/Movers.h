//===- Movers.h - Shared by the mover passes (internal) ---------*- C++ -*-===//
//
// What ascube-merge-movers asks ascube-select-movers.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_TRANSFORMS_MOVERS_H
#define ASCUBE_LIB_TRANSFORMS_MOVERS_H

#include "ascube/Dialect/Ascube/IR/Ascube.h"

namespace ascube {
/// Whether ascube-select-movers has a legal mover for `load` (on the
/// module's product); builds and erases the candidates.
bool hasLegalMover(LoadOp load);
} // namespace ascube

#endif // ASCUBE_LIB_TRANSFORMS_MOVERS_H
