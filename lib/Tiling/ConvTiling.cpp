//===- ConvTiling.cpp - Tile sizes of a 2-D convolution on one Cube -------===//
//
// See ConvTiling.h.
//
//===----------------------------------------------------------------------===//

#include "ascube/Tiling/ConvTiling.h"
#include "ascube/Model/FieldLimits.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
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
  // The map pixels an M tile of r output rows and c columns reads for
  // one block: the whole window, or each chunk the rows of its kernel
  // rows (groups of rowsPerChunk, the last of the rest) — and, parts of a
  // row with partColumns, the columns of its points (each row in parts of
  // `taps`, the last of the rest).
  auto blockPixels = [&](int64_t r, int64_t c) {
    if (!taps)
      return mul(p.inRows(r), p.inCols(c));
    int64_t group = rowsPerChunk(p), rest = p.kh % group;
    int64_t rowsRead = add(mul(p.kh / group, p.inRows(r, group)),
                           rest ? p.inRows(r, rest) : 0);
    if (!partColumns(p))
      return mul(mul(rowsRead, chunksPerRow(p)), p.inCols(c));
    int64_t tail = p.kw % taps;
    return mul(rowsRead, add(mul(p.kw / taps, p.inCols(c, taps)),
                             tail ? p.inCols(c, tail) : 0));
  };
  int64_t mapPixels = 0;
  if (piece) {
    int64_t full = p.ow / piece, tail = p.ow % piece;
    mapPixels = mul(p.oh, add(mul(full, blockPixels(1, piece)),
                              tail ? blockPixels(1, tail) : 0));
  } else {
    int64_t full = p.oh / rows, tail = p.oh % rows;
    mapPixels = add(mul(full, blockPixels(rows, p.ow)),
                    tail ? blockPixels(tail, p.ow) : 0);
  }
  int64_t mapBytes = mul(mapPixels, mul(p.c1(), 32));
  int64_t weightBits = mul(mul(p.kh * p.kw, mul(p.c, p.f)), p.bits);
  int64_t weightBytes = weightBits == INT64_MAX ? weightBits : weightBits / 8;
  return add(mul(tilesN(p), mapBytes), mul(tilesM(p), weightBytes));
}

MatmulFootprint ascube::model::convFootprint(const ConvProblem &p,
                                             const ConvTiling &t) {
  // The buffer sets (three 512 B aligned regions each) and the bias staged
  // at the top.
  MatmulFootprint f;
  f.l0c = roundUp(t.pixels(p), 16) * t.n * p.cBits / 8;
  f.l0a = t.sets * t.l0aSetBytes(p);
  f.l0b = t.sets * t.l0bSetBytes(p);
  f.l1 = t.sets * t.l1SetBytes(p) +
         (p.biasBits ? 16 * t.n * p.biasBits / 8 + 512 : 0);
  f.bt = p.biasBits ? (t.n * p.biasBits / 8 + 63) / 64 * 64 : 0;
  return f;
}

bool ascube::model::fitsConvTiling(const ConvProblem &p,
                                   const MatmulCapacities &cap,
                                   const ConvTiling &t) {
  return inConvRange(p, t) && convFootprint(p, t).fits(cap);
}

namespace {
/// Whether `t` is within the instruction ranges (inConvRange); where not,
/// and `why` is given, names the first field past its range, its value
/// and its limit.
bool checkConvRange(const ConvProblem &p, const ConvTiling &t,
                    std::string *why) {
  auto miss = [&](auto &&describe) {
    if (why) {
      llvm::raw_string_ostream os(*why);
      describe(os);
    }
    return false;
  };
  if (t.rows < 1 || t.n < 1 || t.groups < 1 || t.taps < 0 || t.sets < 1 ||
      t.sets > 2)
    return miss([&](llvm::raw_ostream &os) {
      os << "a tiling of " << t.rows << " rows, " << t.n << " channels, "
         << t.groups << " C0 blocks, " << t.taps << " kernel points and "
         << t.sets << " buffer sets is not one";
    });
  // The bounded fields first (Mmad m, n at most 4095, at most 16384 map
  // columns), so that nothing below overflows.
  int64_t cols = t.piece ? t.piece : p.ow;
  using namespace limits;
  if (cols > kNd2nzRowsMax || t.windowCols(p) > kNd2nzRowsMax)
    return miss([&](llvm::raw_ostream &os) {
      os << "the map window's "
         << (cols > kNd2nzRowsMax ? cols : t.windowCols(p))
         << " columns are past DataCopy's nValue " << kNd2nzRowsMax;
    });
  if (t.rows > kMmadWholeRowsMax || t.pixels(p) > kMmadWholeRowsMax)
    return miss([&](llvm::raw_ostream &os) {
      os << "Mmad's m = "
         << (t.rows > kMmadWholeRowsMax ? MatmulTiling::satMul(t.rows, cols)
                                        : t.pixels(p))
         << " output pixels is past " << kMmadWholeRowsMax << " ("
         << kMmadDimMax << " in whole fractal rows)";
    });
  if (t.n > kMmadDimMax)
    return miss([&](llvm::raw_ostream &os) {
      os << "Mmad's n = " << t.n << " output channels is past " << kMmadDimMax;
    });
  // Taps split a single block's kernel window, into at least two chunks:
  // parts of a kernel row or whole rows.
  if (t.taps && (t.groups != 1 || t.taps >= p.kh * p.kw))
    return miss([&](llvm::raw_ostream &os) {
      os << t.taps << " kernel points of " << t.groups
         << " C0 blocks split no single block's " << p.kh * p.kw
         << "-point window";
    });
  if (t.taps > p.kw && t.taps % p.kw != 0)
    return miss([&](llvm::raw_ostream &os) {
      os << t.taps << " kernel points a chunk are neither part of a kernel "
         << "row nor whole rows (KW = " << p.kw << ")";
    });
  int64_t k =
      MatmulTiling::satMul(MatmulTiling::satMul(t.groups, t.points(p)), p.c0());
  if (k > kMmadDimMax)
    return miss([&](llvm::raw_ostream &os) {
      os << "Mmad's k = " << k << " im2col columns is past " << kMmadDimMax;
    });
  if (t.mapPixels(p) > kNd2nzRowsMax)
    return miss([&](llvm::raw_ostream &os) {
      os << "the map window's " << t.mapPixels(p)
         << " pixels are past DataCopy's nValue " << kNd2nzRowsMax;
    });
  return true;
}
} // namespace

bool ascube::model::inConvRange(const ConvProblem &p, const ConvTiling &t) {
  return checkConvRange(p, t, nullptr);
}

std::string ascube::model::describeConvRangeMiss(const ConvProblem &p,
                                                 const ConvTiling &t) {
  std::string why;
  checkConvRange(p, t, &why);
  return why;
}

int64_t ConvTiling::l1SetBytes(const ConvProblem &p) const {
  int64_t groupRows = points(p) * p.c0();
  // The last chunk's own region (sized as a full chunk's): F-major
  // weights' partial last block (the last chunk's, of C1 % groups blocks)
  // or a shorter chunk of a block's points (a row's last part, the last
  // group of rows); a K x N Nz's shorter chunk (laid out otherwise than a
  // full chunk); LoadData 3D's partial block.
  bool shortTaps = this->shortTaps(p);
  int64_t lastGroups = p.weightsTransposed
                           ? (taps ? int64_t(shortTaps) : p.c1() % groups)
                       : p.weightsKxNNz ? int64_t(shortTaps)
                                        : int64_t(p.c % p.c0() != 0);
  return roundUp(mapPixels(p) * groups * 32, 512) +
         roundUp(groups * groupRows * n * p.bits / 8, 512) +
         roundUp(lastGroups * groupRows * n * p.bits / 8, 512);
}

int64_t ConvTiling::l0aSetBytes(const ConvProblem &p) const {
  return roundUp(
      roundUp(pixels(p), 16) * groups * points(p) * p.c0() * p.bits / 8, 512);
}

int64_t ConvTiling::l0bSetBytes(const ConvProblem &p) const {
  return roundUp(groups * points(p) * p.c0() * n * p.bits / 8, 512);
}

namespace {
/// The best aligned tiling with `sets` buffer sets: of whole C0 blocks'
/// kernel windows, or (`byTaps`) of a block's kernel points, parts of a
/// row reading their own columns with `ownColumns`. `anyFits`: whether
/// some tiling of the kind fits, aligned or not.
std::optional<ConvTiling> search(const ConvProblem &p,
                                 const MatmulCapacities &cap, int64_t sets,
                                 bool byTaps, bool ownColumns, bool &anyFits) {
  std::optional<ConvTiling> best;
  std::tuple<int64_t, int64_t, int64_t, int64_t> bestKey;
  // Whether t fits; it is taken only when also aligned.
  auto consider = [&](ConvTiling t) {
    t.sets = sets;
    t.ownColumns = ownColumns;
    if (!fitsConvTiling(p, cap, t))
      return false;
    anyFits = true;
    if (!t.aligned(p))
      return true;
    auto key = std::make_tuple(-t.gmToL1Bytes(p), t.groups, t.points(p),
                               t.pixels(p) * t.n);
    if (!best || key > bestKey) {
      best = t;
      bestKey = key;
    }
    return true;
  };
  int64_t maxN =
      std::min<int64_t>(roundUp(p.f, p.nAlign()), limits::kMmadDimMax);
  // Output tiles of n channels and chunks of g blocks (or `taps` kernel
  // points of one): bands of whole rows; pieces of one row only when a
  // single row does not fit.
  auto tiles = [&](int64_t n, int64_t g, int64_t taps) {
    bool anyBand = false;
    for (int64_t r = 1; r <= p.oh; ++r) {
      if (!consider(ConvTiling{r, 0, n, g, taps}))
        break;
      anyBand |= ConvTiling{r, 0, n, g, taps}.aligned(p);
    }
    if (anyBand)
      return;
    for (int64_t piece = 16; piece < p.ow; piece += 16)
      if (!consider(ConvTiling{1, piece, n, g, taps}))
        break;
  };
  if (!byTaps) {
    for (int64_t n = p.nAlign(); n <= maxN; n += p.nAlign())
      for (int64_t g = 1; g <= p.c1(); ++g)
        tiles(n, g, 0);
    return best;
  }
  // Each block in chunks of `taps` points, fewer than KH x KW: parts of a
  // kernel row (taps < KW) or whole rows; k = taps x C0 stays within
  // Mmad's 4095.
  int64_t most = std::min(p.kh * p.kw - 1, limits::kMmadDimMax / p.c0());
  for (int64_t taps = 1; taps <= most; taps += taps < p.kw ? 1 : p.kw)
    for (int64_t n = p.nAlign(); n <= maxN; n += p.nAlign())
      tiles(n, 1, taps);
  return best;
}
} // namespace

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
  // Chunks of a block's kernel points only where no block's whole window
  // fits at all (aligned or not, with one set); parts of a row reading
  // their own columns only where no chunks reading whole rows do — or
  // where those that fit (with one set) are none of them aligned: the own
  // columns of a part may fit where its row's do not, in an aligned tile.
  for (auto [byTaps, ownColumns] :
       {std::pair(false, false), std::pair(true, false)}) {
    bool anyFits = false;
    if (std::optional<ConvTiling> t =
            search(p, cap, sets, byTaps, ownColumns, anyFits))
      return t;
    // (With one set: whether any fits, and the best aligned one.)
    bool ownIfUnaligned = byTaps && p.outAlign > 1;
    std::optional<ConvTiling> oneSet;
    if (sets == 2 && (!anyFits || ownIfUnaligned))
      oneSet = search(p, cap, 1, byTaps, ownColumns, anyFits);
    if (anyFits && (!ownIfUnaligned || oneSet))
      return std::nullopt;
  }
  bool anyFits = false;
  return search(p, cap, sets, true, true, anyFits);
}

WindowEdge ConvMap::rowEdge(int64_t oh0, int64_t n) const {
  int64_t first = oh0 * p.sh - padTop;
  return {std::max<int64_t>(0, -first),
          std::max<int64_t>(0, first + p.inRows(n) - mapH)};
}

WindowEdge ConvMap::colEdge(int64_t ow0, int64_t n) const {
  int64_t first = ow0 * p.sw - padLeft;
  return {std::max<int64_t>(0, -first),
          std::max<int64_t>(0, first + p.inCols(n) - mapW)};
}

namespace {
/// The edge of a part of a window along one axis: the whole window of
/// `whole` map lines reaches `e` beyond a map of `size` lines; the part
/// starts `offset` lines into it and spans `part` lines. (A window inside
/// the map has every part inside.)
WindowEdge partEdge(WindowEdge e, int64_t whole, int64_t size, int64_t offset,
                    int64_t part) {
  if (!e.lo && !e.hi)
    return {};
  // The whole window's first line (from the map's first), found from the
  // edge it reaches.
  int64_t first = (e.lo ? -e.lo : size + e.hi - whole) + offset;
  return {std::max<int64_t>(0, -first),
          std::max<int64_t>(0, first + part - size)};
}
} // namespace

WindowEdge ConvMap::chunkRowEdge(WindowEdge er, int64_t rows, int64_t r0,
                                 int64_t kr) const {
  return partEdge(er, p.inRows(rows), mapH, r0 * p.dh, p.inRows(rows, kr));
}

WindowEdge ConvMap::chunkColEdge(WindowEdge ec, int64_t cols, int64_t c0,
                                 int64_t kc) const {
  return partEdge(ec, p.inCols(cols), mapW, c0 * p.dw, p.inCols(cols, kc));
}

bool ConvMap::tilesReadTheMap(const ConvTiling &t) const {
  // Only tiles reaching into the padding can miss the map: those at
  // either end (windows move monotonically), so the scan stops at the
  // first tile inside from each end — a bounded walk however many tiles.
  auto ok = [](int64_t total, int64_t size, auto edge, auto extent) {
    int64_t count = MatmulTiling::ceilDiv(total, size);
    auto reads = [&](int64_t j, bool &inside) {
      int64_t n = std::min(size, total - j * size);
      WindowEdge e = edge(j * size, n);
      inside = e.lo == 0 && e.hi == 0;
      return extent(n) - e.lo - e.hi >= 1;
    };
    bool inside = false;
    for (int64_t j = 0; j < count && !inside; ++j)
      if (!reads(j, inside))
        return false;
    inside = false;
    for (int64_t j = count - 1; j >= 0 && !inside; --j)
      if (!reads(j, inside))
        return false;
    return true;
  };
  auto rows = [&](int64_t o, int64_t n) { return rowEdge(o, n); };
  auto cols = [&](int64_t o, int64_t n) { return colEdge(o, n); };
  auto inRows = [&](int64_t n) { return p.inRows(n); };
  auto inCols = [&](int64_t n) { return p.inCols(n); };
  return ok(p.oh, t.piece ? 1 : t.rows, rows, inRows) &&
         ok(p.ow, t.piece ? t.piece : p.ow, cols, inCols);
}

std::vector<ascube::model::ConvTiling>
ascube::model::convCandidates(const ConvProblem &p, const MatmulCapacities &cap,
                              const ConvTiling &rule) {
  std::vector<ConvTiling> out{rule};
  auto same = [](const ConvTiling &a, const ConvTiling &b) {
    return a.rows == b.rows && a.piece == b.piece && a.n == b.n &&
           a.groups == b.groups && a.taps == b.taps && a.sets == b.sets &&
           a.ownColumns == b.ownColumns;
  };
  auto add = [&](ConvTiling t) {
    // Double-buffered where two sets fit.
    for (int64_t sets : {2, 1}) {
      t.sets = sets;
      if (!fitsConvTiling(p, cap, t) || !t.aligned(p))
        continue;
      for (const ConvTiling &o : out)
        if (same(o, t))
          return;
      out.push_back(t);
      return;
    }
  };
  // M tiles: whole rows 1, 2, 4, ... (at most OH), pieces of a row of
  // 16, 32, ... pixels below OW.
  std::vector<std::pair<int64_t, int64_t>> ms; // rows, piece
  for (int64_t r = 1; r < p.oh; r *= 2)
    ms.push_back({r, 0});
  ms.push_back({p.oh, 0});
  for (int64_t piece = 16; piece < p.ow; piece *= 2)
    ms.push_back({1, piece});
  std::vector<int64_t> ns;
  int64_t fAligned = MatmulProblem::roundUp(p.f, p.nAlign());
  for (int64_t n = p.nAlign(); n < fAligned; n *= 2)
    ns.push_back(n);
  ns.push_back(fAligned);
  std::vector<int64_t> groups{rule.groups};
  if (!rule.taps) {
    for (int64_t g = 1; g < p.c1(); g *= 2)
      groups.push_back(g);
    groups.push_back(p.c1());
  }
  // Chunks of 1, 2, 4, ... whole kernel rows of one C0 block where the
  // rule takes whole windows: smaller chunks leave L0A room for more
  // pixels (few channels, a large kernel: a network's stem).
  std::vector<int64_t> taps{rule.taps};
  if (!rule.taps)
    for (int64_t r = 1; r < p.kh; r *= 2)
      taps.push_back(r * p.kw);
  for (auto [rows, piece] : ms)
    for (int64_t n : ns) {
      for (int64_t g : groups) {
        ConvTiling t = rule;
        t.rows = rows;
        t.piece = piece;
        t.n = n;
        t.groups = g;
        add(t);
      }
      for (int64_t tp : taps) {
        if (!tp)
          continue;
        ConvTiling t = rule;
        t.rows = rows;
        t.piece = piece;
        t.n = n;
        t.groups = 1;
        t.taps = tp;
        add(t);
      }
    }
  return out;
}
