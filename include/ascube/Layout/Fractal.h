//===- Fractal.h - Fractal (block) layout index math ------------*- C++ -*-===//
//
// The index map of every ascube data layout, with no MLIR IR dependency, so
// the dialect, the verifiers, the lowering, the tools and the unit tests all
// share one definition (cube-reference §2, §3).
//
// Vocabulary. A fractal is a fixed-size block of a matrix: 16 rows x C0
// columns with C0 = 32 B / element size, i.e. always 512 B (b32 16x8, b16
// 16x16, b8 16x32, b4 16x64); L0C results use 16x16 elements whatever their
// type. In a format name the capital letter gives the order *between*
// fractals and the small letter the order *inside* one: Z/z = row-major,
// N/n = column-major. A fractal whose inside order is z is 16 x C0 (its
// contiguous runs are rows of C0 elements); one whose inside order is n is
// C0 x 16 (contiguous runs are columns of C0 elements).
//
// Units. Shapes, indices and offsets are in elements (4-bit elements count
// one each; sizeInBytes() packs two per byte, see Numerics/Packing.h).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LAYOUT_FRACTAL_H
#define ASCUBE_LAYOUT_FRACTAL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ascube::layout {

/// The data formats of cube-reference §2 and the auxiliary formats of §3.
enum class Format : uint8_t {
  ND, ///< row-major (…, rows, cols), no padding
  DN, ///< column-major: the transpose storage of ND
  Nz, ///< column blocks outer, row-major 16 x C0 fractals (L1, L0C, 950 L0A)
  Zz, ///< row blocks outer, row-major 16 x C0 fractals (L0A on A2/A3)
  Zn, ///< row blocks outer, column-major C0 x 16 fractals (L0B)
  Nn, ///< column blocks outer, column-major C0 x 16 fractals
  NC1HWC0,     ///< 5-D conv feature map [N, C1, H, W, C0], row-major
  ScaleA,      ///< MX scaleA: Zz with 16 x 2 fractals of e8m0 (§3.1)
  ScaleB,      ///< MX scaleB: Nn with 2 x 16 fractals of e8m0 (§3.1)
  SparseIndex, ///< 4:2 index: Zn with 8 x 16 fractals of packed bytes (§3.2)
};

/// All formats, in declaration order.
llvm::ArrayRef<Format> allFormats();
/// Canonical spelling ("Nz", "NC1HWC0", "ScaleA", ...).
llvm::StringRef stringifyFormat(Format format);
/// Parses a canonical spelling or one of the field's aliases: "zN" (= Nz)
/// and "nZ" (= Zn). Returns std::nullopt for an unknown name.
std::optional<Format> symbolizeFormat(llvm::StringRef name);
/// Comma-separated list of the canonical names, for diagnostics.
std::string knownFormatNames();

/// True for the two-level formats (everything but ND, DN and NC1HWC0).
bool isFractalFormat(Format format);
/// True when fractals follow each other column-major (capital N).
bool isColumnMajorBetween(Format format);
/// True when a fractal is stored column-major inside (small n).
bool isColumnMajorInside(Format format);

/// A fractal's extent in logical rows x columns of the matrix it tiles.
struct FractalShape {
  int64_t rows = 0;
  int64_t cols = 0;
  bool operator==(const FractalShape &o) const {
    return rows == o.rows && cols == o.cols;
  }
  bool operator!=(const FractalShape &o) const { return !(*this == o); }
  int64_t elements() const { return rows * cols; }
};

/// The fractal a fractal format uses by default for `elementBits`-bit
/// elements (§2): z-inside 16 x C0, n-inside C0 x 16 with C0 = 256 /
/// elementBits; 16 x 16 in L0C (`inL0C`) whatever the type; ScaleA 16 x 2,
/// ScaleB 2 x 16, SparseIndex 8 x 16 (§3). Only meaningful for fractal
/// formats and element widths 4, 8, 16, 32.
FractalShape defaultFractal(Format format, unsigned elementBits, bool inL0C);

/// C0 = 32 B / element size, in elements (b32 8, b16 16, b8 32, b4 64).
int64_t c0ForBits(unsigned elementBits);

/// Plain integer arithmetic for the index templates of ascube::layout
/// (matrixOffset, Model/Im2col.h); the CPU lowering instantiates the same
/// templates with arithmetic that emits MLIR index ops, so the verifiers,
/// the tools and the generated code share one definition.
struct IntMath {
  int64_t c(int64_t v) const { return v; }
  int64_t add(int64_t x, int64_t y) const { return x + y; }
  int64_t sub(int64_t x, int64_t y) const { return x - y; }
  int64_t mul(int64_t x, int64_t y) const { return x * y; }
  int64_t div(int64_t x, int64_t y) const { return x / y; }
  int64_t rem(int64_t x, int64_t y) const { return x % y; }
};

/// Physical element offset of logical element (r, c) of one 2-D matrix
/// stored in `format` with `fractal` and padded extents `paddedRows` x
/// `paddedCols` (whole fractals; the row pitch for ND, column pitch for
/// DN). `r` and `c` are non-negative and within the padded extents. For
/// the fractal formats: fractal (r / h, c / w) is number `(c/w) * (R/h) +
/// r/h` (capital N) or `(r/h) * (C/w) + c/w` (capital Z); inside it the
/// element is at `(c%w) * h + r%h` (small n) or `(r%h) * w + c%w` (small
/// z). Math is IntMath or any type with the same members.
template <typename Math, typename V>
V matrixOffset(Math &m, Format format, FractalShape fractal, int64_t paddedRows,
               int64_t paddedCols, V r, V c) {
  if (format == Format::ND)
    return m.add(m.mul(r, paddedCols), c);
  if (format == Format::DN)
    return m.add(m.mul(c, paddedRows), r);
  int64_t h = fractal.rows, w = fractal.cols;
  V r1 = m.div(r, h), r0 = m.rem(r, h), c1 = m.div(c, w), c0 = m.rem(c, w);
  V frac = isColumnMajorBetween(format) ? m.add(m.mul(c1, paddedRows / h), r1)
                                        : m.add(m.mul(r1, paddedCols / w), c1);
  V inside = isColumnMajorInside(format) ? m.add(m.mul(c0, h), r0)
                                         : m.add(m.mul(r0, w), c0);
  return m.add(m.mul(frac, h * w), inside);
}

/// What an IR layout attribute says, before it meets a buffer's shape and
/// element type.
struct LayoutSpec {
  Format format = Format::ND;
  /// Explicit fractal shape; derived from the element type when absent.
  std::optional<FractalShape> fractal;
  /// Explicit leading dimension, in elements, as in BLAS's `lda`: the
  /// allocated extent of the dimension that varies fastest *between*
  /// fractals — columns for Z (and the row pitch of ND), rows for N (and the
  /// column pitch of DN). Must cover the padded logical extent and be a
  /// whole number of fractals. Derived (the padded extent) when absent.
  std::optional<int64_t> ld;
};

/// Checks what can be checked without a shape or an element type: explicit
/// fractal and ld values, and that they are allowed for the format.
llvm::Error verifySpec(const LayoutSpec &spec);
/// Checks the rank (and static extents) a format needs for `shape`.
llvm::Error verifyRank(Format format, llvm::ArrayRef<int64_t> shape);

/// A layout resolved for one buffer: format, fractal, logical shape,
/// element width. All index math of ascube goes through this class.
class FractalLayout {
public:
  /// Resolves `spec` for a buffer of logical `shape` (static, in elements)
  /// and `elementBits`-bit elements, placed in L0C when `inL0C`. Errors
  /// (each one line): a rank the format cannot have, non-static or negative
  /// extents, a fractal that is not positive or not whole bytes, an element
  /// width the format does not take, an ld that is too small or not whole
  /// fractals, a last NC1HWC0 extent other than C0, sizes overflowing 2^62.
  static llvm::Expected<FractalLayout> get(const LayoutSpec &spec,
                                           llvm::ArrayRef<int64_t> shape,
                                           unsigned elementBits, bool inL0C);

  Format format() const { return format_; }
  /// The resolved fractal (for ND/DN/NC1HWC0: 1 x 1).
  FractalShape fractal() const { return fractal_; }
  unsigned elementBits() const { return bits_; }
  llvm::ArrayRef<int64_t> shape() const { return shape_; }
  /// The logical shape with the two matrix dims padded to whole fractals
  /// and the ld applied: the extents of the allocated storage.
  llvm::ArrayRef<int64_t> paddedShape() const { return padded_; }
  /// Physical elements, padding included (= product of paddedShape()).
  int64_t numElements() const { return numElements_; }
  /// Physical bytes: numElements() * elementBits / 8, rounded up.
  int64_t sizeInBytes() const;
  /// Number of logical (non-padding) elements.
  int64_t numLogicalElements() const;

  /// Physical element offset of a logical index (rank = shape().size(),
  /// each component within shape()). Padding positions have no index.
  int64_t offset(llvm::ArrayRef<int64_t> index) const;
  /// The logical index stored at a physical element offset in
  /// [0, numElements()), or std::nullopt for a padding position.
  std::optional<llvm::SmallVector<int64_t, 4>> logicalIndex(int64_t off) const;

private:
  Format format_ = Format::ND;
  FractalShape fractal_{1, 1};
  unsigned bits_ = 0;
  llvm::SmallVector<int64_t, 4> shape_;
  llvm::SmallVector<int64_t, 4> padded_;
  int64_t numElements_ = 0;
};

} // namespace ascube::layout

#endif // ASCUBE_LAYOUT_FRACTAL_H
