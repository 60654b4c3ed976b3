//===- TileConvNd.cpp - ascube-tile-linalg: NCHW convolutions by ND2NZ ---===//
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
// value is the plain product of W (F x K) and the im2col matrix. Refused
// here (tile_c4): stride_w > 1 (a row of X^T is then no run of the map), a
// zero-padded map (ND2NZ cannot put a window's left-edge zeros inside a
// C0 block) and a bias (over O^T's rows, where the bias table adds a row
// to every row).
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

namespace {

/// The Cube program of one NCHW convolution as the GEMM O^T = W x X^T.
class ConvNdEmitter : public tiling::MatmulEmitter {
public:
  ConvNdEmitter(OpBuilder &b, Location loc, const target::ProductInfo &prod,
                const tiling::ConvPlan &plan, Value W, Value I, Value O)
      : MatmulEmitter(b, loc, prod, plan.gemm, plan.gemmTiling, W, I, O),
        p(plan.p), cw(plan.rowColumns), piece(plan.piece),
        c0(256 / plan.p.bits) {
    copyB = [this](Value b1, Value k0, int64_t kt, Value n0, int64_t nt) {
      copyIm2col(b1, k0, kt, n0, nt);
    };
    writeC = [this](Value c, Value m0, int64_t mt, Value n0, int64_t nt) {
      writeRows(c, m0, mt, n0, nt);
    };
  }

  /// The image the tiles emitted next belong to (an index).
  Value image;

private:
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
    // One ND2NZ reaches the chunk's channels when their plane pitch fits
    // srcNdMatrixStride [0, 65535] and their K rows dstNzMatrixStride [0,
    // 16384]; otherwise one per channel.
    bool perChannel = plane > 65535 || kk * c0 > 16384;
    eachRun(n0, nt, [&](Value row, Value ow0, int64_t len, Value j) {
      auto nd2nz = [&](Value from, Value to, int64_t num) {
        DataCopyOp::create(b, loc, B, from, b1, to,
                           CopyModeAttr::get(b.getContext(), CopyMode::nd2nz),
                           {}, {}, {}, {}, attr(num), attr(p.kw), attr(len),
                           attr(num > 1 ? plane : 0), attr(p.dw), attr(padRows),
                           attr(1), attr(num > 1 ? kk * c0 : 0));
      };
      loop(p.kh, [&](Value kh) {
        Value rowOff = mul(row, p.sh);
        Value khOff = mul(kh, p.dh);
        Value mapRow = add(rowOff, khOff);
        Value from = add(add(base, mul(mapRow, p.w)), ow0);
        Value runTo = mul(j, cw / c0 * padRows * c0);
        Value khTo = mul(kh, p.kw * c0);
        Value to = add(runTo, khTo);
        if (!perChannel)
          return nd2nz(from, to, channels);
        loop(channels, [&](Value c) {
          Value cFrom = add(from, mul(c, plane));
          Value cTo = add(to, mul(c, kk * c0));
          nd2nz(cFrom, cTo, 1);
        });
      });
    });
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
  if (p.sw != 1)
    return op->emitOpError()
           << prod.Name
           << " has no DataCopy DN2NZ, so ascube-tile-linalg builds the "
              "im2col matrix of an NCHW map by ND2NZ, whose rows are runs of "
              "adjacent map elements: the stride along W must be 1, not "
           << p.sw
           << "; hold the map as NHWC instead (ascube maps no "
              "linalg.transpose) [tile_c4]";
  if (plan.padded)
    return op->emitOpError()
           << "the map is zero-padded first (a tensor.pad), and " << prod.Name
           << " has no DataCopy DN2NZ: ascube-tile-linalg builds an NCHW "
              "map's im2col matrix by ND2NZ there, which writes whole 32 B "
              "blocks from runs of the map and so cannot put the zeros of a "
              "window's left edge inside a block (LoadData 3D, which pads, "
              "reads the NC1HWC0 map only DN2NZ makes of NCHW); pass the "
              "padded map as an argument of its own, or hold the operands "
              "as NHWC / HWCF (or FHWC) [tile_c4]";
  if (plan.epilogue.bias)
    return op->emitOpError()
           << "on " << prod.Name
           << " an NCHW convolution is the GEMM O^T = W x X^T, whose rows are "
              "the output channels, and the bias table adds one row to "
              "every row: a bias over the output channels does not fold in "
              "there; hold the operands as NHWC / HWCF (or FHWC) to fold it "
              "[tile_c4]";
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
  int64_t cw = llvm::alignTo(p.ow, nAlign), piece = cw;
  model::MatmulCapacities cap{int64_t(prod.L1), int64_t(prod.L0A),
                              int64_t(prod.L0B), int64_t(prod.L0C),
                              int64_t(prod.capacity(Level::BT))};
  // N tiles of whole output rows (cw columns each)...
  auto rows = [&](int64_t columns) {
    model::MatmulProblem r = g;
    r.n = p.oh * columns;
    r.nUnit = columns;
    return r;
  };
  model::MatmulProblem whole = rows(cw);
  std::optional<model::MatmulTiling> t = model::chooseMatmulTiling(whole, cap);
  if (t) {
    g = whole;
  } else {
    // ... or, where one row does not fit, N tiles of one piece of a row:
    // the widest piece (whole column blocks) that fits, each row then
    // pieces * piece GEMM columns (its last piece holding the rest). A
    // piece is at most Mmad's n field (4095) wide; nUnit = w makes the
    // tile's n the whole piece.
    for (int64_t w = std::min(cw - nAlign, 4095 / nAlign * nAlign);
         w >= nAlign && !t; w -= nAlign) {
      model::MatmulProblem one = g;
      one.n = w;
      one.nUnit = w;
      std::optional<model::MatmulTiling> tw =
          model::chooseMatmulTiling(one, cap);
      if (!tw || tw->n != w)
        continue;
      model::MatmulProblem cut = rows(llvm::divideCeil(p.ow, w) * w);
      cut.nUnit = w;
      if (!model::fitsMatmulTiling(cut, cap, *tw))
        continue;
      t = tw;
      g = cut;
      piece = w;
      cw = cut.n / p.oh;
    }
  }
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
    if (!model::fitsMatmulTiling(g, cap, *t))
      return op->emitOpError()
             << "tile " << tile[0] << " x " << tile[1] << " x " << tile[2]
             << " does not fit " << prod.Name << "'s L0A/L0B/L0C/L1 "
             << "[tile_c6]";
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
        "({22} M x {23} N tiles, {24} each){25}; GM -> L1 {26} B",
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
        tiling::count(t->chunksK(g), "chunk", "chunks"),
        std::string(plan.epilogue.relu ? ", ReLU (Fixpipe)" : "") +
            tiling::describeRequant(plan.epilogue),
        plan.images * t->gmToL1Bytes(g));
  plan.byNd2nz = true;
  plan.rowColumns = cw;
  plan.piece = piece;
  plan.gemm = g;
  plan.gemmTiling = *t;
  return success();
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
  // (OH*OW): row-major matrices.
  Value I = collapseToMatrix(b, loc, op.getDpsInputs()[0], 2);
  Value W = collapseToMatrix(b, loc, op.getDpsInputs()[1], 1);
  Value O = collapseToMatrix(b, loc, op.getDpsInits()[0], 2);
  ConvNdEmitter emitter(b, loc, prod, plan, W, I, O);
  emitter.allocPoint = &func.getBody().front().front();
  emitter.relu = epilogue.relu;
  if (epilogue.requantOut)
    emitter.requantOut = collapseToMatrix(b, loc, epilogue.requantOut, 2);
  emitter.requantWord = epilogue.requantWord;
  emitter.writeOut = epilogue.writeC;
  emitter.syncStart();
  auto c = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  // Image i: the GEMM of its map, W (the same for all: aBase 0) and its
  // output (the hooks address both); its tiles numbered after the earlier
  // images' (batchIndex) for the blocks.
  Value lb = c(0), ub = c(plan.images), step = c(1);
  auto loop = scf::ForOp::create(b, loc, lb, ub, step);
  b.setInsertionPointToStart(loop.getBody());
  emitter.aBase = emitter.bBase = emitter.cBase = c(0);
  emitter.batchIndex = emitter.image = loop.getInductionVar();
  emitter.emit();
  b.setInsertionPointAfter(loop);
  emitter.syncEnd();
  programs.push_back(emitter.program);
  return success();
}
