//===- SharedFunctions.h - Code and tables a module holds once --*- C++ -*-===//
//
// What lowerings of many instructions share in the module: functions kept
// out of line (an outlined instruction, a micro-kernel, a transpose) and
// constant tables. Private to lib/Conversion/AscubeToLoops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_SHAREDFUNCTIONS_H
#define ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_SHAREDFUNCTIONS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace ascube::lowering {
using namespace mlir;

/// Marks `f` to stay out of line in LLVM (passthrough noinline): an
/// outlined instruction or shared function compiled once, not inlined at
/// each call.
void keepOutOfLine(func::FuncOp f);

/// memref<?xT, strided<[1], offset: ?>>: any contiguous run of T, the
/// buffer type of a shared function's arguments.
MemRefType contiguousRun(Type t);

/// The function `name` of `type` that lowerings of many instructions share
/// (code that does not depend on an instruction's shape: a micro-kernel, a
/// transpose), in the module around `b`'s insertion point: the existing
/// one, or a new private one, kept out of line, whose body `build` writes
/// (with a builder at its entry block and the function, for its
/// arguments; the return is added after).
func::FuncOp sharedFunction(
    ImplicitLocOpBuilder &b, StringRef name, FunctionType type,
    llvm::function_ref<void(ImplicitLocOpBuilder &, func::FuncOp)> build);

/// A constant i32 table, a private global of the module named `base` (or
/// `base_N` when a different table already has that name).
Value constTable(ImplicitLocOpBuilder &b, ModuleOp module, StringRef base,
                 ArrayRef<int32_t> values);

} // namespace ascube::lowering

#endif // ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_SHAREDFUNCTIONS_H
