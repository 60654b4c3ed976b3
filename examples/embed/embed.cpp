//===- embed.cpp - A compiler embedding ascube (out of tree) ----*- C++ -*-===//
//
// Registers the ascube dialect and passes in a driver of its own, parses an
// f32 matmul kernel  @matmul(A: M x K, BT: N x K, C: M x N)  (e.g.
// examples/matmul_f32.mlir), runs the `ascube-pipeline` for a product,
// JIT-compiles the result, runs it on inputs made here and compares C with
// a plain product A x BT^T computed here in the Cube's k order.
//
//   ascube-embed KERNEL.mlir PRODUCT
//
// Exit status 0 when every element matches, 1 otherwise or on any error.
//
//===----------------------------------------------------------------------===//

#include "ascube/InitAscube.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace mlir;

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: ascube-embed KERNEL.mlir PRODUCT\n";
    return 1;
  }
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();

  // 1. The dialects: ascube's, what its kernels use, and the translations
  //    to LLVM IR the JIT needs; then ascube's passes and pipelines.
  DialectRegistry registry;
  ascube::registerAscubeDialect(registry);
  registry.insert<func::FuncDialect, arith::ArithDialect, memref::MemRefDialect,
                  scf::SCFDialect, affine::AffineDialect, LLVM::LLVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  ascube::registerAscubePasses();
  MLIRContext ctx(registry);

  // 2. Parse and verify the kernel (diagnostics go to stderr).
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(argv[1], &ctx);
  if (!module)
    return 1;
  // @matmul(A: M x K, BT: N x K, C: M x N), static row-major f32 memrefs in
  // GM (the driver passes plain host arrays).
  auto fn = module->lookupSymbol<func::FuncOp>("matmul");
  auto matrix = [&](unsigned i) -> MemRefType {
    auto t = dyn_cast<MemRefType>(fn.getArgument(i).getType());
    return t && t.getRank() == 2 && t.hasStaticShape() &&
                   t.getElementType().isF32() && t.getLayout().isIdentity() &&
                   !t.getMemorySpace()
               ? t
               : MemRefType();
  };
  MemRefType ta, tb, tc;
  if (fn && fn.getNumArguments() == 3) {
    ta = matrix(0), tb = matrix(1), tc = matrix(2);
  }
  if (!ta || !tb || !tc || ta.getDimSize(1) != tb.getDimSize(1) ||
      tc.getDimSize(0) != ta.getDimSize(0) ||
      tc.getDimSize(1) != tb.getDimSize(0) || tc.getNumElements() == 0) {
    llvm::errs() << "ascube-embed: no @matmul(A: M x K, BT: N x K, C: M x N) "
                    "of static row-major f32 memrefs in GM in "
                 << argv[1] << "\n";
    return 1;
  }
  int64_t m = ta.getDimSize(0), k = ta.getDimSize(1), n = tb.getDimSize(0);
  // The JIT calls it through its C interface (_mlir_ciface_matmul).
  fn->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
              UnitAttr::get(&ctx));

  // 3. The compiler pipeline for the product, by its registered name, as
  //    `ascube-opt --ascube-pipeline=product=P` runs it.
  PassManager pm(&ctx);
  std::string pipeline =
      "ascube-pipeline{product=" + std::string(argv[2]) + "}";
  if (failed(parsePassPipeline(pipeline, pm)) || failed(pm.run(*module)))
    return 1;

  // 4. JIT-compile and run through the C interface (one memref descriptor
  //    per argument).
  auto engine = ExecutionEngine::create(*module);
  if (!engine) {
    llvm::errs() << "ascube-embed: " << llvm::toString(engine.takeError())
                 << "\n";
    return 1;
  }
  std::vector<float> a(m * k), bt(n * k), c(m * n, 0.0f);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t kk = 0; kk < k; ++kk)
      a[i * k + kk] = float((i * 7 + kk * 3) % 11 - 5) * 0.25f;
  for (int64_t j = 0; j < n; ++j)
    for (int64_t kk = 0; kk < k; ++kk)
      bt[j * k + kk] = float((j * 5 + kk * 2) % 9 - 4) * 0.5f;
  StridedMemRefType<float, 2> da{a.data(), a.data(), 0, {m, k}, {k, 1}};
  StridedMemRefType<float, 2> db{bt.data(), bt.data(), 0, {n, k}, {k, 1}};
  StridedMemRefType<float, 2> dc{c.data(), c.data(), 0, {m, n}, {n, 1}};
  auto *pa = &da, *pb = &db, *pc = &dc;
  void *args[] = {&pa, &pb, &pc};
  if (llvm::Error e = (*engine)->invokePacked("_mlir_ciface_matmul", args)) {
    llvm::errs() << "ascube-embed: " << llvm::toString(std::move(e)) << "\n";
    return 1;
  }

  // 5. A plain product, k in order from 0, in f32.
  int64_t bad = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (int64_t kk = 0; kk < k; ++kk)
        sum += a[i * k + kk] * bt[j * k + kk];
      bad += c[i * n + j] != sum;
    }
  llvm::outs() << "ascube-embed: @matmul " << m << " x " << k << " x " << n
               << " on " << argv[2] << ": C[0][0] = " << c[0] << ", C[" << m - 1
               << "][" << n - 1 << "] = " << c[m * n - 1] << ", " << bad
               << " of " << m * n << " elements differ\n";
  return bad ? 1 : 0;
}
