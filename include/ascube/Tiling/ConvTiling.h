//===- ConvTiling.h - Tile sizes of a 2-D convolution on one Cube -*- C++
//-*-===//
//
// How ascube-tile-linalg cuts a 2-D convolution (NHWC or NCHW map and
// output, HWCF / FHWC / FCHW weights: the same tiles; cube-reference §10
// im2col) into the tiles one AI core's
// memories hold (§1 capacities), and the GM -> L1 traffic that costs. The
// convolution is the GEMM O (M x N) = X (M x K) x B (K x N) with M the
// output pixels of one image (OH x OW), N the F output channels and K the
// im2col columns C1 x KH x KW x C0 in LoadData 3D's order (channels padded
// to whole C0 blocks). No IR: the pass and the unit tests call it with plain
// numbers (docs/Tiling.md states the rule).
//
// Units: elements (pixels, channels) for sizes, bytes for capacities and
// traffic.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TILING_CONVTILING_H
#define ASCUBE_TILING_CONVTILING_H

#include "ascube/Tiling/MatmulTiling.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ascube::model {

/// One image's convolution: map H x W x C, kernel KH x KW, F output
/// channels, strides, dilations, output OH x OW (a zero-padded map counts
/// with its padding: H and W are the padded extents); element
/// sizes in bits (map and weights alike, and the L0C accumulator).
struct ConvProblem {
  int64_t h = 0, w = 0, c = 0, f = 0;
  int64_t kh = 1, kw = 1, sh = 1, sw = 1, dh = 1, dw = 1;
  int64_t oh = 0, ow = 0;
  int64_t bits = 16, cBits = 32;
  /// A bias of the output's type through the bias table (0: none), as for
  /// a matmul (MatmulProblem::biasBits).
  int64_t biasBits = 0;
  /// Output tiles start a multiple of `outAlign` elements into the image's
  /// output (1: anywhere). An NCHW output is written by Fixpipe NZ2DN,
  /// whose GM address is 32 B aligned (cube-reference §4): 32 B / the
  /// output element size (8 for f32, 16 for f16, 32 for int8).
  int64_t outAlign = 1;
  /// Weights held F-major (FHWC, FCHW): each chunk's weights are B^T, an
  /// N x K Nz, whose rows past an N tail are left as they are; a last
  /// chunk of fewer C0 blocks (C1 % groups) then takes an L1 region of its
  /// own, so that no chunk's stale rows are another chunk's data.
  bool weightsTransposed = false;
  /// HWCF weights built as a K x N Nz in L1 and moved by LoadData 2D (8-bit
  /// types where LoadData 3D cannot write L0B), rather than read by
  /// LoadData 3D: a last chunk of fewer kernel points, whose Nz is laid out
  /// otherwise, takes an L1 region of its own (a partial C0 block does
  /// not). With LoadData 3D only a partial block takes one.
  bool weightsKxNNz = false;

  /// Channels per C0 block (32 B of elements) and the blocks of C.
  int64_t c0() const { return 256 / bits; }
  int64_t c1() const { return (c + c0() - 1) / c0(); }
  /// The alignment of an N tile: whole L0B fractal columns (16) and whole
  /// C0 blocks (the weights' channel blocks for LoadData 3D).
  int64_t nAlign() const { return c0() > 16 ? c0() : 16; }
  /// Input rows a band of `rows` output rows reads through `kernelRows`
  /// consecutive kernel rows (all KH: the whole window).
  int64_t inRows(int64_t rows) const { return inRows(rows, kh); }
  int64_t inRows(int64_t rows, int64_t kernelRows) const {
    return (rows - 1) * sh + (kernelRows - 1) * dh + 1;
  }
  /// Input columns a piece of `cols` output columns reads through
  /// `kernelCols` consecutive points of a kernel row (all KW: the whole
  /// row).
  int64_t inCols(int64_t cols) const { return inCols(cols, kw); }
  int64_t inCols(int64_t cols, int64_t kernelCols) const {
    return (cols - 1) * sw + (kernelCols - 1) * dw + 1;
  }
};

/// One tiling. An M tile is a band of `rows` whole output rows (`piece` =
/// 0), or, when one row is too long, a piece of `piece` output pixels of
/// one row (rows = 1); an N tile `n` output channels; a K chunk `groups`
/// C0 channel blocks (groups x KH x KW x C0 im2col columns) — or, where
/// not even one block's kernel window fits (`taps` > 0, groups = 1), up to
/// `taps` kernel points of one C0 block (taps x C0 im2col columns): fewer
/// than KW, each kernel row in ceil(KW / taps) chunks (the last of the
/// rest), or a multiple of KW, the block's kernel rows taps / KW to a
/// chunk (the last of the rest) — in K's order either way. A chunk reads
/// only the map rows of its kernel rows: LoadData 3D takes those rows as
/// its kernel, kStartPt the chunk's first point within them. In an M
/// tile of one output row (a piece, or bands of one row) a part of a row
/// may read only the map columns of its points (`ownColumns`,
/// partColumns): LoadData 3D's kernel is those points.
struct ConvTiling {
  int64_t rows = 1, piece = 0, n = 16, groups = 1, taps = 0;
  /// Buffer sets of the chunks in L1, L0A and L0B: 2 where two chunks fit
  /// (double buffering, chunk j on set j mod 2), else 1.
  int64_t sets = 1;
  /// Whether parts of a kernel row in M tiles of one output row read only
  /// their points' map columns (partColumns) rather than the row's.
  bool ownColumns = false;

  /// Output pixels of a full M tile.
  int64_t pixels(const ConvProblem &p) const {
    return piece ? piece : rows * p.ow;
  }
  /// Map pixels of a full M tile's chunk in L1 (its input band or
  /// rectangle, the rows of the chunk's kernel rows): a band holds the
  /// columns its OW output columns read (all W of a map no wider than the
  /// output needs).
  int64_t mapPixels(const ConvProblem &p) const {
    return p.inRows(rows, rowsPerChunk(p)) * windowCols(p);
  }
  /// Whether a chunk's map columns are those of its points, not its row's:
  /// with ownColumns, parts of a kernel row in M tiles of one output row
  /// (with more, the all-padding window of a part whose columns lie in the
  /// padding would move the M index of the band's later rows).
  bool partColumns(const ConvProblem &p) const {
    return ownColumns && taps && taps < p.kw && (piece || rows == 1);
  }
  /// The map columns of a full M tile's chunk.
  int64_t windowCols(const ConvProblem &p) const {
    int64_t cols = piece ? piece : p.ow;
    return partColumns(p) ? p.inCols(cols, taps) : p.inCols(cols);
  }
  /// The kernel rows of a full chunk (KH for whole windows, 1 for parts of
  /// a row), and a kernel row's chunks (1 unless parts of a row).
  int64_t rowsPerChunk(const ConvProblem &p) const {
    return !taps ? p.kh : taps < p.kw ? 1 : taps / p.kw;
  }
  int64_t chunksPerRow(const ConvProblem &p) const {
    return taps && taps < p.kw ? MatmulTiling::ceilDiv(p.kw, taps) : 1;
  }
  /// Whether every output tile of an image starts a multiple of
  /// p.outAlign elements into its NCHW output (column f0 x OH x OW, row
  /// pixel0): N tiles n x OH x OW apart, bands rows x OW apart (one band:
  /// at 0), pieces of a row `piece` apart from rows OW apart.
  bool aligned(const ConvProblem &p) const;
  /// M tiles of one image, N tiles, K chunks.
  int64_t tilesM(const ConvProblem &p) const;
  int64_t tilesN(const ConvProblem &p) const {
    return MatmulTiling::ceilDiv(p.f, n);
  }
  /// Kernel points of a full chunk (KH x KW unless split into taps), and
  /// the chunks of one C0 block.
  int64_t points(const ConvProblem &p) const {
    return taps ? taps : p.kh * p.kw;
  }
  int64_t chunksPerBlock(const ConvProblem &p) const {
    return taps ? MatmulTiling::ceilDiv(p.kh, rowsPerChunk(p)) * chunksPerRow(p)
                : 1;
  }
  /// Whether a block's chunks are not all of `taps` points (the last of a
  /// row's parts, or of its groups of rows, is shorter).
  bool shortTaps(const ConvProblem &p) const {
    return taps && (taps < p.kw ? p.kw % taps : p.kh % rowsPerChunk(p)) != 0;
  }
  int64_t chunksK(const ConvProblem &p) const {
    return taps ? MatmulTiling::satMul(p.c1(), chunksPerBlock(p))
                : MatmulTiling::ceilDiv(p.c1(), groups);
  }
  /// L1 bytes of one buffer set: the map chunk, the full blocks' weights
  /// and the partial (or last) block's weights, each region 512 B aligned
  /// (the emitter places them at these offsets; the second set follows).
  int64_t l1SetBytes(const ConvProblem &p) const;
  /// L0A / L0B bytes of one chunk (512 B aligned): the second set's
  /// offset there.
  int64_t l0aSetBytes(const ConvProblem &p) const;
  int64_t l0bSetBytes(const ConvProblem &p) const;
  /// Bytes copied GM -> L1 for one image: every N tile reads each M tile's
  /// map pixels (overlapping bands re-read their halo) for all channels —
  /// a block split into chunks of points: each chunk the rows of its
  /// kernel rows —, and every M tile reads the weights of its N tile.
  int64_t gmToL1Bytes(const ConvProblem &p) const;
};

/// How far a window reaches beyond the map into its zero padding, before
/// (lo) and after (hi) it along one axis: LoadData 3D's padList.
struct WindowEdge {
  int64_t lo = 0, hi = 0;
};

/// The map as it lies in GM: mapH x mapW pixels inside the zero padding
/// (padTop rows above, padLeft columns left; tensor.pad) of the p.h x p.w
/// map the problem sees. The edges of the output tiles' windows.
struct ConvMap {
  ConvProblem p;
  int64_t padTop = 0, padLeft = 0, mapH = 0, mapW = 0;

  /// The rows of the window of output rows [oh0, oh0 + n) beyond the map.
  WindowEdge rowEdge(int64_t oh0, int64_t n) const;
  /// The columns of the window of output columns [ow0, ow0 + n) beyond it.
  WindowEdge colEdge(int64_t ow0, int64_t n) const;
  /// The rows beyond the map of the window through kernel rows [r0, r0 +
  /// kr) of `rows` output rows whose whole window reaches `er` (none: a
  /// window inside the map, and so each of its parts).
  WindowEdge chunkRowEdge(WindowEdge er, int64_t rows, int64_t r0,
                          int64_t kr) const;
  /// The columns beyond the map of the window through the points [c0, c0
  /// + kc) of a kernel row of `cols` output columns whose whole window
  /// reaches `ec`.
  WindowEdge chunkColEdge(WindowEdge ec, int64_t cols, int64_t c0,
                          int64_t kc) const;
  /// Whether every output tile of `t` reads at least one row and one
  /// column of the map (padding wider than the kernel's reach would leave
  /// a tile with none).
  bool tilesReadTheMap(const ConvTiling &t) const;
};

/// The bytes a tiling's buffers (inConvRange) take in each memory of one
/// AI core: L0C
/// one output tile (pixels to 16 x n), L0A t.sets A chunks (pixels to 16 x
/// groups x points x C0), L0B t.sets B chunks, L1 t.sets sets of the map
/// chunk and the weight chunk (each region 512 B aligned) and a bias's
/// 16 x n staging, BT the bias (whole 64 B).
MatmulFootprint convFootprint(const ConvProblem &p, const ConvTiling &t);

/// Whether `t` is within the instruction ranges: Mmad m, k, n at most
/// 4095; DataCopy nValue / dstNzC0Stride — map pixels, weight rows — at
/// most 16384; taps only for a single block, fewer than KH x KW, below KW
/// or a multiple of it; one or two buffer sets. (A chunk's kStartPt, its first
/// point within its own kernel rows times C0, is below KW x C0 <= 255 x 32:
/// always within LoadData 3D's 65535.)
bool inConvRange(const ConvProblem &p, const ConvTiling &t);
/// Where `t` is not inConvRange, the first field past its range with its
/// value and limit ("Mmad's k = 4608 im2col columns is past 4095"); empty
/// where it is. For refusals.
std::string describeConvRangeMiss(const ConvProblem &p, const ConvTiling &t);

/// Whether `t` is inConvRange and its footprint (convFootprint) fits
/// `cap`.
bool fitsConvTiling(const ConvProblem &p, const MatmulCapacities &cap,
                    const ConvTiling &t);

/// The tiling with the least GM -> L1 traffic that fits and is aligned
/// (ties: more groups, then a larger output tile), double-buffered (two
/// sets) when some tiling fits so, else with one set; chunks of whole C0
/// blocks where one block's kernel window fits in some tiling (aligned or
/// not), else chunks of a block's kernel points (ties: more points) that
/// read their rows' whole columns, else (no such tiling fits, aligned or
/// not, with one set, or none that fits is aligned) parts of a row
/// reading their own columns
/// (ownColumns): a tile whose chunks reach the padding is emitted chunk by
/// chunk, and with own columns nearly every tile of a widely dilated
/// kernel over padding does. std::nullopt when none does.
std::optional<ConvTiling> chooseConvTiling(const ConvProblem &p,
                                           const MatmulCapacities &cap);
/// The same among the tilings with `sets` buffer sets (kernel points where
/// no whole window fits with one set).
std::optional<ConvTiling> chooseConvTiling(const ConvProblem &p,
                                           const MatmulCapacities &cap,
                                           int64_t sets);

/// The tilings worth timing for a convolution mapped by LoadData 3D
/// (ascube-select-tiling's objective time, docs/Tiling.md "Chosen by
/// time"): `rule` (chooseConvTiling's) first, then its chunks (groups,
/// taps, own columns) with M tiles of 1, 2, 4, ... whole output rows or
/// pieces of 16, 32, ... pixels of one, and N tiles of the alignment
/// times a power of two or all F; with whole windows also chunks of 1, 2,
/// 4, ... C0 blocks (and all of them) and chunks of 1, 2, 4, ... kernel
/// rows of one block (taps). Each fits `cap` (double-buffered
/// where it can be, fitsConvTiling) and is aligned; no duplicates.
std::vector<ConvTiling> convCandidates(const ConvProblem &p,
                                       const MatmulCapacities &cap,
                                       const ConvTiling &rule);

} // namespace ascube::model

#endif // ASCUBE_TILING_CONVTILING_H
