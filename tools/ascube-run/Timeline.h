//===- Timeline.h - ascube-run --timeline -----------------------*- C++ -*-===//
//
// Times a kernel lowered with the pipe hooks (convert-ascube-to-loops
// sync-checks: lib/Conversion/AscubeToLoops/Instrumentation.cpp): each
// block's instructions and flag ops, as its hooks describe them, recorded
// as it runs (on whichever host thread) into the timing model of
// ascube/Timing/KernelTimer.h with the product's costs (Products.td
// CostRow, docs/Timing.md), which times them once all blocks have run.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TOOLS_ASCUBE_RUN_TIMELINE_H
#define ASCUBE_TOOLS_ASCUBE_RUN_TIMELINE_H

#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ascube::target {
struct ProductInfo;
}

namespace ascube::run::timeline {

/// The options of the timing model that Timeline.cpp declares itself
/// (--timeline-all), for ascube-run's --help.
llvm::cl::OptionCategory &optionCategory();

/// Why --timeline-only (`only`) cannot go with --compare (`compare`) or
/// --check-races (`races`): it runs no instruction's data; std::nullopt
/// when it can.
std::optional<std::string> refuseOnly(bool only, bool compare, bool races);

/// Why the kernel's product (null: none) cannot be timed, ending in its
/// label; std::nullopt when it has cost rows.
std::optional<std::string> refusal(const target::ProductInfo *product);

/// Before the run: the product (with cost rows: refusal), the blocks, the
/// site texts, where to write the trace and the SVG Gantt chart ("" none).
void configure(const target::ProductInfo &product, unsigned blocks,
               std::vector<std::string> sites, std::string tracePath,
               std::string svgPath);
bool enabled();

/// Around each block on the calling thread.
void startBlock(unsigned block);
void endBlock();

/// The hooks' events, in program order (SyncCheck.cpp forwards them).
void op(int64_t site, unsigned pipe, int64_t unitFlag);
void access(int level, int64_t lo, int64_t hi, int64_t rel, bool write);
void flag(int64_t site, int64_t kind, unsigned src, unsigned dst,
          int64_t event);
void work(int64_t kind, int64_t a, int64_t b, int64_t c, int64_t d);

/// After the run: writes the trace and the chart, and returns the summary
/// line ("timeline: ... bound: M") — with `timed` also a second line of the
/// instructions and flag ops the model timed and how long it took (for
/// --time) —, or a deadlock's message ending in its label (then `deadlock`
/// is set).
std::string finish(bool &deadlock, bool timed = false);

} // namespace ascube::run::timeline

#endif // ASCUBE_TOOLS_ASCUBE_RUN_TIMELINE_H
