//===- OpVerification.cpp - Shared verifier helpers -----------------------===//
//
// The helpers every instruction family's verifier uses (OpVerification.h).
//
//===----------------------------------------------------------------------===//

#include "OpVerification.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::detail;
using layout::Format;
using target::Level;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

namespace ascube::detail {

FailureOr<Buffer> resolve(Value v, StringRef role, EmitErrorFn emit) {
  auto type = cast<MemRefType>(v.getType());
  FailureOr<layout::FractalLayout> l = getFractalLayout(
      type, [&]() -> InFlightDiagnostic { return emit() << role << ": "; });
  if (failed(l))
    return failure();
  return Buffer{type, std::move(*l), *getMemLevel(type),
                *getElementBitWidth(type.getElementType()), getGMView(type)};
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
  if (*off > b.storageElements() - extent) // no overflow: both >= 0
    return emit() << role << " access of " << extent << " elements at offset "
                  << *off << " reaches past the " << role << " buffer "
                  << b.type << ", which holds " << b.storageElements()
                  << " elements" << (b.view ? " from its first" : "") << " ["
                  << label << "]";
  return success();
}

int64_t c0Of(unsigned bits) { return layout::c0ForBits(bits); }

LogicalResult checkViewRuns(EmitErrorFn emit, StringRef role, Value offset,
                            const Buffer &b, const ViewRuns &r) {
  if (!b.view || b.view->contiguous || b.view->pitch <= 0 || r.groups <= 0 ||
      r.runs <= 0 || r.len <= 0)
    return success();
  const GMView &v = *b.view;
  // The view's lines: rows (ND), or columns when column-major (DN).
  StringRef line = v.columnMajor ? "column" : "row",
            across = v.columnMajor ? "rows" : "columns";
  auto where = [&]() -> InFlightDiagnostic {
    return emit() << role << " " << b.type << " is a view of GM with " << line
                  << "s " << v.pitch << " elements apart and " << v.lineLength()
                  << " " << across << ": ";
  };
  if (r.runs > 1 && r.step != v.pitch)
    return where() << r.stepField << " = " << r.step << " steps from " << line
                   << " to " << line << " of it only as " << v.pitch
                   << " [gmview_c2]";
  int64_t at = 0;
  if (std::optional<int64_t> off = staticOffset(offset); off && *off >= 0)
    at = *off % v.pitch;
  // Each matrix's runs start where the matrix does in its line. A matrix
  // step of whole lines keeps that place; another moves it along the line
  // (e.g. DN2NZ matrices down a map's channel columns, one input row each),
  // which is fine while every run stays in its line.
  int64_t shift = r.groupStep % v.pitch;
  int64_t matrices = r.groups > 1 && shift != 0 ? r.groups : 1;
  for (int64_t i = 0; i < matrices; ++i) {
    int64_t start = (at + (i % v.pitch) * shift % v.pitch) % v.pitch;
    if (start + r.len <= v.lineLength())
      continue;
    InFlightDiagnostic d = where()
                           << r.lenField << " = " << r.len << " elements";
    if (i > 0)
      d << " of matrix " << i << " (" << r.groupField << " = " << r.groupStep
        << " apart)";
    if (start)
      d << " from " << (v.columnMajor ? "row " : "column ") << start;
    return d << " reach past its " << v.lineLength() << " " << across
             << " into the gap between its " << line << "s [gmview_c2]";
  }
  return success();
}

/// With a target product: the level exists on it (capacity_c2) and the
/// buffer, placed at `offset` bytes, fits it (capacity_c1) — cube-reference
/// §1, docs/Products.md.
LogicalResult checkCapacity(Operation *op, EmitErrorFn emit, const Twine &role,
                            const Buffer &b, int64_t offset) {
  if (b.level == Level::GM)
    return success();
  const target::ProductInfo *prod = getTargetProduct(op);
  if (!prod)
    return success();
  return checkCapacityOn(*prod, emit, role, b.level, b.layout.sizeInBytes(),
                         offset);
}

/// checkCapacity with the product and the buffer's level and size in bytes
/// known.
LogicalResult checkCapacityOn(const target::ProductInfo &prod, EmitErrorFn emit,
                              const Twine &role, Level level, int64_t size,
                              int64_t offset) {
  if (!prod.hasLevel(level))
    return emit() << role << " lives in " << target::stringifyLevel(level)
                  << ", which " << prod.Name << " does not have [capacity_c2]";
  int64_t cap = prod.capacity(level);
  if (size > cap || offset > cap - size) {
    auto d = emit();
    d << role << " needs " << size << " B";
    if (offset)
      d << " at offset " << offset << " B";
    return d << " but " << prod.Name << " " << target::stringifyLevel(level)
             << " holds " << cap << " B [capacity_c1]";
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
                                                  bool fixedFractals) {
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

/// Every buffer operand of an instruction op has a layout (layout_c*) and,
/// with a target product, fits it (checkCapacity; GM has no capacity).
LogicalResult checkOperandCapacities(Operation *op, EmitErrorFn emit) {
  const target::ProductInfo *prod = getTargetProduct(op);
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
    if (prod && *level != Level::GM &&
        failed(checkCapacityOn(*prod, emit,
                               target::stringifyLevel(*level) + " operand",
                               *level, l->sizeInBytes(), 0)))
      return failure();
  }
  return success();
}

/// Why a LoadData 3D kernel does not fit its padded map (load3d_c8,
/// load3dv1_c4): the dilated kernel's extent and the §10.3 formula's
/// values, not the clamped ones.
std::string kernelMisfit(const model::Im2colGeometry &g) {
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

LogicalResult checkLogicalReach(EmitErrorFn emit, StringRef role,
                                const Buffer &b, int64_t rows, int64_t cols,
                                const Twine &what);
/// padding_c1 for the operands of an Mmad-family instruction.
LogicalResult checkMatrixReach(EmitErrorFn emit, int64_t m, int64_t k,
                               int64_t n, ArrayRef<MatrixReach> operands) {
  for (const MatrixReach &o : operands) {
    const Buffer &b = *o.buffer;
    // (What checkLogicalReach passes, without building its message.)
    if (b.layout.shape().size() != 2 ||
        (o.rows <= b.rows() && o.cols <= b.cols()))
      continue;
    if (failed(checkLogicalReach(emit, o.role, b, o.rows, o.cols,
                                 mknText(m, k, n) + " (" + o.shape + ")")))
      return failure();
  }
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
static bool computeSquaresKeepLayout(const layout::FractalLayout &s,
                                     const layout::FractalLayout &d,
                                     ArrayRef<FractalSquare> squares,
                                     unsigned bits, bool transposed,
                                     std::optional<bool> onlyView);

bool squaresKeepLayout(MemRefType st, MemRefType dt,
                       const layout::FractalLayout &s,
                       const layout::FractalLayout &d,
                       ArrayRef<FractalSquare> squares, unsigned bits,
                       bool transposed, std::optional<bool> onlyView) {
  auto *dialect = st.getContext()->getLoadedDialect<AscubeDialect>();
  if (!dialect)
    return computeSquaresKeepLayout(s, d, squares, bits, transposed, onlyView);
  // The arguments as words: the types (uniqued), the flags, the squares.
  SmallVector<int64_t> words{
      reinterpret_cast<intptr_t>(st.getAsOpaquePointer()),
      reinterpret_cast<intptr_t>(dt.getAsOpaquePointer()),
      bits,
      transposed,
      onlyView ? 1 + *onlyView : 0,
      int64_t(squares.size())};
  for (const FractalSquare &sq : squares) {
    words.push_back(sq.src.size());
    words.append(sq.src.begin(), sq.src.end());
    words.push_back(sq.dst.size());
    words.append(sq.dst.begin(), sq.dst.end());
  }
  StringRef key(reinterpret_cast<const char *>(words.data()),
                words.size() * sizeof(int64_t));
  if (std::optional<bool> known = dialect->lookupTileCheck(key))
    return *known;
  bool verdict =
      computeSquaresKeepLayout(s, d, squares, bits, transposed, onlyView);
  dialect->rememberTileCheck(key, verdict);
  return verdict;
}

static bool computeSquaresKeepLayout(const layout::FractalLayout &s,
                                     const layout::FractalLayout &d,
                                     ArrayRef<FractalSquare> squares,
                                     unsigned bits, bool transposed,
                                     std::optional<bool> onlyView) {
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

} // namespace ascube::detail

unsigned ascube::getStorageBytes(Type t) {
  std::optional<unsigned> bits = getElementBitWidth(t);
  return bits ? *bits / 8 : 0;
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

namespace ascube::detail {
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

/// L1 -> L0A/L0B with one element type (load2dtranspose_c1/c2,
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
} // namespace ascube::detail

namespace ascube::detail {
Level levelOf(Value v) {
  return getMemLevel(cast<MemRefType>(v.getType())).value_or(Level::GM);
}

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

bool isMxDataType(Type t) {
  std::string n = getCubeTypeName(t);
  return llvm::any_of(target::mmadMxRows(),
                      [&](const auto &r) { return n == r.A || n == r.B; });
}

bool isMxPair(Type a, Type b) {
  std::string an = getCubeTypeName(a), bn = getCubeTypeName(b);
  return llvm::any_of(target::mmadMxRows(),
                      [&](const auto &r) { return an == r.A && bn == r.B; });
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
} // namespace ascube::detail
