//===- MergeMovers.cpp - loops of LoadData 2D -> ascube.load --------------===//
//
// ascube-merge-movers: a scalar loop (or straight run) of ascube.load_2d
// that moves a whole L1 tile into a whole L0A/L0B tile becomes one abstract
// ascube.load, so ascube-select-movers can replace it with one LoadData 3D
// or 2D-v2 (cube-reference §6, §11). Whole-tile is decided by the same
// fractal-by-fractal check the derived mover forms use (movesWholeTile).
//
//===----------------------------------------------------------------------===//

#include "IndexEval.h"
#include "Movers.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/Support/CheckedArithmetic.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBEMERGEMOVERS
#include "ascube/Dialect/Ascube/Transforms/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using target::Level;

namespace {
/// Loops of more iterations are left alone (each iteration is evaluated).
constexpr int64_t kMaxMergedTrips = 4096;

/// The value of an index expression when `iv` is `ivValue` (IndexEval.h).
std::optional<int64_t> evalAt(Value v, Value iv, int64_t ivValue) {
  llvm::DenseMap<Value, int64_t> ivs;
  if (iv)
    ivs[iv] = ivValue;
  return evalIndex(v, ivs);
}

/// One executed load_2d: the op and its base offsets (elements).
struct Instance {
  mutable Load2DOp op;
  int64_t srcOffset, dstOffset;
};

/// The fractal moves of the instances, or failure when they are not plain
/// whole-fractal moves of one L1 -> L0A/L0B buffer pair.
FailureOr<std::pair<SmallVector<FractalSquare>, bool>>
squaresOf(ArrayRef<Instance> run) {
  SmallVector<FractalSquare> squares;
  Load2DOp first = run.front().op;
  auto st = cast<MemRefType>(first.getSrc().getType());
  auto dt = cast<MemRefType>(first.getDst().getType());
  if (getMemLevel(st) != Level::L1 ||
      (getMemLevel(dt) != Level::L0A && getMemLevel(dt) != Level::L0B))
    return failure();
  unsigned bits = *getElementBitWidth(st.getElementType());
  int64_t f = 4096 / bits;
  std::optional<bool> transposed;
  for (const Instance &in : run) {
    if (in.op.getSrc() != first.getSrc() || in.op.getDst() != first.getDst())
      return failure();
    ScopedDiagnosticHandler h(in.op->getContext(),
                              [](Diagnostic &) { return success(); });
    FailureOr<Load2DParams> p =
        getLoad2DParams(in.op, [&] { return in.op.emitOpError(); });
    if (failed(p) || in.srcOffset % f || in.dstOffset % f)
      return failure();
    // Without a target dstGap counts, yet a 950 would ignore it: such a
    // run is only merged once the product is known.
    if (p->dstGap != 0 && !getTargetProduct(in.op))
      return failure();
    if (transposed && *transposed != p->ifTranspose)
      return failure();
    transposed = p->ifTranspose;
    // The op's fractal moves, shifted by its base offsets.
    for (FractalSquare sq : getLoad2DSquares(*p)) {
      sq.src[0] += in.srcOffset / f;
      sq.dst[0] += in.dstOffset / f;
      squares.push_back(sq);
    }
  }
  return std::make_pair(squares, transposed.value_or(false));
}

/// Replaces the run with one ascube.load when it moves the whole tile.
bool mergeIfWhole(ArrayRef<Instance> run, Operation *insertBefore,
                  ArrayRef<Operation *> toErase) {
  if (run.empty())
    return false;
  auto sq = squaresOf(run);
  if (failed(sq))
    return false;
  Load2DOp first = run.front().op;
  auto st = cast<MemRefType>(first.getSrc().getType());
  auto dt = cast<MemRefType>(first.getDst().getType());
  if (!movesWholeTile(st, dt, sq->first,
                      *getElementBitWidth(st.getElementType()), sq->second))
    return false;
  OpBuilder b(insertBefore);
  auto load = LoadOp::create(b, first.getLoc(), first.getSrc(), first.getDst(),
                             /*transpose=*/false, /*mover=*/MoverAttr());
  // Only when selection can do it again: otherwise the kernel would lose a
  // move it had.
  if (!hasLegalMover(load)) {
    load.erase();
    return false;
  }
  for (Operation *op : toErase)
    op->erase();
  return true;
}

struct AscubeMergeMoversPass
    : ascube::impl::AscubeMergeMoversBase<AscubeMergeMoversPass> {
  void runOnOperation() override {
    // Every load_2d is probed quietly; the pass reports nothing.
    movers::NoOpOnDiagnostics probing(getOperation());
    // Loops: constant bounds, a body of index arithmetic and one load_2d.
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp f) { loops.push_back(f); });
    for (scf::ForOp loop : loops) {
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      // Signed loops with a modest trip count only (each iteration is
      // evaluated); bounds whose distance overflows are left alone.
      std::optional<int64_t> span =
          lb && ub ? llvm::checkedSub(*ub, *lb) : std::nullopt;
      if (!span || !step || *step <= 0 || loop.getNumResults() ||
          loop.getUnsignedCmp() || *span <= 0)
        continue;
      int64_t trips = llvm::divideCeil(*span, *step); // span > 0: no overflow
      if (trips > kMaxMergedTrips)
        continue;
      Load2DOp load;
      bool plain = true;
      for (Operation &op : loop.getBody()->without_terminator()) {
        if (auto l = dyn_cast<Load2DOp>(op)) {
          plain &= !load;
          load = l;
        } else if (!isa<affine::AffineApplyOp, arith::ConstantOp, arith::AddIOp,
                        arith::SubIOp, arith::MulIOp>(op)) {
          plain = false;
        }
      }
      if (!plain || !load)
        continue;
      SmallVector<Instance> run;
      Value iv = loop.getInductionVar();
      for (int64_t t = 0; t < trips && plain; ++t) {
        int64_t v = *lb + t * *step; // < ub: no overflow
        std::optional<int64_t> s = evalAt(load.getSrcOffset(), iv, v);
        std::optional<int64_t> d = evalAt(load.getDstOffset(), iv, v);
        if (!s || !d)
          plain = false;
        else
          run.push_back({load, *s, *d});
      }
      if (plain)
        mergeIfWhole(run, loop, {loop.getOperation()});
    }
    // Straight runs of load_2d between the same buffers.
    getOperation().walk([&](Block *block) {
      SmallVector<Instance> run;
      SmallVector<Operation *> ops;
      auto flush = [&] {
        if (run.size() > 1)
          mergeIfWhole(run, run.front().op, ops);
        run.clear();
        ops.clear();
      };
      for (Operation &op : llvm::make_early_inc_range(*block)) {
        auto load = dyn_cast<Load2DOp>(op);
        if (!load) {
          if (!isa<arith::ConstantOp>(op))
            flush();
          continue;
        }
        std::optional<int64_t> s = evalAt(load.getSrcOffset(), Value(), 0);
        std::optional<int64_t> d = evalAt(load.getDstOffset(), Value(), 0);
        if (!s || !d ||
            (!run.empty() && (load.getSrc() != run[0].op.getSrc() ||
                              load.getDst() != run[0].op.getDst())))
          flush();
        if (s && d) {
          run.push_back({load, *s, *d});
          ops.push_back(load);
        }
      }
      flush();
    });
  }
};

} // namespace
