//===- MmadIntegerDot.cpp - Integer mmad as a dot-product form
//-------------===//
//
// Integer mmads whose sums cannot overflow i32 (MatmulSpec::i16Pairs), in
// any order since integer sums are exact: i16 pairs (pmaddwd) or, with
// AVX-512 VNNI, bytes by vpdpbusd; the same bits as the reference loops
// (MmadToLoops.cpp, docs/Rationale.md "Speed without giving up a bit").
//
//===----------------------------------------------------------------------===//

#include "IndexMath.h"
#include "MatmulKernels.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;

namespace {

/// The lane sums of N vectors of N integer lanes (N a power of two) as one
/// vector, lane t the sum of vs[t]: halves of pairs of vectors are added
/// level by level (N - 1 shuffle pairs and adds, where N reductions would
/// take N log2 N). Integer sums: the order is free.
Value sumLanes(ImplicitLocOpBuilder &b, ArrayRef<Value> vs) {
  SmallVector<Value> level(vs);
  int64_t n = level.size();
  for (int64_t width = n / 2; width >= 1; width /= 2) {
    // Each vector holds groups of 2 width lanes, one per source vector in
    // order; each group of x, then each of y, becomes `width` lanes.
    SmallVector<int64_t> lo, hi;
    for (int64_t side : {int64_t(0), n})
      for (int64_t g = 0; g < n; g += 2 * width)
        for (int64_t l = 0; l < width; ++l) {
          lo.push_back(side + g + l);
          hi.push_back(side + g + width + l);
        }
    SmallVector<Value> next;
    for (size_t v = 0; v + 1 < level.size(); v += 2) {
      Value x = level[v], y = level[v + 1];
      Value a = vector::ShuffleOp::create(b, x, y, lo);
      Value c = vector::ShuffleOp::create(b, x, y, hi);
      next.push_back(arith::AddIOp::create(b, a, c));
    }
    level = std::move(next);
  }
  return level.front();
}

/// Writes a block of `rows` x (16 / rows) i32 sums from zero (`sums`, row
/// by row) at (i0, j0) of the s32 C of `d` (Nz, d.cm1 fractal rows): each
/// row's elements are contiguous (j0 a multiple of 16 / rows); the bias or
/// C added in i64 and saturated, as the reference does, on all 16 lanes at
/// once.
void storeBlock(IndexMath &im, const MatmulSpec::DirectC &d, Value i0, Value j0,
                int64_t rows, Value sums) {
  ImplicitLocOpBuilder &b = im.b;
  using Init = MatmulSpec::DirectC::Init;
  int64_t cols = 16 / rows;
  auto vt = VectorType::get({cols}, b.getI32Type());
  // One statement per op: the IR's order is not the C++ compiler's.
  Value column = im.mul(im.div(j0, 16), d.cm1);
  Value fractal = im.add(column, im.div(i0, 16));
  Value rowOf = im.mul(im.rem(i0, 16), 16);
  Value fractalRow = im.add(im.mul(fractal, 256), rowOf);
  Value first = im.add(fractalRow, im.rem(j0, 16));
  SmallVector<Value> at;
  for (int64_t r = 0; r < rows; ++r)
    at.push_back(im.add(first, r * 16));
  if (d.init != Init::Zero) {
    SmallVector<Value> init;
    for (int64_t r = 0; r < rows; ++r)
      init.push_back(
          d.init == Init::Bias
              ? vector::LoadOp::create(b, vt, d.bias, ValueRange{j0})
              : vector::LoadOp::create(b, vt, d.c, ValueRange{at[r]}));
    // The rows side by side in one vector of 16, as `sums`.
    while (init.size() > 1) {
      int64_t w = cast<VectorType>(init[0].getType()).getNumElements();
      SmallVector<int64_t> both = llvm::to_vector(llvm::seq<int64_t>(0, 2 * w));
      SmallVector<Value> next;
      for (size_t v = 0; v < init.size(); v += 2)
        next.push_back(
            vector::ShuffleOp::create(b, init[v], init[v + 1], both));
      init = std::move(next);
    }
    auto wt = VectorType::get({16}, b.getI64Type());
    auto splat = [&](int64_t v) {
      return arith::ConstantOp::create(
          b, DenseElementsAttr::get(wt, b.getI64IntegerAttr(v).getValue()));
    };
    Value wideInit = arith::ExtSIOp::create(b, wt, init.front());
    Value wideSums = arith::ExtSIOp::create(b, wt, sums);
    Value x = arith::AddIOp::create(b, wideInit, wideSums);
    x = arith::MaxSIOp::create(b, x, splat(INT32_MIN));
    x = arith::MinSIOp::create(b, x, splat(INT32_MAX));
    sums = arith::TruncIOp::create(b, sums.getType(), x);
  }
  for (int64_t r = 0; r < rows; ++r) {
    Value row = sums;
    if (rows > 1)
      row = vector::ExtractStridedSliceOp::create(
          b, sums, ArrayRef<int64_t>{cols * r}, ArrayRef<int64_t>{cols},
          ArrayRef<int64_t>{1});
    vector::StoreOp::create(b, row, d.c, ValueRange{at[r]});
  }
}

} // namespace

void ascube::lowering::emitIntegerDotKernels(IndexMath &im, const MatmulSpec &s,
                                             bool vnni) {
  ImplicitLocOpBuilder &b = im.b;
  bool aSigned = !s.aType.isUnsignedInteger(),
       bSigned = !s.bType.isUnsignedInteger();
  vnni = vnni && !(aSigned && !bSigned);
  // Elements per step (i16, or bytes with VNNI); rows and columns per
  // block (R x Q = 16 sums, a vector).
  const int64_t V = vnni ? 64 : 32;
  constexpr int64_t R = 4, Q = 16 / R;
  Type i16 = b.getI16Type(), i32 = b.getI32Type(), i8 = b.getI8Type();
  Type lineType = vnni ? i8 : i16;
  int64_t kp = llvm::alignTo(s.k, V);
  auto alloc = [&](int64_t lines) {
    return memref::AllocOp::create(b, MemRefType::get({lines * kp}, lineType))
        .getResult();
  };
  Value pa = alloc(s.m), pb = alloc(s.n);
  auto position = [&](Value t, Value kk) { return im.add(im.mul(t, kp), kk); };
  packLines(im, pa, lineType, s.m, s.k, s.aLines, s.a, position, 1);
  packLines(
      im, pb, lineType, s.n, s.k, s.bLines,
      [&](Value j, Value kk) { return s.b(kk, j); }, position, 1);
  if (kp > s.k) {
    Value zero = arith::ConstantOp::create(b, b.getZeroAttr(lineType));
    for (auto pair : {std::pair{pa, s.m}, std::pair{pb, s.n}}) {
      Value buf = pair.first;
      im.forRange(pair.second, [&](Value t) {
        im.forRange(kp - s.k, [&](Value e) {
          memref::StoreOp::create(b, zero, buf, position(t, im.add(e, s.k)));
        });
      });
    }
  }
  auto vt = VectorType::get({16}, i32);
  // VNNI: the per-column or per-row correction of an operand shifted by
  // 128 (A is vpdpbusd's unsigned operand, B its signed one).
  enum class Fix { None, Columns, Rows } fix = Fix::None;
  Value corr;
  auto bytes = VectorType::get({64}, i8);
  auto vpdpbusd = [&](Value acc, Value u, Value sv) {
    return LLVM::CallIntrinsicOp::create(
               b, vt, b.getStringAttr("llvm.x86.avx512.vpdpbusd.512"),
               ValueRange{acc, u, sv})
        ->getResult(0);
  };
  auto splat = [&](VectorType t, Attribute v) {
    return arith::ConstantOp::create(b, DenseElementsAttr::get(t, v))
        .getResult();
  };
  if (vnni) {
    fix = aSigned && bSigned     ? Fix::Columns
          : !aSigned && !bSigned ? Fix::Rows
                                 : Fix::None;
  }
  if (fix != Fix::None) {
    // The line sums of the operand that stays (B's columns, or A's rows),
    // by vpdpbusd against bytes of 1, times -128 or 128 (i32, wrapping).
    bool cols = fix == Fix::Columns;
    Value keep = cols ? pb : pa;
    int64_t lines = cols ? s.n : s.m;
    corr = memref::AllocOp::create(b, MemRefType::get({lines}, i32));
    Value ones = splat(bytes, b.getI8IntegerAttr(1));
    Value scale =
        arith::ConstantIntOp::create(b, i32, cols ? -128 : 128).getResult();
    im.forRange(lines, [&](Value t) {
      Value zero = splat(vt, b.getZeroAttr(i32));
      auto loop = scf::ForOp::create(b, im.c(0), im.c(kp / V), im.c(1),
                                     ValueRange{zero});
      {
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPointToStart(loop.getBody());
        Value kk = im.mul(loop.getInductionVar(), V);
        Value v = vector::LoadOp::create(b, bytes, keep, position(t, kk));
        Value acc = loop.getRegionIterArgs()[0];
        scf::YieldOp::create(b, cols ? vpdpbusd(acc, ones, v)
                                     : vpdpbusd(acc, v, ones));
      }
      Value sum = vector::ReductionOp::create(b, vector::CombiningKind::ADD,
                                              loop.getResult(0));
      memref::StoreOp::create(b, arith::MulIOp::create(b, sum, scale), corr, t);
    });
    // The shifted operand: each byte's top bit flipped (zeros of the k
    // padding too, which the other operand's zeros cancel).
    Value shifted = cols ? pa : pb;
    Value top = splat(bytes, b.getI8IntegerAttr(-128));
    im.forRange(cols ? s.m : s.n, [&](Value t) {
      im.forRange(kp / V, [&](Value c) {
        Value at = position(t, im.mul(c, V));
        Value v = vector::LoadOp::create(b, bytes, shifted, at);
        vector::StoreOp::create(b, arith::XOrIOp::create(b, v, top), shifted,
                                at);
      });
    });
  }
  auto pvt = VectorType::get({V}, lineType),
       half = VectorType::get({V / 2}, i16);
  SmallVector<int64_t> even, odd;
  for (int64_t l = 0; l < V / 2; ++l)
    even.push_back(2 * l), odd.push_back(2 * l + 1);
  // The even and the odd k of a line's 32, sign-extended to i32.
  auto split = [&](Value buf, Value line, Value kk) {
    Value v = vector::LoadOp::create(b, pvt, buf, position(line, kk));
    Value e = vector::ShuffleOp::create(b, half, v, v, even);
    Value o = vector::ShuffleOp::create(b, half, v, v, odd);
    Value e32 = arith::ExtSIOp::create(b, vt, e);
    Value o32 = arith::ExtSIOp::create(b, vt, o);
    return std::pair{e32, o32};
  };
  // Blocks bi in [iLo, iHi) x bj in [jLo, jHi), each `rows` x `cols`.
  auto blocks = [&](int64_t iLo, int64_t iHi, int64_t rows, int64_t jLo,
                    int64_t jHi, int64_t cols) {
    if (iLo >= iHi || jLo >= jHi || rows == 0 || cols == 0)
      return;
    auto outer = scf::ForOp::create(b, im.c(iLo), im.c(iHi), im.c(1));
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(outer.getBody());
    Value i0 = im.mul(outer.getInductionVar(), R);
    auto inner = scf::ForOp::create(b, im.c(jLo), im.c(jHi), im.c(1));
    b.setInsertionPointToStart(inner.getBody());
    Value j0 = im.mul(inner.getInductionVar(), Q);
    Value zero = arith::ConstantOp::create(
        b, DenseElementsAttr::get(vt, b.getZeroAttr(i32)));
    SmallVector<Value> accs(rows * cols, zero);
    auto kLoop = scf::ForOp::create(b, im.c(0), im.c(kp / V), im.c(1), accs);
    {
      OpBuilder::InsertionGuard g2(b);
      b.setInsertionPointToStart(kLoop.getBody());
      Value kk = im.mul(kLoop.getInductionVar(), V);
      SmallVector<Value> next;
      if (vnni) {
        // A's rows and B's columns as loaded; each pair one vpdpbusd.
        SmallVector<Value> ar, bc;
        for (int64_t r = 0; r < rows; ++r)
          ar.push_back(
              vector::LoadOp::create(b, pvt, pa, position(im.add(i0, r), kk)));
        for (int64_t c = 0; c < cols; ++c)
          bc.push_back(
              vector::LoadOp::create(b, pvt, pb, position(im.add(j0, c), kk)));
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t c = 0; c < cols; ++c) {
            Value acc = kLoop.getRegionIterArgs()[r * cols + c];
            next.push_back(vpdpbusd(acc, ar[r], bc[c]));
          }
      } else {
        SmallVector<std::pair<Value, Value>> as, bs;
        for (int64_t r = 0; r < rows; ++r)
          as.push_back(split(pa, im.add(i0, r), kk));
        for (int64_t c = 0; c < cols; ++c)
          bs.push_back(split(pb, im.add(j0, c), kk));
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t c = 0; c < cols; ++c) {
            // One statement per op: the IR's order is not the C++
            // compiler's.
            Value lo = arith::MulIOp::create(b, as[r].first, bs[c].first);
            Value hi = arith::MulIOp::create(b, as[r].second, bs[c].second);
            Value two = arith::AddIOp::create(b, lo, hi);
            two = LLVM::FreezeOp::create(b, two);
            next.push_back(arith::AddIOp::create(
                b, kLoop.getRegionIterArgs()[r * cols + c], two));
          }
      }
      scf::YieldOp::create(b, next);
    }
    SmallVector<Value> partial(kLoop.getResults());
    if (rows == R && cols == Q && s.direct) {
      Value sums = sumLanes(b, partial);
      if (fix != Fix::None) {
        // Lane r * Q + c: the correction of column j0 + c, or of row i0 + r.
        bool byColumn = fix == Fix::Columns;
        Value four = vector::LoadOp::create(b, VectorType::get({Q}, i32), corr,
                                            byColumn ? j0 : i0);
        SmallVector<int64_t> lanes;
        for (int64_t r = 0; r < R; ++r)
          for (int64_t c = 0; c < Q; ++c)
            lanes.push_back(byColumn ? c : r);
        sums = arith::AddIOp::create(
            b, sums, vector::ShuffleOp::create(b, four, four, lanes));
      }
      storeBlock(im, *s.direct, i0, j0, R, sums);
      return;
    }
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        Value i = im.add(i0, r), j = im.add(j0, c);
        Value sum = vector::ReductionOp::create(b, vector::CombiningKind::ADD,
                                                partial[r * cols + c]);
        if (fix != Fix::None)
          sum = arith::AddIOp::create(
              b, sum,
              memref::LoadOp::create(b, corr,
                                     ValueRange{fix == Fix::Columns ? j : i}));
        Value wide = arith::ExtSIOp::create(b, b.getI64Type(), sum);
        s.finish(i, j, arith::AddIOp::create(b, s.init(i, j), wide));
      }
  };
  forTileKinds(s.m, s.n, R, Q, blocks);
  memref::DeallocOp::create(b, pa);
  memref::DeallocOp::create(b, pb);
  if (corr)
    memref::DeallocOp::create(b, corr);
}
