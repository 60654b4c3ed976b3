//===- Passes.h - ascube conversion passes ----------------------*- C++ -*-===//
//
// The conversions (Passes.td): into ascube from linalg (ascube-bufferize-
// tensors, ascube-select-tiling, convert-linalg-to-ascube,
// ascube-insert-sync-all, ascube-tile-linalg; LinalgToAscube/
// LinalgToAscube.h) and out of
// it to loops (convert-ascube-to-loops; its pieces for a conversion of
// one's own in AscubeToLoops.h, the pipelines down to LLVM in
// ascube/Pipelines/Pipelines.h).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_CONVERSION_PASSES_H
#define ASCUBE_CONVERSION_PASSES_H

#include "ascube/Conversion/LinalgToAscube/LinalgToAscube.h"

#include "mlir/Pass/Pass.h"

namespace ascube {

#define GEN_PASS_DECL
#include "ascube/Conversion/Passes.h.inc"

} // namespace ascube

#endif // ASCUBE_CONVERSION_PASSES_H
