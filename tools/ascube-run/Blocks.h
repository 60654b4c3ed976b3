//===- Blocks.h - ascube-run: SyncAll and --check-races ---------*- C++ -*-===//
//
// What the blocks (AI cores) of a run share: GM and ascube.sync_all.
// A kernel lowered by convert-ascube-to-loops calls `__ascube_sync_all()`
// for each ascube.sync_all (a barrier: every block waits until all blocks
// have arrived) and, with race checks, `__ascube_gm_access(address, bytes,
// write)` before every element access of a GM argument. The runner runs
// the blocks of a kernel with a SyncAll each on a thread of its own; the
// SyncAlls a block has passed are its phase. Two accesses of the same GM
// byte by different blocks in the same phase, one a write, are a race:
// both writes (race_c1) or a read and a write (race_c2); a block that ends
// while others wait at a SyncAll, or reaches one after another block
// ended, breaks sync_c11 (docs/Constraints.md).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TOOLS_ASCUBE_RUN_BLOCKS_H
#define ASCUBE_TOOLS_ASCUBE_RUN_BLOCKS_H

#include "SyncCheck.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
class ModuleOp;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace ascube::run::blocks {

/// Why a run of `count` blocks is refused (at least 1; at most what a
/// kernel launches, blocks_c1; with race checks at most 32767, a block
/// number in the shadow's 15 bits); std::nullopt when it is not.
std::optional<std::string> countRefusal(uint64_t count, bool checkRaces);

/// Whether `entry`, or a function it calls, has an ascube.sync_all (its
/// blocks then run at once, each on a thread of its own).
bool reachesSyncAll(mlir::func::FuncOp entry);

/// The GM globals of `module` (before its lowering) whose bytes the race
/// shadow follows and the messages name: symbol and bytes
/// (getRaceCheckedGlobalBytes).
std::vector<std::pair<std::string, int64_t>>
raceCheckedGlobals(mlir::ModuleOp module);

/// Before the run: how many blocks there are (all of them wait at each
/// SyncAll) and, with race checks, the GM arguments whose bytes are kept.
void configure(unsigned numBlocks, bool checkRaces,
               const std::vector<sync::GMBuffer> &gm);

/// The hooks, for the JIT's symbol map.
void addSymbols(llvm::orc::SymbolMap &map,
                llvm::orc::MangleAndInterner &interner);

/// Before each run of all blocks (--repeat): the SyncAll barrier as new
/// (no block arrived, none ended).
void startRun();

/// Around each block on the calling thread: its index and phase 0, then
/// its end (sync_c11 if another block waits at a SyncAll; the run stops,
/// exit 3).
void startBlock(unsigned block);
void endBlock();

/// The block the calling thread runs (from startBlock; 0 before), and how
/// many blocks the run has (configure).
unsigned currentBlock();
unsigned blockCount();

/// The first race found (race_c1 or race_c2), as one line ending in its
/// label; std::nullopt when there was none.
std::optional<std::string> report();

} // namespace ascube::run::blocks

#endif // ASCUBE_TOOLS_ASCUBE_RUN_BLOCKS_H
