//===- PipeTimeline.cpp - The pipes of one AI core in time ----------------===//
//
// See PipeTimeline.h.
//
//===----------------------------------------------------------------------===//

#include "ascube/Model/PipeTimeline.h"

#include <algorithm>

using namespace ascube::model;

double PipeCosts::fixpipeCycles(int64_t rows, double rowBytes,
                                int64_t oddPasses) const {
  double perRow = fixpipeRowMin;
  if (fixpipeRowBytesPerCycle > 0)
    perRow = std::max(perRow, rowBytes / fixpipeRowBytesPerCycle);
  return fixpipeHead + rows * perRow + rows * oddPasses * fixpipeOddPass;
}

double ascube::model::sharedBandwidth(double perCore, double chip,
                                      int64_t active) {
  if (active < 1 || chip <= 0)
    return perCore;
  return std::min(perCore, chip / active);
}

double ascube::model::kernelCycles(const std::vector<double> &blockCycles,
                                   int64_t cores) {
  if (cores < 1)
    cores = 1;
  double total = 0;
  for (size_t first = 0; first < blockCycles.size(); first += cores) {
    size_t last = std::min(blockCycles.size(), first + size_t(cores));
    total += *std::max_element(blockCycles.begin() + first,
                               blockCycles.begin() + last);
  }
  return total;
}

void PipeTimeline::reset() {
  freeAt.fill(0);
  busyCycles.fill(0);
  flags.clear();
  readyAt.clear();
  readAt.clear();
}

TimedSpan PipeTimeline::occupy(unsigned pipe, double ready, double cycles) {
  TimedSpan s;
  s.start = std::max(freeAt[pipe], ready);
  s.end = s.start + cycles;
  freeAt[pipe] = s.end;
  busyCycles[pipe] += cycles;
  return s;
}

TimedSpan PipeTimeline::run(unsigned pipe, double cycles, int64_t unitFlag,
                            uint64_t lo, uint64_t hi) {
  if (unitFlag == 0 || (pipe != kM && pipe != kFix) || hi <= lo)
    return occupy(pipe, 0, cycles);
  // The 512 B blocks [lo, hi) touches; M waits for their reads, FIX for
  // their readiness (FlagModel::instruction's hand-over).
  std::map<uint64_t, double> &waitOn = pipe == kM ? readAt : readyAt;
  std::map<uint64_t, double> &flips = pipe == kM ? readyAt : readAt;
  double ready = 0;
  for (uint64_t b = lo / 512; b <= (hi - 1) / 512; ++b) {
    auto it = waitOn.find(b);
    if (it != waitOn.end())
      ready = std::max(ready, it->second);
  }
  TimedSpan s = occupy(pipe, ready, cycles);
  if (unitFlag == 3)
    for (uint64_t b = lo / 512; b <= (hi - 1) / 512; ++b)
      flips[b] = s.end;
  return s;
}

TimedSpan PipeTimeline::setFlag(unsigned src, unsigned dst, int64_t event) {
  TimedSpan s = occupy(src, 0, flagCycles);
  flags[{src, dst, event}] = s.end;
  return s;
}

std::optional<TimedSpan> PipeTimeline::waitFlag(unsigned src, unsigned dst,
                                                int64_t event) {
  auto it = flags.find({src, dst, event});
  if (it == flags.end())
    return std::nullopt;
  double setAt = it->second;
  flags.erase(it);
  return occupy(dst, setAt, flagCycles);
}

TimedSpan PipeTimeline::barrier(unsigned pipe) {
  if (pipe != kAll)
    return occupy(pipe, 0, flagCycles);
  double all = end();
  TimedSpan s{all, all + flagCycles};
  for (unsigned p = 0; p < kAll; ++p)
    freeAt[p] = s.end;
  return s;
}

double PipeTimeline::end() const {
  return *std::max_element(freeAt.begin(), freeAt.end());
}

std::vector<std::tuple<unsigned, unsigned, int64_t>>
PipeTimeline::pendingFlags() const {
  std::vector<std::tuple<unsigned, unsigned, int64_t>> v;
  for (const auto &f : flags)
    v.push_back(f.first);
  return v;
}
