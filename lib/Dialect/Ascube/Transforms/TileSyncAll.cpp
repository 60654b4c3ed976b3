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
// GM is told apart by the buffer a view is of (its root: a function
// argument or an allocation) and the bytes a view with a static layout may
// touch (its footprint: disjoint views of one buffer are independent); two
// different arguments are taken not to alias, as ascube-run passes them.
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/MapVector.h"

#include <limits>

using namespace mlir;
using namespace ascube;
using target::Level;

namespace {

/// Bytes [lo, hi) of the buffer `root` (a function argument or an
/// allocation) that a GM operand may touch: a view's footprint
/// (getGMView), the whole buffer when its layout says nothing finer.
struct Range {
  Value root;
  int64_t lo = 0, hi = std::numeric_limits<int64_t>::max();

  bool meets(const Range &o) const {
    return root == o.root && lo < o.hi && o.lo < hi;
  }
};

Range rangeOf(Value v) {
  Range r{getViewedBuffer(v)};
  // A memref.view shifts by bytes its type does not show: whole buffer.
  for (Value x = v; x != r.root;) {
    Operation *def = x.getDefiningOp();
    if (!def || def->getNumOperands() == 0)
      break;
    if (def->getName().getStringRef() == "memref.view")
      return r;
    x = def->getOperand(0);
  }
  auto t = cast<MemRefType>(v.getType());
  std::optional<unsigned> bits = getElementBitWidth(t.getElementType());
  if (!bits || *bits % 8 != 0 || !t.hasStaticShape())
    return r;
  int64_t bytes = *bits / 8;
  if (t.getLayout().isIdentity()) {
    r.lo = 0;
    r.hi = t.getNumElements() * bytes;
  } else if (std::optional<GMView> view = getGMView(t)) {
    r.lo = view->offset * bytes;
    r.hi = (view->offset + view->footprint()) * bytes;
  }
  return r;
}

/// The GM a program (or several) reads and writes.
struct Accesses {
  SmallVector<Range, 4> reads, writes;

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

Accesses accessesOf(const tiling::Program &p) {
  Accesses a;
  for (Operation *op = p.first;; op = op->getNextNode()) {
    op->walk([&](MemoryEffectOpInterface inner) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      inner.getEffects(effects);
      for (const MemoryEffects::EffectInstance &e : effects) {
        Value v = e.getValue();
        auto t = v ? dyn_cast<MemRefType>(v.getType()) : nullptr;
        if (!t || getMemLevel(t) != Level::GM)
          continue;
        if (isa<MemoryEffects::Read>(e.getEffect()))
          a.reads.push_back(rangeOf(v));
        else if (isa<MemoryEffects::Write>(e.getEffect()))
          a.writes.push_back(rangeOf(v));
      }
    });
    if (op == p.last)
      break;
  }
  return a;
}

/// Moves the program into `scf.if (block_idx == 0)` with block_num taken
/// as 1 inside: block 0 computes every output tile, the others nothing.
void runOnBlockZero(const tiling::Program &p) {
  OpBuilder b(p.first);
  Location loc = p.first->getLoc();
  Value idx = BlockIdxOp::create(b, loc, b.getIndexType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, idx, zero);
  auto ifOp = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  Operation *yield = ifOp.thenBlock()->getTerminator();
  for (Operation *op = p.first;;) {
    Operation *next = op->getNextNode();
    bool last = op == p.last;
    op->moveBefore(yield);
    if (last)
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
/// Orders the mapped programs of one function (see orderPrograms): each
/// block of the function's regions is a sequence of units — a program, or
/// an op holding programs in its regions — ordered like programs.
class Orderer {
public:
  explicit Orderer(ArrayRef<tiling::Program> programs) {
    for (const tiling::Program &p : programs) {
      starts[p.first] = p;
      for (Operation *o = p.first->getParentOp(); o; o = o->getParentOp())
        holders.insert(o);
    }
  }

  /// Orders the units of `block`; returns what they touch.
  Accesses order(Block &block) {
    struct Unit {
      Operation *start;
      Accesses touched;
      const target::ProductInfo *prod;
      /// One program (not an op holding several, e.g. an scf.if whose
      /// branches write one buffer with different tilings).
      bool single = false;
    };
    SmallVector<Unit> units;
    for (Operation *op = &block.front(); op; op = op->getNextNode()) {
      if (auto it = starts.find(op); it != starts.end()) {
        units.push_back({op, accessesOf(it->second), it->second.prod, true});
        op = it->second.last;
      } else if (holders.contains(op)) {
        Unit u{op, {}, nullptr};
        for (Region &r : op->getRegions())
          for (Block &b : r)
            u.touched.add(order(b));
        u.prod = firstProduct(op);
        units.push_back(std::move(u));
      }
    }
    // What the units since the last barrier touched, unit by unit.
    Accesses all;
    SmallVector<const Unit *> since;
    DenseSet<Operation *> barrierBefore;
    auto check = [&](const Unit &u) {
      SmallVector<Value> shared;
      for (const Unit *e : since)
        llvm::append_range(shared,
                           e->touched.handOver(u.touched, e == &u && u.single));
      if (shared.empty())
        return;
      since.clear();
      barrierBefore.insert(u.start);
      syncAlls.push_back(u.start);
      for (Value v : shared) {
        // A buffer the kernel allocates is each block's own (ascube-run
        // gives every block its own allocation): no barrier shares it.
        auto arg = dyn_cast<BlockArgument>(v);
        bool shareable =
            arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
        if (!shareable && !local)
          local = u.start;
      }
      if (u.prod && !u.prod->HasSyncAll && !noSyncAll) {
        noSyncAll = u.start;
        noSyncAllProduct = u.prod;
      }
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

  /// Inserts the SyncAlls, or runs every program on block 0 where a
  /// barrier cannot order them (with the warning, tile_c10).
  void apply(ArrayRef<tiling::Program> programs) {
    Operation *at = local ? local : noSyncAll;
    if (!at) {
      for (Operation *op : syncAlls) {
        OpBuilder b(op);
        SyncAllOp::create(b, op->getLoc());
      }
      return;
    }
    InFlightDiagnostic w = mlir::emitWarning(at->getLoc());
    w << "ascube-tile-linalg: this op depends on GM a mapped op before it "
         "touches (it reads what that one writes, or writes what that one "
         "reads or writes), which needs a barrier across blocks, and ";
    if (local)
      w << "the buffer is allocated in the kernel, so each block has its "
           "own: the ops run on block 0 only, whatever the number of blocks "
           "(pass the buffer as an argument to share it across blocks)";
    else
      w << noSyncAllProduct->Name
        << " has no SyncAll: the ops run on block 0 only, whatever the "
           "number of blocks (launch them as separate kernels to spread them "
           "over blocks; "
        << noSyncAllProduct->Name << " has "
        << unsigned(noSyncAllProduct->AICores) << " AI core(s))";
    w << " [tile_c10]";
    for (const tiling::Program &p : programs)
      runOnBlockZero(p);
  }

private:
  const target::ProductInfo *firstProduct(Operation *holder) {
    const target::ProductInfo *prod = nullptr;
    holder->walk([&](Operation *op) {
      if (auto it = starts.find(op); it != starts.end() && !prod)
        prod = it->second.prod;
    });
    return prod;
  }

  DenseMap<Operation *, tiling::Program> starts;
  DenseSet<Operation *> holders;
  SmallVector<Operation *> syncAlls;
  Operation *local = nullptr, *noSyncAll = nullptr;
  const target::ProductInfo *noSyncAllProduct = nullptr;
};
} // namespace

void tiling::orderPrograms(ArrayRef<Program> programs) {
  // Function by function.
  llvm::MapVector<Operation *, SmallVector<Program>> byFunction;
  for (const Program &p : programs)
    if (p.first)
      byFunction[p.first->getParentOfType<FunctionOpInterface>()].push_back(p);
  for (auto &[func, list] : byFunction) {
    if (!func)
      continue;
    Orderer orderer(list);
    for (Region &r : func->getRegions())
      for (Block &b : r)
        orderer.order(b);
    orderer.apply(list);
  }
}
