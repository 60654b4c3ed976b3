//===- LiveData.cpp - ascube-verify-target: overlapping buffers ----------===//
//
// The overlap rules of ascube-verify-target (cube-reference §1;
// docs/Constraints.md): operands of one instruction (overlap_c1), data
// overwritten through an overlapping placed buffer while still live, calls
// included (overlap_c2), and data handed across buffers of another geometry
// (overlap_c3, a warning).
//
//===----------------------------------------------------------------------===//

#include "VerifyTargetRules.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::verify;
using target::Level;

namespace {

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

/// The parts of [lo, hi) that no range of `ranges` covers.
SmallVector<std::pair<int64_t, int64_t>>
gaps(SmallVector<std::pair<int64_t, int64_t>> ranges, int64_t lo, int64_t hi) {
  llvm::sort(ranges);
  SmallVector<std::pair<int64_t, int64_t>> out;
  for (auto [a, b] : ranges) {
    if (b <= lo)
      continue;
    if (a >= hi)
      break;
    if (a > lo)
      out.push_back({lo, a});
    lo = std::max(lo, b);
  }
  if (lo < hi)
    out.push_back({lo, hi});
  return out;
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
/// elsewhere. Returns whether it warned (bytes that are padding in either
/// layout carry no data and never disagree).
bool warnGeometry(const Event &e, const Event &x, int64_t lo, int64_t hi) {
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
    return false;
  std::optional<Disagreement> d = layoutsDisagree(*el, *es, *xl, *xs, lo, hi);
  if (!d)
    return false;
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
  return true;
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
      if (x.op != e.op && x.buf != e.buf && overlap(x, e) &&
          !warned.contains({e.op, x.op})) {
        // Only the bytes whose newest write is x hand data across.
        int64_t lo = std::max(x.lo, e.lo), hi = std::min(x.hi, e.hi);
        for (auto [glo, ghi] : gaps(newer, lo, hi))
          if (warnGeometry(e, x, glo, ghi)) {
            warned.insert({e.op, x.op});
            break;
          }
      }
      if (overlap(x, e))
        newer.push_back({x.lo, x.hi});
      if (x.buf == e.buf) {
        for (const Clobber &c : clobbers) {
          if (!(x.lo < c.hi && c.lo < x.hi))
            continue;
          // Bytes of x that a later write of the buffer replaced before the
          // read are dead: their loss is no loss (a partial rewrite, e.g.
          // ND2NZ writing nValue rows of a fractal, leaves only the rest).
          if (covers(later, std::max(x.lo, c.lo), std::min(x.hi, c.hi)))
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

} // namespace

/// The buffer operands of one instruction in the same level do not overlap
/// (overlap_c1).
LogicalResult ascube::verify::checkOverlaps(Operation *op) {
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

bool ascube::verify::hasAccesses(Operation *op) {
  return !accesses(op).empty();
}

struct LiveDataChecker::Impl {
  EventCollector collector;
};
LiveDataChecker::LiveDataChecker() : impl(std::make_unique<Impl>()) {}
LiveDataChecker::~LiveDataChecker() = default;
LogicalResult LiveDataChecker::check(func::FuncOp f) {
  return checkLiveOverlaps(f, impl->collector);
}
