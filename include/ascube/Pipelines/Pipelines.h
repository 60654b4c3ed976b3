//===- Pipelines.h - ascube pass pipelines ----------------------*- C++ -*-===//
//
// The pipelines from ascube IR down to the LLVM dialect, registered as
// `ascube-to-llvm` and `ascube-pipeline` by ascube::registerAscubePasses
// (InitAscube.h); ascube-run builds the first before JIT-compiling.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_PIPELINES_PIPELINES_H
#define ASCUBE_PIPELINES_PIPELINES_H

#include "ascube/Conversion/AscubeToLoops.h"

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class ModuleOp;
class OpPassManager;
} // namespace mlir

namespace ascube {

/// The choices of buildAscubeToLLVMPipeline.
struct AscubeToLLVMPipelineOptions {
  /// Run-time checks of dynamic offsets, QUANT_PRE words and 4:2 indices.
  bool runtimeChecks = false;
  /// Every element access of a GM argument reported to `__ascube_gm_access`.
  bool raceChecks = false;
  /// The flag-model hooks called before every instruction.
  bool syncChecks = false;
  /// With syncChecks: only the hooks and control flow, no instruction's
  /// data or arithmetic (the timing model alone).
  bool timingOnly = false;
  /// How mmads are computed (the same bits): MmadKernel::Reference also
  /// writes every loop in the plain scf/arith form instead of the affine
  /// one; MmadKernel::X86Vnni only for a target that has AVX-512 VNNI.
  MmadKernel mmad = MmadKernel::Vector;
};

/// Builds the pipeline from ascube IR down to the LLVM dialect:
/// ascube-select-movers (quiet), ascube-verify-target,
/// convert-ascube-to-loops (checks and mmad kernel as `options` say; the
/// affine form unless MmadKernel::Reference; each distinct instruction
/// outlined into one function of its own unless race or sync checks),
/// canonicalize, then the upstream lowerings (affine, scf -> cf, arith with
/// bf16 expanded, memref, vector, math, func -> LLVM). Registered as
/// `ascube-to-llvm` (options `runtime-checks`, `reference`, `x86-vnni`).
void buildAscubeToLLVMPipeline(mlir::OpPassManager &pm,
                               const AscubeToLLVMPipelineOptions &options = {});

/// Builds the entry from linalg: ascube-tile-linalg for `product` (empty:
/// the module's ascube.target), turning linalg.matmul on GM memrefs (or on
/// tensors, bufferized first) into a Cube program that
/// buildAscubeToLLVMPipeline then lowers (docs/Tiling.md). Without
/// `allowUnmapped` a linalg op the pass does not map is refused (a runner
/// cannot run it). Tilings are chosen by modelled time on `blocks` blocks
/// (0: the product's AI cores).
void buildAscubeFromLinalgPipeline(mlir::OpPassManager &pm,
                                   llvm::StringRef product,
                                   bool allowUnmapped = true,
                                   unsigned blocks = 0);

/// One piece of an AI core's own state in a module lowered to the LLVM
/// dialect (isCoreStateGlobal): its symbol and the bytes it starts with.
struct CoreStateSlot {
  std::string name;
  std::vector<uint8_t> init;
};

/// The name of the function through which a module rewritten by
/// routeCoreStateThroughRunner reaches its per-core state:
/// `ptr __ascube_core_state(i64 slot)`, the address of the calling
/// thread's copy of slot `slot` (the same address on every call from one
/// thread). The runner implements it.
constexpr llvm::StringLiteral kCoreStateFunc = "__ascube_core_state";

/// For a runner that runs several AI cores at once in one process from one
/// compiled module (ascube-run --threads, and every block of a kernel with
/// ascube.sync_all): in `module`, lowered to the LLVM dialect by
/// buildAscubeToLLVMPipeline, every address of a per-core global (a level
/// memory, the 4:2 index buffer, the block index and count) becomes a call
/// of kCoreStateFunc with the global's slot, and the globals go. Returns the
/// slots in order, each with its initial bytes, for the runner to give
/// every thread its own copies of; failure (with a diagnostic) for a global
/// whose initial value is not a dense array of integers.
mlir::FailureOr<std::vector<CoreStateSlot>>
routeCoreStateThroughRunner(mlir::ModuleOp module);

/// Adds the dialects a compiler's input to ascube may use (linalg; its ops'
/// regions hold arith, which ascube already registers) to `registry`.
void registerAscubeInputDialects(mlir::DialectRegistry &registry);

} // namespace ascube

#endif // ASCUBE_PIPELINES_PIPELINES_H
