//===- Pipelines.h - ascube pass pipelines ----------------------*- C++ -*-===//
//
// The pipelines from ascube IR down to the LLVM dialect, registered as
// `ascube-to-llvm` and `ascube-pipeline` by ascube::registerAscubePasses
// (InitAscube.h); ascube-run builds the first before JIT-compiling.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_PIPELINES_PIPELINES_H
#define ASCUBE_PIPELINES_PIPELINES_H

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace ascube {

/// Builds the pipeline from ascube IR down to the LLVM dialect:
/// ascube-select-movers (quiet), ascube-verify-target,
/// convert-ascube-to-loops (with run-time checks of dynamic offsets, QUANT_PRE
/// words and 4:2 indices when `runtimeChecks`), canonicalize, then the
/// upstream lowerings (affine, scf -> cf, arith with bf16 expanded, memref,
/// math, func -> LLVM). Registered as `ascube-to-llvm` (option
/// `runtime-checks`).
void buildAscubeToLLVMPipeline(mlir::OpPassManager &pm,
                               bool runtimeChecks = false);

} // namespace ascube

#endif // ASCUBE_PIPELINES_PIPELINES_H
