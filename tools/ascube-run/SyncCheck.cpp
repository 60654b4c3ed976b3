//===- SyncCheck.cpp - ascube-run --check-sync ----------------------------===//
//
// The flag-model hooks a kernel lowered with sync checks calls, one
// FlagModel per host thread, and the messages of the rules sync_c3-sync_c8
// (docs/Constraints.md).
//
//===----------------------------------------------------------------------===//

#include "SyncCheck.h"
#include "Timeline.h"
#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"
#include "ascube/Model/FlagModel.h"
#include "ascube/Target/Target.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <memory>
#include <mutex>

using namespace ascube::run;
using ascube::model::FlagModel;
using ascube::model::SyncViolation;

namespace {
// Whether the flag model runs (--check-sync); the hooks also feed the
// timing model (--timeline).
bool checkFlags = false;
int64_t eventIds = 8;
std::vector<std::string> sites;
std::vector<sync::GMBuffer> gm;
thread_local std::unique_ptr<FlagModel> model;
thread_local unsigned block = 0;
std::mutex lock;
// The first violation of each block that broke a rule.
std::map<unsigned, SyncViolation> found;

FlagModel &current() {
  if (!model)
    model = std::make_unique<FlagModel>( // one per thread
        eventIds, int(ascube::target::Level::L0C));
  return *model;
}

extern "C" void syncOp(int64_t site, int64_t pipe, int64_t unitFlag) {
  if (checkFlags)
    current().instruction(site, unsigned(pipe), unitFlag);
  if (timeline::enabled())
    timeline::op(site, unsigned(pipe), unitFlag);
}
extern "C" void syncAccess(int64_t level, int64_t lo, int64_t hi, int64_t rel,
                           int64_t write) {
  if (checkFlags)
    current().access(int(level), uint64_t(lo), uint64_t(hi), rel, write != 0);
  if (timeline::enabled())
    timeline::access(int(level), lo, hi, rel, write != 0);
}
extern "C" void syncFlag(int64_t site, int64_t kind, int64_t src, int64_t dst,
                         int64_t event) {
  if (timeline::enabled())
    timeline::flag(site, kind, unsigned(src), unsigned(dst), event);
  if (!checkFlags)
    return;
  FlagModel &m = current();
  if (kind == 0)
    m.setFlag(site, unsigned(src), unsigned(dst), event);
  else if (kind == 1)
    m.waitFlag(site, unsigned(src), unsigned(dst), event);
  else
    m.barrier(site, unsigned(src));
}
// What the timing model costs an instruction by (Instrumentation.cpp
// kSyncWorkHook); the flag model needs none of it.
extern "C" void syncWork(int64_t kind, int64_t a, int64_t b, int64_t c,
                         int64_t d) {
  if (timeline::enabled())
    timeline::work(kind, a, b, c, d);
}

std::string site(int64_t s) {
  return s >= 0 && size_t(s) < sites.size() ? sites[s] : "an instruction";
}

std::string pipe(unsigned p) {
  return ascube::stringifyPipe(ascube::Pipe(p)).str();
}

std::string event(const SyncViolation &v) {
  return llvm::formatv("{0} -> {1} event {2}", pipe(v.src), pipe(v.dst),
                       v.event)
      .str();
}

/// "L0A bytes [0, 512)" or "GM bytes [0, 64) of argument C" (or "of
/// global @w").
std::string bytes(const SyncViolation &v) {
  auto level = ascube::target::Level(v.level);
  if (level == ascube::target::Level::GM)
    for (const sync::GMBuffer &b : gm) {
      const char *p = reinterpret_cast<const char *>(v.addrLo);
      if (p >= b.begin && p < b.begin + b.size)
        return llvm::formatv("GM bytes [{0}, {1}) of {2}", p - b.begin,
                             p - b.begin + (v.addrHi - v.addrLo), b.name)
            .str();
    }
  return llvm::formatv("{0} bytes [{1}, {2})",
                       ascube::target::stringifyLevel(level), v.relLo, v.relHi)
      .str();
}

std::string message(unsigned blk, const SyncViolation &v) {
  std::string at = llvm::formatv("ascube-run: block {0}: ", blk).str();
  switch (v.kind) {
  case SyncViolation::EventRange:
    return at + site(v.site) +
           llvm::formatv(": {0} is out of range [0, {1}] [sync_c3]", event(v),
                         eventIds - 1)
               .str();
  case SyncViolation::Unordered: {
    // Sites are numbered in program order: an earlier access at a later
    // site ran in an earlier iteration of a loop (or in a call).
    bool looped = v.otherSite > v.site;
    return at + site(v.site) + " (pipe " + pipe(v.pipe) + ") " +
           (v.write ? "writes " : "reads ") + bytes(v) + " that " +
           site(v.otherSite) + " (pipe " + pipe(v.otherPipe) + ") " +
           (v.otherWrite ? "wrote" : "read") +
           (looped ? " in an earlier iteration of a loop (it comes later in "
                     "the program)"
                   : "") +
           ", and no flag orders the two: on the chip they may run in either "
           "order (ascube.set_flag <" +
           pipe(v.otherPipe) + "> -> <" + pipe(v.pipe) + "> after the first" +
           (looped ? ", and once before the loop," : ",") +
           " ascube.wait_flag before the second) [sync_c4]";
  }
  case SyncViolation::SetTwice:
    return at + site(v.site) + ": sets " + event(v) +
           ", which is still set by " + site(v.otherSite) +
           " (no wait_flag between them) [sync_c5]";
  case SyncViolation::WaitUnset:
    return at + site(v.site) + ": waits for " + event(v) +
           ", which no set_flag before it sets: pipe " + pipe(v.dst) +
           " would wait forever" +
           (v.otherEvent >= 0
                ? llvm::formatv(" (event {0} of the same pipes is set, by "
                                "{1}: another ID meant?)",
                                v.otherEvent, site(v.otherSite))
                      .str()
                : std::string()) +
           " [sync_c6]";
  case SyncViolation::UnitOrder:
    if (v.write)
      return at + site(v.site) + " (pipe M, unitFlag) writes " + bytes(v) +
             ", whose result " + site(v.otherSite) +
             " marked ready and no Fixpipe with unitFlag has read yet: the "
             "Mmad would wait for a Fixpipe that comes later [sync_c8]";
    return at + site(v.site) + " (pipe FIX, unitFlag) reads " + bytes(v) +
           (v.otherSite < 0
                ? std::string(", which no Mmad with unitFlag 3 marked ready")
                : ", which " + site(v.otherSite) +
                      " marked read and no Mmad with unitFlag 3 marked "
                      "ready again") +
           ": the Fixpipe would wait for an Mmad that comes later [sync_c8]";
  case SyncViolation::LeftSet:
    return at + "the kernel ends with " + event(v) + " set by " + site(v.site) +
           " and never waited for (set_flag and wait_flag come in pairs) "
           "[sync_c7]";
  }
  return at + "[sync_c4]";
}
} // namespace

void sync::configure(int64_t ids, std::vector<std::string> siteTexts,
                     std::vector<GMBuffer> gmBuffers) {
  checkFlags = true;
  eventIds = ids;
  sites = std::move(siteTexts);
  gm = std::move(gmBuffers);
}

void sync::addSymbols(llvm::orc::SymbolMap &map,
                      llvm::orc::MangleAndInterner &interner) {
  auto add = [&](const char *name, auto *fn) {
    map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                           llvm::JITSymbolFlags::Exported};
  };
  add("__ascube_sync_op", &syncOp);
  add("__ascube_sync_access", &syncAccess);
  add("__ascube_sync_flag", &syncFlag);
  add("__ascube_sync_work", &syncWork);
}

void sync::startBlock(unsigned blk) {
  block = blk;
  current().reset();
}

void sync::endBlock() {
  FlagModel &m = current();
  m.finish();
  if (const auto &v = m.violation()) {
    std::lock_guard<std::mutex> guard(lock);
    found.emplace(block, *v);
  }
}

std::optional<std::string> sync::report() {
  if (found.empty())
    return std::nullopt;
  return message(found.begin()->first, found.begin()->second);
}
