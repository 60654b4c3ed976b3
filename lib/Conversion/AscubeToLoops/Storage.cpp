//===- Storage.cpp - Flat storage and element codecs ----------------------===//
//
// Storage.h.
//
//===----------------------------------------------------------------------===//

#include "Storage.h"
#include "RuntimeABI.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Numerics/Packing.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;

namespace ascube::lowering {

Storage getStorage(Type t) {
  MLIRContext *ctx = t.getContext();
  unsigned bits = getElementBitWidth(t).value_or(8);
  if (bits == 4)
    return {IntegerType::get(ctx, 8), numerics::kElementsPerByte};
  // f32 is stored as f32; 16-bit floats as their bits (i16): LLVM turns
  // bf16 values crossing a branch or a store into f32 and back, and x86's
  // f32 -> bf16 conversions flush subnormals, so 16-bit float data is only
  // ever a float in the arithmetic (widenBits / narrowF32).
  if (t.isF32())
    return {t, 1};
  return {IntegerType::get(ctx, bits), 1};
}

bool needsFlattening(MemRefType t) {
  if (isa<LayoutAttr>(t.getLayout()) ||
      isa_and_nonnull<MemSpaceAttr>(t.getMemorySpace()))
    return true;
  // A plain GM memref of 16-bit floats keeps its type (the host's code
  // passes and allocates it as such); the movers store its elements as
  // bits (storeElement).
  Type e = t.getElementType();
  Storage s = getStorage(e);
  return s.per != 1 || (s.type != e && !isa<FloatType>(e));
}

MemRefType flatType(MemRefType t) {
  FailureOr<layout::FractalLayout> l = getFractalLayout(
      t, [&] { return emitError(UnknownLoc::get(t.getContext())); });
  if (failed(l))
    return nullptr;
  Storage s = getStorage(t.getElementType());
  return MemRefType::get({int64_t(llvm::divideCeil(l->numElements(), s.per))},
                         s.type);
}

Value flatten(ImplicitLocOpBuilder &b, Value v) {
  auto t = cast<MemRefType>(v.getType());
  if (std::optional<GMView> view = getGMView(t)) {
    // A GM view: its footprint as one run from its first element (element
    // (r, c) at r * pitch + c), over the same buffer.
    int64_t n = view->footprint();
    auto flat = MemRefType::get(
        {n}, t.getElementType(),
        StridedLayoutAttr::get(b.getContext(), view->offset, {1}));
    return memref::ReinterpretCastOp::create(
        b, flat, v, view->offset, ArrayRef<int64_t>{n}, ArrayRef<int64_t>{1});
  }
  if (t.getRank() == 1)
    return v;
  SmallVector<ReassociationIndices> all(1);
  for (int64_t i = 0; i < t.getRank(); ++i)
    all[0].push_back(i);
  return memref::CollapseShapeOp::create(b, v, all);
}

void copyRun(IndexMath &im, Value src, Value from, Value dst, Value to,
             int64_t n) {
  ImplicitLocOpBuilder &b = im.b;
  im.forRange(n, [&](Value e) {
    storeElement(b, memref::LoadOp::create(b, src, im.add(from, e)), dst,
                 im.add(to, e));
  });
}

void storeElement(ImplicitLocOpBuilder &b, Value v, Value buf, Value idx) {
  Type et = cast<MemRefType>(buf.getType()).getElementType();
  if (v.getType() != et)
    v = fromBits(b, toBits(b, v), et);
  memref::StoreOp::create(b, v, buf, idx);
}

Value storageIndex(IndexMath &im, Value logical, int64_t per) {
  return per == 1 ? logical : im.div(logical, per);
}

Value baseOffset(IndexMath &im, Value offset) {
  return offset ? offset : im.c(0);
}

Value decodeTable(ImplicitLocOpBuilder &b, ModuleOp module,
                  numerics::SmallFloat fmt, StringRef name) {
  std::string sym = ("__ascube_decode_" + name).str();
  int64_t n = (fmt == numerics::SmallFloat::F4E2M1 ||
               fmt == numerics::SmallFloat::F4E1M2)
                  ? 16
                  : 256;
  auto type = MemRefType::get({n}, b.getF32Type());
  if (!SymbolTable::lookupSymbolIn(module, sym)) {
    OpBuilder mb(module.getBodyRegion());
    SmallVector<float> values;
    for (int64_t i = 0; i < n; ++i)
      values.push_back(numerics::decodeSmallFloat(fmt, uint8_t(i)));
    auto attr = DenseElementsAttr::get(
        RankedTensorType::get({n}, b.getF32Type()), ArrayRef<float>(values));
    memref::GlobalOp::create(mb, module.getLoc(), sym,
                             mb.getStringAttr("private"), type, attr,
                             /*constant=*/true, /*alignment=*/nullptr);
  }
  return memref::GetGlobalOp::create(b, type, sym);
}

StringRef tableName(numerics::SmallFloat f) {
  switch (f) {
  case numerics::SmallFloat::F8E4M3FN:
    return "f8E4M3FN";
  case numerics::SmallFloat::F8E5M2:
    return "f8E5M2";
  case numerics::SmallFloat::F8E8M0:
    return "f8E8M0FNU";
  case numerics::SmallFloat::HiF8:
    return "hif8";
  case numerics::SmallFloat::F4E2M1:
    return "f4E2M1FN";
  case numerics::SmallFloat::F4E1M2:
    return "f4e1m2";
  }
  return "unknown";
}

std::optional<numerics::SmallFloat> smallFloatOf(Type t) {
  if (isa<Float8E4M3FNType>(t))
    return numerics::SmallFloat::F8E4M3FN;
  if (isa<Float8E5M2Type>(t))
    return numerics::SmallFloat::F8E5M2;
  if (isa<Float8E8M0FNUType>(t))
    return numerics::SmallFloat::F8E8M0;
  if (isa<HiFloat8Type>(t))
    return numerics::SmallFloat::HiF8;
  if (isa<Float4E2M1FNType>(t))
    return numerics::SmallFloat::F4E2M1;
  if (isa<Float4E1M2Type>(t))
    return numerics::SmallFloat::F4E1M2;
  return std::nullopt;
}

Value loadWide(IndexMath &im, ModuleOp module, Value buf, Value idx,
               Type logical) {
  ImplicitLocOpBuilder &b = im.b;
  Storage st = getStorage(logical);
  Value raw = memref::LoadOp::create(b, buf, storageIndex(im, idx, st.per));
  if (st.per != 1) {
    // The nibble of element idx (Numerics/Packing.h: element 2i low).
    Value odd = arith::IndexCastOp::create(b, b.getI8Type(), im.rem(idx, 2));
    Value shift = arith::MulIOp::create(
        b, odd,
        arith::ConstantIntOp::create(b, b.getI8Type(), numerics::kNibbleBits));
    raw = arith::ShRUIOp::create(b, raw, shift);
    raw = arith::AndIOp::create(
        b, raw, arith::ConstantIntOp::create(b, b.getI8Type(), 0xF));
  }
  if (std::optional<numerics::SmallFloat> f = smallFloatOf(logical)) {
    Value table = decodeTable(b, module, *f, tableName(*f));
    Value i = arith::IndexCastUIOp::create(b, b.getIndexType(), raw);
    return memref::LoadOp::create(b, table, i);
  }
  if (logical.isF16() || logical.isBF16())
    return widenBits(b, raw, logical);
  if (logical.isF32())
    return raw;
  if (st.per != 1) { // int4: sign-extend the nibble
    Value four = arith::ConstantIntOp::create(b, b.getI8Type(), 4);
    raw = arith::ShRSIOp::create(b, arith::ShLIOp::create(b, raw, four), four);
    return arith::ExtSIOp::create(b, b.getI64Type(), raw);
  }
  if (logical.isUnsignedInteger())
    return arith::ExtUIOp::create(b, b.getI64Type(), raw);
  return arith::ExtSIOp::create(b, b.getI64Type(), raw);
}

Value loadNibble(IndexMath &im, Value buf, Value idx) {
  ImplicitLocOpBuilder &b = im.b;
  Value byte = memref::LoadOp::create(b, buf, im.div(idx, 2));
  Value shift = arith::MulIOp::create(
      b, arith::IndexCastOp::create(b, b.getI8Type(), im.rem(idx, 2)),
      arith::ConstantIntOp::create(b, b.getI8Type(), numerics::kNibbleBits));
  return arith::AndIOp::create(
      b, arith::ShRUIOp::create(b, byte, shift),
      arith::ConstantIntOp::create(b, b.getI8Type(), 0xF));
}

void storeNibble(IndexMath &im, Value v, Value buf, Value idx) {
  ImplicitLocOpBuilder &b = im.b;
  Value at = im.div(idx, 2);
  Value shift = arith::MulIOp::create(
      b, arith::IndexCastOp::create(b, b.getI8Type(), im.rem(idx, 2)),
      arith::ConstantIntOp::create(b, b.getI8Type(), numerics::kNibbleBits));
  Value mask = arith::ShLIOp::create(
      b, arith::ConstantIntOp::create(b, b.getI8Type(), 0xF), shift);
  Value keep = arith::AndIOp::create(
      b, memref::LoadOp::create(b, buf, at),
      arith::XOrIOp::create(
          b, mask, arith::ConstantIntOp::create(b, b.getI8Type(), 0xFF)));
  Value put = arith::ShLIOp::create(b, v, shift);
  memref::StoreOp::create(b, arith::OrIOp::create(b, keep, put), buf, at);
}

double maxFinite(Type t) {
  if (auto f = dyn_cast<FloatType>(t))
    return llvm::APFloat::getLargest(f.getFloatSemantics()).convertToDouble();
  // The verifiers let no other float output through (fixpipe_c3).
  assert(isa<HiFloat8Type>(t) && "a float output type");
  return 32768.0; // HiF8's largest (§17)
}

Value clampF32(ImplicitLocOpBuilder &b, Value v, double lo, double hi) {
  auto f32c = [&](double x) {
    return arith::ConstantOp::create(b, b.getF32FloatAttr(float(x)));
  };
  v = arith::MaximumFOp::create(b, v, f32c(lo));
  return arith::MinimumFOp::create(b, v, f32c(hi));
}

Value widenBits(ImplicitLocOpBuilder &b, Value bits, Type logical) {
  if (logical.isBF16() || logical.isF16())
    bits = toBits(b, bits); // a GM memref's element arrives as a float
  if (logical.isBF16()) {
    Value w = arith::ExtUIOp::create(b, b.getI32Type(), bits);
    w = arith::ShLIOp::create(
        b, w, arith::ConstantIntOp::create(b, b.getI32Type(), 16));
    return arith::BitcastOp::create(b, b.getF32Type(), w);
  }
  if (logical.isF16())
    return arith::ExtFOp::create(
        b, b.getF32Type(),
        Value(arith::BitcastOp::create(b, b.getF16Type(), bits)));
  return bits;
}

Value narrowF32(ImplicitLocOpBuilder &b, Value v, Type logical) {
  if (logical.isF16())
    return arith::BitcastOp::create(
        b, b.getI16Type(),
        Value(arith::TruncFOp::create(b, b.getF16Type(), v)));
  if (!logical.isBF16())
    return v;
  // Round half to even on the bits; a NaN keeps its top bits, made quiet.
  auto i32c = [&](int64_t c) {
    return arith::ConstantIntOp::create(b, b.getI32Type(), c);
  };
  Value i = arith::BitcastOp::create(b, b.getI32Type(), v);
  Value hi = arith::ShRUIOp::create(b, i, i32c(16));
  Value lsb = arith::AndIOp::create(b, hi, i32c(1));
  Value bias = arith::AddIOp::create(b, lsb, i32c(0x7FFF));
  Value rounded =
      arith::ShRUIOp::create(b, arith::AddIOp::create(b, i, bias), i32c(16));
  Value quiet = arith::OrIOp::create(b, hi, i32c(0x40));
  Value nan = arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, v, v);
  Value r = arith::SelectOp::create(b, nan, quiet, rounded);
  return arith::TruncIOp::create(b, b.getI16Type(), r);
}

Type bitsType(Type t) {
  if (auto f = dyn_cast<FloatType>(t))
    return IntegerType::get(t.getContext(), f.getWidth());
  return t;
}

Value toBits(ImplicitLocOpBuilder &b, Value v) {
  Type it = bitsType(v.getType());
  return it == v.getType() ? v : arith::BitcastOp::create(b, it, v);
}

Value fromBits(ImplicitLocOpBuilder &b, Value bits, Type t) {
  return bits.getType() == t ? bits : arith::BitcastOp::create(b, t, bits);
}

Value saturateF32(ImplicitLocOpBuilder &b, Value v, double max) {
  Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0));
  Value nan = arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, v, v);
  return arith::SelectOp::create(b, nan, zero, clampF32(b, v, -max, max));
}

Value getMemory(OpBuilder &b, Location loc, StringRef name, int64_t bytes) {
  return memref::GetGlobalOp::create(
      b, loc, MemRefType::get({bytes}, b.getI8Type()), name);
}

Value sparseIndexBuffer(OpBuilder &b, Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto g = module.lookupSymbol<memref::GlobalOp>(kIndexGlobal);
  if (!g)
    return Value();
  return memref::GetGlobalOp::create(b, op->getLoc(), g.getType(),
                                     kIndexGlobal);
}

} // namespace ascube::lowering
