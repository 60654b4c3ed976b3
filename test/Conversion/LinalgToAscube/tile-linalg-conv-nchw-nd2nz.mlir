// ascube-tile-linalg on linalg.conv_2d_nchw_fchw where DataCopy has ND2NZ
// but no DN2NZ (Atlas A2 here; docs/Tiling.md "NCHW without DN2NZ";
// cube-reference §5 ND2NZ, §13 Mmad, §16 Fixpipe NZ2ND): per image the GEMM
// O^T (F x OH*OW) = W (F x C*KH*KW) x X^T, X^T the im2col matrix (rows
// (c, kh, kw), columns the output pixels) built by ND2NZ straight from the
// NCHW map. The expected fields are worked by hand from the shapes.
//
// @nchw_a2_f16: a 1 x 20 x 8 x 8 f16 map, 24 x 20 x 3 x 3 weights -> 1 x
// 24 x 6 x 6 f32. K = 180 in the order (c, kh, kw); each output row of
// OW = 6 pixels takes 16 GEMM columns (one L0B column block), so N = 6 x
// 16 = 96. The tile holds all 24 output channels (M padded to 32 in the
// tiling) and all 6 rows; K chunks are whole channels (9 im2col rows each)
// whose L0B buffers, rows padded to 16, fit twice: k x 96 x 2 B x 2 <= 64
// KiB gives 160 rows, 17 channels = 153; so chunks of 153 and 27 rows.
// - L1: W's chunk (24 x 153, fractals 32 x 160 x 2 B = 10240 B) at 0, X^T's
//   chunk (153 x 96) at 10240; the second buffer set at 40960 (10240 +
//   160 x 96 x 2 = 40960): W's tail chunk there, X^T's at 51200.
// - X^T: per output row j and kernel row kh one ND2NZ of ndNum = 17
//   channels (planes H*W = 64 apart in GM, KH*KW*16 = 144 elements apart
//   in L1), nValue = KW = 3 rows (dw = 1 apart: srcDValue 1), dValue =
//   OW = 6, from map element c*64 + (j + kh)*8 to element j*2560 + kh*48
//   of the Nz (column block j of 160 padded rows x 16; rows kh*3 on),
//   dstNzC0Stride 160. The tail chunk: ndNum 3, from channel 153 / 9 =
//   17 (map element 17*64 = 1088 on), dstNzC0Stride 32, the next row's
//   block j*512 on.
// - W: one ND2NZ of 24 rows x 153 (then 27) of the 24 x 180 matrix.
// - Mmad m = 24, n = 96, k = 153 then k = 27 (accumulating).
// - Fixpipe per output row: 24 x 6 from L0C element j*512 (column block
//   j of 32 fractal rows) to O^T element (oh0 + j)*6, pitch OH*OW = 36.
// GM -> L1: W 24 x 180 x 2 B + X^T 180 x 96 x 2 B = 8640 + 34560 = 43200 B.
//
// @nchw_a2_i8_gemv: 2 images of 3 x 5 x 34 int8, one output channel of a
// 2 x 3 kernel -> 2 x 1 x 4 x 32 i32. OW = 32 fills its 32 columns (C0 =
// 32 for int8, B's squares 32 x 32), so N = 4 x 32 = 128 and the band is
// written by one Fixpipe of 128 columns (pitch 128). F = 1: the Mmad is a
// GEMV (A a 1 x 18 ND row). X^T: ndNum 3 (planes 170 apart), nValue 3,
// dValue 32, its 18 rows padded to a 32-row square (dstNzC0Stride 32),
// channels 6 x 32 = 192 elements apart, row j at j*1024, kh at kh*96.
//
// @nchw_a2_f32_pieces: a 1 x 1 x 2 x 700 f32 map, 16 x 1 x 1 x 3 weights ->
// 1 x 16 x 2 x 698. A row of 698 pixels (704 columns) does not fit L0B
// twice (2 x 16 x 704 x 4 B > 64 KiB): N tiles are pieces of 512 columns
// (2 x 16 x 512 x 4 B = 64 KiB), two per row (rows 1024 columns: N = 2048),
// the second holding 698 - 512 = 186 pixels: an scf.if on the piece's
// start (512) picks dValue and nSize 186 or 512.
//
// With a stride along W a row of X^T is no run of the map; then the GEMM
// is O^T = W' x X'^T with X'^T held N x K': one L1 row per output pixel,
// K' each channel's kernel rows, each row's taps a run of adjacent map
// elements (KW of them; one where the W dilation is > 1) padded to whole
// C0 blocks — ND2NZ zero-fills a row's last 32 B block, in W' and X'
// alike, so the padding adds 0 x 0.
//
// @nchw_a2_f16_stride_w: a 1 x 3 x 7 x 9 f16 map, 5 x 3 x 2 x 3 weights,
// stride 1 x 2 -> 1 x 5 x 6 x 4 f32. Runs of KW = 3 taps padded to 16:
// 2 x 16 = 32 K' columns a channel, K' = 96; N = 6 x 4 = 24 pixels (rows
// of OW = 4, unpadded). One tile (M 16, N 24, one chunk of 96).
// - L1: W' (5 x 96 Nz: 16 x 96 x 2 B = 3072 B) at 0, X'^T (24 x 96) at
//   3072.
// - W': one ND2NZ of ndNum = 3 x 2 runs (3 apart in W's 5 x 18 rows),
//   nValue 5 rows (pitch 18), dValue 3, each run its own C0 block:
//   dstNzMatrixStride 16 rows x 16 = 256, dstNzC0Stride 16.
// - X'^T: per output row j and kernel row kh one ND2NZ of ndNum = 3
//   channels (planes 63 apart; a channel's two blocks of 32 padded rows x
//   16 = 1024 elements apart in L1), nValue = OW = 4 pixels 2 apart
//   (srcDValue 2), dValue 3, from map element c*63 + (j + kh)*9 to element
//   j*64 (row 4j) + kh*512 (block kh), dstNzC0Stride 32.
// - Mmad m = 5, k = 96, n = 24; one Fixpipe of the band (nSize 24, pitch
//   24).
// GM -> L1 (the real taps): W 5 x 18 x 2 B + X 18 x 24 x 2 B = 180 + 864
// = 1044 B.
//
// @nchw_a2_i8_dilated_stride_w: a 1 x 2 x 4 x 9 int8 map, one output
// channel of a 2 x 2 kernel, stride 1 x 2, dilation 1 x 3 -> 1 x 1 x 3 x 3
// i32. With the W dilation each tap is a run of its own padded to C0 =
// 32: K' = 2 channels x 2 x 2 x 32 = 256; N = 9. F = 1: a GEMV, W' one row
// whose 8 blocks lie one after another (ndNum 8, matrices 1 apart in W's
// row of 8, dstNzMatrixStride 32, dstNzC0Stride 1). X'^T: per output row
// j, kernel row kh and tap kw one ND2NZ of 2 channels (planes 36 apart,
// 2 x 2 x 512 = 2048 elements apart in L1), nValue 3 pixels 2 apart,
// dValue 1, from c*36 + (j + kh)*9 + kw*3 to j*96 + kh*1024 + kw*512
// (blocks of 16 padded rows x 32).
//
// @nchw_a2_f16_padded: a 1 x 3 x 6 x 7 f16 map zero-padded by one on each
// side (a bufferized tensor.pad: alloc 1 x 3 x 8 x 9, zero fill, subview,
// copy) and convolved 3 x 3, stride 2 -> 1 x 5 x 3 x 4 f32. ND2NZ cannot
// pad, so the padded map is made in GM by the kernel's own ops — the zero
// fill becomes a memref.copy from a zero constant (a private
// memref.global), the copy of the map stays — and convolved as it is:
// pixel rows of the 8 x 9 map. K' = 3 channels x 3 kernel rows x 16 = 144,
// N = 3 x 4 = 12 (16 padded rows). W': ndNum 9 runs 3 apart (pitch 27),
// dstNzMatrixStride 16 x 16 = 256; X'^T: ndNum 3 channels (planes 72
// apart, 3 x 16 x 16 = 768 elements apart in L1), nValue 4 pixels 2 apart,
// dValue 3, dstNzC0Stride 16. The alloc is each block's own, so every
// block makes its padded map (the copies are in no scf.if on the block
// index) and the program's tiles are shared out as ever: no tile_c10
// warning.
//
// A bias over the output channels runs over O^T's rows, where the bias
// table would add one row to every row: each output tile starts instead
// from a seed Mmad of C's type, C = S x ones with S the tile's bias as a
// column (ND2NZ of nValue = the tile's channels, dValue = 1: each row's
// 32 B block holds the bias and zeros) and ones from a constant in GM;
// the K chunks then accumulate onto it (cmatrixInitVal = false).
//
// @nchw_a2_f16_bias: @nchw_a2_f16_stride_w with a bias of 5 f32. Its
// chunk sets are 9216 B apart in L1 (3072 + 24 -> 32 rows x 96 x 2 B =
// 9216), 3072 B in L0A (16 x 96 x 2 B) and 6144 B in L0B (96 x 32 x 2 B);
// the seed takes the second set (the chunk the first): S (5 x 8 f32 Nz)
// at L1 9216 and L0A 3072, the ones (24 x 8 f32 held N x K: 32 rows x
// 32 B = 1024 B = 256 f32, one plain copy of 32 blocks) at L1 9216 + 3072
// = 12288 and L0B 6144. The seed's Mmad m = 5, k = C0 = 8, n = 24 waits
// for FIX to have read L0C; the chunk's Mmad (5 x 24: fewer than 10
// fractals) follows a PIPE_M barrier and accumulates.
//
// @nchw_9030_f16_gemv_bias: Kirin 9030 (no Mmad bias, cmatrixSource; f16 -> f16), a 1 x
// 2 x 3 x 5 f16 map, one output channel of a 2 x 2 kernel, an f16 bias
// and a ReLU -> 1 x 1 x 2 x 4 f16. Stride 1: X^T by ND2NZ, rows of 16
// columns, N = 32, K = 8. F = 1: a GEMV, and so is the seed: S is one row
// (nValue 1, dstNzC0Stride 1) moved by LoadData 2D (one fractal) into
// L0A as a 1 x 256 ND row, Mmad m = 1, k = C0 = 16, n = 32. Sets 1536 B
// apart in L1 (A 16 x 16 x 2 B = 512, B 16 x 32 x 2 B = 1024), 512 B in
// L0A, 1024 B in L0B: S at L1 1536 and L0A 512, the ones (32 rows x 32 B
// = 512 f16) at L1 2048 and L0B 1024. Fixpipe per output row: 1 x 4
// from L0C column block j (element j x 256), pitch 2 x 4 = 8, reluEn.
//
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg=objective=traffic | FileCheck %s
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="report=true objective=traffic" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// The programs are legal on their product:
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg=objective=traffic | ascube-opt --split-input-file --ascube-select-movers --ascube-verify-target -o /dev/null

// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 conv (NCHW, FCHW weights; im2col by ND2NZ) N x C x H x W = 1 x 20 x 8 x 8 -> F x OH x OW = 24 x 6 x 6, kernel 3 x 3, stride 1 x 1, dilation 1 x 1: per image O^T = W x X^T, M x N x K (channels x pixels x K) = 24 x 96 x 180 (16 columns per output row): tile 6 output rows x 32 channels, 17 channels (153 im2col rows) per chunk (1 M x 1 N tiles, 2 chunks each); GM -> L1 43200 B
// CHECK-LABEL: func.func @nchw_a2_f16
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<24x153xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 10240 : memref<153x96xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<24x96xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[A1T:.*]] = ascube.alloc offset 40960 : memref<24x27xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1T:.*]] = ascube.alloc offset 51200 : memref<27x96xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[IN:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : memref<1x20x8x8xf16> into memref<20x64xf16>
// CHECK-DAG: %[[WT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0], [1, 2, 3]] : memref<24x20x3x3xf16> into memref<24x180xf16>
// CHECK-DAG: %[[OUT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : memref<1x24x6x6xf32> into memref<24x36xf32>
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[A1]] {dValue = 153 : i64, dstNzMatrixStride = 0 : i64, nValue = 24 : i64, ndNum = 1 : i64, srcDValue = 180 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %c6 step
// CHECK: scf.for %[[KH:.*]] = %{{.*}} to %c3 step
// CHECK: %[[ROW:.*]] = arith.addi %[[J]], %[[KH]]
// CHECK: arith.muli %[[ROW]], %c8
// CHECK: arith.muli %[[J]], %c2560
// CHECK: arith.muli %[[KH]], %c48
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %[[B1]][%{{.*}}] {dValue = 6 : i64, dstNzC0Stride = 160 : i64, dstNzMatrixStride = 144 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 3 : i64, ndNum = 17 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 64 : i64}
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {k = 153 : i64, m = 24 : i64, n = 96 : i64}
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[A1T]] {dValue = 27 : i64, dstNzMatrixStride = 0 : i64, nValue = 24 : i64, ndNum = 1 : i64, srcDValue = 180 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: arith.addi %{{.*}}, %c1088
// CHECK: arith.muli %{{.*}}, %c512
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %[[B1T]][%{{.*}}] {dValue = 6 : i64, dstNzC0Stride = 32 : i64, dstNzMatrixStride = 144 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 3 : i64, ndNum = 3 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 64 : i64}
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {cmatrixInitVal = false, k = 27 : i64, m = 24 : i64, n = 96 : i64}
// CHECK: scf.for %[[JW:.*]] = %{{.*}} to %c6{{.*}} step
// CHECK: arith.muli %[[JW]], %c512
// CHECK: arith.muli %{{.*}}, %c6
// CHECK: ascube.fixpipe %[[C]][%{{.*}}] to %[[OUT]][%{{.*}}] {dstStride = 36 : i64, mSize = 24 : i64, nSize = 6 : i64}
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nchw_a2_f16(%I: memref<1x20x8x8xf16>, %W: memref<24x20x3x3xf16>, %O: memref<1x24x6x6xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x24x6x6xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x20x8x8xf16>, memref<24x20x3x3xf16>) outs(%O : memref<1x24x6x6xf32>)
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: atlas_a2 i8 conv (NCHW, FCHW weights; im2col by ND2NZ) N x C x H x W = 2 x 3 x 5 x 34 -> F x OH x OW = 1 x 4 x 32, kernel 2 x 3, stride 1 x 1, dilation 1 x 1: per image O^T = W x X^T, M x N x K (channels x pixels x K) = 1 x 128 x 18 (32 columns per output row): tile 4 output rows x 16 channels, 3 channels (18 im2col rows) per chunk (1 M x 1 N tiles, 1 chunk each)
// CHECK-LABEL: func.func @nchw_a2_i8_gemv
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 512 : memref<32x128xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<1x512xi8, #ascube.layout<ND>, #ascube.mem<L0A>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<1x128xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[OUT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : memref<2x1x4x32xi32> into memref<2x128xi32>
// CHECK: arith.muli %{{.*}}, %c1024
// CHECK: arith.muli %{{.*}}, %c96
// CHECK: ascube.data_copy %{{.*}} to %[[B1]][%{{.*}}] {dValue = 32 : i64, dstNzC0Stride = 32 : i64, dstNzMatrixStride = 192 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 3 : i64, ndNum = 3 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 170 : i64}
// CHECK: ascube.mmad %[[A0]], %{{.*}} to %[[C]] {k = 18 : i64, m = 1 : i64, n = 128 : i64}
// CHECK-NOT: scf.for
// CHECK: ascube.fixpipe %[[C]] to %[[OUT]][%{{.*}}] {dstStride = 128 : i64, mSize = 1 : i64, nSize = 128 : i64}
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nchw_a2_i8_gemv(%I: memref<2x3x5x34xi8>, %W: memref<1x3x2x3xi8>, %O: memref<2x1x4x32xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<2x1x4x32xi32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<2x3x5x34xi8>, memref<1x3x2x3xi8>) outs(%O : memref<2x1x4x32xi32>)
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: atlas_a2 f32 conv (NCHW, FCHW weights; im2col by ND2NZ) N x C x H x W = 1 x 1 x 2 x 700 -> F x OH x OW = 16 x 2 x 698, kernel 1 x 3, stride 1 x 1, dilation 1 x 1: per image O^T = W x X^T, M x N x K (channels x pixels x K) = 16 x 2048 x 3 (1024 columns per output row): tile 512 output pixels (a piece of a row) x 16 channels, 1 channel (3 im2col rows) per chunk (1 M x 4 N tiles, 1 chunk each)
// CHECK-LABEL: func.func @nchw_a2_f32_pieces
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 512 : memref<3x512xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<16x512xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK: arith.divui %{{.*}}, %c1024
// CHECK: arith.remui %{{.*}}, %c1024
// CHECK: arith.cmpi eq, %{{.*}}, %c512
// CHECK: ascube.data_copy %{{.*}} to %[[B1]][%{{.*}}] {dValue = 186 : i64, dstNzC0Stride = 16 : i64, {{.*}}nValue = 3 : i64, ndNum = 1 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: } else {
// CHECK: ascube.data_copy %{{.*}} to %[[B1]][%{{.*}}] {dValue = 512 : i64, dstNzC0Stride = 16 : i64, {{.*}}nValue = 3 : i64, ndNum = 1 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {k = 3 : i64, m = 16 : i64, n = 512 : i64}
// CHECK: ascube.fixpipe %[[C]][%{{.*}}] to %{{.*}}[%{{.*}}] {dstStride = 1396 : i64, mSize = 16 : i64, nSize = 186 : i64}
// CHECK: } else {
// CHECK: ascube.fixpipe %[[C]][%{{.*}}] to %{{.*}}[%{{.*}}] {dstStride = 1396 : i64, mSize = 16 : i64, nSize = 512 : i64}
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nchw_a2_f32_pieces(%I: memref<1x1x2x700xf32>, %W: memref<16x1x1x3xf32>, %O: memref<1x16x2x698xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x2x698xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x2x700xf32>, memref<16x1x1x3xf32>) outs(%O : memref<1x16x2x698xf32>)
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 conv (NCHW, FCHW weights; im2col by ND2NZ, one row per output pixel) N x C x H x W = 1 x 3 x 7 x 9 -> F x OH x OW = 5 x 6 x 4, kernel 2 x 3, stride 1 x 2, dilation 1 x 1: per image O^T = W' x X'^T, M x N x K' (channels x pixels x K') = 5 x 24 x 96 (per channel 2 x 1 run of 3 taps, each padded to 16 im2col rows) (4 columns per output row): tile 6 output rows x 16 channels, 3 channels (18 im2col rows, 96 of K' with padding) per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 1044 B
// CHECK-LABEL: func.func @nchw_a2_f16_stride_w
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<5x96xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 3072 : memref<24x96xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<5x24xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[IN:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : memref<1x3x7x9xf16> into memref<3x63xf16>
// CHECK-DAG: %[[WT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0], [1, 2, 3]] : memref<5x3x2x3xf16> into memref<5x18xf16>
// CHECK-DAG: %[[OUT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : memref<1x5x6x4xf32> into memref<5x24xf32>
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[A1]][%{{.*}}] {dValue = 3 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 256 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 5 : i64, ndNum = 6 : i64, srcDValue = 18 : i64, srcNdMatrixStride = 3 : i64}
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %c6{{.*}} step
// CHECK: arith.muli %[[J]], %c64
// CHECK: scf.for %[[KH:.*]] = %{{.*}} to %c2{{.*}} step
// CHECK: arith.muli %{{.*}}, %c9
// CHECK: arith.muli %[[KH]], %c512
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %[[B1]][%{{.*}}] {dValue = 3 : i64, dstNzC0Stride = 32 : i64, dstNzMatrixStride = 1024 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 4 : i64, ndNum = 3 : i64, srcDValue = 2 : i64, srcNdMatrixStride = 63 : i64}
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {k = 96 : i64, m = 5 : i64, n = 24 : i64}
// CHECK: ascube.fixpipe %[[C]] to %[[OUT]][%{{.*}}] {dstStride = 24 : i64, mSize = 5 : i64, nSize = 24 : i64}
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nchw_a2_f16_stride_w(%I: memref<1x3x7x9xf16>, %W: memref<5x3x2x3xf16>, %O: memref<1x5x6x4xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x5x6x4xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%I, %W : memref<1x3x7x9xf16>, memref<5x3x2x3xf16>) outs(%O : memref<1x5x6x4xf32>)
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: atlas_a2 i8 conv (NCHW, FCHW weights; im2col by ND2NZ, one row per output pixel) N x C x H x W = 1 x 2 x 4 x 9 -> F x OH x OW = 1 x 3 x 3, kernel 2 x 2, stride 1 x 2, dilation 1 x 3: per image O^T = W' x X'^T, M x N x K' (channels x pixels x K') = 1 x 9 x 256 (per channel 2 x 2 runs of 1 tap, each padded to 32 im2col rows) (3 columns per output row): tile 3 output rows x 16 channels, 2 channels (8 im2col rows, 256 of K' with padding) per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 80 B
// CHECK-LABEL: func.func @nchw_a2_i8_dilated_stride_w
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<1x256xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 4096 : memref<9x256xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<1x512xi8, #ascube.layout<ND>, #ascube.mem<L0A>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<1x9xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK: ascube.data_copy %{{.*}} to %[[A1]][%{{.*}}] {dValue = 1 : i64, dstNzC0Stride = 1 : i64, dstNzMatrixStride = 32 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 1 : i64, ndNum = 8 : i64, srcDValue = 8 : i64, srcNdMatrixStride = 1 : i64}
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %c3{{.*}} step
// CHECK: arith.muli %[[J]], %c96
// CHECK: scf.for %[[KH:.*]] = %{{.*}} to %c2{{.*}} step
// CHECK: arith.muli %[[KH]], %c1024
// CHECK: scf.for %[[KW:.*]] = %{{.*}} to %c2{{.*}} step
// CHECK: arith.muli %[[KW]], %c3
// CHECK: arith.muli %[[KW]], %c512
// CHECK: ascube.data_copy %{{.*}} to %[[B1]][%{{.*}}] {dValue = 1 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 2048 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 3 : i64, ndNum = 2 : i64, srcDValue = 2 : i64, srcNdMatrixStride = 36 : i64}
// CHECK: ascube.mmad %[[A0]], %{{.*}} to %[[C]] {k = 256 : i64, m = 1 : i64, n = 9 : i64}
// CHECK: ascube.fixpipe %[[C]] to %{{.*}}[%{{.*}}] {dstStride = 9 : i64, mSize = 1 : i64, nSize = 9 : i64}
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nchw_a2_i8_dilated_stride_w(%I: memref<1x2x4x9xi8>, %W: memref<1x2x2x2xi8>, %O: memref<1x1x3x3xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<1x1x3x3xi32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<[1, 3]> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%I, %W : memref<1x2x4x9xi8>, memref<1x2x2x2xi8>) outs(%O : memref<1x1x3x3xi32>)
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 conv (NCHW, FCHW weights; im2col by ND2NZ, one row per output pixel) N x C x H x W = 1 x 3 x 8 x 9 -> F x OH x OW = 5 x 3 x 4, kernel 3 x 3, stride 2 x 2, dilation 1 x 1: per image O^T = W' x X'^T, M x N x K' (channels x pixels x K') = 5 x 12 x 144 (per channel 3 x 1 run of 3 taps, each padded to 16 im2col rows) (4 columns per output row): tile 3 output rows x 16 channels, 3 channels (27 im2col rows, 144 of K' with padding) per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 918 B; the map zero-padded in GM first by the kernel's own copies (ND2NZ cannot pad)
// REPORT-NOT: [tile_c10]
// CHECK: memref.global "private" constant @__ascube_zero_map : memref<1x3x8x9xf16> = dense<0.000000e+00>
// CHECK-LABEL: func.func @nchw_a2_f16_padded
// CHECK: %[[ALLOC:.*]] = memref.alloc() : memref<1x3x8x9xf16>
// CHECK-NOT: scf.if
// CHECK: %[[ZEROS:.*]] = memref.get_global @__ascube_zero_map : memref<1x3x8x9xf16>
// CHECK-NOT: scf.if
// CHECK: memref.copy %[[ZEROS]], %[[ALLOC]] : memref<1x3x8x9xf16> to memref<1x3x8x9xf16>
// CHECK-NOT: scf.if
// CHECK: %[[SV:.*]] = memref.subview %[[ALLOC]][0, 0, 1, 1] [1, 3, 6, 7] [1, 1, 1, 1]
// CHECK-NOT: scf.if
// CHECK: memref.copy %{{.*}}, %[[SV]]
// CHECK: %[[IN:.*]] = memref.collapse_shape %[[ALLOC]] {{\[\[}}0, 1], [2, 3]] : memref<1x3x8x9xf16> into memref<3x72xf16>
// CHECK: ascube.data_copy %{{.*}} {dValue = 3 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 256 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 5 : i64, ndNum = 9 : i64, srcDValue = 27 : i64, srcNdMatrixStride = 3 : i64}
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %{{.*}} {dValue = 3 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 768 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 4 : i64, ndNum = 3 : i64, srcDValue = 2 : i64, srcNdMatrixStride = 72 : i64}
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %{{.*}} {k = 144 : i64, m = 5 : i64, n = 12 : i64}
// CHECK: ascube.fixpipe %{{.*}} {dstStride = 12 : i64, mSize = 5 : i64, nSize = 12 : i64}
// CHECK: memref.dealloc %[[ALLOC]]
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nchw_a2_f16_padded(%I: memref<1x3x6x7xf16>, %W: memref<5x3x3x3xf16>, %O: memref<1x5x3x4xf32>) {
  %pz = arith.constant 0.0 : f16
  %alloc = memref.alloc() : memref<1x3x8x9xf16>
  linalg.fill ins(%pz : f16) outs(%alloc : memref<1x3x8x9xf16>)
  %sv = memref.subview %alloc[0, 0, 1, 1] [1, 3, 6, 7] [1, 1, 1, 1] : memref<1x3x8x9xf16> to memref<1x3x6x7xf16, strided<[216, 72, 9, 1], offset: 10>>
  memref.copy %I, %sv : memref<1x3x6x7xf16> to memref<1x3x6x7xf16, strided<[216, 72, 9, 1], offset: 10>>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x5x3x4xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%alloc, %W : memref<1x3x8x9xf16>, memref<5x3x3x3xf16>) outs(%O : memref<1x5x3x4xf32>)
  memref.dealloc %alloc : memref<1x3x8x9xf16>
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 conv (NCHW, FCHW weights; im2col by ND2NZ, one row per output pixel) N x C x H x W = 1 x 3 x 7 x 9 -> F x OH x OW = 5 x 6 x 4, kernel 2 x 3, stride 1 x 2, dilation 1 x 1: per image O^T = W' x X'^T, M x N x K' (channels x pixels x K') = 5 x 24 x 96 (per channel 2 x 1 run of 3 taps, each padded to 16 im2col rows) (4 columns per output row): tile 6 output rows x 16 channels, 3 channels (18 im2col rows, 96 of K' with padding) per chunk (1 M x 1 N tiles, 1 chunk each), + bias (each tile seeded by an Mmad of the bias column x ones); GM -> L1 1044 B
// CHECK: memref.global "private" constant @__ascube_ones_256xf32 : memref<256xf32> = dense<1.000000e+00>
// CHECK-LABEL: func.func @nchw_a2_f16_bias
// CHECK-DAG: %[[S1:.*]] = ascube.alloc offset 9216 : memref<5x8xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[ONES1:.*]] = ascube.alloc offset 12288 : memref<24x8xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[S0:.*]] = ascube.alloc offset 3072 : memref<5x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[ONES0:.*]] = ascube.alloc offset 6144 : memref<8x24xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<5x24xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK: %[[COL:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [5, 1] : memref<5xf32> into memref<5x1xf32>
// CHECK: ascube.data_copy %[[COL]][%{{.*}}] to %[[S1]] {dValue = 1 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 0 : i64, nValue = 5 : i64, ndNum = 1 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: %[[ONES:.*]] = memref.get_global @__ascube_ones_256xf32 : memref<256xf32>
// CHECK: ascube.data_copy %[[ONES]] to %[[ONES1]] {blockCount = 1 : i64, blockLen = 32 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.load %[[S1]] to %[[S0]]
// CHECK: ascube.load %[[ONES1]] to %[[ONES0]]
// CHECK: ascube.wait_flag <FIX> -> <M>
// CHECK: ascube.mmad %[[S0]], %[[ONES0]] to %[[C]] {k = 8 : i64, m = 5 : i64, n = 24 : i64}
// CHECK-NOT: ascube.wait_flag <FIX> -> <M>
// CHECK: ascube.pipe_barrier <M>
// CHECK-NEXT: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {cmatrixInitVal = false, k = 96 : i64, m = 5 : i64, n = 24 : i64}
// CHECK: ascube.fixpipe %[[C]] to %{{.*}} {dstStride = 24 : i64, mSize = 5 : i64, nSize = 24 : i64}
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nchw_a2_f16_bias(%I: memref<1x3x7x9xf16>, %W: memref<5x3x2x3xf16>, %bias: memref<5xf32>, %O: memref<1x5x6x4xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x5x6x4xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%I, %W : memref<1x3x7x9xf16>, memref<5x3x2x3xf16>) outs(%O : memref<1x5x6x4xf32>)
  linalg.generic {indexing_maps = [affine_map<(n, f, h, w) -> (f)>, affine_map<(n, f, h, w) -> (n, f, h, w)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<5xf32>) outs(%O : memref<1x5x6x4xf32>) {
  ^bb0(%b: f32, %o: f32):
    %s = arith.addf %o, %b : f32
    linalg.yield %s : f32
  }
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: kirin_9030 f16 conv (NCHW, FCHW weights; im2col by ND2NZ) N x C x H x W = 1 x 2 x 3 x 5 -> F x OH x OW = 1 x 2 x 4, kernel 2 x 2, stride 1 x 1, dilation 1 x 1: per image O^T = W x X^T, M x N x K (channels x pixels x K) = 1 x 32 x 8 (16 columns per output row): tile 2 output rows x 16 channels, 2 channels (8 im2col rows) per chunk (1 M x 1 N tiles, 1 chunk each), + bias (each tile seeded by an Mmad of the bias column x ones), ReLU (Fixpipe); GM -> L1 528 B
// CHECK: memref.global "private" constant @__ascube_ones_512xf16 : memref<512xf16> = dense<1.000000e+00>
// CHECK-LABEL: func.func @nchw_9030_f16_gemv_bias
// CHECK-DAG: %[[S1:.*]] = ascube.alloc offset 1536 : memref<1x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[ONES1:.*]] = ascube.alloc offset 2048 : memref<32x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[S0:.*]] = ascube.alloc offset 512 : memref<1x256xf16, #ascube.layout<ND>, #ascube.mem<L0A>>
// CHECK-DAG: %[[ONES0:.*]] = ascube.alloc offset 1024 : memref<16x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<1x32xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK: %[[COL:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 1] : memref<1xf16> into memref<1x1xf16>
// CHECK: ascube.data_copy %[[COL]][%{{.*}}] to %[[S1]] {dValue = 1 : i64, dstNzC0Stride = 1 : i64, dstNzMatrixStride = 0 : i64, nValue = 1 : i64, ndNum = 1 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: %[[ONES:.*]] = memref.get_global @__ascube_ones_512xf16 : memref<512xf16>
// CHECK: ascube.data_copy %[[ONES]] to %[[ONES1]] {blockCount = 1 : i64, blockLen = 32 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.load_2d %[[S1]] to %[[S0]] {repeatTimes = 1 : i64}
// CHECK: ascube.load %[[ONES1]] to %[[ONES0]]
// CHECK: ascube.mmad %[[S0]], %[[ONES0]] to %[[C]] {k = 16 : i64, m = 1 : i64, n = 32 : i64}
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {cmatrixInitVal = false, k = 8 : i64, m = 1 : i64, n = 32 : i64}
// CHECK: ascube.fixpipe %[[C]][%{{.*}}] to %{{.*}}[%{{.*}}] {dstStride = 8 : i64, mSize = 1 : i64, nSize = 4 : i64, reluEn = true}
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<kirin_9030>} {
func.func @nchw_9030_f16_gemv_bias(%I: memref<1x2x3x5xf16>, %W: memref<1x2x2x2xf16>, %bias: memref<1xf16>, %O: memref<1x1x2x4xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x1x2x4xf16>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x2x3x5xf16>, memref<1x2x2x2xf16>) outs(%O : memref<1x1x2x4xf16>)
  linalg.generic {indexing_maps = [affine_map<(n, f, h, w) -> (f)>, affine_map<(n, f, h, w) -> (n, f, h, w)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<1xf16>) outs(%O : memref<1x1x2x4xf16>) {
  ^bb0(%b: f16, %o: f16):
    %s = arith.addf %o, %b : f16
    %r = arith.maximumf %s, %z : f16
    linalg.yield %r : f16
  }
  return
}
}
