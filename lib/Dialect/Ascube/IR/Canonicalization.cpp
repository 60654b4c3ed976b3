//===- Canonicalization.cpp - Canonicalization ----------------------------===//
//
// The canonicalization patterns of each instruction op (hasCanonicalizer):
// no-op instructions go (InstructionOpInterface::isNoOp), derived
// parameters fold to their canonical (absent) form when the parameters
// they derive compare equal, a move repeated or overwritten before any read
// goes (the MoverOpInterface accesses; docs/Rationale.md).
//
//===----------------------------------------------------------------------===//

#include "OpVerification.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::detail;
using layout::Format;
using target::Level;

namespace {
/// What an instruction does, as comparable parameters (or the squares they
/// move, which is what two spellings of LoadDataWithTranspose / 2D-v2 have
/// in common); std::nullopt when the parameters cannot be computed.
std::optional<model::Load2DParams> behaviourOf(Load2DOp o) {
  auto p = quietly(o, [&](EmitErrorFn e) { return getLoad2DParams(o, e); });
  return succeeded(p) ? std::optional(*p) : std::nullopt;
}
std::optional<SmallVector<FractalSquare>> behaviourOf(Load2DTransposeOp o) {
  auto p =
      quietly(o, [&](EmitErrorFn e) { return getLoad2DTransposeParams(o, e); });
  if (failed(p))
    return std::nullopt;
  return getLoad2DTransposeSquares(*p);
}
std::optional<std::pair<bool, SmallVector<FractalSquare>>>
behaviourOf(Load2DV2Op o) {
  auto p = quietly(o, [&](EmitErrorFn e) { return getLoad2DV2Params(o, e); });
  if (failed(p))
    return std::nullopt;
  unsigned bits = *getElementBitWidth(
      cast<MemRefType>(o.getSrc().getType()).getElementType());
  return std::make_pair(p->ifTranspose, getLoad2DV2Squares(*p, bits));
}
/// LoadData 3D: its parameters as they execute and the bits of its padding
/// value (0 when absent, the hardware's default).
struct Load3DBehaviour {
  Load3DParams params;
  uint64_t padBits = 0;
  bool operator==(const Load3DBehaviour &o) const {
    return params.executesAs(o.params) && padBits == o.padBits;
  }
};
std::optional<Load3DBehaviour> behaviourOf(Load3DOp o) {
  auto p = quietly(o, [&](EmitErrorFn e) { return getLoad3DParams(o, e); });
  if (failed(p))
    return std::nullopt;
  APInt pad(64, 0);
  if (auto i = dyn_cast_or_null<IntegerAttr>(o.getPadValueAttr()))
    pad = i.getValue().zextOrTrunc(64);
  else if (auto f = dyn_cast_or_null<FloatAttr>(o.getPadValueAttr()))
    pad = f.getValue().bitcastToAPInt().zextOrTrunc(64);
  return Load3DBehaviour{*p, pad.getZExtValue()};
}

/// A move with unitFlag (Fixpipe) also hands L0C blocks back to the Mmad:
/// not a plain move.
bool handsOffTiles(Operation *op) {
  auto i = dyn_cast<InstructionOpInterface>(op);
  return i && i.getUnitFlagValue() != 0;
}

/// Whether `op` writes the hidden 4:2 index buffer (LoadDataWithSparse):
/// a write no operand shows.
bool writesSparseIndex(Operation *op) {
  return hasSparseIndexEffect<MemoryEffects::Write>(op);
}

/// The second of two identical consecutive moves writes what the first
/// already wrote (its source is another level, so unchanged): erased.
template <typename OpT> struct EraseRepeatedMove : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    Operation *prev = op->getPrevNode();
    std::optional<MoverAccess> a = getMoverAccess(op);
    if (!prev || !a || !a->otherWrites.empty() || handsOffTiles(op) ||
        levelOf(a->src) == levelOf(a->dst) ||
        !OperationEquivalence::isEquivalentTo(
            prev, op, OperationEquivalence::IgnoreLocations))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Whether `op` writes every byte of its destination span: a mover in its
/// derived form -- no destination offset and no parameter beyond those that
/// change values, not places -- into a destination without padding, so the
/// whole logical tile it writes is the whole buffer.
bool writesDensely(Operation *op, const MoverAccess &m) {
  static const llvm::StringSet<> valueOnly = {"operandSegmentSizes",
                                              "ifTranspose",
                                              "enTranspose",
                                              "padValue",
                                              "mode",
                                              "quantPre",
                                              "deqScalar",
                                              "reluEn",
                                              "clipReluMaxVal",
                                              "arch3510",
                                              "subBlockId"};
  // Writes besides the destination (MX scales, the 4:2 index) are not
  // modelled as dense.
  if (!m.otherWrites.empty() || writesSparseIndex(op))
    return false;
  // Derived forms write the logical tile: dense only without padding.
  FailureOr<layout::FractalLayout> l = quietly(op, [&](EmitErrorFn e) {
    return getFractalLayout(cast<MemRefType>(m.dst.getType()), e);
  });
  if (failed(l) || l->numLogicalElements() != l->numElements())
    return false;
  // Operands src, srcOffset, dst, dstOffset, ...: no destination offset.
  auto seg = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  if (!seg || seg.size() < 4 || seg[3] != 0)
    return false;
  return llvm::all_of(op->getAttrs(), [](NamedAttribute a) {
    return valueOnly.contains(a.getName().getValue());
  });
}

/// A move whose destination bytes the next move overwrites entirely, without
/// reading that level in between, leaves no trace: erased. The next move
/// must write its span densely (a derived form); a LoadDataWithSparse also
/// writes the hidden index buffer, so it is never erased this way.
template <typename OpT> struct EraseOverwrittenMove : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    Operation *next = op->getNextNode();
    std::optional<MoverAccess> a = getMoverAccess(op);
    std::optional<MoverAccess> b = next ? getMoverAccess(next) : std::nullopt;
    if (!a || !b || !a->otherWrites.empty() || handsOffTiles(op) ||
        handsOffTiles(next) || writesSparseIndex(op) ||
        !writesDensely(next, *b) || a->dst != b->dst || !a->dstBytes ||
        !b->dstBytes || b->dstBytes->first > a->dstBytes->first ||
        b->dstBytes->second < a->dstBytes->second)
      return failure();
    Level l = levelOf(a->dst);
    if (levelOf(b->src) == l ||
        llvm::any_of(b->otherReads, [&](Value v) { return levelOf(v) == l; }))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Erases an instruction that does nothing (InstructionOpInterface::isNoOp).
template <typename OpT> struct EraseNoOpInstruction : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    if (!op.isNoOp())
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Drops an explicit mover parameter equal to what the op derives (the
/// same behaviour, compared as parameters, and the op still verifies): the
/// canonical form prints only what changes behaviour. Each candidate is
/// tried on a copy outside the IR that carries the op's target; the op
/// itself changes only through the rewriter.
template <typename OpT> struct DropDerivedParameters : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    auto want = behaviourOf(op);
    if (!want)
      return failure();
    TargetAttr target = getTargetAttr(op);
    for (NamedAttribute a : op->getAttrs()) {
      StringRef name = a.getName().getValue();
      if (name == "operandSegmentSizes")
        continue;
      auto trial = cast<OpT>(op->clone());
      trial->removeAttr(a.getName());
      if (target)
        trial->setAttr(AscubeDialect::kTargetAttrName, target);
      auto got = behaviourOf(trial);
      bool same = got && *got == *want && quietly(trial, [&](EmitErrorFn) {
                    return succeeded(mlir::verify(trial));
                  });
      trial->erase();
      if (same) {
        rewriter.modifyOpInPlace(op, [&] { op->removeAttr(name); });
        return success();
      }
    }
    return failure();
  }
};

/// The canonicalization of a mover: no-op, repeated and overwritten moves.
template <typename OpT>
void addMoverPatterns(RewritePatternSet &results, MLIRContext *ctx) {
  results.add<EraseNoOpInstruction<OpT>, EraseRepeatedMove<OpT>,
              EraseOverwrittenMove<OpT>>(ctx);
}
} // namespace

// Movers whose parameters are derived from the operands' layouts also drop
// explicit parameters equal to the derived ones.
void DataCopyOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *ctx) {
  addMoverPatterns<DataCopyOp>(results, ctx);
}
void Load2DOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *ctx) {
  addMoverPatterns<Load2DOp>(results, ctx);
  results.add<DropDerivedParameters<Load2DOp>>(ctx);
}
void Load2DTransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                    MLIRContext *ctx) {
  addMoverPatterns<Load2DTransposeOp>(results, ctx);
  results.add<DropDerivedParameters<Load2DTransposeOp>>(ctx);
}
void Load2DV2Op::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *ctx) {
  addMoverPatterns<Load2DV2Op>(results, ctx);
  results.add<DropDerivedParameters<Load2DV2Op>>(ctx);
}
void LoadSparseOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *ctx) {
  addMoverPatterns<LoadSparseOp>(results, ctx);
}
void LoadMxOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *ctx) {
  addMoverPatterns<LoadMxOp>(results, ctx);
}
void Load3DOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *ctx) {
  addMoverPatterns<Load3DOp>(results, ctx);
  results.add<DropDerivedParameters<Load3DOp>>(ctx);
}
void Load3DV1Op::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *ctx) {
  addMoverPatterns<Load3DV1Op>(results, ctx);
}
void FixpipeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *ctx) {
  addMoverPatterns<FixpipeOp>(results, ctx);
}
// An Mmad that computes nothing goes; one that does is never a repeat (it
// accumulates or it overwrites C with the same values: kept, as the
// hardware runs it).
void MmadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *ctx) {
  results.add<EraseNoOpInstruction<MmadOp>>(ctx);
}
void MmadSparseOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *ctx) {
  results.add<EraseNoOpInstruction<MmadSparseOp>>(ctx);
}
void MmadMxOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *ctx) {
  results.add<EraseNoOpInstruction<MmadMxOp>>(ctx);
}
