//===- Im2col.h - The im2col model of LoadData 3D ---------------*- C++ -*-===//
//
// What one LoadData 3D instruction reads and writes (cube-reference §10.3),
// with no MLIR IR dependency. The functions are templates over an
// arithmetic (layout::IntMath for plain integers); the verifiers and the
// unit tests use layout::IntMath, the CPU lowering instantiates the same code
// with arithmetic that emits MLIR index ops. This file is the one place the
// im2col order, the padding rule and the element-level [U] choices of §10.3
// live (the repeat walks are Load3DParams::windowStart and
// Load3DV1Params::fractalStart).
//
// Units: elements of the feature map / destination, never bytes.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_MODEL_IM2COL_H
#define ASCUBE_MODEL_IM2COL_H

#include "ascube/Layout/Fractal.h"

namespace ascube::model {
using layout::Format;
using layout::FractalShape;
using layout::matrixOffset;

/// The FMatrix (l1H, l1W, padList) and the kernel of a LoadData 3D
/// (cube-reference §10.1, §10.3). The feature map is C1 x l1H x l1W x C0
/// elements from the instruction's source address (NC1HWC0 of one batch,
/// or an Nz matrix read with l1H = 1, §10.4).
struct Im2colGeometry {
  int64_t l1H = 0, l1W = 0;
  /// C1 = ceil(channelSize / C0) and C0 = 32 B / element size.
  int64_t c1 = 0, c0 = 0;
  /// Kernel extents: filterH + 256 * filterSizeH (likewise W).
  int64_t kernelH = 1, kernelW = 1;
  int64_t strideH = 1, strideW = 1, dilationH = 1, dilationW = 1;
  int64_t padLeft = 0, padRight = 0, padTop = 0, padBottom = 0;

  bool operator==(const Im2colGeometry &o) const {
    return l1H == o.l1H && l1W == o.l1W && c1 == o.c1 && c0 == o.c0 &&
           kernelH == o.kernelH && kernelW == o.kernelW &&
           strideH == o.strideH && strideW == o.strideW &&
           dilationH == o.dilationH && dilationW == o.dilationW &&
           padLeft == o.padLeft && padRight == o.padRight &&
           padTop == o.padTop && padBottom == o.padBottom;
  }

  /// Output rows: (l1H + top + bottom - ((kernelH - 1) * dilationH + 1)) /
  /// strideH + 1, or 0 when the dilated kernel exceeds the padded map.
  int64_t hout() const {
    return outExtent(l1H + padTop + padBottom, kernelH, dilationH, strideH);
  }
  int64_t wout() const {
    return outExtent(l1W + padLeft + padRight, kernelW, dilationW, strideW);
  }
  /// Rows of the virtual im2col matrix X: Hout * Wout (the M axis).
  int64_t rows() const { return hout() * wout(); }
  /// Columns of X: C1 * kernelH * kernelW * C0 (the K axis).
  int64_t cols() const { return c1 * kernelH * kernelW * c0; }

private:
  static int64_t outExtent(int64_t padded, int64_t kernel, int64_t dilation,
                           int64_t stride) {
    int64_t span = (kernel - 1) * dilation + 1;
    if (stride <= 0 || padded < span)
      return 0;
    return (padded - span) / stride + 1;
  }
};

/// Where an element of X is read.
template <typename V> struct Im2colSource {
  /// The feature map row and column; outside [0, l1H) x [0, l1W) the
  /// element is the padding value instead.
  V ih, iw;
  /// Element offset ((c1 * l1H + ih) * l1W + iw) * C0 + c0 from the
  /// source address (meaningful only inside the map).
  V offset;
};

/// Element X[m][k] of the virtual im2col matrix (cube-reference §10.3):
/// m = oh * Wout + ow (W fastest), k = ((c1 * Hk + kh) * Wk + kw) * C0 + c0
/// (C0 innermost, then kernel W, kernel H, C1); it is the map element
/// F[c1][ih][iw][c0] with ih = oh * strideH + kh * dilationH - padTop and
/// iw = ow * strideW + kw * dilationW - padLeft. Rows m >= Hout * Wout
/// (inside the last 16-row fractal of a window) continue the same formula
/// ([U] §10.3, docs/Rationale.md). Needs wout() >= 1; m, k >= 0.
template <typename Math, typename V>
Im2colSource<V> im2colSource(Math &mt, const Im2colGeometry &g, V m, V k) {
  int64_t perKh = g.kernelW * g.c0, perC1 = g.kernelH * perKh;
  V c1 = mt.div(k, perC1);
  V kh = mt.div(mt.rem(k, perC1), perKh);
  V kw = mt.div(mt.rem(k, perKh), g.c0);
  V c0 = mt.rem(k, g.c0);
  int64_t wout = g.wout();
  V oh = mt.div(m, wout), ow = mt.rem(m, wout);
  V ih = mt.sub(mt.add(mt.mul(oh, g.strideH), mt.mul(kh, g.dilationH)),
                mt.c(g.padTop));
  V iw = mt.sub(mt.add(mt.mul(ow, g.strideW), mt.mul(kw, g.dilationW)),
                mt.c(g.padLeft));
  V row = mt.add(mt.mul(mt.add(mt.mul(c1, g.l1H), ih), g.l1W), iw);
  return {ih, iw, mt.add(mt.mul(row, g.c0), c0)};
}

/// How a LoadData 3D lays its window W (mExtension x kExtension elements of
/// X) into the destination: as the matrix D = W, or D = W^T with
/// enTranspose into L0A, stored in `format` with `fractal` over D padded to
/// whole fractals (cube-reference §10.3):
/// - L0A: Zz with 16 x C0 fractals on A2/A3 (Nz on 950); with enTranspose
///   D = W^T in the same format (b32: 16 x 8 fractals of W^T).
/// - L0B: Zn with C0 x 16 fractals of D = W: the im2col M axis becomes the
///   GEMM K axis (the "auto-transposed" placement; b32 pairs 8 x 16).
/// Only the elements of the window are written: the rest of the last
/// fractals keep their contents ([U] §10.3; load3d.py writes the b32
/// placements so).
struct Load3DPlacement {
  Format format = Format::Zz;
  FractalShape fractal{16, 16};
  bool transposed = false;
  /// D's extents padded to whole fractals.
  int64_t paddedRows = 0, paddedCols = 0;

  /// The placement of an mExtension x kExtension window.
  static Load3DPlacement get(Format format, FractalShape fractal,
                             bool transposed, int64_t mExtension,
                             int64_t kExtension) {
    int64_t r = transposed ? kExtension : mExtension;
    int64_t c = transposed ? mExtension : kExtension;
    auto up = [](int64_t x, int64_t a) { return (x + a - 1) / a * a; };
    return {format, fractal, transposed, up(r, fractal.rows),
            up(c, fractal.cols)};
  }
  /// 512 B fractals the window occupies.
  int64_t fractals() const {
    return paddedRows / fractal.rows * (paddedCols / fractal.cols);
  }
  /// Destination element offset of window element (i, j) = X[mStart + i]
  /// [kStart + j], from the instruction's destination address.
  template <typename Math, typename V> V offset(Math &mt, V i, V j) const {
    return transposed
               ? matrixOffset(mt, format, fractal, paddedRows, paddedCols, j, i)
               : matrixOffset(mt, format, fractal, paddedRows, paddedCols, i,
                              j);
  }
};

} // namespace ascube::model

#endif // ASCUBE_MODEL_IM2COL_H
