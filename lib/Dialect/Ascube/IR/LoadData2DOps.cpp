//===- LoadData2DOps.cpp - LoadData 2D family -----------------------------===//
//
// The LoadData 2D family (cube-reference §6-§9, §12): LoadData 2D,
// LoadDataWithTranspose (V1, and the 950's V2), LoadData 2D-v2,
// LoadDataWithSparse and LoadData MX — parameters, the fractal squares they
// move, access extents, base alignment and verifiers. ODS:
// AscubeLoadData2DOps.td.
//
//===----------------------------------------------------------------------===//

#include "OpVerification.h"
#include "ascube/Model/FieldLimits.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
namespace limits = ascube::model::limits;
using namespace ascube::detail;
using layout::Format;
using target::Level;

//===----------------------------------------------------------------------===//
// Load2DOp
//===----------------------------------------------------------------------===//

FailureOr<Load2DParams> ascube::getLoad2DParams(Load2DOp op, EmitErrorFn emit) {
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(dst))
    return failure();
  int64_t fractalElems = 4096 / dst->bits;
  int64_t dstFractals = dst->layout.numElements() / fractalElems;
  Load2DParams p;
  p.startIndex = attrOr(op.getStartIndexAttr(), 0);
  p.repeatTimes = attrOr(op.getRepeatTimesAttr(), dstFractals);
  p.srcStride = attrOr(op.getSrcStrideAttr(), 1);
  p.sid = attrOr(op.getSidAttr(), 0);
  p.dstGap = attrOr(op.getDstGapAttr(), 0);
  p.addrMode = attrOr(op.getAddrModeAttr(), 0);
  p.ifTranspose = attrOr(op.getIfTransposeAttr(), false);
  if (failed(inRange(emit, "startIndex", p.startIndex, 0, limits::kU16Max,
                     "load2d_c3")) ||
      failed(inRange(emit, "repeatTimes", p.repeatTimes, 0, limits::kU8Max,
                     "load2d_c3")) ||
      failed(inRange(emit, "srcStride", p.srcStride, 0, limits::kU16Max,
                     "load2d_c3")) ||
      failed(inRange(emit, "sid", p.sid, 0, 0, "load2d_c3")) ||
      failed(
          inRange(emit, "dstGap", p.dstGap, 0, limits::kU16Max, "load2d_c3")) ||
      failed(inRange(emit, "addrMode", p.addrMode, 0, 1, "load2d_c3")))
    return failure();
  // What executes (§6): dstGap is ignored on 950; addrMode is honoured on
  // GM -> L1 only.
  const target::ProductInfo *prod = getTargetProduct(op);
  if (prod && !prod->HasLoad2DDstGap)
    p.dstGap = 0;
  auto srcT = cast<MemRefType>(op.getSrc().getType());
  if (!(getMemLevel(srcT) == Level::GM && dst->level == Level::L1))
    p.addrMode = 0;
  return p;
}

LogicalResult Load2DOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers =
      resolveMover(*this, getSrc(), getDst(), emit, /*fixedFractals=*/true);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  // Paths (§6).
  bool pathOk = (src->level == Level::GM &&
                 (dst->level == Level::L1 || dst->level == Level::L0A ||
                  dst->level == Level::L0B)) ||
                (src->level == Level::L1 &&
                 (dst->level == Level::L0A || dst->level == Level::L0B));
  if (!pathOk)
    return emitOpError() << "LoadData 2D moves GM -> L1/L0A/L0B or L1 -> "
                            "L0A/L0B, got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [load2d_c1]";
  Type et = src->type.getElementType();
  if (et != dst->type.getElementType())
    return emitOpError() << "source and destination element types differ ("
                         << et << " vs " << dst->type.getElementType()
                         << ") [load2d_c2]";
  // Dtypes (§6, Load2DTable): a type of some product on this path; the
  // product's own list is load2d_c8.
  auto onPath = [&](const target::Load2DTypeInfo &r) {
    return r.FromGM || src->level == Level::L1;
  };
  if (!hasTypeRow(target::load2DTypes(), nullptr, et, onPath))
    return emitOpError() << "element type " << et
                         << " is not a LoadData 2D type on this path "
                            "[load2d_c2]";
  FailureOr<Load2DParams> p = getLoad2DParams(*this, emit);
  if (failed(p))
    return failure();
  BaseAlignment align = getBaseAlignment();
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  if (const target::ProductInfo *prod = getTargetProduct(*this)) {
    if (src->level == Level::GM && !prod->HasGMToL0)
      return emitOpError() << "LoadData 2D from GM is not available on "
                           << prod->Name
                           << " (950: L1 -> L0A/L0B only) [load2d_c9]";
    if (!hasTypeRow(target::load2DTypes(), prod, et))
      return emitOpError() << "LoadData 2D of " << et << " is not available on "
                           << prod->Name << " [load2d_c8]";
  }
  if (p->ifTranspose && (src->bits != 16 || src->level != Level::L1))
    return emitOpError() << "ifTranspose needs 16-bit data on L1 -> L0A/L0B, "
                            "got "
                         << et << " on " << target::stringifyLevel(src->level)
                         << " -> " << target::stringifyLevel(dst->level)
                         << " [load2d_c4]";
  if (!getRepeatTimesAttr()) {
    // The derived form copies fractal startIndex + i*srcStride to
    // destination fractal i*(dstGap+1), transposing each 16 x 16 block with
    // ifTranspose: legal only when that reproduces the destination layout,
    // of the same matrix or of its transpose (squaresKeepLayout).
    const auto &s = src->layout, &d = dst->layout;
    bool same =
        squaresKeepLayout(src->type, dst->type, s, d, getLoad2DSquares(*p),
                          dst->bits, p->ifTranspose);
    if (!same)
      return emitOpError()
             << "one LoadData 2D cannot move "
             << layout::stringifyFormat(s.format()) << " into "
             << layout::stringifyFormat(d.format())
             << " here: give startIndex/repeatTimes/srcStride per fractal "
                "row (or column) [load2d_c6]";
  }
  return checkExtents(*this, emit, *src, *dst, "load2d_c5");
}

FailureOr<AccessExtents> Load2DOp::getAccessExtents(EmitErrorFn emit) {
  Load2DOp op = *this;
  FailureOr<Load2DParams> p = getLoad2DParams(op, emit);
  if (failed(p))
    return failure();
  if (p->repeatTimes == 0)
    return AccessExtents{};
  auto et = cast<MemRefType>(op.getSrc().getType()).getElementType();
  int64_t f = 4096 / *getElementBitWidth(et);
  int64_t span = (p->repeatTimes - 1) * p->srcStride;
  if (p->addrMode == 1 && p->startIndex < span)
    return emit() << "addrMode = 1 steps below fractal 0 (startIndex "
                  << p->startIndex << ", " << p->repeatTimes << " repeats of "
                  << p->srcStride << ") [load2d_c5]";
  int64_t lastSrc = p->addrMode == 1 ? p->startIndex : p->startIndex + span;
  int64_t lastDst = (p->repeatTimes - 1) * (p->dstGap + 1);
  return AccessExtents{(lastSrc + 1) * f, (lastDst + 1) * f};
}

BaseAlignment Load2DOp::getBaseAlignment() {
  Load2DOp op = *this;
  // L1 sources 32 B; L0A/L0B destinations 512 B, L1 destinations 32 B.
  Level d = levelOf(op.getDst());
  return {levelOf(op.getSrc()) == Level::L1 ? 32 : 1,
          d == Level::L0A || d == Level::L0B ? 512 : 32};
}

StringRef Load2DOp::getBoundsLabel() { return "load2d_c5"; }

//===----------------------------------------------------------------------===//
// Load2DTransposeOp (LoadDataWithTranspose V1, cube-reference §7)
//===----------------------------------------------------------------------===//

FailureOr<Load2DTransposeParams>
ascube::getLoad2DTransposeParams(Load2DTransposeOp op, EmitErrorFn emit) {
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(dst))
    return failure();
  Load2DTransposeParams p;
  p.fractalsPerSquare = fractalsPerSquare(dst->bits);
  int64_t n = p.fractalsPerSquare;
  // The 950 form where the target says so; without a target, srcFracGap
  // (a V2-only field) selects it.
  const target::ProductInfo *prod = getTargetProduct(op);
  p.v2 = prod ? bool(prod->HasTransposeV2) : bool(op.getSrcFracGapAttr());
  int64_t dstFractals = dst->layout.numElements() / (4096 / dst->bits);
  p.startIndex = attrOr(op.getStartIndexAttr(), 0);
  p.repeatTimes = attrOr(op.getRepeatTimesAttr(), dstFractals / n);
  p.srcStride = attrOr(op.getSrcStrideAttr(), p.v2 ? n : 1);
  p.dstGap = attrOr(op.getDstGapAttr(), n - 1);
  p.dstFracGap = attrOr(op.getDstFracGapAttr(), 0);
  p.srcFracGap = attrOr(op.getSrcFracGapAttr(), 0);
  p.addrMode = attrOr(op.getAddrModeAttr(), 0);
  StringRef l = "load2dtranspose_c3";
  if (failed(
          inRange(emit, "startIndex", p.startIndex, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "repeatTimes", p.repeatTimes, p.v2 ? 1 : 0,
                     limits::kU8Max, l)) ||
      failed(
          inRange(emit, "srcFracGap", p.srcFracGap, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "srcStride", p.srcStride, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "dstGap", p.dstGap, 0, limits::kU16Max, l)) ||
      failed(
          inRange(emit, "dstFracGap", p.dstFracGap, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "addrMode", p.addrMode, 0, 1, l)))
    return failure();
  return p;
}

FailureOr<AccessExtents> Load2DTransposeOp::getAccessExtents(EmitErrorFn emit) {
  Load2DTransposeOp op = *this;
  FailureOr<Load2DTransposeParams> p = getLoad2DTransposeParams(op, emit);
  if (failed(p))
    return failure();
  if (p->addrMode == 1 && p->startIndex < (p->repeatTimes - 1) * p->srcStride)
    return emit() << "addrMode = 1 steps below square 0 (startIndex "
                  << p->startIndex << ", " << p->repeatTimes << " repeats of "
                  << p->srcStride << ") [load2dtranspose_c4]";
  auto et = cast<MemRefType>(op.getSrc().getType()).getElementType();
  return extentsOfSquares(getLoad2DTransposeSquares(*p),
                          4096 / *getElementBitWidth(et));
}

BaseAlignment Load2DTransposeOp::getBaseAlignment() {
  return {32, 512}; // L1 source 32 B, L0A/L0B destination 512 B (§7)
}

StringRef Load2DTransposeOp::getBoundsLabel() { return "load2dtranspose_c4"; }

LogicalResult Load2DTransposeOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers =
      resolveMover(*this, getSrc(), getDst(), emit, /*fixedFractals=*/true);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkL1ToL0(*this, *src, *dst, "LoadDataWithTranspose",
                         "load2dtranspose_c1", "load2dtranspose_c2")))
    return failure();
  Type et = src->type.getElementType();
  // Dtypes (§7): (u)int8, half, bf16, (u)int32, float; int4 into L0B only.
  const target::ProductInfo *prod = getTargetProduct(*this);
  bool v2 = prod ? bool(prod->HasTransposeV2) : bool(getSrcFracGapAttr());
  if (prod && !prod->HasTransposeV1 && !prod->HasTransposeV2)
    return emitOpError() << "LoadDataWithTranspose is not available on "
                         << prod->Name << " [load2dtranspose_c7]";
  if (prod && !v2 && getSrcFracGapAttr())
    return emitOpError() << "srcFracGap is a field of the 950 form "
                            "(LoadData2dTransposeParamsV2), not of "
                         << prod->Name << "'s V1 [load2dtranspose_c7]";
  if (v2 && dst->level != Level::L0B)
    return emitOpError() << "the 950 form of LoadDataWithTranspose moves L1 -> "
                            "L0B only, got L1 -> "
                         << target::stringifyLevel(dst->level)
                         << " [load2dtranspose_c1]";
  // Dtypes (§7, Load2DTransposeTable): on the product, or without one on
  // a product of the form (V1 or 950's).
  auto intoDst = [&](const target::Load2DTransposeTypeInfo &r) {
    return r.IntoL0A || dst->level == Level::L0B;
  };
  bool typeOk =
      prod ? hasTypeRow(target::load2DTransposeTypes(), prod, et, intoDst)
           : llvm::any_of(target::allProducts(), [&](const auto &p) {
               return (v2 ? p.HasTransposeV2 : p.HasTransposeV1) &&
                      hasTypeRow(target::load2DTransposeTypes(), &p, et,
                                 intoDst);
             });
  if (!typeOk)
    return emitOpError() << "LoadDataWithTranspose moves (u)int8, half, "
                            "bf16, (u)int32, float, and int4 into L0B (V1); "
                            "got "
                         << et << " into " << target::stringifyLevel(dst->level)
                         << (v2 ? " (950 form)" : "")
                         << " [load2dtranspose_c2]";
  BaseAlignment align = getBaseAlignment();
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  FailureOr<Load2DTransposeParams> p = getLoad2DTransposeParams(*this, emit);
  if (failed(p))
    return failure();
  if (src->bits == 16 && p->dstFracGap != 0)
    return emitOpError()
           << "dstFracGap applies to b4/b8/b32 squares only "
              "(a b16 square is one fractal) [load2dtranspose_c6]";
  if (src->bits == 16 && p->srcFracGap != 0)
    return emitOpError()
           << "srcFracGap applies to b4/b8/b32 squares only "
              "(a b16 square is one fractal) [load2dtranspose_c6]";
  // A b32 square is two fractals adjacent in the transposed direction
  // (§7): an Nz source's are side by side, consecutive only with one fractal
  // row; a Zn source's are stacked, consecutive only with one fractal
  // column (V1); the 950 form pairs them srcFracGap + 1 apart (V2).
  bool nz = src->format() == Format::Nz, zn = src->format() == Format::Zn;
  if (src->bits == 32 && (nz || zn)) {
    int64_t needed = nz ? src->paddedRows() / 16 : src->paddedCols() / 16;
    int64_t apart = p->v2 ? p->srcFracGap + 1 : 1;
    if (apart != needed) {
      InFlightDiagnostic d =
          emitOpError() << "a b32 square pairs source fractals " << apart
                        << " apart, but " << (nz ? "side-by-side" : "stacked")
                        << " fractals of " << src->type << " are " << needed
                        << " apart";
      if (p->v2)
        d << " (§7): give srcFracGap = " << needed - 1;
      else
        d << " (§7: the V1 form pairs neighbours, so it takes a 32-bit "
          << (nz ? "Nz" : "Zn") << " source of one 16-"
          << (nz ? "row" : "column")
          << " fractal block): split the tile into 16-"
          << (nz ? "row pieces (e.g. K into 16-row tiles for an A held K x M)"
                 : "column pieces")
          << ", one instruction each";
      return d << " [load2dtranspose_c8]";
    }
  }
  {
    llvm::DenseSet<int64_t> seen;
    for (const FractalSquare &sq : getLoad2DTransposeSquares(*p))
      for (int64_t f : sq.dst)
        if (!seen.insert(f).second)
          return emitOpError() << "destination fractal " << f
                               << " is written twice; transposed fractals "
                                  "must not overlap (§7) [load2dtranspose_c9]";
  }
  if (!getRepeatTimesAttr()) {
    // The derived form must reproduce the destination's layout.
    bool same =
        squaresKeepLayout(src->type, dst->type, src->layout, dst->layout,
                          getLoad2DTransposeSquares(*p), src->bits,
                          /*transposed=*/true);
    if (!same)
      return emitOpError()
             << "one LoadDataWithTranspose cannot move "
             << layout::stringifyFormat(src->format()) << " " << src->type
             << " into " << layout::stringifyFormat(dst->format()) << " "
             << dst->type
             << " square by square: give startIndex/repeatTimes/srcStride/"
                "dstGap/dstFracGap per run of squares [load2dtranspose_c5]";
  }
  return checkExtents(*this, emit, *src, *dst, "load2dtranspose_c4");
}

//===----------------------------------------------------------------------===//
// Load2DV2Op (LoadData 2D-v2, 950, cube-reference §8)
//===----------------------------------------------------------------------===//

namespace {
/// LoadData2DParamsV2 of load_2d_v2 and of load_mx's data part (§8, §9).
template <typename OpT>
FailureOr<Load2DV2Params> load2DV2ParamsOf(OpT op, EmitErrorFn emit,
                                           StringRef l) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  Load2DV2Params p;
  p.ifTranspose = attrOr(op.getIfTransposeAttr(), false);
  int64_t h = src->layout.fractal().rows, w = src->layout.fractal().cols;
  int64_t srcRows = layout::isFractalFormat(src->format())
                        ? src->paddedRows() / std::max<int64_t>(1, h)
                        : 0;
  int64_t srcCols = layout::isFractalFormat(src->format())
                        ? src->paddedCols() / std::max<int64_t>(1, w)
                        : 0;
  // The destination's fractals per K block: Nz (M x K) its fractal rows,
  // Zn (K x N) its fractal columns.
  int64_t dstStride = 0;
  if (dst->format() == Format::Nz)
    dstStride =
        dst->paddedRows() / std::max<int64_t>(1, dst->layout.fractal().rows);
  else if (dst->format() == Format::Zn)
    dstStride =
        dst->paddedCols() / std::max<int64_t>(1, dst->layout.fractal().cols);
  p.mStartPosition = attrOr(op.getMStartPositionAttr(), 0);
  p.kStartPosition = attrOr(op.getKStartPositionAttr(), 0);
  p.mStep = attrOr(op.getMStepAttr(), srcRows);
  p.kStep = attrOr(op.getKStepAttr(), srcCols);
  p.srcStride = attrOr(op.getSrcStrideAttr(), srcRows);
  p.dstStride = attrOr(op.getDstStrideAttr(), dstStride);
  p.sid = attrOr(op.getSidAttr(), 0);
  if (failed(inRange(emit, "mStartPosition", p.mStartPosition, 0,
                     limits::kU16Max, l)) ||
      failed(inRange(emit, "kStartPosition", p.kStartPosition, 0,
                     limits::kU16Max, l)) ||
      failed(inRange(emit, "mStep", p.mStep, 0, limits::kU8Max, l)) ||
      failed(inRange(emit, "kStep", p.kStep, 0, limits::kU8Max, l)) ||
      failed(inRange(emit, "srcStride", p.srcStride, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "dstStride", p.dstStride, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "sid", p.sid, 0, 0, l)))
    return failure();
  return p;
}

/// LoadData 2D-v2 writes Nz into L0A and Zn into L0B, from Nz or Zn L1
/// fractals (§8).
LogicalResult checkLoad2DV2Formats(Operation *op, const Buffer &src,
                                   const Buffer &dst, StringRef label) {
  Format want = dst.level == Level::L0A ? Format::Nz : Format::Zn;
  bool srcOk = src.format() == Format::Nz || src.format() == Format::Zn;
  if (dst.format() != want || !srcOk)
    return op->emitOpError()
           << "LoadData 2D-v2 moves Nz/Zn L1 fractals into "
           << layout::stringifyFormat(want) << " in "
           << target::stringifyLevel(dst.level) << ", got "
           << layout::stringifyFormat(src.format()) << " -> "
           << layout::stringifyFormat(dst.format()) << " [" << label << "]";
  return success();
}

/// The rules of the data part of load_2d_v2 and load_mx (§8): transposed
/// square multiples and the derived form (the labels differ per op).
template <typename OpT>
LogicalResult checkLoad2DV2Data(OpT op, const Buffer &src, const Buffer &dst,
                                const Load2DV2Params &p, StringRef name,
                                StringRef squareLabel, StringRef derivedLabel) {
  Type et = src.type.getElementType();
  if (p.ifTranspose) {
    int64_t n = fractalsPerSquare(src.bits);
    if (src.bits != 32 && p.mStep % n != 0)
      return op.emitOpError()
             << "a transposing " << name << " of " << et << " needs mStep % "
             << n << " == 0, got mStep = " << p.mStep << " [" << squareLabel
             << "]";
    if (src.bits == 32 && p.kStep % 2 != 0)
      return op.emitOpError() << "a transposing " << name << " of " << et
                              << " needs an even kStep, got kStep = " << p.kStep
                              << " [" << squareLabel << "]";
  }
  if (!op.getMStepAttr() && !op.getKStepAttr()) {
    // The derived form must reproduce the destination's layout.
    bool same = squaresKeepLayout(src.type, dst.type, src.layout, dst.layout,
                                  getLoad2DV2Squares(p, src.bits), src.bits,
                                  p.ifTranspose);
    if (!same)
      return op.emitOpError()
             << "one " << name << " with derived parameters cannot move "
             << src.type << " into " << dst.type
             << ": give mStep/kStep/srcStride/dstStride [" << derivedLabel
             << "]";
  }
  return success();
}
} // namespace

FailureOr<Load2DV2Params> ascube::getLoad2DV2Params(Load2DV2Op op,
                                                    EmitErrorFn emit) {
  return load2DV2ParamsOf(op, emit, "load2dv2_c3");
}

FailureOr<AccessExtents> Load2DV2Op::getAccessExtents(EmitErrorFn emit) {
  Load2DV2Op op = *this;
  FailureOr<Load2DV2Params> p = getLoad2DV2Params(op, emit);
  if (failed(p))
    return failure();
  unsigned bits = *getElementBitWidth(
      cast<MemRefType>(op.getSrc().getType()).getElementType());
  return extentsOfSquares(getLoad2DV2Squares(*p, bits), 4096 / bits);
}

BaseAlignment Load2DV2Op::getBaseAlignment() {
  return {32, 512}; // L1 source 32 B, L0A/L0B destination 512 B (§8)
}

StringRef Load2DV2Op::getBoundsLabel() { return "load2dv2_c4"; }

LogicalResult Load2DV2Op::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers =
      resolveMover(*this, getSrc(), getDst(), emit, /*fixedFractals=*/true);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkL1ToL0(*this, *src, *dst, "LoadData 2D-v2", "load2dv2_c1",
                         "load2dv2_c2")))
    return failure();
  Type et = src->type.getElementType();
  if (!hasTypeRow(target::load2DV2Types(), nullptr, et))
    return emitOpError() << "LoadData 2D-v2 of " << et
                         << " is not available [load2dv2_c2]";
  if (const target::ProductInfo *prod = getTargetProduct(*this))
    if (!prod->HasLoad2DV2)
      return emitOpError() << "LoadData 2D-v2 is not available on "
                           << prod->Name << " (950 only) [load2dv2_c7]";
  BaseAlignment align = getBaseAlignment();
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  if (failed(checkLoad2DV2Formats(*this, *src, *dst, "load2dv2_c8")))
    return failure();
  FailureOr<Load2DV2Params> p = getLoad2DV2Params(*this, emit);
  if (failed(p) ||
      failed(checkLoad2DV2Data(*this, *src, *dst, *p, "LoadData 2D-v2",
                               "load2dv2_c6", "load2dv2_c5")))
    return failure();
  return checkExtents(*this, emit, *src, *dst, "load2dv2_c4");
}

//===----------------------------------------------------------------------===//
// 4:2 structured sparsity: LoadSparseOp (§12), MmadSparseOp (§14), §3.2
//===----------------------------------------------------------------------===//

std::optional<int64_t> ascube::getSparseIndexBase(Value l0b) {
  if (std::optional<int64_t> placed = getPlacedOffset(l0b))
    return *placed / 4;
  return std::nullopt;
}

FailureOr<LoadSparseParams> ascube::getLoadSparseParams(LoadSparseOp op,
                                                        EmitErrorFn emit) {
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(dst))
    return failure();
  LoadSparseParams p;
  p.startIndex = attrOr(op.getStartIndexAttr(), 0);
  p.repeatTimes = attrOr(op.getRepeatTimesAttr(),
                         dst->layout.numElements() / 512); // int8 fractals
  StringRef l = "loadsparse_c2";
  if (failed(
          inRange(emit, "startIndex", p.startIndex, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "repeatTimes", p.repeatTimes, 0, limits::kU8Max, l)))
    return failure();
  return p;
}

FailureOr<AccessExtents> LoadSparseOp::getAccessExtents(EmitErrorFn emit) {
  LoadSparseOp op = *this;
  FailureOr<LoadSparseParams> p = getLoadSparseParams(op, emit);
  if (failed(p))
    return failure();
  if (p->repeatTimes == 0)
    return AccessExtents{};
  return AccessExtents{(p->startIndex + p->repeatTimes) * 512,
                       p->repeatTimes * 512};
}

BaseAlignment LoadSparseOp::getBaseAlignment() {
  return {32, 512}; // L1 sources 32 B, L0B destination 512 B (§4, §12)
}

StringRef LoadSparseOp::getBoundsLabel() { return "loadsparse_c3"; }

LogicalResult LoadSparseOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  FailureOr<Buffer> idx = resolve(getIdx(), "index", emit);
  if (failed(buffers) || failed(idx))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkHardwareFractals(
          emit, {{"source", src}, {"index", &*idx}, {"destination", dst}})))
    return failure();
  auto zn = layout::FractalShape{32, 16};
  if (src->level != Level::L1 || idx->level != Level::L1 ||
      dst->level != Level::L0B)
    return emitOpError() << "LoadDataWithSparse moves B' and its indices "
                            "from L1 to L0B, got "
                         << target::stringifyLevel(src->level) << ", "
                         << target::stringifyLevel(idx->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [loadsparse_c1]";
  if (!src->type.getElementType().isInteger(8) ||
      !dst->type.getElementType().isInteger(8) ||
      !idx->type.getElementType().isInteger(8))
    return emitOpError() << "LoadDataWithSparse moves int8 B' and (u)int8 "
                            "index bytes, got "
                         << src->type.getElementType() << ", "
                         << idx->type.getElementType() << " -> "
                         << dst->type.getElementType() << " [loadsparse_c1]";
  if (src->format() != Format::Zn || src->layout.fractal() != zn ||
      dst->format() != Format::Zn || dst->layout.fractal() != zn)
    return emitOpError() << "B' is Zn with 32x16 fractals in L1 and L0B, got "
                         << src->type << " -> " << dst->type
                         << " [loadsparse_c1]";
  // One 128 B index fractal (8 x 16 bytes) per 512 B B' fractal, same grid.
  if (idx->format() != Format::SparseIndex ||
      idx->layout.fractal() != layout::FractalShape{8, 16} ||
      idx->paddedRows() * 4 != src->paddedRows() ||
      idx->paddedCols() != src->paddedCols())
    return emitOpError() << "the index buffer must be SparseIndex (8x16 "
                            "bytes per fractal) with B''s fractal grid: "
                         << src->paddedRows() / 4 << "x" << src->paddedCols()
                         << " bytes padded for " << src->type << ", got "
                         << idx->type << " [loadsparse_c1]";
  if (failed(checkSparseCommon(*this, getDst(), "LoadDataWithSparse")))
    return failure();
  BaseAlignment align = getBaseAlignment();
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)) ||
      failed(checkAlign(emit, "index", getIdx(), Value(), *idx, 32))) // L1
    return failure();
  FailureOr<LoadSparseParams> p = getLoadSparseParams(*this, emit);
  if (failed(p))
    return failure();
  if (p->repeatTimes > 0 &&
      (p->startIndex + p->repeatTimes) * 128 > idx->layout.numElements())
    return emitOpError() << "index fractals up to "
                         << p->startIndex + p->repeatTimes
                         << " reach past the index buffer " << idx->type
                         << " [loadsparse_c3]";
  return checkExtents(*this, emit, *src, *dst, "loadsparse_c3");
}

//===----------------------------------------------------------------------===//
// Microscaling: LoadMxOp (§9), MmadMxOp (§15), §3.1
//===----------------------------------------------------------------------===//

FailureOr<LoadMxParams> ascube::getLoadMxParams(LoadMxOp op, EmitErrorFn emit) {
  FailureOr<Buffer> scale = resolve(op.getScale(), "scale", emit);
  FailureOr<Buffer> scaleDst = resolve(op.getScaleDst(), "scale dst", emit);
  if (failed(scale) || failed(scaleDst))
    return failure();
  LoadMxParams p;
  StringRef l = "loadmx_c2";
  FailureOr<Load2DV2Params> data = load2DV2ParamsOf(op, emit, l);
  if (failed(data))
    return failure();
  p.data = *data;
  auto [sx, sy] = scaleGrid(*scale);
  p.xStartPosition = attrOr(op.getXStartPositionAttr(), 0);
  p.yStartPosition = attrOr(op.getYStartPositionAttr(), 0);
  p.xStep = attrOr(op.getXStepAttr(), sx);
  p.yStep = attrOr(op.getYStepAttr(), sy);
  p.srcStride = attrOr(op.getMxSrcStrideAttr(), sy);
  p.dstStride = attrOr(op.getMxDstStrideAttr(), scaleGrid(*scaleDst).second);
  if (failed(inRange(emit, "xStartPosition", p.xStartPosition, 0,
                     limits::kU16Max, l)) ||
      failed(inRange(emit, "yStartPosition", p.yStartPosition, 0,
                     limits::kU16Max, l)) ||
      failed(inRange(emit, "xStep", p.xStep, 0, limits::kU8Max, l)) ||
      failed(inRange(emit, "yStep", p.yStep, 0, limits::kU8Max, l)) ||
      failed(
          inRange(emit, "mxSrcStride", p.srcStride, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "mxDstStride", p.dstStride, 0, limits::kU16Max, l)))
    return failure();
  return p;
}

FailureOr<AccessExtents> LoadMxOp::getAccessExtents(EmitErrorFn emit) {
  LoadMxOp op = *this;
  FailureOr<LoadMxParams> p = getLoadMxParams(op, emit);
  if (failed(p))
    return failure();
  unsigned bits = *getElementBitWidth(
      cast<MemRefType>(op.getSrc().getType()).getElementType());
  return extentsOfSquares(getLoad2DV2Squares(p->data, bits), 4096 / bits);
}

BaseAlignment LoadMxOp::getBaseAlignment() {
  return {32, 512}; // L1 source 32 B, L0A/L0B destination 512 B (§8, §9)
}

StringRef LoadMxOp::getBoundsLabel() { return "loadmx_c6"; }

LogicalResult LoadMxOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  FailureOr<Buffer> scale = resolve(getScale(), "scale", emit);
  FailureOr<Buffer> scaleDst = resolve(getScaleDst(), "scale dst", emit);
  if (failed(buffers) || failed(scale) || failed(scaleDst))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkHardwareFractals(emit, {{"source", src},
                                          {"scale", &*scale},
                                          {"destination", dst},
                                          {"scale dst", &*scaleDst}})))
    return failure();
  if (failed(checkL1ToL0(*this, *src, *dst, "LoadData MX", "loadmx_c1",
                         "loadmx_c1")))
    return failure();
  Type et = src->type.getElementType();
  if (!isMxDataType(et))
    return emitOpError() << "LoadData MX moves fp4x2 e2m1/e1m2 or fp8 "
                            "e4m3fn/e5m2 data, got "
                         << et << " [loadmx_c1]";
  bool toA = dst->level == Level::L0A;
  Level want = toA ? Level::L0A_MX : Level::L0B_MX;
  Format wantFormat = toA ? Format::ScaleA : Format::ScaleB;
  if (scale->level != Level::L1 || scaleDst->level != want ||
      scale->format() != wantFormat || scaleDst->format() != wantFormat ||
      !isa<Float8E8M0FNUType>(scale->type.getElementType()) ||
      !isa<Float8E8M0FNUType>(scaleDst->type.getElementType()))
    return emitOpError() << (toA ? "the scales of an A" : "the scales of a B")
                         << " move are f8E8M0FNU in "
                         << layout::stringifyFormat(wantFormat) << ", L1 -> "
                         << target::stringifyLevel(want) << ", got "
                         << scale->type << " -> " << scaleDst->type
                         << " [loadmx_c5]";
  // Availability: only 950 has L0A_MX/L0B_MX (capacity_c2, checked above).
  BaseAlignment align = getBaseAlignment();
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)) ||
      failed(checkAlign(emit, "scale", getScale(), Value(), *scale, 32)) ||
      failed(checkAlign(emit, "scale destination", getScaleDst(), Value(),
                        *scaleDst, 32)) ||
      failed(checkScaleAddress(*this, getDst(), getDstOffset(), getScaleDst(),
                               dst->bits, "loadmx_c4")))
    return failure();
  if (failed(checkLoad2DV2Formats(*this, *src, *dst, "loadmx_c3")))
    return failure();
  FailureOr<LoadMxParams> p = getLoadMxParams(*this, emit);
  if (failed(p) ||
      failed(checkLoad2DV2Data(*this, *src, *dst, p->data, "LoadData MX",
                               "loadmx_c3", "loadmx_c3")))
    return failure();
  // Scale fractals (32 B = 32 e8m0) read and written.
  if (p->xStep > 0 && p->yStep > 0) {
    int64_t lastSrc = (p->xStartPosition + p->xStep - 1) * p->srcStride +
                      p->yStartPosition + p->yStep;
    int64_t lastDst = (p->xStep - 1) * p->dstStride + p->yStep;
    if (lastSrc * 32 > scale->layout.numElements() ||
        lastDst * 32 > scaleDst->layout.numElements())
      return emitOpError() << "scale fractals up to " << lastSrc
                           << " (source) and " << lastDst
                           << " (destination) of 32 B reach past "
                           << scale->type << " or " << scaleDst->type
                           << " [loadmx_c6]";
  }
  return checkExtents(*this, emit, *src, *dst, "loadmx_c6");
}

bool ascube::movesWholeTile(MemRefType src, MemRefType dst,
                            ArrayRef<FractalSquare> squares, unsigned bits,
                            bool transposed, std::optional<bool> view) {
  auto quiet = [&] { return emitError(UnknownLoc::get(src.getContext())); };
  ScopedDiagnosticHandler h(src.getContext(),
                            [](Diagnostic &) { return success(); });
  FailureOr<layout::FractalLayout> s = getFractalLayout(src, quiet);
  FailureOr<layout::FractalLayout> d = getFractalLayout(dst, quiet);
  return succeeded(s) && succeeded(d) &&
         squaresKeepLayout(src, dst, *s, *d, squares, bits, transposed, view);
}

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

bool Load2DOp::isNoOp() {
  auto p =
      quietly(*this, [&](EmitErrorFn e) { return getLoad2DParams(*this, e); });
  return succeeded(p) && p->repeatTimes == 0;
}

bool Load2DTransposeOp::isNoOp() {
  auto p = quietly(
      *this, [&](EmitErrorFn e) { return getLoad2DTransposeParams(*this, e); });
  return succeeded(p) && p->repeatTimes == 0;
}

bool Load2DV2Op::isNoOp() {
  auto p = quietly(*this,
                   [&](EmitErrorFn e) { return getLoad2DV2Params(*this, e); });
  return succeeded(p) && (p->mStep == 0 || p->kStep == 0);
}

bool LoadSparseOp::isNoOp() {
  auto p = quietly(
      *this, [&](EmitErrorFn e) { return getLoadSparseParams(*this, e); });
  return succeeded(p) && p->repeatTimes == 0;
}

void LoadSparseOp::getOtherOperands(SmallVectorImpl<Value> &reads,
                                    SmallVectorImpl<Value> &) {
  reads.push_back(getIdx());
}

/// The index buffer it writes sits at its destination's L0B address / 4.
Value LoadSparseOp::getSparseIndexAnchor() { return getDst(); }

/// A LoadData MX does nothing when neither its data part (mStep or kStep 0)
/// nor its scale part (xStep or yStep 0) moves anything (§8, §9).
bool LoadMxOp::isNoOp() {
  auto p =
      quietly(*this, [&](EmitErrorFn e) { return getLoadMxParams(*this, e); });
  return succeeded(p) && (p->data.mStep == 0 || p->data.kStep == 0) &&
         (p->xStep == 0 || p->yStep == 0);
}

void LoadMxOp::getOtherOperands(SmallVectorImpl<Value> &reads,
                                SmallVectorImpl<Value> &writes) {
  reads.push_back(getScale());
  writes.push_back(getScaleDst());
}
