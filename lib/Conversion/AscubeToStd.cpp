//===- AscubeToStd.cpp - Exact CPU semantics of the ascube ops ------------===//
//
// convert-ascube-to-std: every ascube buffer becomes a flat memref of its
// physical storage, and every instruction op becomes loops that address
// that storage the way the hardware does, from the instruction's
// parameters (ascube::get*Params, shared with the verifiers).
// cube-reference §4-§8, §10 (movers), §13 (mmad), §16 (fixpipe), §17
// (formats).
//
//===----------------------------------------------------------------------===//

#include "FloatCasts.h"
#include "ascube/Conversion/Passes.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Numerics/Formats.h"
#include "ascube/Numerics/Packing.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/Support/MathExtras.h"

#include <cstring>

namespace ascube {
#define GEN_PASS_DEF_CONVERTASCUBETOSTD
#include "ascube/Conversion/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using layout::Format;
using target::Level;

namespace {

//===----------------------------------------------------------------------===//
// Storage
//===----------------------------------------------------------------------===//

/// How a logical element type is stored in a flat buffer: the storage
/// element type and how many logical elements share one storage element
/// (2 for 4-bit data, cube-reference §17 / Numerics/Packing.h).
struct Storage {
  Type type;
  int64_t per = 1;
};

Storage getStorage(Type t) {
  MLIRContext *ctx = t.getContext();
  unsigned bits = getElementBitWidth(t).value_or(8);
  if (bits == 4)
    return {IntegerType::get(ctx, 8), numerics::kElementsPerByte};
  if (t.isF16() || t.isBF16() || t.isF32())
    return {t, 1};
  return {IntegerType::get(ctx, bits), 1};
}

bool needsFlattening(MemRefType t) {
  if (isa<LayoutAttr>(t.getLayout()) ||
      isa_and_nonnull<MemSpaceAttr>(t.getMemorySpace()))
    return true;
  Storage s = getStorage(t.getElementType());
  return s.type != t.getElementType() || s.per != 1;
}

/// The flat storage type of an ascube buffer (nullptr if it cannot be
/// resolved; verified ops never hit that).
MemRefType flatType(MemRefType t) {
  FailureOr<layout::FractalLayout> l = getFractalLayout(
      t, [&] { return emitError(UnknownLoc::get(t.getContext())); });
  if (failed(l))
    return nullptr;
  Storage s = getStorage(t.getElementType());
  return MemRefType::get({int64_t(llvm::divideCeil(l->numElements(), s.per))},
                         s.type);
}

//===----------------------------------------------------------------------===//
// Index arithmetic that folds constants
//===----------------------------------------------------------------------===//

struct IndexMath {
  ImplicitLocOpBuilder &b;

  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  static std::optional<int64_t> cst(Value v) {
    return getConstantIntValue(OpFoldResult(v));
  }
  Value add(Value x, Value y) {
    auto cx = cst(x), cy = cst(y);
    if (cx && cy)
      return c(*cx + *cy);
    if (cx && *cx == 0)
      return y;
    if (cy && *cy == 0)
      return x;
    return arith::AddIOp::create(b, x, y);
  }
  Value add(Value x, int64_t y) { return add(x, c(y)); }
  Value sub(Value x, Value y) {
    auto cx = cst(x), cy = cst(y);
    if (cx && cy)
      return c(*cx - *cy);
    if (cy && *cy == 0)
      return x;
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
    return arith::MulIOp::create(b, x, c(y));
  }
  Value div(Value x, int64_t y) {
    auto cx = cst(x);
    if (cx)
      return c(*cx / y);
    if (y == 1)
      return x;
    return arith::DivUIOp::create(b, x, c(y));
  }
  Value rem(Value x, int64_t y) {
    auto cx = cst(x);
    if (cx)
      return c(*cx % y);
    if (y == 1)
      return c(0);
    return arith::RemUIOp::create(b, x, c(y));
  }
};

/// for (iv = 0; iv < n; ++iv) body(iv), with the builder inside the loop.
void forRange(ImplicitLocOpBuilder &b, int64_t n,
              llvm::function_ref<void(Value)> body) {
  if (n <= 0)
    return;
  IndexMath im{b};
  auto loop = scf::ForOp::create(b, im.c(0), im.c(n), im.c(1));
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(loop.getBody());
  body(loop.getInductionVar());
}

/// The flat 1-D view of a (converted) buffer operand: converted ascube
/// buffers already are; plain identity memrefs are collapsed.
Value flatten(ImplicitLocOpBuilder &b, Value v) {
  auto t = cast<MemRefType>(v.getType());
  if (t.getRank() == 1)
    return v;
  SmallVector<ReassociationIndices> all(1);
  for (int64_t i = 0; i < t.getRank(); ++i)
    all[0].push_back(i);
  return memref::CollapseShapeOp::create(b, v, all);
}

/// dst[to + e] = src[from + e] for e in [0, n), storage elements.
void copyRun(ImplicitLocOpBuilder &b, Value src, Value from, Value dst,
             Value to, int64_t n) {
  IndexMath im{b};
  forRange(b, n, [&](Value e) {
    memref::StoreOp::create(b, memref::LoadOp::create(b, src, im.add(from, e)),
                            dst, im.add(to, e));
  });
}

/// Storage-element offset of a logical element offset.
Value storageIndex(IndexMath &im, Value logical, int64_t per) {
  return per == 1 ? logical : im.div(logical, per);
}

/// The optional base offset of a mover, in logical elements.
Value baseOffset(IndexMath &im, Value offset) {
  return offset ? offset : im.c(0);
}

//===----------------------------------------------------------------------===//
// Element decoding (cube-reference §17)
//===----------------------------------------------------------------------===//

/// A decode table for an 8-bit (or 4-bit) float format, as a private
/// constant global of the module.
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

/// Loads logical element `idx` of a flat buffer holding `logical` elements
/// and widens it to f32 (floats) or i64 (integers).
Value loadWide(ImplicitLocOpBuilder &b, ModuleOp module, Value buf, Value idx,
               Type logical) {
  IndexMath im{b};
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
    return arith::ExtFOp::create(b, b.getF32Type(), raw);
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

//===----------------------------------------------------------------------===//
// ascube.alloc: views into the level memories, filled with 0xFF
//===----------------------------------------------------------------------===//

/// The index byte a sparse instruction's L0B buffer starts at in the hidden
/// 4:2 index buffer (§12, §14), noted before the allocations go.
constexpr llvm::StringLiteral kIndexBaseAttr = "ascube_index_base";
/// Marks an mmad_sparse whose 2-bit index values are checked at run time.
constexpr llvm::StringLiteral kCheckIndexAttr = "ascube_check_index";
/// Marks a Fixpipe whose per-column QUANT_PRE words get run-time checks.
constexpr llvm::StringLiteral kCheckQuantAttr = "ascube_check_quant";
/// The module's memories: one byte array per level that placed buffers
/// address (`__ascube_level_<L>`), and the hidden 4:2 index buffer.
constexpr llvm::StringLiteral kLevelGlobalPrefix = "__ascube_level_";
constexpr llvm::StringLiteral kIndexGlobal = "__ascube_sparse_index";

/// A view of the module memory `name` (a memref.global of bytes).
Value getMemory(OpBuilder &b, Location loc, StringRef name, int64_t bytes) {
  return memref::GetGlobalOp::create(
      b, loc, MemRefType::get({bytes}, b.getI8Type()), name);
}

/// The bytes each level memory of the module holds: the largest capacity
/// of the products its functions name, or what its placed buffers reach
/// without one; and whether the hidden index buffer is used.
struct ModuleMemories {
  llvm::DenseMap<unsigned, int64_t> levelBytes;
  int64_t indexBytes = 0;
};

/// The level memory of a placed allocation, the hidden index buffer: module
/// globals, so that every function addresses one physical memory per level
/// as the chip does (a callee's placed buffers alias its caller's; the
/// index a load_sparse writes is the one a called mmad_sparse reads).
/// Filled with 0xFF when the module loads (what the chip holds is unknown).
/// One ModuleMemories per module holding functions (symbols do not reach
/// across modules), keyed by the module.
using AllMemories = llvm::DenseMap<Operation *, ModuleMemories>;
FailureOr<AllMemories> createModuleMemories(ArrayRef<func::FuncOp> funcs) {
  AllMemories all;
  auto maxCapacity = [](Level level) {
    int64_t cap = 0;
    for (const target::ProductInfo &p : target::allProducts())
      cap = std::max<int64_t>(cap, p.capacity(level));
    return cap;
  };
  for (func::FuncOp func : funcs) {
    ModuleMemories &mem = all[func->getParentOfType<ModuleOp>()];
    const target::ProductInfo *product = getTargetProduct(func);
    bool failedAlloc = false;
    func.walk([&](Operation *op) {
      if (isa<LoadSparseOp, MmadSparseOp>(op))
        mem.indexBytes = std::max<int64_t>(
            mem.indexBytes,
            (product ? product->capacity(Level::L0B) : 64 * 1024) / 4);
      auto alloc = dyn_cast<AllocOp>(op);
      if (!alloc)
        return;
      Level level = *getMemLevel(alloc.getType());
      // The CPU model gives a level at most the largest capacity any
      // product has (cube-reference §1); with a target the verifier
      // checked less.
      int64_t cap = maxCapacity(level);
      int64_t off = alloc.getOffsetAttr() ? alloc.getOffsetAttr().getInt() : 0;
      MemRefType flat = flatType(alloc.getType());
      if (!flat) {
        failedAlloc = true;
        return;
      }
      int64_t bytes = flat.getNumElements() *
                      std::max<int64_t>(1, flat.getElementTypeBitWidth() / 8);
      if (cap > 0 && (bytes > cap || off > cap - bytes)) {
        alloc.emitOpError()
            << "needs " << bytes << " B at offset " << off
            << " B, but no product's " << target::stringifyLevel(level)
            << " holds more than " << cap
            << " B: the kernel cannot run [capacity_c1]";
        failedAlloc = true;
        return;
      }
      if (!alloc.getOffsetAttr())
        return;
      int64_t &size = mem.levelBytes[unsigned(level)];
      size = std::max(size, off + bytes);
      if (product && product->capacity(level) > 0)
        size = std::max<int64_t>(size, product->capacity(level));
    });
    if (failedAlloc)
      return failure();
  }
  for (auto &[op, mem] : all) {
    auto module = cast<ModuleOp>(op);
    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
    auto global = [&](StringRef name, int64_t bytes) {
      auto type = MemRefType::get({bytes}, b.getI8Type());
      auto init =
          DenseElementsAttr::get(RankedTensorType::get({bytes}, b.getI8Type()),
                                 b.getI8IntegerAttr(-1));
      memref::GlobalOp::create(b, module.getLoc(), name,
                               b.getStringAttr("private"), type, init,
                               /*constant=*/false, /*alignment=*/nullptr);
    };
    for (auto &[level, bytes] : mem.levelBytes)
      global((kLevelGlobalPrefix + target::stringifyLevel(Level(level))).str(),
             bytes);
    if (mem.indexBytes)
      global(kIndexGlobal, mem.indexBytes);
  }
  return all;
}

/// Replaces every ascube.alloc of `func` by a typed view of bytes:
/// allocations with an `offset` view their level's module memory (they
/// alias exactly as on the chip, across functions too), the others get
/// bytes of their own for one invocation, filled with 0xFF. The result is
/// cast back to the buffer type so the conversion below sees ordinary
/// operands.
LogicalResult lowerAllocs(func::FuncOp func, const ModuleMemories &mem) {
  SmallVector<AllocOp> allocs;
  func.walk([&](AllocOp op) { allocs.push_back(op); });
  // Sparse instructions address the hidden index buffer from their L0B
  // buffer's fixed place: note it before the allocations go.
  func.walk([&](Operation *op) {
    Value l0b;
    if (auto ls = dyn_cast<LoadSparseOp>(op))
      l0b = ls.getDst();
    else if (auto ms = dyn_cast<MmadSparseOp>(op))
      l0b = ms.getB();
    else
      return;
    op->setAttr(kIndexBaseAttr, OpBuilder(op).getI64IntegerAttr(
                                    getSparseIndexBase(l0b).value_or(0)));
  });
  if (allocs.empty())
    return success();
  SmallVector<MemRefType> flat;
  for (AllocOp op : allocs) {
    flat.push_back(flatType(op.getType()));
    if (!flat.back())
      return failure();
    // The memory behind an allocation lives for one invocation of its
    // function: a buffer must not outlive it.
    for (Operation *user : op->getUsers())
      if (isa<func::ReturnOp>(user))
        return op.emitOpError()
               << "is returned by @" << func.getName()
               << "; on-core buffers live for one invocation of the function "
                  "that allocates them: allocate in the caller and pass the "
                  "buffer as an argument [alloc_c3]";
  }
  auto bytesOf = [](MemRefType t) {
    return t.getNumElements() *
           std::max<int64_t>(1, t.getElementTypeBitWidth() / 8);
  };
  // Every memory at the function entry before any allocation is replaced
  // (the entry builder's position must stay valid).
  Block &entry = func.getBody().front();
  ImplicitLocOpBuilder b(func.getLoc(), &entry, entry.begin());
  auto i8 = b.getI8Type();
  SmallVector<Value> owned;
  auto filled = [&](int64_t bytes) {
    Value buf = memref::AllocOp::create(b, MemRefType::get({bytes}, i8));
    Value ff = arith::ConstantIntOp::create(b, i8, 0xFF);
    forRange(b, bytes,
             [&](Value i) { memref::StoreOp::create(b, ff, buf, i); });
    owned.push_back(buf);
    return buf;
  };
  llvm::DenseMap<unsigned, Value> levelBuf;
  for (auto [op, t] : llvm::zip(allocs, flat)) {
    unsigned level = unsigned(*getMemLevel(op.getType()));
    if (op.getOffsetAttr() && !levelBuf.count(level))
      levelBuf[level] = getMemory(
          b, func.getLoc(),
          (kLevelGlobalPrefix + target::stringifyLevel(Level(level))).str(),
          mem.levelBytes.lookup(level));
  }
  SmallVector<Value> base;
  for (auto [op, t] : llvm::zip(allocs, flat))
    base.push_back(op.getOffsetAttr()
                       ? levelBuf[unsigned(*getMemLevel(op.getType()))]
                       : filled(bytesOf(t)));
  for (auto [op, t, buf] : llvm::zip(allocs, flat, base)) {
    ImplicitLocOpBuilder ob(op.getLoc(), op);
    IndexMath oim{ob};
    Value shift = oim.c(op.getOffsetAttr() ? op.getOffsetAttr().getInt() : 0);
    Value view = memref::ViewOp::create(ob, t, buf, shift, ValueRange{});
    Value cast =
        UnrealizedConversionCastOp::create(ob, op.getType(), view).getResult(0);
    op.replaceAllUsesWith(cast);
  }
  for (AllocOp op : allocs)
    op.erase();
  // The unplaced buffers live for one kernel invocation.
  func.walk([&](func::ReturnOp ret) {
    OpBuilder rb(ret);
    for (Value buf : owned)
      memref::DeallocOp::create(rb, ret.getLoc(), buf);
  });
  return success();
}

/// The hidden 4:2 index buffer, at `op`.
Value sparseIndexBuffer(OpBuilder &b, Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto g = module.lookupSymbol<memref::GlobalOp>(kIndexGlobal);
  if (!g)
    return Value();
  return memref::GetGlobalOp::create(b, op->getLoc(), g.getType(),
                                     kIndexGlobal);
}

//===----------------------------------------------------------------------===//
// Run-time checks of dynamic offsets
//===----------------------------------------------------------------------===//

/// Before a mover whose base offset is not a constant: its accesses stay in
/// the buffer (the verifier's label) and, when the base is static
/// (getStaticBase: an allocation, an on-core argument or a GM buffer), its
/// address has the instruction's alignment (alignment_c2). Uses the same
/// extents and alignments as the verifiers (AscubeParams.h).
void insertChecks(Operation *op, const MoverFacts &m) {
  StringRef boundsLabel = m.boundsLabel;
  ImplicitLocOpBuilder b(op->getLoc(), op);
  IndexMath im{b};
  auto check = [&](StringRef role, Value buf, Value off, int64_t extent,
                   int64_t alignBytes) {
    if (!off || IndexMath::cst(off) || extent == 0)
      return;
    auto type = cast<MemRefType>(buf.getType());
    FailureOr<layout::FractalLayout> l =
        getFractalLayout(type, [&] { return emitError(op->getLoc()); });
    if (failed(l))
      return;
    std::string name = op->getName().getStringRef().str();
    Value nonNeg =
        arith::CmpIOp::create(b, arith::CmpIPredicate::sge, off, im.c(0));
    Value fits = arith::CmpIOp::create(b, arith::CmpIPredicate::sle, off,
                                       im.c(l->numElements() - extent));
    cf::AssertOp::create(
        b, arith::AndIOp::create(b, nonNeg, fits),
        (name + ": " + role + " offset out of bounds [" + boundsLabel + "]")
            .str());
    std::optional<int64_t> base = getStaticBase(buf);
    if (!base || alignBytes <= 1)
      return;
    // (base address + offset * bits / 8) % align == 0, in bits.
    int64_t bits = *getElementBitWidth(type.getElementType());
    Value addrBits = im.add(im.c(*base * 8), im.mul(off, bits));
    Value aligned = arith::CmpIOp::create(
        b, arith::CmpIPredicate::eq, im.rem(addrBits, alignBytes * 8), im.c(0));
    bool gm = getMemLevel(type) == Level::GM;
    cf::AssertOp::create(
        b, aligned,
        (name + ": " + role +
         (gm ? " offset from the start of the GM buffer" : " address") +
         " not " + std::to_string(alignBytes) + " B aligned [alignment_c2]")
            .str());
  };
  check("source", m.src, m.srcOffset, m.extents.src, m.align.src);
  check("destination", m.dst, m.dstOffset, m.extents.dst, m.align.dst);
}

void insertRuntimeChecks(func::FuncOp func) {
  func.walk([](Operation *op) {
    if (std::optional<MoverFacts> m = getMoverFacts(op))
      insertChecks(op, *m);
    // Data read from memory, checked as it is read: the per-column
    // QUANT_PRE words (deqScalar is checked statically) and the 4:2 index
    // values.
    if (auto o = dyn_cast<FixpipeOp>(op); o && o.getQuantVector())
      op->setAttr(kCheckQuantAttr, UnitAttr::get(op->getContext()));
    if (isa<MmadSparseOp>(op))
      op->setAttr(kCheckIndexAttr, UnitAttr::get(op->getContext()));
  });
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <typename Op> struct AscubePattern : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using Adaptor = typename OpConversionPattern<Op>::OpAdaptor;

  /// Logical element type of an original operand.
  static Type elemOf(Value v) {
    return cast<MemRefType>(v.getType()).getElementType();
  }
};

/// DataCopy (§5, §16).
struct DataCopyLowering : AscubePattern<DataCopyOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(DataCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im{b};
    auto emit = [&] { return op.emitOpError(); };
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Type st = elemOf(op.getSrc()), dt = elemOf(op.getDst());
    Storage ss = getStorage(st), ds = getStorage(dt);
    // Base offsets, in storage elements.
    Value sOff =
        storageIndex(im, baseOffset(im, adaptor.getSrcOffset()), ss.per);
    Value dOff =
        storageIndex(im, baseOffset(im, adaptor.getDstOffset()), ds.per);
    CopyMode mode = op.getEffectiveMode();

    if (usesCopyParams(mode)) {
      FailureOr<CopyParams> p = getCopyParams(op, emit);
      if (failed(p))
        return failure();
      // Storage elements per unit: 32 B (copy) or 64 B of destination.
      int64_t bytesPerElem =
          std::max<int64_t>(1, ds.type.getIntOrFloatBitWidth() / 8);
      int64_t unit = p->unitBytes / bytesPerElem;
      forRange(b, p->blockCount, [&](Value blk) {
        Value sBase =
            im.add(sOff, im.mul(blk, (p->blockLen + p->srcStride) * unit));
        Value dBase =
            im.add(dOff, im.mul(blk, (p->blockLen + p->dstStride) * unit));
        forRange(b, p->blockLen * unit, [&](Value e) {
          Value v = memref::LoadOp::create(b, src, im.add(sBase, e));
          if (mode == CopyMode::bias && st != dt) // half/bf16 -> f32
            v = arith::ExtFOp::create(b, ds.type, v);
          memref::StoreOp::create(b, v, dst, im.add(dBase, e));
        });
      });
      rewriter.eraseOp(op);
      return success();
    }

    // nd2nz / dn2nz, in storage elements (bytes for 4-bit data).
    FailureOr<Nd2NzParams> p = getNd2NzParams(op, emit);
    if (failed(p))
      return failure();
    if (p->ndNum == 0 || p->nValue == 0 || p->dValue == 0) {
      rewriter.eraseOp(op);
      return success();
    }
    bool dn = mode == CopyMode::dn2nz;
    int64_t c0 = 32 / std::max<int64_t>(1, ds.type.getIntOrFloatBitWidth() / 8);
    int64_t rows = dn ? p->dValue : p->nValue;
    int64_t cols = dn ? p->nValue : p->dValue;
    int64_t paddedCols = llvm::alignTo(cols, c0);
    Value zero = arith::ConstantOp::create(b, b.getZeroAttr(ds.type));
    forRange(b, p->ndNum, [&](Value i) {
      Value sMat = im.add(sOff, im.mul(i, p->srcNdMatrixStride));
      Value dMat = im.add(dOff, im.mul(i, p->dstNzMatrixStride));
      forRange(b, rows, [&](Value r) {
        forRange(b, paddedCols, [&](Value c) {
          // dst = (c/C0)*dstNzC0Stride*C0 + r*dstNzNStride*C0 + c%C0
          Value d = im.add(
              dMat, im.add(im.add(im.mul(im.div(c, c0), p->dstNzC0Stride * c0),
                                  im.mul(r, p->dstNzNStride * c0)),
                           im.rem(c, c0)));
          // The row (column) tail up to 32 B is zero-filled.
          Value inside = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, c,
                                               im.c(cols));
          auto ifOp = scf::IfOp::create(b, ds.type, inside,
                                        /*withElseRegion=*/true);
          {
            OpBuilder::InsertionGuard g(b);
            b.setInsertionPointToStart(&ifOp.getThenRegion().front());
            Value s = dn ? im.add(sMat, im.add(im.mul(c, p->srcDValue), r))
                         : im.add(sMat, im.add(im.mul(r, p->srcDValue), c));
            Value v = memref::LoadOp::create(b, src, s);
            scf::YieldOp::create(b, v);
            b.setInsertionPointToStart(&ifOp.getElseRegion().front());
            scf::YieldOp::create(b, zero);
          }
          memref::StoreOp::create(b, ifOp.getResult(0), dst, d);
        });
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// LoadData 2D (§6, load2d.py).
struct Load2DLowering : AscubePattern<Load2DOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(Load2DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im{b};
    FailureOr<Load2DParams> p =
        getLoad2DParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Type et = elemOf(op.getSrc());
    Storage s = getStorage(et);
    int64_t bytes = std::max<int64_t>(1, s.type.getIntOrFloatBitWidth() / 8);
    int64_t f = 512 / bytes; // storage elements per 512 B fractal
    Value sOff =
        storageIndex(im, baseOffset(im, adaptor.getSrcOffset()), s.per);
    Value dOff =
        storageIndex(im, baseOffset(im, adaptor.getDstOffset()), s.per);
    int64_t dstGap = p->dstGap; // already 0 where ignored (950)
    int64_t sign = p->addrMode == 1 ? -1 : 1;
    forRange(b, p->repeatTimes, [&](Value i) {
      Value sFrac = im.add(im.c(p->startIndex), im.mul(i, sign * p->srcStride));
      Value sBase = im.add(sOff, im.mul(sFrac, f));
      Value dBase = im.add(dOff, im.mul(i, (dstGap + 1) * f));
      if (!p->ifTranspose) {
        forRange(b, f, [&](Value e) {
          Value v = memref::LoadOp::create(b, src, im.add(sBase, e));
          memref::StoreOp::create(b, v, dst, im.add(dBase, e));
        });
        return;
      }
      // b16: destination row j is source column j of the 16x16 fractal.
      forRange(b, 16, [&](Value r) {
        forRange(b, 16, [&](Value c) {
          Value v = memref::LoadOp::create(
              b, src, im.add(sBase, im.add(im.mul(c, 16), r)));
          memref::StoreOp::create(b, v, dst,
                                  im.add(dBase, im.add(im.mul(r, 16), c)));
        });
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// A constant i32 table, a private global of the module named `base` (or
/// `base_N` when a different table already has that name).
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

/// Element `idx` of a packed 4-bit buffer (Numerics/Packing.h), as i8.
Value loadNibble(ImplicitLocOpBuilder &b, Value buf, Value idx) {
  IndexMath im{b};
  Value byte = memref::LoadOp::create(b, buf, im.div(idx, 2));
  Value shift = arith::MulIOp::create(
      b, arith::IndexCastOp::create(b, b.getI8Type(), im.rem(idx, 2)),
      arith::ConstantIntOp::create(b, b.getI8Type(), numerics::kNibbleBits));
  return arith::AndIOp::create(
      b, arith::ShRUIOp::create(b, byte, shift),
      arith::ConstantIntOp::create(b, b.getI8Type(), 0xF));
}

/// Stores the low 4 bits of `v` as element `idx`, keeping the other nibble.
void storeNibble(ImplicitLocOpBuilder &b, Value v, Value buf, Value idx) {
  IndexMath im{b};
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

/// Moves the squares of an L1 -> L0 fractal mover (§7, §8): whole fractals
/// when nothing is transposed, else element by element through
/// ascube::transposeElement. Square and element positions are constant
/// tables built from those definitions.
void moveSquares(ImplicitLocOpBuilder &b, ModuleOp module, Value src, Value dst,
                 Value sOff, Value dOff, ArrayRef<FractalSquare> squares,
                 Type elem, bool transposed) {
  IndexMath im{b};
  unsigned bits = *getElementBitWidth(elem);
  int64_t f = 4096 / bits, n = squares.front().src.size();
  SmallVector<int32_t> sqSrc, sqDst;
  for (const FractalSquare &sq : squares) {
    for (int64_t x : sq.src)
      sqSrc.push_back(int32_t(x));
    for (int64_t x : sq.dst)
      sqDst.push_back(int32_t(x));
  }
  Value srcTab = constTable(b, module, "__ascube_squares_src", sqSrc);
  Value dstTab = constTable(b, module, "__ascube_squares_dst", sqDst);
  auto entry = [&](Value table, Value idx) {
    return arith::IndexCastOp::create(b, b.getIndexType(),
                                      memref::LoadOp::create(b, table, idx));
  };
  if (!transposed) {
    // Whole fractals, as storage elements (4-bit: 512 bytes).
    Storage st = getStorage(elem);
    int64_t fs = f / st.per;
    Value sBase = storageIndex(im, sOff, st.per);
    Value dBase = storageIndex(im, dOff, st.per);
    forRange(b, int64_t(squares.size()), [&](Value i) {
      Value sf = im.add(sBase, im.mul(entry(srcTab, i), fs));
      Value df = im.add(dBase, im.mul(entry(dstTab, i), fs));
      forRange(b, fs, [&](Value e) {
        memref::StoreOp::create(b,
                                memref::LoadOp::create(b, src, im.add(sf, e)),
                                dst, im.add(df, e));
      });
    });
    return;
  }
  SmallVector<int32_t> eSrcF, eSrcIn, eDstF, eDstIn;
  for (int64_t e = 0; e < n * f; ++e) {
    TransposeTarget t = transposeElement(bits, e);
    eSrcF.push_back(int32_t(t.srcFractal));
    eSrcIn.push_back(int32_t(t.srcInside));
    eDstF.push_back(int32_t(t.dstFractal));
    eDstIn.push_back(int32_t(t.dstInside));
  }
  std::string et = "__ascube_transpose_b" + std::to_string(bits);
  Value tSF = constTable(b, module, et + "_srcfrac", eSrcF);
  Value tSI = constTable(b, module, et + "_srcin", eSrcIn);
  Value tDF = constTable(b, module, et + "_dstfrac", eDstF);
  Value tDI = constTable(b, module, et + "_dstin", eDstIn);
  forRange(b, int64_t(squares.size()), [&](Value i) {
    Value first = im.mul(i, n);
    forRange(b, n * f, [&](Value e) {
      Value sp = im.add(
          sOff, im.add(im.mul(entry(srcTab, im.add(first, entry(tSF, e))), f),
                       entry(tSI, e)));
      Value dp = im.add(
          dOff, im.add(im.mul(entry(dstTab, im.add(first, entry(tDF, e))), f),
                       entry(tDI, e)));
      if (bits == 4) {
        storeNibble(b, loadNibble(b, src, sp), dst, dp);
        return;
      }
      memref::StoreOp::create(b, memref::LoadOp::create(b, src, sp), dst, dp);
    });
  });
}

/// LoadDataWithTranspose V1 (§7) and LoadData 2D-v2 (§8): their squares.
template <typename OpT> struct SquareMoverLowering : AscubePattern<OpT> {
  using AscubePattern<OpT>::AscubePattern;
  using Adaptor = typename AscubePattern<OpT>::OpAdaptor;

  static FailureOr<std::pair<SmallVector<FractalSquare>, bool>>
  squaresOf(OpT op);

  LogicalResult
  matchAndRewrite(OpT op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto squares = squaresOf(op);
    if (failed(squares))
      return failure();
    if (!squares->first.empty()) {
      ImplicitLocOpBuilder b(op.getLoc(), rewriter);
      IndexMath im{b};
      moveSquares(b, op->template getParentOfType<ModuleOp>(),
                  flatten(b, adaptor.getSrc()), flatten(b, adaptor.getDst()),
                  baseOffset(im, adaptor.getSrcOffset()),
                  baseOffset(im, adaptor.getDstOffset()), squares->first,
                  this->elemOf(op.getSrc()), squares->second);
    }
    rewriter.eraseOp(op); // no squares: a no-op
    return success();
  }
};

template <>
FailureOr<std::pair<SmallVector<FractalSquare>, bool>>
SquareMoverLowering<Load2DTransposeOp>::squaresOf(Load2DTransposeOp op) {
  FailureOr<TransposeParams> p =
      getTransposeParams(op, [&] { return op.emitOpError(); });
  if (failed(p))
    return failure();
  return std::make_pair(getTransposeSquares(*p), true);
}

template <>
FailureOr<std::pair<SmallVector<FractalSquare>, bool>>
SquareMoverLowering<Load2DV2Op>::squaresOf(Load2DV2Op op) {
  FailureOr<Load2DV2Params> p =
      getLoad2DV2Params(op, [&] { return op.emitOpError(); });
  if (failed(p))
    return failure();
  unsigned bits = *getElementBitWidth(elemOf(op.getSrc()));
  return std::make_pair(getLoad2DV2Squares(*p, bits), p->ifTranspose);
}

/// The padding value of a LoadData 3D as a constant of the storage type (a
/// nibble in i8 for 4-bit data); 0 when absent.
Value padConstant(ImplicitLocOpBuilder &b, TypedAttr padValue, Storage st) {
  APInt bits(st.type.getIntOrFloatBitWidth(), 0);
  if (auto i = dyn_cast_or_null<IntegerAttr>(padValue))
    bits = i.getValue().zextOrTrunc(bits.getBitWidth());
  else if (auto f = dyn_cast_or_null<FloatAttr>(padValue))
    bits = f.getValue().bitcastToAPInt().zextOrTrunc(bits.getBitWidth());
  if (auto ft = dyn_cast<FloatType>(st.type))
    return arith::ConstantOp::create(
        b, b.getFloatAttr(ft, APFloat(ft.getFloatSemantics(), bits)));
  return arith::ConstantOp::create(b, b.getIntegerAttr(st.type, bits));
}

/// X[m][k] of the im2col matrix (layout::im2colSource): the map element at
/// `src[sOff + offset]` when (ih, iw) is inside the map, else `pad`.
Value im2colLoad(ImplicitLocOpBuilder &b, const layout::Im2colGeometry &g,
                 Value src, Value sOff, Value m, Value k, Value pad,
                 Storage st) {
  IndexMath im{b};
  layout::Im2colSource<Value> at = layout::im2colSource(im, g, m, k);
  auto cmp = [&](arith::CmpIPredicate pred, Value x, int64_t y) {
    return arith::CmpIOp::create(b, pred, x, im.c(y));
  };
  Value inside = arith::AndIOp::create(
      b,
      arith::AndIOp::create(b, cmp(arith::CmpIPredicate::sge, at.ih, 0),
                            cmp(arith::CmpIPredicate::slt, at.ih, g.l1H)),
      arith::AndIOp::create(b, cmp(arith::CmpIPredicate::sge, at.iw, 0),
                            cmp(arith::CmpIPredicate::slt, at.iw, g.l1W)));
  auto ifOp = scf::IfOp::create(b, st.type, inside, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value from = im.add(sOff, at.offset);
  Value v = st.per == 1 ? Value(memref::LoadOp::create(b, src, from))
                        : loadNibble(b, src, from);
  scf::YieldOp::create(b, v);
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  scf::YieldOp::create(b, pad);
  return ifOp.getResult(0);
}

/// LoadData 3D V2 (§10.3): every window element through
/// layout::im2colSource and layout::Load3DPlacement, the model the verifier
/// checks with; outside the feature map the padding value.
struct Load3DLowering : AscubePattern<Load3DOp> {
  using AscubePattern::AscubePattern;

  LogicalResult
  matchAndRewrite(Load3DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Load3DParams> p =
        getLoad3DParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    if (p->isNoOp()) {
      rewriter.eraseOp(op);
      return success();
    }
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im{b};
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Storage st = getStorage(elemOf(op.getSrc()));
    Value sOff = baseOffset(im, adaptor.getSrcOffset());
    Value dOff = baseOffset(im, adaptor.getDstOffset());
    Value pad = padConstant(b, op.getPadValueAttr(), st);
    const layout::Im2colGeometry &g = p->geometry;
    if (g.wout() < 1) // verified ops never get here (load3d_c8)
      return op.emitOpError() << "the kernel does not fit the map [load3d_c8]";
    int64_t fractal = p->placement.fractal.elements();
    // Windows move linearly with the repeat (windowStart).
    int64_t m0 = p->windowStart(0).first, k0 = p->windowStart(0).second;
    int64_t dm = p->windowStart(1).first - m0;
    int64_t dk = p->windowStart(1).second - k0;
    forRange(b, p->repeatTime, [&](Value r) {
      Value mBase = im.add(im.mul(r, dm), m0),
            kBase = im.add(im.mul(r, dk), k0);
      Value dBase = im.add(dOff, im.mul(r, p->dstStride * fractal));
      forRange(b, p->mExtension, [&](Value i) {
        forRange(b, p->kExtension, [&](Value j) {
          Value v = im2colLoad(b, g, src, sOff, im.add(i, mBase),
                               im.add(j, kBase), pad, st);
          Value to = im.add(dBase, p->placement.offset(im, i, j));
          if (st.per == 1)
            memref::StoreOp::create(b, v, dst, to);
          else
            storeNibble(b, v, dst, to);
        });
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// LoadData 3D V1 (§10.2): repeat r writes one 16 x C0 Zz fractal of X at
/// r * jumpStride fractals, through the same layout::im2colSource.
struct Load3DV1Lowering : AscubePattern<Load3DV1Op> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(Load3DV1Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Load3DV1Params> p =
        getLoad3DV1Params(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    const layout::Im2colGeometry &g = p->geometry;
    if (g.wout() < 1) // verified ops never get here (load3dv1_c4)
      return op.emitOpError()
             << "the kernel does not fit the map [load3dv1_c4]";
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im{b};
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Storage st = getStorage(elemOf(op.getSrc()));
    Value sOff = baseOffset(im, adaptor.getSrcOffset());
    Value dOff = baseOffset(im, adaptor.getDstOffset());
    Value pad = padConstant(b, op.getPadValueAttr(), st);
    // Fractals move linearly with the repeat (fractalStart).
    int64_t m0 = p->fractalStart(0).first, k0 = p->fractalStart(0).second;
    int64_t dm = p->fractalStart(1).first - m0;
    int64_t dk = p->fractalStart(1).second - k0;
    forRange(b, p->repeatTime, [&](Value r) {
      Value mBase = im.add(im.mul(r, dm), m0),
            kBase = im.add(im.mul(r, dk), k0);
      Value dBase = im.add(dOff, im.mul(r, p->jumpStride * 16 * g.c0));
      forRange(b, 16, [&](Value i) {
        forRange(b, g.c0, [&](Value c) {
          Value v = im2colLoad(b, g, src, sOff, im.add(i, mBase),
                               im.add(c, kBase), pad, st);
          memref::StoreOp::create(b, v, dst,
                                  im.add(dBase, im.add(im.mul(i, g.c0), c)));
        });
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// LoadDataWithSparse (§12): B' fractals to L0B, index fractals to the
/// hidden index buffer at the destination's L0B byte address / 4.
struct LoadSparseLowering : AscubePattern<LoadSparseOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(LoadSparseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LoadSparseParams> p =
        getLoadSparseParams(op, [&] { return op.emitOpError(); });
    auto base = op->getAttrOfType<IntegerAttr>(kIndexBaseAttr);
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value ib = sparseIndexBuffer(b, op);
    if (failed(p) || !base || !ib)
      return failure();
    IndexMath im{b};
    Value src = flatten(b, adaptor.getSrc()),
          idx = flatten(b, adaptor.getIdx());
    Value dst = flatten(b, adaptor.getDst());
    Value sOff = baseOffset(im, adaptor.getSrcOffset());
    Value dOff = baseOffset(im, adaptor.getDstOffset());
    Value iBase = im.add(im.div(dOff, 4), base.getInt());
    forRange(b, p->repeatTimes, [&](Value i) {
      Value frac = im.add(i, p->startIndex);
      copyRun(b, src, im.add(sOff, im.mul(frac, 512)), dst,
              im.add(dOff, im.mul(i, 512)), 512);
      copyRun(b, idx, im.mul(frac, 128), ib, im.add(iBase, im.mul(i, 128)),
              128);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The largest finite value of a float output type (HiF8: 2^15).
double maxFinite(Type t) {
  if (auto f = dyn_cast<FloatType>(t))
    return llvm::APFloat::getLargest(f.getFloatSemantics()).convertToDouble();
  // The verifiers let no other float output through (fixpipe_c3).
  assert(isa<HiFloat8Type>(t) && "a float output type");
  return 32768.0; // HiF8's largest (§17)
}

/// v clamped to [lo, hi] (f32; NaN stays NaN).
Value clampF32(ImplicitLocOpBuilder &b, Value v, double lo, double hi) {
  auto f32c = [&](double x) {
    return arith::ConstantOp::create(b, b.getF32FloatAttr(float(x)));
  };
  v = arith::MaximumFOp::create(b, v, f32c(lo));
  return arith::MinimumFOp::create(b, v, f32c(hi));
}

/// The saturation mode (CTRL[48] = 0, cube-reference §13.3, §16) on a
/// float value bound for a type whose largest finite value is `max`: NaN ->
/// 0, values beyond +-max (+-inf among them) -> +-max. Computed in f32; the
/// result has `v`'s type.
Value saturateF32(ImplicitLocOpBuilder &b, Value v, double max) {
  Type t = v.getType();
  if (!t.isF32()) {
    v = arith::ExtFOp::create(b, b.getF32Type(), v);
    return arith::TruncFOp::create(b, t, saturateF32(b, v, max));
  }
  Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0));
  Value nan = arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, v, v);
  return arith::SelectOp::create(b, nan, zero, clampF32(b, v, -max, max));
}

/// MmadWithSparse (§14): per group of four K elements, the two dense B'
/// values meet the A elements their 2-bit indices select.
struct MmadSparseLowering : AscubePattern<MmadSparseOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(MmadSparseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<MmadSparseParams> p =
        getMmadSparseParams(op, [&] { return op.emitOpError(); });
    auto base = op->getAttrOfType<IntegerAttr>(kIndexBaseAttr);
    if (failed(p) || !base)
      return failure();
    if (p->m == 0 || p->k == 0 || p->n == 0) {
      rewriter.eraseOp(op);
      return success();
    }
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value ib = sparseIndexBuffer(b, op);
    if (!ib)
      return failure();
    IndexMath im{b};
    Value A = flatten(b, adaptor.getA()), B = flatten(b, adaptor.getB()),
          C = flatten(b, adaptor.getC());
    auto i64 = b.getI64Type();
    // The grids m, k, n address (mmadsparse_c3): A Zz 16x32, B' Zn 32x16
    // over k/2 dense rows with its SparseIndex bytes, C Nz 16x16.
    int64_t k1 = llvm::divideCeil(p->k, 32), n1 = llvm::divideCeil(p->n, 16);
    int64_t m1 = llvm::divideCeil(p->m, 16);
    int64_t kd32 = llvm::alignTo(p->k / 2, 32);
    auto wide = [&](Value v) { return arith::ExtSIOp::create(b, i64, v); };
    forRange(b, p->m, [&](Value i) {
      forRange(b, p->n, [&](Value j) {
        Value cIdx = layout::matrixOffset(im, Format::Nz, {16, 16}, m1 * 16,
                                          n1 * 16, i, j);
        Value init = p->cmatrixInitVal
                         ? Value(arith::ConstantIntOp::create(b, i64, 0))
                         : wide(memref::LoadOp::create(b, C, cIdx));
        auto loop = scf::ForOp::create(b, im.c(0), im.c(p->k / 4), im.c(1),
                                       ValueRange{init});
        {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(loop.getBody());
          Value grp = loop.getInductionVar();
          Value acc = loop.getRegionIterArgs()[0];
          for (int64_t s = 0; s < 2; ++s) {
            // Dense row r of B' (Zn, 32x16 fractals) and its index (8x16
            // bytes a fractal, four 2-bit indices a byte, first in 1:0).
            Value r = im.add(im.mul(grp, 2), s);
            Value bIdx = layout::matrixOffset(im, Format::Zn, {32, 16}, kd32,
                                              n1 * 16, r, j);
            Value byteIdx =
                im.add(layout::matrixOffset(im, Format::SparseIndex, {8, 16},
                                            kd32 / 4, n1 * 16, im.div(r, 4), j),
                       base.getInt());
            Value byte = memref::LoadOp::create(b, ib, byteIdx);
            Value shift = arith::IndexCastOp::create(b, b.getI8Type(),
                                                     im.mul(im.rem(r, 4), 2));
            Value sel = arith::AndIOp::create(
                b, arith::ShRUIOp::create(b, byte, shift),
                arith::ConstantIntOp::create(b, b.getI8Type(), 3));
            if (op->hasAttr(kCheckIndexAttr))
              cf::AssertOp::create(
                  b,
                  arith::CmpIOp::create(
                      b, arith::CmpIPredicate::ne, sel,
                      arith::ConstantIntOp::create(b, b.getI8Type(), 3)),
                  "ascube.mmad_sparse: 4:2 index value 3 (valid: 0, 1, 2) "
                  "[sparse_c3]");
            // Position in the group: idx0, or 1 + idx1; kept inside it.
            Value pos = im.add(
                arith::IndexCastUIOp::create(b, b.getIndexType(), sel), s);
            pos = arith::MinUIOp::create(b, pos, im.c(3));
            Value kk = im.add(im.mul(grp, 4), pos);
            Value aIdx = layout::matrixOffset(im, Format::Zz, {16, 32}, m1 * 16,
                                              k1 * 32, i, kk);
            Value prod = arith::MulIOp::create(
                b, wide(memref::LoadOp::create(b, A, aIdx)),
                wide(memref::LoadOp::create(b, B, bIdx)));
            acc = arith::AddIOp::create(b, acc, prod);
          }
          scf::YieldOp::create(b, acc);
        }
        // Exact sum, saturated once to int32 (§13.3).
        Value res = arith::MaxSIOp::create(
            b, loop.getResult(0),
            arith::ConstantIntOp::create(b, i64, INT32_MIN));
        res = arith::MinSIOp::create(
            b, res, arith::ConstantIntOp::create(b, i64, INT32_MAX));
        memref::StoreOp::create(
            b, arith::TruncIOp::create(b, b.getI32Type(), res), C, cIdx);
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// LoadData MX (§9): the data squares as LoadData 2D-v2, then 32 B scale
/// fractals copied as they are.
struct LoadMxLowering : AscubePattern<LoadMxOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(LoadMxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LoadMxParams> p =
        getLoadMxParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im{b};
    Type et = elemOf(op.getSrc());
    SmallVector<FractalSquare> squares =
        getLoad2DV2Squares(p->data, *getElementBitWidth(et));
    if (!squares.empty())
      moveSquares(b, op->getParentOfType<ModuleOp>(),
                  flatten(b, adaptor.getSrc()), flatten(b, adaptor.getDst()),
                  baseOffset(im, adaptor.getSrcOffset()),
                  baseOffset(im, adaptor.getDstOffset()), squares, et,
                  p->data.ifTranspose);
    Value s = flatten(b, adaptor.getScale());
    Value d = flatten(b, adaptor.getScaleDst());
    int64_t start = p->xStartPosition * p->srcStride + p->yStartPosition;
    forRange(b, p->xStep, [&](Value x) {
      forRange(b, p->yStep, [&](Value y) {
        copyRun(b, s,
                im.mul(im.add(im.add(im.mul(x, p->srcStride), y), start), 32),
                d, im.mul(im.add(im.mul(x, p->dstStride), y), 32), 32);
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// MmadMx (§15): each operand scaled by 2^(e8m0 - 127) per 32 K elements.
struct MmadMxLowering : AscubePattern<MmadMxOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(MmadMxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<MmadMxParams> p =
        getMmadMxParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    if (p->m == 0 || p->k == 0 || p->n == 0) {
      rewriter.eraseOp(op);
      return success();
    }
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im{b};
    auto module = op->getParentOfType<ModuleOp>();
    Value A = flatten(b, adaptor.getA()), SA = flatten(b, adaptor.getScaleA());
    Value B = flatten(b, adaptor.getB()), SB = flatten(b, adaptor.getScaleB());
    Value C = flatten(b, adaptor.getC());
    Value bias = adaptor.getBias() ? flatten(b, adaptor.getBias()) : Value();
    Type at = elemOf(op.getA()), bt = elemOf(op.getB());
    Type st = elemOf(op.getScaleA());
    int64_t c0 = layout::c0ForBits(*getElementBitWidth(at));
    int64_t m1 = llvm::divideCeil(p->m, 16), n1 = llvm::divideCeil(p->n, 16);
    int64_t k2 = p->k / 64; // 2-scale fractal columns along K
    forRange(b, p->m, [&](Value i) {
      forRange(b, p->n, [&](Value j) {
        Value cIdx = layout::matrixOffset(im, Format::Nz, {16, 16}, m1 * 16,
                                          n1 * 16, i, j);
        Value init;
        if (p->cmatrixInitVal)
          init = arith::ConstantOp::create(b, b.getF32FloatAttr(0));
        else if (p->cmatrixSource)
          init = memref::LoadOp::create(b, bias, j);
        else
          init = memref::LoadOp::create(b, C, cIdx);
        auto loop = scf::ForOp::create(b, im.c(0), im.c(p->k), im.c(1),
                                       ValueRange{init});
        {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(loop.getBody());
          Value kk = loop.getInductionVar();
          Value acc = loop.getRegionIterArgs()[0];
          // The grids of mmadmx_c3: A Nz 16 x C0, B Zn C0 x 16, scaleA
          // ScaleA (Zz 16 x 2), scaleB ScaleB (Nn 2 x 16) over k/32 scales.
          Value ks = im.div(kk, 32);
          Value aIdx = layout::matrixOffset(im, Format::Nz, {16, c0}, m1 * 16,
                                            p->k, i, kk);
          Value bIdx = layout::matrixOffset(im, Format::Zn, {c0, 16}, p->k,
                                            n1 * 16, kk, j);
          Value saIdx = layout::matrixOffset(im, Format::ScaleA, {16, 2},
                                             m1 * 16, 2 * k2, i, ks);
          Value sbIdx = layout::matrixOffset(im, Format::ScaleB, {2, 16},
                                             2 * k2, n1 * 16, ks, j);
          Value av = arith::MulFOp::create(b, loadWide(b, module, A, aIdx, at),
                                           loadWide(b, module, SA, saIdx, st));
          Value bv = arith::MulFOp::create(b, loadWide(b, module, B, bIdx, bt),
                                           loadWide(b, module, SB, sbIdx, st));
          Value sum =
              arith::AddFOp::create(b, acc, arith::MulFOp::create(b, av, bv));
          scf::YieldOp::create(b, sum);
        }
        Value r = loop.getResult(0);
        // §13.3; reachable only without a target (950 has no saturation).
        if (getFloatOverflow(op) == FloatOverflow::saturation)
          r = saturateF32(b, r, maxFinite(b.getF32Type()));
        memref::StoreOp::create(b, r, C, cIdx);
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// Mmad (§13).
struct MmadLowering : AscubePattern<MmadOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(MmadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im{b};
    FailureOr<MmadParams> p =
        getMmadParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    if (p->m == 0 || p->k == 0 || p->n == 0) { // a no-op (§13.1)
      rewriter.eraseOp(op);
      return success();
    }
    auto module = op->getParentOfType<ModuleOp>();
    Value A = flatten(b, adaptor.getA()), B = flatten(b, adaptor.getB()),
          C = flatten(b, adaptor.getC());
    Value bias = adaptor.getBias() ? flatten(b, adaptor.getBias()) : Value();
    Type at = elemOf(op.getA()), bt = elemOf(op.getB()), ct = elemOf(op.getC());
    bool isFloat = isa<FloatType>(ct);
    Type wide = isFloat ? Type(b.getF32Type()) : Type(b.getI64Type());
    int64_t c0 = p->kBlock;
    int64_t kAlign = p->kDirectionAlign ? 16 : c0;
    int64_t m1 = llvm::divideCeil(p->m, 16);
    int64_t k1 = llvm::divideCeil(p->k, kAlign) * (kAlign / c0);
    int64_t n1 = llvm::divideCeil(p->n, 16);
    int64_t cm1 = p->gemv ? 1 : m1;
    bool sat = getFloatOverflow(op) == FloatOverflow::saturation;

    forRange(b, p->m, [&](Value i) {
      forRange(b, p->n, [&](Value j) {
        Value cIdx = layout::matrixOffset(im, Format::Nz, {16, 16}, cm1 * 16,
                                          n1 * 16, i, j);
        Value init;
        if (p->cmatrixInitVal)
          init = arith::ConstantOp::create(b, b.getZeroAttr(wide));
        else if (p->cmatrixSource)
          init = loadWide(b, module, bias, j, elemOf(op.getBias()));
        else
          init = loadWide(b, module, C, cIdx, ct);
        auto loop = scf::ForOp::create(b, im.c(0), im.c(p->k), im.c(1),
                                       ValueRange{init});
        {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(loop.getBody());
          Value kk = loop.getInductionVar();
          Value acc = loop.getRegionIterArgs()[0];
          Value aIdx;
          if (p->gemv) // A is k contiguous elements (§13.3)
            aIdx = kk;
          else // Zz with K1 fractals per row line, or Nz on 950
            aIdx = layout::matrixOffset(im, p->aNz ? Format::Nz : Format::Zz,
                                        {16, c0}, m1 * 16, k1 * c0, i, kk);
          // B(kk, j) in Zn: N1 fractals per K line.
          Value bIdx = layout::matrixOffset(im, Format::Zn, {c0, 16}, k1 * c0,
                                            n1 * 16, kk, j);
          Value av = loadWide(b, module, A, aIdx, at);
          Value bv = loadWide(b, module, B, bIdx, bt);
          if (std::optional<HF32Mode> h = op.getHf32()) { // §13.3
            unsigned bits = getTargetProduct(op)->HF32Mantissa;
            bool away = *h == HF32Mode::nearest_away;
            av = ascube::detail::buildRoundF32Mantissa(b, av, bits, away);
            bv = ascube::detail::buildRoundF32Mantissa(b, bv, bits, away);
          }
          Value prod = isFloat ? Value(arith::MulFOp::create(b, av, bv))
                               : Value(arith::MulIOp::create(b, av, bv));
          Value sum = isFloat ? Value(arith::AddFOp::create(b, acc, prod))
                              : Value(arith::AddIOp::create(b, acc, prod));
          scf::YieldOp::create(b, sum);
        }
        Value r = loop.getResult(0);
        Storage cs = getStorage(ct);
        if (isFloat) {
          if (sat) // inf -> +-MAX of C, NaN -> 0 as C is written (§13.3)
            r = saturateF32(b, r, maxFinite(ct));
          if (cs.type != b.getF32Type())
            r = arith::TruncFOp::create(b, cs.type, r);
        } else {
          // Integer accumulation saturates to the C type (§13.3).
          bool u = ct.isUnsignedInteger();
          int64_t lo = u ? 0 : INT32_MIN;
          int64_t hi = u ? int64_t(UINT32_MAX) : INT32_MAX;
          r = arith::MaxSIOp::create(
              b, r, arith::ConstantIntOp::create(b, b.getI64Type(), lo));
          r = arith::MinSIOp::create(
              b, r, arith::ConstantIntOp::create(b, b.getI64Type(), hi));
          r = arith::TruncIOp::create(b, cs.type, r);
        }
        memref::StoreOp::create(b, r, C, cIdx);
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// PipeBarrier: the CPU runs instructions one after another, so the barrier
/// has nothing left to order (§13.3).
struct PipeBarrierLowering : AscubePattern<PipeBarrierOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(PipeBarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// The fields of a 64-bit QUANT_PRE word (§16): scale M1 (bits 31:13 of an
/// f32), 9-bit signed offset (bits 45:37).
struct QuantWord {
  Value m1;     // f32
  Value offset; // i32
  Value mcb;    // i1: bit 36, the MCB shift mode
  Value shift;  // i32: N = bits[35:32] + 1 (1..16)
};

QuantWord decodeQuantWord(ImplicitLocOpBuilder &b, Value word) {
  auto i32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, b.getI32Type(), v);
  };
  // (word >> at) & mask, as an i32.
  auto field = [&](int64_t at, int64_t mask) {
    Value v = arith::ShRUIOp::create(
        b, word, arith::ConstantIntOp::create(b, b.getI64Type(), at));
    return arith::AndIOp::create(
        b, arith::TruncIOp::create(b, b.getI32Type(), v), i32(mask));
  };
  Value m1 = arith::BitcastOp::create(b, b.getF32Type(), field(0, 0xFFFFE000));
  // Sign-extend the 9-bit offset: (x << 23) >> 23.
  Value off = arith::ShRSIOp::create(
      b, arith::ShLIOp::create(b, field(37, 0x1FF), i32(23)), i32(23));
  Value mcb = arith::TruncIOp::create(b, b.getI1Type(), field(36, 1));
  Value n = arith::AddIOp::create(b, field(32, 0xF), i32(1));
  return {m1, off, mcb, n};
}

/// Run-time checks of one per-column QUANT_PRE word (§16), as the verifier
/// checks deqScalar: the MCB shift mode (bit 36) only where `mcb` says it
/// exists, bit 46 naming the int8 destination's signedness, and a scale M1
/// that is not inf, NaN or denormal.
void checkQuantWord(ImplicitLocOpBuilder &b, Value word, Type dst, bool mcb,
                    StringRef where) {
  auto i64 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, b.getI64Type(), v);
  };
  auto bit = [&](int64_t n) {
    return arith::AndIOp::create(b, arith::ShRUIOp::create(b, word, i64(n)),
                                 i64(1));
  };
  if (!mcb)
    cf::AssertOp::create(
        b, arith::CmpIOp::create(b, arith::CmpIPredicate::eq, bit(36), i64(0)),
        ("ascube.fixpipe: a quant_vector word sets bit 36 (MCB shift mode), "
         "which exists with VREQ8/VDEQF16 on Atlas A2/A3 only, got " +
         where + " [fixpipe_c4]")
            .str());
  if (dst.isInteger(8)) {
    bool s8 = !dst.isUnsignedInteger();
    cf::AssertOp::create(
        b,
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, bit(46),
                              i64(s8 ? 1 : 0)),
        s8 ? "ascube.fixpipe: a quant_vector word's bit 46 selects u8 output "
             "but the destination is s8 [fixpipe_c4]"
           : "ascube.fixpipe: a quant_vector word's bit 46 selects s8 output "
             "but the destination is u8 [fixpipe_c4]");
  }
  // M1 = bits 31:13: exponent bits 30:23 neither all ones nor, with a
  // nonzero mantissa (bits 22:13), all zeros.
  Value exp = arith::AndIOp::create(b, arith::ShRUIOp::create(b, word, i64(23)),
                                    i64(0xFF));
  Value mant = arith::AndIOp::create(b, word, i64(0x7FE000));
  Value notSpecial =
      arith::CmpIOp::create(b, arith::CmpIPredicate::ne, exp, i64(0xFF));
  Value notDenormal = arith::OrIOp::create(
      b, arith::CmpIOp::create(b, arith::CmpIPredicate::ne, exp, i64(0)),
      arith::CmpIOp::create(b, arith::CmpIPredicate::eq, mant, i64(0)));
  cf::AssertOp::create(
      b, arith::AndIOp::create(b, notSpecial, notDenormal),
      "ascube.fixpipe: a quant_vector word's scale M1 (bits 31:13) is inf, "
      "NaN or denormal [fixpipe_c12]");
}

/// Fixpipe (§16).
struct FixpipeLowering : AscubePattern<FixpipeOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(FixpipeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im{b};
    FailureOr<FixpipeParams> p =
        getFixpipeParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    if (p->mSize == 0 || p->nSize == 0 || p->ndNum == 0) {
      rewriter.eraseOp(op);
      return success();
    }
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Value qv = adaptor.getQuantVector() ? flatten(b, adaptor.getQuantVector())
                                        : Value();
    Type st = elemOf(op.getSrc()), dt = elemOf(op.getDst());
    Storage ds = getStorage(dt);
    int64_t dBytes = std::max<int64_t>(1, ds.type.getIntOrFloatBitWidth() / 8);
    Value sOff = baseOffset(im, adaptor.getSrcOffset());
    Value dOff = baseOffset(im, adaptor.getDstOffset());
    QuantMode q = p->quantPre;
    const target::ProductInfo *prod = getTargetProduct(op);
    bool mcbOk = mcbAllowed(q, prod);
    std::string mcbWhere = stringifyQuantMode(q).str();
    if (prod)
      mcbWhere += std::string(" on ") + prod->Name;
    bool sat = getFloatOverflow(op) == FloatOverflow::saturation;
    std::optional<QuantWord> scalar;
    if (p->deqScalar)
      scalar =
          decodeQuantWord(b, arith::ConstantIntOp::create(
                                 b, b.getI64Type(), int64_t(*p->deqScalar)));
    auto f32c = [&](double v) {
      return arith::ConstantOp::create(b, b.getF32FloatAttr(float(v)));
    };
    // ClipReLU (§16): y = min(y, max) before the output conversion.
    std::optional<float> clipMax;
    if (IntegerAttr c = op.getClipReluMaxValAttr()) {
      llvm::APFloat h(llvm::APFloat::IEEEhalf(),
                      llvm::APInt(16, uint64_t(c.getInt()) & 0xFFFF));
      bool lost;
      h.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
                &lost);
      clipMax = h.convertToFloat();
    }
    auto clipRelu = [&](Value v) {
      return clipMax ? Value(arith::MinimumFOp::create(b, v, f32c(*clipMax)))
                     : v;
    };

    // Moves source rows [j0, j0 + rows) and columns [c0, c0 + cols) to
    // `out` as a rows x cols matrix: the whole tile, or one half of a dual
    // move (§16).
    auto move = [&](Value out, int64_t j0, int64_t rows, int64_t c0,
                    int64_t cols) {
      forRange(b, p->ndNum, [&](Value nd) {
        forRange(b, rows, [&](Value jj) {
          forRange(b, cols, [&](Value cc) {
            Value j = im.add(jj, j0), c = im.add(cc, c0);
            Value s = im.add(
                sOff, im.add(im.add(im.mul(nd, p->srcNdStride * 16),
                                    im.mul(im.div(c, 16), p->srcStride * 16)),
                             im.add(im.mul(j, 16), im.rem(c, 16))));
            Value x = memref::LoadOp::create(b, src, s);
            bool isInt = st.isInteger(32);
            Value zeroX = arith::ConstantOp::create(b, b.getZeroAttr(st));
            Value neg = isInt ? Value(arith::CmpIOp::create(
                                    b, arith::CmpIPredicate::slt, x, zeroX))
                              : Value(arith::CmpFOp::create(
                                    b, arith::CmpFPredicate::OLT, x, zeroX));
            Value y;
            if (q == QuantMode::NoQuant || q == QuantMode::F322F16 ||
                q == QuantMode::F322BF16) {
              y = p->reluEn ? Value(arith::SelectOp::create(b, neg, zeroX, x))
                            : x;
              if (sat && !isInt)
                y = saturateF32(b, y, maxFinite(dt));
              if (q != QuantMode::NoQuant) // CAST_RINT (§16)
                y = arith::TruncFOp::create(b, ds.type, clipRelu(y));
            } else {
              Value word = scalar ? Value() : memref::LoadOp::create(b, qv, c);
              if (word && op->hasAttr(kCheckQuantAttr))
                checkQuantWord(b, word, dt, mcbOk, mcbWhere);
              QuantWord w = scalar ? *scalar : decodeQuantWord(b, word);
              Value xi = x;
              if (mcbOk) {
                // MCB (§16): x >> N (arithmetic), saturated to int16.
                auto i32c = [&](int64_t v) {
                  return arith::ConstantIntOp::create(b, b.getI32Type(), v);
                };
                Value sh = arith::ShRSIOp::create(b, x, w.shift);
                sh = arith::MaxSIOp::create(b, sh, i32c(-32768));
                sh = arith::MinSIOp::create(b, sh, i32c(32767));
                xi = arith::SelectOp::create(b, w.mcb, sh, x);
              }
              Value xf =
                  isInt ? Value(arith::SIToFPOp::create(b, b.getF32Type(), xi))
                        : x;
              // y = x * (x >= 0 ? M1 : M2), M2 = 0 with ReLU: a negative x
              // gives +0 (the golden scripts' result), not x * 0 = -0.
              Value yf = arith::MulFOp::create(b, xf, w.m1);
              if (p->reluEn)
                yf = arith::SelectOp::create(b, neg, f32c(0), yf);
              yf = clipRelu(yf);
              if (sat) // NaN -> 0; float outputs: beyond +-MAX -> +-MAX
                yf = dt.isInteger(8) ? saturateF32(b, yf, 256.0)
                                     : saturateF32(b, yf, maxFinite(dt));
              if (q == QuantMode::DEQF16 || q == QuantMode::VDEQF16) {
                y = arith::TruncFOp::create(b, ds.type,
                                            clampF32(b, yf, -65504.0, 65504.0));
              } else if (isa<Float8E4M3FNType>(dt)) {
                y = ascube::detail::buildF32ToE4M3FN(b, yf);
              } else if (isa<HiFloat8Type>(dt)) {
                y = ascube::detail::buildF32ToHiF8(
                    b, yf,
                    q == QuantMode::QF322HIF8_PRE_HYBRID ||
                        q == QuantMode::VQF322HIF8_PRE_HYBRID);
              } else if (uint32_t(q) >= uint32_t(QuantMode::QF322F16_PRE)) {
                // 950's scaled float outputs: an IEEE round-half-even cast.
                y = dt.isF32() ? yf
                               : Value(arith::TruncFOp::create(b, ds.type, yf));
              } else {
                // int8: round(clip(y, -256, 255)) + offset, saturated.
                yf = math::RoundEvenOp::create(b,
                                               clampF32(b, yf, -256.0, 255.0));
                Value yi = arith::FPToSIOp::create(b, b.getI32Type(), yf);
                yi = arith::AddIOp::create(b, yi, w.offset);
                bool u = dt.isUnsignedInteger();
                yi = arith::MaxSIOp::create(
                    b, yi,
                    arith::ConstantIntOp::create(b, b.getI32Type(),
                                                 u ? 0 : -128));
                yi = arith::MinSIOp::create(
                    b, yi,
                    arith::ConstantIntOp::create(b, b.getI32Type(),
                                                 u ? 255 : 127));
                y = arith::TruncIOp::create(b, ds.type, yi);
              }
            }
            Value base = im.add(dOff, im.mul(nd, p->dstNdStride));
            Value d;
            switch (p->mode) {
            case FixpipeMode::nz2nd:
              d = im.add(base, im.add(im.mul(jj, p->dstStride), cc));
              break;
            case FixpipeMode::nz2dn:
              d = im.add(base, im.add(im.mul(cc, p->dstStride), jj));
              break;
            case FixpipeMode::nz2nz:
              // 16 x nzC0 destination fractals (channel merge / split).
              d = im.add(
                  base,
                  im.add(im.mul(im.div(cc, p->nzC0), p->nzColumnElems(dBytes)),
                         im.add(im.mul(jj, p->nzC0), im.rem(cc, p->nzC0))));
              break;
            }
            memref::StoreOp::create(b, y, out, d);
          });
        });
      });
    };
    if (p->dualDstCtrl == 0) {
      move(dst, 0, p->mSize, 0, p->nSize);
    } else { // the first half to dst, the second to dst1
      Value dst1 = flatten(b, adaptor.getDst1());
      int64_t rows = p->dstRows(), cols = p->dstCols();
      move(dst, 0, rows, 0, cols);
      move(dst1, p->dualDstCtrl == 1 ? rows : 0, rows,
           p->dualDstCtrl == 2 ? cols : 0, cols);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

} // namespace

MemRefType ascube::getCPUStorageType(MemRefType t) {
  return needsFlattening(t) ? flatType(t) : t;
}

namespace {
struct ConvertAscubeToStdPass
    : ascube::impl::ConvertAscubeToStdBase<ConvertAscubeToStdPass> {
  using ConvertAscubeToStdBase::ConvertAscubeToStdBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    SmallVector<func::FuncOp> funcs;
    module.walk([&](func::FuncOp f) { funcs.push_back(f); });
    // Every buffer type in a signature must have a CPU storage form (a
    // layout whose size fits), used or not: checked before anything changes.
    for (func::FuncOp func : funcs) {
      FunctionType ft = func.getFunctionType();
      for (auto [what, types] : {std::pair{"argument", ft.getInputs()},
                                 std::pair{"result", ft.getResults()}})
        for (Type t : types) {
          auto m = dyn_cast<MemRefType>(t);
          if (m && needsFlattening(m) &&
              failed(getFractalLayout(m, [&, what = what] {
                return func.emitOpError() << what << " type " << m << ": ";
              })))
            return signalPassFailure();
        }
    }
    FailureOr<AllMemories> memories = createModuleMemories(funcs);
    if (failed(memories))
      return signalPassFailure();
    for (func::FuncOp func : funcs) {
      if (func.isExternal())
        continue;
      if (runtimeChecks)
        insertRuntimeChecks(func);
      if (failed(lowerAllocs(
              func, memories->lookup(func->getParentOfType<ModuleOp>()))))
        return signalPassFailure();
    }

    TypeConverter types;
    types.addConversion([](Type t) { return t; });
    types.addConversion([](MemRefType t) -> std::optional<Type> {
      if (!needsFlattening(t))
        return t;
      if (MemRefType flat = flatType(t))
        return flat;
      return std::nullopt;
    });
    auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                   Location loc) -> Value {
      return UnrealizedConversionCastOp::create(b, loc, type, inputs)
          .getResult(0);
    };
    types.addSourceMaterialization(cast);
    types.addTargetMaterialization(cast);

    ConversionTarget target(*ctx);
    target.addIllegalDialect<AscubeDialect>();
    target.addLegalDialect<arith::ArithDialect, scf::SCFDialect,
                           math::MathDialect, cf::ControlFlowDialect>();
    // ascube buffers are accessed by ascube instructions only: a memref op
    // on one (e.g. memref.load of an Nz buffer) is an error, not a silent
    // reinterpretation of its storage.
    target.addDynamicallyLegalDialect<memref::MemRefDialect>(
        [&](Operation *op) { return types.isLegal(op); });
    target.addLegalOp<UnrealizedConversionCastOp, ModuleOp>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
      return types.isSignatureLegal(f.getFunctionType()) &&
             types.isLegal(&f.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return types.isLegal(op); });

    RewritePatternSet patterns(ctx);
    patterns.add<DataCopyLowering, Load2DLowering,
                 SquareMoverLowering<Load2DTransposeOp>,
                 SquareMoverLowering<Load2DV2Op>, Load3DLowering,
                 Load3DV1Lowering, LoadSparseLowering, MmadSparseLowering,
                 LoadMxLowering, MmadMxLowering, MmadLowering, FixpipeLowering,
                 PipeBarrierLowering>(types, ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   types);
    populateReturnOpTypeConversionPattern(patterns, types);
    populateCallOpTypeConversionPattern(patterns, types);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // Nothing of ascube is left: drop the target and the argument
    // placements so that tools without the dialect (mlir-runner,
    // mlir-translate) read the result.
    module.walk(
        [](ModuleOp m) { m->removeAttr(AscubeDialect::kTargetAttrName); });
    for (func::FuncOp func : funcs)
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        func.removeArgAttr(i, AscubeDialect::kArgOffsetAttrName);
  }
};

} // namespace
