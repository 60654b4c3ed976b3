//===- EstimateTime.h - A kernel's modelled time without running it -*- C++
//-*-===//
//
// The timing model of ascube-run --timeline-only (ascube/Timing/
// KernelTimer.h, docs/Timing.md) fed by a static walk of the IR instead of
// the compiled kernel: each block's control flow (scf.for, scf.if, calls,
// index arithmetic, ascube.block_idx / block_num) is followed with
// constant values, and each instruction and flag op it reaches is
// recorded with the facts the lowering's hooks would report (its pipe,
// bytes, GM read span, Mmad shape, Fixpipe rows). No arithmetic and no
// compilation: a kernel's time in the time it takes to walk its
// instructions, for ascube-estimate-time and for ascube-select-tiling's
// candidates.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_DIALECT_ASCUBE_TRANSFORMS_ESTIMATETIME_H
#define ASCUBE_DIALECT_ASCUBE_TRANSFORMS_ESTIMATETIME_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>
#include <string>

namespace ascube {

/// What a walk of a kernel gave: the summary line of ascube-run --timeline
/// ("timeline: <cycles> cycles, ... bound: <pipe>") and the cycles, or
/// (`error` set) why it could not be estimated — an op whose value the
/// walk needs and cannot compute, an unselected ascube.load, a product
/// without cost rows (timing_c1), a deadlock (timing_c2).
struct TimeEstimate {
  double cycles = 0;
  std::string summary, error;
  bool deadlock = false;
};

struct TimeEstimateOptions {
  /// Blocks (AI cores) the kernel runs as, as ascube-run --blocks (0: the
  /// product's AI cores; more than target::kMaxBlocks: refused,
  /// blocks_c1).
  unsigned blocks = 0;
  /// Ops the walk may visit before it gives up (0: no limit): a loop of
  /// 2^64 trips fails instead of hanging.
  uint64_t maxSteps = uint64_t(1) << 32;
  /// Where to write the Chrome trace and the SVG chart ("": none).
  std::string trace, svg;
};

/// Times `kernel` (a function with a body, its movers selected) on the
/// product of its nearest ascube.target, with `options.blocks` blocks
/// whose arguments are distinct GM buffers.
TimeEstimate estimateKernelTime(mlir::func::FuncOp kernel,
                                const TimeEstimateOptions &options);

} // namespace ascube

#endif // ASCUBE_DIALECT_ASCUBE_TRANSFORMS_ESTIMATETIME_H
