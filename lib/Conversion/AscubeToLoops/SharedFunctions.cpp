//===- SharedFunctions.cpp - Code and tables a module holds once ----------===//
//
// SharedFunctions.h.
//
//===----------------------------------------------------------------------===//

#include "SharedFunctions.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;

namespace ascube::lowering {

void keepOutOfLine(func::FuncOp f) {
  Builder b(f.getContext());
  f->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
}

MemRefType contiguousRun(Type t) {
  return MemRefType::get(
      {ShapedType::kDynamic}, t,
      StridedLayoutAttr::get(t.getContext(), ShapedType::kDynamic, {1}));
}

func::FuncOp sharedFunction(
    ImplicitLocOpBuilder &b, StringRef name, FunctionType type,
    llvm::function_ref<void(ImplicitLocOpBuilder &, func::FuncOp)> build) {
  auto module =
      b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  if (auto f = module.lookupSymbol<func::FuncOp>(name)) {
    assert(f.getFunctionType() == type &&
           "a shared function's name must determine its type");
    return f;
  }
  OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
  auto f = func::FuncOp::create(mb, b.getLoc(), name, type);
  f.setPrivate();
  keepOutOfLine(f);
  ImplicitLocOpBuilder fb =
      ImplicitLocOpBuilder::atBlockBegin(b.getLoc(), f.addEntryBlock());
  build(fb, f);
  func::ReturnOp::create(fb);
  return f;
}

Value constTable(ImplicitLocOpBuilder &b, ModuleOp module, StringRef base,
                 ArrayRef<int32_t> values) {
  auto type = MemRefType::get({int64_t(values.size())}, b.getI32Type());
  auto attr = DenseElementsAttr::get(
      RankedTensorType::get({int64_t(values.size())}, b.getI32Type()), values);
  std::string sym = base.str();
  for (unsigned n = 1;; ++n) {
    auto existing = dyn_cast_or_null<memref::GlobalOp>(
        SymbolTable::lookupSymbolIn(module, sym));
    if (!existing)
      break;
    if (existing.getInitialValue() == Attribute(attr))
      return memref::GetGlobalOp::create(b, type, sym);
    sym = (base + "_" + Twine(n)).str();
  }
  OpBuilder mb(module.getBodyRegion());
  memref::GlobalOp::create(mb, module.getLoc(), sym,
                           mb.getStringAttr("private"), type, attr,
                           /*constant=*/true, /*alignment=*/nullptr);
  return memref::GetGlobalOp::create(b, type, sym);
}

} // namespace ascube::lowering
