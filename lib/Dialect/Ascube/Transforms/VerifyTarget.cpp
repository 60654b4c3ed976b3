//===- VerifyTarget.cpp - Whole-function checks against the target --------===//
//
// ascube-verify-target: what only a whole function shows (cube-reference §1,
// §13.3; docs/Constraints.md): the on-core buffers of a level together
// (capacity_c3), placed arguments (arg_c2), offsets made dynamic only by
// constant-bound loops (each mover's bounds rule, alignment_c2), overlapping
// operands of one instruction (overlap_c1), data overwritten through an
// overlapping buffer while still live (overlap_c2) or handed across buffers
// of another geometry (overlap_c3, a warning), unitFlag pairing
// (unitflag_c1) and the PIPE_M barrier between small accumulating Mmads
// (sync_c1). Buffer arguments' capacities are the module verifier's.
//
//===----------------------------------------------------------------------===//

#include "IndexEval.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBEVERIFYTARGET
#include "ascube/Dialect/Ascube/Transforms/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using target::Level;

namespace {

/// Byte size of a buffer's storage (its layout's padded size).
std::optional<int64_t> bufferBytes(MemRefType t) {
  FailureOr<layout::FractalLayout> l = getFractalLayout(
      t, [&] { return emitError(UnknownLoc::get(t.getContext())); });
  if (failed(l))
    return std::nullopt;
  return l->sizeInBytes();
}

/// The on-core buffers a function holds: its on-core arguments (which its
/// caller allocated) and its allocations.
SmallVector<Value> onCoreBuffers(func::FuncOp f) {
  SmallVector<Value> bufs;
  for (BlockArgument a : f.getArguments())
    if (isOnCoreArgument(a))
      bufs.push_back(a);
  f.walk([&](AllocOp op) { bufs.push_back(op.getBuffer()); });
  return bufs;
}

/// All on-core buffers of each level together (capacity_c3): placed ones
/// up to their highest end, unplaced ones packed after it at the level's
/// alignment. Arguments count as allocations do.
LogicalResult checkLevelTotals(func::FuncOp f,
                               const target::ProductInfo &prod) {
  struct Use {
    int64_t placedEnd = 0, unplaced = 0;
  };
  llvm::SmallDenseMap<unsigned, Use> levels;
  for (Value buf : onCoreBuffers(f)) {
    auto type = cast<MemRefType>(buf.getType());
    std::optional<int64_t> bytes = bufferBytes(type);
    Level level = *getMemLevel(type);
    if (!bytes || level == Level::GM || !prod.hasLevel(level))
      continue;
    Use &u = levels[unsigned(level)];
    if (std::optional<int64_t> off = getPlacedOffset(buf))
      u.placedEnd = std::max(u.placedEnd, *off + *bytes);
    else
      u.unplaced += llvm::alignTo(*bytes, prod.alignment(level));
  }
  bool ok = true;
  for (auto &[lvl, u] : levels) {
    Level level = Level(lvl);
    int64_t cap = prod.capacity(level);
    int64_t total =
        llvm::alignTo(u.placedEnd, prod.alignment(level)) + u.unplaced;
    if (total <= cap)
      continue;
    f.emitError() << "the allocations of " << target::stringifyLevel(level)
                  << " in @" << f.getName() << " need " << total
                  << " B (placed up to " << u.placedEnd << " B, " << u.unplaced
                  << " B unplaced) but " << prod.Name << " "
                  << target::stringifyLevel(level) << " holds " << cap
                  << " B [capacity_c3]";
    ok = false;
  }
  return success(ok);
}

/// The byte range a placed buffer (an allocation with an offset, an
/// argument with ascube.offset) occupies in its level.
std::optional<std::pair<int64_t, int64_t>> placedRange(Value v) {
  std::optional<int64_t> start = getPlacedOffset(v);
  if (!start)
    return std::nullopt;
  std::optional<int64_t> bytes = bufferBytes(cast<MemRefType>(v.getType()));
  std::optional<int64_t> end =
      bytes ? llvm::checkedAdd(*start, *bytes) : std::nullopt;
  if (!end)
    return std::nullopt; // beyond any level: capacity_c1's to report
  return std::make_pair(*start, *end);
}

/// A placed argument of a kernel (a function no call of the module
/// reaches: the host passes its buffers) shares no bytes with another
/// placed buffer of it (arg_c2): the host's buffers are memory of their own
/// when the kernel runs on the CPU, so aliasing through them could not
/// execute as placed. A called function's arguments are its callers'
/// buffers, in the level's one memory (arg_c3 checks the places).
LogicalResult checkPlacedArguments(func::FuncOp f) {
  if (Operation *scope = SymbolTable::getNearestSymbolTable(f))
    if (!SymbolTable::symbolKnownUseEmpty(f, scope))
      return success();
  SmallVector<Value> bufs = onCoreBuffers(f);
  bool ok = true;
  for (BlockArgument a : f.getArguments()) {
    auto ra = placedRange(a);
    if (!ra)
      continue;
    Level level = *getMemLevel(cast<MemRefType>(a.getType()));
    for (Value other : bufs) {
      auto ro = placedRange(other);
      if (other == a || !ro ||
          *getMemLevel(cast<MemRefType>(other.getType())) != level ||
          ra->second <= ro->first || ro->second <= ra->first)
        continue;
      // Report each pair of arguments once.
      if (auto oa = dyn_cast<BlockArgument>(other);
          oa && oa.getArgNumber() < a.getArgNumber())
        continue;
      InFlightDiagnostic d =
          emitError(a.getLoc())
          << "argument #" << a.getArgNumber() << " of @" << f.getName()
          << " (ascube.offset " << ra->first << ") shares bytes ["
          << std::max(ra->first, ro->first) << ", "
          << std::min(ra->second, ro->second) << ") of "
          << target::stringifyLevel(level) << " with "
          << (isa<BlockArgument>(other)
                  ? "argument #" +
                        std::to_string(
                            cast<BlockArgument>(other).getArgNumber())
                  : std::string("an allocation"))
          << "; arguments are separate memory when the kernel runs: "
             "allocate buffers meant to alias in the kernel [arg_c2]";
      if (!isa<BlockArgument>(other))
        d.attachNote(other.getLoc()) << "the allocation";
      ok = false;
    }
  }
  return success(ok);
}

/// The buffer operands of one instruction in the same level do not overlap
/// (overlap_c1).
LogicalResult checkOverlaps(Operation *op) {
  SmallVector<Value> bufs;
  for (Value v : op->getOperands())
    if (isa<MemRefType>(v.getType()))
      bufs.push_back(v);
  for (size_t i = 0; i < bufs.size(); ++i)
    for (size_t j = i + 1; j < bufs.size(); ++j) {
      if (bufs[i] == bufs[j])
        continue;
      auto li = getMemLevel(cast<MemRefType>(bufs[i].getType()));
      auto lj = getMemLevel(cast<MemRefType>(bufs[j].getType()));
      if (!li || li != lj || *li == Level::GM)
        continue;
      auto ri = placedRange(bufs[i]), rj = placedRange(bufs[j]);
      if (!ri || !rj || ri->second <= rj->first || rj->second <= ri->first)
        continue;
      return op->emitOpError()
             << "operands #" << i << " and #" << j << " overlap in "
             << target::stringifyLevel(*li) << ": bytes [" << ri->first << ", "
             << ri->second << ") and [" << rj->first << ", " << rj->second
             << ") [overlap_c1]";
    }
  return success();
}

/// One buffer an instruction reads or writes: the bytes it touches relative
/// to the buffer's start when the offset is static and the extent known,
/// otherwise the whole buffer.
struct Access {
  Value buf;
  bool write;
  std::optional<std::pair<int64_t, int64_t>> bytes;
};

/// The buffers an instruction reads and writes (an accumulating Mmad reads
/// and writes C). Empty for anything else.
SmallVector<Access> accesses(Operation *op) {
  SmallVector<Access> out;
  auto rd = [&](Value v) {
    if (v)
      out.push_back({v, false, std::nullopt});
  };
  auto wr = [&](Value v) {
    if (v)
      out.push_back({v, true, std::nullopt});
  };
  if (std::optional<MoverAccess> m = getMoverAccess(op)) {
    out.push_back({m->src, false, m->srcBytes});
    out.push_back({m->dst, true, m->dstBytes});
    for (Value v : m->otherReads)
      rd(v);
    for (Value v : m->otherWrites)
      wr(v);
    return out;
  }
  if (auto o = dyn_cast<LoadOp>(op)) { // the movers it becomes: whole
    rd(o.getSrc());
    wr(o.getDst());
  } else if (auto m = dyn_cast<MatmulOpInterface>(op)) {
    SmallVector<Value> inputs;
    m.getInputs(inputs);
    for (Value v : inputs)
      rd(v);
    if (m.accumulates())
      rd(m.getMatrixC());
    wr(m.getMatrixC());
  }
  return out;
}

/// A layout's pitch in words: "column pitch 32 rows" for N formats (the
/// rows between fractal columns), "row pitch 128 columns" for Z formats.
std::string pitchText(const layout::FractalLayout &l) {
  if (!layout::isFractalFormat(l.format()) && l.format() != layout::Format::DN)
    return ("row pitch " + Twine(l.paddedShape().back()) + " columns").str();
  bool n = l.format() == layout::Format::DN ||
           layout::isColumnMajorBetween(l.format());
  ArrayRef<int64_t> p = l.paddedShape();
  return n ? ("column pitch " + Twine(p[p.size() - 2]) + " rows").str()
           : ("row pitch " + Twine(p.back()) + " columns").str();
}

/// Where two 2-D buffers of one element width, placed at byte `aStart` and
/// `bStart`, first disagree on the bytes [lo, hi): the byte and the logical
/// index each gives it, after a first common byte fixed the translation
/// between them (a window of a bigger buffer agrees everywhere). Positions
/// padding in either buffer are skipped; std::nullopt when they agree (or
/// cannot be compared).
struct Disagreement {
  /// The first byte both hold logically, and the byte where the translation
  /// between them changes, with their logical indices in a and b.
  int64_t firstByte = 0, byte = 0;
  SmallVector<int64_t, 4> firstA, firstB, a, b;
};
std::optional<Disagreement> layoutsDisagree(const layout::FractalLayout &a,
                                            int64_t aStart,
                                            const layout::FractalLayout &b,
                                            int64_t bStart, int64_t lo,
                                            int64_t hi) {
  unsigned bits = a.elementBits();
  if (bits != b.elementBits() || bits == 0 || a.shape().size() != 2 ||
      b.shape().size() != 2)
    return std::nullopt;
  if (((lo - aStart) * 8) % bits || ((lo - bStart) * 8) % bits)
    return Disagreement{}; // elements straddle each other
  int64_t ea = (lo - aStart) * 8 / bits, eb = (lo - bStart) * 8 / bits;
  int64_t n = std::min<int64_t>((hi - lo) * 8 / bits, int64_t(1) << 20);
  std::optional<std::pair<int64_t, int64_t>> delta;
  Disagreement d;
  for (int64_t i = 0; i < n; ++i) {
    if (ea + i >= a.numElements() || eb + i >= b.numElements())
      break;
    auto ia = a.logicalIndex(ea + i), ib = b.logicalIndex(eb + i);
    if (!ia || !ib)
      continue;
    std::pair<int64_t, int64_t> t{(*ia)[0] - (*ib)[0], (*ia)[1] - (*ib)[1]};
    int64_t byte = lo + (i * bits) / 8;
    if (!delta) {
      delta = t;
      d.firstByte = byte, d.firstA = *ia, d.firstB = *ib;
    } else if (*delta != t) {
      d.byte = byte, d.a = *ia, d.b = *ib;
      return d;
    }
  }
  return std::nullopt;
}

/// One read or write of placed bytes, in program order.
struct Event {
  Operation *op;
  Value buf;
  bool write;
  int64_t lo, hi; // absolute bytes in the level
};

bool overlap(const Event &x, const Event &y) {
  return getMemLevel(cast<MemRefType>(x.buf.getType())) ==
             getMemLevel(cast<MemRefType>(y.buf.getType())) &&
         x.lo < y.hi && y.lo < x.hi;
}

/// Whether the union of `ranges` covers [lo, hi).
bool covers(SmallVector<std::pair<int64_t, int64_t>> ranges, int64_t lo,
            int64_t hi) {
  llvm::sort(ranges);
  for (auto [a, b] : ranges) {
    if (a > lo)
      break;
    lo = std::max(lo, b);
    if (lo >= hi)
      return true;
  }
  return lo >= hi;
}

/// The events of a function, calls included: the chip has one memory per
/// level, so a callee's placed buffers are the caller's bytes too. A call
/// counts, at the call, as reading and then writing each placed buffer it
/// is passed (whole), and as what its callee does to placed bytes: the
/// reads of bytes the callee did not write first, then all its writes
/// (the callee's placed parameters taken as the buffers passed).
class EventCollector {
public:
  SmallVector<Event> of(func::FuncOp f) {
    SmallVector<Event> events;
    f.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto call = dyn_cast<func::CallOp>(op)) {
        addCall(call, events);
        return;
      }
      for (const Access &a : accesses(op))
        if (auto r = placedRange(a.buf)) {
          int64_t lo = r->first, hi = r->second;
          if (a.bytes) {
            lo = r->first + a.bytes->first;
            hi = r->first + a.bytes->second;
          }
          events.push_back({op, a.buf, a.write, lo, hi});
        }
    });
    return events;
  }

private:
  void addCall(func::CallOp call, SmallVector<Event> &events) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    auto whole = [&](bool write) {
      for (Value v : call.getOperands())
        if (isa<MemRefType>(v.getType()))
          if (auto r = placedRange(v))
            events.push_back({call, v, write, r->first, r->second});
    };
    whole(/*write=*/false);
    if (callee && !callee.isExternal())
      for (const Event &e : summary(callee)) {
        Value buf = e.buf;
        if (auto arg = dyn_cast<BlockArgument>(buf);
            arg && arg.getOwner()->getParentOp() == callee) {
          buf = call.getOperand(arg.getArgNumber());
          if (!placedRange(buf))
            continue; // its whole-buffer access is counted above
        }
        events.push_back({call, buf, e.write, e.lo, e.hi});
      }
    whole(/*write=*/true);
  }

  const SmallVector<Event> &summary(func::FuncOp f) {
    Operation *key = f;
    if (auto it = cache.find(key); it != cache.end())
      return it->second;
    SmallVector<Event> out;
    if (active.insert(key).second) { // a recursive call adds nothing
      SmallVector<Event> events = of(f);
      active.erase(key);
      SmallVector<Event> writes;
      for (const Event &e : events) {
        if (e.write) {
          writes.push_back(e);
          continue;
        }
        SmallVector<std::pair<int64_t, int64_t>> before;
        for (const Event &w : writes)
          if (overlap(w, e))
            before.push_back({w.lo, w.hi});
        if (!covers(before, e.lo, e.hi))
          out.push_back(e);
      }
      out.append(writes.begin(), writes.end());
    }
    return cache[key] = std::move(out);
  }

  llvm::DenseMap<Operation *, SmallVector<Event>> cache;
  llvm::DenseSet<Operation *> active;
};

/// overlap_c3 (a warning: aliasing is legal): the read `e` takes bytes
/// [lo, hi) that `x` wrote through another buffer whose layout places them
/// elsewhere.
void warnGeometry(const Event &e, const Event &x, int64_t lo, int64_t hi) {
  auto et = cast<MemRefType>(e.buf.getType()),
       xt = cast<MemRefType>(x.buf.getType());
  // The ops verified already: a layout that does not resolve is skipped.
  FailureOr<layout::FractalLayout> el = failure(), xl = failure();
  {
    ScopedDiagnosticHandler silence(et.getContext(),
                                    [](Diagnostic &) { return success(); });
    auto quiet = [&] { return emitError(UnknownLoc::get(et.getContext())); };
    el = getFractalLayout(et, quiet);
    xl = getFractalLayout(xt, quiet);
  }
  std::optional<int64_t> es = getPlacedOffset(e.buf),
                         xs = getPlacedOffset(x.buf);
  if (failed(el) || failed(xl) || !es || !xs)
    return;
  std::optional<Disagreement> d = layoutsDisagree(*el, *es, *xl, *xs, lo, hi);
  if (!d)
    return;
  auto idx = [](ArrayRef<int64_t> v) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "(";
    llvm::interleaveComma(v, os);
    os << ")";
    return s;
  };
  InFlightDiagnostic w = e.op->emitWarning()
                         << "reads " << target::stringifyLevel(*getMemLevel(et))
                         << " bytes [" << lo << ", " << hi << ") through " << et
                         << " (" << pitchText(*el) << ") that an earlier '"
                         << x.op->getName() << "' wrote through " << xt << " ("
                         << pitchText(*xl)
                         << "): the layouts place them differently";
  if (!d->a.empty())
    w << " (byte " << d->firstByte << " is " << idx(d->firstA)
      << " of the one and " << idx(d->firstB) << " of the other, byte "
      << d->byte << " " << idx(d->a) << " and " << idx(d->b) << ")";
  w << "; a window of the written buffer needs its geometry";
  if (el->format() == xl->format() && el->fractal() == xl->fractal() &&
      pitchText(*el) != pitchText(*xl)) {
    bool n = layout::isColumnMajorBetween(xl->format()) ||
             xl->format() == layout::Format::DN;
    ArrayRef<int64_t> p = xl->paddedShape();
    w << ", e.g. #ascube.layout<" << layout::stringifyFormat(xl->format())
      << ", ld = " << (n ? p[p.size() - 2] : p.back()) << ">";
  }
  w << " [overlap_c3]";
  w.attachNote(x.op->getLoc()) << "the write";
}

/// Two placed buffers that share bytes of a level: data written to one and
/// read later must not be overwritten through the other in between
/// (overlap_c2). Program order is the function's op order (loop bodies once,
/// in place); reusing a region once its data is dead is fine. Each access
/// covers the bytes its instruction reaches (the whole buffer when its
/// offset is dynamic).
LogicalResult checkLiveOverlaps(func::FuncOp f, EventCollector &collector) {
  SmallVector<Event> events = collector.of(f);
  // The reads of each instruction, to tell a read-modify-write (an
  // accumulating Mmad updating live data through another buffer) from an
  // overwrite.
  llvm::DenseMap<Operation *, SmallVector<const Event *, 4>> readsOf;
  for (const Event &e : events)
    if (!e.write)
      readsOf[e.op].push_back(&e);
  auto readsBack = [&](const Event &x, int64_t lo, int64_t hi) {
    SmallVector<std::pair<int64_t, int64_t>> r;
    for (const Event *rd : readsOf.lookup(x.op))
      if (overlap(*rd, x))
        r.push_back({rd->lo, rd->hi});
    return covers(r, lo, hi);
  };
  llvm::DenseSet<std::pair<Operation *, Operation *>> warned;
  // For each read, walk back over the writes: the writes of its buffer its
  // bytes may come from (until together they cover them all), and every
  // overwrite through another buffer in between that the later writes of
  // the buffer did not repair. A write through another buffer that is the
  // newest write of bytes the read takes hands data across buffers: their
  // layouts must agree on those bytes (overlap_c3, a warning).
  for (size_t i = 0; i < events.size(); ++i) {
    const Event &e = events[i];
    if (e.write)
      continue;
    SmallVector<std::pair<int64_t, int64_t>> later; // e.buf writes seen
    SmallVector<std::pair<int64_t, int64_t>> newer; // all writes seen
    struct Clobber {
      size_t at;
      int64_t lo, hi;
    };
    SmallVector<Clobber> clobbers;
    for (size_t j = i; j-- > 0;) {
      const Event &x = events[j];
      if (!x.write)
        continue;
      if (x.op != e.op && x.buf != e.buf && overlap(x, e)) {
        int64_t lo = std::max(x.lo, e.lo), hi = std::min(x.hi, e.hi);
        if (!covers(newer, lo, hi) && warned.insert({e.op, x.op}).second)
          warnGeometry(e, x, lo, hi);
      }
      if (overlap(x, e))
        newer.push_back({x.lo, x.hi});
      if (x.buf == e.buf) {
        for (const Clobber &c : clobbers) {
          if (!(x.lo < c.hi && c.lo < x.hi))
            continue;
          InFlightDiagnostic d =
              events[c.at].op->emitOpError()
              << "overwrites bytes [" << c.lo << ", " << c.hi << ") of "
              << target::stringifyLevel(
                     *getMemLevel(cast<MemRefType>(e.buf.getType())))
              << " that hold data written by an earlier '" << x.op->getName()
              << "' and still read by a later '" << e.op->getName()
              << "' [overlap_c2]";
          d.attachNote(e.op->getLoc()) << "read here";
          return failure();
        }
        later.push_back({x.lo, x.hi});
        if (covers(later, e.lo, e.hi))
          break; // older data of these bytes is dead
        continue;
      }
      if (x.op == e.op || !overlap(x, e))
        continue;
      int64_t lo = std::max(x.lo, e.lo), hi = std::min(x.hi, e.hi);
      // A read-modify-write (an accumulating Mmad, a Fixpipe into a buffer
      // it reads) updates the data it overwrites: nothing is lost.
      if (!covers(later, lo, hi) && !readsBack(x, lo, hi))
        clobbers.push_back({j, lo, hi});
    }
  }
  return success();
}

/// The same buffer, or placed buffers of one level that share bytes.
bool sameTile(Value x, Value y) {
  if (x == y)
    return true;
  auto rx = placedRange(x), ry = placedRange(y);
  return rx && ry &&
         getMemLevel(cast<MemRefType>(x.getType())) ==
             getMemLevel(cast<MemRefType>(y.getType())) &&
         rx->first < ry->second && ry->first < rx->second;
}

/// unitFlag (§13.3) hands L0C blocks from the Mmad to the Fixpipe: it must
/// be enabled on both or neither of the instructions sharing a C tile
/// (unitflag_c1).
LogicalResult checkUnitFlags(func::FuncOp f) {
  SmallVector<std::pair<Value, Operation *>> flaggedMmad, plainMmad;
  f.walk([&](Operation *op) {
    auto m = dyn_cast<MatmulOpInterface>(op);
    if (!m)
      return;
    Value c = m.getMatrixC();
    int64_t flag = m.getUnitFlagValue();
    (flag ? flaggedMmad : plainMmad).push_back({c, op});
  });
  bool ok = true;
  f.walk(
      [&](FixpipeOp fp) {
        bool flagged = fp.getUnitFlag().value_or(0) != 0;
        auto &other = flagged ? plainMmad : flaggedMmad;
        auto it = llvm::find_if(other, [&](const auto &e) {
          return sameTile(e.first, fp.getSrc());
        });
        if (it == other.end())
          return;
        InFlightDiagnostic d =
            fp.emitOpError()
            << (flagged ? "has unitFlag but the Mmad writing its L0C tile does "
                          "not"
                        : "has no unitFlag but the Mmad writing its L0C tile "
                          "does")
            << "; it must be enabled on both (§13.3) [unitflag_c1]";
        d.attachNote(it->second->getLoc()) << "the Mmad";
        ok = false;
      });
  return success(ok);
}

/// One Mmad-family instruction as the PIPE_M rule sees it.
struct CubeStep {
  Operation *op;
  Value c;
  int64_t m, n;
  bool accumulates;
};

std::optional<CubeStep> cubeStep(Operation *op) {
  auto mm = dyn_cast<MatmulOpInterface>(op);
  if (!mm)
    return std::nullopt;
  FailureOr<MatmulShape> s = mm.getShape();
  // A no-op issues nothing.
  if (failed(s) || s->k == 0 || s->m == 0 || s->n == 0)
    return std::nullopt;
  return CubeStep{op, mm.getMatrixC(), s->m, s->n, mm.accumulates()};
}

/// Consecutive Mmads accumulating into the same L0C tile need
/// PipeBarrier<PIPE_M> between them when the first one's (m/16)·(n/16) < 10
/// (§13.3, sync_c1). Program order follows blocks; a loop body is also
/// checked against its own previous iteration when it may run twice.
class PipeMChecker {
public:
  /// The Mmads that may still be unfenced, one per control-flow path.
  using State = SmallVector<CubeStep, 2>;

  explicit PipeMChecker(const target::ProductInfo *prod) : prod(prod) {}

  /// Scans `block` from `state` and returns the state after it.
  State scan(Block &block, State state) {
    for (Operation &op : block) {
      if (auto b = dyn_cast<PipeBarrierOp>(op)) {
        if (b.getPipe() == Pipe::M || b.getPipe() == Pipe::ALL)
          state.clear();
        continue;
      }
      if (std::optional<CubeStep> s = cubeStep(&op)) {
        if (s->accumulates)
          for (const CubeStep &prev : state)
            if (sameTile(prev.c, s->c))
              check(prev, *s);
        state = {*s};
        continue;
      }
      if (op.getNumRegions() == 0)
        continue;
      std::optional<int64_t> trips;
      Block *body = nullptr;
      if (auto f = dyn_cast<scf::ForOp>(op)) {
        body = f.getBody();
        if (std::optional<APInt> t = f.getStaticTripCount())
          trips = int64_t(t->getLimitedValue(INT64_MAX));
      } else if (auto f = dyn_cast<affine::AffineForOp>(op)) {
        body = f.getBody();
        if (f.hasConstantBounds()) {
          // In 128 bits: the distance of two int64_t bounds can overflow.
          APInt span = APInt(128, f.getConstantUpperBound(), true) -
                       APInt(128, f.getConstantLowerBound(), true);
          APInt step(128, f.getStepAsInt(), true);
          trips =
              span.isStrictlyPositive()
                  ? int64_t(
                        (span + step - 1).sdiv(step).getLimitedValue(INT64_MAX))
                  : 0;
        }
      }
      if (body) {
        if (trips && *trips == 0)
          continue;
        State once = scan(*body, state);
        if (trips && *trips == 1) {
          state = once;
          continue;
        }
        State twice = scan(*body, once); // the next iteration after one
        if (trips) {
          state = twice;
          continue;
        }
        // Unknown trip count: zero, one or more iterations.
        State all = state;
        merge(all, once);
        merge(all, twice);
        state = all;
        continue;
      }
      // Other regions (scf.if, ...): each is checked from the current state;
      // afterwards every path's pending Mmads are (an scf.if without else
      // also passes the state on; other ops are taken to run their regions).
      State out;
      for (Region &r : op.getRegions())
        for (Block &b : r)
          merge(out, scan(b, state));
      if (auto ifOp = dyn_cast<scf::IfOp>(op);
          ifOp && ifOp.getElseRegion().empty())
        merge(out, state);
      state = out;
    }
    return state;
  }

  bool ok = true;

private:
  static void merge(State &into, const State &from) {
    for (const CubeStep &s : from)
      if (llvm::none_of(into, [&](const CubeStep &t) { return t.op == s.op; }))
        into.push_back(s);
  }

  void check(const CubeStep &prev, const CubeStep &next) {
    int64_t blocks = (prev.m / 16) * (prev.n / 16);
    if (blocks >= 10 || !reported.insert(next.op).second)
      return;
    InFlightDiagnostic d =
        next.op->emitOpError()
        << "accumulates into the L0C tile the previous Mmad wrote (m = "
        << prev.m << ", n = " << prev.n << ": (m/16)*(n/16) = " << blocks
        << " < 10) with no ascube.pipe_barrier <M> between them"
        << (prod ? std::string(" on ") + prod->Name : std::string())
        << " (§13.3) [sync_c1]";
    d.attachNote(prev.op->getLoc()) << "the previous Mmad";
    ok = false;
  }

  const target::ProductInfo *prod;
  llvm::DenseSet<Operation *> reported;
};

/// A loop with constant bounds: its induction variable's first and last
/// values; std::nullopt for any other op, or a loop that may run zero times
/// or whose bounds overflow.
struct LoopEnds {
  Value iv;
  int64_t first, last;
};
std::optional<LoopEnds> loopEnds(Operation *op) {
  std::optional<int64_t> lb, ub, step;
  Value iv;
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    if (f.getUnsignedCmp())
      return std::nullopt;
    lb = getConstantIntValue(f.getLowerBound());
    ub = getConstantIntValue(f.getUpperBound());
    step = getConstantIntValue(f.getStep());
    iv = f.getInductionVar();
  } else if (auto f = dyn_cast<affine::AffineForOp>(op)) {
    if (!f.hasConstantBounds())
      return std::nullopt;
    lb = f.getConstantLowerBound();
    ub = f.getConstantUpperBound();
    step = f.getStepAsInt();
    iv = f.getInductionVar();
  }
  if (!lb || !ub || !step || *step <= 0 || *ub <= *lb)
    return std::nullopt;
  std::optional<int64_t> span = llvm::checkedSub(*ub - 1, *lb);
  if (!span)
    return std::nullopt;
  return LoopEnds{iv, *lb, *lb + (*span / *step) * *step};
}

/// The base alignment `callee`'s instructions need of its on-core argument
/// `index` (getRequiredBaseAlignment of its uses, through further calls).
int64_t requiredArgumentAlignment(func::FuncOp callee, unsigned index,
                                  llvm::DenseSet<Operation *> &visiting) {
  int64_t align = 1;
  if (callee.isExternal() || !visiting.insert(callee).second)
    return align;
  for (OpOperand &use : callee.getArgument(index).getUses()) {
    if (auto call = dyn_cast<func::CallOp>(use.getOwner())) {
      if (auto next = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
              call, call.getCalleeAttr()))
        align = std::max(align, requiredArgumentAlignment(
                                    next, use.getOperandNumber(), visiting));
      continue;
    }
    align = std::max(align, getRequiredBaseAlignment(use));
  }
  visiting.erase(callee);
  return align;
}

/// At a call of a function of the module, each placed on-core buffer sits
/// where the callee takes it (arg_c3): at the parameter's ascube.offset
/// when it names one (an unplaced buffer cannot promise that), otherwise at
/// an address the callee's instructions accept.
LogicalResult checkCallSites(func::FuncOp f) {
  bool ok = true;
  f.walk([&](func::CallOp call) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal() ||
        callee.getNumArguments() != call.getNumOperands())
      return;
    for (auto [i, v] : llvm::enumerate(call.getOperands())) {
      BlockArgument param = callee.getArgument(i);
      if (!isOnCoreArgument(param))
        continue;
      std::optional<int64_t> want = getPlacedOffset(param);
      std::optional<int64_t> at = getPlacedOffset(v);
      if (want && at != want) {
        InFlightDiagnostic d = call.emitOpError()
                               << "passes operand #" << i << " ";
        if (at)
          d << "placed at " << *at << " B";
        else
          d << "with no fixed place";
        d << " to @" << callee.getName()
          << ", whose argument is placed at ascube.offset " << *want
          << " B [arg_c3]";
        ok = false;
        continue;
      }
      if (want || !at)
        continue;
      llvm::DenseSet<Operation *> visiting;
      int64_t align = requiredArgumentAlignment(callee, i, visiting);
      if (*at % align != 0) {
        call.emitOpError() << "passes operand #" << i << " placed at " << *at
                           << " B to @" << callee.getName()
                           << ", whose instructions need the buffer " << align
                           << " B aligned [arg_c3]";
        ok = false;
      }
    }
  });
  return success(ok);
}

/// Offsets that only loops make dynamic: a mover nested only in loops with
/// constant bounds (at least one iteration each), directly in the body of
/// a single-block function, whose offsets the index arithmetic gives
/// (IndexEval.h) is checked, at the first and the last iteration of each
/// loop (every combination, the four innermost loops), against its bounds
/// rule and alignment_c2: values the kernel executes, so nothing legal is
/// refused. A mover under a conditional (scf.if, affine.if), a while loop,
/// a loop of unknown bounds or in a branchy function may not run at those
/// iterations: its offsets are left to the run-time checks.
LogicalResult checkLoopOffsets(func::FuncOp f) {
  bool ok = true;
  f.walk([&](Operation *op) {
    std::optional<MoverFacts> m = getMoverFacts(op);
    if (!m)
      return;
    auto dynamic = [](Value v) { return v && !getConstantIntValue(v); };
    if (!dynamic(m->srcOffset) && !dynamic(m->dstOffset))
      return;
    if (!f.getBody().hasOneBlock())
      return;
    SmallVector<LoopEnds> loops;
    for (Operation *p = op->getParentOp(); p != f; p = p->getParentOp()) {
      std::optional<LoopEnds> l = p ? loopEnds(p) : std::nullopt;
      if (!l)
        return; // the mover may not run at the loops' ends
      if (loops.size() < 4)
        loops.push_back(*l);
    }
    if (loops.empty())
      return;
    for (unsigned corner = 0; corner < (1u << loops.size()); ++corner) {
      llvm::DenseMap<Value, int64_t> ivs;
      for (auto [i, l] : llvm::enumerate(loops))
        ivs[l.iv] = (corner >> i) & 1 ? l.last : l.first;
      // "(with the loop's induction variable at its first iteration, 0)";
      // outer loops listed first.
      auto at = [&] {
        std::string s;
        llvm::raw_string_ostream os(s);
        os << " (with the enclosing loop" << (loops.size() > 1 ? "s'" : "'s")
           << " induction variable" << (loops.size() > 1 ? "s" : "") << " at ";
        for (size_t i = loops.size(); i-- > 0;)
          os << ((corner >> i) & 1 ? "last " : "first ") << ivs[loops[i].iv]
             << (i ? ", " : "");
        os << ")";
        return s;
      };
      auto check = [&](StringRef role, Value buf, Value off, int64_t extent,
                       int64_t align) {
        if (!dynamic(off) || extent <= 0)
          return true;
        std::optional<int64_t> v = evalIndex(off, ivs);
        if (!v)
          return true;
        auto type = cast<MemRefType>(buf.getType());
        std::optional<int64_t> elems;
        {
          ScopedDiagnosticHandler quiet(f.getContext(),
                                        [](Diagnostic &) { return success(); });
          FailureOr<layout::FractalLayout> l = getFractalLayout(
              type, [&] { return emitError(UnknownLoc::get(f.getContext())); });
          if (succeeded(l))
            elems = l->numElements();
        }
        if (!elems)
          return true;
        if (*v < 0 || *v > *elems - extent) {
          op->emitOpError()
              << role << " offset " << *v << at()
              << (*v < 0 ? " is negative"
                         : " runs past the " + role.str() + " buffer")
              << ": " << extent << " elements from it in " << type
              << ", which holds " << *elems << " elements [" << m->boundsLabel
              << "]";
          return false;
        }
        std::optional<int64_t> base = getStaticBase(buf);
        unsigned bits = getElementBitWidth(type.getElementType()).value_or(8);
        // The address in bits, modulo the alignment (no product of a large
        // offset and the element width is formed): 0 <= v, base.
        int64_t unit = int64_t(align) * 8;
        if (base && align > 1 &&
            ((*base % align) * 8 + (*v % unit) * int64_t(bits)) % unit) {
          InFlightDiagnostic d = op->emitOpError();
          std::optional<int64_t> bitOff = llvm::checkedMul(*v, int64_t(bits));
          std::optional<int64_t> addr =
              bitOff ? llvm::checkedAdd(*base, *bitOff / 8) : std::nullopt;
          if (addr)
            d << role << " address " << *addr << " B";
          else
            d << role << " address " << *base << " B + " << *v << " " << bits
              << "-bit elements";
          d << at() << " is not a multiple of " << align << " B [alignment_c2]";
          return false;
        }
        return true;
      };
      if (!check("source", m->src, m->srcOffset, m->extents.src,
                 m->align.src) ||
          !check("destination", m->dst, m->dstOffset, m->extents.dst,
                 m->align.dst)) {
        ok = false;
        return;
      }
    }
  });
  return success(ok);
}

struct AscubeVerifyTargetPass
    : ascube::impl::AscubeVerifyTargetBase<AscubeVerifyTargetPass> {
  using AscubeVerifyTargetBase::AscubeVerifyTargetBase;
  void runOnOperation() override {
    bool ok = true;
    EventCollector collector;
    getOperation().walk([&](func::FuncOp f) {
      if (f.isExternal() || (onlyWithTarget && !getTargetProduct(f)))
        return;
      ok &= succeeded(checkPlacedArguments(f));
      ok &= succeeded(checkCallSites(f));
      ok &= succeeded(checkLoopOffsets(f));
      if (const target::ProductInfo *prod = getTargetProduct(f))
        ok &= succeeded(checkLevelTotals(f, *prod));
      f.walk([&](Operation *op) {
        if (!accesses(op).empty())
          ok &= succeeded(checkOverlaps(op));
      });
      ok &= succeeded(checkLiveOverlaps(f, collector));
      ok &= succeeded(checkUnitFlags(f));
      PipeMChecker pipeM(getTargetProduct(f));
      for (Block &b : f.getBody())
        pipeM.scan(b, {});
      ok &= pipeM.ok;
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
