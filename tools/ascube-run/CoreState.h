//===- CoreState.h - ascube-run: each thread's AI-core state ----*- C++ -*-===//
//
// One compiled kernel run by several threads at once (--threads, and every
// block of a kernel with ascube.sync_all on a thread of its own): the
// module reaches its per-core state — level memories, the 4:2 index
// buffer, block index and count — through `__ascube_core_state(slot)`
// (ascube::routeCoreStateThroughRunner), answered here from the calling
// thread's own copies, made from the slots' initial bytes on its first
// call. Blocks on one thread share its copies one after another, as blocks
// on one AI core do (`__ascube_start_block` refills them).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TOOLS_ASCUBE_RUN_CORESTATE_H
#define ASCUBE_TOOLS_ASCUBE_RUN_CORESTATE_H

#include "ascube/Pipelines/Pipelines.h"

#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <vector>

namespace ascube::run::cores {

/// Before the run: the slots the module names (their order is the slot
/// number).
void configure(std::vector<CoreStateSlot> slots);

/// `__ascube_core_state`, for the JIT's symbol map.
void addSymbols(llvm::orc::SymbolMap &map,
                llvm::orc::MangleAndInterner &interner);

} // namespace ascube::run::cores

#endif // ASCUBE_TOOLS_ASCUBE_RUN_CORESTATE_H
