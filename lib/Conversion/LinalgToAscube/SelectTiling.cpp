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

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBESELECTTILING
#include "ascube/Conversion/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;

/// The #ascube.matmul_tiling or #ascube.conv_tiling a matmul-family op or
/// a convolution on memrefs maps with on `prod` (its own ascube.tiling,
/// checked, else the `tile` option's m, n, k, else the rule's); null for
/// an empty one; failure with the refusal. Changes no IR; warnings of what
/// does not fold in are left to the mapping.
static FailureOr<Attribute> selectTiling(Operation *op,
                                         const target::ProductInfo &prod,
                                         ArrayRef<int64_t> tile) {
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
    return Attribute(convTilingOf(op->getContext(), *plan));
  }
  ForcedTile forced = forcedTile(op, tile);
  MatmulPlan plan;
  if (failed(planMatmul(op, prod, forced.sizes, forced.name,
                        /*refuseUnfolded=*/false, plan)))
    return failure();
  if (plan.empty)
    return Attribute();
  return Attribute(matmulTilingOf(op->getContext(), plan));
}

LogicalResult ascube::tiling::selectTilings(ModuleOp module,
                                            ArrayRef<int64_t> tile,
                                            StringRef pass) {
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
    FailureOr<Attribute> t = selectTiling(op, *prod, tile);
    if (failed(t))
      return failure();
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
    if (failed(tiling::selectTilings(module, tile, getArgument())))
      signalPassFailure();
  }
};
} // namespace
