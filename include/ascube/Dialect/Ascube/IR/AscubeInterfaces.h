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

} // namespace ascube

#include "ascube/Dialect/Ascube/IR/AscubeInterfaces.h.inc"

#endif // ASCUBE_DIALECT_ASCUBE_IR_ASCUBEINTERFACES_H
