//===- LayoutTool.cpp - ascube-layout's work, as a library ----------------===//
//
// An explorer for people learning the Cube's fractal formats
// (cube-reference §2-§3), with the dialect's own index math
// (ascube/Layout/Fractal.h).
//
//===----------------------------------------------------------------------===//

#include "LayoutTool.h"

#include "ascube/Layout/Fractal.h"
#include "ascube/Numerics/ElementTypes.h"
#include "ascube/Target/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>

using namespace llvm;
using namespace ascube;
using layout::FractalLayout;

static Error err(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

/// Parses "AxBxC" (sep 'x') or "a,b" (sep ',') into non-negative integers.
static Expected<SmallVector<int64_t, 5>> parseInts(StringRef text, char sep,
                                                   StringRef what) {
  SmallVector<StringRef, 5> parts;
  text.split(parts, sep);
  SmallVector<int64_t, 5> out;
  for (StringRef p : parts) {
    int64_t v;
    if (p.trim().getAsInteger(10, v) || v < 0)
      return err(formatv("bad {0} '{1}': expected non-negative integers "
                         "separated by '{2}'",
                         what, text, sep));
    out.push_back(v);
  }
  return out;
}

namespace {
/// The 2-D picture of a layout: batches of padded rows x cols, each cell a
/// physical offset; NC1HWC0 is shown as (N*C1*H*W) x C0.
struct Picture {
  const FractalLayout &l;
  int64_t batches = 1, rows = 1, cols = 1;
  int64_t fracRows = 0, fracCols = 0; // 0 = no fractal boundaries

  explicit Picture(const FractalLayout &layout) : l(layout) {
    ArrayRef<int64_t> p = l.paddedShape();
    size_t rank = p.size();
    if (l.format() == layout::Format::NC1HWC0) {
      rows = p[0] * p[1] * p[2] * p[3];
      cols = p[4];
    } else if (rank == 1) {
      cols = p[0];
    } else {
      for (size_t i = 0; i + 2 < rank; ++i)
        batches *= p[i];
      rows = p[rank - 2];
      cols = p[rank - 1];
      if (layout::isFractalFormat(l.format())) {
        fracRows = l.fractal().rows;
        fracCols = l.fractal().cols;
      }
    }
  }

  /// The (possibly padding) logical index shown at (b, r, c).
  SmallVector<int64_t, 5> index(int64_t b, int64_t r, int64_t c) const {
    ArrayRef<int64_t> p = l.paddedShape();
    size_t rank = p.size();
    SmallVector<int64_t, 5> idx(rank, 0);
    if (l.format() == layout::Format::NC1HWC0) {
      int64_t rest = r;
      for (int i = 3; i >= 0; --i) {
        idx[i] = rest % p[i];
        rest /= p[i];
      }
      idx[4] = c;
      return idx;
    }
    if (rank == 1) {
      idx[0] = c;
      return idx;
    }
    for (size_t i = rank - 2; i-- > 0;) {
      idx[i] = b % p[i];
      b /= p[i];
    }
    idx[rank - 2] = r;
    idx[rank - 1] = c;
    return idx;
  }
  bool isPadding(ArrayRef<int64_t> idx) const {
    for (size_t i = 0; i < idx.size(); ++i)
      if (idx[i] >= l.shape()[i])
        return true;
    return false;
  }
};
} // namespace

static std::string describe(const FractalLayout &l, StringRef type) {
  std::string s;
  raw_string_ostream os(s);
  os << layout::stringifyFormat(l.format()) << " ";
  interleave(l.shape(), os, "x");
  os << " " << type;
  if (layout::isFractalFormat(l.format()))
    os << ": fractal " << l.fractal().rows << "x" << l.fractal().cols;
  os << ", padded ";
  interleave(l.paddedShape(), os, "x");
  os << ", " << l.numElements() << " elements (" << l.sizeInBytes() << " B)";
  return s;
}

static void printOrder(const FractalLayout &l, raw_ostream &os) {
  // Row-major linear index of a logical index.
  auto linear = [&](ArrayRef<int64_t> idx) {
    int64_t v = 0;
    for (size_t i = 0; i < idx.size(); ++i)
      v = v * l.shape()[i] + idx[i];
    return v;
  };
  for (int64_t off = 0; off < l.numElements(); ++off) {
    if (off)
      os << ' ';
    if (auto idx = l.logicalIndex(off))
      os << linear(*idx);
    else
      os << '-';
  }
  os << '\n';
}

static void printGrid(const FractalLayout &l, StringRef type, raw_ostream &os) {
  Picture pic(l);
  int width = std::to_string(std::max<int64_t>(l.numElements() - 1, 0)).size() +
              1; // '*' marker
  int rowLabel = std::to_string(std::max<int64_t>(pic.rows - 1, 0)).size();
  os << describe(l, type) << "\n"
     << "cell = physical element offset of the logical (row, col); * = "
        "padding (never holds data)";
  if (pic.fracRows)
    os << "; | and - = fractal boundaries";
  os << "\n";
  auto rule = [&]() {
    os << std::string(rowLabel + 1, ' ');
    for (int64_t c = 0; c < pic.cols; ++c) {
      if (pic.fracCols && c % pic.fracCols == 0)
        os << '+';
      os << std::string(width + 1, '-');
    }
    os << "+\n";
  };
  for (int64_t b = 0; b < pic.batches; ++b) {
    if (pic.batches > 1) {
      SmallVector<int64_t, 5> idx = pic.index(b, 0, 0);
      os << "\nbatch [";
      interleave(ArrayRef<int64_t>(idx).drop_back(2), os, ", ");
      os << "]:\n";
    }
    // Column header.
    os << std::string(rowLabel + 1, ' ');
    for (int64_t c = 0; c < pic.cols; ++c) {
      if (pic.fracCols && c % pic.fracCols == 0)
        os << ' ';
      os << left_justify("", 0) << format_decimal(c, width + 1);
    }
    os << "\n";
    for (int64_t r = 0; r < pic.rows; ++r) {
      if (pic.fracRows && r % pic.fracRows == 0)
        rule();
      os << format_decimal(r, rowLabel) << ' ';
      for (int64_t c = 0; c < pic.cols; ++c) {
        if (pic.fracCols && c % pic.fracCols == 0)
          os << '|';
        SmallVector<int64_t, 5> idx = pic.index(b, r, c);
        std::string cell = std::to_string(l.offset(idx));
        if (pic.isPadding(idx))
          cell += '*';
        os << ' ' << right_justify(cell, width);
      }
      if (pic.fracCols)
        os << '|';
      os << "\n";
    }
    if (pic.fracRows)
      rule();
  }
}

static void writeSvg(const FractalLayout &l, StringRef type, raw_ostream &os) {
  Picture pic(l);
  const int cell = 30, margin = 40, title = 40, gap = 20;
  int64_t matrixH = pic.rows * cell;
  int64_t w = margin + pic.cols * cell + 20;
  int64_t h = title + pic.batches * (matrixH + margin + gap);
  os << formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
                "height=\"{1}\" font-family=\"monospace\">\n",
                w, h);
  os << "<title>" << describe(l, type) << "</title>\n";
  os << formatv("<text x=\"{0}\" y=\"20\" font-size=\"13\">{1}</text>\n",
                margin, describe(l, type));
  os << formatv("<text x=\"{0}\" y=\"34\" font-size=\"10\">number = physical "
                "element offset (traversal order); grey = padding; thick = "
                "fractal</text>\n",
                margin);
  for (int64_t b = 0; b < pic.batches; ++b) {
    int64_t y0 = title + b * (matrixH + margin + gap) + margin;
    for (int64_t c = 0; c < pic.cols; ++c)
      os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"9\" "
                    "text-anchor=\"middle\" fill=\"#555\">{2}</text>\n",
                    margin + c * cell + cell / 2, y0 - 6, c);
    for (int64_t r = 0; r < pic.rows; ++r) {
      os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"9\" "
                    "text-anchor=\"end\" fill=\"#555\">{2}</text>\n",
                    margin - 4, y0 + r * cell + cell / 2 + 3, r);
      for (int64_t c = 0; c < pic.cols; ++c) {
        SmallVector<int64_t, 5> idx = pic.index(b, r, c);
        bool pad = pic.isPadding(idx);
        int64_t x = margin + c * cell, y = y0 + r * cell;
        os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                      "height=\"{2}\" fill=\"{3}\" stroke=\"#bbb\" "
                      "stroke-width=\"0.5\"/>\n",
                      x, y, cell, pad ? "#d0d0d0" : "#ffffff");
        os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"9\" "
                      "text-anchor=\"middle\" fill=\"{3}\">{2}</text>\n",
                      x + cell / 2, y + cell / 2 + 3, l.offset(idx),
                      pad ? "#777" : "#000");
      }
    }
    if (pic.fracRows)
      for (int64_t r = 0; r < pic.rows; r += pic.fracRows)
        for (int64_t c = 0; c < pic.cols; c += pic.fracCols)
          os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                        "height=\"{3}\" fill=\"none\" stroke=\"#c00\" "
                        "stroke-width=\"2\"/>\n",
                        margin + c * cell, y0 + r * cell, pic.fracCols * cell,
                        pic.fracRows * cell);
    else
      os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                    "fill=\"none\" stroke=\"#c00\" stroke-width=\"2\"/>\n",
                    margin, y0, pic.cols * cell, pic.rows * cell);
  }
  os << "</svg>\n";
}

Error ascube::runLayoutTool(const LayoutToolOptions &o, raw_ostream &out,
                            raw_ostream &svgOut) {
  if (o.format.empty() || o.type.empty() || o.shape.empty())
    return err("--format, --type and --shape are required (see --help)");
  int actions =
      int(o.order) + int(!o.query.empty()) + int(o.grid) + int(!o.svg.empty());
  if (actions != 1)
    return err("give exactly one of --order, --query R,C, --grid, --svg FILE");

  std::optional<layout::Format> format = layout::symbolizeFormat(o.format);
  if (!format)
    return err(formatv("unknown format '{0}'; known formats: {1} (aliases: "
                       "zN, nZ)",
                       o.format, layout::knownFormatNames()));
  std::optional<numerics::ElementTypeInfo> type =
      numerics::lookupElementType(o.type);
  if (!type)
    return err(formatv("unknown type '{0}'; known types: {1}", o.type,
                       numerics::knownElementTypeNames()));
  std::optional<target::Level> level = target::symbolizeLevel(o.level);
  if (!level)
    return err(formatv("unknown level '{0}'; known levels: {1}", o.level,
                       target::knownLevelNames()));

  layout::LayoutSpec spec;
  spec.format = *format;
  if (!o.fractal.empty()) {
    Expected<SmallVector<int64_t, 5>> f =
        parseInts(o.fractal, 'x', "--fractal");
    if (!f)
      return f.takeError();
    if (f->size() != 2)
      return err(formatv("bad --fractal '{0}': expected HxW", o.fractal));
    spec.fractal = layout::FractalShape{(*f)[0], (*f)[1]};
  }
  spec.ld = o.ld;
  Expected<SmallVector<int64_t, 5>> shape = parseInts(o.shape, 'x', "--shape");
  if (!shape)
    return shape.takeError();

  Expected<FractalLayout> l = FractalLayout::get(spec, *shape, type->bits,
                                                 *level == target::Level::L0C);
  if (!l)
    return l.takeError();

  // Pictures and orders are for learning: keep them to a readable size,
  // counting what is printed (a grid prints a header and rules per batch,
  // however few its elements), and an SVG to what a browser opens.
  if (o.order && l->numElements() > kMaxPrinted)
    return err(formatv("the padded layout has {0} elements; --order prints "
                       "at most {1} (use --query for large shapes)",
                       l->numElements(), kMaxPrinted));
  if (o.grid || !o.svg.empty()) {
    Picture pic(*l);
    // Cells and header/rule lines, saturating instead of overflowing.
    int64_t cells = INT64_MAX;
    if (std::optional<int64_t> perBatch =
            checkedMul<int64_t>(pic.rows + 3, pic.cols + 2))
      if (std::optional<int64_t> all =
              checkedMul<int64_t>(pic.batches, *perBatch))
        cells = *all;
    int64_t cap = o.grid ? kMaxPrinted : kMaxSvgCells;
    if (cells > cap)
      return err(formatv(
          "{0} would draw {1} batch(es) of {2} x {3} cells with their "
          "headers ({4}); it draws at most {5}{6} (use --query for large "
          "shapes)",
          o.grid ? "--grid" : "--svg", pic.batches, pic.rows, pic.cols,
          cells == INT64_MAX ? "more than 2^63" : std::to_string(cells), cap,
          o.grid ? "" : ", a picture a browser opens (about 4 MB)"));
  }
  if (o.order) {
    printOrder(*l, out);
  } else if (!o.query.empty()) {
    Expected<SmallVector<int64_t, 5>> idx = parseInts(o.query, ',', "--query");
    if (!idx)
      return idx.takeError();
    if (idx->size() != shape->size())
      return err(formatv("--query '{0}' has {1} indices; the shape has rank "
                         "{2}",
                         o.query, idx->size(), shape->size()));
    for (size_t i = 0; i < idx->size(); ++i)
      if ((*idx)[i] >= (*shape)[i])
        return err(formatv("--query index {0} = {1} is outside the shape "
                           "(extent {2})",
                           i, (*idx)[i], (*shape)[i]));
    out << l->offset(*idx) << "\n";
  } else if (o.grid) {
    printGrid(*l, type->name, out);
  } else {
    writeSvg(*l, type->name, svgOut);
  }
  return Error::success();
}
