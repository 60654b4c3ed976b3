//===- LoadData3DOps.cpp - LoadData 3D ------------------------------------===//
//
// LoadData 3D V2 (ascube.load_3d) and V1 (ascube.load_3d_v1), im2col
// (cube-reference §10): parameters over the IR-free model of
// ascube/Model/Im2col.h, access extents, base alignment and verifiers.
// ODS: AscubeLoadData3DOps.td.
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
// Load3DOp (LoadData 3D V2, im2col, cube-reference §10)
//===----------------------------------------------------------------------===//

bool Load3DParams::isNoOp() const {
  return l1H == 0 || l1W == 0 || channelSize == 0 || kExtension == 0 ||
         mExtension == 0 || repeatTime == 0 || (filterW == 0 && !filterSizeW) ||
         (filterH == 0 && !filterSizeH);
}

bool Load3DParams::executesAs(const Load3DParams &o) const {
  return geometry == o.geometry && channelSize == o.channelSize &&
         mStartPt == o.mStartPt && kStartPt == o.kStartPt &&
         mExtension == o.mExtension && kExtension == o.kExtension &&
         enTranspose == o.enTranspose && repeatTime == o.repeatTime &&
         repeatStride == o.repeatStride && repeatMode == o.repeatMode &&
         dstStride == o.dstStride && isNoOp() == o.isNoOp();
}

std::pair<int64_t, int64_t> Load3DParams::windowStart(int64_t r) const {
  int64_t step = r * repeatStride;
  if (repeatMode == 0)
    return {mStartPt + step * 16, kStartPt};
  return {mStartPt, kStartPt + step * geometry.c0};
}

namespace {
/// The L0A layout LoadData 3D writes: the product's (Zz, Nz on 950), else
/// the destination's own when it is one of the two.
Format load3DL0AFormat(Operation *op, Format dstFormat) {
  if (const target::ProductInfo *prod = getTargetProduct(op))
    return prod->L0ALayout;
  return dstFormat == Format::Nz ? Format::Nz : Format::Zz;
}

/// padList [left, right, top, bottom], each in [0, 255] (§10.1, §10.2).
LogicalResult readPadList(DenseI64ArrayAttr pads, int64_t (&out)[4],
                          EmitErrorFn emit, StringRef label) {
  if (!pads)
    return success();
  if (pads.size() != 4)
    return emit() << "padList has " << pads.size()
                  << " entries; it is [left, right, top, bottom] [" << label
                  << "]";
  static const char *names[] = {"padList[0] (left)", "padList[1] (right)",
                                "padList[2] (top)", "padList[3] (bottom)"};
  for (int i = 0; i < 4; ++i) {
    out[i] = pads[i];
    if (failed(
            inRange(emit, names[i], out[i], 0, limits::kLoad3DPadMax, label)))
      return failure();
  }
  return success();
}

/// The padding value is an integer or float of the element type, or an
/// integer of its width (the raw bits).
LogicalResult checkPadValue(TypedAttr pv, const Buffer &src, EmitErrorFn emit,
                            StringRef label) {
  if (!pv)
    return success();
  Type et = src.type.getElementType();
  bool ok = isa<IntegerAttr, FloatAttr>(pv) &&
            (pv.getType() == et ||
             (pv.getType().isSignlessInteger() &&
              pv.getType().getIntOrFloatBitWidth() == src.bits));
  if (!ok)
    return emit() << "padValue " << pv << " is neither a " << et
                  << " value nor an i" << src.bits << " bit pattern [" << label
                  << "]";
  return success();
}

/// channelSize values LoadData 3D accepts (§10.1): channelSize % C0 is 0
/// (and channelSize > 0) or one of the partial groups of the width.
bool isAllowedChannelSize(unsigned bits, int64_t cs) {
  int64_t c0 = c0Of(bits), r = cs % c0;
  if (r == 0)
    return true;
  switch (bits) {
  case 32:
    return r == 4;
  case 16:
    return r == 4 || r == 8;
  case 8:
    return r == 4 || r == 8 || r == 16;
  default: // b4
    return r == 8 || r == 16 || r == 32;
  }
}
} // namespace

FailureOr<Load3DParams> ascube::getLoad3DParams(Load3DOp op, EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  Load3DParams p;
  StringRef l = "load3d_c3";
  if (failed(readPadList(op.getPadListAttr(), p.padList, emit, l)) ||
      failed(checkPadValue(op.getPadValueAttr(), *src, emit, l)))
    return failure();
  // FMatrix defaults from the source: an NC1HWC0 map, or an Nz matrix read
  // as a 1 x rows map of its columns (§10.4).
  int64_t dH = 0, dW = 0, dC = 0;
  if (src->format() == Format::NC1HWC0 && src->type.getRank() == 5) {
    ArrayRef<int64_t> s = src->type.getShape();
    dH = s[2], dW = s[3], dC = s[1] * s[4];
  } else if (src->format() == Format::Nz && src->type.getRank() == 2) {
    dH = 1, dW = src->paddedRows(), dC = src->paddedCols();
  }
  p.l1H = attrOr(op.getL1HAttr(), dH);
  p.l1W = attrOr(op.getL1WAttr(), dW);
  p.channelSize = attrOr(op.getChannelSizeAttr(), dC);
  p.enTranspose = attrOr(op.getEnTransposeAttr(), false);
  bool intoL0A = dst->level == Level::L0A;
  bool transposed = p.enTranspose && intoL0A;
  // The default window is the whole destination: its M side and K side.
  int64_t dRows = dst->type.getRank() == 2 ? dst->rows() : 0;
  int64_t dCols = dst->type.getRank() == 2 ? dst->cols() : 0;
  p.mExtension = attrOr(op.getMExtensionAttr(), transposed ? dCols : dRows);
  p.kExtension = attrOr(op.getKExtensionAttr(), transposed ? dRows : dCols);
  p.kStartPt = attrOr(op.getKStartPtAttr(), 0);
  p.mStartPt = attrOr(op.getMStartPtAttr(), 0);
  p.strideW = attrOr(op.getStrideWAttr(), 1);
  p.strideH = attrOr(op.getStrideHAttr(), 1);
  p.filterW = attrOr(op.getFilterWAttr(), 1);
  p.filterH = attrOr(op.getFilterHAttr(), 1);
  p.dilationFilterW = attrOr(op.getDilationFilterWAttr(), 1);
  p.dilationFilterH = attrOr(op.getDilationFilterHAttr(), 1);
  p.filterSizeW = attrOr(op.getFilterSizeWAttr(), false);
  p.filterSizeH = attrOr(op.getFilterSizeHAttr(), false);
  p.repeatTime = attrOr(op.getRepeatTimeAttr(), 1);
  p.repeatStride = attrOr(op.getRepeatStrideAttr(), 0);
  p.repeatMode = attrOr(op.getRepeatModeAttr(), 0);
  if (failed(inRange(emit, "l1H", p.l1H, 0, limits::kU15Max, l)) ||
      failed(inRange(emit, "l1W", p.l1W, 0, limits::kU15Max, l)) ||
      failed(
          inRange(emit, "channelSize", p.channelSize, 0, limits::kU16Max, l)) ||
      failed(
          inRange(emit, "kExtension", p.kExtension, 0, limits::kU16Max, l)) ||
      failed(
          inRange(emit, "mExtension", p.mExtension, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "kStartPt", p.kStartPt, 0, limits::kU16Max, l)) ||
      failed(inRange(emit, "mStartPt", p.mStartPt, 0, limits::kU15Max, l)) ||
      failed(inRange(emit, "strideW", p.strideW, 1, limits::kLoad3DStrideMax,
                     l)) ||
      failed(inRange(emit, "strideH", p.strideH, 1, limits::kLoad3DStrideMax,
                     l)) ||
      failed(inRange(emit, "filterW", p.filterW, 0, limits::kLoad3DKernelMax,
                     l)) ||
      failed(inRange(emit, "filterH", p.filterH, 0, limits::kLoad3DKernelMax,
                     l)) ||
      failed(inRange(emit, "dilationFilterW", p.dilationFilterW, 1,
                     limits::kLoad3DDilationMax, l)) ||
      failed(inRange(emit, "dilationFilterH", p.dilationFilterH, 1,
                     limits::kLoad3DDilationMax, l)) ||
      failed(inRange(emit, "repeatTime", p.repeatTime, 0, limits::kU8Max, l)) ||
      failed(inRange(emit, "repeatStride", p.repeatStride, 0, limits::kU16Max,
                     l)) ||
      failed(inRange(emit, "repeatMode", p.repeatMode, 0, 1, l)))
    return failure();
  if (attrOr(op.getEnSmallKAttr(), false))
    return emit() << "enSmallK (16 x 4 fractals) is no longer supported [" << l
                  << "]";
  if (attrOr(op.getFMatrixCtrlAttr(), false))
    return emit() << "fMatrixCtrl = true (the right FMatrix) is not "
                     "supported; only the left FMatrix is ["
                  << l << "]";

  int64_t c0 = c0Of(src->bits);
  model::Im2colGeometry &g = p.geometry;
  g.l1H = p.l1H, g.l1W = p.l1W, g.c0 = c0;
  g.c1 = llvm::divideCeil(p.channelSize, c0);
  g.kernelH = p.filterH + (p.filterSizeH ? 256 : 0);
  g.kernelW = p.filterW + (p.filterSizeW ? 256 : 0);
  g.strideH = p.strideH, g.strideW = p.strideW;
  g.dilationH = p.dilationFilterH, g.dilationW = p.dilationFilterW;
  g.padLeft = p.padList[0], g.padRight = p.padList[1];
  g.padTop = p.padList[2], g.padBottom = p.padList[3];

  Format f = intoL0A ? load3DL0AFormat(op, dst->format()) : Format::Zn;
  layout::FractalShape fr =
      intoL0A ? layout::FractalShape{16, c0} : layout::FractalShape{c0, 16};
  p.placement = model::Load3DPlacement::get(f, fr, transposed, p.mExtension,
                                            p.kExtension);
  p.dstStride = attrOr(op.getDstStrideAttr(), p.placement.fractals());
  if (failed(inRange(emit, "dstStride", p.dstStride, 0, limits::kU16Max, l)))
    return failure();
  return p;
}

FailureOr<AccessExtents> Load3DOp::getAccessExtents(EmitErrorFn emit) {
  Load3DOp op = *this;
  FailureOr<Load3DParams> p = getLoad3DParams(op, emit);
  if (failed(p))
    return failure();
  AccessExtents e;
  if (p->isNoOp())
    return e;
  const model::Im2colGeometry &g = p->geometry;
  int64_t perC1 = g.kernelH * g.kernelW * g.c0;
  int64_t fractal = p->placement.fractal.elements();
  for (int64_t r = 0; r < p->repeatTime; ++r) {
    int64_t kEnd = p->windowStart(r).second + p->kExtension;
    int64_t c1s = llvm::divideCeil(kEnd, perC1);
    e.src = std::max(e.src, c1s * g.l1H * g.l1W * g.c0);
    e.dst =
        std::max(e.dst, r * p->dstStride * fractal +
                            p->placement.paddedRows * p->placement.paddedCols);
  }
  return e;
}

BaseAlignment Load3DOp::getBaseAlignment() {
  return {32, 512}; // L1 source 32 B, L0A/L0B destination 512 B (§10)
}

StringRef Load3DOp::getBoundsLabel() { return "load3d_c10"; }

LogicalResult Load3DOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (failed(checkL1ToL0(*this, *src, *dst, "LoadData 3D", "load3d_c1",
                         "load3d_c2")))
    return failure();
  if (src->format() != Format::NC1HWC0 && src->format() != Format::Nz)
    return emitOpError() << "LoadData 3D reads an NC1HWC0 feature map or an "
                            "Nz matrix (§10.4) in L1, got "
                         << layout::stringifyFormat(src->format())
                         << " [load3d_c1]";
  if (src->format() == Format::Nz &&
      src->layout.fractal() != layout::FractalShape{16, c0Of(src->bits)})
    return emitOpError() << "an Nz source is read as C0 = " << c0Of(src->bits)
                         << " column groups of 16-row fractals; " << src->type
                         << " has " << src->layout.fractal().rows << "x"
                         << src->layout.fractal().cols
                         << " fractals [load3d_c1]";
  const target::ProductInfo *prod = getTargetProduct(*this);
  if (prod && !prod->HasLoad3DV2)
    return emitOpError() << "LoadData 3D V2 is not available on " << prod->Name
                         << " [load3d_c7]";
  Type et = src->type.getElementType();
  bool transposed = attrOr(getEnTransposeAttr(), false);
  if (transposed && dst->level == Level::L0B)
    return emitOpError() << "enTranspose has no effect into L0B (LoadData 3D "
                            "always stores L0B transposed, §10.1): drop it "
                            "[load3d_c6]";
  // Dtypes (§10.1) for the destination, per product (the union without one).
  auto rows = target::load3DTypes(dst->level, transposed);
  std::string name = getCubeTypeName(et);
  bool typeOk = llvm::any_of(rows, [&](const target::TypeRowInfo &r) {
    return (!prod || prod->in(r.Products)) && name == r.Type;
  });
  if (!typeOk) {
    auto d = emitOpError();
    d << "LoadData 3D does not move " << et << " into "
      << target::stringifyLevel(dst->level);
    if (transposed)
      d << " with enTranspose";
    if (prod)
      d << " on " << prod->Name;
    return d << (transposed ? " [load3d_c6]" : " [load3d_c2]");
  }
  BaseAlignment align = getBaseAlignment();
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  FailureOr<Load3DParams> p = getLoad3DParams(*this, emit);
  if (failed(p))
    return failure();
  if (getDstStrideAttr() && prod && !prod->HasLoad3DDstStride)
    return emitOpError() << "dstStride is a field of the 950 LoadData 3D "
                            "repeat only; "
                         << prod->Name
                         << " places repeats one window apart [load3d_c11]";
  if (!getDstStrideAttr() && prod && prod->HasLoad3DDstStride &&
      p->repeatTime > 1)
    return emitOpError() << "a repeating LoadData 3D on " << prod->Name
                         << " needs dstStride (512 B fractals between "
                            "repeats; mandatory on 950) [load3d_c11]";
  // The layout the instruction writes (§10.3).
  const model::Load3DPlacement &pl = p->placement;
  if (dst->format() != pl.format || dst->type.getRank() != 2)
    return emitOpError() << "LoadData 3D writes "
                         << layout::stringifyFormat(pl.format) << " into "
                         << target::stringifyLevel(dst->level)
                         << (prod ? " on " + std::string(prod->Name) : "")
                         << ", got a " << layout::stringifyFormat(dst->format())
                         << " destination [load3d_c9]";
  if (dst->layout.fractal() != pl.fractal)
    return emitOpError() << "LoadData 3D writes " << pl.fractal.rows << "x"
                         << pl.fractal.cols << " fractals, got a destination "
                         << dst->type << " [load3d_c9]";
  if (p->isNoOp())
    return checkExtents(*this, emit, *src, *dst, "load3d_c10");
  if (!isAllowedChannelSize(src->bits, p->channelSize))
    return emitOpError() << "channelSize = " << p->channelSize
                         << " is not allowed for " << et
                         << " (C0 = " << c0Of(src->bits)
                         << "; §10.1 lists 4/8/16/32 partial groups by width) "
                            "[load3d_c4]";
  if (pl.transposed && p->repeatTime > 1)
    return emitOpError() << "a transposing LoadData 3D with repeatTime = "
                         << p->repeatTime
                         << " (all repeats as one matrix, §10.3) is not "
                            "modelled [load3d_c6]";
  const model::Im2colGeometry &g = p->geometry;
  int64_t c0 = g.c0;
  if (p->kStartPt % c0 != 0)
    return emitOpError() << "kStartPt = " << p->kStartPt
                         << " is not a multiple of C0 = " << c0
                         << " [load3d_c5]";
  if (g.hout() < 1 || g.wout() < 1)
    return emitOpError() << kernelMisfit(g) << " [load3d_c8]";
  int64_t mRows = llvm::alignTo(g.rows(), 16), kCols = g.cols();
  for (int64_t r = 0; r < p->repeatTime; ++r) {
    auto [m0, k0] = p->windowStart(r);
    if (k0 + p->kExtension > kCols || m0 + p->mExtension > mRows)
      return emitOpError() << "window rows [" << m0 << ", "
                           << m0 + p->mExtension << ") x columns [" << k0
                           << ", " << k0 + p->kExtension << ")"
                           << (r ? " of repeat " + std::to_string(r) : "")
                           << " leaves the " << g.rows() << " x " << kCols
                           << " im2col matrix (rows padded to " << mRows
                           << ") [load3d_c8]";
    if (p->kExtension % c0 != 0 && k0 + p->kExtension <= kCols - c0)
      return emitOpError() << "kExtension = " << p->kExtension
                           << " is not a multiple of C0 = " << c0
                           << " and does not end in the last fractal column "
                              "[load3d_c5]";
    if (src->bits != 32 && p->mExtension % 16 != 0 &&
        m0 + p->mExtension <= mRows - 16)
      return emitOpError() << "mExtension = " << p->mExtension
                           << " is not a multiple of 16 and does not end in "
                              "the last fractal row (b4/b8/b16) [load3d_c5]";
  }
  if (prod && prod->Load3DMStartAlign16 &&
      (src->bits == 8 || src->bits == 16) && p->mStartPt % 16 != 0)
    return emitOpError() << "mStartPt = " << p->mStartPt
                         << " is not a multiple of 16 (" << prod->Name << ", b"
                         << src->bits << ") [load3d_c5]";
  if (!getMExtensionAttr() || !getKExtensionAttr()) {
    // An Nz matrix read with its own geometry is its own im2col matrix
    // (§10.4): a derived side of the window is the destination's, and it
    // must stay inside the source's data — its rows (the destination's rows,
    // K rows into L0B; columns with enTranspose into L0A) and its columns.
    // Matching padded extents are not enough: a B held N x K (24 x 32)
    // would otherwise land in a K x N (32 x 24) L0B row for row.
    const model::Im2colGeometry &g = p->geometry;
    bool own = src->format() == Format::Nz && src->type.getRank() == 2 &&
               dst->type.getRank() == 2 && !getSrcOffset() && g.l1H == 1 &&
               g.l1W == src->paddedRows() &&
               p->channelSize == src->paddedCols() && g.kernelH == 1 &&
               g.kernelW == 1 && g.strideH == 1 && g.strideW == 1 &&
               g.dilationH == 1 && g.dilationW == 1 && g.padTop == 0 &&
               g.padBottom == 0 && g.padLeft == 0 && g.padRight == 0 &&
               p->repeatTime == 1;
    if (own) {
      auto past = [&](bool derived, int64_t start, int64_t side, int64_t have) {
        return derived && start + side > have;
      };
      bool mPast =
          past(!getMExtensionAttr(), p->mStartPt, p->mExtension, src->rows());
      bool kPast =
          past(!getKExtensionAttr(), p->kStartPt, p->kExtension, src->cols());
      if (mPast || kPast)
        return emitOpError()
               << "the derived window " << (mPast ? "rows [" : "columns [")
               << (mPast ? p->mStartPt : p->kStartPt) << ", "
               << (mPast ? p->mStartPt + p->mExtension
                         : p->kStartPt + p->kExtension)
               << ") (from the destination " << dst->type << ") run past the "
               << (mPast ? src->rows() : src->cols())
               << (mPast ? " rows" : " columns") << " of the " << src->rows()
               << " x " << src->cols()
               << " Nz source (its own im2col matrix, §10.4): the "
                  "destination holds the source or a window of it"
               << (dst->level == Level::L0A
                       ? ", or with enTranspose its transpose (a b32 K "
                         "padded to 16 takes mExtension = align16(K))"
                       : " with its rows as K rows (a B held N x K needs a "
                         "transposing mover, e.g. LoadData 2D)")
               << " [load3d_c9]";
    }
    // A derived extent is the destination's: its type must then be the
    // layout the instruction writes for the window.
    bool same = dst->layout.fractal() == pl.fractal &&
                dst->paddedRows() == pl.paddedRows &&
                dst->paddedCols() == pl.paddedCols;
    if (!same)
      return emitOpError()
             << "the destination " << dst->type
             << " is not the layout LoadData 3D writes for its window ("
             << layout::stringifyFormat(pl.format) << ", " << pl.fractal.rows
             << "x" << pl.fractal.cols << " fractals, " << pl.paddedRows
             << " x " << pl.paddedCols
             << " padded): give mExtension/kExtension [load3d_c9]";
  }
  return checkExtents(*this, emit, *src, *dst, "load3d_c10");
}

//===----------------------------------------------------------------------===//
// Load3DV1Op (LoadData 3D V1, 310P / 910A, cube-reference §10.2)
//===----------------------------------------------------------------------===//

std::pair<int64_t, int64_t> Load3DV1Params::fractalStart(int64_t r) const {
  const model::Im2colGeometry &g = geometry;
  // The first pixel: the one whose window top-left is (leftTopH, leftTopW).
  int64_t oh = (leftTopH + g.padTop) / g.strideH;
  int64_t ow = (leftTopW + g.padLeft) / g.strideW;
  int64_t m0 = oh * g.wout() + ow + (repeatMode == 1 ? 16 * r : 0);
  int64_t point =
      fetchFilterH * g.kernelW + fetchFilterW + (repeatMode == 0 ? r : 0);
  int64_t k0 = (c1Index * g.kernelH * g.kernelW + point) * g.c0;
  return {m0, k0};
}

FailureOr<Load3DV1Params> ascube::getLoad3DV1Params(Load3DV1Op op,
                                                    EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  if (failed(src))
    return failure();
  Load3DV1Params p;
  StringRef l = "load3dv1_c3";
  if (failed(readPadList(op.getPadListAttr(), p.padList, emit, l)) ||
      failed(checkPadValue(op.getPadValueAttr(), *src, emit, l)))
    return failure();
  ArrayRef<int64_t> s = src->type.getShape();
  bool map = src->format() == Format::NC1HWC0 && s.size() == 5;
  model::Im2colGeometry &g = p.geometry;
  g.l1H = attrOr(op.getL1HAttr(), map ? s[2] : 0);
  g.l1W = attrOr(op.getL1WAttr(), map ? s[3] : 0);
  g.c1 = map ? s[1] : 0;
  g.c0 = c0Of(src->bits);
  g.kernelH = attrOr(op.getFilterHAttr(), 1);
  g.kernelW = attrOr(op.getFilterWAttr(), 1);
  g.strideH = attrOr(op.getStrideHAttr(), 1);
  g.strideW = attrOr(op.getStrideWAttr(), 1);
  g.dilationH = attrOr(op.getDilationFilterHAttr(), 1);
  g.dilationW = attrOr(op.getDilationFilterWAttr(), 1);
  g.padLeft = p.padList[0], g.padRight = p.padList[1];
  g.padTop = p.padList[2], g.padBottom = p.padList[3];
  p.c1Index = attrOr(op.getC1IndexAttr(), 0);
  p.fetchFilterW = attrOr(op.getFetchFilterWAttr(), 0);
  p.fetchFilterH = attrOr(op.getFetchFilterHAttr(), 0);
  p.leftTopW = attrOr(op.getLeftTopWAttr(), -g.padLeft);
  p.leftTopH = attrOr(op.getLeftTopHAttr(), -g.padTop);
  p.jumpStride = attrOr(op.getJumpStrideAttr(), 1);
  p.repeatMode = attrOr(op.getRepeatModeAttr(), 0);
  p.repeatTime = attrOr(op.getRepeatTimeAttr(), 1);
  p.cSize = attrOr(op.getCSizeAttr(), 0);
  if (failed(inRange(emit, "l1H", g.l1H, 1, limits::kU15Max, l)) ||
      failed(inRange(emit, "l1W", g.l1W, 1, limits::kU15Max, l)) ||
      failed(inRange(emit, "c1Index", p.c1Index, 0, limits::kU12Max, l)) ||
      failed(inRange(emit, "fetchFilterW", p.fetchFilterW, 0,
                     limits::kLoad3DFetchFilterMax, l)) ||
      failed(inRange(emit, "fetchFilterH", p.fetchFilterH, 0,
                     limits::kLoad3DFetchFilterMax, l)) ||
      failed(inRange(emit, "leftTopW", p.leftTopW, -limits::kLoad3DPadMax,
                     limits::kU15Max, l)) ||
      failed(inRange(emit, "leftTopH", p.leftTopH, -limits::kLoad3DPadMax,
                     limits::kU15Max, l)) ||
      failed(inRange(emit, "strideW", g.strideW, 1, limits::kLoad3DStrideMax,
                     l)) ||
      failed(inRange(emit, "strideH", g.strideH, 1, limits::kLoad3DStrideMax,
                     l)) ||
      failed(inRange(emit, "filterW", g.kernelW, 1, limits::kLoad3DKernelMax,
                     l)) ||
      failed(inRange(emit, "filterH", g.kernelH, 1, limits::kLoad3DKernelMax,
                     l)) ||
      failed(inRange(emit, "dilationFilterW", g.dilationW, 1,
                     limits::kLoad3DDilationMax, l)) ||
      failed(inRange(emit, "dilationFilterH", g.dilationH, 1,
                     limits::kLoad3DDilationMax, l)) ||
      failed(inRange(emit, "jumpStride", p.jumpStride, 1,
                     limits::kLoad3DJumpStrideMax, l)) ||
      failed(inRange(emit, "repeatMode", p.repeatMode, 0, 1, l)) ||
      failed(inRange(emit, "repeatTime", p.repeatTime, 1, limits::kU8Max, l)) ||
      failed(inRange(emit, "cSize", p.cSize, 0, 0, l)))
    return failure();
  return p;
}

FailureOr<AccessExtents> Load3DV1Op::getAccessExtents(EmitErrorFn emit) {
  Load3DV1Op op = *this;
  FailureOr<Load3DV1Params> p = getLoad3DV1Params(op, emit);
  if (failed(p))
    return failure();
  const model::Im2colGeometry &g = p->geometry;
  AccessExtents e;
  e.src = (p->c1Index + 1) * g.l1H * g.l1W * g.c0;
  e.dst = ((p->repeatTime - 1) * p->jumpStride + 1) * 16 * g.c0;
  return e;
}

BaseAlignment Load3DV1Op::getBaseAlignment() {
  return {32, 512}; // L1 source 32 B, L0A destination 512 B (§10)
}

StringRef Load3DV1Op::getBoundsLabel() { return "load3dv1_c6"; }

LogicalResult Load3DV1Op::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers =
      resolveMover(*this, getSrc(), getDst(), emit, /*fixedFractals=*/true);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (src->level != Level::L1 || dst->level != Level::L0A)
    return emitOpError() << "LoadData 3D V1 moves L1 -> L0A (L0B is not "
                            "modelled), got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [load3dv1_c1]";
  if (src->format() != Format::NC1HWC0 || dst->format() != Format::Zz)
    return emitOpError() << "LoadData 3D V1 reads an NC1HWC0 map and writes "
                            "Zz fractals, got "
                         << layout::stringifyFormat(src->format()) << " -> "
                         << layout::stringifyFormat(dst->format())
                         << " [load3dv1_c1]";
  Type et = src->type.getElementType();
  if (et != dst->type.getElementType() ||
      !hasTypeRow(target::load3DV1Types(), nullptr, et))
    return emitOpError() << "LoadData 3D V1 moves half or (u)int8 between "
                            "buffers of one type, got "
                         << et << " -> " << dst->type.getElementType()
                         << " [load3dv1_c2]";
  const target::ProductInfo *prod = getTargetProduct(*this);
  if (prod && !prod->HasLoad3DV1)
    return emitOpError() << "LoadData 3D V1 is not available on " << prod->Name
                         << " (atlas_inference, atlas_training) [load3dv1_c5]";
  BaseAlignment align = getBaseAlignment();
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  FailureOr<Load3DV1Params> p = getLoad3DV1Params(*this, emit);
  if (failed(p))
    return failure();
  const model::Im2colGeometry &g = p->geometry;
  if (g.hout() < 1 || g.wout() < 1)
    return emitOpError() << kernelMisfit(g) << " [load3dv1_c4]";
  int64_t dh = p->leftTopH + g.padTop, dw = p->leftTopW + g.padLeft;
  if (dh < 0 || dw < 0 || dh % g.strideH != 0 || dw % g.strideW != 0 ||
      dw / g.strideW >= g.wout())
    return emitOpError() << "(leftTopH, leftTopW) = (" << p->leftTopH << ", "
                         << p->leftTopW
                         << ") is not the window top-left of an output pixel "
                            "(pixel 0 starts at (-padTop, -padLeft), steps of "
                            "the strides) [load3dv1_c4]";
  if (p->c1Index >= g.c1)
    return emitOpError() << "c1Index = " << p->c1Index << " but the map has "
                         << g.c1 << " channel groups [load3dv1_c4]";
  int64_t rows = llvm::alignTo(g.rows(), 16), points = g.kernelH * g.kernelW;
  if (p->fetchFilterH >= g.kernelH || p->fetchFilterW >= g.kernelW)
    return emitOpError() << "kernel point (" << p->fetchFilterH << ", "
                         << p->fetchFilterW << ") is outside the " << g.kernelH
                         << "x" << g.kernelW << " kernel [load3dv1_c4]";
  auto [mLast, kLast] = p->fractalStart(p->repeatTime - 1);
  int64_t lastPoint = kLast / g.c0 - p->c1Index * points;
  if (mLast + 16 > rows || lastPoint >= points)
    return emitOpError() << "repeat " << p->repeatTime - 1 << " reads rows ["
                         << mLast << ", " << mLast + 16 << ") at kernel point "
                         << lastPoint << ", past the " << g.rows()
                         << " output pixels "
                         << "(padded to " << rows << ") or the " << points
                         << " kernel points [load3dv1_c4]";
  FailureOr<AccessExtents> e = getAccessExtents(emit);
  if (failed(e) ||
      failed(checkExtent(emit, "source", getSrcOffset(), *src, e->src,
                         "load3dv1_c6")) ||
      failed(checkExtent(emit, "destination", getDstOffset(), *dst, e->dst,
                         "load3dv1_c6")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

bool Load3DOp::isNoOp() {
  auto p =
      quietly(*this, [&](EmitErrorFn e) { return getLoad3DParams(*this, e); });
  return succeeded(p) && p->isNoOp();
}

/// repeatTime is at least 1 (§10.2, load3dv1_c3): a V1 instruction always
/// moves a fractal.
bool Load3DV1Op::isNoOp() { return false; }
