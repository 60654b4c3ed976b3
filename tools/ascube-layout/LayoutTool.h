//===- LayoutTool.h - ascube-layout's work, as a library -------*- C++ -*-===//
//
// What ascube-layout does for one set of options, with no process state:
// the tool's main parses its command line into LayoutToolOptions, and the
// fuzzer (fuzz/) feeds it arbitrary ones. Errors are one line, returned.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TOOLS_ASCUBE_LAYOUT_LAYOUTTOOL_H
#define ASCUBE_TOOLS_ASCUBE_LAYOUT_LAYOUTTOOL_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace ascube {

/// ascube-layout's options, as written on its command line.
struct LayoutToolOptions {
  std::string format, type, shape, fractal, level = "L1";
  std::optional<int64_t> ld;
  bool order = false, grid = false;
  std::string query; ///< "R,C" when --query is given
  std::string svg;   ///< the file of --svg
};

/// Output limits: --order and --grid print at most kMaxPrinted cells
/// (elements, and a grid's header and rule cells), an SVG draws at most
/// kMaxSvgCells (about 250 B a cell: a 4 MB picture a browser opens).
constexpr int64_t kMaxPrinted = int64_t(1) << 20;
constexpr int64_t kMaxSvgCells = int64_t(1) << 14;

/// Resolves the layout the options describe and prints what they ask for
/// to `out` (--order, --query, --grid), or writes the SVG picture to
/// `svgOut` when --svg is given. Refuses output beyond kMaxPrinted /
/// kMaxSvgCells (docs: README, ascube-layout --help). Returns a one-line
/// error.
llvm::Error runLayoutTool(const LayoutToolOptions &o, llvm::raw_ostream &out,
                          llvm::raw_ostream &svgOut);

} // namespace ascube

#endif // ASCUBE_TOOLS_ASCUBE_LAYOUT_LAYOUTTOOL_H
