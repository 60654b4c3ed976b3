//===- LinalgToAscube.h - The linalg entry of ascube ------------*- C++ -*-===//
//
// The linalg entry's passes (ascube/Conversion/Passes.td):
// ascube-bufferize-tensors, ascube-select-tiling, convert-linalg-to-ascube,
// ascube-insert-sync-all and ascube-tile-linalg, which runs them — linalg
// matmuls and 2-D convolutions on GM memrefs mapped onto the Cube as tiled
// ascube programs (docs/Tiling.md). What a driver needs beside the passes.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_CONVERSION_LINALGTOASCUBE_LINALGTOASCUBE_H
#define ASCUBE_CONVERSION_LINALGTOASCUBE_LINALGTOASCUBE_H

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
} // namespace ascube

#endif // ASCUBE_CONVERSION_LINALGTOASCUBE_LINALGTOASCUBE_H
