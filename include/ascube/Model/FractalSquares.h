//===- FractalSquares.h - What the LoadData 2D family moves -----*- C++ -*-===//
//
// The fractal-square model of the L1 -> L0 movers of whole 512 B fractals
// (cube-reference §6-§8): the parameters as they execute and the squares
// each instruction moves — n source fractals forming a square, the n
// destination fractals it becomes, and inside a transposed square where
// each element goes. No MLIR IR: the verifiers check the squares against
// the buffers' layouts, the CPU lowering moves them, ascube-select-movers
// builds runs of them, and unittests/ModelTest.cpp checks them against
// hand-worked placements.
//
// Units: fractals (512 B) from the instruction's base addresses; elements
// inside a fractal.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_MODEL_FRACTALSQUARES_H
#define ASCUBE_MODEL_FRACTALSQUARES_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace ascube::model {

/// LoadData2DParams (§6), as they execute: dstGap is 0 on 950 and addrMode
/// 0 off GM -> L1, where the hardware ignores them.
struct Load2DParams {
  int64_t startIndex = 0, repeatTimes = 0, srcStride = 0, sid = 0, dstGap = 0,
          addrMode = 0;
  bool ifTranspose = false;

  /// Equal parameters execute alike.
  bool operator==(const Load2DParams &o) const {
    return startIndex == o.startIndex && repeatTimes == o.repeatTimes &&
           srcStride == o.srcStride && sid == o.sid && dstGap == o.dstGap &&
           addrMode == o.addrMode && ifTranspose == o.ifTranspose;
  }
};

/// LoadData2dTransposeParams V1 or V2 (§7) plus the square geometry.
struct Load2DTransposeParams {
  int64_t startIndex = 0, repeatTimes = 0, srcStride = 0, dstGap = 0,
          dstFracGap = 0, srcFracGap = 0, addrMode = 0;
  /// The 950 form: startIndex/srcStride in fractals, srcFracGap applies.
  bool v2 = false;
  /// Fractals per square (b4 4, b8 2, b16 1, b32 2).
  int64_t fractalsPerSquare = 1;
};

/// LoadData2DParamsV2 (§8).
struct Load2DV2Params {
  int64_t mStartPosition = 0, kStartPosition = 0, mStep = 0, kStep = 0,
          srcStride = 0, dstStride = 0, sid = 0;
  bool ifTranspose = false;
};

/// One unit an L1 -> L0 fractal mover moves: n source fractals forming a
/// square (one fractal when nothing is transposed) and the n destination
/// fractals it becomes, in fractals from the instruction's base addresses.
/// Inside a transposed square elements move as model::transposeElement
/// says (§7); otherwise a fractal is copied as is.
struct FractalSquare {
  llvm::SmallVector<int64_t, 4> src, dst;

  bool operator==(const FractalSquare &o) const {
    return src == o.src && dst == o.dst;
  }
};
/// The fractals a LoadData 2D moves (§6): fractal startIndex +- i*srcStride
/// to destination fractal i*(dstGap+1), one-fractal squares (16 x 16
/// transposed with ifTranspose).
llvm::SmallVector<FractalSquare> getLoad2DSquares(const Load2DParams &p);
/// The squares of a LoadData 2D-v2 (§8).
llvm::SmallVector<FractalSquare> getLoad2DV2Squares(const Load2DV2Params &p,
                                                    unsigned bits);
/// 512 B fractals in one LoadDataWithTranspose square (§7): b4 4, b8 2,
/// b16 1, b32 2.
int64_t fractalsPerSquare(unsigned bits);
/// The squares of a LoadDataWithTranspose (§7): square i is fractals
/// (startIndex +- i*srcStride)*n + j (V1) or startIndex +- i*srcStride +
/// j*(srcFracGap+1) (V2), j < n, written to fractals i*(dstGap+1) +
/// j*(dstFracGap+1).
llvm::SmallVector<FractalSquare>
getLoad2DTransposeSquares(const Load2DTransposeParams &p);

/// Where LoadDataWithTranspose moves element `e` (in [0, n * F)) of the
/// source square of a repeat: the source fractal and the offset inside it,
/// the destination fractal j of the repeat and the offset inside it
/// (cube-reference §7). `bits` is the element width, F = 4096 / bits.
struct TransposeTarget {
  int64_t srcFractal, srcInside, dstFractal, dstInside;
};
TransposeTarget transposeElement(unsigned bits, int64_t e);

} // namespace ascube::model

#endif // ASCUBE_MODEL_FRACTALSQUARES_H
