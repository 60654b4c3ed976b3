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
// argument or an allocation); two different arguments are taken not to
// alias, as ascube-run passes them.
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace ascube;
using target::Level;

namespace {

/// The GM buffers a program (or several) reads and writes.
struct Accesses {
  llvm::SmallDenseSet<Value, 4> reads, writes;

  void add(const Accesses &other) {
    reads.insert(other.reads.begin(), other.reads.end());
    writes.insert(other.writes.begin(), other.writes.end());
  }
  /// True when `later`, run after these, touches what these wrote or writes
  /// what these touched.
  bool handsOver(const Accesses &later) const {
    auto meets = [](const auto &x, const auto &y) {
      return llvm::any_of(x, [&](Value v) { return y.contains(v); });
    };
    return meets(later.reads, writes) || meets(later.writes, writes) ||
           meets(later.writes, reads);
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
          a.reads.insert(getViewedBuffer(v));
        else if (isa<MemoryEffects::Write>(e.getEffect()))
          a.writes.insert(getViewedBuffer(v));
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

void tiling::orderPrograms(ArrayRef<Program> programs) {
  llvm::MapVector<Block *, SmallVector<Program>> byBlock;
  for (const Program &p : programs)
    if (p.first)
      byBlock[p.first->getBlock()].push_back(p);
  for (auto &[block, list] : byBlock) {
    llvm::sort(list, [](const Program &x, const Program &y) {
      return x.first->isBeforeInBlock(y.first);
    });
    SmallVector<Accesses> accesses;
    for (const Program &p : list)
      accesses.push_back(accessesOf(p));
    // What the programs since the last SyncAll touched; `dependent`: the
    // first program that needs one where the product has none.
    Accesses since;
    const Program *dependent = nullptr;
    auto order = [&](const Program &p, const Accesses &a) {
      if (!since.handsOver(a))
        return;
      if (p.prod->HasSyncAll) {
        OpBuilder b(p.first);
        SyncAllOp::create(b, p.first->getLoc());
        since = Accesses();
      } else if (!dependent) {
        dependent = &p;
      }
    };
    for (auto [p, a] : llvm::zip(list, accesses)) {
      order(p, a);
      since.add(a);
    }
    // In a loop, the first program follows the last one of the previous
    // iteration.
    if (isa<LoopLikeOpInterface>(block->getParentOp()))
      order(list.front(), accesses.front());
    if (!dependent)
      continue;
    const target::ProductInfo &prod = *dependent->prod;
    dependent->first->emitWarning()
        << "ascube-tile-linalg: this op reads GM that a mapped op before it "
           "writes (or writes GM that one reads or writes), which needs a "
           "barrier across blocks, and "
        << prod.Name
        << " has no SyncAll: the ops run on block 0 only, whatever the "
           "number of blocks (launch them as separate kernels to spread them "
           "over blocks; "
        << prod.Name << " has " << unsigned(prod.AICores)
        << " AI core(s)) [tile_c10]";
    for (const Program &p : list)
      runOnBlockZero(p);
  }
}
