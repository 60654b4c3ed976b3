//===- Passes.h - ascube conversion passes ----------------------*- C++ -*-===//
//
// convert-ascube-to-loops (Passes.td); its pieces for a conversion of one's
// own are in AscubeToLoops.h, the pipelines down to LLVM in
// ascube/Pipelines/Pipelines.h.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_CONVERSION_PASSES_H
#define ASCUBE_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace ascube {

#define GEN_PASS_DECL
#include "ascube/Conversion/Passes.h.inc"

} // namespace ascube

#endif // ASCUBE_CONVERSION_PASSES_H
