//===- Ascube.h - ascube dialect umbrella header ----------------*- C++ -*-===//

#ifndef ASCUBE_DIALECT_ASCUBE_IR_ASCUBE_H
#define ASCUBE_DIALECT_ASCUBE_IR_ASCUBE_H

#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"
#include "ascube/Dialect/Ascube/IR/AscubeInterfaces.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace ascube {
/// Rejects an attribute an ascube op does not define (attr_c1): every
/// discardable attribute of an ascube op must carry a dialect prefix
/// (`ascube.*`, `llvm.*`, ...); anything else is a misspelt or foreign
/// parameter, reported with the nearest name the op knows.
mlir::LogicalResult verifyOwnAttributesOnly(mlir::Operation *op);

/// The op trait behind verifyOwnAttributesOnly, carried by every ascube op.
template <typename ConcreteType>
class OwnAttributesOnly
    : public mlir::OpTrait::TraitBase<ConcreteType, OwnAttributesOnly> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyOwnAttributesOnly(op);
  }
};
} // namespace ascube

#define GET_OP_CLASSES
#include "ascube/Dialect/Ascube/IR/AscubeOps.h.inc"

#endif // ASCUBE_DIALECT_ASCUBE_IR_ASCUBE_H
