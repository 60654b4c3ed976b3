//===- LoadData2DToLoops.cpp - LoadData 2D family on the CPU --------------===//
//
// The LoadData 2D family (cube-reference §6-§9, §12) as loops: LoadData 2D
// fractal by fractal, the square movers (LoadDataWithTranspose, 2D-v2) from
// their squares and ascube::transposeElement, LoadDataWithSparse with its
// index bytes, LoadData MX with its scale fractals. Transposed fractals and
// squares of 4 to 16 bits move as row vectors transposed by shuffles
// (transposeSquare); only bits move, never float values.
//
//===----------------------------------------------------------------------===//

#include "FloatCasts.h"
#include "Patterns.h"
#include "RuntimeABI.h"
#include "SharedFunctions.h"
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

/// LoadData 2D (§6, load2d.py): repeat i copies the 512 B fractal
/// startIndex + i * srcStride of the source to destination fractal
/// i * (dstGap + 1) (test/Conversion/AscubeToLoops/load-2d.mlir).
///
/// BEFORE:
///   ascube.load_2d %l1 to %a {startIndex = 0, repeatTimes = 2,
///                             srcStride = 2}
///       : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
///         to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
/// AFTER:
///   scf.for %i = %c0 to %c2 step %c1 {
///     scf.for %e = %c0 to %c256 step %c1 {
///       %x = memref.load %l1[%i * 512 + %e] : memref<1024xi16>
///       memref.store %x, %a[%i * 256 + %e] : memref<1024xi16>
///     }
///   }
struct Load2DLowering : AscubePattern<Load2DOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(Load2DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im = indexMath(b);
    FailureOr<Load2DParams> p =
        getLoad2DParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    Value src = flatten(b, adaptor.getSrc());
    Value dst = flatten(b, adaptor.getDst());
    Type et = elemOf(op.getSrc());
    Storage s = getStorage(et);
    int64_t bytes = std::max<int64_t>(1, s.type.getIntOrFloatBitWidth() / 8);
    int64_t f = 512 / bytes; // storage elements per 512 B fractal
    Value sOff =
        storageIndex(im, baseOffset(im, adaptor.getSrcOffset()), s.per);
    Value dOff =
        storageIndex(im, baseOffset(im, adaptor.getDstOffset()), s.per);
    int64_t dstGap = p->dstGap; // already 0 where ignored (950)
    int64_t sign = p->addrMode == 1 ? -1 : 1;
    im.forRange(p->repeatTimes, [&](Value i) {
      Value sFrac = im.add(im.c(p->startIndex), im.mul(i, sign * p->srcStride));
      Value sBase = im.add(sOff, im.mul(sFrac, f));
      Value dBase = im.add(dOff, im.mul(i, (dstGap + 1) * f));
      if (!p->ifTranspose) {
        im.forRange(f, [&](Value e) {
          Value v = memref::LoadOp::create(b, src, im.add(sBase, e));
          storeElement(b, v, dst, im.add(dBase, e));
        });
        return;
      }
      // b16 (the only width with ifTranspose, verified): destination row j
      // is source column j of the 16x16 fractal. Its 16 rows as vectors,
      // transposed by shuffles.
      Type srcElem = cast<MemRefType>(src.getType()).getElementType();
      Type dstElem = cast<MemRefType>(dst.getType()).getElementType();
      SmallVector<Value> rows;
      for (int64_t r = 0; r < 16; ++r)
        rows.push_back(
            vector::LoadOp::create(b, VectorType::get({16}, srcElem), src,
                                   ValueRange{im.add(sBase, r * 16)}));
      transposeSquare(b, rows);
      for (int64_t r = 0; r < 16; ++r) {
        Value row = rows[r];
        if (srcElem != dstElem) // the same 16 bits as another type
          row =
              arith::BitcastOp::create(b, VectorType::get({16}, dstElem), row);
        vector::StoreOp::create(b, row, dst, ValueRange{im.add(dBase, r * 16)});
      }
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// Whether model::transposeElement moves the c0 x c0 elements of a square
/// of `bits` (4, 8 or 16; c0 = 256 / bits) as a plain transpose: source row r
/// in fractal r / 16 at row r % 16, destination row c in fractal c / 16 at
/// row c % 16, D[c][r] = S[r][c]. Checked element by element against the
/// model, so a change there falls back to the tables.
bool transposesRows(unsigned bits) {
  int64_t c0 = 256 / bits;
  for (int64_t e = 0; e < c0 * c0; ++e) {
    int64_t r = e / c0, c = e % c0;
    TransposeTarget t = transposeElement(bits, e);
    if (t.srcFractal != r / 16 || t.srcInside != (r % 16) * c0 + c ||
        t.dstFractal != c / 16 || t.dstInside != (c % 16) * c0 + r)
      return false;
  }
  return true;
}

/// Whether a square of `count` elements of `bits` is moved as a plain
/// transpose (transposesRows, checked once per width: the model is fixed).
bool isRowTranspose(unsigned bits, int64_t count) {
  if ((bits != 4 && bits != 8 && bits != 16) ||
      count != (256 / bits) * (256 / bits))
    return false;
  static const bool rows4 = transposesRows(4), rows8 = transposesRows(8),
                    rows16 = transposesRows(16);
  return bits == 4 ? rows4 : bits == 8 ? rows8 : rows16;
}

/// The transpose of one square of `bits`-bit elements (a function of the
/// module shared by every square mover of that kind:
/// `__ascube_square_b<bits>_<src storage>_<dst storage>`): its c0 = 256 /
/// bits source rows (row r: fractal r / 16 at src[sFrac_{r / 16}], row
/// r % 16, c0 contiguous elements) loaded as vectors (4-bit rows unpacked
/// to a byte per element), transposed by shuffles and stored as
/// destination rows (row c: fractal c / 16 at dst[dFrac_{c / 16}], row
/// c % 16; packed back), the n = c0 / 16 fractal offsets of each side its
/// operands. Shared, the shuffles are compiled once per kind rather than
/// once per mover (the transposing loads of an 8-bit GEMM with tails once
/// took most of its compile time). Kept out of line (noinline).
func::FuncOp squareFn(ImplicitLocOpBuilder &b, unsigned bits, Type se, Type de,
                      bool affine) {
  std::string name;
  {
    llvm::raw_string_ostream os(name);
    os << "__ascube_square_b" << bits << "_" << se << "_" << de;
  }
  int64_t c0 = 256 / bits, n = c0 / 16;
  int64_t per = bits == 4 ? 2 : 1;
  int64_t run = c0 / per; // storage elements per row
  SmallVector<Type> args{contiguousRun(se)};
  args.append(n, b.getIndexType());
  args.push_back(contiguousRun(de));
  args.append(n, b.getIndexType());
  return sharedFunction(
      b, name, b.getFunctionType(args, {}),
      [&](ImplicitLocOpBuilder &fb, func::FuncOp f) {
        Value src = f.getArgument(0), dst = f.getArgument(1 + n);
        auto sFrac = [&](int64_t j) { return f.getArgument(1 + j); };
        auto dFrac = [&](int64_t j) { return f.getArgument(2 + n + j); };
        IndexMath im{fb, affine};
        auto storage = [&](Value frac, int64_t inside) {
          return storageIndex(im, im.add(frac, inside), per);
        };
        auto splat = [&](Value like, int64_t v) {
          return splatInt(fb, cast<VectorType>(like.getType()), v);
        };
        // Bytes of two nibbles -> one byte per nibble, element 2i (the low
        // nibble) first; and back.
        auto unpack = [&](Value v) -> Value {
          Value lo = arith::AndIOp::create(fb, v, splat(v, 0xF));
          Value hi = arith::ShRUIOp::create(fb, v, splat(v, 4));
          SmallVector<int64_t> mix;
          for (int64_t e = 0; e < run; ++e)
            mix.append({e, run + e});
          return vector::ShuffleOp::create(fb, lo, hi, mix);
        };
        auto pack = [&](Value v) -> Value {
          SmallVector<int64_t> even, odd;
          for (int64_t e = 0; e < run; ++e) {
            even.push_back(2 * e);
            odd.push_back(2 * e + 1);
          }
          Value lo = vector::ShuffleOp::create(fb, v, v, even);
          Value hi = vector::ShuffleOp::create(fb, v, v, odd);
          return arith::OrIOp::create(
              fb, lo, Value(arith::ShLIOp::create(fb, hi, splat(hi, 4))));
        };
        SmallVector<Value> rows;
        for (int64_t r = 0; r < c0; ++r) {
          Value v = vector::LoadOp::create(
              fb, VectorType::get({run}, se), src,
              ValueRange{storage(sFrac(r / 16), (r % 16) * c0)});
          rows.push_back(per == 2 ? unpack(v) : v);
        }
        transposeSquare(fb, rows);
        for (int64_t c = 0; c < c0; ++c) {
          Value v = per == 2 ? pack(rows[c]) : rows[c];
          if (se != de) // the same bits as another type
            v = arith::BitcastOp::create(fb, VectorType::get({run}, de), v);
          vector::StoreOp::create(
              fb, v, dst, ValueRange{storage(dFrac(c / 16), (c % 16) * c0)});
        }
      });
}

/// Moves the squares of an L1 -> L0 fractal mover (§7, §8, §9): whole
/// fractals when nothing is transposed, else as ascube::transposeElement
/// says: where that is a plain transpose (4-, 8- and 16-bit squares,
/// isRowTranspose) the square's rows are loaded as vectors and transposed
/// by shuffles (4-bit rows unpacked to a byte per element and packed back),
/// else (32-bit squares) element by element through constant tables of
/// element positions. Square positions are a constant table.
void moveSquares(IndexMath &im, ModuleOp module, Value src, Value dst,
                 Value sOff, Value dOff, ArrayRef<FractalSquare> squares,
                 Type elem, bool transposed) {
  ImplicitLocOpBuilder &b = im.b;
  unsigned bits = *getElementBitWidth(elem);
  int64_t f = 4096 / bits, n = squares.front().src.size();
  SmallVector<int32_t> sqSrc, sqDst;
  for (const FractalSquare &sq : squares) {
    for (int64_t x : sq.src)
      sqSrc.push_back(int32_t(x));
    for (int64_t x : sq.dst)
      sqDst.push_back(int32_t(x));
  }
  Value srcTab = constTable(b, module, "__ascube_squares_src", sqSrc);
  Value dstTab = constTable(b, module, "__ascube_squares_dst", sqDst);
  auto entry = [&](Value table, Value idx) {
    return arith::IndexCastOp::create(b, b.getIndexType(),
                                      memref::LoadOp::create(b, table, idx));
  };
  if (!transposed) {
    // Whole fractals, as storage elements (4-bit: 512 bytes).
    Storage st = getStorage(elem);
    int64_t fs = f / st.per;
    Value sBase = storageIndex(im, sOff, st.per);
    Value dBase = storageIndex(im, dOff, st.per);
    im.forRange(int64_t(squares.size()), [&](Value i) {
      Value sf = im.add(sBase, im.mul(entry(srcTab, i), fs));
      Value df = im.add(dBase, im.mul(entry(dstTab, i), fs));
      im.forRange(fs, [&](Value e) {
        storeElement(b, memref::LoadOp::create(b, src, im.add(sf, e)), dst,
                     im.add(df, e));
      });
    });
    return;
  }
  if (isRowTranspose(bits, n * f)) {
    // Each square's rows as vectors, transposed by shuffles (squareFn):
    // the square's n source and destination fractals from the tables.
    Type se = cast<MemRefType>(src.getType()).getElementType();
    Type de = cast<MemRefType>(dst.getType()).getElementType();
    func::FuncOp fn = squareFn(b, bits, se, de, im.affine);
    FunctionType ft = fn.getFunctionType();
    Value from = memref::CastOp::create(b, ft.getInput(0), src);
    Value into = memref::CastOp::create(b, ft.getInput(1 + n), dst);
    im.forRange(int64_t(squares.size()), [&](Value i) {
      Value first = im.mul(i, n);
      SmallVector<Value> operands{from};
      for (int64_t j = 0; j < n; ++j)
        operands.push_back(
            im.add(sOff, im.mul(entry(srcTab, im.add(first, j)), f)));
      operands.push_back(into);
      for (int64_t j = 0; j < n; ++j)
        operands.push_back(
            im.add(dOff, im.mul(entry(dstTab, im.add(first, j)), f)));
      func::CallOp::create(b, fn, operands);
    });
    return;
  }
  SmallVector<int32_t> eSrcF, eSrcIn, eDstF, eDstIn;
  for (int64_t e = 0; e < n * f; ++e) {
    TransposeTarget t = transposeElement(bits, e);
    eSrcF.push_back(int32_t(t.srcFractal));
    eSrcIn.push_back(int32_t(t.srcInside));
    eDstF.push_back(int32_t(t.dstFractal));
    eDstIn.push_back(int32_t(t.dstInside));
  }
  std::string et = "__ascube_transpose_b" + std::to_string(bits);
  Value tSF = constTable(b, module, et + "_srcfrac", eSrcF);
  Value tSI = constTable(b, module, et + "_srcin", eSrcIn);
  Value tDF = constTable(b, module, et + "_dstfrac", eDstF);
  Value tDI = constTable(b, module, et + "_dstin", eDstIn);
  im.forRange(int64_t(squares.size()), [&](Value i) {
    Value first = im.mul(i, n);
    im.forRange(n * f, [&](Value e) {
      Value sp = im.add(
          sOff, im.add(im.mul(entry(srcTab, im.add(first, entry(tSF, e))), f),
                       entry(tSI, e)));
      Value dp = im.add(
          dOff, im.add(im.mul(entry(dstTab, im.add(first, entry(tDF, e))), f),
                       entry(tDI, e)));
      if (bits == 4) {
        storeNibble(im, loadNibble(im, src, sp), dst, dp);
        return;
      }
      storeElement(b, memref::LoadOp::create(b, src, sp), dst, dp);
    });
  });
}

/// LoadDataWithTranspose V1 (§7) and LoadData 2D-v2 (§8): their squares,
/// each a call of the module's shared square transpose (squareFn) with the
/// source and destination fractals' offsets (load-2d.mlir).
///
/// BEFORE:
///   ascube.load_2d_transpose %l1 to %b {startIndex = 0, repeatTimes = 2}
///       : memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
///         to memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
/// AFTER:
///   memref.global "private" constant @__ascube_squares_src : ... = [0, 1]
///   memref.global "private" constant @__ascube_squares_dst : ... = [0, 1]
///   scf.for %i = %c0 to %c2 step %c1 {
///     %s = <square %i's source fractal> ; %d = <its destination fractal>
///     func.call @<b16 square transpose>(%l1, %s * 256, %b, %d * 256)
///   }
template <typename OpT> struct SquareMoverLowering : AscubePattern<OpT> {
  using AscubePattern<OpT>::AscubePattern;
  using Adaptor = typename AscubePattern<OpT>::OpAdaptor;

  static FailureOr<std::pair<SmallVector<FractalSquare>, bool>>
  squaresOf(OpT op);

  LogicalResult
  matchAndRewrite(OpT op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto squares = squaresOf(op);
    if (failed(squares))
      return failure();
    if (!squares->first.empty()) {
      ImplicitLocOpBuilder b(op.getLoc(), rewriter);
      IndexMath im = this->indexMath(b);
      moveSquares(im, op->template getParentOfType<ModuleOp>(),
                  flatten(b, adaptor.getSrc()), flatten(b, adaptor.getDst()),
                  baseOffset(im, adaptor.getSrcOffset()),
                  baseOffset(im, adaptor.getDstOffset()), squares->first,
                  this->elemOf(op.getSrc()), squares->second);
    }
    rewriter.eraseOp(op); // no squares: a no-op
    return success();
  }
};

template <>
FailureOr<std::pair<SmallVector<FractalSquare>, bool>>
SquareMoverLowering<Load2DTransposeOp>::squaresOf(Load2DTransposeOp op) {
  FailureOr<Load2DTransposeParams> p =
      getLoad2DTransposeParams(op, [&] { return op.emitOpError(); });
  if (failed(p))
    return failure();
  return std::make_pair(getLoad2DTransposeSquares(*p), true);
}

template <>
FailureOr<std::pair<SmallVector<FractalSquare>, bool>>
SquareMoverLowering<Load2DV2Op>::squaresOf(Load2DV2Op op) {
  FailureOr<Load2DV2Params> p =
      getLoad2DV2Params(op, [&] { return op.emitOpError(); });
  if (failed(p))
    return failure();
  unsigned bits = *getElementBitWidth(elemOf(op.getSrc()));
  return std::make_pair(getLoad2DV2Squares(*p, bits), p->ifTranspose);
}

/// LoadDataWithSparse (§12): B' fractals to L0B, index fractals to the
/// hidden index buffer at the destination's L0B byte address / 4.
///
/// BEFORE:
///   ascube.load_sparse %l1, %idx to %b : ... to memref<..., Zn, L0B>
/// AFTER:
///   <the B' fractals' element loop, as LoadData 2D's>
///   <the index bytes' loop into memref.get_global @__ascube_sparse_index>
struct LoadSparseLowering : AscubePattern<LoadSparseOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(LoadSparseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LoadSparseParams> p =
        getLoadSparseParams(op, [&] { return op.emitOpError(); });
    auto base = op->getAttrOfType<IntegerAttr>(kIndexBaseAttr);
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value ib = sparseIndexBuffer(b, op);
    if (failed(p) || !base || !ib)
      return failure();
    IndexMath im = indexMath(b);
    Value src = flatten(b, adaptor.getSrc()),
          idx = flatten(b, adaptor.getIdx());
    Value dst = flatten(b, adaptor.getDst());
    Value sOff = baseOffset(im, adaptor.getSrcOffset());
    Value dOff = baseOffset(im, adaptor.getDstOffset());
    Value iBase = im.add(im.div(dOff, 4), base.getInt());
    im.forRange(p->repeatTimes, [&](Value i) {
      Value frac = im.add(i, p->startIndex);
      copyRun(im, src, im.add(sOff, im.mul(frac, 512)), dst,
              im.add(dOff, im.mul(i, 512)), 512);
      copyRun(im, idx, im.mul(frac, 128), ib, im.add(iBase, im.mul(i, 128)),
              128);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// LoadData MX (§9): the data squares as LoadData 2D-v2, then 32 B scale
/// fractals copied as they are.
///
/// BEFORE:
///   ascube.load_mx %a1, %sa1 to %a0, %sa0 : ... (fp4 data, e8m0 scales)
/// AFTER:
///   <the data squares: calls of the shared square function, as 2D-v2>
///   <the scale fractals: one loop of 32 B copies into L0A_MX>
struct LoadMxLowering : AscubePattern<LoadMxOp> {
  using AscubePattern::AscubePattern;
  LogicalResult
  matchAndRewrite(LoadMxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LoadMxParams> p =
        getLoadMxParams(op, [&] { return op.emitOpError(); });
    if (failed(p))
      return failure();
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    IndexMath im = indexMath(b);
    Type et = elemOf(op.getSrc());
    SmallVector<FractalSquare> squares =
        getLoad2DV2Squares(p->data, *getElementBitWidth(et));
    if (!squares.empty())
      moveSquares(im, op->getParentOfType<ModuleOp>(),
                  flatten(b, adaptor.getSrc()), flatten(b, adaptor.getDst()),
                  baseOffset(im, adaptor.getSrcOffset()),
                  baseOffset(im, adaptor.getDstOffset()), squares, et,
                  p->data.ifTranspose);
    Value s = flatten(b, adaptor.getScale());
    Value d = flatten(b, adaptor.getScaleDst());
    int64_t start = p->xStartPosition * p->srcStride + p->yStartPosition;
    im.forRange(p->xStep, [&](Value x) {
      im.forRange(p->yStep, [&](Value y) {
        copyRun(im, s,
                im.mul(im.add(im.add(im.mul(x, p->srcStride), y), start), 32),
                d, im.mul(im.add(im.mul(x, p->dstStride), y), 32), 32);
      });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void ascube::lowering::populateLoadData2DToLoopsPatterns(
    TypeConverter &types, RewritePatternSet &patterns,
    const AscubeToLoopsOptions &options) {
  patterns
      .add<Load2DLowering, SquareMoverLowering<Load2DTransposeOp>,
           SquareMoverLowering<Load2DV2Op>, LoadSparseLowering, LoadMxLowering>(
          types, patterns.getContext(), options);
}
