//===- TileConvNhwc.cpp - ascube-tile-linalg: NHWC convolutions by ND2NZ -===//
//
// NHWC without LoadData 3D: the nhwc_rows strategy. A product with ND2NZ
// but no LoadData 3D V2 (Kirin 9030; any with ND2NZ where a bias the bias
// table cannot add or #ascube.conv_tiling asks for it) maps
// linalg.conv_2d_nhwc_hwcf / nhwc_fhwc as, per image,
// the GEMM O (OH*OW x F) = X' x W': in an NHWC map one output pixel's
// taps of one kernel row are KW x C adjacent elements (C with a W
// dilation), so X' is held one Nz row per output pixel and built by
// ND2NZ, K' the kernel rows' runs — all KW taps, fewer (a divisor of KW),
// or one tap's channels in parts of whole C0 blocks (the last the rest),
// as L0A/L0B allow — each padded to whole C0 blocks with zeros (ND2NZ's
// tail fill; a last part's missing blocks and HWCF weights' padding rows
// by plain copies of zeros).
//
//   for each image, M tile (whole output rows, or a piece of one) x N tile
//     for each chunk of whole runs (K')
//       DataCopy ND2NZ   X': per run, ndNum = the tile's output rows,
//                        nValue = their pixels (sw*C apart), dValue = the
//                        run's elements
//       DataCopy ND2NZ   W' (FHWC: B^T, F rows; HWCF: B, the run's rows)
//       ascube.load, Mmad
//     Fixpipe            the tile's pixels x channels -> O (pitch F)
//
// The NHWC form is also taken on a product whose Mmad adds no bias (Kirin
// X90) for a convolution with a bias, which its seed folds
// (TileConvPlan.cpp). TileConvNd.h holds what it shares with the NCHW
// forms of TileConvNd.cpp (ConvNdBase, the row tiling, the remark notes).
//
//===----------------------------------------------------------------------===//

#include "TileConvNd.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ascube;
using tiling::checkForcedFit;
using tiling::chooseRowTiling;
using tiling::ConvForce;
using tiling::ConvNdBase;
using tiling::epilogueNote;
using tiling::forcedRows;
using tiling::padNote;
using tiling::setGemm;

namespace {

/// The Cube program of one NHWC convolution as the GEMM O = X' x W' (the
/// file's header: "NHWC without LoadData 3D").
class NhwcRowsEmitter : public ConvNdBase {
public:
  NhwcRowsEmitter(OpBuilder &b, Location loc, const target::ProductInfo &prod,
                  const tiling::ConvPlan &plan, Value W, Value I, Value O)
      : ConvNdBase(b, loc, prod, plan, I, W, O), taps(plan.runTaps),
        parts(plan.runParts), part(plan.partChannels),
        perRow(plan.p.kw / plan.runTaps * plan.runParts), slots(plan.runSlots),
        fhwc(plan.form == tiling::ConvForm::NhwcFhwc) {
    copyA = [this](Value a1, Value m0, int64_t mt, Value k0, int64_t kt,
                   bool gemvRow) { copyPixels(a1, m0, mt, k0, kt, gemvRow); };
    copyB = [this](Value b1, Value k0, int64_t kt, Value n0, int64_t nt) {
      copyWeights(b1, k0, kt, n0, nt);
    };
    writeC = [this](Value c, Value m0, int64_t mt, Value n0, int64_t nt) {
      writePixels(c, m0, mt, n0, nt);
    };
  }

private:
  /// Calls `body(mapOff, tapOff, len)` for run `u` of K': kernel row u /
  /// perRow, then tap group and channel part; `mapOff` its first map
  /// element from a window's corner (kh*dh*W*C + group*taps*dw*C + part x
  /// the part's channels), `tapOff` its first element in the (kh, kw, c)
  /// order of the weights, `len` its map elements (taps x C, or a part's
  /// channels: the last part of a tap, holding the rest, in an scf.if).
  void forRun(Value u, llvm::function_ref<void(Value, Value, int64_t)> body) {
    Value kh = div(u, perRow);
    Value v = arith::RemUIOp::create(b, loc, u, index(perRow));
    Value group = div(v, parts);
    Value partIdx = arith::RemUIOp::create(b, loc, v, index(parts));
    Value khMap = mul(kh, p.dh * p.w * p.c);
    Value groupMap = mul(group, taps * p.dw * p.c);
    Value partOff = mul(partIdx, part);
    Value mapOff = add(add(khMap, groupMap), partOff);
    Value khTap = mul(kh, p.kw * p.c);
    Value groupTap = mul(group, taps * p.c);
    Value tapOff = add(add(khTap, groupTap), partOff);
    int64_t last = p.c - (parts - 1) * part;
    if (parts == 1 || last == part)
      return body(mapOff, tapOff, parts == 1 ? taps * p.c : part);
    Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         partIdx, index(parts - 1));
    auto ifOp = scf::IfOp::create(b, loc, isLast, /*withElse=*/true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    body(mapOff, tapOff, last);
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    body(mapOff, tapOff, part);
  }

  /// A last part's run of `len` elements in a run's C0 blocks from
  /// element `to` of the Nz `dst` (rows padded to `padRows`): its blocks
  /// past the ND2NZ's (which zero-fills only the tail of its last one)
  /// zeroed by a plain copy — whole column blocks of padRows 32 B rows.
  void zeroBlocks(Value dst, Value to, int64_t padRows, int64_t len) {
    int64_t used = llvm::divideCeil(len, c0), blocks = slots / c0;
    if (used == blocks)
      return;
    copyZeros(cast<MemRefType>(dst.getType()).getElementType(), dst,
              add(to, index(used * padRows * c0)), 1, (blocks - used) * padRows,
              0);
  }

  /// X' rows [m0, m0 + mt) (whole output rows, or a piece of one) and K'
  /// columns [k0, k0 + kt) (whole runs) into the Nz `a1`: per run of the
  /// chunk (forRun) one ND2NZ whose matrices are the tile's output rows
  /// (sh x W x C apart in the map, OW Nz rows apart in L1) and whose rows
  /// their pixels (nValue, sw x C apart: srcDValue), the run's map
  /// elements each (dValue) from I[row*sh, ow*sw, 0] + the run's offset,
  /// the tail of their C0 blocks zero-filled; a GEMV's one row with its
  /// blocks one after another.
  void copyPixels(Value a1, Value m0, int64_t mt, Value k0, int64_t kt,
                  bool gemvRow) {
    int64_t padRows =
        gemvRow
            ? 1
            : llvm::alignTo(cast<MemRefType>(a1.getType()).getShape()[0], 16);
    int64_t blocks = slots / c0;
    // The pixels' pitch (srcDValue; beyond 65535 one ND2NZ a pixel:
    // ProgramEmitter::nd2nz).
    int64_t pitch = p.sw * p.c;
    Value image0 = mul(image, p.h * p.w * p.c);
    Value u0 = div(k0, slots);
    loop(kt / slots, [&](Value i) {
      Value u = add(u0, i);
      Value to = mul(i, blocks * padRows * c0);
      forRun(u, [&](Value mapOff, Value, int64_t len) {
        zeroBlocks(a1, to, padRows, len);
        Value runBase = add(image0, mapOff);
        if (piece == cw) {
          // Whole output rows: one matrix each.
          Value row0 = div(m0, cw);
          Value from = add(runBase, mul(row0, p.sh * p.w * p.c));
          nd2nz(A, from, a1, to, mt / cw, p.ow, len, pitch, padRows,
                p.sh * p.w * p.c, p.ow * c0);
          return;
        }
        eachRun(m0, mt, [&](Value row, Value ow0, int64_t n, Value) {
          Value rowOff = mul(row, p.sh * p.w * p.c);
          Value colOff = mul(ow0, p.sw * p.c);
          Value from = add(runBase, add(rowOff, colOff));
          nd2nz(A, from, a1, to, 1, n, len, pitch, padRows, 0, 0);
        });
      });
    });
  }

  /// W' rows [k0, k0 + kt) (whole runs) and columns [n0, n0 + nt): FHWC
  /// weights (W'^T held F x K', the matmul's B^T) by ND2NZ of each run's
  /// elements of the nt rows, C0 blocks zero-filled past them; HWCF
  /// weights (held K' x F) by ND2NZ of each run's rows of F and, where a
  /// run is no whole C0 blocks, its padding rows zeroed by a plain copy
  /// (ND2NZ fills columns, not rows). With runs of whole taps (one part a
  /// tap) the chunk's runs are one ND2NZ (matrices taps x C apart in the
  /// (kh, kw, c) order); FHWC rows further apart than srcDValue (65535)
  /// reaches: one ND2NZ per row (ProgramEmitter::nd2nz).
  void copyWeights(Value b1, Value k0, int64_t kt, Value n0, int64_t nt) {
    int64_t inChunk = kt / slots, blocks = slots / c0;
    int64_t kk = p.kh * p.kw * p.c;
    Value u0 = div(k0, slots);
    int64_t padRows =
        llvm::alignTo(cast<MemRefType>(b1.getType()).getShape()[0], 16);
    Type elem = cast<MemRefType>(b1.getType()).getElementType();
    // The ND2NZ of `num` runs `stride` apart in the weights' (kh, kw, c)
    // order, from tap offset `tapOff`, to L1 element `to`.
    auto runsOf = [&](Value tapOff, Value to, int64_t num, int64_t len,
                      int64_t stride) {
      if (fhwc) {
        Value from = add(mul(n0, kk), tapOff);
        return nd2nz(B, from, b1, to, num, nt, len, kk, padRows, stride,
                     blocks * padRows * c0);
      }
      Value from = add(mul(tapOff, p.f), n0);
      nd2nz(B, from, b1, to, num, len, nt, p.f, padRows, stride * p.f,
            slots * c0);
    };
    // HWCF: rows [len, slots) of `num` runs from L1 row `row`: slots - len
    // 32 B blocks in each of the chunk's column blocks (padRows apart).
    auto zeroRows = [&](Value row, int64_t num, int64_t len) {
      if (fhwc || slots == len)
        return;
      loop(num, [&](Value i) {
        Value to = mul(add(add(row, mul(i, slots)), index(len)), c0);
        copyZeros(elem, b1, to, llvm::divideCeil(nt, c0), slots - len,
                  padRows - (slots - len));
      });
    };
    if (parts == 1) {
      int64_t len = taps * p.c;
      runsOf(mul(u0, len), index(0), inChunk, len, len);
      return zeroRows(index(0), inChunk, len);
    }
    loop(inChunk, [&](Value i) {
      forRun(add(u0, i), [&](Value, Value tapOff, int64_t len) {
        Value row = mul(i, slots);
        Value to = fhwc ? mul(i, blocks * padRows * c0) : mul(row, c0);
        if (fhwc)
          zeroBlocks(b1, to, padRows, len);
        runsOf(tapOff, to, 1, len, 0);
        zeroRows(row, 1, len);
      });
    });
  }

  /// The L0C tile `c` of pixels [m0, m0 + mt) and output channels [n0, n0
  /// + nt) -> O (NHWC: pixels of F channels): the tile's rows at once
  /// (whole output rows), or its piece.
  void writePixels(Value c, Value m0, int64_t mt, Value n0, int64_t nt) {
    Value image0 = mul(image, p.oh * p.ow);
    if (piece == cw)
      return writeTile(c, C, add(mul(add(image0, m0), p.f), n0), mt, nt, p.f);
    eachRun(m0, mt, [&](Value row, Value ow0, int64_t n, Value) {
      Value pixel = add(image0, add(mul(row, p.ow), ow0));
      writeTile(c, C, add(mul(pixel, p.f), n0), n, nt, p.f);
    });
  }

  /// The taps of a run (a group of adjacent ones), the parts a tap's
  /// channels are cut into and the channels of each (the last part the
  /// rest), runs per kernel row, K' columns per run; whether the weights
  /// are FHWC (else HWCF).
  int64_t taps, parts, part, perRow, slots;
  bool fhwc;
};

} // namespace

/// planConvByNd2nz for an NHWC convolution (no LoadData 3D V2): the
/// GEMM O = X' x W' (the file's header: "NHWC without LoadData 3D").
LogicalResult tiling::planNhwcRows(Operation *op,
                                   const target::ProductInfo &prod, bool report,
                                   const ConvForce *force, ConvPlan &plan) {
  const model::ConvProblem &p = plan.p;
  bool fhwc = plan.form == tiling::ConvForm::NhwcFhwc;
  int64_t c0 = 256 / p.bits, kk = p.kh * p.kw * p.c;
  // (ND2NZ's fields: a run's map elements are dValue [0, 65535], which the
  // runs' sizes below keep to — a run is cut into parts of whole C0 blocks
  // that fit L0; X''s rows sw x C apart and HWCF weights' rows F apart
  // past srcDValue's 65535 are copied one row per ND2NZ.)
  model::MatmulCapacities cap = tiling::matmulCapacities(prod);
  // The GEMM with runs of `taps` taps (a divisor of KW; with a W dilation
  // one): K' = KH x KW / taps runs of taps x C elements, each padded to
  // whole C0 blocks; or with runs of one tap's channels in `parts` parts of
  // `part` (whole C0 blocks).
  auto gemmOf = [&](int64_t taps, int64_t parts, int64_t part) {
    model::MatmulProblem g;
    g.aBits = g.bBits = p.bits;
    g.cBits = p.cBits;
    g.n = p.f;
    g.kUnit = parts == 1 ? llvm::alignTo(taps * p.c, c0) : part;
    g.k = p.kh * (p.kw / taps) * parts * g.kUnit;
    g.transB = fhwc;
    return g;
  };
  int64_t taps = 0, parts = 1, part = p.c, cw = p.ow, piece = p.ow;
  model::MatmulProblem g;
  std::optional<model::MatmulTiling> t;
  int64_t blocksC = llvm::divideCeil(p.c, c0);
  if (force) {
    // m output pixels (whole output rows, or a piece of one), n output
    // channels, k im2col columns of whole runs: tile= runs of taps x C
    // (the kernel's rows, or one tap with a W dilation); an attribute's
    // runs of run_taps taps (a divisor of KW) or of one tap's channels in
    // run_parts parts, k columns of K' (each run padded to C0 blocks).
    taps = force->runTaps ? force->runTaps : p.dw == 1 ? p.kw : 1;
    parts = force->runParts ? force->runParts : 1;
    part = parts == 1 ? p.c : llvm::divideCeil(blocksC, parts) * c0;
    if (p.kw % taps || (taps > 1 && p.dw != 1) ||
        (parts > 1 &&
         (parts > blocksC || int64_t(llvm::divideCeil(p.c, part)) != parts)))
      return op->emitOpError()
             << force->name << ": runs of "
             << tiling::count(taps, "tap", "taps") << " in "
             << tiling::count(parts, "part", "parts")
             << " are not runs of an NHWC convolution of KW = " << p.kw
             << ", dilation " << p.dw << " and C = " << p.c
             << " (run_taps divides KW, and is 1 with a W dilation; "
                "run_parts cuts C into that many parts of whole C0 = "
             << c0 << " blocks) [tile_c6]";
    g = gemmOf(taps, parts, part);
    int64_t run = taps * p.c;
    int64_t k = force->option ? force->k / run * g.kUnit : force->k;
    int64_t extent =
        forcedRows(g, p, p.ow, force->m, 16, cw, piece, /*alongM=*/true);
    if (!extent || extent > model::limits::kMmadDimMax || force->n < 1 ||
        force->n % 16 || force->k < 1 ||
        (force->option ? force->k % run : k % g.kUnit))
      return op->emitOpError()
             << force->name << " of an NHWC convolution on " << prod.Name
             << " takes "
             << describeForcedPixels(p.ow, 16, model::limits::kMmadDimMax)
             << ", n a multiple of 16 and k a multiple of "
             << (force->option ? run : g.kUnit)
             << (force->option
                     ? " (whole runs of " + tiling::count(taps, "tap", "taps") +
                           " x C)"
                     : " (whole runs, each padded to C0 blocks)")
             << nameForcedMiss(*force,
                               !extent || extent > model::limits::kMmadDimMax,
                               force->n < 1 || force->n % 16)
             << " [tile_c6]";
    t = model::MatmulTiling{extent, force->n, k};
    if (failed(checkForcedFit(op, prod, g, cap, *force, *t)))
      return failure();
  } else {
    // Every form of the runs that fits — all KW taps of a kernel row (dw =
    // 1), fewer (a divisor of KW), one tap's channels in parts (whole C0
    // blocks each) — with its best tiling; the one that reads the least
    // from GM (the real taps: the padding is ND2NZ's zero fill), the
    // longest runs (fewest ND2NZ) among equals. Longer runs pad less but
    // take more of L0A a pixel, which can leave room only for pieces of a
    // row: B is then read once per piece.
    int64_t bestBytes = 0;
    auto consider = [&](int64_t d, int64_t n, int64_t size) {
      model::MatmulProblem gc = gemmOf(d, n, size);
      int64_t cwc = 0, piecec = 0;
      std::optional<model::MatmulTiling> tc =
          chooseRowTiling(gc, p, p.ow, 16, cap, cwc, piecec, /*alongM=*/true);
      if (!tc)
        return;
      model::MatmulProblem real = gc;
      real.k = kk;
      int64_t bytes = tc->gmToL1Bytes(real);
      if (t && bytes >= bestBytes)
        return;
      g = gc;
      t = tc;
      cw = cwc;
      piece = piecec;
      taps = d;
      parts = n;
      part = size;
      bestBytes = bytes;
    };
    for (int64_t d = p.dw == 1 ? p.kw : 1; d >= 1; --d)
      if (p.kw % d == 0)
        consider(d, 1, p.c);
    for (int64_t n = 2; n <= blocksC; ++n) {
      int64_t size = llvm::divideCeil(blocksC, n) * c0;
      // (The same part size for fewer parts has been tried.)
      if (int64_t(llvm::divideCeil(p.c, size)) == n)
        consider(1, n, size);
    }
    if (!t)
      return op->emitOpError()
             << "no tile of " << prod.Name
             << "'s L0A/L0B/L0C/L1 holds 16 output pixels, 16 output "
                "channels and "
             << c0 << " channels of one kernel tap [tile_c1]";
  }
  int64_t runs = p.kw / taps * parts, slots = g.kUnit;
  plan.runParts = parts;
  plan.partChannels = part;
  (void)setGemm(plan, ConvStrategy::nhwc_rows, taps, slots, cw, piece, g, *t);
  if (report) {
    // The bytes read from GM: the real taps (the padding is ND2NZ's zero
    // fill).
    model::MatmulProblem real = g;
    real.k = kk;
    int64_t runsPer = std::min(t->k, g.k) / slots;
    op->emitRemark() << llvm::formatv(
        "ascube-tile-linalg: {0} {1} conv (NHWC, {2} weights; im2col by "
        "ND2NZ, one row per output pixel) {3}: "
        "per image O = X' x W', M x N x K' (pixels x channels x K') = {5} x "
        "{4} x {6} (per kernel "
        "row {7} of {8} x {19}, each padded to {9} im2col "
        "columns): tile {10} x {11}, {12} ({13} M x {14} N tiles, {15} "
        "each){16}; GM -> L1 {17} B{18}",
        prod.Name, getCubeTypeName(plan.elem), fhwc ? "FHWC" : "HWCF",
        tiling::describeConvGeometry(p, plan.images, /*nchw=*/false), p.f, g.m,
        g.k, tiling::count(runs, "run", "runs"),
        tiling::count(taps, "tap", "taps"), slots,
        tiling::tilePixelsNote(t->m, cw, piece, p.ow),
        tiling::count(t->n, "channel", "channels"),
        tiling::count(runsPer, "run", "runs") + " per chunk", t->tilesM(g),
        t->tilesN(g), tiling::count(t->chunksK(g), "chunk", "chunks"),
        epilogueNote(plan), plan.images * t->gmToL1Bytes(real), padNote(plan),
        parts == 1 ? tiling::count(p.c, "channel", "channels")
                   : tiling::count(part, "channel", "channels") +
                         " (the last of a tap " +
                         std::to_string(p.c - (parts - 1) * part) + ")");
  }
  return success();
}

void tiling::withNhwcRowsEmitter(OpBuilder &b, Location loc,
                                 const target::ProductInfo &prod,
                                 const ConvPlan &plan, Value W, Value I,
                                 Value O,
                                 llvm::function_ref<void(ConvNdBase &)> emit) {
  NhwcRowsEmitter emitter(b, loc, prod, plan, W, I, O);
  emit(emitter);
}
