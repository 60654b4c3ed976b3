//===- AscubeDialect.h - ascube dialect -------------------------*- C++ -*-===//
//
// The ascube dialect, its attributes and types, and the helpers every
// ascube component uses to read a buffer's layout, level and the target.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_DIALECT_ASCUBE_IR_ASCUBEDIALECT_H
#define ASCUBE_DIALECT_ASCUBE_IR_ASCUBEDIALECT_H

#include "ascube/Layout/Fractal.h"
#include "ascube/Target/Target.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/RWMutex.h"

#include "ascube/Dialect/Ascube/IR/AscubeOpsDialect.h.inc"

#include "ascube/Dialect/Ascube/IR/AscubeEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ascube/Dialect/Ascube/IR/AscubeAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ascube/Dialect/Ascube/IR/AscubeOpsTypes.h.inc"

namespace ascube {

/// Storage width in bits of a Cube element type: builtin integers and
/// floats, !ascube.hif8 (8) and !ascube.f4e1m2 (4). std::nullopt for
/// types the Cube does not handle (index, complex, vectors, ...).
std::optional<unsigned> getElementBitWidth(mlir::Type type);

/// The capability table's spelling of an element type: "i8" (signless or
/// signed int8), "ui8", "i4", "f16", "bf16", "f32", "i32", "f8E4M3FN",
/// "hif8", ... (see ascube/Numerics/ElementTypes.h); "" for others.
std::string getCubeTypeName(mlir::Type type);

/// The memory level of a memref: its #ascube.mem memory space, GM when it
/// has none, std::nullopt for a foreign memory space.
std::optional<target::Level> getMemLevel(mlir::MemRefType type);

/// A view of GM (docs/Constraints.md, gmview_c1): a memref with no memory
/// space whose layout is `strided<...>` — what memref.subview (also a
/// chain of them), memref.transpose, memref.reinterpret_cast or a
/// bufferized tensor slice gives — with a static offset and strides.
/// Either contiguous (the row-major strides of its shape: any rank), a
/// rank-2 matrix whose rows are `pitch` elements apart (innermost stride
/// 1, pitch >= columns), or a rank-2 matrix held column-major: unit row
/// stride, its columns `pitch` elements apart (pitch >= rows; e.g. the
/// memref.transpose of a row-major matrix). An instruction addresses it
/// from its first element (`offset` elements into the underlying buffer):
/// element (r, c) of a row-major view is at r * pitch + c, which is ND with
/// ld = pitch (cube-reference §2, §5 srcDValue, §16 dstStride), of a
/// column-major one at c * pitch + r, which is DN with ld = pitch (§5
/// DN2NZ, §16 NZ2DN). Units: elements.
struct GMView {
  int64_t offset = 0;
  /// Rows and columns of a matrix view (a contiguous view: its elements as
  /// one row) and the pitch between its lines (rows, or columns when
  /// column-major; = the line length when contiguous).
  int64_t rows = 1, cols = 0, pitch = 0;
  bool contiguous = true;
  bool columnMajor = false;
  /// The lines (rows, or columns when column-major) and the elements of
  /// each, the contiguous runs of the view.
  int64_t lines() const { return columnMajor ? cols : rows; }
  int64_t lineLength() const { return columnMajor ? rows : cols; }
  /// Elements from the first to one past the last: what the view may
  /// touch of its buffer ((lines - 1) x pitch + line length).
  int64_t footprint() const {
    return rows == 0 || cols == 0 ? 0 : (lines() - 1) * pitch + lineLength();
  }
};

/// The GM view `type` is, std::nullopt for an identity layout, a memory
/// space or a layout no instruction field can express (then
/// getFractalLayout says why, gmview_c1).
std::optional<GMView> getGMView(mlir::MemRefType type);

/// The buffer a view is of: through memref views (subview, cast, reshapes,
/// reinterpret_cast: ViewLikeOpInterface) and other side-effect-free ops
/// making a memref of a memref (memref.transpose), to a function argument,
/// an allocation or a global. Two GM operands with
/// different such buffers are taken not to overlap.
mlir::Value getViewedBuffer(mlir::Value view);

/// The elements an access to a buffer of `type`, laid out as `l`
/// (getFractalLayout), may reach from its start: the layout's, or a GM
/// view's footprint (gmview_c1). The verifiers' and the run-time bounds.
int64_t getAddressableElements(mlir::MemRefType type,
                               const layout::FractalLayout &l);

/// The layout spec of a memref: its #ascube.layout, ND for the identity
/// layout and a contiguous GM view, ND with ld = pitch for a GM matrix view
/// (getGMView), DN with ld = pitch for a column-major one; std::nullopt for
/// any other layout.
std::optional<layout::LayoutSpec> getLayoutSpec(mlir::MemRefType type);

/// Resolves a memref's layout with its shape, element type and level (the
/// fractal is derived from them unless explicit). On failure emits one
/// diagnostic through `emitError` naming the rule label.
mlir::FailureOr<layout::FractalLayout>
getFractalLayout(mlir::MemRefType type,
                 llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Where a buffer sits in its level, when the IR fixes it (cube-reference
/// §1): the `offset` of an `ascube.alloc`, or the `ascube.offset` attribute
/// of an on-core function argument, in bytes from the start of the level;
/// std::nullopt for a buffer ascube (or the caller) places, and for any
/// other value.
std::optional<int64_t> getPlacedOffset(mlir::Value buf);

/// True for an on-core (not GM) memref argument of a function's entry
/// block: a buffer its caller allocated.
bool isOnCoreArgument(mlir::Value buf);

/// The nearest enclosing `ascube.target` attribute (on `op` or an
/// ancestor), or null when no enclosing op names a product.
TargetAttr getTargetAttr(mlir::Operation *op);

/// The target product named by the nearest enclosing `ascube.target`
/// module attribute, or nullptr when no enclosing op names one.
const target::ProductInfo *getTargetProduct(mlir::Operation *op);

/// Makes `product` (a key, e.g. "atlas_a2") the target of `module` (a
/// builtin.module): sets `ascube.target` unless the module already names
/// it. An unknown key
/// (target_c1) or a module naming another product (target_c2) is an error
/// at the module, and the result is nullptr.
const target::ProductInfo *setModuleTarget(mlir::Operation *module,
                                           llvm::StringRef product);

/// The first op of the linalg dialect under `root` (pre-order), or nullptr.
/// Linalg is the input of the mapping (ascube-tile-linalg), never part of
/// a Cube program: the tools ask whether a module still has some.
mlir::Operation *findLinalgOp(mlir::Operation *root);

/// The float overflow mode in force at `op` (cube-reference §13.3, §16):
/// the nearest enclosing `ascube.overflow` module attribute, else the
/// target product's default (Inf/NaN where the product has it, saturation
/// otherwise), else Inf/NaN.
FloatOverflow getFloatOverflow(mlir::Operation *op);

} // namespace ascube

#endif // ASCUBE_DIALECT_ASCUBE_IR_ASCUBEDIALECT_H
