//===- Instrumentation.cpp - Calls that let a runner check flags, races ---===//
//
// With `sync-checks`, the preparation step puts calls before every
// instruction and flag op that tell a runner (ascube-run --check-sync) what
// runs on which pipe and which bytes it touches, so that the runner can
// check the program against the flag model (ascube.set_flag; the rules
// sync_c3-sync_c8 in docs/Constraints.md):
//
//   __ascube_sync_op(site, pipe, unitFlag)       an instruction starts
//   __ascube_sync_access(level, lo, hi, rel, w)  it reads (w = 0) or writes
//                                                host bytes [lo, hi), which
//                                                are bytes [rel, rel + hi -
//                                                lo) of its level (GM: of
//                                                the buffer); once per row
//                                                where a mover's side is
//                                                rows with gaps
//                                                (AccessExtents::Runs)
//   __ascube_sync_flag(site, kind, src, dst, id) set_flag (kind 0),
//                                                wait_flag (1), pipe_barrier
//                                                (2, src = the pipe),
//                                                sync_all (3, src = ALL)
//   __ascube_sync_work(kind, a, b, c, d)         after an Mmad (kind 1: m,
//                                                k, n, A's element bits) or
//                                                a Fixpipe (2: rows,
//                                                columns, bits, level): what
//                                                the timing model costs it
//                                                by (ascube-run --timeline)
//
// `site` indexes the module attribute `ascube.sync_sites`, one
// "file:line:col: op" string per site, for the runner's messages. Pipes
// are ascube::Pipe values, levels target::Level values.
//
// With `race-checks`, every element load and store of a GM argument, once
// the instructions are loops, is preceded by
//
//   __ascube_gm_access(address, bytes, w)         reads (w = 0) or writes
//                                                 host bytes [address,
//                                                 address + bytes)
//
// which ascube-run --check-races keeps per block and per SyncAll phase
// (race_c1, race_c2); a memref.copy touching GM becomes a loop of element
// loads and stores for it.
//
//===----------------------------------------------------------------------===//

#include "Instrumentation.h"
#include "IndexMath.h"
#include "RuntimeABI.h"
#include "ascube/Conversion/AscubeToLoops.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;
using target::Level;

namespace {

Value i64(ImplicitLocOpBuilder &b, Value index) {
  return arith::IndexCastOp::create(b, b.getI64Type(), index);
}

Value i64(ImplicitLocOpBuilder &b, int64_t v) {
  return arith::ConstantIntOp::create(b, b.getI64Type(), v);
}

struct HookBuilder {
  ImplicitLocOpBuilder &b;

  /// The host byte address of `buf`'s first element, in the storage the
  /// conversion gives it (the cast folds away against the lowered buffer),
  /// and that storage's metadata (sizes and strides at run time).
  Value address(Value buf, MemRefType &storage,
                memref::ExtractStridedMetadataOp &md) {
    auto t = cast<MemRefType>(buf.getType());
    storage = getCPUStorageType(t);
    Value v = buf;
    if (storage != t)
      v = UnrealizedConversionCastOp::create(b, storage, buf).getResult(0);
    Value ptr = memref::ExtractAlignedPointerAsIndexOp::create(b, v);
    md = memref::ExtractStridedMetadataOp::create(b, v);
    IndexMath im{b};
    return im.add(ptr, im.mul(md.getOffset(), storageBytes(storage)));
  }

  static int64_t storageBytes(MemRefType storage) {
    return std::max<int64_t>(1, storage.getElementTypeBitWidth() / 8);
  }

  /// A mover's buffers besides source and destination, whole.
  void otherOperands(MoverOpInterface m) {
    SmallVector<Value, 2> reads, writes;
    m.getOtherOperands(reads, writes);
    for (Value v : reads)
      access(v, nullptr, std::nullopt, false);
    for (Value v : writes)
      access(v, nullptr, std::nullopt, true);
  }

  /// Reports an access of `buf` from element `offset` (null: 0) through
  /// `extent` logical elements — only its `runs` when given, one report
  /// each —, or of the whole buffer (no extent).
  void access(Value buf, Value offset, std::optional<int64_t> extent,
              bool write,
              const std::optional<AccessExtents::Runs> &runs = std::nullopt) {
    if (!buf)
      return;
    auto t = cast<MemRefType>(buf.getType());
    std::optional<Level> level = getMemLevel(t);
    MemRefType storage;
    memref::ExtractStridedMetadataOp md;
    Value base = address(buf, storage, md);
    IndexMath im{b};
    unsigned bits = getElementBitWidth(t.getElementType()).value_or(8);
    // Bytes [first * bits / 8, ceil((first + n) * bits / 8)) from `base`.
    auto report = [&](Value first, Value n) {
      Value lo = im.div(im.mul(first, bits), 8);
      Value hi = im.div(im.add(im.mul(im.add(first, n), bits), 7), 8);
      Value rel = im.add(lo, im.c(getStaticBase(buf).value_or(0)));
      func::CallOp::create(
          b, kSyncAccessHook, TypeRange{},
          ValueRange{i64(b, int64_t(level ? *level : Level::GM)),
                     i64(b, im.add(base, lo)), i64(b, im.add(base, hi)),
                     i64(b, rel), i64(b, int64_t(write))});
    };
    Value first = offset ? offset : im.c(0);
    if (extent && runs && runs->count * runs->outer > 1) {
      // One report per run: outer groups, then the runs of a group.
      OpBuilder::InsertionGuard guard(b);
      auto loops =
          scf::buildLoopNest(b, b.getLoc(), ValueRange{im.c(0), im.c(0)},
                             ValueRange{im.c(runs->outer), im.c(runs->count)},
                             ValueRange{im.c(1), im.c(1)});
      b.setInsertionPoint(loops.loops.back().getBody()->getTerminator());
      Value o = loops.loops[0].getInductionVar(),
            i = loops.loops[1].getInductionVar();
      report(im.add(first, im.add(im.mul(o, runs->outerPitch),
                                  im.mul(i, runs->pitch))),
             im.c(runs->length));
      return;
    }
    if (extent) {
      report(first, im.c(*extent));
      return;
    }
    // The whole buffer: 1 + sum (size - 1) * stride elements from its
    // first, from the metadata (static sizes and strides fold), none when
    // a size is 0.
    Value span = im.c(1), empty = nullptr;
    for (auto [size, stride] : llvm::zip(md.getSizes(), md.getStrides())) {
      span =
          im.add(span, arith::MulIOp::create(
                           b, arith::SubIOp::create(b, size, im.c(1)), stride));
      Value zero =
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, size, im.c(0));
      empty = empty ? arith::OrIOp::create(b, empty, zero) : zero;
    }
    if (empty)
      span = arith::SelectOp::create(b, empty, im.c(0), span);
    Value lo = im.c(0), hi = im.mul(span, storageBytes(storage));
    Value rel = im.add(lo, im.c(getStaticBase(buf).value_or(0)));
    func::CallOp::create(b, kSyncAccessHook, TypeRange{},
                         ValueRange{i64(b, int64_t(level ? *level : Level::GM)),
                                    i64(b, im.add(base, lo)),
                                    i64(b, im.add(base, hi)), i64(b, rel),
                                    i64(b, int64_t(write))});
  }
};

} // namespace

void ascube::lowering::insertSyncHooks(func::FuncOp func,
                                       std::vector<std::string> &sites) {
  ModuleOp module = func->getParentOfType<ModuleOp>();
  SmallVector<Operation *> ops;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (getInstructionPipe(op) ||
        isa<SetFlagOp, WaitFlagOp, PipeBarrierOp, SyncAllOp>(op))
      ops.push_back(op);
  });
  if (ops.empty())
    return;
  declareHook(module, kSyncOpHook, 3);
  declareHook(module, kSyncAccessHook, 5);
  declareHook(module, kSyncFlagHook, 5);
  for (Operation *op : ops) {
    ImplicitLocOpBuilder b(op->getLoc(), op);
    Value site = i64(b, int64_t(sites.size()));
    sites.push_back(getSiteText(op));
    auto flag = [&](int64_t kind, Pipe src, Pipe dst, Value event) {
      func::CallOp::create(b, kSyncFlagHook, TypeRange{},
                           ValueRange{site, i64(b, kind), i64(b, int64_t(src)),
                                      i64(b, int64_t(dst)),
                                      event ? i64(b, event) : i64(b, 0)});
    };
    if (auto s = dyn_cast<SetFlagOp>(op)) {
      flag(0, s.getSrc(), s.getDst(), s.getEvent());
      continue;
    }
    if (auto w = dyn_cast<WaitFlagOp>(op)) {
      flag(1, w.getSrc(), w.getDst(), w.getEvent());
      continue;
    }
    if (auto p = dyn_cast<PipeBarrierOp>(op)) {
      flag(2, p.getPipe(), p.getPipe(), nullptr);
      continue;
    }
    if (isa<SyncAllOp>(op)) {
      // SyncAll starts with PipeBarrier<PIPE_ALL> (Ascend C's SyncAllImpl)
      // and holds the block until every block has reached it: kind 3 (a
      // barrier to the flag model, a release of all blocks to the timing
      // model).
      flag(3, Pipe::ALL, Pipe::ALL, nullptr);
      continue;
    }
    int64_t unitFlag = 0;
    if (auto i = dyn_cast<InstructionOpInterface>(op))
      unitFlag = i.getUnitFlagValue();
    func::CallOp::create(b, kSyncOpHook, TypeRange{},
                         ValueRange{site,
                                    i64(b, int64_t(*getInstructionPipe(op))),
                                    i64(b, unitFlag)});
    // What the timing model costs it by (kSyncWorkHook).
    if (std::optional<InstructionWork> w = getInstructionWork(op)) {
      declareHook(module, kSyncWorkHook, 5);
      func::CallOp::create(b, kSyncWorkHook, TypeRange{},
                           ValueRange{i64(b, w->kind), i64(b, w->a),
                                      i64(b, w->b), i64(b, w->c),
                                      i64(b, w->d)});
    }
    HookBuilder h{b};
    if (std::optional<MoverFacts> m = getMoverFacts(op)) {
      h.access(m->src, m->srcOffset, m->extents.src, false, m->extents.srcRuns);
      h.access(m->dst, m->dstOffset, m->extents.dst, true, m->extents.dstRuns);
      h.otherOperands(cast<MoverOpInterface>(op));
    } else if (auto m = dyn_cast<MoverOpInterface>(op)) {
      // Parameters that do not resolve statically: the whole buffers.
      h.access(m.getSourceBuffer(), nullptr, std::nullopt, false);
      h.access(m.getDestinationBuffer(), nullptr, std::nullopt, true);
      h.otherOperands(m);
    } else if (auto l = dyn_cast<LoadOp>(op)) {
      // Not selected yet (ascube-run selects first): the whole tiles.
      h.access(l.getSrc(), nullptr, std::nullopt, false);
      h.access(l.getDst(), nullptr, std::nullopt, true);
    } else if (auto m = dyn_cast<MatmulOpInterface>(op)) {
      SmallVector<Value> inputs;
      m.getInputs(inputs);
      for (Value v : inputs)
        h.access(v, nullptr, std::nullopt, false);
      if (m.accumulates())
        h.access(m.getMatrixC(), nullptr, std::nullopt, false);
      h.access(m.getMatrixC(), nullptr, std::nullopt, true);
    }
  }
}

void ascube::lowering::declareHook(ModuleOp module, StringRef name,
                                   unsigned n) {
  if (SymbolTable::lookupSymbolIn(module, name))
    return;
  OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
  SmallVector<Type> args(n, mb.getI64Type());
  auto hook = func::FuncOp::create(mb, module.getLoc(), name,
                                   mb.getFunctionType(args, {}));
  hook.setPrivate();
}

void ascube::lowering::insertGMAccessHooks(func::FuncOp func,
                                           ArrayRef<int64_t> gmArgs) {
  if (func.isExternal())
    return;
  auto module = func->getParentOfType<ModuleOp>();
  bool gmGlobals =
      llvm::any_of(module.getOps<memref::GlobalOp>(), [](memref::GlobalOp g) {
        return g->hasAttr(kGMGlobalAttr);
      });
  if (gmArgs.empty() && !gmGlobals)
    return;
  // The argument or marked global a memref is a view of (through views and
  // the conversion's casts), if any.
  Block &entry = func.getBody().front();
  auto isGM = [&](Value v) {
    while (true) {
      v = getViewedBuffer(v);
      if (auto c = v.getDefiningOp<UnrealizedConversionCastOp>();
          c && c.getInputs().size() == 1)
        v = c.getInputs()[0];
      else
        break;
    }
    if (auto get = v.getDefiningOp<memref::GetGlobalOp>()) {
      auto g = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          get, get.getNameAttr());
      return g && g->hasAttr(kGMGlobalAttr);
    }
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && arg.getOwner() == &entry &&
           llvm::is_contained(gmArgs, int64_t(arg.getArgNumber()));
  };
  // A copy touching GM becomes a loop of element loads and stores (the
  // same bytes moved), so that its accesses are seen like the others.
  SmallVector<memref::CopyOp> copies;
  func.walk([&](memref::CopyOp c) {
    // (Unranked copies are refused before the conversion: copy_c1.)
    if (isa<MemRefType>(c.getSource().getType()) &&
        (isGM(c.getSource()) || isGM(c.getTarget())))
      copies.push_back(c);
  });
  for (memref::CopyOp c : copies)
    expandCopyToLoops(c);
  struct Access {
    Operation *op;
    Value buf;
    ValueRange indices;
    bool write;
  };
  SmallVector<Access> accesses;
  func.walk([&](Operation *op) {
    if (auto l = dyn_cast<memref::LoadOp>(op); l && isGM(l.getMemRef()))
      accesses.push_back({op, l.getMemRef(), l.getIndices(), false});
    else if (auto st = dyn_cast<memref::StoreOp>(op);
             st && isGM(st.getMemRef()))
      accesses.push_back({op, st.getMemRef(), st.getIndices(), true});
  });
  if (accesses.empty())
    return;
  declareHook(module, kGMAccessHook, 3);
  for (auto [op, buf, indices, write] : accesses) {
    ImplicitLocOpBuilder b(op->getLoc(), op);
    IndexMath im{b};
    // The element's bytes as the host stores it (an index 8, an element
    // of under a byte one; a view of a global may have any element type).
    Type e = cast<MemRefType>(buf.getType()).getElementType();
    int64_t bytes = std::max<int64_t>(
        1, int64_t(DataLayout::closest(op).getTypeSize(e).getFixedValue()));
    // (offset + sum index * stride) elements from the aligned pointer.
    auto md = memref::ExtractStridedMetadataOp::create(b, buf);
    Value at = md.getOffset();
    for (auto [i, stride] : llvm::zip(indices, md.getStrides()))
      at = im.add(at, arith::MulIOp::create(b, i, stride));
    Value address =
        im.add(memref::ExtractAlignedPointerAsIndexOp::create(b, buf),
               im.mul(at, bytes));
    func::CallOp::create(
        b, kGMAccessHook, TypeRange{},
        ValueRange{i64(b, address), i64(b, bytes), i64(b, int64_t(write))});
  }
}

void ascube::lowering::expandCopyToLoops(memref::CopyOp copy) {
  ImplicitLocOpBuilder b(copy.getLoc(), copy);
  Value src = copy.getSource(), dst = copy.getTarget();
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t d = 0, e = cast<MemRefType>(src.getType()).getRank(); d < e;
       ++d) {
    lbs.push_back(arith::ConstantIndexOp::create(b, 0));
    steps.push_back(arith::ConstantIndexOp::create(b, 1));
    ubs.push_back(memref::DimOp::create(b, src, d));
  }
  scf::buildLoopNest(b, b.getLoc(), lbs, ubs, steps,
                     [&](OpBuilder &nb, Location loc, ValueRange ivs) {
                       Value v = memref::LoadOp::create(nb, loc, src, ivs);
                       memref::StoreOp::create(nb, loc, v, dst, ivs);
                     });
  copy.erase();
}

bool ascube::lowering::copyNeedsLoops(memref::CopyOp copy) {
  // Upstream's test (MemRefToLLVM's copy lowering): an identity layout, or
  // a static, non-empty, contiguous row-major strided one, is a memcpy.
  auto contiguous = [](Type t) {
    auto m = dyn_cast<MemRefType>(t);
    return m && (m.getLayout().isIdentity() ||
                 (m.hasStaticShape() && m.getNumElements() > 0 &&
                  memref::isStaticShapeAndContiguousRowMajor(m)));
  };
  // Plain memrefs only: builtin elements, no memory space, an identity or
  // strided layout (an ascube layout's buffers become flat storage).
  auto strided = [](Type t) {
    auto m = dyn_cast<MemRefType>(t);
    return m && !m.getMemorySpace() &&
           (m.getLayout().isIdentity() ||
            isa<StridedLayoutAttr>(m.getLayout())) &&
           isa<IntegerType, FloatType, IndexType>(m.getElementType());
  };
  Type s = copy.getSource().getType(), d = copy.getTarget().getType();
  return strided(s) && strided(d) && !(contiguous(s) && contiguous(d));
}
