//===- MmadMicroKernels.cpp - Float mmad as register micro-kernels --------===//
//
// The fast form of float mmads and mmad_mx (emitMicroKernels): operands
// widened and packed once (packLines, shared with the integer dot-product
// form of MmadIntegerDot.cpp), then register micro-kernels over 16 x 16
// output tiles (forTileKinds), shared functions of the module; the same
// bits as the reference loops (MatmulKernels.cpp, docs/Rationale.md). Also
// the run-time checks under which a run's products are exact, so that the
// kernels may fuse the multiply and the add (productsInRange for bf16,
// mxProductsExact for mmad_mx).
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"
#include "SharedFunctions.h"
#include "Storage.h"
#include "VectorShuffles.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/Support/MathExtras.h"

#include <climits>
#include <cmath>

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;

namespace {

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

} // namespace

void ascube::lowering::packLines(
    IndexMath &im, Value dst, Type w, int64_t lines, int64_t k,
    const std::optional<MatmulSpec::Lines> &runs,
    llvm::function_ref<Value(Value line, Value kk)> value,
    llvm::function_ref<Value(Value line, Value kk)> position, int64_t stride) {
  ImplicitLocOpBuilder &b = im.b;
  if (!runs) {
    im.forRange(lines, [&](Value t) {
      im.forRange(k, [&](Value kk) {
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
      im.forRange(groups, [&](Value g) {
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
    im.forRange(lines - groups * stride, [&](Value t0) {
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
void ascube::lowering::emitMicroKernels(IndexMath &im, const MatmulSpec &s) {
  ImplicitLocOpBuilder &b = im.b;
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
    packLines(im, dst, w, lines, s.k, runs, value, packed, T);
  };
  // A as [i][kk]: the micro-kernel broadcasts its elements one by one, so
  // a row's run of k stays a run (one vector store).
  packLines(
      im, pa, w, s.m, s.k, s.aLines, s.a,
      [&](Value i, Value kk) { return im.add(im.mul(i, s.k), kk); }, 1);
  pack(pb, s.n, s.bLines, [&](Value j, Value kk) { return s.b(kk, j); });
  if (!direct)
    im.forRange(s.m, [&](Value i) {
      im.forRange(s.n, [&](Value j) {
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
    im.forRange(s.m, [&](Value i) {
      im.forRange(s.n, [&](Value j) {
        s.finish(i, j, memref::LoadOp::create(b, pc, cell(i, j)));
      });
    });
  for (Value v : {pa, pb, pc})
    if (v)
      memref::DeallocOp::create(b, v);
}

Value ascube::lowering::productsInRange(ImplicitLocOpBuilder &b, Value pa,
                                        int64_t countA, Value pb,
                                        int64_t countB) {
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

std::optional<std::pair<int, int>> ascube::lowering::mxMagnitudes(Type t) {
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

Value ascube::lowering::mxProductsExact(
    IndexMath &im, std::pair<int, int> ra, std::pair<int, int> rb,
    int64_t countA, llvm::function_ref<Value(Value)> scaleA, int64_t countB,
    llvm::function_ref<Value(Value)> scaleB) {
  ImplicitLocOpBuilder &b = im.b;
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
    Value lo = im.reduceRange(count, c32(255), [&](Value iv, Value acc) {
      return arith::MinUIOp::create(b, acc, code(iv));
    });
    Value hi = im.reduceRange(count, c32(0), [&](Value iv, Value acc) {
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
