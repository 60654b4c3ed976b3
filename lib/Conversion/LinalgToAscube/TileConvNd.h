//===- TileConvNd.h - ascube-tile-linalg: convolutions by ND2NZ -*- C++ -*-===//
//
// Internal to the pass: what the convolutions mapped as a GEMM whose
// im2col matrix DataCopy ND2NZ builds share — ConvNdBase (a MatmulEmitter
// with tiles of whole output rows or pieces of one) and the planning
// helpers. TileConvNd.cpp: nd2nz_columns (NCHW, O^T = W x X^T) and the
// dispatch; TileConvPixelRows.cpp: pixel_rows (NCHW with a stride along W,
// O^T = W' x X'^T); TileConvNhwc.cpp: nhwc_rows (NHWC, O = X' x W').
// docs/Tiling.md "NCHW without DN2NZ", "NHWC without LoadData 3D".
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_CONVERSION_LINALGTOASCUBE_TILECONVND_H
#define ASCUBE_CONVERSION_LINALGTOASCUBE_TILECONVND_H

#include "TileLinalg.h"
#include "TileMatmul.h"

#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>
#include <string>

namespace ascube::tiling {

/// What the forms share: tiles of whole output rows of `cw` GEMM columns
/// (NHWC: rows) each, or of one `piece` of a row, ND2NZ of several
/// matrices, and (NCHW) the output write. The GEMM's A, B and C: for NCHW
/// the weights, the map and the output; for NHWC the map, the weights and
/// the output.
class ConvNdBase : public MatmulEmitter {
public:
  ConvNdBase(OpBuilder &b, Location loc, const target::ProductInfo &prod,
             const ConvPlan &plan, Value A, Value B, Value C)
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
  /// dstStride elements apart): ProgramEmitter::nd2nz in this file's
  /// argument order, which splits what the fields cannot hold (rows per
  /// ND2NZ, matrices per ND2NZ).
  void nd2nz(Value src, Value from, Value dst, Value to, int64_t num,
             int64_t nValue, int64_t dValue, int64_t srcDValue,
             int64_t c0Stride, int64_t srcStride, int64_t dstStride) {
    ProgramEmitter::nd2nz(src, from, dst, to, num, nValue, dValue,
                          num > 1 ? srcStride : 0, srcDValue, c0Stride,
                          num > 1 ? dstStride : 0);
  }

  /// Calls `body(row, ow0, len, j)` for each run of output pixels of the N
  /// tile [n0, n0 + nt): output row `row`, `len` pixels from column `ow0`,
  /// at GEMM column j * cw of the tile — its whole rows, or its one piece
  /// (the last piece of a row holding fewer pixels: an scf.if).
  void eachRun(Value n0, int64_t nt,
               llvm::function_ref<void(Value, Value, int64_t, Value)> body);

  /// The L0C tile `c` of output channels [m0, m0 + mt) and GEMM columns
  /// [n0, n0 + nt) -> O: each run's pixels of the mt channel rows (pitch
  /// OH*OW), or a band of whole rows at once when OW fills their cw
  /// columns.
  void writeRows(Value c, Value m0, int64_t mt, Value n0, int64_t nt);

  /// v / d, rounded down (v a multiple of d but in piece mode, where the
  /// row of a piece's start is wanted).
  Value div(Value v, int64_t d) {
    return mlir::arith::DivUIOp::create(b, loc, v, index(d));
  }

  model::ConvProblem p;
  /// GEMM columns per output row, and per N tile of a piece of one (= cw:
  /// tiles of whole rows).
  int64_t cw, piece;
  /// The map's C0 (elements per 32 B).
  int64_t c0;
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
                bool alongM = false);

/// The GEMM `g` of a convolution cut along N (M `alongM`) into output rows
/// of `columns` GEMM columns (rows) each (`piece` 0), or into rows of
/// pieces of `piece` (below OW; each row `cw` = pieces x piece columns,
/// the last piece holding the rest): `g`'s size and unit there set, `cw`
/// the columns of a row.
void cutRows(model::MatmulProblem &g, const model::ConvProblem &p,
             int64_t columns, int64_t piece, int64_t &cw, bool alongM);

/// The forced tile's extent along a convolution's rows (its GEMM's N, M
/// `alongM`) for `m` output pixels: whole output rows (a multiple of OW:
/// m / OW rows of `columns`) or one piece of a row (below OW, a multiple
/// of `align`, at most Mmad's 4095); `g` cut so (cutRows), `cw` and
/// `piece` set (piece = cw: whole rows). 0 where m is neither.
int64_t forcedRows(model::MatmulProblem &g, const model::ConvProblem &p,
                   int64_t columns, int64_t m, int64_t align, int64_t &cw,
                   int64_t &piece, bool alongM);

/// tile_c6 unless the `force`d tile, as the GEMM tile `t` of `g`, fits
/// `prod`'s L0A/L0B/L0C/L1.
mlir::LogicalResult checkForcedFit(mlir::Operation *op,
                                   const target::ProductInfo &prod,
                                   const model::MatmulProblem &g,
                                   const model::MatmulCapacities &cap,
                                   const ConvForce &force,
                                   const model::MatmulTiling &t);

/// Records in `plan` the GEMM a convolution by ND2NZ is mapped as (its
/// `strategy`): runs of
/// `taps` taps in K' columns of `slots` (0: none, the NCHW stride-1 form),
/// output rows of `cw` GEMM columns (rows) in N (M) tiles of whole rows or
/// of one `piece`, the GEMM `g` and its tiling `t`.
mlir::LogicalResult setGemm(ConvPlan &plan, ConvStrategy strategy, int64_t taps,
                            int64_t slots, int64_t cw, int64_t piece,
                            const model::MatmulProblem &g,
                            const model::MatmulTiling &t);

/// The report's notes on the epilogue (a bias by its seed, a ReLU, a
/// requantization) and on a zero-padded map (made in GM first).
std::string epilogueNote(const ConvPlan &plan);
std::string padNote(const ConvPlan &plan);
/// The report's words for a tile's output pixels: `pixels` / cw whole
/// output rows where a row is one piece (piece == cw), else one piece of
/// min(piece, OW) pixels of a row.
std::string tilePixelsNote(int64_t pixels, int64_t cw, int64_t piece,
                           int64_t ow);

/// planConvByNd2nz for an NCHW convolution with a stride > 1 along W
/// (pixel_rows, TileConvPixelRows.cpp): runs of taps, ND2NZ's field ranges
/// (tile_c5), the tiling (or the `force`d one: tile_c6; none: tile_c1) and
/// the report remark.
mlir::LogicalResult planPixelRows(mlir::Operation *op,
                                  const target::ProductInfo &prod, bool report,
                                  const ConvForce *force, ConvPlan &plan);

/// Calls `emit` with the emitter of a planned pixel_rows convolution
/// (TileConvPixelRows.cpp) of the weights W, the map I and the output O
/// (as matrices: F x (C*KH*KW), (N*C) x (H*W), (N*F) x (OH*OW)).
void withPixelRowsEmitter(mlir::OpBuilder &b, mlir::Location loc,
                          const target::ProductInfo &prod, const ConvPlan &plan,
                          mlir::Value W, mlir::Value I, mlir::Value O,
                          llvm::function_ref<void(ConvNdBase &)> emit);

/// planConvByNd2nz for an NHWC convolution (TileConvNhwc.cpp): its runs,
/// ND2NZ's field ranges (tile_c5), the tiling (or the `force`d one:
/// tile_c6; none: tile_c1) and the report remark.
mlir::LogicalResult planNhwcRows(mlir::Operation *op,
                                 const target::ProductInfo &prod, bool report,
                                 const ConvForce *force, ConvPlan &plan);

/// Calls `emit` with the emitter of a planned NHWC convolution
/// (nhwc_rows; TileConvNhwc.cpp) of the map I, the weights W and the
/// output O (as matrices: (N*H) x (W*C), the weights' rows, (N*OH*OW) x F).
void withNhwcRowsEmitter(mlir::OpBuilder &b, mlir::Location loc,
                         const target::ProductInfo &prod, const ConvPlan &plan,
                         mlir::Value W, mlir::Value I, mlir::Value O,
                         llvm::function_ref<void(ConvNdBase &)> emit);

} // namespace ascube::tiling

#endif // ASCUBE_CONVERSION_LINALGTOASCUBE_TILECONVND_H
