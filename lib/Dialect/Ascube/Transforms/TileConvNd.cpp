//===- TileConvNd.cpp - ascube-tile-linalg: convolutions by ND2NZ --------===//
//
// A linalg.conv_2d_nchw_fchw on a product whose DataCopy has ND2NZ but no
// DN2NZ (Atlas A2/A3, Kirin X90, Kirin 9030), where no mover turns the
// NCHW map into LoadData 3D's NC1HWC0 map. Per image the convolution is
// then the GEMM
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
//       ascube.load, Mmad  as above (B held N x K')
//     Fixpipe            as above
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
// NHWC without LoadData 3D. A product with ND2NZ but no LoadData 3D V2
// (Kirin 9030) maps linalg.conv_2d_nhwc_hwcf / nhwc_fhwc as, per image,
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
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"
#include "TileMatmul.h"

#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ascube;
using target::Level;
using tiling::ConvForm;

namespace {

/// What the forms share: tiles of whole output rows of `cw` GEMM columns
/// (NHWC: rows) each, or of one `piece` of a row, ND2NZ of several
/// matrices, and (NCHW) the output write. The GEMM's A, B and C: for NCHW
/// the weights, the map and the output; for NHWC the map, the weights and
/// the output.
class ConvNdBase : public tiling::MatmulEmitter {
public:
  ConvNdBase(OpBuilder &b, Location loc, const target::ProductInfo &prod,
             const tiling::ConvPlan &plan, Value A, Value B, Value C)
      : MatmulEmitter(b, loc, prod, plan.gemm, plan.gemmTiling, A, B, C),
        p(plan.p), cw(plan.rowColumns), piece(plan.piece),
        c0(256 / plan.p.bits) {
    writeC = [this](Value c, Value m0, int64_t mt, Value n0, int64_t nt) {
      writeRows(c, m0, mt, n0, nt);
    };
  }

  /// The image the tiles emitted next belong to (an index).
  Value image;

protected:
  /// One ND2NZ of `num` matrices from src[from] to dst[to] (nValue rows of
  /// dValue elements, rows srcDValue apart in GM and one 32 B row apart in
  /// L1, their C0 blocks c0Stride 32 B rows apart; matrices srcStride and
  /// dstStride elements apart), or — where the matrix strides pass
  /// srcNdMatrixStride [0, 65535] or dstNzMatrixStride [0, 16384] — one
  /// per matrix.
  void nd2nz(Value src, Value from, Value dst, Value to, int64_t num,
             int64_t nValue, int64_t dValue, int64_t srcDValue,
             int64_t c0Stride, int64_t srcStride, int64_t dstStride) {
    auto one = [&](Value f, Value t, int64_t n) {
      DataCopyOp::create(b, loc, src, f, dst, t,
                         CopyModeAttr::get(b.getContext(), CopyMode::nd2nz), {},
                         {}, {}, {}, attr(n), attr(nValue), attr(dValue),
                         attr(n > 1 ? srcStride : 0), attr(srcDValue),
                         attr(c0Stride), attr(1), attr(n > 1 ? dstStride : 0));
    };
    if (num == 1 || (srcStride <= 65535 && dstStride <= 16384))
      return one(from, to, num);
    loop(num, [&](Value i) {
      Value f = add(from, mul(i, srcStride));
      Value t = add(to, mul(i, dstStride));
      one(f, t, 1);
    });
  }

  /// Calls `body(row, ow0, len, j)` for each run of output pixels of the N
  /// tile [n0, n0 + nt): output row `row`, `len` pixels from column `ow0`,
  /// at GEMM column j * cw of the tile — its whole rows, or its one piece
  /// (the last piece of a row holding fewer pixels: an scf.if).
  void eachRun(Value n0, int64_t nt,
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
    Value ow0 = arith::RemUIOp::create(b, loc, n0, index(cw));
    int64_t lastAt = cw - piece, last = p.ow - lastAt;
    if (last == piece)
      return body(row, ow0, piece, index(0));
    Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ow0,
                                         index(lastAt));
    auto ifOp = scf::IfOp::create(b, loc, isLast, /*withElse=*/true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    body(row, ow0, last, index(0));
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    body(row, ow0, piece, index(0));
  }

  /// The L0C tile `c` of output channels [m0, m0 + mt) and GEMM columns
  /// [n0, n0 + nt) -> O: each run's pixels of the mt channel rows (pitch
  /// OH*OW), or a band of whole rows at once when OW fills their cw
  /// columns.
  void writeRows(Value c, Value m0, int64_t mt, Value n0, int64_t nt) {
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

  /// v / d, rounded down (v a multiple of d but in piece mode, where the
  /// row of a piece's start is wanted).
  Value div(Value v, int64_t d) {
    return arith::DivUIOp::create(b, loc, v, index(d));
  }

  model::ConvProblem p;
  /// GEMM columns per output row, and per N tile of a piece of one (= cw:
  /// tiles of whole rows).
  int64_t cw, piece;
  /// The map's C0 (elements per 32 B).
  int64_t c0;
};

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
  /// one after another. Rows further apart than srcDValue (65535) reaches:
  /// one ND2NZ per row.
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
    if (pitch <= 65535 || rows == 1)
      return nd2nz(A, from, a1, index(0), num, rows, taps,
                   std::min<int64_t>(pitch, 65535), blockRows, taps, dstStride);
    loop(rows, [&](Value r) {
      Value rowFrom = add(from, mul(r, pitch));
      Value rowTo = mul(r, c0);
      nd2nz(A, rowFrom, a1, rowTo, num, 1, taps, 1, blockRows, taps, dstStride);
    });
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
    // The pixels' pitch (srcDValue; at most 65535 where a row has more
    // than one pixel: planNhwcRows).
    int64_t pitch = std::min<int64_t>(p.sw * p.c, 65535);
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
  /// reaches: one ND2NZ per row.
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
        int64_t dstStride = blocks * padRows * c0;
        if (kk <= 65535 || nt == 1)
          return nd2nz(B, from, b1, to, num, nt, len,
                       std::min<int64_t>(kk, 65535), padRows, stride,
                       dstStride);
        return loop(nt, [&](Value r) {
          Value rowFrom = add(from, mul(r, kk));
          Value rowTo = add(to, mul(r, c0));
          nd2nz(B, rowFrom, b1, rowTo, num, 1, len, 1, padRows, stride,
                dstStride);
        });
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

/// The tiling of the GEMM `g` (its other sizes and kUnit set) of a
/// convolution whose N tiles (M tiles `alongM`: an NHWC one's pixels) are
/// whole output rows of `columns` GEMM columns (rows) each, or — where not
/// one row fits — one piece of a row: the widest piece (whole `nAlign`
/// blocks, at most Mmad's n / m field, 4095) that fits, each row then
/// `cw` = pieces x piece GEMM columns (its last piece holding the rest).
/// `g` becomes the GEMM so cut; `cw` and `piece` are set (piece = cw:
/// whole rows). std::nullopt when not even one block of a row fits.
std::optional<model::MatmulTiling>
chooseRowTiling(model::MatmulProblem &g, const model::ConvProblem &p,
                int64_t columns, int64_t nAlign,
                const model::MatmulCapacities &cap, int64_t &cw, int64_t &piece,
                bool alongM = false) {
  // The GEMM's size and unit along the rows.
  auto set = [&](model::MatmulProblem &q, int64_t size, int64_t unit) {
    (alongM ? q.m : q.n) = size;
    (alongM ? q.mUnit : q.nUnit) = unit;
  };
  auto rows = [&](int64_t perRow) {
    model::MatmulProblem r = g;
    set(r, p.oh * perRow, perRow);
    return r;
  };
  cw = piece = columns;
  model::MatmulProblem whole = rows(columns);
  if (std::optional<model::MatmulTiling> t =
          model::chooseMatmulTiling(whole, cap)) {
    g = whole;
    return t;
  }
  // A piece is at most Mmad's n (m) field (4095) wide; a unit of w makes
  // the tile's n (m) the whole piece.
  for (int64_t w = std::min<int64_t>(llvm::alignTo(p.ow, nAlign) - nAlign,
                                     4095 / nAlign * nAlign);
       w >= nAlign; w -= nAlign) {
    model::MatmulProblem one = g;
    set(one, w, w);
    std::optional<model::MatmulTiling> tw = model::chooseMatmulTiling(one, cap);
    if (!tw || (alongM ? tw->m : tw->n) != w)
      continue;
    model::MatmulProblem cut = rows(llvm::divideCeil(p.ow, w) * w);
    (alongM ? cut.mUnit : cut.nUnit) = w;
    if (!model::fitsMatmulTiling(cut, cap, *tw))
      continue;
    g = cut;
    piece = w;
    cw = (alongM ? cut.m : cut.n) / p.oh;
    return tw;
  }
  return std::nullopt;
}

/// tile_c6 unless the forced `tile` (m, n, k as given), as the GEMM tile
/// `t` of `g`, fits `prod`'s L0A/L0B/L0C/L1.
LogicalResult checkForcedFit(Operation *op, const target::ProductInfo &prod,
                             const model::MatmulProblem &g,
                             const model::MatmulCapacities &cap,
                             ArrayRef<int64_t> tile,
                             const model::MatmulTiling &t) {
  if (model::fitsMatmulTiling(g, cap, t))
    return success();
  return op->emitOpError() << "tile " << tile[0] << " x " << tile[1] << " x "
                           << tile[2] << " does not fit " << prod.Name
                           << "'s L0A/L0B/L0C/L1 [tile_c6]";
}

/// Records in `plan` the GEMM a convolution by ND2NZ is mapped as: runs of
/// `taps` taps in K' columns of `slots` (0: none, the NCHW stride-1 form),
/// output rows of `cw` GEMM columns (rows) in N (M) tiles of whole rows or
/// of one `piece`, the GEMM `g` and its tiling `t`.
LogicalResult setGemm(tiling::ConvPlan &plan, int64_t taps, int64_t slots,
                      int64_t cw, int64_t piece, const model::MatmulProblem &g,
                      const model::MatmulTiling &t) {
  plan.byNd2nz = true;
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
std::string epilogueNote(const tiling::ConvPlan &plan) {
  return std::string(!plan.epilogue.bias ? ""
                     : plan.nhwcRows     ? ", + bias (each tile seeded by an "
                                           "Mmad of ones x the bias row)"
                                         : ", + bias (each tile seeded by an "
                                           "Mmad of the bias column x ones)") +
         (plan.epilogue.relu ? ", ReLU (Fixpipe)" : "") +
         tiling::describeRequant(plan.epilogue);
}

/// The report's note on a zero-padded map: made in GM first.
std::string padNote(const tiling::ConvPlan &plan) {
  return plan.padded ? "; the map zero-padded in GM first by the kernel's "
                       "own copies (ND2NZ cannot pad)"
                     : "";
}

/// planConvByNd2nz for a stride > 1 along W: the pixel-rows form.
LogicalResult planPixelRows(Operation *op, const target::ProductInfo &prod,
                            bool report, ArrayRef<int64_t> tile,
                            tiling::ConvPlan &plan) {
  const model::ConvProblem &p = plan.p;
  int64_t c0 = 256 / p.bits;
  int64_t taps = p.dw == 1 ? p.kw : 1, runs = p.kw / taps;
  int64_t slots = llvm::alignTo(taps, c0);
  // ND2NZ's fields: an output row's pixels (or a piece's, at most Mmad's n
  // of 4095) are nValue rows, sw apart (srcDValue [1, 65535]), a run
  // dValue elements [0, 65535].
  auto beyond = [&](StringRef what, int64_t v, StringRef field, StringRef range,
                    StringRef role) {
    return op->emitOpError()
           << what << " " << v << " is beyond DataCopy ND2NZ's " << field
           << " range " << range << " (" << role << ") [tile_c5]";
  };
  if (p.sw > 65535)
    return beyond("a stride along W of", p.sw, "srcDValue", "[1, 65535]",
                  "the map pitch between X'^T's rows");
  if (taps > 65535)
    return beyond("a kernel width of", taps, "dValue", "[0, 65535]",
                  "a run of the kernel's taps");
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
  model::MatmulProblem whole = g;
  whole.n = p.oh * p.ow;
  whole.nUnit = p.ow;
  int64_t cw = p.ow, piece = p.ow;
  std::optional<model::MatmulTiling> t =
      chooseRowTiling(g, p, p.ow, nAlign, cap, cw, piece);
  // Where one channel's K' does not fit, K chunks of whole kernel rows.
  if (!t && tile.empty() && p.kh > 1) {
    g.kUnit = runs * slots;
    t = chooseRowTiling(g, p, p.ow, nAlign, cap, cw, piece);
    if (!t)
      g.kUnit = p.kh * runs * slots;
  }
  bool byRows = g.kUnit == runs * slots && p.kh > 1;
  model::MatmulAlignment al = model::MatmulAlignment::of(g);
  int64_t kk = p.kh * p.kw;
  if (!tile.empty()) {
    // tile=m,n,k: m output pixels (whole output rows), n output channels,
    // k im2col rows of W (whole channels: KH x KW each).
    if (tile.size() != 3 || tile[0] < 1 || tile[0] % p.ow || tile[1] < 1 ||
        tile[1] % al.m || tile[2] < 1 || tile[2] % kk)
      return op->emitOpError()
             << "tile=m,n,k of an NCHW convolution with a stride along W on "
             << prod.Name
             << " takes m output pixels (a multiple of OW = " << p.ow
             << ": whole output rows), n a multiple of " << al.m
             << " and k a multiple of KH x KW = " << kk
             << " (whole channels) [tile_c6]";
    g = whole;
    cw = piece = p.ow;
    t = model::MatmulTiling{tile[1], tile[0], tile[2] / kk * g.kUnit};
    if (failed(checkForcedFit(op, prod, g, cap, tile, *t)))
      return failure();
  }
  if (!t)
    return op->emitOpError()
           << "no tile of " << prod.Name << "'s L0A/L0B/L0C/L1 holds " << nAlign
           << " GEMM columns of an output row, " << al.m
           << " output channels and one kernel row's " << runs * slots
           << " im2col rows (the kernel's taps in runs padded to C0 = " << c0
           << ") [tile_c1]";
  if (report) {
    // The bytes read from GM: the real taps (the padding is ND2NZ's zero
    // fill).
    model::MatmulProblem real = g;
    real.k = p.c * kk;
    int64_t units = std::min(t->k, g.k) / g.kUnit;
    op->emitRemark() << llvm::formatv(
        "ascube-tile-linalg: {0} {1} conv (NCHW, FCHW weights; im2col by "
        "ND2NZ, one row per output pixel) {2} x {3} x {4} x {5} -> {6} x "
        "{7} x {8}, kernel {9} x {10}, stride {11} x {12}, dilation {13} x "
        "{14}: per image O^T = W' x X'^T, M x N x K' = {8} x {15} x {16} "
        "(per channel {17} x {18} of {19}, each padded to {20} im2col rows) "
        "({30} columns per output row): tile {21} x {22}, {23} ({24}) per "
        "chunk ({25} M x {26} N tiles, {27} each){28}; GM -> L1 {29} B{31}",
        prod.Name, getCubeTypeName(plan.elem), plan.images, p.h, p.w, p.c, p.oh,
        p.ow, p.f, p.kh, p.kw, p.sh, p.sw, p.dh, p.dw, g.n, g.k, p.kh,
        tiling::count(runs, "run", "runs"), tiling::count(taps, "tap", "taps"),
        slots,
        piece == cw ? tiling::count(t->n / cw, "output row", "output rows")
                    : tiling::count(std::min(piece, p.ow), "output pixel",
                                    "output pixels") +
                          " (a piece of a row)",
        tiling::count(t->m, "channel", "channels"),
        byRows ? tiling::count(units, "kernel row", "kernel rows")
               : tiling::count(units, "channel", "channels"),
        tiling::count(units * (byRows ? p.kw : kk), "im2col row",
                      "im2col rows"),
        t->tilesM(g), t->tilesN(g),
        tiling::count(t->chunksK(g), "chunk", "chunks"), epilogueNote(plan),
        plan.images * t->gmToL1Bytes(real), cw, padNote(plan));
  }
  plan.pixelRows = true;
  return setGemm(plan, taps, slots, cw, piece, g, *t);
}

/// planConvByNd2nz for an NHWC convolution (no LoadData 3D V2): the
/// GEMM O = X' x W' (the file's header: "NHWC without LoadData 3D").
LogicalResult planNhwcRows(Operation *op, const target::ProductInfo &prod,
                           bool report, ArrayRef<int64_t> tile,
                           tiling::ConvPlan &plan) {
  const model::ConvProblem &p = plan.p;
  bool fhwc = plan.form == tiling::ConvForm::NhwcFhwc;
  int64_t c0 = 256 / p.bits, kk = p.kh * p.kw * p.c;
  // ND2NZ's fields: a run's taps x C map elements are dValue [0, 65535],
  // a row's pixels sw x C apart srcDValue [1, 65535].
  auto beyond = [&](StringRef what, int64_t v, StringRef field, StringRef range,
                    StringRef role) {
    return op->emitOpError()
           << what << " " << v << " is beyond DataCopy ND2NZ's " << field
           << " range " << range << " (" << role << ") [tile_c5]";
  };
  // (With one output pixel a row the pitch is never stepped.)
  if (p.sw * p.c > 65535 && p.ow > 1)
    return beyond("a stride along W x C of", p.sw * p.c, "srcDValue",
                  "[1, 65535]", "the map pitch between X''s rows");
  // HWCF weights: a run's rows of F elements.
  if (!fhwc && p.f > 65535)
    return beyond("an output channel count of", p.f, "srcDValue", "[1, 65535]",
                  "the pitch of HWCF weights' rows");
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
  if (!tile.empty()) {
    // tile=m,n,k: m output pixels (whole output rows), n output channels,
    // k im2col columns of whole runs (KW x C each: the kernel's rows).
    taps = p.dw == 1 ? p.kw : 1;
    g = gemmOf(taps, 1, p.c);
    int64_t run = taps * p.c;
    if (tile.size() != 3 || tile[0] < 1 || tile[0] % p.ow || tile[0] > 4095 ||
        tile[1] < 1 || tile[1] % 16 || tile[2] < 1 || tile[2] % run)
      return op->emitOpError()
             << "tile=m,n,k of an NHWC convolution on " << prod.Name
             << " takes m output pixels (a multiple of OW = " << p.ow
             << ": whole output rows, at most 4095), n a multiple of 16 and k "
                "a multiple of "
             << run << " (whole runs of " << tiling::count(taps, "tap", "taps")
             << " x C) [tile_c6]";
    g.m = p.oh * p.ow;
    g.mUnit = p.ow;
    t = model::MatmulTiling{tile[0], tile[1], tile[2] / run * g.kUnit};
    if (failed(checkForcedFit(op, prod, g, cap, tile, *t)))
      return failure();
  } else {
    // The longest runs that fit: all KW taps of a kernel row (dw = 1),
    // else fewer (a divisor of KW), else one tap's channels in the fewest
    // parts (whole C0 blocks each).
    for (int64_t d = p.dw == 1 ? p.kw : 1; d >= 1 && !t; --d) {
      if (p.kw % d)
        continue;
      g = gemmOf(d, 1, p.c);
      t = chooseRowTiling(g, p, p.ow, 16, cap, cw, piece, /*alongM=*/true);
      taps = d;
    }
    int64_t blocksC = llvm::divideCeil(p.c, c0);
    for (int64_t n = 2; n <= blocksC && !t; ++n) {
      int64_t size = llvm::divideCeil(blocksC, n) * c0;
      // (The same part size for fewer parts has been tried.)
      if (int64_t(llvm::divideCeil(p.c, size)) != n)
        continue;
      g = gemmOf(1, n, size);
      t = chooseRowTiling(g, p, p.ow, 16, cap, cw, piece, /*alongM=*/true);
      taps = 1;
      parts = n;
      part = size;
    }
    if (!t)
      return op->emitOpError()
             << "no tile of " << prod.Name
             << "'s L0A/L0B/L0C/L1 holds 16 output pixels, 16 output "
                "channels and "
             << c0 << " channels of one kernel tap [tile_c1]";
  }
  int64_t runs = p.kw / taps * parts, slots = g.kUnit;
  plan.nhwcRows = true;
  if (report) {
    // The bytes read from GM: the real taps (the padding is ND2NZ's zero
    // fill).
    model::MatmulProblem real = g;
    real.k = kk;
    int64_t runsPer = std::min(t->k, g.k) / slots;
    op->emitRemark() << llvm::formatv(
        "ascube-tile-linalg: {0} {1} conv (NHWC, {2} weights; im2col by "
        "ND2NZ, one row per output pixel) {3} x {4} x {5} x {6} -> {7} x {8} "
        "x {9}, kernel {10} x {11}, stride {12} x {13}, dilation {14} x {15}: "
        "per image O = X' x W', M x N x K' = {16} x {9} x {17} (per kernel "
        "row {18} of {19} x {30}, each padded to {20} im2col "
        "columns): tile {21} x {22}, {23} ({24} M x {25} N tiles, {26} "
        "each){27}; GM -> L1 {28} B{29}",
        prod.Name, getCubeTypeName(plan.elem), fhwc ? "FHWC" : "HWCF",
        plan.images, p.h, p.w, p.c, p.oh, p.ow, p.f, p.kh, p.kw, p.sh, p.sw,
        p.dh, p.dw, g.m, g.k, tiling::count(runs, "run", "runs"),
        tiling::count(taps, "tap", "taps"), slots,
        piece == cw ? tiling::count(t->m / cw, "output row", "output rows")
                    : tiling::count(std::min(piece, p.ow), "output pixel",
                                    "output pixels") +
                          " (a piece of a row)",
        tiling::count(t->n, "channel", "channels"),
        tiling::count(runsPer, "run", "runs") + " per chunk", t->tilesM(g),
        t->tilesN(g), tiling::count(t->chunksK(g), "chunk", "chunks"),
        epilogueNote(plan), plan.images * t->gmToL1Bytes(real), padNote(plan),
        parts == 1 ? tiling::count(p.c, "channel", "channels")
                   : tiling::count(part, "channel", "channels") +
                         " (the last of a tap " +
                         std::to_string(p.c - (parts - 1) * part) + ")");
  }
  plan.runParts = parts;
  plan.partChannels = part;
  return setGemm(plan, taps, slots, cw, piece, g, *t);
}

} // namespace

LogicalResult tiling::planConvByNd2nz(Operation *op,
                                      const target::ProductInfo &prod,
                                      bool report, ArrayRef<int64_t> tile,
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
  if (plan.epilogue.bias) {
    std::string cn = getCubeTypeName(plan.acc);
    if (!nchw && !tiling::hasMmadRow(prod, cn, cn, cn, /*bias=*/false))
      return op->emitOpError()
             << prod.Name
             << "'s Mmad adds no bias (cmatrixSource), and an NHWC "
                "convolution's bias there "
                "starts each output tile from an Mmad of ones times the bias "
                "row in the bias's type; "
             << cn << " x " << cn << " -> " << cn
             << " is not an Mmad row there (docs/Products.md) [tile_c4]";
    if (!tiling::hasMmadRow(prod, cn, cn, cn, /*bias=*/false))
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
  if (!nchw)
    return planNhwcRows(op, prod, report, tile, plan);
  // (With one output pixel a row the stride along W is never stepped: the
  // runs of X^T hold one element.)
  if (p.sw != 1 && p.ow > 1)
    return planPixelRows(op, prod, report, tile, plan);
  // ND2NZ's fields: the kernel's columns are nValue rows [0, 16384], dw
  // apart (srcDValue [1, 65535]).
  if (p.kw > 16384)
    return op->emitOpError() << "a kernel width of " << p.kw
                             << " is beyond DataCopy ND2NZ's nValue range "
                                "[0, 16384] (X^T's rows of a kernel row) "
                                "[tile_c5]";
  if (p.dw > 65535)
    return op->emitOpError() << "a dilation of " << p.dw
                             << " along W is beyond DataCopy ND2NZ's "
                                "srcDValue range [1, 65535] (the map pitch "
                                "between X^T's rows of a kernel row) "
                                "[tile_c5]";
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
  std::optional<model::MatmulTiling> t =
      chooseRowTiling(g, p, cw, nAlign, cap, cw, piece);
  model::MatmulAlignment al = model::MatmulAlignment::of(whole);
  // The words for k's unit: whole channels of KH x KW rows, or for a 1 x 1
  // kernel whole k fractals.
  auto byKernel = [&](StringRef kernel, StringRef oneByOne) {
    return p.kh * p.kw > 1 ? kernel : oneByOne;
  };
  if (!tile.empty()) {
    // tile=m,n,k as for any convolution: m output pixels (whole output
    // rows here), n output channels, k im2col columns (whole channels).
    if (tile.size() != 3 || tile[0] < 1 || tile[0] % p.ow || tile[1] < 1 ||
        tile[1] % al.m || tile[2] < 1 || tile[2] % al.k)
      return op->emitOpError()
             << "tile=m,n,k of an NCHW convolution on " << prod.Name
             << " takes m output pixels (a multiple of OW = " << p.ow
             << ": whole output rows), n a multiple of " << al.m
             << " and k a multiple of " << al.k
             << byKernel(" (KH x KW: whole channels)",
                         " (whole channels of a 1 x 1 kernel, in whole k "
                         "fractals)")
             << " [tile_c6]";
    g = whole;
    cw = piece = llvm::alignTo(p.ow, nAlign);
    t = model::MatmulTiling{tile[1], tile[0] / p.ow * cw, tile[2]};
    if (failed(checkForcedFit(op, prod, g, cap, tile, *t)))
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
        "ND2NZ) {2} x {3} x {4} x {5} -> {6} x {7} x {8}, kernel {9} x {10}, "
        "stride {11} x {12}, dilation {13} x {14}: per image O^T = W x X^T, "
        "M x N x K = {8} x {15} x {16} ({17} columns per output row): tile "
        "{18} x {19}, {20} ({21}) per chunk "
        "({22} M x {23} N tiles, {24} each){25}; GM -> L1 {26} B{27}",
        prod.Name, getCubeTypeName(plan.elem), plan.images, p.h, p.w, p.c, p.oh,
        p.ow, p.f, p.kh, p.kw, p.sh, p.sw, p.dh, p.dw, g.n, g.k, cw,
        piece == cw ? tiling::count(t->n / cw, "output row", "output rows")
                    : tiling::count(std::min(piece, p.ow), "output pixel",
                                    "output pixels") +
                          " (a piece of a row)",
        tiling::count(t->m, "channel", "channels"),
        tiling::count(std::min(t->k, g.k) / (p.kh * p.kw), "channel",
                      "channels"),
        tiling::count(std::min(t->k, g.k), "im2col row", "im2col rows"),
        t->tilesM(g), t->tilesN(g),
        tiling::count(t->chunksK(g), "chunk", "chunks"), epilogueNote(plan),
        plan.images * t->gmToL1Bytes(g), padNote(plan));
  return setGemm(plan, 0, 0, cw, piece, g, *t);
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
  bool nhwc = plan.nhwcRows;
  Value I = collapseToMatrix(b, loc, op.getDpsInputs()[0], 2);
  Value W = collapseToMatrix(b, loc, op.getDpsInputs()[1],
                             plan.form == ConvForm::NhwcHwcf ? 3 : 1);
  Value O = collapseToMatrix(b, loc, op.getDpsInits()[0], nhwc ? 3 : 2);
  // The image loop: image i's GEMM of its map, W (the same for all) and
  // its output; its tiles numbered after the earlier images' (batchIndex)
  // for the blocks.
  auto emitImages = [&](auto &emitter) {
    emitter.allocPoint = &func.getBody().front().front();
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
    NhwcRowsEmitter emitter(b, loc, prod, plan, W, I, O);
    emitImages(emitter);
  } else if (plan.pixelRows) {
    ConvRowsEmitter emitter(b, loc, prod, plan, W, I, O);
    emitImages(emitter);
  } else {
    ConvNdEmitter emitter(b, loc, prod, plan, W, I, O);
    emitImages(emitter);
  }
  return success();
}
