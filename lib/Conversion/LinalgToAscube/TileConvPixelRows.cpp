//===- TileConvPixelRows.cpp - ascube-tile-linalg: pixel_rows -------------===//
//
// The pixel_rows strategy: an NCHW convolution by ND2NZ (TileConvNd.cpp)
// with a stride > 1 along W.
//
// Pixel rows. With stride_w > 1 a row of X^T is no run of the map, but
// one output pixel's taps of one kernel row are (KW adjacent elements;
// one each with a W dilation). Then the GEMM is O^T = W' x X'^T with
// X'^T held N x K' (a matmul's B^T): one L1 row per output pixel, and
// K' each run of taps padded to whole C0 blocks in W' (the copyA hook)
// and X'^T (copyB) alike — ND2NZ zero-fills the tail of a row's last 32 B
// block, so the padding adds 0 x 0 (docs/Rationale.md on the one sum
// that changes: an f16 output's -0.0).
//
//   for each image, output channel tile (M) x band of output rows (N)
//     for each chunk of whole channels (K'; of whole kernel rows (c, kh)
//     where one channel's K' does not fit L0A / L0B twice)
//       DataCopy ND2NZ   W' (one ND matrix per run of taps)
//       DataCopy ND2NZ   X'^T, one per (output row, kernel row, run):
//                        nValue = the row's pixels, sw apart in the map
//       ascube.load, Mmad  as for stride 1 (B held N x K')
//     Fixpipe            as for stride 1 (TileConvNd.cpp)
//
//===----------------------------------------------------------------------===//

#include "TileConvNd.h"

#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ascube;
using tiling::ConvForce;
using tiling::ConvNdBase;
using tiling::epilogueNote;
using tiling::padNote;

namespace {

/// The Cube program of one NCHW convolution with a stride > 1 along W as
/// the GEMM O^T = W' x X'^T (the file's header: "Pixel rows").
class ConvRowsEmitter : public ConvNdBase {
public:
  ConvRowsEmitter(OpBuilder &b, Location loc, const target::ProductInfo &prod,
                  const tiling::ConvPlan &plan, Value W, Value I, Value O)
      : ConvNdBase(b, loc, prod, plan, W, I, O), taps(plan.runTaps),
        runs(plan.p.kw / plan.runTaps), blocks(plan.runSlots / c0),
        unit(plan.gemm.kUnit), rowUnit(runs * plan.runSlots) {
    copyA = [this](Value a1, Value m0, int64_t mt, Value k0, int64_t kt,
                   bool gemvRow) { copyWeights(a1, m0, mt, k0, kt, gemvRow); };
    copyB = [this](Value b1, Value k0, int64_t kt, Value n0, int64_t nt) {
      copyPixelRows(b1, k0, kt, n0, nt);
    };
  }

private:
  /// W' rows [m0, m0 + mt) and K' columns [k0, k0 + kt) (whole channels,
  /// or whole kernel rows of them) into the Nz `a1`: one ND matrix per run
  /// of taps — W[f, c, kh, run * taps ...] for the chunk's kernel rows (c,
  /// kh) and runs, taps apart in W's rows (pitch C*KH*KW) — each into its
  /// own C0 blocks (its tail zero-filled); a GEMV's row with its blocks
  /// one after another. (Rows further apart than srcDValue (65535)
  /// reaches: one ND2NZ per row, ProgramEmitter::nd2nz.)
  void copyWeights(Value a1, Value m0, int64_t mt, Value k0, int64_t kt,
                   bool gemvRow) {
    int64_t kk = p.kh * p.kw, pitch = p.c * kk;
    int64_t rows = gemvRow ? 1 : mt;
    int64_t blockRows =
        gemvRow
            ? 1
            : llvm::alignTo(cast<MemRefType>(a1.getType()).getShape()[0], 16);
    // Kernel row (c, kh) u starts at u x KW in W's row.
    Value chunkTap = mul(div(k0, rowUnit), p.kw);
    Value from = add(mul(m0, pitch), chunkTap);
    int64_t num = kt / rowUnit * runs;
    int64_t dstStride = blocks * blockRows * c0;
    nd2nz(A, from, a1, index(0), num, rows, taps, pitch, blockRows, taps,
          dstStride);
  }

  /// X'^T rows [n0, n0 + nt) (one per output pixel: whole output rows, or
  /// a piece of one) and K' columns [k0, k0 + kt) (whole channels) into
  /// the N x K' Nz `b1`: per run of output pixels (eachRun), kernel row kh
  /// and run of taps, one ND2NZ whose rows are the run's pixels (nValue,
  /// sw apart in the map: srcDValue) and whose matrices the chunk's
  /// channels (H*W apart in GM, a channel's K' blocks apart in L1), `taps`
  /// map elements from I[c, row*sh + kh*dh, ow*sw + run*taps*dw] each, the
  /// tail of their C0 blocks zero-filled.
  void copyPixelRows(Value b1, Value k0, int64_t kt, Value n0, int64_t nt) {
    int64_t channels = kt / unit, plane = p.h * p.w;
    // Pixels (rows of X'^T) in L1, padded to whole fractals: a K' block's
    // C0 columns take padRows 32 B rows.
    int64_t padRows =
        llvm::alignTo(cast<MemRefType>(b1.getType()).getShape()[0], 16);
    int64_t runTo = blocks * padRows * c0;
    if (unit == rowUnit && p.kh > 1)
      return copyKernelRows(b1, k0, kt, n0, nt, padRows, runTo);
    Value firstPlane = mul(image, p.c);
    Value chunkPlane = div(k0, unit);
    Value base = mul(add(firstPlane, chunkPlane), plane);
    eachRun(n0, nt, [&](Value row, Value ow0, int64_t len, Value j) {
      Value pixelTo = mul(j, cw * c0);
      loop(p.kh, [&](Value kh) {
        Value rowOff = mul(row, p.sh);
        Value khOff = mul(kh, p.dh);
        Value mapRow = add(rowOff, khOff);
        Value rowStart = add(base, mul(mapRow, p.w));
        Value khTo = add(pixelTo, mul(kh, runs * runTo));
        copyRuns(b1, rowStart, ow0, khTo, len, channels, padRows, runTo,
                 p.kh * runs * runTo);
      });
    });
  }

  /// The runs of taps of one kernel row for `len` output pixels from
  /// column ow0 (map row from element `rowStart`) into `b1` from element
  /// `to` (runs runTo apart): one ND2NZ a run, its rows the pixels (sw
  /// apart), its matrices `num` channels (a plane apart in GM, `chanTo`
  /// elements apart in L1).
  void copyRuns(Value b1, Value rowStart, Value ow0, Value to, int64_t len,
                int64_t num, int64_t padRows, int64_t runTo, int64_t chanTo) {
    Value rowFrom = add(rowStart, mul(ow0, p.sw));
    loop(runs, [&](Value run) {
      Value from = add(rowFrom, mul(run, taps * p.dw));
      Value dst = add(to, mul(run, runTo));
      nd2nz(B, from, b1, dst, num, len, taps, p.sw, padRows, p.h * p.w, chanTo);
    });
  }

  /// copyPixelRows where K chunks are whole kernel rows (c, kh) — one
  /// channel's K' does not fit L0A / L0B twice: per kernel row u of the
  /// chunk (channel u / KH, kernel row u % KH), run of output pixels and
  /// run of taps one ND2NZ of the run's pixels (the matrices of channels
  /// above would straddle chunks).
  void copyKernelRows(Value b1, Value k0, int64_t kt, Value n0, int64_t nt,
                      int64_t padRows, int64_t runTo) {
    int64_t plane = p.h * p.w;
    Value u0 = div(k0, rowUnit);
    loop(kt / rowUnit, [&](Value i) {
      Value u = add(u0, i);
      Value c = div(u, p.kh);
      Value kh = arith::RemUIOp::create(b, loc, u, index(p.kh));
      Value base = mul(add(mul(image, p.c), c), plane);
      Value unitTo = mul(i, runs * runTo);
      eachRun(n0, nt, [&](Value row, Value ow0, int64_t len, Value j) {
        Value pixelTo = add(unitTo, mul(j, cw * c0));
        Value mapRow = add(mul(row, p.sh), mul(kh, p.dh));
        Value rowStart = add(base, mul(mapRow, p.w));
        copyRuns(b1, rowStart, ow0, pixelTo, len, 1, padRows, runTo, 0);
      });
    });
  }

  /// The taps of a run, runs per kernel row, C0 blocks per run, K' columns
  /// per K chunk unit (a channel, or a kernel row of one) and per kernel
  /// row.
  int64_t taps, runs, blocks, unit, rowUnit;
};

} // namespace

LogicalResult tiling::planPixelRows(Operation *op,
                                    const target::ProductInfo &prod,
                                    bool report, const ConvForce *force,
                                    tiling::ConvPlan &plan) {
  const model::ConvProblem &p = plan.p;
  int64_t c0 = 256 / p.bits;
  int64_t taps = p.dw == 1 ? p.kw : 1, runs = p.kw / taps;
  int64_t slots = llvm::alignTo(taps, c0);
  // ND2NZ's fields: an output row's pixels (or a piece's, at most Mmad's n
  // of 4095) are nValue rows, sw apart (srcDValue [1, 65535]; further
  // apart, one ND2NZ a pixel: ProgramEmitter::nd2nz), a run dValue
  // elements [0, 65535].
  if (taps > model::limits::kU16Max)
    return op->emitOpError()
           << "a kernel width of " << taps
           << " is beyond DataCopy ND2NZ's dValue range [0, "
           << model::limits::kU16Max << "] (a run of the kernel's taps) "
           << "[tile_c5]";
  model::MatmulProblem g;
  g.aBits = g.bBits = p.bits;
  g.cBits = p.cBits;
  g.m = p.f;
  g.kUnit = p.kh * runs * slots;
  g.k = p.c * g.kUnit;
  g.transB = true;
  model::MatmulCapacities cap = tiling::matmulCapacities(prod);
  // N tiles of whole output rows (OW GEMM columns each: X'^T's rows are
  // the pixels, unpadded), or pieces of one (whole 16s).
  int64_t nAlign = model::MatmulAlignment::of(g).n;
  int64_t cw = p.ow, piece = p.ow;
  std::optional<model::MatmulTiling> t;
  if (!force)
    t = chooseRowTiling(g, p, p.ow, nAlign, cap, cw, piece);
  // Where one channel's K' does not fit, K chunks of whole kernel rows.
  if (!t && !force && p.kh > 1) {
    g.kUnit = runs * slots;
    t = chooseRowTiling(g, p, p.ow, nAlign, cap, cw, piece);
    if (!t)
      g.kUnit = p.kh * runs * slots;
  }
  model::MatmulAlignment al = model::MatmulAlignment::of(g);
  int64_t kk = p.kh * p.kw;
  if (force) {
    // m output pixels (whole output rows, or a piece of one), n output
    // channels, k im2col rows of W: tile= whole channels (KH x KW each);
    // an attribute's k columns of K' (whole channels of KH x K'/KH each,
    // or below one, whole kernel rows).
    int64_t row = runs * slots, channel = p.kh * row;
    int64_t k = force->option ? force->k / kk * channel : force->k;
    bool rows = !force->option && p.kh > 1 && k % channel && k % row == 0;
    g.kUnit = rows ? row : channel;
    int64_t extent = forcedRows(g, p, p.ow, force->m, nAlign, cw, piece,
                                /*alongM=*/false);
    if (!extent || force->n < 1 || force->n % al.m || force->k < 1 ||
        (force->option ? force->k % kk : k % g.kUnit))
      return op->emitOpError()
             << force->name
             << " of an NCHW convolution with a stride along W on " << prod.Name
             << " takes "
             << describeForcedPixels(p.ow, nAlign, model::limits::kMmadDimMax)
             << ", n a multiple of " << al.m << " and k "
             << (force->option
                     ? "a multiple of KH x KW = " + std::to_string(kk) +
                           " (whole channels)"
                     : "a multiple of a channel's " + std::to_string(channel) +
                           " columns of K' (or of a kernel row's " +
                           std::to_string(row) + ")")
             << nameForcedMiss(*force, !extent, force->n < 1 || force->n % al.m)
             << " [tile_c6]";
    t = model::MatmulTiling{force->n, extent, k};
    if (failed(checkForcedFit(op, prod, g, cap, *force, *t)))
      return failure();
  }
  if (!t)
    return op->emitOpError()
           << "no tile of " << prod.Name << "'s L0A/L0B/L0C/L1 holds " << nAlign
           << " GEMM columns of an output row, " << al.m
           << " output channels and one kernel row's " << runs * slots
           << " im2col rows (the kernel's taps in runs padded to C0 = " << c0
           << ") [tile_c1]";
  bool byRows = g.kUnit == runs * slots && p.kh > 1;
  if (report) {
    // The bytes read from GM: the real taps (the padding is ND2NZ's zero
    // fill).
    model::MatmulProblem real = g;
    real.k = p.c * kk;
    int64_t units = std::min(t->k, g.k) / g.kUnit;
    op->emitRemark() << llvm::formatv(
        "ascube-tile-linalg: {0} {1} conv (NCHW, FCHW weights; im2col by "
        "ND2NZ, one row per output pixel) {2}: per image O^T = W' x X'^T, M x "
        "N x K' (channels x pixels x K') = {3} x {4} x {5} "
        "(per channel {6} x {7} of {8}, each padded to {9} im2col rows) "
        "({19} columns per output row): tile {10} x {11}, {12} ({13}) per "
        "chunk ({14} M x {15} N tiles, {16} each){17}; GM -> L1 {18} B{20}",
        prod.Name, getCubeTypeName(plan.elem),
        tiling::describeConvGeometry(p, plan.images, /*nchw=*/true), p.f, g.n,
        g.k, p.kh, tiling::count(runs, "run", "runs"),
        tiling::count(taps, "tap", "taps"), slots,
        tiling::tilePixelsNote(t->n, cw, piece, p.ow),
        tiling::count(t->m, "channel", "channels"),
        byRows ? tiling::count(units, "kernel row", "kernel rows")
               : tiling::count(units, "channel", "channels"),
        tiling::count(units * (byRows ? p.kw : kk), "im2col row",
                      "im2col rows") +
            ", " + std::to_string(std::min(t->k, g.k)) + " of K' with padding",
        t->tilesM(g), t->tilesN(g),
        tiling::count(t->chunksK(g), "chunk", "chunks"), epilogueNote(plan),
        plan.images * t->gmToL1Bytes(real), cw, padNote(plan));
  }
  return setGemm(plan, ConvStrategy::pixel_rows, taps, slots, cw, piece, g, *t);
}

void tiling::withPixelRowsEmitter(OpBuilder &b, Location loc,
                                  const target::ProductInfo &prod,
                                  const ConvPlan &plan, Value W, Value I,
                                  Value O,
                                  llvm::function_ref<void(ConvNdBase &)> emit) {
  ConvRowsEmitter emitter(b, loc, prod, plan, W, I, O);
  emit(emitter);
}
