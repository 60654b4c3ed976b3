//===- ConvTilingTest.cpp - Tile sizes of a 2-D convolution ---------------===//
//
// model::chooseConvTiling and ConvTiling's counts against hand-worked
// cases: capacities (§1), the im2col K of LoadData 3D (§10.3), bands of
// output rows and pieces of one row, and the GM -> L1 traffic.
//
//===----------------------------------------------------------------------===//

#include "ascube/Tiling/ConvTiling.h"

#include "gtest/gtest.h"

#include <utility>

using namespace ascube::model;

namespace {
// Atlas A2 (§1): L1 512 KiB, L0A/L0B 64 KiB, L0C 128 KiB.
const MatmulCapacities kA2{512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024};

ConvProblem problem(int64_t h, int64_t w, int64_t c, int64_t k, int64_t f,
                    int64_t bits = 16) {
  ConvProblem p;
  p.h = h;
  p.w = w;
  p.c = c;
  p.kh = p.kw = k;
  p.f = f;
  p.oh = h - k + 1;
  p.ow = w - k + 1;
  p.bits = bits;
  p.cBits = 32;
  return p;
}
} // namespace

// 8 x 8 x 20 f16, 3 x 3 kernel, 24 channels: one tile of the whole 6 x 6
// output (all 6 rows) x 32 channels (24 rounded to 16s) with both C0
// blocks in one chunk; GM -> L1 is the map once (8 x 8 pixels x 2 blocks
// x 32 B = 4096 B) and the weights once (3 x 3 x 20 x 24 x 2 B = 8640 B).
TEST(ConvTiling, SmallProblemIsOneTile) {
  ConvProblem p = problem(8, 8, 20, 3, 24);
  EXPECT_EQ(p.c0(), 16);
  EXPECT_EQ(p.c1(), 2);
  auto t = chooseConvTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->piece, 0);
  EXPECT_EQ(t->rows, 6);
  EXPECT_EQ(t->n, 32);
  EXPECT_EQ(t->groups, 2);
  EXPECT_EQ(t->tilesM(p), 1);
  EXPECT_EQ(t->tilesN(p), 1);
  EXPECT_EQ(t->chunksK(p), 1);
  EXPECT_EQ(t->gmToL1Bytes(p), 4096 + 8640);
  // Two chunks fit L0A (2 x 48 x 288 x 2 B = 55296 B), L0B and L1: the
  // chunks are double-buffered.
  EXPECT_EQ(t->sets, 2);
  EXPECT_EQ(t->l0aSetBytes(p), 27648);
  EXPECT_EQ(t->l0bSetBytes(p), 288 * 32 * 2);
  // L1 per set: the map (64 pixels x 2 blocks x 32 B = 4096 B), the full
  // block's weights (2 x 144 x 32 x 2 B = 18432 B) and the partial block's
  // (144 x 32 x 2 B = 9216 B), each 512 B aligned.
  EXPECT_EQ(t->l1SetBytes(p), 4096 + 18432 + 9216);
}

// Traffic of a given tiling: 10 x 10 x 16 f16, 3 x 3, 64 channels (8 x 8
// output) in bands of 4 rows x 32 channels: 2 bands, each reading 6 input
// rows of 10 pixels, one 32 B block each (2 x 6 x 10 x 32 = 3840 B) for
// each of the 2 N tiles; the weights (3 x 3 x 16 x 64 x 2 = 18432 B) once
// per band.
TEST(ConvTiling, TrafficOfBands) {
  ConvProblem p = problem(10, 10, 16, 3, 64);
  ConvTiling t{4, 0, 32, 1};
  EXPECT_EQ(t.tilesM(p), 2);
  EXPECT_EQ(t.tilesN(p), 2);
  EXPECT_EQ(t.mapPixels(p), 6 * 10);
  EXPECT_EQ(t.gmToL1Bytes(p), 2 * 3840 + 2 * 18432);
  EXPECT_TRUE(fitsConvTiling(p, kA2, t));
}

// A row too long for L0A: 400 output pixels x K = 3 x 3 x 16 = 144 f16
// columns is 115200 B > 64 KiB, so rows are cut into pieces. Two chunks
// (double buffering) fit with at most 65536 / (2 x 144 x 2) = 113 pixels,
// in 16s: 112 (three, and a tail of 64), which reads 3 x 114 + 66 input
// columns per row, no more than any smaller piece. With one set (the
// fallback) 227 pixels would fit: 224 and a tail of 176.
TEST(ConvTiling, LongRowsInPieces) {
  ConvProblem p = problem(5, 402, 16, 3, 16);
  EXPECT_FALSE(fitsConvTiling(p, kA2, ConvTiling{1, 0, 16, 1}));
  auto t = chooseConvTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->sets, 2);
  EXPECT_EQ(t->rows, 1);
  EXPECT_EQ(t->piece, 112);
  EXPECT_EQ(t->tilesM(p), 3 * 4);
  // Per output row: 3 input rows of 3 x 114 + 66 columns, one 32 B block.
  EXPECT_EQ(t->gmToL1Bytes(p),
            3 * 3 * (3 * 114 + 66) * 32 + 12 * (3 * 3 * 16 * 16 * 2));
  auto single = chooseConvTiling(p, kA2, 1);
  ASSERT_TRUE(single);
  EXPECT_EQ(single->piece, 224);
  EXPECT_EQ(single->tilesM(p), 3 * 2);
}

// Double buffering only where two chunks fit: an 11 x 11 kernel of one C0
// block is K = 121 x 16 = 1936 columns; one 16-pixel chunk of A takes
// 16 x 1936 x 2 = 61952 B of L0A's 64 KiB, two do not fit, so the chunks
// have one buffer set. A 7 x 7 kernel (K = 784: 2 x 16 x 784 x 2 = 50176
// B) has two.
TEST(ConvTiling, DoubleBufferedWhereTwoChunksFit) {
  ConvProblem big = problem(20, 20, 16, 11, 16);
  auto t = chooseConvTiling(big, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->sets, 1);
  EXPECT_FALSE(chooseConvTiling(big, kA2, 2));
  ConvProblem small = problem(20, 20, 16, 7, 16);
  auto u = chooseConvTiling(small, kA2);
  ASSERT_TRUE(u);
  EXPECT_EQ(u->sets, 2);
  EXPECT_TRUE(fitsConvTiling(small, kA2, *u));
}

// int8 (C0 = 32): N tiles are whole C0 blocks (32 channels), K = 32 per
// kernel point.
TEST(ConvTiling, Int8Alignment) {
  ConvProblem p = problem(6, 6, 40, 2, 20, 8);
  EXPECT_EQ(p.c0(), 32);
  EXPECT_EQ(p.nAlign(), 32);
  auto t = chooseConvTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->n % 32, 0);
  EXPECT_EQ(t->n, 32);
}

// A 16 x 16 kernel of one C0 block is K = 4096 im2col columns, past
// Mmad's k range (4095): no whole window fits, so a block's 256 kernel
// points go in chunks — parts of a kernel row (fewer than KW = 16 points)
// or whole kernel rows. The 5 x 5 output (25 pixels: 32 rows of L0A) in
// one tile of 16 channels, 2 kernel rows (32 points) a chunk: L0A 32 x
// 512 x 2 B = 32768 B a set, twice 65536 B (fits); L0B 512 x 16 x 2 B
// twice 32768 B. 3 rows (48 points) take 49152 B of L0A a set, 98304 B
// twice (no); smaller M tiles (16 rows: up to 4 kernel rows) re-read the
// weights (131072 B) at least twice. Traffic: each chunk reads the map
// rows of its 2 kernel rows, 6 x 20 pixels x 32 B = 3840 B, 8 chunks, and
// the weights once: 30720 + 131072 = 161792 B. With chunks of 3 rows (one
// set) the 16 rows are 5 groups of 3 rows, reading 7 map rows each, and a
// last of 1, reading 5: 40 x 20 x 32 B = 25600 B, and the weights.
TEST(ConvTiling, KernelBeyondMmadK) {
  ConvProblem p = problem(20, 20, 16, 16, 16);
  EXPECT_FALSE(fitsConvTiling(p, kA2, ConvTiling{1, 0, 16, 1}));
  auto t = chooseConvTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->rows, 5);
  EXPECT_EQ(t->piece, 0);
  EXPECT_EQ(t->n, 16);
  EXPECT_EQ(t->groups, 1);
  EXPECT_EQ(t->taps, 32);
  EXPECT_EQ(t->sets, 2);
  EXPECT_EQ(t->rowsPerChunk(p), 2);
  EXPECT_EQ(t->chunksK(p), 8);
  EXPECT_EQ(t->mapPixels(p), 120);
  EXPECT_EQ(t->gmToL1Bytes(p), 161792);
  EXPECT_FALSE(fitsConvTiling(p, kA2, ConvTiling{5, 0, 16, 1, 48, 2}));
  EXPECT_EQ(ConvTiling({5, 0, 16, 1, 48, 1}).gmToL1Bytes(p), 25600 + 131072);
  // Points split only a single block, into at least two chunks.
  EXPECT_FALSE(fitsConvTiling(p, kA2, ConvTiling{5, 0, 16, 2, 32, 2}));
  EXPECT_FALSE(fitsConvTiling(p, kA2, ConvTiling{5, 0, 16, 1, 256, 1}));
}

// A last chunk of the rest of a block's taps has an L1 region of its own
// only where its weights are laid out otherwise than a full chunk's: a
// K x N Nz (8-bit weights LoadData 3D cannot move), not the LoadData 3D
// weights of whole C0 blocks. 20 x 20 x 16 f16, 16 x 16 kernel (5 x 5
// output), 5 rows, chunks of 12 points (each kernel row 12 + 4): the map
// rows of one kernel row, 5 x 20 pixels x 32 B = 3200 B (3584 B in whole
// 512 B), a chunk's weights 12 x 16 x 16 x 2 B = 6144 B, and with a K x N
// Nz the last chunk's 6144 B again.
TEST(ConvTiling, ShortTapsRegionOnlyForKxNNz) {
  ConvProblem p = problem(20, 20, 16, 16, 16);
  ConvTiling t{5, 0, 16, 1, 12, 1};
  EXPECT_TRUE(t.shortTaps(p));
  EXPECT_EQ(t.chunksPerRow(p), 2);
  EXPECT_EQ(t.chunksPerBlock(p), 32);
  EXPECT_EQ(t.l1SetBytes(p), 3584 + 6144);
  p.weightsKxNNz = true;
  EXPECT_EQ(t.l1SetBytes(p), 3584 + 6144 + 6144);
  // Chunks of 4 points (a row in 4) or of 2 whole rows: all full.
  EXPECT_FALSE(ConvTiling({5, 0, 16, 1, 4, 1}).shortTaps(p));
  EXPECT_FALSE(ConvTiling({5, 0, 16, 1, 32, 1}).shortTaps(p));
}

// A chunk's points are part of one kernel row or whole rows, so that it
// reads only the map rows of its kernel rows, LoadData 3D taking them as
// its kernel and kStartPt its first point within them (below KW x C0,
// always within 65535): a 65 x 65 f16 kernel (4225 points, past kStartPt
// from the window's start: 4224 x 16 = 67584) maps. On A2 its 6 x 6
// output (36 pixels: 48 rows of L0A) in one tile takes chunks of at most
// 21 points twice in L0A (48 x 21 x 16 x 2 B = 32256 B a set; 22 points
// 33792 B): each row in 4 chunks (21, 21, 21, 2), 260 chunks, each
// reading 6 x 70 map pixels, 260 x 420 x 32 B = 3494400 B, and the
// weights once, 65 x 65 x 16 x 16 x 2 B = 2163200 B. (Bands of 2 rows
// take 2 chunks a row but read the weights 3 times: 1747200 + 6489600 B;
// of 3 rows 3 chunks a row, twice: 2620800 + 4326400 B.) A 64 x 64 kernel
// over a 70 x 70 map, 7 x 7 output (64 L0A rows: 16 points twice), reads
// its map rows in 4 x 64 chunks: 256 x 490 x 32 B = 4014080 B, and its
// weights once, 2097152 B.
TEST(ConvTiling, ChunksOfKernelRows) {
  ConvProblem p65 = problem(70, 70, 16, 65, 16);
  EXPECT_TRUE(inConvRange(p65, ConvTiling{1, 0, 16, 1, 195, 1}));
  EXPECT_EQ(ConvTiling({1, 0, 16, 1, 195, 1}).chunksPerBlock(p65), 22);
  EXPECT_EQ(ConvTiling({1, 0, 16, 1, 195, 1}).rowsPerChunk(p65), 3);
  EXPECT_FALSE(inConvRange(p65, ConvTiling{1, 0, 16, 1, 255, 1}));
  EXPECT_EQ(describeConvRangeMiss(p65, ConvTiling{1, 0, 16, 1, 255, 1}),
            "255 kernel points a chunk are neither part of a kernel row nor "
            "whole rows (KW = 65)");
  // A2's choice: bands of `rows`, `taps` points a chunk, two buffer sets.
  auto expectChosen = [](const ConvProblem &p, int64_t rows, int64_t taps,
                         int64_t chunks, int64_t bytes) {
    auto t = chooseConvTiling(p, kA2);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->rows, rows);
    EXPECT_EQ(t->taps, taps);
    EXPECT_EQ(t->sets, 2);
    EXPECT_EQ(t->chunksK(p), chunks);
    EXPECT_EQ(t->gmToL1Bytes(p), bytes);
  };
  expectChosen(p65, 6, 21, 260, 3494400 + 2163200);
  expectChosen(problem(70, 70, 16, 64, 16), 7, 16, 256, 4014080 + 2097152);
  const MatmulCapacities huge{1 << 30, 1 << 30, 1 << 30, 1 << 30};
  EXPECT_TRUE(chooseConvTiling(problem(70, 70, 16, 66, 16), huge));
}

// A band's map beyond DataCopy's 16384 pixels (nValue, dstNzC0Stride)
// does not fit, whatever the capacities: with stride 5 down a 100-wide
// map, 30 output rows (3000 pixels) read 146 input rows (14600 pixels), 35
// rows (3500 pixels, within Mmad's m) read 171 (17100 pixels).
TEST(ConvTiling, MapPixelsRange) {
  ConvProblem p = problem(200, 100, 1, 1, 16);
  p.sh = 5;
  p.oh = 40;
  const MatmulCapacities huge{1 << 30, 1 << 30, 1 << 30, 1 << 30};
  EXPECT_EQ(ConvTiling({30, 0, 16, 1}).mapPixels(p), 14600);
  EXPECT_TRUE(fitsConvTiling(p, huge, ConvTiling{30, 0, 16, 1}));
  EXPECT_FALSE(fitsConvTiling(p, huge, ConvTiling{35, 0, 16, 1}));
}

// A map wider than the output needs: 5 x 9 x 16 f16, a 1 x 1 kernel,
// stride 1 x 2, a 4 x 3 output (linalg's windows stop short of the map's
// end). A band of 4 rows holds (3 - 1) x 2 + 1 = 5 of the 9 columns of
// its rows: 20 map pixels; GM -> L1 4 x 5 x 32 B = 640 B of map and
// 16 x 16 x 2 B = 512 B of weights.
TEST(ConvTiling, BandHoldsTheColumnsItsOutputReads) {
  ConvProblem p = problem(5, 9, 16, 1, 16);
  p.sw = 2;
  p.oh = 4;
  p.ow = 3;
  ConvTiling t{4, 0, 16, 1};
  EXPECT_EQ(t.mapPixels(p), 20);
  EXPECT_EQ(t.gmToL1Bytes(p), 640 + 512);
  EXPECT_TRUE(fitsConvTiling(p, kA2, t));
}

// Sizes far beyond any GM neither wrap the traffic around nor fit:
// the traffic saturates at INT64_MAX, and a forced tile of 2^62 output
// rows or 2^40 channels is refused before any byte count overflows.
TEST(ConvTiling, HugeSizesSaturateAndDoNotFit) {
  ConvProblem p = problem(int64_t(1) << 40, int64_t(1) << 20, 4096, 1, 4096);
  ConvTiling t{1, 16, 16, 1};
  EXPECT_EQ(t.gmToL1Bytes(p), INT64_MAX);
  EXPECT_FALSE(fitsConvTiling(p, kA2, ConvTiling{int64_t(1) << 62, 0, 16, 1}));
  EXPECT_FALSE(fitsConvTiling(p, kA2, ConvTiling{1, 16, int64_t(1) << 40, 1}));
}

// An NCHW output (Fixpipe NZ2DN, 32 B aligned GM addresses, §4): tiles
// start multiples of outAlign elements into the image (8 for f32).
// 4 x 5 outputs: a band of 1 or 2 rows (5, 10 pixels) would start the
// next band misaligned; one band of all 4 rows starts at 0 only.
TEST(ConvTiling, NchwOutputBandsAligned) {
  ConvProblem p = problem(6, 7, 16, 3, 16);
  ASSERT_EQ(p.oh, 4);
  ASSERT_EQ(p.ow, 5);
  p.outAlign = 8;
  EXPECT_FALSE((ConvTiling{1, 0, 16, 1}.aligned(p)));
  EXPECT_FALSE((ConvTiling{2, 0, 16, 1}.aligned(p)));
  EXPECT_TRUE((ConvTiling{4, 0, 16, 1}.aligned(p)));
  p.outAlign = 1;
  EXPECT_TRUE((ConvTiling{1, 0, 16, 1}.aligned(p)));
}

// Pieces of a row start piece apart from rows OW apart: OW = 40 (a
// multiple of 8) with pieces of 16 is aligned, OW = 44 is not.
TEST(ConvTiling, NchwOutputPiecesAligned) {
  ConvProblem p = problem(6, 42, 16, 3, 16);
  ASSERT_EQ(p.ow, 40);
  p.outAlign = 8;
  EXPECT_TRUE((ConvTiling{1, 16, 16, 1}.aligned(p)));
  p = problem(6, 46, 16, 3, 16);
  p.outAlign = 8;
  EXPECT_FALSE((ConvTiling{1, 16, 16, 1}.aligned(p)));
}

// N tiles start n x OH x OW elements apart: with an int8 output (32 per
// 32 B) of 3 x 3 pixels, 16 channels are 144 elements (misaligned), 32
// channels 288 = 9 x 32. One N tile starts at 0.
TEST(ConvTiling, NchwOutputNTilesAligned) {
  ConvProblem p = problem(5, 5, 16, 3, 40);
  ASSERT_EQ(p.oh * p.ow, 9);
  p.outAlign = 32;
  EXPECT_FALSE((ConvTiling{3, 0, 16, 1}.aligned(p)));
  EXPECT_TRUE((ConvTiling{3, 0, 32, 1}.aligned(p)));
  EXPECT_TRUE((ConvTiling{3, 0, 48, 1}.aligned(p)));
}

// The rule takes only aligned tilings: LongRowsInPieces with OW = 401
// has no aligned piece (rows 401 f32 apart) and no band fits L0A. (Chunks
// of fewer kernel points would fit a band, but they are taken only where
// no whole window fits at all: these fit, unaligned.)
TEST(ConvTiling, NchwOutputNoAlignedTile) {
  ConvProblem p = problem(5, 403, 16, 3, 16);
  ASSERT_EQ(p.ow, 401);
  ASSERT_TRUE(chooseConvTiling(p, kA2));
  p.outAlign = 8;
  EXPECT_FALSE(chooseConvTiling(p, kA2));
  // OW = 400: pieces of 112 (double-buffered) as without the alignment.
  p = problem(5, 402, 16, 3, 16);
  p.outAlign = 8;
  auto t = chooseConvTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->piece, 112);
}

// The rows a chunk's window of kernel rows reaches beyond the map: a 4-row
// map zero-padded by 2 above and below (8 rows), a 3 x 3 kernel dilated by
// 2, 4 output rows. Output row 0's window (padded rows 0-4) reaches 2 rows
// above the map and none below; through kernel row 0 alone it is padded
// row 0 (map row -2: all padding, 2 above), kernel row 1 map row 0, kernel
// row 2 map row 2. Output row 3's window (map rows 1-5) reaches 2 below;
// through kernel row 2 it is map row 5 (2 below: all padding), kernel row
// 0 map row 1.
TEST(ConvTiling, ChunkRowEdges) {
  ConvProblem p = problem(8, 8, 16, 3, 16);
  p.dh = p.dw = 2;
  p.oh = p.ow = 4;
  ConvMap m{p, 2, 2, 4, 4};
  // An edge as (lo, hi).
  auto pair = [](WindowEdge e) { return std::make_pair(e.lo, e.hi); };
  using Pair = std::pair<int64_t, int64_t>;
  WindowEdge top = m.rowEdge(0, 1), bottom = m.rowEdge(3, 1);
  EXPECT_EQ(pair(top), Pair(2, 0));
  EXPECT_EQ(pair(m.chunkRowEdge(top, 1, 0, 1)), Pair(2, 0));
  EXPECT_EQ(pair(m.chunkRowEdge(top, 1, 1, 1)), Pair(0, 0));
  EXPECT_EQ(pair(m.chunkRowEdge(top, 1, 2, 1)), Pair(0, 0));
  EXPECT_EQ(pair(bottom), Pair(0, 2));
  EXPECT_EQ(pair(m.chunkRowEdge(bottom, 1, 2, 1)), Pair(0, 2));
  EXPECT_EQ(pair(m.chunkRowEdge(bottom, 1, 0, 1)), Pair(0, 0));
  EXPECT_TRUE(m.tilesReadTheMap(ConvTiling{1, 0, 16, 1}));
}

// In M tiles of one output row a part of a kernel row reads only its
// points' map columns. A 1 x 40 x 16 f16 map, a 1 x 5 kernel dilated by
// 3 along W (13 columns) -> 1 x 28 output, bands of the one row, parts of
// 2 points (2 + 2 + 1): a part of 2 points reads (28 - 1) + 3 + 1 = 31
// map columns, the last part 28; GM -> L1 (31 + 31 + 28) x 32 B = 2880 B
// of map and 5 x 16 x 16 x 2 B = 2560 B of weights. A 255-point row
// dilated by 65 spans 16511 map columns, past DataCopy's 16384 for its
// whole row; parts of one point read the 20 columns of a 20-pixel row.
TEST(ConvTiling, PartsReadTheirColumns) {
  ConvProblem p = problem(1, 40, 16, 1, 16);
  p.kw = 5;
  p.dw = 3;
  p.ow = 28;
  ConvTiling t{1, 0, 16, 1, 2, 1, true};
  EXPECT_TRUE(t.partColumns(p));
  EXPECT_EQ(t.windowCols(p), 31);
  EXPECT_EQ(t.mapPixels(p), 31);
  EXPECT_EQ(t.gmToL1Bytes(p), 2880 + 2560);
  // Bands of two rows keep the row's columns; without ownColumns so does
  // one row (the row's 28 + 4 x 3 = 40 columns).
  EXPECT_FALSE(ConvTiling({2, 0, 16, 1, 2, 1, true}).partColumns(p));
  EXPECT_FALSE(ConvTiling({1, 0, 16, 1, 2, 1}).partColumns(p));
  EXPECT_EQ(ConvTiling({1, 0, 16, 1, 2, 1}).windowCols(p), 40);

  ConvProblem wide = problem(1, 16530, 8, 1, 16, 32);
  wide.kw = 255;
  wide.dw = 65;
  wide.ow = 20;
  // A kernel row of 255 points dilated by 65 spans 16511 map columns:
  // only parts reading their own columns fit DataCopy's 16384, and the
  // search takes them.
  EXPECT_TRUE(inConvRange(wide, ConvTiling{1, 0, 16, 1, 1, 1, true}));
  EXPECT_FALSE(inConvRange(wide, ConvTiling{1, 0, 16, 1, 1, 1}));
  EXPECT_EQ(ConvTiling({1, 0, 16, 1, 1, 1, true}).windowCols(wide), 20);
  std::optional<ConvTiling> chosen = chooseConvTiling(wide, kA2);
  ASSERT_TRUE(chosen);
  EXPECT_TRUE(chosen->partColumns(wide));
}

// Own columns only where nothing else fits: a 3 x 3 kernel dilated by 60
// over a 20 x 20 f16 map padded to 140 x 140 (20 x 20 output) has no
// whole window that fits (121 rows x 140 columns, past DataCopy's 16384
// pixels) and takes chunks of kernel points that read their rows' whole
// 140 columns, though parts reading their own columns would copy less: in
// tiles of one row nearly every part reaches the padding, and such tiles
// are emitted chunk by chunk.
TEST(ConvTiling, OwnColumnsOnlyWhereNothingElseFits) {
  ConvProblem p = problem(140, 140, 16, 3, 16);
  p.dh = p.dw = 60;
  p.oh = p.ow = 20;
  std::optional<ConvTiling> t = chooseConvTiling(p, kA2);
  ASSERT_TRUE(t);
  EXPECT_GT(t->taps, 0);
  EXPECT_FALSE(t->partColumns(p));
  EXPECT_EQ(t->windowCols(p), 140);
  ConvTiling own{1, 0, 16, 1, 1, 2, true};
  EXPECT_TRUE(fitsConvTiling(p, kA2, own));
  EXPECT_LT(own.gmToL1Bytes(p), t->gmToL1Bytes(p));
}

// Own columns also where the whole-column chunkings that fit are none
// aligned: an int8 NCHW output requantized to int8 starts each tile 32
// elements apart (outAlign 32). A 1 x 61 kernel dilated by 241 with a
// stride of 63 along W over a 1 x 16918 x 32 map (one output row of 40),
// with 16 KiB of L0A:
TEST(ConvTiling, OwnColumnsWhereNoWholeColumnsAreAligned) {
  ConvProblem p = problem(1, 16918, 32, 1, 32, 8);
  p.kw = 61;
  p.sw = 63;
  p.dw = 241;
  p.ow = 40;
  p.outAlign = 32;
  const MatmulCapacities small{1024 * 1024, 16 * 1024, 64 * 1024, 128 * 1024};
  // The whole window, 61 points x 32 channels = 1952 columns, takes 16 x
  // 1952 B of L0A for 16 pixels: past 16 KiB.
  EXPECT_FALSE(fitsConvTiling(p, small, ConvTiling{1, 16, 32, 1, 0, 1}));
  // Whole columns: a piece of 16 pixels reads 15 x 63 + 60 x 241 + 1 =
  // 15406 map columns and fits, but starts 16 elements apart; a piece of
  // 32 reads 16414, past DataCopy's 16384.
  ConvTiling whole16{1, 16, 32, 1, 8, 1};
  EXPECT_TRUE(fitsConvTiling(p, small, whole16));
  EXPECT_FALSE(whole16.aligned(p));
  EXPECT_FALSE(inConvRange(p, ConvTiling{1, 32, 32, 1, 8, 1}));
  // Parts reading their own columns are aligned in a piece of 32 (8
  // points: 31 x 63 + 7 x 241 + 1 = 3641 columns) and in the band of the
  // one output row (39 x 63 + 7 x 241 + 1 = 4145 columns, starting at 0):
  // the search takes such a tiling instead of refusing the convolution.
  ConvTiling own32{1, 32, 32, 1, 8, 1, true};
  EXPECT_EQ(own32.windowCols(p), 3641);
  EXPECT_TRUE(own32.aligned(p));
  ConvTiling ownRow{1, 0, 32, 1, 8, 1, true};
  EXPECT_EQ(ownRow.windowCols(p), 4145);
  EXPECT_TRUE(ownRow.aligned(p));
  std::optional<ConvTiling> t = chooseConvTiling(p, small);
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->partColumns(p));
  EXPECT_TRUE(t->aligned(p));
}

// The candidates objective=time times: the rule's first, then each fitting
// and aligned, no duplicate; a stem's whole 7 x 7 windows also in chunks
// of kernel rows (taps, multiples of KW).
TEST(ConvTiling, TimeCandidates) {
  ConvProblem p = problem(38, 38, 3, 7, 32);
  p.sh = p.sw = 2;
  p.oh = p.ow = 16;
  std::optional<ConvTiling> rule = chooseConvTiling(p, kA2);
  ASSERT_TRUE(rule);
  std::vector<ConvTiling> c = convCandidates(p, kA2, *rule);
  ASSERT_GT(c.size(), 1u);
  EXPECT_EQ(c[0].rows, rule->rows);
  EXPECT_EQ(c[0].piece, rule->piece);
  EXPECT_EQ(c[0].n, rule->n);
  EXPECT_EQ(c[0].groups, rule->groups);
  EXPECT_EQ(c[0].taps, rule->taps);
  bool rowChunks = false;
  for (size_t i = 1; i < c.size(); ++i) {
    EXPECT_TRUE(fitsConvTiling(p, kA2, c[i]));
    EXPECT_TRUE(c[i].aligned(p));
    if (c[i].taps) {
      EXPECT_EQ(c[i].taps % p.kw, 0) << "whole kernel rows";
    }
    rowChunks |= c[i].taps == 4 * p.kw;
    for (size_t j = 0; j < i; ++j)
      EXPECT_FALSE(c[i].rows == c[j].rows && c[i].piece == c[j].piece &&
                   c[i].n == c[j].n && c[i].groups == c[j].groups &&
                   c[i].taps == c[j].taps && c[i].sets == c[j].sets);
  }
  EXPECT_TRUE(rowChunks);
}
