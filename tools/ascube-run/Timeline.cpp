//===- Timeline.cpp - ascube-run --timeline -------------------------------===//
//
// The hooks' events (SyncCheck.cpp forwards them) as each block's
// instructions and flag ops, recorded per host thread and handed to the
// timing model (ascube/Timing/KernelTimer.h) with the product's costs;
// docs/Timing.md.
//
//===----------------------------------------------------------------------===//

#include "Timeline.h"
#include "ascube/Target/Target.h"
#include "ascube/Timing/KernelTimer.h"

#include <algorithm>
#include <memory>
#include <mutex>

using namespace ascube::run;
using ascube::timing::BlockLog;
using ascube::timing::InstructionFacts;
using ascube::timing::KernelTimer;

namespace {
llvm::cl::opt<bool> traceAll(
    "timeline-all",
    llvm::cl::desc("With --timeline=FILE: every instruction of every block in "
                   "the trace (default: those of the first 4 blocks, and for "
                   "the others one span per pipe with its instruction count "
                   "and busy cycles)"),
    llvm::cl::cat(ascube::run::timeline::optionCategory()));

std::unique_ptr<KernelTimer> timer;
std::string tracePath, svgPath;
std::mutex lock;

// The instruction whose accesses and work are coming in.
struct State {
  unsigned block = 0;
  bool active = false;
  InstructionFacts p;
  BlockLog r;
};
thread_local std::unique_ptr<State> state;

State &current() {
  if (!state)
    state = std::make_unique<State>();
  return *state;
}

void finalize(State &s) {
  if (s.active)
    timer->instruction(s.r, s.block, s.p);
  s.active = false;
  s.p = InstructionFacts();
}
} // namespace

std::optional<std::string> timeline::refuseOnly(bool only, bool compare,
                                                bool races) {
  if (only && compare)
    return std::string("--timeline-only computes no outputs to --compare");
  if (only && races)
    return std::string("--timeline-only runs no instruction's GM accesses "
                       "for --check-races to check");
  return std::nullopt;
}

std::optional<std::string>
timeline::refusal(const target::ProductInfo *product) {
  return KernelTimer::refusal(product, "--timeline");
}

void timeline::configure(const target::ProductInfo &product, unsigned blocks,
                         std::vector<std::string> siteTexts, std::string trace,
                         std::string svg) {
  timer = std::make_unique<KernelTimer>(product, std::max(1u, blocks),
                                        std::move(siteTexts), traceAll);
  tracePath = std::move(trace);
  svgPath = std::move(svg);
}

bool timeline::enabled() { return timer != nullptr; }

llvm::cl::OptionCategory &timeline::optionCategory() {
  static llvm::cl::OptionCategory category("ascube-run timing model options");
  return category;
}

void timeline::startBlock(unsigned block) {
  State &s = current();
  s.block = block;
  s.active = false;
  s.p = InstructionFacts();
  s.r = BlockLog();
}

void timeline::endBlock() {
  State &s = current();
  finalize(s);
  // (Swapped, so that a --repeat run's old log is freed outside the lock,
  // at the next startBlock.)
  std::lock_guard<std::mutex> guard(lock);
  if (s.block < timer->blocks())
    std::swap(timer->block(s.block), s.r);
}

void timeline::op(int64_t site, unsigned pipe, int64_t unitFlag) {
  State &s = current();
  finalize(s);
  s.active = true;
  s.p.site = site;
  s.p.pipe = pipe;
  s.p.unitFlag = unitFlag;
}

void timeline::access(int level, int64_t lo, int64_t hi, int64_t rel,
                      bool write) {
  State &s = current();
  if (!s.active)
    return;
  s.p.access(level, lo, hi, rel, write);
}

void timeline::work(int64_t kind, int64_t a, int64_t b, int64_t c, int64_t d) {
  InstructionFacts &p = current().p;
  p.kind = kind;
  p.a = a;
  p.b = b;
  p.c = c;
  p.d = d;
}

void timeline::flag(int64_t site, int64_t kind, unsigned src, unsigned dst,
                    int64_t event) {
  State &s = current();
  finalize(s);
  KernelTimer::flag(s.r, site, kind, src, dst, event);
}

std::string timeline::finish(bool &deadlock, bool timed) {
  return timer->finish(deadlock, timed, tracePath, svgPath);
}
