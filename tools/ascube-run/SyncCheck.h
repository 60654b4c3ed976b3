//===- SyncCheck.h - ascube-run --check-sync ---------------------*- C++
//-*-===//
//
// Runs a kernel lowered with sync checks (convert-ascube-to-loops
// sync-checks: the hooks of lib/Conversion/AscubeToLoops/Instrumentation.cpp)
// against the flag model of ascube/Model/FlagModel.h, one model per host
// thread, reset for every block (each AI core has its own pipes and flags),
// and names the first broken rule (sync_c3-sync_c8). The hooks also feed
// the timing model (Timeline.h) when ascube-run --timeline asks for it; the
// flag model runs only once configure() has been called.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TOOLS_ASCUBE_RUN_SYNCCHECK_H
#define ASCUBE_TOOLS_ASCUBE_RUN_SYNCCHECK_H

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <optional>
#include <string>
#include <vector>

namespace ascube::run::sync {

/// A GM argument's or global's host bytes and its name for the messages
/// ("argument C", "global @__ascube_split_k").
struct GMBuffer {
  const char *begin;
  int64_t size;
  std::string name;
};

/// Before the run: the event IDs per pipe pair (the product's), the site
/// texts (the module's `ascube.sync_sites`) and the GM arguments.
void configure(int64_t eventIds, std::vector<std::string> sites,
               std::vector<GMBuffer> gm);

/// The hooks, for the JIT's symbol map.
void addSymbols(llvm::orc::SymbolMap &map,
                llvm::orc::MangleAndInterner &interner);

/// Around each block on the calling thread: a fresh model, then the end of
/// the kernel (flags left set).
void startBlock(unsigned block);
void endBlock();

/// The first broken rule of the run (the lowest block's), as one line
/// ending in its label; std::nullopt when every block kept the rules.
std::optional<std::string> report();

} // namespace ascube::run::sync

#endif // ASCUBE_TOOLS_ASCUBE_RUN_SYNCCHECK_H
