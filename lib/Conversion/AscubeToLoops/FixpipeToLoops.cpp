//===- FixpipeToLoops.cpp - Fixpipe on the CPU ----------------------------===//
//
// Fixpipe (cube-reference §16) as loops: NZ2ND / NZ2DN / NZ2NZ addressing,
// dual destinations, ReLU, ClipReLU, the QUANT_PRE word (scale bits 31:13,
// signed offset, MCB shift) and every output conversion.
//
//===----------------------------------------------------------------------===//

#include "FloatCasts.h"
#include "Patterns.h"
#include "RuntimeABI.h"
#include "Storage.h"
#include "ascube/Model/QuantWord.h"
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

/// The arithmetic of a QUANT_PRE word loaded from memory (i64 IR values),
/// for model::decodeQuantWord and model::scaleIsUsable.
struct WordIR {
  ImplicitLocOpBuilder &b;
  Value c(uint64_t v) {
    return arith::ConstantIntOp::create(b, b.getI64Type(), int64_t(v));
  }
  Value field(Value w, unsigned at, uint64_t mask) {
    Value v = at ? Value(arith::ShRUIOp::create(b, w, c(at))) : w;
    return arith::AndIOp::create(b, v, c(mask));
  }
  Value addConst(Value x, int64_t k) {
    return arith::AddIOp::create(b, x, c(uint64_t(k)));
  }
  Value signExtend(Value x, unsigned bits) {
    Value s = c(64 - bits);
    return arith::ShRSIOp::create(b, arith::ShLIOp::create(b, x, s), s);
  }
  Value eq(Value x, uint64_t k) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, x, c(k));
  }
  Value ne(Value x, uint64_t k) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ne, x, c(k));
  }
  Value both(Value x, Value y) { return arith::AndIOp::create(b, x, y); }
  Value either(Value x, Value y) { return arith::OrIOp::create(b, x, y); }
};

/// A QUANT_PRE word's fields as the Fixpipe computes with them.
struct QuantWord {
  Value m1;     // f32
  Value offset; // i32
  Value mcb;    // i1: bit 36, the MCB shift mode
  Value shift;  // i32: N = bits[35:32] + 1 (1..16)
  Value s8;     // i1: bit 46, s8 (1) or u8 (0) int8 output
};

QuantWord decodeQuantWord(ImplicitLocOpBuilder &b, Value word) {
  WordIR m{b};
  model::QuantWordFields<Value> f = model::decodeQuantWord(m, word);
  auto i32 = [&](Value v) {
    return arith::TruncIOp::create(b, b.getI32Type(), v);
  };
  return {arith::BitcastOp::create(b, b.getF32Type(), i32(f.scaleBits)),
          i32(f.offset), arith::TruncIOp::create(b, b.getI1Type(), f.mcb),
          i32(f.shift), arith::TruncIOp::create(b, b.getI1Type(), f.signedOut)};
}

/// Run-time checks of one per-column QUANT_PRE word (§16), as the verifier
/// checks deqScalar: the MCB shift mode (bit 36) only where `mcb` says it
/// exists, bit 46 naming the int8 destination's signedness, and a usable
/// scale M1 (model::scaleIsUsable).
void checkQuantWord(ImplicitLocOpBuilder &b, Value word, Type dst, bool mcb,
                    StringRef where) {
  WordIR m{b};
  model::QuantWordFields<Value> f = model::decodeQuantWord(m, word);
  if (!mcb)
    cf::AssertOp::create(
        b, m.eq(f.mcb, 0),
        ("ascube.fixpipe: a quant_vector word sets bit 36 (MCB shift mode), "
         "which exists with VREQ8/VDEQF16 on Atlas A2/A3 only, got " +
         where + " [fixpipe_c4]")
            .str());
  // (A signless i8 destination takes either: bit 46 decides.)
  if (dst.isInteger(8) && !dst.isSignlessInteger()) {
    bool s8 = !dst.isUnsignedInteger();
    cf::AssertOp::create(
        b, m.eq(f.signedOut, s8 ? 1 : 0),
        s8 ? "ascube.fixpipe: a quant_vector word's bit 46 selects u8 output "
             "but the destination is s8 [fixpipe_c4]"
           : "ascube.fixpipe: a quant_vector word's bit 46 selects s8 output "
             "but the destination is u8 [fixpipe_c4]");
  }
  cf::AssertOp::create(
      b, model::scaleIsUsable(m, f.scaleBits),
      "ascube.fixpipe: a quant_vector word's scale M1 (bits 31:13) is inf, "
      "NaN or denormal [fixpipe_c12]");
}

/// Fixpipe (§16): each element of the L0C tile read at its Nz place,
/// converted (quantization, ReLU) and written to its ND (or Nz, DN) place
/// (test/Conversion/AscubeToLoops/fixpipe.mlir).
///
/// BEFORE:
///   ascube.fixpipe %c to %out : memref<16x16xf32, #ascube.layout<Nz>,
///                               #ascube.mem<L0C>> to memref<16x16xf16>
/// AFTER:
///   scf.for %m = %c0 to %c16 step %c1 {
///     scf.for %n = %c0 to %c16 step %c1 {
///       %x = memref.load %c[(%n / 16) * 256 + %m * 16 + %n % 16]
///       %y = arith.truncf %x : f32 to f16           // F322F16
///       memref.store %y, %out[%m * 16 + %n] : memref<256xf16>
///     }
///   }
struct FixpipeLowering : AscubePattern<FixpipeOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(FixpipeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im = indexMath(b);
    FailureOr<FixpipeParams> p =
        getFixpipeParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    if (p->isNoOp()) {
      rewriter.eraseOp(op);
      return success();
    }
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Value qv = adaptor.getQuantVector() ? flatten(b, adaptor.getQuantVector())
                                        : Value();
    Type st = elemOf(op.getSrc()), dt = elemOf(op.getDst());
    Storage ds = getStorage(dt);
    int64_t dBytes = std::max<int64_t>(1, ds.type.getIntOrFloatBitWidth() / 8);
    Value sOff = baseOffset(im, adaptor.getSrcOffset());
    Value dOff = baseOffset(im, adaptor.getDstOffset());
    QuantMode q = p->quantPre;
    const target::ProductInfo *prod = getTargetProduct(op);
    bool mcbOk = mcbAllowed(q, prod);
    std::string mcbWhere = stringifyQuantMode(q).str();
    if (prod)
      mcbWhere += std::string(" on ") + prod->Name;
    bool sat = getFloatOverflow(op) == FloatOverflow::saturation;
    std::optional<QuantWord> scalar;
    if (p->deqScalar)
      scalar =
          decodeQuantWord(b, arith::ConstantIntOp::create(
                                 b, b.getI64Type(), int64_t(*p->deqScalar)));
    auto f32c = [&](double v) {
      return arith::ConstantOp::create(b, b.getF32FloatAttr(float(v)));
    };
    // ClipReLU (§16): y = min(y, max) before the output conversion.
    std::optional<float> clipMax;
    if (IntegerAttr c = op.getClipReluMaxValAttr()) {
      llvm::APFloat h(llvm::APFloat::IEEEhalf(),
                      llvm::APInt(16, uint64_t(c.getInt()) & 0xFFFF));
      bool lost;
      h.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
                &lost);
      clipMax = h.convertToFloat();
    }
    auto clipRelu = [&](Value v) {
      return clipMax ? Value(arith::MinimumFOp::create(b, v, f32c(*clipMax)))
                     : v;
    };

    // Moves source rows [j0, j0 + rows) and columns [c0, c0 + cols) to
    // `out` as a rows x cols matrix: the whole tile, or one half of a dual
    // move (§16).
    auto move = [&](Value out, int64_t j0, int64_t rows, int64_t c0,
                    int64_t cols) {
      im.forRange(p->ndNum, [&](Value nd) {
        im.forRange(rows, [&](Value jj) {
          im.forRange(cols, [&](Value cc) {
            Value j = im.add(jj, j0), c = im.add(cc, c0);
            Value s = im.add(
                sOff, im.add(im.add(im.mul(nd, p->srcNdStride * 16),
                                    im.mul(im.div(c, 16), p->srcStride * 16)),
                             im.add(im.mul(j, 16), im.rem(c, 16))));
            // An f16 C (Kirin) is read as its bits and widened exactly; the
            // float results are narrowed to the output's bits at the end.
            Value x = widenBits(b, memref::LoadOp::create(b, src, s), st);
            bool isInt = st.isInteger(32);
            Value zeroX =
                arith::ConstantOp::create(b, b.getZeroAttr(x.getType()));
            Value neg = isInt ? Value(arith::CmpIOp::create(
                                    b, arith::CmpIPredicate::slt, x, zeroX))
                              : Value(arith::CmpFOp::create(
                                    b, arith::CmpFPredicate::OLT, x, zeroX));
            Value y;
            if (q == QuantMode::NoQuant || q == QuantMode::F322F16 ||
                q == QuantMode::F322BF16) {
              y = p->reluEn ? Value(arith::SelectOp::create(b, neg, zeroX, x))
                            : x;
              if (sat && !isInt)
                y = saturateF32(b, y, maxFinite(dt));
              if (q != QuantMode::NoQuant) // CAST_RINT (§16), below
                y = clipRelu(y);
            } else {
              Value word = scalar ? Value() : memref::LoadOp::create(b, qv, c);
              if (word && op->hasAttr(kCheckQuantAttr))
                checkQuantWord(b, word, dt, mcbOk, mcbWhere);
              QuantWord w = scalar ? *scalar : decodeQuantWord(b, word);
              Value xi = x;
              if (mcbOk) {
                // MCB (§16): x >> N (arithmetic), saturated to int16.
                auto i32c = [&](int64_t v) {
                  return arith::ConstantIntOp::create(b, b.getI32Type(), v);
                };
                Value sh = arith::ShRSIOp::create(b, x, w.shift);
                sh = arith::MaxSIOp::create(b, sh, i32c(-32768));
                sh = arith::MinSIOp::create(b, sh, i32c(32767));
                xi = arith::SelectOp::create(b, w.mcb, sh, x);
              }
              Value xf =
                  isInt ? Value(arith::SIToFPOp::create(b, b.getF32Type(), xi))
                        : x;
              // y = x * (x >= 0 ? M1 : M2), M2 = 0 with ReLU: a negative x
              // gives +0 (the golden scripts' result), not x * 0 = -0.
              Value yf = arith::MulFOp::create(b, xf, w.m1);
              if (p->reluEn)
                yf = arith::SelectOp::create(b, neg, f32c(0), yf);
              yf = clipRelu(yf);
              if (sat) // NaN -> 0; float outputs: beyond +-MAX -> +-MAX
                yf = dt.isInteger(8) ? saturateF32(b, yf, 256.0)
                                     : saturateF32(b, yf, maxFinite(dt));
              if (q == QuantMode::DEQF16 || q == QuantMode::VDEQF16) {
                y = clampF32(b, yf, -65504.0, 65504.0);
              } else if (isa<Float8E4M3FNType>(dt)) {
                y = ascube::detail::buildF32ToE4M3FN(b, yf);
              } else if (isa<HiFloat8Type>(dt)) {
                y = ascube::detail::buildF32ToHiF8(
                    b, yf,
                    q == QuantMode::QF322HIF8_PRE_HYBRID ||
                        q == QuantMode::VQF322HIF8_PRE_HYBRID);
              } else if (isa<FloatType>(dt)) {
                // 950's scaled f16/bf16/f32 outputs: an IEEE
                // round-half-even cast.
                y = yf;
              } else {
                // int8: round(clip(y, -256, 255)) + offset, saturated. A
                // NaN (left by the Inf/NaN mode) is taken as 0, as in the
                // saturation mode: a defined value, not fptosi's poison.
                Value nan =
                    arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, yf, yf);
                yf = arith::SelectOp::create(b, nan, f32c(0), yf);
                yf = math::RoundEvenOp::create(b,
                                               clampF32(b, yf, -256.0, 255.0));
                Value yi = arith::FPToSIOp::create(b, b.getI32Type(), yf);
                yi = arith::AddIOp::create(b, yi, w.offset);
                // Saturated to u8 or s8: the type's, or for signless
                // bytes the word's bit 46.
                auto bound = [&](int64_t s8, int64_t u8) -> Value {
                  auto k = [&](int64_t v) {
                    return arith::ConstantIntOp::create(b, b.getI32Type(), v);
                  };
                  if (!dt.isSignlessInteger())
                    return k(dt.isUnsignedInteger() ? u8 : s8);
                  return arith::SelectOp::create(b, w.s8, k(s8), k(u8));
                };
                yi = arith::MaxSIOp::create(b, yi, bound(-128, 0));
                yi = arith::MinSIOp::create(b, yi, bound(127, 255));
                y = arith::TruncIOp::create(b, ds.type, yi);
              }
            }
            // Float results become the output's storage: f16/bf16 rounded
            // half to even (narrowF32), f32 as it is.
            if (y.getType().isF32())
              y = narrowF32(b, y, dt);
            Value base = im.add(dOff, im.mul(nd, p->dstNdStride));
            Value d;
            switch (p->mode) {
            case FixpipeMode::nz2nd:
              d = im.add(base, im.add(im.mul(jj, p->dstStride), cc));
              break;
            case FixpipeMode::nz2dn:
              d = im.add(base, im.add(im.mul(cc, p->dstStride), jj));
              break;
            case FixpipeMode::nz2nz:
              // 16 x nzC0 destination fractals (channel merge / split).
              d = im.add(
                  base,
                  im.add(im.mul(im.div(cc, p->nzC0), p->nzColumnElems(dBytes)),
                         im.add(im.mul(jj, p->nzC0), im.rem(cc, p->nzC0))));
              break;
            }
            storeElement(b, y, out, d);
          });
        });
      });
    };
    if (p->dualDstCtrl == 0) {
      move(dst, 0, p->mSize, 0, p->nSize);
    } else { // the first half to dst, the second to dst1
      Value dst1 = flatten(b, adaptor.getDst1());
      int64_t rows = p->dstRows(), cols = p->dstCols();
      move(dst, 0, rows, 0, cols);
      move(dst1, p->dualDstCtrl == 1 ? rows : 0, rows,
           p->dualDstCtrl == 2 ? cols : 0, cols);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void ascube::lowering::populateFixpipeToLoopsPatterns(
    TypeConverter &types, RewritePatternSet &patterns,
    const AscubeToLoopsOptions &options) {
  patterns.add<FixpipeLowering>(types, patterns.getContext(), options);
}
