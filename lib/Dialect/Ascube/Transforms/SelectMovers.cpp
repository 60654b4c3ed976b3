//===- SelectMovers.cpp - ascube.load -> concrete L1 -> L0 movers ---------===//
//
// ascube-select-movers: each abstract ascube.load becomes the cheapest legal
// mover sequence of the module's product (cube-reference §1 bandwidths,
// §6-§11). Legality is decided by the concrete ops' own verifiers, so the
// rules live in one place (the families' op files); this file only enumerates
// candidates and prices them.
//
//===----------------------------------------------------------------------===//

#include "Movers.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace ascube {
#define GEN_PASS_DEF_ASCUBESELECTMOVERS
#include "ascube/Dialect/Ascube/Transforms/Passes.h.inc"
} // namespace ascube

using namespace mlir;
using namespace ascube;
using target::Level;

namespace {

/// The movers in §11's order of recommendation, which breaks ties: LoadData
/// 3D first (★ wherever it is legal), LoadData 2D-v2 first on 950.
constexpr llvm::StringLiteral kMovers[] = {"load_3d", "load_2d",
                                           "load_2d_transpose", "load_2d_v2"};
constexpr llvm::StringLiteral kMovers950[] = {"load_2d_v2", "load_3d",
                                              "load_2d", "load_2d_transpose"};

/// One priced way to do an ascube.load.
struct Candidate {
  std::string mover;
  SmallVector<Operation *> ops; // the concrete ops (and their constants)
  int64_t instructions = 0, setup = 0, loopIterations = 0, transferCycles = 0;
  std::string rejected; // why it is illegal, empty when legal
  /// Modelled MTE1 cycles: issue, the scalar loop that feeds per-row
  /// forms, and the transfer. LoadData 3D's FMatrix/padding set-up is a
  /// scalar register write that overlaps MTE1: shown, not charged.
  int64_t cost() const {
    return 16 * instructions + 8 * loopIterations + transferCycles;
  }
  std::string describe() const {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << mover << " (cost " << cost() << ": " << instructions << " instruction"
       << (instructions == 1 ? "" : "s");
    if (setup)
      os << " + " << setup << " scalar set-up";
    if (loopIterations)
      os << ", " << loopIterations << " loop iterations";
    os << ", " << transferCycles << " transfer cycles)";
    return s;
  }
};

/// The op's own attributes (e.g. its operand segment sizes) plus `extra`.
DictionaryAttr mergeAttrs(Operation *op, ArrayRef<NamedAttribute> extra) {
  NamedAttrList all(op->getAttrDictionary());
  for (const NamedAttribute &a : extra)
    all.set(a.getName(), a.getValue());
  return all.getDictionary(op->getContext());
}

/// One LoadDataWithTranspose of a run of consecutive source squares (in V1's
/// units: squares; 950's V2 counts fractals).
struct SquareRun {
  int64_t startIndex = 0, repeatTimes = 0, dstGap = 0, dstFracGap = 0,
          dstFractal = 0;
};

/// The runs of squares that move the whole `st` tile into `dt`: every
/// square's destination fractals are read off the two layouts element by
/// element, then consecutive squares whose destinations step evenly share
/// one instruction. `withTranspose`: LoadDataWithTranspose's squares (§7,
/// transposeElement; a square's fractals adjacent); otherwise LoadData 2D's
/// one-fractal squares, each moved as is or, with `fractalTranspose`,
/// transposed (16-bit, §6). `transposed` is the reading to realise: dst(r, c) =
/// src(c, r). Without `gaps` (950's LoadData 2D has no dstGap) a run's squares
/// are contiguous. std::nullopt when the layouts do not fit whole squares.
std::optional<SmallVector<SquareRun>>
squareRuns(MemRefType st, MemRefType dt, bool transposed, bool withTranspose,
           bool fractalTranspose, bool gaps, Location loc) {
  auto quiet = [&] { return emitError(loc); };
  ScopedDiagnosticHandler h(st.getContext(),
                            [](Diagnostic &) { return success(); });
  FailureOr<layout::FractalLayout> sl = getFractalLayout(st, quiet);
  FailureOr<layout::FractalLayout> dl = getFractalLayout(dt, quiet);
  if (failed(sl) || failed(dl) || sl->shape().size() != 2 ||
      dl->shape().size() != 2 || sl->numElements() > kMaxTileElements ||
      dl->numElements() > kMaxTileElements)
    return std::nullopt;
  unsigned bits = sl->elementBits();
  int64_t f = 4096 / bits;
  int64_t n = withTranspose ? fractalsPerSquare(bits) : 1;
  if (sl->numElements() % (f * n) != 0 || (fractalTranspose && bits != 16))
    return std::nullopt;
  bool moves = withTranspose || fractalTranspose;
  auto place = [&](int64_t e) {
    return moves ? transposeElement(bits, e) : TransposeTarget{0, e, 0, e};
  };
  SmallVector<SmallVector<int64_t>> dstOf; // per square; empty = padding
  SmallVector<FractalSquare> squares;
  for (int64_t q = 0; q < sl->numElements() / (f * n); ++q) {
    SmallVector<int64_t> d(n, -1);
    for (int64_t e = 0; e < f * n; ++e) {
      TransposeTarget t = place(e);
      auto idx = sl->logicalIndex((q * n + t.srcFractal) * f + t.srcInside);
      if (!idx)
        continue;
      if (transposed)
        std::swap((*idx)[0], (*idx)[1]);
      if ((*idx)[0] >= dl->shape()[0] || (*idx)[1] >= dl->shape()[1])
        return std::nullopt;
      int64_t off = dl->offset(*idx);
      if (off % f != t.dstInside ||
          (d[t.dstFractal] != -1 && d[t.dstFractal] != off / f))
        return std::nullopt;
      d[t.dstFractal] = off / f;
    }
    bool none = llvm::all_of(d, [](int64_t v) { return v == -1; });
    if (!none && llvm::is_contained(d, -1))
      return std::nullopt;
    if (none) {
      dstOf.push_back({});
      continue;
    }
    dstOf.push_back(d);
    FractalSquare sq;
    for (int64_t j = 0; j < n; ++j)
      sq.src.push_back(q * n + j);
    sq.dst.assign(d.begin(), d.end());
    squares.push_back(sq);
  }
  // `moves`: the instruction transposes every square; `transposed`: the
  // tile's logical transposition, the one reading the runs must realise.
  if (!movesWholeTile(st, dt, squares, bits, moves, /*view=*/transposed))
    return std::nullopt;
  // Runs: a square joins the run when its fractals sit where the run's
  // dstGap and dstFracGap put them.
  SmallVector<SquareRun> runs;
  auto fits = [&](const SquareRun &r, ArrayRef<int64_t> d) {
    int64_t first = r.dstFractal + r.repeatTimes * (r.dstGap + 1);
    for (int64_t j = 0; j < n; ++j)
      if (d[j] != first + j * (r.dstFracGap + 1))
        return false;
    return true;
  };
  for (int64_t q = 0; q < int64_t(dstOf.size()); ++q) {
    ArrayRef<int64_t> d = dstOf[q];
    if (d.empty())
      continue;
    if (!runs.empty()) {
      SquareRun &r = runs.back();
      bool adjacent = r.startIndex + r.repeatTimes == q;
      if (adjacent && r.repeatTimes == 1 && d[0] > r.dstFractal &&
          (gaps || d[0] == r.dstFractal + 1)) {
        SquareRun trial = r;
        trial.dstGap = d[0] - r.dstFractal - 1;
        if (fits(trial, d)) {
          r = trial;
          ++r.repeatTimes;
          continue;
        }
      } else if (adjacent && r.repeatTimes < 255 && fits(r, d)) {
        ++r.repeatTimes;
        continue;
      }
    }
    SquareRun r;
    r.startIndex = q;
    r.repeatTimes = 1;
    r.dstFractal = d[0];
    r.dstFracGap = n > 1 ? d[1] - d[0] - 1 : 0;
    if (r.dstFracGap < 0)
      return std::nullopt;
    for (int64_t j = 0; j < n; ++j)
      if (d[j] != d[0] + j * (r.dstFracGap + 1))
        return std::nullopt;
    runs.push_back(r);
  }
  return runs;
}

/// Builds the candidate's concrete ops before `load`; returns them, or the
/// first verifier diagnostic when one of them is illegal (and erases them).
Candidate build(LoadOp load, StringRef mover) {
  Candidate c;
  c.mover = mover.str();
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
  if (mover == "load_2d") {
    if (fractalTranspose)
      attrs.push_back(boolAttr("ifTranspose", true));
    auto op = Load2DOp::create(b, loc, src, Value(), dst, Value(), {}, {}, {},
                               {}, {}, {}, {});
    op->setAttrs(mergeAttrs(op, attrs));
    c.ops.push_back(op);
  } else if (mover == "load_2d_transpose") {
    c.ops.push_back(Load2DTransposeOp::create(
        b, loc, src, Value(), dst, Value(), {}, {}, {}, {}, {}, {}, {}));
  } else if (mover == "load_3d") {
    auto op = Load3DOp::create(b, loc, src, Value(), dst, Value(), {}, {}, {},
                               {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},
                               {}, {}, {}, {}, {}, {}, {}, {}, {});
    if (transposed && !intoB)
      op->setAttr("enTranspose", b.getBoolAttr(true));
    c.ops.push_back(op);
    c.setup = 1;
  } else {
    auto op = Load2DV2Op::create(b, loc, src, Value(), dst, Value(), {}, {}, {},
                                 {}, {}, {}, {}, {});
    if (fractalTranspose)
      op->setAttr("ifTranspose", b.getBoolAttr(true));
    c.ops.push_back(op);
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
  if (mover == "load_3d" && transposed && !intoB && c.rejected.empty() &&
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
    auto op = Load2DOp::create(b, loc, src, Value(), dst, off, {}, {}, {}, {},
                               {}, {}, {});
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
  if (squareTransposed && mover == "load_2d") {
    bool gaps = !prod || prod->Arch != 3510; // 950's LoadData 2D: no dstGap
    for (bool flip : {false, true}) {
      std::optional<SmallVector<SquareRun>> runs =
          squareRuns(st, dt, /*transposed=*/true, /*withTranspose=*/false, flip,
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
  // parameters given: the ones derived for the tile, kept when their squares
  // realise the transposed reading element by element.
  bool ownRule = false;
  if (squareTransposed && mover == "load_2d_v2") {
    auto v2 = cast<Load2DV2Op>(c.ops.front());
    // The derived form broke a rule of its own (not only the derived-layout
    // check, load2dv2_c5): the explicit form breaks it too; name it.
    ownRule = !c.rejected.empty() &&
              !StringRef(c.rejected).ends_with("[load2dv2_c5]");
    ScopedDiagnosticHandler quiet(v2->getContext(),
                                  [](Diagnostic &) { return success(); });
    FailureOr<Load2DV2Params> p =
        getLoad2DV2Params(v2, [&] { return v2.emitOpError(); });
    if (!ownRule && succeeded(p) &&
        movesWholeTile(st, dt, getLoad2DV2Squares(*p, bits), bits,
                       p->ifTranspose, /*view=*/true)) {
      v2->setAttrs(mergeAttrs(v2, {i64Attr("mStartPosition", p->mStartPosition),
                                   i64Attr("kStartPosition", p->kStartPosition),
                                   i64Attr("mStep", p->mStep),
                                   i64Attr("kStep", p->kStep),
                                   i64Attr("srcStride", p->srcStride),
                                   i64Attr("dstStride", p->dstStride)}));
      // With its parameters given, only the instruction's own rules are
      // left to break: name the one it breaks.
      c.rejected = check(v2);
      squareTransposed = !c.rejected.empty();
      ownRule = squareTransposed;
    }
  }
  // LoadData 3D into L0A with enTranspose writes the transpose of its Nz
  // source whatever the shapes (§10.3, §10.4): for a square tile that is the
  // reading asked for, so its own verdict stands.
  if (squareTransposed && mover == "load_3d" && !intoB)
    squareTransposed = false;
  if (squareTransposed && !ownRule) {
    c.rejected = "a square tile moved transposed: " + c.mover +
                 "'s derived form reads it untransposed, and no form built "
                 "and checked for the transposed reading (runs of LoadData 2D "
                 "or LoadDataWithTranspose, LoadData 2D-v2 with its "
                 "parameters, LoadData 3D with enTranspose into L0A) moves it "
                 "[load_c3]";
    if (mover != "load_2d_transpose") {
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
  if (!c.rejected.empty() && mover == "load_2d" && !transposed && rowsApply) {
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
  if (!c.rejected.empty() && mover == "load_2d_transpose" && prod &&
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
        FailureOr<TransposeParams> tp =
            getTransposeParams(t, [&] { return t.emitOpError(); });
        std::optional<int64_t> off = getConstantIntValue(t.getDstOffset());
        if (failed(tp) || !off)
          return false;
        for (FractalSquare sq : getTransposeSquares(*tp)) {
          for (int64_t &d : sq.dst)
            d += *off / fractalElems;
          all.push_back(sq);
        }
      }
      return movesWholeTile(st, dt, all, bits, /*transposed=*/true,
                            /*view=*/transposed);
    };
    if (std::optional<SmallVector<SquareRun>> runs =
            squareRuns(st, dt, transposed, /*withTranspose=*/true,
                       /*fractalTranspose=*/false, /*gaps=*/true, loc);
        runs &&
        tryInstructions(
            runs->size(),
            [&](int64_t i) { return (*runs)[i].dstFractal * fractalElems; },
            [&](int64_t i, Value off) {
              const SquareRun &r = (*runs)[i];
              auto op = Load2DTransposeOp::create(
                  b, loc, src, Value(), dst, off, {}, {}, {}, {}, {}, {}, {});
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
                   "element by element [transpose2d_c5]";
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

/// The candidates of the module's product, in tie order.
ArrayRef<llvm::StringLiteral> moverOrder(Operation *op) {
  const target::ProductInfo *prod = getTargetProduct(op);
  return prod && prod->HasLoad2DV2 ? ArrayRef(kMovers950) : ArrayRef(kMovers);
}

/// What a user can change when no mover can do `load` (cube-reference §11):
/// the transpositions the instructions do and the squares they do them in.
std::string hint(LoadOp load) {
  auto st = cast<MemRefType>(load.getSrc().getType());
  auto dt = cast<MemRefType>(load.getDst().getType());
  unsigned bits = getElementBitWidth(st.getElementType()).value_or(0);
  bool intoB = getMemLevel(dt) == Level::L0B;
  bool transposed = load.isTransposed();
  if (intoB && !transposed && (bits == 4 || bits == 8)) {
    int64_t side = bits == 4 ? 64 : 32;
    return llvm::formatv(
        "a {0}-bit K x N B is transposed into L0B by LoadDataWithTranspose "
        "in {1} x {1} squares: pad K and N to multiples of {1}, or hold B "
        "transposed (N x K in L1), whose fractals L0B takes as they are",
        bits, side);
  }
  if (!intoB && transposed && bits == 4)
    return "an int4 A cannot be moved transposed into L0A (§11): hold A as "
           "M x K in L1";
  if (transposed)
    return "the transposing movers work in squares of fractals (§7, §10.4): "
           "pad the transposed tile to whole squares (16 x 16 for b16/b32, "
           "32 x 32 for b8, 64 x 64 for b4), or hold the operand the way its "
           "L0 buffer reads it";
  return "";
}

struct AscubeSelectMoversPass
    : ascube::impl::AscubeSelectMoversBase<AscubeSelectMoversPass> {
  using AscubeSelectMoversBase::AscubeSelectMoversBase;

  void runOnOperation() override {
    if (!force.empty() && !llvm::is_contained(kMovers, StringRef(force))) {
      getOperation().emitError()
          << "ascube-select-movers: unknown mover '" << force
          << "' (load_2d, load_2d_transpose, load_3d, load_2d_v2)";
      return signalPassFailure();
    }
    bool ok = true;
    getOperation().walk([&](func::FuncOp f) {
      SmallVector<LoadOp> loads;
      f.walk([&](LoadOp op) { loads.push_back(op); });
      totals.baselineMissing = false;
      Totals before = totals;
      for (LoadOp load : loads)
        ok &= succeeded(select(load));
      if (report && !loads.empty()) {
        Totals t = totals - before;
        InFlightDiagnostic r = f.emitRemark();
        r << "ascube-select-movers report for @" << f.getName() << ": "
          << loads.size() << " load" << (loads.size() == 1 ? "" : "s")
          << "; selected " << t.instructions << " MTE1 instructions, "
          << t.cycles << " cycles";
        if (t.baselineMissing)
          r << "; LoadData 2D-family route: not legal for every load";
        else
          r << "; LoadData 2D-family route " << t.baseInstructions
            << " instructions, " << t.baseCycles << " cycles";
        r << "; lower bound " << t.lowerBound << " cycles (bytes / bandwidth)";
      }
    });
    if (!ok)
      signalPassFailure();
  }

  /// Running sums for the report.
  struct Totals {
    int64_t instructions = 0, cycles = 0, baseInstructions = 0, baseCycles = 0,
            lowerBound = 0;
    bool baselineMissing = false;
    Totals operator-(const Totals &o) const {
      return {instructions - o.instructions,
              cycles - o.cycles,
              baseInstructions - o.baseInstructions,
              baseCycles - o.baseCycles,
              lowerBound - o.lowerBound,
              baselineMissing};
    }
  } totals;

  LogicalResult select(LoadOp load) {
    // The load's own `mover` wins over the pass option.
    std::string force = this->force;
    if (std::optional<Mover> m = load.getMover())
      force = stringifyMover(*m).str();
    SmallVector<Candidate> cands;
    for (StringRef m : moverOrder(load))
      if (force.empty() || m == force)
        cands.push_back(build(load, m));

    Candidate *best = nullptr;
    for (Candidate &c : cands)
      if (c.rejected.empty() && (!best || c.cost() < best->cost()))
        best = &c;
    auto what = [&] {
      std::string s;
      llvm::raw_string_ostream os(s);
      auto st = cast<MemRefType>(load.getSrc().getType());
      auto dt = cast<MemRefType>(load.getDst().getType());
      os << "L1 -> " << target::stringifyLevel(*getMemLevel(dt)) << " "
         << st.getElementType() << " " << st.getDimSize(0) << "x"
         << st.getDimSize(1) << (load.isTransposed() ? " transposed" : "");
      if (const target::ProductInfo *prod = getTargetProduct(load))
        os << " on " << prod->Name;
      return s;
    };
    if (!best) {
      InFlightDiagnostic d = load.emitOpError();
      if (!force.empty()) {
        d << "the forced mover " << force << " cannot do " << what() << ": "
          << cands.front().rejected;
        return failure();
      }
      d << "no mover can do " << what();
      if (std::string h = hint(load); !h.empty())
        d << "; " << h;
      for (Candidate &c : cands)
        d.attachNote(load.getLoc()) << c.mover << ": " << c.rejected;
      return failure();
    }
    if (remarks) {
      InFlightDiagnostic r = load.emitRemark();
      r << "ascube-select-movers: " << best->describe()
        << (force.empty() ? " chosen" : " forced") << " for " << what();
      bool first = true;
      for (Candidate &c : cands) {
        if (&c == best)
          continue;
        r << (first ? "; rejected: " : ", ");
        first = false;
        if (c.rejected.empty())
          r << c.describe();
        else
          r << c.mover << " (" << c.rejected << ")";
      }
    }
    totals.instructions += best->instructions;
    totals.cycles += best->cost();
    totals.lowerBound += best->transferCycles;
    Candidate *base = nullptr;
    for (Candidate &c : cands)
      if (c.rejected.empty() &&
          (c.mover == "load_2d" || c.mover == "load_2d_transpose") &&
          (!base || c.cost() < base->cost()))
        base = &c;
    if (base) {
      totals.baseInstructions += base->instructions;
      totals.baseCycles += base->cost();
    } else {
      totals.baselineMissing = true;
    }
    for (Candidate &c : cands)
      if (&c != best)
        for (Operation *op : llvm::reverse(c.ops))
          op->erase();
    load.erase();
    return success();
  }
};

} // namespace

bool ascube::hasLegalMover(LoadOp load) {
  for (StringRef m : moverOrder(load)) {
    Candidate c = build(load, m);
    bool ok = c.rejected.empty();
    for (Operation *op : llvm::reverse(c.ops))
      op->erase();
    if (ok)
      return true;
  }
  return false;
}
