//===- MoverCandidates.cpp - The candidates of an ascube.load ------------===//
//
// Each candidate mover of an ascube.load built with its ODS builder, its
// legality decided by the concrete ops' own verifiers (the rules live in
// the families' op files), repaired where a derived form cannot move the
// tile (runs of squares, per-row LoadData 2D, explicit LoadData 2D-v2
// parameters), and priced (cube-reference §1 bandwidths, §6-§11).
//
//===----------------------------------------------------------------------===//

#include "Movers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::movers;
using target::Level;

namespace {
constexpr Mover kTieOrder[] = {Mover::load_3d, Mover::load_2d,
                               Mover::load_2d_transpose, Mover::load_2d_v2};
constexpr Mover kTieOrderWithV2[] = {Mover::load_2d_v2, Mover::load_3d,
                                     Mover::load_2d, Mover::load_2d_transpose};

/// The op's own attributes (e.g. its operand segment sizes) plus `extra`.
DictionaryAttr mergeAttrs(Operation *op, ArrayRef<NamedAttribute> extra) {
  NamedAttrList all(op->getAttrDictionary());
  for (const NamedAttribute &a : extra)
    all.set(a.getName(), a.getValue());
  return all.getDictionary(op->getContext());
}
} // namespace

/// Builds the candidate's concrete ops before `load`; returns them, or the
/// first verifier diagnostic when one of them is illegal (and erases them).
Candidate ascube::movers::buildCandidate(LoadOp load, Mover mover,
                                         SquareRunsCache *cache) {
  // squareRuns, through the cache when there is one.
  auto runsOf = [&](MemRefType st, MemRefType dt, bool transposed,
                    bool withTranspose, bool fractalTranspose, bool gaps,
                    Location loc) {
    if (!cache)
      return squareRuns(st, dt, transposed, withTranspose, fractalTranspose,
                        gaps, loc);
    unsigned flags =
        transposed | withTranspose << 1 | fractalTranspose << 2 | gaps << 3;
    auto [it, fresh] = cache->runs.try_emplace({st, dt, flags});
    if (fresh)
      it->second = squareRuns(st, dt, transposed, withTranspose,
                              fractalTranspose, gaps, loc);
    return it->second;
  };
  Candidate c;
  c.mover = mover;
  OpBuilder b(load);
  Location loc = load.getLoc();
  Value src = load.getSrc(), dst = load.getDst();
  auto st = cast<MemRefType>(src.getType());
  auto dt = cast<MemRefType>(dst.getType());
  bool transposed = load.isTransposed();
  bool intoB = *getMemLevel(dt) == Level::L0B;
  // A transpose of the fractals themselves: into L0A when the tile is
  // transposed, into L0B (Zn) when it is not.
  bool fractalTranspose = intoB != transposed;
  auto boolAttr = [&](StringRef name, bool v) {
    return NamedAttribute(b.getStringAttr(name), b.getBoolAttr(v));
  };
  auto i64Attr = [&](StringRef name, int64_t v) {
    return NamedAttribute(b.getStringAttr(name), b.getI64IntegerAttr(v));
  };
  SmallVector<NamedAttribute> attrs;
  switch (mover) {
  case Mover::load_2d: {
    if (fractalTranspose)
      attrs.push_back(boolAttr("ifTranspose", true));
    auto op = Load2DOp::create(b, loc, src, dst);
    op->setAttrs(mergeAttrs(op, attrs));
    c.ops.push_back(op);
    break;
  }
  case Mover::load_2d_transpose:
    c.ops.push_back(Load2DTransposeOp::create(b, loc, src, dst));
    break;
  case Mover::load_3d: {
    auto op = Load3DOp::create(b, loc, src, dst);
    if (transposed && !intoB)
      op.setEnTranspose(true);
    c.ops.push_back(op);
    c.setup = 1;
    break;
  }
  case Mover::load_2d_v2: {
    auto op = Load2DV2Op::create(b, loc, src, dst);
    if (fractalTranspose)
      op.setIfTranspose(true);
    c.ops.push_back(op);
    break;
  }
  }

  // The first verifier error of `op`, empty when it verifies.
  auto check = [&](Operation *op) -> std::string {
    std::string msg;
    ScopedDiagnosticHandler h(op->getContext(), [&](Diagnostic &d) {
      if (msg.empty() && d.getSeverity() == DiagnosticSeverity::Error)
        msg = d.str();
      return success();
    });
    (void)mlir::verify(op);
    return msg;
  };
  c.rejected = check(c.ops.front());
  const target::ProductInfo *prod = getTargetProduct(load);
  unsigned bits = getElementBitWidth(st.getElementType()).value_or(8);
  int64_t fractalElems = 4096 / bits;
  // Drops the candidate's ops (it is rejected).
  auto dropOps = [&] {
    for (Operation *op : llvm::reverse(c.ops))
      op->erase();
    c.ops.clear();
  };
  // A transposing LoadData 3D of b32 data: §10.4's recipe (mExtension =
  // align16(K)) and §13.3 (kDirectionAlign) have the transposed f32 A's K
  // padded to 16 in L0A; what the chip writes for another K is not
  // documented, so the selector does not use it there ([U], load_c4).
  if (mover == Mover::load_3d && transposed && !intoB && c.rejected.empty() &&
      bits == 32 && st.getRank() == 2 && st.getDimSize(0) % 16 != 0)
    c.rejected = "a transposing LoadData 3D of b32 data pads K to 16 in L0A "
                 "(§10.4, §13.3); K = " +
                 std::to_string(st.getDimSize(0)) +
                 " is not a multiple of 16 [load_c4]";
  // Replaces the candidate's ops by `count` instructions, the i-th built by
  // `make(i, off)` with `off` = its destination offset `offsetOf(i)` in
  // elements, when every one verifies; otherwise leaves the candidate as is.
  auto tryInstructions =
      [&](int64_t count, llvm::function_ref<int64_t(int64_t)> offsetOf,
          llvm::function_ref<Operation *(int64_t, Value)> make) {
        SmallVector<Operation *> ops;
        std::string msg;
        for (int64_t i = 0; i < count && msg.empty(); ++i) {
          Value off = arith::ConstantIndexOp::create(b, loc, offsetOf(i));
          Operation *op = make(i, off);
          ops.push_back(off.getDefiningOp());
          ops.push_back(op);
          msg = check(op);
        }
        if (!msg.empty() || ops.empty()) {
          for (Operation *op : llvm::reverse(ops))
            op->erase();
          return false;
        }
        dropOps();
        c.ops = ops;
        c.rejected.clear();
        c.loopIterations = count > 1 ? count : 0;
        return true;
      };
  // One LoadData 2D at destination offset `off` with `extra` attributes.
  auto load2D = [&](Value off, ArrayRef<NamedAttribute> extra) {
    auto op = Load2DOp::create(b, loc, src, dst, off);
    op->setAttrs(mergeAttrs(op, extra));
    return op.getOperation();
  };
  // A square tile moved transposed: the derived forms read a square tile as
  // the same matrix, so only runs built for the transposed reading can be
  // trusted (load_c3).
  bool squareTransposed = load.getTranspose() && st.getRank() == 2 &&
                          st.getDimSize(0) == st.getDimSize(1);
  // LoadData 2D in runs of fractals built for the transposed reading (each
  // fractal as is, or transposed with ifTranspose): e.g. a square B^T whose
  // Nz fractals are already Zn's.
  if (squareTransposed && mover == Mover::load_2d) {
    bool gaps = !prod || prod->HasLoad2DDstGap; // 950's LoadData 2D: none
    for (bool flip : {false, true}) {
      std::optional<SmallVector<SquareRun>> runs =
          runsOf(st, dt, /*transposed=*/true, /*withTranspose=*/false, flip,
                 gaps, loc);
      if (!runs ||
          !tryInstructions(
              runs->size(),
              [&](int64_t i) { return (*runs)[i].dstFractal * fractalElems; },
              [&](int64_t i, Value off) {
                const SquareRun &r = (*runs)[i];
                SmallVector<NamedAttribute> a = {
                    i64Attr("startIndex", r.startIndex),
                    i64Attr("repeatTimes", r.repeatTimes),
                    i64Attr("srcStride", 1), i64Attr("dstGap", r.dstGap)};
                if (flip)
                  a.push_back(boolAttr("ifTranspose", true));
                return load2D(off, a);
              }))
        continue;
      squareTransposed = false;
      break;
    }
  }
  // LoadData 2D-v2 (950) moves a square tile transposed with its
  // parameters given: the ones derived for the tile, given explicitly, when
  // their squares realise the transposed reading element by element. Given
  // explicitly, only the instruction's own rules are left to break (not the
  // check that derived parameters reproduce the layouts): a rule the
  // explicit form breaks is the candidate's verdict.
  bool ownRule = false;
  if (squareTransposed && mover == Mover::load_2d_v2) {
    auto v2 = cast<Load2DV2Op>(c.ops.front());
    ScopedDiagnosticHandler quiet(v2->getContext(),
                                  [](Diagnostic &) { return success(); });
    FailureOr<Load2DV2Params> p =
        getLoad2DV2Params(v2, [&] { return v2.emitOpError(); });
    if (failed(p)) {
      // A parameter out of range: the derived form's diagnostic names it.
      ownRule = true;
    } else {
      v2->setAttrs(mergeAttrs(v2, {i64Attr("mStartPosition", p->mStartPosition),
                                   i64Attr("kStartPosition", p->kStartPosition),
                                   i64Attr("mStep", p->mStep),
                                   i64Attr("kStep", p->kStep),
                                   i64Attr("srcStride", p->srcStride),
                                   i64Attr("dstStride", p->dstStride)}));
      std::string own = check(v2);
      if (!own.empty()) {
        c.rejected = own;
        ownRule = true;
      } else if (movesWholeTile(st, dt, getLoad2DV2Squares(*p, bits), bits,
                                p->ifTranspose, /*view=*/true)) {
        c.rejected.clear();
        squareTransposed = false;
      }
    }
  }
  // LoadData 3D into L0A with enTranspose writes the transpose of its Nz
  // source whatever the shapes (§10.3, §10.4): for a square tile that is the
  // reading asked for, so its own verdict stands.
  if (squareTransposed && mover == Mover::load_3d && !intoB)
    squareTransposed = false;
  if (squareTransposed && !ownRule) {
    c.rejected =
        "a square tile moved transposed: " + stringifyMover(c.mover).str() +
        "'s derived form reads it untransposed, and no form built "
        "and checked for the transposed reading (runs of LoadData 2D "
        "or LoadDataWithTranspose, LoadData 2D-v2 with its "
        "parameters, LoadData 3D with enTranspose into L0A) moves it "
        "[load_c3]";
    if (mover != Mover::load_2d_transpose) {
      dropOps();
      return c;
    }
  }
  // A derived load_2d that cannot reproduce the layout becomes one
  // instruction per destination fractal row (§6: LoadData 2D repeats in one
  // direction only), when the tile is not transposed. The rows are only
  // derived for the layouts they are right for: an L1 Nz tile into Zz (L0A)
  // or Zn (L0B, fractals transposed), 16-row fractals.
  auto fmt = [](MemRefType t) {
    std::optional<layout::LayoutSpec> s = getLayoutSpec(t);
    return s ? s->format : layout::Format::ND;
  };
  bool rowsApply =
      fmt(st) == layout::Format::Nz &&
      (fmt(dt) == (intoB ? layout::Format::Zn : layout::Format::Zz));
  if (!c.rejected.empty() && mover == Mover::load_2d && !transposed &&
      rowsApply) {
    FailureOr<layout::FractalLayout> sl =
        getFractalLayout(st, [&] { return emitError(loc); });
    FailureOr<layout::FractalLayout> dl =
        getFractalLayout(dt, [&] { return emitError(loc); });
    if (succeeded(sl) && succeeded(dl) && dl->shape().size() == 2 &&
        layout::isFractalFormat(dl->format())) {
      int64_t fr = dl->fractal().rows, fc = dl->fractal().cols;
      int64_t rows = dl->paddedShape()[0] / fr,
              cols = dl->paddedShape()[1] / fc;
      int64_t srcRows = sl->paddedShape()[0] / std::max<int64_t>(1, fr);
      tryInstructions(
          rows, [&](int64_t r) { return r * cols * fr * fc; },
          [&](int64_t r, Value off) {
            SmallVector<NamedAttribute> a(attrs);
            a.push_back(i64Attr("startIndex", r));
            a.push_back(i64Attr("repeatTimes", cols));
            a.push_back(i64Attr("srcStride", srcRows));
            return load2D(off, a);
          });
    }
  }
  // A derived LoadDataWithTranspose that cannot move the tile in one run
  // becomes one instruction per run of squares: V1 counts squares, V2 (950)
  // fractals, its squares' fractals srcFracGap + 1 = 1 apart (§7).
  if (!c.rejected.empty() && mover == Mover::load_2d_transpose && prod &&
      (prod->HasTransposeV1 || prod->HasTransposeV2)) {
    bool v2 = prod->HasTransposeV2;
    int64_t n = fractalsPerSquare(bits);
    // The runs as built, read back through the op's own squares: they must
    // move the whole tile the way the runs were derived to.
    auto placedAsDerived = [&] {
      ScopedDiagnosticHandler quiet(st.getContext(),
                                    [](Diagnostic &) { return success(); });
      SmallVector<FractalSquare> all;
      for (Operation *op : c.ops) {
        auto t = dyn_cast<Load2DTransposeOp>(op);
        if (!t)
          continue;
        FailureOr<Load2DTransposeParams> tp =
            getLoad2DTransposeParams(t, [&] { return t.emitOpError(); });
        std::optional<int64_t> off = getConstantIntValue(t.getDstOffset());
        if (failed(tp) || !off)
          return false;
        for (FractalSquare sq : getLoad2DTransposeSquares(*tp)) {
          for (int64_t &d : sq.dst)
            d += *off / fractalElems;
          all.push_back(sq);
        }
      }
      return movesWholeTile(st, dt, all, bits, /*transposed=*/true,
                            /*view=*/transposed);
    };
    if (std::optional<SmallVector<SquareRun>> runs =
            runsOf(st, dt, transposed, /*withTranspose=*/true,
                   /*fractalTranspose=*/false, /*gaps=*/true, loc);
        runs &&
        tryInstructions(
            runs->size(),
            [&](int64_t i) { return (*runs)[i].dstFractal * fractalElems; },
            [&](int64_t i, Value off) {
              const SquareRun &r = (*runs)[i];
              auto op = Load2DTransposeOp::create(b, loc, src, dst, off);
              SmallVector<NamedAttribute> a = {
                  i64Attr("startIndex", v2 ? r.startIndex * n : r.startIndex),
                  i64Attr("repeatTimes", r.repeatTimes),
                  i64Attr("srcStride", v2 ? n : 1), i64Attr("dstGap", r.dstGap),
                  i64Attr("dstFracGap", r.dstFracGap)};
              if (v2 && n > 1) // srcFracGap: b4/b8/b32 squares only
                a.push_back(i64Attr("srcFracGap", 0));
              op->setAttrs(mergeAttrs(op, a));
              return op.getOperation();
            }) &&
        !placedAsDerived()) {
      dropOps();
      c.rejected = "the runs of squares built for the tile do not move it "
                   "element by element [load2dtranspose_c5]";
    }
  }
  if (!c.rejected.empty()) {
    dropOps();
    return c;
  }
  for (Operation *op : c.ops)
    if (!isa<arith::ConstantOp>(op))
      ++c.instructions;
  // Bytes over the path's bandwidth (§1).
  FailureOr<layout::FractalLayout> dl =
      getFractalLayout(dt, [&] { return emitError(loc); });
  int64_t bytes = succeeded(dl) ? dl->sizeInBytes() : 0;
  int64_t bw = 128;
  if (prod) {
    unsigned v = intoB ? prod->L1ToL0BBandwidth : prod->L1ToL0ABandwidth;
    if (v)
      bw = v;
  }
  c.transferCycles = (bytes + bw - 1) / bw;
  return c;
}

ArrayRef<Mover> ascube::movers::moverOrder(Operation *op) {
  const target::ProductInfo *prod = getTargetProduct(op);
  return prod && prod->HasLoad2DV2 ? ArrayRef(kTieOrderWithV2)
                                   : ArrayRef(kTieOrder);
}

bool ascube::hasLegalMover(LoadOp load) {
  for (Mover m : moverOrder(load)) {
    Candidate c = buildCandidate(load, m);
    bool ok = c.rejected.empty();
    for (Operation *op : llvm::reverse(c.ops))
      op->erase();
    if (ok)
      return true;
  }
  return false;
}
