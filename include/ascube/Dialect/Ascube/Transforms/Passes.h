//===- Passes.h - ascube dialect passes -------------------------*- C++ -*-===//

#ifndef ASCUBE_DIALECT_ASCUBE_TRANSFORMS_PASSES_H
#define ASCUBE_DIALECT_ASCUBE_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace ascube {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "ascube/Dialect/Ascube/Transforms/Passes.h.inc"
} // namespace ascube

#endif // ASCUBE_DIALECT_ASCUBE_TRANSFORMS_PASSES_H
