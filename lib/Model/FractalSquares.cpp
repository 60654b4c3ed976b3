//===- FractalSquares.cpp - What the LoadData 2D family moves -------------===//
//
// cube-reference §6 (LoadData 2D), §7 (LoadDataWithTranspose), §8 (LoadData
// 2D-v2). FractalSquares.h.
//
//===----------------------------------------------------------------------===//

#include "ascube/Model/FractalSquares.h"

using namespace ascube;
using namespace ascube::model;

TransposeTarget model::transposeElement(unsigned bits, int64_t e) {
  if (bits == 32) {
    // Two 16x8 fractals side by side: square S[r][c], c < 8 from fractal 0.
    int64_t r = e / 16, c = e % 16;
    // T[c][r] = S[r][c]; destination fractal j holds T's columns 8j..8j+7.
    return {c / 8, r * 8 + c % 8, r / 8, c * 8 + r % 8};
  }
  // b4/b8/b16: n fractals of 16 x C0 stacked vertically, a C0 x C0 square.
  int64_t c0 = 256 / bits;
  int64_t r = e / c0, c = e % c0;
  // T[c][r] = S[r][c]; destination fractal j holds T's rows 16j..16j+15.
  return {r / 16, (r % 16) * c0 + c, c / 16, (c % 16) * c0 + r};
}

int64_t model::fractalsPerSquare(unsigned bits) {
  return bits == 4 ? 4 : bits == 8 ? 2 : bits == 16 ? 1 : 2;
}

llvm::SmallVector<FractalSquare>
model::getLoad2DTransposeSquares(const Load2DTransposeParams &p) {
  llvm::SmallVector<FractalSquare> out;
  int64_t n = p.fractalsPerSquare, sign = p.addrMode == 1 ? -1 : 1;
  for (int64_t i = 0; i < p.repeatTimes; ++i) {
    FractalSquare sq;
    int64_t square = p.startIndex + sign * i * p.srcStride;
    for (int64_t j = 0; j < n; ++j) {
      sq.src.push_back(p.v2 ? square + j * (p.srcFracGap + 1) : square * n + j);
      sq.dst.push_back(i * (p.dstGap + 1) + j * (p.dstFracGap + 1));
    }
    out.push_back(sq);
  }
  return out;
}

llvm::SmallVector<FractalSquare>
model::getLoad2DV2Squares(const Load2DV2Params &p, unsigned bits) {
  llvm::SmallVector<FractalSquare> out;
  int64_t start = p.kStartPosition * p.srcStride + p.mStartPosition;
  auto src = [&](int64_t kc, int64_t mr) {
    return start + kc * p.srcStride + mr;
  };
  if (!p.ifTranspose) {
    for (int64_t kc = 0; kc < p.kStep; ++kc)
      for (int64_t mr = 0; mr < p.mStep; ++mr)
        out.push_back({{src(kc, mr)}, {kc * p.dstStride + mr}});
    return out;
  }
  int64_t n = fractalsPerSquare(bits);
  if (bits == 32) {
    // Squares of two fractals side by side along K; fractal j of the
    // transposed square is the destination's K block 2a + j.
    for (int64_t b = 0; b < p.kStep / 2; ++b)
      for (int64_t a = 0; a < p.mStep; ++a)
        out.push_back(
            {{src(2 * b, a), src(2 * b + 1, a)},
             {(2 * a) * p.dstStride + b, (2 * a + 1) * p.dstStride + b}});
    return out;
  }
  // b4/b8/b16: squares of n fractals down M; the transposed square is the
  // destination's K block a, fractals b*n .. b*n + n-1 along it.
  for (int64_t b = 0; b < p.kStep; ++b)
    for (int64_t a = 0; a < p.mStep / n; ++a) {
      FractalSquare sq;
      for (int64_t f = 0; f < n; ++f) {
        sq.src.push_back(src(b, a * n + f));
        sq.dst.push_back(a * p.dstStride + b * n + f);
      }
      out.push_back(sq);
    }
  return out;
}

llvm::SmallVector<FractalSquare>
model::getLoad2DSquares(const Load2DParams &p) {
  llvm::SmallVector<FractalSquare> out;
  int64_t sign = p.addrMode == 1 ? -1 : 1;
  for (int64_t i = 0; i < p.repeatTimes; ++i)
    out.push_back(
        {{p.startIndex + sign * i * p.srcStride}, {i * (p.dstGap + 1)}});
  return out;
}
