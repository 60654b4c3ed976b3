//===- IRFuzzer.cpp - libFuzzer harness for ascube IR and passes ----------===//
//
// Parses the input as MLIR (ascube with the upstream dialects kernels mix
// it with), verifies it and runs the ascube passes and the CPU lowering on
// what verifies: ascube-verify-target, ascube-merge-movers,
// ascube-select-movers, canonicalize, convert-ascube-to-loops, and the whole
// ascube-to-llvm pipeline on a second parse. Diagnostics are expected and
// swallowed; a crash, a hang, a sanitizer report or a leak is a finding.
//
//===----------------------------------------------------------------------===//

#include "ascube/Conversion/Passes.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"
#include "ascube/InitAscube.h"
#include "ascube/Pipelines/Pipelines.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace mlir;

namespace {
DialectRegistry &registry() {
  static DialectRegistry *r = [] {
    auto *reg = new DialectRegistry();
    ascube::registerAscubeDialect(*reg);
    reg->insert<func::FuncDialect, arith::ArithDialect, memref::MemRefDialect,
                scf::SCFDialect, math::MathDialect, affine::AffineDialect,
                cf::ControlFlowDialect, LLVM::LLVMDialect>();
    return reg;
  }();
  return *r;
}

/// Parses and verifies `text` in `ctx`; null when it does not verify.
OwningOpRef<ModuleOp> parse(StringRef text, MLIRContext &ctx) {
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(text, &ctx);
  if (!m || failed(verify(*m)))
    return nullptr;
  return m;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 64 * 1024) // kernels are small; keep each run fast
    return 0;
  // MLIR's lexer stops at a NUL: give it a terminated copy (the tools'
  // file buffers are terminated too).
  std::string copy(reinterpret_cast<const char *>(data), size);
  StringRef text(copy.c_str(), size);
  // A fresh context per input: nothing carries over between inputs.
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  if (OwningOpRef<ModuleOp> m = parse(text, ctx)) {
    PassManager pm(&ctx);
    pm.addPass(ascube::createAscubeVerifyTarget());
    pm.addPass(ascube::createAscubeMergeMovers());
    ascube::AscubeSelectMoversOptions select;
    select.remarks = false;
    pm.addPass(ascube::createAscubeSelectMovers(select));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(ascube::createConvertAscubeToLoops());
    (void)pm.run(*m);
  }
  if (OwningOpRef<ModuleOp> m = parse(text, ctx)) {
    PassManager pm(&ctx);
    ascube::AscubeToLLVMPipelineOptions options;
    options.runtimeChecks = true;
    ascube::buildAscubeToLLVMPipeline(pm, options);
    (void)pm.run(*m);
  }
  return 0;
}
