//===- AscubeToLoops.cpp - The exact CPU semantics of ascube --------------===//
//
// convert-ascube-to-loops: every ascube buffer becomes a flat memref of its
// physical storage and every instruction op loops that address that
// storage the way the hardware does, from the instruction's parameters
// (ascube::get*Params, shared with the verifiers). This file holds the
// pass, the preparation it runs first (module memories per level, the
// allocations as views of them, run-time checks) and the buffer ops;
// each instruction family lowers in its own file (Patterns.h).
//
//===----------------------------------------------------------------------===//

#include "ascube/Conversion/AscubeToLoops.h"
#include "Instrumentation.h"
#include "Patterns.h"
#include "RuntimeABI.h"
#include "SharedFunctions.h"
#include "Storage.h"
#include "ascube/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Pass/PassManager.h"

#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "llvm/Support/MathExtras.h"

#include <map>

namespace ascube {
#define GEN_PASS_DEF_CONVERTASCUBETOLOOPS
#include "ascube/Conversion/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;
using layout::Format;
using target::Level;

namespace {

//===----------------------------------------------------------------------===//
// Module memories: one byte array per level, allocations as views of them
//===----------------------------------------------------------------------===//

/// The module's memories: one byte array per level that placed buffers
/// address (`__ascube_level_<L>`), and the hidden 4:2 index buffer.
constexpr llvm::StringLiteral kLevelGlobalPrefix = "__ascube_level_";

} // namespace

bool ascube::isCoreStateGlobal(StringRef symbol) {
  return symbol.starts_with(kLevelGlobalPrefix) || symbol == kIndexGlobal ||
         symbol == kBlockIdxGlobal || symbol == kBlockNumGlobal;
}

namespace {

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
/// Every module holding functions gets the block globals (block 0 of 1
/// unless a runner says otherwise; ascube.block_idx / block_num read them)
/// and the public `__ascube_start_block(idx, num)`, which sets them and
/// fills every on-core memory of the module with 0xFF: each block starts
/// from memories of its own, as on the chip (`ascube-run --blocks`), whether
/// or not the kernel asks for its block.
void createBlockState(ModuleOp module, const ModuleMemories &mem) {
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  Location loc = module.getLoc();
  auto i64 = b.getI64Type();
  auto one = MemRefType::get({1}, i64);
  for (auto [name, init] : {std::pair{kBlockIdxGlobal, int64_t(0)},
                            std::pair{kBlockNumGlobal, int64_t(1)}})
    memref::GlobalOp::create(
        b, loc, name, b.getStringAttr("private"), one,
        DenseElementsAttr::get(RankedTensorType::get({1}, i64),
                               b.getI64IntegerAttr(init)),
        /*constant=*/false, /*alignment=*/nullptr);
  auto fn = func::FuncOp::create(b, loc, kStartBlockFunc,
                                 b.getFunctionType({i64, i64}, {}));
  ImplicitLocOpBuilder fb =
      ImplicitLocOpBuilder::atBlockBegin(loc, fn.addEntryBlock());
  Value zero = arith::ConstantIndexOp::create(fb, 0);
  StringRef names[] = {kBlockIdxGlobal, kBlockNumGlobal};
  for (unsigned i = 0; i < 2; ++i)
    memref::StoreOp::create(fb, fn.getArgument(i),
                            memref::GetGlobalOp::create(fb, one, names[i]),
                            ValueRange{zero});
  Value ff = arith::ConstantIntOp::create(fb, fb.getI8Type(), 0xFF);
  auto fill = [&](StringRef name, int64_t bytes) {
    Value g = memref::GetGlobalOp::create(
        fb, MemRefType::get({bytes}, fb.getI8Type()), name);
    IndexMath{fb}.forRange(
        bytes, [&](Value i) { memref::StoreOp::create(fb, ff, g, i); });
  };
  for (auto &[level, bytes] : mem.levelBytes)
    fill((kLevelGlobalPrefix + target::stringifyLevel(Level(level))).str(),
         bytes);
  if (mem.indexBytes)
    fill(kIndexGlobal, mem.indexBytes);
  func::ReturnOp::create(fb);
}

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
      auto instr = dyn_cast<InstructionOpInterface>(op);
      if (instr && instr.getSparseIndexAnchor())
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
    createBlockState(module, mem);
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
  func.walk([&](InstructionOpInterface op) {
    Value l0b = op.getSparseIndexAnchor();
    if (!l0b)
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
    IndexMath{b}.forRange(
        bytes, [&](Value i) { memref::StoreOp::create(b, ff, buf, i); });
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
    Value fits =
        arith::CmpIOp::create(b, arith::CmpIPredicate::sle, off,
                              im.c(getAddressableElements(type, *l) - extent));
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
    if (hasSparseIndexEffect<MemoryEffects::Read>(op))
      op->setAttr(kCheckIndexAttr, UnitAttr::get(op->getContext()));
  });
}

//===----------------------------------------------------------------------===//
// Buffer ops
//===----------------------------------------------------------------------===//

/// ascube.block_idx / block_num: the block globals createBlockState made
/// (set by `__ascube_start_block`), as an index.
///
/// BEFORE:  %i = ascube.block_idx
/// AFTER:   %g = memref.get_global @__ascube_block_idx : memref<1xi64>
///          %i = arith.index_cast (memref.load %g[%c0]) : i64 to index
template <typename OpT, const llvm::StringLiteral &Name>
struct BlockQueryLowering : AscubePattern<OpT> {
  using AscubePattern<OpT>::AscubePattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    auto one = MemRefType::get({1}, b.getI64Type());
    Value g = memref::GetGlobalOp::create(b, one, Name);
    Value v = memref::LoadOp::create(
        b, g, ValueRange{arith::ConstantIndexOp::create(b, 0)});
    rewriter.replaceOp(op, arith::IndexCastOp::create(b, b.getIndexType(), v));
    return success();
  }
};

/// PipeBarrier: the CPU runs instructions one after another, so the barrier
/// has nothing left to order (§13.3).
/// ascube.pipe_barrier, set_flag, wait_flag: the CPU runs instructions in
/// program order, so they change no value (their hooks, with sync checks,
/// are in place already).
///
/// BEFORE:  ascube.set_flag <MTE2> -> <MTE1>, %ev
/// AFTER:   (nothing)
template <typename OpT> struct OrderingLowering : AscubePattern<OpT> {
  using AscubePattern<OpT>::AscubePattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// SyncAll: a call of the runner's barrier across blocks,
/// `__ascube_sync_all()` (declared by the preparation step).
///
/// BEFORE:  ascube.sync_all
/// AFTER:   func.call @__ascube_sync_all() : () -> ()
struct SyncAllLowering : AscubePattern<SyncAllOp> {
  using AscubePattern<SyncAllOp>::AscubePattern;
  LogicalResult
  matchAndRewrite(SyncAllOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<func::CallOp>(op, kSyncAllHook, TypeRange{},
                                              ValueRange{});
    return success();
  }
};

/// memref.expand_shape / collapse_shape of a GM memref stored packed (4-bit
/// elements, two per byte): a reshape of a row-major memref keeps every
/// element where it is, so when source and result flatten to the same
/// storage (flatType) the result is the flattened source itself — e.g. the
/// 1 x K row ascube-tile-linalg makes of a 4-bit vector.
///
/// BEFORE:  %r = memref.expand_shape %v [[0, 1]] : memref<64xf4E2M1FN>
///                                             into memref<1x64xf4E2M1FN>
/// AFTER:   %v's flat storage itself (memref<32xi8>)
template <typename OpT> struct FlatReshapeLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type to = this->getTypeConverter()->convertType(op.getType());
    if (!to || to != adaptor.getSrc().getType())
      return rewriter.notifyMatchFailure(op, "not the same flat storage");
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// One function per distinct instruction
//===----------------------------------------------------------------------===//

/// What makes two instructions lower to the same loops: the op, its
/// attributes and properties, each operand's type, which operands are the
/// same value, the value of each constant operand, and the target around
/// it. Instructions with equal keys share one outlined function.
using InstructionKey = std::vector<const void *>;
/// Whether an operand of an instruction is cloned into its outlined
/// function (and so part of its key) rather than passed: constants, but for
/// index offsets — an instruction's base addresses are its own values, not
/// its kind, so the loads of a tile's fractal rows at different offsets
/// share one function.
bool clonedIntoCallee(Value v) {
  return !v.getType().isIndex() && matchPattern(v, m_Constant());
}

/// A LoadDataWithTranspose's startIndex only shifts where its squares are
/// read (model::getLoad2DTransposeSquares: start x fractals per square, or
/// fractals on 950): moved into its source offset, in elements, so that
/// the loads of one tile's squares, which differ in it alone, share one
/// outlined function (the transposing 8-bit load of every start index was
/// once a function of its own). Only with addrMode 0 (increasing
/// addresses), where the squares' reads are plain offsets from the start.
void foldStartIndex(Load2DTransposeOp op) {
  IntegerAttr start = op.getStartIndexAttr();
  IntegerAttr mode = op.getAddrModeAttr();
  if (!start || start.getInt() == 0 || (mode && mode.getInt() != 0))
    return;
  FailureOr<model::Load2DTransposeParams> p =
      getLoad2DTransposeParams(op, [&] { return op.emitOpError(); });
  std::optional<unsigned> bits =
      getElementBitWidth(op.getSrc().getType().getElementType());
  if (failed(p) || !bits)
    return;
  int64_t shift = start.getInt() * (p->v2 ? 1 : p->fractalsPerSquare) *
                  (4096 / int64_t(*bits));
  OpBuilder b(op);
  Value by = arith::ConstantIndexOp::create(b, op.getLoc(), shift);
  Value at = op.getSrcOffset()
                 ? arith::AddIOp::create(b, op.getLoc(), op.getSrcOffset(), by)
                 : by;
  op.getSrcOffsetMutable().assign(at);
  op.setStartIndexAttr(b.getI64IntegerAttr(0));
}

InstructionKey keyOf(Operation *op, TargetAttr target) {
  InstructionKey key{op->getName().getAsOpaquePointer(),
                     op->getRawDictionaryAttrs().getAsOpaquePointer(),
                     op->getPropertiesAsAttribute().getAsOpaquePointer(),
                     target.getAsOpaquePointer()};
  OperandRange operands = op->getOperands();
  for (Value v : operands) {
    Attribute cst;
    if (clonedIntoCallee(v))
      matchPattern(v, m_Constant(&cst));
    key.push_back(v.getType().getAsOpaquePointer());
    key.push_back(cst.getAsOpaquePointer());
    // The first operand that is the same value.
    key.push_back(reinterpret_cast<const void *>(
        std::distance(operands.begin(), llvm::find(operands, v))));
  }
  return key;
}

/// Moves every instruction of `funcs` into a private function of its module
/// (`__ascube_<mnemonic>`, uniqued) and calls it: one function per distinct
/// instruction (keyOf), constant operands but offsets cloned into it
/// (clonedIntoCallee), each distinct other operand an argument. Each
/// instruction's loops then live in a function of their own, not as one of
/// thousands of loop nests in one block (which upstream's SCF-to-CF and
/// canonicalization handle in quadratic time), and identical instructions are
/// lowered once. The target of the instruction goes with it where it is not the
/// module's.
void outlineInstructions(ArrayRef<func::FuncOp> funcs) {
  llvm::DenseMap<Operation *, std::unique_ptr<SymbolTable>> tables;
  std::map<std::pair<Operation *, InstructionKey>, func::FuncOp> shared;
  for (func::FuncOp func : funcs) {
    if (func.isExternal())
      continue;
    auto module = func->getParentOfType<ModuleOp>();
    std::unique_ptr<SymbolTable> &table = tables[module];
    if (!table)
      table = std::make_unique<SymbolTable>(module);
    TargetAttr moduleTarget = getTargetAttr(module);
    SmallVector<Operation *> instrs;
    func.walk([&](InstructionOpInterface op) {
      if (op->getNumResults() == 0 && op->getNumRegions() == 0)
        instrs.push_back(op);
    });
    for (Operation *op : instrs)
      if (auto t = dyn_cast<Load2DTransposeOp>(op))
        foldStartIndex(t);
    for (Operation *op : instrs) {
      TargetAttr target = getTargetAttr(op);
      func::FuncOp &callee = shared[{module, keyOf(op, target)}];
      SmallVector<Value> args;
      for (Value v : op->getOperands())
        if (!clonedIntoCallee(v) && !llvm::is_contained(args, v))
          args.push_back(v);
      if (!callee) {
        OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
        callee = func::FuncOp::create(
            b, op->getLoc(), ("__ascube_" + op->getName().stripDialect()).str(),
            b.getFunctionType(ValueRange(args).getTypes(), {}));
        callee.setPrivate();
        // Kept out of line in LLVM too: inlined at every call (LLVM's
        // inliner takes a private function called a few times), a tile's
        // 32 transposing loads of 8-bit squares made one function that
        // took LLVM's instruction selection 2 s.
        keepOutOfLine(callee);
        if (target && target != moduleTarget)
          callee->setAttr(AscubeDialect::kTargetAttrName, target);
        table->insert(callee); // renames it if the name is taken
        Block *body = callee.addEntryBlock();
        IRMapping map;
        map.map(args, body->getArguments());
        b.setInsertionPointToStart(body);
        for (Value v : op->getOperands())
          if (!map.contains(v))
            map.map(v, b.clone(*v.getDefiningOp())->getResult(0));
        b.clone(*op, map);
        func::ReturnOp::create(b, op->getLoc());
      }
      OpBuilder b(op);
      func::CallOp::create(b, op->getLoc(), callee, args);
      op->erase();
    }
  }
}

} // namespace

MemRefType ascube::getCPUStorageType(MemRefType t) {
  return needsFlattening(t) ? flatType(t) : t;
}

std::optional<int64_t> ascube::getRaceCheckedGlobalBytes(memref::GlobalOp g) {
  MemRefType t = g.getType();
  Type e = t.getElementType();
  if (g.getConstant() || !t.hasStaticShape() ||
      !(e.isIndex() || getElementBitWidth(e)) || getMemLevel(t) != Level::GM)
    return std::nullopt;
  // As the race hooks size an element (insertGMAccessHooks).
  return t.getNumElements() *
         std::max<int64_t>(
             1, int64_t(DataLayout::closest(g).getTypeSize(e).getFixedValue()));
}

LogicalResult ascube::prepareAscubeToLoops(ModuleOp module, bool runtimeChecks,
                                           bool raceChecks, bool syncChecks,
                                           bool timingOnly) {
  SmallVector<func::FuncOp> funcs;
  module.walk([&](func::FuncOp f) { funcs.push_back(f); });
  // ascube.load names no instruction: ascube-select-movers picks the one it
  // becomes, and only that has CPU semantics.
  WalkResult unselected = module.walk([](LoadOp load) {
    load.emitOpError()
        << "is not an instruction of its own: ascube-select-movers turns it "
           "into the LoadData the product has (run it first; ascube-to-llvm, "
           "--ascube-pipeline and ascube-run do)";
    return WalkResult::interrupt();
  });
  if (unselected.wasInterrupted())
    return failure();
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
          return failure();
      }
  }
  // Race checks: the writable GM globals (of Cube elements or indices)
  // the kernel holds, marked before the conversion adds globals of its own
  // (the on-core memories).
  if (raceChecks)
    for (auto g : module.getOps<memref::GlobalOp>())
      if (getRaceCheckedGlobalBytes(g))
        g->setAttr(kGMGlobalAttr, UnitAttr::get(module.getContext()));
  FailureOr<AllMemories> memories = createModuleMemories(funcs);
  if (failed(memories))
    return failure();
  std::vector<std::string> sites;
  for (func::FuncOp func : funcs) {
    if (func.isExternal())
      continue;
    // A copy between views that are not both contiguous (a strided GM
    // view, say) would call the C runner utils' memrefCopy: loops instead.
    SmallVector<memref::CopyOp> copies;
    WalkResult unranked =
        func.walk([&](memref::CopyOp c) {
          if (isa<UnrankedMemRefType>(c.getSource().getType()) ||
              isa<UnrankedMemRefType>(c.getTarget().getType())) {
            c.emitOpError()
                << "of an unranked memref is not lowered: it would call MLIR's "
                   "runtime library (memrefCopy), which ascube's JIT does not "
                   "load; copy the ranked memrefs [copy_c1]";
            return WalkResult::interrupt();
          }
          if (copyNeedsLoops(c))
            copies.push_back(c);
          return WalkResult::advance();
        });
    if (unranked.wasInterrupted())
      return failure();
    for (memref::CopyOp c : copies)
      expandCopyToLoops(c);
    if (runtimeChecks)
      insertRuntimeChecks(func);
    if (raceChecks) {
      // The GM arguments (and the globals marked above), whose element
      // accesses get race hooks once the instructions are loops
      // (insertGMAccessHooks).
      SmallVector<int64_t> gm;
      for (BlockArgument arg : func.getArguments())
        if (auto t = dyn_cast<MemRefType>(arg.getType());
            t && getMemLevel(t) == Level::GM)
          gm.push_back(arg.getArgNumber());
      func->setAttr(kGMArgsAttr, DenseI64ArrayAttr::get(func.getContext(), gm));
    }
    if (func.walk([](SyncAllOp) { return WalkResult::interrupt(); })
            .wasInterrupted())
      declareHook(func->getParentOfType<ModuleOp>(), kSyncAllHook, 0);
    if (syncChecks)
      insertSyncHooks(func, sites);
    if (syncChecks && timingOnly) {
      // Only the hooks: the instructions' data and arithmetic are not run.
      SmallVector<Operation *> dropped;
      func.walk([&](Operation *op) {
        if (getInstructionPipe(op) ||
            isa<SetFlagOp, WaitFlagOp, PipeBarrierOp>(op))
          dropped.push_back(op);
      });
      for (Operation *op : dropped)
        op->erase();
    }
    if (failed(lowerAllocs(
            func, memories->lookup(func->getParentOfType<ModuleOp>()))))
      return failure();
  }
  if (syncChecks) {
    SmallVector<Attribute> texts;
    for (const std::string &s : sites)
      texts.push_back(StringAttr::get(module.getContext(), s));
    module->setAttr(AscubeDialect::kSyncSitesAttrName,
                    ArrayAttr::get(module.getContext(), texts));
  }
  return success();
}

void ascube::populateAscubeToLoopsTypeConversion(TypeConverter &types) {
  types.addConversion([](Type t) { return t; });
  types.addConversion([](MemRefType t) -> std::optional<Type> {
    if (!needsFlattening(t))
      return t;
    // A plain memref of elements no Cube instruction moves (index, say: a
    // kernel's own scalar data in a global or an alloc) stays as it is;
    // a signature holding one is refused before (prepareAscubeToLoops).
    if (!getElementBitWidth(t.getElementType()) &&
        !isa<LayoutAttr>(t.getLayout()) && !t.getMemorySpace())
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
}

void ascube::configureAscubeToLoopsTarget(ConversionTarget &target,
                                          const TypeConverter &types) {
  target.addIllegalDialect<AscubeDialect>();
  target.addLegalDialect<affine::AffineDialect, arith::ArithDialect,
                         scf::SCFDialect, math::MathDialect,
                         cf::ControlFlowDialect, vector::VectorDialect>();
  // ascube buffers are accessed by ascube instructions only: a memref op on
  // one (e.g. memref.load of an Nz buffer) is an error, not a silent
  // reinterpretation of its storage.
  target.addDynamicallyLegalDialect<memref::MemRefDialect>(
      [&types](Operation *op) { return types.isLegal(op); });
  // llvm.freeze keeps the integer mmad's i16 pair sums whole (pmaddwd);
  // llvm.call_intrinsic is its vpdpbusd (x86-vnni).
  target.addLegalOp<UnrealizedConversionCastOp, ModuleOp, LLVM::FreezeOp,
                    LLVM::CallIntrinsicOp>();
  target.addDynamicallyLegalOp<func::FuncOp>([&types](func::FuncOp f) {
    return types.isSignatureLegal(f.getFunctionType()) &&
           types.isLegal(&f.getBody());
  });
  target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
      [&types](Operation *op) { return types.isLegal(op); });
}

void ascube::populateAscubeToLoopsConversionPatterns(
    TypeConverter &types, RewritePatternSet &patterns,
    const AscubeToLoopsOptions &options) {
  patterns.add<OrderingLowering<PipeBarrierOp>, OrderingLowering<SetFlagOp>,
               OrderingLowering<WaitFlagOp>, SyncAllLowering,
               BlockQueryLowering<BlockIdxOp, kBlockIdxGlobal>,
               BlockQueryLowering<BlockNumOp, kBlockNumGlobal>>(
      types, patterns.getContext(), options);
  patterns.add<FlatReshapeLowering<memref::ExpandShapeOp>,
               FlatReshapeLowering<memref::CollapseShapeOp>>(
      types, patterns.getContext());
  populateDataCopyToLoopsPatterns(types, patterns, options);
  populateLoadData2DToLoopsPatterns(types, patterns, options);
  populateLoadData3DToLoopsPatterns(types, patterns, options);
  populateMmadToLoopsPatterns(types, patterns, options);
  populateFixpipeToLoopsPatterns(types, patterns, options);
}

/// The first ascube.program of `module`, or null.
static Operation *findProgramMarker(ModuleOp module) {
  Operation *found = nullptr;
  module.walk([&](ProgramOp op) {
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

namespace {
struct ConvertAscubeToLoopsPass
    : ascube::impl::ConvertAscubeToLoopsBase<ConvertAscubeToLoopsPass> {
  using ConvertAscubeToLoopsBase::ConvertAscubeToLoopsBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Linalg is the mapping's input, not a Cube program: refused (in the
    // pipelines) before the later lowerings fail on it less clearly.
    if (Operation *op = refuseLinalg ? findLinalgOp(module) : nullptr) {
      op->emitError() << "'" << op->getName()
                      << "' is not a Cube program: convert-ascube-to-loops "
                         "lowers ascube ops; map linalg onto a product first "
                         "(ascube-tile-linalg, which ascube-pipeline and "
                         "ascube-run run)";
      return signalPassFailure();
    }
    // A mapped op's program waits for its order across blocks.
    if (Operation *op = findProgramMarker(module)) {
      op->emitError() << "'ascube.program' marks a mapped op's program for "
                         "ascube-insert-sync-all, which orders the programs "
                         "across blocks and inlines them; run it first "
                         "(ascube-tile-linalg and the pipelines do) "
                         "[tile_c13]";
      return signalPassFailure();
    }
    SmallVector<func::FuncOp> funcs;
    module.walk([&](func::FuncOp f) { funcs.push_back(f); });
    if (failed(prepareAscubeToLoops(module, runtimeChecks, raceChecks,
                                    syncChecks, timingOnly)))
      return signalPassFailure();
    // The race and sync hooks look at the function an access is in.
    if (outline && !raceChecks && !syncChecks)
      outlineInstructions(funcs);
    TypeConverter types;
    populateAscubeToLoopsTypeConversion(types);
    ConversionTarget target(getContext());
    configureAscubeToLoopsTarget(target, types);
    AscubeToLoopsOptions options;
    options.mmad = mmadKernelFor(reference, x86Vnni);
    options.affine = affine && !reference;
    RewritePatternSet patterns(&getContext());
    populateAscubeToLoopsConversionPatterns(types, patterns, options);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   types);
    populateReturnOpTypeConversionPattern(patterns, types);
    populateCallOpTypeConversionPattern(patterns, types);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // Nothing of ascube is left: drop the target and the argument
    // placements so that tools without the dialect (mlir-runner,
    // mlir-translate) read the result.
    // (A target may also sit on a function.)
    module.walk([](Operation *op) {
      if (isa<ModuleOp, FunctionOpInterface>(op))
        op->removeAttr(AscubeDialect::kTargetAttrName);
    });
    for (func::FuncOp func : funcs) {
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        func.removeArgAttr(i, AscubeDialect::kArgOffsetAttrName);
      if (auto gm = func->getAttrOfType<DenseI64ArrayAttr>(kGMArgsAttr)) {
        insertGMAccessHooks(func, gm.asArrayRef());
        func->removeAttr(kGMArgsAttr);
      }
    }
    for (auto g : module.getOps<memref::GlobalOp>())
      g->removeAttr(kGMGlobalAttr);
    // Loads and stores whose indices are affine in loop counters and
    // function arguments become affine.load/store (upstream's raising),
    // after the race hooks, which look for memref.load/store.
    if (options.affine) {
      OpPassManager raise(ModuleOp::getOperationName());
      raise.addNestedPass<func::FuncOp>(affine::createRaiseMemrefToAffine());
      if (failed(runPipeline(raise, module)))
        return signalPassFailure();
    }
  }
};
} // namespace
