//===- Movers.h - Mover selection, shared by the passes (internal) -*- C++
//-*-===//
//
// ascube-select-movers in parts (cube-reference §6-§11): the candidates and
// their cost model (MoverCandidates.cpp), the runs of fractal squares that
// move a tile a derived form cannot (SquareRuns.cpp), and the pass
// (SelectMovers.cpp). ascube-merge-movers asks hasLegalMover.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_TRANSFORMS_MOVERS_H
#define ASCUBE_LIB_TRANSFORMS_MOVERS_H

#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <tuple>

namespace ascube::movers {

/// One LoadDataWithTranspose of a run of consecutive source squares (in V1's
/// units: squares; 950's V2 counts fractals).
struct SquareRun {
  int64_t startIndex = 0, repeatTimes = 0, dstGap = 0, dstFracGap = 0,
          dstFractal = 0;
};

/// The runs of squares that move the whole `st` tile into `dt`: every
/// square's destination fractals are read off the two layouts element by
/// element, then consecutive squares whose destinations step evenly share
/// one instruction. `withTranspose`: LoadDataWithTranspose's squares (§7,
/// transposeElement; a square's fractals adjacent); otherwise LoadData 2D's
/// one-fractal squares, each moved as is or, with `fractalTranspose`,
/// transposed (16-bit, §6). `transposed` is the reading to realise: dst(r, c) =
/// src(c, r). Without `gaps` (a product whose LoadData 2D has no dstGap) a
/// run's squares are contiguous. std::nullopt when the layouts do not fit
/// whole squares.
std::optional<llvm::SmallVector<SquareRun>>
squareRuns(mlir::MemRefType st, mlir::MemRefType dt, bool transposed,
           bool withTranspose, bool fractalTranspose, bool gaps,
           mlir::Location loc);

/// squareRuns' answers for one pass run, keyed by the buffer types and the
/// four flags (the runs depend on nothing else): a kernel repeats the same
/// few tile moves thousands of times, and each answer reads every element.
struct SquareRunsCache {
  llvm::DenseMap<std::tuple<mlir::Type, mlir::Type, unsigned>,
                 std::optional<llvm::SmallVector<SquareRun>>>
      runs;
};

/// One priced way to do an ascube.load.
struct Candidate {
  Mover mover;
  llvm::SmallVector<mlir::Operation *> ops; // the concrete ops, constants

  int64_t instructions = 0, setup = 0, loopIterations = 0, transferCycles = 0;
  std::string rejected; // why it is illegal, empty when legal
  /// Modelled MTE1 cycles: issue, the scalar loop that feeds per-row
  /// forms, and the transfer. LoadData 3D's FMatrix/padding set-up is a
  /// scalar register write that overlaps MTE1: shown, not charged.
  int64_t cost() const {
    return 16 * instructions + 8 * loopIterations + transferCycles;
  }
  std::string describe() const {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << stringifyMover(mover) << " (cost " << cost() << ": " << instructions
       << " instruction" << (instructions == 1 ? "" : "s");
    if (setup)
      os << " + " << setup << " scalar set-up";
    if (loopIterations)
      os << ", " << loopIterations << " loop iterations";
    os << ", " << transferCycles << " transfer cycles)";
    return s;
  }
};

/// The candidate movers of `op`'s product, in §11's order of
/// recommendation, which breaks ties: LoadData 3D first (★ wherever it is
/// legal), LoadData 2D-v2 first where the product has it.
llvm::ArrayRef<Mover> moverOrder(mlir::Operation *op);

/// Builds `mover`'s concrete ops for `load` before it and prices them; a
/// rejected candidate has no ops and says why (the first verifier
/// diagnostic of its ops, or a selection rule such as load_c3).
/// `cache`, when given, keeps squareRuns' answers across calls.
Candidate buildCandidate(LoadOp load, Mover mover,
                         SquareRunsCache *cache = nullptr);

/// While alive, a diagnostic does not print the op it is about ("see
/// current operation"): printing an op of a function numbers the whole
/// function, so the verifier diagnostics of thousands of probed candidates
/// would cost time quadratic in the function's size. The setting is the
/// context's, so it is only touched when `root`, the op the pass runs on,
/// is a top-level op: then no pass of this pass manager runs beside it.
/// A pass on a nested module (which its pass manager may run in parallel
/// with its siblings) leaves the setting alone and probes more slowly.
class NoOpOnDiagnostics {
public:
  explicit NoOpOnDiagnostics(mlir::Operation *root)
      : ctx(root->getParentOp() ? nullptr : root->getContext()),
        was(ctx && ctx->shouldPrintOpOnDiagnostic()) {
    if (ctx)
      ctx->printOpOnDiagnostic(false);
  }
  ~NoOpOnDiagnostics() {
    if (ctx)
      ctx->printOpOnDiagnostic(was);
  }
  NoOpOnDiagnostics(const NoOpOnDiagnostics &) = delete;
  NoOpOnDiagnostics &operator=(const NoOpOnDiagnostics &) = delete;

private:
  mlir::MLIRContext *ctx;
  bool was;
};

} // namespace ascube::movers

namespace ascube {
/// Whether ascube-select-movers has a legal mover for `load` (on the
/// module's product); builds and erases the candidates.
bool hasLegalMover(LoadOp load);
} // namespace ascube

#endif // ASCUBE_LIB_TRANSFORMS_MOVERS_H
