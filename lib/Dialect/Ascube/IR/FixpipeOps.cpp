//===- FixpipeOps.cpp - Fixpipe -------------------------------------------===//
//
// Fixpipe (cube-reference §16): FixpipeParams, QUANT_PRE words, access
// extents, base alignment and the verifier (fixpipe_c*). ODS:
// AscubeFixpipeOps.td.
//
//===----------------------------------------------------------------------===//

#include "OpVerification.h"
#include "ascube/Model/FieldLimits.h"
#include "ascube/Model/QuantWord.h"

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
// FixpipeOp
//===----------------------------------------------------------------------===//

namespace {
bool isInt8(Type t) { return t.isInteger(8); }

/// The quantization table's row of `q` (Products.td; a unit test checks
/// every mode has one).
const target::QuantModeInfo &modeInfo(QuantMode q) {
  const target::QuantModeInfo *m =
      target::lookupQuantMode(stringifyQuantMode(q));
  assert(m && "QuantMode without a row in Products.td");
  return *m;
}

/// The conversion `mode` does from `st` to `dt`, or (mode "") the default
/// conversion of `st` to `dt`; nullptr if none.
const target::QuantConversionInfo *findConversion(StringRef mode, Type st,
                                                  Type dt) {
  std::string sn = getCubeTypeName(st), dn = getCubeTypeName(dt);
  for (const target::QuantConversionInfo &c : target::quantConversions())
    if ((mode.empty() ? c.Default : mode == c.Mode) && sn == c.Src &&
        dn == c.Dst)
      return &c;
  return nullptr;
}
} // namespace

bool ascube::mcbAllowed(QuantMode q, const target::ProductInfo *prod) {
  return modeInfo(q).Mcb && (!prod || prod->HasQuantMCB);
}

FailureOr<FixpipeParams> ascube::getFixpipeParams(FixpipeOp op,
                                                  EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  FixpipeParams p;
  if (std::optional<FixpipeMode> m = op.getMode())
    p.mode = *m;
  else if (dst->format() == Format::Nz)
    p.mode = FixpipeMode::nz2nz;
  else if (dst->format() == Format::DN)
    p.mode = FixpipeMode::nz2dn;
  else
    p.mode = FixpipeMode::nz2nd;
  Type st = src->type.getElementType(), dt = dst->type.getElementType();
  bool vec = static_cast<bool>(op.getQuantVector());
  if (std::optional<QuantMode> q = op.getQuantPre())
    p.quantPre = *q;
  else if (st == dt)
    p.quantPre = QuantMode::NoQuant;
  else if (const target::QuantConversionInfo *c = findConversion("", st, dt))
    // The conversion's default mode; its V form for a per-column vector.
    p.quantPre = *symbolizeQuantMode(
        vec && target::lookupQuantMode(c->Mode)->Scaled ? c->VectorForm
                                                        : c->Mode);
  else
    return emit() << "no quantization mode turns " << st << " into " << dt
                  << " [fixpipe_c3]";
  if (IntegerAttr d = op.getDeqScalarAttr()) {
    p.deqScalar = static_cast<uint64_t>(d.getInt());
    // M1 = bits 31:13 read as an f32 (§16): not inf, NaN or denormal.
    model::WordBits wb;
    uint64_t m1 = model::decodeQuantWord(wb, *p.deqScalar).scaleBits;
    if (!model::scaleIsUsable(wb, m1)) {
      bool special = wb.field(m1, 23, 0xFF) == 0xFF;
      return emit() << "deqScalar's scale M1 (bits 31:13, 0x"
                    << llvm::utohexstr(m1) << ") is "
                    << (special ? (wb.field(m1, 0, 0x7FFFFF) ? "NaN" : "inf")
                                : "denormal")
                    << " [fixpipe_c12]";
    }
  }
  size_t sr = src->layout.shape().size();
  p.mSize = attrOr(op.getMSizeAttr(), sr == 2 ? src->rows() : 0);
  p.nSize = attrOr(op.getNSizeAttr(), sr == 2 ? src->cols() : 0);
  p.srcStride = attrOr(op.getSrcStrideAttr(), sr == 2 ? src->paddedRows() : 0);
  int64_t dstBytes = std::max<unsigned>(1, getStorageBytes(dt));
  // nz2nz fractal width (§16): 8-bit outputs channel-merge into 16 x 32;
  // isChannelSplit (derived from an f32 16 x 8 destination fractal) splits
  // f32 into 16 x 8.
  bool nzDst = p.mode == FixpipeMode::nz2nz && dst->format() == Format::Nz;
  p.channelSplit =
      attrOr(op.getIsChannelSplitAttr(),
             nzDst && dt.isF32() && dst->layout.fractal().cols == 8);
  if (p.channelSplit)
    p.nzC0 = 8;
  else if (getStorageBytes(dt) == 1)
    p.nzC0 = 32;
  int64_t dflt = 0;
  if (dst->layout.shape().size() == 2) {
    if (p.mode == FixpipeMode::nz2nd)
      dflt = dst->paddedCols();
    else if (p.mode == FixpipeMode::nz2dn)
      dflt = dst->paddedRows();
    else
      dflt = dst->paddedRows() * p.nzC0 * dstBytes / 32;
  }
  p.arch3510 = attrOr(op.getArch3510Attr(), false);
  if (p.arch3510 && p.mode == FixpipeMode::nz2nz &&
      dst->layout.shape().size() == 2)
    dflt = dst->paddedRows() * p.nzC0; // elements (Arch3510)
  p.dstStride = attrOr(op.getDstStrideAttr(), dflt);
  p.ndNum = attrOr(op.getNdNumAttr(), 1);
  p.srcNdStride = attrOr(op.getSrcNdStrideAttr(), 0);
  p.dstNdStride = attrOr(op.getDstNdStrideAttr(), 0);
  bool dnParams = op.getDnNumAttr() || op.getSrcNzMatrixStrideAttr() ||
                  op.getDstDnMatrixStrideAttr() || op.getSrcNzC0StrideAttr();
  if (dnParams && !(p.arch3510 && p.mode == FixpipeMode::nz2dn))
    return emit() << "dnNum/srcNzMatrixStride/dstDnMatrixStride/"
                     "srcNzC0Stride are Nz2DnParams: nz2dn with arch3510 only "
                     "[fixpipe_c11]";
  if (p.arch3510 && p.mode == FixpipeMode::nz2dn) {
    if (op.getNdNumAttr() || op.getSrcNdStrideAttr() ||
        op.getDstNdStrideAttr() || op.getSrcStrideAttr())
      return emit() << "an Arch3510 nz2dn takes Nz2DnParams (dnNum, "
                       "srcNzMatrixStride, dstDnMatrixStride, srcNzC0Stride), "
                       "not ndNum/srcNdStride/dstNdStride/srcStride "
                       "[fixpipe_c11]";
    p.ndNum = attrOr(op.getDnNumAttr(), 1);
    p.srcNdStride = attrOr(op.getSrcNzMatrixStrideAttr(), 0);
    p.dstNdStride = attrOr(op.getDstDnMatrixStrideAttr(), 0);
    p.srcStride = attrOr(op.getSrcNzC0StrideAttr(), p.srcStride);
    if (p.srcStride == 0)
      return emit() << "srcNzC0Stride must not be 0 [fixpipe_c11]";
  }
  p.reluEn = attrOr(op.getReluEnAttr(), false);
  p.unitFlag = attrOr(op.getUnitFlagAttr(), 0);
  p.dualDstCtrl = attrOr(op.getDualDstCtrlAttr(), 0);
  p.subBlockId = attrOr(op.getSubBlockIdAttr(), 0);
  if (failed(inRange(emit, "dualDstCtrl", p.dualDstCtrl, 0, 2, "fixpipe_c5")) ||
      failed(inRange(emit, "subBlockId", p.subBlockId, 0, 1, "fixpipe_c5")))
    return failure();
  int64_t mMax = p.mode == FixpipeMode::nz2nd ? limits::kFixpipeNz2ndRowsMax
                                              : limits::kU16Max;
  // Arch3510's nz2dn reports its Nz2DnParams under their own names; its
  // nz2nz dstStride counts elements in a 32-bit field.
  bool dn3510 = p.arch3510 && p.mode == FixpipeMode::nz2dn;
  int64_t u32 = (int64_t(1) << 32) - 1;
  if (failed(inRange(emit, "mSize", p.mSize, 0, mMax, "fixpipe_c5")) ||
      failed(inRange(emit, "nSize", p.nSize, 0, limits::kFixpipeNSizeMax,
                     "fixpipe_c5")) ||
      failed(inRange(emit, dn3510 ? "srcNzC0Stride" : "srcStride", p.srcStride,
                     0, limits::kU16Max, "fixpipe_c5")) ||
      failed(inRange(
          emit, "dstStride", p.dstStride, 0,
          p.mode == FixpipeMode::nz2nz && !p.arch3510 ? limits::kU16Max : u32,
          "fixpipe_c5")) ||
      failed(inRange(emit, dn3510 ? "dnNum" : "ndNum", p.ndNum, 0,
                     limits::kU16Max, "fixpipe_c5")) ||
      failed(inRange(
          emit, dn3510 ? "srcNzMatrixStride" : "srcNdStride", p.srcNdStride, 0,
          p.arch3510 ? limits::kU16Max : limits::kFixpipeSrcNdStrideMax,
          "fixpipe_c5")) ||
      failed(inRange(emit, dn3510 ? "dstDnMatrixStride" : "dstNdStride",
                     p.dstNdStride, 0, p.arch3510 ? u32 : limits::kU16Max,
                     "fixpipe_c5")))
    return failure();
  return p;
}

namespace {
/// padding_c1 for Fixpipe: every L0C element the move reads is a logical
/// element of the source (not its padding). The move reads, for matrix nd,
/// row j and 16-column block k, the L0C row `nd * srcNdStride + j + k *
/// srcStride` (rows of 16 elements, §16) past the source offset; in the Nz
/// source with P rows per column block that is row q % P of column block q
/// / P. Checked where the offset is static and a whole L0C row.
LogicalResult checkFixpipeReadsData(EmitErrorFn emit, const FixpipeParams &p,
                                    const Buffer &src, Value srcOffset) {
  std::optional<int64_t> off = staticOffset(srcOffset);
  if (!off || *off % 16 != 0 || src.layout.shape().size() != 2 ||
      src.format() != Format::Nz ||
      src.layout.fractal() != layout::FractalShape{16, 16} || p.isNoOp())
    return success();
  int64_t pitch = src.paddedRows(), rows = src.rows(), cols = src.cols();
  int64_t blocks = llvm::divideCeil(p.nSize, 16);
  // Each (nd, k) reads one run of mSize L0C rows; bound the work.
  if (p.ndNum * blocks * (p.mSize / pitch + 2) > (int64_t(1) << 20))
    return success();
  for (int64_t nd = 0; nd < p.ndNum; ++nd)
    for (int64_t k = 0; k < blocks; ++k) {
      int64_t lastCol = std::min<int64_t>(16, p.nSize - 16 * k) - 1;
      int64_t q = *off / 16 + nd * p.srcNdStride + k * p.srcStride;
      for (int64_t end = q + p.mSize; q < end;) {
        int64_t b = q / pitch, r = q % pitch;
        int64_t runEnd = std::min(end, (b + 1) * pitch); // rows in block b
        int64_t rLast = r + (runEnd - q) - 1;
        if (rLast >= rows || b * 16 + lastCol >= cols) {
          int64_t badRow = rLast >= rows ? std::max(r, rows) : r;
          int64_t badCol = rLast >= rows ? b * 16 : std::max(b * 16, cols);
          return emit() << "source " << src.type << " has " << rows << "x"
                        << cols
                        << " logical elements but the move (mSize = " << p.mSize
                        << ", nSize = " << p.nSize
                        << ", srcStride = " << p.srcStride
                        << ") reads its padding position (" << badRow << ", "
                        << badCol
                        << "), which it would take as data; give the buffer "
                           "that logical shape or read less [padding_c1]";
        }
        q = runEnd;
      }
    }
  return success();
}
} // namespace

LogicalResult FixpipeOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  if (src->level != Level::L0C ||
      (dst->level != Level::GM && dst->level != Level::L1 &&
       dst->level != Level::UB))
    return emitOpError() << "moves L0C -> GM, L1 or UB, got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [fixpipe_c1]";
  if (src->format() != Format::Nz ||
      src->layout.fractal() != layout::FractalShape{16, 16})
    return emitOpError() << "reads L0C as Nz with 16x16 fractals, got "
                         << src->type << " [fixpipe_c1]";
  FailureOr<FixpipeParams> p = getFixpipeParams(*this, emit);
  if (failed(p))
    return failure();
  Format want = p->mode == FixpipeMode::nz2nd   ? Format::ND
                : p->mode == FixpipeMode::nz2nz ? Format::Nz
                                                : Format::DN;
  if (dst->format() != want)
    return emitOpError() << stringifyFixpipeMode(p->mode) << " writes "
                         << layout::stringifyFormat(want)
                         << ", but the destination is "
                         << layout::stringifyFormat(dst->format())
                         << (getModeAttr() ? ""
                                           : " (the mode follows the "
                                             "destination's layout: "
                                             "nz2nd ND, nz2nz Nz, nz2dn DN; "
                                             "no mode writes another)")
                         << " [fixpipe_c2]";
  Type st = src->type.getElementType(), dt = dst->type.getElementType();
  // Mode against types (§16).
  bool vec = static_cast<bool>(getQuantVector());
  QuantMode q = p->quantPre;
  const target::QuantModeInfo &qm = modeInfo(q);
  const target::QuantConversionInfo *conv =
      findConversion(stringifyQuantMode(q), st, dt);
  bool needVector = qm.Vector, needScalar = qm.Scaled && !qm.Vector;
  const target::ProductInfo *prod = getTargetProduct(*this);
  if (prod && !prod->in(qm.Products))
    return emitOpError() << stringifyQuantMode(q) << " exists on "
                         << target::productFamilies(qm.Products)
                         << " only, not on " << prod->Name << " [fixpipe_c13]";
  if (!conv)
    return emitOpError() << stringifyQuantMode(q) << " does not turn " << st
                         << " into " << dt << " [fixpipe_c3]";
  // The mode doing the same conversion with the scale the op was given
  // (§16): a per-column vector or a scalar.
  auto otherForm = [&](bool vector) -> std::optional<QuantMode> {
    std::optional<QuantMode> m =
        symbolizeQuantMode(vector ? conv->VectorForm : conv->ScalarForm);
    return m && *m != q ? m : std::nullopt;
  };
  auto suggest = [&](InFlightDiagnostic &d, bool vector) {
    if (std::optional<QuantMode> m = otherForm(vector)) {
      d << "; " << (vector ? "a per-column quant_vector" : "a scalar scale")
        << " goes with " << stringifyQuantMode(*m);
      unsigned on = modeInfo(*m).Products;
      unsigned all = (1u << target::allProducts().size()) - 1;
      if ((on & all) != all && (!prod || !prod->in(on)))
        d << " (" << target::productFamilies(on) << " only)";
    }
  };
  if (needScalar != p->deqScalar.has_value()) {
    InFlightDiagnostic d =
        emitOpError() << stringifyQuantMode(q)
                      << (needScalar ? " needs" : " takes no") << " deqScalar";
    if (!needScalar)
      suggest(d, /*vector=*/false);
    else if (vec)
      suggest(d, /*vector=*/true);
    return d << " [fixpipe_c4]";
  }
  if (needVector != vec) {
    InFlightDiagnostic d = emitOpError()
                           << stringifyQuantMode(q)
                           << (needVector ? " needs" : " takes no")
                           << " quant_vector operand";
    if (!needVector)
      suggest(d, /*vector=*/true);
    else if (p->deqScalar)
      suggest(d, /*vector=*/false);
    return d << " [fixpipe_c4]";
  }
  if (needScalar) {
    model::WordBits wb;
    model::QuantWordFields<uint64_t> w =
        model::decodeQuantWord(wb, *p->deqScalar);
    // A signless i8 destination is bytes in GM: the word says s8 or u8.
    if (isInt8(dt) && !dt.isSignlessInteger() &&
        w.signedOut != (dt.isUnsignedInteger() ? 0u : 1u))
      return emitOpError() << "deqScalar bit 46 selects "
                           << (w.signedOut ? "s8" : "u8")
                           << " output but the destination is " << dt
                           << " [fixpipe_c4]";
    // MCB (§16): x >> N saturated to int16 before the scale.
    if (w.mcb && !mcbAllowed(q, prod))
      return emitOpError() << "deqScalar bit 36 (MCB shift mode) exists "
                              "with REQ8/DEQF16 on Atlas A2/A3 only, got "
                           << stringifyQuantMode(q)
                           << (prod ? std::string(" on ") + prod->Name
                                    : std::string())
                           << " [fixpipe_c4]";
  }
  if (vec) {
    auto vt = cast<MemRefType>(getQuantVector().getType());
    std::optional<Level> vl = getMemLevel(vt);
    if (!vt.getElementType().isInteger(64) || !vl ||
        (*vl != Level::L1 && *vl != Level::FB) || !vt.hasStaticShape() ||
        vt.getNumElements() < p->nSize)
      return emitOpError() << "quant_vector is one 64-bit word per output "
                              "column ("
                           << p->nSize << ") in L1 or FB, got " << vt
                           << " [fixpipe_c4]";
    // The QUANT_PRE vector (cbufWorkspace) in L1 is 32 B aligned (§16); in
    // FB, the level's alignment.
    FailureOr<Buffer> qb = resolve(getQuantVector(), "quant_vector", emit);
    if (failed(qb) ||
        failed(checkAlign(emit, "quant_vector", getQuantVector(), Value(), *qb,
                          *vl == Level::L1 ? 32 : 64)))
      return failure();
  }
  // L0C -> UB (§16, Fixpipe L0C -> UB): 32 B destination pitches.
  unsigned dBytes = getStorageBytes(dt);
  if (dst->level == Level::UB) {
    int64_t pitch =
        p->mode == FixpipeMode::nz2nz ? p->nzColumnElems(dBytes) : p->dstStride;
    if (pitch == 0 || (pitch * dBytes) % 32 != 0)
      return emitOpError() << "an L0C -> UB move needs a destination pitch of "
                              "whole 32 B blocks, got "
                           << pitch << " elements of " << dBytes
                           << " B [fixpipe_c16]";
    if (prod && prod->HasFixpipeArch3510) {
      if (!p->arch3510)
        return emitOpError() << "the L0C -> UB Fixpipe of " << prod->Name
                             << " takes FixpipeParamsArch3510: set arch3510 "
                                "[fixpipe_c16]";
      if (p->mode == FixpipeMode::nz2nd && (p->nSize * dBytes) % 32 != 0)
        return emitOpError()
               << "nz2nd into UB needs nSize x " << dBytes
               << " B a multiple of 32 B, got nSize = " << p->nSize << " on "
               << prod->Name << " [fixpipe_c16]";
      if (p->mode == FixpipeMode::nz2dn && (p->mSize * dBytes) % 32 != 0)
        return emitOpError()
               << "nz2dn into UB needs mSize x " << dBytes
               << " B a multiple of 32 B, got mSize = " << p->mSize << " on "
               << prod->Name << " [fixpipe_c16]";
    }
  }
  // Dual destinations (§16, 950): each vector core's UB gets one half.
  if (p->dualDstCtrl != 0 || getDst1() || p->subBlockId != 0) {
    if (dst->level != Level::UB || (prod && !prod->HasFixpipeDualDst))
      return emitOpError() << "dualDstCtrl, subBlockId and a second "
                              "destination belong to the L0C -> UB move of "
                              "950 [fixpipe_c17]";
    if ((p->dualDstCtrl != 0) != static_cast<bool>(getDst1()))
      return emitOpError() << "dualDstCtrl = " << p->dualDstCtrl
                           << (getDst1() ? " takes no" : " needs a")
                           << " second destination (`and`) [fixpipe_c17]";
  }
  if (p->dualDstCtrl != 0) {
    if (getDst1().getType() != getDst().getType())
      return emitOpError() << "both destinations of a dual move have the "
                              "type "
                           << getDst().getType() << ", got "
                           << getDst1().getType() << " [fixpipe_c17]";
    if (p->subBlockId != 0)
      return emitOpError() << "subBlockId selects the UB of a single "
                              "destination; a dual move writes both "
                              "[fixpipe_c17]";
    if (p->mode == FixpipeMode::nz2dn || q != QuantMode::NoQuant || p->reluEn)
      return emitOpError() << "a dual move is nz2nz or nz2nd without "
                              "quantization or ReLU [fixpipe_c17]";
    if (p->dualDstCtrl == 1 && p->mSize % 2 != 0)
      return emitOpError() << "splitting M in halves needs an even mSize, "
                              "got "
                           << p->mSize << " [fixpipe_c17]";
    if (p->dualDstCtrl == 2 && p->nSize % 32 != 0)
      return emitOpError() << "splitting N in halves needs nSize a multiple "
                              "of 32, got "
                           << p->nSize << " [fixpipe_c17]";
  }
  BaseAlignment align = getBaseAlignment();
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  if (IntegerAttr clip = getClipReluMaxValAttr()) {
    // SetFixPipeClipRelu (§16): an f16 in bits 15:0, positive and finite;
    // it follows the on-the-fly quantization of an L0C -> GM move.
    uint64_t v = static_cast<uint64_t>(clip.getInt());
    llvm::APFloat h(llvm::APFloat::IEEEhalf(), llvm::APInt(16, v & 0xFFFF));
    if (v > 0xFFFF || h.isNaN() || h.isInfinity() || h.isNegative() ||
        h.isZero())
      return emitOpError() << "clipReluMaxVal = " << clip.getInt()
                           << " must be a positive finite f16 in bits 15:0 "
                              "[fixpipe_c14]";
    if (q == QuantMode::NoQuant || dst->level != Level::GM)
      return emitOpError() << "ClipReLU follows the quantization of an L0C -> "
                              "GM move: it needs a quantization mode and a GM "
                              "destination [fixpipe_c14]";
  }
  if (prod) {
    if (!prod->HasFixpipe)
      return emitOpError() << prod->Name << " has no Fixpipe [fixpipe_c9]";
    if (dst->level == Level::UB && !prod->HasL0CToUB)
      return emitOpError() << "L0C -> UB exists on 950 and 310B only, not on "
                           << prod->Name << " [fixpipe_c16]";
    if (getClipReluMaxValAttr() && !prod->HasClipRelu)
      return emitOpError() << "ClipReLU exists on 310B and Kirin only, not on "
                           << prod->Name << " [fixpipe_c15]";
    if (p->mode == FixpipeMode::nz2dn && !prod->HasNZ2DN)
      return emitOpError() << "nz2dn exists on 950 only, not on " << prod->Name
                           << " [fixpipe_c10]";
    if (p->arch3510 && !prod->HasFixpipeArch3510)
      return emitOpError() << "FixpipeParamsArch3510 exists on 950 only, not "
                              "on "
                           << prod->Name << " [fixpipe_c11]";
    std::string sn = getCubeTypeName(st), dn = getCubeTypeName(dt);
    bool toL1 = dst->level == Level::L1; // UB takes GM's dtypes
    bool found = llvm::any_of(target::fixpipeRows(), [&](const auto &r) {
      return prod->in(r.Products) && sn == r.Src && dn == r.Dst &&
             (toL1 ? r.ToL1 : r.ToGM);
    });
    if (!found)
      return emitOpError() << "Fixpipe " << st << " -> " << dt << " to "
                           << target::stringifyLevel(dst->level)
                           << " is not available on " << prod->Name
                           << " [fixpipe_c9]";
  }
  if (p->channelSplit) {
    // isChannelSplit (§16): f32 -> f32 in NZ to GM, not with NZ2ND or
    // unitFlag.
    if (p->mode != FixpipeMode::nz2nz || !st.isF32() || !dt.isF32() ||
        dst->level != Level::GM || p->unitFlag != 0)
      return emitOpError() << "isChannelSplit splits an f32 -> f32 nz2nz move "
                              "to GM without unitFlag, got "
                           << stringifyFixpipeMode(p->mode) << " " << st
                           << " -> " << dt << " to "
                           << target::stringifyLevel(dst->level)
                           << ", unitFlag = " << p->unitFlag
                           << (getIsChannelSplitAttr()
                                   ? ""
                                   : " (derived from the destination's 16x8 "
                                     "fractal; a plain f32 nz2nz writes "
                                     "fractal = [16, 16])")
                           << " [fixpipe_c18]";
    if (p->nSize % 8 != 0)
      return emitOpError() << "isChannelSplit moves whole 8-column fractals: "
                              "nSize = "
                           << p->nSize
                           << " is not a multiple of 8 [fixpipe_c18]";
  }
  if (p->mode == FixpipeMode::nz2nz) {
    if (dst->bits < 8)
      return emitOpError() << "nz2nz of " << dt
                           << " channel-merges to 16x64 fractals; no product's "
                              "Fixpipe has a 4-bit output [fixpipe_c6]";
    if (!p->channelSplit && p->nSize % p->nzC0 != 0)
      return emitOpError()
             << "nz2nz moves whole 16-column fractals"
             << (p->nzC0 == 32
                     ? ", merged in pairs into 16x32 for an 8-bit output (an "
                       "odd count leaves the last unmerged, which no Nz "
                       "layout describes)"
                     : "")
             << ": nSize = " << p->nSize << " is not a multiple of " << p->nzC0
             << " [fixpipe_c6]";
    if (dst->layout.fractal() != layout::FractalShape{16, p->nzC0})
      return emitOpError() << "nz2nz of " << dt << " writes 16x" << p->nzC0
                           << " fractals"
                           << (p->nzC0 == 32  ? " (channel merge)"
                               : p->nzC0 == 8 ? " (channel split)"
                                              : "")
                           << ", but the destination's fractal is "
                           << dst->layout.fractal().rows << "x"
                           << dst->layout.fractal().cols << " [fixpipe_c6]";
    if (p->dstStride == 0)
      return emitOpError() << "nz2nz needs dstStride != 0 [fixpipe_c5]";
  }
  if (!p->arch3510 && p->ndNum > 1 && p->srcNdStride == 0) // V220 / M300
    return emitOpError() << "srcNdStride must be in [1, "
                         << limits::kFixpipeSrcNdStrideMax
                         << "] with ndNum = " << p->ndNum << " [fixpipe_c5]";
  if (p->unitFlag != 0 && p->unitFlag != 2 && p->unitFlag != 3)
    return emitOpError() << "unitFlag = " << p->unitFlag
                         << " must be 0, 2 or 3 [fixpipe_c7]";
  // A GM view: nz2nd writes rows of nSize, nz2dn columns of mSize.
  bool dn = p->mode == FixpipeMode::nz2dn;
  if (dst->view && (p->mode == FixpipeMode::nz2nd || dn) && !p->isNoOp() &&
      failed(checkViewRuns(
          emit, "destination", getDstOffset(), *dst,
          ViewRuns{p->ndNum, p->dstNdStride,
                   dn && p->arch3510 ? "dstDnMatrixStride" : "dstNdStride",
                   dn ? p->dstCols() : p->dstRows(), p->dstStride, "dstStride",
                   dn ? p->dstRows() : p->dstCols(), dn ? "mSize" : "nSize"})))
    return failure();
  if (failed(checkExtents(*this, emit, *src, *dst, "fixpipe_c8")))
    return failure();
  return checkFixpipeReadsData(emit, *p, *src, getSrcOffset());
}

FailureOr<AccessExtents> FixpipeOp::getAccessExtents(EmitErrorFn emit) {
  FixpipeOp op = *this;
  FailureOr<FixpipeParams> p = getFixpipeParams(op, emit);
  if (failed(p))
    return failure();
  if (p->isNoOp())
    return AccessExtents{};
  auto dt = cast<MemRefType>(op.getDst().getType()).getElementType();
  int64_t blocks = llvm::divideCeil(p->nSize, 16);
  int64_t src = (p->ndNum - 1) * p->srcNdStride * 16 +
                (blocks - 1) * p->srcStride * 16 + (p->mSize - 1) * 16 + 16;
  // Each destination of a dual move receives one half.
  int64_t rows = p->dstRows(), cols = p->dstCols();
  int64_t nd = (p->ndNum - 1) * p->dstNdStride;
  AccessExtents e{src, 0};
  // ND rows (DN columns) of the destination, dstStride apart, per matrix.
  auto lines = [&](int64_t count, int64_t length) {
    e.dst = nd + (count - 1) * p->dstStride + length;
    e.dstRuns = AccessExtents::Runs{length, count, p->dstStride, p->ndNum,
                                    p->dstNdStride};
  };
  if (p->mode == FixpipeMode::nz2nd)
    lines(rows, cols);
  else if (p->mode == FixpipeMode::nz2dn)
    lines(cols, rows);
  else
    e.dst = nd +
            (llvm::divideCeil(cols, p->nzC0) - 1) *
                p->nzColumnElems(getStorageBytes(dt)) +
            (rows - 1) * p->nzC0 + p->nzC0;
  return e;
}

BaseAlignment FixpipeOp::getBaseAlignment() {
  FixpipeOp op = *this;
  // L0C source 64 B; L1 and UB destinations 32 B; GM destination 1 B for ND and
  // 32 B for Nz or DN.
  if (levelOf(op.getDst()) == Level::L1 || levelOf(op.getDst()) == Level::UB)
    return {64, 32};
  std::optional<layout::LayoutSpec> spec =
      getLayoutSpec(cast<MemRefType>(op.getDst().getType()));
  return {64, spec && spec->format != Format::ND ? 32 : 1};
}

StringRef FixpipeOp::getBoundsLabel() { return "fixpipe_c8"; }

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

bool FixpipeOp::isNoOp() {
  auto p =
      quietly(*this, [&](EmitErrorFn e) { return getFixpipeParams(*this, e); });
  return succeeded(p) && p->isNoOp();
}

void FixpipeOp::getOtherOperands(SmallVectorImpl<Value> &reads,
                                 SmallVectorImpl<Value> &writes) {
  if (Value q = getQuantVector())
    reads.push_back(q);
  if (Value d = getDst1())
    writes.push_back(d);
}
