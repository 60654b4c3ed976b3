//===- MatmulEmitter.cpp - ascube-tile-linalg: a matmul's program ---------===//
//
// MatmulEmitter (TileMatmul.h): the Cube program of one matmul — every
// output tile on its block, each K chunk copied GM -> L1, moved to L0A /
// L0B and accumulated by an Mmad (MmadMx for fp4), a bias from the bias
// table or seeded by an Mmad, the tile written by Fixpipe.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

using namespace mlir;
using namespace ascube;

tiling::MatmulEmitter::MatmulEmitter(OpBuilder &b, Location loc,
                                     const target::ProductInfo &prod,
                                     const model::MatmulProblem &p,
                                     const model::MatmulTiling &t, Value A,
                                     Value B, Value C)
    : ProgramEmitter(b, loc, prod), A(A), B(B), C(C), p(p), t(t) {
  aType = cast<MemRefType>(A.getType()).getElementType();
  bType = cast<MemRefType>(B.getType()).getElementType();
  cType = cast<MemRefType>(C.getType()).getElementType();
  // Row pitches in GM: the logical ones, or a GM view's row stride.
  aPitch = tiling::gmPitch(A);
  bPitch = tiling::gmPitch(B);
  cPitch = tiling::gmPitch(C);
  // Where the chunk sets and the MX scales lie: the tiling model's plan,
  // which the fit counts.
  this->p.kAlign16 = p.transA && p.aBits == 32 && prod.HasKDirectionAlign;
  buf = model::matmulBuffers(this->p, t);
  sets = buf.sets;
}

void tiling::MatmulEmitter::copyUnitScales() {
  if (!p.mx)
    return;
  copyE8m0Ones(buf.scaleBytes, buf.scaleOffset);
}

void tiling::MatmulEmitter::emit() {
  int64_t fullM = p.m / t.m, tailM = p.m % t.m;
  int64_t fullN = p.n / t.n, tailN = p.n % t.n;
  Value blockIdx = BlockIdxOp::create(b, loc, b.getIndexType());
  Value blockNum = BlockNumOp::create(b, loc, b.getIndexType());
  Value batchTiles = mul(batchIndex, t.tilesM(p));
  forEachTile(fullM, tailM, t.m, [&](Value m0, int64_t mt, Value mi) {
    forEachTile(fullN, tailN, t.n, [&](Value n0, int64_t nt, Value ni) {
      Value id = add(mul(add(batchTiles, mi), t.tilesN(p)), ni);
      onItsBlock(id, blockIdx, blockNum,
                 [&] { emitOutputTile(m0, mt, n0, nt); });
    });
  });
}

void tiling::MatmulEmitter::emitPartials() {
  int64_t fullM = p.m / t.m, tailM = p.m % t.m;
  int64_t fullN = p.n / t.n, tailN = p.n % t.n;
  int64_t parts = t.parts(p), partK = t.partK(p);
  int64_t lastK = p.k - (parts - 1) * partK;
  Value blockIdx = BlockIdxOp::create(b, loc, b.getIndexType());
  Value blockNum = BlockNumOp::create(b, loc, b.getIndexType());
  // Part s of a tile: rows s * M + m0.. of the workspace.
  writeC = [&](Value c, Value m0, int64_t mt, Value n0, int64_t nt) {
    Value row = add(mul(partIndex, p.m), m0);
    writeTile(c, workspace, add(mul(row, p.n), n0), mt, nt, p.n);
  };
  forEachTile(fullM, tailM, t.m, [&](Value m0, int64_t mt, Value mi) {
    forEachTile(fullN, tailN, t.n, [&](Value n0, int64_t nt, Value ni) {
      Value tile = mul(add(mul(mi, t.tilesN(p)), ni), parts);
      auto part = [&](Value s, int64_t size) {
        onItsBlock(add(tile, s), blockIdx, blockNum, [&] {
          kFrom = mul(s, partK);
          kSize = size;
          partIndex = s;
          emitOutputTile(m0, mt, n0, nt);
        });
      };
      if (lastK == partK)
        return loop(parts, [&](Value s) { part(s, partK); });
      loop(parts - 1, [&](Value s) { part(s, partK); });
      part(index(parts - 1), lastK);
    });
  });
  writeC = nullptr;
  kFrom = partIndex = Value();
  kSize = 0;
}

void tiling::MatmulEmitter::emitReduction() {
  sets = 2;
  syncStart();
  int64_t fullM = p.m / t.m, tailM = p.m % t.m;
  int64_t fullN = p.n / t.n, tailN = p.n % t.n;
  Value blockIdx = BlockIdxOp::create(b, loc, b.getIndexType());
  Value blockNum = BlockNumOp::create(b, loc, b.getIndexType());
  forEachTile(fullM, tailM, t.m, [&](Value m0, int64_t mt, Value mi) {
    forEachTile(fullN, tailN, t.n, [&](Value n0, int64_t nt, Value ni) {
      Value id = add(mul(mi, t.tilesN(p)), ni);
      onItsBlock(id, blockIdx, blockNum, [&] { reduceTile(m0, mt, n0, nt); });
    });
  });
  syncEnd();
}

void tiling::MatmulEmitter::reduceTile(Value m0, int64_t mt, Value n0,
                                       int64_t nt) {
  // Whole fractal rows: a one-row tile is no GEMV here (its A is a part
  // tile in L1, Nz); Fixpipe writes mt rows.
  int64_t rows = llvm::alignTo(mt, 16), bn = bCols(nt);
  int64_t rowsPad = rows;
  model::SplitKBuffers rb = model::splitKBuffers(p, t);
  bias = biasRow ? biasToBT(n0, nt, bn, cType) : Value();
  // What the reduction only reads through a view of another buffer (a
  // slice of a part tile, the identity's first 8 columns, a bias slice in
  // BT) is a buffer of its own that nothing writes: a view shared with a
  // buffer another tile or program 1 writes would read as its data
  // (overlap_c2). The sum tile likewise.
  auto nz = [&](Level level, int64_t r, int64_t c, int64_t offset) {
    return buffer(level, r, c, cType, Format::Nz, offset, /*readOnly=*/true);
  };
  // 16-column slices; ND2NZ fills each row of a part to whole 32 B (8
  // f32), so the last slice reads the columns up to N's to 8 only (what
  // lies past them in L1 is no number to multiply by zero).
  int64_t slices = llvm::divideCeil(nt, 16);
  int64_t lastK = llvm::alignTo(nt, 8) - 16 * (slices - 1);
  int64_t parts = t.parts(p);
  auto bt = [&](int64_t c) {
    return place(MemRefType::get({16}, cType, MemRefLayoutAttrInterface(),
                                 MemSpaceAttr::get(b.getContext(), Level::BT)),
                 c * 64, /*readOnly=*/true);
  };
  // Part s on L1 set s % sets, its slices on L0 sets in turn (step s *
  // slices + c): part 0 alone, then a loop of `sets` parts an iteration
  // (each iteration starts on the same sets), then the rest.
  forEachChunk(parts, [&](Value s, int64_t j) {
    int64_t l1 = bufferSet * rb.l1Set, step = j * slices;
    Value p1 = buffer(Level::L1, rows, bn, cType, Format::Nz, l1);
    Value i1 = buffer(Level::L1, 16, 16, cType, Format::Nz, l1 + rb.l1Identity);
    beforeCopies();
    copyToNz(workspace, index(0), add(mul(s, p.m), m0), n0, p.n, mt, nt, p1);
    copyToNz(identity, index(0), index(0), index(0), 16, 16, 16, i1);
    copiesDone();
    bool first = j == 0;
    // Part after part into the same slices, a few Mmads apart: a PIPE_M
    // barrier where the slices hold fewer than 10 fractals (sync_c1).
    if (!first && model::limits::needsPipeMBarrier(rows, 16 * slices))
      PipeBarrierOp::create(b, loc, PipeAttr::get(b.getContext(), Pipe::M));
    for (int64_t c = 0; c < slices; ++c) {
      int64_t kc = c + 1 == slices ? lastK : 16;
      l0Set = step++ % sets;
      l0Free();
      Value a1 = nz(Level::L1, rows, kc, l1 + c * rowsPad * 64);
      Value a0 = buffer(Level::L0A, rows, kc, cType, prod.L0ALayout,
                        l0Set * rb.l0aSet);
      LoadOp::create(b, loc, a1, a0, UnitAttr(), MoverAttr());
      // The identity as B^T (16 x kc, its first kc columns) -> L0B Zn.
      Value b1 = kc == 16 ? i1 : nz(Level::L1, 16, kc, l1 + rb.l1Identity);
      Value b0 =
          buffer(Level::L0B, kc, 16, cType, Format::Zn, l0Set * rb.l0bSet);
      LoadOp::create(b, loc, b1, b0, kc == 16 ? b.getUnitAttr() : UnitAttr(),
                     MoverAttr());
      Value c0 =
          buffer(Level::L0C, rows, 16, cType, Format::Nz, c * rowsPad * 64);
      beforeMmad(/*init=*/first && c == 0,
                 /*withBias=*/first && c == 0 && bias,
                 /*freesL1=*/c + 1 == slices);
      mmad(a0, b0, c0, first && bias ? bt(c) : Value(), rows, kc, 16,
           /*init=*/first);
      afterMmad(/*withBias=*/first && bias && c + 1 == slices);
    }
  });
  l0Set = -1;
  writeTile(nz(Level::L0C, rows, bn, 0), C,
            add(cBase, add(mul(m0, cPitch), n0)), mt, nt, cPitch);
}

void tiling::MatmulEmitter::emitOutputTile(Value m0, int64_t mt, Value n0,
                                           int64_t nt) {
  // L1's chunks of K: one K step each, or several (kL1); of all of K or
  // of a split-K part's.
  int64_t kc = t.l1K(), kTotal = kSize ? kSize : p.k;
  int64_t fullK = kTotal / kc, tailK = kTotal % kc;
  auto kAt = [&](Value k0) { return kFrom ? add(kFrom, k0) : k0; };
  // The first K chunk's Mmad starts C from the bias (cmatrixSource), or
  // from the seed of a bias over C's rows.
  bias = biasRow ? biasToBT(n0, nt, bCols(nt), cType) : Value();
  bool seeded = biasColumn || biasSeedRow;
  if (seeded)
    emitSeed(m0, mt, n0, nt);
  bool gemvRow = gemv(mt) && !prod.HasDisableGemv;
  auto chunk = [&](Value k0, int64_t kt, int64_t j, bool init) {
    if (kc > t.k && !gemvRow)
      return emitSteps(m0, mt, n0, nt, k0, kt, j, init);
    if (kc == t.k)
      return emitChunk(m0, mt, n0, nt, k0, kt, init);
    // A GEMV row (one-row tile, A read from L0A as ND: its C0 blocks one
    // after another in L1) is copied step by step, each step a chunk on
    // the L1 chunk's set.
    for (int64_t s = 0; s * t.k < kt; ++s)
      emitChunk(m0, mt, n0, nt, add(k0, index(s * t.k)),
                std::min(t.k, kt - s * t.k), init && s == 0);
  };
  // Chunk j (K from j * kc) on buffer set j % sets.
  forEachChunk(fullK, [&](Value i, int64_t j) {
    chunk(kAt(mul(i, kc)), kc, j, /*init=*/j == 0 && !seeded);
  });
  if (tailK > 0) {
    bufferSet = fullK % sets;
    chunk(kAt(index(fullK * kc)), tailK, fullK, fullK == 0 && !seeded);
  }
  // C tile -> C (NZ2ND): mt x nt elements at row m0, column n0; a ReLU
  // epilogue is Fixpipe's.
  Value c0 = buffer(Level::L0C, aRows(mt), bCols(nt), cType, Format::Nz);
  if (writeC)
    return writeC(c0, m0, mt, n0, nt);
  writeTile(c0, C, add(cBase, add(mul(m0, cPitch), n0)), mt, nt, cPitch);
}

void tiling::MatmulEmitter::copyToNz(Value src, Value base, Value row,
                                     Value col, int64_t pitch, int64_t nRows,
                                     int64_t nCols, Value dst,
                                     IntegerAttr c0Stride) {
  // ND2NZ of the chunk (ndNum = 1, matrix strides 0: one matrix, where a
  // batch's 3-D source would default to all of them): rows [row, row +
  // nRows) and columns [col, col + nCols) of src (from element base, rows
  // pitch apart) into the Nz buffer dst.
  Value from = add(base, add(mul(row, pitch), col));
  // 4-bit data moves as bytes (§5): the columns and the pitch count
  // bytes (every row starts on a byte: tile_c3); base offsets stay in
  // elements.
  auto dt = cast<MemRefType>(dst.getType());
  int64_t per =
      8 / std::min<int64_t>(8, *getElementBitWidth(dt.getElementType()));
  pitch /= per;
  nCols = llvm::divideCeil(nCols, per);
  if (!prod.HasND2NZ) {
    plainCopyToNz(src, from, pitch, nRows, nCols, dst,
                  /*consecutive=*/static_cast<bool>(c0Stride));
    return;
  }
  Nd2nzFields f;
  f.ndNum = 1;
  f.dValue = nCols;
  f.srcNdMatrixStride = 0;
  f.dstNzMatrixStride = 0;
  if (c0Stride)
    f.dstNzC0Stride = c0Stride.getInt();
  if (pitch <= model::limits::kU16Max || nRows == 1) {
    f.nValue = nRows;
    f.srcDValue = std::min<int64_t>(pitch, model::limits::kU16Max);
    dataCopyNd2nz(src, from, dst, Value(), f);
    return;
  }
  // Rows further apart than srcDValue reaches (tile_c5): one ND2NZ
  // per row, row r into row r of the Nz (r x C0 elements in), its C0
  // blocks the buffer's padded rows apart.
  int64_t c0 = 256 / *getElementBitWidth(dt.getElementType());
  int64_t padRows = llvm::alignTo(dt.getShape()[0], 16);
  f.nValue = 1;
  f.srcDValue = nCols;
  if (!c0Stride)
    f.dstNzC0Stride = padRows;
  for (int64_t r = 0; r < nRows; ++r)
    dataCopyNd2nz(src, add(from, index(r * pitch * per)), dst, index(r * c0),
                  f);
}

void tiling::MatmulEmitter::emitChunk(Value m0, int64_t mt, Value n0,
                                      int64_t nt, Value k0, int64_t kt,
                                      bool init) {
  int64_t rows = aRows(mt), ak = aK(kt);
  int64_t bk = bRows(kt), bn = bCols(nt);
  // L1 holds each chunk as stored in GM: A as rows x k (A^T as k x
  // rows), B as k x n (B^T as n x k); ascube.load moves it transposed
  // where the L0 tile is the other way round.
  int64_t l1A = bufferSet * buf.l1Set, l1B = l1A + buf.l1B;
  Value a1 = p.transA ? buffer(Level::L1, ak, rows, aType, Format::Nz, l1A)
                      : buffer(Level::L1, rows, ak, aType, Format::Nz, l1A);
  Value b1 = p.transB ? buffer(Level::L1, bn, bk, bType, Format::Nz, l1B)
                      : buffer(Level::L1, bk, bn, bType, Format::Nz, l1B);
  // GEMV (m = 1, §13.3): the Mmad reads A from L0A as kt contiguous
  // elements (ND). (950 turns GEMV off instead: disableGemv below.) ND2NZ
  // with dstNzC0Stride = 1 (32 B) lays the row's C0 blocks one after
  // another in L1 (the tail zero-filled to 32 B); LoadData 2D moves the
  // fractals that hold it.
  bool gemvRow = gemv(mt) && !prod.HasDisableGemv;
  beforeCopies();
  if (copyA)
    copyA(a1, m0, mt, k0, kt, gemvRow);
  else if (gemvRow)
    copyToNz(A, aBase, m0, k0, aPitch, 1, kt, a1, attr(1));
  else if (p.transA)
    copyToNz(A, aBase, k0, m0, aPitch, kt, mt, a1);
  else
    copyToNz(A, aBase, m0, k0, aPitch, mt, kt, a1);
  if (copyB)
    copyB(b1, k0, kt, n0, nt);
  else if (p.transB)
    copyToNz(B, bBase, n0, k0, bPitch, nt, kt, b1);
  else
    copyToNz(B, bBase, k0, n0, bPitch, kt, nt, b1);
  beforeLoads();
  if (p.mx) {
    emitMxChunk(a1, b1, rows, ak, bk, bn, init);
    return;
  }
  loadAndMultiply(a1, b1, mt, kt, nt, init);
}

void tiling::MatmulEmitter::loadAndMultiply(Value a1, Value b1, int64_t mt,
                                            int64_t kt, int64_t nt, bool init,
                                            bool freesL1) {
  int64_t rows = aRows(mt), ak = aK(kt);
  int64_t bk = bRows(kt), bn = bCols(nt);
  int64_t set = l0Event();
  bool gemvRow = gemv(mt) && !prod.HasDisableGemv;
  Value a0;
  if (gemvRow) {
    int64_t perFractal = 512 * 8 / p.aBits;
    int64_t repeat = llvm::divideCeil(kt, perFractal);
    a0 = buffer(Level::L0A, 1, repeat * perFractal, aType, Format::ND,
                set * buf.l0aSet);
    auto load = Load2DOp::create(b, loc, a1, a0);
    load.setRepeatTimesAttr(attr(repeat));
  } else {
    // A square tile held transposed says so (a non-square one's types
    // do).
    a0 = buffer(Level::L0A, rows, ak, aType, prod.L0ALayout, set * buf.l0aSet);
    LoadOp::create(b, loc, a1, a0,
                   p.transA && rows == ak ? b.getUnitAttr() : UnitAttr(),
                   MoverAttr());
  }
  Value b0 = buffer(Level::L0B, bk, bn, bType, Format::Zn, set * buf.l0bSet);
  LoadOp::create(b, loc, b1, b0,
                 p.transB && bk == bn ? b.getUnitAttr() : UnitAttr(),
                 MoverAttr());
  Value c0 = buffer(Level::L0C, rows, bn, cType, Format::Nz);
  bool withBias = init && bias;
  beforeMmad(init, withBias, freesL1);
  // Consecutive accumulating Mmads into one L0C tile of fewer than 10
  // fractals need a PIPE_M barrier (§13.3, sync_c1).
  if (!init && model::limits::needsPipeMBarrier(rows, bn))
    PipeBarrierOp::create(b, loc, PipeAttr::get(b.getContext(), Pipe::M));
  // On 950 a one-row tile turns GEMV off and reads A as a fractal.
  MmadOp op = mmad(a0, b0, c0, withBias ? bias : Value(), rows, kt, bn, init);
  if (p.kAlign16)
    op.setKDirectionAlignAttr(b.getBoolAttr(true));
  if (gemv(mt) && prod.HasDisableGemv)
    op.setDisableGemvAttr(b.getBoolAttr(true));
  afterMmad(withBias);
}

void tiling::MatmulEmitter::emitSteps(Value m0, int64_t mt, Value n0,
                                      int64_t nt, Value k0, int64_t kc,
                                      int64_t j, bool init) {
  assert(!p.transA && p.transB && !p.mx && !copyA && !copyB &&
         "several K steps in an L1 chunk need A held M x K and B N x K "
         "(planMatmul: tile_c15)");
  int64_t rows = aRows(mt), bn = bCols(nt);
  int64_t l1A = bufferSet * buf.l1Set, l1B = l1A + buf.l1B;
  // One copy each of A's rows x kc and B^T's bn x kc (Nz: column blocks
  // of C0, each the buffer's rows padded to 16).
  beforeCopies();
  copyToNz(A, aBase, m0, k0, aPitch, mt, kc,
           buffer(Level::L1, rows, aK(kc), aType, Format::Nz, l1A));
  copyToNz(B, bBase, n0, k0, bPitch, nt, kc,
           buffer(Level::L1, bn, bRows(kc), bType, Format::Nz, l1B));
  copiesDone();
  // Step s: K columns [s k, s k + kt) of both, whole column blocks (k is
  // a multiple of the C0s), so an Nz buffer of its own at s k padded rows
  // of C0 further on; on L0 set (j kL1 / k + s) % sets.
  int64_t steps = llvm::divideCeil(kc, t.k), perChunk = t.l1K() / t.k;
  int64_t aStep = llvm::alignTo(rows, 16) * t.k * p.aBits / 8,
          bStep = llvm::alignTo(bn, 16) * t.k * p.bBits / 8;
  for (int64_t s = 0; s < steps; ++s) {
    int64_t kt = std::min(t.k, kc - s * t.k);
    l0Set = (j * perChunk + s) % sets;
    Value a1 =
        buffer(Level::L1, rows, aK(kt), aType, Format::Nz, l1A + s * aStep);
    Value b1 =
        buffer(Level::L1, bn, bRows(kt), bType, Format::Nz, l1B + s * bStep);
    l0Free();
    // The last step's loads free the L1 set for the chunk after next.
    loadAndMultiply(a1, b1, mt, kt, nt, init && s == 0,
                    /*freesL1=*/s == steps - 1);
  }
  l0Set = -1;
}

void tiling::MatmulEmitter::emitSeed(Value m0, int64_t mt, Value n0,
                                     int64_t nt) {
  bufferSet = sets - 1;
  int64_t kc = 256 / *getElementBitWidth(cType);
  int64_t rows = aRows(mt), bn = bCols(nt);
  bool gemvRow = gemv(mt) && !prod.HasDisableGemv;
  int64_t l1A = bufferSet * buf.l1Set, l1B = l1A + buf.l1B;
  Value a1 = buffer(Level::L1, rows, kc, cType, Format::Nz, l1A);
  Value b1 = buffer(Level::L1, bn, kc, cType, Format::Nz, l1B);
  beforeCopies();
  // n elements from src[from], one a row (C0 blocks `stride` rows apart).
  auto column = [&](Value src, Value from, Value dst, int64_t n,
                    int64_t stride) {
    Nd2nzFields f;
    f.ndNum = 1;
    f.nValue = n;
    f.dValue = 1;
    f.srcNdMatrixStride = 0;
    f.srcDValue = 1;
    f.dstNzC0Stride = stride;
    f.dstNzMatrixStride = 0;
    dataCopyNd2nz(src, from, dst, Value(), f);
  };
  if (biasColumn) {
    column(biasColumn, m0, a1, gemvRow ? 1 : mt,
           gemvRow ? 1 : llvm::alignTo(rows, 16));
    copyOnes(cType, llvm::alignTo(bn, 16) * 32, b1);
  } else {
    copyOnes(cType, llvm::alignTo(rows, 16) * 32, a1);
    column(biasSeedRow, n0, b1, nt, llvm::alignTo(bn, 16));
  }
  beforeLoads();
  Value a0;
  if (gemvRow) {
    a0 = buffer(Level::L0A, 1, 16 * kc, cType, Format::ND,
                bufferSet * buf.l0aSet);
    Load2DOp::create(b, loc, a1, a0).setRepeatTimesAttr(attr(1));
  } else {
    a0 = buffer(Level::L0A, rows, kc, cType, prod.L0ALayout,
                bufferSet * buf.l0aSet);
    LoadOp::create(b, loc, a1, a0, UnitAttr(), MoverAttr());
  }
  Value b0 =
      buffer(Level::L0B, kc, bn, cType, Format::Zn, bufferSet * buf.l0bSet);
  LoadOp::create(b, loc, b1, b0, bn == kc ? b.getUnitAttr() : UnitAttr(),
                 MoverAttr());
  Value c0 = buffer(Level::L0C, rows, bn, cType, Format::Nz);
  beforeMmad(/*init=*/true, /*withBias=*/false);
  MmadOp op = mmad(a0, b0, c0, Value(), rows, kc, bn, /*init=*/true);
  if (gemv(mt) && prod.HasDisableGemv)
    op.setDisableGemvAttr(b.getBoolAttr(true));
  afterMmad(/*withBias=*/false);
}

void tiling::MatmulEmitter::emitMxChunk(Value a1, Value b1, int64_t rows,
                                        int64_t ak, int64_t bk, int64_t bn,
                                        bool init) {
  auto e8m0 = Float8E8M0FNUType::get(b.getContext());
  int64_t l0a = bufferSet * buf.l0aSet, l0b = bufferSet * buf.l0bSet;
  Value sa1 =
      buffer(Level::L1, rows, ak / 32, e8m0, Format::ScaleA, buf.scaleOffset);
  Value sb1 = buffer(Level::L1, bk / 32, bn, e8m0, Format::ScaleB,
                     buf.scaleOffset + buf.scaleABytes);
  Value a0 = buffer(Level::L0A, rows, ak, aType, Format::Nz, l0a);
  Value sa0 =
      buffer(Level::L0A_MX, rows, ak / 32, e8m0, Format::ScaleA, l0a / 16);
  Value b0 = buffer(Level::L0B, bk, bn, bType, Format::Zn, l0b);
  Value sb0 =
      buffer(Level::L0B_MX, bk / 32, bn, e8m0, Format::ScaleB, l0b / 16);
  // A square chunk of an operand held transposed in GM has types that do
  // not say which matrix its source is, so its move is spelt out with the
  // values the derived form takes (§8): mStep = srcStride = the source's
  // fractal rows, kStep its 32 B columns, dstStride the destination's
  // fractals per K block (Nz: rows, Zn: columns).
  auto load = [&](Value src, Value scale, Value dst, Value scaleDst,
                  bool transpose, bool heldTransposed, bool zn) {
    auto st = cast<MemRefType>(src.getType());
    auto dt = cast<MemRefType>(dst.getType());
    LoadMxOp op = loadMx(src, scale, dst, scaleDst, transpose);
    if (heldTransposed && st.getShape() == dt.getShape()) {
      int64_t bits = *getElementBitWidth(st.getElementType());
      int64_t rows = llvm::alignTo(st.getShape()[0], 16) / 16;
      op.setMStepAttr(attr(rows));
      op.setKStepAttr(
          attr(llvm::alignTo(st.getShape()[1], 256 / bits) * bits / 256));
      op.setSrcStrideAttr(attr(rows));
      op.setDstStrideAttr(
          attr(llvm::alignTo(dt.getShape()[zn ? 1 : 0], 16) / 16));
    }
  };
  load(a1, sa1, a0, sa0, /*transpose=*/p.transA, /*heldTransposed=*/p.transA,
       /*zn=*/false);
  load(b1, sb1, b0, sb0, /*transpose=*/!p.transB,
       /*heldTransposed=*/p.transB, /*zn=*/true);
  Value c0 = buffer(Level::L0C, rows, bn, cType, Format::Nz);
  bool withBias = init && bias;
  beforeMmad(init, withBias);
  if (!init && model::limits::needsPipeMBarrier(rows, bn))
    PipeBarrierOp::create(b, loc, PipeAttr::get(b.getContext(), Pipe::M));
  mmadMx(a0, sa0, b0, sb0, c0, withBias ? bias : Value(), rows, ak, bn, init);
  afterMmad(withBias);
}
