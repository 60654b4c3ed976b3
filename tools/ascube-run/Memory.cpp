//===- Memory.cpp - ascube-run: the memory a run may take -----------------===//
//
// See Memory.h.
//
//===----------------------------------------------------------------------===//

#include "Memory.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <sys/resource.h>
#include <unistd.h>

using namespace ascube::run;
using llvm::StringRef;

namespace {
/// The first line of a file; std::nullopt when it cannot be read.
std::optional<std::string> readLine(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFileAsStream(path);
  if (!buf)
    return std::nullopt;
  return (*buf)->getBuffer().split('\n').first.trim().str();
}

/// A file holding one byte count ("max", or past 2^62: no limit).
std::optional<int64_t> readBytes(const std::string &path) {
  std::optional<std::string> line = readLine(path);
  uint64_t v;
  if (!line || StringRef(*line).getAsInteger(10, v) || v >= (uint64_t(1) << 62))
    return std::nullopt;
  return int64_t(v);
}

/// The number after `key` on its line of a "key value [unit]" file
/// (/proc/meminfo, a cgroup's memory.stat), below 2^62.
std::optional<int64_t> readField(const std::string &path, StringRef key) {
  auto buf = llvm::MemoryBuffer::getFileAsStream(path);
  if (!buf)
    return std::nullopt;
  for (StringRef rest = (*buf)->getBuffer(); !rest.empty();) {
    auto [line, next] = rest.split('\n');
    rest = next;
    auto [name, value] = line.split(' ');
    uint64_t v;
    if (name == key && !value.trim().split(' ').first.getAsInteger(10, v) &&
        v < (uint64_t(1) << 62))
      return int64_t(v);
  }
  return std::nullopt;
}

/// MemAvailable of /proc/meminfo (free memory plus what the kernel can
/// reclaim), else the free pages.
std::optional<int64_t> machineAvailable() {
  std::optional<int64_t> kb = readField("/proc/meminfo", "MemAvailable:");
  if (kb && *kb < (int64_t(1) << 52))
    return *kb * 1024;
  long pages = ::sysconf(_SC_AVPHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0)
    return int64_t(pages) * page;
  return std::nullopt;
}

/// What the process's memory cgroup leaves: its limit less its use, the
/// use less the page cache the kernel would reclaim first (memory.stat's
/// inactive file pages: fewer than MemAvailable counts, on the safe side), the
/// least over the group and its ancestors (a parent's limit binds its
/// children). cgroup v2 (the "0::" line of /proc/self/cgroup under
/// /sys/fs/cgroup) and v1 (the "memory" controller's line under
/// /sys/fs/cgroup/memory).
std::optional<int64_t> cgroupLeft() {
  auto buf = llvm::MemoryBuffer::getFileAsStream("/proc/self/cgroup");
  if (!buf)
    return std::nullopt;
  std::optional<int64_t> least;
  auto consider = [&](const std::string &dir, const char *limitFile,
                      const char *usageFile, StringRef inactiveKey) {
    // From the group up to the mount point.
    for (std::string d = dir;;) {
      std::optional<int64_t> limit = readBytes(d + "/" + limitFile);
      int64_t used = readBytes(d + "/" + usageFile).value_or(0);
      used -= std::min(used,
                       readField(d + "/memory.stat", inactiveKey).value_or(0));
      if (limit) {
        int64_t left = std::max<int64_t>(0, *limit - used);
        least = least ? std::min(*least, left) : left;
      }
      size_t slash = d.rfind('/');
      if (slash == std::string::npos || d.size() <= strlen("/sys/fs/cgroup"))
        break;
      d.resize(slash);
    }
  };
  for (StringRef rest = (*buf)->getBuffer(); !rest.empty();) {
    auto [line, next] = rest.split('\n');
    rest = next;
    // "hierarchy-ID:controllers:path"
    auto [id, tail] = line.split(':');
    auto [controllers, path] = tail.split(':');
    if (id == "0" && controllers.empty())
      consider("/sys/fs/cgroup" + path.rtrim('/').str(), "memory.max",
               "memory.current", "inactive_file");
    else if (llvm::is_contained(llvm::split(controllers, ','), "memory"))
      consider("/sys/fs/cgroup/memory" + path.rtrim('/').str(),
               "memory.limit_in_bytes", "memory.usage_in_bytes",
               "total_inactive_file");
  }
  return least;
}

/// The bytes the process maps now (/proc/self/statm's size).
int64_t mappedNow() {
  std::optional<std::string> statm = readLine("/proc/self/statm");
  uint64_t pages;
  long page = ::sysconf(_SC_PAGESIZE);
  if (!statm || StringRef(*statm).split(' ').first.getAsInteger(10, pages) ||
      page <= 0)
    return 0;
  return int64_t(pages) * page;
}

/// What a resource limit leaves of it, after what the process maps and a
/// reserve for compiling the kernel (LLVM's code generation of a large
/// kernel takes some hundreds of MiB).
std::optional<int64_t> rlimitLeft(int resource) {
  struct rlimit r;
  if (::getrlimit(resource, &r) != 0 || r.rlim_cur == RLIM_INFINITY ||
      r.rlim_cur >= (rlim_t(1) << 62))
    return std::nullopt;
  constexpr int64_t reserve = int64_t(512) << 20;
  return std::max<int64_t>(0, int64_t(r.rlim_cur) - mappedNow() - reserve);
}
} // namespace

MemoryBudget ascube::run::availableMemory() {
  MemoryBudget b;
  auto take = [&](std::optional<int64_t> bytes, const char *what) {
    if (bytes && (b.what.empty() || *bytes < b.bytes))
      b = {*bytes, what};
  };
  take(machineAvailable(), "memory this machine has available");
  take(cgroupLeft(), "memory the process's memory cgroup leaves (its limit "
                     "less its use but reclaimable page cache)");
  take(rlimitLeft(RLIMIT_AS), "address space the process's limit (ulimit -v) "
                              "leaves");
  take(rlimitLeft(RLIMIT_DATA), "data the process's limit (ulimit -d) leaves");
  return b;
}
