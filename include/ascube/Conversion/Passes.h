//===- Passes.h - ascube conversions and pipelines --------------*- C++ -*-===//

#ifndef ASCUBE_CONVERSION_PASSES_H
#define ASCUBE_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class MemRefType;
class OpPassManager;
} // namespace mlir

namespace ascube {

#define GEN_PASS_DECL
#include "ascube/Conversion/Passes.h.inc"

/// The type a buffer of `type` has once convert-ascube-to-std ran: a flat
/// 1-D memref of its physical storage (4-bit data packed in i8, 8-bit
/// floats and HiFloat8 as i8) for ascube buffers; `type` itself for plain
/// identity memrefs of builtin types. nullptr if `type` cannot be resolved.
mlir::MemRefType getCPUStorageType(mlir::MemRefType type);

/// Builds the pipeline from ascube IR down to the LLVM dialect:
/// convert-ascube-to-std (with run-time checks of dynamic offsets when
/// `runtimeChecks`), then the upstream lowerings (scf -> cf, arith, math,
/// memref, func -> LLVM). Registered as `ascube-to-llvm` (option
/// `runtime-checks`); ascube-run runs it before JIT-compiling.
void buildAscubeToLLVMPipeline(mlir::OpPassManager &pm,
                               bool runtimeChecks = false);

} // namespace ascube

#endif // ASCUBE_CONVERSION_PASSES_H
