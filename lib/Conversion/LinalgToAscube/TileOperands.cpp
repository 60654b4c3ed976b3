//===- TileOperands.cpp - What ascube-tile-linalg asks of its operands ----===//
//
// The checks the matmul and convolution mappers share about their operands
// (TileLinalg.h): a product's Mmad row for the types, plain GM matrices
// and views (and why an operand is not one), a GM row pitch, and operand
// sizes ascube can address; an operand as a matrix.
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Target/Target.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;

void ascube::tiling::describeMiss(InFlightDiagnostic &d, StringRef rangeMiss,
                                  function_ref<model::MatmulFootprint()> need,
                                  const model::MatmulCapacities &cap,
                                  int64_t sets) {
  if (!rangeMiss.empty()) {
    d << ": past an instruction's range: " << rangeMiss;
    return;
  }
  model::MatmulFootprint bytes = need();
  d << ": " << model::describeOverflow(bytes, cap);
  if (sets == 2 &&
      (bytes.l0a > cap.l0a || bytes.l0b > cap.l0b || bytes.l1 > cap.l1))
    d << " (L0A, L0B and L1 counted for two buffer sets: double buffering)";
}

bool ascube::tiling::isPlainGMMatrix(Value v, int64_t rank) {
  auto t = dyn_cast<MemRefType>(v.getType());
  if (!t || t.getRank() != rank || !t.hasStaticShape() || t.getMemorySpace())
    return false;
  if (t.getLayout().isIdentity())
    return true;
  // A view of GM (gmview_c1) of a type GM holds as it is.
  std::optional<GMView> view = getGMView(t);
  std::optional<unsigned> bits = getElementBitWidth(t.getElementType());
  // (A column-major view, DN, is not taken as a row-major operand.)
  return view && !view->columnMajor && bits && *bits >= 8 &&
         isa<IntegerType, FloatType>(t.getElementType());
}

std::string
ascube::tiling::whyNotPlainGM(Operation *op,
                              ArrayRef<std::pair<Value, int64_t>> operands) {
  for (auto [v, rank] : operands) {
    if (isPlainGMMatrix(v, rank))
      continue;
    std::string s;
    llvm::raw_string_ostream os(s);
    unsigned i = 0;
    while (i < op->getNumOperands() && op->getOperand(i) != v)
      ++i;
    os << ": operand #" << i << " (" << v.getType() << ") ";
    auto t = dyn_cast<MemRefType>(v.getType());
    int64_t offset;
    SmallVector<int64_t> strides;
    std::optional<GMView> view = t ? getGMView(t) : std::nullopt;
    if (!t)
      os << "is not a memref";
    else if (t.getRank() != rank)
      os << "has " << t.getRank() << " dimensions, not " << rank;
    else if (t.getMemorySpace())
      os << "is in memory space " << t.getMemorySpace() << ", not GM";
    else if (!t.hasStaticShape())
      os << "has a dynamic shape: ascube maps static shapes (each "
            "instruction's sizes are fields of it); give the function static "
            "types, e.g. specialize it for the shapes it runs";
    else if (failed(t.getStridesAndOffset(strides, offset)))
      os << "has a layout that is no strided view";
    else if ((ShapedType::isDynamic(offset) ||
              llvm::any_of(strides, ShapedType::isDynamic)) &&
             isa<BlockArgument>(v))
      os << "is an argument whose layout is known only at run time, as "
            "one-shot bufferization gives function arguments by default: "
            "bufferize with function-boundary-type-conversion=identity-"
            "layout-map, or hand ascube-tile-linalg the tensor function (it "
            "bufferizes it so)";
    else if (ShapedType::isDynamic(offset) ||
             llvm::any_of(strides, ShapedType::isDynamic))
      os << "is a view with a dynamic offset or stride: the pass maps views "
            "at static offsets and strides (a memref.subview with constant "
            "offsets)";
    else if (view && view->columnMajor)
      os << "is a column-major view";
    else if (std::optional<unsigned> bits =
                 getElementBitWidth(t.getElementType());
             !bits || *bits < 8 ||
             !isa<IntegerType, FloatType>(t.getElementType()))
      os << "is a view of elements GM does not hold as they are (4-bit, or "
            "not a builtin integer or float)";
    else
      os << "is a view no DataCopy or Fixpipe field can express";
    return s;
  }
  return "";
}

int64_t ascube::tiling::gmPitch(Value v) {
  auto t = cast<MemRefType>(v.getType());
  if (std::optional<GMView> view = getGMView(t); view && !view->contiguous)
    return view->pitch;
  return t.getShape().back();
}

model::MatmulCapacities
ascube::tiling::matmulCapacities(const target::ProductInfo &prod) {
  return {int64_t(prod.L1), int64_t(prod.L0A), int64_t(prod.L0B),
          int64_t(prod.L0C), int64_t(prod.capacity(target::Level::BT))};
}

LogicalResult ascube::tiling::checkOperandSizes(Operation *op) {
  for (Value v : op->getOperands()) {
    auto t = dyn_cast<MemRefType>(v.getType());
    if (!t || !t.hasStaticShape())
      continue;
    int64_t n = 1;
    bool over = false;
    for (int64_t d : t.getShape())
      over |= llvm::MulOverflow(n, d, n) || n >= (int64_t(1) << 62);
    if (over)
      return op->emitOpError()
             << "operand " << t
             << " holds 2^62 elements or more, beyond any buffer ascube "
                "addresses (layout_c1) [tile_c1]";
  }
  return success();
}

Value ascube::tiling::collapseToMatrix(OpBuilder &b, Location loc, Value v,
                                       int64_t lead) {
  SmallVector<ReassociationIndices> dims(2);
  for (int64_t d = 0, e = cast<MemRefType>(v.getType()).getRank(); d < e; ++d)
    dims[d < lead ? 0 : 1].push_back(d);
  return memref::CollapseShapeOp::create(b, loc, v, dims);
}
