//===- EstimateTime.cpp - ascube-estimate-time ----------------------------===//
//
// EstimateTime.h: a walk of each block's control flow with constant index
// values, recording what the lowering's hooks (AscubeToLoops'
// Instrumentation.cpp) report of each instruction — the same facts, in
// the same order, so that the time equals ascube-run --timeline-only's
// (test/Integration/estimate-time.test checks it).
//
//===----------------------------------------------------------------------===//

#include "ascube/Dialect/Ascube/Transforms/EstimateTime.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"
#include "ascube/Target/Target.h"
#include "ascube/Timing/KernelTimer.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBEESTIMATETIME
#include "ascube/Dialect/Ascube/Transforms/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using target::Level;
using timing::BlockLog;
using timing::InstructionFacts;
using timing::KernelTimer;

namespace {

/// Where a memref's first element is: a synthetic base per root buffer (a
/// function argument or an allocation, 2^40 bytes apart, as distinct host
/// buffers are) plus an offset in its storage elements.
struct View {
  int64_t base = -1, offset = 0;
};

/// What an instruction is, from its attributes and types alone (the same
/// on every visit): the hooks' static arguments.
struct OpFacts {
  /// Its site, pipe, unitFlag and work; no accesses yet.
  InstructionFacts head;
  std::optional<MoverFacts> mover;
};

/// `v` as a value of integer type `t` holds it: the low bits of its width,
/// sign-extended (index and i64: all 64).
int64_t fit(int64_t v, Type t) {
  unsigned w = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
  return w >= 64 || w == 0 ? v : llvm::SignExtend64(uint64_t(v), w);
}

/// `v` (of integer type `t`) read as unsigned.
uint64_t unsignedOf(int64_t v, Type t) {
  unsigned w = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
  return w >= 64 || w == 0 ? uint64_t(v)
                           : uint64_t(v) & ((uint64_t(1) << w) - 1);
}

/// Bytes one storage element of `t` takes (AscubeToLoops' storage: 4-bit
/// data two to a byte, other data in whole bytes).
int64_t storageBytes(MemRefType t, bool flat) {
  unsigned bits = getElementBitWidth(t.getElementType()).value_or(8);
  if (flat && bits == 4)
    return 1;
  return std::max<int64_t>(1, bits / 8);
}

/// Whether AscubeToLoops stores `t` as a flat 1-D buffer (its
/// needsFlattening: a layout or a level, or data packed in bytes).
bool isFlat(MemRefType t) {
  if (isa<LayoutAttr>(t.getLayout()) ||
      isa_and_nonnull<MemSpaceAttr>(t.getMemorySpace()))
    return true;
  return getElementBitWidth(t.getElementType()).value_or(8) == 4;
}

class Walker {
public:
  Walker(KernelTimer &timer, std::vector<std::string> &sites)
      : timer(timer), sites(sites) {}

  /// Runs `f` as block `block` of `blocks` into `log`; false with `error`.
  bool runBlock(func::FuncOp f, unsigned block, unsigned blocks,
                BlockLog &log) {
    if (!f.getBody().hasOneBlock())
      return fail(f, "its body has more than one block (unstructured "
                     "control flow: the walk follows scf.for and scf.if)");
    blockIdx = block;
    blockNum = blocks;
    current = &log;
    values.clear();
    views.clear();
    globalBases.clear();
    nextBase = 0;
    for (BlockArgument arg : f.getArguments())
      if (isa<MemRefType>(arg.getType()))
        views[arg] = View{(++nextBase) << 40, 0};
    return run(f.getBody().front());
  }

  std::string error;
  /// Ops walked, and how many may be (the walk fails past it).
  uint64_t steps = 0, maxSteps = 0;

private:
  bool fail(Operation *op, const Twine &why) {
    std::string loc;
    llvm::raw_string_ostream os(loc);
    op->getLoc().print(os);
    error = ("cannot follow '" + op->getName().getStringRef() + "' at " + loc +
             ": " + why)
                .str();
    return false;
  }

  std::optional<int64_t> get(Value v) {
    if (!v)
      return 0;
    if (auto it = values.find(v); it != values.end())
      return it->second;
    return std::nullopt;
  }

  bool need(Operation *op, Value v, int64_t &out) {
    std::optional<int64_t> x = get(v);
    if (!x) {
      std::string what;
      llvm::raw_string_ostream os(what);
      if (Operation *def = v.getDefiningOp()) {
        os << "the result of '" << def->getName() << "' at ";
        def->getLoc().print(os);
      } else {
        os << "a block argument";
      }
      return fail(op, "a value it needs, " + what +
                          ", is not a constant of the control flow (read "
                          "from memory, or unknown to the walk); "
                          "ascube-run --timeline-only with that input runs it");
    }
    out = *x;
    return true;
  }

  /// Sets (or, unknown, forgets) the value of `v`.
  void set(Value v, std::optional<int64_t> x) {
    if (x)
      values[v] = fit(*x, v.getType());
    else
      values.erase(v);
  }

  bool run(Block &block) {
    for (Operation &op : block)
      if (!step(op))
        return false;
    return true;
  }

  /// The values `block` yields (its terminator's operands; unknown ones
  /// fail only where used).
  SmallVector<std::optional<int64_t>> yielded(Block &block) {
    SmallVector<std::optional<int64_t>> out;
    for (Value v : block.getTerminator()->getOperands())
      out.push_back(get(v));
    return out;
  }

  /// An integer arith op of two operands: its result, or (an unknown
  /// operand, a division by zero, a signed division that overflows) none.
  /// False for ops it does not know.
  bool arith(Operation &op) {
    Type t = op.getOperand(0).getType();
    using R = std::optional<int64_t>;
    auto bin = [&](auto fn) {
      R a = get(op.getOperand(0)), b = get(op.getOperand(1));
      set(op.getResult(0), a && b ? fn(*a, *b) : R());
      return true;
    };
    auto u = [&](int64_t v) { return unsignedOf(v, t); };
    auto wrap = [](uint64_t v) { return R(int64_t(v)); };
    // Signed division overflows only at the minimum over -1.
    auto sdiv = [](int64_t a, int64_t b, auto fn) -> R {
      if (b == 0 || (a == std::numeric_limits<int64_t>::min() && b == -1))
        return R();
      return fn(a, b);
    };
    return llvm::TypeSwitch<Operation *, bool>(&op)
        .Case([&](arith::AddIOp) {
          return bin([&](int64_t a, int64_t b) { return wrap(u(a) + u(b)); });
        })
        .Case([&](arith::SubIOp) {
          return bin([&](int64_t a, int64_t b) { return wrap(u(a) - u(b)); });
        })
        .Case([&](arith::MulIOp) {
          return bin([&](int64_t a, int64_t b) { return wrap(u(a) * u(b)); });
        })
        .Case([&](arith::DivSIOp) {
          return bin([&](int64_t a, int64_t b) {
            return sdiv(a, b, [](int64_t x, int64_t y) { return R(x / y); });
          });
        })
        .Case([&](arith::RemSIOp) {
          return bin([&](int64_t a, int64_t b) {
            return sdiv(a, b, [](int64_t x, int64_t y) { return R(x % y); });
          });
        })
        .Case([&](arith::CeilDivSIOp) {
          return bin([&](int64_t a, int64_t b) {
            return sdiv(a, b, [](int64_t x, int64_t y) {
              return R(x / y + int64_t(x % y != 0 && (x < 0) == (y < 0)));
            });
          });
        })
        .Case([&](arith::FloorDivSIOp) {
          return bin([&](int64_t a, int64_t b) {
            return sdiv(a, b, [](int64_t x, int64_t y) {
              return R(x / y - int64_t(x % y != 0 && (x < 0) != (y < 0)));
            });
          });
        })
        .Case([&](arith::DivUIOp) {
          return bin([&](int64_t a, int64_t b) {
            return u(b) == 0 ? R() : wrap(u(a) / u(b));
          });
        })
        .Case([&](arith::RemUIOp) {
          return bin([&](int64_t a, int64_t b) {
            return u(b) == 0 ? R() : wrap(u(a) % u(b));
          });
        })
        .Case([&](arith::CeilDivUIOp) {
          return bin([&](int64_t a, int64_t b) {
            return u(b) == 0 ? R()
                             : wrap(u(a) / u(b) + uint64_t(u(a) % u(b) != 0));
          });
        })
        .Case([&](arith::MinSIOp) {
          return bin([](int64_t a, int64_t b) { return R(std::min(a, b)); });
        })
        .Case([&](arith::MaxSIOp) {
          return bin([](int64_t a, int64_t b) { return R(std::max(a, b)); });
        })
        .Case([&](arith::MinUIOp) {
          return bin(
              [&](int64_t a, int64_t b) { return wrap(std::min(u(a), u(b))); });
        })
        .Case([&](arith::MaxUIOp) {
          return bin(
              [&](int64_t a, int64_t b) { return wrap(std::max(u(a), u(b))); });
        })
        .Case([&](arith::AndIOp) {
          return bin([](int64_t a, int64_t b) { return R(a & b); });
        })
        .Case([&](arith::OrIOp) {
          return bin([](int64_t a, int64_t b) { return R(a | b); });
        })
        .Case([&](arith::XOrIOp) {
          return bin([](int64_t a, int64_t b) { return R(a ^ b); });
        })
        .Case([&](arith::CmpIOp c) {
          auto pred = c.getPredicate();
          return bin([&, pred](int64_t a, int64_t b) -> R {
            uint64_t ua = u(a), ub = u(b);
            using P = arith::CmpIPredicate;
            switch (pred) {
            case P::eq:
              return int64_t(a == b);
            case P::ne:
              return int64_t(a != b);
            case P::slt:
              return int64_t(a < b);
            case P::sle:
              return int64_t(a <= b);
            case P::sgt:
              return int64_t(a > b);
            case P::sge:
              return int64_t(a >= b);
            case P::ult:
              return int64_t(ua < ub);
            case P::ule:
              return int64_t(ua <= ub);
            case P::ugt:
              return int64_t(ua > ub);
            case P::uge:
              return int64_t(ua >= ub);
            }
            return R();
          });
        })
        .Default([](Operation *) { return false; });
  }

  /// Whether a loop, branch or other op with regions takes no pipe's time
  /// and makes no value the walk needs: no results, and nothing in it is
  /// an instruction, a flag op, a program or a call (the kernel's own
  /// loops over memory).
  bool timeless(Operation &op) {
    if (op.getNumResults() != 0)
      return false;
    auto [it, inserted] = timelessCache.try_emplace(&op, true);
    if (inserted)
      it->second = !op.walk([](Operation *o) {
                        if (getInstructionPipe(o) ||
                            isa<SetFlagOp, WaitFlagOp, PipeBarrierOp, SyncAllOp,
                                ProgramOp, func::CallOp>(o))
                          return WalkResult::interrupt();
                        return WalkResult::advance();
                      }).wasInterrupted();
    return it->second;
  }

  bool step(Operation &op) {
    if (maxSteps && ++steps > maxSteps)
      return fail(
          &op, llvm::formatv("the walk passed its budget of {0} ops", maxSteps)
                   .str());
    // A value computed on an earlier visit is not this one's.
    for (Value r : op.getResults()) {
      values.erase(r);
      views.erase(r);
    }
    if (auto c = dyn_cast<arith::ConstantOp>(op)) {
      if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
        set(c.getResult(), i.getValue().getSExtValue());
      return true;
    }
    if (op.getDialect() && op.getDialect()->getNamespace() == "arith" &&
        op.getNumResults() == 1 && op.getNumOperands() == 2 &&
        isa<IndexType, IntegerType>(op.getOperand(0).getType()) && arith(op))
      return true;
    if (isa<arith::IndexCastOp, arith::ExtSIOp, arith::TruncIOp>(op)) {
      // (Values are held sign-extended: a signed cast keeps them.)
      set(op.getResult(0), get(op.getOperand(0)));
      return true;
    }
    if (isa<arith::IndexCastUIOp, arith::ExtUIOp>(op)) {
      std::optional<int64_t> x = get(op.getOperand(0));
      set(op.getResult(0), x ? std::optional<int64_t>(int64_t(
                                   unsignedOf(*x, op.getOperand(0).getType())))
                             : std::nullopt);
      return true;
    }
    if (auto s = dyn_cast<arith::SelectOp>(op)) {
      std::optional<int64_t> c = get(s.getCondition());
      Value picked = c ? (*c ? s.getTrueValue() : s.getFalseValue()) : Value();
      if (picked) {
        if (isa<IndexType, IntegerType>(picked.getType()))
          set(s.getResult(), get(picked));
        if (auto it = views.find(picked); it != views.end())
          views[s.getResult()] = it->second;
      }
      return true;
    }
    if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
      SmallVector<Attribute> operands;
      for (Value o : apply.getMapOperands()) {
        std::optional<int64_t> x = get(o);
        if (!x)
          return true; // unknown, failing where needed
        operands.push_back(
            IntegerAttr::get(IndexType::get(op.getContext()), *x));
      }
      SmallVector<Attribute> out;
      if (succeeded(apply.getAffineMap().constantFold(operands, out)) &&
          out.size() == 1 && isa<IntegerAttr>(out[0]))
        set(apply.getResult(), cast<IntegerAttr>(out[0]).getInt());
      return true;
    }
    if (isa<BlockIdxOp>(op)) {
      set(op.getResult(0), int64_t(blockIdx));
      return true;
    }
    if (isa<BlockNumOp>(op)) {
      set(op.getResult(0), int64_t(blockNum));
      return true;
    }
    if (isa<scf::ForOp, scf::IfOp>(op) && timeless(op))
      return true;
    if (auto f = dyn_cast<scf::ForOp>(op))
      return forLoop(f);
    if (auto i = dyn_cast<scf::IfOp>(op))
      return ifOp(i);
    if (auto p = dyn_cast<ProgramOp>(op))
      return run(p.getBody().front());
    if (auto call = dyn_cast<func::CallOp>(op))
      return callOp(call);
    if (isa<LoadOp>(op))
      return fail(&op, "an ascube.load is no instruction yet: run "
                       "ascube-select-movers first");
    if (isa<memref::AllocOp, memref::AllocaOp, AllocOp>(op)) {
      views[op.getResult(0)] = View{(++nextBase) << 40, 0};
      return true;
    }
    if (auto g = dyn_cast<memref::GetGlobalOp>(op)) {
      // One buffer per global, whichever get_global names it.
      int64_t &base = globalBases[g.getNameAttr()];
      if (base == 0)
        base = (++nextBase) << 40;
      views[g.getResult()] = View{base, 0};
      return true;
    }
    if (auto sv = dyn_cast<memref::SubViewOp>(op))
      return subview(sv);
    if (auto rc = dyn_cast<memref::ReinterpretCastOp>(op)) {
      auto it = views.find(rc.getSource());
      if (it == views.end())
        return true;
      View v{it->second.base, 0};
      SmallVector<OpFoldResult> offs = rc.getMixedOffsets();
      if (!offs.empty()) {
        std::optional<int64_t> o = getConstantIntValue(offs[0]);
        if (!o)
          if (auto val = dyn_cast<Value>(offs[0]))
            o = get(val);
        if (!o)
          return true;
        v.offset = *o;
      }
      views[rc.getResult()] = v;
      return true;
    }
    if (isa<memref::CastOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
            memref::TransposeOp>(op)) {
      if (auto it = views.find(op.getOperand(0)); it != views.end())
        views[op.getResult(0)] = it->second;
      return true;
    }
    if (auto s = dyn_cast<SetFlagOp>(op))
      return flag(op, 0, unsigned(s.getSrc()), unsigned(s.getDst()),
                  s.getEvent());
    if (auto w = dyn_cast<WaitFlagOp>(op))
      return flag(op, 1, unsigned(w.getSrc()), unsigned(w.getDst()),
                  w.getEvent());
    if (auto p = dyn_cast<PipeBarrierOp>(op))
      return flag(op, 2, unsigned(p.getPipe()), unsigned(p.getPipe()), {});
    if (isa<SyncAllOp>(op))
      // SyncAll: kind 3 (Instrumentation.cpp).
      return flag(op, 3, unsigned(Pipe::ALL), unsigned(Pipe::ALL), {});
    if (getInstructionPipe(&op))
      return instruction(op);
    if (op.getNumRegions() != 0 && !timeless(op))
      return fail(&op, "the walk follows scf.for, scf.if, func.call and "
                       "ascube.program; this op's regions hold what takes a "
                       "pipe's time");
    // Anything else takes no pipe's time (the kernel's own memref and
    // linalg ops run on the host's side in ascube-run, with no hook).
    return true;
  }

  bool forLoop(scf::ForOp f) {
    int64_t lb, ub, st;
    if (!need(f, f.getLowerBound(), lb) || !need(f, f.getUpperBound(), ub) ||
        !need(f, f.getStep(), st))
      return false;
    Type t = f.getInductionVar().getType();
    bool unsignedCmp = f.getUnsignedCmp();
    if (unsignedCmp ? unsignedOf(st, t) == 0 : st <= 0)
      return fail(f, "its step is not positive");
    SmallVector<std::optional<int64_t>> carried;
    for (Value v : f.getInitArgs())
      carried.push_back(get(v));
    Block &body = *f.getBody();
    for (int64_t i = lb;
         unsignedCmp ? unsignedOf(i, t) < unsignedOf(ub, t) : i < ub;) {
      set(f.getInductionVar(), i);
      for (auto [arg, x] : llvm::zip(f.getRegionIterArgs(), carried))
        set(arg, x);
      if (!run(body))
        return false;
      carried = yielded(body);
      // The next value at the variable's width; one that wraps past the
      // end of its range ends the loop.
      int64_t next = fit(int64_t(uint64_t(i) + uint64_t(st)), t);
      if (unsignedCmp ? unsignedOf(next, t) <= unsignedOf(i, t) : next <= i)
        break;
      i = next;
    }
    for (auto [r, x] : llvm::zip(f.getResults(), carried))
      set(r, x);
    return true;
  }

  bool ifOp(scf::IfOp i) {
    int64_t c;
    if (!need(i, i.getCondition(), c))
      return false;
    Region &r = c ? i.getThenRegion() : i.getElseRegion();
    if (r.empty())
      return true;
    if (!run(r.front()))
      return false;
    for (auto [res, x] : llvm::zip(i.getResults(), yielded(r.front())))
      set(res, x);
    return true;
  }

  bool callOp(func::CallOp call) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return fail(call, "its callee has no body here");
    if (!callee.getBody().hasOneBlock())
      return fail(call, "its callee's body has more than one block");
    if (++depth > 64)
      return fail(call, "calls nest deeper than 64");
    Block &entry = callee.getBody().front();
    for (auto [arg, v] : llvm::zip(entry.getArguments(), call.getOperands())) {
      if (isa<IndexType, IntegerType>(v.getType()))
        set(arg, get(v));
      views.erase(arg);
      if (auto it = views.find(v); it != views.end())
        views[arg] = it->second;
    }
    bool ok = run(entry);
    --depth;
    if (ok)
      for (auto [r, x] : llvm::zip(call.getResults(), yielded(entry)))
        set(r, x);
    return ok;
  }

  bool subview(memref::SubViewOp sv) {
    auto it = views.find(sv.getSource());
    if (it == views.end())
      return true;
    auto src = cast<MemRefType>(sv.getSource().getType());
    SmallVector<int64_t> strides;
    int64_t off;
    if (failed(src.getStridesAndOffset(strides, off)))
      return true;
    View v = it->second;
    for (auto [o, stride] : llvm::zip(sv.getMixedOffsets(), strides)) {
      std::optional<int64_t> x = getConstantIntValue(o);
      if (!x)
        if (auto val = dyn_cast<Value>(o))
          x = get(val);
      if (!x || ShapedType::isDynamic(stride))
        return true; // unknown: fails where a GM read needs it
      v.offset += *x * stride;
    }
    views[sv.getResult()] = v;
    return true;
  }

  bool flag(Operation &op, int64_t kind, unsigned src, unsigned dst,
            Value event) {
    int64_t e = 0;
    if (event && !need(&op, event, e))
      return false;
    KernelTimer::flag(*current, siteOf(op), kind, src, dst, e);
    return true;
  }

  int64_t siteOf(Operation &op) {
    auto [it, inserted] = siteIndex.try_emplace(&op, int64_t(sites.size()));
    if (inserted)
      sites.push_back(getSiteText(&op));
    return it->second;
  }

  const OpFacts &factsOf(Operation &op) {
    auto [it, inserted] = opFacts.try_emplace(&op);
    if (!inserted)
      return it->second;
    OpFacts &f = it->second;
    InstructionFacts &h = f.head;
    h.site = siteOf(op);
    h.pipe = unsigned(*getInstructionPipe(&op));
    if (auto i = dyn_cast<InstructionOpInterface>(op))
      h.unitFlag = i.getUnitFlagValue();
    if (std::optional<InstructionWork> w = getInstructionWork(&op)) {
      h.kind = w->kind;
      h.a = w->a;
      h.b = w->b;
      h.c = w->c;
      h.d = w->d;
    }
    f.mover = getMoverFacts(&op);
    return f;
  }

  bool instruction(Operation &op) {
    const OpFacts &f = factsOf(op);
    InstructionFacts p = f.head;
    if (f.mover) {
      const MoverFacts &m = *f.mover;
      if (!access(op, p, m.src, m.srcOffset, m.extents.src, false,
                  m.extents.srcRuns) ||
          !access(op, p, m.dst, m.dstOffset, m.extents.dst, true,
                  m.extents.dstRuns) ||
          !otherOperands(op, p))
        return false;
    } else if (auto m = dyn_cast<MoverOpInterface>(op)) {
      if (!access(op, p, m.getSourceBuffer(), {}, std::nullopt, false) ||
          !access(op, p, m.getDestinationBuffer(), {}, std::nullopt, true) ||
          !otherOperands(op, p))
        return false;
    } else if (auto m = dyn_cast<MatmulOpInterface>(op)) {
      SmallVector<Value> inputs;
      m.getInputs(inputs);
      for (Value v : inputs)
        if (!access(op, p, v, {}, std::nullopt, false))
          return false;
      if (m.accumulates() &&
          !access(op, p, m.getMatrixC(), {}, std::nullopt, false))
        return false;
      if (!access(op, p, m.getMatrixC(), {}, std::nullopt, true))
        return false;
    }
    timer.instruction(*current, blockIdx, p);
    return true;
  }

  bool otherOperands(Operation &op, InstructionFacts &p) {
    SmallVector<Value, 2> reads, writes;
    cast<MoverOpInterface>(op).getOtherOperands(reads, writes);
    for (Value v : reads)
      if (!access(op, p, v, {}, std::nullopt, false))
        return false;
    for (Value v : writes)
      if (!access(op, p, v, {}, std::nullopt, true))
        return false;
    return true;
  }

  /// One access as the hook reports it (Instrumentation.cpp's
  /// HookBuilder::access, then ascube-run's timeline::access).
  bool access(Operation &op, InstructionFacts &p, Value buf, Value offset,
              std::optional<int64_t> extent, bool write,
              const std::optional<AccessExtents::Runs> &runs = std::nullopt) {
    if (!buf)
      return true;
    auto t = cast<MemRefType>(buf.getType());
    Level level = getMemLevel(t).value_or(Level::GM);
    bool flat = isFlat(t);
    int64_t bits = getElementBitWidth(t.getElementType()).value_or(8);
    int64_t staticBase = getStaticBase(buf).value_or(0);
    // The GM address of buf's first element, for GM reads only.
    int64_t base = 0;
    if (level == Level::GM && !write) {
      auto it = views.find(buf);
      if (it == views.end())
        return fail(&op, "the GM buffer it reads is no view the walk "
                         "follows (an argument, an allocation, subview, "
                         "reinterpret_cast, cast, expand or collapse_shape "
                         "of one with static strides)");
      base = it->second.base + it->second.offset * storageBytes(t, flat);
    }
    // Bytes [lo, hi) from buf's first element, as ascube-run's hook
    // reports them (addresses: the synthetic base added).
    auto report = [&](int64_t lo, int64_t hi) {
      p.access(int(level), base + lo, base + hi, lo + staticBase, write);
    };
    auto elements = [&](int64_t first, int64_t n) {
      report(first * bits / 8, ((first + n) * bits + 7) / 8);
    };
    int64_t first = 0;
    if (offset && !need(&op, offset, first))
      return false;
    if (extent && runs && runs->count * runs->outer > 1) {
      for (int64_t o = 0; o < runs->outer; ++o)
        for (int64_t i = 0; i < runs->count; ++i)
          elements(first + o * runs->outerPitch + i * runs->pitch,
                   runs->length);
      return true;
    }
    if (extent) {
      elements(first, *extent);
      return true;
    }
    // The whole buffer: its storage's span.
    int64_t span;
    if (flat) {
      FailureOr<layout::FractalLayout> l =
          getFractalLayout(t, [&] { return op.emitError(); });
      if (failed(l))
        return fail(&op, "its buffer has no layout");
      int64_t per = bits == 4 ? 2 : 1;
      span = (l->numElements() + per - 1) / per;
    } else {
      SmallVector<int64_t> strides;
      int64_t off;
      if (failed(t.getStridesAndOffset(strides, off)) || !t.hasStaticShape())
        return fail(&op, "a buffer it reaches whole has a dynamic shape");
      span = 1;
      for (auto [size, stride] : llvm::zip(t.getShape(), strides)) {
        if (size == 0) {
          span = 0;
          break;
        }
        span += (size - 1) * stride;
      }
    }
    report(0, span * storageBytes(t, flat));
    return true;
  }

  KernelTimer &timer;
  std::vector<std::string> &sites;
  BlockLog *current = nullptr;
  unsigned blockIdx = 0, blockNum = 1, depth = 0;
  int64_t nextBase = 0;
  DenseMap<Value, int64_t> values;
  DenseMap<Value, View> views;
  DenseMap<Attribute, int64_t> globalBases;
  DenseMap<Operation *, int64_t> siteIndex;
  DenseMap<Operation *, OpFacts> opFacts;
  DenseMap<Operation *, bool> timelessCache;
};

} // namespace

TimeEstimate ascube::estimateKernelTime(func::FuncOp kernel,
                                        const TimeEstimateOptions &options) {
  TimeEstimate out;
  const target::ProductInfo *product = getTargetProduct(kernel);
  if (std::optional<std::string> why =
          KernelTimer::refusal(product, "the timing model")) {
    out.error = *why;
    return out;
  }
  if (kernel.isExternal()) {
    out.error = "@" + kernel.getName().str() + " has no body";
    return out;
  }
  if (Operation *l = findLinalgOp(kernel)) {
    out.error = "it holds '" + l->getName().getStringRef().str() +
                "', which no pipe runs: map it onto the Cube first "
                "(ascube-tile-linalg; ascube-run does)";
    return out;
  }
  if (options.blocks)
    if (std::optional<std::string> why =
            target::blockCountRefusal(options.blocks, "blocks=")) {
      out.error = *why;
      return out;
    }
  // The trace and the chart must be writable: said before the walk,
  // without creating them (a walk that fails leaves nothing behind).
  for (const std::string &path : {options.trace, options.svg})
    if (!path.empty())
      if (std::error_code ec = timing::writablePath(path)) {
        out.error = "cannot write '" + path + "': " + ec.message();
        return out;
      }
  unsigned blocks = options.blocks ? options.blocks
                                   : std::max(1u, unsigned(product->AICores));
  // The sites are numbered as the walk meets them; the timer reads them
  // once all blocks are recorded.
  std::vector<std::string> sites;
  KernelTimer timer(*product, blocks, {});
  Walker walker(timer, sites);
  walker.maxSteps = options.maxSteps;
  for (unsigned b = 0; b < blocks; ++b) {
    BlockLog log;
    if (!walker.runBlock(kernel, b, blocks, log)) {
      out.error = walker.error;
      return out;
    }
    std::swap(timer.block(b), log);
  }
  timer.setSites(std::move(sites));
  bool deadlock = false;
  out.summary =
      timer.finish(deadlock, /*timed=*/false, options.trace, options.svg);
  out.deadlock = deadlock;
  // (The model's messages name ascube-run, its first user.)
  if (deadlock)
    out.error = StringRef(out.summary).starts_with("ascube-run: ")
                    ? out.summary.substr(12)
                    : out.summary;
  out.cycles = timer.cycles();
  return out;
}

namespace {
struct AscubeEstimateTimePass
    : ascube::impl::AscubeEstimateTimeBase<AscubeEstimateTimePass> {
  using AscubeEstimateTimeBase::AscubeEstimateTimeBase;

  void runOnOperation() override {
    SmallVector<func::FuncOp> kernels;
    getOperation().walk([&](func::FuncOp f) {
      if (f.isExternal())
        return;
      if (entry.empty() ? f.isPublic() : f.getName() == entry)
        kernels.push_back(f);
    });
    if (!entry.empty() && kernels.empty()) {
      getOperation().emitError()
          << "ascube-estimate-time: no function @" << entry << " with a body";
      return signalPassFailure();
    }
    for (func::FuncOp f : kernels) {
      TimeEstimateOptions o;
      o.blocks = blocks;
      o.trace = trace;
      o.svg = svg;
      TimeEstimate t = estimateKernelTime(f, o);
      if (!t.error.empty()) {
        f.emitError() << "ascube-estimate-time: @" << f.getName() << ": "
                      << t.error;
        return signalPassFailure();
      }
      f.emitRemark() << "ascube-estimate-time: @" << f.getName() << ": "
                     << t.summary;
    }
  }
};
} // namespace
