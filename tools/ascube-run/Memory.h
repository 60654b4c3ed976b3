//===- Memory.h - ascube-run: the memory a run may take ---------*- C++ -*-===//
//
// How many bytes of buffers ascube-run may allocate before it compiles a
// kernel: the least of what the machine has available (MemAvailable), what
// the process's memory cgroup leaves (cgroup v2 memory.max, v1
// memory.limit_in_bytes, less what the group uses, every level up to the
// root), and what the address-space and data limits leave (ulimit -v,
// ulimit -d, less what the process maps already and a reserve for the
// compilation). Allocations past it would pass (Linux overcommits) and
// fail or be killed only when their pages are written.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TOOLS_ASCUBE_RUN_MEMORY_H
#define ASCUBE_TOOLS_ASCUBE_RUN_MEMORY_H

#include <cstdint>
#include <string>

namespace ascube::run {

/// A budget of bytes and what sets it ("memory this machine has
/// available", "the memory cgroup's limit leaves", "the address-space
/// limit (ulimit -v) leaves", ...). bytes = 0 when nothing is known.
struct MemoryBudget {
  int64_t bytes = 0;
  std::string what;
};

/// The least of the limits above, now.
MemoryBudget availableMemory();

} // namespace ascube::run

#endif // ASCUBE_TOOLS_ASCUBE_RUN_MEMORY_H
