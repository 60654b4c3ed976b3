//===- MmadToLoops.cpp - Mmad family on the CPU ---------------------------===//
//
// mmad, mmad_sparse and mmad_mx (cube-reference §13-§15) as loops in the
// documented order: each product formed in f32 (or exactly, for integers),
// accumulated one k at a time from C, bias or zero, saturated where the
// result is written.
//
//===----------------------------------------------------------------------===//

#include "FloatCasts.h"
#include "LoweringUtils.h"
#include "ascube/Numerics/Packing.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;
using layout::Format;
using target::Level;

namespace {

/// MmadWithSparse (§14): per group of four K elements, the two dense B'
/// values meet the A elements their 2-bit indices select.
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
    IndexMath im{b};
    Value A = flatten(b, adaptor.getA()), B = flatten(b, adaptor.getB()),
          C = flatten(b, adaptor.getC());
    auto i64 = b.getI64Type();
    // The grids m, k, n address (mmadsparse_c3): A Zz 16x32, B' Zn 32x16
    // over k/2 dense rows with its SparseIndex bytes, C Nz 16x16.
    int64_t k1 = llvm::divideCeil(p->k, 32), n1 = llvm::divideCeil(p->n, 16);
    int64_t m1 = llvm::divideCeil(p->m, 16);
    int64_t kd32 = llvm::alignTo(p->k / 2, 32);
    auto wide = [&](Value v) { return arith::ExtSIOp::create(b, i64, v); };
    forRange(b, p->m, [&](Value i) {
      forRange(b, p->n, [&](Value j) {
        Value cIdx = layout::matrixOffset(im, Format::Nz, {16, 16}, m1 * 16,
                                          n1 * 16, i, j);
        Value init = p->cmatrixInitVal
                         ? Value(arith::ConstantIntOp::create(b, i64, 0))
                         : wide(memref::LoadOp::create(b, C, cIdx));
        auto loop = scf::ForOp::create(b, im.c(0), im.c(p->k / 4), im.c(1),
                                       ValueRange{init});
        {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(loop.getBody());
          Value grp = loop.getInductionVar();
          Value acc = loop.getRegionIterArgs()[0];
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
            Value prod = arith::MulIOp::create(
                b, wide(memref::LoadOp::create(b, A, aIdx)),
                wide(memref::LoadOp::create(b, B, bIdx)));
            acc = arith::AddIOp::create(b, acc, prod);
          }
          scf::YieldOp::create(b, acc);
        }
        // Exact sum, saturated once to int32 (§13.3).
        Value res = arith::MaxSIOp::create(
            b, loop.getResult(0),
            arith::ConstantIntOp::create(b, i64, INT32_MIN));
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

/// MmadMx (§15): each operand scaled by 2^(e8m0 - 127) per 32 K elements.
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
    IndexMath im{b};
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
    forRange(b, p->m, [&](Value i) {
      forRange(b, p->n, [&](Value j) {
        Value cIdx = layout::matrixOffset(im, Format::Nz, {16, 16}, m1 * 16,
                                          n1 * 16, i, j);
        Value init;
        if (p->cmatrixInitVal)
          init = arith::ConstantOp::create(b, b.getF32FloatAttr(0));
        else if (p->cmatrixSource)
          init = memref::LoadOp::create(b, bias, j);
        else
          init = memref::LoadOp::create(b, C, cIdx);
        auto loop = scf::ForOp::create(b, im.c(0), im.c(p->k), im.c(1),
                                       ValueRange{init});
        {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(loop.getBody());
          Value kk = loop.getInductionVar();
          Value acc = loop.getRegionIterArgs()[0];
          // The grids of mmadmx_c3: A Nz 16 x C0, B Zn C0 x 16, scaleA
          // ScaleA (Zz 16 x 2), scaleB ScaleB (Nn 2 x 16) over k/32 scales.
          Value ks = im.div(kk, 32);
          Value aIdx = layout::matrixOffset(im, Format::Nz, {16, c0}, m1 * 16,
                                            p->k, i, kk);
          Value bIdx = layout::matrixOffset(im, Format::Zn, {c0, 16}, p->k,
                                            n1 * 16, kk, j);
          Value saIdx = layout::matrixOffset(im, Format::ScaleA, {16, 2},
                                             m1 * 16, 2 * k2, i, ks);
          Value sbIdx = layout::matrixOffset(im, Format::ScaleB, {2, 16},
                                             2 * k2, n1 * 16, ks, j);
          Value av = arith::MulFOp::create(b, loadWide(b, module, A, aIdx, at),
                                           loadWide(b, module, SA, saIdx, st));
          Value bv = arith::MulFOp::create(b, loadWide(b, module, B, bIdx, bt),
                                           loadWide(b, module, SB, sbIdx, st));
          Value sum =
              arith::AddFOp::create(b, acc, arith::MulFOp::create(b, av, bv));
          scf::YieldOp::create(b, sum);
        }
        Value r = loop.getResult(0);
        // §13.3; reachable only without a target (950 has no saturation).
        if (getFloatOverflow(op) == FloatOverflow::saturation)
          r = saturateF32(b, r, maxFinite(b.getF32Type()));
        storeElement(b, r, C, cIdx);
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// Mmad (§13).
struct MmadLowering : AscubePattern<MmadOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(MmadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im{b};
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

    forRange(b, p->m, [&](Value i) {
      forRange(b, p->n, [&](Value j) {
        Value cIdx = layout::matrixOffset(im, Format::Nz, {16, 16}, cm1 * 16,
                                          n1 * 16, i, j);
        Value init;
        if (p->cmatrixInitVal)
          init = arith::ConstantOp::create(b, b.getZeroAttr(wide));
        else if (p->cmatrixSource)
          init = loadWide(b, module, bias, j, elemOf(op.getBias()));
        else
          init = loadWide(b, module, C, cIdx, ct);
        auto loop = scf::ForOp::create(b, im.c(0), im.c(p->k), im.c(1),
                                       ValueRange{init});
        {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(loop.getBody());
          Value kk = loop.getInductionVar();
          Value acc = loop.getRegionIterArgs()[0];
          Value aIdx;
          if (p->gemv) // A is k contiguous elements (§13.3)
            aIdx = kk;
          else // Zz with K1 fractals per row line, or Nz on 950
            aIdx = layout::matrixOffset(im, p->aNz ? Format::Nz : Format::Zz,
                                        {16, c0}, m1 * 16, k1 * c0, i, kk);
          // B(kk, j) in Zn: N1 fractals per K line.
          Value bIdx = layout::matrixOffset(im, Format::Zn, {c0, 16}, k1 * c0,
                                            n1 * 16, kk, j);
          Value av = loadWide(b, module, A, aIdx, at);
          Value bv = loadWide(b, module, B, bIdx, bt);
          if (std::optional<HF32Mode> h = op.getHf32()) { // §13.3
            unsigned bits = getTargetProduct(op)->HF32Mantissa;
            bool away = *h == HF32Mode::nearest_away;
            av = ascube::detail::buildRoundF32Mantissa(b, av, bits, away);
            bv = ascube::detail::buildRoundF32Mantissa(b, bv, bits, away);
          }
          Value prod = isFloat ? Value(arith::MulFOp::create(b, av, bv))
                               : Value(arith::MulIOp::create(b, av, bv));
          Value sum = isFloat ? Value(arith::AddFOp::create(b, acc, prod))
                              : Value(arith::AddIOp::create(b, acc, prod));
          scf::YieldOp::create(b, sum);
        }
        Value r = loop.getResult(0);
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
        storeElement(b, r, C, cIdx);
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void ascube::lowering::populateMmadToLoopsPatterns(
    TypeConverter &types, RewritePatternSet &patterns) {
  patterns.add<MmadSparseLowering, MmadMxLowering, MmadLowering>(
      types, patterns.getContext());
}
