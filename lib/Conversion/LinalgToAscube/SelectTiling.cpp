//===- SelectTiling.cpp - ascube-select-tiling ----------------------------===//
//
// The tiling decision of the linalg entry, written into the IR: each
// matmul-family op gets the #ascube.matmul_tiling ascube-tile-linalg maps
// it with (planMatmul's choice, TileMatmul.cpp), each convolution its
// #ascube.conv_tiling (decideConv, TileConvPlan.cpp). An attribute
// already there is checked the same way and kept (a convolution's with
// its defaults filled in).
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"
#include "ascube/Conversion/Passes.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Dialect/Ascube/Transforms/EstimateTime.h"
#include "ascube/Dialect/Ascube/Transforms/Transforms.h"
#include "ascube/Target/Target.h"
#include "ascube/Timing/KernelTimer.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBESELECTTILING
#include "ascube/Conversion/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using namespace ascube::tiling;

/// The modelled cycles of `op` mapped with `tiling` on `blocks` blocks:
/// the function holding it cloned into a scratch module with the other
/// mapped ops and the calls left out (and, once mapped, their fills and
/// epilogues), mapped (convert-linalg-to-ascube,
/// which checks the tiling, and ascube-insert-sync-all), its movers
/// selected, walked by the timing model (ascube-estimate-time, within a
/// budget of 2^24 ops); std::nullopt, and why in `error`, where a step fails
/// (quietly).
static std::optional<double> timeTiling(Operation *op, Attribute tiling,
                                        unsigned blocks, std::string &error) {
  auto func = op->getParentOfType<func::FuncOp>();
  if (!func) {
    error = "it is in no function";
    return std::nullopt;
  }
  MLIRContext *ctx = op->getContext();
  ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(op->getLoc());
  for (Operation *p = op; p; p = p->getParentOp())
    if (Attribute a = p->getDiscardableAttr(AscubeDialect::kTargetAttrName)) {
      (*scratch)->setAttr(AscubeDialect::kTargetAttrName, a);
      break;
    }
  IRMapping map;
  OpBuilder b = OpBuilder::atBlockEnd(scratch->getBody());
  auto kernel = cast<func::FuncOp>(b.clone(*func, map));
  Operation *mine = map.lookupOrNull(op);
  if (!mine) {
    error = "it is not in its function's clone";
    return std::nullopt;
  }
  SmallVector<Operation *> others;
  kernel.walk([&](Operation *o) {
    if (o != mine && (isMatmulFamily(o) || isMappedConv(o) ||
                      isa<linalg::ConvolutionOpInterface, func::CallOp>(o)))
      others.push_back(o);
  });
  for (Operation *o : others)
    if (o->use_empty())
      o->erase();
  mine->setAttr(AscubeDialect::kTilingAttrName, tiling);
  LinalgEntryOptions entry;
  entry.byTime = false; // (the candidate's own tiling, not chosen again)
  auto noPipeline = [](OpPassManager &) { return failure(); };
  StringRef pass = "ascube-select-tiling";
  if (failed(convertLinalgToAscube(*scratch, entry, pass, noPipeline))) {
    error = "the mapping refuses it";
    return std::nullopt;
  }
  // What is left of linalg (on memrefs) is the ops left out's fills and
  // epilogues, or what the mapping does not fold — the same for every
  // candidate, as folding depends on the IR's shape, not on the tiling: no
  // pipe's time, and the walk would refuse it (nor should SyncAll
  // insertion order it as the kernel's own GM writes).
  SmallVector<Operation *> leftover;
  kernel.walk([&](linalg::LinalgOp l) { leftover.push_back(l); });
  for (Operation *o : leftover)
    o->erase();
  if (failed(insertSyncAll(*scratch, pass)) || failed(selectMovers(*scratch))) {
    error = "the mapping refuses it";
    return std::nullopt;
  }
  TimeEstimateOptions eo;
  eo.blocks = blocks;
  eo.maxSteps = uint64_t(1) << 24;
  TimeEstimate e = estimateKernelTime(kernel, eo);
  if (!e.error.empty()) {
    error = e.error;
    return std::nullopt;
  }
  return e.cycles;
}

/// The blocks the time is modelled on: `o`'s, else the product's AI cores.
static unsigned blocksOf(const SelectTilingOptions &o,
                         const target::ProductInfo &prod) {
  return o.blocks ? o.blocks : std::max(1u, unsigned(prod.AICores));
}

/// The blocks split-K candidates are offered for: blocksOf, where the
/// product's cores hold them all (split-K's SyncAll needs every block
/// running at once, sync_c10); else none.
static unsigned splitBlocks(const SelectTilingOptions &o,
                            const target::ProductInfo &prod) {
  unsigned blocks = blocksOf(o, prod);
  return blocks <= unsigned(prod.AICores) ? blocks : 0;
}

/// Of `cands` (tilings of `op`; the least-traffic rule's first, which
/// wins ties), the one whose program the model runs fastest on `o`'s
/// blocks; with `o.report` a remark naming the choice, its time, the
/// runner-up and the rule's. Candidates the mapping refuses are left out;
/// the rule's where none can be timed (a product without cost rows,
/// timing_c1: said by the remark).
static Attribute fastest(Operation *op, const target::ProductInfo &prod,
                         ArrayRef<Attribute> cands,
                         const SelectTilingOptions &o) {
  if (std::optional<std::string> why =
          timing::KernelTimer::refusal(&prod, "objective=time")) {
    if (o.report)
      op->emitRemark() << "ascube-select-tiling: the least GM traffic "
                       << cands.front() << ": " << *why;
    return cands.front();
  }
  if (cands.size() == 1) {
    if (o.report)
      op->emitRemark() << "ascube-select-tiling: the least GM traffic "
                       << cands.front()
                       << ", the one candidate (a problem of one tile "
                          "size)";
    return cands.front();
  }
  unsigned blocks = blocksOf(o, prod);
  struct Timed {
    Attribute t;
    double cycles;
  };
  SmallVector<Timed> timed;
  std::string firstError;
  for (Attribute t : cands) {
    std::string error;
    if (std::optional<double> c = timeTiling(op, t, blocks, error))
      timed.push_back({t, *c});
    else if (firstError.empty())
      firstError = error;
  }
  if (timed.empty()) {
    if (o.report)
      op->emitRemark() << "ascube-select-tiling: the least GM traffic "
                       << cands.front() << ": no candidate could be timed ("
                       << firstError << ")";
    return cands.front();
  }
  // The rule's tiling is first: it keeps a tie.
  llvm::stable_sort(timed, [](const Timed &a, const Timed &b) {
    return a.cycles < b.cycles;
  });
  if (o.report) {
    const target::CostRowInfo *row = target::costsOf(prod);
    double ghz = row ? row->ClockMHz / 1000.0 : 1;
    auto describe = [&](const Timed &x) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << x.t << " "
         << llvm::formatv("{0:F0} cycles ({1:F2} us)", x.cycles,
                          x.cycles / ghz / 1000.0);
      return s;
    };
    InFlightDiagnostic r = op->emitRemark();
    r << "ascube-select-tiling: by modelled time on "
      << count(blocks, "block", "blocks") << " of " << prod.Name << ", "
      << count(int64_t(timed.size()), "tiling", "tilings") << " timed: chose "
      << describe(timed[0]);
    if (timed.size() > 1)
      r << "; runner-up " << describe(timed[1]);
    for (const Timed &x : timed)
      if (x.t == cands.front()) {
        r << "; least GM traffic " << describe(x);
        break;
      }
  }
  return timed[0].t;
}

/// The #ascube.matmul_tiling candidates of a planned matmul: its own
/// tiling first, then model::matmulCandidates (split-K ones for `blocks`),
/// each checked as a forced tile (tile_c6, tile_c15, tile_c16), quietly.
static SmallVector<Attribute> matmulCandidates(Operation *op,
                                               const target::ProductInfo &prod,
                                               const MatmulPlan &plan,
                                               unsigned blocks) {
  SmallVector<Attribute> out{matmulTilingOf(op->getContext(), plan)};
  for (const model::MatmulTiling &t :
       model::matmulCandidates(plan.p, matmulCapacities(prod), blocks)) {
    MatmulPlan checked;
    ScopedDiagnosticHandler quiet(op->getContext(),
                                  [](Diagnostic &) { return success(); });
    SmallVector<int64_t, 5> sizes{t.m, t.n, t.k};
    if (t.kL1 > t.k || t.splitK > 1)
      sizes.push_back(t.kL1 > t.k ? t.kL1 : 0);
    if (t.splitK > 1)
      sizes.push_back(t.splitK);
    if (succeeded(planMatmul(op, prod, sizes, "a candidate",
                             /*refuseUnfolded=*/false, checked)))
      if (Attribute a = matmulTilingOf(op->getContext(), checked);
          !llvm::is_contained(out, a))
        out.push_back(a);
  }
  return out;
}

/// The #ascube.conv_tiling candidates of a convolution: the rule's first;
/// by LoadData 3D model::convCandidates; by ND2NZ, a GEMM (ConvPlan::gemm),
/// its GEMM's model::matmulCandidates (one K step an L1 chunk, no
/// split-K) in the plan's strategy and rows, and the rule's tiling with
/// pieces of an output row (64, 128, ... pixels, below the row and the
/// rule's m: the GEMM of the plan holds its rows or pieces whole, so its
/// candidates keep the rule's). The mapping checks each when it is timed.
static SmallVector<Attribute> convCandidates(Operation *op,
                                             const target::ProductInfo &prod,
                                             const ConvPlan &plan) {
  SmallVector<Attribute> out{convTilingOf(op->getContext(), plan)};
  auto add = [&](Attribute a) {
    if (!llvm::is_contained(out, a))
      out.push_back(a);
  };
  if (plan.byNd2nz()) {
    for (const model::MatmulTiling &t :
         model::matmulCandidates(plan.gemm, matmulCapacities(prod))) {
      if (t.kL1 > t.k || t.splitK > 1)
        continue;
      ConvPlan c = plan;
      c.gemmTiling = t;
      add(convTilingOf(op->getContext(), c));
    }
    auto rule = cast<ConvTilingAttr>(out.front());
    for (int64_t piece = 64; piece < std::min(plan.p.ow, rule.getM());
         piece *= 2)
      add(ConvTilingAttr::get(op->getContext(), rule.getStrategy(), piece,
                              rule.getN(), rule.getK(), rule.getBuffers(),
                              rule.getOwnColumns(), rule.getRunTaps(),
                              rule.getRunParts()));
    return out;
  }
  for (const model::ConvTiling &t :
       model::convCandidates(plan.p, matmulCapacities(prod), plan.t)) {
    ConvPlan c = plan;
    c.t = t;
    add(convTilingOf(op->getContext(), c));
  }
  return out;
}

/// The #ascube.matmul_tiling or #ascube.conv_tiling a matmul-family op or
/// a convolution on memrefs maps with on `prod` (its own ascube.tiling,
/// checked, else the `tile` option's m, n, k, else the rule's); null for
/// an empty one; failure with the refusal. Changes no IR; warnings of what
/// does not fold in are left to the mapping.
static FailureOr<Attribute> selectTiling(Operation *op,
                                         const target::ProductInfo &prod,
                                         const tiling::SelectTilingOptions &o) {
  ArrayRef<int64_t> tile = o.tile;
  using namespace ascube::tiling;
  // Warnings of linalg ops that stay beside the program are the
  // mapping's to give, once.
  ScopedDiagnosticHandler quiet(op->getContext(), [](Diagnostic &d) {
    return success(d.getSeverity() == DiagnosticSeverity::Warning);
  });
  if (isMappedConv(op)) {
    FailureOr<ConvPlan> plan =
        decideConv(op, prod, /*report=*/false, tile, /*refuseUnfolded=*/false);
    if (failed(plan))
      return failure();
    if (plan->empty)
      return Attribute();
    if (o.byTime && tile.empty() &&
        !op->hasAttr(AscubeDialect::kTilingAttrName))
      return fastest(op, prod, convCandidates(op, prod, *plan), o);
    return Attribute(convTilingOf(op->getContext(), *plan));
  }
  ForcedTile forced = forcedTile(op, tile);
  MatmulPlan plan;
  if (failed(planMatmul(op, prod, forced.sizes, forced.name,
                        /*refuseUnfolded=*/false, plan)))
    return failure();
  if (plan.empty)
    return Attribute();
  if (o.byTime && forced.sizes.empty())
    return fastest(op, prod,
                   matmulCandidates(op, prod, plan, splitBlocks(o, prod)), o);
  return Attribute(matmulTilingOf(op->getContext(), plan));
}

LogicalResult ascube::tiling::selectTilings(ModuleOp module,
                                            const SelectTilingOptions &o,
                                            StringRef pass) {
  ArrayRef<int64_t> tile = o.tile;
  // (Ops on tensors are bufferized first: ascube-bufferize-tensors, which
  // the mapping runs.)
  if (failed(refuseStrayTilings(module)))
    return failure();
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (!isMatmulFamily(op) && !isMappedConv(op))
      return;
    if (cast<linalg::LinalgOp>(op).hasPureBufferSemantics())
      ops.push_back(op);
    else
      op->emitWarning() << "is on tensors: its tiling is selected once it "
                           "is bufferized (ascube-bufferize-tensors first; "
                           "ascube-tile-linalg runs it)";
  });
  if (!ops.empty() && failed(checkTileOption(ops.front(), tile)))
    return failure();
  SmallVector<std::pair<Operation *, Attribute>> chosen;
  for (Operation *op : ops) {
    const target::ProductInfo *prod = requireProduct(op, pass);
    if (!prod || failed(checkInputsApart(op)))
      return failure();
    if (o.onlyChanged && op->hasAttr(AscubeDialect::kTilingAttrName))
      continue;
    FailureOr<Attribute> t = selectTiling(op, *prod, o);
    if (failed(t))
      return failure();
    if (*t && o.onlyChanged) {
      SelectTilingOptions rule = o;
      rule.byTime = false;
      if (FailureOr<Attribute> r = selectTiling(op, *prod, rule);
          succeeded(r) && *r == *t)
        continue;
    }
    if (*t)
      chosen.push_back({op, *t});
  }
  for (auto [op, t] : chosen)
    op->setAttr(AscubeDialect::kTilingAttrName, t);
  return success();
}

namespace {
struct AscubeSelectTilingPass
    : ascube::impl::AscubeSelectTilingBase<AscubeSelectTilingPass> {
  using AscubeSelectTilingBase::AscubeSelectTilingBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!product.empty() && !setModuleTarget(module, product))
      return signalPassFailure();
    tiling::SelectTilingOptions o;
    o.tile.assign(tile.begin(), tile.end());
    if (objective != "traffic" && objective != "time") {
      module.emitError() << "ascube-select-tiling: unknown objective '"
                         << objective << "' (time, traffic)";
      return signalPassFailure();
    }
    o.byTime = objective == "time";
    if (blocks)
      if (std::optional<std::string> why = target::blockCountRefusal(
              blocks, "ascube-select-tiling: blocks=")) {
        module.emitError() << *why;
        return signalPassFailure();
      }
    o.blocks = blocks;
    o.report = report;
    if (failed(tiling::selectTilings(module, o, getArgument())))
      signalPassFailure();
  }
};
} // namespace
