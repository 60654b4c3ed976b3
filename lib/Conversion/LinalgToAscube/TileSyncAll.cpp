//===- TileSyncAll.cpp - ascube-tile-linalg: GM handed over between blocks ===//
//
// The mapped programs of one function run on every block (AI core), each
// block computing its share of the output tiles. When a later program reads
// GM an earlier one writes (C2 = C1 · D after C1 = A · B), or writes GM an
// earlier one reads or writes, a block may reach it before another block has
// finished the earlier one: the programs need a barrier across blocks,
// Ascend C's SyncAll (ascube.sync_all). tiling::orderPrograms puts one
// where it is needed, or, on a product without SyncAll, runs the programs
// on block 0 only, correct for any number of blocks (docs/Tiling.md
// "Blocks").
//
// Besides the programs, the order counts every other op of the function
// that touches GM: a call of a function holding programs (its GM effects
// are its callee's, through the arguments), and the kernel's own ops (a
// memref.copy, memref.store, a call of plain code): those that write GM and
// do not depend on the block index run on block 0 only (every block would
// write the same bytes), ordered like programs — unless they write only
// buffers the kernel allocates, each block's own: those run on every block
// and hand nothing over across blocks. Where no barrier can be had
// (a product without SyncAll, a buffer the kernel allocates), the
// function's range from its first such unit to its last runs on block 0.
// A call whose arguments share bytes its callee's programs take apart is
// refused (tile_c12), as is one that would need block 0 from outside
// (tile_c11).
//
// GM is told apart by the buffer a view is of (its root: a function
// argument, an allocation, or a memref.global — split-K's workspace —
// named by its symbol) and the bytes a view with a static strided
// layout touches (a box of its buffer: disjoint views of one buffer, such
// as two column halves, are independent); two different arguments are
// taken not to alias, as ascube-run passes them.
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <limits>

using namespace mlir;
using namespace ascube;
using target::Level;

namespace {

/// Bytes [lo, hi) of the buffer `root` (a function argument or an
/// allocation) that a GM operand may touch, the whole buffer when its type
/// says nothing finer; for a static strided view also the exact bytes, as
/// a box: byte `Σ (start_d + i_d) · stride_d` for 0 ≤ i_d < size_d, the
/// strides decreasing, each inner part of the box within one step of the
/// dimension outside it (so that a byte has one place in the box), the
/// last dimension the element's bytes (stride 1).
struct Range {
  Value root;
  /// A memref.global's name where the root is its get_global: one buffer
  /// whichever get_global, in whichever function, names it.
  Attribute global;
  int64_t lo = 0, hi = std::numeric_limits<int64_t>::max();
  SmallVector<int64_t, 4> strides, starts, sizes;

  bool meets(const Range &o) const {
    if ((global || o.global ? global != o.global : root != o.root) ||
        lo >= o.hi || o.lo >= hi)
      return false;
    // Two boxes in one coordinate system meet when they meet in every
    // dimension.
    if (strides.empty() || strides != o.strides)
      return true;
    for (auto [s, n, os, on] : llvm::zip(starts, sizes, o.starts, o.sizes))
      if (s + n <= os || os + on <= s)
        return false;
    return true;
  }
};

/// The box of `r`'s bytes for a view starting `byteOffset` bytes into its
/// buffer, with `shape` and element `strides` of elements of `bytes` bytes
/// (see Range); left empty where the view's bytes do not form one.
void setBox(Range &r, int64_t byteOffset, ArrayRef<int64_t> shape,
            ArrayRef<int64_t> strides, int64_t bytes) {
  SmallVector<std::pair<int64_t, int64_t>> dims; // (stride, size) in bytes
  for (auto [n, s] : llvm::zip(shape, strides)) {
    // A dimension of one element may have any stride: kept when it has a
    // place, so that a row of a matrix is boxed like the matrix.
    if (s <= 0 && n == 1)
      continue;
    if (s <= 0)
      return;
    dims.push_back({s * bytes, n});
  }
  llvm::stable_sort(dims, [](auto a, auto b) { return a.first > b.first; });
  if (dims.empty() || dims.back().first != 1)
    dims.push_back({1, bytes});
  int64_t rem = byteOffset;
  SmallVector<int64_t, 4> strideList, starts, sizes;
  for (auto [s, n] : dims) {
    strideList.push_back(s);
    starts.push_back(rem / s);
    sizes.push_back(n);
    rem %= s;
  }
  // Each dimension's part (with those inside it) within one step of the
  // dimension outside it.
  int64_t inner = 0;
  for (size_t d = dims.size(); d-- > 0;) {
    inner += (starts[d] + sizes[d] - 1) * strideList[d];
    if (d > 0 &&
        (strideList[d] == strideList[d - 1] || inner >= strideList[d - 1]))
      return;
  }
  r.strides = std::move(strideList);
  r.starts = std::move(starts);
  r.sizes = std::move(sizes);
}

Range rangeOf(Value v) {
  Range r{getViewedBuffer(v)};
  if (auto g = r.root.getDefiningOp<memref::GetGlobalOp>())
    r.global = g.getNameAttr();
  // A memref.view shifts by bytes its type does not show: by a constant
  // shift of the buffer itself, else the whole buffer.
  int64_t shift = 0;
  bool viewed = false;
  for (Value x = v; x != r.root;) {
    Operation *def = x.getDefiningOp();
    if (!def || def->getNumOperands() == 0)
      break;
    if (def->getName().getStringRef() == "memref.view") {
      std::optional<int64_t> c = def->getNumOperands() > 1
                                     ? getConstantIntValue(def->getOperand(1))
                                     : std::nullopt;
      if (viewed || !c || *c < 0 || def->getOperand(0) != r.root)
        return r;
      viewed = true;
      shift = *c;
    }
    x = def->getOperand(0);
  }
  auto t = cast<MemRefType>(v.getType());
  std::optional<unsigned> bits = getElementBitWidth(t.getElementType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!bits || *bits % 8 != 0 || !t.hasStaticShape() ||
      failed(t.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) || offset < 0 ||
      llvm::any_of(strides,
                   [](int64_t s) { return ShapedType::isDynamic(s) || s < 0; }))
    return r;
  int64_t bytes = *bits / 8;
  r.lo = shift + offset * bytes;
  r.hi = r.lo;
  if (t.getNumElements() == 0)
    return r;
  int64_t last = offset;
  for (auto [n, s] : llvm::zip(t.getShape(), strides))
    last += (n - 1) * s;
  r.hi = shift + (last + 1) * bytes;
  setBox(r, r.lo, t.getShape(), strides, bytes);
  return r;
}

/// The GM a program (or several, or another op) reads and writes.
struct Accesses {
  SmallVector<Range, 0> reads, writes;

  bool empty() const { return reads.empty() && writes.empty(); }
  void add(const Accesses &other) {
    llvm::append_range(reads, other.reads);
    llvm::append_range(writes, other.writes);
  }
  /// The buffers through which `later`, run after these, depends on them:
  /// it reads what these wrote, or writes what these read or wrote (not
  /// both writes when `later` is these again, a loop's next iteration: a
  /// program writes the same bytes on the same block every time).
  SmallVector<Value> handOver(const Accesses &later, bool self) const {
    SmallVector<Value> shared;
    auto meet = [&](const Range &x, ArrayRef<Range> ys) {
      if (llvm::any_of(ys, [&](const Range &y) { return x.meets(y); }))
        shared.push_back(x.root);
    };
    for (const Range &r : later.reads)
      meet(r, writes);
    for (const Range &w : later.writes) {
      meet(w, reads);
      if (!self)
        meet(w, writes);
    }
    return shared;
  }
};

/// Whether the GM buffer `root` is one the kernel allocates (not a
/// function argument or a memref.global, which all blocks share: split-K's
/// workspace): each block has its own (ascube-run gives every block its
/// own allocation), so no barrier shares it.
bool isKernelLocal(Value root) {
  if (root.getDefiningOp<memref::GetGlobalOp>())
    return false;
  auto arg = dyn_cast<BlockArgument>(root);
  return !arg || !isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

void addGM(Value v, bool write, Accesses &a) {
  auto t = v ? dyn_cast<MemRefType>(v.getType()) : nullptr;
  if (!t || getMemLevel(t) != Level::GM)
    return;
  (write ? a.writes : a.reads).push_back(rangeOf(v));
}

/// The GM `op` itself reads and writes, not the ops in its regions; an op
/// whose effects no interface tells reads and writes each GM operand.
Accesses ownAccesses(Operation *op) {
  Accesses a;
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &e : effects) {
      if (isa<MemoryEffects::Read>(e.getEffect()))
        addGM(e.getValue(), false, a);
      else if (isa<MemoryEffects::Write>(e.getEffect()))
        addGM(e.getValue(), true, a);
    }
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    for (Value v : op->getOperands()) {
      addGM(v, false, a);
      addGM(v, true, a);
    }
  }
  return a;
}

/// The GM effects of calls: a callee's, through its arguments.
class CallEffects {
public:
  /// What `call` reads and writes, as ranges of the caller's operands (the
  /// whole view passed for what the callee touches of an argument; the
  /// callee's own allocations are its own). A callee without a body, or
  /// one already being looked at (recursion), reads and writes each GM
  /// operand.
  Accesses of(CallOpInterface call) {
    Accesses a;
    FunctionOpInterface callee = bodyOf(call);
    ValueRange args = call.getArgOperands();
    if (!callee) {
      for (Value v : args) {
        addGM(v, false, a);
        addGM(v, true, a);
      }
      return a;
    }
    const Accesses &inner = ofFunction(callee);
    auto map = [&](const Range &r, bool write) {
      // A global is the caller's too (split-K's workspace).
      if (r.global)
        return (write ? a.writes : a.reads).push_back(r);
      auto arg = dyn_cast<BlockArgument>(r.root);
      if (arg && arg.getOwner()->getParentOp() == callee &&
          arg.getArgNumber() < args.size())
        addGM(args[arg.getArgNumber()], write, a);
    };
    for (const Range &r : inner.reads)
      map(r, false);
    for (const Range &r : inner.writes)
      map(r, true);
    return a;
  }

  /// What a program's ops read and write.
  Accesses ofProgram(const tiling::Program &p) {
    Accesses a;
    for (Operation *op = p.first;; op = op->getNextNode()) {
      a.add(ofOp(op));
      if (op == p.last)
        break;
    }
    return a;
  }

  /// What `op` and the ops in it read and write.
  Accesses ofOp(Operation *op) {
    Accesses a;
    op->walk([&](Operation *o) {
      if (auto call = dyn_cast<CallOpInterface>(o))
        a.add(of(call));
      else
        a.add(ownAccesses(o));
    });
    return a;
  }

  /// Two arguments of `call` (operand numbers) that may share bytes where
  /// its callee reads one and writes the other, or writes both: its ops
  /// take different arguments not to alias.
  std::optional<std::pair<unsigned, unsigned>> aliased(CallOpInterface call) {
    FunctionOpInterface callee = bodyOf(call);
    if (!callee)
      return std::nullopt;
    ValueRange args = call.getArgOperands();
    SmallVector<bool> reads(args.size()), writes(args.size());
    auto mark = [&](ArrayRef<Range> ranges, SmallVector<bool> &into) {
      for (const Range &r : ranges)
        if (auto arg = dyn_cast<BlockArgument>(r.root);
            arg && arg.getOwner()->getParentOp() == callee &&
            arg.getArgNumber() < args.size())
          into[arg.getArgNumber()] = true;
    };
    const Accesses &inner = ofFunction(callee);
    mark(inner.reads, reads);
    mark(inner.writes, writes);
    for (unsigned i = 0; i < args.size(); ++i)
      for (unsigned j = i + 1; j < args.size(); ++j)
        if (((reads[i] || writes[i]) && writes[j]) || (writes[i] && reads[j]))
          if (tiling::mayShareBytes(args[i], args[j]))
            return std::make_pair(i, j);
    return std::nullopt;
  }

  /// Whether `call`'s callee is the kernel's own plain code: a body with
  /// no ascube op (no instruction, no block index) that calls only such
  /// functions, so what it writes is the same on every block.
  bool isPlain(CallOpInterface call) {
    FunctionOpInterface callee = bodyOf(call);
    if (!callee)
      return false;
    if (auto it = plain.find(callee); it != plain.end())
      return it->second;
    busy.insert(callee);
    bool result =
        !callee
             ->walk([&](Operation *op) {
               auto c = dyn_cast<CallOpInterface>(op);
               return isa_and_nonnull<AscubeDialect>(op->getDialect()) ||
                              (c && !isPlain(c))
                          ? WalkResult::interrupt()
                          : WalkResult::advance();
             })
             .wasInterrupted();
    busy.erase(callee);
    return plain[callee] = result;
  }

private:
  /// `call`'s callee when it has a body not being looked at already
  /// (recursion); null otherwise.
  FunctionOpInterface bodyOf(CallOpInterface call) {
    auto f = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
    return f && !f.isExternal() && !busy.contains(f) ? f : nullptr;
  }

  const Accesses &ofFunction(FunctionOpInterface f) {
    if (auto it = memo.find(f); it != memo.end())
      return it->second;
    busy.insert(f);
    Accesses a = ofOp(f);
    busy.erase(f);
    return memo[f] = std::move(a);
  }

  DenseMap<Operation *, Accesses> memo;
  DenseMap<Operation *, bool> plain;
  DenseSet<Operation *> busy;
};

/// Whether `op` (its operands, or the bounds and conditions of the ops
/// around it in its function) depends on ascube.block_idx or block_num:
/// code that shares work out over the blocks itself.
bool dependsOnBlock(Operation *op) {
  SmallVector<Value> work;
  for (Operation *o = op; o && !isa<FunctionOpInterface>(o);
       o = o->getParentOp())
    llvm::append_range(work, o->getOperands());
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (Operation *def = v.getDefiningOp()) {
      if (isa<BlockIdxOp, BlockNumOp>(def))
        return true;
      llvm::append_range(work, def->getOperands());
    } else if (Operation *parent =
                   cast<BlockArgument>(v).getOwner()->getParentOp();
               parent && !isa<FunctionOpInterface>(parent)) {
      llvm::append_range(work, parent->getOperands());
    }
  }
  return false;
}

/// Moves ops [first, last] of one block into `scf.if (block_idx == 0)`
/// with block_num taken as 1 inside: block 0 computes every output tile,
/// the others nothing.
void runOnBlockZero(Operation *first, Operation *last) {
  OpBuilder b(first);
  Location loc = first->getLoc();
  Value idx = BlockIdxOp::create(b, loc, b.getIndexType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, idx, zero);
  auto ifOp = scf::IfOp::create(b, loc, isFirst, /*withElseRegion=*/false);
  Operation *yield = ifOp.thenBlock()->getTerminator();
  for (Operation *op = first;;) {
    Operation *next = op->getNextNode();
    bool end = op == last;
    op->moveBefore(yield);
    if (end)
      break;
    op = next;
  }
  ifOp.walk([&](BlockNumOp n) {
    OpBuilder nb(n);
    n.replaceAllUsesWith(
        arith::ConstantIndexOp::create(nb, n.getLoc(), 1).getResult());
    n.erase();
  });
}

} // namespace

namespace {
/// Orders the ops of one function that touch GM (see orderPrograms): each
/// block of the function's regions is a sequence of units — a program, a
/// call of a function holding programs, another op touching GM, or an op
/// holding such units in its regions.
class Orderer {
public:
  Orderer(FunctionOpInterface func, ArrayRef<tiling::Program> programs,
          const DenseSet<Operation *> &mapped, CallEffects &calls,
          const target::ProductInfo *prod, StringRef pass)
      : func(func), programs(programs), calls(calls), prod(prod), pass(pass) {
    DenseSet<Operation *> inPrograms;
    for (const tiling::Program &p : programs) {
      starts[p.first] = p;
      for (Operation *op = p.first;; op = op->getNextNode()) {
        inPrograms.insert(op);
        if (op == p.last)
          break;
      }
    }
    SmallVector<Operation *> found;
    func->walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
      if (op == func.getOperation())
        return WalkResult::advance();
      if (inPrograms.contains(op)) {
        found.push_back(op);
        return WalkResult::skip();
      }
      Leaf leaf;
      auto callOp = dyn_cast<CallOpInterface>(op);
      if (callOp) {
        leaf.touched = calls.of(callOp);
        leaf.spread = mapped.contains(callOp.resolveCallable());
        if (leaf.spread && !aliasCall)
          if (auto pair = calls.aliased(callOp)) {
            aliasCall = op;
            aliasArgs = *pair;
          }
      } else {
        leaf.touched = ownAccesses(op);
      }
      if (leaf.touched.empty() && !leaf.spread)
        return WalkResult::advance();
      // The kernel's own write of GM (not an instruction; a call only of
      // plain code, CallEffects::isPlain), the same on every block unless
      // it depends on the block index: done once, on block 0.
      bool own = !leaf.spread && !leaf.touched.writes.empty() &&
                 op->getNumResults() == 0 &&
                 (!callOp || calls.isPlain(callOp)) &&
                 !isa_and_nonnull<AscubeDialect>(op->getDialect()) &&
                 !dependsOnBlock(op);
      // Unless it writes only buffers the kernel allocates, each block's
      // own (a padded map made in GM, TileConv.cpp): then every block
      // does it, for itself.
      leaf.everyBlock =
          own && llvm::all_of(leaf.touched.writes, [](const Range &w) {
            return isKernelLocal(w.root);
          });
      leaf.once = own && !leaf.everyBlock;
      leaves[op] = std::move(leaf);
      found.push_back(op);
      return WalkResult::skip();
    });
    for (Operation *op : found)
      for (Operation *o = op->getParentOp(); o != func.getOperation();
           o = o->getParentOp())
        holders.insert(o);
  }

  /// Orders the units of `block`; returns what they touch.
  Accesses order(Block &block) {
    struct Unit {
      Operation *start;
      Accesses touched;
      /// One program, or an op run on block 0 only: writing its own bytes
      /// again (in a loop's next iteration) needs no barrier.
      bool single = false;
      /// Run on block 0 only: a barrier to another such unit is not needed.
      bool once = false;
      /// A call of a function holding programs.
      bool call = false;
      /// The kernel's own op writing only buffers the kernel allocates,
      /// run on every block for itself.
      bool everyBlock = false;
    };
    SmallVector<Unit, 0> units;
    for (Operation *op = &block.front(); op; op = op->getNextNode()) {
      if (auto it = starts.find(op); it != starts.end()) {
        units.push_back({op, calls.ofProgram(it->second), true});
        op = it->second.last;
      } else if (auto it = leaves.find(op); it != leaves.end()) {
        const Leaf &l = it->second;
        units.push_back(
            {op, l.touched, l.once, l.once, l.spread, l.everyBlock});
      } else if (holders.contains(op)) {
        Unit u{op, {}};
        for (Region &r : op->getRegions())
          for (Block &b : r)
            u.touched.add(order(b));
        units.push_back(std::move(u));
      }
    }
    // What the units since the last barrier touched, unit by unit.
    Accesses all;
    SmallVector<const Unit *> since;
    DenseSet<Operation *> barrierBefore;
    // Whether `unit` writes `root` other than as an op every block runs for
    // itself (a program's tiles, a call, a loop of units).
    auto writtenBySpread = [](const Unit &unit, Value root) {
      return !unit.everyBlock &&
             llvm::any_of(unit.touched.writes,
                          [&](const Range &w) { return w.root == root; });
    };
    auto check = [&](const Unit &u) {
      SmallVector<Value> shared;
      Operation *earlierCall = nullptr;
      for (const Unit *e : since) {
        if (e->once && u.once)
          continue;
        size_t before = shared.size();
        SmallVector<Value> pair =
            e->touched.handOver(u.touched, e == &u && u.single);
        // A buffer the kernel allocates is each block's own: written only
        // by ops every block runs for itself, it hands nothing over
        // across blocks (each block reads what it wrote, in order).
        llvm::erase_if(pair, [&](Value root) {
          return isKernelLocal(root) && !writtenBySpread(*e, root) &&
                 !writtenBySpread(u, root);
        });
        llvm::append_range(shared, pair);
        if (shared.size() != before && e->call && !earlierCall)
          earlierCall = e->start;
      }
      if (shared.empty())
        return;
      if (!call)
        call = u.call ? u.start : earlierCall;
      since.clear();
      barrierBefore.insert(u.start);
      syncAlls.push_back(u.start);
      for (Value v : shared) {
        // A buffer the kernel allocates is each block's own (ascube-run
        // gives every block its own allocation): no barrier shares it.
        if (isKernelLocal(v) && !local)
          local = u.start;
      }
      if (prod && !prod->HasSyncAll && !noSyncAll)
        noSyncAll = u.start;
    };
    for (const Unit &u : units) {
      check(u);
      since.push_back(&u);
      all.add(u.touched);
    }
    // In a loop, the units follow the previous iteration's: until the first
    // barrier, they may meet what came after the last one.
    if (isa<LoopLikeOpInterface>(block.getParentOp()))
      for (const Unit &u : units) {
        if (barrierBefore.contains(u.start))
          break;
        check(u);
        if (barrierBefore.contains(u.start))
          break;
        since.push_back(&u);
      }
    return all;
  }

  /// Runs the kernel's own writes of GM on block 0 and inserts the
  /// SyncAlls, or runs every program on block 0 where a barrier cannot
  /// order them (with the warning, tile_c10); fails where that cannot be
  /// done either: programs of a called function (tile_c11).
  LogicalResult apply() {
    if (aliasCall) {
      auto c = cast<CallOpInterface>(aliasCall);
      InFlightDiagnostic e = mlir::emitError(aliasCall->getLoc());
      e << pass << ": arguments " << aliasArgs.first << " and "
        << aliasArgs.second
        << " of this call may share GM bytes (views of one buffer that "
           "meet, or a buffer the pass cannot see into), and the function "
           "it calls";
      if (auto sym = dyn_cast<SymbolRefAttr>(c.getCallableForCallee()))
        e << " (" << sym << ")";
      e << " writes one of them while reading or writing the other: its "
           "mapped ops take different arguments not to alias, so the "
           "blocks would read them part-written; pass buffers of their own "
           "[tile_c12]";
      return failure();
    }
    // The SyncAlls go first, so that one before an op run on block 0 stays
    // outside its scf.if: every block passes it.
    Operation *at = local ? local : noSyncAll;
    if (!at)
      for (Operation *op : syncAlls) {
        OpBuilder b(op);
        SyncAllOp::create(b, op->getLoc());
      }
    for (auto &[op, leaf] : leaves)
      if (leaf.once)
        runOnBlockZero(op, op);
    if (!at)
      return success();
    auto reason = [&](InFlightDiagnostic &d) {
      if (local)
        d << "the buffer is allocated in the kernel, so each block has its "
             "own";
      else
        d << prod->Name << " has no SyncAll";
    };
    if (call) {
      InFlightDiagnostic e = mlir::emitError(call->getLoc());
      e << pass
        << ": the mapped ops of the function this call "
           "runs hand GM over with the ops around the call (one reads what "
           "the other writes, or writes what it reads or writes), which "
           "needs a barrier across blocks, and ";
      reason(e);
      e << "; they cannot run on block 0 only either, as their function "
           "shares its tiles out over the blocks itself (inline the call "
           "before ascube-tile-linalg, e.g. mlir-opt --inline) [tile_c11]";
      return failure();
    }
    InFlightDiagnostic w = mlir::emitWarning(at->getLoc());
    w << pass
      << ": this op depends on GM a mapped op before it "
         "touches (it reads what that one writes, or writes what that one "
         "reads or writes), which needs a barrier across blocks, and ";
    reason(w);
    if (local)
      w << ": the ops run on block 0 only, whatever the number of blocks "
           "(pass the buffer as an argument to share it across blocks)";
    else
      w << ": the ops run on block 0 only, whatever the number of blocks "
           "(launch them as separate kernels to spread them over blocks; "
        << prod->Name << " has " << unsigned(prod->AICores) << " AI core(s))";
    w << " [tile_c10]";
    // The function's ops from its first unit to its last, on block 0 (the
    // kernel's own reads of GM too); each program alone where a value made
    // in that range is used after it.
    if (!wholeOnBlockZero())
      for (const tiling::Program &p : programs)
        runOnBlockZero(p.first, p.last);
    return success();
  }

private:
  /// Runs the ops of the function's body from the first that is or holds
  /// a unit to the last on block 0; false, changing nothing, where a value
  /// made there is used after them.
  bool wholeOnBlockZero() {
    SmallVector<Operation *> units;
    for (const tiling::Program &p : programs)
      units.append({p.first, p.last});
    for (auto &entry : leaves)
      units.push_back(entry.first);
    if (units.empty())
      return false;
    Block *body = &func.getFunctionBody().front();
    Operation *first = nullptr, *last = nullptr;
    for (Operation *u : units) {
      Operation *top = body->findAncestorOpInBlock(*u);
      if (!top)
        return false;
      if (!first || top->isBeforeInBlock(first))
        first = top;
      if (!last || last->isBeforeInBlock(top))
        last = top;
    }
    for (Operation *op = first;; op = op->getNextNode()) {
      for (Value v : op->getResults())
        for (Operation *user : v.getUsers()) {
          Operation *top = body->findAncestorOpInBlock(*user);
          if (!top || last->isBeforeInBlock(top))
            return false;
        }
      if (op == last)
        break;
    }
    runOnBlockZero(first, last);
    return true;
  }

  struct Leaf {
    Accesses touched;
    bool spread = false, once = false, everyBlock = false;
  };

  FunctionOpInterface func;
  ArrayRef<tiling::Program> programs;
  CallEffects &calls;
  const target::ProductInfo *prod;
  /// The pass the diagnostics name.
  StringRef pass;
  DenseMap<Operation *, tiling::Program> starts;
  llvm::MapVector<Operation *, Leaf> leaves;
  DenseSet<Operation *> holders;
  SmallVector<Operation *> syncAlls;
  Operation *local = nullptr, *noSyncAll = nullptr, *call = nullptr;
  Operation *aliasCall = nullptr;
  std::pair<unsigned, unsigned> aliasArgs;
};
} // namespace

bool tiling::mayShareBytes(Value a, Value b) {
  return isa<MemRefType>(a.getType()) && isa<MemRefType>(b.getType()) &&
         rangeOf(a).meets(rangeOf(b));
}

LogicalResult tiling::orderPrograms(ArrayRef<Program> programs,
                                    StringRef pass) {
  if (programs.empty())
    return success();
  // The functions holding programs, and those calling them.
  llvm::MapVector<Operation *, SmallVector<Program>> byFunction;
  for (const Program &p : programs)
    if (p.first)
      if (auto f = p.first->getParentOfType<FunctionOpInterface>())
        byFunction[f].push_back(p);
  if (byFunction.empty())
    return success();
  Operation *top = byFunction.front().first;
  while (Operation *parent = top->getParentOp())
    top = parent;
  DenseSet<Operation *> mapped;
  for (auto &entry : byFunction)
    mapped.insert(entry.first);
  SmallVector<FunctionOpInterface> funcs;
  top->walk([&](FunctionOpInterface f) { funcs.push_back(f); });
  for (bool grew = true; grew;) {
    grew = false;
    for (FunctionOpInterface f : funcs) {
      if (mapped.contains(f))
        continue;
      bool calls = f->walk([&](CallOpInterface c) {
                      return mapped.contains(c.resolveCallable())
                                 ? WalkResult::interrupt()
                                 : WalkResult::advance();
                    }).wasInterrupted();
      if (calls) {
        mapped.insert(f);
        byFunction[f];
        grew = true;
      }
    }
  }
  CallEffects calls;
  const target::ProductInfo *firstProd = programs.front().prod;
  bool ok = true;
  for (auto &[func, list] : byFunction) {
    auto f = cast<FunctionOpInterface>(func);
    Orderer orderer(f, list, mapped, calls,
                    list.empty() ? firstProd : list.front().prod, pass);
    for (Region &r : func->getRegions())
      for (Block &b : r)
        orderer.order(b);
    ok &= succeeded(orderer.apply());
  }
  return success(ok);
}
