//===- ascube-layout.cpp - Explore fractal layouts ------------------------===//
//
// An explorer for people learning the Cube's fractal formats
// (cube-reference §2-§3). It uses the same index math as the dialect
// (ascube/Layout/Fractal.h); the work is LayoutTool.h's.
//
//   ascube-layout --format F --type T --shape RxC [--fractal HxW] [--ld N]
//                 [--level L] (--order | --query R,C | --grid | --svg FILE)
//
//  --order   one line: for each physical position, the row-major logical
//            index stored there, '-' for padding (the documents' 排列顺序)
//  --query   the physical element offset of logical (R, C)
//  --grid    a text picture of the padded matrix: fractal boundaries, each
//            cell the physical offset of that logical position, padding
//            marked with '*'
//  --svg     the same picture as an SVG file
//
// Bad flags or shapes print one line on stderr and exit with status 1.
//
//===----------------------------------------------------------------------===//

#include "LayoutTool.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory category("ascube-layout options");
static cl::opt<std::string>
    formatOpt("format",
              cl::desc("Layout format: ND, DN, Nz (zN), Zz, Zn (nZ), "
                       "Nn, NC1HWC0, ScaleA, ScaleB, SparseIndex"),
              cl::value_desc("F"), cl::cat(category));
static cl::opt<std::string>
    typeOpt("type",
            cl::desc("Element type (MLIR spelling): f16, bf16, f32, "
                     "i8, ui8, i4, i32, f8E4M3FN, hif8, ..."),
            cl::value_desc("T"), cl::cat(category));
static cl::opt<std::string>
    shapeOpt("shape",
             cl::desc("Logical shape in elements, e.g. 20x28 "
                      "(NC1HWC0: NxC1xHxWxC0)"),
             cl::value_desc("RxC"), cl::cat(category));
static cl::opt<std::string>
    fractalOpt("fractal",
               cl::desc("Explicit fractal, rows x cols (default: "
                        "derived from the element type)"),
               cl::value_desc("HxW"), cl::cat(category));
static cl::opt<int64_t>
    ldOpt("ld",
          cl::desc("Leading dimension (elements), as #ascube.layout's "
                   "ld"),
          cl::init(0), cl::value_desc("N"), cl::cat(category));
static cl::opt<std::string>
    levelOpt("level", cl::desc("Memory level (L0C uses 16x16 fractals)"),
             cl::init("L1"), cl::value_desc("L"), cl::cat(category));
static cl::opt<bool> orderOpt("order",
                              cl::desc("Print the physical order of logical "
                                       "indices"),
                              cl::cat(category));
static cl::opt<std::string>
    queryOpt("query", cl::desc("Print the physical offset of a logical index"),
             cl::value_desc("R,C"), cl::cat(category));
static cl::opt<bool> gridOpt("grid", cl::desc("Print a text picture"),
                             cl::cat(category));
static cl::opt<std::string> svgOpt("svg", cl::desc("Write an SVG picture"),
                                   cl::value_desc("FILE"), cl::cat(category));

[[noreturn]] static void fail(const Twine &msg) {
  errs() << "ascube-layout: " << msg << "\n";
  // What was printed is lost with the error; a write error of stdout must
  // not turn into LLVM's fatal one at exit.
  outs().flush();
  outs().clear_error();
  exit(1);
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  std::string parseErrors;
  raw_string_ostream errStream(parseErrors);
  std::string overview =
      formatv("ascube-layout: explore the Cube's fractal data layouts\n\n"
              "Limits: --order and --grid print at most {0} cells, --svg "
              "draws at most {1} (use --query for large shapes); shapes up "
              "to 2^62 elements and bytes.\n"
              "Exit status: 0 success; 1 an error (one line on stderr).\n",
              ascube::kMaxPrinted, ascube::kMaxSvgCells)
          .str();
  if (!cl::ParseCommandLineOptions(argc, argv, overview, &errStream)) {
    StringRef first = StringRef(parseErrors).split('\n').first;
    first.consume_front("ascube-layout: ");
    // Some option errors are printed by LLVM itself (one line already).
    if (first.trim().empty())
      exit(1);
    fail(first.trim());
  }

  ascube::LayoutToolOptions o;
  o.format = formatOpt;
  o.type = typeOpt;
  o.shape = shapeOpt;
  o.fractal = fractalOpt;
  o.level = levelOpt;
  if (ldOpt.getNumOccurrences())
    o.ld = ldOpt;
  o.order = orderOpt;
  o.grid = gridOpt;
  o.query = queryOpt;
  o.svg = svgOpt;
  // The picture is drawn in memory (at most kMaxSvgCells cells, ~4 MB) and
  // written only when complete: a refused --svg leaves an existing file.
  std::string svg;
  raw_string_ostream svgOut(svg);
  if (Error e = ascube::runLayoutTool(o, outs(), svgOut))
    fail(toString(std::move(e)));
  if (!o.svg.empty()) {
    std::error_code ec;
    raw_fd_ostream file(o.svg, ec, sys::fs::OF_Text);
    if (!ec) {
      file << svg;
      file.close();
      ec = file.error();
      file.clear_error();
    }
    if (ec)
      fail(formatv("cannot write --svg file '{0}': {1}", o.svg, ec.message()));
  }
  // A full or closed stdout is one line, not LLVM's fatal stream error.
  outs().flush();
  if (std::error_code ec = outs().error()) {
    outs().clear_error();
    fail(formatv("cannot write the output: {0}", ec.message()));
  }
  return 0;
}
