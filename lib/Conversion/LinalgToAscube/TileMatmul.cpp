//===- TileMatmul.cpp - ascube-tile-linalg: matmuls onto the Cube --------===//
//
// The matmul family: linalg.matmul, batch_matmul, matvec and vecmat on GM
// memrefs, checked and tiled (planMatmul), then emitted (emitMatmul) as a
// tiled Cube program for the target product (the pass description in
// Passes.td; the tiling rule in docs/Tiling.md and
// model::chooseMatmulTiling; convolutions in TileConvPlan.cpp and the
// strategy files). The program, emitted by MatmulEmitter (TileMatmul.h,
// MatmulEmitter.cpp), is the one an Ascend C kernel writes by hand:
//
//   for each output tile (mt x nt, in L0C):
//     [bias]             the N tile's bias GM -> L1 -> BT (an epilogue)
//     for each K chunk (kt):
//       DataCopy ND2NZ   A[m0.., k0..] (mt x kt), B[k0.., n0..] (kt x nt) -> L1
//                        Nz
//       ascube.load      L1 -> L0A (Zz; Nz on 950), L1 -> L0B (Zn)
//       [pipe_barrier M] before an accumulating Mmad of a small tile (sync_c1)
//       Mmad             C tile (= or +=) A chunk x B chunk (the first from
//                        the bias, if any)
//     Fixpipe            C tile -> C[m0.., n0..] (NZ2ND; reluEn for a ReLU)
//
// (With the tiling's k_l1, an L1 chunk holds several K steps: one
// DataCopy each of A and B per L1 chunk, then per step its loads and its
// Mmad; MatmulEmitter::emitSteps.)
//
// with the flags between the pipes (MTE2 copies, MTE1 loads, M, FIX) an
// Ascend C kernel sets: ProgramEmitter::syncStart / beforeCopies /
// beforeLoads / beforeMmad / afterMmad / writeTile / syncEnd
// (TileProgram.cpp; docs/Tiling.md "Flags").
//
// 4-bit floats (950) run as MmadMx with unit e8m0 scales: a GM constant of
// ones copied once into L1 (copyUnitScales), then per chunk load_mx of data
// and scales and mmad_mx of k a whole 64 (emitMxChunk; docs/Tiling.md
// "4-bit floats").
//
// The Mmad grid is fixed by its buffers (mmad_c8), so each tail size gets
// buffers of its own shape, placed at the same addresses as the full ones.
// What folds in around the op (zero fill, bias, ReLU, requantization) is
// matched in TileEpilogues.cpp.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"
#include "TileLinalg.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Target/Target.h"
#include "ascube/Tiling/MatmulTiling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/Support/FormatVariadic.h"

#include <tuple>

using namespace mlir;
using namespace ascube;
using namespace ascube::tiling;

MatmulTilingAttr tiling::matmulTilingOf(MLIRContext *ctx,
                                        const MatmulPlan &plan) {
  return MatmulTilingAttr::get(ctx, plan.t.m, plan.t.n, plan.t.k,
                               plan.t.kL1 > plan.t.k ? plan.t.kL1 : 0,
                               plan.t.splitK > 1 ? plan.t.splitK : 0);
}

LogicalResult tiling::planMatmul(Operation *opPtr,
                                 const target::ProductInfo &prod,
                                 ArrayRef<int64_t> tile, StringRef tileName,
                                 bool refuseUnfolded, MatmulPlan &plan) {
  auto op = cast<linalg::LinalgOp>(opPtr);
  bool batch = isa<linalg::BatchMatmulOp>(opPtr);
  bool matvec = isa<linalg::MatvecOp>(opPtr);
  bool vecmat = isa<linalg::VecmatOp>(opPtr);
  bool vector = matvec || vecmat;
  int64_t rank = batch ? 3 : 2;
  if (!op.hasPureBufferSemantics() || op.getDpsInputs().size() != 2 ||
      op.getDpsInits().size() != 1)
    return op->emitOpError()
           << "ascube-tile-linalg maps a linalg.matmul on memrefs "
              "[tile_c1]";
  Value A = op.getDpsInputs()[0], B = op.getDpsInputs()[1],
        C = op.getDpsInits()[0];
  if (vector) {
    // y = A x (matvec: y[m] += A[m, k] x[k]) is the one-row product
    // y^T = x^T A^T: the Mmad's A is x^T (1 x K) and its B the matrix,
    // held N x K; vecmat (y[n] += x[k] A[k, n]) has B held K x N.
    std::swap(A, B);
    if (vecmat)
      std::swap(A, B);
    if (!isPlainGMMatrix(A, 1) || !isPlainGMMatrix(B, 2) ||
        !isPlainGMMatrix(C, 1))
      return op->emitOpError()
             << "ascube-tile-linalg maps a matrix and vectors that are "
                "static 2-D and 1-D memrefs in GM (no memory space; "
                "row-major, or row-major views of GM: gmview_c1; not a "
                "column-major view such as a memref.transpose)"
             << tiling::whyNotPlainGM(opPtr, {{A, 1}, {B, 2}, {C, 1}})
             << " [tile_c1]";
  } else if (!isPlainGMMatrix(A, rank) || !isPlainGMMatrix(B, rank) ||
             !isPlainGMMatrix(C, rank))
    return op->emitOpError()
           << "ascube-tile-linalg maps operands that are static " << rank
           << "-D memrefs in GM (no memory space; row-major, or row-major "
              "views of GM: gmview_c1; not a column-major view such as a "
              "memref.transpose: give A as K x M or B as N x K with the "
              "indexing maps instead)"
           << tiling::whyNotPlainGM(opPtr, {{A, rank}, {B, rank}, {C, rank}})
           << " [tile_c1]";
  // The indexing maps (MLIR 22): A[m, k] or A^T[k, m], B[k, n] or
  // B^T[n, k], C[m, n], after the batch dimension of a batch_matmul, as
  // linalg's contraction matcher names the dimensions. (matvec and vecmat
  // are named ops of fixed maps.)
  bool transA = false, transB = false;
  if (!vector) {
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    bool plain = succeeded(dims) && dims->m.size() == 1 &&
                 dims->n.size() == 1 && dims->k.size() == 1 &&
                 dims->batch.size() == (batch ? 1u : 0u);
    // Whether operand `i`'s map is the batch dimension (if any), then
    // `dims`.
    auto is = [&](unsigned i, std::initializer_list<unsigned> d) {
      SmallVector<AffineExpr> want;
      if (batch)
        want.push_back(getAffineDimExpr(dims->batch[0], op->getContext()));
      for (unsigned x : d)
        want.push_back(getAffineDimExpr(x, op->getContext()));
      return llvm::equal(maps[i].getResults(), want);
    };
    if (plain) {
      unsigned m = dims->m[0], n = dims->n[0], k = dims->k[0];
      transA = is(0, {k, m});
      transB = is(1, {n, k});
      plain = (transA || is(0, {m, k})) && (transB || is(1, {k, n})) &&
              is(2, {m, n});
    }
    if (!plain)
      return op->emitOpError()
             << "ascube-tile-linalg maps C[m, n] += A[m, k] * B[k, n] with A "
                "or B transposed; these indexing maps (broadcast or "
                "permuted C) are not mapped [tile_c1]";
  }
  auto shape = [&](Value v) {
    return cast<MemRefType>(v.getType()).getShape().take_back(2);
  };
  int64_t batches = batch ? cast<MemRefType>(A.getType()).getShape()[0] : 1;
  model::MatmulProblem p;
  if (vector) {
    p.m = 1;
    p.transB = matvec;
    p.k = shape(B)[matvec ? 1 : 0];
    p.n = shape(B)[matvec ? 0 : 1];
  } else {
    p.transA = transA;
    p.transB = transB;
    p.m = shape(A)[transA ? 1 : 0];
    p.k = shape(A)[transA ? 0 : 1];
    p.n = shape(B)[transB ? 0 : 1];
  }
  // The Cube's integer Mmad reads int8 as signed: an unsigned cast
  // (linalg's cast_unsigned) would compute other numbers.
  if (auto cast = opPtr->getAttrOfType<linalg::TypeFnAttr>("cast");
      cast && cast.getValue() != linalg::TypeFn::cast_signed)
    return op->emitOpError()
           << "ascube-tile-linalg maps linalg's signed casts of the "
              "operands (cast_signed); cast_unsigned is not mapped "
              "[tile_c3]";
  if (!op->getParentOfType<func::FuncOp>())
    return op->emitOpError()
           << "ascube-tile-linalg maps linalg ops in a func.func [tile_c1]";
  if (failed(tiling::checkOperandSizes(opPtr)))
    return failure();
  Type at = cast<MemRefType>(A.getType()).getElementType(),
       bt = cast<MemRefType>(B.getType()).getElementType(),
       ct = cast<MemRefType>(C.getType()).getElementType();
  std::string an = getCubeTypeName(at), bn = getCubeTypeName(bt),
              cn = getCubeTypeName(ct);
  bool row = prod.hasMmadRow(an, bn, cn);
  auto fp4 = [](Type t) {
    return isa<FloatType>(t) && *getElementBitWidth(t) == 4;
  };
  // 4-bit floats are multiplied by MmadMx only (§15, Ascend 950); a
  // linalg.matmul carries no scales, so the program gives every 32 K
  // elements the unit scale 2^0 (e8m0 127): exactly A x B.
  bool mx = fp4(at) || fp4(bt);
  if (mx) {
    bool pair = llvm::any_of(target::mmadMxRows(), [&](const auto &r) {
      return prod.in(r.Products) && an == r.A && bn == r.B;
    });
    if (!pair || !ct.isF32())
      return op->emitOpError()
             << an << " x " << bn << " -> " << cn << " is no MmadMx pair on "
             << prod.Name
             << ": 4-bit floats are multiplied only by MmadMx, an e2m1/e1m2 "
                "pair -> f32 (Ascend 950, §15, docs/Products.md) [tile_c3]";
    // K is padded to MmadMx's 64 with ND2NZ's zero fill of a row tail
    // (A's rows, or B^T's): A^T and B both hold K in their rows, whose
    // padding nothing writes.
    int64_t k = cast<MemRefType>(A.getType()).getShape().take_back(2)[0];
    if (transA && !transB && k % 64 != 0)
      return op->emitOpError()
             << "a 4-bit A held transposed (K x M) with B held K x N "
                "needs K a multiple of 64, got K = "
             << k
             << ": MmadMx reads K in whole 64s (§15), and ND2NZ zero-fills "
                "only a row tail (A as M x K, or B as N x K) (§5) "
                "[tile_c3]";
    // ND2NZ moves 4-bit data as bytes (§5): every row as stored starts
    // on a whole byte.
    auto evenRows = [&](StringRef name, Value v) -> LogicalResult {
      int64_t cols = cast<MemRefType>(v.getType()).getShape().back();
      if (cols % 2 == 0)
        return success();
      return op->emitOpError()
             << name << " (" << v.getType() << ") has rows of " << cols
             << " 4-bit elements: DataCopy ND2NZ moves 4-bit data as "
                "bytes (§5), so every row as stored must be a whole "
                "number of bytes (an even count) [tile_c3]";
    };
    // (matvec / vecmat: the Mmad's A is the vector x.)
    if (failed(evenRows(vector ? "the vector" : "A", A)) ||
        failed(evenRows(vector ? "the matrix" : "B", B)))
      return failure();
  } else if (!row)
    return op->emitOpError()
           << an << " x " << bn << " -> " << cn << " is not an Mmad row on "
           << prod.Name << "; " << prod.describeMmadRows(false)
           << " (docs/Products.md) [tile_c3]";
  if (!mx && (*getElementBitWidth(at) < 8 || *getElementBitWidth(bt) < 8))
    return op->emitOpError()
           << an << " x " << bn
           << ": 4-bit integer operands are not mapped yet (ND2NZ moves "
              "them as bytes and LoadDataWithTranspose takes a K x N int4 "
              "B only in 64 x 64 squares) [tile_c3]";
  if (!prod.HasFixpipe)
    return op->emitOpError()
           << prod.Name
           << " has no Fixpipe L0C -> GM: ascube-tile-linalg writes C with "
              "Fixpipe [tile_c4]";
  if (!prod.HasND2NZ) {
    // Without ND2NZ the Nz tiles are built of plain DataCopy blocks of
    // 32 B: every row of A and B (as stored) is whole blocks, and so is
    // a bias (one block run).
    auto whole = [&](StringRef name, Value v, int64_t cols) -> LogicalResult {
      auto t = cast<MemRefType>(v.getType());
      int64_t bytes = *getElementBitWidth(t.getElementType()) / 8;
      int64_t pitch = tiling::gmPitch(v);
      if ((cols * bytes) % 32 == 0 && (pitch * bytes) % 32 == 0)
        return success();
      return op->emitOpError()
             << prod.Name
             << " has no DataCopy ND2NZ: ascube-tile-linalg builds the Nz "
                "tiles of plain DataCopy blocks of 32 B, so each row of "
             << name << " (" << tiling::count(cols, "element", "elements")
             << " of " << bytes << " B, rows " << pitch
             << " apart) must be whole 32 B blocks [tile_c4]";
    };
    auto shape = [](Value v) {
      return cast<MemRefType>(v.getType()).getShape();
    };
    if (failed(whole("A", A, shape(A).back())) ||
        failed(whole("B", B, shape(B).back())))
      return failure();
  }
  // Rows further apart than ND2NZ's srcDValue reaches are copied one by
  // one; a plain DataCopy's srcStride (32 B blocks) has no such way out.
  int64_t pitch = std::max(tiling::gmPitch(A), tiling::gmPitch(B));
  int64_t blocks = std::max(tiling::gmPitch(A) * *getElementBitWidth(at),
                            tiling::gmPitch(B) * *getElementBitWidth(bt)) /
                   256;
  // (Each block copy skips the pitch less at least one block.)
  if (!prod.HasND2NZ && blocks - 1 > model::limits::kU16Max)
    return op->emitOpError()
           << "a row pitch of " << pitch << " elements (" << blocks
           << " blocks of 32 B) needs a plain DataCopy srcStride of "
           << blocks - 1 << " blocks, beyond its range [0, "
           << model::limits::kU16Max << "], and " << prod.Name
           << " has no ND2NZ to copy such rows one by one [tile_c5]";
  if (transA && at.isF32() && !prod.HasKDirectionAlign)
    return op->emitOpError()
           << "an f32 A held transposed (K x M) reaches L0A through a "
              "transposing load that pads K to 16 there (§10.4), which the "
              "Mmad reads only with kDirectionAlign (A2/A3, §13.3); "
           << prod.Name << " has none (transpose A to M x K first) [tile_c3]";
  linalg::FillOp fill = zeroFillBefore(opPtr, C);
  if (!fill)
    return op->emitOpError()
           << "linalg.matmul adds A x B to C, and the Cube program "
              "computes C = A x B: fill C with zero (+0.0) right "
              "before it"
           << tiling::describeFillBefore(opPtr, C) << " [tile_c2]";
  // An empty product: with M, N or the batch count 0 C has no element
  // (nothing to do);
  // with K = 0 C stays the fill, which a Cube program would compute as
  // Mmads of no K — not mapped.
  // A bias add and a ReLU after the matmul fold into the program
  // (bias table, Fixpipe ReLU).
  tiling::Epilogue epilogue =
      tiling::matchEpilogue(opPtr, C, -1, refuseUnfolded);
  if (epilogue.failed || failed(tiling::checkRequant(opPtr, prod, epilogue,
                                                     {A, B, epilogue.bias})))
    return failure();
  // A product whose Mmad adds no bias (Kirin: no cmatrixSource) starts
  // each output tile from a seed Mmad of C's type instead
  // (MatmulEmitter::emitSeed; its bias copy is an ND2NZ).
  bool seedBias = false;
  if (epilogue.bias) {
    // (MmadMx adds an f32 bias from BT, §15.)
    bool table = mx ? prod.hasLevel(Level::BT) : prod.hasBiasTable(an, bn, cn);
    seedBias = !table && !mx && prod.canSeedBias(cn);
    if (!seedBias && !table)
      return op->emitOpError()
             << an << " x " << bn << " -> " << cn
             << " with a bias is not an Mmad row on " << prod.Name
             << " (docs/Products.md), and " << cn << " x " << cn << " -> " << cn
             << ", whose Mmad would start each tile from the bias, is "
                "none either [tile_c3]";
    if (!seedBias) {
      p.biasBits = *getElementBitWidth(ct);
      if (failed(tiling::checkPlainBias(opPtr, prod, p.n, p.biasBits)))
        return failure();
    }
  }
  plan.op = op;
  plan.batch = batch;
  plan.vector = vector;
  plan.batches = batches;
  plan.A = A;
  plan.B = B;
  plan.C = C;
  plan.an = an;
  plan.bn = bn;
  plan.cn = cn;
  plan.mx = mx;
  plan.seedBias = seedBias;
  plan.epilogue = epilogue;
  plan.fill = fill;
  plan.p = p;
  // With M, N or the batch count 0 C has no element: nothing to compute.
  if (p.m == 0 || p.n == 0 || batches == 0) {
    plan.empty = true;
    return success();
  }
  if (p.k == 0)
    return op->emitOpError()
           << "K = 0: C is the zero fill and there is nothing for the "
              "Cube to compute; not mapped (remove the matmul) [tile_c1]";
  p.mx = mx;
  p.aBits = *getElementBitWidth(at);
  p.bBits = *getElementBitWidth(bt);
  p.cBits = *getElementBitWidth(ct);
  model::MatmulCapacities cap = tiling::matmulCapacities(prod);
  std::optional<model::MatmulTiling> t = model::chooseMatmulTiling(p, cap);
  if (!tile.empty()) {
    model::MatmulAlignment al = model::MatmulAlignment::of(p);
    // (A fourth size is an attribute's k_l1, checked as the attribute is:
    // a multiple of k.)
    if (tile.size() < 3 || tile.size() > 5 || tile[0] < 1 || tile[0] % al.m ||
        tile[1] < 1 || tile[1] % al.n || tile[2] < 1 || tile[2] % al.k) {
      InFlightDiagnostic d = op->emitOpError();
      d << tileName
        << (tile.size() >= 4 ? " takes m, n and k (then k_l1, split_k)"
                             : " takes three sizes")
        << ", multiples of " << al.m << ", " << al.n << " and " << al.k;
      // The first size that is not one.
      if (tile.size() >= 3)
        for (auto [name, v, a] :
             {std::tuple('m', tile[0], al.m), std::tuple('n', tile[1], al.n),
              std::tuple('k', tile[2], al.k)})
          if (v < 1 || v % a) {
            d << ": " << name << " = " << v << " is not";
            break;
          }
      return d << " [tile_c6]";
    }
    if (tile.size() >= 4 && tile[3] != 0 &&
        (tile[3] < tile[2] || tile[3] % tile[2] != 0))
      return op->emitOpError()
             << tileName
             << ": k_l1 (L1's chunks of K) must be a positive multiple of k "
                "(0: none), got "
             << "k_l1 = " << tile[3] << ", k = " << tile[2] << " [tile_c6]";
    if (tile.size() == 5 && tile[4] != 0 && tile[4] < 2)
      return op->emitOpError()
             << tileName
             << ": split_k (parts of K across blocks) must be at least 2 "
                "(0: none), got split_k = "
             << tile[4] << " [tile_c6]";
    std::optional<model::MatmulTiling> chosen = t;
    t = model::MatmulTiling{tile[0], tile[1], tile[2],
                            tile.size() >= 4 ? tile[3] : 0};
    t->splitK = tile.size() == 5 ? tile[4] : 0;
    // An L1 chunk deeper than K (rounded to k) holds all of it: it is
    // that deep (tile_c14 says so below), which also keeps its bytes
    // within what K needs.
    int64_t wholeK = model::MatmulProblem::roundUp(p.k, t->k);
    int64_t askedKL1 = t->kL1;
    t->kL1 = std::min(t->kL1, wholeK);
    // tile_c15: L1 chunks of several K steps, where a step of A and of B
    // is a whole Nz buffer in L1 (MatmulEmitter::emitSteps).
    if (t->l1K() > t->k) {
      std::string why =
          mx          ? "an MX matmul (4-bit floats)"
          : p.transA  ? "A held K x M"
          : !p.transB ? (vecmat ? "a vecmat (B held K x N)" : "B held K x N")
                      : "";
      if (!why.empty())
        return op->emitOpError()
               << tileName << ": k_l1 = " << t->kL1 << " > k = " << t->k
               << " holds several K steps in an L1 chunk, which needs A "
                  "held M x K and B held N x K (a step of each is then a "
                  "whole Nz buffer in L1) and a plain matmul; this is "
               << why << " [tile_c15]";
    }
    if (!model::fitsMatmulTiling(p, cap, *t)) {
      InFlightDiagnostic d = op->emitOpError();
      d << "tile " << tile[0] << " x " << tile[1] << " x " << tile[2];
      if (t->l1K() > t->k)
        d << " (k_l1 = " << t->kL1
          << (askedKL1 > wholeK ? ": all of K, rounded up to k; " +
                                      std::to_string(askedKL1) + " asked"
                                : std::string())
          << ")";
      d << " does not fit " << prod.Name;
      tiling::describeMiss(
          d, model::describeMmadRangeMiss(*t),
          [&] { return model::matmulFootprint(p, *t); }, cap, /*sets=*/2);
      if (chosen)
        d << "; a tile that fits: " << chosen->m << " x " << chosen->n << " x "
          << chosen->k;
      return d << " [tile_c6]";
    }
    // tile_c16: split-K (docs/Tiling.md "Split-K") reduces f32 partial
    // sums on the Cube after a SyncAll.
    if (t->splitK > 1) {
      std::string why =
          batch                 ? "a batch_matmul"
          : vector              ? (matvec ? "a matvec" : "a vecmat")
          : p.m == 1 && !transA ? "a GEMV row (M = 1)"
          : mx                  ? "an MX matmul (4-bit floats)"
          : !ct.isF32() || !isa<FloatType>(at) || !isa<FloatType>(bt)
              ? an + " x " + bn + " -> " + cn +
                    " (the partial sums are added as f32: float operands "
                    "and an f32 C)"
          : epilogue.requantOut ? "a requantized output"
          : seedBias            ? "a bias seeded by an Mmad (no bias table)"
          : !prod.HasND2NZ      ? prod.Name + std::string(" (no DataCopy "
                                                               "ND2NZ)")
          : !prod.HasSyncAll    ? prod.Name + std::string(" (no SyncAll)")
                                : "";
      if (!why.empty())
        return op->emitOpError()
               << tileName << ": split_k = " << t->splitK
               << " sums partial products of K's parts as f32 on the Cube "
                  "after a SyncAll, which needs a plain float matmul with "
                  "an f32 C on a product with ND2NZ and SyncAll; this is "
               << why << " [tile_c16]";
      int64_t chunks = model::MatmulTiling::ceilDiv(p.k, t->l1K());
      if (chunks < 2)
        return op->emitOpError()
               << tileName << ": split_k = " << t->splitK << ": K = " << p.k
               << " is one L1 chunk of " << t->l1K()
               << " (k, or k_l1), which split-K cannot cut: a smaller k or "
                  "k_l1, or no split_k [tile_c16]";
      if (t->parts(p) != t->splitK)
        return op->emitOpError()
               << tileName << ": split_k = " << t->splitK << " over "
               << tiling::count(chunks, "L1 chunk", "L1 chunks") << " of K ("
               << t->l1K() << " each) gives parts of "
               << tiling::count(model::MatmulTiling::ceilDiv(chunks, t->splitK),
                                "chunk", "chunks")
               << ", which make " << tiling::count(t->parts(p), "part", "parts")
               << ", not " << t->splitK << ": split_k = " << t->parts(p)
               << " makes them whole [tile_c16]";
      if (!model::fitsSplitKReduction(p, cap, *t)) {
        model::SplitKBuffers rb = model::splitKBuffers(p, *t);
        int64_t l1 =
            p.biasBits ? model::biasStagingOffset(cap.l1, t->n, 32) : cap.l1;
        return op->emitOpError()
               << tileName << ": split_k = " << t->splitK
               << ": the reduction's two sets of an f32 partial tile ("
               << p.aRows(t->m) << " x " << t->n
               << ") and a 16 x 16 identity need " << 2 * rb.l1Set
               << " B of L1 (" << l1 << " B"
               << (p.biasBits ? " below the bias's staging" : "") << "), "
               << 2 * rb.l0aSet << " B of L0A (" << cap.l0a << " B) and "
               << 2 * rb.l0bSet << " B of L0B (" << cap.l0b << " B) on "
               << prod.Name << " [tile_c16]";
      }
    }
    // tile_c14: a size beyond what the problem needs is mapped all the
    // same (one tile covers that dimension), but says so.
    std::string beyond;
    for (auto [name, dim, v, size, a] :
         {std::tuple('m', 'M', tile[0], p.m, al.m),
          std::tuple('n', 'N', tile[1], p.n, al.n),
          std::tuple('k', 'K', tile[2], p.k, al.k)}) {
      int64_t need = model::MatmulProblem::roundUp(size, a);
      if (v > need)
        beyond +=
            llvm::formatv("{0}{1} = {2} is more than {3} = {4} needs "
                          "({5})",
                          beyond.empty() ? "" : ", ", name, v, dim, size, need);
    }
    if (askedKL1 > wholeK)
      op->emitWarning() << tileName << ": k_l1 = " << askedKL1
                        << " is more than K = " << p.k << " needs (" << wholeK
                        << "): one L1 chunk holds all of K, mapped as k_l1 = "
                        << wholeK << " [tile_c14]";
    if (!beyond.empty())
      op->emitWarning() << tileName << ": " << beyond
                        << ": one tile covers each, its buffers laid out for "
                           "the size given [tile_c14]";
  }
  if (!t)
    return op->emitOpError() << "no tile of " << prod.Name
                             << "'s L0A/L0B/L0C/L1 holds one fractal of "
                                "each operand [tile_c1]";

  plan.p = p;
  plan.t = *t;
  return success();
}

/// Split-K (docs/Tiling.md "Split-K"): the partial sums' program (no
/// epilogue) into a workspace in GM, then — its own program, after the
/// SyncAll ascube-insert-sync-all puts between them — the reduction's,
/// with the epilogue (`biasRow`, `relu`). The emitter, without them, has
/// had syncStart.
static void emitSplitK(tiling::MatmulEmitter &emitter, linalg::LinalgOp op,
                       const model::MatmulTiling &t,
                       const model::MatmulProblem &p, Value biasRow, bool relu,
                       SmallVectorImpl<tiling::Program> &programs) {
  auto module = emitter.allocPoint->getParentOfType<ModuleOp>();
  Location loc = op.getLoc();
  MLIRContext *ctx = op->getContext();
  Type f32 = Float32Type::get(ctx);
  auto wsType = MemRefType::get({t.parts(p) * p.m, p.n}, f32);
  auto idType = MemRefType::get({16, 16}, f32);
  SmallVector<float> eye(256, 0.0f);
  for (int i = 0; i < 16; ++i)
    eye[i * 17] = 1.0f;
  StringAttr ws =
      tiling::workspaceGlobal(module, loc, "__ascube_split_k", wsType);
  StringAttr id = tiling::constantGlobal(
      module, loc, "__ascube_identity_16x16xf32", idType,
      DenseElementsAttr::get(RankedTensorType::get({16, 16}, f32),
                             ArrayRef<float>(eye)));
  // One get_global of each at the function's entry: both programs name
  // the same buffer (TileSyncAll.cpp tells GM apart by it).
  OpBuilder entry(emitter.allocPoint);
  emitter.workspace = memref::GetGlobalOp::create(entry, loc, wsType, ws);
  emitter.identity = memref::GetGlobalOp::create(entry, loc, idType, id);
  // Program 1: the partial sums, as they are.
  emitter.emitPartials();
  emitter.syncEnd();
  programs.push_back(emitter.program);
  // Program 2: their sum, with the epilogue.
  emitter.relu = relu;
  emitter.biasRow = biasRow;
  emitter.program = tiling::Program();
  emitter.emitReduction();
  programs.push_back(emitter.program);
}

LogicalResult tiling::emitMatmul(MatmulPlan &plan,
                                 const target::ProductInfo &prod, bool report,
                                 SmallVectorImpl<Program> &programs) {
  linalg::LinalgOp op = plan.op;
  const model::MatmulProblem &p = plan.p;
  bool batch = plan.batch, vector = plan.vector, mx = plan.mx,
       seedBias = plan.seedBias;
  int64_t batches = plan.batches;
  Value A = plan.A, B = plan.B, C = plan.C, output = C;
  StringRef an = plan.an, bn = plan.bn, cn = plan.cn;
  Epilogue &epilogue = plan.epilogue;
  linalg::FillOp fill = plan.fill;
  // The op goes with its fill and epilogue (and C, where nothing reads it).
  auto eraseOp = [&] {
    for (Operation *e : llvm::reverse(epilogue.ops))
      e->erase();
    fill.erase();
    op.erase();
    if (!epilogue.writeC)
      tiling::eraseUnwrittenOutput(output);
    return success();
  };
  if (plan.empty) {
    if (report)
      op->emitRemark() << llvm::formatv(
          "ascube-tile-linalg: M x N x K = {0} x {1} x {2}{3}: C has no "
          "element, "
          "nothing to compute; the op{4} removed",
          p.m, p.n, p.k,
          batch ? ", " + tiling::count(batches, "batch", "batches")
                : std::string(),
          epilogue.ops.empty() ? " and its fill" : ", its fill and epilogue");
    return eraseOp();
  }
  const model::MatmulTiling *t = &plan.t;
  std::string remark;
  if (report)
    remark = llvm::formatv(
        "ascube-tile-linalg: {0} {1} x {2} -> {3}, M x N x K = {4} x {5} x "
        "{6}{18}{19}: tile m = {7}, n = {8}, k = {9}{20} ({10} x {11} output "
        "tiles, "
        "{12} each); L0C {13} B, L0A {14} B, L0B {15} B, L1 {16} "
        "B per chunk; GM -> L1 {17} B",
        prod.Name, an, bn, cn, p.m, p.n, p.k, t->m, t->n, t->k, t->tilesM(p),
        t->tilesN(p),
        tiling::count(t->chunksK(p), "K chunk", "K chunks") +
            (t->l1K() > t->k
                 ? " in " + tiling::count(
                                model::MatmulTiling::ceilDiv(p.k, t->l1K()),
                                "L1 chunk", "L1 chunks")
                 : std::string()),
        t->m * t->n * p.cBits / 8, t->m * t->k * p.aBits / 8,
        t->k * t->n * p.bBits / 8,
        (t->m * p.aBits + t->n * p.bBits) * t->l1K() / 8,
        batches * t->gmToL1Bytes(p),
        batch ? ", " + tiling::count(batches, "batch", "batches")
              : std::string(),
        std::string(mx ? ", MmadMx with unit e8m0 scales" : "") +
            (!epilogue.bias ? ""
             : seedBias     ? ", + bias (each tile seeded by an Mmad of "
                              "ones x the bias row)"
                            : ", + bias (BT)") +
            (epilogue.relu ? ", ReLU (Fixpipe)" : "") +
            tiling::describeRequant(epilogue),
        (t->l1K() > t->k ? ", k_l1 = " + std::to_string(t->l1K())
                         : std::string()) +
            (t->splitK > 1 ? ", split_k = " + std::to_string(t->splitK) +
                                 " (the parts' f32 partial sums added after "
                                 "a SyncAll)"
                           : std::string()));

  auto func = op->getParentOfType<func::FuncOp>();
  OpBuilder b(op);
  Location loc = op.getLoc();
  if (vector) {
    // The vectors x and y as 1 x K and 1 x N matrices.
    // (A view keeps its offset: the result's layout is derived.)
    auto row = [&](Value v, int64_t n) {
      return memref::ExpandShapeOp::create(
          b, loc, ArrayRef<int64_t>{1, n}, v,
          ArrayRef<ReassociationIndices>{{0, 1}});
    };
    A = row(A, p.k);
    C = row(C, p.n);
    if (epilogue.requantOut)
      epilogue.requantOut = row(epilogue.requantOut, p.n);
  }
  tiling::MatmulEmitter emitter(b, loc, prod, p, *t, A, B, C);
  emitter.allocPoint = tiling::allocPointOf(func);
  // The bias as a 1 x N row (ND2NZ's source).
  // (A seeded bias as an N x 1 column: one element an ND2NZ row.)
  if (seedBias) {
    emitter.biasSeedRow = memref::ExpandShapeOp::create(
        b, loc, ArrayRef<int64_t>{p.n, 1}, epilogue.bias,
        ArrayRef<ReassociationIndices>{{0, 1}});
  } else if (epilogue.bias) {
    emitter.biasRow = memref::ExpandShapeOp::create(
        b, loc, ArrayRef<int64_t>{1, p.n}, epilogue.bias,
        ArrayRef<ReassociationIndices>{{0, 1}});
  }
  if (report)
    op->emitRemark() << remark
                     << (emitter.bufferSets() == 2 && t->chunksK(p) > 1
                             ? "; chunks double-buffered"
                             : "");
  // Split-K's partial sums take no epilogue (emitSplitK).
  Value splitBias;
  if (t->splitK > 1)
    std::swap(splitBias, emitter.biasRow);
  emitter.syncStart();
  emitter.copyUnitScales();
  // Matrix i of a batch starts i * M * K (A), i * K * N (B) and i * M * N
  // (C) elements in.
  auto c = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  if (batch) {
    auto loop = scf::ForOp::create(b, loc, c(0), c(batches), c(1));
    b.setInsertionPointToStart(loop.getBody());
    Value i = loop.getInductionVar();
    auto scaled = [&](int64_t n) {
      return arith::MulIOp::create(b, loc, i, c(n)).getResult();
    };
    emitter.aBase = scaled(p.m * p.k);
    emitter.bBase = scaled(p.k * p.n);
    emitter.cBase = scaled(p.m * p.n);
    emitter.batchIndex = i;
  } else {
    emitter.aBase = emitter.bBase = emitter.cBase = emitter.batchIndex = c(0);
  }
  emitter.relu = epilogue.relu;
  emitter.requantOut = epilogue.requantOut;
  emitter.requantWord = epilogue.requantWord;
  emitter.writeOut = epilogue.writeC;
  if (t->splitK > 1) {
    emitter.relu = false;
    emitSplitK(emitter, op, *t, p, splitBias, epilogue.relu, programs);
    return eraseOp();
  }
  emitter.emit();
  b.setInsertionPoint(op);
  emitter.syncEnd();
  programs.push_back(emitter.program);
  return eraseOp();
}
