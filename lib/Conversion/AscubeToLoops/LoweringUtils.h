//===- LoweringUtils.h - Shared pieces of the CPU lowering -----*- C++ -*-===//
//
// What every family's lowering (DataCopyToLoops.cpp, LoadData2DToLoops.cpp,
// LoadData3DToLoops.cpp, MmadToLoops.cpp, MmadMicroKernels.cpp,
// MmadIntegerDot.cpp,
// FixpipeToLoops.cpp) uses: the flat storage of a buffer, index arithmetic that
// folds constants (IndexMath, also the arithmetic the IR-free layout and im2col
// templates are instantiated with), loops, element decoding, nibble access,
// saturation, the module memories, and the notes the preparation step leaves
// for the patterns. Private to lib/Conversion/AscubeToLoops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_LOWERINGUTILS_H
#define ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_LOWERINGUTILS_H

#include "ascube/Conversion/AscubeToLoops.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Numerics/Formats.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::memref {
class CopyOp;
} // namespace mlir::memref

namespace ascube::lowering {
using namespace mlir;

//===----------------------------------------------------------------------===//
// Notes from the preparation step (AscubeToLoops.cpp) to the patterns:
// discardable attributes on the instruction ops, gone after the conversion.
//===----------------------------------------------------------------------===//

/// The index byte a sparse instruction's L0B buffer starts at in the hidden
/// 4:2 index buffer (§12, §14), noted before the allocations go.
constexpr llvm::StringLiteral kIndexBaseAttr = "ascube_index_base";
/// Marks an mmad_sparse whose 2-bit index values are checked at run time.
constexpr llvm::StringLiteral kCheckIndexAttr = "ascube_check_index";
/// Marks a Fixpipe whose per-column QUANT_PRE words get run-time checks.
constexpr llvm::StringLiteral kCheckQuantAttr = "ascube_check_quant";
/// Race checks: the GM arguments of a function (their indices, noted
/// before the conversion changes the signature) and the hook every element
/// access of one calls: `__ascube_gm_access(i64 address, i64 bytes,
/// i64 write)`.
constexpr llvm::StringLiteral kGMArgsAttr = "ascube_race_gm_args";
constexpr llvm::StringLiteral kGMAccessHook = "__ascube_gm_access";
constexpr llvm::StringLiteral kIndexGlobal = "__ascube_sparse_index";
/// The flag-model hooks (sync checks, SyncHooks.cpp); their sites are named
/// by the module attribute AscubeDialect::kSyncSitesAttrName.
constexpr llvm::StringLiteral kSyncOpHook = "__ascube_sync_op";
constexpr llvm::StringLiteral kSyncAccessHook = "__ascube_sync_access";
constexpr llvm::StringLiteral kSyncFlagHook = "__ascube_sync_flag";
/// The block index and count (memref<1xi64> globals) ascube.block_idx and
/// ascube.block_num read, and the function a runner calls before each block
/// to set them and fill the on-core memories afresh (0xFF):
/// `__ascube_start_block(i64 idx, i64 num)`.
constexpr llvm::StringLiteral kBlockIdxGlobal = "__ascube_block_idx";
constexpr llvm::StringLiteral kBlockNumGlobal = "__ascube_block_num";
constexpr llvm::StringLiteral kStartBlockFunc = "__ascube_start_block";
/// ascube.sync_all: `__ascube_sync_all()`, the runner's barrier across the
/// kernel's blocks.
constexpr llvm::StringLiteral kSyncAllHook = "__ascube_sync_all";

//===----------------------------------------------------------------------===//
// Storage, index arithmetic, loops, decoding
//===----------------------------------------------------------------------===//

/// How a logical element type is stored in a flat buffer: the storage
/// element type and how many logical elements share one storage element
/// (2 for 4-bit data, cube-reference §17 / Numerics/Packing.h).
struct Storage {
  Type type;
  int64_t per = 1;
};

Storage getStorage(Type t);

bool needsFlattening(MemRefType t);

/// The flat storage type of an ascube buffer (nullptr if it cannot be
/// resolved; verified ops never hit that).
MemRefType flatType(MemRefType t);

/// `e` (over dims d0, d1 bound to `operands`) as one composed affine.apply,
/// folded to a constant where it is one.
Value affineApply(ImplicitLocOpBuilder &b, AffineExpr e, ValueRange operands);

/// Index arithmetic with constants folded at build time (so static offsets
/// cost nothing at run time), and loops: arith ops and scf.for, or with
/// `affine` (AscubeToLoopsOptions::affine) composed affine.apply ops and
/// affine.for. Every index it computes is then an affine function of loop
/// counters and operands, so loads and stores can be raised to
/// affine.load/store. Indices are never negative where div and rem are
/// used (arith.divui/remui and affine floordiv/mod agree there).
struct IndexMath {
  ImplicitLocOpBuilder &b;
  bool affine = false;

  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  static std::optional<int64_t> cst(Value v) {
    return getConstantIntValue(OpFoldResult(v));
  }
  AffineExpr d(unsigned i) { return getAffineDimExpr(i, b.getContext()); }
  Value add(Value x, Value y) {
    auto cx = cst(x), cy = cst(y);
    if (cx && cy)
      return c(*cx + *cy);
    if (cx && *cx == 0)
      return y;
    if (cy && *cy == 0)
      return x;
    if (affine)
      return affineApply(b, d(0) + d(1), {x, y});
    return arith::AddIOp::create(b, x, y);
  }
  Value add(Value x, int64_t y) { return add(x, c(y)); }
  Value sub(Value x, Value y) {
    auto cx = cst(x), cy = cst(y);
    if (cx && cy)
      return c(*cx - *cy);
    if (cy && *cy == 0)
      return x;
    if (affine)
      return affineApply(b, d(0) - d(1), {x, y});
    return arith::SubIOp::create(b, x, y);
  }
  Value mul(Value x, int64_t y) {
    auto cx = cst(x);
    if (cx)
      return c(*cx * y);
    if (y == 1)
      return x;
    if (y == 0)
      return c(0);
    if (affine)
      return affineApply(b, d(0) * y, {x});
    return arith::MulIOp::create(b, x, c(y));
  }
  Value div(Value x, int64_t y) {
    auto cx = cst(x);
    if (cx)
      return c(*cx / y);
    if (y == 1)
      return x;
    if (affine)
      return affineApply(b, d(0).floorDiv(y), {x});
    return arith::DivUIOp::create(b, x, c(y));
  }
  Value rem(Value x, int64_t y) {
    auto cx = cst(x);
    if (cx)
      return c(*cx % y);
    if (y == 1)
      return c(0);
    if (affine)
      return affineApply(b, d(0) % y, {x});
    return arith::RemUIOp::create(b, x, c(y));
  }

  /// for (iv = 0; iv < n; ++iv) body(iv), with the builder inside the loop.
  void forRange(int64_t n, llvm::function_ref<void(Value)> body);

  /// acc = init; for (iv = 0; iv < n; ++iv) acc = body(iv, acc); the final
  /// acc (a loop carrying it).
  Value reduceRange(int64_t n, Value init,
                    llvm::function_ref<Value(Value iv, Value acc)> body);
};

/// The flat 1-D view of a (converted) buffer operand: converted ascube
/// buffers already are; plain identity memrefs are collapsed.
Value flatten(ImplicitLocOpBuilder &b, Value v);

/// dst[to + e] = src[from + e] for e in [0, n), storage elements.
void copyRun(IndexMath &im, Value src, Value from, Value dst, Value to,
             int64_t n);

/// buf[idx] = v, with v's bits reinterpreted as buf's element type when the
/// two differ (a 16-bit float GM memref and the i16 storage of on-core
/// buffers).
void storeElement(ImplicitLocOpBuilder &b, Value v, Value buf, Value idx);

/// Transposes the square matrix whose rows are `rows` (n vectors of n
/// elements, n a power of two) in place: log2(n) stages of n shuffles, stage
/// b swapping bit b of the row index with bit b of the column index (rows i
/// and i + 2^b exchange their blocks of 2^b elements), so that row r ends
/// up holding element r of every row. Shuffles only: the values are moved,
/// never computed.
void transposeSquare(ImplicitLocOpBuilder &b, MutableArrayRef<Value> rows);

/// Transposes 16 runs (`runs`: 16 vectors of the same length len, any
/// element type) across: calls store(e, v) for e in [0, len), v the vector
/// of 16 holding element e of every run, in run order. A run is taken 16
/// elements at a time (the last part padded by shuffles) through
/// transposeSquare.
void transposeRuns(ImplicitLocOpBuilder &b, ArrayRef<Value> runs,
                   llvm::function_ref<void(int64_t e, Value v)> store);

/// A constant vector of type `t` (integer elements) with every element `v`.
Value splatInt(ImplicitLocOpBuilder &b, VectorType t, int64_t v);

/// Storage-element offset of a logical element offset.
Value storageIndex(IndexMath &im, Value logical, int64_t per);

/// The optional base offset of a mover, in logical elements.
Value baseOffset(IndexMath &im, Value offset);

/// A decode table for an 8-bit (or 4-bit) float format, as a private
/// constant global of the module.
Value decodeTable(ImplicitLocOpBuilder &b, ModuleOp module,
                  numerics::SmallFloat fmt, StringRef name);

StringRef tableName(numerics::SmallFloat f);

std::optional<numerics::SmallFloat> smallFloatOf(Type t);

/// Loads logical element `idx` of a flat buffer holding `logical` elements
/// and widens it to f32 (floats) or i64 (integers).
Value loadWide(IndexMath &im, ModuleOp module, Value buf, Value idx,
               Type logical);

/// Marks `f` to stay out of line in LLVM (passthrough noinline): an
/// outlined instruction or shared function compiled once, not inlined at
/// each call.
void keepOutOfLine(func::FuncOp f);

/// memref<?xT, strided<[1], offset: ?>>: any contiguous run of T, the
/// buffer type of a shared function's arguments.
MemRefType contiguousRun(Type t);

/// The function `name` of `type` that lowerings of many instructions share
/// (code that does not depend on an instruction's shape: a micro-kernel, a
/// transpose), in the module around `b`'s insertion point: the existing
/// one, or a new private one, kept out of line, whose body `build` writes
/// (with a builder at its entry block and the function, for its
/// arguments; the return is added after).
func::FuncOp sharedFunction(
    ImplicitLocOpBuilder &b, StringRef name, FunctionType type,
    llvm::function_ref<void(ImplicitLocOpBuilder &, func::FuncOp)> build);

/// A constant i32 table, a private global of the module named `base` (or
/// `base_N` when a different table already has that name).
Value constTable(ImplicitLocOpBuilder &b, ModuleOp module, StringRef base,
                 ArrayRef<int32_t> values);

/// Element `idx` of a packed 4-bit buffer (Numerics/Packing.h), as i8.
Value loadNibble(IndexMath &im, Value buf, Value idx);

/// Stores the low 4 bits of `v` as element `idx`, keeping the other nibble.
void storeNibble(IndexMath &im, Value v, Value buf, Value idx);

/// The largest finite value of a float output type (HiF8: 2^15).
double maxFinite(Type t);

/// The storage bits (i16) of an f16 or bf16 element widened to an exact
/// f32: bf16 by moving the bits into the top half, f16 by the CPU's
/// conversion (exact, subnormals included). Other values are returned as
/// they are.
Value widenBits(ImplicitLocOpBuilder &b, Value bits, Type logical);
/// An f32 value as the storage bits of `logical`: f16 and bf16 rounded half
/// to even (bf16 on the bits, subnormals kept; a NaN stays a NaN, made
/// quiet), f32 itself.
Value narrowF32(ImplicitLocOpBuilder &b, Value v, Type logical);

/// The integer type of `t`'s bits (t itself for integers): what a mover
/// carries across branches. A float value crossing a branch (an scf.if
/// yielding it) may be widened and narrowed by the CPU code, and x86's
/// f32 -> bf16 conversion flushes subnormals, so moves carry bits.
Type bitsType(Type t);
/// `v` as the integer of its bits (v itself for integers).
Value toBits(ImplicitLocOpBuilder &b, Value v);
/// Integer bits back as a value of type `t` (bits itself for integers).
Value fromBits(ImplicitLocOpBuilder &b, Value bits, Type t);

/// v clamped to [lo, hi] (f32; NaN stays NaN).
Value clampF32(ImplicitLocOpBuilder &b, Value v, double lo, double hi);

/// The saturation mode (CTRL[48] = 0, cube-reference §13.3, §16) on a
/// float value bound for a type whose largest finite value is `max`: NaN ->
/// 0, values beyond +-max (+-inf among them) -> +-max. `v` is an f32
/// (16-bit results are narrowed afterwards, narrowF32).
Value saturateF32(ImplicitLocOpBuilder &b, Value v, double max);

/// A view of the module memory `name` (a memref.global of bytes).
Value getMemory(OpBuilder &b, Location loc, StringRef name, int64_t bytes);

/// The hidden 4:2 index buffer, at `op`.
Value sparseIndexBuffer(OpBuilder &b, Operation *op);

/// Puts the flag-model hooks (kSyncOpHook, kSyncAccessHook, kSyncFlagHook)
/// before every instruction and flag op of `func`, declaring them in its
/// module; appends one "file:line:col: op" text per site to `sites`.
void insertSyncHooks(func::FuncOp func, std::vector<std::string> &sites);

/// Replaces `copy` by a loop nest over the source's shape (row-major
/// order) of element loads and stores: the same elements moved, for any
/// strided views (upstream lowers a copy between views that are not both
/// contiguous to a call of the C runner utils' `memrefCopy`, which the JIT
/// does not load) and so that race checks see every element.
void expandCopyToLoops(memref::CopyOp copy);

/// Whether the LLVM lowering of `copy` would call `memrefCopy` (a source
/// or target strided but not contiguous row-major), so that
/// prepareAscubeToLoops expands it (expandCopyToLoops): plain ranked
/// memrefs only (builtin elements, no memory space, an identity or
/// strided layout); copies of ascube buffers are left to the conversion.
bool copyNeedsLoops(memref::CopyOp copy);

/// Declares a private hook `name(i64 x n)` in `module` once.
void declareHook(ModuleOp module, llvm::StringRef name, unsigned n);

/// After the conversion (race checks): puts a call of kGMAccessHook before
/// every memref.load and memref.store of `func` whose buffer is a view of
/// one of the arguments `gmArgs` (GM), with the element's host address,
/// its bytes and whether it is written; a memref.copy touching such a
/// buffer first becomes a loop nest of element loads and stores.
void insertGMAccessHooks(func::FuncOp func, llvm::ArrayRef<int64_t> gmArgs);

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// The base of every ascube lowering pattern: built with the conversion's
/// options.
template <typename Op> struct AscubePattern : OpConversionPattern<Op> {
  using Adaptor = typename OpConversionPattern<Op>::OpAdaptor;

  AscubePattern(const TypeConverter &types, MLIRContext *ctx,
                const AscubeToLoopsOptions &options)
      : OpConversionPattern<Op>(types, ctx), options(options) {}

  /// Logical element type of an original operand.
  static Type elemOf(Value v) {
    return cast<MemRefType>(v.getType()).getElementType();
  }

  /// Index arithmetic and loops at `b`, in the options' form.
  IndexMath indexMath(ImplicitLocOpBuilder &b) const {
    return IndexMath{b, options.affine};
  }

  AscubeToLoopsOptions options;
};

/// Each family's patterns (the instruction ops of one .td file).
void populateDataCopyToLoopsPatterns(TypeConverter &types,
                                     RewritePatternSet &patterns,
                                     const AscubeToLoopsOptions &options);
void populateLoadData2DToLoopsPatterns(TypeConverter &types,
                                       RewritePatternSet &patterns,
                                       const AscubeToLoopsOptions &options);
void populateLoadData3DToLoopsPatterns(TypeConverter &types,
                                       RewritePatternSet &patterns,
                                       const AscubeToLoopsOptions &options);
void populateMmadToLoopsPatterns(TypeConverter &types,
                                 RewritePatternSet &patterns,
                                 const AscubeToLoopsOptions &options);
void populateFixpipeToLoopsPatterns(TypeConverter &types,
                                    RewritePatternSet &patterns,
                                    const AscubeToLoopsOptions &options);

} // namespace ascube::lowering

#endif // ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_LOWERINGUTILS_H
