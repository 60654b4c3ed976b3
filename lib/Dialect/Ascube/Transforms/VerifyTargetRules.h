//===- VerifyTargetRules.h - The rules of ascube-verify-target -*- C++ -*-===//
//
// ascube-verify-target's rules, one group per file (internal):
// VerifyTarget.cpp (the pass; capacity_c3, arg_c2, call sites, loop
// offsets), LiveData.cpp (overlap_c1, overlap_c2, overlap_c3),
// PipeRules.cpp (unitflag_c1, sync_c1, sync_c3).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_TRANSFORMS_VERIFYTARGETRULES_H
#define ASCUBE_LIB_TRANSFORMS_VERIFYTARGETRULES_H

#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <memory>
#include <optional>
#include <utility>

namespace ascube::verify {

/// The byte range a placed buffer (an allocation with an offset, an
/// argument with ascube.offset) occupies in its level; std::nullopt for a
/// buffer ascube places.
std::optional<std::pair<int64_t, int64_t>> placedRange(mlir::Value v);

/// Whether `op` reads or writes buffers (a mover or an Mmad).
bool hasAccesses(mlir::Operation *op);

/// The buffer operands of one instruction in the same level do not overlap
/// (overlap_c1).
mlir::LogicalResult checkOverlaps(mlir::Operation *op);

/// Data overwritten through an overlapping buffer while still live
/// (overlap_c2) or handed across buffers of another geometry (overlap_c3, a
/// warning), calls included. Keeps what each callee does to placed bytes
/// across the functions of one run.
class LiveDataChecker {
public:
  LiveDataChecker();
  ~LiveDataChecker();
  mlir::LogicalResult check(mlir::func::FuncOp f);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// unitFlag pairing between Mmads and the Fixpipe of their tile
/// (unitflag_c1).
mlir::LogicalResult checkUnitFlags(mlir::func::FuncOp f);

/// The PIPE_M barrier between small accumulating Mmads (sync_c1).
mlir::LogicalResult checkPipeM(mlir::func::FuncOp f);

/// The SetFlag/WaitFlag events the product has: a FIX pipe, constant event
/// IDs in range (sync_c3).
mlir::LogicalResult checkFlags(mlir::func::FuncOp f);

} // namespace ascube::verify

#endif // ASCUBE_LIB_TRANSFORMS_VERIFYTARGETRULES_H
