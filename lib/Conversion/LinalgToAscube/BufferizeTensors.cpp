//===- BufferizeTensors.cpp - ascube-bufferize-tensors --------------------===//
//
// Linalg on tensors into the GM-memref form ascube-tile-linalg maps: one-
// shot bufferization with identity layouts at function boundaries, results
// as trailing output arguments named result<i>, canonicalization of the
// functions that had tensors. The upstream passes do the work; this pass only
// chooses their options (the defaults give function arguments fully dynamic
// strided layouts, which no instruction can address), refuses dynamic shapes
// first with a message that says what to do, and names the output arguments
// (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "ascube/Conversion/Passes.h"
#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"

#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBEBUFFERIZETENSORS
#include "ascube/Conversion/Passes.h.inc"
} // namespace ascube

using namespace mlir;

void ascube::registerBufferizeTensorsDependencies(DialectRegistry &registry) {
  registry.insert<bufferization::BufferizationDialect, memref::MemRefDialect,
                  tensor::TensorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  memref::registerAllocationOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
}

namespace {
/// Whether `f` takes, returns or makes a tensor.
bool hasTensors(func::FuncOp f) {
  auto isTensor = [](Type t) { return isa<TensorType>(t); };
  if (llvm::any_of(f.getArgumentTypes(), isTensor) ||
      llvm::any_of(f.getResultTypes(), isTensor))
    return true;
  return f
      .walk([&](Operation *op) {
        return llvm::any_of(op->getResultTypes(), isTensor)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}
} // namespace

bool ascube::hasTensorFunctions(ModuleOp module) {
  return module
      .walk([&](func::FuncOp f) {
        return hasTensors(f) ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {
/// tile_c1 at `f` for an argument or result whose shape is not static.
LogicalResult refuseDynamicShapes(func::FuncOp f) {
  auto check = [&](Type t, StringRef what, unsigned i) -> LogicalResult {
    auto shaped = dyn_cast<ShapedType>(t);
    if (!shaped || shaped.hasStaticShape())
      return success();
    return f.emitOpError()
           << what << " #" << i << " of @" << f.getName() << " is " << t
           << ": ascube maps static shapes (each instruction's sizes are "
              "fields of it); give the function static types, e.g. "
              "specialize it for the shapes it runs [tile_c1]";
  };
  for (auto [i, t] : llvm::enumerate(f.getArgumentTypes()))
    if (failed(check(t, "argument", i)))
      return failure();
  for (auto [i, t] : llvm::enumerate(f.getResultTypes()))
    if (failed(check(t, "result", i)))
      return failure();
  return success();
}

struct AscubeBufferizeTensorsPass
    : ascube::impl::AscubeBufferizeTensorsBase<AscubeBufferizeTensorsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    ascube::registerBufferizeTensorsDependencies(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!ascube::hasTensorFunctions(module))
      return;
    // Each function's results, before they become output arguments, and
    // the functions with tensors (the others are left as they are).
    llvm::DenseMap<Operation *, unsigned> results;
    SmallVector<func::FuncOp> withTensors;
    WalkResult shapes = module.walk([&](func::FuncOp f) {
      if (failed(refuseDynamicShapes(f)))
        return WalkResult::interrupt();
      if (!f.isExternal())
        results[f] = llvm::count_if(f.getResultTypes(), [](Type t) {
          return isa<TensorType, BaseMemRefType>(t);
        });
      if (!f.isExternal() && hasTensors(f))
        withTensors.push_back(f);
      return WalkResult::advance();
    });
    if (shapes.wasInterrupted())
      return signalPassFailure();
    // A tensor returned twice gets a copy of its own for each later
    // return: each result is then a buffer of its own (upstream's
    // buffer-results-to-out-params would hoist one allocation into two
    // output arguments).
    module.walk([&](func::ReturnOp ret) {
      llvm::SmallPtrSet<Value, 4> seen;
      for (OpOperand &operand : ret->getOpOperands()) {
        Value v = operand.get();
        if (!isa<RankedTensorType>(v.getType()) || seen.insert(v).second)
          continue;
        OpBuilder b(ret);
        operand.set(bufferization::AllocTensorOp::create(
            b, ret.getLoc(), cast<RankedTensorType>(v.getType()), ValueRange{},
            /*copy=*/v));
      }
    });
    OpPassManager pm(ModuleOp::getOperationName());
    bufferization::OneShotBufferizePassOptions bufferize;
    bufferize.bufferizeFunctionBoundaries = true;
    bufferize.functionBoundaryTypeConversion =
        bufferization::LayoutMapOption::IdentityLayoutMap;
    pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
    bufferization::BufferResultsToOutParamsPassOptions outs;
    outs.modifyPublicFunctions = true;
    outs.hoistStaticAllocs = true;
    pm.addPass(bufferization::createBufferResultsToOutParamsPass(outs));
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();
    // What bufferization leaves (buffer casts, copies into the output
    // arguments' allocations, dead tensor ops) folded, in the functions
    // that had tensors only: hand-written ascube functions beside them
    // keep their form.
    OpPassManager canonicalize(func::FuncOp::getOperationName());
    canonicalize.addPass(createCanonicalizerPass());
    for (func::FuncOp f : withTensors)
      if (failed(runPipeline(canonicalize, f)))
        return signalPassFailure();
    // The output arguments, the last of each function's, as result<i>.
    for (auto [op, n] : results) {
      auto f = cast<func::FuncOp>(op);
      unsigned first = f.getNumArguments() - n;
      for (unsigned i = 0; i < n; ++i) {
        BlockArgument a = f.getArgument(first + i);
        a.setLoc(NameLoc::get(
            StringAttr::get(&getContext(), "result" + std::to_string(i)),
            a.getLoc()));
      }
    }
  }
};
} // namespace
