//===- Blocks.cpp - ascube-run: SyncAll and --check-races -----------------===//
//
// The barrier behind ascube.sync_all and the per-byte record of GM
// accesses behind --check-races (Blocks.h; race_c1, race_c2, sync_c11 in
// docs/Constraints.md).
//
//===----------------------------------------------------------------------===//

#include "Blocks.h"
#include "ascube/Conversion/AscubeToLoops.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Target/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <unistd.h>

using namespace ascube::run;

namespace {
/// Who last wrote a GM byte and who read it, and in which phases (the
/// SyncAlls passed): a block number, -1 for none. `reader2` is a second
/// block reading in the same phase as `reader` (any more tell nothing new:
/// a write then races with one of the two that is not the writer).
struct Byte {
  uint32_t writePhase = 0, readPhase = 0;
  int16_t writer = -1, reader = -1, reader2 = -1;
};
struct Buffer {
  const char *begin;
  int64_t size;
  std::string name;
  std::vector<Byte> bytes;
};

std::vector<Buffer> buffers;
bool racesOn = false;
unsigned numBlocks = 1;
thread_local int block = 0; // as int16_t in the shadow (at most 32767)
thread_local uint32_t phase = 0;
std::mutex lock;

/// The first race: race_c1 (`a` and `b` both write, `a` the lower) or
/// race_c2 (`a` reads what `b` writes), over bytes [lo, hi).
struct Race {
  int rule;
  std::string name;
  int a, b;
  int64_t lo, hi;
};
std::optional<Race> found;

void note(int rule, const Buffer &buf, int a, int b, int64_t at) {
  if (rule == 1 && a > b)
    std::swap(a, b); // named lower block first: threads order the writes
  if (!found)
    found = Race{rule, buf.name, a, b, at, at + 1};
  else if (found->rule == rule && found->name == buf.name && found->a == a &&
           found->b == b && found->hi == at)
    found->hi = at + 1; // the same race, one byte further
}

/// __ascube_gm_access(address, bytes, write): an element access of a GM
/// argument by the calling thread's block.
extern "C" void gmAccess(int64_t address, int64_t bytes, int64_t write) {
  if (!racesOn)
    return;
  const char *p = reinterpret_cast<const char *>(address);
  std::lock_guard<std::mutex> guard(lock);
  for (Buffer &buf : buffers) {
    if (p < buf.begin || p >= buf.begin + buf.size)
      continue;
    int64_t at = p - buf.begin;
    for (int64_t i = at; i < std::min(at + bytes, buf.size); ++i) {
      Byte &x = buf.bytes[i];
      bool written =
          x.writer >= 0 && x.writer != block && x.writePhase == phase;
      if (write) {
        if (written)
          note(1, buf, x.writer, block, i);
        if (x.reader >= 0 && x.readPhase == phase) {
          int other = x.reader != block ? x.reader : x.reader2;
          if (other >= 0)
            note(2, buf, other, block, i);
        }
        x.writer = int16_t(block);
        x.writePhase = phase;
      } else {
        if (written)
          note(2, buf, block, x.writer, i);
        if (x.reader < 0 || x.readPhase != phase) {
          x.reader = int16_t(block);
          x.reader2 = -1;
          x.readPhase = phase;
        } else if (x.reader != block && x.reader2 < 0) {
          x.reader2 = int16_t(block);
        }
      }
    }
    return;
  }
}

// The SyncAll barrier: `arrived` blocks wait for generation `generation`
// to end (the last to arrive: `waitingBlock` after `waitingPhase`
// SyncAlls); `ended` blocks have finished (the first: `endedBlock`, after
// `endedPhase` SyncAlls).
std::condition_variable released;
unsigned arrived = 0, ended = 0;
uint64_t generation = 0;
int waitingBlock = -1, endedBlock = -1;
uint32_t waitingPhase = 0, endedPhase = 0;

[[noreturn]] void unevenSyncAll(int waiting, uint32_t waitingPhase) {
  std::string msg =
      llvm::formatv("ascube-run: block {0} waits at its SyncAll number {1} "
                    "but block {2} ended after {3} SyncAll(s): every block "
                    "must pass the same SyncAlls (on the chip the kernel "
                    "would hang) [sync_c11]\n",
                    waiting, waitingPhase + 1, endedBlock, endedPhase)
          .str();
  std::fflush(stdout);
  (void)!::write(1, msg.data(), msg.size());
  ::_exit(3);
}

/// __ascube_sync_all(): waits until every block has arrived.
extern "C" void syncAll() {
  std::unique_lock<std::mutex> guard(lock);
  if (ended)
    unevenSyncAll(block, phase);
  if (++arrived == numBlocks) {
    arrived = 0;
    ++generation;
    released.notify_all();
  } else {
    waitingBlock = block;
    waitingPhase = phase;
    uint64_t mine = generation;
    released.wait(guard, [&] { return generation != mine; });
  }
  ++phase;
}
} // namespace

std::optional<std::string> blocks::countRefusal(uint64_t count,
                                                bool checkRaces) {
  if (count < 1)
    return std::string("--blocks must be at least 1");
  if (std::optional<std::string> why =
          target::blockCountRefusal(count, "--blocks "))
    return why;
  if (checkRaces && count > 32767)
    return llvm::formatv("--blocks {0}: --check-races follows at most 32767 "
                         "blocks [blocks_c1]",
                         count)
        .str();
  return std::nullopt;
}

bool blocks::reachesSyncAll(mlir::func::FuncOp entry) {
  auto module = entry->getParentOfType<mlir::ModuleOp>();
  llvm::SmallVector<mlir::func::FuncOp> work{entry};
  llvm::SmallPtrSet<mlir::Operation *, 8> seen;
  bool found = false;
  while (!work.empty() && !found) {
    mlir::func::FuncOp f = work.pop_back_val();
    if (!seen.insert(f).second)
      continue;
    f.walk([&](mlir::Operation *op) {
      if (mlir::isa<ascube::SyncAllOp>(op))
        found = true;
      else if (auto call = mlir::dyn_cast<mlir::func::CallOp>(op))
        if (auto g = module.lookupSymbol<mlir::func::FuncOp>(call.getCallee()))
          work.push_back(g);
    });
  }
  return found;
}

std::vector<std::pair<std::string, int64_t>>
blocks::raceCheckedGlobals(mlir::ModuleOp module) {
  std::vector<std::pair<std::string, int64_t>> out;
  for (auto g : module.getOps<mlir::memref::GlobalOp>())
    if (std::optional<int64_t> bytes = ascube::getRaceCheckedGlobalBytes(g))
      out.push_back({g.getSymName().str(), *bytes});
  return out;
}

void blocks::configure(unsigned n, bool checkRaces,
                       const std::vector<sync::GMBuffer> &gm) {
  numBlocks = n;
  racesOn = checkRaces;
  if (checkRaces)
    for (const sync::GMBuffer &b : gm)
      buffers.push_back({b.begin, b.size, b.name, std::vector<Byte>(b.size)});
}

void blocks::addSymbols(llvm::orc::SymbolMap &map,
                        llvm::orc::MangleAndInterner &interner) {
  map[interner("__ascube_gm_access")] = {
      llvm::orc::ExecutorAddr::fromPtr(&gmAccess),
      llvm::JITSymbolFlags::Exported};
  map[interner("__ascube_sync_all")] = {
      llvm::orc::ExecutorAddr::fromPtr(&syncAll),
      llvm::JITSymbolFlags::Exported};
}

unsigned blocks::currentBlock() { return unsigned(block); }

unsigned blocks::blockCount() { return numBlocks; }

void blocks::startRun() {
  std::lock_guard<std::mutex> guard(lock);
  arrived = ended = 0;
  waitingBlock = endedBlock = -1;
  waitingPhase = endedPhase = 0;
}

void blocks::startBlock(unsigned b) {
  block = int(b);
  phase = 0;
}

void blocks::endBlock() {
  std::lock_guard<std::mutex> guard(lock);
  if (!ended++) {
    endedBlock = block;
    endedPhase = phase;
  }
  if (arrived) { // the waiting blocks can never be released
    endedBlock = block;
    endedPhase = phase;
    unevenSyncAll(waitingBlock, waitingPhase);
  }
}

std::optional<std::string> blocks::report() {
  if (!found)
    return std::nullopt;
  if (found->rule == 1)
    return llvm::formatv("ascube-run: blocks {0} and {1} both write GM bytes "
                         "[{2}, {3}) of {4} (each block must write "
                         "its own part of GM, or an ascube.sync_all must "
                         "come between) [race_c1]",
                         found->a, found->b, found->lo, found->hi, found->name)
        .str();
  return llvm::formatv(
             "ascube-run: block {0} reads GM bytes [{2}, {3}) of {4} "
             "that block {1} writes, with no ascube.sync_all between them "
             "(the order of the two blocks is not fixed) [race_c2]",
             found->a, found->b, found->lo, found->hi, found->name)
      .str();
}
