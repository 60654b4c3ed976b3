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

/// The 4:2 index buffer of A2/A3 (cube-reference §12, §14): a quarter of
/// L0B no operand names. ascube.load_sparse writes it and
/// ascube.mmad_sparse reads it, so effect analyses keep them in order.
struct SparseIndexResource
    : public mlir::SideEffects::Resource::Base<SparseIndexResource> {
  llvm::StringRef getName() final { return "ascube.sparse_index"; }
};

/// Whether `op` has a memory effect of kind EffectT (MemoryEffects::Read or
/// Write) on the 4:2 index buffer (SparseIndexResource).
template <typename EffectT> bool hasSparseIndexEffect(mlir::Operation *op) {
  auto iface = llvm::dyn_cast<mlir::MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  llvm::SmallVector<mlir::MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [](const auto &e) {
    return llvm::isa<EffectT>(e.getEffect()) &&
           e.getResource() == SparseIndexResource::get();
  });
}
} // namespace ascube

#define GET_OP_CLASSES
#include "ascube/Dialect/Ascube/IR/AscubeOps.h.inc"

#endif // ASCUBE_DIALECT_ASCUBE_IR_ASCUBE_H
