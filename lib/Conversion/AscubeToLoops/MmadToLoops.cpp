//===- MmadToLoops.cpp - Mmad family on the CPU ---------------------------===//
//
// mmad, mmad_sparse and mmad_mx (cube-reference §13-§15) in the documented
// order: each product formed in f32 (or exactly, for integers), accumulated
// one k at a time from C, bias or zero, saturated where the result is
// written. This file holds the three patterns: mmad and mmad_mx are each
// described once as a MatmulSpec (MatmulKernels.h) that emitMatmul emits as
// the kernel the options' MmadKernel picks: float mmad and mmad_mx as
// vector micro-kernels over packed operands (MmadMicroKernels.cpp; bf16
// mmad and mmad_mx fused where a run's operands keep every product exact,
// productsInRange and mxProductsExact), integer mmad as a dot-product form
// over i16 pairs or bytes (MmadIntegerDot.cpp); both give the same bits as
// the plain loops (MatmulKernels.cpp, the pass option `reference`);
// mmad_sparse, whose A element depends on the column, runs as the plain
// loops.
//
//===----------------------------------------------------------------------===//

#include "FloatCasts.h"
#include "MatmulKernels.h"
#include "Patterns.h"
#include "RuntimeABI.h"
#include "Storage.h"
#include "VectorShuffles.h"
#include "ascube/Numerics/Formats.h"
#include "ascube/Numerics/Packing.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/MathExtras.h"

#include <climits>
#include <functional>

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;
using layout::Format;
using target::Level;

namespace {

/// MmadWithSparse (§14): per group of four K elements, the two dense B'
/// values meet the A elements their 2-bit indices select.
///
/// BEFORE:
///   ascube.mmad_sparse %a, %b to %c : ... (int8 A, 4:2 B', int32 C)
/// AFTER (the plain loops always):
///   scf.for %m, %n { scf.for %g (K / 4 groups) iter_args(%acc) {
///     <two index bits from @__ascube_sparse_index select two A elements>
///     <%acc + a_sel0 * b0 + a_sel1 * b1 in i64, saturated to i32> } }
struct MmadSparseLowering : AscubePattern<MmadSparseOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(MmadSparseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<MmadSparseParams> p =
        getMmadSparseParams(op, [&] { return op.emitOpError(); });
    auto base = op->getAttrOfType<IntegerAttr>(kIndexBaseAttr);
    if (failed(p) || !base)
      return failure();
    if (p->isNoOp()) {
      rewriter.eraseOp(op);
      return success();
    }
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value ib = sparseIndexBuffer(b, op);
    if (!ib)
      return failure();
    IndexMath im = indexMath(b);
    Value A = flatten(b, adaptor.getA()), B = flatten(b, adaptor.getB()),
          C = flatten(b, adaptor.getC());
    auto i64 = b.getI64Type();
    // The grids m, k, n address (mmadsparse_c3): A Zz 16x32, B' Zn 32x16
    // over k/2 dense rows with its SparseIndex bytes, C Nz 16x16.
    int64_t k1 = llvm::divideCeil(p->k, 32), n1 = llvm::divideCeil(p->n, 16);
    int64_t m1 = llvm::divideCeil(p->m, 16);
    int64_t kd32 = llvm::alignTo(p->k / 2, 32);
    auto wide = [&](Value v) { return arith::ExtSIOp::create(b, i64, v); };
    im.forRange(p->m, [&](Value i) {
      im.forRange(p->n, [&](Value j) {
        Value cIdx = layout::matrixOffset(im, Format::Nz, {16, 16}, m1 * 16,
                                          n1 * 16, i, j);
        Value init = p->cmatrixInitVal
                         ? Value(arith::ConstantIntOp::create(b, i64, 0))
                         : wide(memref::LoadOp::create(b, C, cIdx));
        Value sum = im.reduceRange(p->k / 4, init, [&](Value grp, Value acc) {
          for (int64_t s = 0; s < 2; ++s) {
            // Dense row r of B' (Zn, 32x16 fractals) and its index (8x16
            // bytes a fractal, four 2-bit indices a byte, first in 1:0).
            Value r = im.add(im.mul(grp, 2), s);
            Value bIdx = layout::matrixOffset(im, Format::Zn, {32, 16}, kd32,
                                              n1 * 16, r, j);
            Value byteIdx =
                im.add(layout::matrixOffset(im, Format::SparseIndex, {8, 16},
                                            kd32 / 4, n1 * 16, im.div(r, 4), j),
                       base.getInt());
            Value byte = memref::LoadOp::create(b, ib, byteIdx);
            Value shift = arith::IndexCastOp::create(b, b.getI8Type(),
                                                     im.mul(im.rem(r, 4), 2));
            Value sel = arith::AndIOp::create(
                b, arith::ShRUIOp::create(b, byte, shift),
                arith::ConstantIntOp::create(b, b.getI8Type(), 3));
            if (op->hasAttr(kCheckIndexAttr))
              cf::AssertOp::create(
                  b,
                  arith::CmpIOp::create(
                      b, arith::CmpIPredicate::ne, sel,
                      arith::ConstantIntOp::create(b, b.getI8Type(), 3)),
                  "ascube.mmad_sparse: 4:2 index value 3 (valid: 0, 1, 2) "
                  "[sparse_c3]");
            // Position in the group: idx0, or 1 + idx1; kept inside it.
            Value pos = im.add(
                arith::IndexCastUIOp::create(b, b.getIndexType(), sel), s);
            pos = arith::MinUIOp::create(b, pos, im.c(3));
            Value kk = im.add(im.mul(grp, 4), pos);
            Value aIdx = layout::matrixOffset(im, Format::Zz, {16, 32}, m1 * 16,
                                              k1 * 32, i, kk);
            // One statement per load: their order in the IR is fixed.
            Value av = wide(memref::LoadOp::create(b, A, aIdx));
            Value bv = wide(memref::LoadOp::create(b, B, bIdx));
            Value prod = arith::MulIOp::create(b, av, bv);
            acc = arith::AddIOp::create(b, acc, prod);
          }
          return acc;
        });
        // Exact sum, saturated once to int32 (§13.3).
        Value res = arith::MaxSIOp::create(
            b, sum, arith::ConstantIntOp::create(b, i64, INT32_MIN));
        res = arith::MinSIOp::create(
            b, res, arith::ConstantIntOp::create(b, i64, INT32_MAX));
        storeElement(b, arith::TruncIOp::create(b, b.getI32Type(), res), C,
                     cIdx);
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The largest |value| of an integer element type.
int64_t maxMagnitude(Type t) {
  unsigned w = t.getIntOrFloatBitWidth();
  return t.isUnsignedInteger() ? (int64_t(1) << w) - 1 : int64_t(1) << (w - 1);
}

/// C written in place (MatmulSpec::direct): f32 C by the micro-kernels, s32
/// C by the integer dot-product form, in Nz with `cm1` fractal rows, from zero,
/// the bias table or C.
template <typename Params>
MatmulSpec::DirectC directC(Value c, int64_t cm1, const Params &p, Value bias) {
  using Init = MatmulSpec::DirectC::Init;
  MatmulSpec::DirectC d;
  d.c = c, d.cm1 = cm1, d.bias = bias;
  d.init = p.cmatrixInitVal  ? Init::Zero
           : p.cmatrixSource ? Init::Bias
                             : Init::C;
  return d;
}

/// MmadMx (§15): each operand scaled by 2^(e8m0 - 127) per 32 K elements.
///
/// BEFORE:
///   ascube.mmad_mx %a, %sa, %b, %sb to %c : ... (fp4 / fp8 with e8m0
///                                                scales, f32 C)
/// AFTER: the MatmulSpec of MmadLowering with scaled operand loads: the
///   vector micro-kernels, or with `reference` the plain loops
///   (MatmulKernels.cpp).
struct MmadMxLowering : AscubePattern<MmadMxOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(MmadMxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<MmadMxParams> p =
        getMmadMxParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    if (p->isNoOp()) {
      rewriter.eraseOp(op);
      return success();
    }
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im = indexMath(b);
    auto module = op->getParentOfType<ModuleOp>();
    Value A = flatten(b, adaptor.getA()), SA = flatten(b, adaptor.getScaleA());
    Value B = flatten(b, adaptor.getB()), SB = flatten(b, adaptor.getScaleB());
    Value C = flatten(b, adaptor.getC());
    Value bias = adaptor.getBias() ? flatten(b, adaptor.getBias()) : Value();
    Type at = elemOf(op.getA()), bt = elemOf(op.getB());
    Type st = elemOf(op.getScaleA());
    int64_t c0 = layout::c0ForBits(*getElementBitWidth(at));
    int64_t m1 = llvm::divideCeil(p->m, 16), n1 = llvm::divideCeil(p->n, 16);
    int64_t k2 = p->k / 64; // 2-scale fractal columns along K
    auto cIdx = [&](Value i, Value j) {
      return layout::matrixOffset(im, Format::Nz, {16, 16}, m1 * 16, n1 * 16, i,
                                  j);
    };
    MatmulSpec s;
    s.m = p->m, s.n = p->n, s.k = p->k;
    // The grids of mmadmx_c3: A Nz 16 x C0, B Zn C0 x 16, scaleA ScaleA
    // (Zz 16 x 2), scaleB ScaleB (Nn 2 x 16) over k/32 scales; each
    // operand times its scale in f32.
    s.a = [&](Value i, Value kk) {
      Value aIdx =
          layout::matrixOffset(im, Format::Nz, {16, c0}, m1 * 16, p->k, i, kk);
      Value saIdx = layout::matrixOffset(im, Format::ScaleA, {16, 2}, m1 * 16,
                                         2 * k2, i, im.div(kk, 32));
      return arith::MulFOp::create(b, loadWide(im, module, A, aIdx, at),
                                   loadWide(im, module, SA, saIdx, st));
    };
    s.b = [&](Value kk, Value j) {
      Value bIdx =
          layout::matrixOffset(im, Format::Zn, {c0, 16}, p->k, n1 * 16, kk, j);
      Value sbIdx = layout::matrixOffset(im, Format::ScaleB, {2, 16}, 2 * k2,
                                         n1 * 16, im.div(kk, 32), j);
      return arith::MulFOp::create(b, loadWide(im, module, B, bIdx, bt),
                                   loadWide(im, module, SB, sbIdx, st));
    };
    s.init = [&](Value i, Value j) -> Value {
      if (p->cmatrixInitVal)
        return arith::ConstantOp::create(b, b.getF32FloatAttr(0));
      if (p->cmatrixSource)
        return memref::LoadOp::create(b, bias, j);
      return memref::LoadOp::create(b, C, cIdx(i, j));
    };
    bool sat = getFloatOverflow(op) == FloatOverflow::saturation;
    s.finish = [&](Value i, Value j, Value r) {
      // §13.3; reachable only without a target (950 has no saturation).
      if (sat)
        r = saturateF32(b, r, maxFinite(b.getF32Type()));
      storeElement(b, r, C, cIdx(i, j));
    };
    if (!sat)
      s.direct = directC(C, m1, *p, bias);
    // Scaled products may round (or fall into f32's subnormals), so they
    // are multiplied and added apart, unless this run's scales keep every
    // one exact (mxProductsExact): then fused, the same bits faster.
    std::optional<std::pair<int, int>> ra = mxMagnitudes(at),
                                       rb = mxMagnitudes(bt);
    int64_t groups = p->k / 32;
    if (ra && rb)
      s.exactWhen = [&](Value, int64_t, Value, int64_t) {
        return mxProductsExact(
            im, *ra, *rb, p->m * groups,
            [&](Value iv) -> Value {
              return memref::LoadOp::create(
                  b, SA,
                  layout::matrixOffset(im, Format::ScaleA, {16, 2}, m1 * 16,
                                       2 * k2, im.div(iv, groups),
                                       im.rem(iv, groups)));
            },
            groups * p->n,
            [&](Value iv) -> Value {
              return memref::LoadOp::create(
                  b, SB,
                  layout::matrixOffset(im, Format::ScaleB, {2, 16}, 2 * k2,
                                       n1 * 16, im.div(iv, p->n),
                                       im.rem(iv, p->n)));
            });
      };
    emitMatmul(im, s, options.mmad);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Mmad (§13): described once as a MatmulSpec and emitted as the vector
/// micro-kernels (floats), the dot-product form (8-bit and 4-bit integers)
/// or, with `reference`, the plain loops of the documented order
/// (MatmulKernels.cpp; test/Conversion/AscubeToLoops/mmad.mlir,
/// mmad-kernels.mlir).
///
/// BEFORE:
///   ascube.mmad %a, %b to %c
///       : memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
///         memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
///         to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
/// AFTER (`reference`):
///   scf.for %m = %c0 to %c16 step %c1 {
///     scf.for %n = %c0 to %c16 step %c1 {
///       %s = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %zero) {
///         %x = arith.extf (bitcast (memref.load %a[<Zz of m, k>]))
///         %y = arith.extf (bitcast (memref.load %b[<Zn of k, n>]))
///         scf.yield (arith.addf %acc, (arith.mulf %x, %y))
///       }
///       memref.store %s, %c[<Nz of m, n>]
///     }
///   }
struct MmadLowering : AscubePattern<MmadOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(MmadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im = indexMath(b);
    FailureOr<MmadParams> p =
        getMmadParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    if (p->isNoOp()) { // a no-op (§13.1)
      rewriter.eraseOp(op);
      return success();
    }
    auto module = op->getParentOfType<ModuleOp>();
    Value A = flatten(b, adaptor.getA()), B = flatten(b, adaptor.getB()),
          C = flatten(b, adaptor.getC());
    Value bias = adaptor.getBias() ? flatten(b, adaptor.getBias()) : Value();
    Type at = elemOf(op.getA()), bt = elemOf(op.getB()), ct = elemOf(op.getC());
    bool isFloat = isa<FloatType>(ct);
    Type wide = isFloat ? Type(b.getF32Type()) : Type(b.getI64Type());
    int64_t c0 = p->kBlock;
    int64_t kAlign = p->kDirectionAlign ? 16 : c0;
    int64_t m1 = llvm::divideCeil(p->m, 16);
    int64_t k1 = llvm::divideCeil(p->k, kAlign) * (kAlign / c0);
    int64_t n1 = llvm::divideCeil(p->n, 16);
    int64_t cm1 = p->gemv ? 1 : m1;
    bool sat = getFloatOverflow(op) == FloatOverflow::saturation;
    std::optional<HF32Mode> hf32 = op.getHf32();
    auto round = [&](Value v) { // HF32 (§13.3)
      if (!hf32)
        return v;
      return ascube::detail::buildRoundF32Mantissa(
          b, v, getTargetProduct(op)->HF32Mantissa,
          *hf32 == HF32Mode::nearest_away);
    };
    auto cIdx = [&](Value i, Value j) {
      return layout::matrixOffset(im, Format::Nz, {16, 16}, cm1 * 16, n1 * 16,
                                  i, j);
    };

    MatmulSpec s;
    s.m = p->m, s.n = p->n, s.k = p->k, s.isFloat = isFloat;
    s.aType = at, s.bType = bt;
    s.i16Pairs =
        !isFloat && at.getIntOrFloatBitWidth() <= 8 &&
        bt.getIntOrFloatBitWidth() <= 8 &&
        maxMagnitude(at) * maxMagnitude(bt) * p->k <= int64_t(INT32_MAX);
    // f16 x f16 needs 22 significant bits and stays above 2^-48, far from
    // f32's subnormals; the 8-bit and 4-bit floats need fewer. bf16, f32
    // and HF32 products can round or fall into f32's subnormals.
    auto narrowFloat = [](Type t) {
      return t.isF16() || smallFloatOf(t).has_value();
    };
    s.exactProducts = isFloat && !hf32 && narrowFloat(at) && narrowFloat(bt);
    // bf16 products have 16 significant bits: exact while they stay in
    // f32's normal range (productsInRange).
    if (isFloat && !hf32 && at.isBF16() && bt.isBF16())
      s.exactWhen = [&](Value pa, int64_t countA, Value pb, int64_t countB) {
        return productsInRange(b, pa, countA, pb, countB);
      };
    auto aIndex = [&](Value i, Value kk) -> Value {
      if (p->gemv) // A is k contiguous elements (§13.3)
        return kk;
      // Zz with K1 fractals per row line, or Nz on 950
      return layout::matrixOffset(im, p->aNz ? Format::Nz : Format::Zz,
                                  {16, c0}, m1 * 16, k1 * c0, i, kk);
    };
    auto bIndex = [&](Value kk, Value j) { // Zn: N1 fractals per K line
      return layout::matrixOffset(im, Format::Zn, {c0, 16}, k1 * c0, n1 * 16,
                                  kk, j);
    };
    s.a = [&](Value i, Value kk) {
      return round(loadWide(im, module, A, aIndex(i, kk), at));
    };
    s.b = [&](Value kk, Value j) {
      return round(loadWide(im, module, B, bIndex(kk, j), bt));
    };
    s.init = [&](Value i, Value j) -> Value {
      if (p->cmatrixInitVal)
        return arith::ConstantOp::create(b, b.getZeroAttr(wide));
      if (p->cmatrixSource)
        return loadWide(im, module, bias, j, elemOf(op.getBias()));
      return loadWide(im, module, C, cIdx(i, j), ct);
    };
    s.finish = [&](Value i, Value j, Value r) {
      Storage cs = getStorage(ct);
      if (isFloat) {
        if (sat) // inf -> +-MAX of C, NaN -> 0 as C is written (§13.3)
          r = saturateF32(b, r, maxFinite(ct));
        r = narrowF32(b, r, ct); // f16 C: rounded once, stored as bits
      } else {
        // Integer accumulation saturates to the C type (§13.3).
        bool u = ct.isUnsignedInteger();
        int64_t lo = u ? 0 : INT32_MIN;
        int64_t hi = u ? int64_t(UINT32_MAX) : INT32_MAX;
        r = arith::MaxSIOp::create(
            b, r, arith::ConstantIntOp::create(b, b.getI64Type(), lo));
        r = arith::MinSIOp::create(
            b, r, arith::ConstantIntOp::create(b, b.getI64Type(), hi));
        r = arith::TruncIOp::create(b, cs.type, r);
      }
      storeElement(b, r, C, cIdx(i, j));
    };
    // Runs of c0 k elements: Zz / Nz rows of A (k contiguous inside a
    // fractal, or all of A for GEMV), Zn columns of B.
    auto runs = [&](Value buf, Type t, std::function<Value(Value, Value)> index)
        -> std::optional<MatmulSpec::Lines> {
      bool plain = t.isF16() || t.isBF16() || t.isF32() ||
                   (t.isInteger() && t.getIntOrFloatBitWidth() == 8);
      auto flat = cast<MemRefType>(buf.getType());
      if (hf32 || !plain || flat.getElementType() != getStorage(t).type)
        return std::nullopt;
      return MatmulSpec::Lines{buf, t, c0, std::move(index)};
    };
    s.aLines = runs(A, at, [&](Value i, Value kk) { return aIndex(i, kk); });
    s.bLines = runs(B, bt, [&](Value j, Value kk) { return bIndex(kk, j); });
    // f32 C not saturated, or s32 C summed in i32 (saturated per vector),
    // with an f32 / s32 bias: written in place.
    bool s32 = !ct.isUnsignedInteger() && s.i16Pairs &&
               ct.getIntOrFloatBitWidth() == 32;
    Type biasType = bias ? elemOf(op.getBias()) : ct;
    if (((isFloat && ct.isF32() && !sat) || s32) && biasType == ct &&
        cast<MemRefType>(C.getType()).getElementType() == getStorage(ct).type)
      s.direct = directC(C, cm1, *p, bias);
    emitMatmul(im, s, options.mmad);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void ascube::lowering::populateMmadToLoopsPatterns(
    TypeConverter &types, RewritePatternSet &patterns,
    const AscubeToLoopsOptions &options) {
  patterns.add<MmadSparseLowering, MmadMxLowering, MmadLowering>(
      types, patterns.getContext(), options);
}
