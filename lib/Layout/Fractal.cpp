//===- Fractal.cpp - Fractal (block) layout index math --------------------===//
//
// cube-reference §2 (fractal formats, reshape formulas) and §3 (auxiliary
// MX-scale and sparse-index formats).
//
//===----------------------------------------------------------------------===//

#include "ascube/Layout/Fractal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace ascube::layout;
using llvm::ArrayRef;

namespace {
struct FormatName {
  Format format;
  llvm::StringRef name;
};
constexpr FormatName kFormats[] = {
    {Format::ND, "ND"},           {Format::DN, "DN"},
    {Format::Nz, "Nz"},           {Format::Zz, "Zz"},
    {Format::Zn, "Zn"},           {Format::Nn, "Nn"},
    {Format::NC1HWC0, "NC1HWC0"}, {Format::ScaleA, "ScaleA"},
    {Format::ScaleB, "ScaleB"},   {Format::SparseIndex, "SparseIndex"},
};

/// Largest element count we accept; keeps every offset and byte size well
/// inside int64_t.
constexpr int64_t kMaxElements = int64_t(1) << 62;

llvm::Error err(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// Rounds `v` up to a multiple of `m` (m > 0), or nullopt on overflow.
std::optional<int64_t> roundUp(int64_t v, int64_t m) {
  int64_t q = llvm::divideCeil(v, m);
  int64_t r;
  if (llvm::MulOverflow(q, m, r))
    return std::nullopt;
  return r;
}
} // namespace

ArrayRef<Format> ascube::layout::allFormats() {
  static const Format all[] = {
      Format::ND,     Format::DN,         Format::Nz,      Format::Zz,
      Format::Zn,     Format::Nn,         Format::NC1HWC0, Format::ScaleA,
      Format::ScaleB, Format::SparseIndex};
  return all;
}

llvm::StringRef ascube::layout::stringifyFormat(Format format) {
  for (const FormatName &f : kFormats)
    if (f.format == format)
      return f.name;
  return "<invalid>";
}

std::optional<Format> ascube::layout::symbolizeFormat(llvm::StringRef name) {
  for (const FormatName &f : kFormats)
    if (f.name == name)
      return f.format;
  // The field's aliases (cube-reference §18: AscendNPU-IR spells zN / nZ).
  if (name == "zN")
    return Format::Nz;
  if (name == "nZ")
    return Format::Zn;
  return std::nullopt;
}

std::string ascube::layout::knownFormatNames() {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      kFormats, os, [&](const FormatName &f) { os << f.name; }, ", ");
  return s;
}

bool ascube::layout::isFractalFormat(Format f) {
  return f != Format::ND && f != Format::DN && f != Format::NC1HWC0;
}

bool ascube::layout::isColumnMajorBetween(Format f) {
  return f == Format::Nz || f == Format::Nn || f == Format::ScaleB;
}

bool ascube::layout::isColumnMajorInside(Format f) {
  return f == Format::Zn || f == Format::Nn || f == Format::ScaleB ||
         f == Format::SparseIndex;
}

int64_t ascube::layout::c0ForBits(unsigned bits) {
  return bits == 0 ? 0 : 256 / bits;
}

FractalShape ascube::layout::defaultFractal(Format f, unsigned bits,
                                            bool inL0C) {
  switch (f) {
  case Format::ScaleA:
    return {16, 2};
  case Format::ScaleB:
    return {2, 16};
  case Format::SparseIndex:
    return {8, 16};
  default:
    break;
  }
  if (inL0C)
    return {16, 16};
  int64_t c0 = c0ForBits(bits);
  return isColumnMajorInside(f) ? FractalShape{c0, 16} : FractalShape{16, c0};
}

llvm::Error ascube::layout::verifySpec(const LayoutSpec &spec) {
  llvm::StringRef name = stringifyFormat(spec.format);
  if (spec.fractal) {
    if (!isFractalFormat(spec.format))
      return err(llvm::formatv("{0} has no fractal; remove 'fractal' "
                               "[layout_c2]",
                               name));
    if (spec.fractal->rows <= 0 || spec.fractal->cols <= 0)
      return err(llvm::formatv("fractal {0}x{1} must have positive extents "
                               "[layout_c2]",
                               spec.fractal->rows, spec.fractal->cols));
    if (spec.fractal->rows > 4096 || spec.fractal->cols > 4096)
      return err(llvm::formatv("fractal {0}x{1} exceeds 4096 in a dimension "
                               "[layout_c2]",
                               spec.fractal->rows, spec.fractal->cols));
  }
  if (spec.ld) {
    if (spec.format == Format::NC1HWC0)
      return err("NC1HWC0 has no leading dimension; remove 'ld' [layout_c5]");
    if (*spec.ld <= 0)
      return err(
          llvm::formatv("ld = {0} must be positive [layout_c5]", *spec.ld));
  }
  return llvm::Error::success();
}

llvm::Error ascube::layout::verifyRank(Format f, ArrayRef<int64_t> shape) {
  size_t rank = shape.size();
  if (f == Format::NC1HWC0) {
    if (rank != 5)
      return err(llvm::formatv("NC1HWC0 needs a 5-D shape [N, C1, H, W, C0], "
                               "got rank {0} [layout_c1]",
                               rank));
  } else if (f == Format::ND) {
    if (rank < 1)
      return err("ND needs rank >= 1, got rank 0 [layout_c1]");
  } else if (rank < 2) {
    return err(llvm::formatv("{0} needs rank >= 2 (…, rows, cols), got rank "
                             "{1} [layout_c1]",
                             stringifyFormat(f), rank));
  }
  return llvm::Error::success();
}

llvm::Expected<FractalLayout> FractalLayout::get(const LayoutSpec &spec,
                                                 ArrayRef<int64_t> shape,
                                                 unsigned bits, bool inL0C) {
  if (llvm::Error e = verifySpec(spec))
    return std::move(e);
  if (llvm::Error e = verifyRank(spec.format, shape))
    return std::move(e);
  for (int64_t d : shape)
    if (d < 0)
      return err("layout needs a static, non-negative shape [layout_c1]");
  Format f = spec.format;
  // Fractal data is 4, 8, 16 or 32 bits; plain ND/DN buffers also hold
  // 64-bit words (Fixpipe's QUANT_PRE vectors, §16).
  bool plain = f == Format::ND || f == Format::DN;
  if (bits != 4 && bits != 8 && bits != 16 && bits != 32 &&
      !(plain && bits == 64))
    return err(llvm::formatv("{0}-bit elements are not a cube data width "
                             "(4, 8, 16, 32; 64 in ND/DN) [layout_c3]",
                             bits));
  if ((f == Format::ScaleA || f == Format::ScaleB ||
       f == Format::SparseIndex) &&
      bits != 8)
    return err(llvm::formatv("{0} holds 8-bit elements (e8m0 scales or "
                             "packed index bytes), got {1}-bit [layout_c3]",
                             stringifyFormat(f), bits));

  FractalLayout l;
  l.format_ = f;
  l.bits_ = bits;
  l.shape_.assign(shape.begin(), shape.end());
  l.padded_ = l.shape_;
  size_t rank = shape.size();

  if (f == Format::NC1HWC0) {
    int64_t c0 = c0ForBits(bits);
    if (shape[4] != c0)
      return err(llvm::formatv("NC1HWC0 last extent must be C0 = {0} for "
                               "{1}-bit elements, got {2} [layout_c4]",
                               c0, bits, shape[4]));
  } else if (isFractalFormat(f)) {
    l.fractal_ = spec.fractal ? *spec.fractal : defaultFractal(f, bits, inL0C);
    if ((l.fractal_.elements() * bits) % 8 != 0)
      return err(llvm::formatv("fractal {0}x{1} of {2}-bit elements is not a "
                               "whole number of bytes [layout_c2]",
                               l.fractal_.rows, l.fractal_.cols, bits));
    auto rows = roundUp(shape[rank - 2], l.fractal_.rows);
    auto cols = roundUp(shape[rank - 1], l.fractal_.cols);
    if (!rows || !cols)
      return err("layout size overflows [layout_c1]");
    l.padded_[rank - 2] = *rows;
    l.padded_[rank - 1] = *cols;
  }

  if (spec.ld) {
    // The dimension whose extent the leading dimension sets.
    bool colsInner =
        (f == Format::ND) || (isFractalFormat(f) && !isColumnMajorBetween(f));
    if (f == Format::ND && rank < 2)
      return err("ld needs a 2-D (…, rows, cols) ND shape [layout_c5]");
    size_t dim = colsInner ? rank - 1 : rank - 2;
    int64_t unit = isFractalFormat(f)
                       ? (colsInner ? l.fractal_.cols : l.fractal_.rows)
                       : 1;
    if (*spec.ld < l.padded_[dim])
      return err(llvm::formatv("ld = {0} is smaller than the padded {1} "
                               "extent {2} [layout_c5]",
                               *spec.ld, colsInner ? "column" : "row",
                               l.padded_[dim]));
    if (*spec.ld % unit != 0)
      return err(llvm::formatv("ld = {0} is not a whole number of {1}-element "
                               "fractals [layout_c5]",
                               *spec.ld, unit));
    l.padded_[dim] = *spec.ld;
  }

  int64_t n = 1;
  for (int64_t d : l.padded_)
    if (llvm::MulOverflow(n, d, n) || n > kMaxElements)
      return err("layout size overflows 2^62 elements [layout_c1]");
  // Bytes too stay below 2^62, so sizes plus offsets never overflow.
  if (n / 8 > kMaxElements / int64_t(bits))
    return err(llvm::formatv("layout size overflows 2^62 bytes ({0} "
                             "elements of {1} bits) [layout_c1]",
                             n, bits));
  l.numElements_ = n;
  return l;
}

int64_t FractalLayout::sizeInBytes() const {
  // numElements_ * bits_ / 8 without the product overflowing.
  return (numElements_ / 8) * bits_ +
         llvm::divideCeil((numElements_ % 8) * bits_, 8);
}

int64_t FractalLayout::numLogicalElements() const {
  int64_t n = 1;
  for (int64_t d : shape_)
    n *= d;
  return n;
}

int64_t FractalLayout::offset(ArrayRef<int64_t> idx) const {
  size_t rank = shape_.size();
  if (format_ == Format::NC1HWC0 || rank == 1) {
    int64_t off = 0;
    for (size_t i = 0; i < rank; ++i)
      off = off * padded_[i] + idx[i];
    return off;
  }
  int64_t R = padded_[rank - 2], C = padded_[rank - 1];
  int64_t batch = 0;
  for (size_t i = 0; i + 2 < rank; ++i)
    batch = batch * padded_[i] + idx[i];
  IntMath m;
  return batch * R * C +
         matrixOffset(m, format_, fractal_, R, C, idx[rank - 2], idx[rank - 1]);
}

std::optional<llvm::SmallVector<int64_t, 4>>
FractalLayout::logicalIndex(int64_t off) const {
  if (off < 0 || off >= numElements_)
    return std::nullopt;
  size_t rank = shape_.size();
  llvm::SmallVector<int64_t, 4> idx(rank, 0);
  if (format_ == Format::NC1HWC0 || rank == 1) {
    for (size_t i = rank; i-- > 0;) {
      idx[i] = off % padded_[i];
      off /= padded_[i];
    }
  } else {
    int64_t R = padded_[rank - 2], C = padded_[rank - 1];
    int64_t batch = off / (R * C), rem = off % (R * C);
    for (size_t i = rank - 2; i-- > 0;) {
      idx[i] = batch % padded_[i];
      batch /= padded_[i];
    }
    int64_t r, c;
    if (format_ == Format::ND) {
      r = rem / C;
      c = rem % C;
    } else if (format_ == Format::DN) {
      c = rem / R;
      r = rem % R;
    } else {
      int64_t h = fractal_.rows, w = fractal_.cols;
      int64_t frac = rem / (h * w), inside = rem % (h * w);
      int64_t r1, c1, r0, c0;
      if (isColumnMajorBetween(format_)) {
        c1 = frac / (R / h);
        r1 = frac % (R / h);
      } else {
        r1 = frac / (C / w);
        c1 = frac % (C / w);
      }
      if (isColumnMajorInside(format_)) {
        c0 = inside / h;
        r0 = inside % h;
      } else {
        r0 = inside / w;
        c0 = inside % w;
      }
      r = r1 * h + r0;
      c = c1 * w + c0;
    }
    idx[rank - 2] = r;
    idx[rank - 1] = c;
  }
  for (size_t i = 0; i < rank; ++i)
    if (idx[i] >= shape_[i])
      return std::nullopt;
  return idx;
}
