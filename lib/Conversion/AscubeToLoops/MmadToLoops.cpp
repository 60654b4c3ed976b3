//===- MmadToLoops.cpp - Mmad family on the CPU ---------------------------===//
//
// mmad, mmad_sparse and mmad_mx (cube-reference §13-§15) in the documented
// order: each product formed in f32 (or exactly, for integers), accumulated
// one k at a time from C, bias or zero, saturated where the result is
// written. Float mmad and mmad_mx run as vector micro-kernels over packed
// operands (emitMicroKernels; bf16 mmad and mmad_mx fused where a run's
// operands keep every product exact, productsInRange and mxProductsExact),
// integer mmad as a dot-product form over i16
// pairs or bytes (emitIntegerDotKernels, MmadIntegerDot.cpp; the shared
// MatmulSpec in MatmulKernels.h); both give the same bits as the plain loops
// (emitReferenceLoops, the pass option `reference`); mmad_sparse, whose A
// element depends on the column, runs as the plain loops.
//
//===----------------------------------------------------------------------===//

#include "FloatCasts.h"
#include "LoweringUtils.h"
#include "MatmulKernels.h"
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
#include <cmath>
#include <functional>

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
        Value sum = reduceRange(b, p->k / 4, init, [&](Value grp, Value acc) {
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

/// The reference semantics: for each (i, j), a loop over k in order with a
/// separate multiply and add (integers in i64).
void emitReferenceLoops(ImplicitLocOpBuilder &b, const MatmulSpec &s) {
  forRange(b, s.m, [&](Value i) {
    forRange(b, s.n, [&](Value j) {
      Value init = s.init(i, j);
      Value sum = reduceRange(b, s.k, init, [&](Value kk, Value acc) {
        Value av = s.a(i, kk), bv = s.b(kk, j);
        return s.isFloat ? Value(arith::AddFOp::create(
                               b, acc, arith::MulFOp::create(b, av, bv)))
                         : Value(arith::AddIOp::create(
                               b, acc, arith::MulIOp::create(b, av, bv)));
      });
      s.finish(i, j, sum);
    });
  });
}

/// A run of elements as loaded (`v`, their storage type) widened to `w`
/// (f32, or i16 for 8-bit integers) as loadWide widens one: f16 converted, bf16
/// shifted into the top half, f32 as is, integers sign- or zero-extended
/// (8-bit integers kept as bytes where `w` is i8).
Value widenRun(ImplicitLocOpBuilder &b, Value v, Type logical, Type w) {
  auto vt = cast<VectorType>(v.getType());
  if (vt.getElementType() == w)
    return v;
  auto to = [&](Type e) { return VectorType::get(vt.getShape(), e); };
  if (logical.isF16())
    return arith::ExtFOp::create(
        b, to(w), Value(arith::BitcastOp::create(b, to(b.getF16Type()), v)));
  if (logical.isBF16()) {
    Value x = arith::ExtUIOp::create(b, to(b.getI32Type()), v);
    Value sixteen = arith::ConstantOp::create(
        b, DenseElementsAttr::get(to(b.getI32Type()),
                                  b.getI32IntegerAttr(16).getValue()));
    return arith::BitcastOp::create(
        b, to(w), Value(arith::ShLIOp::create(b, x, sixteen)));
  }
  if (logical.isF32())
    return v;
  if (logical.isUnsignedInteger())
    return arith::ExtUIOp::create(b, to(w), v);
  return arith::ExtSIOp::create(b, to(w), v);
}

} // namespace

/// The packing of one group of 16 lines at one run of k (packLines), a
/// function of the module shared by every Mmad that packs such runs
/// (`__ascube_pack16_<storage>_<logical>_<w>_<len>`): the 16 runs of `len`
/// elements at src[at_r] (r < 16), widened to `w`, transposed in registers
/// and stored as `len` vectors of 16, at dst[to + 16 e]. Shared, the vector
/// shuffles of the transpose are compiled once per kind rather than once
/// per Mmad shape (LLVM's instruction selection of them was most of a
/// GEMM's compile time). Kept out of line (noinline).
func::FuncOp packGroupFn(ImplicitLocOpBuilder &b, Type storage, Type logical,
                         Type w, int64_t len) {
  std::string name;
  {
    llvm::raw_string_ostream os(name);
    os << "__ascube_pack16_" << storage << "_" << logical << "_" << w << "_"
       << len;
  }
  SmallVector<Type> args{contiguousRun(storage)};
  args.append(kTransposeLines, b.getIndexType());
  args.append({contiguousRun(w), b.getIndexType()});
  return sharedFunction(
      b, name, b.getFunctionType(args, {}),
      [&](ImplicitLocOpBuilder &fb, func::FuncOp f) {
        Value src = f.getArgument(0), dst = f.getArgument(kTransposeLines + 1),
              to = f.getArgument(kTransposeLines + 2);
        auto vt = VectorType::get({len}, storage);
        SmallVector<Value> rows;
        for (int64_t r = 0; r < kTransposeLines; ++r) {
          Value v = vector::LoadOp::create(fb, vt, src,
                                           ValueRange{f.getArgument(1 + r)});
          rows.push_back(widenRun(fb, v, logical, w));
        }
        transposeRuns(fb, rows, [&](int64_t e, Value v) {
          Value at = arith::AddIOp::create(
              fb, to, arith::ConstantIndexOp::create(fb, e * kTransposeLines));
          vector::StoreOp::create(fb, v, dst, ValueRange{at});
        });
      });
}

void ascube::lowering::packLines(
    ImplicitLocOpBuilder &b, Value dst, Type w, int64_t lines, int64_t k,
    const std::optional<MatmulSpec::Lines> &runs,
    llvm::function_ref<Value(Value line, Value kk)> value,
    llvm::function_ref<Value(Value line, Value kk)> position, int64_t stride) {
  IndexMath im{b};
  if (!runs) {
    forRange(b, lines, [&](Value t) {
      forRange(b, k, [&](Value kk) {
        Value x = value(t, kk);
        if (isa<IntegerType>(w))
          x = arith::TruncIOp::create(b, w, x);
        memref::StoreOp::create(b, x, dst, position(t, kk));
      });
    });
    return;
  }
  int64_t c0 = runs->c0;
  // Whole groups of `stride` lines (stride 16): their 16 runs at a k are
  // transposed in registers, then stored as vectors of 16 lines each.
  int64_t groups = stride == kTransposeLines ? lines / stride : 0;
  auto packRuns = [&](int64_t k1Lo, int64_t k1Hi, int64_t len) {
    if (k1Lo >= k1Hi || len == 0)
      return;
    Type st = getStorage(runs->logical).type;
    auto vt = VectorType::get({len}, st);
    // For each k1 in [k1Lo, k1Hi): body(kk = k1 * c0).
    auto overRuns = [&](llvm::function_ref<void(Value kk)> body) {
      auto loop = scf::ForOp::create(b, im.c(k1Lo), im.c(k1Hi), im.c(1));
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(loop.getBody());
      body(im.mul(loop.getInductionVar(), c0));
    };
    auto load = [&](Value t, Value kk) {
      Value v = vector::LoadOp::create(b, vt, runs->buf,
                                       ValueRange{runs->index(t, kk)});
      return widenRun(b, v, runs->logical, w);
    };
    if (groups > 0) {
      func::FuncOp fn = packGroupFn(b, st, runs->logical, w, len);
      FunctionType ft = fn.getFunctionType();
      Value from = memref::CastOp::create(b, ft.getInput(0), runs->buf);
      Value into =
          memref::CastOp::create(b, ft.getInput(kTransposeLines + 1), dst);
      forRange(b, groups, [&](Value g) {
        Value line0 = im.mul(g, stride);
        overRuns([&](Value kk) {
          // (position(line0, kk + e) = position(line0, kk) + 16 e.)
          SmallVector<Value> operands{from};
          for (int64_t r = 0; r < stride; ++r)
            operands.push_back(runs->index(im.add(line0, r), kk));
          operands.append({into, position(line0, kk)});
          func::CallOp::create(b, fn, operands);
        });
      });
    }
    // The other lines (all of them but with stride 16): a run's elements
    // stored one by one, `stride` apart (or as one vector, stride 1).
    forRange(b, lines - groups * stride, [&](Value t0) {
      Value t = im.add(t0, groups * stride);
      overRuns([&](Value kk) {
        Value v = load(t, kk);
        Value at = position(t, kk);
        if (stride == 1) { // a run stays a run
          vector::StoreOp::create(b, v, dst, ValueRange{at});
          return;
        }
        for (int64_t e = 0; e < len; ++e) {
          // One statement per op: the IR's order is not the C++ compiler's.
          Value to = im.add(at, e * stride);
          Value x = vector::ExtractOp::create(b, v, e);
          memref::StoreOp::create(b, x, dst, to);
        }
      });
    });
  };
  packRuns(0, k / c0, c0);
  packRuns(k / c0, k / c0 + 1, k % c0);
}

void ascube::lowering::forTileKinds(
    int64_t m, int64_t n, int64_t rows, int64_t cols,
    llvm::function_ref<void(int64_t, int64_t, int64_t, int64_t, int64_t,
                            int64_t)>
        body) {
  int64_t mFull = m / rows, mTail = m % rows;
  int64_t nFull = n / cols, nTail = n % cols;
  body(0, mFull, rows, 0, nFull, cols);
  body(0, mFull, rows, nFull, nFull + 1, nTail);
  body(mFull, mFull + 1, mTail, 0, nFull, cols);
  body(mFull, mFull + 1, mTail, nFull, nFull + 1, nTail);
}

namespace {
/// The smallest biased exponent field of the nonzero f32 values in
/// buf[0, count) (255 if none) and the largest of all (count a multiple of
/// 16): one vector pass.
std::pair<Value, Value> exponentRange(ImplicitLocOpBuilder &b, Value buf,
                                      int64_t count) {
  IndexMath im{b};
  auto vf = VectorType::get({16}, b.getF32Type());
  auto vi = VectorType::get({16}, b.getI32Type());
  auto splat = [&](int64_t v) { return splatInt(b, vi, v); };
  Value all = splat(255);
  auto loop = scf::ForOp::create(b, im.c(0), im.c(count), im.c(16),
                                 ValueRange{all, splat(0)});
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    Value v =
        vector::LoadOp::create(b, vf, buf, ValueRange{loop.getInductionVar()});
    Value bits = arith::BitcastOp::create(b, vi, v);
    Value e = arith::AndIOp::create(
        b, Value(arith::ShRUIOp::create(b, bits, splat(23))), all);
    Value magnitude = arith::AndIOp::create(b, bits, splat(0x7FFFFFFF));
    Value nonzero =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ne, magnitude, splat(0));
    Value lo = arith::MinUIOp::create(
        b, loop.getRegionIterArgs()[0],
        Value(arith::SelectOp::create(b, nonzero, e, all)));
    Value hi = arith::MaxUIOp::create(b, loop.getRegionIterArgs()[1], e);
    scf::YieldOp::create(b, ValueRange{lo, hi});
  }
  return {vector::ReductionOp::create(b, vector::CombiningKind::MINUI,
                                      loop.getResult(0)),
          vector::ReductionOp::create(b, vector::CombiningKind::MAXUI,
                                      loop.getResult(1))};
}

/// Whether every product of a nonzero element of packed A (pa) and one of
/// packed B (pb) is a normal f32 below 2^128: with exponent fields ea, eb
/// (1 .. 254: normal; a subnormal, infinite or NaN operand takes the
/// unfused form) a product lies in
/// [2^(ea + eb - 254), 2^(ea + eb - 252)), so ea + eb >= 128 at the least
/// and <= 380 at the most. Such a product of two bf16 values (8
/// significant bits each) is exact in f32.
Value productsInRange(ImplicitLocOpBuilder &b, Value pa, int64_t countA,
                      Value pb, int64_t countB) {
  auto [aLo, aHi] = exponentRange(b, pa, countA);
  auto [bLo, bHi] = exponentRange(b, pb, countB);
  Type i32 = b.getI32Type();
  auto c = [&](int64_t v) { return arith::ConstantIntOp::create(b, i32, v); };
  using P = arith::CmpIPredicate;
  Value ok =
      arith::AndIOp::create(b, arith::CmpIOp::create(b, P::uge, aLo, c(1)),
                            arith::CmpIOp::create(b, P::uge, bLo, c(1)));
  ok = arith::AndIOp::create(
      b, ok,
      arith::AndIOp::create(b, arith::CmpIOp::create(b, P::ule, aHi, c(254)),
                            arith::CmpIOp::create(b, P::ule, bHi, c(254))));
  ok = arith::AndIOp::create(
      b, ok,
      arith::CmpIOp::create(b, P::uge, arith::AddIOp::create(b, aLo, bLo),
                            c(128)));
  return arith::AndIOp::create(
      b, ok,
      arith::CmpIOp::create(b, P::ule, arith::AddIOp::create(b, aHi, bHi),
                            c(380)));
}

/// The register micro-kernel of one `rows` x `lanes` output tile, a
/// function of the module shared by every float Mmad that has tiles of
/// that kind (`__ascube_microkernel_<rows>x<lanes>[_fused]`): for each kk in
/// [0, k), in order, one row vector of packed B (pb[bRow + 16 kk ..]) and,
/// per row r, packed A's element (pa[aRow + r k + kk]) broadcast,
/// multiplied and added lane by lane (fused where `fused`) onto the tile's
/// rows, which start as and end in c[cBase + 16 r ..]. Its operands are the
/// run-time values of one tile, so a module's Mmads of many shapes compile
/// it once (an Mmad of each tail shape once took its own copies of the
/// kernels: most of the compile time of a GEMM with tails in M, N and K).
/// Kept out of line (noinline) for the same reason.
func::FuncOp microKernel(ImplicitLocOpBuilder &b, int64_t rows, int64_t lanes,
                         bool fused) {
  std::string name = "__ascube_microkernel_" + std::to_string(rows) + "x" +
                     std::to_string(lanes) + (fused ? "_fused" : "");
  Type w = b.getF32Type();
  // (Whole scratch buffers, not runs of another buffer: no offset.)
  auto buf = MemRefType::get({ShapedType::kDynamic}, w);
  Type index = b.getIndexType();
  auto type =
      b.getFunctionType({buf, index, buf, index, index, buf, index}, {});
  return sharedFunction(
      b, name, type, [&](ImplicitLocOpBuilder &fb, func::FuncOp f) {
        Value pa = f.getArgument(0), aRow = f.getArgument(1),
              pb = f.getArgument(2), bRow = f.getArgument(3),
              k = f.getArgument(4), c = f.getArgument(5),
              cBase = f.getArgument(6);
        constexpr int64_t T = 16;
        auto idx = [&](int64_t v) {
          return arith::ConstantIndexOp::create(fb, v);
        };
        auto add = [&](Value x, Value y) -> Value {
          return arith::AddIOp::create(fb, x, y);
        };
        auto mul = [&](Value x, Value y) -> Value {
          return arith::MulIOp::create(fb, x, y);
        };
        auto vt = VectorType::get({lanes}, w);
        SmallVector<Value> accs, rowAt;
        for (int64_t r = 0; r < rows; ++r) {
          rowAt.push_back(add(cBase, idx(r * T)));
          accs.push_back(
              vector::LoadOp::create(fb, vt, c, ValueRange{rowAt[r]}));
        }
        auto kLoop = scf::ForOp::create(fb, idx(0), k, idx(1), accs);
        {
          OpBuilder::InsertionGuard g(fb);
          fb.setInsertionPointToStart(kLoop.getBody());
          Value kk = kLoop.getInductionVar();
          Value bv = vector::LoadOp::create(
              fb, vt, pb, ValueRange{add(bRow, mul(kk, idx(T)))});
          // Row r of A at kk: aRow + r * k + kk.
          Value aAt = add(aRow, kk);
          SmallVector<Value> next;
          for (int64_t r = 0; r < rows; ++r) {
            Value av = vector::BroadcastOp::create(
                fb, vt,
                memref::LoadOp::create(fb, pa,
                                       ValueRange{add(aAt, mul(idx(r), k))})
                    .getResult());
            Value acc = kLoop.getRegionIterArgs()[r];
            if (fused) {
              next.push_back(vector::FMAOp::create(fb, av, bv, acc));
              continue;
            }
            Value prod = arith::MulFOp::create(fb, av, bv);
            next.push_back(arith::AddFOp::create(fb, acc, prod));
          }
          scf::YieldOp::create(fb, next);
        }
        for (int64_t r = 0; r < rows; ++r)
          vector::StoreOp::create(fb, kLoop.getResult(r), c,
                                  ValueRange{rowAt[r]});
      });
}

/// The fast form of float matmuls, the same bits: the widened operands
/// (f32) are packed once into
/// plain scratch arrays (A as [m][k], its runs of k copied as vectors; B as
/// [n/16][k][16], its whole groups of 16 columns transposed in registers,
/// packLines), then each
/// 16 x 16 output tile is a register micro-kernel — 16 row vectors over n,
/// and for each k in order one B row vector and, per row, A broadcast,
/// multiplied and added lane by lane (fused only where every product is
/// exact: s.exactProducts, or where this run's s.exactWhen holds; nothing
/// re-associated along k). Tails in m and n
/// get tiles of fewer rows or lanes. The sums start from init, in C's own
/// storage (s.direct) or in a scratch C that a scalar loop then writes
/// through s.finish.
void emitMicroKernels(ImplicitLocOpBuilder &b, const MatmulSpec &s) {
  IndexMath im{b};
  constexpr int64_t T = 16; // the output fractal: 16 x 16
  Type w = b.getF32Type();
  int64_t m1 = llvm::divideCeil(s.m, T), n1 = llvm::divideCeil(s.n, T);
  auto scratch = [&](int64_t size) {
    return memref::AllocOp::create(b, MemRefType::get({size}, w)).getResult();
  };
  Value pa = scratch(m1 * T * s.k), pb = scratch(n1 * T * s.k);
  // With a run-time check (s.exactWhen) the rows of A past m and the
  // columns of B past n are zeros, so that a check may read whole vectors
  // (a zero product is exact).
  bool check = s.exactWhen && !s.exactProducts;
  auto zeroFill = [&](Value buf, int64_t from, int64_t to) {
    if (from >= to)
      return;
    auto vt = VectorType::get({T}, w);
    Value zero = arith::ConstantOp::create(
        b, DenseElementsAttr::get(vt, b.getZeroAttr(w)));
    auto loop = scf::ForOp::create(b, im.c(from), im.c(to), im.c(T));
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    vector::StoreOp::create(b, zero, buf, ValueRange{loop.getInductionVar()});
  };
  if (check) {
    zeroFill(pa, s.m * s.k / T * T, m1 * T * s.k);
    zeroFill(pb, s.n / T * T * s.k, n1 * T * s.k);
  }
  const std::optional<MatmulSpec::DirectC> &direct = s.direct;
  Value pc = direct ? Value() : scratch(m1 * n1 * T * T);
  // Packed position of row i (or column j) at k: [i / 16][kk][i % 16].
  auto packed = [&](Value i, Value kk) {
    return im.add(im.mul(im.add(im.mul(im.div(i, T), s.k), kk), T),
                  im.rem(i, T));
  };
  auto cell = [&](Value i, Value j) {
    Value tile = im.add(im.mul(im.div(i, T), n1), im.div(j, T));
    return im.add(im.mul(im.add(im.mul(tile, T), im.rem(i, T)), T),
                  im.rem(j, T));
  };
  // [i / 16][kk][i % 16]: a run's elements 16 apart.
  auto pack = [&](Value dst, int64_t lines,
                  const std::optional<MatmulSpec::Lines> &runs,
                  llvm::function_ref<Value(Value line, Value kk)> value) {
    packLines(b, dst, w, lines, s.k, runs, value, packed, T);
  };
  // A as [i][kk]: the micro-kernel broadcasts its elements one by one, so
  // a row's run of k stays a run (one vector store).
  packLines(
      b, pa, w, s.m, s.k, s.aLines, s.a,
      [&](Value i, Value kk) { return im.add(im.mul(i, s.k), kk); }, 1);
  pack(pb, s.n, s.bLines, [&](Value j, Value kk) { return s.b(kk, j); });
  if (!direct)
    forRange(b, s.m, [&](Value i) {
      forRange(b, s.n, [&](Value j) {
        memref::StoreOp::create(b, s.init(i, j), pc, cell(i, j));
      });
    });

  // Tiles ti in [iLo, iHi) x tj in [jLo, jHi), each `rows` x `lanes`,
  // multiplying and adding fused or apart.
  bool fused = s.exactProducts;
  auto tiles = [&](int64_t iLo, int64_t iHi, int64_t rows, int64_t jLo,
                   int64_t jHi, int64_t lanes) {
    if (iLo >= iHi || jLo >= jHi || rows == 0 || lanes == 0)
      return;
    auto vt = VectorType::get({lanes}, w);
    auto outer = scf::ForOp::create(b, im.c(iLo), im.c(iHi), im.c(1));
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(outer.getBody());
    Value ti = outer.getInductionVar();
    auto inner = scf::ForOp::create(b, im.c(jLo), im.c(jHi), im.c(1));
    b.setInsertionPointToStart(inner.getBody());
    Value tj = inner.getInductionVar();
    // The tile's first element: in the scratch C, or in C's Nz storage.
    Value cBase = direct ? im.mul(im.add(im.mul(tj, direct->cm1), ti), T * T)
                         : im.mul(im.add(im.mul(ti, n1), tj), T * T);
    Value cBuf = direct ? direct->c : pc;
    // The sums start from the tile as it is in cBuf (the scratch C holds
    // init; C in place holds itself) or, in place, from zero or the bias,
    // written there first.
    using Init = MatmulSpec::DirectC::Init;
    if (direct && direct->init != Init::C) {
      Value start = direct->init == Init::Zero
                        ? Value(arith::ConstantOp::create(
                              b, DenseElementsAttr::get(vt, b.getZeroAttr(w))))
                        : Value(vector::LoadOp::create(
                              b, vt, direct->bias, ValueRange{im.mul(tj, T)}));
      for (int64_t r = 0; r < rows; ++r)
        vector::StoreOp::create(b, start, cBuf,
                                ValueRange{im.add(cBase, r * T)});
    }
    // Row ti * 16 + r of A at kk: aRow (= ti * 16 * k) + r * k + kk.
    Value aRow = im.mul(ti, s.k * T), bRow = im.mul(tj, s.k * T);
    auto dyn = MemRefType::get({ShapedType::kDynamic}, w);
    auto asDyn = [&](Value v) {
      return Value(memref::CastOp::create(b, dyn, v));
    };
    func::CallOp::create(b, microKernel(b, rows, lanes, fused),
                         ValueRange{asDyn(pa), aRow, asDyn(pb), bRow, im.c(s.k),
                                    asDyn(cBuf), cBase});
  };
  if (!check) {
    forTileKinds(s.m, s.n, T, T, tiles);
  } else {
    Value exact = s.exactWhen(pa, m1 * T * s.k, pb, n1 * T * s.k);
    auto branch = scf::IfOp::create(b, exact, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&branch.getThenRegion().front());
    fused = true;
    forTileKinds(s.m, s.n, T, T, tiles);
    b.setInsertionPointToStart(&branch.getElseRegion().front());
    fused = false;
    forTileKinds(s.m, s.n, T, T, tiles);
  }

  if (!direct)
    forRange(b, s.m, [&](Value i) {
      forRange(b, s.n, [&](Value j) {
        s.finish(i, j, memref::LoadOp::create(b, pc, cell(i, j)));
      });
    });
  for (Value v : {pa, pb, pc})
    if (v)
      memref::DeallocOp::create(b, v);
}

/// The reference loops, the integer dot-product form (s.i16Pairs) or the
/// float micro-kernels.
void emitMatmul(ImplicitLocOpBuilder &b, const MatmulSpec &s, bool reference,
                bool vnni) {
  if (reference || (!s.isFloat && !s.i16Pairs))
    emitReferenceLoops(b, s);
  else if (!s.isFloat)
    emitIntegerDotKernels(b, s, vnni);
  else
    emitMicroKernels(b, s);
}

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

/// The magnitudes of MX data of type `t` (fp8 e4m3fn / e5m2, fp4 e2m1 /
/// e1m2), read off the model's decode table (numerics::decodeSmallFloat):
/// every nonzero finite |x| lies in [2^lo, 2^hi) and has at most 12
/// significant bits. nullopt for any other type.
std::optional<std::pair<int, int>> mxMagnitudes(Type t) {
  using numerics::SmallFloat;
  std::optional<SmallFloat> f = smallFloatOf(t);
  if (!f || *f == SmallFloat::F8E8M0 || *f == SmallFloat::HiF8)
    return std::nullopt;
  bool fp4 = *f == SmallFloat::F4E2M1 || *f == SmallFloat::F4E1M2;
  int lo = INT_MAX, hi = INT_MIN;
  for (int code = 0; code < (fp4 ? 16 : 256); ++code) {
    double v = std::fabs(double(numerics::decodeSmallFloat(*f, code)));
    if (!(v > 0) || std::isinf(v))
      continue;
    int e;
    double m = std::frexp(v, &e); // v = m 2^e, m in [0.5, 1)
    if (std::ldexp(m, 12) != std::floor(std::ldexp(m, 12)))
      return std::nullopt;
    lo = std::min(lo, e - 1);
    hi = std::max(hi, e);
  }
  return std::make_pair(lo, hi);
}

/// Whether every scaled operand (x * 2^(e - 127)) of an MmadMx and every
/// product of two is zero, infinite, NaN or a normal f32 of at most 24
/// significant bits — exact in f32, so that a fused multiply-add gives the
/// bits of the separate multiply and add. Checked at run time from the
/// smallest and largest scale codes each operand's `count` scales hold
/// (`scale(iv)`: the iv-th, as loaded), against the data's magnitudes
/// (mxMagnitudes: |a| in [2^la, 2^ha)): products lie in
/// [2^(la + lb + ea + eb - 254), 2^(ha + hb + ea + eb - 254)), which must
/// stay within [2^-126, 2^128), and each scaled operand within [2^-126,
/// 2^128). A NaN scale (code 255) takes the unfused form.
Value mxProductsExact(ImplicitLocOpBuilder &b, std::pair<int, int> ra,
                      std::pair<int, int> rb, int64_t countA,
                      llvm::function_ref<Value(Value)> scaleA, int64_t countB,
                      llvm::function_ref<Value(Value)> scaleB) {
  Type i32 = b.getI32Type();
  auto c32 = [&](int64_t v) { return arith::ConstantIntOp::create(b, i32, v); };
  // The smallest and the largest code (0 .. 255).
  auto range = [&](int64_t count, llvm::function_ref<Value(Value)> scale) {
    auto code = [&](Value iv) -> Value {
      Value x = scale(iv);
      Type bits = b.getIntegerType(x.getType().getIntOrFloatBitWidth());
      if (x.getType() != bits)
        x = arith::BitcastOp::create(b, bits, x);
      return arith::ExtUIOp::create(b, i32, x);
    };
    Value lo = reduceRange(b, count, c32(255), [&](Value iv, Value acc) {
      return arith::MinUIOp::create(b, acc, code(iv));
    });
    Value hi = reduceRange(b, count, c32(0), [&](Value iv, Value acc) {
      return arith::MaxUIOp::create(b, acc, code(iv));
    });
    return std::make_pair(lo, hi);
  };
  auto [aLo, aHi] = range(countA, scaleA);
  auto [bLo, bHi] = range(countB, scaleB);
  using P = arith::CmpIPredicate;
  auto atLeast = [&](Value v, int64_t bound) -> Value {
    return arith::CmpIOp::create(b, P::sge, v, c32(bound));
  };
  auto atMost = [&](Value v, int64_t bound) -> Value {
    return arith::CmpIOp::create(b, P::sle, v, c32(bound));
  };
  // Each scaled operand a normal f32 below 2^128 and no scale NaN (code
  // 255): la + ea - 127 >= -126, ha + ea - 127 <= 128, ea <= 254 (b alike);
  // la + lb + ea + eb - 254 >= -126, ha + hb + ea + eb - 254 <= 128.
  Value ok = arith::AndIOp::create(b, atLeast(aLo, 1 - ra.first),
                                   atLeast(bLo, 1 - rb.first));
  ok = arith::AndIOp::create(
      b, ok,
      arith::AndIOp::create(b, atMost(aHi, std::min(254, 255 - ra.second)),
                            atMost(bHi, std::min(254, 255 - rb.second))));
  ok = arith::AndIOp::create(
      b, ok,
      atLeast(arith::AddIOp::create(b, aLo, bLo), 128 - ra.first - rb.first));
  return arith::AndIOp::create(
      b, ok,
      atMost(arith::AddIOp::create(b, aHi, bHi), 382 - ra.second - rb.second));
}

/// MmadMx (§15): each operand scaled by 2^(e8m0 - 127) per 32 K elements.
struct MmadMxLowering : AscubePattern<MmadMxOp> {
  MmadMxLowering(TypeConverter &types, MLIRContext *ctx, bool reference)
      : AscubePattern(types, ctx), reference(reference) {}
  bool reference;
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
      return arith::MulFOp::create(b, loadWide(b, module, A, aIdx, at),
                                   loadWide(b, module, SA, saIdx, st));
    };
    s.b = [&](Value kk, Value j) {
      Value bIdx =
          layout::matrixOffset(im, Format::Zn, {c0, 16}, p->k, n1 * 16, kk, j);
      Value sbIdx = layout::matrixOffset(im, Format::ScaleB, {2, 16}, 2 * k2,
                                         n1 * 16, im.div(kk, 32), j);
      return arith::MulFOp::create(b, loadWide(b, module, B, bIdx, bt),
                                   loadWide(b, module, SB, sbIdx, st));
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
            b, *ra, *rb, p->m * groups,
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
    emitMatmul(b, s, reference, /*vnni=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Mmad (§13).
struct MmadLowering : AscubePattern<MmadOp> {
  MmadLowering(TypeConverter &types, MLIRContext *ctx, bool reference,
               bool vnni)
      : AscubePattern(types, ctx), reference(reference), vnni(vnni) {}
  bool reference, vnni;
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
      return round(loadWide(b, module, A, aIndex(i, kk), at));
    };
    s.b = [&](Value kk, Value j) {
      return round(loadWide(b, module, B, bIndex(kk, j), bt));
    };
    s.init = [&](Value i, Value j) -> Value {
      if (p->cmatrixInitVal)
        return arith::ConstantOp::create(b, b.getZeroAttr(wide));
      if (p->cmatrixSource)
        return loadWide(b, module, bias, j, elemOf(op.getBias()));
      return loadWide(b, module, C, cIdx(i, j), ct);
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
    emitMatmul(b, s, reference, vnni);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void ascube::lowering::populateMmadToLoopsPatterns(TypeConverter &types,
                                                   RewritePatternSet &patterns,
                                                   bool reference,
                                                   bool x86Vnni) {
  patterns.add<MmadSparseLowering>(types, patterns.getContext());
  patterns.add<MmadMxLowering>(types, patterns.getContext(), reference);
  patterns.add<MmadLowering>(types, patterns.getContext(), reference, x86Vnni);
}
