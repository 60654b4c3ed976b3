//===- Pipelines.cpp - ascube-to-llvm and pass registration ---------------===//
//
// The pipelines (ascube/Pipelines/Pipelines.h) and the registration of every
// ascube pass with the global registry (ascube/InitAscube.h).
//
//===----------------------------------------------------------------------===//

#include "ascube/Pipelines/Pipelines.h"
#include "ascube/Conversion/Passes.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"
#include "ascube/InitAscube.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

namespace ascube {
#define GEN_PASS_REGISTRATION
#include "ascube/Conversion/Passes.h.inc"
} // namespace ascube

using namespace mlir;

namespace {
struct AscubeToLLVMOptions : public PassPipelineOptions<AscubeToLLVMOptions> {
  Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Check dynamic offsets at run time (bounds, alignment)"),
      llvm::cl::init(false)};
  Option<bool> reference{
      *this, "reference",
      llvm::cl::desc("mmad and mmad_mx as the plain loops of the documented "
                     "order instead of the vector micro-kernels, every "
                     "instruction in the plain scf/arith form instead of the "
                     "affine one (same bits)"),
      llvm::cl::init(false)};
  Option<bool> x86Vnni{
      *this, "x86-vnni",
      llvm::cl::desc("Integer mmads of bytes by AVX-512 VNNI's vpdpbusd, for "
                     "a target that has it (same bits)"),
      llvm::cl::init(false)};
};
struct AscubePipelineOptions
    : public PassPipelineOptions<AscubePipelineOptions> {
  Option<std::string> product{
      *this, "product",
      llvm::cl::desc("Target product (sets ascube.target; must agree with "
                     "one the module names)"),
      llvm::cl::init("")};
  Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Check dynamic offsets at run time (bounds, alignment)"),
      llvm::cl::init(false)};
  Option<bool> x86Vnni{
      *this, "x86-vnni",
      llvm::cl::desc("Integer mmads of bytes by AVX-512 VNNI's vpdpbusd, for "
                     "a target that has it (same bits)"),
      llvm::cl::init(false)};
};
} // namespace

void ascube::buildAscubeToLLVMPipeline(OpPassManager &pm,
                                       const AscubeToLLVMPipelineOptions &o) {
  AscubeSelectMoversOptions quiet;
  quiet.remarks = false; // ascube-select-movers alone shows the choices
  pm.addPass(createAscubeSelectMovers(quiet));
  pm.addPass(createAscubeVerifyTarget());
  ConvertAscubeToLoopsOptions options;
  options.runtimeChecks = o.runtimeChecks;
  options.raceChecks = o.raceChecks;
  options.syncChecks = o.syncChecks;
  options.timingOnly = o.timingOnly;
  options.reference = o.mmad == MmadKernel::Reference;
  options.x86Vnni = o.mmad == MmadKernel::X86Vnni;
  options.affine = true;       // the plain form with `reference` only
  options.outline = true;      // compile time linear in the kernel's size
  options.refuseLinalg = true; // nothing lowers it to LLVM
  pm.addPass(createConvertAscubeToLoops(options));
  // The passes that see one op at a time and touch nothing outside it run
  // on the module's top-level ops (its functions and nested modules) in
  // parallel: MLIR's pass manager spreads a nested pipeline over the
  // host's cores, and outlining makes a kernel many functions. The output
  // is the module-wide passes' (scripts/pipeline-outputs.sh found no
  // difference). (vector-to-llvm may declare print functions in the module:
  // it stays a module pass.)
  OpPassManager &each = pm.nestAny();
  each.addPass(createCanonicalizerPass());
  each.addPass(createLowerAffinePass());
  each.addPass(createSCFToControlFlowPass());
  // bf16 <-> f32 as integer ops: no soft-float library calls in the JIT.
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  each.addPass(arith::createArithExpandOpsPass(expand));
  each.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createConvertVectorToLLVMPass()); // the mmad micro-kernels
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  OpPassManager &eachAfter = pm.nestAny();
  eachAfter.addPass(createConvertMathToLLVMPass());
  eachAfter.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void ascube::buildAscubeFromLinalgPipeline(OpPassManager &pm, StringRef product,
                                           bool allowUnmapped,
                                           unsigned blocks) {
  AscubeTileLinalgOptions tile;
  tile.product = product.str();
  tile.allowUnmapped = allowUnmapped;
  tile.blocks = blocks;
  pm.addPass(createAscubeTileLinalg(tile));
}

void ascube::registerAscubeInputDialects(DialectRegistry &registry) {
  registry.insert<linalg::LinalgDialect>();
  registerBufferizeTensorsDependencies(registry);
}

namespace ascube {
namespace {
void registerAll() {
  registerAscubeConversionPasses();
  registerAscubeTransformsPasses();
  PassPipelineRegistration<AscubeToLLVMOptions>(
      "ascube-to-llvm",
      "Lower ascube kernels to the LLVM dialect (convert-ascube-to-loops, then "
      "scf/arith/math/memref/vector/func to LLVM) for mlir-runner, the JIT or "
      "AOT",
      [](OpPassManager &pm, const AscubeToLLVMOptions &o) {
        AscubeToLLVMPipelineOptions options;
        options.runtimeChecks = o.runtimeChecks;
        options.mmad = mmadKernelFor(o.reference, o.x86Vnni);
        buildAscubeToLLVMPipeline(pm, options);
      });
  PassPipelineRegistration<AscubePipelineOptions>(
      "ascube-pipeline",
      "The compiler pipeline: name the product, map linalg onto it, merge "
      "LoadData 2D loops, select movers, canonicalize, lower to LLVM "
      "(ascube-set-target, ascube-tile-linalg, ascube-merge-movers, "
      "ascube-select-movers, canonicalize, ascube-to-llvm)",
      [](OpPassManager &pm, const AscubePipelineOptions &o) {
        AscubeSetTargetOptions target;
        target.product = o.product;
        pm.addPass(createAscubeSetTarget(target));
        // Linalg (on tensors or GM memrefs) mapped; an op the mapping
        // leaves is refused, once. Nothing else is touched.
        buildAscubeFromLinalgPipeline(pm, o.product, /*allowUnmapped=*/false);
        pm.addPass(createAscubeMergeMovers());
        AscubeSelectMoversOptions quiet;
        quiet.remarks = false;
        pm.addPass(createAscubeSelectMovers(quiet));
        pm.addPass(createCanonicalizerPass());
        AscubeToLLVMPipelineOptions options;
        options.runtimeChecks = o.runtimeChecks;
        options.mmad = mmadKernelFor(/*reference=*/false, o.x86Vnni);
        buildAscubeToLLVMPipeline(pm, options);
      });
}
} // namespace
} // namespace ascube

void ascube::registerAscubePasses() {
  // Once per process, whoever calls it (a tool, the plugin, the C API, an
  // embedder): a pipeline registered twice is a fatal error.
  static std::once_flag once;
  std::call_once(once, registerAll);
}
