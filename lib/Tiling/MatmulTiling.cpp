//===- MatmulTiling.cpp - Tile sizes of a matmul on one Cube --------------===//
//
// See MatmulTiling.h.
//
//===----------------------------------------------------------------------===//

#include "ascube/Tiling/MatmulTiling.h"
#include "ascube/Model/FieldLimits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>
#include <tuple>
#include <utility>

using namespace ascube::model;

int64_t MatmulTiling::satMul(int64_t a, int64_t b) {
  int64_t r;
  return llvm::MulOverflow(a, b, r) ? INT64_MAX : r;
}

int64_t MatmulTiling::satAdd(int64_t a, int64_t b) {
  int64_t r;
  return llvm::AddOverflow(a, b, r) ? INT64_MAX : r;
}

int64_t MatmulTiling::gmToL1Bytes(const MatmulProblem &p) const {
  // Every tile row (all of M over the tiles) reads K elements of A per
  // tile column, and every tile column N reads K of B per tile row.
  auto bytes = [](int64_t times, int64_t rows, int64_t cols, int64_t bits) {
    int64_t b = satMul(satMul(times, satMul(rows, cols)), bits);
    return b == INT64_MAX ? b : b / 8;
  };
  int64_t ab = satAdd(bytes(tilesN(p), p.m, p.k, p.aBits),
                      bytes(tilesM(p), p.k, p.n, p.bBits));
  if (splitK < 2)
    return ab;
  int64_t parts = this->parts(p);
  return satAdd(
      ab, satAdd(bytes(parts, p.m, p.n, 32),
                 bytes(satMul(parts, tilesM(p) * tilesN(p)), 16, 16, 32)));
}

ascube::model::SplitKBuffers
ascube::model::splitKBuffers(const MatmulProblem &p, const MatmulTiling &t) {
  auto align = [](int64_t v, int64_t a) { return (v + a - 1) / a * a; };
  int64_t rows = align(p.aRows(t.m), 16);
  SplitKBuffers b;
  b.l1Identity = align(rows * align(t.n, 16) * 4, 512);
  b.l1Set = b.l1Identity + 1024;
  b.l0aSet = align(rows * 16 * 4, 512);
  b.l0bSet = 1024;
  return b;
}

bool ascube::model::fitsSplitKReduction(const MatmulProblem &p,
                                        const MatmulCapacities &cap,
                                        const MatmulTiling &t) {
  SplitKBuffers b = splitKBuffers(p, t);
  int64_t l1 = p.biasBits ? biasStagingOffset(cap.l1, t.n, 32) : cap.l1;
  return 2 * b.l1Set <= l1 && 2 * b.l0aSet <= cap.l0a &&
         2 * b.l0bSet <= cap.l0b;
}

MatmulAlignment MatmulAlignment::of(const MatmulProblem &p) {
  auto c0 = [](int64_t bits) { return std::max<int64_t>(1, 256 / bits); };
  MatmulAlignment a;
  a.m = a.mPad = p.aInSquares() ? p.aSquare() : 16;
  a.n = a.nPad = p.transB ? 16 : std::lcm<int64_t>(16, c0(p.bBits));
  a.k = a.kPad = std::lcm<int64_t>(16, std::lcm(c0(p.aBits), c0(p.bBits)));
  if (p.mUnit > 1)
    a.m = p.mUnit;
  if (p.nUnit > 1)
    a.n = p.nUnit;
  if (p.kUnit > 1)
    a.k = p.kUnit;
  return a;
}

namespace {
/// An n-column tile's bias in BT: whole 64 B (A2's copy unit, two of 950's
/// 32 B units, whose bias copies have an even length).
int64_t biasBTBytes(int64_t n, const MatmulProblem &p) {
  return (n * p.biasBits / 8 + 63) / 64 * 64;
}
/// Its staging in L1: a 16-row Nz block of n columns, and 1 KiB for the
/// 512 B alignment of it and the chunks. 0 without a bias.
int64_t biasL1Bytes(int64_t n, const MatmulProblem &p) {
  return p.biasBits ? 16 * n * p.biasBits / 8 + 1024 : 0;
}
/// The unit scales of an MX chunk in L1 (MatmulProblem::mxScaleBytes) and
/// 1 KiB for their 512 B alignment. 0 without MX.
int64_t mxL1Bytes(int64_t m, int64_t n, int64_t k, const MatmulProblem &p) {
  return p.mx ? p.mxScaleBytes(m, n, k) + 1024 : 0;
}
} // namespace

std::string ascube::model::describeOverflow(const MatmulFootprint &need,
                                            const MatmulCapacities &cap) {
  std::string s;
  auto check = [&](const char *level, int64_t bytes, int64_t holds) {
    if (bytes <= holds)
      return;
    s += (s.empty() ? "" : ", ") + std::string(level) + " needs " +
         std::to_string(bytes) + " B of " + std::to_string(holds) + " B";
  };
  check("L0A", need.l0a, cap.l0a);
  check("L0B", need.l0b, cap.l0b);
  check("L0C", need.l0c, cap.l0c);
  check("L1", need.l1, cap.l1);
  check("BT", need.bt, cap.bt);
  return s;
}

bool ascube::model::inMmadRange(const MatmulTiling &t) {
  // Mmad's m, k and n fields are at most 4095 (§13.1).
  using limits::kMmadDimMax;
  return t.m >= 1 && t.n >= 1 && t.k >= 1 && t.m <= kMmadDimMax &&
         t.n <= kMmadDimMax && t.k <= kMmadDimMax;
}

std::string ascube::model::describeMmadRangeMiss(const MatmulTiling &t) {
  for (auto [name, v] :
       {std::pair<const char *, int64_t>{"m", t.m}, {"n", t.n}, {"k", t.k}})
    if (v < 1 || v > limits::kMmadDimMax)
      return "Mmad's " + std::string(name) + " = " + std::to_string(v) +
             " is outside [1, " + std::to_string(limits::kMmadDimMax) + "]";
  return "";
}

MatmulBuffers ascube::model::matmulBuffers(const MatmulProblem &p,
                                           const MatmulTiling &t) {
  auto roundUp = MatmulProblem::roundUp;
  // An r x c Nz (or Zz) buffer: 16 x C0 fractals.
  auto nzBytes = [&](int64_t r, int64_t c, int64_t bits) {
    return roundUp(r, 16) * roundUp(c, 256 / bits) * bits / 8;
  };
  int64_t rows = p.aRows(t.m), ak = p.aK(t.k), bk = p.bRows(t.k),
          bn = p.bCols(t.n);
  // L1's chunks are l1K deep.
  int64_t ak1 = p.aK(t.l1K()), bk1 = p.bRows(t.l1K());
  MatmulBuffers b;
  b.l1B = roundUp(nzBytes(rows, ak1, p.aBits), 512);
  b.l1Set = roundUp(b.l1B + (p.transB ? nzBytes(bn, bk1, p.bBits)
                                      : nzBytes(bk1, bn, p.bBits)),
                    512);
  b.l0aSet = roundUp(nzBytes(rows, ak, p.aBits), 512);
  b.l0bSet =
      roundUp(roundUp(bk, 256 / p.bBits) * roundUp(bn, 16) * p.bBits / 8, 512);
  b.scaleOffset = MatmulBuffers::sets * b.l1Set;
  if (p.mx) {
    b.scaleABytes = roundUp(roundUp(rows, 16) * ak / 32, 512);
    b.scaleBytes = b.scaleABytes + roundUp(bk / 32 * roundUp(bn, 16), 512);
  }
  return b;
}

int64_t ascube::model::biasStagingOffset(int64_t l1, int64_t n, int64_t bits) {
  return (l1 - 16 * n * bits / 8) / 512 * 512;
}

MatmulFootprint ascube::model::matmulFootprint(const MatmulProblem &p,
                                               const MatmulTiling &t) {
  // The chunks' buffers hold whole fractals of m, k and n (with Mmad's
  // 12-bit fields, no product below overflows).
  MatmulAlignment al = MatmulAlignment::of(p);
  auto roundUp = MatmulProblem::roundUp;
  int64_t m = roundUp(t.m, al.mPad), k = roundUp(t.k, al.kPad),
          n = roundUp(t.n, al.nPad), kL1 = roundUp(t.l1K(), al.kPad);
  int64_t sets = MatmulBuffers::sets;
  MatmulFootprint f;
  f.l0c = m * n * p.cBits / 8;
  f.l0a = sets * m * k * p.aBits / 8;
  f.l0b = sets * k * n * p.bBits / 8;
  f.l1 = sets * (m * p.aBits + n * p.bBits) * kL1 / 8 + biasL1Bytes(t.n, p) +
         mxL1Bytes(m, n, k, p);
  f.bt = p.biasBits ? biasBTBytes(t.n, p) : 0;
  return f;
}

bool ascube::model::fitsMatmulTiling(const MatmulProblem &p,
                                     const MatmulCapacities &cap,
                                     const MatmulTiling &t) {
  return inMmadRange(t) && matmulFootprint(p, t).fits(cap);
}

std::optional<MatmulTiling>
ascube::model::chooseMatmulTiling(const MatmulProblem &p,
                                  const MatmulCapacities &cap) {
  if (p.m < 1 || p.n < 1 || p.k < 1)
    return std::nullopt;
  MatmulAlignment al = MatmulAlignment::of(p);
  auto roundUp = MatmulProblem::roundUp;
  int64_t maxM = roundUp(p.m, al.m), maxN = roundUp(p.n, al.n),
          maxK = roundUp(p.k, al.k);
  // Mmad's m, n, k are 12-bit fields (§13.1): at most 4095, so a tile
  // stays below 4096.
  using limits::kMmadDimMax;
  maxM = std::min<int64_t>(maxM, kMmadDimMax / al.m * al.m);
  maxN = std::min<int64_t>(maxN, kMmadDimMax / al.n * al.n);
  maxK = std::min<int64_t>(maxK, kMmadDimMax / al.k * al.k);
  std::optional<MatmulTiling> best;
  std::tuple<int64_t, int64_t, int64_t, int64_t, int64_t> bestKey;
  for (int64_t m = al.m; m <= maxM; m += al.m) {
    // The buffers hold whole fractals of m and n (mb, nb; = m, n but for
    // an mUnit or nUnit).
    int64_t mb = roundUp(m, al.mPad);
    for (int64_t n = al.n; n <= maxN; n += al.n) {
      int64_t nb = roundUp(n, al.nPad);
      if (mb * nb * p.cBits / 8 > cap.l0c ||
          (p.biasBits && biasBTBytes(n, p) > cap.bt))
        break;
      // The largest k chunk that fits twice in L0A, L0B and L1 (beside
      // the bias's staging).
      int64_t l1 = cap.l1 - biasL1Bytes(n, p) - (p.mx ? 1024 : 0);
      if (l1 <= 0)
        break;
      int64_t kFit = cap.l0a * 8 / 2 / (mb * p.aBits);
      kFit = std::min(kFit, cap.l0b * 8 / 2 / (nb * p.bBits));
      // Two chunks of k x (m x aBits + n x bBits) bits, and with MX one
      // chunk's scales, k / 32 x (m + n) bytes (m, n whole 16s here).
      kFit = std::min(
          kFit,
          p.mx ? l1 * 256 / (64 * (mb * p.aBits + nb * p.bBits) + 8 * (mb + nb))
               : l1 * 8 / 2 / (mb * p.aBits + nb * p.bBits));
      // The largest multiple of al.k whose buffers (k to whole kPad) fit,
      // at most maxK.
      int64_t k = std::min(maxK, kFit / al.kPad * al.kPad / al.k * al.k);
      if (k < al.k)
        continue;
      MatmulTiling t{m, n, k};
      // Least traffic, then the fewest tails (M, N or K not a whole number
      // of tiles: each tail is another shape of every instruction of a
      // tile, one more function for the CPU model to compile), the
      // largest k, the largest tile, n >= m.
      int64_t tails =
          int64_t(p.m % m != 0) + int64_t(p.n % n != 0) + int64_t(p.k % k != 0);
      auto key =
          std::make_tuple(-t.gmToL1Bytes(p), -tails, k, m * n, int64_t(n >= m));
      if (!best || key > bestKey) {
        best = t;
        bestKey = key;
      }
    }
  }
  return best;
}

std::vector<ascube::model::MatmulTiling>
ascube::model::matmulCandidates(const MatmulProblem &p,
                                const MatmulCapacities &cap, int64_t blocks) {
  std::vector<MatmulTiling> out;
  std::optional<MatmulTiling> rule = chooseMatmulTiling(p, cap);
  if (!rule)
    return out;
  out.push_back(*rule);
  auto add = [&](const MatmulTiling &t) {
    for (const MatmulTiling &o : out)
      if (o.m == t.m && o.n == t.n && o.k == t.k && o.l1K() == t.l1K() &&
          o.splitK == t.splitK)
        return;
    out.push_back(t);
  };
  MatmulAlignment al = MatmulAlignment::of(p);
  auto roundUp = MatmulProblem::roundUp;
  using limits::kMmadDimMax;
  int64_t maxM = std::min(roundUp(p.m, al.m), kMmadDimMax / al.m * al.m),
          maxN = std::min(roundUp(p.n, al.n), kMmadDimMax / al.n * al.n),
          maxK = std::min(roundUp(p.k, al.k), kMmadDimMax / al.k * al.k);
  // The sizes of one dimension: the alignment times powers of two from 64
  // (smaller tiles only multiply the instructions where the dimension has
  // 64 or more), and the whole dimension.
  auto sizes = [](int64_t align, int64_t max) {
    std::vector<int64_t> v;
    for (int64_t s = align; s < max; s *= 2)
      if (s >= std::min<int64_t>(64, max))
        v.push_back(s);
    v.push_back(max);
    return v;
  };
  bool deepL1 = !p.transA && p.transB && !p.mx && p.mUnit == 1 &&
                p.nUnit == 1 && p.kUnit == 1;
  for (int64_t m : sizes(al.m, maxM))
    for (int64_t n : sizes(al.n, maxN)) {
      int64_t k = maxK;
      while (k >= al.k && !fitsMatmulTiling(p, cap, MatmulTiling{m, n, k}))
        k -= al.k;
      if (k < al.k)
        continue;
      add(MatmulTiling{m, n, k});
      if (!deepL1)
        continue;
      for (int64_t steps : {2, 4}) {
        MatmulTiling t{m, n, k, k * steps};
        if (t.kL1 <= maxK && fitsMatmulTiling(p, cap, t))
          add(t);
      }
    }
  // Split-K where the output tiles leave blocks idle: every count of parts
  // of whole L1 chunks the blocks hold. (A 32-bit
  // C: f32, or i32, which the mapping refuses, tile_c16.)
  if (blocks < 2 || p.cBits != 32 || p.mx)
    return out;
  std::vector<MatmulTiling> unsplit = out;
  for (const MatmulTiling &t : unsplit) {
    int64_t tiles = t.tilesM(p) * t.tilesN(p);
    for (int64_t s = 2; s <= blocks / tiles; ++s) {
      // The parts S makes (whole L1 chunks each), which is a count of its
      // own that comes out whole.
      MatmulTiling split = t;
      split.splitK = s;
      split.splitK = split.parts(p);
      if (split.splitK >= 2 && fitsSplitKReduction(p, cap, split))
        add(split);
    }
  }
  return out;
}
