//===- OpVerification.h - Helpers shared by the op verifiers ----*- C++ -*-===//
//
// What every ascube instruction's verifier and parameter derivation uses:
// operands resolved with their layouts (Buffer), the checks of ranges,
// extents, capacities, alignments and fractal geometry, and the few models
// several families share (the whole-tile square check, the sparse and MX
// operand rules). Private to lib/Dialect/Ascube/IR; each family's file
// (BufferOps.cpp, DataCopyOps.cpp, LoadData2DOps.cpp, LoadData3DOps.cpp,
// MmadOps.cpp, FixpipeOps.cpp) includes it. Rule labels: docs/Constraints.md.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_DIALECT_ASCUBE_IR_OPVERIFICATION_H
#define ASCUBE_LIB_DIALECT_ASCUBE_IR_OPVERIFICATION_H

#include "ascube/Dialect/Ascube/IR/AscubeParams.h"

namespace ascube::detail {
using layout::Format;
using ::llvm::ArrayRef;
using ::llvm::StringRef;
using ::llvm::Twine;
using ::mlir::BoolAttr;
using ::mlir::failure;
using ::mlir::FailureOr;
using ::mlir::IntegerAttr;
using ::mlir::LogicalResult;
using ::mlir::MemRefType;
using ::mlir::Operation;
using ::mlir::success;
using ::mlir::Type;
using ::mlir::Value;
using target::Level;

/// A buffer operand resolved with its layout. rows()/cols() are its last
/// two extents; a 1-D (ND) buffer is one row.
struct Buffer {
  MemRefType type;
  layout::FractalLayout layout;
  Level level;
  unsigned bits;
  /// A GM view (getGMView): addressed from its first element, its
  /// footprint the elements an instruction may touch.
  std::optional<GMView> view;
  /// The elements an access may reach: the layout's, or a view's
  /// footprint.
  int64_t storageElements() const {
    return getAddressableElements(type, layout);
  }
  static int64_t secondLast(ArrayRef<int64_t> shape) {
    return shape.size() < 2 ? 1 : shape[shape.size() - 2];
  }
  int64_t rows() const { return secondLast(layout.shape()); }
  int64_t cols() const { return layout.shape().back(); }
  int64_t paddedRows() const { return secondLast(layout.paddedShape()); }
  int64_t paddedCols() const { return layout.paddedShape().back(); }
  Format format() const { return layout.format(); }
};

FailureOr<Buffer> resolve(Value v, StringRef role, EmitErrorFn emit);

int64_t attrOr(IntegerAttr a, int64_t dflt);

bool attrOr(BoolAttr a, bool dflt);

LogicalResult inRange(EmitErrorFn emit, StringRef name, int64_t v, int64_t lo,
                      int64_t hi, StringRef label);

/// unitFlag is 0, 2 or 3 (§13.3).
LogicalResult checkUnitFlag(EmitErrorFn emit, int64_t v, StringRef label);

/// Static element offset of an optional index operand (0 when absent);
/// std::nullopt when it is not a constant.
std::optional<int64_t> staticOffset(Value v);

/// Checks that elements [0, extent) past `offset` lie in the buffer, when
/// the offset is static (dynamic offsets are checked at run time where
/// asked, never here).
LogicalResult checkExtent(EmitErrorFn emit, StringRef role, Value offset,
                          const Buffer &b, int64_t extent, StringRef label);

int64_t c0Of(unsigned bits);

/// With a target product: the level exists on it (capacity_c2) and the
/// buffer, placed at `offset` bytes, fits it (capacity_c1) — cube-reference
/// §1, docs/Products.md.
LogicalResult checkCapacity(Operation *op, EmitErrorFn emit, const Twine &role,
                            const Buffer &b, int64_t offset = 0);

/// checkCapacity with the product and the buffer's level and size (bytes)
/// known: the level exists on `prod` (capacity_c2) and `size` bytes at
/// `offset` fit it (capacity_c1).
LogicalResult checkCapacityOn(const target::ProductInfo &prod, EmitErrorFn emit,
                              const Twine &role, target::Level level,
                              int64_t size, int64_t offset);

/// fractal_c1: the L1 -> L0 movers (and LoadData 2D from GM) move whole
/// 512 B fractals of fixed geometry — 16 x C0 with rows inside (z), C0 x 16
/// with columns inside (n), C0 = 32 B / element; ScaleA 16 x 2, ScaleB
/// 2 x 16, SparseIndex 8 x 16 (cube-reference §2, §3, §4). An operand whose
/// layout names another fractal would have its elements land elsewhere.
LogicalResult checkHardwareFractal(EmitErrorFn emit, StringRef role,
                                   const Buffer &b);

/// checkHardwareFractal for each of a mover's buffers.
LogicalResult
checkHardwareFractals(EmitErrorFn emit,
                      ArrayRef<std::pair<StringRef, const Buffer *>> bufs);

/// The source and destination of a mover, resolved, with every buffer
/// operand checked against the target's capacities; with `fixedFractals`,
/// for movers of whole 512 B fractals, both buffers have the hardware's
/// fractal (fractal_c1).
FailureOr<std::pair<Buffer, Buffer>> resolveMover(Operation *op, Value src,
                                                  Value dst, EmitErrorFn emit,
                                                  bool fixedFractals = false);

/// An instruction operand's base address is `align`-byte aligned
/// (cube-reference §4, §13): checked where it is static.
LogicalResult checkAlign(EmitErrorFn emit, StringRef role, Value buf,
                         Value elemOffset, const Buffer &b, int64_t align);

/// The A, B and C operands of a matrix instruction, resolved, with the
/// capacities checked, in L0A, L0B and L0C (`label`; `bName` is how the
/// diagnostic calls B).
LogicalResult resolveMatmul(Operation *op, Value av, Value bv, Value cv,
                            StringRef bName, StringRef label,
                            FailureOr<Buffer> &a, FailureOr<Buffer> &b,
                            FailureOr<Buffer> &c);

/// Is `t` a row of an instruction's element-type table (Products.td) that
/// `keep` accepts, on product `p` or — without a product — on any product?
/// `keep` tests a row's own restrictions (a path, a destination).
template <typename Row, typename Keep>
bool hasTypeRow(ArrayRef<Row> rows, const target::ProductInfo *p, Type t,
                Keep keep) {
  std::string name = getCubeTypeName(t);
  return llvm::any_of(rows, [&](const Row &r) {
    return (!p || p->in(r.Products)) && name == r.Type && keep(r);
  });
}
template <typename Row>
bool hasTypeRow(ArrayRef<Row> rows, const target::ProductInfo *p, Type t) {
  return hasTypeRow(rows, p, t, [](const Row &) { return true; });
}

/// checkCapacity for every buffer operand of an instruction op.
LogicalResult checkOperandCapacities(Operation *op, EmitErrorFn emit);

/// Why a LoadData 3D kernel does not fit its padded map (load3d_c8,
/// load3dv1_c4): the dilated kernel's extent and the §10.3 formula's
/// values, not the clamped ones.
std::string kernelMisfit(const model::Im2colGeometry &g);

/// "m = .., k = .., n = ..", for diagnostics.
std::string mknText(int64_t m, int64_t k, int64_t n);

/// One operand a matrix instruction reads (or writes) rows x cols of, for
/// padding_c1; `shape` says which parameters ("m x k").
struct MatrixReach {
  StringRef role;
  const Buffer *buffer;
  int64_t rows, cols;
  StringRef shape;
};
/// padding_c1 for the operands of an Mmad-family instruction.
LogicalResult checkMatrixReach(EmitErrorFn emit, int64_t m, int64_t k,
                               int64_t n, ArrayRef<MatrixReach> operands);

/// padding_c1: an instruction that computes with `role`'s values reads (or
/// writes) its top-left `rows` x `cols` logical elements (`what` says which
/// parameters ask for them); past the buffer's logical shape it would take
/// padding as data.
LogicalResult checkLogicalReach(EmitErrorFn emit, StringRef role,
                                const Buffer &b, int64_t rows, int64_t cols,
                                const Twine &what);

/// A 2-D destination typed as the transpose of a non-square 2-D source (a
/// K x M source for an M x K L0A): the derived L1 -> L0 forms then read
/// destination (r, c) as source (c, r). Square shapes cannot tell a
/// transposed operand from the same matrix, so they are never read so.
bool isTransposedView(ArrayRef<int64_t> src, ArrayRef<int64_t> dst);

/// Moving the squares puts every destination element where the
/// destination's layout keeps the same logical element as the source's
/// (both padding, or equal): the move reproduces the layout. The
/// destination may also be the transposed matrix of a 2-D source (a K x M
/// source for an M x K L0A): its element (r, c) is then the source's (c, r).
/// Every logical destination element must be written: a derived form that
/// moves too few squares (or none) does not reproduce the layout.
/// `st` and `dt` are the buffer types `s` and `d` are the layouts of: the
/// verdict is remembered for them (AscubeDialect::lookupTileCheck).
bool squaresKeepLayout(mlir::MemRefType st, mlir::MemRefType dt,
                       const layout::FractalLayout &s,
                       const layout::FractalLayout &d,
                       ArrayRef<FractalSquare> squares, unsigned bits,
                       bool transposed,
                       std::optional<bool> onlyView = std::nullopt);

/// The elements of the squares reach [0, src) and [0, dst) of the buffers.
AccessExtents extentsOfSquares(ArrayRef<FractalSquare> squares, int64_t f);

/// L1 -> L0A/L0B with one element type (load2dtranspose_c1/c2,
/// load2dv2_c1/c2).
LogicalResult checkL1ToL0(Operation *op, const Buffer &src, const Buffer &dst,
                          StringRef name, StringRef pathLabel,
                          StringRef typeLabel);

Level levelOf(Value v);

/// The L0B buffer of a sparse instruction has a fixed place, from which the
/// hidden index buffer is addressed (sparse_c1); with a target, the
/// instruction exists (sparse_c2).
LogicalResult checkSparseCommon(Operation *op, Value l0b, StringRef what);

/// Whether `t` is an MX data type (an operand type of MmadMxTable,
/// Products.td: fp8 e4m3/e5m2, fp4 e2m1/e1m2).
bool isMxDataType(Type t);
/// Whether A x B is an MmadMx pair of MmadMxTable (fp8 with fp8, fp4 with
/// fp4, §15).
bool isMxPair(Type a, Type b);

/// Whether `t` is a 4-bit float (fp4 e2m1 or e1m2).
bool isFp4(Type t);

/// A scale buffer's fractal rows (X) and columns (Y) of 32 B: ScaleA (Zz
/// 16 x 2, M x K/32) is M/16 x K/64; ScaleB (Nn 2 x 16, K/32 x N) is N/16
/// x K/64.
std::pair<int64_t, int64_t> scaleGrid(const Buffer &s);

/// A scale operand's address is its data operand's / 16 (§9, §15), where
/// both are static.
LogicalResult checkScaleAddress(Operation *op, Value data, Value dataOffset,
                                Value scale, unsigned bits, StringRef label);

/// The op's accesses (getAccessExtents) lie inside its buffers, where the
/// offsets are static.
/// Computes `fn` with diagnostics swallowed (the op verified already, or is
/// being probed): `fn` receives the EmitErrorFn to pass on.
template <typename Fn> auto quietly(Operation *op, Fn fn) {
  mlir::ScopedDiagnosticHandler h(op->getContext(),
                                  [](mlir::Diagnostic &) { return success(); });
  return fn([op]() { return op->emitOpError(); });
}

/// How an instruction walks a GM matrix view: `groups` groups `groupStep`
/// elements apart (field `groupField`), each of `runs` runs `step` apart
/// (field `stepField`) of `len` contiguous elements (field `lenField`).
struct ViewRuns {
  int64_t groups = 1, groupStep = 0;
  StringRef groupField;
  int64_t runs = 1, step = 0;
  StringRef stepField;
  int64_t len = 0;
  StringRef lenField;
};

/// gmview_c2: every run an instruction reads or writes of the matrix view
/// `b` (a GM view with a pitch between its lines: rows, or columns when
/// column-major) lies in one line of it — its runs one line apart (`step`
/// = the pitch) and each, from where its matrix starts in the line (the
/// static `offset`, else the line's start, moved by `groupStep` per
/// matrix), within the line. Contiguous views and other buffers pass.
LogicalResult checkViewRuns(EmitErrorFn emit, StringRef role, Value offset,
                            const Buffer &b, const ViewRuns &r);

template <typename OpT>
LogicalResult checkExtents(OpT op, EmitErrorFn emit, const Buffer &src,
                           const Buffer &dst, StringRef label) {
  FailureOr<AccessExtents> e = op.getAccessExtents(emit);
  if (failed(e))
    return failure();
  if (failed(
          checkExtent(emit, "source", op.getSrcOffset(), src, e->src, label)) ||
      failed(checkExtent(emit, "destination", op.getDstOffset(), dst, e->dst,
                         label)))
    return failure();
  return success();
}

} // namespace ascube::detail

#endif // ASCUBE_LIB_DIALECT_ASCUBE_IR_OPVERIFICATION_H
