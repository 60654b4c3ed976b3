//===- Instrumentation.h - Hooks a runner checks by -------------*- C++ -*-===//
//
// The calls that let a runner check a lowered kernel (Instrumentation.cpp):
// the flag-model hooks of sync checks, the GM access hooks of race checks,
// and memref.copy expanded to element loads and stores. Private to
// lib/Conversion/AscubeToLoops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_INSTRUMENTATION_H
#define ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_INSTRUMENTATION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir::memref {
class CopyOp;
} // namespace mlir::memref

namespace ascube::lowering {
using namespace mlir;

/// Puts the flag-model hooks (kSyncOpHook, kSyncAccessHook, kSyncFlagHook)
/// before every instruction and flag op of `func`, declaring them in its
/// module; appends one "file:line:col: op" text per site to `sites`.
void insertSyncHooks(func::FuncOp func, std::vector<std::string> &sites);

/// Replaces `copy` by a loop nest over the source's shape (row-major
/// order) of element loads and stores: the same elements moved, for any
/// strided views (upstream lowers a copy between views that are not both
/// contiguous to a call of the C runner utils' `memrefCopy`, which the JIT
/// does not load) and so that race checks see every element.
void expandCopyToLoops(memref::CopyOp copy);

/// Whether the LLVM lowering of `copy` would call `memrefCopy` (a source
/// or target strided but not contiguous row-major), so that
/// prepareAscubeToLoops expands it (expandCopyToLoops): plain ranked
/// memrefs only (builtin elements, no memory space, an identity or
/// strided layout); copies of ascube buffers are left to the conversion.
bool copyNeedsLoops(memref::CopyOp copy);

/// Declares a private hook `name(i64 x n)` in `module` once.
void declareHook(ModuleOp module, llvm::StringRef name, unsigned n);

/// After the conversion (race checks): puts a call of kGMAccessHook before
/// every memref.load and memref.store of `func` whose buffer is a view of
/// one of the arguments `gmArgs` (GM) or of a global marked kGMGlobalAttr,
/// with the element's host address,
/// its bytes and whether it is written; a memref.copy touching such a
/// buffer first becomes a loop nest of element loads and stores.
void insertGMAccessHooks(func::FuncOp func, llvm::ArrayRef<int64_t> gmArgs);

} // namespace ascube::lowering

#endif // ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_INSTRUMENTATION_H
