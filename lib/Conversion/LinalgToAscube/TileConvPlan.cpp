//===- TileConvPlan.cpp - ascube-tile-linalg: a convolution's plan -------===//
//
// What ascube-tile-linalg checks and decides before it emits a
// convolution's Cube program (TileConv.cpp): the operand form (NHWC/HWCF,
// NHWC/FHWC, NCHW/FCHW), the types and instructions the product has, the
// epilogue, the fields' ranges, NZ2DN's output alignment, the strategy
// and the tiling (model::chooseConvTiling, or a forced #ascube.conv_tiling
// or tile=) with its report remark.
// Each refusal is labelled (tile_c*, docs/Constraints.md).
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"

#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::tiling;
using target::Level;

LogicalResult ascube::tiling::refuseStrategy(Operation *op,
                                             const target::ProductInfo &prod,
                                             const ConvForce &force,
                                             StringRef takes, StringRef why) {
  return op->emitOpError() << force.name << ": " << prod.Name
                           << " maps this convolution by " << takes << ", not "
                           << stringifyConvStrategy(*force.strategy) << " ("
                           << why << ") [tile_c6]";
}

void ascube::tiling::remarkNd2nzInstead(Operation *op,
                                        const target::ProductInfo &prod,
                                        StringRef why) {
  op->emitRemark() << "ascube-tile-linalg: " << prod.Name
                   << ": Fixpipe NZ2DN writes an NCHW output 32 B aligned "
                      "(cube-reference §4), but "
                   << why
                   << "; the convolution takes the ND2NZ form instead, "
                      "whose Fixpipe NZ2ND writes to any byte (tile_c9)";
}

FailureOr<tiling::ConvPlan>
ascube::tiling::planConv(Operation *opPtr, const target::ProductInfo &prod,
                         bool report, const ConvForce *force,
                         bool refuseUnfolded) {
  auto op = cast<linalg::LinalgOp>(opPtr);
  ConvForm form = isa<linalg::Conv2DNhwcHwcfOp>(opPtr)   ? ConvForm::NhwcHwcf
                  : isa<linalg::Conv2DNhwcFhwcOp>(opPtr) ? ConvForm::NhwcFhwc
                                                         : ConvForm::NchwFchw;
  bool nchw = form == ConvForm::NchwFchw;
  if (!op.hasPureBufferSemantics())
    return op->emitOpError()
           << "ascube-tile-linalg maps a convolution on memrefs [tile_c1]";
  Value I = op.getDpsInputs()[0], W = op.getDpsInputs()[1],
        O = op.getDpsInits()[0];
  if (!isPlainGMMatrix(I, 4) || !isPlainGMMatrix(W, 4) ||
      !isPlainGMMatrix(O, 4))
    return op->emitOpError()
           << "ascube-tile-linalg maps a convolution whose map, weights and "
              "output are static 4-D memrefs in GM (no memory space; "
              "row-major, or contiguous views of GM: gmview_c1)"
           << tiling::whyNotPlainGM(opPtr, {{I, 4}, {W, 4}, {O, 4}})
           << " [tile_c1]";
  if (!op->getParentOfType<func::FuncOp>())
    return op->emitOpError()
           << "ascube-tile-linalg maps linalg ops in a func.func [tile_c1]";
  if (failed(tiling::checkOperandSizes(opPtr)))
    return failure();
  // A map zero-padded before the convolution (a bufferized tensor.pad) is
  // read as it is in GM, with LoadData 3D's padding.
  std::optional<PaddedMap> padded = matchPaddedMap(I, opPtr, nchw);
  auto is = cast<MemRefType>(I.getType()).getShape();
  auto ws = cast<MemRefType>(W.getType()).getShape();
  auto os = cast<MemRefType>(O.getType()).getShape();
  model::ConvProblem p;
  int64_t images = is[0];
  // Map and output: NHWC, or NCHW (rows and columns dimensions 2 and 3).
  int64_t h = nchw ? 2 : 1;
  p.h = is[h];
  p.w = is[h + 1];
  p.c = is[nchw ? 1 : 3];
  p.oh = os[h];
  p.ow = os[h + 1];
  // Weights: HWCF, FHWC or FCHW.
  p.kh = ws[form == ConvForm::NhwcHwcf ? 0 : nchw ? 2 : 1];
  p.kw = ws[form == ConvForm::NhwcHwcf ? 1 : nchw ? 3 : 2];
  p.f = ws[form == ConvForm::NhwcHwcf ? 3 : 0];
  // Strides and dilations along OH and OW, as linalg's convolution
  // matcher reads them off the indexing maps.
  FailureOr<linalg::ConvolutionDimensions> dims =
      linalg::inferConvolutionDims(op);
  if (failed(dims) || dims->outputImage.size() != 2 ||
      dims->strides.size() != 2 || dims->dilations.size() != 2)
    return op->emitOpError() << "ascube-tile-linalg maps a 2-D convolution "
                                "of one output image [tile_c1]";
  p.sh = dims->strides[0];
  p.sw = dims->strides[1];
  p.dh = dims->dilations[0];
  p.dw = dims->dilations[1];
  Type et = cast<MemRefType>(I.getType()).getElementType(),
       wt = cast<MemRefType>(W.getType()).getElementType(),
       ct = cast<MemRefType>(O.getType()).getElementType();
  std::string en = getCubeTypeName(et), wn = getCubeTypeName(wt),
              cn = getCubeTypeName(ct);
  bool row = prod.hasMmadRow(en, wn, cn);
  if (!row)
    return op->emitOpError()
           << en << " x " << wn << " -> " << cn << " is not an Mmad row on "
           << prod.Name << "; " << prod.describeMmadRows(false)
           << " (docs/Products.md) [tile_c3]";
  // An NCHW convolution where DataCopy has no DN2NZ: the GEMM O^T = W x
  // X^T per image, X^T built by ND2NZ (TileConvNd.cpp), no LoadData 3D;
  // likewise an NHWC one where there is no LoadData 3D V2 (Kirin 9030):
  // O = X' x W'.
  // (An NCHW one without ND2NZ either is refused there.)
  bool byNd2nz = nchw ? !prod.HasDN2NZ : !prod.HasLoad3DV2 && prod.HasND2NZ;
  // A strategy by ND2NZ forced where the product has ND2NZ (which of them
  // is planConvByNd2nz's to check).
  bool forcedNd2nz =
      force && force->strategy && *force->strategy != ConvStrategy::load3d;
  if (forcedNd2nz && !byNd2nz) {
    if (!prod.HasND2NZ)
      return refuseStrategy(opPtr, prod, *force, "load3d",
                            "it has no DataCopy ND2NZ");
    byNd2nz = true;
  }
  p.weightsTransposed = form != ConvForm::NhwcHwcf;
  p.bits = *getElementBitWidth(et);
  p.cBits = *getElementBitWidth(ct);
  if (p.bits < 8 || et != wt)
    return op->emitOpError()
           << "ascube-tile-linalg maps a convolution whose map and weights "
              "have one type of 8 bits or more (LoadData 3D reads one map "
              "type) [tile_c3]";
  if (!prod.HasFixpipe)
    return op->emitOpError()
           << prod.Name
           << " has no Fixpipe L0C -> GM: ascube-tile-linalg writes "
           << (byNd2nz && nchw ? "an NCHW convolution's output (O^T = W x X^T)"
                               : "a convolution's output")
           << " with Fixpipe [tile_c4]";
  if (!byNd2nz && !prod.HasLoad3DV2) {
    InFlightDiagnostic d = op->emitOpError();
    d << prod.Name
      << " has no LoadData 3D V2, with which ascube-tile-linalg forms the "
         "im2col matrix of "
      << (nchw ? "an NCHW map moved by DN2NZ" : "an NHWC map");
    // Where ND2NZ builds X^T of an NCHW map (no DN2NZ), that form maps.
    if (prod.HasND2NZ && !prod.HasDN2NZ)
      d << "; an NCHW convolution (linalg.conv_2d_nchw_fchw) maps on "
        << prod.Name << ", its im2col matrix built by ND2NZ";
    return d << " [tile_c4]";
  }
  // An NCHW map by DN2NZ into LoadData 3D's NC1HWC0 map also writes the
  // NCHW output by Fixpipe NZ2DN.
  if (nchw && prod.HasDN2NZ && !prod.HasNZ2DN)
    return op->emitOpError()
           << prod.Name
           << " has DataCopy DN2NZ but no Fixpipe NZ2DN: ascube-tile-linalg "
              "moves an NCHW map by DN2NZ and writes the NCHW output by "
              "NZ2DN; hold the operands as NHWC / HWCF (or FHWC) instead "
              "(ascube maps no linalg.transpose) [tile_c4]";
  if (!byNd2nz && !prod.allows(target::load3DTypes(Level::L0A, false), en))
    return op->emitOpError() << en << " is not a LoadData 3D type into L0A on "
                             << prod.Name << " [tile_c3]";
  // Weights by LoadData 3D into L0B where the product moves the type
  // there; otherwise 8-bit weights go through a K x N Nz (integers only:
  // the padding of a partial block is then whatever L1 held, which an
  // integer product with the map's zero channels turns into 0).
  bool weightsByLoad3D =
      prod.allows(target::load3DTypes(Level::L0B, false), en);
  p.weightsKxNNz = form == ConvForm::NhwcHwcf && !weightsByLoad3D;
  if (form == ConvForm::NhwcHwcf && !weightsByLoad3D && !et.isInteger(8) &&
      !byNd2nz)
    return op->emitOpError() << en << " is not a LoadData 3D type into L0B on "
                             << prod.Name << " [tile_c3]";
  linalg::FillOp fill = zeroFillBefore(opPtr, O);
  if (!fill)
    return op->emitOpError()
           << op->getName()
           << " adds to its output, and the Cube "
              "program computes O = conv(I, W): fill O with zero (+0.0) "
              "right before it"
           << tiling::describeFillBefore(opPtr, O) << " [tile_c2]";
  // A bias add and a ReLU after it fold in as after a matmul.
  Epilogue epilogue = matchEpilogue(opPtr, O, nchw ? 1 : 3, refuseUnfolded);
  if (epilogue.failed ||
      failed(checkRequant(
          opPtr, prod, epilogue,
          {I, W, padded ? padded->source : Value(), epilogue.bias})))
    return failure();
  // A bias the bias table cannot add (Kirin X90's Mmad adds none) folds
  // only by a seed, which the ND2NZ forms have: an NHWC convolution with
  // one takes the form O = X' x W' (TileConvNhwc.cpp) where the product has
  // ND2NZ. (A convolution by ND2NZ seeds its bias: planConvByNd2nz.)
  bool table = prod.hasBiasTable(en, wn, cn);
  if (epilogue.bias && !byNd2nz && !nchw && prod.HasND2NZ && !table)
    byNd2nz = true;
  // (An NCHW one where there is no ND2NZ either maps by no strategy:
  // planConvByNd2nz refuses it, tile_c4.)
  if (byNd2nz && force && force->strategy &&
      *force->strategy == ConvStrategy::load3d && (!nchw || prod.HasND2NZ))
    return refuseStrategy(
        opPtr, prod, *force,
        !nchw                   ? "nhwc_rows"
        : p.sw != 1 && p.ow > 1 ? "pixel_rows"
                                : "nd2nz_columns",
        !nchw && prod.HasLoad3DV2
            ? "its Mmad adds no bias from the bias table"
            : (nchw ? "it has no DataCopy DN2NZ" : "it has no LoadData 3D V2"));
  if (epilogue.bias && !byNd2nz) {
    if (!table)
      return op->emitOpError()
             << en << " x " << wn << " -> " << cn
             << " with a bias is not an Mmad row on " << prod.Name << "; "
             << prod.describeMmadRows(true) << " (docs/Products.md) [tile_c3]";
    p.biasBits = p.cBits;
  }
  ConvPlan plan{form,   p,        {},  images, et, ct, weightsByLoad3D,
                padded, epilogue, fill};
  if (images == 0 || p.oh == 0 || p.ow == 0 || p.f == 0) {
    plan.empty = true;
    return plan;
  }
  if (!prod.HasND2NZ && !nchw) {
    // Without ND2NZ the map's NC1HWC0 planes and the weights' Nz are built
    // of plain DataCopy blocks of 32 B: the channels (and, for HWCF
    // weights, F) are whole C0 blocks, and so is a bias row.
    int64_t bytes = p.bits / 8;
    auto whole = [&](StringRef what, int64_t n, int64_t size) -> LogicalResult {
      if ((n * size) % 32 == 0)
        return success();
      return op->emitOpError()
             << prod.Name
             << " has no DataCopy ND2NZ: ascube-tile-linalg builds the map's "
                "channel planes and the weights' fractals of plain DataCopy "
                "blocks of 32 B, so "
             << what << " (" << n << " of " << size
             << " B) must be whole 32 B blocks (a multiple of " << 32 / size
             << ") [tile_c4]";
    };
    if (failed(whole("the channels C", p.c, bytes)) ||
        (form == ConvForm::NhwcHwcf &&
         failed(whole("the output channels F of HWCF weights", p.f, bytes))))
      return failure();
  }
  if (epilogue.bias && !byNd2nz &&
      failed(checkPlainBias(opPtr, prod, p.f, p.biasBits)))
    return failure();
  if (p.c == 0 || p.kh == 0 || p.kw == 0)
    return op->emitOpError()
           << "no channels or an empty kernel: O is the zero fill and there "
              "is nothing for the Cube to compute; not mapped [tile_c1]";
  if (byNd2nz) {
    if (failed(planConvByNd2nz(opPtr, prod, report, force, plan)))
      return failure();
    return plan;
  }
  // LoadData 3D's fields (§10.1): kernel [1, 255], strides [1, 63],
  // dilations [1, 255]; the map pitches in DataCopy's srcDValue /
  // srcNdMatrixStride.
  auto range = [&](StringRef what, int64_t v, int64_t hi) -> LogicalResult {
    if (v >= 1 && v <= hi)
      return success();
    return op->emitOpError()
           << what << " " << v << " is beyond LoadData 3D's range [1, " << hi
           << "] [tile_c7]";
  };
  namespace limits = model::limits;
  if (failed(range("kernel height", p.kh, limits::kLoad3DKernelMax)) ||
      failed(range("kernel width", p.kw, limits::kLoad3DKernelMax)) ||
      failed(range("stride", p.sh, limits::kLoad3DStrideMax)) ||
      failed(range("stride", p.sw, limits::kLoad3DStrideMax)) ||
      failed(range("dilation", p.dh, limits::kLoad3DDilationMax)) ||
      failed(range("dilation", p.dw, limits::kLoad3DDilationMax)))
    return failure();
  // linalg's verifier has checked that the output's windows lie inside the
  // map (an unpadded convolution). Row pitches beyond DataCopy's fields —
  // an NHWC map's C, HWCF weights' F, FHWC weights' KH*KW*C past ND2NZ's
  // srcDValue (65535) or a plain copy's srcStride — are copied a row at a
  // time (ProgramEmitter::nd2nz, plainGrid: tile_c5).
  model::MatmulCapacities cap = tiling::matmulCapacities(prod);
  // An NCHW output is written by Fixpipe NZ2DN, whose GM address is 32 B
  // aligned (§4): every tile starts a multiple of 32 B into O (and Q) —
  // unless the output's DN view has one row or one column (one output
  // pixel, or one image of one channel): that view is ND, written by NZ2ND
  // to any byte.
  // Where that alignment leaves no tiling (and no tile is forced), the
  // NCHW convolution takes the form of the products without DN2NZ instead
  // (TileConvNd.cpp): O^T = W x X^T, X^T built by ND2NZ, the output rows
  // written by Fixpipe NZ2ND, which writes to any byte (a bias seeded by
  // an Mmad of C's type, where there is one).
  bool rowsInstead = nchw && prod.HasND2NZ && !force &&
                     (!epilogue.bias || prod.canSeedBias(getCubeTypeName(ct)));
  auto byNd2nzInstead = [&](const Twine &why) -> FailureOr<ConvPlan> {
    plan.nd2nzWhy = why.str();
    if (report)
      remarkNd2nzInstead(opPtr, prod, plan.nd2nzWhy);
    plan.p.biasBits = 0;
    plan.p.outAlign = 1;
    if (failed(planConvByNd2nz(opPtr, prod, report, force, plan)))
      return failure();
    return plan;
  };
  if (nchw && (images > 1 || p.f > 1) && (p.oh > 1 || p.ow > 1)) {
    // Elements per 32 B of O (when written) and of an int8 Q.
    int64_t oAlign = epilogue.writeC ? 32 / (p.cBits / 8) : 1;
    int64_t qAlign = epilogue.requantOut ? 32 : 1;
    p.outAlign = std::max(oAlign, qAlign); // (powers of two)
    auto refuse = [&](const std::string &what,
                      int64_t align) -> FailureOr<ConvPlan> {
      if (rowsInstead)
        return byNd2nzInstead(what + ", not a multiple of " + Twine(align) +
                              " elements");
      LogicalResult refused =
          op->emitOpError()
          << "Fixpipe NZ2DN writes the NCHW output to 32 B aligned GM "
             "addresses (cube-reference §4), but "
          << what << ", not a multiple of " << align << " elements of "
          << 32 / align
          << " B; hold the output as NHWC instead (ascube maps no "
             "linalg.transpose) "
             "[tile_c9]";
      return refused;
    };
    int64_t image = (p.f % p.outAlign) * (p.oh % p.outAlign) % p.outAlign *
                    (p.ow % p.outAlign) % p.outAlign;
    if (images > 1 && image != 0)
      return refuse(llvm::formatv("its images are F x OH x OW = {0} x {1} x "
                                  "{2} elements apart",
                                  p.f, p.oh, p.ow),
                    p.outAlign);
    auto offset = [&](Value v) -> int64_t {
      std::optional<GMView> view = getGMView(cast<MemRefType>(v.getType()));
      return view ? view->offset : 0;
    };
    if (epilogue.writeC && offset(O) % oAlign != 0)
      return refuse(
          llvm::formatv("the output view starts {0} elements in", offset(O)),
          oAlign);
    if (epilogue.requantOut && offset(epilogue.requantOut) % qAlign != 0)
      return refuse(llvm::formatv("the int8 output view starts {0} elements "
                                  "in",
                                  offset(epilogue.requantOut)),
                    qAlign);
  }
  // The rule's tiling, unless one is forced (checked below).
  std::optional<model::ConvTiling> t;
  if (!force)
    t = model::chooseConvTiling(p, cap);
  if (!t && p.outAlign > 1 && !force) {
    model::ConvProblem free = p;
    free.outAlign = 1;
    bool fitsUnaligned = model::chooseConvTiling(free, cap).has_value();
    if (rowsInstead && fitsUnaligned)
      return byNd2nzInstead(
          "no tile both fits and starts each output tile a multiple of " +
          Twine(p.outAlign) + " elements in");
    if (fitsUnaligned)
      return op->emitOpError()
             << "no tile of " << prod.Name
             << " both fits and starts each output tile of the NCHW output "
                "32 B aligned (a multiple of "
             << p.outAlign
             << " elements: Fixpipe NZ2DN, cube-reference §4) [tile_c9]";
  }
  if (force) {
    // m, n, k in the GEMM's terms: m output pixels (whole output rows,
    // a multiple of OW, or a piece of one row, fewer than OW), n output
    // channels, k im2col columns (whole C0 blocks of the kernel, or below
    // KH x KW x C0 kernel points of one block: fewer than KW — part of a
    // kernel row — or whole kernel rows).
    int64_t kAlign = p.kh * p.kw * p.c0(), rowK = p.kw * p.c0();
    int64_t tile[] = {force->m, force->n, force->k};
    bool mBad = tile[0] < 1 || (tile[0] >= p.ow && tile[0] % p.ow);
    bool nBad = tile[1] < 1 || tile[1] % p.nAlign();
    bool kBad = tile[2] < 1 || (tile[2] > kAlign ? tile[2] % kAlign
                                : tile[2] < rowK ? tile[2] % p.c0()
                                                 : tile[2] % rowK);
    if (mBad || nBad || kBad)
      return op->emitOpError()
             << force->name << " of a convolution takes "
             << describeForcedPixels(p.ow, 1, 0) << ", n a multiple of "
             << p.nAlign() << " and k a multiple of KH x KW x C0 = " << kAlign
             << " (or below it, kernel points of one block: a multiple of C0 "
                "= "
             << p.c0() << " below KW x C0 = " << rowK
             << ", part of a kernel row, or a multiple of KW x C0, whole "
                "kernel rows): "
             << (mBad   ? "m = " + std::to_string(tile[0])
                 : nBad ? "n = " + std::to_string(tile[1])
                        : "k = " + std::to_string(tile[2]))
             << " is not [tile_c6]";
    t = model::ConvTiling{};
    if (tile[0] % p.ow == 0)
      t->rows = tile[0] / p.ow;
    else
      t->piece = tile[0];
    t->n = tile[1];
    t->groups = std::max<int64_t>(1, tile[2] / kAlign);
    if (tile[2] < kAlign)
      t->taps = tile[2] / p.c0();
    // Parts of a row in tiles of one output row read only their points'
    // columns (tile=: the least traffic for the tile asked for; the search
    // takes them only where nothing else fits, chooseConvTiling).
    // (They count only for parts of a row in tiles of one output row,
    // partColumns: convTilingOf writes own_columns only there.)
    t->ownColumns = force->ownColumns;
    // Double-buffered where it fits twice (or as forced).
    t->sets = force->buffers ? force->buffers : 2;
    if (!force->buffers && !model::fitsConvTiling(p, cap, *t))
      t->sets = 1;
    if (!model::fitsConvTiling(p, cap, *t)) {
      InFlightDiagnostic d = op->emitOpError();
      d << "tile " << tile[0] << " x " << tile[1] << " x " << tile[2]
        << " does not fit " << prod.Name;
      tiling::describeMiss(
          d, model::describeConvRangeMiss(p, *t),
          [&] { return model::convFootprint(p, *t); }, cap, t->sets);
      model::ConvTiling oneSet = *t;
      oneSet.sets = 1;
      if (t->sets == 2 && model::fitsConvTiling(p, cap, oneSet))
        d << "; with one buffer set (buffers = 1) it fits";
      else if (std::optional<model::ConvTiling> fits =
                   model::chooseConvTiling(p, cap))
        d << "; a tile that fits: " << fits->pixels(p) << " x " << fits->n
          << " x " << fits->groups * fits->points(p) * p.c0();
      return d << " [tile_c6]";
    }
    if (!t->aligned(p))
      return op->emitOpError()
             << "tile " << tile[0] << " x " << tile[1] << " x " << tile[2]
             << " starts output tiles of the NCHW output at offsets that are "
                "not multiples of "
             << p.outAlign
             << " elements (Fixpipe NZ2DN writes to 32 B aligned GM "
                "addresses, cube-reference §4)"
             << (prod.HasND2NZ ? "; the ND2NZ strategies (strategy = "
                                 "nd2nz_columns or pixel_rows) write by "
                                 "NZ2ND, to any byte"
                               : "")
             << " [tile_c9]";
  }
  if (!t) {
    // The smallest tile: one output row (or a piece of 16 pixels), nAlign
    // channels, one kernel point of one C0 block, one buffer set.
    model::ConvTiling least{1, p.ow > 16 ? 16 : 0, p.nAlign(), 1,
                            p.kh * p.kw > 1 ? 1 : 0};
    least.ownColumns = true;
    InFlightDiagnostic d = op->emitOpError();
    d << "no tile of " << prod.Name
      << " fits: the smallest, one output row piece of at most 16 pixels x "
      << p.nAlign()
      << " output channels x one kernel point of one C0 block, reads a map "
         "window of "
      << least.mapPixels(p) << " pixels";
    tiling::describeMiss(
        d, model::describeConvRangeMiss(p, least),
        [&] { return model::convFootprint(p, least); }, cap, least.sets);
    return d << " [tile_c1]";
  }
  if (report)
    op->emitRemark() << llvm::formatv(
        "ascube-tile-linalg: {0} {1} conv{12} {2}: tile {3} ({4}) x {5}, {6} "
        "per chunk ({7} M x {8} N tiles, {9} each){11}; GM -> L1 {10} B{13}",
        prod.Name, en,
        tiling::describeConvGeometry(p, images, form == ConvForm::NchwFchw),
        tiling::count(t->pixels(p), "output pixel", "output pixels"),
        t->piece ? "a piece of a row" : tiling::count(t->rows, "row", "rows"),
        tiling::count(t->n, "channel", "channels"),
        t->taps ? tiling::count(t->taps, "kernel point", "kernel points") +
                      " of a C0 block"
                : tiling::count(t->groups, "C0 block", "C0 blocks"),
        t->tilesM(p), t->tilesN(p),
        tiling::count(t->chunksK(p), "chunk", "chunks"),
        images * t->gmToL1Bytes(p),
        std::string(t->partColumns(p) ? ", parts of a kernel row reading "
                                        "only their points' map columns"
                                      : "") +
            (epilogue.bias ? ", + bias (BT)" : "") +
            (epilogue.relu ? ", ReLU (Fixpipe)" : "") +
            tiling::describeRequant(epilogue) +
            (padded
                 ? ", the zero-padded map read unpadded (padding " +
                       tiling::count(padded->top, "row", "rows") + " above, " +
                       tiling::count(padded->left, "column", "columns") +
                       " left: LoadData 3D's padList)"
                 : ""),
        form == ConvForm::NhwcHwcf   ? ""
        : form == ConvForm::NhwcFhwc ? " (FHWC weights)"
                                     : " (NCHW, FCHW weights)",
        t->sets == 2 && t->chunksK(p) > 1 ? "; chunks double-buffered" : "");
  plan.p = p;
  plan.t = *t;
  return plan;
}

/// The tiling `a` forces.
static tiling::ConvForce forceOf(ConvTilingAttr a) {
  tiling::ConvForce force;
  force.strategy = a.getStrategy();
  force.m = a.getM();
  force.n = a.getN();
  force.k = a.getK();
  force.buffers = a.getBuffers();
  force.ownColumns = a.getOwnColumns();
  force.runTaps = a.getRunTaps();
  force.runParts = a.getRunParts();
  llvm::raw_string_ostream(force.name) << "ascube.tiling = " << a;
  return force;
}

std::string tiling::describeForcedPixels(int64_t ow, int64_t align,
                                         int64_t max) {
  std::string s = "m output pixels (a multiple of OW = " + std::to_string(ow) +
                  ": whole output rows";
  if (align == 1 && ow > 1)
    s += ", or fewer than OW: a piece of one";
  else if (align > 1 && ow > align)
    s += ", or a piece of one: a multiple of " + std::to_string(align) +
         " below OW";
  else if (align > 1)
    s += "; OW leaves no piece of " + std::to_string(align);
  if (max > 0)
    s += "; at most " + std::to_string(max);
  return s + ")";
}

std::string tiling::nameForcedMiss(const ConvForce &force, bool mBad,
                                   bool nBad) {
  auto [name, value] = mBad   ? std::pair('m', force.m)
                       : nBad ? std::pair('n', force.n)
                              : std::pair('k', force.k);
  return std::string(": ") + name + " = " + std::to_string(value) + " is not";
}

std::optional<tiling::ConvForce>
ascube::tiling::forcedConvTile(Operation *op, ArrayRef<int64_t> option) {
  if (auto a =
          op->getAttrOfType<ConvTilingAttr>(AscubeDialect::kTilingAttrName))
    return forceOf(a);
  if (option.empty())
    return std::nullopt;
  ConvForce force;
  force.m = option[0];
  force.n = option[1];
  force.k = option[2];
  force.option = true;
  force.name = "tile=m,n,k";
  return force;
}

ConvTilingAttr ascube::tiling::convTilingOf(MLIRContext *ctx,
                                            const ConvPlan &plan) {
  const model::ConvProblem &p = plan.p;
  if (!plan.byNd2nz()) {
    const model::ConvTiling &t = plan.t;
    return ConvTilingAttr::get(ctx, ConvStrategy::load3d, t.pixels(p), t.n,
                               t.groups * t.points(p) * p.c0(), t.sets,
                               t.partColumns(p), 0, 0);
  }
  // The GEMM's rows along M (an NHWC one's pixels) or N; whole output rows
  // or a piece of one.
  bool nhwc = plan.strategy == ConvStrategy::nhwc_rows;
  const model::MatmulTiling &t = plan.gemmTiling;
  int64_t extent = nhwc ? t.m : t.n;
  int64_t m = plan.piece == plan.rowColumns ? extent / plan.rowColumns * p.ow
                                            : plan.piece;
  // (Runs other than the default: taps of a kernel row, one part.)
  int64_t taps =
      nhwc && plan.runTaps != (p.dw == 1 ? p.kw : 1) ? plan.runTaps : 0;
  int64_t parts = nhwc && plan.runParts > 1 ? plan.runParts : 0;
  return ConvTilingAttr::get(ctx, plan.strategy, m, nhwc ? t.n : t.m, t.k, 0,
                             false, taps || parts ? plan.runTaps : 0, parts);
}

/// Whether two plans of one convolution emit the same program: the same
/// strategy and tiling (for the strategies by ND2NZ, the same GEMM).
static bool sameDecision(const tiling::ConvPlan &a, const tiling::ConvPlan &b) {
  auto gemm = [](const tiling::ConvPlan &c) {
    const model::MatmulProblem &g = c.gemm;
    return std::make_tuple(g.m, g.n, g.k, g.mUnit, g.nUnit, g.kUnit,
                           c.gemmTiling.m, c.gemmTiling.n, c.gemmTiling.k,
                           c.rowColumns, c.piece, c.runTaps, c.runSlots,
                           c.runParts, c.partChannels);
  };
  auto conv = [](const tiling::ConvPlan &c) {
    const model::ConvTiling &t = c.t;
    return std::make_tuple(t.rows, t.piece, t.n, t.groups, t.taps, t.sets,
                           t.partColumns(c.p));
  };
  if (a.strategy != b.strategy || a.p.outAlign != b.p.outAlign ||
      a.p.biasBits != b.p.biasBits)
    return false;
  return a.byNd2nz() ? gemm(a) == gemm(b) : conv(a) == conv(b);
}

FailureOr<tiling::ConvPlan>
ascube::tiling::decideConv(Operation *op, const target::ProductInfo &prod,
                           bool report, ArrayRef<int64_t> tile,
                           bool refuseUnfolded) {
  auto withRemark = [&](FailureOr<ConvPlan> plan) -> FailureOr<ConvPlan> {
    if (report && succeeded(plan) && !plan->empty)
      remarkTiling(op->getLoc(), convTilingOf(op->getContext(), *plan));
    return plan;
  };
  // (k_l1, L1's chunks of several K steps, is a matmul's; so is split_k.)
  if (tile.size() == 4 && !op->hasAttr(AscubeDialect::kTilingAttrName))
    return op->emitOpError()
           << "tile=m,n,k,k_l1: a convolution takes three sizes; k_l1 (L1 "
              "chunks of several K steps) is a matmul's, of A held M x K "
              "and B held N x K [tile_c15]";
  if (tile.size() == 5 && !op->hasAttr(AscubeDialect::kTilingAttrName))
    return op->emitOpError()
           << "tile=m,n,k,k_l1,split_k: a convolution takes three sizes; "
              "split_k (parts of K across blocks) is a matmul's [tile_c16]";
  std::optional<ConvForce> force = forcedConvTile(op, tile);
  if (force) {
    FailureOr<ConvPlan> plan =
        planConv(op, prod, report, &*force, refuseUnfolded);
    // tile_c14: more channels than the output has are mapped all the same
    // (one tile covers them), but said.
    // (F rounded to the largest channel alignment of the strategies, so
    // that no size they must take is said to be too large.)
    if (succeeded(plan) && !plan->empty &&
        force->n > int64_t(llvm::alignTo(plan->p.f, plan->p.nAlign())))
      op->emitWarning() << force->name << ": n = " << force->n
                        << " is more than the F = " << plan->p.f
                        << " output channels need ("
                        << llvm::alignTo(plan->p.f, plan->p.nAlign())
                        << "): one tile covers them, its buffers laid out "
                           "for "
                        << force->n << " [tile_c14]";
    return withRemark(plan);
  }
  // The rule's choice, written as the attribute and planned from it: the
  // attribute alone says how the op is mapped.
  FailureOr<ConvPlan> chosen = failure();
  {
    // (Its diagnostics are the second planning's to give.)
    ScopedDiagnosticHandler quiet(op->getContext(),
                                  [](Diagnostic &) { return success(); });
    chosen = planConv(op, prod, /*report=*/false, nullptr, refuseUnfolded);
  }
  // A refusal, or an empty output: planned again to say so.
  if (failed(chosen) || chosen->empty)
    return planConv(op, prod, report, nullptr, refuseUnfolded);
  if (report && !chosen->nd2nzWhy.empty())
    remarkNd2nzInstead(op, prod, chosen->nd2nzWhy);
  force = forceOf(convTilingOf(op->getContext(), *chosen));
  FailureOr<ConvPlan> plan =
      planConv(op, prod, report, &*force, refuseUnfolded);
  // (A choice of the rule's that its attribute refuses is as wrong.)
  if (failed(plan) || !sameDecision(*chosen, *plan))
    return op->emitOpError()
           << "ascube-tile-linalg chose a tiling that " << force->name
           << " does not say in full; please report this [tile_c6]";
  return withRemark(plan);
}
