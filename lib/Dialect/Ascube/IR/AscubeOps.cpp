//===- AscubeOps.cpp - ascube instruction ops: parameters, verifiers ------===//
//
// data_copy (cube-reference §4, §5, §16), load_2d (§6), mmad (§13) and
// fixpipe (§16). Each op derives the parameters it executes with
// (AscubeParams.h) and checks what holds on every product; rule labels are
// listed in docs/Constraints.md.
//
//===----------------------------------------------------------------------===//

#include "ascube/Dialect/Ascube/IR/AscubeParams.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
using layout::Format;
using target::Level;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

namespace {
/// A buffer operand resolved with its layout. rows()/cols() are its last
/// two extents; a 1-D (ND) buffer is one row.
struct Buffer {
  MemRefType type;
  layout::FractalLayout layout;
  Level level;
  unsigned bits;
  static int64_t secondLast(ArrayRef<int64_t> shape) {
    return shape.size() < 2 ? 1 : shape[shape.size() - 2];
  }
  int64_t rows() const { return secondLast(layout.shape()); }
  int64_t cols() const { return layout.shape().back(); }
  int64_t paddedRows() const { return secondLast(layout.paddedShape()); }
  int64_t paddedCols() const { return layout.paddedShape().back(); }
  Format format() const { return layout.format(); }
};

FailureOr<Buffer> resolve(Value v, StringRef role, EmitErrorFn emit) {
  auto type = cast<MemRefType>(v.getType());
  FailureOr<layout::FractalLayout> l = getFractalLayout(
      type, [&]() -> InFlightDiagnostic { return emit() << role << ": "; });
  if (failed(l))
    return failure();
  return Buffer{type, std::move(*l), *getMemLevel(type),
                *getElementBitWidth(type.getElementType())};
}

int64_t attrOr(IntegerAttr a, int64_t dflt) { return a ? a.getInt() : dflt; }
bool attrOr(BoolAttr a, bool dflt) { return a ? a.getValue() : dflt; }

LogicalResult inRange(EmitErrorFn emit, StringRef name, int64_t v, int64_t lo,
                      int64_t hi, StringRef label) {
  if (v >= lo && v <= hi)
    return success();
  return emit() << name << " = " << v << " is outside [" << lo << ", " << hi
                << "] [" << label << "]";
}

/// unitFlag is 0, 2 or 3 (§13.3).
LogicalResult checkUnitFlag(EmitErrorFn emit, int64_t v, StringRef label) {
  if (v == 0 || v == 2 || v == 3)
    return success();
  return emit() << "unitFlag = " << v << " is not 0, 2 or 3 [" << label << "]";
}

/// Static element offset of an optional index operand (0 when absent);
/// std::nullopt when it is not a constant.
std::optional<int64_t> staticOffset(Value v) {
  if (!v)
    return 0;
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return c.getSExtValue();
  return std::nullopt;
}

/// Checks that elements [0, extent) past `offset` lie in the buffer, when
/// the offset is static (dynamic offsets are checked at run time where
/// asked, never here).
LogicalResult checkExtent(EmitErrorFn emit, StringRef role, Value offset,
                          const Buffer &b, int64_t extent, StringRef label) {
  std::optional<int64_t> off = staticOffset(offset);
  if (!off || extent <= 0)
    return success();
  if (*off < 0)
    return emit() << role << " offset " << *off << " is negative [" << label
                  << "]";
  if (*off > b.layout.numElements() - extent) // no overflow: both >= 0
    return emit() << role << " access of " << extent << " elements at offset "
                  << *off << " reaches past the " << role << " buffer "
                  << b.type << ", which holds " << b.layout.numElements()
                  << " elements [" << label << "]";
  return success();
}

int64_t c0Of(unsigned bits) { return layout::c0ForBits(bits); }

/// The op's accesses (getAccessExtents) lie inside its buffers, where the
/// offsets are static.
template <typename OpT>
LogicalResult checkExtents(OpT op, EmitErrorFn emit, const Buffer &src,
                           const Buffer &dst, StringRef label) {
  FailureOr<AccessExtents> e = getAccessExtents(op, emit);
  if (failed(e))
    return failure();
  if (failed(
          checkExtent(emit, "source", op.getSrcOffset(), src, e->src, label)) ||
      failed(checkExtent(emit, "destination", op.getDstOffset(), dst, e->dst,
                         label)))
    return failure();
  return success();
}

/// With a target product: the level exists on it (capacity_c2) and the
/// buffer, placed at `offset` bytes, fits it (capacity_c1) — cube-reference
/// §1, docs/Products.md.
LogicalResult checkCapacity(Operation *op, EmitErrorFn emit, StringRef role,
                            const Buffer &b, int64_t offset = 0) {
  const target::ProductInfo *prod = getTargetProduct(op);
  if (b.level == Level::GM)
    return success();
  if (!prod)
    return success();
  StringRef level = target::stringifyLevel(b.level);
  if (!prod->hasLevel(b.level))
    return emit() << role << " lives in " << level << ", which " << prod->Name
                  << " does not have [capacity_c2]";
  int64_t size = b.layout.sizeInBytes();
  int64_t cap = prod->capacity(b.level);
  if (size > cap || offset > cap - size) {
    auto d = emit();
    d << role << " needs " << size << " B";
    if (offset)
      d << " at offset " << offset << " B";
    return d << " but " << prod->Name << " " << level << " holds " << cap
             << " B [capacity_c1]";
  }
  return success();
}

LogicalResult checkOperandCapacities(Operation *op, EmitErrorFn emit);

/// The source and destination of a mover, resolved, with every buffer
/// operand checked against the target's capacities.
/// fractal_c1: the L1 -> L0 movers (and LoadData 2D from GM) move whole
/// 512 B fractals of fixed geometry — 16 x C0 with rows inside (z), C0 x 16
/// with columns inside (n), C0 = 32 B / element; ScaleA 16 x 2, ScaleB
/// 2 x 16, SparseIndex 8 x 16 (cube-reference §2, §3, §4). An operand whose
/// layout names another fractal would have its elements land elsewhere.
LogicalResult checkHardwareFractal(EmitErrorFn emit, StringRef role,
                                   const Buffer &b) {
  if (!layout::isFractalFormat(b.format()) || b.bits == 0)
    return success();
  layout::FractalShape want = layout::defaultFractal(
      b.format(), b.bits, /*inL0C=*/b.level == Level::L0C);
  layout::FractalShape got = b.layout.fractal();
  if (got == want)
    return success();
  return emit() << role << " " << b.type << " has " << got.rows << "x"
                << got.cols << " fractals, but the instruction moves "
                << layout::stringifyFormat(b.format()) << " fractals of "
                << want.rows << "x" << want.cols << " " << b.bits
                << "-bit elements (" << (want.rows * want.cols * b.bits / 8)
                << " B); drop `fractal = [...]` from the layout [fractal_c1]";
}

/// checkHardwareFractal for each of a mover's buffers.
LogicalResult
checkHardwareFractals(EmitErrorFn emit,
                      ArrayRef<std::pair<StringRef, const Buffer *>> bufs) {
  for (auto [role, b] : bufs)
    if (failed(checkHardwareFractal(emit, role, *b)))
      return failure();
  return success();
}

/// With `fixedFractals`, for movers of whole 512 B fractals, both buffers
/// have the hardware's fractal (fractal_c1).
FailureOr<std::pair<Buffer, Buffer>> resolveMover(Operation *op, Value src,
                                                  Value dst, EmitErrorFn emit,
                                                  bool fixedFractals = false) {
  FailureOr<Buffer> s = resolve(src, "source", emit);
  FailureOr<Buffer> d = resolve(dst, "destination", emit);
  if (failed(s) || failed(d) || failed(checkOperandCapacities(op, emit)))
    return failure();
  if (fixedFractals && failed(checkHardwareFractals(
                           emit, {{"source", &*s}, {"destination", &*d}})))
    return failure();
  return std::make_pair(std::move(*s), std::move(*d));
}

/// An instruction operand's base address is `align`-byte aligned
/// (cube-reference §4, §13): checked where it is static.
LogicalResult checkAlign(EmitErrorFn emit, StringRef role, Value buf,
                         Value elemOffset, const Buffer &b, int64_t align) {
  std::optional<int64_t> addr = getStaticAddress(buf, elemOffset, b.bits);
  if (!addr || align <= 1 || *addr % align == 0)
    return success();
  if (b.level == Level::GM)
    return emit() << role << " offset " << *addr
                  << " B from the start of the GM buffer is not a multiple of "
                  << align << " B [alignment_c2]";
  return emit() << role << " address " << *addr << " B in "
                << target::stringifyLevel(b.level) << " is not a multiple of "
                << align << " B [alignment_c2]";
}

/// The A, B and C operands of a matrix instruction, resolved, with the
/// capacities checked, in L0A, L0B and L0C (`label`; `bName` is how the
/// diagnostic calls B).
LogicalResult resolveMatmul(Operation *op, Value av, Value bv, Value cv,
                            StringRef bName, StringRef label,
                            FailureOr<Buffer> &a, FailureOr<Buffer> &b,
                            FailureOr<Buffer> &c) {
  auto emit = [&]() { return op->emitOpError(); };
  a = resolve(av, "A", emit);
  b = resolve(bv, "B", emit);
  c = resolve(cv, "C", emit);
  if (failed(a) || failed(b) || failed(c) ||
      failed(checkOperandCapacities(op, emit)))
    return failure();
  if (a->level != Level::L0A || b->level != Level::L0B ||
      c->level != Level::L0C)
    return op->emitOpError()
           << "reads A from L0A and " << bName
           << " from L0B and writes C in L0C, got "
           << target::stringifyLevel(a->level) << ", "
           << target::stringifyLevel(b->level) << ", "
           << target::stringifyLevel(c->level) << " [" << label << "]";
  return success();
}

/// Is (A, B -> C, bias) a row of the product's Mmad table?
bool hasTypeRow(ArrayRef<target::TypeRowInfo> rows,
                const target::ProductInfo &p, Type t) {
  std::string name = getCubeTypeName(t);
  return llvm::any_of(rows, [&](const target::TypeRowInfo &r) {
    return p.in(r.Products) && name == r.Type;
  });
}

/// checkCapacity for every buffer operand of an instruction op.
LogicalResult checkOperandCapacities(Operation *op, EmitErrorFn emit) {
  for (OpOperand &use : op->getOpOperands()) {
    auto t = dyn_cast<MemRefType>(use.get().getType());
    if (!t)
      continue;
    std::optional<Level> level = getMemLevel(t);
    if (!level)
      continue;
    FailureOr<layout::FractalLayout> l =
        getFractalLayout(t, [&] { return emit(); });
    if (failed(l))
      return failure();
    Buffer b{t, std::move(*l), *level, *getElementBitWidth(t.getElementType())};
    std::string role = (target::stringifyLevel(*level) + " operand").str();
    if (failed(checkCapacity(op, emit, role, b)))
      return failure();
  }
  return success();
}

/// Why a LoadData 3D kernel does not fit its padded map (load3d_c8,
/// load3dv1_c4): the dilated kernel's extent and the §10.3 formula's
/// values, not the clamped ones.
std::string kernelMisfit(const layout::Im2colGeometry &g) {
  auto side = [](int64_t padded, int64_t k, int64_t d, int64_t s) {
    int64_t span = (k - 1) * d + 1;
    return std::make_pair(
        span,
        llvm::divideFloorSigned(padded - span, std::max<int64_t>(s, 1)) + 1);
  };
  int64_t ph = g.l1H + g.padTop + g.padBottom,
          pw = g.l1W + g.padLeft + g.padRight;
  auto [sh, hout] = side(ph, g.kernelH, g.dilationH, g.strideH);
  auto [sw, wout] = side(pw, g.kernelW, g.dilationW, g.strideW);
  return llvm::formatv(
      "the {0}x{1} kernel with dilations ({2}, {3}) spans {4}x{5}, which the "
      "padded {6}x{7} map cannot hold: Hout = floor(({6} - {4}) / {8}) + 1 = "
      "{9}, Wout = floor(({7} - {5}) / {10}) + 1 = {11}; both must be >= 1 "
      "(pad the map, or use a smaller kernel or dilation)",
      g.kernelH, g.kernelW, g.dilationH, g.dilationW, sh, sw, ph, pw, g.strideH,
      hout, g.strideW, wout);
}

/// "m = .., k = .., n = ..", for diagnostics.
std::string mknText(int64_t m, int64_t k, int64_t n) {
  return llvm::formatv("m = {0}, k = {1}, n = {2}", m, k, n);
}

/// One operand a matrix instruction reads (or writes) rows x cols of, for
/// padding_c1; `shape` says which parameters ("m x k").
struct MatrixReach {
  StringRef role;
  const Buffer *buffer;
  int64_t rows, cols;
  StringRef shape;
};
LogicalResult checkLogicalReach(EmitErrorFn emit, StringRef role,
                                const Buffer &b, int64_t rows, int64_t cols,
                                const Twine &what);
/// padding_c1 for the operands of an Mmad-family instruction.
LogicalResult checkMatrixReach(EmitErrorFn emit, int64_t m, int64_t k,
                               int64_t n, ArrayRef<MatrixReach> operands) {
  std::string mkn = mknText(m, k, n);
  for (const MatrixReach &o : operands)
    if (failed(checkLogicalReach(emit, o.role, *o.buffer, o.rows, o.cols,
                                 mkn + " (" + o.shape + ")")))
      return failure();
  return success();
}

/// padding_c1: an instruction that computes with `role`'s values reads (or
/// writes) its top-left `rows` x `cols` logical elements (`what` says which
/// parameters ask for them); past the buffer's logical shape it would take
/// padding as data.
LogicalResult checkLogicalReach(EmitErrorFn emit, StringRef role,
                                const Buffer &b, int64_t rows, int64_t cols,
                                const Twine &what) {
  if (b.layout.shape().size() != 2 || (rows <= b.rows() && cols <= b.cols()))
    return success();
  return emit() << role << " " << b.type << " has " << b.rows() << "x"
                << b.cols() << " logical elements but " << what << " reach "
                << rows << "x" << cols
                << " of it: its padding would be taken as data; give the "
                   "buffer that logical shape [padding_c1]";
}

/// A 2-D destination typed as the transpose of a non-square 2-D source (a
/// K x M source for an M x K L0A): the derived L1 -> L0 forms then read
/// destination (r, c) as source (c, r). Square shapes cannot tell a
/// transposed operand from the same matrix, so they are never read so.
bool isTransposedView(ArrayRef<int64_t> src, ArrayRef<int64_t> dst) {
  return src.size() == 2 && dst.size() == 2 && src[0] == dst[1] &&
         src[1] == dst[0] && src[0] != src[1];
}

/// Moving the squares puts every destination element where the
/// destination's layout keeps the same logical element as the source's
/// (both padding, or equal): the move reproduces the layout. The
/// destination may also be the transposed matrix of a 2-D source (a K x M
/// source for an M x K L0A): its element (r, c) is then the source's (c, r).
/// Every logical destination element must be written: a derived form that
/// moves too few squares (or none) does not reproduce the layout.
bool squaresKeepLayout(const layout::FractalLayout &s,
                       const layout::FractalLayout &d,
                       ArrayRef<FractalSquare> squares, unsigned bits,
                       bool transposed,
                       std::optional<bool> onlyView = std::nullopt) {
  if (s.numElements() > kMaxTileElements || d.numElements() > kMaxTileElements)
    return false; // no level holds such a tile
  int64_t f = 4096 / bits;
  auto keeps = [&](bool view) {
    // An explicit transposed reading also holds for square tiles.
    bool swapped = s.shape().size() == 2 && d.shape().size() == 2 &&
                   s.shape()[0] == d.shape()[1] && s.shape()[1] == d.shape()[0];
    bool shapesFit =
        view ? (onlyView ? swapped : isTransposedView(s.shape(), d.shape()))
             : s.shape() == d.shape();
    if (!shapesFit)
      return false;
    llvm::BitVector written(d.numElements());
    for (const FractalSquare &sq : squares) {
      int64_t n = sq.src.size();
      for (int64_t e = 0; e < n * f; ++e) {
        TransposeTarget t = transposed ? transposeElement(bits, e)
                                       : TransposeTarget{0, e, 0, e};
        int64_t sp = sq.src[t.srcFractal] * f + t.srcInside;
        int64_t dp = sq.dst[t.dstFractal] * f + t.dstInside;
        if (sp < 0 || dp < 0 || sp >= s.numElements() || dp >= d.numElements())
          return false;
        std::optional<SmallVector<int64_t, 4>> si = s.logicalIndex(sp);
        if (si && view)
          std::swap((*si)[0], (*si)[1]);
        if (si != d.logicalIndex(dp))
          return false;
        written.set(dp);
      }
    }
    for (int64_t i = 0; i < d.numElements(); ++i)
      if (!written[i] && d.logicalIndex(i))
        return false;
    return true;
  };
  if (onlyView)
    return keeps(*onlyView);
  return keeps(false) || keeps(true);
}

} // namespace

unsigned ascube::getStorageBytes(Type t) {
  std::optional<unsigned> bits = getElementBitWidth(t);
  return bits ? *bits / 8 : 0;
}

//===----------------------------------------------------------------------===//
// AllocOp
//===----------------------------------------------------------------------===//

LogicalResult AllocOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  MemRefType type = getBuffer().getType();
  FailureOr<layout::FractalLayout> l = getFractalLayout(type, emit);
  if (failed(l))
    return failure();
  Level level = *getMemLevel(type);
  if (level == Level::GM)
    return emitOpError() << "allocates in GM; GM buffers are function "
                            "arguments, give the result an on-core "
                            "#ascube.mem level [alloc_c1]";
  int64_t offset = 0;
  if (IntegerAttr off = getOffsetAttr()) {
    offset = off.getInt();
    if (offset < 0)
      return emitOpError() << "offset = " << offset
                           << " B must be non-negative [alloc_c2]";
  }
  Buffer b{type, std::move(*l), level,
           *getElementBitWidth(type.getElementType())};
  if (const target::ProductInfo *prod = getTargetProduct(*this)) {
    unsigned align = prod->alignment(level);
    if (prod->hasLevel(level) && align > 1 && offset % align != 0)
      return emitOpError() << "offset = " << offset << " B in "
                           << target::stringifyLevel(level)
                           << " is not a multiple of " << align << " B on "
                           << prod->Name << " [alignment_c1]";
  }
  return checkCapacity(*this, emit, "buffer", b, offset);
}

//===----------------------------------------------------------------------===//
// DataCopyOp
//===----------------------------------------------------------------------===//

CopyMode DataCopyOp::getEffectiveMode() {
  if (std::optional<CopyMode> m = getMode())
    return *m;
  auto src = cast<MemRefType>(getSrc().getType());
  auto dst = cast<MemRefType>(getDst().getType());
  if (getMemLevel(dst) == Level::BT)
    return CopyMode::bias;
  if (getMemLevel(dst) == Level::FB)
    return CopyMode::fb;
  std::optional<layout::LayoutSpec> s = getLayoutSpec(src);
  std::optional<layout::LayoutSpec> d = getLayoutSpec(dst);
  if (s && d && d->format == Format::Nz) {
    if (s->format == Format::ND)
      return CopyMode::nd2nz;
    if (s->format == Format::DN)
      return CopyMode::dn2nz;
  }
  return CopyMode::copy;
}

FailureOr<CopyParams> ascube::getCopyParams(DataCopyOp op, EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  CopyMode mode = op.getEffectiveMode();
  // copy: 32 B units; bias: units of destination bytes, 64 B (32 B on 950)
  // (§16).
  const target::ProductInfo *prod = getTargetProduct(op);
  int64_t unit = mode == CopyMode::bias ? (prod ? prod->BiasCopyUnit : 64)
                 : mode == CopyMode::fb ? 128
                                        : 32;
  int64_t bytes = mode == CopyMode::bias ? dst->layout.sizeInBytes()
                                         : src->layout.sizeInBytes();
  CopyParams p;
  p.unitBytes = unit;
  p.blockCount = attrOr(op.getBlockCountAttr(), 1);
  bool derivedLen = !op.getBlockLenAttr();
  p.blockLen = attrOr(op.getBlockLenAttr(), llvm::divideCeil(bytes, unit));
  p.srcStride = attrOr(op.getSrcStrideAttr(), 0);
  p.dstStride = attrOr(op.getDstStrideAttr(), 0);
  if (derivedLen && bytes % unit != 0)
    return emit() << "cannot derive blockLen: the buffer holds " << bytes
                  << " B, not a whole number of " << unit
                  << " B units; pad the buffer to whole units or give "
                     "blockCount/blockLen [datacopy_c4]";
  if (mode == CopyMode::bias && unit == 32 && p.blockLen % 2 != 0)
    return emit() << "blockLen = " << p.blockLen
                  << " must be even for a bias copy on " << prod->Name
                  << " (32 B units) [datacopy_c5]";
  if (failed(
          inRange(emit, "blockCount", p.blockCount, 0, 4095, "datacopy_c5")) ||
      failed(inRange(emit, "blockLen", p.blockLen, 1, 65535, "datacopy_c5")) ||
      failed(
          inRange(emit, "srcStride", p.srcStride, 0, 65535, "datacopy_c5")) ||
      failed(inRange(emit, "dstStride", p.dstStride, 0, 65535, "datacopy_c5")))
    return failure();
  return p;
}

FailureOr<Nd2NzParams> ascube::getNd2NzParams(DataCopyOp op, EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  bool dn = op.getEffectiveMode() == CopyMode::dn2nz;
  // 4-bit data moves as bytes: every count below is then in bytes (§5).
  int64_t per = src->bits == 4 ? 2 : 1;
  auto units = [&](int64_t elems) { return elems / per; };
  size_t sr = src->layout.shape().size();
  int64_t batch = sr == 3 ? src->layout.shape()[0] : 1;
  Nd2NzParams p;
  p.ndNum = attrOr(op.getNdNumAttr(), batch);
  if (!dn) {
    p.nValue = attrOr(op.getNValueAttr(), src->rows());
    p.dValue = attrOr(op.getDValueAttr(), units(src->cols()));
    p.srcDValue = attrOr(op.getSrcDValueAttr(), units(src->paddedCols()));
    p.srcNdMatrixStride =
        attrOr(op.getSrcNdMatrixStrideAttr(),
               batch > 1 ? units(src->paddedRows() * src->paddedCols()) : 0);
  } else {
    // DN: columns are the contiguous lines.
    p.nValue = attrOr(op.getNValueAttr(), src->cols());
    p.dValue = attrOr(op.getDValueAttr(), src->rows());
    p.srcDValue = attrOr(op.getSrcDValueAttr(), src->paddedRows());
    p.srcNdMatrixStride =
        attrOr(op.getSrcNdMatrixStrideAttr(),
               batch > 1 ? src->paddedRows() * src->paddedCols() : 0);
  }
  p.dstNzC0Stride = attrOr(op.getDstNzC0StrideAttr(), dst->paddedRows());
  p.dstNzNStride = attrOr(op.getDstNzNStrideAttr(), 1);
  p.dstNzMatrixStride = attrOr(op.getDstNzMatrixStrideAttr(), 0);

  StringRef label = dn ? "dn2nz_c1" : "nd2nz_c1";
  if (failed(inRange(emit, "ndNum", p.ndNum, 0, 4095, label)) ||
      failed(inRange(emit, "nValue", p.nValue, 0, 16384, label)) ||
      failed(inRange(emit, "dValue", p.dValue, 0,
                     dn ? (int64_t(1) << 21) - 1 : 65535, label)) ||
      failed(inRange(emit, dn ? "srcDnMatrixStride" : "srcNdMatrixStride",
                     p.srcNdMatrixStride, 0,
                     dn ? (int64_t(1) << 40) - 1 : 65535, label)) ||
      failed(inRange(emit, "srcDValue", p.srcDValue, 1,
                     dn ? (int64_t(1) << 40) - 1 : 65535, label)) ||
      failed(
          inRange(emit, "dstNzC0Stride", p.dstNzC0Stride, 1, 16384, label)) ||
      failed(inRange(emit, "dstNzNStride", p.dstNzNStride, 1, 16384, label)) ||
      failed(inRange(emit, "dstNzMatrixStride", p.dstNzMatrixStride, 0, 16384,
                     label)))
    return failure();
  if (!op.getDstNzMatrixStrideAttr() && batch > 1) {
    // Dense packing: one Nz matrix of the source's shape after another
    // (nValue, dValue in range: no overflow).
    int64_t c0 = c0Of(dst->bits);
    int64_t nzMatrix = llvm::alignTo(dn ? p.dValue : p.nValue, 16) *
                       llvm::alignTo(dn ? p.nValue * per : p.dValue * per, c0);
    p.dstNzMatrixStride = units(nzMatrix);
    if (failed(inRange(emit, "dstNzMatrixStride", p.dstNzMatrixStride, 0, 16384,
                       label)))
      return failure();
  }
  return p;
}

LogicalResult DataCopyOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  CopyMode mode = getEffectiveMode();
  Type st = src->type.getElementType(), dt = dst->type.getElementType();
  // An access that reaches too far, with the fields derived from the whole
  // source named (a part of it needs them given).
  auto emitExtent = [&]() {
    InFlightDiagnostic d = emitOpError();
    ScopedDiagnosticHandler quiet(getContext(),
                                  [](Diagnostic &) { return success(); });
    std::string derived;
    llvm::raw_string_ostream os(derived);
    auto add = [&](StringRef name, int64_t v) {
      os << (derived.empty() ? "" : ", ") << name << " = " << v;
    };
    if (getEffectiveMode() == CopyMode::nd2nz ||
        getEffectiveMode() == CopyMode::dn2nz) {
      if (FailureOr<Nd2NzParams> p = getNd2NzParams(*this, emit);
          succeeded(p)) {
        if (!getNdNumAttr())
          add("ndNum", p->ndNum);
        if (!getNValueAttr())
          add("nValue", p->nValue);
        if (!getDValueAttr())
          add("dValue", p->dValue);
      }
    } else if (FailureOr<CopyParams> p = getCopyParams(*this, emit);
               succeeded(p)) {
      if (!getBlockCountAttr())
        add("blockCount", p->blockCount);
      if (!getBlockLenAttr())
        add("blockLen", p->blockLen);
    }
    // (With a stride given, the stride is the likelier culprit.)
    bool strides = getSrcStrideAttr() || getDstStrideAttr() ||
                   getSrcNdMatrixStrideAttr() || getSrcDValueAttr() ||
                   getDstNzC0StrideAttr() || getDstNzNStrideAttr() ||
                   getDstNzMatrixStrideAttr();
    if (!derived.empty() && !strides)
      d.attachNote() << derived << " were derived from the whole source "
                     << src->type << "; give them to move a part of it";
    return d;
  };

  // Paths (§4, §16): GM -> L1, L1 -> BT for bias, L1 -> FB for fb.
  bool fromL1 = mode == CopyMode::bias || mode == CopyMode::fb;
  Level want = fromL1 ? Level::L1 : Level::GM;
  Level wantDst = mode == CopyMode::bias ? Level::BT
                  : mode == CopyMode::fb ? Level::FB
                                         : Level::L1;
  if (src->level != want || dst->level != wantDst)
    return emitOpError() << stringifyCopyMode(mode) << " moves "
                         << target::stringifyLevel(want) << " -> "
                         << target::stringifyLevel(wantDst) << ", got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [datacopy_c1]";

  // Only the mode's own parameters.
  bool copyParams = getBlockCountAttr() || getBlockLenAttr() ||
                    getSrcStrideAttr() || getDstStrideAttr();
  bool ndParams = getNdNumAttr() || getNValueAttr() || getDValueAttr() ||
                  getSrcNdMatrixStrideAttr() || getSrcDValueAttr() ||
                  getDstNzC0StrideAttr() || getDstNzNStrideAttr() ||
                  getDstNzMatrixStrideAttr();
  bool isNd = mode == CopyMode::nd2nz || mode == CopyMode::dn2nz;
  if ((isNd && copyParams) || (!isNd && ndParams))
    return emitOpError() << "mode " << stringifyCopyMode(mode)
                         << (isNd ? " takes Nd2NzParams, not DataCopyParams"
                                  : " takes DataCopyParams, not Nd2NzParams")
                         << " [datacopy_c3]";

  BaseAlignment align = getBaseAlignment(*this);
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  if (const target::ProductInfo *prod = getTargetProduct(*this)) {
    Type et = src->type.getElementType();
    if (mode == CopyMode::nd2nz && !prod->HasND2NZ)
      return emitOpError() << prod->Name
                           << " has no DataCopy ND2NZ [datacopy_c6]";
    if (mode == CopyMode::dn2nz && !prod->HasDN2NZ)
      return emitOpError() << prod->Name
                           << " has no DataCopy DN2NZ (950 only) "
                              "[datacopy_c6]";
    if ((mode == CopyMode::nd2nz || mode == CopyMode::dn2nz) &&
        !hasTypeRow(target::nd2nzTypes(), *prod, et))
      return emitOpError() << stringifyCopyMode(mode) << " of " << et
                           << " is not available on " << prod->Name
                           << " [datacopy_c6]";
    if (mode == CopyMode::bias && et.isBF16() && prod->Arch != 3510)
      return emitOpError() << "bf16 bias copies exist on 950 only, not on "
                           << prod->Name << " [datacopy_c6]";
  }

  if (mode == CopyMode::bias) {
    // On-the-fly conversion (§16): half/bf16/f32 -> f32, i32 -> i32.
    bool ok = (dt.isF32() && (st.isF16() || st.isBF16() || st.isF32())) ||
              (dt.isInteger(32) && st.isInteger(32));
    if (!ok)
      return emitOpError() << "bias copy converts f16/bf16/f32 -> f32 or "
                              "i32 -> i32, got "
                           << st << " -> " << dt << " [datacopy_c2]";
    return checkExtents(*this, emitExtent, *src, *dst, "datacopy_c4");
  }

  if (st != dt)
    return emitOpError() << "source and destination element types differ ("
                         << st << " vs " << dt << ") [datacopy_c2]";
  if (src->bits == 32 && !st.isF32() && !st.isInteger(32))
    return emitOpError() << "element type " << st
                         << " is not a DataCopy type [datacopy_c2]";

  if (mode == CopyMode::copy || mode == CopyMode::fb) {
    // Without DataCopyParams the whole source lands byte for byte in the
    // destination (a plain DataCopy never changes layout, §4): every logical
    // destination element it writes must receive the same logical element
    // of the source (so a tile and a longer buffer of its layout agree).
    // Buffers of different ranks are a reshape of the same bytes (a flat GM
    // vector into a matrix or a feature map), taken as meant. A source
    // longer than the destination is datacopy_c4's. Elements past
    // kMaxTileElements are not compared: the destination (L1, FB) would
    // exceed every product's level, which capacity_c1 refuses (or, without
    // a target, the CPU lowering).
    const layout::FractalLayout &sl = src->layout, &dl = dst->layout;
    bool agree = true;
    if (!copyParams && sl.shape().size() == dl.shape().size()) {
      int64_t n =
          std::min({sl.numElements(), dl.numElements(), kMaxTileElements});
      for (int64_t i = 0; i < n && agree; ++i) {
        std::optional<SmallVector<int64_t, 4>> di = dl.logicalIndex(i);
        agree = !di || sl.logicalIndex(i) == di;
      }
    }
    if (!agree)
      return emitOpError() << "a plain copy without DataCopyParams moves the "
                              "source byte for byte and never changes layout, "
                              "but "
                           << src->type << " and " << dst->type
                           << " place elements differently; give both the "
                              "same layout (ND2NZ/DN2NZ change layout) "
                              "[datacopy_c7]";
    return checkExtents(*this, emitExtent, *src, *dst, "datacopy_c4");
  }

  // nd2nz / dn2nz.
  Format wantSrc = mode == CopyMode::nd2nz ? Format::ND : Format::DN;
  if (src->format() != wantSrc || dst->format() != Format::Nz)
    return emitOpError() << stringifyCopyMode(mode) << " reads "
                         << layout::stringifyFormat(wantSrc)
                         << " and writes Nz, got "
                         << layout::stringifyFormat(src->format()) << " -> "
                         << layout::stringifyFormat(dst->format())
                         << " [datacopy_c3]";
  int64_t c0 = c0Of(dst->bits);
  if (dst->layout.fractal().cols != c0)
    return emitOpError() << stringifyCopyMode(mode)
                         << " writes Nz fractals of C0 = " << c0
                         << " columns, but the destination's fractal is "
                         << dst->layout.fractal().rows << "x"
                         << dst->layout.fractal().cols << " [datacopy_c3]";
  if (src->bits == 4 && mode == CopyMode::dn2nz)
    return emitOpError() << "4-bit DN2NZ is not modelled: a DN byte holds two "
                            "rows of one column, an Nz byte two columns of "
                            "one row [datacopy_c3]";
  if (src->bits == 4 && src->cols() % 2 != 0 && !getDValueAttr())
    return emitOpError() << "4-bit ND2NZ moves bytes: " << src->cols()
                         << " columns are not whole bytes [datacopy_c3]";
  return checkExtents(*this, emitExtent, *src, *dst, "datacopy_c4");
}

//===----------------------------------------------------------------------===//
// Load2DOp
//===----------------------------------------------------------------------===//

FailureOr<Load2DParams> ascube::getLoad2DParams(Load2DOp op, EmitErrorFn emit) {
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(dst))
    return failure();
  int64_t fractalElems = 4096 / dst->bits;
  int64_t dstFractals = dst->layout.numElements() / fractalElems;
  Load2DParams p;
  p.startIndex = attrOr(op.getStartIndexAttr(), 0);
  p.repeatTimes = attrOr(op.getRepeatTimesAttr(), dstFractals);
  p.srcStride = attrOr(op.getSrcStrideAttr(), 1);
  p.sid = attrOr(op.getSidAttr(), 0);
  p.dstGap = attrOr(op.getDstGapAttr(), 0);
  p.addrMode = attrOr(op.getAddrModeAttr(), 0);
  p.ifTranspose = attrOr(op.getIfTransposeAttr(), false);
  if (failed(
          inRange(emit, "startIndex", p.startIndex, 0, 65535, "load2d_c3")) ||
      failed(
          inRange(emit, "repeatTimes", p.repeatTimes, 0, 255, "load2d_c3")) ||
      failed(inRange(emit, "srcStride", p.srcStride, 0, 65535, "load2d_c3")) ||
      failed(inRange(emit, "sid", p.sid, 0, 0, "load2d_c3")) ||
      failed(inRange(emit, "dstGap", p.dstGap, 0, 65535, "load2d_c3")) ||
      failed(inRange(emit, "addrMode", p.addrMode, 0, 1, "load2d_c3")))
    return failure();
  // What executes (§6): dstGap is ignored on 950; addrMode is honoured on
  // GM -> L1 only.
  const target::ProductInfo *prod = getTargetProduct(op);
  if (prod && prod->Arch == 3510)
    p.dstGap = 0;
  auto srcT = cast<MemRefType>(op.getSrc().getType());
  if (!(getMemLevel(srcT) == Level::GM && dst->level == Level::L1))
    p.addrMode = 0;
  return p;
}

LogicalResult Load2DOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers =
      resolveMover(*this, getSrc(), getDst(), emit, /*fixedFractals=*/true);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  // Paths (§6).
  bool pathOk = (src->level == Level::GM &&
                 (dst->level == Level::L1 || dst->level == Level::L0A ||
                  dst->level == Level::L0B)) ||
                (src->level == Level::L1 &&
                 (dst->level == Level::L0A || dst->level == Level::L0B));
  if (!pathOk)
    return emitOpError() << "LoadData 2D moves GM -> L1/L0A/L0B or L1 -> "
                            "L0A/L0B, got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [load2d_c1]";
  Type et = src->type.getElementType();
  if (et != dst->type.getElementType())
    return emitOpError() << "source and destination element types differ ("
                         << et << " vs " << dst->type.getElementType()
                         << ") [load2d_c2]";
  // Dtypes (§6): b4 only L1 -> L0, integers/half/bf16/f32 otherwise.
  bool typeOk = et.isInteger(8) || et.isInteger(16) || et.isInteger(32) ||
                et.isF16() || et.isBF16() || et.isF32() ||
                (et.isInteger(4) && src->level == Level::L1);
  if (!typeOk)
    return emitOpError() << "element type " << et
                         << " is not a LoadData 2D type on this path "
                            "[load2d_c2]";
  FailureOr<Load2DParams> p = getLoad2DParams(*this, emit);
  if (failed(p))
    return failure();
  BaseAlignment align = getBaseAlignment(*this);
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  if (const target::ProductInfo *prod = getTargetProduct(*this)) {
    if (src->level == Level::GM && !prod->HasGMToL0)
      return emitOpError() << "LoadData 2D from GM is not available on "
                           << prod->Name
                           << " (950: L1 -> L0A/L0B only) [load2d_c9]";
    if (!hasTypeRow(target::load2DTypes(), *prod, et))
      return emitOpError() << "LoadData 2D of " << et << " is not available on "
                           << prod->Name << " [load2d_c8]";
  }
  if (p->ifTranspose && (src->bits != 16 || src->level != Level::L1))
    return emitOpError() << "ifTranspose needs 16-bit data on L1 -> L0A/L0B, "
                            "got "
                         << et << " on " << target::stringifyLevel(src->level)
                         << " -> " << target::stringifyLevel(dst->level)
                         << " [load2d_c4]";
  if (!getRepeatTimesAttr()) {
    // The derived form copies fractal startIndex + i*srcStride to
    // destination fractal i*(dstGap+1), transposing each 16 x 16 block with
    // ifTranspose: legal only when that reproduces the destination layout,
    // of the same matrix or of its transpose (squaresKeepLayout).
    const auto &s = src->layout, &d = dst->layout;
    bool same = squaresKeepLayout(s, d, getLoad2DSquares(*p), dst->bits,
                                  p->ifTranspose);
    if (!same)
      return emitOpError()
             << "one LoadData 2D cannot move "
             << layout::stringifyFormat(s.format()) << " into "
             << layout::stringifyFormat(d.format())
             << " here: give startIndex/repeatTimes/srcStride per fractal "
                "row (or column) [load2d_c6]";
  }
  return checkExtents(*this, emit, *src, *dst, "load2d_c5");
}

//===----------------------------------------------------------------------===//
// MmadOp
//===----------------------------------------------------------------------===//

namespace {
/// Mmad dtype rows of cube-reference §13.2, all products together
/// (per-product gating is the target verification's).
bool isMmadTypeRow(Type a, Type b, Type c) {
  auto si = [](Type t, unsigned w) {
    return t.isSignlessInteger(w) || t.isSignedInteger(w);
  };
  auto ui = [](Type t, unsigned w) { return t.isUnsignedInteger(w); };
  bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(a) &&
             isa<Float8E4M3FNType, Float8E5M2Type>(b);
  if (c.isF32())
    return (a.isF16() && b.isF16()) || (a.isBF16() && b.isBF16()) ||
           (a.isF32() && b.isF32()) || fp8 ||
           (isa<HiFloat8Type>(a) && isa<HiFloat8Type>(b));
  if (c.isF16())
    return a.isF16() && b.isF16();
  if (si(c, 32))
    return (si(a, 8) && si(b, 8)) || (si(a, 4) && si(b, 4)) ||
           (ui(a, 8) && si(b, 8)) || (ui(a, 8) && ui(b, 8));
  if (ui(c, 32))
    return ui(a, 8) && ui(b, 8);
  return false;
}
} // namespace

FailureOr<MmadParams> ascube::getMmadParams(MmadOp op, EmitErrorFn emit) {
  FailureOr<Buffer> a = resolve(op.getA(), "A", emit);
  FailureOr<Buffer> b = resolve(op.getB(), "B", emit);
  if (failed(a) || failed(b))
    return failure();
  MmadParams p;
  p.m = attrOr(op.getMAttr(), a->layout.shape().size() == 2 ? a->rows() : 0);
  p.k = attrOr(op.getKAttr(), a->layout.shape().size() == 2 ? a->cols() : 0);
  p.n = attrOr(op.getNAttr(), b->layout.shape().size() == 2 ? b->cols() : 0);
  bool hasBias = static_cast<bool>(op.getBias());
  p.cmatrixSource = attrOr(op.getCmatrixSourceAttr(), hasBias);
  p.cmatrixInitVal = attrOr(op.getCmatrixInitValAttr(), !hasBias);
  p.unitFlag = attrOr(op.getUnitFlagAttr(), 0);
  p.kDirectionAlign = attrOr(op.getKDirectionAlignAttr(), false);
  p.disableGemv = attrOr(op.getDisableGemvAttr(), false);
  p.gemv = p.m == 1 && !p.disableGemv;
  const target::ProductInfo *prod = getTargetProduct(op);
  p.aNz = prod ? prod->L0ALayout == Format::Nz : a->format() == Format::Nz;
  p.kBlock = c0Of(a->bits);
  if (failed(inRange(emit, "m", p.m, 0, 4095, "mmad_c4")) ||
      failed(inRange(emit, "k", p.k, 0, 4095, "mmad_c4")) ||
      failed(inRange(emit, "n", p.n, 0, 4095, "mmad_c4")))
    return failure();
  return p;
}

LogicalResult MmadOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  FailureOr<Buffer> a, b, c;
  if (failed(resolveMatmul(*this, getA(), getB(), getC(), "B", "mmad_c1", a, b,
                           c)))
    return failure();
  Type at = a->type.getElementType(), bt = b->type.getElementType(),
       ct = c->type.getElementType();
  if (!isMmadTypeRow(at, bt, ct))
    return emitOpError() << at << " x " << bt << " -> " << ct
                         << " is not an Mmad dtype combination [mmad_c2]";
  if (Value bias = getBias()) {
    FailureOr<Buffer> bs = resolve(bias, "bias", emit);
    if (failed(bs))
      return failure();
    if (bs->level != Level::BT && bs->level != Level::L0C)
      return emitOpError() << "bias lives in BT or L0C, got "
                           << target::stringifyLevel(bs->level) << " [mmad_c3]";
    if (bs->type.getElementType() != ct || a->bits == 4)
      return emitOpError() << "bias of " << bs->type.getElementType()
                           << " with " << at << " x " << bt << " -> " << ct
                           << " is not an Mmad bias combination (bias has the "
                              "C type; int4 has none) [mmad_c3]";
  }
  FailureOr<MmadParams> p = getMmadParams(*this, emit);
  if (failed(p))
    return failure();
  if (p->unitFlag != 0 && p->unitFlag != 2 && p->unitFlag != 3)
    return emitOpError() << "unitFlag = " << p->unitFlag
                         << " must be 0, 2 or 3 [mmad_c5]";
  if (p->cmatrixSource && !getBias())
    return emitOpError() << "cmatrixSource = true reads a bias: give the bias "
                            "operand [mmad_c6]";
  if (getBias() && p->cmatrixInitVal)
    return emitOpError() << "a bias initializes C: cmatrixInitVal must be "
                            "false with a bias [mmad_c6]";
  if (getBias() && !p->cmatrixSource)
    return emitOpError() << "a bias needs cmatrixSource = true [mmad_c6]";
  if (p->kDirectionAlign && !at.isF32())
    return emitOpError() << "kDirectionAlign applies to f32 only, got " << at
                         << " [mmad_c9]";
  if (a->bits == 4 && p->k % 2 != 0)
    return emitOpError() << "int4 Mmad needs an even k, got k = " << p->k
                         << " [mmad_c10]";
  if (getHf32()) {
    if (!at.isF32() || !bt.isF32())
      return emitOpError() << "hf32 rounds f32 operands, but A x B is " << at
                           << " x " << bt << " [mmad_c13]";
    if (!getTargetProduct(*this))
      return emitOpError() << "hf32 needs the module's target product: the "
                              "HF32 mantissa is 10 bits on 950, 11 on "
                              "A2/A3/310B [mmad_c13]";
  }
  // Alignment (§4, §13.1): A and B 512 B; C 1024 B (512 B for f16 C);
  // a bias 64 B (BT; L0C's own alignment in L0C).
  if (Value bias = getBias()) {
    FailureOr<Buffer> bs = resolve(bias, "bias", emit);
    if (failed(bs) ||
        failed(checkAlign(emit, "bias", bias, Value(), *bs,
                          getRequiredBaseAlignment(getBiasMutable()[0]))))
      return failure();
  }
  if (failed(checkAlign(emit, "A", getA(), Value(), *a,
                        getRequiredBaseAlignment(getAMutable()))) ||
      failed(checkAlign(emit, "B", getB(), Value(), *b,
                        getRequiredBaseAlignment(getBMutable()))) ||
      failed(checkAlign(emit, "C", getC(), Value(), *c,
                        getRequiredBaseAlignment(getCMutable()))))
    return failure();
  if (const target::ProductInfo *prod = getTargetProduct(*this)) {
    std::string an = getCubeTypeName(at), bn = getCubeTypeName(bt),
                cn = getCubeTypeName(ct);
    std::string biasName =
        getBias() ? getCubeTypeName(
                        cast<MemRefType>(getBias().getType()).getElementType())
                  : "";
    bool found = llvm::any_of(target::mmadRows(), [&](const auto &r) {
      return prod->in(r.Products) && an == r.A && bn == r.B && cn == r.C &&
             biasName == r.Bias;
    });
    if (!found)
      return emitOpError() << at << " x " << bt << " -> " << ct
                           << (getBias() ? " with a " + biasName + " bias"
                                         : std::string())
                           << " is not an Mmad row on " << prod->Name
                           << " [mmad_c11]";
    if (p->cmatrixSource && !prod->HasCmatrixSource)
      return emitOpError() << prod->Name
                           << " has no cmatrixSource (bias) [mmad_c12]";
    if (p->kDirectionAlign && !prod->HasKDirectionAlign)
      return emitOpError() << "kDirectionAlign = true is not available on "
                           << prod->Name << " [mmad_c12]";
    if (getDisableGemvAttr() && p->disableGemv && !prod->HasDisableGemv)
      return emitOpError() << "disableGemv exists on 950 only, not on "
                           << prod->Name << " [mmad_c12]";
  }
  if (p->m == 0 || p->k == 0 || p->n == 0)
    return success(); // a no-op

  // The instruction's fractal grids (§2, §13) against the buffers.
  int64_t c0 = p->kBlock;
  int64_t kAlign = p->kDirectionAlign ? 16 : c0;
  int64_t kPad = llvm::alignTo(p->k, kAlign);
  int64_t m16 = llvm::alignTo(p->m, 16), n16 = llvm::alignTo(p->n, 16);
  if (!p->gemv) {
    Format want = p->aNz ? Format::Nz : Format::Zz;
    if (a->format() != want ||
        a->layout.fractal() != layout::FractalShape{16, c0})
      return emitOpError() << "A must be " << layout::stringifyFormat(want)
                           << " with 16x" << c0 << " fractals here, got "
                           << a->type << " [mmad_c8]";
    bool gridOk = p->aNz ? a->paddedRows() == m16 && a->paddedCols() >= kPad
                         : a->paddedCols() == kPad && a->paddedRows() >= m16;
    if (!gridOk)
      return emitOpError() << "A buffer " << a->type << " is padded to "
                           << a->paddedRows() << "x" << a->paddedCols()
                           << " but m = " << p->m << ", k = " << p->k
                           << " address a " << m16 << "x" << kPad
                           << " fractal grid [mmad_c8]";
  } else if (p->k > a->layout.numElements()) {
    return emitOpError() << "GEMV reads k = " << p->k
                         << " contiguous A elements but A holds "
                         << a->layout.numElements() << " [mmad_c7]";
  } else if (a->layout.shape().size() == 2 && a->cols() >= p->k) {
    // GEMV reads A(0, kk) at element kk: A's row 0 must be contiguous.
    for (int64_t kk = 0; kk < p->k; ++kk)
      if (a->layout.offset({0, kk}) != kk)
        return emitOpError()
               << "GEMV (m = 1) reads A as k = " << p->k
               << " contiguous elements, but " << a->type << " stores A(0, "
               << kk << ") at element " << a->layout.offset({0, kk})
               << "; give A an ND layout (or disableGemv on 950) "
                  "[mmad_c8]";
  }
  if (b->format() != Format::Zn ||
      b->layout.fractal() != layout::FractalShape{c0, 16})
    return emitOpError() << "B must be Zn with " << c0 << "x16 fractals, got "
                         << b->type << " [mmad_c8]";
  if (b->paddedCols() != n16 || b->paddedRows() < kPad)
    return emitOpError() << "B buffer " << b->type << " is padded to "
                         << b->paddedRows() << "x" << b->paddedCols()
                         << " but k = " << p->k << ", n = " << p->n
                         << " address a " << kPad << "x" << n16
                         << " fractal grid [mmad_c8]";
  int64_t cm16 = p->gemv ? 16 : m16;
  if (c->format() != Format::Nz ||
      c->layout.fractal() != layout::FractalShape{16, 16})
    return emitOpError() << "C must be Nz with 16x16 fractals, got " << c->type
                         << " [mmad_c8]";
  if (c->paddedRows() != cm16 || c->paddedCols() < n16)
    return emitOpError() << "C buffer " << c->type << " is padded to "
                         << c->paddedRows() << "x" << c->paddedCols()
                         << " but m = " << p->m << ", n = " << p->n
                         << " address a " << cm16 << "x" << n16
                         << " fractal grid [mmad_c8]";
  if (Value bias = getBias()) {
    auto bt = cast<MemRefType>(bias.getType());
    if (bt.getNumElements() < p->n)
      return emitOpError() << "bias holds " << bt.getNumElements()
                           << " elements but n = " << p->n << " [mmad_c7]";
  }
  // Padding is never data (padding_c1): A is m x k (GEMV: row 0, k
  // elements), B k x n, C m x n.
  return checkMatrixReach(emit, p->m, p->k, p->n,
                          {{"A", &*a, p->gemv ? 1 : p->m, p->k, "m x k"},
                           {"B", &*b, p->k, p->n, "k x n"},
                           {"C", &*c, p->m, p->n, "m x n"}});
}

//===----------------------------------------------------------------------===//
// FixpipeOp
//===----------------------------------------------------------------------===//

namespace {
bool isInt8(Type t) { return t.isInteger(8); }

/// The V forms of QuantMode_t take a per-column quant vector (§16).
bool isVectorQuant(QuantMode q) {
  switch (q) {
  case QuantMode::VDEQF16:
  case QuantMode::VQF322B8_PRE:
  case QuantMode::VREQ8:
  case QuantMode::VQF322F16_PRE:
  case QuantMode::VQF322BF16_PRE:
  case QuantMode::VQF322F32_PRE:
  case QuantMode::VQS322BF16_PRE:
  case QuantMode::VQF322FP8_PRE:
  case QuantMode::VQF322HIF8_PRE:
  case QuantMode::VQF322HIF8_PRE_HYBRID:
    return true;
  default:
    return false;
  }
}
} // namespace

bool ascube::mcbAllowed(QuantMode q, const target::ProductInfo *prod) {
  bool mode = q == QuantMode::REQ8 || q == QuantMode::VREQ8 ||
              q == QuantMode::DEQF16 || q == QuantMode::VDEQF16;
  return mode && (!prod || prod->Arch == 2201);
}

FailureOr<FixpipeParams> ascube::getFixpipeParams(FixpipeOp op,
                                                  EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  FixpipeParams p;
  if (std::optional<FixpipeMode> m = op.getMode())
    p.mode = *m;
  else if (dst->format() == Format::Nz)
    p.mode = FixpipeMode::nz2nz;
  else if (dst->format() == Format::DN)
    p.mode = FixpipeMode::nz2dn;
  else
    p.mode = FixpipeMode::nz2nd;
  Type st = src->type.getElementType(), dt = dst->type.getElementType();
  bool vec = static_cast<bool>(op.getQuantVector());
  if (std::optional<QuantMode> q = op.getQuantPre())
    p.quantPre = *q;
  else if (st == dt)
    p.quantPre = QuantMode::NoQuant;
  else if (st.isF32() && dt.isF16())
    p.quantPre = QuantMode::F322F16;
  else if (st.isF32() && dt.isBF16())
    p.quantPre = QuantMode::F322BF16;
  else if (st.isInteger(32) && dt.isF16())
    p.quantPre = vec ? QuantMode::VDEQF16 : QuantMode::DEQF16;
  else if (st.isF32() && isInt8(dt))
    p.quantPre = vec ? QuantMode::VQF322B8_PRE : QuantMode::QF322B8_PRE;
  else if (st.isInteger(32) && isInt8(dt))
    p.quantPre = vec ? QuantMode::VREQ8 : QuantMode::REQ8;
  else if (st.isInteger(32) && dt.isBF16())
    p.quantPre = vec ? QuantMode::VQS322BF16_PRE : QuantMode::QS322BF16_PRE;
  else if (st.isF32() && isa<Float8E4M3FNType>(dt))
    p.quantPre = vec ? QuantMode::VQF322FP8_PRE : QuantMode::QF322FP8_PRE;
  else if (st.isF32() && isa<HiFloat8Type>(dt))
    p.quantPre = vec ? QuantMode::VQF322HIF8_PRE : QuantMode::QF322HIF8_PRE;
  else
    return emit() << "no quantization mode turns " << st << " into " << dt
                  << " [fixpipe_c3]";
  if (IntegerAttr d = op.getDeqScalarAttr()) {
    p.deqScalar = static_cast<uint64_t>(d.getInt());
    // M1 = bits 31:13 read as an f32 (§16): not inf, NaN or denormal.
    uint32_t m1 = uint32_t(*p.deqScalar) & 0xFFFFE000u;
    uint32_t exp = (m1 >> 23) & 0xFF, mant = m1 & 0x7FFFFF;
    if (exp == 0xFF || (exp == 0 && mant != 0))
      return emit() << "deqScalar's scale M1 (bits 31:13, 0x"
                    << llvm::utohexstr(m1) << ") is "
                    << (exp == 0xFF ? (mant ? "NaN" : "inf") : "denormal")
                    << " [fixpipe_c12]";
  }
  size_t sr = src->layout.shape().size();
  p.mSize = attrOr(op.getMSizeAttr(), sr == 2 ? src->rows() : 0);
  p.nSize = attrOr(op.getNSizeAttr(), sr == 2 ? src->cols() : 0);
  p.srcStride = attrOr(op.getSrcStrideAttr(), sr == 2 ? src->paddedRows() : 0);
  int64_t dstBytes = std::max<unsigned>(1, getStorageBytes(dt));
  // nz2nz fractal width (§16): 8-bit outputs channel-merge into 16 x 32;
  // isChannelSplit (derived from an f32 16 x 8 destination fractal) splits
  // f32 into 16 x 8.
  bool nzDst = p.mode == FixpipeMode::nz2nz && dst->format() == Format::Nz;
  p.channelSplit =
      attrOr(op.getIsChannelSplitAttr(),
             nzDst && dt.isF32() && dst->layout.fractal().cols == 8);
  if (p.channelSplit)
    p.nzC0 = 8;
  else if (getStorageBytes(dt) == 1)
    p.nzC0 = 32;
  int64_t dflt = 0;
  if (dst->layout.shape().size() == 2) {
    if (p.mode == FixpipeMode::nz2nd)
      dflt = dst->paddedCols();
    else if (p.mode == FixpipeMode::nz2dn)
      dflt = dst->paddedRows();
    else
      dflt = dst->paddedRows() * p.nzC0 * dstBytes / 32;
  }
  p.arch3510 = attrOr(op.getArch3510Attr(), false);
  if (p.arch3510 && p.mode == FixpipeMode::nz2nz &&
      dst->layout.shape().size() == 2)
    dflt = dst->paddedRows() * p.nzC0; // elements (Arch3510)
  p.dstStride = attrOr(op.getDstStrideAttr(), dflt);
  p.ndNum = attrOr(op.getNdNumAttr(), 1);
  p.srcNdStride = attrOr(op.getSrcNdStrideAttr(), 0);
  p.dstNdStride = attrOr(op.getDstNdStrideAttr(), 0);
  bool dnParams = op.getDnNumAttr() || op.getSrcNzMatrixStrideAttr() ||
                  op.getDstDnMatrixStrideAttr() || op.getSrcNzC0StrideAttr();
  if (dnParams && !(p.arch3510 && p.mode == FixpipeMode::nz2dn))
    return emit() << "dnNum/srcNzMatrixStride/dstDnMatrixStride/"
                     "srcNzC0Stride are Nz2DnParams: nz2dn with arch3510 only "
                     "[fixpipe_c11]";
  if (p.arch3510 && p.mode == FixpipeMode::nz2dn) {
    if (op.getNdNumAttr() || op.getSrcNdStrideAttr() ||
        op.getDstNdStrideAttr() || op.getSrcStrideAttr())
      return emit() << "an Arch3510 nz2dn takes Nz2DnParams (dnNum, "
                       "srcNzMatrixStride, dstDnMatrixStride, srcNzC0Stride), "
                       "not ndNum/srcNdStride/dstNdStride/srcStride "
                       "[fixpipe_c11]";
    p.ndNum = attrOr(op.getDnNumAttr(), 1);
    p.srcNdStride = attrOr(op.getSrcNzMatrixStrideAttr(), 0);
    p.dstNdStride = attrOr(op.getDstDnMatrixStrideAttr(), 0);
    p.srcStride = attrOr(op.getSrcNzC0StrideAttr(), p.srcStride);
    if (p.srcStride == 0)
      return emit() << "srcNzC0Stride must not be 0 [fixpipe_c11]";
  }
  p.reluEn = attrOr(op.getReluEnAttr(), false);
  p.unitFlag = attrOr(op.getUnitFlagAttr(), 0);
  p.dualDstCtrl = attrOr(op.getDualDstCtrlAttr(), 0);
  p.subBlockId = attrOr(op.getSubBlockIdAttr(), 0);
  if (failed(inRange(emit, "dualDstCtrl", p.dualDstCtrl, 0, 2, "fixpipe_c5")) ||
      failed(inRange(emit, "subBlockId", p.subBlockId, 0, 1, "fixpipe_c5")))
    return failure();
  int64_t mMax = p.mode == FixpipeMode::nz2nd ? 8192 : 65535;
  // Arch3510's nz2dn reports its Nz2DnParams under their own names; its
  // nz2nz dstStride counts elements in a 32-bit field.
  bool dn3510 = p.arch3510 && p.mode == FixpipeMode::nz2dn;
  int64_t u32 = (int64_t(1) << 32) - 1;
  if (failed(inRange(emit, "mSize", p.mSize, 0, mMax, "fixpipe_c5")) ||
      failed(inRange(emit, "nSize", p.nSize, 0, 4095, "fixpipe_c5")) ||
      failed(inRange(emit, dn3510 ? "srcNzC0Stride" : "srcStride", p.srcStride,
                     0, 65535, "fixpipe_c5")) ||
      failed(inRange(emit, "dstStride", p.dstStride, 0,
                     p.mode == FixpipeMode::nz2nz && !p.arch3510 ? 65535 : u32,
                     "fixpipe_c5")) ||
      failed(inRange(emit, dn3510 ? "dnNum" : "ndNum", p.ndNum, 0, 65535,
                     "fixpipe_c5")) ||
      failed(inRange(emit, dn3510 ? "srcNzMatrixStride" : "srcNdStride",
                     p.srcNdStride, 0, p.arch3510 ? 65535 : 512,
                     "fixpipe_c5")) ||
      failed(inRange(emit, dn3510 ? "dstDnMatrixStride" : "dstNdStride",
                     p.dstNdStride, 0, p.arch3510 ? u32 : 65535, "fixpipe_c5")))
    return failure();
  return p;
}

namespace {
/// padding_c1 for Fixpipe: every L0C element the move reads is a logical
/// element of the source (not its padding). The move reads, for matrix nd,
/// row j and 16-column block k, the L0C row `nd * srcNdStride + j + k *
/// srcStride` (rows of 16 elements, §16) past the source offset; in the Nz
/// source with P rows per column block that is row q % P of column block q
/// / P. Checked where the offset is static and a whole L0C row.
LogicalResult checkFixpipeReadsData(EmitErrorFn emit, const FixpipeParams &p,
                                    const Buffer &src, Value srcOffset) {
  std::optional<int64_t> off = staticOffset(srcOffset);
  if (!off || *off % 16 != 0 || src.layout.shape().size() != 2 ||
      src.format() != Format::Nz ||
      src.layout.fractal() != layout::FractalShape{16, 16} || p.mSize == 0 ||
      p.nSize == 0 || p.ndNum == 0)
    return success();
  int64_t pitch = src.paddedRows(), rows = src.rows(), cols = src.cols();
  int64_t blocks = llvm::divideCeil(p.nSize, 16);
  // Each (nd, k) reads one run of mSize L0C rows; bound the work.
  if (p.ndNum * blocks * (p.mSize / pitch + 2) > (int64_t(1) << 20))
    return success();
  for (int64_t nd = 0; nd < p.ndNum; ++nd)
    for (int64_t k = 0; k < blocks; ++k) {
      int64_t lastCol = std::min<int64_t>(16, p.nSize - 16 * k) - 1;
      int64_t q = *off / 16 + nd * p.srcNdStride + k * p.srcStride;
      for (int64_t end = q + p.mSize; q < end;) {
        int64_t b = q / pitch, r = q % pitch;
        int64_t runEnd = std::min(end, (b + 1) * pitch); // rows in block b
        int64_t rLast = r + (runEnd - q) - 1;
        if (rLast >= rows || b * 16 + lastCol >= cols) {
          int64_t badRow = rLast >= rows ? std::max(r, rows) : r;
          int64_t badCol = rLast >= rows ? b * 16 : std::max(b * 16, cols);
          return emit() << "source " << src.type << " has " << rows << "x"
                        << cols
                        << " logical elements but the move (mSize = " << p.mSize
                        << ", nSize = " << p.nSize
                        << ", srcStride = " << p.srcStride
                        << ") reads its padding position (" << badRow << ", "
                        << badCol
                        << "), which it would take as data; give the buffer "
                           "that logical shape or read less [padding_c1]";
        }
        q = runEnd;
      }
    }
  return success();
}
} // namespace

LogicalResult FixpipeOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (src->level != Level::L0C ||
      (dst->level != Level::GM && dst->level != Level::L1 &&
       dst->level != Level::UB))
    return emitOpError() << "moves L0C -> GM, L1 or UB, got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [fixpipe_c1]";
  if (src->format() != Format::Nz ||
      src->layout.fractal() != layout::FractalShape{16, 16})
    return emitOpError() << "reads L0C as Nz with 16x16 fractals, got "
                         << src->type << " [fixpipe_c1]";
  FailureOr<FixpipeParams> p = getFixpipeParams(*this, emit);
  if (failed(p))
    return failure();
  Format want = p->mode == FixpipeMode::nz2nd   ? Format::ND
                : p->mode == FixpipeMode::nz2nz ? Format::Nz
                                                : Format::DN;
  if (dst->format() != want)
    return emitOpError() << stringifyFixpipeMode(p->mode) << " writes "
                         << layout::stringifyFormat(want)
                         << ", but the destination is "
                         << layout::stringifyFormat(dst->format())
                         << (getModeAttr() ? ""
                                           : " (the mode follows the "
                                             "destination's layout: "
                                             "nz2nd ND, nz2nz Nz, nz2dn DN; "
                                             "no mode writes another)")
                         << " [fixpipe_c2]";
  Type st = src->type.getElementType(), dt = dst->type.getElementType();
  // Mode against types (§16).
  bool vec = static_cast<bool>(getQuantVector());
  QuantMode q = p->quantPre;
  bool typeOk = false, needScalar = false, needVector = false;
  switch (q) {
  case QuantMode::NoQuant:
    typeOk = st == dt && (st.isF32() || st.isInteger(32) || st.isF16());
    break;
  case QuantMode::F322F16:
    typeOk = st.isF32() && dt.isF16();
    break;
  case QuantMode::F322BF16:
    typeOk = st.isF32() && dt.isBF16();
    break;
  case QuantMode::DEQF16:
  case QuantMode::VDEQF16:
    typeOk = st.isInteger(32) && dt.isF16();
    break;
  case QuantMode::QF322B8_PRE:
  case QuantMode::VQF322B8_PRE:
    typeOk = st.isF32() && isInt8(dt);
    break;
  case QuantMode::REQ8:
  case QuantMode::VREQ8:
    typeOk = st.isInteger(32) && isInt8(dt);
    break;
  case QuantMode::QF322F16_PRE:
  case QuantMode::VQF322F16_PRE:
    typeOk = st.isF32() && dt.isF16();
    break;
  case QuantMode::QF322BF16_PRE:
  case QuantMode::VQF322BF16_PRE:
    typeOk = st.isF32() && dt.isBF16();
    break;
  case QuantMode::QF322F32_PRE:
  case QuantMode::VQF322F32_PRE:
    typeOk = st.isF32() && dt.isF32();
    break;
  case QuantMode::QS322BF16_PRE:
  case QuantMode::VQS322BF16_PRE:
    typeOk = st.isInteger(32) && dt.isBF16();
    break;
  case QuantMode::QF322FP8_PRE:
  case QuantMode::VQF322FP8_PRE:
    typeOk = st.isF32() && isa<Float8E4M3FNType>(dt);
    break;
  case QuantMode::QF322HIF8_PRE:
  case QuantMode::VQF322HIF8_PRE:
  case QuantMode::QF322HIF8_PRE_HYBRID:
  case QuantMode::VQF322HIF8_PRE_HYBRID:
    typeOk = st.isF32() && isa<HiFloat8Type>(dt);
    break;
  }
  needVector = isVectorQuant(q);
  needScalar = !needVector && q != QuantMode::NoQuant &&
               q != QuantMode::F322F16 && q != QuantMode::F322BF16;
  const target::ProductInfo *prod = getTargetProduct(*this);
  if (uint32_t(q) >= uint32_t(QuantMode::QF322F16_PRE) && prod &&
      prod->Arch != 3510)
    return emitOpError() << stringifyQuantMode(q)
                         << " exists on 950 only, not on " << prod->Name
                         << " [fixpipe_c13]";
  if (!typeOk)
    return emitOpError() << stringifyQuantMode(q) << " does not turn " << st
                         << " into " << dt << " [fixpipe_c3]";
  // The mode that takes the scale the op was given (§16): the V form for a
  // per-column vector, the scaled _PRE form of a plain cast for a scalar.
  // The mode that takes the scale the op was given (§16): the V form for a
  // per-column vector, the scalar form of a V mode, the scaled _PRE form of
  // a plain cast.
  auto otherForm = [&](bool vector) -> std::optional<QuantMode> {
    std::string name = stringifyQuantMode(q).str();
    if (q == QuantMode::F322F16 || q == QuantMode::F322BF16)
      name = "QF322" + name.substr(4) + "_PRE"; // F322F16 -> QF322F16_PRE
    else if (q == QuantMode::NoQuant && st.isF32() && dt.isF32())
      name = "QF322F32_PRE";
    if (vector && name[0] != 'V')
      name = "V" + name;
    else if (!vector && name[0] == 'V')
      name = name.substr(1);
    std::optional<QuantMode> m = symbolizeQuantMode(name);
    return m && *m != q ? m : std::nullopt;
  };
  auto suggest = [&](InFlightDiagnostic &d, bool vector) {
    if (std::optional<QuantMode> m = otherForm(vector)) {
      d << "; " << (vector ? "a per-column quant_vector" : "a scalar scale")
        << " goes with " << stringifyQuantMode(*m);
      bool only950 = uint32_t(*m) >= uint32_t(QuantMode::QF322F16_PRE);
      if (only950 && (!prod || prod->Arch != 3510))
        d << " (950 only)";
    }
  };
  if (needScalar != p->deqScalar.has_value()) {
    InFlightDiagnostic d =
        emitOpError() << stringifyQuantMode(q)
                      << (needScalar ? " needs" : " takes no") << " deqScalar";
    if (!needScalar)
      suggest(d, /*vector=*/false);
    else if (vec)
      suggest(d, /*vector=*/true);
    return d << " [fixpipe_c4]";
  }
  if (needVector != vec) {
    InFlightDiagnostic d = emitOpError()
                           << stringifyQuantMode(q)
                           << (needVector ? " needs" : " takes no")
                           << " quant_vector operand";
    if (!needVector)
      suggest(d, /*vector=*/true);
    else if (p->deqScalar)
      suggest(d, /*vector=*/false);
    return d << " [fixpipe_c4]";
  }
  if (needScalar) {
    uint64_t w = *p->deqScalar;
    if (isInt8(dt) && ((w >> 46) & 1) != (dt.isUnsignedInteger() ? 0u : 1u))
      return emitOpError() << "deqScalar bit 46 selects "
                           << (((w >> 46) & 1) ? "s8" : "u8")
                           << " output but the destination is " << dt
                           << " [fixpipe_c4]";
    // MCB (§16): x >> N saturated to int16 before the scale.
    if (((w >> 36) & 1) && !mcbAllowed(q, prod))
      return emitOpError() << "deqScalar bit 36 (MCB shift mode) exists "
                              "with REQ8/DEQF16 on Atlas A2/A3 only, got "
                           << stringifyQuantMode(q)
                           << (prod ? std::string(" on ") + prod->Name
                                    : std::string())
                           << " [fixpipe_c4]";
  }
  if (vec) {
    auto vt = cast<MemRefType>(getQuantVector().getType());
    std::optional<Level> vl = getMemLevel(vt);
    if (!vt.getElementType().isInteger(64) || !vl ||
        (*vl != Level::L1 && *vl != Level::FB) || !vt.hasStaticShape() ||
        vt.getNumElements() < p->nSize)
      return emitOpError() << "quant_vector is one 64-bit word per output "
                              "column ("
                           << p->nSize << ") in L1 or FB, got " << vt
                           << " [fixpipe_c4]";
    // The QUANT_PRE vector (cbufWorkspace) in L1 is 32 B aligned (§16); in
    // FB, the level's alignment.
    FailureOr<Buffer> qb = resolve(getQuantVector(), "quant_vector", emit);
    if (failed(qb) ||
        failed(checkAlign(emit, "quant_vector", getQuantVector(), Value(), *qb,
                          *vl == Level::L1 ? 32 : 64)))
      return failure();
  }
  // L0C -> UB (§16, Fixpipe L0C -> UB): 32 B destination pitches.
  unsigned dBytes = getStorageBytes(dt);
  if (dst->level == Level::UB) {
    int64_t pitch =
        p->mode == FixpipeMode::nz2nz ? p->nzColumnElems(dBytes) : p->dstStride;
    if (pitch == 0 || (pitch * dBytes) % 32 != 0)
      return emitOpError() << "an L0C -> UB move needs a destination pitch of "
                              "whole 32 B blocks, got "
                           << pitch << " elements of " << dBytes
                           << " B [fixpipe_c16]";
    if (prod && prod->Arch == 3510) {
      if (!p->arch3510)
        return emitOpError() << "the L0C -> UB Fixpipe of " << prod->Name
                             << " takes FixpipeParamsArch3510: set arch3510 "
                                "[fixpipe_c16]";
      if (p->mode == FixpipeMode::nz2nd && (p->nSize * dBytes) % 32 != 0)
        return emitOpError()
               << "nz2nd into UB needs nSize x " << dBytes
               << " B a multiple of 32 B, got nSize = " << p->nSize << " on "
               << prod->Name << " [fixpipe_c16]";
      if (p->mode == FixpipeMode::nz2dn && (p->mSize * dBytes) % 32 != 0)
        return emitOpError()
               << "nz2dn into UB needs mSize x " << dBytes
               << " B a multiple of 32 B, got mSize = " << p->mSize << " on "
               << prod->Name << " [fixpipe_c16]";
    }
  }
  // Dual destinations (§16, 950): each vector core's UB gets one half.
  if (p->dualDstCtrl != 0 || getDst1() || p->subBlockId != 0) {
    if (dst->level != Level::UB || (prod && prod->Arch != 3510))
      return emitOpError() << "dualDstCtrl, subBlockId and a second "
                              "destination belong to the L0C -> UB move of "
                              "950 [fixpipe_c17]";
    if ((p->dualDstCtrl != 0) != static_cast<bool>(getDst1()))
      return emitOpError() << "dualDstCtrl = " << p->dualDstCtrl
                           << (getDst1() ? " takes no" : " needs a")
                           << " second destination (`and`) [fixpipe_c17]";
  }
  if (p->dualDstCtrl != 0) {
    if (getDst1().getType() != getDst().getType())
      return emitOpError() << "both destinations of a dual move have the "
                              "type "
                           << getDst().getType() << ", got "
                           << getDst1().getType() << " [fixpipe_c17]";
    if (p->subBlockId != 0)
      return emitOpError() << "subBlockId selects the UB of a single "
                              "destination; a dual move writes both "
                              "[fixpipe_c17]";
    if (p->mode == FixpipeMode::nz2dn || q != QuantMode::NoQuant || p->reluEn)
      return emitOpError() << "a dual move is nz2nz or nz2nd without "
                              "quantization or ReLU [fixpipe_c17]";
    if (p->dualDstCtrl == 1 && p->mSize % 2 != 0)
      return emitOpError() << "splitting M in halves needs an even mSize, "
                              "got "
                           << p->mSize << " [fixpipe_c17]";
    if (p->dualDstCtrl == 2 && p->nSize % 32 != 0)
      return emitOpError() << "splitting N in halves needs nSize a multiple "
                              "of 32, got "
                           << p->nSize << " [fixpipe_c17]";
  }
  BaseAlignment align = getBaseAlignment(*this);
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  if (IntegerAttr clip = getClipReluMaxValAttr()) {
    // SetFixPipeClipRelu (§16): an f16 in bits 15:0, positive and finite;
    // it follows the on-the-fly quantization of an L0C -> GM move.
    uint64_t v = static_cast<uint64_t>(clip.getInt());
    llvm::APFloat h(llvm::APFloat::IEEEhalf(), llvm::APInt(16, v & 0xFFFF));
    if (v > 0xFFFF || h.isNaN() || h.isInfinity() || h.isNegative() ||
        h.isZero())
      return emitOpError() << "clipReluMaxVal = " << clip.getInt()
                           << " must be a positive finite f16 in bits 15:0 "
                              "[fixpipe_c14]";
    if (q == QuantMode::NoQuant || dst->level != Level::GM)
      return emitOpError() << "ClipReLU follows the quantization of an L0C -> "
                              "GM move: it needs a quantization mode and a GM "
                              "destination [fixpipe_c14]";
  }
  if (prod) {
    if (!prod->HasFixpipe)
      return emitOpError() << prod->Name << " has no Fixpipe [fixpipe_c9]";
    if (dst->level == Level::UB && !prod->HasL0CToUB)
      return emitOpError() << "L0C -> UB exists on 950 and 310B only, not on "
                           << prod->Name << " [fixpipe_c16]";
    if (getClipReluMaxValAttr() && !prod->HasClipRelu)
      return emitOpError() << "ClipReLU exists on 310B and Kirin only, not on "
                           << prod->Name << " [fixpipe_c15]";
    if (p->mode == FixpipeMode::nz2dn && !prod->HasNZ2DN)
      return emitOpError() << "nz2dn exists on 950 only, not on " << prod->Name
                           << " [fixpipe_c10]";
    if (p->arch3510 && prod->Arch != 3510)
      return emitOpError() << "FixpipeParamsArch3510 exists on 950 only, not "
                              "on "
                           << prod->Name << " [fixpipe_c11]";
    std::string sn = getCubeTypeName(st), dn = getCubeTypeName(dt);
    bool toL1 = dst->level == Level::L1; // UB takes GM's dtypes
    bool found = llvm::any_of(target::fixpipeRows(), [&](const auto &r) {
      return prod->in(r.Products) && sn == r.Src && dn == r.Dst &&
             (toL1 ? r.ToL1 : r.ToGM);
    });
    if (!found)
      return emitOpError() << "Fixpipe " << st << " -> " << dt << " to "
                           << target::stringifyLevel(dst->level)
                           << " is not available on " << prod->Name
                           << " [fixpipe_c9]";
  }
  if (p->channelSplit) {
    // isChannelSplit (§16): f32 -> f32 in NZ to GM, not with NZ2ND or
    // unitFlag.
    if (p->mode != FixpipeMode::nz2nz || !st.isF32() || !dt.isF32() ||
        dst->level != Level::GM || p->unitFlag != 0)
      return emitOpError() << "isChannelSplit splits an f32 -> f32 nz2nz move "
                              "to GM without unitFlag, got "
                           << stringifyFixpipeMode(p->mode) << " " << st
                           << " -> " << dt << " to "
                           << target::stringifyLevel(dst->level)
                           << ", unitFlag = " << p->unitFlag
                           << (getIsChannelSplitAttr()
                                   ? ""
                                   : " (derived from the destination's 16x8 "
                                     "fractal; a plain f32 nz2nz writes "
                                     "fractal = [16, 16])")
                           << " [fixpipe_c18]";
    if (p->nSize % 8 != 0)
      return emitOpError() << "isChannelSplit moves whole 8-column fractals: "
                              "nSize = "
                           << p->nSize
                           << " is not a multiple of 8 [fixpipe_c18]";
  }
  if (p->mode == FixpipeMode::nz2nz) {
    if (dst->bits < 8)
      return emitOpError() << "nz2nz of " << dt
                           << " channel-merges to 16x64 fractals; no product's "
                              "Fixpipe has a 4-bit output [fixpipe_c6]";
    if (!p->channelSplit && p->nSize % p->nzC0 != 0)
      return emitOpError()
             << "nz2nz moves whole 16-column fractals"
             << (p->nzC0 == 32
                     ? ", merged in pairs into 16x32 for an 8-bit output (an "
                       "odd count leaves the last unmerged, which no Nz "
                       "layout describes)"
                     : "")
             << ": nSize = " << p->nSize << " is not a multiple of " << p->nzC0
             << " [fixpipe_c6]";
    if (dst->layout.fractal() != layout::FractalShape{16, p->nzC0})
      return emitOpError() << "nz2nz of " << dt << " writes 16x" << p->nzC0
                           << " fractals"
                           << (p->nzC0 == 32  ? " (channel merge)"
                               : p->nzC0 == 8 ? " (channel split)"
                                              : "")
                           << ", but the destination's fractal is "
                           << dst->layout.fractal().rows << "x"
                           << dst->layout.fractal().cols << " [fixpipe_c6]";
    if (p->dstStride == 0)
      return emitOpError() << "nz2nz needs dstStride != 0 [fixpipe_c5]";
  }
  if (!p->arch3510 && p->ndNum > 1 && p->srcNdStride == 0) // V220 / M300
    return emitOpError() << "srcNdStride must be in [1, 512] with ndNum = "
                         << p->ndNum << " [fixpipe_c5]";
  if (p->unitFlag != 0 && p->unitFlag != 2 && p->unitFlag != 3)
    return emitOpError() << "unitFlag = " << p->unitFlag
                         << " must be 0, 2 or 3 [fixpipe_c7]";
  if (failed(checkExtents(*this, emit, *src, *dst, "fixpipe_c8")))
    return failure();
  return checkFixpipeReadsData(emit, *p, *src, getSrcOffset());
}

//===----------------------------------------------------------------------===//
// Access extents (shared by the verifiers and the run-time checks)
//===----------------------------------------------------------------------===//

FailureOr<AccessExtents> ascube::getAccessExtents(DataCopyOp op,
                                                  EmitErrorFn emit) {
  CopyMode mode = op.getEffectiveMode();
  auto st = cast<MemRefType>(op.getSrc().getType()).getElementType();
  auto dt = cast<MemRefType>(op.getDst().getType()).getElementType();
  unsigned bits = *getElementBitWidth(st);
  if (usesCopyParams(mode)) {
    FailureOr<CopyParams> p = getCopyParams(op, emit);
    if (failed(p))
      return failure();
    if (p->blockCount == 0)
      return AccessExtents{};
    // Units: 32 B of either side (copy); bytes of destination (bias), whose
    // elements map one to one onto source elements.
    int64_t perUnit = mode == CopyMode::bias
                          ? p->unitBytes / std::max(1u, getStorageBytes(dt))
                          : p->unitBytes * 8 / bits;
    auto span = [&](int64_t gap) {
      return ((p->blockCount - 1) * (p->blockLen + gap) + p->blockLen) *
             perUnit;
    };
    return AccessExtents{span(p->srcStride), span(p->dstStride)};
  }
  FailureOr<Nd2NzParams> p = getNd2NzParams(op, emit);
  if (failed(p))
    return failure();
  if (p->ndNum == 0 || p->nValue == 0 || p->dValue == 0)
    return AccessExtents{}; // a no-op
  // Units: elements, or bytes for 4-bit data (C0 = 32 bytes then).
  int64_t per = bits == 4 ? 2 : 1;
  int64_t cu = bits == 4 ? 32 : c0Of(bits);
  bool nd = mode == CopyMode::nd2nz;
  int64_t cols = nd ? p->dValue : p->nValue;
  int64_t rows = nd ? p->nValue : p->dValue;
  int64_t src = (p->ndNum - 1) * p->srcNdMatrixStride +
                (p->nValue - 1) * p->srcDValue + p->dValue;
  int64_t dst = (p->ndNum - 1) * p->dstNzMatrixStride +
                (llvm::divideCeil(cols, cu) - 1) * p->dstNzC0Stride * cu +
                (rows - 1) * p->dstNzNStride * cu + cu;
  return AccessExtents{src * per, dst * per};
}

FailureOr<AccessExtents> ascube::getAccessExtents(Load2DOp op,
                                                  EmitErrorFn emit) {
  FailureOr<Load2DParams> p = getLoad2DParams(op, emit);
  if (failed(p))
    return failure();
  if (p->repeatTimes == 0)
    return AccessExtents{};
  auto et = cast<MemRefType>(op.getSrc().getType()).getElementType();
  int64_t f = 4096 / *getElementBitWidth(et);
  int64_t span = (p->repeatTimes - 1) * p->srcStride;
  if (p->addrMode == 1 && p->startIndex < span)
    return emit() << "addrMode = 1 steps below fractal 0 (startIndex "
                  << p->startIndex << ", " << p->repeatTimes << " repeats of "
                  << p->srcStride << ") [load2d_c5]";
  int64_t lastSrc = p->addrMode == 1 ? p->startIndex : p->startIndex + span;
  int64_t lastDst = (p->repeatTimes - 1) * (p->dstGap + 1);
  return AccessExtents{(lastSrc + 1) * f, (lastDst + 1) * f};
}

FailureOr<AccessExtents> ascube::getAccessExtents(FixpipeOp op,
                                                  EmitErrorFn emit) {
  FailureOr<FixpipeParams> p = getFixpipeParams(op, emit);
  if (failed(p))
    return failure();
  if (p->mSize == 0 || p->nSize == 0 || p->ndNum == 0)
    return AccessExtents{};
  auto dt = cast<MemRefType>(op.getDst().getType()).getElementType();
  int64_t blocks = llvm::divideCeil(p->nSize, 16);
  int64_t src = (p->ndNum - 1) * p->srcNdStride * 16 +
                (blocks - 1) * p->srcStride * 16 + (p->mSize - 1) * 16 + 16;
  // Each destination of a dual move receives one half.
  int64_t rows = p->dstRows(), cols = p->dstCols();
  int64_t nd = (p->ndNum - 1) * p->dstNdStride;
  int64_t dst;
  if (p->mode == FixpipeMode::nz2nd)
    dst = nd + (rows - 1) * p->dstStride + cols;
  else if (p->mode == FixpipeMode::nz2dn)
    dst = nd + (cols - 1) * p->dstStride + rows;
  else
    dst = nd +
          (llvm::divideCeil(cols, p->nzC0) - 1) *
              p->nzColumnElems(getStorageBytes(dt)) +
          (rows - 1) * p->nzC0 + p->nzC0;
  return AccessExtents{src, dst};
}

//===----------------------------------------------------------------------===//
// Base alignment (cube-reference §4, §13.1)
//===----------------------------------------------------------------------===//

namespace {
Level levelOf(Value v) {
  return getMemLevel(cast<MemRefType>(v.getType())).value_or(Level::GM);
}
} // namespace

std::optional<int64_t> ascube::getStaticBase(Value buf) {
  if (std::optional<int64_t> placed = getPlacedOffset(buf))
    return placed;
  // Buffers ascube or the caller places start level-aligned.
  if (buf.getDefiningOp<AllocOp>() || isOnCoreArgument(buf) ||
      levelOf(buf) == Level::GM)
    return 0;
  return std::nullopt;
}

std::optional<int64_t> ascube::getStaticAddress(Value buf, Value elemOffset,
                                                unsigned bits) {
  std::optional<int64_t> base = getStaticBase(buf);
  std::optional<int64_t> off = staticOffset(elemOffset);
  if (!base || !off)
    return std::nullopt;
  int64_t bitsOff, addr;
  if (llvm::MulOverflow(*off, int64_t(bits), bitsOff) ||
      llvm::AddOverflow(*base, bitsOff / 8, addr))
    return std::nullopt;
  return addr;
}

BaseAlignment ascube::getBaseAlignment(DataCopyOp op) {
  // GM -> L1: destination 32 B; L1 -> BT: source 32 B, destination 64 B.
  if (op.getEffectiveMode() == CopyMode::bias)
    return {32, 64};
  if (op.getEffectiveMode() == CopyMode::fb)
    return {32, 128}; // FB as a copy destination (§1)
  return {1, 32};
}

BaseAlignment ascube::getBaseAlignment(Load2DOp op) {
  // L1 sources 32 B; L0A/L0B destinations 512 B, L1 destinations 32 B.
  Level d = levelOf(op.getDst());
  return {levelOf(op.getSrc()) == Level::L1 ? 32 : 1,
          d == Level::L0A || d == Level::L0B ? 512 : 32};
}

BaseAlignment ascube::getBaseAlignment(FixpipeOp op) {
  // L0C source 64 B; L1 and UB destinations 32 B; GM destination 1 B for ND and
  // 32 B for Nz or DN.
  if (levelOf(op.getDst()) == Level::L1 || levelOf(op.getDst()) == Level::UB)
    return {64, 32};
  std::optional<layout::LayoutSpec> spec =
      getLayoutSpec(cast<MemRefType>(op.getDst().getType()));
  return {64, spec && spec->format != Format::ND ? 32 : 1};
}

LogicalResult ascube::checkBufferFitsTarget(Operation *anchor, MemRefType type,
                                            int64_t offset, StringRef role,
                                            EmitErrorFn emit) {
  FailureOr<layout::FractalLayout> l = getFractalLayout(type, emit);
  if (failed(l))
    return failure();
  Buffer b{type, std::move(*l), *getMemLevel(type),
           *getElementBitWidth(type.getElementType())};
  return checkCapacity(anchor, emit, role, b, offset);
}

//===----------------------------------------------------------------------===//
// L1 -> L0 square movers (LoadDataWithTranspose §7, LoadData 2D-v2 §8)
//===----------------------------------------------------------------------===//

namespace {
/// The elements of the squares reach [0, src) and [0, dst) of the buffers.
AccessExtents extentsOfSquares(ArrayRef<FractalSquare> squares, int64_t f) {
  AccessExtents e;
  for (const FractalSquare &sq : squares) {
    for (int64_t x : sq.src)
      e.src = std::max(e.src, (x + 1) * f);
    for (int64_t x : sq.dst)
      e.dst = std::max(e.dst, (x + 1) * f);
  }
  return e;
}

/// L1 -> L0A/L0B with one element type (transpose2d_c1/c2,
/// load2dv2_c1/c2).
LogicalResult checkL1ToL0(Operation *op, const Buffer &src, const Buffer &dst,
                          StringRef name, StringRef pathLabel,
                          StringRef typeLabel) {
  if (src.level != Level::L1 ||
      (dst.level != Level::L0A && dst.level != Level::L0B))
    return op->emitOpError()
           << name << " moves L1 -> L0A/L0B, got "
           << target::stringifyLevel(src.level) << " -> "
           << target::stringifyLevel(dst.level) << " [" << pathLabel << "]";
  if (src.type.getElementType() != dst.type.getElementType())
    return op->emitOpError()
           << "source and destination element types differ ("
           << src.type.getElementType() << " vs " << dst.type.getElementType()
           << ") [" << typeLabel << "]";
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Load2DTransposeOp (LoadDataWithTranspose V1, cube-reference §7)
//===----------------------------------------------------------------------===//

TransposeTarget ascube::transposeElement(unsigned bits, int64_t e) {
  if (bits == 32) {
    // Two 16x8 fractals side by side: square S[r][c], c < 8 from fractal 0.
    int64_t r = e / 16, c = e % 16;
    // T[c][r] = S[r][c]; destination fractal j holds T's columns 8j..8j+7.
    return {c / 8, r * 8 + c % 8, r / 8, c * 8 + r % 8};
  }
  // b4/b8/b16: n fractals of 16 x C0 stacked vertically, a C0 x C0 square.
  int64_t c0 = 256 / bits;
  int64_t r = e / c0, c = e % c0;
  // T[c][r] = S[r][c]; destination fractal j holds T's rows 16j..16j+15.
  return {r / 16, (r % 16) * c0 + c, c / 16, (c % 16) * c0 + r};
}

int64_t ascube::fractalsPerSquare(unsigned bits) {
  return bits == 4 ? 4 : bits == 8 ? 2 : bits == 16 ? 1 : 2;
}

FailureOr<TransposeParams> ascube::getTransposeParams(Load2DTransposeOp op,
                                                      EmitErrorFn emit) {
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(dst))
    return failure();
  TransposeParams p;
  p.fractalsPerSquare = fractalsPerSquare(dst->bits);
  int64_t n = p.fractalsPerSquare;
  // The 950 form where the target says so; without a target, srcFracGap
  // (a V2-only field) selects it.
  const target::ProductInfo *prod = getTargetProduct(op);
  p.v2 = prod ? bool(prod->HasTransposeV2) : bool(op.getSrcFracGapAttr());
  int64_t dstFractals = dst->layout.numElements() / (4096 / dst->bits);
  p.startIndex = attrOr(op.getStartIndexAttr(), 0);
  p.repeatTimes = attrOr(op.getRepeatTimesAttr(), dstFractals / n);
  p.srcStride = attrOr(op.getSrcStrideAttr(), p.v2 ? n : 1);
  p.dstGap = attrOr(op.getDstGapAttr(), n - 1);
  p.dstFracGap = attrOr(op.getDstFracGapAttr(), 0);
  p.srcFracGap = attrOr(op.getSrcFracGapAttr(), 0);
  p.addrMode = attrOr(op.getAddrModeAttr(), 0);
  StringRef l = "transpose2d_c3";
  if (failed(inRange(emit, "startIndex", p.startIndex, 0, 65535, l)) ||
      failed(
          inRange(emit, "repeatTimes", p.repeatTimes, p.v2 ? 1 : 0, 255, l)) ||
      failed(inRange(emit, "srcFracGap", p.srcFracGap, 0, 65535, l)) ||
      failed(inRange(emit, "srcStride", p.srcStride, 0, 65535, l)) ||
      failed(inRange(emit, "dstGap", p.dstGap, 0, 65535, l)) ||
      failed(inRange(emit, "dstFracGap", p.dstFracGap, 0, 65535, l)) ||
      failed(inRange(emit, "addrMode", p.addrMode, 0, 1, l)))
    return failure();
  return p;
}

SmallVector<FractalSquare>
ascube::getTransposeSquares(const TransposeParams &p) {
  SmallVector<FractalSquare> out;
  int64_t n = p.fractalsPerSquare, sign = p.addrMode == 1 ? -1 : 1;
  for (int64_t i = 0; i < p.repeatTimes; ++i) {
    FractalSquare sq;
    int64_t square = p.startIndex + sign * i * p.srcStride;
    for (int64_t j = 0; j < n; ++j) {
      sq.src.push_back(p.v2 ? square + j * (p.srcFracGap + 1) : square * n + j);
      sq.dst.push_back(i * (p.dstGap + 1) + j * (p.dstFracGap + 1));
    }
    out.push_back(sq);
  }
  return out;
}

FailureOr<AccessExtents> ascube::getAccessExtents(Load2DTransposeOp op,
                                                  EmitErrorFn emit) {
  FailureOr<TransposeParams> p = getTransposeParams(op, emit);
  if (failed(p))
    return failure();
  if (p->addrMode == 1 && p->startIndex < (p->repeatTimes - 1) * p->srcStride)
    return emit() << "addrMode = 1 steps below square 0 (startIndex "
                  << p->startIndex << ", " << p->repeatTimes << " repeats of "
                  << p->srcStride << ") [transpose2d_c4]";
  auto et = cast<MemRefType>(op.getSrc().getType()).getElementType();
  return extentsOfSquares(getTransposeSquares(*p),
                          4096 / *getElementBitWidth(et));
}

BaseAlignment ascube::getBaseAlignment(Load2DTransposeOp) {
  return {32, 512}; // L1 source 32 B, L0A/L0B destination 512 B (§7)
}

LogicalResult Load2DTransposeOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers =
      resolveMover(*this, getSrc(), getDst(), emit, /*fixedFractals=*/true);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkL1ToL0(*this, *src, *dst, "LoadDataWithTranspose",
                         "transpose2d_c1", "transpose2d_c2")))
    return failure();
  Type et = src->type.getElementType();
  // Dtypes (§7): (u)int8, half, bf16, (u)int32, float; int4 into L0B only.
  const target::ProductInfo *prod = getTargetProduct(*this);
  bool v2 = prod ? bool(prod->HasTransposeV2) : bool(getSrcFracGapAttr());
  if (prod && !prod->HasTransposeV1 && !prod->HasTransposeV2)
    return emitOpError() << "LoadDataWithTranspose is not available on "
                         << prod->Name << " [transpose2d_c7]";
  if (prod && !v2 && getSrcFracGapAttr())
    return emitOpError() << "srcFracGap is a field of the 950 form "
                            "(LoadData2dTransposeParamsV2), not of "
                         << prod->Name << "'s V1 [transpose2d_c7]";
  if (v2 && dst->level != Level::L0B)
    return emitOpError() << "the 950 form of LoadDataWithTranspose moves L1 -> "
                            "L0B only, got L1 -> "
                         << target::stringifyLevel(dst->level)
                         << " [transpose2d_c1]";
  bool typeOk = et.isInteger(8) || et.isF16() || et.isBF16() ||
                et.isInteger(32) || et.isF32() ||
                (et.isInteger(4) && dst->level == Level::L0B && !v2);
  if (!typeOk)
    return emitOpError() << "LoadDataWithTranspose moves (u)int8, half, "
                            "bf16, (u)int32, float, and int4 into L0B (V1); "
                            "got "
                         << et << " into " << target::stringifyLevel(dst->level)
                         << (v2 ? " (950 form)" : "") << " [transpose2d_c2]";
  BaseAlignment align = getBaseAlignment(*this);
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  FailureOr<TransposeParams> p = getTransposeParams(*this, emit);
  if (failed(p))
    return failure();
  if (src->bits == 16 && p->dstFracGap != 0)
    return emitOpError() << "dstFracGap applies to b4/b8/b32 squares only "
                            "(a b16 square is one fractal) [transpose2d_c6]";
  if (src->bits == 16 && p->srcFracGap != 0)
    return emitOpError() << "srcFracGap applies to b4/b8/b32 squares only "
                            "(a b16 square is one fractal) [transpose2d_c6]";
  // A b32 square is two fractals adjacent in the transposed direction
  // (§7): an Nz source's are side by side, consecutive only with one fractal
  // row; a Zn source's are stacked, consecutive only with one fractal
  // column (V1); the 950 form pairs them srcFracGap + 1 apart (V2).
  bool nz = src->format() == Format::Nz, zn = src->format() == Format::Zn;
  if (src->bits == 32 && (nz || zn)) {
    int64_t needed = nz ? src->paddedRows() / 16 : src->paddedCols() / 16;
    int64_t apart = p->v2 ? p->srcFracGap + 1 : 1;
    if (apart != needed) {
      InFlightDiagnostic d =
          emitOpError() << "a b32 square pairs source fractals " << apart
                        << " apart, but " << (nz ? "side-by-side" : "stacked")
                        << " fractals of " << src->type << " are " << needed
                        << " apart";
      if (p->v2)
        d << " (§7): give srcFracGap = " << needed - 1;
      else
        d << " (§7: the V1 form pairs neighbours, so it takes a 32-bit "
          << (nz ? "Nz" : "Zn") << " source of one 16-"
          << (nz ? "row" : "column")
          << " fractal block): split the tile into 16-"
          << (nz ? "row pieces (e.g. K into 16-row tiles for an A held K x M)"
                 : "column pieces")
          << ", one instruction each";
      return d << " [transpose2d_c8]";
    }
  }
  {
    llvm::DenseSet<int64_t> seen;
    for (const FractalSquare &sq : getTransposeSquares(*p))
      for (int64_t f : sq.dst)
        if (!seen.insert(f).second)
          return emitOpError() << "destination fractal " << f
                               << " is written twice; transposed fractals "
                                  "must not overlap (§7) [transpose2d_c9]";
  }
  if (!getRepeatTimesAttr()) {
    // The derived form must reproduce the destination's layout.
    bool same = squaresKeepLayout(src->layout, dst->layout,
                                  getTransposeSquares(*p), src->bits,
                                  /*transposed=*/true);
    if (!same)
      return emitOpError()
             << "one LoadDataWithTranspose cannot move "
             << layout::stringifyFormat(src->format()) << " " << src->type
             << " into " << layout::stringifyFormat(dst->format()) << " "
             << dst->type
             << " square by square: give startIndex/repeatTimes/srcStride/"
                "dstGap/dstFracGap per run of squares [transpose2d_c5]";
  }
  return checkExtents(*this, emit, *src, *dst, "transpose2d_c4");
}

//===----------------------------------------------------------------------===//
// Load2DV2Op (LoadData 2D-v2, 950, cube-reference §8)
//===----------------------------------------------------------------------===//

SmallVector<FractalSquare> ascube::getLoad2DV2Squares(const Load2DV2Params &p,
                                                      unsigned bits) {
  SmallVector<FractalSquare> out;
  int64_t start = p.kStartPosition * p.srcStride + p.mStartPosition;
  auto src = [&](int64_t kc, int64_t mr) {
    return start + kc * p.srcStride + mr;
  };
  if (!p.ifTranspose) {
    for (int64_t kc = 0; kc < p.kStep; ++kc)
      for (int64_t mr = 0; mr < p.mStep; ++mr)
        out.push_back({{src(kc, mr)}, {kc * p.dstStride + mr}});
    return out;
  }
  int64_t n = fractalsPerSquare(bits);
  if (bits == 32) {
    // Squares of two fractals side by side along K; fractal j of the
    // transposed square is the destination's K block 2a + j.
    for (int64_t b = 0; b < p.kStep / 2; ++b)
      for (int64_t a = 0; a < p.mStep; ++a)
        out.push_back(
            {{src(2 * b, a), src(2 * b + 1, a)},
             {(2 * a) * p.dstStride + b, (2 * a + 1) * p.dstStride + b}});
    return out;
  }
  // b4/b8/b16: squares of n fractals down M; the transposed square is the
  // destination's K block a, fractals b*n .. b*n + n-1 along it.
  for (int64_t b = 0; b < p.kStep; ++b)
    for (int64_t a = 0; a < p.mStep / n; ++a) {
      FractalSquare sq;
      for (int64_t f = 0; f < n; ++f) {
        sq.src.push_back(src(b, a * n + f));
        sq.dst.push_back(a * p.dstStride + b * n + f);
      }
      out.push_back(sq);
    }
  return out;
}

namespace {
/// LoadData2DParamsV2 of load_2d_v2 and of load_mx's data part (§8, §9).
template <typename OpT>
FailureOr<Load2DV2Params> load2DV2ParamsOf(OpT op, EmitErrorFn emit,
                                           StringRef l) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  Load2DV2Params p;
  p.ifTranspose = attrOr(op.getIfTransposeAttr(), false);
  int64_t h = src->layout.fractal().rows, w = src->layout.fractal().cols;
  int64_t srcRows = layout::isFractalFormat(src->format())
                        ? src->paddedRows() / std::max<int64_t>(1, h)
                        : 0;
  int64_t srcCols = layout::isFractalFormat(src->format())
                        ? src->paddedCols() / std::max<int64_t>(1, w)
                        : 0;
  // The destination's fractals per K block: Nz (M x K) its fractal rows,
  // Zn (K x N) its fractal columns.
  int64_t dstStride = 0;
  if (dst->format() == Format::Nz)
    dstStride =
        dst->paddedRows() / std::max<int64_t>(1, dst->layout.fractal().rows);
  else if (dst->format() == Format::Zn)
    dstStride =
        dst->paddedCols() / std::max<int64_t>(1, dst->layout.fractal().cols);
  p.mStartPosition = attrOr(op.getMStartPositionAttr(), 0);
  p.kStartPosition = attrOr(op.getKStartPositionAttr(), 0);
  p.mStep = attrOr(op.getMStepAttr(), srcRows);
  p.kStep = attrOr(op.getKStepAttr(), srcCols);
  p.srcStride = attrOr(op.getSrcStrideAttr(), srcRows);
  p.dstStride = attrOr(op.getDstStrideAttr(), dstStride);
  p.sid = attrOr(op.getSidAttr(), 0);
  if (failed(inRange(emit, "mStartPosition", p.mStartPosition, 0, 65535, l)) ||
      failed(inRange(emit, "kStartPosition", p.kStartPosition, 0, 65535, l)) ||
      failed(inRange(emit, "mStep", p.mStep, 0, 255, l)) ||
      failed(inRange(emit, "kStep", p.kStep, 0, 255, l)) ||
      failed(inRange(emit, "srcStride", p.srcStride, 0, 65535, l)) ||
      failed(inRange(emit, "dstStride", p.dstStride, 0, 65535, l)) ||
      failed(inRange(emit, "sid", p.sid, 0, 0, l)))
    return failure();
  return p;
}

/// LoadData 2D-v2 writes Nz into L0A and Zn into L0B, from Nz or Zn L1
/// fractals (§8).
LogicalResult checkLoad2DV2Formats(Operation *op, const Buffer &src,
                                   const Buffer &dst, StringRef label) {
  Format want = dst.level == Level::L0A ? Format::Nz : Format::Zn;
  bool srcOk = src.format() == Format::Nz || src.format() == Format::Zn;
  if (dst.format() != want || !srcOk)
    return op->emitOpError()
           << "LoadData 2D-v2 moves Nz/Zn L1 fractals into "
           << layout::stringifyFormat(want) << " in "
           << target::stringifyLevel(dst.level) << ", got "
           << layout::stringifyFormat(src.format()) << " -> "
           << layout::stringifyFormat(dst.format()) << " [" << label << "]";
  return success();
}

/// The rules of the data part of load_2d_v2 and load_mx (§8): transposed
/// square multiples and the derived form (the labels differ per op).
template <typename OpT>
LogicalResult checkLoad2DV2Data(OpT op, const Buffer &src, const Buffer &dst,
                                const Load2DV2Params &p, StringRef name,
                                StringRef squareLabel, StringRef derivedLabel) {
  Type et = src.type.getElementType();
  if (p.ifTranspose) {
    int64_t n = fractalsPerSquare(src.bits);
    if (src.bits != 32 && p.mStep % n != 0)
      return op.emitOpError()
             << "a transposing " << name << " of " << et << " needs mStep % "
             << n << " == 0, got mStep = " << p.mStep << " [" << squareLabel
             << "]";
    if (src.bits == 32 && p.kStep % 2 != 0)
      return op.emitOpError() << "a transposing " << name << " of " << et
                              << " needs an even kStep, got kStep = " << p.kStep
                              << " [" << squareLabel << "]";
  }
  if (!op.getMStepAttr() && !op.getKStepAttr()) {
    // The derived form must reproduce the destination's layout.
    bool same = squaresKeepLayout(src.layout, dst.layout,
                                  getLoad2DV2Squares(p, src.bits), src.bits,
                                  p.ifTranspose);
    if (!same)
      return op.emitOpError()
             << "one " << name << " with derived parameters cannot move "
             << src.type << " into " << dst.type
             << ": give mStep/kStep/srcStride/dstStride [" << derivedLabel
             << "]";
  }
  return success();
}
} // namespace

FailureOr<Load2DV2Params> ascube::getLoad2DV2Params(Load2DV2Op op,
                                                    EmitErrorFn emit) {
  return load2DV2ParamsOf(op, emit, "load2dv2_c3");
}

FailureOr<AccessExtents> ascube::getAccessExtents(Load2DV2Op op,
                                                  EmitErrorFn emit) {
  FailureOr<Load2DV2Params> p = getLoad2DV2Params(op, emit);
  if (failed(p))
    return failure();
  unsigned bits = *getElementBitWidth(
      cast<MemRefType>(op.getSrc().getType()).getElementType());
  return extentsOfSquares(getLoad2DV2Squares(*p, bits), 4096 / bits);
}

BaseAlignment ascube::getBaseAlignment(Load2DV2Op) {
  return {32, 512}; // L1 source 32 B, L0A/L0B destination 512 B (§8)
}

LogicalResult Load2DV2Op::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers =
      resolveMover(*this, getSrc(), getDst(), emit, /*fixedFractals=*/true);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkL1ToL0(*this, *src, *dst, "LoadData 2D-v2", "load2dv2_c1",
                         "load2dv2_c2")))
    return failure();
  Type et = src->type.getElementType();
  bool typeOk = et.isInteger(8) || et.isF16() || et.isBF16() ||
                et.isInteger(32) || et.isF32() ||
                isa<Float8E4M3FNType, Float8E5M2Type, HiFloat8Type,
                    Float4E2M1FNType, Float4E1M2Type>(et);
  if (!typeOk)
    return emitOpError() << "LoadData 2D-v2 of " << et
                         << " is not available [load2dv2_c2]";
  if (const target::ProductInfo *prod = getTargetProduct(*this))
    if (!prod->HasLoad2DV2)
      return emitOpError() << "LoadData 2D-v2 is not available on "
                           << prod->Name << " (950 only) [load2dv2_c7]";
  BaseAlignment align = getBaseAlignment(*this);
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  if (failed(checkLoad2DV2Formats(*this, *src, *dst, "load2dv2_c8")))
    return failure();
  FailureOr<Load2DV2Params> p = getLoad2DV2Params(*this, emit);
  if (failed(p) ||
      failed(checkLoad2DV2Data(*this, *src, *dst, *p, "LoadData 2D-v2",
                               "load2dv2_c6", "load2dv2_c5")))
    return failure();
  return checkExtents(*this, emit, *src, *dst, "load2dv2_c4");
}

//===----------------------------------------------------------------------===//
// Load3DOp (LoadData 3D V2, im2col, cube-reference §10)
//===----------------------------------------------------------------------===//

bool Load3DParams::isNoOp() const {
  return l1H == 0 || l1W == 0 || channelSize == 0 || kExtension == 0 ||
         mExtension == 0 || repeatTime == 0 || (filterW == 0 && !filterSizeW) ||
         (filterH == 0 && !filterSizeH);
}

std::pair<int64_t, int64_t> Load3DParams::windowStart(int64_t r) const {
  int64_t step = r * repeatStride;
  if (repeatMode == 0)
    return {mStartPt + step * 16, kStartPt};
  return {mStartPt, kStartPt + step * geometry.c0};
}

namespace {
/// The L0A layout LoadData 3D writes: the product's (Zz, Nz on 950), else
/// the destination's own when it is one of the two.
Format load3DL0AFormat(Operation *op, Format dstFormat) {
  if (const target::ProductInfo *prod = getTargetProduct(op))
    return prod->L0ALayout;
  return dstFormat == Format::Nz ? Format::Nz : Format::Zz;
}

/// padList [left, right, top, bottom], each in [0, 255] (§10.1, §10.2).
LogicalResult readPadList(DenseI64ArrayAttr pads, int64_t (&out)[4],
                          EmitErrorFn emit, StringRef label) {
  if (!pads)
    return success();
  if (pads.size() != 4)
    return emit() << "padList has " << pads.size()
                  << " entries; it is [left, right, top, bottom] [" << label
                  << "]";
  static const char *names[] = {"padList[0] (left)", "padList[1] (right)",
                                "padList[2] (top)", "padList[3] (bottom)"};
  for (int i = 0; i < 4; ++i) {
    out[i] = pads[i];
    if (failed(inRange(emit, names[i], out[i], 0, 255, label)))
      return failure();
  }
  return success();
}

/// The padding value is an integer or float of the element type, or an
/// integer of its width (the raw bits).
LogicalResult checkPadValue(TypedAttr pv, const Buffer &src, EmitErrorFn emit,
                            StringRef label) {
  if (!pv)
    return success();
  Type et = src.type.getElementType();
  bool ok = isa<IntegerAttr, FloatAttr>(pv) &&
            (pv.getType() == et ||
             (pv.getType().isSignlessInteger() &&
              pv.getType().getIntOrFloatBitWidth() == src.bits));
  if (!ok)
    return emit() << "padValue " << pv << " is neither a " << et
                  << " value nor an i" << src.bits << " bit pattern [" << label
                  << "]";
  return success();
}

/// channelSize values LoadData 3D accepts (§10.1): channelSize % C0 is 0
/// (and channelSize > 0) or one of the partial groups of the width.
bool isAllowedChannelSize(unsigned bits, int64_t cs) {
  int64_t c0 = c0Of(bits), r = cs % c0;
  if (r == 0)
    return true;
  switch (bits) {
  case 32:
    return r == 4;
  case 16:
    return r == 4 || r == 8;
  case 8:
    return r == 4 || r == 8 || r == 16;
  default: // b4
    return r == 8 || r == 16 || r == 32;
  }
}
} // namespace

FailureOr<Load3DParams> ascube::getLoad3DParams(Load3DOp op, EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  Load3DParams p;
  StringRef l = "load3d_c3";
  if (failed(readPadList(op.getPadListAttr(), p.padList, emit, l)) ||
      failed(checkPadValue(op.getPadValueAttr(), *src, emit, l)))
    return failure();
  // FMatrix defaults from the source: an NC1HWC0 map, or an Nz matrix read
  // as a 1 x rows map of its columns (§10.4).
  int64_t dH = 0, dW = 0, dC = 0;
  if (src->format() == Format::NC1HWC0 && src->type.getRank() == 5) {
    ArrayRef<int64_t> s = src->type.getShape();
    dH = s[2], dW = s[3], dC = s[1] * s[4];
  } else if (src->format() == Format::Nz && src->type.getRank() == 2) {
    dH = 1, dW = src->paddedRows(), dC = src->paddedCols();
  }
  p.l1H = attrOr(op.getL1HAttr(), dH);
  p.l1W = attrOr(op.getL1WAttr(), dW);
  p.channelSize = attrOr(op.getChannelSizeAttr(), dC);
  p.enTranspose = attrOr(op.getEnTransposeAttr(), false);
  bool intoL0A = dst->level == Level::L0A;
  bool transposed = p.enTranspose && intoL0A;
  // The default window is the whole destination: its M side and K side.
  int64_t dRows = dst->type.getRank() == 2 ? dst->rows() : 0;
  int64_t dCols = dst->type.getRank() == 2 ? dst->cols() : 0;
  p.mExtension = attrOr(op.getMExtensionAttr(), transposed ? dCols : dRows);
  p.kExtension = attrOr(op.getKExtensionAttr(), transposed ? dRows : dCols);
  p.kStartPt = attrOr(op.getKStartPtAttr(), 0);
  p.mStartPt = attrOr(op.getMStartPtAttr(), 0);
  p.strideW = attrOr(op.getStrideWAttr(), 1);
  p.strideH = attrOr(op.getStrideHAttr(), 1);
  p.filterW = attrOr(op.getFilterWAttr(), 1);
  p.filterH = attrOr(op.getFilterHAttr(), 1);
  p.dilationFilterW = attrOr(op.getDilationFilterWAttr(), 1);
  p.dilationFilterH = attrOr(op.getDilationFilterHAttr(), 1);
  p.filterSizeW = attrOr(op.getFilterSizeWAttr(), false);
  p.filterSizeH = attrOr(op.getFilterSizeHAttr(), false);
  p.repeatTime = attrOr(op.getRepeatTimeAttr(), 1);
  p.repeatStride = attrOr(op.getRepeatStrideAttr(), 0);
  p.repeatMode = attrOr(op.getRepeatModeAttr(), 0);
  if (failed(inRange(emit, "l1H", p.l1H, 0, 32767, l)) ||
      failed(inRange(emit, "l1W", p.l1W, 0, 32767, l)) ||
      failed(inRange(emit, "channelSize", p.channelSize, 0, 65535, l)) ||
      failed(inRange(emit, "kExtension", p.kExtension, 0, 65535, l)) ||
      failed(inRange(emit, "mExtension", p.mExtension, 0, 65535, l)) ||
      failed(inRange(emit, "kStartPt", p.kStartPt, 0, 65535, l)) ||
      failed(inRange(emit, "mStartPt", p.mStartPt, 0, 32767, l)) ||
      failed(inRange(emit, "strideW", p.strideW, 1, 63, l)) ||
      failed(inRange(emit, "strideH", p.strideH, 1, 63, l)) ||
      failed(inRange(emit, "filterW", p.filterW, 0, 255, l)) ||
      failed(inRange(emit, "filterH", p.filterH, 0, 255, l)) ||
      failed(inRange(emit, "dilationFilterW", p.dilationFilterW, 1, 255, l)) ||
      failed(inRange(emit, "dilationFilterH", p.dilationFilterH, 1, 255, l)) ||
      failed(inRange(emit, "repeatTime", p.repeatTime, 0, 255, l)) ||
      failed(inRange(emit, "repeatStride", p.repeatStride, 0, 65535, l)) ||
      failed(inRange(emit, "repeatMode", p.repeatMode, 0, 1, l)))
    return failure();
  if (attrOr(op.getEnSmallKAttr(), false))
    return emit() << "enSmallK (16 x 4 fractals) is no longer supported [" << l
                  << "]";
  if (attrOr(op.getFMatrixCtrlAttr(), false))
    return emit() << "fMatrixCtrl = true (the right FMatrix) is not "
                     "supported; only the left FMatrix is ["
                  << l << "]";

  int64_t c0 = c0Of(src->bits);
  layout::Im2colGeometry &g = p.geometry;
  g.l1H = p.l1H, g.l1W = p.l1W, g.c0 = c0;
  g.c1 = llvm::divideCeil(p.channelSize, c0);
  g.kernelH = p.filterH + (p.filterSizeH ? 256 : 0);
  g.kernelW = p.filterW + (p.filterSizeW ? 256 : 0);
  g.strideH = p.strideH, g.strideW = p.strideW;
  g.dilationH = p.dilationFilterH, g.dilationW = p.dilationFilterW;
  g.padLeft = p.padList[0], g.padRight = p.padList[1];
  g.padTop = p.padList[2], g.padBottom = p.padList[3];

  Format f = intoL0A ? load3DL0AFormat(op, dst->format()) : Format::Zn;
  layout::FractalShape fr =
      intoL0A ? layout::FractalShape{16, c0} : layout::FractalShape{c0, 16};
  p.placement = layout::Load3DPlacement::get(f, fr, transposed, p.mExtension,
                                             p.kExtension);
  p.dstStride = attrOr(op.getDstStrideAttr(), p.placement.fractals());
  if (failed(inRange(emit, "dstStride", p.dstStride, 0, 65535, l)))
    return failure();
  return p;
}

FailureOr<AccessExtents> ascube::getAccessExtents(Load3DOp op,
                                                  EmitErrorFn emit) {
  FailureOr<Load3DParams> p = getLoad3DParams(op, emit);
  if (failed(p))
    return failure();
  AccessExtents e;
  if (p->isNoOp())
    return e;
  const layout::Im2colGeometry &g = p->geometry;
  int64_t perC1 = g.kernelH * g.kernelW * g.c0;
  int64_t fractal = p->placement.fractal.elements();
  for (int64_t r = 0; r < p->repeatTime; ++r) {
    int64_t kEnd = p->windowStart(r).second + p->kExtension;
    int64_t c1s = llvm::divideCeil(kEnd, perC1);
    e.src = std::max(e.src, c1s * g.l1H * g.l1W * g.c0);
    e.dst =
        std::max(e.dst, r * p->dstStride * fractal +
                            p->placement.paddedRows * p->placement.paddedCols);
  }
  return e;
}

BaseAlignment ascube::getBaseAlignment(Load3DOp) {
  return {32, 512}; // L1 source 32 B, L0A/L0B destination 512 B (§10)
}

LogicalResult Load3DOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkL1ToL0(*this, *src, *dst, "LoadData 3D", "load3d_c1",
                         "load3d_c2")))
    return failure();
  if (src->format() != Format::NC1HWC0 && src->format() != Format::Nz)
    return emitOpError() << "LoadData 3D reads an NC1HWC0 feature map or an "
                            "Nz matrix (§10.4) in L1, got "
                         << layout::stringifyFormat(src->format())
                         << " [load3d_c1]";
  if (src->format() == Format::Nz &&
      src->layout.fractal() != layout::FractalShape{16, c0Of(src->bits)})
    return emitOpError() << "an Nz source is read as C0 = " << c0Of(src->bits)
                         << " column groups of 16-row fractals; " << src->type
                         << " has " << src->layout.fractal().rows << "x"
                         << src->layout.fractal().cols
                         << " fractals [load3d_c1]";
  const target::ProductInfo *prod = getTargetProduct(*this);
  if (prod && !prod->HasLoad3DV2)
    return emitOpError() << "LoadData 3D V2 is not available on " << prod->Name
                         << " [load3d_c7]";
  Type et = src->type.getElementType();
  bool transposed = attrOr(getEnTransposeAttr(), false);
  if (transposed && dst->level == Level::L0B)
    return emitOpError() << "enTranspose has no effect into L0B (LoadData 3D "
                            "always stores L0B transposed, §10.1): drop it "
                            "[load3d_c6]";
  // Dtypes (§10.1) for the destination, per product (the union without one).
  auto rows = target::load3DTypes(dst->level, transposed);
  std::string name = getCubeTypeName(et);
  bool typeOk = llvm::any_of(rows, [&](const target::TypeRowInfo &r) {
    return (!prod || prod->in(r.Products)) && name == r.Type;
  });
  if (!typeOk) {
    auto d = emitOpError();
    d << "LoadData 3D does not move " << et << " into "
      << target::stringifyLevel(dst->level);
    if (transposed)
      d << " with enTranspose";
    if (prod)
      d << " on " << prod->Name;
    return d << (transposed ? " [load3d_c6]" : " [load3d_c2]");
  }
  BaseAlignment align = getBaseAlignment(*this);
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  FailureOr<Load3DParams> p = getLoad3DParams(*this, emit);
  if (failed(p))
    return failure();
  if (getDstStrideAttr() && prod && !prod->HasLoad2DV2)
    return emitOpError() << "dstStride is a field of the 950 LoadData 3D "
                            "repeat only; "
                         << prod->Name
                         << " places repeats one window apart [load3d_c11]";
  if (!getDstStrideAttr() && prod && prod->HasLoad2DV2 && p->repeatTime > 1)
    return emitOpError() << "a repeating LoadData 3D on " << prod->Name
                         << " needs dstStride (512 B fractals between "
                            "repeats; mandatory on 950) [load3d_c11]";
  // The layout the instruction writes (§10.3).
  const layout::Load3DPlacement &pl = p->placement;
  if (dst->format() != pl.format || dst->type.getRank() != 2)
    return emitOpError() << "LoadData 3D writes "
                         << layout::stringifyFormat(pl.format) << " into "
                         << target::stringifyLevel(dst->level)
                         << (prod ? " on " + std::string(prod->Name) : "")
                         << ", got a " << layout::stringifyFormat(dst->format())
                         << " destination [load3d_c9]";
  if (dst->layout.fractal() != pl.fractal)
    return emitOpError() << "LoadData 3D writes " << pl.fractal.rows << "x"
                         << pl.fractal.cols << " fractals, got a destination "
                         << dst->type << " [load3d_c9]";
  if (p->isNoOp())
    return checkExtents(*this, emit, *src, *dst, "load3d_c10");
  if (!isAllowedChannelSize(src->bits, p->channelSize))
    return emitOpError() << "channelSize = " << p->channelSize
                         << " is not allowed for " << et
                         << " (C0 = " << c0Of(src->bits)
                         << "; §10.1 lists 4/8/16/32 partial groups by width) "
                            "[load3d_c4]";
  if (pl.transposed && p->repeatTime > 1)
    return emitOpError() << "a transposing LoadData 3D with repeatTime = "
                         << p->repeatTime
                         << " (all repeats as one matrix, §10.3) is not "
                            "modelled [load3d_c6]";
  const layout::Im2colGeometry &g = p->geometry;
  int64_t c0 = g.c0;
  if (p->kStartPt % c0 != 0)
    return emitOpError() << "kStartPt = " << p->kStartPt
                         << " is not a multiple of C0 = " << c0
                         << " [load3d_c5]";
  if (g.hout() < 1 || g.wout() < 1)
    return emitOpError() << kernelMisfit(g) << " [load3d_c8]";
  int64_t mRows = llvm::alignTo(g.rows(), 16), kCols = g.cols();
  for (int64_t r = 0; r < p->repeatTime; ++r) {
    auto [m0, k0] = p->windowStart(r);
    if (k0 + p->kExtension > kCols || m0 + p->mExtension > mRows)
      return emitOpError() << "window rows [" << m0 << ", "
                           << m0 + p->mExtension << ") x columns [" << k0
                           << ", " << k0 + p->kExtension << ")"
                           << (r ? " of repeat " + std::to_string(r) : "")
                           << " leaves the " << g.rows() << " x " << kCols
                           << " im2col matrix (rows padded to " << mRows
                           << ") [load3d_c8]";
    if (p->kExtension % c0 != 0 && k0 + p->kExtension <= kCols - c0)
      return emitOpError() << "kExtension = " << p->kExtension
                           << " is not a multiple of C0 = " << c0
                           << " and does not end in the last fractal column "
                              "[load3d_c5]";
    if (src->bits != 32 && p->mExtension % 16 != 0 &&
        m0 + p->mExtension <= mRows - 16)
      return emitOpError() << "mExtension = " << p->mExtension
                           << " is not a multiple of 16 and does not end in "
                              "the last fractal row (b4/b8/b16) [load3d_c5]";
  }
  if (prod && prod->Arch == 2201 && (src->bits == 8 || src->bits == 16) &&
      p->mStartPt % 16 != 0)
    return emitOpError() << "mStartPt = " << p->mStartPt
                         << " is not a multiple of 16 (" << prod->Name << ", b"
                         << src->bits << ") [load3d_c5]";
  if (!getMExtensionAttr() || !getKExtensionAttr()) {
    // An Nz matrix read with its own geometry is its own im2col matrix
    // (§10.4): a derived side of the window is the destination's, and it
    // must stay inside the source's data — its rows (the destination's rows,
    // K rows into L0B; columns with enTranspose into L0A) and its columns.
    // Matching padded extents are not enough: a B held N x K (24 x 32)
    // would otherwise land in a K x N (32 x 24) L0B row for row.
    const layout::Im2colGeometry &g = p->geometry;
    bool own = src->format() == Format::Nz && src->type.getRank() == 2 &&
               dst->type.getRank() == 2 && !getSrcOffset() && g.l1H == 1 &&
               g.l1W == src->paddedRows() &&
               p->channelSize == src->paddedCols() && g.kernelH == 1 &&
               g.kernelW == 1 && g.strideH == 1 && g.strideW == 1 &&
               g.dilationH == 1 && g.dilationW == 1 && g.padTop == 0 &&
               g.padBottom == 0 && g.padLeft == 0 && g.padRight == 0 &&
               p->repeatTime == 1;
    if (own) {
      auto past = [&](bool derived, int64_t start, int64_t side, int64_t have) {
        return derived && start + side > have;
      };
      bool mPast =
          past(!getMExtensionAttr(), p->mStartPt, p->mExtension, src->rows());
      bool kPast =
          past(!getKExtensionAttr(), p->kStartPt, p->kExtension, src->cols());
      if (mPast || kPast)
        return emitOpError()
               << "the derived window " << (mPast ? "rows [" : "columns [")
               << (mPast ? p->mStartPt : p->kStartPt) << ", "
               << (mPast ? p->mStartPt + p->mExtension
                         : p->kStartPt + p->kExtension)
               << ") (from the destination " << dst->type << ") run past the "
               << (mPast ? src->rows() : src->cols())
               << (mPast ? " rows" : " columns") << " of the " << src->rows()
               << " x " << src->cols()
               << " Nz source (its own im2col matrix, §10.4): the "
                  "destination holds the source or a window of it"
               << (dst->level == Level::L0A
                       ? ", or with enTranspose its transpose (a b32 K "
                         "padded to 16 takes mExtension = align16(K))"
                       : " with its rows as K rows (a B held N x K needs a "
                         "transposing mover, e.g. LoadData 2D)")
               << " [load3d_c9]";
    }
    // A derived extent is the destination's: its type must then be the
    // layout the instruction writes for the window.
    bool same = dst->layout.fractal() == pl.fractal &&
                dst->paddedRows() == pl.paddedRows &&
                dst->paddedCols() == pl.paddedCols;
    if (!same)
      return emitOpError()
             << "the destination " << dst->type
             << " is not the layout LoadData 3D writes for its window ("
             << layout::stringifyFormat(pl.format) << ", " << pl.fractal.rows
             << "x" << pl.fractal.cols << " fractals, " << pl.paddedRows
             << " x " << pl.paddedCols
             << " padded): give mExtension/kExtension [load3d_c9]";
  }
  return checkExtents(*this, emit, *src, *dst, "load3d_c10");
}

//===----------------------------------------------------------------------===//
// Load3DV1Op (LoadData 3D V1, 310P / 910A, cube-reference §10.2)
//===----------------------------------------------------------------------===//

std::pair<int64_t, int64_t> Load3DV1Params::fractalStart(int64_t r) const {
  const layout::Im2colGeometry &g = geometry;
  // The first pixel: the one whose window top-left is (leftTopH, leftTopW).
  int64_t oh = (leftTopH + g.padTop) / g.strideH;
  int64_t ow = (leftTopW + g.padLeft) / g.strideW;
  int64_t m0 = oh * g.wout() + ow + (repeatMode == 1 ? 16 * r : 0);
  int64_t point =
      fetchFilterH * g.kernelW + fetchFilterW + (repeatMode == 0 ? r : 0);
  int64_t k0 = (c1Index * g.kernelH * g.kernelW + point) * g.c0;
  return {m0, k0};
}

FailureOr<Load3DV1Params> ascube::getLoad3DV1Params(Load3DV1Op op,
                                                    EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  if (failed(src))
    return failure();
  Load3DV1Params p;
  StringRef l = "load3dv1_c3";
  if (failed(readPadList(op.getPadListAttr(), p.padList, emit, l)) ||
      failed(checkPadValue(op.getPadValueAttr(), *src, emit, l)))
    return failure();
  ArrayRef<int64_t> s = src->type.getShape();
  bool map = src->format() == Format::NC1HWC0 && s.size() == 5;
  layout::Im2colGeometry &g = p.geometry;
  g.l1H = attrOr(op.getL1HAttr(), map ? s[2] : 0);
  g.l1W = attrOr(op.getL1WAttr(), map ? s[3] : 0);
  g.c1 = map ? s[1] : 0;
  g.c0 = c0Of(src->bits);
  g.kernelH = attrOr(op.getFilterHAttr(), 1);
  g.kernelW = attrOr(op.getFilterWAttr(), 1);
  g.strideH = attrOr(op.getStrideHAttr(), 1);
  g.strideW = attrOr(op.getStrideWAttr(), 1);
  g.dilationH = attrOr(op.getDilationFilterHAttr(), 1);
  g.dilationW = attrOr(op.getDilationFilterWAttr(), 1);
  g.padLeft = p.padList[0], g.padRight = p.padList[1];
  g.padTop = p.padList[2], g.padBottom = p.padList[3];
  p.c1Index = attrOr(op.getC1IndexAttr(), 0);
  p.fetchFilterW = attrOr(op.getFetchFilterWAttr(), 0);
  p.fetchFilterH = attrOr(op.getFetchFilterHAttr(), 0);
  p.leftTopW = attrOr(op.getLeftTopWAttr(), -g.padLeft);
  p.leftTopH = attrOr(op.getLeftTopHAttr(), -g.padTop);
  p.jumpStride = attrOr(op.getJumpStrideAttr(), 1);
  p.repeatMode = attrOr(op.getRepeatModeAttr(), 0);
  p.repeatTime = attrOr(op.getRepeatTimeAttr(), 1);
  p.cSize = attrOr(op.getCSizeAttr(), 0);
  if (failed(inRange(emit, "l1H", g.l1H, 1, 32767, l)) ||
      failed(inRange(emit, "l1W", g.l1W, 1, 32767, l)) ||
      failed(inRange(emit, "c1Index", p.c1Index, 0, 4095, l)) ||
      failed(inRange(emit, "fetchFilterW", p.fetchFilterW, 0, 254, l)) ||
      failed(inRange(emit, "fetchFilterH", p.fetchFilterH, 0, 254, l)) ||
      failed(inRange(emit, "leftTopW", p.leftTopW, -255, 32767, l)) ||
      failed(inRange(emit, "leftTopH", p.leftTopH, -255, 32767, l)) ||
      failed(inRange(emit, "strideW", g.strideW, 1, 63, l)) ||
      failed(inRange(emit, "strideH", g.strideH, 1, 63, l)) ||
      failed(inRange(emit, "filterW", g.kernelW, 1, 255, l)) ||
      failed(inRange(emit, "filterH", g.kernelH, 1, 255, l)) ||
      failed(inRange(emit, "dilationFilterW", g.dilationW, 1, 255, l)) ||
      failed(inRange(emit, "dilationFilterH", g.dilationH, 1, 255, l)) ||
      failed(inRange(emit, "jumpStride", p.jumpStride, 1, 127, l)) ||
      failed(inRange(emit, "repeatMode", p.repeatMode, 0, 1, l)) ||
      failed(inRange(emit, "repeatTime", p.repeatTime, 1, 255, l)) ||
      failed(inRange(emit, "cSize", p.cSize, 0, 0, l)))
    return failure();
  return p;
}

FailureOr<AccessExtents> ascube::getAccessExtents(Load3DV1Op op,
                                                  EmitErrorFn emit) {
  FailureOr<Load3DV1Params> p = getLoad3DV1Params(op, emit);
  if (failed(p))
    return failure();
  const layout::Im2colGeometry &g = p->geometry;
  AccessExtents e;
  e.src = (p->c1Index + 1) * g.l1H * g.l1W * g.c0;
  e.dst = ((p->repeatTime - 1) * p->jumpStride + 1) * 16 * g.c0;
  return e;
}

BaseAlignment ascube::getBaseAlignment(Load3DV1Op) {
  return {32, 512}; // L1 source 32 B, L0A destination 512 B (§10)
}

LogicalResult Load3DV1Op::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers =
      resolveMover(*this, getSrc(), getDst(), emit, /*fixedFractals=*/true);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (src->level != Level::L1 || dst->level != Level::L0A)
    return emitOpError() << "LoadData 3D V1 moves L1 -> L0A (L0B is not "
                            "modelled), got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [load3dv1_c1]";
  if (src->format() != Format::NC1HWC0 || dst->format() != Format::Zz)
    return emitOpError() << "LoadData 3D V1 reads an NC1HWC0 map and writes "
                            "Zz fractals, got "
                         << layout::stringifyFormat(src->format()) << " -> "
                         << layout::stringifyFormat(dst->format())
                         << " [load3dv1_c1]";
  Type et = src->type.getElementType();
  if (et != dst->type.getElementType() || !(et.isF16() || et.isInteger(8)))
    return emitOpError() << "LoadData 3D V1 moves half or (u)int8 between "
                            "buffers of one type, got "
                         << et << " -> " << dst->type.getElementType()
                         << " [load3dv1_c2]";
  const target::ProductInfo *prod = getTargetProduct(*this);
  if (prod && !prod->HasLoad3DV1)
    return emitOpError() << "LoadData 3D V1 is not available on " << prod->Name
                         << " (atlas_inference, atlas_training) [load3dv1_c5]";
  BaseAlignment align = getBaseAlignment(*this);
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  FailureOr<Load3DV1Params> p = getLoad3DV1Params(*this, emit);
  if (failed(p))
    return failure();
  const layout::Im2colGeometry &g = p->geometry;
  if (g.hout() < 1 || g.wout() < 1)
    return emitOpError() << kernelMisfit(g) << " [load3dv1_c4]";
  int64_t dh = p->leftTopH + g.padTop, dw = p->leftTopW + g.padLeft;
  if (dh < 0 || dw < 0 || dh % g.strideH != 0 || dw % g.strideW != 0 ||
      dw / g.strideW >= g.wout())
    return emitOpError() << "(leftTopH, leftTopW) = (" << p->leftTopH << ", "
                         << p->leftTopW
                         << ") is not the window top-left of an output pixel "
                            "(pixel 0 starts at (-padTop, -padLeft), steps of "
                            "the strides) [load3dv1_c4]";
  if (p->c1Index >= g.c1)
    return emitOpError() << "c1Index = " << p->c1Index << " but the map has "
                         << g.c1 << " channel groups [load3dv1_c4]";
  int64_t rows = llvm::alignTo(g.rows(), 16), points = g.kernelH * g.kernelW;
  if (p->fetchFilterH >= g.kernelH || p->fetchFilterW >= g.kernelW)
    return emitOpError() << "kernel point (" << p->fetchFilterH << ", "
                         << p->fetchFilterW << ") is outside the " << g.kernelH
                         << "x" << g.kernelW << " kernel [load3dv1_c4]";
  auto [mLast, kLast] = p->fractalStart(p->repeatTime - 1);
  int64_t lastPoint = kLast / g.c0 - p->c1Index * points;
  if (mLast + 16 > rows || lastPoint >= points)
    return emitOpError() << "repeat " << p->repeatTime - 1 << " reads rows ["
                         << mLast << ", " << mLast + 16 << ") at kernel point "
                         << lastPoint << ", past the " << g.rows()
                         << " output pixels "
                         << "(padded to " << rows << ") or the " << points
                         << " kernel points [load3dv1_c4]";
  FailureOr<AccessExtents> e = getAccessExtents(*this, emit);
  if (failed(e) ||
      failed(checkExtent(emit, "source", getSrcOffset(), *src, e->src,
                         "load3dv1_c6")) ||
      failed(checkExtent(emit, "destination", getDstOffset(), *dst, e->dst,
                         "load3dv1_c6")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// 4:2 structured sparsity: LoadSparseOp (§12), MmadSparseOp (§14), §3.2
//===----------------------------------------------------------------------===//

std::optional<int64_t> ascube::getSparseIndexBase(Value l0b) {
  if (std::optional<int64_t> placed = getPlacedOffset(l0b))
    return *placed / 4;
  return std::nullopt;
}

namespace {
/// The L0B buffer of a sparse instruction has a fixed place, from which the
/// hidden index buffer is addressed (sparse_c1); with a target, the
/// instruction exists (sparse_c2).
LogicalResult checkSparseCommon(Operation *op, Value l0b, StringRef what) {
  if (!getSparseIndexBase(l0b))
    return op->emitOpError()
           << what
           << " needs its L0B buffer at a fixed place (ascube.alloc offset "
              "N, or an argument's ascube.offset): the hidden index buffer is "
              "addressed from its L0B address [sparse_c1]";
  if (const target::ProductInfo *prod = getTargetProduct(op))
    if (!prod->HasSparse)
      return op->emitOpError() << what << " is not available on " << prod->Name
                               << " (A2/A3 only) [sparse_c2]";
  return success();
}
} // namespace

FailureOr<LoadSparseParams> ascube::getLoadSparseParams(LoadSparseOp op,
                                                        EmitErrorFn emit) {
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(dst))
    return failure();
  LoadSparseParams p;
  p.startIndex = attrOr(op.getStartIndexAttr(), 0);
  p.repeatTimes = attrOr(op.getRepeatTimesAttr(),
                         dst->layout.numElements() / 512); // int8 fractals
  StringRef l = "loadsparse_c2";
  if (failed(inRange(emit, "startIndex", p.startIndex, 0, 65535, l)) ||
      failed(inRange(emit, "repeatTimes", p.repeatTimes, 0, 255, l)))
    return failure();
  return p;
}

FailureOr<AccessExtents> ascube::getAccessExtents(LoadSparseOp op,
                                                  EmitErrorFn emit) {
  FailureOr<LoadSparseParams> p = getLoadSparseParams(op, emit);
  if (failed(p))
    return failure();
  if (p->repeatTimes == 0)
    return AccessExtents{};
  return AccessExtents{(p->startIndex + p->repeatTimes) * 512,
                       p->repeatTimes * 512};
}

BaseAlignment ascube::getBaseAlignment(LoadSparseOp) {
  return {32, 512}; // L1 sources 32 B, L0B destination 512 B (§4, §12)
}

LogicalResult LoadSparseOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  FailureOr<Buffer> idx = resolve(getIdx(), "index", emit);
  if (failed(buffers) || failed(idx))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkHardwareFractals(
          emit, {{"source", src}, {"index", &*idx}, {"destination", dst}})))
    return failure();
  auto zn = layout::FractalShape{32, 16};
  if (src->level != Level::L1 || idx->level != Level::L1 ||
      dst->level != Level::L0B)
    return emitOpError() << "LoadDataWithSparse moves B' and its indices "
                            "from L1 to L0B, got "
                         << target::stringifyLevel(src->level) << ", "
                         << target::stringifyLevel(idx->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [loadsparse_c1]";
  if (!src->type.getElementType().isInteger(8) ||
      !dst->type.getElementType().isInteger(8) ||
      !idx->type.getElementType().isInteger(8))
    return emitOpError() << "LoadDataWithSparse moves int8 B' and (u)int8 "
                            "index bytes, got "
                         << src->type.getElementType() << ", "
                         << idx->type.getElementType() << " -> "
                         << dst->type.getElementType() << " [loadsparse_c1]";
  if (src->format() != Format::Zn || src->layout.fractal() != zn ||
      dst->format() != Format::Zn || dst->layout.fractal() != zn)
    return emitOpError() << "B' is Zn with 32x16 fractals in L1 and L0B, got "
                         << src->type << " -> " << dst->type
                         << " [loadsparse_c1]";
  // One 128 B index fractal (8 x 16 bytes) per 512 B B' fractal, same grid.
  if (idx->format() != Format::SparseIndex ||
      idx->layout.fractal() != layout::FractalShape{8, 16} ||
      idx->paddedRows() * 4 != src->paddedRows() ||
      idx->paddedCols() != src->paddedCols())
    return emitOpError() << "the index buffer must be SparseIndex (8x16 "
                            "bytes per fractal) with B''s fractal grid: "
                         << src->paddedRows() / 4 << "x" << src->paddedCols()
                         << " bytes padded for " << src->type << ", got "
                         << idx->type << " [loadsparse_c1]";
  if (failed(checkSparseCommon(*this, getDst(), "LoadDataWithSparse")))
    return failure();
  BaseAlignment align = getBaseAlignment(*this);
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)) ||
      failed(checkAlign(emit, "index", getIdx(), Value(), *idx, 32))) // L1
    return failure();
  FailureOr<LoadSparseParams> p = getLoadSparseParams(*this, emit);
  if (failed(p))
    return failure();
  if (p->repeatTimes > 0 &&
      (p->startIndex + p->repeatTimes) * 128 > idx->layout.numElements())
    return emitOpError() << "index fractals up to "
                         << p->startIndex + p->repeatTimes
                         << " reach past the index buffer " << idx->type
                         << " [loadsparse_c3]";
  return checkExtents(*this, emit, *src, *dst, "loadsparse_c3");
}

FailureOr<MmadSparseParams> ascube::getMmadSparseParams(MmadSparseOp op,
                                                        EmitErrorFn emit) {
  FailureOr<Buffer> a = resolve(op.getA(), "A", emit);
  FailureOr<Buffer> b = resolve(op.getB(), "B", emit);
  if (failed(a) || failed(b))
    return failure();
  MmadSparseParams p;
  bool twoD = a->type.getRank() == 2 && b->type.getRank() == 2;
  p.m = attrOr(op.getMAttr(), twoD ? a->rows() : 0);
  p.k = attrOr(op.getKAttr(), twoD ? a->cols() : 0);
  p.n = attrOr(op.getNAttr(), twoD ? b->cols() : 0);
  p.cmatrixInitVal = attrOr(op.getCmatrixInitValAttr(), true);
  p.unitFlag = attrOr(op.getUnitFlagAttr(), 0);
  StringRef l = "mmadsparse_c2";
  if (failed(inRange(emit, "m", p.m, 0, 4095, l)) ||
      failed(inRange(emit, "k", p.k, 0, 4095, l)) ||
      failed(inRange(emit, "n", p.n, 0, 4095, l)))
    return failure();
  if (failed(checkUnitFlag(emit, p.unitFlag, l)))
    return failure();
  if (p.k % 4 != 0)
    return emit() << "k = " << p.k
                  << " is not a multiple of 4 (groups of four K elements "
                     "carry two values) ["
                  << l << "]";
  return p;
}

LogicalResult MmadSparseOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  FailureOr<Buffer> a, b, c;
  if (failed(resolveMatmul(*this, getA(), getB(), getC(), "B'", "mmadsparse_c1",
                           a, b, c)))
    return failure();
  if (!a->type.getElementType().isSignlessInteger(8) ||
      !b->type.getElementType().isSignlessInteger(8) ||
      !c->type.getElementType().isSignlessInteger(32))
    return emitOpError() << "MmadWithSparse is s8 x s8 -> s32, got "
                         << a->type.getElementType() << " x "
                         << b->type.getElementType() << " -> "
                         << c->type.getElementType() << " [mmadsparse_c1]";
  if (failed(checkSparseCommon(*this, getB(), "MmadWithSparse")))
    return failure();
  for (auto [use, role] :
       {std::pair<OpOperand *, StringRef>{&getAMutable(), "A"},
        {&getBMutable(), "B'"},
        {&getCMutable(), "C"}})
    if (failed(checkAlign(emit, role, use->get(), Value(),
                          role == "A"   ? *a
                          : role == "C" ? *c
                                        : *b,
                          getRequiredBaseAlignment(*use))))
      return failure();
  FailureOr<MmadSparseParams> p = getMmadSparseParams(*this, emit);
  if (failed(p))
    return failure();
  if (p->m == 0 || p->k == 0 || p->n == 0)
    return success();
  if (p->m == 1)
    return emitOpError() << "m = 1: MmadWithSparse has no GEMV mode (§14), "
                            "so A would be read as a fractal row; compute "
                            "m = 16 with A padded to 16 rows and use row 0 "
                            "[mmadsparse_c4]";
  int64_t m16 = llvm::alignTo(p->m, 16), n16 = llvm::alignTo(p->n, 16);
  int64_t k32 = llvm::alignTo(p->k, 32), kd32 = llvm::alignTo(p->k / 2, 32);
  if (a->format() != Format::Zz ||
      a->layout.fractal() != layout::FractalShape{16, 32} ||
      a->paddedCols() != k32 || a->paddedRows() < m16)
    return emitOpError() << "A must be Zz with 16x32 fractals padded to " << m16
                         << "x" << k32 << " for m = " << p->m
                         << ", k = " << p->k << ", got " << a->type
                         << " [mmadsparse_c3]";
  if (b->format() != Format::Zn ||
      b->layout.fractal() != layout::FractalShape{32, 16} ||
      b->paddedCols() != n16 || b->paddedRows() < kd32)
    return emitOpError() << "B' must be Zn with 32x16 fractals padded to "
                         << kd32 << "x" << n16
                         << " (k / 2 dense rows) for k = " << p->k
                         << ", n = " << p->n << ", got " << b->type
                         << " [mmadsparse_c3]";
  if (c->format() != Format::Nz ||
      c->layout.fractal() != layout::FractalShape{16, 16} ||
      c->paddedRows() != m16 || c->paddedCols() < n16)
    return emitOpError() << "C must be Nz with 16x16 fractals padded to " << m16
                         << "x" << n16 << ", got " << c->type
                         << " [mmadsparse_c3]";
  // Padding is never data (padding_c1): A m x k, B' k/2 x n, C m x n.
  return checkMatrixReach(emit, p->m, p->k, p->n,
                          {{"A", &*a, p->m, p->k, "m x k"},
                           {"B'", &*b, p->k / 2, p->n, "k/2 x n"},
                           {"C", &*c, p->m, p->n, "m x n"}});
}

//===----------------------------------------------------------------------===//
// Microscaling: LoadMxOp (§9), MmadMxOp (§15), §3.1
//===----------------------------------------------------------------------===//

namespace {
bool isMxDataType(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType,
             Float4E1M2Type>(t);
}
bool isFp4(Type t) { return isa<Float4E2M1FNType, Float4E1M2Type>(t); }

/// A scale buffer's fractal rows (X) and columns (Y) of 32 B: ScaleA (Zz
/// 16 x 2, M x K/32) is M/16 x K/64; ScaleB (Nn 2 x 16, K/32 x N) is N/16
/// x K/64.
std::pair<int64_t, int64_t> scaleGrid(const Buffer &s) {
  if (s.format() == Format::ScaleA)
    return {s.paddedRows() / 16, s.paddedCols() / 2};
  return {s.paddedCols() / 16, s.paddedRows() / 2};
}

/// A scale operand's address is its data operand's / 16 (§9, §15), where
/// both are static.
LogicalResult checkScaleAddress(Operation *op, Value data, Value dataOffset,
                                Value scale, unsigned bits, StringRef label) {
  std::optional<int64_t> d = getStaticAddress(data, dataOffset, bits);
  std::optional<int64_t> s = getStaticBase(scale);
  if (d && s && *s != *d / 16)
    return op->emitOpError()
           << "the scales sit at the data's address / 16 = " << *d / 16
           << " B, got " << *s << " B [" << label << "]";
  return success();
}
} // namespace

FailureOr<LoadMxParams> ascube::getLoadMxParams(LoadMxOp op, EmitErrorFn emit) {
  FailureOr<Buffer> scale = resolve(op.getScale(), "scale", emit);
  FailureOr<Buffer> scaleDst = resolve(op.getScaleDst(), "scale dst", emit);
  if (failed(scale) || failed(scaleDst))
    return failure();
  LoadMxParams p;
  StringRef l = "loadmx_c2";
  FailureOr<Load2DV2Params> data = load2DV2ParamsOf(op, emit, l);
  if (failed(data))
    return failure();
  p.data = *data;
  auto [sx, sy] = scaleGrid(*scale);
  p.xStartPosition = attrOr(op.getXStartPositionAttr(), 0);
  p.yStartPosition = attrOr(op.getYStartPositionAttr(), 0);
  p.xStep = attrOr(op.getXStepAttr(), sx);
  p.yStep = attrOr(op.getYStepAttr(), sy);
  p.srcStride = attrOr(op.getMxSrcStrideAttr(), sy);
  p.dstStride = attrOr(op.getMxDstStrideAttr(), scaleGrid(*scaleDst).second);
  if (failed(inRange(emit, "xStartPosition", p.xStartPosition, 0, 65535, l)) ||
      failed(inRange(emit, "yStartPosition", p.yStartPosition, 0, 65535, l)) ||
      failed(inRange(emit, "xStep", p.xStep, 0, 255, l)) ||
      failed(inRange(emit, "yStep", p.yStep, 0, 255, l)) ||
      failed(inRange(emit, "mxSrcStride", p.srcStride, 0, 65535, l)) ||
      failed(inRange(emit, "mxDstStride", p.dstStride, 0, 65535, l)))
    return failure();
  return p;
}

FailureOr<AccessExtents> ascube::getAccessExtents(LoadMxOp op,
                                                  EmitErrorFn emit) {
  FailureOr<LoadMxParams> p = getLoadMxParams(op, emit);
  if (failed(p))
    return failure();
  unsigned bits = *getElementBitWidth(
      cast<MemRefType>(op.getSrc().getType()).getElementType());
  return extentsOfSquares(getLoad2DV2Squares(p->data, bits), 4096 / bits);
}

BaseAlignment ascube::getBaseAlignment(LoadMxOp) {
  return {32, 512}; // L1 source 32 B, L0A/L0B destination 512 B (§8, §9)
}

LogicalResult LoadMxOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  FailureOr<Buffer> scale = resolve(getScale(), "scale", emit);
  FailureOr<Buffer> scaleDst = resolve(getScaleDst(), "scale dst", emit);
  if (failed(buffers) || failed(scale) || failed(scaleDst))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkHardwareFractals(emit, {{"source", src},
                                          {"scale", &*scale},
                                          {"destination", dst},
                                          {"scale dst", &*scaleDst}})))
    return failure();
  if (failed(checkL1ToL0(*this, *src, *dst, "LoadData MX", "loadmx_c1",
                         "loadmx_c1")))
    return failure();
  Type et = src->type.getElementType();
  if (!isMxDataType(et))
    return emitOpError() << "LoadData MX moves fp4x2 e2m1/e1m2 or fp8 "
                            "e4m3fn/e5m2 data, got "
                         << et << " [loadmx_c1]";
  bool toA = dst->level == Level::L0A;
  Level want = toA ? Level::L0A_MX : Level::L0B_MX;
  Format wantFormat = toA ? Format::ScaleA : Format::ScaleB;
  if (scale->level != Level::L1 || scaleDst->level != want ||
      scale->format() != wantFormat || scaleDst->format() != wantFormat ||
      !isa<Float8E8M0FNUType>(scale->type.getElementType()) ||
      !isa<Float8E8M0FNUType>(scaleDst->type.getElementType()))
    return emitOpError() << (toA ? "the scales of an A" : "the scales of a B")
                         << " move are f8E8M0FNU in "
                         << layout::stringifyFormat(wantFormat) << ", L1 -> "
                         << target::stringifyLevel(want) << ", got "
                         << scale->type << " -> " << scaleDst->type
                         << " [loadmx_c5]";
  // Availability: only 950 has L0A_MX/L0B_MX (capacity_c2, checked above).
  BaseAlignment align = getBaseAlignment(*this);
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)) ||
      failed(checkAlign(emit, "scale", getScale(), Value(), *scale, 32)) ||
      failed(checkAlign(emit, "scale destination", getScaleDst(), Value(),
                        *scaleDst, 32)) ||
      failed(checkScaleAddress(*this, getDst(), getDstOffset(), getScaleDst(),
                               dst->bits, "loadmx_c4")))
    return failure();
  if (failed(checkLoad2DV2Formats(*this, *src, *dst, "loadmx_c3")))
    return failure();
  FailureOr<LoadMxParams> p = getLoadMxParams(*this, emit);
  if (failed(p) ||
      failed(checkLoad2DV2Data(*this, *src, *dst, p->data, "LoadData MX",
                               "loadmx_c3", "loadmx_c3")))
    return failure();
  // Scale fractals (32 B = 32 e8m0) read and written.
  if (p->xStep > 0 && p->yStep > 0) {
    int64_t lastSrc = (p->xStartPosition + p->xStep - 1) * p->srcStride +
                      p->yStartPosition + p->yStep;
    int64_t lastDst = (p->xStep - 1) * p->dstStride + p->yStep;
    if (lastSrc * 32 > scale->layout.numElements() ||
        lastDst * 32 > scaleDst->layout.numElements())
      return emitOpError() << "scale fractals up to " << lastSrc
                           << " (source) and " << lastDst
                           << " (destination) of 32 B reach past "
                           << scale->type << " or " << scaleDst->type
                           << " [loadmx_c6]";
  }
  return checkExtents(*this, emit, *src, *dst, "loadmx_c6");
}

FailureOr<MmadMxParams> ascube::getMmadMxParams(MmadMxOp op, EmitErrorFn emit) {
  FailureOr<Buffer> a = resolve(op.getA(), "A", emit);
  FailureOr<Buffer> b = resolve(op.getB(), "B", emit);
  if (failed(a) || failed(b))
    return failure();
  MmadMxParams p;
  bool twoD = a->type.getRank() == 2 && b->type.getRank() == 2;
  p.m = attrOr(op.getMAttr(), twoD ? a->rows() : 0);
  p.k = attrOr(op.getKAttr(), twoD ? a->cols() : 0);
  p.n = attrOr(op.getNAttr(), twoD ? b->cols() : 0);
  bool hasBias = static_cast<bool>(op.getBias());
  p.cmatrixSource = attrOr(op.getCmatrixSourceAttr(), hasBias);
  p.cmatrixInitVal = attrOr(op.getCmatrixInitValAttr(), !hasBias);
  p.unitFlag = attrOr(op.getUnitFlagAttr(), 0);
  StringRef l = "mmadmx_c2";
  if (failed(inRange(emit, "m", p.m, 0, 4095, l)) ||
      failed(inRange(emit, "k", p.k, 0, 4095, l)) ||
      failed(inRange(emit, "n", p.n, 0, 4095, l)))
    return failure();
  if (failed(checkUnitFlag(emit, p.unitFlag, l)))
    return failure();
  if (p.k % 64 != 0)
    return emit() << "k = " << p.k << " is not a multiple of 64 [" << l << "]";
  if (p.cmatrixSource != hasBias || (hasBias && p.cmatrixInitVal))
    return emit() << "a bias needs cmatrixSource = true and cmatrixInitVal = "
                     "false, and cmatrixSource a bias ["
                  << l << "]";
  return p;
}

LogicalResult MmadMxOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  FailureOr<Buffer> a = resolve(getA(), "A", emit);
  FailureOr<Buffer> sa = resolve(getScaleA(), "scaleA", emit);
  FailureOr<Buffer> b = resolve(getB(), "B", emit);
  FailureOr<Buffer> sb = resolve(getScaleB(), "scaleB", emit);
  FailureOr<Buffer> c = resolve(getC(), "C", emit);
  if (failed(a) || failed(sa) || failed(b) || failed(sb) || failed(c) ||
      failed(checkOperandCapacities(*this, emit)))
    return failure();
  if (a->level != Level::L0A || sa->level != Level::L0A_MX ||
      b->level != Level::L0B || sb->level != Level::L0B_MX ||
      c->level != Level::L0C)
    return emitOpError() << "reads A, scaleA, B, scaleB from L0A, L0A_MX, L0B, "
                            "L0B_MX and writes C in L0C, got "
                         << target::stringifyLevel(a->level) << ", "
                         << target::stringifyLevel(sa->level) << ", "
                         << target::stringifyLevel(b->level) << ", "
                         << target::stringifyLevel(sb->level) << ", "
                         << target::stringifyLevel(c->level) << " [mmadmx_c1]";
  Type at = a->type.getElementType(), bt = b->type.getElementType();
  bool typesOk = isMxDataType(at) && isMxDataType(bt) &&
                 isFp4(at) == isFp4(bt) && c->type.getElementType().isF32() &&
                 isa<Float8E8M0FNUType>(sa->type.getElementType()) &&
                 isa<Float8E8M0FNUType>(sb->type.getElementType());
  if (Value bias = getBias()) {
    auto bt = cast<MemRefType>(bias.getType());
    typesOk &= bt.getElementType().isF32();
    if (getMemLevel(bt) != Level::BT)
      return emitOpError() << "the bias lives in BT, got " << bt
                           << " [mmadmx_c1]";
    if (std::optional<int64_t> addr = getStaticBase(bias); addr && *addr % 64)
      return emitOpError() << "bias address " << *addr
                           << " B is not a multiple of 64 B [alignment_c2]";
  }
  if (!typesOk)
    return emitOpError() << "MmadMx takes an e1m2/e2m1 pair or an "
                            "e4m3fn/e5m2 pair with f8E8M0FNU scales into f32 "
                            "(f32 bias), got "
                         << at << " x " << bt << " -> "
                         << c->type.getElementType() << " with "
                         << sa->type.getElementType() << " / "
                         << sb->type.getElementType() << " scales"
                         << (getBias()
                                 ? " and a " +
                                       getCubeTypeName(
                                           cast<MemRefType>(getBias().getType())
                                               .getElementType()) +
                                       " bias"
                                 : std::string())
                         << " [mmadmx_c1]";
  // Availability: only 950 has L0A_MX/L0B_MX (capacity_c2, checked above).
  for (auto [use, role] :
       {std::pair<OpOperand *, StringRef>{&getAMutable(), "A"},
        {&getBMutable(), "B"},
        {&getCMutable(), "C"}})
    if (failed(checkAlign(emit, role, use->get(), Value(),
                          role == "A"   ? *a
                          : role == "C" ? *c
                                        : *b,
                          getRequiredBaseAlignment(*use))))
      return failure();
  if (failed(checkScaleAddress(*this, getA(), Value(), getScaleA(), a->bits,
                               "mmadmx_c4")) ||
      failed(checkScaleAddress(*this, getB(), Value(), getScaleB(), b->bits,
                               "mmadmx_c4")))
    return failure();
  FailureOr<MmadMxParams> p = getMmadMxParams(*this, emit);
  if (failed(p))
    return failure();
  if (p->m == 0 || p->k == 0 || p->n == 0)
    return success();
  int64_t c0 = c0Of(a->bits);
  int64_t m16 = llvm::alignTo(p->m, 16), n16 = llvm::alignTo(p->n, 16);
  int64_t kPad = llvm::alignTo(p->k, c0), k2 = p->k / 32;
  auto grid = [&](const Buffer &x, Format f, layout::FractalShape fr,
                  int64_t rows, int64_t cols, StringRef role) -> LogicalResult {
    if (x.format() == f && x.layout.fractal() == fr && x.paddedRows() == rows &&
        x.paddedCols() == cols)
      return success();
    return emitOpError() << role << " must be " << layout::stringifyFormat(f)
                         << " with " << fr.rows << "x" << fr.cols
                         << " fractals padded to " << rows << "x" << cols
                         << " for m = " << p->m << ", k = " << p->k
                         << ", n = " << p->n << ", got " << x.type
                         << " [mmadmx_c3]";
  };
  // A's K and B's K must agree when k is derived from A.
  if (!getKAttr() && a->type.getRank() == 2 && b->type.getRank() == 2 &&
      a->cols() != b->rows())
    return emitOpError() << "k = " << p->k << " is A's K (" << a->type
                         << " has " << a->cols() << " columns) but B's K is "
                         << b->rows() << " (" << b->type
                         << "): give both the same K, or set k [mmadmx_c3]";
  if (failed(grid(*a, Format::Nz, {16, c0}, m16, kPad, "A")) ||
      failed(grid(*b, Format::Zn, {c0, 16}, kPad, n16, "B")) ||
      failed(grid(*sa, Format::ScaleA, {16, 2}, m16, k2, "scaleA")) ||
      failed(grid(*sb, Format::ScaleB, {2, 16}, k2, n16, "scaleB")) ||
      failed(grid(*c, Format::Nz, {16, 16}, m16, n16, "C")))
    return failure();
  if (Value bias = getBias())
    if (cast<MemRefType>(bias.getType()).getNumElements() < p->n)
      return emitOpError() << "bias holds fewer than n = " << p->n
                           << " elements [mmadmx_c3]";
  // Padding is never data (padding_c1): the scale grids are padded to
  // fractals too, so a short scale buffer would lend its padding rows.
  int64_t ks = llvm::divideCeil(p->k, 32);
  return checkMatrixReach(emit, p->m, p->k, p->n,
                          {{"A", &*a, p->m, p->k, "m x k"},
                           {"B", &*b, p->k, p->n, "k x n"},
                           {"scaleA", &*sa, p->m, ks, "m x k/32"},
                           {"scaleB", &*sb, ks, p->n, "k/32 x n"},
                           {"C", &*c, p->m, p->n, "m x n"}});
}

//===----------------------------------------------------------------------===//
// LoadOp (abstract L1 -> L0 move, cube-reference §11)
//===----------------------------------------------------------------------===//

bool LoadOp::isTransposed() {
  auto s = getSrc().getType().getShape(), d = getDst().getType().getShape();
  return getTranspose() || isTransposedView(s, d);
}

LogicalResult LoadOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  FailureOr<Buffer> src = resolve(getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(getDst(), "destination", emit);
  if (failed(src) || failed(dst) ||
      failed(checkOperandCapacities(*this, emit)) ||
      failed(checkHardwareFractals(
          emit, {{"source", &*src}, {"destination", &*dst}})))
    return failure();
  if (src->level != Level::L1 ||
      (dst->level != Level::L0A && dst->level != Level::L0B))
    return emitOpError() << "moves an L1 tile to L0A or L0B, got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level) << " [load_c1]";
  if (src->type.getElementType() != dst->type.getElementType())
    return emitOpError() << "source and destination element types differ ("
                         << src->type.getElementType() << " vs "
                         << dst->type.getElementType() << ") [load_c1]";
  ArrayRef<int64_t> s = src->type.getShape(), d = dst->type.getShape();
  bool same = s == d,
       swapped = s.size() == 2 && d.size() == 2 && s[0] == d[1] && s[1] == d[0];
  if (s.size() != 2 || d.size() != 2)
    return emitOpError() << "moves a 2-D tile (rows x cols), got " << src->type
                         << " -> " << dst->type << " [load_c2]";
  if (!(getTranspose() ? swapped : same || swapped))
    return emitOpError() << "the destination " << dst->type
                         << " must have the source's shape or, transposed, "
                            "its swapped shape [load_c2]";
  return success();
}

//===----------------------------------------------------------------------===//
// Canonicalization (issue 6): no-op instructions go, derived parameters are
// folded to their canonical (absent) form.
//===----------------------------------------------------------------------===//

namespace {
/// Computes `fn` with diagnostics swallowed (the op verified already, or is
/// being probed).
template <typename Fn> auto quietly(Operation *op, Fn fn) {
  ScopedDiagnosticHandler h(op->getContext(),
                            [](Diagnostic &) { return success(); });
  return fn([op]() { return op->emitOpError(); });
}

/// What an instruction does, as a string: equal strings, equal behaviour.
/// Empty when the parameters cannot be computed.
std::string behaviour(Operation *op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  auto squares = [&](ArrayRef<FractalSquare> sq) {
    for (const FractalSquare &q : sq) {
      for (int64_t x : q.src)
        os << x << ",";
      os << ">";
      for (int64_t x : q.dst)
        os << x << ",";
      os << ";";
    }
  };
  if (auto o = dyn_cast<Load2DOp>(op)) {
    auto p = quietly(op, [&](EmitErrorFn e) { return getLoad2DParams(o, e); });
    if (failed(p))
      return "";
    os << p->startIndex << " " << p->repeatTimes << " " << p->srcStride << " "
       << p->sid << " " << p->dstGap << " " << p->addrMode << " "
       << p->ifTranspose;
  } else if (auto o = dyn_cast<Load2DTransposeOp>(op)) {
    auto p =
        quietly(op, [&](EmitErrorFn e) { return getTransposeParams(o, e); });
    if (failed(p))
      return "";
    squares(getTransposeSquares(*p));
  } else if (auto o = dyn_cast<Load2DV2Op>(op)) {
    auto p =
        quietly(op, [&](EmitErrorFn e) { return getLoad2DV2Params(o, e); });
    if (failed(p))
      return "";
    unsigned bits = *getElementBitWidth(
        cast<MemRefType>(o.getSrc().getType()).getElementType());
    os << p->ifTranspose << ":";
    squares(getLoad2DV2Squares(*p, bits));
  } else if (auto o = dyn_cast<Load3DOp>(op)) {
    auto p = quietly(op, [&](EmitErrorFn e) { return getLoad3DParams(o, e); });
    if (failed(p))
      return "";
    const layout::Im2colGeometry &g = p->geometry;
    os << g.l1H << " " << g.l1W << " " << g.c1 << " " << g.kernelH << " "
       << g.kernelW << " " << g.strideH << " " << g.strideW << " "
       << g.dilationH << " " << g.dilationW << " " << g.padLeft << " "
       << g.padRight << " " << g.padTop << " " << g.padBottom << " "
       << p->channelSize << " " << p->mStartPt << " " << p->kStartPt << " "
       << p->mExtension << " " << p->kExtension << " " << p->enTranspose << " "
       << p->repeatTime << " " << p->repeatStride << " " << p->repeatMode << " "
       << p->dstStride << " " << p->isNoOp() << " ";
    // The padding value's bits (0 when absent).
    APInt pad(64, 0);
    if (auto i = dyn_cast_or_null<IntegerAttr>(o.getPadValueAttr()))
      pad = i.getValue().zextOrTrunc(64);
    else if (auto f = dyn_cast_or_null<FloatAttr>(o.getPadValueAttr()))
      pad = f.getValue().bitcastToAPInt().zextOrTrunc(64);
    os << pad.getZExtValue();
  } else {
    return "";
  }
  return s;
}

/// Whether an instruction does nothing (a zero repeat count or size).
bool isNoOpInstruction(Operation *op) {
  if (auto o = dyn_cast<Load2DOp>(op)) {
    auto p = quietly(op, [&](EmitErrorFn e) { return getLoad2DParams(o, e); });
    return succeeded(p) && p->repeatTimes == 0;
  }
  if (auto o = dyn_cast<Load2DTransposeOp>(op)) {
    auto p =
        quietly(op, [&](EmitErrorFn e) { return getTransposeParams(o, e); });
    return succeeded(p) && p->repeatTimes == 0;
  }
  if (auto o = dyn_cast<Load2DV2Op>(op)) {
    auto p =
        quietly(op, [&](EmitErrorFn e) { return getLoad2DV2Params(o, e); });
    return succeeded(p) && (p->mStep == 0 || p->kStep == 0);
  }
  if (auto o = dyn_cast<Load3DOp>(op)) {
    auto p = quietly(op, [&](EmitErrorFn e) { return getLoad3DParams(o, e); });
    return succeeded(p) && p->isNoOp();
  }
  if (auto o = dyn_cast<LoadSparseOp>(op)) {
    auto p =
        quietly(op, [&](EmitErrorFn e) { return getLoadSparseParams(o, e); });
    return succeeded(p) && p->repeatTimes == 0;
  }
  if (auto o = dyn_cast<MmadOp>(op)) {
    auto p = quietly(op, [&](EmitErrorFn e) { return getMmadParams(o, e); });
    return succeeded(p) && (p->m == 0 || p->k == 0 || p->n == 0);
  }
  if (auto o = dyn_cast<MmadSparseOp>(op)) {
    auto p =
        quietly(op, [&](EmitErrorFn e) { return getMmadSparseParams(o, e); });
    return succeeded(p) && (p->m == 0 || p->k == 0 || p->n == 0);
  }
  if (auto o = dyn_cast<MmadMxOp>(op)) {
    auto p = quietly(op, [&](EmitErrorFn e) { return getMmadMxParams(o, e); });
    return succeeded(p) && (p->m == 0 || p->k == 0 || p->n == 0);
  }
  if (auto o = dyn_cast<FixpipeOp>(op)) {
    auto p = quietly(op, [&](EmitErrorFn e) { return getFixpipeParams(o, e); });
    return succeeded(p) && (p->mSize == 0 || p->nSize == 0 || p->ndNum == 0);
  }
  if (auto o = dyn_cast<DataCopyOp>(op)) {
    CopyMode mode = o.getEffectiveMode();
    if (usesCopyParams(mode)) {
      auto p = quietly(op, [&](EmitErrorFn e) { return getCopyParams(o, e); });
      return succeeded(p) && p->blockCount == 0;
    }
    auto p = quietly(op, [&](EmitErrorFn e) { return getNd2NzParams(o, e); });
    return succeeded(p) && (p->ndNum == 0 || p->nValue == 0 || p->dValue == 0);
  }
  return false;
}

/// A Fixpipe with unitFlag also hands L0C blocks back to the Mmad: not a
/// plain move.
bool handsOffTiles(Operation *op) {
  auto f = dyn_cast<FixpipeOp>(op);
  return f && f.getUnitFlag().value_or(0) != 0;
}

/// The second of two identical consecutive moves writes what the first
/// already wrote (its source is another level, so unchanged): erased.
struct EraseRepeatedMove : RewritePattern {
  EraseRepeatedMove(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    Operation *prev = op->getPrevNode();
    std::optional<MoverAccess> a = getMoverAccess(op);
    if (!prev || !a || !a->otherWrites.empty() || handsOffTiles(op) ||
        levelOf(a->src) == levelOf(a->dst) ||
        !OperationEquivalence::isEquivalentTo(
            prev, op, OperationEquivalence::IgnoreLocations))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Whether `op` writes every byte of its destination span: a mover in its
/// derived form -- no destination offset and no parameter beyond those that
/// change values, not places -- into a destination without padding, so the
/// whole logical tile it writes is the whole buffer.
bool writesDensely(Operation *op, const MoverAccess &m) {
  static const llvm::StringSet<> valueOnly = {"operandSegmentSizes",
                                              "ifTranspose",
                                              "enTranspose",
                                              "padValue",
                                              "mode",
                                              "quantPre",
                                              "deqScalar",
                                              "reluEn",
                                              "clipReluMaxVal",
                                              "arch3510",
                                              "subBlockId"};
  if (isa<LoadSparseOp, LoadMxOp>(op))
    return false;
  // Derived forms write the logical tile: dense only without padding.
  FailureOr<layout::FractalLayout> l = quietly(op, [&](EmitErrorFn e) {
    return getFractalLayout(cast<MemRefType>(m.dst.getType()), e);
  });
  if (failed(l) || l->numLogicalElements() != l->numElements())
    return false;
  // Operands src, srcOffset, dst, dstOffset, ...: no destination offset.
  auto seg = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  if (!seg || seg.size() < 4 || seg[3] != 0)
    return false;
  return llvm::all_of(op->getAttrs(), [](NamedAttribute a) {
    return valueOnly.contains(a.getName().getValue());
  });
}

/// A move whose destination bytes the next move overwrites entirely, without
/// reading that level in between, leaves no trace: erased. The next move
/// must write its span densely (a derived form); a LoadDataWithSparse also
/// writes the hidden index buffer, so it is never erased this way.
struct EraseOverwrittenMove : RewritePattern {
  EraseOverwrittenMove(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    Operation *next = op->getNextNode();
    std::optional<MoverAccess> a = getMoverAccess(op);
    std::optional<MoverAccess> b = next ? getMoverAccess(next) : std::nullopt;
    if (!a || !b || !a->otherWrites.empty() || handsOffTiles(op) ||
        handsOffTiles(next) || isa<LoadSparseOp>(op) ||
        !writesDensely(next, *b) || a->dst != b->dst || !a->dstBytes ||
        !b->dstBytes || b->dstBytes->first > a->dstBytes->first ||
        b->dstBytes->second < a->dstBytes->second)
      return failure();
    Level l = levelOf(a->dst);
    if (levelOf(b->src) == l ||
        llvm::any_of(b->otherReads, [&](Value v) { return levelOf(v) == l; }))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Erases ascube instructions that do nothing.
struct EraseNoOpInstruction : RewritePattern {
  EraseNoOpInstruction(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<AscubeDialect>(op->getDialect()) ||
        !isNoOpInstruction(op))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Drops explicit mover parameters equal to what the op derives: the
/// canonical form prints only what changes behaviour.
struct DropDerivedParameters : RewritePattern {
  DropDerivedParameters(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<Load2DOp, Load2DTransposeOp, Load2DV2Op, Load3DOp>(op))
      return failure();
    std::string want = behaviour(op);
    if (want.empty())
      return failure();
    for (NamedAttribute a : op->getAttrs()) {
      StringRef name = a.getName().getValue();
      if (name == "operandSegmentSizes")
        continue;
      Attribute saved = a.getValue();
      op->removeAttr(a.getName());
      bool same = behaviour(op) == want && quietly(op, [&](EmitErrorFn) {
                    return succeeded(mlir::verify(op));
                  });
      op->setAttr(a.getName(), saved);
      if (same) {
        rewriter.modifyOpInPlace(op, [&] { op->removeAttr(name); });
        return success();
      }
    }
    return failure();
  }
};
} // namespace

void AscubeDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<EraseNoOpInstruction, DropDerivedParameters, EraseRepeatedMove,
              EraseOverwrittenMove>(getContext());
}

std::optional<MoverFacts> ascube::getMoverFacts(Operation *op) {
  std::optional<MoverFacts> out;
  auto fill = [&](auto o, StringRef label) {
    auto ext =
        quietly(op, [&](EmitErrorFn e) { return getAccessExtents(o, e); });
    if (failed(ext))
      return;
    out = MoverFacts{o.getSrc(),
                     o.getDst(),
                     o.getSrcOffset(),
                     o.getDstOffset(),
                     *ext,
                     getBaseAlignment(o),
                     label};
  };
  TypeSwitch<Operation *>(op)
      .Case([&](DataCopyOp o) { fill(o, "datacopy_c4"); })
      .Case([&](Load2DOp o) { fill(o, "load2d_c5"); })
      .Case([&](FixpipeOp o) { fill(o, "fixpipe_c8"); })
      .Case([&](Load2DTransposeOp o) { fill(o, "transpose2d_c4"); })
      .Case([&](Load2DV2Op o) { fill(o, "load2dv2_c4"); })
      .Case([&](Load3DOp o) { fill(o, "load3d_c10"); })
      .Case([&](Load3DV1Op o) { fill(o, "load3dv1_c6"); })
      .Case([&](LoadSparseOp o) { fill(o, "loadsparse_c3"); })
      .Case([&](LoadMxOp o) { fill(o, "loadmx_c6"); });
  return out;
}

int64_t ascube::getRequiredBaseAlignment(OpOperand &use) {
  Operation *op = use.getOwner();
  Value v = use.get();
  auto memType = [](Value x) { return cast<MemRefType>(x.getType()); };
  auto fp4 = [&](Value x) {
    return isa<Float4E2M1FNType, Float4E1M2Type>(memType(x).getElementType());
  };
  std::optional<int64_t> align;
  if (std::optional<MoverFacts> m = getMoverFacts(op)) {
    if (v == m->src)
      align = m->align.src;
    if (v == m->dst)
      align = std::max(align.value_or(1), m->align.dst);
  } else if (auto o = dyn_cast<MmadOp>(op)) {
    if (v == o.getA() || v == o.getB())
      align = 512;
    else if (v == o.getC())
      align = memType(v).getElementType().isF16() ? 512 : 1024;
    else if (v == o.getBias())
      align = 64;
  } else if (auto o = dyn_cast<MmadSparseOp>(op)) {
    align = v == o.getC() ? 1024 : 512;
  } else if (auto o = dyn_cast<MmadMxOp>(op)) {
    if (v == o.getA() || v == o.getB())
      align = fp4(v) ? 512 : 1024;
    else if (v == o.getC())
      align = 1024;
    else if (v == o.getBias())
      align = 64;
  }
  if (align)
    return *align;
  std::optional<Level> level =
      isa<MemRefType>(v.getType()) ? getMemLevel(memType(v)) : std::nullopt;
  const target::ProductInfo *prod = getTargetProduct(op);
  return level && prod && prod->hasLevel(*level) ? prod->alignment(*level) : 1;
}

std::optional<MoverAccess> ascube::getMoverAccess(Operation *op) {
  std::optional<MoverAccess> out;
  auto bytes =
      [](Value buf, Value offset,
         int64_t extent) -> std::optional<std::pair<int64_t, int64_t>> {
    std::optional<int64_t> k = offset ? getConstantIntValue(offset) : 0;
    // Offsets past any level are the bounds rules' to report.
    if (!k || *k < 0 || *k > (int64_t(1) << 40))
      return std::nullopt;
    unsigned bits =
        getElementBitWidth(cast<MemRefType>(buf.getType()).getElementType())
            .value_or(8);
    return std::make_pair(*k * int64_t(bits) / 8,
                          llvm::divideCeil((*k + extent) * int64_t(bits), 8));
  };
  auto mover = [&](auto o) {
    MoverAccess m;
    m.src = o.getSrc();
    m.dst = o.getDst();
    auto ext =
        quietly(op, [&](EmitErrorFn e) { return getAccessExtents(o, e); });
    if (succeeded(ext)) {
      m.srcBytes = bytes(m.src, o.getSrcOffset(), ext->src);
      m.dstBytes = bytes(m.dst, o.getDstOffset(), ext->dst);
    }
    return m;
  };
  TypeSwitch<Operation *>(op)
      .Case<DataCopyOp, Load2DOp, Load2DTransposeOp, Load2DV2Op, Load3DOp,
            Load3DV1Op>([&](auto o) { out = mover(o); })
      .Case([&](FixpipeOp o) {
        out = mover(o);
        if (Value q = o.getQuantVector())
          out->otherReads.push_back(q);
        if (Value d = o.getDst1())
          out->otherWrites.push_back(d);
      })
      .Case([&](LoadSparseOp o) {
        out = mover(o);
        out->otherReads.push_back(o.getIdx());
      })
      .Case([&](LoadMxOp o) {
        out = mover(o);
        out->otherReads.push_back(o.getScale());
        out->otherWrites.push_back(o.getScaleDst());
      });
  return out;
}

bool ascube::movesWholeTile(MemRefType src, MemRefType dst,
                            ArrayRef<FractalSquare> squares, unsigned bits,
                            bool transposed, std::optional<bool> view) {
  auto quiet = [&] { return emitError(UnknownLoc::get(src.getContext())); };
  ScopedDiagnosticHandler h(src.getContext(),
                            [](Diagnostic &) { return success(); });
  FailureOr<layout::FractalLayout> s = getFractalLayout(src, quiet);
  FailureOr<layout::FractalLayout> d = getFractalLayout(dst, quiet);
  return succeeded(s) && succeeded(d) &&
         squaresKeepLayout(*s, *d, squares, bits, transposed, view);
}

SmallVector<FractalSquare> ascube::getLoad2DSquares(const Load2DParams &p) {
  SmallVector<FractalSquare> out;
  int64_t sign = p.addrMode == 1 ? -1 : 1;
  for (int64_t i = 0; i < p.repeatTimes; ++i)
    out.push_back(
        {{p.startIndex + sign * i * p.srcStride}, {i * (p.dstGap + 1)}});
  return out;
}
