//===- LoadData3DToLoops.cpp - LoadData 3D on the CPU ---------------------===//
//
// LoadData 3D V2 and V1 (cube-reference §10) as loops over every window
// element, through the IR-free model of ascube/Model/Im2col.h that the
// verifiers check with; V2 windows aligned to C0 along k move a run of C0
// channels at a time (one source position and padding test per run), into
// column-major destination fractals 16 window rows at a time, their runs
// transposed by shuffles (transposeRuns).
//
//===----------------------------------------------------------------------===//

#include "FloatCasts.h"
#include "Patterns.h"
#include "Storage.h"
#include "VectorShuffles.h"
#include "ascube/Numerics/Packing.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;
using layout::Format;
using target::Level;

namespace {

/// The bits of the padding value of a LoadData 3D, as a constant of the
/// storage type's bits (a nibble in i8 for 4-bit data); 0 when absent.
Value padConstant(ImplicitLocOpBuilder &b, TypedAttr padValue, Storage st) {
  APInt bits(st.type.getIntOrFloatBitWidth(), 0);
  if (auto i = dyn_cast_or_null<IntegerAttr>(padValue))
    bits = i.getValue().zextOrTrunc(bits.getBitWidth());
  else if (auto f = dyn_cast_or_null<FloatAttr>(padValue))
    bits = f.getValue().bitcastToAPInt().zextOrTrunc(bits.getBitWidth());
  return arith::ConstantOp::create(b,
                                   b.getIntegerAttr(bitsType(st.type), bits));
}

/// X[m][k] of the im2col matrix (model::im2colSource): the map element at
/// `src[sOff + offset]` when (ih, iw) is inside the map, else `pad` (bits);
/// carried as bits (toBits) and returned as a storage value.
Value im2colLoad(IndexMath &im, const model::Im2colGeometry &g, Value src,
                 Value sOff, Value m, Value k, Value pad, Storage st) {
  ImplicitLocOpBuilder &b = im.b;
  model::Im2colSource<Value> at = model::im2colSource(im, g, m, k);
  auto cmp = [&](arith::CmpIPredicate pred, Value x, int64_t y) {
    return arith::CmpIOp::create(b, pred, x, im.c(y));
  };
  Value inside = arith::AndIOp::create(
      b,
      arith::AndIOp::create(b, cmp(arith::CmpIPredicate::sge, at.ih, 0),
                            cmp(arith::CmpIPredicate::slt, at.ih, g.l1H)),
      arith::AndIOp::create(b, cmp(arith::CmpIPredicate::sge, at.iw, 0),
                            cmp(arith::CmpIPredicate::slt, at.iw, g.l1W)));
  auto ifOp = scf::IfOp::create(b, bitsType(st.type), inside,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value from = im.add(sOff, at.offset);
  Value v = st.per == 1 ? Value(memref::LoadOp::create(b, src, from))
                        : loadNibble(im, src, from);
  scf::YieldOp::create(b, toBits(b, v));
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  scf::YieldOp::create(b, pad);
  b.setInsertionPointAfter(ifOp);
  return fromBits(b, ifOp.getResult(0), st.type);
}

/// LoadData 3D V2 (§10.3): every window element through
/// model::im2colSource and model::Load3DPlacement, the model the verifier
/// checks with; outside the feature map the padding value
/// (test/Conversion/AscubeToLoops/load-3d.mlir).
///
/// BEFORE:
///   ascube.load_3d %fm to %a {filterH = 3, filterW = 3, l1H = 4, l1W = 4,
///                             padList = [1, 1, 1, 1], ...}
///       : memref<1x1x4x4x16xf16, #ascube.layout<NC1HWC0>, ...L1>
///         to memref<16x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
/// AFTER (a run of C0 columns shares one source pixel):
///   scf.for %p = %c0 to %c16 step %c1 {       // output pixels
///     scf.for %jb = %c0 to %c9 step %c1 {     // (c1, kh, kw) runs
///       %in = <(oh + kh - 1, ow + kw - 1) inside the map>
///       %v = scf.if %in { vector.load %fm[<pixel> * 16] : vector<16xi16> }
///            else { %pad }
///       vector.store %v, %a[%jb * 256 + %p * 16] : memref<2304xi16>
///     }
///   }
struct Load3DLowering : AscubePattern<Load3DOp> {
  using AscubePattern::AscubePattern;

  LogicalResult
  matchAndRewrite(Load3DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Load3DParams> p =
        getLoad3DParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    if (p->isNoOp()) {
      rewriter.eraseOp(op);
      return success();
    }
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im = indexMath(b);
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Storage st = getStorage(elemOf(op.getSrc()));
    Value sOff = baseOffset(im, adaptor.getSrcOffset());
    Value dOff = baseOffset(im, adaptor.getDstOffset());
    Value pad = padConstant(b, op.getPadValueAttr(), st);
    const model::Im2colGeometry &g = p->geometry;
    if (g.wout() < 1) // verified ops never get here (load3d_c8)
      return op.emitOpError() << "the kernel does not fit the map [load3d_c8]";
    int64_t fractal = p->placement.fractal.elements();
    // Windows move linearly with the repeat (windowStart).
    int64_t m0 = p->windowStart(0).first, k0 = p->windowStart(0).second;
    int64_t dm = p->windowStart(1).first - m0;
    int64_t dk = p->windowStart(1).second - k0;
    // Runs of C0 k elements share (c1, kh, kw), so one source position
    // and one padding test (im2colSource), and are C0 contiguous elements
    // of the map: moved as one vector; a destination with rows inside
    // its fractals takes them as one vector too, else element by element.
    int64_t c0 = g.c0;
    const model::Load3DPlacement &place = p->placement;
    if (st.per == 1 && k0 % c0 == 0 && dk % c0 == 0 &&
        p->kExtension % c0 == 0) {
      bool rowRuns = !place.transposed &&
                     !layout::isColumnMajorInside(place.format) &&
                     place.fractal.cols % c0 == 0;
      Type bits = bitsType(st.type);
      auto vt = VectorType::get({c0}, st.type),
           bt = VectorType::get({c0}, bits);
      Value padRun = vector::BroadcastOp::create(b, bt, pad);
      // A destination whose fractals hold 16 consecutive window rows i
      // from a multiple of 16 contiguously (Zn/Nn of 16 or 32 rows not
      // transposed, row-major inside transposed; not 8-row f32 fractals):
      // 16 runs at a time, transposed by shuffles, each element's 16 rows
      // one vector.
      bool across = place.transposed
                        ? !layout::isColumnMajorInside(place.format) &&
                              place.fractal.cols % 16 == 0
                        : layout::isColumnMajorInside(place.format) &&
                              place.fractal.rows % 16 == 0;
      int64_t groups = !rowRuns && across ? p->mExtension / 16 : 0;
      // The run of window row i at columns [j, j + c0): C0 elements of the
      // map, or the padding.
      auto runAt = [&](Value mBase, Value kBase, Value i, Value j) -> Value {
        Value m = im.add(i, mBase);
        model::Im2colSource<Value> at =
            model::im2colSource(im, g, m, im.add(j, kBase));
        auto cmp = [&](arith::CmpIPredicate pred, Value x, int64_t y) {
          return arith::CmpIOp::create(b, pred, x, im.c(y));
        };
        using P = arith::CmpIPredicate;
        Value inside = arith::AndIOp::create(
            b,
            arith::AndIOp::create(b, cmp(P::sge, at.ih, 0),
                                  cmp(P::slt, at.ih, g.l1H)),
            arith::AndIOp::create(b, cmp(P::sge, at.iw, 0),
                                  cmp(P::slt, at.iw, g.l1W)));
        auto ifOp = scf::IfOp::create(b, bt, inside,
                                      /*withElseRegion=*/true);
        {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(&ifOp.getThenRegion().front());
          Value v = vector::LoadOp::create(b, vt, src,
                                           ValueRange{im.add(sOff, at.offset)});
          if (bits != st.type)
            v = arith::BitcastOp::create(b, bt, v);
          scf::YieldOp::create(b, v);
          b.setInsertionPointToStart(&ifOp.getElseRegion().front());
          scf::YieldOp::create(b, padRun);
        }
        Value run = ifOp.getResult(0);
        if (bits != st.type)
          run = arith::BitcastOp::create(b, vt, run);
        return run;
      };
      im.forRange(p->repeatTime, [&](Value r) {
        Value mBase = im.add(im.mul(r, dm), m0),
              kBase = im.add(im.mul(r, dk), k0);
        Value dBase = im.add(dOff, im.mul(r, p->dstStride * fractal));
        if (groups > 0)
          im.forRange(groups, [&](Value gi) {
            Value i0 = im.mul(gi, 16);
            im.forRange(p->kExtension / c0, [&](Value jb) {
              Value j = im.mul(jb, c0);
              SmallVector<Value> runs;
              for (int64_t q = 0; q < 16; ++q)
                runs.push_back(runAt(mBase, kBase, im.add(i0, q), j));
              transposeRuns(b, runs, [&](int64_t e, Value v) {
                Value to = im.add(dBase, place.offset(im, i0, im.add(j, e)));
                vector::StoreOp::create(b, v, dst, ValueRange{to});
              });
            });
          });
        im.forRange(p->mExtension - groups * 16, [&](Value i0) {
          Value i = im.add(i0, groups * 16);
          im.forRange(p->kExtension / c0, [&](Value jb) {
            Value j = im.mul(jb, c0);
            Value run = runAt(mBase, kBase, i, j);
            if (rowRuns) {
              vector::StoreOp::create(
                  b, run, dst,
                  ValueRange{im.add(dBase, place.offset(im, i, j))});
              return;
            }
            for (int64_t e = 0; e < c0; ++e) {
              Value to = im.add(dBase, place.offset(im, i, im.add(j, e)));
              storeElement(b, vector::ExtractOp::create(b, run, e), dst, to);
            }
          });
        });
      });
      rewriter.eraseOp(op);
      return success();
    }
    im.forRange(p->repeatTime, [&](Value r) {
      Value mBase = im.add(im.mul(r, dm), m0),
            kBase = im.add(im.mul(r, dk), k0);
      Value dBase = im.add(dOff, im.mul(r, p->dstStride * fractal));
      im.forRange(p->mExtension, [&](Value i) {
        im.forRange(p->kExtension, [&](Value j) {
          Value v = im2colLoad(im, g, src, sOff, im.add(i, mBase),
                               im.add(j, kBase), pad, st);
          Value to = im.add(dBase, p->placement.offset(im, i, j));
          if (st.per == 1)
            storeElement(b, v, dst, to);
          else
            storeNibble(im, v, dst, to);
        });
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// LoadData 3D V1 (§10.2): repeat r writes one 16 x C0 Zz fractal of X at
/// r * jumpStride fractals, through the same model::im2colSource.
///
/// BEFORE:
///   ascube.load_3d_v1 %fm to %a {repeatTimes = 2, jumpStride = 1, ...}
/// AFTER:
///   scf.for %r = %c0 to %c2 step %c1 {
///     <16 rows x C0 elements of the window, each from im2colSource or the
///      padding value, stored in fractal %r * jumpStride>
///   }
struct Load3DV1Lowering : AscubePattern<Load3DV1Op> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(Load3DV1Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Load3DV1Params> p =
        getLoad3DV1Params(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    const model::Im2colGeometry &g = p->geometry;
    if (g.wout() < 1) // verified ops never get here (load3dv1_c4)
      return op.emitOpError()
             << "the kernel does not fit the map [load3dv1_c4]";
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im = indexMath(b);
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Storage st = getStorage(elemOf(op.getSrc()));
    Value sOff = baseOffset(im, adaptor.getSrcOffset());
    Value dOff = baseOffset(im, adaptor.getDstOffset());
    Value pad = padConstant(b, op.getPadValueAttr(), st);
    // Fractals move linearly with the repeat (fractalStart).
    int64_t m0 = p->fractalStart(0).first, k0 = p->fractalStart(0).second;
    int64_t dm = p->fractalStart(1).first - m0;
    int64_t dk = p->fractalStart(1).second - k0;
    im.forRange(p->repeatTime, [&](Value r) {
      Value mBase = im.add(im.mul(r, dm), m0),
            kBase = im.add(im.mul(r, dk), k0);
      Value dBase = im.add(dOff, im.mul(r, p->jumpStride * 16 * g.c0));
      im.forRange(16, [&](Value i) {
        im.forRange(g.c0, [&](Value c) {
          Value v = im2colLoad(im, g, src, sOff, im.add(i, mBase),
                               im.add(c, kBase), pad, st);
          storeElement(b, v, dst, im.add(dBase, im.add(im.mul(i, g.c0), c)));
        });
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void ascube::lowering::populateLoadData3DToLoopsPatterns(
    TypeConverter &types, RewritePatternSet &patterns,
    const AscubeToLoopsOptions &options) {
  patterns.add<Load3DLowering, Load3DV1Lowering>(types, patterns.getContext(),
                                                 options);
}
