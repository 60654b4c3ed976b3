//===- Passes.h - ascube dialect passes -------------------------*- C++ -*-===//

#ifndef ASCUBE_DIALECT_ASCUBE_TRANSFORMS_PASSES_H
#define ASCUBE_DIALECT_ASCUBE_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class DialectRegistry;
class ModuleOp;
} // namespace mlir

namespace ascube {
/// Whether a function of `module` takes, returns or computes tensors: what
/// ascube-bufferize-tensors bufferizes.
bool hasTensorFunctions(mlir::ModuleOp module);

/// The dialects and external models ascube-bufferize-tensors needs (one-shot
/// bufferization of arith, func, linalg and tensor; memref.alloc as an
/// allocation, so results' buffers are hoisted into output arguments): the
/// pass and ascube-tile-linalg, which runs it, declare them, and
/// registerAscubeInputDialects adds them for a tool's registry.
void registerBufferizeTensorsDependencies(mlir::DialectRegistry &registry);

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "ascube/Dialect/Ascube/Transforms/Passes.h.inc"
} // namespace ascube

#endif // ASCUBE_DIALECT_ASCUBE_TRANSFORMS_PASSES_H
