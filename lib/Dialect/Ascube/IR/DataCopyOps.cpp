//===- DataCopyOps.cpp - DataCopy -----------------------------------------===//
//
// DataCopy (cube-reference §4, §5, §16): its effective mode, DataCopyParams
// and Nd2NzParams/Dn2NzParams, access extents, base alignment and verifier
// (datacopy_c*, nd2nz_c*, dn2nz_c*). ODS: AscubeDataCopyOps.td.
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
// DataCopyOp
//===----------------------------------------------------------------------===//

CopyMode DataCopyOp::getEffectiveMode() {
  if (std::optional<CopyMode> m = getMode())
    return *m;
  auto src = cast<MemRefType>(getSrc().getType());
  auto dst = cast<MemRefType>(getDst().getType());
  if (getMemLevel(dst) == Level::BT)
    return CopyMode::bias;
  if (getMemLevel(dst) == Level::FB)
    return CopyMode::fb;
  std::optional<layout::LayoutSpec> s = getLayoutSpec(src);
  std::optional<layout::LayoutSpec> d = getLayoutSpec(dst);
  if (s && d && d->format == Format::Nz) {
    if (s->format == Format::ND)
      return CopyMode::nd2nz;
    if (s->format == Format::DN)
      return CopyMode::dn2nz;
  }
  return CopyMode::copy;
}

FailureOr<CopyParams> ascube::getCopyParams(DataCopyOp op, EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  CopyMode mode = op.getEffectiveMode();
  // copy: 32 B units; bias: units of destination bytes, 64 B (32 B on 950)
  // (§16).
  const target::ProductInfo *prod = getTargetProduct(op);
  int64_t unit = mode == CopyMode::bias ? (prod ? prod->BiasCopyUnit : 64)
                 : mode == CopyMode::fb ? 128
                                        : 32;
  int64_t bytes = mode == CopyMode::bias ? dst->layout.sizeInBytes()
                                         : src->layout.sizeInBytes();
  CopyParams p;
  p.unitBytes = unit;
  p.blockCount = attrOr(op.getBlockCountAttr(), 1);
  bool derivedLen = !op.getBlockLenAttr();
  p.blockLen = attrOr(op.getBlockLenAttr(), llvm::divideCeil(bytes, unit));
  p.srcStride = attrOr(op.getSrcStrideAttr(), 0);
  p.dstStride = attrOr(op.getDstStrideAttr(), 0);
  if (derivedLen && bytes % unit != 0)
    return emit() << "cannot derive blockLen: the buffer holds " << bytes
                  << " B, not a whole number of " << unit
                  << " B units; pad the buffer to whole units or give "
                     "blockCount/blockLen [datacopy_c4]";
  if (mode == CopyMode::bias && unit == 32 && p.blockLen % 2 != 0)
    return emit() << "blockLen = " << p.blockLen
                  << " must be even for a bias copy on " << prod->Name
                  << " (32 B units) [datacopy_c5]";
  if (failed(inRange(emit, "blockCount", p.blockCount, 0, limits::kCopyCountMax,
                     "datacopy_c5")) ||
      failed(inRange(emit, "blockLen", p.blockLen, 1, limits::kU16Max,
                     "datacopy_c5")) ||
      failed(inRange(emit, "srcStride", p.srcStride, 0, limits::kU16Max,
                     "datacopy_c5")) ||
      failed(inRange(emit, "dstStride", p.dstStride, 0, limits::kU16Max,
                     "datacopy_c5")))
    return failure();
  return p;
}

FailureOr<Nd2NzParams> ascube::getNd2NzParams(DataCopyOp op, EmitErrorFn emit) {
  FailureOr<Buffer> src = resolve(op.getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(op.getDst(), "destination", emit);
  if (failed(src) || failed(dst))
    return failure();
  bool dn = op.getEffectiveMode() == CopyMode::dn2nz;
  // 4-bit data moves as bytes: every count below is then in bytes (§5).
  int64_t per = src->bits == 4 ? 2 : 1;
  auto units = [&](int64_t elems) { return elems / per; };
  size_t sr = src->layout.shape().size();
  int64_t batch = sr == 3 ? src->layout.shape()[0] : 1;
  Nd2NzParams p;
  p.ndNum = attrOr(op.getNdNumAttr(), batch);
  if (!dn) {
    p.nValue = attrOr(op.getNValueAttr(), src->rows());
    p.dValue = attrOr(op.getDValueAttr(), units(src->cols()));
    p.srcDValue = attrOr(op.getSrcDValueAttr(), units(src->paddedCols()));
    p.srcNdMatrixStride =
        attrOr(op.getSrcNdMatrixStrideAttr(),
               batch > 1 ? units(src->paddedRows() * src->paddedCols()) : 0);
  } else {
    // DN: columns are the contiguous lines.
    p.nValue = attrOr(op.getNValueAttr(), src->cols());
    p.dValue = attrOr(op.getDValueAttr(), src->rows());
    p.srcDValue = attrOr(op.getSrcDValueAttr(), src->paddedRows());
    p.srcNdMatrixStride =
        attrOr(op.getSrcNdMatrixStrideAttr(),
               batch > 1 ? src->paddedRows() * src->paddedCols() : 0);
  }
  // An NC1HWC0 destination (a feature map: C0 channels of H x W pixels per
  // block, 32 B a pixel) takes the H x W pixels of one C0 block.
  int64_t c0Blocks = dst->paddedRows();
  if (dst->format() == Format::NC1HWC0)
    c0Blocks = dst->layout.shape()[2] * dst->layout.shape()[3];
  p.dstNzC0Stride = attrOr(op.getDstNzC0StrideAttr(), c0Blocks);
  p.dstNzNStride = attrOr(op.getDstNzNStrideAttr(), 1);
  p.dstNzMatrixStride = attrOr(op.getDstNzMatrixStrideAttr(), 0);

  StringRef label = dn ? "dn2nz_c1" : "nd2nz_c1";
  if (failed(
          inRange(emit, "ndNum", p.ndNum, 0, limits::kCopyCountMax, label)) ||
      failed(
          inRange(emit, "nValue", p.nValue, 0, limits::kNd2nzRowsMax, label)) ||
      failed(inRange(emit, "dValue", p.dValue, 0,
                     dn ? limits::kDn2nzDValueMax : limits::kU16Max, label)) ||
      failed(inRange(emit, dn ? "srcDnMatrixStride" : "srcNdMatrixStride",
                     p.srcNdMatrixStride, 0,
                     dn ? limits::kDn2nzSrcStrideMax : limits::kU16Max,
                     label)) ||
      failed(inRange(emit, "srcDValue", p.srcDValue, 1,
                     dn ? limits::kDn2nzSrcStrideMax : limits::kU16Max,
                     label)) ||
      failed(inRange(emit, "dstNzC0Stride", p.dstNzC0Stride, 1,
                     limits::kNd2nzDstStrideMax, label)) ||
      failed(inRange(emit, "dstNzNStride", p.dstNzNStride, 1,
                     limits::kNd2nzDstStrideMax, label)) ||
      failed(inRange(emit, "dstNzMatrixStride", p.dstNzMatrixStride, 0,
                     limits::kNd2nzDstStrideMax, label)))
    return failure();
  if (!op.getDstNzMatrixStrideAttr() && batch > 1) {
    // Dense packing: one Nz matrix of the source's shape after another
    // (nValue, dValue in range: no overflow).
    int64_t c0 = c0Of(dst->bits);
    int64_t nzMatrix = llvm::alignTo(dn ? p.dValue : p.nValue, 16) *
                       llvm::alignTo(dn ? p.nValue * per : p.dValue * per, c0);
    p.dstNzMatrixStride = units(nzMatrix);
    if (failed(inRange(emit, "dstNzMatrixStride", p.dstNzMatrixStride, 0,
                       limits::kNd2nzDstStrideMax, label)))
      return failure();
  }
  return p;
}

LogicalResult DataCopyOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  auto buffers = resolveMover(*this, getSrc(), getDst(), emit);
  if (failed(buffers))
    return failure();
  Buffer *src = &buffers->first, *dst = &buffers->second;
  CopyMode mode = getEffectiveMode();
  Type st = src->type.getElementType(), dt = dst->type.getElementType();
  // An access that reaches too far, with the fields derived from the whole
  // source named (a part of it needs them given).
  auto emitExtent = [&]() {
    InFlightDiagnostic d = emitOpError();
    ScopedDiagnosticHandler quiet(getContext(),
                                  [](Diagnostic &) { return success(); });
    std::string derived;
    llvm::raw_string_ostream os(derived);
    auto add = [&](StringRef name, int64_t v) {
      os << (derived.empty() ? "" : ", ") << name << " = " << v;
    };
    if (getEffectiveMode() == CopyMode::nd2nz ||
        getEffectiveMode() == CopyMode::dn2nz) {
      if (FailureOr<Nd2NzParams> p = getNd2NzParams(*this, emit);
          succeeded(p)) {
        if (!getNdNumAttr())
          add("ndNum", p->ndNum);
        if (!getNValueAttr())
          add("nValue", p->nValue);
        if (!getDValueAttr())
          add("dValue", p->dValue);
      }
    } else if (FailureOr<CopyParams> p = getCopyParams(*this, emit);
               succeeded(p)) {
      if (!getBlockCountAttr())
        add("blockCount", p->blockCount);
      if (!getBlockLenAttr())
        add("blockLen", p->blockLen);
    }
    // (With a stride given, the stride is the likelier culprit.)
    bool strides = getSrcStrideAttr() || getDstStrideAttr() ||
                   getSrcNdMatrixStrideAttr() || getSrcDValueAttr() ||
                   getDstNzC0StrideAttr() || getDstNzNStrideAttr() ||
                   getDstNzMatrixStrideAttr();
    if (!derived.empty() && !strides)
      d.attachNote() << derived << " were derived from the whole source "
                     << src->type << "; give them to move a part of it";
    return d;
  };

  // Paths (§4, §16): GM -> L1, L1 -> BT for bias, L1 -> FB for fb.
  bool fromL1 = mode == CopyMode::bias || mode == CopyMode::fb;
  Level want = fromL1 ? Level::L1 : Level::GM;
  Level wantDst = mode == CopyMode::bias ? Level::BT
                  : mode == CopyMode::fb ? Level::FB
                                         : Level::L1;
  if (src->level != want || dst->level != wantDst)
    return emitOpError() << stringifyCopyMode(mode) << " moves "
                         << target::stringifyLevel(want) << " -> "
                         << target::stringifyLevel(wantDst) << ", got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level)
                         << " [datacopy_c1]";

  // Only the mode's own parameters.
  bool copyParams = getBlockCountAttr() || getBlockLenAttr() ||
                    getSrcStrideAttr() || getDstStrideAttr();
  bool ndParams = getNdNumAttr() || getNValueAttr() || getDValueAttr() ||
                  getSrcNdMatrixStrideAttr() || getSrcDValueAttr() ||
                  getDstNzC0StrideAttr() || getDstNzNStrideAttr() ||
                  getDstNzMatrixStrideAttr();
  bool isNd = mode == CopyMode::nd2nz || mode == CopyMode::dn2nz;
  if ((isNd && copyParams) || (!isNd && ndParams))
    return emitOpError() << "mode " << stringifyCopyMode(mode)
                         << (isNd ? " takes Nd2NzParams, not DataCopyParams"
                                  : " takes DataCopyParams, not Nd2NzParams")
                         << " [datacopy_c3]";

  BaseAlignment align = getBaseAlignment();
  if (failed(checkAlign(emit, "source", getSrc(), getSrcOffset(), *src,
                        align.src)) ||
      failed(checkAlign(emit, "destination", getDst(), getDstOffset(), *dst,
                        align.dst)))
    return failure();
  // The bias copy's on-the-fly conversion (§16): its row of Products.td's
  // BiasCopyTable.
  const target::ConversionRowInfo *biasRow = nullptr;
  if (mode == CopyMode::bias) {
    std::string sn = getCubeTypeName(st), dn = getCubeTypeName(dt);
    for (const target::ConversionRowInfo &r : target::biasCopyRows())
      if (sn == r.Src && dn == r.Dst)
        biasRow = &r;
  }
  if (const target::ProductInfo *prod = getTargetProduct(*this)) {
    Type et = src->type.getElementType();
    if (mode == CopyMode::nd2nz && !prod->HasND2NZ)
      return emitOpError() << prod->Name
                           << " has no DataCopy ND2NZ [datacopy_c6]";
    if (mode == CopyMode::dn2nz && !prod->HasDN2NZ)
      return emitOpError() << prod->Name
                           << " has no DataCopy DN2NZ (950 only) "
                              "[datacopy_c6]";
    if ((mode == CopyMode::nd2nz || mode == CopyMode::dn2nz) &&
        !hasTypeRow(target::nd2nzTypes(), prod, et))
      return emitOpError() << stringifyCopyMode(mode) << " of " << et
                           << " is not available on " << prod->Name
                           << " [datacopy_c6]";
    if (biasRow && !prod->in(biasRow->Products))
      return emitOpError() << getCubeTypeName(et) << " bias copies exist on "
                           << target::productFamilies(biasRow->Products)
                           << " only, not on " << prod->Name
                           << " [datacopy_c6]";
  }

  if (mode == CopyMode::bias) {
    if (!biasRow)
      return emitOpError() << "bias copy converts f16/bf16/f32 -> f32 or "
                              "i32 -> i32, got "
                           << st << " -> " << dt << " [datacopy_c2]";
    return checkExtents(*this, emitExtent, *src, *dst, "datacopy_c4");
  }

  if (st != dt)
    return emitOpError() << "source and destination element types differ ("
                         << st << " vs " << dt << ") [datacopy_c2]";
  if (src->bits == 32 && !st.isF32() && !st.isInteger(32))
    return emitOpError() << "element type " << st
                         << " is not a DataCopy type [datacopy_c2]";

  if (mode == CopyMode::copy || mode == CopyMode::fb) {
    // Without DataCopyParams the whole source lands byte for byte in the
    // destination (a plain DataCopy never changes layout, §4): every logical
    // destination element it writes must receive the same logical element
    // of the source (so a tile and a longer buffer of its layout agree).
    // Buffers of different ranks are a reshape of the same bytes (a flat GM
    // vector into a matrix or a feature map), taken as meant. A source
    // longer than the destination is datacopy_c4's. Elements past
    // kMaxTileElements are not compared: the destination (L1, FB) would
    // exceed every product's level, which capacity_c1 refuses (or, without
    // a target, the CPU lowering).
    const layout::FractalLayout &sl = src->layout, &dl = dst->layout;
    bool agree = true;
    if (!copyParams && sl.shape().size() == dl.shape().size()) {
      int64_t n =
          std::min({sl.numElements(), dl.numElements(), kMaxTileElements});
      for (int64_t i = 0; i < n && agree; ++i) {
        std::optional<SmallVector<int64_t, 4>> di = dl.logicalIndex(i);
        agree = !di || sl.logicalIndex(i) == di;
      }
    }
    if (copyParams && (src->view || dst->view)) {
      // Blocks of 32 B (blockLen), blockLen + gap apart: each in one row of
      // a GM matrix view.
      FailureOr<CopyParams> p = getCopyParams(*this, emitExtent);
      if (failed(p))
        return failure();
      int64_t perUnit = p->unitBytes * 8 / src->bits;
      auto runs = [&](int64_t gap, StringRef field) {
        return ViewRuns{1,
                        0,
                        "",
                        p->blockCount,
                        (p->blockLen + gap) * perUnit,
                        field,
                        p->blockLen * perUnit,
                        "blockLen x 32 B"};
      };
      if (failed(checkViewRuns(emitExtent, "source", getSrcOffset(), *src,
                               runs(p->srcStride, "(blockLen + srcStride)"
                                                  " x 32 B"))) ||
          failed(checkViewRuns(emitExtent, "destination", getDstOffset(), *dst,
                               runs(p->dstStride, "(blockLen + dstStride)"
                                                  " x 32 B"))))
        return failure();
    }
    if (!agree)
      return emitOpError() << "a plain copy without DataCopyParams moves the "
                              "source byte for byte and never changes layout, "
                              "but "
                           << src->type << " and " << dst->type
                           << " place elements differently; give both the "
                              "same layout (ND2NZ/DN2NZ change layout) "
                              "[datacopy_c7]";
    return checkExtents(*this, emitExtent, *src, *dst, "datacopy_c4");
  }

  // nd2nz / dn2nz.
  Format wantSrc = mode == CopyMode::nd2nz ? Format::ND : Format::DN;
  if (src->format() != wantSrc ||
      (dst->format() != Format::Nz && dst->format() != Format::NC1HWC0))
    return emitOpError() << stringifyCopyMode(mode) << " reads "
                         << layout::stringifyFormat(wantSrc)
                         << " and writes Nz (or an NC1HWC0 feature map), got "
                         << layout::stringifyFormat(src->format()) << " -> "
                         << layout::stringifyFormat(dst->format())
                         << " [datacopy_c3]";
  int64_t c0 = c0Of(dst->bits);
  // An NC1HWC0 map's C0 is checked with its layout (layout_c1).
  if (dst->format() == Format::Nz && dst->layout.fractal().cols != c0)
    return emitOpError() << stringifyCopyMode(mode)
                         << " writes Nz fractals of C0 = " << c0
                         << " columns, but the destination's fractal is "
                         << dst->layout.fractal().rows << "x"
                         << dst->layout.fractal().cols << " [datacopy_c3]";
  if (src->bits == 4 && mode == CopyMode::dn2nz)
    return emitOpError() << "4-bit DN2NZ is not modelled: a DN byte holds two "
                            "rows of one column, an Nz byte two columns of "
                            "one row [datacopy_c3]";
  if (src->bits == 4 && src->cols() % 2 != 0 && !getDValueAttr())
    return emitOpError() << "4-bit ND2NZ moves bytes: " << src->cols()
                         << " columns are not whole bytes [datacopy_c3]";
  if (src->view) {
    // Each ND row (dValue elements, srcDValue apart) in one row of a GM
    // matrix view.
    FailureOr<Nd2NzParams> p = getNd2NzParams(*this, emitExtent);
    if (failed(p))
      return failure();
    if (!p->isNoOp() &&
        failed(checkViewRuns(emitExtent, "source", getSrcOffset(), *src,
                             ViewRuns{p->ndNum, p->srcNdMatrixStride,
                                      mode == CopyMode::dn2nz
                                          ? "srcDnMatrixStride"
                                          : "srcNdMatrixStride",
                                      p->nValue, p->srcDValue, "srcDValue",
                                      p->dValue, "dValue"})))
      return failure();
  }
  return checkExtents(*this, emitExtent, *src, *dst, "datacopy_c4");
}

FailureOr<AccessExtents> DataCopyOp::getAccessExtents(EmitErrorFn emit) {
  DataCopyOp op = *this;
  CopyMode mode = op.getEffectiveMode();
  auto st = cast<MemRefType>(op.getSrc().getType()).getElementType();
  auto dt = cast<MemRefType>(op.getDst().getType()).getElementType();
  unsigned bits = *getElementBitWidth(st);
  if (usesCopyParams(mode)) {
    FailureOr<CopyParams> p = getCopyParams(op, emit);
    if (failed(p))
      return failure();
    if (p->blockCount == 0)
      return AccessExtents{};
    // Units: 32 B of either side (copy); bytes of destination (bias), whose
    // elements map one to one onto source elements.
    int64_t perUnit = mode == CopyMode::bias
                          ? p->unitBytes / std::max(1u, getStorageBytes(dt))
                          : p->unitBytes * 8 / bits;
    auto span = [&](int64_t gap) {
      return ((p->blockCount - 1) * (p->blockLen + gap) + p->blockLen) *
             perUnit;
    };
    AccessExtents e{span(p->srcStride), span(p->dstStride)};
    auto runs = [&](int64_t gap) {
      return AccessExtents::Runs{p->blockLen * perUnit, p->blockCount,
                                 (p->blockLen + gap) * perUnit};
    };
    if (p->srcStride != 0)
      e.srcRuns = runs(p->srcStride);
    if (p->dstStride != 0)
      e.dstRuns = runs(p->dstStride);
    return e;
  }
  FailureOr<Nd2NzParams> p = getNd2NzParams(op, emit);
  if (failed(p))
    return failure();
  if (p->isNoOp())
    return AccessExtents{}; // a no-op
  // Units: elements, or bytes for 4-bit data (C0 = 32 bytes then).
  int64_t per = bits == 4 ? 2 : 1;
  int64_t cu = bits == 4 ? 32 : c0Of(bits);
  bool nd = mode == CopyMode::nd2nz;
  int64_t cols = nd ? p->dValue : p->nValue;
  int64_t rows = nd ? p->nValue : p->dValue;
  int64_t src = (p->ndNum - 1) * p->srcNdMatrixStride +
                (p->nValue - 1) * p->srcDValue + p->dValue;
  int64_t dst = (p->ndNum - 1) * p->dstNzMatrixStride +
                (llvm::divideCeil(cols, cu) - 1) * p->dstNzC0Stride * cu +
                (rows - 1) * p->dstNzNStride * cu + cu;
  AccessExtents e{src * per, dst * per};
  // GM rows: nValue of dValue elements srcDValue apart, per matrix.
  e.srcRuns =
      AccessExtents::Runs{p->dValue * per, p->nValue, p->srcDValue * per,
                          p->ndNum, p->srcNdMatrixStride * per};
  return e;
}

BaseAlignment DataCopyOp::getBaseAlignment() {
  DataCopyOp op = *this;
  // GM -> L1: destination 32 B; L1 -> BT: source 32 B, destination 64 B.
  if (op.getEffectiveMode() == CopyMode::bias)
    return {32, 64};
  if (op.getEffectiveMode() == CopyMode::fb)
    return {32, 128}; // FB as a copy destination (§1)
  return {1, 32};
}

StringRef DataCopyOp::getBoundsLabel() { return "datacopy_c4"; }

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

bool DataCopyOp::isNoOp() {
  if (usesCopyParams(getEffectiveMode())) {
    auto p =
        quietly(*this, [&](EmitErrorFn e) { return getCopyParams(*this, e); });
    return succeeded(p) && p->blockCount == 0;
  }
  auto p =
      quietly(*this, [&](EmitErrorFn e) { return getNd2NzParams(*this, e); });
  return succeeded(p) && p->isNoOp();
}
