//===- Jit.h - ascube-run: the kernel compiled on every core ----*- C++ -*-===//
//
// The lowered kernel (LLVM dialect) compiled for this host in pieces at
// once, one per host core: translated to LLVM IR, its functions shared out
// by size, each piece optimized (-O3) and compiled to an object on a thread
// of its own, the objects linked by ORC. A function's code is what LLVM
// makes of it alone (the outlined instructions and shared kernels are kept
// out of line, so pieces lose no inlining that mattered); the bits it
// computes do not depend on the piece, as LLVM changes no floating-point
// result without fast-math flags, which the lowering never sets.
//
// Why not mlir::ExecutionEngine: it adds the whole module to LLJIT as one
// piece, optimized and compiled on one thread; optimization and code
// generation were most of a mapped GEMM's compile time.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TOOLS_ASCUBE_RUN_JIT_H
#define ASCUBE_TOOLS_ASCUBE_RUN_JIT_H

#include "mlir/IR/BuiltinOps.h"

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <memory>
#include <utility>

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

namespace ascube::run {

#if defined(__clang__)
#define ASCUBE_NO_SANITIZE_FUNCTION __attribute__((no_sanitize("function")))
#else
#define ASCUBE_NO_SANITIZE_FUNCTION
#endif

/// Calls compiled code: `fn(args...)`, not checked by UBSan's
/// -fsanitize=function, which reads a type signature in the 8 bytes before
/// the callee. Compiled code has none, and a function that starts its
/// piece's first page has no mapped bytes there (the sanitizer build
/// crashed on such a __ascube_start_block).
template <typename... Params, typename... Args>
ASCUBE_NO_SANITIZE_FUNCTION inline void callCompiled(void (*fn)(Params...),
                                                     Args &&...args) {
  fn(std::forward<Args>(args)...);
}

class Jit {
public:
  /// Compiles `module` (LLVM dialect) for the host `jtmb` describes, in at
  /// most `pieces` pieces at once, with a packed entry `_mlir_<wrapped>`
  /// (void(void **): argument i read through args[i]) for the function
  /// `wrapped`. `symbols` are defined for the kernel (the runner's hooks);
  /// the rest resolve in this process.
  static llvm::Expected<std::unique_ptr<Jit>>
  create(mlir::ModuleOp module, llvm::orc::JITTargetMachineBuilder jtmb,
         llvm::StringRef wrapped, unsigned pieces,
         llvm::function_ref<llvm::orc::SymbolMap(llvm::orc::MangleAndInterner)>
             symbols);
  ~Jit();

  /// The address of `name` (its piece, and the pieces it reaches, linked
  /// on the first lookup).
  llvm::Expected<void *> lookup(llvm::StringRef name);
  /// The packed entry of `wrapped` (create).
  llvm::Expected<void (*)(void **)> lookupPacked(llvm::StringRef wrapped);

private:
  Jit() = default;
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

} // namespace ascube::run

#endif // ASCUBE_TOOLS_ASCUBE_RUN_JIT_H
