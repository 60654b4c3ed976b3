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

double ascube::model::l2MissShare(double footprint, double reads,
                                  double l2Bytes) {
  if (reads <= 0 || l2Bytes <= 0)
    return 1;
  footprint = std::min(footprint, reads);
  double misses = footprint;
  if (footprint > l2Bytes)
    misses += (reads - footprint) * (1 - l2Bytes / footprint);
  return misses / reads;
}

double ascube::model::gmChipBandwidth(double hbm, double l2, double missShare) {
  if (l2 <= 0 || hbm <= 0)
    return hbm;
  return 1 / (missShare / hbm + (1 - missShare) / l2);
}

std::vector<double>
ascube::model::roundStarts(const std::vector<double> &blockCycles,
                           int64_t cores) {
  cores = std::max<int64_t>(1, cores);
  std::vector<double> starts;
  double start = 0;
  for (size_t first = 0; first < blockCycles.size(); first += cores) {
    starts.push_back(start);
    size_t last = std::min(blockCycles.size(), first + size_t(cores));
    start += *std::max_element(blockCycles.begin() + first,
                               blockCycles.begin() + last);
  }
  starts.push_back(start);
  return starts;
}

double ascube::model::kernelCycles(const std::vector<double> &blockCycles,
                                   int64_t cores) {
  return roundStarts(blockCycles, cores).back();
}

int64_t PipeCosts::mmadFractals(int64_t m, int64_t k, int64_t n, int64_t bits) {
  int64_t c0 = 256 / std::clamp<int64_t>(bits, 4, 32);
  return (m + 15) / 16 * ((k + c0 - 1) / c0) * ((n + 15) / 16);
}

int64_t PipeCosts::fixpipeOddPasses(int64_t cols) {
  int64_t n1 = (cols + 7) / 8;
  while (n1 > 0 && n1 % 2 == 0)
    n1 /= 2;
  return std::max<int64_t>(0, n1 - 1);
}

void PipeTimeline::reset() {
  freeAt.fill(0);
  busyCycles.fill(0);
  flags.clear();
  doubled.clear();
  lost.clear();
  unitBits.clear();
}

TimedSpan PipeTimeline::occupy(unsigned pipe, double ready, double cycles) {
  // (Pipes are ascube::Pipe's 0-7; no other number indexes past them.)
  pipe = std::min(pipe, kPipes - 1);
  TimedSpan s;
  s.start = std::max(freeAt[pipe], ready);
  s.end = s.start + cycles;
  freeAt[pipe] = s.end;
  busyCycles[pipe] += cycles;
  return s;
}

TimedSpan PipeTimeline::run(unsigned pipe, double cycles) {
  return occupy(pipe, 0, cycles);
}

std::optional<TimedSpan>
PipeTimeline::runUnit(unsigned pipe, double cycles, int64_t unitFlag,
                      const std::vector<std::pair<uint64_t, uint64_t>> &l0c) {
  if (unitFlag == 0 || (pipe != kM && pipe != kFix))
    return occupy(pipe, 0, cycles);
  // The blocks it touches, each once.
  std::vector<uint64_t> blocks;
  for (auto [lo, hi] : l0c)
    for (uint64_t b = lo / 512; hi > lo && b <= (hi - 1) / 512; ++b)
      blocks.push_back(b);
  std::sort(blocks.begin(), blocks.end());
  blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
  // M waits for each block to be read, FIX for it to be ready.
  bool fix = pipe == kFix;
  double ready = 0;
  for (uint64_t b : blocks) {
    const UnitBit &bit = unitBits[b];
    if (bit.ready != fix)
      return std::nullopt;
    ready = std::max(ready, bit.at);
  }
  TimedSpan s = occupy(pipe, ready, cycles);
  if (unitFlag == 3)
    for (uint64_t b : blocks)
      unitBits[b] = {!fix, s.end};
  return s;
}

TimedSpan PipeTimeline::setFlag(unsigned src, unsigned dst, int64_t event) {
  TimedSpan s = occupy(src, 0, flagCycles);
  // One bit: set again while set, it stays set from the first.
  if (!flags.emplace(std::make_tuple(src, dst, event), s.end).second)
    doubled.insert({src, dst, event});
  lost.erase({src, dst, event});
  return s;
}

std::optional<TimedSpan> PipeTimeline::waitFlag(unsigned src, unsigned dst,
                                                int64_t event) {
  auto it = flags.find({src, dst, event});
  if (it == flags.end())
    return std::nullopt;
  double setAt = it->second;
  flags.erase(it);
  if (doubled.erase({src, dst, event}))
    lost.insert({src, dst, event});
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

void PipeTimeline::holdUntil(double t) {
  for (double &f : freeAt)
    f = std::max(f, t);
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
