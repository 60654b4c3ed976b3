//===- VerifyTarget.cpp - Whole-function checks against the target --------===//
//
// ascube-verify-target: what only a whole function shows (cube-reference §1,
// §13.3; docs/Constraints.md): the on-core buffers of a level together
// (capacity_c3), placed arguments (arg_c2), offsets made dynamic only by
// constant-bound loops (each mover's bounds rule, alignment_c2), overlapping
// operands of one instruction (overlap_c1), data overwritten through an
// overlapping buffer while still live (overlap_c2) or handed across buffers
// of another geometry (overlap_c3, a warning), unitFlag pairing
// (unitflag_c1), the PIPE_M barrier between small accumulating Mmads
// (sync_c1) and the product's flag events (sync_c3). Buffer arguments'
// capacities are the module verifier's. This file holds the pass and the
// placement, call-site and loop-offset rules; the others are in LiveData.cpp
// and PipeRules.cpp (VerifyTargetRules.h).
//
//===----------------------------------------------------------------------===//

#include "IndexEval.h"
#include "VerifyTargetRules.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBEVERIFYTARGET
#include "ascube/Dialect/Ascube/Transforms/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using namespace ascube::verify;
using target::Level;

namespace {

/// Byte size of a buffer's storage (its layout's padded size).
std::optional<int64_t> bufferBytes(MemRefType t) {
  FailureOr<layout::FractalLayout> l = getFractalLayout(
      t, [&] { return emitError(UnknownLoc::get(t.getContext())); });
  if (failed(l))
    return std::nullopt;
  return l->sizeInBytes();
}

/// The on-core buffers a function holds: its on-core arguments (which its
/// caller allocated) and its allocations.
SmallVector<Value> onCoreBuffers(func::FuncOp f) {
  SmallVector<Value> bufs;
  for (BlockArgument a : f.getArguments())
    if (isOnCoreArgument(a))
      bufs.push_back(a);
  f.walk([&](AllocOp op) { bufs.push_back(op.getBuffer()); });
  return bufs;
}

/// All on-core buffers of each level together (capacity_c3): placed ones
/// up to their highest end, unplaced ones packed after it at the level's
/// alignment. Arguments count as allocations do.
LogicalResult checkLevelTotals(func::FuncOp f,
                               const target::ProductInfo &prod) {
  struct Use {
    int64_t placedEnd = 0, unplaced = 0;
  };
  llvm::SmallDenseMap<unsigned, Use> levels;
  for (Value buf : onCoreBuffers(f)) {
    auto type = cast<MemRefType>(buf.getType());
    std::optional<int64_t> bytes = bufferBytes(type);
    Level level = *getMemLevel(type);
    if (!bytes || level == Level::GM || !prod.hasLevel(level))
      continue;
    Use &u = levels[unsigned(level)];
    if (std::optional<int64_t> off = getPlacedOffset(buf))
      u.placedEnd = std::max(u.placedEnd, *off + *bytes);
    else
      u.unplaced += llvm::alignTo(*bytes, prod.alignment(level));
  }
  bool ok = true;
  for (auto &[lvl, u] : levels) {
    Level level = Level(lvl);
    int64_t cap = prod.capacity(level);
    int64_t total =
        llvm::alignTo(u.placedEnd, prod.alignment(level)) + u.unplaced;
    if (total <= cap)
      continue;
    f.emitError() << "the allocations of " << target::stringifyLevel(level)
                  << " in @" << f.getName() << " need " << total
                  << " B (placed up to " << u.placedEnd << " B, " << u.unplaced
                  << " B unplaced) but " << prod.Name << " "
                  << target::stringifyLevel(level) << " holds " << cap
                  << " B [capacity_c3]";
    ok = false;
  }
  return success(ok);
}

/// A placed argument of a kernel (a function no call of the module
/// reaches: the host passes its buffers) shares no bytes with another
/// placed buffer of it (arg_c2): the host's buffers are memory of their own
/// when the kernel runs on the CPU, so aliasing through them could not
/// execute as placed. A called function's arguments are its callers'
/// buffers, in the level's one memory (arg_c3 checks the places).
LogicalResult checkPlacedArguments(func::FuncOp f) {
  if (Operation *scope = SymbolTable::getNearestSymbolTable(f))
    if (!SymbolTable::symbolKnownUseEmpty(f, scope))
      return success();
  SmallVector<Value> bufs = onCoreBuffers(f);
  bool ok = true;
  for (BlockArgument a : f.getArguments()) {
    auto ra = placedRange(a);
    if (!ra)
      continue;
    Level level = *getMemLevel(cast<MemRefType>(a.getType()));
    for (Value other : bufs) {
      auto ro = placedRange(other);
      if (other == a || !ro ||
          *getMemLevel(cast<MemRefType>(other.getType())) != level ||
          ra->second <= ro->first || ro->second <= ra->first)
        continue;
      // Report each pair of arguments once.
      if (auto oa = dyn_cast<BlockArgument>(other);
          oa && oa.getArgNumber() < a.getArgNumber())
        continue;
      InFlightDiagnostic d =
          emitError(a.getLoc())
          << "argument #" << a.getArgNumber() << " of @" << f.getName()
          << " (ascube.offset " << ra->first << ") shares bytes ["
          << std::max(ra->first, ro->first) << ", "
          << std::min(ra->second, ro->second) << ") of "
          << target::stringifyLevel(level) << " with "
          << (isa<BlockArgument>(other)
                  ? "argument #" +
                        std::to_string(
                            cast<BlockArgument>(other).getArgNumber())
                  : std::string("an allocation"))
          << "; arguments are separate memory when the kernel runs: "
             "allocate buffers meant to alias in the kernel [arg_c2]";
      if (!isa<BlockArgument>(other))
        d.attachNote(other.getLoc()) << "the allocation";
      ok = false;
    }
  }
  return success(ok);
}

/// A loop with constant bounds: its induction variable's first and last
/// values; std::nullopt for any other op, or a loop that may run zero times
/// or whose bounds overflow.
struct LoopEnds {
  Value iv;
  int64_t first, last;
};
std::optional<LoopEnds> loopEnds(Operation *op) {
  std::optional<int64_t> lb, ub, step;
  Value iv;
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    if (f.getUnsignedCmp())
      return std::nullopt;
    lb = getConstantIntValue(f.getLowerBound());
    ub = getConstantIntValue(f.getUpperBound());
    step = getConstantIntValue(f.getStep());
    iv = f.getInductionVar();
  } else if (auto f = dyn_cast<affine::AffineForOp>(op)) {
    if (!f.hasConstantBounds())
      return std::nullopt;
    lb = f.getConstantLowerBound();
    ub = f.getConstantUpperBound();
    step = f.getStepAsInt();
    iv = f.getInductionVar();
  }
  if (!lb || !ub || !step || *step <= 0 || *ub <= *lb)
    return std::nullopt;
  std::optional<int64_t> span = llvm::checkedSub(*ub - 1, *lb);
  if (!span)
    return std::nullopt;
  return LoopEnds{iv, *lb, *lb + (*span / *step) * *step};
}

/// The base alignment `callee`'s instructions need of its on-core argument
/// `index` (getRequiredBaseAlignment of its uses, through further calls).
int64_t requiredArgumentAlignment(func::FuncOp callee, unsigned index,
                                  llvm::DenseSet<Operation *> &visiting) {
  int64_t align = 1;
  if (callee.isExternal() || !visiting.insert(callee).second)
    return align;
  for (OpOperand &use : callee.getArgument(index).getUses()) {
    if (auto call = dyn_cast<func::CallOp>(use.getOwner())) {
      if (auto next = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
              call, call.getCalleeAttr()))
        align = std::max(align, requiredArgumentAlignment(
                                    next, use.getOperandNumber(), visiting));
      continue;
    }
    align = std::max(align, getRequiredBaseAlignment(use));
  }
  visiting.erase(callee);
  return align;
}

/// At a call of a function of the module, each placed on-core buffer sits
/// where the callee takes it (arg_c3): at the parameter's ascube.offset
/// when it names one (an unplaced buffer cannot promise that), otherwise at
/// an address the callee's instructions accept.
LogicalResult checkCallSites(func::FuncOp f) {
  bool ok = true;
  f.walk([&](func::CallOp call) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal() ||
        callee.getNumArguments() != call.getNumOperands())
      return;
    for (auto [i, v] : llvm::enumerate(call.getOperands())) {
      BlockArgument param = callee.getArgument(i);
      if (!isOnCoreArgument(param))
        continue;
      std::optional<int64_t> want = getPlacedOffset(param);
      std::optional<int64_t> at = getPlacedOffset(v);
      if (want && at != want) {
        InFlightDiagnostic d = call.emitOpError()
                               << "passes operand #" << i << " ";
        if (at)
          d << "placed at " << *at << " B";
        else
          d << "with no fixed place";
        d << " to @" << callee.getName()
          << ", whose argument is placed at ascube.offset " << *want
          << " B [arg_c3]";
        ok = false;
        continue;
      }
      if (want || !at)
        continue;
      llvm::DenseSet<Operation *> visiting;
      int64_t align = requiredArgumentAlignment(callee, i, visiting);
      if (*at % align != 0) {
        call.emitOpError() << "passes operand #" << i << " placed at " << *at
                           << " B to @" << callee.getName()
                           << ", whose instructions need the buffer " << align
                           << " B aligned [arg_c3]";
        ok = false;
      }
    }
  });
  return success(ok);
}

/// Offsets that only loops make dynamic: a mover nested only in loops with
/// constant bounds (at least one iteration each), directly in the body of
/// a single-block function, whose offsets the index arithmetic gives
/// (IndexEval.h) is checked, at the first and the last iteration of each
/// loop (every combination, the four innermost loops), against its bounds
/// rule and alignment_c2: values the kernel executes, so nothing legal is
/// refused. A mover under a conditional (scf.if, affine.if), a while loop,
/// a loop of unknown bounds or in a branchy function may not run at those
/// iterations: its offsets are left to the run-time checks.
LogicalResult checkLoopOffsets(func::FuncOp f) {
  bool ok = true;
  f.walk([&](Operation *op) {
    std::optional<MoverFacts> m = getMoverFacts(op);
    if (!m)
      return;
    auto dynamic = [](Value v) { return v && !getConstantIntValue(v); };
    if (!dynamic(m->srcOffset) && !dynamic(m->dstOffset))
      return;
    if (!f.getBody().hasOneBlock())
      return;
    SmallVector<LoopEnds> loops;
    for (Operation *p = op->getParentOp(); p != f; p = p->getParentOp()) {
      std::optional<LoopEnds> l = p ? loopEnds(p) : std::nullopt;
      if (!l)
        return; // the mover may not run at the loops' ends
      if (loops.size() < 4)
        loops.push_back(*l);
    }
    if (loops.empty())
      return;
    for (unsigned corner = 0; corner < (1u << loops.size()); ++corner) {
      llvm::DenseMap<Value, int64_t> ivs;
      for (auto [i, l] : llvm::enumerate(loops))
        ivs[l.iv] = (corner >> i) & 1 ? l.last : l.first;
      // "(with the loop's induction variable at its first iteration, 0)";
      // outer loops listed first.
      auto at = [&] {
        std::string s;
        llvm::raw_string_ostream os(s);
        os << " (with the enclosing loop" << (loops.size() > 1 ? "s'" : "'s")
           << " induction variable" << (loops.size() > 1 ? "s" : "") << " at ";
        for (size_t i = loops.size(); i-- > 0;)
          os << ((corner >> i) & 1 ? "last " : "first ") << ivs[loops[i].iv]
             << (i ? ", " : "");
        os << ")";
        return s;
      };
      auto check = [&](StringRef role, Value buf, Value off, int64_t extent,
                       int64_t align) {
        if (!dynamic(off) || extent <= 0)
          return true;
        std::optional<int64_t> v = evalIndex(off, ivs);
        if (!v)
          return true;
        auto type = cast<MemRefType>(buf.getType());
        std::optional<int64_t> elems;
        {
          ScopedDiagnosticHandler quiet(f.getContext(),
                                        [](Diagnostic &) { return success(); });
          FailureOr<layout::FractalLayout> l = getFractalLayout(
              type, [&] { return emitError(UnknownLoc::get(f.getContext())); });
          if (succeeded(l))
            elems = l->numElements();
        }
        if (!elems)
          return true;
        if (*v < 0 || *v > *elems - extent) {
          op->emitOpError()
              << role << " offset " << *v << at()
              << (*v < 0 ? " is negative"
                         : " runs past the " + role.str() + " buffer")
              << ": " << extent << " elements from it in " << type
              << ", which holds " << *elems << " elements [" << m->boundsLabel
              << "]";
          return false;
        }
        std::optional<int64_t> base = getStaticBase(buf);
        unsigned bits = getElementBitWidth(type.getElementType()).value_or(8);
        // The address in bits, modulo the alignment (no product of a large
        // offset and the element width is formed): 0 <= v, base.
        int64_t unit = int64_t(align) * 8;
        if (base && align > 1 &&
            ((*base % align) * 8 + (*v % unit) * int64_t(bits)) % unit) {
          InFlightDiagnostic d = op->emitOpError();
          std::optional<int64_t> bitOff = llvm::checkedMul(*v, int64_t(bits));
          std::optional<int64_t> addr =
              bitOff ? llvm::checkedAdd(*base, *bitOff / 8) : std::nullopt;
          if (addr)
            d << role << " address " << *addr << " B";
          else
            d << role << " address " << *base << " B + " << *v << " " << bits
              << "-bit elements";
          d << at() << " is not a multiple of " << align << " B [alignment_c2]";
          return false;
        }
        return true;
      };
      if (!check("source", m->src, m->srcOffset, m->extents.src,
                 m->align.src) ||
          !check("destination", m->dst, m->dstOffset, m->extents.dst,
                 m->align.dst)) {
        ok = false;
        return;
      }
    }
  });
  return success(ok);
}

struct AscubeVerifyTargetPass
    : ascube::impl::AscubeVerifyTargetBase<AscubeVerifyTargetPass> {
  using AscubeVerifyTargetBase::AscubeVerifyTargetBase;
  void runOnOperation() override {
    bool ok = true;
    LiveDataChecker liveData;
    getOperation().walk([&](func::FuncOp f) {
      if (f.isExternal() || (onlyWithTarget && !getTargetProduct(f)))
        return;
      ok &= succeeded(checkPlacedArguments(f));
      ok &= succeeded(checkCallSites(f));
      ok &= succeeded(checkLoopOffsets(f));
      if (const target::ProductInfo *prod = getTargetProduct(f))
        ok &= succeeded(checkLevelTotals(f, *prod));
      f.walk([&](Operation *op) {
        if (hasAccesses(op))
          ok &= succeeded(checkOverlaps(op));
      });
      ok &= succeeded(liveData.check(f));
      ok &= succeeded(checkUnitFlags(f));
      ok &= succeeded(checkPipeM(f));
      ok &= succeeded(checkFlags(f));
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace

/// The byte range a placed buffer (an allocation with an offset, an
/// argument with ascube.offset) occupies in its level.
std::optional<std::pair<int64_t, int64_t>>
ascube::verify::placedRange(Value v) {
  std::optional<int64_t> start = getPlacedOffset(v);
  if (!start)
    return std::nullopt;
  std::optional<int64_t> bytes = bufferBytes(cast<MemRefType>(v.getType()));
  std::optional<int64_t> end =
      bytes ? llvm::checkedAdd(*start, *bytes) : std::nullopt;
  if (!end)
    return std::nullopt; // beyond any level: capacity_c1's to report
  return std::make_pair(*start, *end);
}
