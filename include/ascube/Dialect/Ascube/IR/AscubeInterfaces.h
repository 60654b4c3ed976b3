//===- AscubeInterfaces.h - ascube op interfaces ----------------*- C++ -*-===//
//
// The op interfaces of AscubeInterfaces.td and the small structs their
// methods return.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_DIALECT_ASCUBE_IR_ASCUBEINTERFACES_H
#define ASCUBE_DIALECT_ASCUBE_IR_ASCUBEINTERFACES_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/STLExtras.h"

namespace ascube {

/// Emits a diagnostic at the op a parameter function reads (its verifier's
/// emitOpError, or a quiet one).
using EmitErrorFn = llvm::function_ref<mlir::InFlightDiagnostic()>;

/// How far an instruction reaches past its base addresses, in logical
/// elements of each buffer: [0, src) of the source and [0, dst) of the
/// destination (0 for a no-op). The verifiers check these against static
/// offsets; the lowering checks them at run time when asked.
struct AccessExtents {
  int64_t src = 0, dst = 0;

  /// The elements a side touches within its extent when they are runs
  /// with gaps between them (a strided GM matrix): `outer` groups
  /// `outerPitch` apart, each of `count` runs of `length` elements `pitch`
  /// apart, from the base address; the same units as the extent.
  struct Runs {
    int64_t length = 0, count = 1, pitch = 0, outer = 1, outerPitch = 0;
  };
  /// Set by the movers whose GM side is rows of a matrix (DataCopy's
  /// bursts and ND2NZ/DN2NZ rows, Fixpipe's ND/DN rows); std::nullopt:
  /// the extent is touched whole. The flag model (ascube-run --check-sync)
  /// reads these, so that a mover's rows do not meet what another pipe
  /// touches between them.
  std::optional<Runs> srcRuns, dstRuns;
};

/// Byte alignment an instruction requires of its source and destination
/// base addresses (cube-reference §4, §13.1).
struct BaseAlignment {
  int64_t src = 1, dst = 1;
};

/// A mover's requirement of `operand`'s base address: its source's or
/// destination's BaseAlignment (the default of
/// InstructionOpInterface::getRequiredAlignment); std::nullopt for other
/// operands and ops.
std::optional<int64_t> getMoverOperandAlignment(mlir::Operation *op,
                                                mlir::OpOperand &operand);

/// The m, k and n of a matrix instruction, in elements (k: the original K
/// for mmad_sparse).
struct MatmulShape {
  int64_t m = 0, k = 0, n = 0;
  /// m, k or n = 0: nothing is computed (§13.1).
  bool isNoOp() const { return m == 0 || k == 0 || n == 0; }
};

namespace detail {
template <typename OpT>
using UnitFlagField = decltype(std::declval<OpT &>().getUnitFlag());
/// The default of InstructionOpInterface::getUnitFlagValue: the op's
/// optional `unitFlag` attribute, 0 when absent or not a field of the op.
template <typename OpT> int64_t unitFlagOr0(OpT op) {
  if constexpr (llvm::is_detected<UnitFlagField, OpT>::value)
    return op.getUnitFlag().value_or(0);
  else
    return 0;
}
} // namespace detail

} // namespace ascube

#include "ascube/Dialect/Ascube/IR/AscubeInterfaces.h.inc"

#endif // ASCUBE_DIALECT_ASCUBE_IR_ASCUBEINTERFACES_H
