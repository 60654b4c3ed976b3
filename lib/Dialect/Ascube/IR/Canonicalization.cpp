//===- Canonicalization.cpp - Canonicalization ----------------------------===//
//
// The dialect's canonicalization patterns: no-op instructions go, derived
// parameters fold to their canonical (absent) form, a move repeated or
// overwritten before any read goes (docs/Rationale.md).
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
/// What an instruction does, as a string: equal strings, equal behaviour.
/// Empty when the parameters cannot be computed.
std::string behaviour(Operation *op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  auto squares = [&](ArrayRef<FractalSquare> sq) {
    for (const FractalSquare &q : sq) {
      for (int64_t x : q.src)
        os << x << ",";
      os << ">";
      for (int64_t x : q.dst)
        os << x << ",";
      os << ";";
    }
  };
  if (auto o = dyn_cast<Load2DOp>(op)) {
    auto p = quietly(op, [&](EmitErrorFn e) { return getLoad2DParams(o, e); });
    if (failed(p))
      return "";
    os << p->startIndex << " " << p->repeatTimes << " " << p->srcStride << " "
       << p->sid << " " << p->dstGap << " " << p->addrMode << " "
       << p->ifTranspose;
  } else if (auto o = dyn_cast<Load2DTransposeOp>(op)) {
    auto p =
        quietly(op, [&](EmitErrorFn e) { return getTransposeParams(o, e); });
    if (failed(p))
      return "";
    squares(getTransposeSquares(*p));
  } else if (auto o = dyn_cast<Load2DV2Op>(op)) {
    auto p =
        quietly(op, [&](EmitErrorFn e) { return getLoad2DV2Params(o, e); });
    if (failed(p))
      return "";
    unsigned bits = *getElementBitWidth(
        cast<MemRefType>(o.getSrc().getType()).getElementType());
    os << p->ifTranspose << ":";
    squares(getLoad2DV2Squares(*p, bits));
  } else if (auto o = dyn_cast<Load3DOp>(op)) {
    auto p = quietly(op, [&](EmitErrorFn e) { return getLoad3DParams(o, e); });
    if (failed(p))
      return "";
    const model::Im2colGeometry &g = p->geometry;
    os << g.l1H << " " << g.l1W << " " << g.c1 << " " << g.kernelH << " "
       << g.kernelW << " " << g.strideH << " " << g.strideW << " "
       << g.dilationH << " " << g.dilationW << " " << g.padLeft << " "
       << g.padRight << " " << g.padTop << " " << g.padBottom << " "
       << p->channelSize << " " << p->mStartPt << " " << p->kStartPt << " "
       << p->mExtension << " " << p->kExtension << " " << p->enTranspose << " "
       << p->repeatTime << " " << p->repeatStride << " " << p->repeatMode << " "
       << p->dstStride << " " << p->isNoOp() << " ";
    // The padding value's bits (0 when absent).
    APInt pad(64, 0);
    if (auto i = dyn_cast_or_null<IntegerAttr>(o.getPadValueAttr()))
      pad = i.getValue().zextOrTrunc(64);
    else if (auto f = dyn_cast_or_null<FloatAttr>(o.getPadValueAttr()))
      pad = f.getValue().bitcastToAPInt().zextOrTrunc(64);
    os << pad.getZExtValue();
  } else {
    return "";
  }
  return s;
}

/// Whether an instruction does nothing (a zero repeat count or size).
bool isNoOpInstruction(Operation *op) {
  auto i = dyn_cast<InstructionOpInterface>(op);
  return i && i.isNoOp();
}

/// A Fixpipe with unitFlag also hands L0C blocks back to the Mmad: not a
/// plain move.
bool handsOffTiles(Operation *op) {
  auto f = dyn_cast<FixpipeOp>(op);
  return f && f.getUnitFlag().value_or(0) != 0;
}

/// The second of two identical consecutive moves writes what the first
/// already wrote (its source is another level, so unchanged): erased.
struct EraseRepeatedMove : RewritePattern {
  EraseRepeatedMove(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
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
  if (isa<LoadSparseOp, LoadMxOp>(op))
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
struct EraseOverwrittenMove : RewritePattern {
  EraseOverwrittenMove(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    Operation *next = op->getNextNode();
    std::optional<MoverAccess> a = getMoverAccess(op);
    std::optional<MoverAccess> b = next ? getMoverAccess(next) : std::nullopt;
    if (!a || !b || !a->otherWrites.empty() || handsOffTiles(op) ||
        handsOffTiles(next) || isa<LoadSparseOp>(op) ||
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

/// Erases ascube instructions that do nothing.
struct EraseNoOpInstruction : RewritePattern {
  EraseNoOpInstruction(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<AscubeDialect>(op->getDialect()) ||
        !isNoOpInstruction(op))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Drops explicit mover parameters equal to what the op derives: the
/// canonical form prints only what changes behaviour.
struct DropDerivedParameters : RewritePattern {
  DropDerivedParameters(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<Load2DOp, Load2DTransposeOp, Load2DV2Op, Load3DOp>(op))
      return failure();
    std::string want = behaviour(op);
    if (want.empty())
      return failure();
    for (NamedAttribute a : op->getAttrs()) {
      StringRef name = a.getName().getValue();
      if (name == "operandSegmentSizes")
        continue;
      Attribute saved = a.getValue();
      op->removeAttr(a.getName());
      bool same = behaviour(op) == want && quietly(op, [&](EmitErrorFn) {
                    return succeeded(mlir::verify(op));
                  });
      op->setAttr(a.getName(), saved);
      if (same) {
        rewriter.modifyOpInPlace(op, [&] { op->removeAttr(name); });
        return success();
      }
    }
    return failure();
  }
};
} // namespace

void AscubeDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<EraseNoOpInstruction, DropDerivedParameters, EraseRepeatedMove,
              EraseOverwrittenMove>(getContext());
}
