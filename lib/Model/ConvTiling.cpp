//===- ConvTiling.cpp - Tile sizes of a 2-D convolution on one Cube -------===//
//
// See ConvTiling.h.
//
//===----------------------------------------------------------------------===//

#include "ascube/Model/ConvTiling.h"

#include <algorithm>
#include <tuple>

using namespace ascube::model;

namespace {
int64_t roundUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }
} // namespace

bool ConvTiling::aligned(const ConvProblem &p) const {
  int64_t a = p.outAlign;
  if (a <= 1)
    return true;
  // (In residues mod a: no product of extents can overflow.)
  int64_t image = (p.oh % a) * (p.ow % a) % a;
  if (tilesN(p) > 1 && (n % a) * image % a != 0)
    return false;
  if (!piece)
    return rows >= p.oh || (rows % a) * (p.ow % a) % a == 0;
  return (p.oh == 1 || p.ow % a == 0) && piece % a == 0;
}

int64_t ConvTiling::tilesM(const ConvProblem &p) const {
  if (piece)
    return MatmulTiling::satMul(p.oh, MatmulTiling::ceilDiv(p.ow, piece));
  return MatmulTiling::ceilDiv(p.oh, rows);
}

int64_t ConvTiling::gmToL1Bytes(const ConvProblem &p) const {
  // Map: each M tile's input pixels, all C1 blocks (32 B a pixel and
  // block), once per N tile. Weights: K x N per M tile. Saturating: a
  // shape beyond any GM still costs more than a smaller one.
  auto mul = MatmulTiling::satMul;
  auto add = MatmulTiling::satAdd;
  int64_t mapPixels = 0;
  if (piece) {
    int64_t full = p.ow / piece, tail = p.ow % piece;
    int64_t perRow = add(mul(full, p.inCols(piece)), tail ? p.inCols(tail) : 0);
    mapPixels = mul(mul(p.oh, p.inRows(1)), perRow);
  } else {
    int64_t full = p.oh / rows, tail = p.oh % rows;
    mapPixels = mul(add(mul(full, p.inRows(rows)), tail ? p.inRows(tail) : 0),
                    p.inCols(p.ow));
  }
  int64_t mapBytes = mul(mapPixels, mul(p.c1(), 32));
  int64_t weightBits = mul(mul(p.kh * p.kw, mul(p.c, p.f)), p.bits);
  int64_t weightBytes = weightBits == INT64_MAX ? weightBits : weightBits / 8;
  return add(mul(tilesN(p), mapBytes), mul(tilesM(p), weightBytes));
}

bool ascube::model::fitsConvTiling(const ConvProblem &p,
                                   const MatmulCapacities &cap,
                                   const ConvTiling &t) {
  // The bounded fields first (Mmad m, n at most 4095, at most 16384 map
  // columns), so that nothing below overflows.
  int64_t cols = t.piece ? t.piece : p.ow;
  if (t.rows < 1 || t.n < 1 || t.groups < 1 || t.rows > 4080 || cols > 16384 ||
      t.pixels(p) > 4080 || t.n > 4095 || t.groups > 4095 ||
      p.inCols(cols) > 16384)
    return false;
  int64_t m = roundUp(t.pixels(p), 16);
  int64_t k = t.groups * p.kh * p.kw * p.c0();
  int64_t groupRows = p.kh * p.kw * p.c0();
  if (t.sets < 1 || t.sets > 2 || k > 4095 || t.mapPixels(p) > 16384 ||
      t.groups * groupRows > 16384)
    return false;
  // The buffer sets (three 512 B aligned regions each) and the bias staged
  // at the top.
  int64_t l1 = t.sets * t.l1SetBytes(p) +
               (p.biasBits ? 16 * t.n * p.biasBits / 8 + 512 : 0);
  int64_t bt = (t.n * p.biasBits / 8 + 63) / 64 * 64;
  return m * t.n * p.cBits / 8 <= cap.l0c &&
         t.sets * t.l0aSetBytes(p) <= cap.l0a &&
         t.sets * t.l0bSetBytes(p) <= cap.l0b && l1 <= cap.l1 &&
         (!p.biasBits || bt <= cap.bt);
}

int64_t ConvTiling::l1SetBytes(const ConvProblem &p) const {
  int64_t groupRows = p.kh * p.kw * p.c0();
  // The partial last block's own region (held F-major: the last chunk's,
  // of C1 % groups blocks).
  int64_t lastGroups = p.weightsTransposed ? p.c1() % groups
                       : p.c % p.c0()      ? 1
                                           : 0;
  return roundUp(mapPixels(p) * groups * 32, 512) +
         roundUp(groups * groupRows * n * p.bits / 8, 512) +
         roundUp(lastGroups * groupRows * n * p.bits / 8, 512);
}

int64_t ConvTiling::l0aSetBytes(const ConvProblem &p) const {
  return roundUp(
      roundUp(pixels(p), 16) * groups * p.kh * p.kw * p.c0() * p.bits / 8, 512);
}

int64_t ConvTiling::l0bSetBytes(const ConvProblem &p) const {
  return roundUp(groups * p.kh * p.kw * p.c0() * n * p.bits / 8, 512);
}

std::optional<ConvTiling>
ascube::model::chooseConvTiling(const ConvProblem &p,
                                const MatmulCapacities &cap) {
  if (p.oh < 1 || p.ow < 1 || p.f < 1 || p.c < 1)
    return std::nullopt;
  // Double-buffered where some tiling fits twice, else single.
  for (int64_t sets : {2, 1})
    if (std::optional<ConvTiling> t = chooseConvTiling(p, cap, sets))
      return t;
  return std::nullopt;
}

std::optional<ConvTiling>
ascube::model::chooseConvTiling(const ConvProblem &p,
                                const MatmulCapacities &cap, int64_t sets) {
  std::optional<ConvTiling> best;
  std::tuple<int64_t, int64_t, int64_t> bestKey;
  // Whether t fits; it is taken only when also aligned.
  auto consider = [&](ConvTiling t) {
    t.sets = sets;
    if (!fitsConvTiling(p, cap, t))
      return false;
    if (!t.aligned(p))
      return true;
    auto key = std::make_tuple(-t.gmToL1Bytes(p), t.groups, t.pixels(p) * t.n);
    if (!best || key > bestKey) {
      best = t;
      bestKey = key;
    }
    return true;
  };
  int64_t maxN = std::min<int64_t>(roundUp(p.f, p.nAlign()), 4095);
  for (int64_t n = p.nAlign(); n <= maxN; n += p.nAlign()) {
    for (int64_t g = 1; g <= p.c1(); ++g) {
      // Bands of whole rows; pieces of one row only when a single row
      // does not fit.
      bool anyBand = false;
      for (int64_t r = 1; r <= p.oh; ++r) {
        if (!consider(ConvTiling{r, 0, n, g}))
          break;
        anyBand |= ConvTiling{r, 0, n, g}.aligned(p);
      }
      if (anyBand)
        continue;
      for (int64_t piece = 16; piece < p.ow; piece += 16)
        if (!consider(ConvTiling{1, piece, n, g}))
          break;
    }
  }
  return best;
}
