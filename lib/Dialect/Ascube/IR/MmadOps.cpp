//===- MmadOps.cpp - Mmad family ------------------------------------------===//
//
// The Mmad family (cube-reference §13-§15): mmad, mmad_sparse and
// mmad_mx — parameters, dtype rows of the product table and verifiers.
// ODS: AscubeMmadOps.td.
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
// MmadOp
//===----------------------------------------------------------------------===//

namespace {
/// The base address of one Mmad operand at the alignment the instruction
/// needs of it (InstructionOpInterface::getRequiredAlignment; alignment_c2).
LogicalResult checkOperandAlign(EmitErrorFn emit, StringRef role,
                                OpOperand &use, const Buffer &b) {
  return checkAlign(emit, role, use.get(), Value(), b,
                    getRequiredBaseAlignment(use));
}

/// Mmad dtype rows of cube-reference §13.2 (MmadTable), all products
/// together (per-product gating is the target verification's).
bool isMmadTypeRow(Type a, Type b, Type c) {
  std::string an = getCubeTypeName(a), bn = getCubeTypeName(b),
              cn = getCubeTypeName(c);
  return llvm::any_of(target::mmadRows(), [&](const auto &r) {
    return an == r.A && bn == r.B && cn == r.C;
  });
}
} // namespace

FailureOr<MmadParams> ascube::getMmadParams(MmadOp op, EmitErrorFn emit) {
  FailureOr<Buffer> a = resolve(op.getA(), "A", emit);
  FailureOr<Buffer> b = resolve(op.getB(), "B", emit);
  if (failed(a) || failed(b))
    return failure();
  MmadParams p;
  p.m = attrOr(op.getMAttr(), a->layout.shape().size() == 2 ? a->rows() : 0);
  p.k = attrOr(op.getKAttr(), a->layout.shape().size() == 2 ? a->cols() : 0);
  p.n = attrOr(op.getNAttr(), b->layout.shape().size() == 2 ? b->cols() : 0);
  bool hasBias = static_cast<bool>(op.getBias());
  p.cmatrixSource = attrOr(op.getCmatrixSourceAttr(), hasBias);
  p.cmatrixInitVal = attrOr(op.getCmatrixInitValAttr(), !hasBias);
  p.unitFlag = attrOr(op.getUnitFlagAttr(), 0);
  p.kDirectionAlign = attrOr(op.getKDirectionAlignAttr(), false);
  p.disableGemv = attrOr(op.getDisableGemvAttr(), false);
  p.gemv = p.m == 1 && !p.disableGemv;
  const target::ProductInfo *prod = getTargetProduct(op);
  p.aNz = prod ? prod->L0ALayout == Format::Nz : a->format() == Format::Nz;
  p.kBlock = c0Of(a->bits);
  if (failed(inRange(emit, "m", p.m, 0, limits::kMmadDimMax, "mmad_c4")) ||
      failed(inRange(emit, "k", p.k, 0, limits::kMmadDimMax, "mmad_c4")) ||
      failed(inRange(emit, "n", p.n, 0, limits::kMmadDimMax, "mmad_c4")))
    return failure();
  return p;
}

LogicalResult MmadOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  FailureOr<Buffer> a, b, c;
  if (failed(resolveMatmul(*this, getA(), getB(), getC(), "B", "mmad_c1", a, b,
                           c)))
    return failure();
  Type at = a->type.getElementType(), bt = b->type.getElementType(),
       ct = c->type.getElementType();
  if (!isMmadTypeRow(at, bt, ct))
    return emitOpError() << at << " x " << bt << " -> " << ct
                         << " is not an Mmad dtype combination [mmad_c2]";
  if (Value bias = getBias()) {
    FailureOr<Buffer> bs = resolve(bias, "bias", emit);
    if (failed(bs))
      return failure();
    if (bs->level != Level::BT && bs->level != Level::L0C)
      return emitOpError() << "bias lives in BT or L0C, got "
                           << target::stringifyLevel(bs->level) << " [mmad_c3]";
    if (bs->type.getElementType() != ct || a->bits == 4)
      return emitOpError() << "bias of " << bs->type.getElementType()
                           << " with " << at << " x " << bt << " -> " << ct
                           << " is not an Mmad bias combination (bias has the "
                              "C type; int4 has none) [mmad_c3]";
  }
  FailureOr<MmadParams> p = getMmadParams(*this, emit);
  if (failed(p))
    return failure();
  if (p->unitFlag != 0 && p->unitFlag != 2 && p->unitFlag != 3)
    return emitOpError() << "unitFlag = " << p->unitFlag
                         << " must be 0, 2 or 3 [mmad_c5]";
  if (p->cmatrixSource && !getBias())
    return emitOpError() << "cmatrixSource = true reads a bias: give the bias "
                            "operand [mmad_c6]";
  if (getBias() && p->cmatrixInitVal)
    return emitOpError() << "a bias initializes C: cmatrixInitVal must be "
                            "false with a bias [mmad_c6]";
  if (getBias() && !p->cmatrixSource)
    return emitOpError() << "a bias needs cmatrixSource = true [mmad_c6]";
  if (p->kDirectionAlign && !at.isF32())
    return emitOpError() << "kDirectionAlign applies to f32 only, got " << at
                         << " [mmad_c9]";
  if (a->bits == 4 && p->k % 2 != 0)
    return emitOpError() << "int4 Mmad needs an even k, got k = " << p->k
                         << " [mmad_c10]";
  if (getHf32()) {
    if (!at.isF32() || !bt.isF32())
      return emitOpError() << "hf32 rounds f32 operands, but A x B is " << at
                           << " x " << bt << " [mmad_c13]";
    if (!getTargetProduct(*this))
      return emitOpError() << "hf32 needs the module's target product: the "
                              "HF32 mantissa is 10 bits on 950, 11 on "
                              "A2/A3/310B [mmad_c13]";
  }
  // Alignment (§4, §13.1): A and B 512 B; C 1024 B (512 B for f16 C);
  // a bias 64 B (BT; L0C's own alignment in L0C).
  if (Value bias = getBias()) {
    FailureOr<Buffer> bs = resolve(bias, "bias", emit);
    if (failed(bs) ||
        failed(checkOperandAlign(emit, "bias", getBiasMutable()[0], *bs)))
      return failure();
  }
  if (failed(checkOperandAlign(emit, "A", getAMutable(), *a)) ||
      failed(checkOperandAlign(emit, "B", getBMutable(), *b)) ||
      failed(checkOperandAlign(emit, "C", getCMutable(), *c)))
    return failure();
  if (const target::ProductInfo *prod = getTargetProduct(*this)) {
    std::string an = getCubeTypeName(at), bn = getCubeTypeName(bt),
                cn = getCubeTypeName(ct);
    std::string biasName =
        getBias() ? getCubeTypeName(
                        cast<MemRefType>(getBias().getType()).getElementType())
                  : "";
    if (!prod->hasMmadRow(an, bn, cn, biasName))
      return emitOpError() << at << " x " << bt << " -> " << ct
                           << (getBias() ? " with a " + biasName + " bias"
                                         : std::string())
                           << " is not an Mmad row on " << prod->Name
                           << " [mmad_c11]";
    if (p->cmatrixSource && !prod->HasCmatrixSource)
      return emitOpError() << prod->Name
                           << " has no cmatrixSource (bias) [mmad_c12]";
    if (p->kDirectionAlign && !prod->HasKDirectionAlign)
      return emitOpError() << "kDirectionAlign = true is not available on "
                           << prod->Name << " [mmad_c12]";
    if (getDisableGemvAttr() && p->disableGemv && !prod->HasDisableGemv)
      return emitOpError() << "disableGemv exists on 950 only, not on "
                           << prod->Name << " [mmad_c12]";
  }
  if (p->isNoOp())
    return success(); // a no-op

  // The instruction's fractal grids (§2, §13) against the buffers.
  int64_t c0 = p->kBlock;
  int64_t kAlign = p->kDirectionAlign ? 16 : c0;
  int64_t kPad = llvm::alignTo(p->k, kAlign);
  int64_t m16 = llvm::alignTo(p->m, 16), n16 = llvm::alignTo(p->n, 16);
  if (!p->gemv) {
    Format want = p->aNz ? Format::Nz : Format::Zz;
    if (a->format() != want ||
        a->layout.fractal() != layout::FractalShape{16, c0})
      return emitOpError() << "A must be " << layout::stringifyFormat(want)
                           << " with 16x" << c0 << " fractals here, got "
                           << a->type << " [mmad_c8]";
    bool gridOk = p->aNz ? a->paddedRows() == m16 && a->paddedCols() >= kPad
                         : a->paddedCols() == kPad && a->paddedRows() >= m16;
    if (!gridOk)
      return emitOpError() << "A buffer " << a->type << " is padded to "
                           << a->paddedRows() << "x" << a->paddedCols()
                           << " but m = " << p->m << ", k = " << p->k
                           << " address a " << m16 << "x" << kPad
                           << " fractal grid [mmad_c8]";
  } else if (p->k > a->layout.numElements()) {
    return emitOpError() << "GEMV reads k = " << p->k
                         << " contiguous A elements but A holds "
                         << a->layout.numElements() << " [mmad_c7]";
  } else if (a->layout.shape().size() == 2 && a->cols() >= p->k) {
    // GEMV reads A(0, kk) at element kk: A's row 0 must be contiguous.
    for (int64_t kk = 0; kk < p->k; ++kk)
      if (a->layout.offset({0, kk}) != kk)
        return emitOpError()
               << "GEMV (m = 1) reads A as k = " << p->k
               << " contiguous elements, but " << a->type << " stores A(0, "
               << kk << ") at element " << a->layout.offset({0, kk})
               << "; give A an ND layout (or disableGemv on 950) "
                  "[mmad_c8]";
  }
  if (b->format() != Format::Zn ||
      b->layout.fractal() != layout::FractalShape{c0, 16})
    return emitOpError() << "B must be Zn with " << c0 << "x16 fractals, got "
                         << b->type << " [mmad_c8]";
  if (b->paddedCols() != n16 || b->paddedRows() < kPad)
    return emitOpError() << "B buffer " << b->type << " is padded to "
                         << b->paddedRows() << "x" << b->paddedCols()
                         << " but k = " << p->k << ", n = " << p->n
                         << " address a " << kPad << "x" << n16
                         << " fractal grid [mmad_c8]";
  int64_t cm16 = p->gemv ? 16 : m16;
  if (c->format() != Format::Nz ||
      c->layout.fractal() != layout::FractalShape{16, 16})
    return emitOpError() << "C must be Nz with 16x16 fractals, got " << c->type
                         << " [mmad_c8]";
  if (c->paddedRows() != cm16 || c->paddedCols() < n16)
    return emitOpError() << "C buffer " << c->type << " is padded to "
                         << c->paddedRows() << "x" << c->paddedCols()
                         << " but m = " << p->m << ", n = " << p->n
                         << " address a " << cm16 << "x" << n16
                         << " fractal grid [mmad_c8]";
  if (Value bias = getBias()) {
    auto bt = cast<MemRefType>(bias.getType());
    if (bt.getNumElements() < p->n)
      return emitOpError() << "bias holds " << bt.getNumElements()
                           << " elements but n = " << p->n << " [mmad_c7]";
  }
  // Padding is never data (padding_c1): A is m x k (GEMV: row 0, k
  // elements), B k x n, C m x n.
  return checkMatrixReach(emit, p->m, p->k, p->n,
                          {{"A", &*a, p->gemv ? 1 : p->m, p->k, "m x k"},
                           {"B", &*b, p->k, p->n, "k x n"},
                           {"C", &*c, p->m, p->n, "m x n"}});
}

FailureOr<MmadSparseParams> ascube::getMmadSparseParams(MmadSparseOp op,
                                                        EmitErrorFn emit) {
  FailureOr<Buffer> a = resolve(op.getA(), "A", emit);
  FailureOr<Buffer> b = resolve(op.getB(), "B", emit);
  if (failed(a) || failed(b))
    return failure();
  MmadSparseParams p;
  bool twoD = a->type.getRank() == 2 && b->type.getRank() == 2;
  p.m = attrOr(op.getMAttr(), twoD ? a->rows() : 0);
  p.k = attrOr(op.getKAttr(), twoD ? a->cols() : 0);
  p.n = attrOr(op.getNAttr(), twoD ? b->cols() : 0);
  p.cmatrixInitVal = attrOr(op.getCmatrixInitValAttr(), true);
  p.unitFlag = attrOr(op.getUnitFlagAttr(), 0);
  StringRef l = "mmadsparse_c2";
  if (failed(inRange(emit, "m", p.m, 0, limits::kMmadDimMax, l)) ||
      failed(inRange(emit, "k", p.k, 0, limits::kMmadDimMax, l)) ||
      failed(inRange(emit, "n", p.n, 0, limits::kMmadDimMax, l)))
    return failure();
  if (failed(checkUnitFlag(emit, p.unitFlag, l)))
    return failure();
  if (p.k % 4 != 0)
    return emit() << "k = " << p.k
                  << " is not a multiple of 4 (groups of four K elements "
                     "carry two values) ["
                  << l << "]";
  return p;
}

LogicalResult MmadSparseOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  FailureOr<Buffer> a, b, c;
  if (failed(resolveMatmul(*this, getA(), getB(), getC(), "B'", "mmadsparse_c1",
                           a, b, c)))
    return failure();
  if (!a->type.getElementType().isSignlessInteger(8) ||
      !b->type.getElementType().isSignlessInteger(8) ||
      !c->type.getElementType().isSignlessInteger(32))
    return emitOpError() << "MmadWithSparse is s8 x s8 -> s32, got "
                         << a->type.getElementType() << " x "
                         << b->type.getElementType() << " -> "
                         << c->type.getElementType() << " [mmadsparse_c1]";
  if (failed(checkSparseCommon(*this, getB(), "MmadWithSparse")))
    return failure();
  if (failed(checkOperandAlign(emit, "A", getAMutable(), *a)) ||
      failed(checkOperandAlign(emit, "B'", getBMutable(), *b)) ||
      failed(checkOperandAlign(emit, "C", getCMutable(), *c)))
    return failure();
  FailureOr<MmadSparseParams> p = getMmadSparseParams(*this, emit);
  if (failed(p))
    return failure();
  if (p->isNoOp())
    return success();
  if (p->m == 1)
    return emitOpError() << "m = 1: MmadWithSparse has no GEMV mode (§14), "
                            "so A would be read as a fractal row; compute "
                            "m = 16 with A padded to 16 rows and use row 0 "
                            "[mmadsparse_c4]";
  int64_t m16 = llvm::alignTo(p->m, 16), n16 = llvm::alignTo(p->n, 16);
  int64_t k32 = llvm::alignTo(p->k, 32), kd32 = llvm::alignTo(p->k / 2, 32);
  if (a->format() != Format::Zz ||
      a->layout.fractal() != layout::FractalShape{16, 32} ||
      a->paddedCols() != k32 || a->paddedRows() < m16)
    return emitOpError() << "A must be Zz with 16x32 fractals padded to " << m16
                         << "x" << k32 << " for m = " << p->m
                         << ", k = " << p->k << ", got " << a->type
                         << " [mmadsparse_c3]";
  if (b->format() != Format::Zn ||
      b->layout.fractal() != layout::FractalShape{32, 16} ||
      b->paddedCols() != n16 || b->paddedRows() < kd32)
    return emitOpError() << "B' must be Zn with 32x16 fractals padded to "
                         << kd32 << "x" << n16
                         << " (k / 2 dense rows) for k = " << p->k
                         << ", n = " << p->n << ", got " << b->type
                         << " [mmadsparse_c3]";
  if (c->format() != Format::Nz ||
      c->layout.fractal() != layout::FractalShape{16, 16} ||
      c->paddedRows() != m16 || c->paddedCols() < n16)
    return emitOpError() << "C must be Nz with 16x16 fractals padded to " << m16
                         << "x" << n16 << ", got " << c->type
                         << " [mmadsparse_c3]";
  // Padding is never data (padding_c1): A m x k, B' k/2 x n, C m x n.
  return checkMatrixReach(emit, p->m, p->k, p->n,
                          {{"A", &*a, p->m, p->k, "m x k"},
                           {"B'", &*b, p->k / 2, p->n, "k/2 x n"},
                           {"C", &*c, p->m, p->n, "m x n"}});
}

FailureOr<MmadMxParams> ascube::getMmadMxParams(MmadMxOp op, EmitErrorFn emit) {
  FailureOr<Buffer> a = resolve(op.getA(), "A", emit);
  FailureOr<Buffer> b = resolve(op.getB(), "B", emit);
  if (failed(a) || failed(b))
    return failure();
  MmadMxParams p;
  bool twoD = a->type.getRank() == 2 && b->type.getRank() == 2;
  p.m = attrOr(op.getMAttr(), twoD ? a->rows() : 0);
  p.k = attrOr(op.getKAttr(), twoD ? a->cols() : 0);
  p.n = attrOr(op.getNAttr(), twoD ? b->cols() : 0);
  bool hasBias = static_cast<bool>(op.getBias());
  p.cmatrixSource = attrOr(op.getCmatrixSourceAttr(), hasBias);
  p.cmatrixInitVal = attrOr(op.getCmatrixInitValAttr(), !hasBias);
  p.unitFlag = attrOr(op.getUnitFlagAttr(), 0);
  StringRef l = "mmadmx_c2";
  if (failed(inRange(emit, "m", p.m, 0, limits::kMmadDimMax, l)) ||
      failed(inRange(emit, "k", p.k, 0, limits::kMmadDimMax, l)) ||
      failed(inRange(emit, "n", p.n, 0, limits::kMmadDimMax, l)))
    return failure();
  if (failed(checkUnitFlag(emit, p.unitFlag, l)))
    return failure();
  if (p.k % 64 != 0)
    return emit() << "k = " << p.k << " is not a multiple of 64 [" << l << "]";
  if (p.cmatrixSource != hasBias || (hasBias && p.cmatrixInitVal))
    return emit() << "a bias needs cmatrixSource = true and cmatrixInitVal = "
                     "false, and cmatrixSource a bias ["
                  << l << "]";
  return p;
}

LogicalResult MmadMxOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  FailureOr<Buffer> a = resolve(getA(), "A", emit);
  FailureOr<Buffer> sa = resolve(getScaleA(), "scaleA", emit);
  FailureOr<Buffer> b = resolve(getB(), "B", emit);
  FailureOr<Buffer> sb = resolve(getScaleB(), "scaleB", emit);
  FailureOr<Buffer> c = resolve(getC(), "C", emit);
  if (failed(a) || failed(sa) || failed(b) || failed(sb) || failed(c) ||
      failed(checkOperandCapacities(*this, emit)))
    return failure();
  if (a->level != Level::L0A || sa->level != Level::L0A_MX ||
      b->level != Level::L0B || sb->level != Level::L0B_MX ||
      c->level != Level::L0C)
    return emitOpError() << "reads A, scaleA, B, scaleB from L0A, L0A_MX, L0B, "
                            "L0B_MX and writes C in L0C, got "
                         << target::stringifyLevel(a->level) << ", "
                         << target::stringifyLevel(sa->level) << ", "
                         << target::stringifyLevel(b->level) << ", "
                         << target::stringifyLevel(sb->level) << ", "
                         << target::stringifyLevel(c->level) << " [mmadmx_c1]";
  Type at = a->type.getElementType(), bt = b->type.getElementType();
  bool typesOk = isMxPair(at, bt) && c->type.getElementType().isF32() &&
                 isa<Float8E8M0FNUType>(sa->type.getElementType()) &&
                 isa<Float8E8M0FNUType>(sb->type.getElementType());
  if (Value bias = getBias()) {
    auto bt = cast<MemRefType>(bias.getType());
    typesOk &= bt.getElementType().isF32();
    if (getMemLevel(bt) != Level::BT)
      return emitOpError() << "the bias lives in BT, got " << bt
                           << " [mmadmx_c1]";
    if (std::optional<int64_t> addr = getStaticBase(bias); addr && *addr % 64)
      return emitOpError() << "bias address " << *addr
                           << " B is not a multiple of 64 B [alignment_c2]";
  }
  if (!typesOk)
    return emitOpError() << "MmadMx takes an e1m2/e2m1 pair or an "
                            "e4m3fn/e5m2 pair with f8E8M0FNU scales into f32 "
                            "(f32 bias), got "
                         << at << " x " << bt << " -> "
                         << c->type.getElementType() << " with "
                         << sa->type.getElementType() << " / "
                         << sb->type.getElementType() << " scales"
                         << (getBias()
                                 ? " and a " +
                                       getCubeTypeName(
                                           cast<MemRefType>(getBias().getType())
                                               .getElementType()) +
                                       " bias"
                                 : std::string())
                         << " [mmadmx_c1]";
  // Availability: only 950 has L0A_MX/L0B_MX (capacity_c2, checked above).
  if (failed(checkOperandAlign(emit, "A", getAMutable(), *a)) ||
      failed(checkOperandAlign(emit, "B", getBMutable(), *b)) ||
      failed(checkOperandAlign(emit, "C", getCMutable(), *c)))
    return failure();
  if (failed(checkScaleAddress(*this, getA(), Value(), getScaleA(), a->bits,
                               "mmadmx_c4")) ||
      failed(checkScaleAddress(*this, getB(), Value(), getScaleB(), b->bits,
                               "mmadmx_c4")))
    return failure();
  FailureOr<MmadMxParams> p = getMmadMxParams(*this, emit);
  if (failed(p))
    return failure();
  if (p->isNoOp())
    return success();
  int64_t c0 = c0Of(a->bits);
  int64_t m16 = llvm::alignTo(p->m, 16), n16 = llvm::alignTo(p->n, 16);
  int64_t kPad = llvm::alignTo(p->k, c0), k2 = p->k / 32;
  auto grid = [&](const Buffer &x, Format f, layout::FractalShape fr,
                  int64_t rows, int64_t cols, StringRef role) -> LogicalResult {
    if (x.format() == f && x.layout.fractal() == fr && x.paddedRows() == rows &&
        x.paddedCols() == cols)
      return success();
    return emitOpError() << role << " must be " << layout::stringifyFormat(f)
                         << " with " << fr.rows << "x" << fr.cols
                         << " fractals padded to " << rows << "x" << cols
                         << " for m = " << p->m << ", k = " << p->k
                         << ", n = " << p->n << ", got " << x.type
                         << " [mmadmx_c3]";
  };
  // A's K and B's K must agree when k is derived from A.
  if (!getKAttr() && a->type.getRank() == 2 && b->type.getRank() == 2 &&
      a->cols() != b->rows())
    return emitOpError() << "k = " << p->k << " is A's K (" << a->type
                         << " has " << a->cols() << " columns) but B's K is "
                         << b->rows() << " (" << b->type
                         << "): give both the same K, or set k [mmadmx_c3]";
  if (failed(grid(*a, Format::Nz, {16, c0}, m16, kPad, "A")) ||
      failed(grid(*b, Format::Zn, {c0, 16}, kPad, n16, "B")) ||
      failed(grid(*sa, Format::ScaleA, {16, 2}, m16, k2, "scaleA")) ||
      failed(grid(*sb, Format::ScaleB, {2, 16}, k2, n16, "scaleB")) ||
      failed(grid(*c, Format::Nz, {16, 16}, m16, n16, "C")))
    return failure();
  if (Value bias = getBias())
    if (cast<MemRefType>(bias.getType()).getNumElements() < p->n)
      return emitOpError() << "bias holds fewer than n = " << p->n
                           << " elements [mmadmx_c3]";
  // Padding is never data (padding_c1): the scale grids are padded to
  // fractals too, so a short scale buffer would lend its padding rows.
  int64_t ks = llvm::divideCeil(p->k, 32);
  return checkMatrixReach(emit, p->m, p->k, p->n,
                          {{"A", &*a, p->m, p->k, "m x k"},
                           {"B", &*b, p->k, p->n, "k x n"},
                           {"scaleA", &*sa, p->m, ks, "m x k/32"},
                           {"scaleB", &*sb, ks, p->n, "k/32 x n"},
                           {"C", &*c, p->m, p->n, "m x n"}});
}

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

namespace {
/// m, k, n of a matrix op's parameters, quietly.
template <typename OpT, typename ParamsFn>
FailureOr<MatmulShape> shapeOf(OpT op, ParamsFn params) {
  auto p = quietly(op, [&](EmitErrorFn e) { return params(op, e); });
  if (failed(p))
    return failure();
  return MatmulShape{p->m, p->k, p->n};
}

bool isEmpty(FailureOr<MatmulShape> s) { return succeeded(s) && s->isNoOp(); }
} // namespace

FailureOr<MatmulShape> MmadOp::getShape() {
  return shapeOf(*this, getMmadParams);
}
bool MmadOp::isNoOp() { return isEmpty(getShape()); }
bool MmadOp::accumulates() {
  auto p =
      quietly(*this, [&](EmitErrorFn e) { return getMmadParams(*this, e); });
  if (failed(p)) // as written: C is read unless cmatrixInitVal or a bias
    return !getCmatrixInitVal().value_or(true) && !getBias();
  return !p->cmatrixInitVal && !p->cmatrixSource;
}
void MmadOp::getInputs(SmallVectorImpl<Value> &inputs) {
  inputs.push_back(getA());
  inputs.push_back(getB());
  if (Value bias = getBias())
    inputs.push_back(bias);
}
/// A and B 512 B, C 1024 B (512 B for an f16 C), the bias 64 B (§13.1).
std::optional<int64_t> MmadOp::getRequiredAlignment(OpOperand &operand) {
  Value v = operand.get();
  if (v == getA() || v == getB())
    return 512;
  if (v == getC())
    return cast<MemRefType>(v.getType()).getElementType().isF16() ? 512 : 1024;
  if (v == getBias())
    return 64;
  return std::nullopt;
}

FailureOr<MatmulShape> MmadSparseOp::getShape() {
  return shapeOf(*this, getMmadSparseParams);
}
bool MmadSparseOp::isNoOp() { return isEmpty(getShape()); }
bool MmadSparseOp::accumulates() {
  auto p = quietly(
      *this, [&](EmitErrorFn e) { return getMmadSparseParams(*this, e); });
  return failed(p) ? !getCmatrixInitVal().value_or(true) : !p->cmatrixInitVal;
}
void MmadSparseOp::getInputs(SmallVectorImpl<Value> &inputs) {
  inputs.push_back(getA());
  inputs.push_back(getB());
}
/// The index buffer it reads sits at B's L0B address / 4 (§14).
Value MmadSparseOp::getSparseIndexAnchor() { return getB(); }
/// A and B' 512 B, C 1024 B (§13.1, §14).
std::optional<int64_t> MmadSparseOp::getRequiredAlignment(OpOperand &operand) {
  return operand.get() == getC() ? 1024 : 512;
}

FailureOr<MatmulShape> MmadMxOp::getShape() {
  return shapeOf(*this, getMmadMxParams);
}
bool MmadMxOp::isNoOp() { return isEmpty(getShape()); }
bool MmadMxOp::accumulates() {
  auto p =
      quietly(*this, [&](EmitErrorFn e) { return getMmadMxParams(*this, e); });
  if (failed(p))
    return !getCmatrixInitVal().value_or(true) && !getBias();
  return !p->cmatrixInitVal && !p->cmatrixSource;
}
void MmadMxOp::getInputs(SmallVectorImpl<Value> &inputs) {
  inputs.append({getA(), getScaleA(), getB(), getScaleB()});
  if (Value bias = getBias())
    inputs.push_back(bias);
}
/// A and B 1024 B for fp8, 512 B for fp4; C 1024 B; the bias 64 B (§15).
std::optional<int64_t> MmadMxOp::getRequiredAlignment(OpOperand &operand) {
  Value v = operand.get();
  if (v == getA() || v == getB())
    return isFp4(cast<MemRefType>(v.getType()).getElementType()) ? 512 : 1024;
  if (v == getC())
    return 1024;
  if (v == getBias())
    return 64;
  return std::nullopt;
}
