//===- MatmulTiling.h - Tile sizes of a matmul on one Cube ------*- C++ -*-===//
//
// How ascube-tile-linalg cuts C (M x N) = A (M x K) x B (K x N) into the
// tiles one AI core's memories hold (cube-reference §1 capacities, §2
// fractal alignment, §13.1 instruction ranges), and the traffic that
// choice costs. No IR: the pass and the unit tests call it with plain
// numbers (docs/Tiling.md states the rule). A compiler strategy, apart
// from the hardware's semantics in ascube/Model (namespace model all the
// same: both are models without IR).
//
// Units: elements for tile sizes, bytes for capacities and traffic.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TILING_MATMULTILING_H
#define ASCUBE_TILING_MATMULTILING_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ascube::model {

/// What the tiles must fit: capacities in bytes of one AI core (§1).
struct MatmulCapacities {
  int64_t l1 = 0, l0a = 0, l0b = 0, l0c = 0;
  /// The bias table (BT; 0: none), asked only of a problem with a bias.
  int64_t bt = 0;
};

/// The bytes a tiling's buffers take in each memory of one AI core (the
/// same fields as MatmulCapacities).
struct MatmulFootprint {
  int64_t l1 = 0, l0a = 0, l0b = 0, l0c = 0, bt = 0;
  /// Whether every memory holds what it needs.
  bool fits(const MatmulCapacities &cap) const {
    return l1 <= cap.l1 && l0a <= cap.l0a && l0b <= cap.l0b && l0c <= cap.l0c &&
           bt <= cap.bt;
  }
};

/// The memories `need` overflows, each with what it needs and holds:
/// "L0B needs 131072 B of 65536 B"; empty when it fits. For refusals that
/// name what does not fit.
std::string describeOverflow(const MatmulFootprint &need,
                             const MatmulCapacities &cap);

/// A matmul's shape and element sizes in bits (A and B, and the L0C
/// accumulator C).
struct MatmulProblem {
  int64_t m = 0, n = 0, k = 0;
  int64_t aBits = 16, bBits = 16, cBits = 32;
  /// A is held K x M (A^T) and B N x K (B^T) in GM and L1.
  bool transA = false, transB = false;
  /// A bias row of C's type added through the bias table (0 bits: no
  /// bias): an N tile's bias (n elements) must fit BT, and its L1 staging
  /// (one Nz fractal row block, 16 x n elements) L1 beside the chunks.
  int64_t biasBits = 0;
  /// The Mmad is MmadMx (4-bit floats on 950, §15) with unit e8m0 scales:
  /// one scale per 32 K elements of A (ScaleA, rows to 16) and of B
  /// (ScaleB, columns to 16), held once in L1 for the largest chunk
  /// (mxScaleBytes), K chunks whole 64s (MmadMx's k % 64 == 0).
  bool mx = false;
  /// A convolution as a GEMM whose B is built by ND2NZ (TileConvNd.cpp):
  /// n tiles are whole multiples of nUnit (whole output rows, or pieces of
  /// one) and k chunks whole multiples of kUnit (whole channels of the
  /// im2col rows) instead of whole fractals — their buffers are still
  /// whole fractals, which the fit counts (MatmulAlignment::nPad, kPad).
  /// An NHWC one whose A is built by ND2NZ (one row per output pixel)
  /// likewise has m tiles of whole multiples of mUnit (mPad).
  int64_t mUnit = 1, nUnit = 1, kUnit = 1;

  /// Whether A's / B's chunks reach L0 through transposed squares (§7,
  /// §8, §11): 8-bit A held K x M (LoadDataWithTranspose's 32 x 32), 8-bit
  /// B held K x N (32 x 32), 4-bit A held K x M and B held K x N (LoadData
  /// MX's 64 x 64, ifTranspose). Their two dimensions are then whole
  /// squares.
  bool aInSquares() const { return transA && (aBits == 8 || aBits == 4); }
  bool bInSquares() const { return !transB && (bBits == 8 || bBits == 4); }
  /// The side of A's / B's squares in elements: 64 for 4-bit data, else
  /// 32.
  int64_t aSquare() const { return aBits == 4 ? 64 : 32; }
  int64_t bSquare() const { return bBits == 4 ? 64 : 32; }
  /// The Mmad reads K padded to 16: an f32 A held transposed reaches L0A
  /// through a transposing LoadData 3D of b32 data, which pads K to 16
  /// there (§10.4), and on products with the Mmad's kDirectionAlign
  /// (A2/A3, §13.3) the Mmad then reads A and B so; their chunks are whole
  /// 16s of K (computed padded; the Mmad reads the real k). Set by who
  /// knows the product (the matmul's emitter).
  bool kAlign16 = false;

  /// Rows an A chunk and the C tile are computed with: mt, or for one row
  /// of A held transposed one fractal row (ND2NZ zero-fills its other
  /// columns) of which Fixpipe writes row 0, since m = 1 would make the
  /// Mmad a GEMV. MmadMx has no disableGemv, and the documents do not say
  /// whether it turns GEMV at m = 1 ([U]), so an MX tile of one row is
  /// computed as a fractal row too (its other rows are stale finite fp4;
  /// Fixpipe writes row 0). 8-bit and 4-bit A held transposed reach L0A
  /// through 32 x 32 / 64 x 64 squares, so their rows are whole squares
  /// (computed padded; Fixpipe writes the real rows).
  int64_t aRows(int64_t mt) const {
    if (aInSquares())
      return roundUp(mt, aSquare());
    return mt == 1 && (transA || mx) ? 16 : mt;
  }
  /// K of the A chunk's buffers: whole squares for 8-bit and 4-bit A^T,
  /// whole 64s for MmadMx (the Mmad reads the real k; MmadMx the padded
  /// one), whole 16s with kAlign16.
  int64_t aK(int64_t kt) const {
    return aInSquares() ? roundUp(kt, aSquare())
           : mx         ? roundUp(kt, 64)
           : kAlign16   ? roundUp(kt, 16)
                        : kt;
  }
  /// B's chunk as held in L1 and L0B: 8-bit K x N B (Nz in L1) reaches
  /// L0B's Zn through LoadDataWithTranspose's 32 x 32 squares (§7, §11),
  /// so K and N are whole squares: N is computed padded (Fixpipe writes
  /// the real columns) and the Mmad reads the real k of the padded K. B
  /// held transposed (N x K) is taken as it is.
  int64_t bRows(int64_t kt) const {
    return bInSquares() ? roundUp(kt, bSquare())
           : mx         ? roundUp(kt, 64)
           : kAlign16   ? roundUp(kt, 16)
                        : kt;
  }
  int64_t bCols(int64_t nt) const {
    return bInSquares() ? roundUp(nt, bSquare()) : nt;
  }
  static int64_t roundUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

  /// Bytes of the unit scales an MX chunk of m x k (A) and k x n (B)
  /// reads in L1: k / 32 e8m0 per row of A (rows to 16) and per column of
  /// B (columns to 16); 0 without MX.
  int64_t mxScaleBytes(int64_t m, int64_t n, int64_t k) const {
    if (!mx)
      return 0;
    return (k + 31) / 32 * ((m + 15) / 16 * 16 + (n + 15) / 16 * 16);
  }
};

/// One tiling: an m x n output tile lives in L0C while K is walked in
/// chunks of k; each chunk of A (m x k) and B (k x n) is copied GM -> L1 and
/// moved L1 -> L0A/L0B whole. L0A, L0B and L1 hold two chunks (the
/// program's two buffer sets: double buffering), L0C one tile. With kL1 (a
/// multiple of k, more than k) L1's chunks are kL1 deep: one copy of A and
/// one of B bring kL1 / k steps of K, each moved to L0A/L0B and multiplied
/// in turn (A held M x K and B held N x K only: a step of either is then a
/// whole Nz buffer in L1; MatmulEmitter).
struct MatmulTiling {
  int64_t m = 0, n = 0, k = 0, kL1 = 0;
  /// Split-K across blocks: K's parts (0: none; docs/Tiling.md "Split-K").
  int64_t splitK = 0;

  /// K of an L1 chunk: kL1, or k without one.
  int64_t l1K() const { return kL1 > k ? kL1 : k; }
  /// K of one split-K part, whole L1 chunks (all of K without a split),
  /// and the parts that makes (the last maybe shorter).
  int64_t partK(const MatmulProblem &p) const {
    int64_t chunks = ceilDiv(p.k, l1K());
    return l1K() * ceilDiv(chunks, splitK > 1 ? splitK : 1);
  }
  int64_t parts(const MatmulProblem &p) const { return ceilDiv(p.k, partK(p)); }

  /// Tiles along each dimension (the last may be a tail).
  int64_t tilesM(const MatmulProblem &p) const { return ceilDiv(p.m, m); }
  int64_t tilesN(const MatmulProblem &p) const { return ceilDiv(p.n, n); }
  int64_t chunksK(const MatmulProblem &p) const { return ceilDiv(p.k, k); }

  /// Bytes copied GM -> L1: each output tile reads its A rows (tile rows x
  /// K) and B columns (K x tile columns) once, so A is read tilesN times
  /// and B tilesM times; with split-K also the parts' f32 partial sums
  /// (parts x M x N) and a 16 x 16 f32 identity per part and tile.
  int64_t gmToL1Bytes(const MatmulProblem &p) const;

  static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
  /// a x b and a + b, or INT64_MAX where they overflow: the traffic of
  /// shapes far beyond any GM still orders tilings (larger never smaller).
  static int64_t satMul(int64_t a, int64_t b);
  static int64_t satAdd(int64_t a, int64_t b);
};

/// The alignment of tile sizes in elements: m a multiple of 16 (fractal
/// rows; of the square for 8-bit and 4-bit A^T, moved in 32 x 32 / 64 x 64
/// squares), n of 16 and — for
/// B held K x N — of B's C0 (B's L1 Nz fractal is 16 x C0), k of 16 and of
/// the C0s (L0A fractal 16 x C0, L0B C0 x 16); C0 = 256 / bits. With an
/// nUnit (> 1) n is a multiple of it only, with an mUnit or a kUnit m or k
/// likewise, and their buffers take m, n and k rounded up to mPad, nPad
/// and kPad (the fractal alignments above; = m, n and k without units).
struct MatmulAlignment {
  int64_t m = 16, n = 16, k = 16, mPad = 16, nPad = 16, kPad = 16;
  static MatmulAlignment of(const MatmulProblem &p);
};

/// The tiling with the least GM -> L1 traffic that fits `cap` (L0C: m x n
/// x cBits; L0A: 2 chunks of m x k; L0B: 2 chunks of k x n; L1: 2 chunks
/// of both, and with a bias its 16 x n staging plus 1 KiB of alignment,
/// with MX the unit scales of one chunk plus 1 KiB; BT: n bias elements), tiles
/// no larger than the problem rounded up to the alignment. Ties go to the
/// fewest tails (M, N, K not whole multiples of the tile: each tail is another
/// shape of the tile's instructions), then to the larger k chunk (fewer
/// instructions), then to the larger output tile, then to n >= m.
/// std::nullopt when not even the smallest aligned tile fits.
std::optional<MatmulTiling> chooseMatmulTiling(const MatmulProblem &p,
                                               const MatmulCapacities &cap);

/// Whether `t`'s sizes are within Mmad's m, k, n fields: [1, 4095].
bool inMmadRange(const MatmulTiling &t);
/// Where `t` is not inMmadRange, the first size past its field's range
/// ("Mmad's k = 4096 is outside [1, 4095]"); empty where it is. For
/// refusals.
std::string describeMmadRangeMiss(const MatmulTiling &t);

/// Where tiling `t`'s buffers lie (bytes from the start of each memory):
/// the program a matmul maps to places them so (MatmulEmitter). Two
/// buffer sets of chunks (double buffering: chunk j on set j % 2), set s
/// at s x l1Set in L1, s x l0aSet in L0A and s x l0bSet in L0B; in a set's
/// L1, A's chunk at 0 (aRows(m) x aK(l1K), Nz: whole 16 x C0 fractals) and
/// B's at l1B (bRows(l1K) x bCols(n), or B^T's bCols(n) x bRows(l1K)); each
/// 512 B aligned. With MX, the unit scales of one chunk after the two
/// sets: ScaleA (rows to 16, k / 32 e8m0 each) and ScaleB (columns to 16),
/// each 512 B aligned. A bias's staging sits at the top of L1
/// (biasStagingOffset). matmulFootprint counts at least these bytes.
struct MatmulBuffers {
  int64_t l1B = 0, l1Set = 0, l0aSet = 0, l0bSet = 0;
  static constexpr int64_t sets = 2;
  int64_t scaleOffset = 0, scaleABytes = 0, scaleBytes = 0;
};
MatmulBuffers matmulBuffers(const MatmulProblem &p, const MatmulTiling &t);

/// Where split-K's reduction (docs/Tiling.md "Split-K") places its
/// buffers, two sets: in L1 set s at s x l1Set a part's partial tile
/// (aRows(m) x n to 16, f32 Nz) and at l1Identity the 16 x 16 f32
/// identity; in L0A set s at s x l0aSet a 16-column slice of it; in L0B
/// set s at s x l0bSet the identity; each 512 B aligned.
struct SplitKBuffers {
  int64_t l1Identity = 0, l1Set = 0, l0aSet = 0, l0bSet = 0;
};
SplitKBuffers splitKBuffers(const MatmulProblem &p, const MatmulTiling &t);
/// Whether split-K's reduction fits `cap` with t's tiles: two sets of
/// SplitKBuffers below the bias staging (biasStagingOffset, with a bias)
/// or within L1, L0A and L0B.
bool fitsSplitKReduction(const MatmulProblem &p, const MatmulCapacities &cap,
                         const MatmulTiling &t);

/// The L1 address of an n-column tile's bias staging (one Nz fractal row
/// block, 16 x n elements of `bits`): the top of an L1 of `l1` bytes,
/// 512 B aligned. The footprints reserve its bytes and 1 KiB (a matmul)
/// or 512 B (a convolution) of alignment.
int64_t biasStagingOffset(int64_t l1, int64_t n, int64_t bits);

/// The bytes tiling `t` (inMmadRange) takes as chooseMatmulTiling counts
/// them: L0C one tile; L0A, L0B two chunks, L1 two of l1K deep, of m, k and n
/// in whole fractals (MatmulAlignment's mPad, kPad, nPad: one K padding for A
/// and B, at least each buffer's own, so never less than matmulBuffers' sets);
/// L1 also the bias's staging and the MX scales, each with 1 KiB of alignment;
/// BT the bias.
MatmulFootprint matmulFootprint(const MatmulProblem &p, const MatmulTiling &t);

/// Whether tiling `t` fits `cap` as chooseMatmulTiling requires:
/// inMmadRange and matmulFootprint within `cap`.
bool fitsMatmulTiling(const MatmulProblem &p, const MatmulCapacities &cap,
                      const MatmulTiling &t);

/// The tilings worth timing for `p` (ascube-select-tiling's objective
/// time, docs/Tiling.md "Chosen by time"): chooseMatmulTiling's first, then
/// for each m and n of the alignment times a power of two, from 64 where
/// the dimension reaches it (and the problem's whole M and N, rounded up
/// to the alignment), the largest k that fits with
/// them, and for A held M x K with B held N x K (no MX, no units) L1
/// chunks of 2 and 4 such steps (kL1) where they fit and K is that deep;
/// with `blocks` (> 0) and an f32 C (no MX), for each of these whose output
/// tiles are fewer than the blocks, split-K into every count of parts of
/// whole L1 chunks that S = 2 .. blocks / tiles make, where its reduction
/// fits. No duplicates; empty where chooseMatmulTiling has none.
std::vector<MatmulTiling> matmulCandidates(const MatmulProblem &p,
                                           const MatmulCapacities &cap,
                                           int64_t blocks = 0);

} // namespace ascube::model

#endif // ASCUBE_TILING_MATMULTILING_H
