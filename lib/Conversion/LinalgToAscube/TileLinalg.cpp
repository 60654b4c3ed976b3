//===- TileLinalg.cpp - ascube-tile-linalg --------------------------------===//
//
// The pass: which linalg ops it maps and onto which product, the tilings
// of the matmuls written on them first (ascube-select-tiling,
// SelectTiling.cpp), then each op replaced by its Cube program — the
// matmul family by TileMatmul.cpp, convolutions by TileConv.cpp and
// TileConvNd.cpp — and the programs ordered across blocks
// (TileSyncAll.cpp). The pass description is in Passes.td, the rules in
// docs/Tiling.md.
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"
#include "ascube/Conversion/Passes.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Target/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBETILELINALG
#define GEN_PASS_DEF_CONVERTLINALGTOASCUBE
#define GEN_PASS_DEF_ASCUBEINSERTSYNCALL
#include "ascube/Conversion/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using target::Level;
using Format = layout::Format;

/// Why a convolution-like linalg op other than the three mapped forms
/// stays as it is (its name without "linalg."): what it is, and what to
/// write instead where there is something.
static StringRef whyConvStays(StringRef name) {
  if (name.starts_with("pooling"))
    return "a pooling is no matrix product, and the Cube does not pool";
  if (name.contains("depthwise"))
    return "depthwise convolutions are not mapped yet (each channel would "
           "be a product of its own; docs/Tiling.md, Not yet)";
  if (name.ends_with("_q"))
    return "convolutions with zero points (_q) are not mapped yet "
           "(docs/Tiling.md, Not yet)";
  if (!name.starts_with("conv_2d"))
    return "1-D and 3-D convolutions are not mapped yet (docs/Tiling.md, "
           "Not yet)";
  if (name == "conv_2d")
    return "a convolution with no batch and no channels: write it as "
           "conv_2d_nhwc_hwcf with N = C = F = 1";
  if (name.drop_front(strlen("conv_2d")).contains('g'))
    return "grouped convolutions are not mapped yet (docs/Tiling.md, Not "
           "yet)";
  return "hold the operands in one of the layouts the pass maps (ascube "
         "maps no linalg.transpose)";
}

LogicalResult ascube::tiling::refuseUnmapped(ModuleOp module) {
  Operation *computation = nullptr, *generic = nullptr, *fill = nullptr,
            *copy = nullptr;
  auto first = [](Operation *&slot, Operation *op) {
    if (!slot)
      slot = op;
  };
  module->walk([&](Operation *op) {
    StringRef name = op->getName().getStringRef();
    if (!op->getDialect() || op->getDialect()->getNamespace() != "linalg" ||
        name == "linalg.yield" || name == "linalg.index")
      return;
    if (name == "linalg.generic") {
      first(generic, op);
    } else if (name == "linalg.fill" || name == "linalg.map") {
      first(fill, op);
    } else if (name == "linalg.copy") {
      first(copy, op);
    } else {
      first(computation, op);
    }
  });
  const char *mapped =
      "ascube-tile-linalg maps linalg.matmul, batch_matmul, matvec, vecmat "
      "and conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc, conv_2d_nchw_fchw "
      "on static GM memrefs (row-major or "
      "views of GM), each right after a zero fill of its output "
      "(docs/Tiling.md) [tile_c1]";
  const char *padding =
      "memref.alloc of the padded map, a zero fill of it (linalg.fill or "
      "linalg.map), memref.subview, memref.copy or linalg.copy of the map "
      "into it, then the convolution reading the alloc";
  if (Operation *op = computation) {
    op->emitError() << "'" << op->getName()
                    << "' is not mapped onto the Cube: " << mapped;
  } else if (Operation *op = generic) {
    op->emitError()
        << "'linalg.generic' is not mapped onto the Cube: a generic folds "
           "in only as the epilogue of a matmul or convolution, right after "
           "it on its output C (C's identity map, all loops parallel): a "
           "bias add with one input, the bias (a static 1-D GM memref over "
           "C's channels: ins(%bias) outs(%C), yielding C + bias), "
           "and/or a ReLU (max(C, 0)), the bias first, then a "
           "requantization to int8 (ins(%C : i32) outs(%Q : i8): "
           "fptosi(clamp(roundeven(sitofp(C) * scale) [+ offset], -128, "
           "127)) or fptoui of a clamp to [0, 255] for unsigned bytes, with "
           "a scale of a 10-bit mantissa; "
        << mapped;
  } else if (Operation *op = fill) {
    op->emitError() << "'" << op->getName()
                    << "' is not mapped onto the Cube: a fill folds in only "
                       "as the zero fill right before the matmul or "
                       "convolution it zeroes, or as the zero padding of a "
                       "map (LoadData 3D pads with zeros only: "
                    << padding << ") [tile_c1]";
  } else if (Operation *op = copy) {
    op->emitError() << "'" << op->getName()
                    << "' is not run: ascube runs a GM copy between memrefs "
                       "of one element type and one static shape "
                       "(memref.copy, or a linalg.copy that "
                       "ascube-tile-linalg turns into one) as the kernel's "
                       "own loads and stores; this one converts element "
                       "types, has shapes that differ or works on tensors "
                       "[tile_c1]";
  }
  return failure(computation || generic || fill || copy);
}

bool ascube::tiling::isMatmulFamily(Operation *op) {
  return isa<linalg::MatmulOp, linalg::BatchMatmulOp, linalg::MatvecOp,
             linalg::VecmatOp>(op);
}

bool ascube::tiling::isMappedConv(Operation *op) {
  return isa<linalg::Conv2DNhwcHwcfOp, linalg::Conv2DNhwcFhwcOp,
             linalg::Conv2DNchwFchwOp>(op);
}

const target::ProductInfo *
ascube::tiling::requireProduct(Operation *op, StringRef pass, bool hasOption) {
  if (const target::ProductInfo *prod = getTargetProduct(op))
    return prod;
  InFlightDiagnostic d = op->emitOpError();
  d << pass << " needs a product: ";
  if (hasOption)
    d << "the option product=<key> (ascube-run: --product <key>) or ";
  d << "an enclosing ascube.target (known: " << target::knownProductKeys()
    << ") [target_c1]";
  return nullptr;
}

LogicalResult ascube::tiling::checkInputsApart(Operation *op) {
  // The program reads its inputs while the blocks write output tiles: an
  // input sharing bytes with the output would be read part-written.
  auto l = cast<linalg::LinalgOp>(op);
  for (OpOperand *in : l.getDpsInputOperands())
    if (tiling::mayShareBytes(in->get(), l.getDpsInits()[0]))
      return op->emitOpError()
             << "input " << in->getOperandNumber()
             << " may share GM bytes with the output (views of one buffer "
                "that meet, or a buffer the pass cannot see into): the "
                "Cube program reads the inputs while the blocks write "
                "output tiles, so it would read them part-written; copy "
                "the input to a buffer of its own first [tile_c12]";
  return success();
}

LogicalResult ascube::tiling::checkTileOption(Operation *first,
                                              ArrayRef<int64_t> tile) {
  if (tile.empty() || (tile.size() >= 3 && tile.size() <= 5))
    return success();
  return first->emitOpError()
         << "tile=m,n,k[,k_l1[,split_k]] takes three sizes, or four or five "
            "with a matmul's k_l1 and split_k, not "
         << tile.size() << " [tile_c6]";
}

LogicalResult ascube::tiling::refuseStrayTilings(ModuleOp module) {
  WalkResult stray = module.walk([&](Operation *op) {
    Attribute a = op->getAttr(AscubeDialect::kTilingAttrName);
    if (!a || (isMatmulFamily(op) && isa<MatmulTilingAttr>(a)) ||
        (isMappedConv(op) && isa<ConvTilingAttr>(a)))
      return WalkResult::advance();
    op->emitOpError() << "has an ascube.tiling " << a << ", but "
                      << (isa<MatmulTilingAttr>(a)
                              ? "#ascube.matmul_tiling is the tiling of a "
                                "linalg.matmul, batch_matmul, matvec or vecmat"
                              : "#ascube.conv_tiling is the tiling of a "
                                "linalg.conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc "
                                "or conv_2d_nchw_fchw")
                      << " [tile_c6]";
    return WalkResult::interrupt();
  });
  return failure(stray.wasInterrupted());
}

void ascube::tiling::remarkTiling(Location loc, Attribute tiling) {
  emitRemark(loc) << "ascube-tile-linalg: ascube.tiling = " << tiling;
}

tiling::ForcedTile ascube::tiling::forcedTile(Operation *op,
                                              ArrayRef<int64_t> option) {
  ForcedTile forced;
  if (auto a =
          op->getAttrOfType<MatmulTilingAttr>(AscubeDialect::kTilingAttrName)) {
    forced.sizes = {a.getM(), a.getN(), a.getK()};
    if (a.getKL1() != 0 || a.getSplitK() != 0)
      forced.sizes.push_back(a.getKL1());
    if (a.getSplitK() != 0)
      forced.sizes.push_back(a.getSplitK());
    llvm::raw_string_ostream(forced.name) << "ascube.tiling = " << a;
    return forced;
  }
  forced.sizes.assign(option.begin(), option.end());
  forced.name = option.size() == 5   ? "tile=m,n,k,k_l1,split_k"
                : option.size() == 4 ? "tile=m,n,k,k_l1"
                                     : "tile=m,n,k";
  return forced;
}

namespace {

using tiling::isPlainGMMatrix;
using tiling::zeroFillBefore;

/// 0 % block_num is 0: the block count is at least 1 (arith's folder
/// keeps x % y, which is undefined for y = 0). The share of a program's
/// only tile, tile 0 % block_num == block_idx, becomes block_idx == 0.
struct FoldZeroRemBlockNum : OpRewritePattern<arith::RemUIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::RemUIOp op,
                                PatternRewriter &rewriter) const override {
    if (!matchPattern(op.getLhs(), m_Zero()) ||
        !op.getRhs().getDefiningOp<BlockNumOp>())
      return failure();
    rewriter.replaceOp(op, op.getLhs());
    return success();
  }
};

/// Folds the index arithmetic and control flow of a program as
/// --canonicalize --cse would: the canonicalization patterns of arith and
/// scf only, applied to the program's arith and scf ops (loops of one
/// iteration and branches on a constant inlined, constants folded), then
/// CSE of the program — other ops are only folded, merged when identical
/// and pure, or dropped when dead and pure, as those passes would.
void simplifyProgram(ProgramOp program) {
  MLIRContext *ctx = program.getContext();
  RewritePatternSet patterns(ctx);
  ctx->getLoadedDialect<arith::ArithDialect>()->getCanonicalizationPatterns(
      patterns);
  ctx->getLoadedDialect<scf::SCFDialect>()->getCanonicalizationPatterns(
      patterns);
  for (RegisteredOperationName name : ctx->getRegisteredOperations())
    if (isa<arith::ArithDialect, scf::SCFDialect>(name.getDialect()))
      name.getCanonicalizationPatterns(patterns, ctx);
  patterns.add<FoldZeroRemBlockNum>(ctx);
  FrozenRewritePatternSet frozen(std::move(patterns));
  SmallVector<Operation *> ops;
  program.walk([&](Operation *op) {
    if (isa<arith::ArithDialect, scf::SCFDialect>(op->getDialect()))
      ops.push_back(op);
  });
  (void)applyOpPatternsGreedily(
      ops, frozen,
      GreedyRewriteConfig().setStrictness(
          GreedyRewriteStrictness::ExistingAndNewOps));
  IRRewriter rewriter(ctx);
  DominanceInfo dominance;
  eliminateCommonSubExpressions(rewriter, dominance, program);
}

/// Keeps one arith.constant per value and type among those at the top
/// level of `block`, the first, and none that is unused.
void dedupeConstants(Block &block) {
  DenseMap<std::pair<Attribute, Type>, Value> seen;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    auto c = dyn_cast<arith::ConstantOp>(op);
    if (!c)
      continue;
    // (One the mapping left unused, a fill's value, goes.)
    if (c->use_empty()) {
      c.erase();
      continue;
    }
    auto [it, first] =
        seen.try_emplace({c.getValue(), c.getType()}, c.getResult());
    if (first)
      continue;
    c.getResult().replaceAllUsesWith(it->second);
    c.erase();
  }
}

/// Puts the ops of `p` into an ascube.program where they are, in the
/// canonical form of its arithmetic (simplifyProgram).
ProgramOp wrapProgram(const tiling::Program &p) {
  OpBuilder b(p.first);
  auto marker = ProgramOp::create(b, p.first->getLoc());
  Block &body = marker.getBody().emplaceBlock();
  body.getOperations().splice(body.end(), p.first->getBlock()->getOperations(),
                              Block::iterator(p.first),
                              std::next(Block::iterator(p.last)));
  simplifyProgram(marker);
  return marker;
}
} // namespace

LogicalResult ascube::tiling::convertLinalgToAscube(
    ModuleOp module, const LinalgEntryOptions &o, StringRef pass,
    function_ref<LogicalResult(OpPassManager &)> runPipeline) {
  SmallVector<tiling::Program> programs;
  // Linalg on tensors is bufferized first (ascube-bufferize-tensors).
  if (hasTensorFunctions(module)) {
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createAscubeBufferizeTensors());
    if (failed(runPipeline(pm)))
      return failure();
  }
  // A linalg.copy between memrefs of one element type is the kernel's
  // own copy, memref.copy (the CPU lowering expands strided ones into
  // loops): ordered like the kernel's other GM ops (TileSyncAll.cpp).
  SmallVector<linalg::CopyOp> copies;
  module.walk([&](linalg::CopyOp c) { copies.push_back(c); });
  for (linalg::CopyOp c : copies) {
    auto from = dyn_cast<MemRefType>(c.getInputs()[0].getType());
    auto to = dyn_cast<MemRefType>(c.getOutputs()[0].getType());
    if (!c.hasPureBufferSemantics() || !from || !to ||
        from.getElementType() != to.getElementType() ||
        from.getShape() != to.getShape())
      continue;
    OpBuilder b(c);
    memref::CopyOp::create(b, c.getLoc(), c.getInputs()[0], c.getOutputs()[0]);
    c.erase();
  }
  // The linalg ops the pass maps (docs/Tiling.md).
  SmallVector<Operation *> matmuls, unmappedConvs;
  module.walk([&](Operation *op) {
    if (tiling::isMatmulFamily(op) || tiling::isMappedConv(op))
      matmuls.push_back(op);
    else if (isa<linalg::ConvolutionOpInterface>(op))
      unmappedConvs.push_back(op);
  });
  if (failed(tiling::refuseStrayTilings(module)))
    return failure();
  // Another convolution form stays as it is (or, allow-unmapped=false,
  // is refused): say what would map.
  for (Operation *op : unmappedConvs) {
    InFlightDiagnostic d =
        o.allowUnmapped ? op->emitWarning() : op->emitError();
    d << "'" << op->getName() << "' is not mapped onto the Cube"
      << (o.allowUnmapped ? " and stays" : "") << ": "
      << whyConvStays(op->getName().stripDialect())
      << "; ascube-tile-linalg maps linalg.conv_2d_nhwc_hwcf, "
         "conv_2d_nhwc_fhwc (NHWC map and output) and conv_2d_nchw_fchw "
         "[tile_c1]";
    if (!o.allowUnmapped)
      return failure();
  }
  // The option names the product of the whole module (set on it, so
  // that what is there already is verified against it too); without it
  // each op takes its nearest enclosing ascube.target.
  if (!o.product.empty() && !setModuleTarget(module, o.product))
    return failure();
  if (matmuls.empty())
    return success();
  if (failed(tiling::checkTileOption(matmuls.front(), o.tile)))
    return failure();
  // Without given sizes, each op's tiling chosen by modelled time first
  // (ascube-select-tiling objective=time), written on it.
  if (o.byTime && o.tile.empty()) {
    tiling::SelectTilingOptions select;
    select.byTime = true;
    select.blocks = o.blocks;
    select.report = o.report;
    select.onlyChanged = true;
    if (failed(tiling::selectTilings(module, select, pass)))
      return failure();
  }
  for (Operation *op : matmuls) {
    const target::ProductInfo *prod = tiling::requireProduct(op, pass);
    if (!prod || failed(tiling::checkInputsApart(op)))
      return failure();
    if (tiling::isMappedConv(op)) {
      if (failed(tiling::tileConv(op, *prod, o.report, o.tile, !o.allowUnmapped,
                                  programs)))
        return failure();
      continue;
    }
    tiling::ForcedTile forced = tiling::forcedTile(op, o.tile);
    tiling::MatmulPlan plan;
    if (failed(tiling::planMatmul(op, *prod, forced.sizes, forced.name,
                                  !o.allowUnmapped, plan)))
      return failure();
    // The attribute after the report of the mapping, as for a convolution
    // (the op is gone by then: its location).
    Attribute decision;
    if (o.report && !plan.empty)
      decision = tiling::matmulTilingOf(op->getContext(), plan);
    Location loc = op->getLoc();
    if (failed(tiling::emitMatmul(plan, *prod, o.report, programs)))
      return failure();
    if (decision)
      tiling::remarkTiling(loc, decision);
  }
  // Each program in an ascube.program, for ascube-insert-sync-all.
  // Its constants go to the top of its function's entry, after those of
  // the programs before it.
  llvm::MapVector<Block *, Operation *> anchors;
  for (const tiling::Program &p : programs) {
    auto func = p.first->getParentOfType<func::FuncOp>();
    ProgramOp marker = wrapProgram(p);
    if (!func)
      continue;
    Block &entry = func.getBody().front();
    Operation *&anchor = anchors[&entry];
    if (!anchor)
      anchor = &entry.front();
    marker.walk([&](arith::ConstantOp c) {
      if (c->getParentWithTrait<OpTrait::IsIsolatedFromAbove>() == func)
        c->moveBefore(anchor);
    });
  }
  // One constant per value, at each function's entry.
  for (auto &entry : anchors)
    dedupeConstants(*entry.first);
  return success();
}

LogicalResult ascube::tiling::insertSyncAll(ModuleOp module, StringRef pass) {
  SmallVector<tiling::Program> programs;
  WalkResult found = module.walk([&](ProgramOp op) {
    const target::ProductInfo *prod =
        requireProduct(op, pass, /*hasOption=*/false);
    if (!prod)
      return WalkResult::interrupt();
    programs.push_back({op, op, prod});
    return WalkResult::advance();
  });
  // Blocks hand GM over between programs: SyncAll (TileSyncAll.cpp).
  if (found.wasInterrupted() || failed(tiling::orderPrograms(programs, pass)))
    return failure();
  for (const tiling::Program &p : programs) {
    Block &body = cast<ProgramOp>(p.first).getBody().front();
    p.first->getBlock()->getOperations().splice(Block::iterator(p.first),
                                                body.getOperations());
    p.first->erase();
  }
  return success();
}

namespace {
/// What convert-linalg-to-ascube and ascube-tile-linalg share: the
/// options, the dialects, the run.
template <typename Base> struct LinalgEntryPass : Base {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // (The mapping runs ascube-bufferize-tensors on linalg on tensors.)
    registerBufferizeTensorsDependencies(registry);
  }

  /// The mapping, then (`order`) the order across blocks, then (with
  /// allow-unmapped=false) the refusal of what stays.
  void runEntry(bool order) {
    ModuleOp module = this->getOperation();
    auto run = [&](OpPassManager &pm) { return this->runPipeline(pm, module); };
    StringRef pass = this->getArgument();
    if (this->objective != "time" && this->objective != "traffic") {
      module.emitError() << pass << ": unknown objective '" << this->objective
                         << "' (time, traffic)";
      return this->signalPassFailure();
    }
    if (this->blocks)
      if (std::optional<std::string> why = target::blockCountRefusal(
              this->blocks, (pass + ": blocks=").str())) {
        module.emitError() << *why;
        return this->signalPassFailure();
      }
    tiling::LinalgEntryOptions options{
        this->product,
        this->report,
        SmallVector<int64_t>(this->tile.begin(), this->tile.end()),
        this->allowUnmapped,
        this->objective == "time",
        this->blocks};
    if (failed(tiling::convertLinalgToAscube(module, options, pass, run)) ||
        (order && failed(tiling::insertSyncAll(module, pass))) ||
        (!this->allowUnmapped && failed(tiling::refuseUnmapped(module))))
      this->signalPassFailure();
  }
};

struct ConvertLinalgToAscubePass
    : LinalgEntryPass<
          ascube::impl::ConvertLinalgToAscubeBase<ConvertLinalgToAscubePass>> {
  using LinalgEntryPass::LinalgEntryPass;
  void runOnOperation() override { runEntry(/*order=*/false); }
};

struct AscubeInsertSyncAllPass
    : ascube::impl::AscubeInsertSyncAllBase<AscubeInsertSyncAllPass> {
  void runOnOperation() override {
    if (failed(tiling::insertSyncAll(getOperation(), getArgument())))
      signalPassFailure();
  }
};

/// convert-linalg-to-ascube, then ascube-insert-sync-all.
struct AscubeTileLinalgPass
    : LinalgEntryPass<
          ascube::impl::AscubeTileLinalgBase<AscubeTileLinalgPass>> {
  using LinalgEntryPass::LinalgEntryPass;
  void runOnOperation() override { runEntry(/*order=*/true); }
};
} // namespace
