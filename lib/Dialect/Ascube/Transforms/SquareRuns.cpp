//===- SquareRuns.cpp - Runs of fractal squares for a tile ---------------===//
//
// The runs of LoadData 2D / LoadDataWithTranspose squares that move a whole
// tile when the derived form cannot (cube-reference §6, §7): read off the two
// layouts element by element, checked by movesWholeTile.
//
//===----------------------------------------------------------------------===//

#include "Movers.h"
#include "ascube/Model/FieldLimits.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::movers;
using target::Level;

std::optional<SmallVector<SquareRun>>
ascube::movers::squareRuns(MemRefType st, MemRefType dt, bool transposed,
                           bool withTranspose, bool fractalTranspose, bool gaps,
                           Location loc) {
  auto quiet = [&] { return emitError(loc); };
  ScopedDiagnosticHandler h(st.getContext(),
                            [](Diagnostic &) { return success(); });
  FailureOr<layout::FractalLayout> sl = getFractalLayout(st, quiet);
  FailureOr<layout::FractalLayout> dl = getFractalLayout(dt, quiet);
  if (failed(sl) || failed(dl) || sl->shape().size() != 2 ||
      dl->shape().size() != 2 || sl->numElements() > kMaxTileElements ||
      dl->numElements() > kMaxTileElements)
    return std::nullopt;
  unsigned bits = sl->elementBits();
  int64_t f = 4096 / bits;
  int64_t n = withTranspose ? fractalsPerSquare(bits) : 1;
  if (sl->numElements() % (f * n) != 0 || (fractalTranspose && bits != 16))
    return std::nullopt;
  bool moves = withTranspose || fractalTranspose;
  auto place = [&](int64_t e) {
    return moves ? transposeElement(bits, e) : TransposeTarget{0, e, 0, e};
  };
  SmallVector<SmallVector<int64_t>> dstOf; // per square; empty = padding
  SmallVector<FractalSquare> squares;
  for (int64_t q = 0; q < sl->numElements() / (f * n); ++q) {
    SmallVector<int64_t> d(n, -1);
    for (int64_t e = 0; e < f * n; ++e) {
      TransposeTarget t = place(e);
      auto idx = sl->logicalIndex((q * n + t.srcFractal) * f + t.srcInside);
      if (!idx)
        continue;
      if (transposed)
        std::swap((*idx)[0], (*idx)[1]);
      if ((*idx)[0] >= dl->shape()[0] || (*idx)[1] >= dl->shape()[1])
        return std::nullopt;
      int64_t off = dl->offset(*idx);
      if (off % f != t.dstInside ||
          (d[t.dstFractal] != -1 && d[t.dstFractal] != off / f))
        return std::nullopt;
      d[t.dstFractal] = off / f;
    }
    bool none = llvm::all_of(d, [](int64_t v) { return v == -1; });
    if (!none && llvm::is_contained(d, -1))
      return std::nullopt;
    if (none) {
      dstOf.push_back({});
      continue;
    }
    dstOf.push_back(d);
    FractalSquare sq;
    for (int64_t j = 0; j < n; ++j)
      sq.src.push_back(q * n + j);
    sq.dst.assign(d.begin(), d.end());
    squares.push_back(sq);
  }
  // `moves`: the instruction transposes every square; `transposed`: the
  // tile's logical transposition, the one reading the runs must realise.
  if (!movesWholeTile(st, dt, squares, bits, moves, /*view=*/transposed))
    return std::nullopt;
  // Runs: a square joins the run when its fractals sit where the run's
  // dstGap and dstFracGap put them.
  SmallVector<SquareRun> runs;
  auto fits = [&](const SquareRun &r, ArrayRef<int64_t> d) {
    int64_t first = r.dstFractal + r.repeatTimes * (r.dstGap + 1);
    for (int64_t j = 0; j < n; ++j)
      if (d[j] != first + j * (r.dstFracGap + 1))
        return false;
    return true;
  };
  for (int64_t q = 0; q < int64_t(dstOf.size()); ++q) {
    ArrayRef<int64_t> d = dstOf[q];
    if (d.empty())
      continue;
    if (!runs.empty()) {
      SquareRun &r = runs.back();
      bool adjacent = r.startIndex + r.repeatTimes == q;
      if (adjacent && r.repeatTimes == 1 && d[0] > r.dstFractal &&
          (gaps || d[0] == r.dstFractal + 1)) {
        SquareRun trial = r;
        trial.dstGap = d[0] - r.dstFractal - 1;
        if (fits(trial, d)) {
          r = trial;
          ++r.repeatTimes;
          continue;
        }
      } else if (adjacent && r.repeatTimes < model::limits::kU8Max &&
                 fits(r, d)) {
        ++r.repeatTimes;
        continue;
      }
    }
    SquareRun r;
    r.startIndex = q;
    r.repeatTimes = 1;
    r.dstFractal = d[0];
    r.dstFracGap = n > 1 ? d[1] - d[0] - 1 : 0;
    if (r.dstFracGap < 0)
      return std::nullopt;
    for (int64_t j = 0; j < n; ++j)
      if (d[j] != d[0] + j * (r.dstFracGap + 1))
        return std::nullopt;
    runs.push_back(r);
  }
  return runs;
}
