//===- CoreState.cpp - ascube-run: each thread's AI-core state ------------===//
//
// See CoreState.h.
//
//===----------------------------------------------------------------------===//

#include "CoreState.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

using namespace ascube::run;

namespace {
std::vector<ascube::CoreStateSlot> slots;

struct FreeDeleter {
  void operator()(char *p) const { std::free(p); }
};
/// The calling thread's copies, made on its first call.
thread_local std::vector<std::unique_ptr<char, FreeDeleter>> copies;

/// `ptr __ascube_core_state(i64 slot)`.
extern "C" void *coreState(int64_t slot) {
  if (copies.empty()) {
    for (const ascube::CoreStateSlot &s : slots) {
      // Cache-line aligned, as the globals' vector accesses may assume
      // nothing more.
      size_t bytes = (s.init.size() + 63) / 64 * 64;
      char *p = static_cast<char *>(std::aligned_alloc(64, bytes ? bytes : 64));
      if (!p) {
        static const char msg[] =
            "ascube-run: cannot allocate a thread's AI-core memories\n";
        (void)!std::fwrite(msg, 1, sizeof(msg) - 1, stderr);
        std::_Exit(2);
      }
      std::memcpy(p, s.init.data(), s.init.size());
      copies.emplace_back(p);
    }
  }
  return copies[size_t(slot)].get();
}
} // namespace

void cores::configure(std::vector<CoreStateSlot> s) { slots = std::move(s); }

void cores::addSymbols(llvm::orc::SymbolMap &map,
                       llvm::orc::MangleAndInterner &interner) {
  map[interner(kCoreStateFunc)] = {llvm::orc::ExecutorAddr::fromPtr(&coreState),
                                   llvm::JITSymbolFlags::Exported};
}
