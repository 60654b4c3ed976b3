//===- SelectMovers.cpp - ascube.load -> concrete L1 -> L0 movers ---------===//
//
// ascube-select-movers: each abstract ascube.load becomes the cheapest legal
// mover sequence of the module's product (cube-reference §1 bandwidths,
// §6-§11). This file is the pass: it prices the candidates of
// MoverCandidates.cpp, picks the cheapest, explains the choice (remarks,
// report) or why none is legal.
//
//===----------------------------------------------------------------------===//

#include "Movers.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"
#include "ascube/Dialect/Ascube/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBESELECTMOVERS
#include "ascube/Dialect/Ascube/Transforms/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using namespace ascube::movers;
using target::Level;
namespace {

/// What a user can change when no mover can do `load` (cube-reference §11):
/// the transpositions the instructions do and the squares they do them in.
std::string hint(LoadOp load) {
  auto st = cast<MemRefType>(load.getSrc().getType());
  auto dt = cast<MemRefType>(load.getDst().getType());
  unsigned bits = getElementBitWidth(st.getElementType()).value_or(0);
  bool intoB = getMemLevel(dt) == Level::L0B;
  bool transposed = load.isTransposed();
  if (intoB && !transposed && (bits == 4 || bits == 8)) {
    int64_t side = bits == 4 ? 64 : 32;
    return llvm::formatv(
        "a {0}-bit K x N B is transposed into L0B by LoadDataWithTranspose "
        "in {1} x {1} squares: pad K and N to multiples of {1}, or hold B "
        "transposed (N x K in L1), whose fractals L0B takes as they are",
        bits, side);
  }
  if (!intoB && transposed && bits == 4)
    return "an int4 A cannot be moved transposed into L0A (§11): hold A as "
           "M x K in L1";
  if (transposed)
    return "the transposing movers work in squares of fractals (§7, §10.4): "
           "pad the transposed tile to whole squares (16 x 16 for b16/b32, "
           "32 x 32 for b8, 64 x 64 for b4), or hold the operand the way its "
           "L0 buffer reads it";
  return "";
}

/// `load`'s candidates (only `force`'s, if given), built quietly.
SmallVector<Candidate> candidatesOf(LoadOp load, std::optional<Mover> force,
                                    SquareRunsCache &cache, Operation *root) {
  SmallVector<Candidate> cands;
  NoOpOnDiagnostics probing(root);
  for (Mover m : moverOrder(load))
    if (!force || m == *force)
      cands.push_back(buildCandidate(load, m, &cache));
  return cands;
}

/// The cheapest legal candidate (ties: the first, §11's order), or null.
Candidate *cheapest(SmallVectorImpl<Candidate> &cands) {
  Candidate *best = nullptr;
  for (Candidate &c : cands)
    if (c.rejected.empty() && (!best || c.cost() < best->cost()))
      best = &c;
  return best;
}

/// Erases every candidate's ops but `best`'s, and `load` (null: none).
void keep(LoadOp load, SmallVectorImpl<Candidate> &cands, Candidate *best) {
  for (Candidate &c : cands)
    if (&c != best)
      for (Operation *op : llvm::reverse(c.ops))
        op->erase();
  if (load)
    load.erase();
}

struct AscubeSelectMoversPass
    : ascube::impl::AscubeSelectMoversBase<AscubeSelectMoversPass> {
  using AscubeSelectMoversBase::AscubeSelectMoversBase;

  void runOnOperation() override {
    if (!force.empty() && !symbolizeMover(force)) {
      getOperation().emitError()
          << "ascube-select-movers: unknown mover '" << force
          << "' (load_2d, load_2d_transpose, load_3d, load_2d_v2)";
      return signalPassFailure();
    }
    runsCache.runs.clear(); // the types of another run's context, maybe
    bool ok = true;
    getOperation().walk([&](func::FuncOp f) {
      SmallVector<LoadOp> loads;
      f.walk([&](LoadOp op) { loads.push_back(op); });
      totals.baselineMissing = false;
      Totals before = totals;
      for (LoadOp load : loads)
        ok &= succeeded(select(load));
      if (report && !loads.empty()) {
        Totals t = totals - before;
        InFlightDiagnostic r = f.emitRemark();
        r << "ascube-select-movers report for @" << f.getName() << ": "
          << loads.size() << " load" << (loads.size() == 1 ? "" : "s")
          << "; selected " << t.instructions << " MTE1 instructions, "
          << t.cycles << " cycles";
        if (t.baselineMissing)
          r << "; LoadData 2D-family route: not legal for every load";
        else
          r << "; LoadData 2D-family route " << t.baseInstructions
            << " instructions, " << t.baseCycles << " cycles";
        r << "; lower bound " << t.lowerBound << " cycles (bytes / bandwidth)";
      }
    });
    if (!ok)
      signalPassFailure();
  }

  /// squareRuns' answers during one run of the pass.
  SquareRunsCache runsCache;

  /// Running sums for the report.
  struct Totals {
    int64_t instructions = 0, cycles = 0, baseInstructions = 0, baseCycles = 0,
            lowerBound = 0;
    bool baselineMissing = false;
    Totals operator-(const Totals &o) const {
      return {instructions - o.instructions,
              cycles - o.cycles,
              baseInstructions - o.baseInstructions,
              baseCycles - o.baseCycles,
              lowerBound - o.lowerBound,
              baselineMissing};
    }
  } totals;

  LogicalResult select(LoadOp load) {
    // The load's own `mover` wins over the pass option.
    std::optional<Mover> force = symbolizeMover(this->force);
    if (std::optional<Mover> m = load.getMover())
      force = m;
    SmallVector<Candidate> cands =
        candidatesOf(load, force, runsCache, getOperation());
    Candidate *best = cheapest(cands);
    auto what = [&] {
      std::string s;
      llvm::raw_string_ostream os(s);
      auto st = cast<MemRefType>(load.getSrc().getType());
      auto dt = cast<MemRefType>(load.getDst().getType());
      os << "L1 -> " << target::stringifyLevel(*getMemLevel(dt)) << " "
         << st.getElementType() << " " << st.getDimSize(0) << "x"
         << st.getDimSize(1) << (load.isTransposed() ? " transposed" : "");
      if (const target::ProductInfo *prod = getTargetProduct(load))
        os << " on " << prod->Name;
      return s;
    };
    if (!best) {
      InFlightDiagnostic d = load.emitOpError();
      if (force) {
        d << "the forced mover " << stringifyMover(*force) << " cannot do "
          << what() << ": " << cands.front().rejected;
        return failure();
      }
      d << "no mover can do " << what();
      if (std::string h = hint(load); !h.empty())
        d << "; " << h;
      for (Candidate &c : cands)
        d.attachNote(load.getLoc())
            << stringifyMover(c.mover) << ": " << c.rejected;
      return failure();
    }
    if (remarks) {
      InFlightDiagnostic r = load.emitRemark();
      r << "ascube-select-movers: " << best->describe()
        << (force ? " forced" : " chosen") << " for " << what();
      bool first = true;
      for (Candidate &c : cands) {
        if (&c == best)
          continue;
        r << (first ? "; rejected: " : ", ");
        first = false;
        if (c.rejected.empty())
          r << c.describe();
        else
          r << stringifyMover(c.mover) << " (" << c.rejected << ")";
      }
    }
    totals.instructions += best->instructions;
    totals.cycles += best->cost();
    totals.lowerBound += best->transferCycles;
    Candidate *base = nullptr;
    for (Candidate &c : cands)
      if (c.rejected.empty() &&
          (c.mover == Mover::load_2d || c.mover == Mover::load_2d_transpose) &&
          (!base || c.cost() < base->cost()))
        base = &c;
    if (base) {
      totals.baseInstructions += base->instructions;
      totals.baseCycles += base->cost();
    } else {
      totals.baselineMissing = true;
    }
    keep(load, cands, best);
    return success();
  }
};

} // namespace

LogicalResult ascube::selectMovers(Operation *root) {
  SquareRunsCache cache;
  SmallVector<LoadOp> loads;
  root->walk([&](LoadOp op) { loads.push_back(op); });
  for (LoadOp load : loads) {
    SmallVector<Candidate> cands =
        candidatesOf(load, load.getMover(), cache, root);
    Candidate *best = cheapest(cands);
    keep(best ? load : LoadOp(), cands, best);
    if (!best)
      return failure();
  }
  return success();
}
