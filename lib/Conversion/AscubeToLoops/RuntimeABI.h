//===- RuntimeABI.h - What the runner and the patterns name -----*- C++ -*-===//
//
// The names a lowered module shares with its runner (ascube-run): the
// `__ascube_*` globals and hooks, and the notes the preparation step
// (AscubeToLoops.cpp) leaves on instruction ops for the patterns. Private to
// lib/Conversion/AscubeToLoops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_RUNTIMEABI_H
#define ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_RUNTIMEABI_H

#include "llvm/ADT/StringRef.h"

namespace ascube::lowering {

//===----------------------------------------------------------------------===//
// Notes from the preparation step (AscubeToLoops.cpp) to the patterns:
// discardable attributes on the instruction ops, gone after the conversion.
//===----------------------------------------------------------------------===//

/// The index byte a sparse instruction's L0B buffer starts at in the hidden
/// 4:2 index buffer (§12, §14), noted before the allocations go.
constexpr llvm::StringLiteral kIndexBaseAttr = "ascube_index_base";
/// Marks an mmad_sparse whose 2-bit index values are checked at run time.
constexpr llvm::StringLiteral kCheckIndexAttr = "ascube_check_index";
/// Marks a Fixpipe whose per-column QUANT_PRE words get run-time checks.
constexpr llvm::StringLiteral kCheckQuantAttr = "ascube_check_quant";
/// Race checks: the GM arguments of a function (their indices, noted
/// before the conversion changes the signature) and the hook every element
/// access of one calls: `__ascube_gm_access(i64 address, i64 bytes,
/// i64 write)`.
constexpr llvm::StringLiteral kGMArgsAttr = "ascube_race_gm_args";
/// Race checks: marks a kernel's own writable GM memref.global (split-K's
/// workspace, say), whose accesses get the hook as an argument's do; the
/// runner finds it by its symbol.
constexpr llvm::StringLiteral kGMGlobalAttr = "ascube_race_gm_global";
constexpr llvm::StringLiteral kGMAccessHook = "__ascube_gm_access";
constexpr llvm::StringLiteral kIndexGlobal = "__ascube_sparse_index";
/// The flag-model hooks (sync checks, Instrumentation.cpp); their sites are
/// named by the module attribute AscubeDialect::kSyncSitesAttrName.
constexpr llvm::StringLiteral kSyncOpHook = "__ascube_sync_op";
constexpr llvm::StringLiteral kSyncAccessHook = "__ascube_sync_access";
constexpr llvm::StringLiteral kSyncFlagHook = "__ascube_sync_flag";
/// What the timing model costs an instruction by (ascube-run --timeline),
/// right after its kSyncOpHook: `__ascube_sync_work(kind, a, b, c, d)`,
/// kind 1 an Mmad of m = a, k = b, n = c of A's d-bit elements; kind 2 a
/// Fixpipe of a rows of b elements of c bits into d (a target::Level). (A
/// mover's cost is its bytes: its accesses.)
constexpr llvm::StringLiteral kSyncWorkHook = "__ascube_sync_work";
/// The block index and count (memref<1xi64> globals) ascube.block_idx and
/// ascube.block_num read, and the function a runner calls before each block
/// to set them and fill the on-core memories afresh (0xFF):
/// `__ascube_start_block(i64 idx, i64 num)`.
constexpr llvm::StringLiteral kBlockIdxGlobal = "__ascube_block_idx";
constexpr llvm::StringLiteral kBlockNumGlobal = "__ascube_block_num";
constexpr llvm::StringLiteral kStartBlockFunc = "__ascube_start_block";
/// ascube.sync_all: `__ascube_sync_all()`, the runner's barrier across the
/// kernel's blocks.
constexpr llvm::StringLiteral kSyncAllHook = "__ascube_sync_all";

} // namespace ascube::lowering

#endif // ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_RUNTIMEABI_H
