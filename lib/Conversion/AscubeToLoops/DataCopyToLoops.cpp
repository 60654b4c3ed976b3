//===- DataCopyToLoops.cpp - DataCopy on the CPU --------------------------===//
//
// DataCopy (cube-reference §4, §5, §16) as loops over flat storage:
// DataCopyParams blocks, ND2NZ/DN2NZ with the zero-filled row tail (ND2NZ
// rows as vector runs of C0 elements), the bias copy's widening.
//
//===----------------------------------------------------------------------===//

#include "FloatCasts.h"
#include "Patterns.h"
#include "RuntimeABI.h"
#include "Storage.h"
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

/// DataCopy (§5, §16): each row (ND2NZ: each C0 run of a row) moved to
/// its place in the destination's storage, the row's last 32 B block
/// zero-filled (test/Conversion/AscubeToLoops/data-copy.mlir).
///
/// BEFORE:
///   ascube.data_copy %g to %l1
///       : memref<20x24xf16> to memref<20x24xf16, #ascube.layout<Nz>,
///                                     #ascube.mem<L1>>
/// AFTER (the L1 buffer flat, f16 as its i16 bits):
///   scf.for %r = %c0 to %c20 step %c1 {        // nValue rows
///     %v = vector.load %g[%r * 24] : memref<480xf16>, vector<16xf16>
///     vector.store (bitcast %v), %l1[%r * 16] : memref<1024xi16>, ...
///     %t = vector.load %g[%r * 24 + 16] : ..., vector<8xf16>
///     vector.store (bitcast %t), %l1[%r * 16 + 512] : ...
///     vector.store %zeros, %l1[%r * 16 + 520] : ..., vector<8xi16>
///   }
struct DataCopyLowering : AscubePattern<DataCopyOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(DataCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im = indexMath(b);
    auto emit = [&] { return op.emitOpError(); };
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Type st = elemOf(op.getSrc()), dt = elemOf(op.getDst());
    Storage ss = getStorage(st), ds = getStorage(dt);
    // Base offsets, in storage elements.
    Value sOff =
        storageIndex(im, baseOffset(im, adaptor.getSrcOffset()), ss.per);
    Value dOff =
        storageIndex(im, baseOffset(im, adaptor.getDstOffset()), ds.per);
    CopyMode mode = op.getEffectiveMode();

    if (usesCopyParams(mode)) {
      FailureOr<CopyParams> p = getCopyParams(op, emit);
      if (failed(p))
        return failure();
      // Storage elements per unit: 32 B (copy) or 64 B of destination.
      int64_t bytesPerElem =
          std::max<int64_t>(1, ds.type.getIntOrFloatBitWidth() / 8);
      int64_t unit = p->unitBytes / bytesPerElem;
      im.forRange(p->blockCount, [&](Value blk) {
        Value sBase =
            im.add(sOff, im.mul(blk, (p->blockLen + p->srcStride) * unit));
        Value dBase =
            im.add(dOff, im.mul(blk, (p->blockLen + p->dstStride) * unit));
        im.forRange(p->blockLen * unit, [&](Value e) {
          Value v = memref::LoadOp::create(b, src, im.add(sBase, e));
          if (mode == CopyMode::bias && st != dt) // half/bf16 -> f32
            v = widenBits(b, v, st);
          storeElement(b, v, dst, im.add(dBase, e));
        });
      });
      rewriter.eraseOp(op);
      return success();
    }

    // nd2nz / dn2nz, in storage elements (bytes for 4-bit data).
    FailureOr<Nd2NzParams> p = getNd2NzParams(op, emit);
    if (failed(p))
      return failure();
    if (p->isNoOp()) {
      rewriter.eraseOp(op);
      return success();
    }
    bool dn = mode == CopyMode::dn2nz;
    int64_t c0 = 32 / std::max<int64_t>(1, ds.type.getIntOrFloatBitWidth() / 8);
    int64_t rows = dn ? p->dValue : p->nValue;
    int64_t cols = dn ? p->nValue : p->dValue;
    int64_t paddedCols = llvm::alignTo(cols, c0);
    // ND2NZ whose source and destination elements have one width: a row
    // is runs of C0 contiguous elements, each one vector load and store
    // (bits unchanged: a bitcast at most); the last run of a row tail is
    // zero-filled. Not under race checks, which see element accesses.
    Type sElem = cast<MemRefType>(src.getType()).getElementType();
    Type dElem = cast<MemRefType>(dst.getType()).getElementType();
    auto func = op->getParentOfType<func::FuncOp>();
    if (!dn && !(func && func->hasAttr(kGMArgsAttr)) && sElem.isIntOrFloat() &&
        dElem.isIntOrFloat() &&
        sElem.getIntOrFloatBitWidth() == dElem.getIntOrFloatBitWidth()) {
      auto run = [&](Value s, Value d, int64_t len) {
        Value v = vector::LoadOp::create(b, VectorType::get({len}, sElem), src,
                                         ValueRange{s});
        if (sElem != dElem)
          v = arith::BitcastOp::create(b, VectorType::get({len}, dElem), v);
        vector::StoreOp::create(b, v, dst, ValueRange{d});
      };
      int64_t full = cols / c0, tail = cols % c0;
      im.forRange(p->ndNum, [&](Value i) {
        Value sMat = im.add(sOff, im.mul(i, p->srcNdMatrixStride));
        Value dMat = im.add(dOff, im.mul(i, p->dstNzMatrixStride));
        im.forRange(rows, [&](Value r) {
          Value sRow = im.add(sMat, im.mul(r, p->srcDValue));
          Value dRow = im.add(dMat, im.mul(r, p->dstNzNStride * c0));
          im.forRange(full, [&](Value c1) {
            Value s = im.add(sRow, im.mul(c1, c0));
            run(s, im.add(dRow, im.mul(c1, p->dstNzC0Stride * c0)), c0);
          });
          if (tail == 0)
            return;
          Value d = im.add(dRow, full * p->dstNzC0Stride * c0);
          run(im.add(sRow, full * c0), d, tail);
          auto zt = VectorType::get({c0 - tail}, dElem);
          vector::StoreOp::create(
              b,
              arith::ConstantOp::create(
                  b, DenseElementsAttr::get(zt, b.getZeroAttr(dElem))),
              dst, ValueRange{im.add(d, tail)});
        });
      });
      rewriter.eraseOp(op);
      return success();
    }
    // Elements are carried as bits (bitsType): a float crossing the branch
    // below could lose a subnormal on the CPU.
    Value zero = arith::ConstantOp::create(b, b.getZeroAttr(bitsType(ds.type)));
    im.forRange(p->ndNum, [&](Value i) {
      Value sMat = im.add(sOff, im.mul(i, p->srcNdMatrixStride));
      Value dMat = im.add(dOff, im.mul(i, p->dstNzMatrixStride));
      im.forRange(rows, [&](Value r) {
        im.forRange(paddedCols, [&](Value c) {
          // dst = (c/C0)*dstNzC0Stride*C0 + r*dstNzNStride*C0 + c%C0
          Value d = im.add(
              dMat, im.add(im.add(im.mul(im.div(c, c0), p->dstNzC0Stride * c0),
                                  im.mul(r, p->dstNzNStride * c0)),
                           im.rem(c, c0)));
          // The row (column) tail up to 32 B is zero-filled.
          Value inside = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, c,
                                               im.c(cols));
          auto ifOp = scf::IfOp::create(b, bitsType(ds.type), inside,
                                        /*withElseRegion=*/true);
          {
            OpBuilder::InsertionGuard g(b);
            b.setInsertionPointToStart(&ifOp.getThenRegion().front());
            Value s = dn ? im.add(sMat, im.add(im.mul(c, p->srcDValue), r))
                         : im.add(sMat, im.add(im.mul(r, p->srcDValue), c));
            Value v = memref::LoadOp::create(b, src, s);
            scf::YieldOp::create(b, toBits(b, v));
            b.setInsertionPointToStart(&ifOp.getElseRegion().front());
            scf::YieldOp::create(b, zero);
          }
          storeElement(b, fromBits(b, ifOp.getResult(0), ds.type), dst, d);
        });
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void ascube::lowering::populateDataCopyToLoopsPatterns(
    TypeConverter &types, RewritePatternSet &patterns,
    const AscubeToLoopsOptions &options) {
  patterns.add<DataCopyLowering>(types, patterns.getContext(), options);
}
