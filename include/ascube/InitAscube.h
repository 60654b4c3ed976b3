//===- InitAscube.h - Register ascube with a registry -----------*- C++ -*-===//
//
// A tiny header for tools: registering ascube does not pull the dialect's
// generated headers into the tool's translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_INITASCUBE_H
#define ASCUBE_INITASCUBE_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace ascube {
/// Adds the ascube dialect to `registry`.
void registerAscubeDialect(mlir::DialectRegistry &registry);
/// Registers ascube's passes (ascube-*, convert-ascube-to-loops) and the
/// `ascube-to-llvm` and `ascube-pipeline` pipelines with the global pass
/// registry (lib/Pipelines); once per process, later calls do nothing.
void registerAscubePasses();
} // namespace ascube

#endif // ASCUBE_INITASCUBE_H
