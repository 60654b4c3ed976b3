//===- TileMatmul.h - ascube-tile-linalg: a matmul's program ---*- C++ -*-===//
//
// Internal to the linalg entry: MatmulEmitter, the emitter of one
// matmul's Cube program (TileMatmul.cpp describes the program,
// MatmulEmitter.cpp implements it; docs/Tiling.md the tiling), shared by
// TileMatmul.cpp (matmul, batch_matmul, matvec, vecmat) and the ND2NZ
// strategies of a convolution: nd2nz_columns (TileConvNd.cpp: O^T = W x
// X^T, X^T built by ND2NZ; its B copy and output write are the hooks copyB
// and writeC; its bias, over C's rows, by a seed Mmad per tile:
// biasColumn), pixel_rows (TileConvPixelRows.cpp: its A copy too, copyA)
// and nhwc_rows (TileConvNhwc.cpp: O = X' x W' with all three hooks); and
// a bias over C's columns seeded likewise where the Mmad adds none (Kirin:
// biasSeedRow).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_CONVERSION_LINALGTOASCUBE_TILEMATMUL_H
#define ASCUBE_CONVERSION_LINALGTOASCUBE_TILEMATMUL_H

#include "TileLinalg.h"

#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Tiling/MatmulTiling.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include <functional>

namespace ascube::tiling {

using mlir::BoolAttr;
using mlir::cast;
using mlir::Float8E8M0FNUType;
using mlir::IntegerAttr;
using mlir::Location;
using mlir::MemRefType;
using mlir::OpBuilder;
using mlir::Type;
using mlir::UnitAttr;
using mlir::Value;
using target::Level;
using Format = layout::Format;

/// Emits the Cube program of one matmul.
class MatmulEmitter : public tiling::ProgramEmitter {
public:
  MatmulEmitter(OpBuilder &b, Location loc, const target::ProductInfo &prod,
                const model::MatmulProblem &p, const model::MatmulTiling &t,
                Value A, Value B, Value C);

  /// MX (4-bit floats, §15): one plain DataCopy of unit e8m0 scales (127:
  /// 2^0) from a constant in GM into L1 after the chunk sets, where every
  /// chunk's load_mx reads its ScaleA and ScaleB (all bytes alike, so any
  /// layout reads 2^0). Called once, before the tiles: the MTE2 -> MTE1
  /// flag after the first chunk's copies orders it before every load.
  void copyUnitScales();

  /// The whole matrix: every output tile, each on the block its number
  /// falls to — tile (batch i, row tile mi, column tile ni) is number
  /// (i * tilesM + mi) * tilesN + ni and runs where number % block_num ==
  /// block_idx (every tile on a single block).
  void emit();

  /// Split-K (t.splitK > 1, docs/Tiling.md "Split-K"), program 1: each
  /// (output tile, part) on the block its number falls to — tile (mi, ni)
  /// part s is number (mi * tilesN + ni) * parts + s — the part's K chunks
  /// into L0C from zero, written as f32 to rows s * M + m0.. of
  /// `workspace` (no bias, ReLU or requantization: the caller clears them).
  void emitPartials();
  /// Split-K, program 2 (after a SyncAll): each output tile on the block
  /// its number falls to, C = bias + P_0 + P_1 + ... (reduceTile), on two
  /// buffer sets of its own (model::splitKBuffers); syncStart to syncEnd.
  void emitReduction();
  /// The parts' f32 partial sums (parts * M x N, GM) and a 16 x 16 f32
  /// identity in GM (split-K).
  Value workspace, identity;

private:
  /// Split-K: one output tile's partial sums from the workspace added onto
  /// L0C in part order — part s copied GM -> L1 (ND2NZ), then each
  /// 16-column slice (8 for the last where N ends within its first 8) moved
  /// to L0A and multiplied by the identity (the identity B^T in L0B) into
  /// the same slice of the L0C tile: the first part's Mmads start it from
  /// the bias slice (BT) or zero, the rest accumulate (x * 1 = x and the
  /// other columns' x * 0 = 0 add nothing but a zero's sign) — then the
  /// Fixpipe to C with the epilogue.
  void reduceTile(Value m0, int64_t mt, Value n0, int64_t nt);
  /// The K range the output tiles take: from kFrom (null: 0), kSize
  /// elements (0: all of K); and the part a partial tile is written as.
  Value kFrom, partIndex;
  int64_t kSize = 0;

  /// One output tile: every K chunk, then the Fixpipe to C.
  void emitOutputTile(Value m0, int64_t mt, Value n0, int64_t nt);

  /// One K chunk of one output tile: A and B chunks GM -> L1 -> L0, then
  /// the Mmad into the tile's L0C buffer.
  void emitChunk(Value m0, int64_t mt, Value n0, int64_t nt, Value k0,
                 int64_t kt, bool init);

  /// One L1 chunk of several K steps (tiling kL1 > k; A held M x K, B held
  /// N x K: planMatmul refuses the rest, tile_c15; a GEMV row's steps are
  /// chunks of their own, emitOutputTile), chunk `j` of the tile
  /// on buffer set bufferSet: A's rows x kc and B^T's bn x kc copied GM ->
  /// L1 once, then each step of k (the last maybe shorter) moved from its
  /// whole Nz buffer within them to L0A/L0B — the steps alternating L0
  /// sets, (j kL1 / k + s) % sets — and accumulated by an Mmad. The L1 set
  /// is free for the chunk after next once the last step's loads are done.
  void emitSteps(Value m0, int64_t mt, Value n0, int64_t nt, Value k0,
                 int64_t kc, int64_t j, bool init);

  /// The loads of a step's L1 chunks a1 (A's, aRows(mt) x aK(kt)) and b1
  /// (B's) into L0A / L0B on L0 set l0Event() — a GEMV row's A by LoadData
  /// 2D as ND —, then its Mmad into the tile's L0C buffer (from the bias
  /// when `init` and there is one; a PIPE_M barrier before an accumulating
  /// one of a small tile), under the flags of beforeMmad / afterMmad
  /// (`freesL1`: the loads free the L1 set).
  void loadAndMultiply(Value a1, Value b1, int64_t mt, int64_t kt, int64_t nt,
                       bool init, bool freesL1 = true);

  /// DataCopy ND2NZ (or plain DataCopy blocks without it) of src's rows
  /// [row, row + nRows) and columns [col, col + nCols) — from element
  /// base, rows `pitch` elements apart — into the Nz buffer dst (C0 blocks
  /// c0Stride x 32 B apart when given).
  void copyToNz(Value src, Value base, Value row, Value col, int64_t pitch,
                int64_t nRows, int64_t nCols, Value dst,
                IntegerAttr c0Stride = {});

  /// The seed of the output tile of rows [m0, m0 + mt) and columns [n0,
  /// n0 + nt) with a bias seeded (biasColumn, biasSeedRow; docs/Tiling.md
  /// "NCHW without DN2NZ", the bias): one Mmad of C's type before the K
  /// chunks, which then accumulate onto it. Over C's rows: C = S x ones,
  /// S (rows x C0 of C's type, Nz in L1) holding biasColumn[m0 + r] in
  /// column 0 of row r (the rest of the row's 32 B block ND2NZ's zero
  /// fill: nValue = mt rows of dValue = 1 element; a GEMV's single row as
  /// for a chunk), the ones (B^T held bn x C0, all bytes alike) one plain
  /// DataCopy from a constant in GM (copyOnes). Over C's columns: C = ones
  /// x S^T, the ones A's, S (B^T held bn x C0) holding biasSeedRow[n0 +
  /// n] in column 0 of row n. k = C0: C = 0 + bias x 1 + 0 x 1 + ...,
  /// exact (a -0.0 bias gives +0.0). The seed takes buffer set sets - 1
  /// (whose L1, L0A and L0B hold any tile's seed: every row of an Nz chunk
  /// is at least one 32 B block) under a chunk's flags, starting C as a
  /// first chunk would (init: after FIX has read the previous tile).
  void emitSeed(Value m0, int64_t mt, Value n0, int64_t nt);

  /// An MX chunk's loads and MmadMx (4-bit floats, §9, §15): A (rows x ak
  /// Nz in L1, or A^T's ak x rows Nz moved transposed in 64 x 64 squares)
  /// and B (K x N Nz moved transposed, or B^T's N x K Nz as it is: B's Zn
  /// fractal for fractal) with their unit scales into L0A/L0B and
  /// L0A_MX/L0B_MX (at the data's address / 16, §9), then MmadMx of k =
  /// ak, a whole 64 (§15): the K beyond the chunk is ND2NZ's zero fill of
  /// A's or B^T's row tails, and zero times any 4-bit float (all finite)
  /// adds nothing.
  void emitMxChunk(Value a1, Value b1, int64_t rows, int64_t ak, int64_t bk,
                   int64_t bn, bool init);

  /// Whether an output tile of `mt` rows is computed with m = 1: a single
  /// row of A held M x K. Its Mmad is a GEMV (§13.3: A read from L0A as ND)
  /// or, on 950, has GEMV turned off (disableGemv: A read as a fractal). (A
  /// single row of A held K x M is a column in GM; it is computed as one
  /// fractal row, see aRows.)
  bool gemv(int64_t mt) const { return mt == 1 && !p.transA; }

  /// The buffers' sizes of a chunk or tile (the tiling model's rules).
  int64_t aRows(int64_t mt) const { return p.aRows(mt); }
  int64_t aK(int64_t kt) const { return p.aK(kt); }
  int64_t bRows(int64_t kt) const { return p.bRows(kt); }
  int64_t bCols(int64_t nt) const { return p.bCols(nt); }

public:
  /// Element offsets of this matrix in A, B and C (a batch's matrix), and
  /// its index in the batch (0 for a matmul).
  Value aBase, bBase, cBase, batchIndex;
  /// For a GEMM whose B or C is no plain GM matrix (TileConvNd.cpp: the
  /// im2col matrix X^T built by ND2NZ, an NCHW output): `copyB(b1, k0, kt,
  /// n0, nt)` fills B's L1 chunk b1 (bRows(kt) x bCols(nt) Nz, or B^T's
  /// bCols(nt) x bRows(kt)) with B's rows [k0, k0 + kt) and columns [n0,
  /// n0 + nt) instead of ND2NZ from B, and `writeC(c, m0, mt, n0, nt)`
  /// writes the L0C tile c of rows [m0, m0 + mt) and columns [n0, n0 + nt)
  /// instead of one writeTile to C.
  std::function<void(Value, Value, int64_t, Value, int64_t)> copyB, writeC;
  /// Likewise for A (TileConvNd.cpp: the weights with each run of kernel
  /// taps padded to whole C0 blocks): `copyA(a1, m0, mt, k0, kt, gemvRow)`
  /// fills A's L1 chunk a1 (aRows(mt) x aK(kt) Nz) with A's rows [m0, m0 +
  /// mt) and columns [k0, k0 + kt); `gemvRow`: a GEMV's single row, whose
  /// C0 blocks lie one after another (dstNzC0Stride = 1) for LoadData 2D.
  std::function<void(Value, Value, int64_t, Value, int64_t, bool)> copyA;
  /// A bias each output tile starts from by its seed (emitSeed) instead of
  /// the bias table (or null): over C's rows, C[m][n] = bias[m] + A x B,
  /// `biasColumn` (TileConvNd.cpp: an NCHW convolution's output channels,
  /// O^T's rows, where the table adds a bias over columns), or over C's
  /// columns on a product whose Mmad adds none (Kirin: no cmatrixSource),
  /// C[m][n] = bias[n] + A x B, `biasSeedRow` (TileLinalg.cpp); each an M x 1
  /// or N x 1 GM matrix of C's type.
  Value biasColumn, biasSeedRow;

protected:
  /// The GM operands as given (for an NCHW convolution, TileConvNd.cpp:
  /// the weights, the map and the output).
  Value A, B, C;

private:
  model::MatmulProblem p;
  model::MatmulTiling t;
  int64_t aPitch = 0, bPitch = 0, cPitch = 0;
  Type aType, bType, cType;
  /// Where the chunk sets and the MX scales lie (the tiling model's plan).
  model::MatmulBuffers buf;
};

} // namespace ascube::tiling

#endif // ASCUBE_CONVERSION_LINALGTOASCUBE_TILEMATMUL_H
