//===- TileConvNd.cpp - ascube-tile-linalg: NCHW convolutions by ND2NZ ---===//
//
// The nd2nz_columns strategy: a linalg.conv_2d_nchw_fchw on a product
// whose DataCopy has ND2NZ but no DN2NZ (Atlas A2/A3, Kirin X90, Kirin
// 9030), where no mover turns the NCHW map into LoadData 3D's NC1HWC0 map
// (on 950 where NZ2DN's alignment leaves no tiling, or where
// #ascube.conv_tiling asks for it). Per image the convolution is then the
// GEMM
//
//   O^T (F x OH*OW) = W (F x K) x X^T (K x OH*OW),   K = C*KH*KW in the
//                                                    order (c, kh, kw)
//
// W is the FCHW weights as they are (row-major F x K: a matmul's A held M x
// K), O^T the NCHW output as it is (per image F rows of OH*OW pixels), and
// X^T the transposed im2col matrix: row (c, kh, kw), column (oh, ow) holds
// I[c, oh*sh + kh*dh, ow + kw*dw]. With stride_w = 1 the row's elements
// for one output row are a run of OW adjacent map elements, so DataCopy
// ND2NZ builds X^T's K x N Nz chunk in L1 directly — per output row and
// kernel row one instruction: ndNum = the chunk's channels (matrices H*W
// apart in GM, KH*KW*C0 elements apart in L1), nValue = KW rows (dw
// apart: srcDValue = dw; rows may overlap in GM), dValue = OW. Each
// output row takes rowColumns GEMM columns (OW rounded up to B's column
// alignment), so every run starts a C0 block (ND2NZ writes whole 32 B
// blocks; the padding columns are never written out). The program is a
// matmul's (MatmulEmitter, TileMatmul.h, with its copyB and writeC hooks):
//
//   for each image, output channel tile (M) x band of output rows (N)
//     for each chunk of whole channels (K)
//       DataCopy ND2NZ   W's chunk (F tile x K chunk) -> L1 Nz
//       DataCopy ND2NZ   X^T's chunk, one per (output row, kernel row)
//       ascube.load      -> L0A, L0B (a matmul's B held K x N)
//       Mmad             C tile (+)= W chunk x X^T chunk
//     Fixpipe            each output row's OW columns -> O (NZ2ND, pitch
//                        OH*OW; one for the band when OW fills its columns)
//
// The sum over k runs in the order (c, kh, kw), W's own: a test's golden
// value is the plain product of W (F x K) and the im2col matrix.
//
// Pixel rows (a stride > 1 along W): TileConvPixelRows.cpp.
//
// A zero-padded map (a bufferized tensor.pad) is made in GM by the
// kernel's own ops — its zero fill a memref.copy from a zero constant,
// TileConv.cpp — and convolved as it is: ND2NZ cannot put a window's
// left-edge zeros inside a C0 block. A bias (over O^T's rows, where the
// bias table would add a row to every row) starts each output tile from a
// seed Mmad of C's type, the bias column times ones
// (MatmulEmitter::emitSeed); refused (tile_c4) where that Mmad row is
// missing: an int8 convolution's i32 bias.
//
// The NHWC form without LoadData 3D is TileConvNhwc.cpp's; ConvNdBase and
// the planning helpers they share are in TileConvNd.h.
//
//===----------------------------------------------------------------------===//

#include "TileConvNd.h"

#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ascube;
using target::Level;
using tiling::checkForcedFit;
using tiling::chooseRowTiling;
using tiling::ConvForce;
using tiling::ConvForm;
using tiling::ConvNdBase;
using tiling::epilogueNote;
using tiling::forcedRows;
using tiling::padNote;
using tiling::setGemm;

namespace {

/// The Cube program of one NCHW convolution as the GEMM O^T = W x X^T.
class ConvNdEmitter : public ConvNdBase {
public:
  ConvNdEmitter(OpBuilder &b, Location loc, const target::ProductInfo &prod,
                const tiling::ConvPlan &plan, Value W, Value I, Value O)
      : ConvNdBase(b, loc, prod, plan, W, I, O) {
    copyB = [this](Value b1, Value k0, int64_t kt, Value n0, int64_t nt) {
      copyIm2col(b1, k0, kt, n0, nt);
    };
  }

private:
  /// X^T's rows [k0, k0 + kt) (whole channels) and columns [n0, n0 + nt)
  /// into the K x N Nz `b1`: per run (an output row's pixels from ow0)
  /// and kernel row kh, the KW rows (c, kh, kw) of each channel c of the
  /// chunk, `len` map elements from I[c, row*sh + kh*dh, ow0 + kw*dw].
  void copyIm2col(Value b1, Value k0, int64_t kt, Value n0, int64_t nt) {
    int64_t kk = p.kh * p.kw, channels = kt / kk;
    int64_t plane = p.h * p.w;
    // B's fractal rows in L1: the C0 blocks of a row are padRows 32 B rows
    // apart.
    int64_t padRows =
        llvm::alignTo(cast<MemRefType>(b1.getType()).getShape()[0], 16);
    Value firstPlane = mul(image, p.c);
    Value chunkPlane = div(k0, kk);
    Value base = mul(add(firstPlane, chunkPlane), plane);
    // One ND2NZ of the chunk's channels (one per channel where their plane
    // pitch passes srcNdMatrixStride or their K rows dstNzMatrixStride).
    eachRun(n0, nt, [&](Value row, Value ow0, int64_t len, Value j) {
      loop(p.kh, [&](Value kh) {
        Value rowOff = mul(row, p.sh);
        Value khOff = mul(kh, p.dh);
        Value mapRow = add(rowOff, khOff);
        Value from = add(add(base, mul(mapRow, p.w)), ow0);
        Value runTo = mul(j, cw / c0 * padRows * c0);
        Value khTo = mul(kh, p.kw * c0);
        Value to = add(runTo, khTo);
        nd2nz(B, from, b1, to, channels, p.kw, len, p.dw, padRows, plane,
              kk * c0);
      });
    });
  }
};

} // namespace

/// The tiling of the GEMM `g` (its other sizes and kUnit set) of a
/// convolution whose N tiles (M tiles `alongM`: an NHWC one's pixels) are
/// whole output rows of `columns` GEMM columns (rows) each, or — where not
/// one row fits — one piece of a row: the widest piece (whole `nAlign`
/// blocks, at most Mmad's n / m field, 4095) that fits, each row then
/// `cw` = pieces x piece GEMM columns (its last piece holding the rest).
/// `g` becomes the GEMM so cut; `cw` and `piece` are set (piece = cw:
/// whole rows). std::nullopt when not even one block of a row fits.
std::optional<model::MatmulTiling>
tiling::chooseRowTiling(model::MatmulProblem &g, const model::ConvProblem &p,
                        int64_t columns, int64_t nAlign,
                        const model::MatmulCapacities &cap, int64_t &cw,
                        int64_t &piece, bool alongM) {
  cw = piece = columns;
  model::MatmulProblem whole = g;
  cutRows(whole, p, columns, 0, cw, alongM);
  if (std::optional<model::MatmulTiling> t =
          model::chooseMatmulTiling(whole, cap)) {
    g = whole;
    return t;
  }
  // A piece is at most Mmad's n (m) field (4095) wide; a unit of w makes
  // the tile's n (m) the whole piece.
  for (int64_t w =
           std::min<int64_t>(llvm::alignTo(p.ow, nAlign) - nAlign,
                             model::limits::kMmadDimMax / nAlign * nAlign);
       w >= nAlign; w -= nAlign) {
    model::MatmulProblem one = g;
    (alongM ? one.m : one.n) = w;
    (alongM ? one.mUnit : one.nUnit) = w;
    std::optional<model::MatmulTiling> tw = model::chooseMatmulTiling(one, cap);
    if (!tw || (alongM ? tw->m : tw->n) != w)
      continue;
    model::MatmulProblem cut = g;
    int64_t cutColumns = 0;
    cutRows(cut, p, columns, w, cutColumns, alongM);
    if (!model::fitsMatmulTiling(cut, cap, *tw))
      continue;
    g = cut;
    piece = w;
    cw = cutColumns;
    return tw;
  }
  return std::nullopt;
}

void tiling::cutRows(model::MatmulProblem &g, const model::ConvProblem &p,
                     int64_t columns, int64_t piece, int64_t &cw, bool alongM) {
  cw = piece ? llvm::divideCeil(p.ow, piece) * piece : columns;
  (alongM ? g.m : g.n) = p.oh * cw;
  (alongM ? g.mUnit : g.nUnit) = piece ? piece : columns;
}

int64_t tiling::forcedRows(model::MatmulProblem &g, const model::ConvProblem &p,
                           int64_t columns, int64_t m, int64_t align,
                           int64_t &cw, int64_t &piece, bool alongM) {
  if (m >= p.ow && m % p.ow == 0) {
    cutRows(g, p, columns, 0, cw, alongM);
    piece = cw;
    return m / p.ow * columns;
  }
  if (m < 1 || m >= p.ow || m % align || m > model::limits::kMmadDimMax)
    return 0;
  cutRows(g, p, columns, m, cw, alongM);
  piece = m;
  return m;
}

void tiling::ConvNdBase::eachRun(
    Value n0, int64_t nt,
    llvm::function_ref<void(Value, Value, int64_t, Value)> body) {
  if (piece == cw) {
    Value oh0 = div(n0, cw);
    return loop(nt / cw, [&](Value j) {
      // Named in order: the emitted IR must not depend on the compiler's
      // order of evaluating arguments.
      Value row = add(oh0, j);
      Value ow0 = index(0);
      body(row, ow0, p.ow, j);
    });
  }
  Value row = div(n0, cw);
  Value ow0 = mlir::arith::RemUIOp::create(b, loc, n0, index(cw));
  int64_t lastAt = cw - piece, last = p.ow - lastAt;
  if (last == piece)
    return body(row, ow0, piece, index(0));
  Value isLast = mlir::arith::CmpIOp::create(
      b, loc, mlir::arith::CmpIPredicate::eq, ow0, index(lastAt));
  auto ifOp = mlir::scf::IfOp::create(b, loc, isLast, /*withElse=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  body(row, ow0, last, index(0));
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  body(row, ow0, piece, index(0));
}

void tiling::ConvNdBase::writeRows(Value c, Value m0, int64_t mt, Value n0,
                                   int64_t nt) {
  int64_t pixels = p.oh * p.ow;
  int64_t fractalRows =
      llvm::alignTo(cast<MemRefType>(c.getType()).getShape()[0], 16);
  Value image0 = mul(add(mul(image, p.f), m0), pixels);
  writeTilePieces(c, C, mt, pixels, [&](PieceWriter write) {
    if (piece == cw && cw == p.ow)
      return write(Value(), add(image0, mul(div(n0, cw), p.ow)), nt);
    eachRun(n0, nt, [&](Value row, Value ow0, int64_t len, Value j) {
      Value from = mul(j, cw / 16 * fractalRows * 16);
      Value to = add(image0, add(mul(row, p.ow), ow0));
      write(from, to, len);
    });
  });
}

LogicalResult tiling::checkForcedFit(Operation *op,
                                     const target::ProductInfo &prod,
                                     const model::MatmulProblem &g,
                                     const model::MatmulCapacities &cap,
                                     const ConvForce &force,
                                     const model::MatmulTiling &t) {
  if (model::fitsMatmulTiling(g, cap, t))
    return success();
  InFlightDiagnostic d = op->emitOpError();
  d << "tile " << force.m << " x " << force.n << " x " << force.k
    << " (the GEMM's M x N x K tile " << t.m << " x " << t.n << " x " << t.k
    << ") does not fit " << prod.Name;
  describeMiss(
      d, model::describeMmadRangeMiss(t),
      [&] { return model::matmulFootprint(g, t); }, cap, /*sets=*/2);
  return d << (force.option ? "; without tile= the pass chooses a tile that "
                              "fits (report=true names it)"
                            : "; without the attribute the pass chooses a "
                              "tile that fits (ascube-select-tiling writes "
                              "it)")
           << " [tile_c6]";
}

/// Records in `plan` the GEMM a convolution by ND2NZ is mapped as: runs of
/// `taps` taps in K' columns of `slots` (0: none, the NCHW stride-1 form),
/// output rows of `cw` GEMM columns (rows) in N (M) tiles of whole rows or
/// of one `piece`, the GEMM `g` and its tiling `t`.
LogicalResult tiling::setGemm(tiling::ConvPlan &plan, ConvStrategy strategy,
                              int64_t taps, int64_t slots, int64_t cw,
                              int64_t piece, const model::MatmulProblem &g,
                              const model::MatmulTiling &t) {
  plan.strategy = strategy;
  plan.runTaps = taps;
  plan.runSlots = slots;
  plan.rowColumns = cw;
  plan.piece = piece;
  plan.gemm = g;
  plan.gemmTiling = t;
  return success();
}

/// The report's note on the epilogue: a bias by its seed, a ReLU, a
/// requantization.
std::string tiling::epilogueNote(const tiling::ConvPlan &plan) {
  return std::string(!plan.epilogue.bias ? ""
                     : plan.strategy == ConvStrategy::nhwc_rows
                         ? ", + bias (each tile seeded by an "
                           "Mmad of ones x the bias row)"
                         : ", + bias (each tile seeded by an "
                           "Mmad of the bias column x ones)") +
         (plan.epilogue.relu ? ", ReLU (Fixpipe)" : "") +
         tiling::describeRequant(plan.epilogue);
}

/// The report's note on a zero-padded map: made in GM first.
std::string tiling::tilePixelsNote(int64_t pixels, int64_t cw, int64_t piece,
                                   int64_t ow) {
  if (piece == cw)
    return tiling::count(pixels / cw, "output row", "output rows");
  return tiling::count(std::min(piece, ow), "output pixel", "output pixels") +
         " (a piece of a row)";
}

std::string tiling::padNote(const tiling::ConvPlan &plan) {
  return plan.padded ? "; the map zero-padded in GM first by the kernel's "
                       "own copies (ND2NZ cannot pad)"
                     : "";
}

LogicalResult tiling::planConvByNd2nz(Operation *op,
                                      const target::ProductInfo &prod,
                                      bool report, const ConvForce *force,
                                      ConvPlan &plan) {
  const model::ConvProblem &p = plan.p;
  if (!prod.HasND2NZ)
    return op->emitOpError()
           << prod.Name
           << " has neither DataCopy DN2NZ nor ND2NZ: ascube-tile-linalg "
              "moves an NCHW map by DN2NZ (950) or builds its im2col matrix "
              "by ND2NZ; hold the map, weights and output as NHWC / HWCF "
              "(or FHWC) instead (ascube maps no linalg.transpose) [tile_c4]";
  // A bias over the output channels (O^T's rows, where the bias table
  // would add a row to every row; an NHWC one's columns on a product
  // without an Mmad bias) starts each output tile from a seed Mmad of C's
  // type (MatmulEmitter::emitSeed): the bias column times ones.
  bool nchw = plan.form == ConvForm::NchwFchw;
  std::string cn = getCubeTypeName(plan.acc);
  if (plan.epilogue.bias && !prod.canSeedBias(cn)) {
    if (!nchw)
      return op->emitOpError()
             << prod.Name
             << "'s Mmad adds no bias (cmatrixSource), and an NHWC "
                "convolution's bias there "
                "starts each output tile from an Mmad of ones times the bias "
                "row in the bias's type; "
             << cn << " x " << cn << " -> " << cn
             << " is not an Mmad row there (docs/Products.md) [tile_c4]";
    return op->emitOpError()
           << "on " << prod.Name
           << " an NCHW convolution is the GEMM O^T = W x X^T, whose rows "
              "are the output channels: its bias starts each output tile "
              "from an Mmad of the bias column times ones in the bias's "
              "type, and "
           << cn << " x " << cn << " -> " << cn
           << " is not an Mmad row there (docs/Products.md); hold the "
              "operands as NHWC / HWCF (or FHWC) to fold the bias through "
              "the bias table [tile_c4]";
  }
  // (With one output pixel a row the stride along W is never stepped: the
  // runs of X^T hold one element.)
  ConvStrategy strategy = !nchw                   ? ConvStrategy::nhwc_rows
                          : p.sw != 1 && p.ow > 1 ? ConvStrategy::pixel_rows
                                                  : ConvStrategy::nd2nz_columns;
  // (Where the product has what load3d needs, it is the other strategy
  // this convolution takes.)
  bool load3d = nchw ? prod.HasDN2NZ && prod.HasNZ2DN && prod.HasLoad3DV2
                     : prod.HasLoad3DV2 && !plan.epilogue.bias;
  if (force && force->strategy && *force->strategy != strategy)
    return refuseStrategy(
        op, prod, *force,
        (load3d ? "load3d or " : "") + stringifyConvStrategy(strategy).str(),
        !nchw                                  ? "an NHWC convolution"
        : strategy == ConvStrategy::pixel_rows ? "a stride along W"
        : p.sw != 1 ? "one output pixel a row: the stride along W is never "
                      "stepped"
                    : "an NCHW convolution with stride 1 along W");
  if (strategy == ConvStrategy::nhwc_rows)
    return tiling::planNhwcRows(op, prod, report, force, plan);
  if (strategy == ConvStrategy::pixel_rows)
    return tiling::planPixelRows(op, prod, report, force, plan);
  // ND2NZ's fields: the kernel's columns are nValue rows [0, 16384], dw
  // apart (srcDValue [1, 65535]; further apart, one ND2NZ a column:
  // ProgramEmitter::nd2nz).
  if (p.kw > model::limits::kNd2nzRowsMax)
    return op->emitOpError() << "a kernel width of " << p.kw
                             << " is beyond DataCopy ND2NZ's nValue range [0, "
                             << model::limits::kNd2nzRowsMax
                             << "] (X^T's rows of a kernel row) [tile_c5]";
  model::MatmulProblem g;
  g.aBits = g.bBits = p.bits;
  g.cBits = p.cBits;
  g.m = p.f;
  g.k = p.c * p.kh * p.kw;
  g.kUnit = p.kh * p.kw;
  // Each output row takes whole L0B column blocks (and C0 blocks) of the
  // GEMM's N: cw columns.
  int64_t nAlign = model::MatmulAlignment::of(g).n;
  model::MatmulCapacities cap = tiling::matmulCapacities(prod);
  // N tiles of whole output rows, each whole L0B column blocks (cw
  // columns), or pieces of one.
  int64_t cw = llvm::alignTo(p.ow, nAlign), piece = cw;
  model::MatmulProblem whole = g;
  whole.n = p.oh * cw;
  whole.nUnit = cw;
  std::optional<model::MatmulTiling> t;
  if (!force)
    t = chooseRowTiling(g, p, cw, nAlign, cap, cw, piece);
  model::MatmulAlignment al = model::MatmulAlignment::of(whole);
  // The words for k's unit: whole channels of KH x KW rows, or for a 1 x 1
  // kernel whole k fractals.
  auto byKernel = [&](StringRef kernel, StringRef oneByOne) {
    return p.kh * p.kw > 1 ? kernel : oneByOne;
  };
  if (force) {
    // m, n, k as for any convolution: m output pixels (whole output rows,
    // or a piece of one), n output channels, k im2col columns (whole
    // channels).
    int64_t extent = forcedRows(g, p, llvm::alignTo(p.ow, nAlign), force->m,
                                nAlign, cw, piece, /*alongM=*/false);
    if (!extent || force->n < 1 || force->n % al.m || force->k < 1 ||
        force->k % al.k)
      return op->emitOpError()
             << force->name << " of an NCHW convolution on " << prod.Name
             << " takes "
             << describeForcedPixels(p.ow, nAlign, model::limits::kMmadDimMax)
             << ", n a multiple of " << al.m << " and k a multiple of " << al.k
             << byKernel(" (KH x KW: whole channels)",
                         " (whole channels of a 1 x 1 kernel, in whole k "
                         "fractals)")
             << nameForcedMiss(*force, !extent, force->n < 1 || force->n % al.m)
             << " [tile_c6]";
    t = model::MatmulTiling{force->n, extent, force->k};
    if (failed(checkForcedFit(op, prod, g, cap, *force, *t)))
      return failure();
  }
  if (!t)
    return op->emitOpError()
           << "no tile of " << prod.Name << "'s L0A/L0B/L0C/L1 holds " << nAlign
           << " GEMM columns of an output row, " << al.m
           << " output channels and " << al.k
           << byKernel(" im2col rows (one channel's KH x KW)",
                       " im2col rows (a 1 x 1 kernel's channels in one k "
                       "fractal)")
           << " [tile_c1]";
  if (report)
    op->emitRemark() << llvm::formatv(
        "ascube-tile-linalg: {0} {1} conv (NCHW, FCHW weights; im2col by "
        "ND2NZ) {2}: per image O^T = W x X^T, "
        "M x N x K (channels x pixels x K) = {3} x {4} x {5} ({6} columns per "
        "output row): tile "
        "{7} x {8}, {9} ({10}) per chunk "
        "({11} M x {12} N tiles, {13} each){14}; GM -> L1 {15} B{16}",
        prod.Name, getCubeTypeName(plan.elem),
        tiling::describeConvGeometry(p, plan.images, /*nchw=*/true), p.f, g.n,
        g.k, cw, tiling::tilePixelsNote(t->n, cw, piece, p.ow),
        tiling::count(t->m, "channel", "channels"),
        tiling::count(std::min(t->k, g.k) / (p.kh * p.kw), "channel",
                      "channels"),
        tiling::count(std::min(t->k, g.k), "im2col row", "im2col rows"),
        t->tilesM(g), t->tilesN(g),
        tiling::count(t->chunksK(g), "chunk", "chunks"), epilogueNote(plan),
        plan.images * t->gmToL1Bytes(g), padNote(plan));
  return setGemm(plan, ConvStrategy::nd2nz_columns, 0, 0, cw, piece, g, *t);
}

/// The zero fill `fill` of the padded map `map` (a static alloc in GM) as
/// the kernel's own memref.copy from a zero constant (a private
/// memref.global of the map's type in the nearest module): the padded map
/// a convolution by ND2NZ (ConvPlan::byNd2nz: NCHW without DN2NZ, NHWC
/// without LoadData 3D V2) reads as it is,
/// made like the map's copy into it, by ops that run as they are and that
/// TileSyncAll.cpp orders with the programs.
static void fillWithZerosByCopy(Operation *fill, Value map) {
  auto type = cast<MemRefType>(map.getType());
  Location loc = fill->getLoc();
  // One constant per map type in the module.
  StringAttr zeros = tiling::splatGlobal(
      fill->getParentOfType<ModuleOp>(), loc, "__ascube_zero_map", type,
      cast<TypedAttr>(OpBuilder(fill).getZeroAttr(type.getElementType())));
  OpBuilder b(fill);
  Value from = memref::GetGlobalOp::create(b, loc, type, zeros);
  memref::CopyOp::create(b, loc, from, map);
  fill->erase();
}

LogicalResult tiling::tileConvByNd2nz(Operation *opPtr,
                                      const target::ProductInfo &prod,
                                      ConvPlan &plan,
                                      SmallVectorImpl<Program> &programs) {
  auto op = cast<linalg::LinalgOp>(opPtr);
  const Epilogue &epilogue = plan.epilogue;
  auto func = op->getParentOfType<func::FuncOp>();
  OpBuilder b(op);
  Location loc = op.getLoc();
  // The map (N*C) x (H*W), the weights F x (C*KH*KW), the output (N*F) x
  // (OH*OW): row-major matrices; NHWC: the map (N*H) x (W*C), the weights
  // (KH*KW*C) x F (HWCF) or F x (KH*KW*C) (FHWC), the output (N*OH*OW) x
  // F.
  bool nhwc = plan.strategy == ConvStrategy::nhwc_rows;
  Value I = collapseToMatrix(b, loc, op.getDpsInputs()[0], 2);
  Value W = collapseToMatrix(b, loc, op.getDpsInputs()[1],
                             plan.form == ConvForm::NhwcHwcf ? 3 : 1);
  Value O = collapseToMatrix(b, loc, op.getDpsInits()[0], nhwc ? 3 : 2);
  // The image loop: image i's GEMM of its map, W (the same for all) and
  // its output; its tiles numbered after the earlier images' (batchIndex)
  // for the blocks.
  auto emitImages = [&](ConvNdBase &emitter) {
    emitter.allocPoint = tiling::allocPointOf(func);
    // A bias over the output channels, O^T's rows (an NHWC O's columns):
    // each tile's seed.
    if (epilogue.bias)
      (nhwc ? emitter.biasSeedRow : emitter.biasColumn) =
          memref::ExpandShapeOp::create(b, loc, ArrayRef<int64_t>{plan.p.f, 1},
                                        epilogue.bias,
                                        ArrayRef<ReassociationIndices>{{0, 1}});
    emitter.relu = epilogue.relu;
    if (epilogue.requantOut)
      emitter.requantOut =
          collapseToMatrix(b, loc, epilogue.requantOut, nhwc ? 3 : 2);
    emitter.requantWord = epilogue.requantWord;
    emitter.writeOut = epilogue.writeC;
    emitter.syncStart();
    auto c = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    Value lb = c(0), ub = c(plan.images), step = c(1);
    auto loop = scf::ForOp::create(b, loc, lb, ub, step);
    b.setInsertionPointToStart(loop.getBody());
    emitter.aBase = emitter.bBase = emitter.cBase = c(0);
    emitter.batchIndex = emitter.image = loop.getInductionVar();
    emitter.emit();
    b.setInsertionPointAfter(loop);
    emitter.syncEnd();
    programs.push_back(emitter.program);
  };
  if (nhwc) {
    tiling::withNhwcRowsEmitter(b, loc, prod, plan, W, I, O, emitImages);
  } else if (plan.strategy == ConvStrategy::pixel_rows) {
    tiling::withPixelRowsEmitter(b, loc, prod, plan, W, I, O, emitImages);
  } else {
    ConvNdEmitter emitter(b, loc, prod, plan, W, I, O);
    emitImages(emitter);
  }
  // A zero-padded map is made in GM (ND2NZ cannot put a window's
  // left-edge zeros inside a C0 block): its ops stay, the fill a copy of
  // zeros.
  if (plan.padded)
    fillWithZerosByCopy(plan.padded->fill, op.getDpsInputs()[0]);
  return success();
}
