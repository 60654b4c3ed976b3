//===- CoreState.cpp - Per-core state through the runner ------------------===//
//
// routeCoreStateThroughRunner (ascube/Pipelines/Pipelines.h): a module
// lowered to the LLVM dialect keeps an AI core's own state — its level
// memories, the hidden 4:2 index buffer, its block index and count — in
// module globals, one copy per compiled module. A runner that runs several
// cores at once from one compiled module gives each thread its own copy:
// the module reaches them through a call of the runner's
// `__ascube_core_state(slot)`, which returns the calling thread's copy.
//
// LLVM's own thread_local globals would say the same, but the JIT
// (ascube-run's: ORC with RuntimeDyld) cannot allocate TLS for
// the code it loads; a call the runner answers from its own thread_local
// table needs nothing from the JIT.
//
//===----------------------------------------------------------------------===//

#include "ascube/Conversion/AscubeToLoops.h"
#include "ascube/Pipelines/Pipelines.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {
/// The bytes a global starts with: a dense array of integers (the level
/// memories' 0xFF, the block index 0 and count 1), little-endian.
FailureOr<std::vector<uint8_t>> initialBytes(LLVM::GlobalOp global) {
  auto dense = dyn_cast_or_null<DenseIntElementsAttr>(global.getValueOrNull());
  if (!dense || dense.getElementType().getIntOrFloatBitWidth() % 8)
    return global.emitOpError()
           << "holds per-core state but its initial value is not a dense "
              "array of whole-byte integers";
  size_t width = dense.getElementType().getIntOrFloatBitWidth() / 8;
  std::vector<uint8_t> bytes(size_t(dense.getNumElements()) * width);
  auto put = [&](size_t i, const APInt &v) {
    for (size_t b = 0; b < width; ++b)
      bytes[i * width + b] = uint8_t(v.extractBitsAsZExtValue(8, 8 * b));
  };
  if (dense.isSplat()) {
    APInt v = dense.getSplatValue<APInt>();
    for (size_t i = 0, e = dense.getNumElements(); i < e; ++i)
      put(i, v);
  } else {
    size_t i = 0;
    for (const APInt &v : dense.getValues<APInt>())
      put(i++, v);
  }
  return bytes;
}
} // namespace

FailureOr<std::vector<ascube::CoreStateSlot>>
ascube::routeCoreStateThroughRunner(ModuleOp module) {
  std::vector<CoreStateSlot> slots;
  llvm::StringMap<int64_t> slotOf;
  SmallVector<LLVM::GlobalOp> globals;
  for (auto global : module.getOps<LLVM::GlobalOp>()) {
    if (!isCoreStateGlobal(global.getSymName()))
      continue;
    FailureOr<std::vector<uint8_t>> init = initialBytes(global);
    if (failed(init))
      return failure();
    slotOf[global.getSymName()] = int64_t(slots.size());
    slots.push_back({global.getSymName().str(), std::move(*init)});
    globals.push_back(global);
  }
  if (slots.empty())
    return slots;
  MLIRContext *ctx = module.getContext();
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto i64 = IntegerType::get(ctx, 64);
  auto fn = LLVM::LLVMFuncOp::create(b, module.getLoc(), kCoreStateFunc,
                                     LLVM::LLVMFunctionType::get(ptr, {i64}));
  // The same address on every call from one thread, and nothing else
  // touched: LLVM may hoist and merge the calls as it would the address of
  // a global. (The runner makes a thread's copies on its first call; that
  // allocation is the runner's own memory, which no kernel code reads or
  // writes but through the returned addresses, so memory(none) still holds
  // for the kernel: no load or store of it is reordered across the call.)
  auto none = LLVM::ModRefInfo::NoModRef;
  auto effects =
      LLVM::MemoryEffectsAttr::get(ctx, {none, none, none, none, none, none});
  fn.setMemoryEffectsAttr(effects);
  fn.setNoUnwind(true);
  fn.setWillReturn(true);
  SmallVector<LLVM::AddressOfOp> uses;
  module.walk([&](LLVM::AddressOfOp op) {
    if (slotOf.count(op.getGlobalName()))
      uses.push_back(op);
  });
  for (LLVM::AddressOfOp op : uses) {
    OpBuilder ub(op);
    Value slot = LLVM::ConstantOp::create(ub, op.getLoc(), i64,
                                          slotOf.lookup(op.getGlobalName()));
    auto call = LLVM::CallOp::create(ub, op.getLoc(), fn, ValueRange{slot});
    call.setMemoryEffectsAttr(effects);
    call.setNoUnwind(true);
    call.setWillReturn(true);
    op.replaceAllUsesWith(call.getResult());
    op.erase();
  }
  for (LLVM::GlobalOp global : globals)
    global.erase();
  return slots;
}
