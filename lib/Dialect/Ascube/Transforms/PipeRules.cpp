//===- PipeRules.cpp - ascube-verify-target: unitFlag and PIPE_M ---------===//
//
// The pipe rules of ascube-verify-target (cube-reference §13.3, §16;
// docs/Constraints.md): unitFlag pairing between an Mmad and the Fixpipe of
// its tile (unitflag_c1), the PipeBarrier<PIPE_M> between small
// accumulating Mmads (sync_c1), the products' SetFlag/WaitFlag events
// (sync_c3) and SyncAll (sync_c9).
//
//===----------------------------------------------------------------------===//

#include "VerifyTargetRules.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Model/FieldLimits.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::verify;
using target::Level;

namespace {
/// The same buffer, or placed buffers of one level that share bytes.
bool sameTile(Value x, Value y) {
  if (x == y)
    return true;
  auto rx = placedRange(x), ry = placedRange(y);
  return rx && ry &&
         getMemLevel(cast<MemRefType>(x.getType())) ==
             getMemLevel(cast<MemRefType>(y.getType())) &&
         rx->first < ry->second && ry->first < rx->second;
}

/// unitFlag (§13.3) hands L0C blocks from the Mmad to the Fixpipe: it must
/// be enabled on both or neither of the instructions sharing a C tile
/// (unitflag_c1).
} // namespace

LogicalResult ascube::verify::checkUnitFlags(func::FuncOp f) {
  SmallVector<std::pair<Value, Operation *>> flaggedMmad, plainMmad;
  f.walk([&](Operation *op) {
    auto m = dyn_cast<MatmulOpInterface>(op);
    if (!m)
      return;
    Value c = m.getMatrixC();
    int64_t flag = m.getUnitFlagValue();
    (flag ? flaggedMmad : plainMmad).push_back({c, op});
  });
  bool ok = true;
  f.walk(
      [&](FixpipeOp fp) {
        bool flagged = fp.getUnitFlag().value_or(0) != 0;
        auto &other = flagged ? plainMmad : flaggedMmad;
        auto it = llvm::find_if(other, [&](const auto &e) {
          return sameTile(e.first, fp.getSrc());
        });
        if (it == other.end())
          return;
        InFlightDiagnostic d =
            fp.emitOpError()
            << (flagged ? "has unitFlag but the Mmad writing its L0C tile does "
                          "not"
                        : "has no unitFlag but the Mmad writing its L0C tile "
                          "does")
            << "; it must be enabled on both (§13.3) [unitflag_c1]";
        d.attachNote(it->second->getLoc()) << "the Mmad";
        ok = false;
      });
  return success(ok);
}

namespace {

/// One Mmad-family instruction as the PIPE_M rule sees it.
struct CubeStep {
  Operation *op;
  Value c;
  int64_t m, n;
  bool accumulates;
};

std::optional<CubeStep> cubeStep(Operation *op) {
  auto mm = dyn_cast<MatmulOpInterface>(op);
  if (!mm)
    return std::nullopt;
  FailureOr<MatmulShape> s = mm.getShape();
  // A no-op issues nothing.
  if (failed(s) || s->isNoOp())
    return std::nullopt;
  return CubeStep{op, mm.getMatrixC(), s->m, s->n, mm.accumulates()};
}

/// Consecutive Mmads accumulating into the same L0C tile need
/// PipeBarrier<PIPE_M> between them when the first one's (m/16)·(n/16) < 10
/// (§13.3, sync_c1). Program order follows blocks; a loop body is also
/// checked against its own previous iteration when it may run twice.
class PipeMChecker {
public:
  /// The Mmads that may still be unfenced, one per control-flow path.
  using State = SmallVector<CubeStep, 2>;

  explicit PipeMChecker(const target::ProductInfo *prod) : prod(prod) {}

  /// Scans `block` from `state` and returns the state after it.
  State scan(Block &block, State state) {
    for (Operation &op : block) {
      if (auto b = dyn_cast<PipeBarrierOp>(op)) {
        if (b.getPipe() == Pipe::M || b.getPipe() == Pipe::ALL)
          state.clear();
        continue;
      }
      if (std::optional<CubeStep> s = cubeStep(&op)) {
        if (s->accumulates)
          for (const CubeStep &prev : state)
            if (sameTile(prev.c, s->c))
              check(prev, *s);
        state = {*s};
        continue;
      }
      if (op.getNumRegions() == 0)
        continue;
      std::optional<int64_t> trips;
      Block *body = nullptr;
      if (auto f = dyn_cast<scf::ForOp>(op)) {
        body = f.getBody();
        if (std::optional<APInt> t = f.getStaticTripCount())
          trips = int64_t(t->getLimitedValue(INT64_MAX));
      } else if (auto f = dyn_cast<affine::AffineForOp>(op)) {
        body = f.getBody();
        if (f.hasConstantBounds()) {
          // In 128 bits: the distance of two int64_t bounds can overflow.
          APInt span = APInt(128, f.getConstantUpperBound(), true) -
                       APInt(128, f.getConstantLowerBound(), true);
          APInt step(128, f.getStepAsInt(), true);
          trips =
              span.isStrictlyPositive()
                  ? int64_t(
                        (span + step - 1).sdiv(step).getLimitedValue(INT64_MAX))
                  : 0;
        }
      }
      if (body) {
        if (trips && *trips == 0)
          continue;
        State once = scan(*body, state);
        if (trips && *trips == 1) {
          state = once;
          continue;
        }
        State twice = scan(*body, once); // the next iteration after one
        if (trips) {
          state = twice;
          continue;
        }
        // Unknown trip count: zero, one or more iterations.
        State all = state;
        merge(all, once);
        merge(all, twice);
        state = all;
        continue;
      }
      // Other regions (scf.if, ...): each is checked from the current state;
      // afterwards every path's pending Mmads are (an scf.if without else
      // also passes the state on; other ops are taken to run their regions).
      State out;
      for (Region &r : op.getRegions())
        for (Block &b : r)
          merge(out, scan(b, state));
      if (auto ifOp = dyn_cast<scf::IfOp>(op);
          ifOp && ifOp.getElseRegion().empty())
        merge(out, state);
      state = out;
    }
    return state;
  }

  bool ok = true;

private:
  static void merge(State &into, const State &from) {
    for (const CubeStep &s : from)
      if (llvm::none_of(into, [&](const CubeStep &t) { return t.op == s.op; }))
        into.push_back(s);
  }

  void check(const CubeStep &prev, const CubeStep &next) {
    namespace limits = model::limits;
    int64_t blocks = limits::pipeMFractals(prev.m, prev.n);
    if (!limits::needsPipeMBarrier(prev.m, prev.n) ||
        !reported.insert(next.op).second)
      return;
    InFlightDiagnostic d =
        next.op->emitOpError()
        << "accumulates into the L0C tile the previous Mmad wrote (m = "
        << prev.m << ", n = " << prev.n << ": (m/16)*(n/16) = " << blocks
        << " < " << limits::kPipeMMinFractals
        << ") with no ascube.pipe_barrier <M> between them"
        << (prod ? std::string(" on ") + prod->Name : std::string())
        << " (§13.3) [sync_c1]";
    d.attachNote(prev.op->getLoc()) << "the previous Mmad";
    ok = false;
  }

  const target::ProductInfo *prod;
  llvm::DenseSet<Operation *> reported;
};

} // namespace

LogicalResult ascube::verify::checkPipeM(func::FuncOp f) {
  PipeMChecker pipeM(getTargetProduct(f));
  for (Block &b : f.getBody())
    pipeM.scan(b, {});
  return success(pipeM.ok);
}

LogicalResult ascube::verify::checkFlags(func::FuncOp f) {
  const target::ProductInfo *prod = getTargetProduct(f);
  if (!prod)
    return success();
  bool ok = true;
  f.walk([&](Operation *op) {
    if (isa<SyncAllOp>(op) && !prod->HasSyncAll) {
      op->emitOpError() << prod->Name
                        << " has no SyncAll (a barrier across blocks; "
                           "docs/Products.md): split the kernel where its "
                           "blocks hand GM over, or run one block [sync_c9]";
      ok = false;
      return;
    }
    Pipe src, dst;
    Value event;
    if (auto s = dyn_cast<SetFlagOp>(op))
      src = s.getSrc(), dst = s.getDst(), event = s.getEvent();
    else if (auto w = dyn_cast<WaitFlagOp>(op))
      src = w.getSrc(), dst = w.getDst(), event = w.getEvent();
    else
      return;
    if ((src == Pipe::FIX || dst == Pipe::FIX) && !prod->HasFixpipe) {
      op->emitOpError() << "event " << stringifyPipe(src) << " -> "
                        << stringifyPipe(dst) << ": " << prod->Name
                        << " has no FIX pipe (no Fixpipe, §16) [sync_c3]";
      ok = false;
      return;
    }
    std::optional<int64_t> id = getConstantIntValue(event);
    if (id && *id >= prod->EventIds) {
      op->emitOpError() << "event ID " << *id << " is out of range [0, "
                        << prod->EventIds - 1 << "] on " << prod->Name
                        << " [sync_c3]";
      ok = false;
    }
  });
  return success(ok);
}
