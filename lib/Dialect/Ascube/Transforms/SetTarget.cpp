//===- SetTarget.cpp - ascube-set-target ----------------------------------===//
//
// Names the module's target product (cube-reference §0), for pipelines that
// take the product as an option.
//
//===----------------------------------------------------------------------===//

#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBESETTARGET
#include "ascube/Dialect/Ascube/Transforms/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;

namespace {
struct AscubeSetTargetPass
    : ascube::impl::AscubeSetTargetBase<AscubeSetTargetPass> {
  using AscubeSetTargetBase::AscubeSetTargetBase;
  void runOnOperation() override {
    if (product.empty())
      return;
    if (!setModuleTarget(getOperation(), product))
      signalPassFailure();
  }
};
} // namespace
