//===- TileEpilogues.cpp - ascube-tile-linalg: what folds around an op ---===//
//
// What ascube-tile-linalg folds into the Cube program around a matmul or a
// convolution (docs/Tiling.md, "Epilogues"): the zero fill before it, a
// convolution's map zero-padded before it (read with LoadData 3D's
// padding), a bias add and a ReLU after it (the bias table, Fixpipe's
// reluEn), a requantization to int8 last (Fixpipe REQ8 and its QUANT_PRE
// word, cube-reference §16), and what goes when C itself is no longer
// written.
// The declarations and their contracts are in TileLinalg.h.
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ascube;
using tiling::isPlainGMMatrix;
using tiling::PaddedMap;

/// Whether `v` is a constant zero: +0.0 for floats (-0.0 + x can keep a
/// -0.0 that x alone does not), 0 for integers.
static bool isPosZero(Value v) {
  return matchPattern(v, m_PosZeroFloat()) || matchPattern(v, m_Zero());
}

linalg::FillOp ascube::tiling::zeroFillBefore(Operation *op, Value c) {
  // +0.0 only: C = -0.0 + A x B could keep a -0.0 the Cube's C = A x B
  // does not.
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (!fill || fill.getOutputs().size() != 1 || fill.getOutputs()[0] != c)
    return {};
  return isPosZero(fill.getInputs()[0]) ? fill : linalg::FillOp();
}

std::string ascube::tiling::describeFillBefore(Operation *op, Value c) {
  // The nearest op before `op` that touches memory (views and constants
  // in between are skipped).
  Operation *prev = op->getPrevNode();
  int64_t between = 0;
  for (; prev && isMemoryEffectFree(prev); prev = prev->getPrevNode())
    ++between;
  auto fill = dyn_cast_or_null<linalg::FillOp>(prev);
  if (!fill || fill.getOutputs().size() != 1)
    return "";
  std::string s;
  llvm::raw_string_ostream os(s);
  Value v = fill.getInputs()[0];
  if (fill.getOutputs()[0] == c && isPosZero(v))
    os << "; the zero fill of the output is " << between
       << " op(s) before it: move it right before the op";
  else if (fill.getOutputs()[0] != c)
    os << "; the linalg.fill before it fills " << fill.getOutputs()[0].getType()
       << ", not the output itself (" << c.getType()
       << "): fill the very value the op writes (a fill of a buffer it is "
          "a view of stays the kernel's own op and does not make the "
          "program start from zero)";
  else
    os << "; the linalg.fill right before it fills " << v.getType() << " "
       << (matchPattern(v, m_NegZeroFloat()) ? "-0.0"
                                             : "another value than zero");
  return s;
}

std::optional<tiling::PaddedMap>
ascube::tiling::matchPaddedMap(Value map, Operation *conv, bool channelsFirst) {
  auto alloc = map.getDefiningOp<memref::AllocOp>();
  if (!alloc || !alloc.getDynamicSizes().empty() ||
      !alloc.getSymbolOperands().empty())
    return std::nullopt;
  Operation *fill = nullptr, *copy = nullptr, *dealloc = nullptr;
  memref::SubViewOp view;
  Value source;
  for (Operation *user : alloc->getUsers()) {
    if (user == conv)
      continue;
    if (auto f = dyn_cast<linalg::FillOp>(user);
        f && !fill && f.getOutputs()[0] == map && isPosZero(f.getInputs()[0])) {
      fill = user;
      continue;
    }
    if (auto m = dyn_cast<linalg::MapOp>(user);
        m && !fill && m.getInputs().empty() && m.getInit() == map &&
        m.hasPureBufferSemantics() &&
        isPosZero(m.getMapper().front().getTerminator()->getOperand(0)) &&
        llvm::all_of(m.getMapper().front().without_terminator(),
                     [](Operation &o) { return isa<linalg::IndexOp>(o); })) {
      fill = user;
      continue;
    }
    if (auto v = dyn_cast<memref::SubViewOp>(user); v && !view) {
      view = v;
      continue;
    }
    if (isa<memref::DeallocOp>(user) && !dealloc) {
      dealloc = user;
      continue;
    }
    return std::nullopt;
  }
  if (!view || !view->hasOneUse())
    return std::nullopt;
  copy = *view->getUsers().begin();
  if (!fill) {
    // Copied into part of an alloc never filled: the convolution reads
    // the rest undefined (malloc'd on the CPU, whatever GM held on a chip).
    auto part = view.getType();
    auto intoView = [&] {
      if (auto c = dyn_cast<memref::CopyOp>(copy))
        return c.getTarget() == view.getResult();
      auto c = dyn_cast<linalg::CopyOp>(copy);
      return c && c.getOutputs()[0] == view.getResult();
    };
    if (intoView() && part.hasStaticShape() &&
        part.getNumElements() < alloc.getType().getNumElements())
      conv->emitWarning()
          << "the map is a memref.alloc the convolution reads where only "
             "a copy into a part of it wrote ("
          << part.getNumElements() << " of " << alloc.getType().getNumElements()
          << " elements): the rest is undefined; a padded map is zero "
             "filled before the copy (linalg.fill), as a bufferized "
             "tensor.pad is [tile_c1]";
    return std::nullopt;
  }
  if (auto c = dyn_cast<memref::CopyOp>(copy); c && c.getTarget() == view)
    source = c.getSource();
  else if (auto c = dyn_cast<linalg::CopyOp>(copy);
           c && c.getOutputs()[0] == view && c.hasPureBufferSemantics())
    source = c.getInputs()[0];
  else
    return std::nullopt;
  auto padded = cast<MemRefType>(map.getType());
  auto inner = dyn_cast<MemRefType>(source.getType());
  if (!tiling::isPlainGMMatrix(source, 4) || !padded.getLayout().isIdentity() ||
      padded.getMemorySpace() ||
      inner.getElementType() != padded.getElementType() ||
      !view.hasUnitStride() ||
      !ShapedType::isStaticShape(view.getStaticOffsets()))
    return std::nullopt;
  ArrayRef<int64_t> off = view.getStaticOffsets();
  ArrayRef<int64_t> size = view.getStaticSizes();
  // Rows and columns: dimensions h and h + 1; images and channels are
  // copied whole.
  int64_t h = channelsFirst ? 2 : 1, ch = channelsFirst ? 1 : 3;
  if (off.size() != 4 || off[0] != 0 || off[ch] != 0 ||
      size != inner.getShape() || size[0] != padded.getShape()[0] ||
      size[ch] != padded.getShape()[ch] ||
      off[h] + size[h] > padded.getShape()[h] ||
      off[h + 1] + size[h + 1] > padded.getShape()[h + 1])
    return std::nullopt;
  // Program order: fill, copy, convolution (the dealloc after it).
  Block *block = conv->getBlock();
  for (Operation *o : {fill, copy, view.getOperation(), alloc.getOperation()})
    if (o->getBlock() != block || !o->isBeforeInBlock(conv))
      return std::nullopt;
  if (!fill->isBeforeInBlock(copy))
    return std::nullopt;
  PaddedMap pm{source, off[h], off[h + 1], {copy, view, fill}, fill};
  if (dealloc)
    pm.ops.push_back(dealloc);
  pm.ops.push_back(alloc);
  return pm;
}

tiling::Epilogue ascube::tiling::matchEpilogue(Operation *op, Value c,
                                               int64_t biasDim,
                                               bool refuseUnfolded) {
  Epilogue e;
  auto cType = cast<MemRefType>(c.getType());
  int64_t rank = cType.getRank();
  MLIRContext *ctx = op->getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  if (biasDim < 0)
    biasDim = rank - 1;
  AffineMap last = AffineMap::get(rank, 0, getAffineDimExpr(biasDim, ctx), ctx);
  // One generic: its bias (or null) and whether it ends in a ReLU, or
  // failure when it is not an epilogue of C.
  auto match = [&](linalg::GenericOp g, Value &bias,
                   bool &relu) -> LogicalResult {
    if (!g || g.getNumDpsInits() != 1 || g.getDpsInits()[0] != c ||
        g.getNumDpsInputs() > 1 || g.getNumLoops() != rank ||
        g.getNumParallelLoops() != rank || !g.hasPureBufferSemantics())
      return failure();
    SmallVector<AffineMap> maps = g.getIndexingMapsArray();
    bool hasInput = g.getNumDpsInputs() == 1;
    if (maps.back() != identity)
      return failure();
    if (hasInput) {
      Value in = g.getDpsInputs()[0];
      auto t = dyn_cast<MemRefType>(in.getType());
      if (maps[0] != last || !isPlainGMMatrix(in, 1) ||
          t.getElementType() != cType.getElementType() ||
          t.getShape()[0] != cType.getShape()[biasDim])
        return failure();
      bias = in;
    }
    Block &body = g.getRegion().front();
    Value out = body.getArgument(hasInput ? 1 : 0);
    Value v = body.getTerminator()->getOperand(0);
    unsigned matched = 0;
    relu = false;
    if (Operation *d = v.getDefiningOp();
        d && d->getBlock() == &body &&
        isa<arith::MaximumFOp, arith::MaxSIOp>(d)) {
      if (isPosZero(d->getOperand(1)))
        v = d->getOperand(0);
      else if (isPosZero(d->getOperand(0)))
        v = d->getOperand(1);
      else
        return failure();
      relu = true;
      ++matched;
    }
    if (hasInput) {
      Operation *d = v.getDefiningOp();
      Value in = body.getArgument(0);
      if (!d || d->getBlock() != &body ||
          !isa<arith::AddFOp, arith::AddIOp>(d) ||
          !((d->getOperand(0) == out && d->getOperand(1) == in) ||
            (d->getOperand(0) == in && d->getOperand(1) == out)))
        return failure();
      v = out;
      ++matched;
    }
    // Nothing else in the body (constants aside).
    unsigned others =
        llvm::count_if(body.without_terminator(), [](Operation &o) {
          return !o.hasTrait<OpTrait::ConstantLike>();
        });
    if (v != out || others != matched || matched == 0)
      return failure();
    return success();
  };
  Operation *next = op->getNextNode();
  for (int i = 0; i < 2 && next; ++i) {
    Value bias;
    bool relu = false;
    if (failed(match(dyn_cast<linalg::GenericOp>(next), bias, relu)))
      break;
    // A bias after a ReLU, or a second bias or ReLU, is another function.
    if ((bias && (e.bias || e.relu)) || (relu && e.relu))
      break;
    if (bias)
      e.bias = bias;
    e.relu |= relu;
    e.ops.push_back(next);
    next = next->getNextNode();
  }
  // Last, a requantization to int8 (Fixpipe REQ8).
  if (auto g = dyn_cast_or_null<linalg::GenericOp>(next)) {
    RequantMatch rq = matchRequant(g, c);
    if (rq.matched && !rq.error.empty()) {
      g.emitError() << rq.error << " [tile_c8]";
      e.failed = true;
      return e;
    }
    if (rq.matched) {
      e.requantOut = g.getDpsInits()[0];
      e.requantWord = rq.word;
      e.ops.push_back(next);
      next = next->getNextNode();
      // C itself need not be written when it is a local alloc nothing but
      // the fill, the op, the epilogue and a dealloc touch.
      e.writeC = !llvm::all_of(c.getUsers(), [&](Operation *u) {
        return u == op || llvm::is_contained(e.ops, u) ||
               isa<memref::DeallocOp>(u) ||
               (isa<linalg::FillOp>(u) && u->getNextNode() == op);
      }) || !c.getDefiningOp<memref::AllocOp>();
    }
  }
  // A linalg op on C right after what folds in: most likely an epilogue
  // in another form, which stays a linalg op (ascube-run refuses it) —
  // not the zero fill of a next op overwriting C (zeroFillBefore).
  auto fillsNext = [&](Operation *fill) {
    Operation *after = fill->getNextNode();
    return isa<linalg::FillOp>(fill) && after &&
           isa<linalg::MatmulOp, linalg::BatchMatmulOp, linalg::MatvecOp,
               linalg::VecmatOp, linalg::ConvolutionOpInterface>(after) &&
           zeroFillBefore(after, c).getOperation() == fill;
  };
  if (next && isa<linalg::LinalgOp>(next) &&
      llvm::is_contained(next->getOperands(), c) && !fillsNext(next)) {
    // (A runner cannot run what stays: an error then, the mapping failed.)
    e.failed |= refuseUnfolded;
    InFlightDiagnostic d =
        refuseUnfolded ? next->emitError() : next->emitWarning();
    d << "'" << next->getName() << "' on the output of the '" << op->getName()
      << "' before it is not folded into the Cube program and "
      << (refuseUnfolded ? "cannot run" : "stays")
      << ": "
         "ascube-tile-linalg folds a linalg.generic over C (C's identity "
         "map, all loops parallel) adding a bias (one input, a static 1-D "
         "GM memref over C's channels, its last dimension (NCHW: the "
         "second): ins(%bias) outs(%C), "
         "yielding C + bias) and/or a ReLU (max(C, 0)), the bias first, "
         "then one requantizing C to int8 (ins(%C : i32) outs(%Q : i8): "
         "fptosi(clamp(roundeven(sitofp(C) * scale) [+ offset], -128, "
         "127)), or fptoui of a clamp to [0, 255] for unsigned bytes, "
         "docs/Tiling.md)";
  }
  return e;
}

/// The f32 of bit pattern `b` to 30 significant digits: exact for the
/// scales of a 10-bit mantissa down to about 2^-20 (whose decimal
/// expansions end sooner), and always enough to name the f32.
static std::string text(uint32_t b) {
  SmallString<24> str;
  APFloat(llvm::bit_cast<float>(b)).toString(str, /*FormatPrecision=*/30);
  return std::string(str);
}

tiling::RequantMatch ascube::tiling::matchRequant(linalg::GenericOp g,
                                                  Value c) {
  RequantMatch r;
  auto cType = cast<MemRefType>(c.getType());
  int64_t rank = cType.getRank();
  // A requantization with a second input (a scale or offset per column):
  // Fixpipe's VREQ8 reads one QUANT_PRE word per column, which nothing in
  // the program builds from the scales yet.
  if (g && g.getNumDpsInputs() == 2 && g.getDpsInputs()[0] == c &&
      g.getNumDpsInits() == 1 &&
      cast<ShapedType>(g.getDpsInits()[0].getType())
          .getElementType()
          .isSignlessInteger(8) &&
      llvm::any_of(g.getRegion().front(), [](Operation &o) {
        return isa<math::RoundEvenOp, arith::FPToSIOp>(o);
      })) {
    r.matched = true;
    r.error = "a requantization with a second input (a scale or offset per "
              "column) is not mapped yet: Fixpipe's VREQ8 reads one "
              "QUANT_PRE word per column, which the program would have to "
              "build from the scales; requantize with one constant scale "
              "and offset";
    return r;
  }
  if (!g || g.getNumDpsInputs() != 1 || g.getDpsInputs()[0] != c ||
      g.getNumDpsInits() != 1 || !g.hasPureBufferSemantics() ||
      g.getNumLoops() != rank || g.getNumParallelLoops() != rank ||
      !cType.getElementType().isSignlessInteger(32))
    return r;
  Value q = g.getDpsInits()[0];
  if (!isPlainGMMatrix(q, rank) || gmPitch(q) != gmPitch(c) ||
      cast<MemRefType>(q.getType()).getShape() != cType.getShape() ||
      !cast<MemRefType>(q.getType()).getElementType().isSignlessInteger(8))
    return r;
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, g->getContext());
  if (llvm::any_of(g.getIndexingMapsArray(),
                   [&](AffineMap m) { return m != identity; }))
    return r;
  Block &body = g.getRegion().front();
  unsigned chain = 0;
  // The op of the body defining `v`, or null.
  auto def = [&](Value v) -> Operation * {
    Operation *d = v.getDefiningOp();
    return d && d->getBlock() == &body ? d : nullptr;
  };
  // Whether operand 0 or 1 of `o` is the float constant `want` (any value
  // with `want` unset): the constant in `value`, the other operand in
  // `other`.
  auto constOperand = [](Operation *o, std::optional<double> want,
                         APFloat &value, Value &other) {
    for (unsigned i = 0; i < 2; ++i) {
      APFloat f(0.0);
      if (matchPattern(o->getOperand(i), m_ConstantFloat(&f)) &&
          (!want || f.convertToDouble() == *want)) {
        value = f;
        other = o->getOperand(1 - i);
        return true;
      }
    }
    return false;
  };
  // v = clamp(inner, lo, hi): a min of a max, or a max of a min.
  auto clamp = [&](Value v, double lo, double hi, Value &inner) {
    auto isMin = [](Operation *o) {
      return isa_and_nonnull<arith::MinimumFOp, arith::MinNumFOp>(o);
    };
    auto isMax = [](Operation *o) {
      return isa_and_nonnull<arith::MaximumFOp, arith::MaxNumFOp>(o);
    };
    APFloat k(0.0);
    Value mid;
    Operation *outer = def(v);
    bool minOuter = isMin(outer);
    if (!(minOuter || isMax(outer)) ||
        !constOperand(outer, minOuter ? hi : lo, k, mid))
      return false;
    Operation *in = def(mid);
    if (!(minOuter ? isMax(in) : isMin(in)) ||
        !constOperand(in, minOuter ? lo : hi, k, inner))
      return false;
    chain += 2;
    return true;
  };
  // fptosi of a clamp to [-128, 127] (s8), or fptoui of a clamp to
  // [0, 255] (u8: the int8 bytes read unsigned).
  Operation *toInt = def(body.getTerminator()->getOperand(0));
  bool u8 = isa_and_nonnull<arith::FPToUIOp>(toInt);
  if (!isa_and_nonnull<arith::FPToSIOp, arith::FPToUIOp>(toInt) ||
      !toInt->getOperand(0).getType().isF32())
    return r;
  ++chain;
  Value v;
  if (!clamp(toInt->getOperand(0), u8 ? 0.0 : -128.0, u8 ? 255.0 : 127.0, v))
    return r;
  int64_t offset = 0;
  if (auto addOff = dyn_cast_or_null<arith::AddFOp>(def(v))) {
    APFloat off(0.0);
    if (!constOperand(addOff, std::nullopt, off, v))
      return r;
    double d = off.convertToDouble();
    if (d != std::trunc(d) || d < -256.0 || d > 255.0)
      return r;
    offset = int64_t(d);
    ++chain;
  }
  auto round = dyn_cast_or_null<math::RoundEvenOp>(def(v));
  if (!round)
    return r;
  ++chain;
  v = round.getOperand();
  Value unclipped;
  bool clipped = clamp(v, -256.0, 255.0, unclipped);
  if (clipped)
    v = unclipped;
  auto scaled = dyn_cast_or_null<arith::MulFOp>(def(v));
  APFloat scale(0.0f);
  if (!scaled || !constOperand(scaled, std::nullopt, scale, v))
    return r;
  ++chain;
  auto toFloat = dyn_cast_or_null<arith::SIToFPOp>(def(v));
  if (!toFloat || toFloat.getIn() != body.getArgument(0) ||
      !toFloat.getType().isF32())
    return r;
  ++chain;
  unsigned ops = llvm::count_if(body.without_terminator(), [](Operation &o) {
    return !o.hasTrait<OpTrait::ConstantLike>();
  });
  if (ops != chain)
    return r;
  r.matched = true;
  auto bits = uint32_t(scale.bitcastToAPInt().getZExtValue());
  uint32_t exp = (bits >> 23) & 0xFF, mant = bits & 0x7FFFFF;
  if (exp == 0xFF || (exp == 0 && mant != 0))
    r.error = "the requantization scale " + text(bits) +
              " is infinite, NaN or denormal: Fixpipe's M1 is a normal "
              "f32 or zero (fixpipe_c12)";
  else if (bits & 0x1FFF)
    r.error = llvm::formatv("the requantization scale {0} (0x{1:X-8}) has "
                            "mantissa bits below bit 13: Fixpipe's M1 is an "
                            "f32 with a 10-bit mantissa (bits 31:13); the "
                            "nearest such scales are {2} and {3}",
                            text(bits), bits, text(bits & ~0x1FFFu),
                            text((bits & ~0x1FFFu) + 0x2000u))
                  .str();
  else if (offset != 0 && !clipped)
    r.error = "a requantization offset after the rounding needs x * scale "
              "clipped to [-256, 255] before math.roundeven, as Fixpipe "
              "clips it (clamp with -256.0 and 255.0)";
  r.word = (bits & 0xFFFFE000u) | (uint64_t(offset & 0x1FF) << 37) |
           (uint64_t(u8 ? 0 : 1) << 46);
  return r;
}

LogicalResult ascube::tiling::checkRequant(Operation *op,
                                           const target::ProductInfo &prod,
                                           const Epilogue &e,
                                           ArrayRef<Value> reads) {
  // The program writes Q tile by tile while later tiles still read the
  // inputs: Q must not be one of them (linalg requantizes the finished
  // result).
  if (e.requantOut)
    for (Value r : reads)
      if (r && getViewedBuffer(r) == getViewedBuffer(e.requantOut))
        return op->emitOpError()
               << "the requantization writes into a buffer the op also reads: "
                  "the Cube program writes it tile by tile while later tiles "
                  "still read it; requantize into another buffer [tile_c8]";
  if (!e.requantOut || llvm::any_of(target::fixpipeRows(), [&](const auto &r) {
        return r.ToGM && prod.in(r.Products) && StringRef(r.Src) == "i32" &&
               StringRef(r.Dst) == "i8";
      }))
    return success();
  return op->emitOpError()
         << "a requantization to int8 needs Fixpipe i32 -> i8 to GM (REQ8), "
            "which "
         << prod.Name << " does not have (docs/Products.md) [tile_c8]";
}

std::string ascube::tiling::describeRequant(const Epilogue &e) {
  if (!e.requantOut)
    return "";
  int64_t offset = int64_t(e.requantWord >> 37 & 0x1FF);
  if (offset >= 256)
    offset -= 512;
  return llvm::formatv(", requantized to {3} (Fixpipe REQ8: scale {0}, "
                       "offset {1}{2})",
                       text(uint32_t(e.requantWord)), offset,
                       e.writeC ? "; C written too" : "",
                       e.requantWord >> 46 & 1 ? "int8" : "uint8 bytes")
      .str();
}

void ascube::tiling::eraseUnwrittenOutput(Value c) {
  for (Operation *u : llvm::make_early_inc_range(c.getUsers()))
    if (isa<memref::DeallocOp>(u) ||
        (isa<memref::CollapseShapeOp, memref::ExpandShapeOp>(u) &&
         u->use_empty()))
      u->erase();
  if (c.use_empty())
    if (Operation *alloc = c.getDefiningOp<memref::AllocOp>())
      alloc->erase();
}
