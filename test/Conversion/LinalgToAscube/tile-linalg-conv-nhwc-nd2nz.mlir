// ascube-tile-linalg on linalg.conv_2d_nhwc_hwcf / nhwc_fhwc on Kirin 9030,
// whose DataCopy has ND2NZ but which has no LoadData 3D V2 (and Kirin X90
// with a bias, which its Mmad does not add) (docs/Tiling.md
// "NHWC without LoadData 3D"; cube-reference §5 ND2NZ, §13 Mmad, §16
// Fixpipe NZ2ND): per image the GEMM O (pixels x F) = X' x W', X' held
// one L1 Nz row per output pixel and built by ND2NZ straight from the NHWC
// map — one output pixel's taps of one kernel row are KW x C adjacent map
// elements — K' each kernel row's runs of taps padded to whole C0 blocks
// with zeros in X' (ND2NZ's fill of a row's last block) and W' (HWCF: a
// plain copy of zeros into the padding rows). The expected fields are
// worked by hand from the shapes.
//
// @nhwc_9030_hwcf: a 1 x 6 x 7 x 3 f16 map, 3 x 3 x 3 x 5 HWCF weights ->
// 1 x 4 x 5 x 5 f16. A run is a kernel row's 3 taps x 3 channels = 9
// elements, padded to 16: K' = 3 x 16 = 48; M = 4 x 5 = 20 pixels (whole
// output rows of OW = 5). One tile (4 rows, 16 channels), one chunk.
// - L1: X' (20 x 48 Nz: 32 rows x 48 x 2 B = 3072 B) at 0, W' (48 x 5) at
//   3072.
// - X': per run (kernel row kh) one ND2NZ of ndNum = 4 output rows (W x C
//   = 21 apart in the map, OW x 16 = 80 elements apart in L1), nValue = 5
//   pixels (sw x C = 3 apart: srcDValue), dValue 9, dstNzC0Stride 32, to
//   column block kh (kh x 32 x 16 = 512 kh).
// - W': one ND2NZ of ndNum = 3 runs (9 rows of F = 5: 45 apart in GM, 16
//   rows x 16 = 256 elements apart in L1), nValue 9, dValue 5, srcDValue
//   5, dstNzC0Stride 48; rows 9 to 15 of each run zeroed: a plain copy of
//   7 blocks, dstStride 48 - 7 = 41, from a 112-element zero constant.
// - Mmad m = 20, k = 48, n = 5; one Fixpipe of 20 x 5, pitch 5.
// GM -> L1: X' 20 x 27 x 2 B + W 27 x 5 x 2 B = 1080 + 270 = 1350 B.
//
// @nhwc_9030_fhwc_parts_bias: a 1 x 1 x 4 x 557 f16 map, 3 x 1 x 1 x 557
// FHWC weights, an f16 bias -> 1 x 1 x 4 x 3. One tap's 557 channels do
// not fit L0A twice (16 x 560 x 2 B x 2 > 32 KiB): its 35 C0 blocks are
// two parts of 18 blocks (288 channels), the last 269 (17 blocks): K' =
// 576, chunks of one part. Kirin's Mmad adds no bias: each tile starts
// from a seed, C = ones x S^T. Chunk sets 18432 B apart in L1 (X' 16 x
// 288 x 2 B = 9216 at 0, W'^T 3 -> 16 rows x 288 x 2 B at 9216), 9216 B
// in L0A and L0B; the seed on the second: ones (4 x 16 Nz: 16 rows x 32 B
// = 256 f16, blockLen 16) at L1 18432, S (3 x 16: nValue 3, dValue 1,
// dstNzC0Stride 16) at L1 27648, L0A and L0B 9216; Mmad m = 4, k = 16, n
// = 3.
// - X' and W'^T per chunk, the part known when mapped (the chunk loop's
//   two steps are folded): the first dValue 288, the last 269 from
//   channel 288 into the second buffer set (L1 18432 and 27648; its 18th
//   block, element 17 x 256 = 4352, zeroed first by a plain copy of 16
//   blocks, 16 rows x 32 B); X' nValue 4 pixels (sw x C = 557 apart), W'^T nValue
//   3 rows (KH x KW x C = 557 apart).
// - Two Mmads k = 288 accumulating (cmatrixInitVal = false, after a PIPE_M
//   barrier); one Fixpipe of 4 x 3, pitch 3.
// GM -> L1: 4 x 557 x 2 B + 557 x 3 x 2 B = 4456 + 3342 = 7798 B.
//
// @nhwc_x90_hwcf_bias: Kirin X90 has LoadData 3D V2, but its Mmad adds no
// bias: an NHWC convolution with one takes this form, whose seed folds it
// (no LoadData 3D). A 1 x 4 x 5 x 16 f16 map, 3 x 3 x 16 x 8 HWCF
// weights, an f16 bias -> 1 x 2 x 3 x 8. A run is 3 taps x 16 channels =
// 48 (whole blocks: no padding), K' = 144, M = 2 rows x 3 = 6, one tile,
// one chunk. Sets 9216 B apart in L1 (X' 16 x 144 x 2 B = 4608, W' 144 x
// 16 x 2 B at 4608), 4608 B in L0A and L0B; the seed's ones (6 x 16: 16
// rows x 32 B, blockLen 16) at L1 9216, S (8 x 16, nValue 8) at 13824.
// X': ndNum 2 rows (W x C = 80 apart, OW x 16 = 48 elements in L1),
// nValue 3, dValue 48, srcDValue 16; W': ndNum 3 runs (48 rows of F = 8:
// 384 apart, 48 x 16 = 768 elements in L1), nValue 48, dValue 8,
// dstNzC0Stride 144. Mmads m = 6, k = 16, n = 8 (the seed) and k = 144.
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg | FileCheck %s
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg | ascube-opt --split-input-file --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null

// REPORT: remark: ascube-tile-linalg: kirin_9030 f16 conv (NHWC, HWCF weights; im2col by ND2NZ, one row per output pixel) N x H x W x C = 1 x 6 x 7 x 3 -> OH x OW x F = 4 x 5 x 5, kernel 3 x 3, stride 1 x 1, dilation 1 x 1: per image O = X' x W', M x N x K' (pixels x channels x K') = 20 x 5 x 48 (per kernel row 1 run of 3 taps x 3 channels, each padded to 16 im2col columns): tile 4 output rows x 16 channels, 3 runs per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 1350 B
// CHECK: memref.global "private" constant @__ascube_zeros_112xf16 : memref<112xf16> = dense<0.000000e+00>
// CHECK-LABEL: func.func @nhwc_9030_hwcf
// CHECK-DAG: %[[X1:.*]] = ascube.alloc offset 0 : memref<20x48xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[W1:.*]] = ascube.alloc offset 3072 : memref<48x5xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<20x5xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[IN:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : memref<1x6x7x3xf16> into memref<6x21xf16>
// CHECK-DAG: %[[WT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : memref<3x3x3x5xf16> into memref<27x5xf16>
// CHECK-DAG: %[[OUT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : memref<1x4x5x5xf16> into memref<20x5xf16>
// CHECK: scf.for %[[U:.*]] = %{{.*}} to %c3{{.*}} step
// CHECK: arith.muli %[[U]], %c512
// CHECK: arith.muli %{{.*}}, %c21
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %[[X1]][%{{.*}}] {dValue = 9 : i64, dstNzC0Stride = 32 : i64, dstNzMatrixStride = 80 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 5 : i64, ndNum = 4 : i64, srcDValue = 3 : i64, srcNdMatrixStride = 21 : i64}
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[W1]][%{{.*}}] {dValue = 5 : i64, dstNzC0Stride = 48 : i64, dstNzMatrixStride = 256 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 9 : i64, ndNum = 3 : i64, srcDValue = 5 : i64, srcNdMatrixStride = 45 : i64}
// CHECK: scf.for
// CHECK: %[[Z:.*]] = memref.get_global @__ascube_zeros_112xf16 : memref<112xf16>
// CHECK: ascube.data_copy %[[Z]] to %[[W1]][%{{.*}}] {blockCount = 1 : i64, blockLen = 7 : i64, dstStride = 41 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {k = 48 : i64, m = 20 : i64, n = 5 : i64}
// CHECK: ascube.fixpipe %[[C]] to %[[OUT]][%{{.*}}] {dstStride = 5 : i64, mSize = 20 : i64, nSize = 5 : i64}
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<kirin_9030>} {
func.func @nhwc_9030_hwcf(%I: memref<1x6x7x3xf16>, %W: memref<3x3x3x5xf16>, %O: memref<1x4x5x5xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x4x5x5xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x7x3xf16>, memref<3x3x3x5xf16>) outs(%O : memref<1x4x5x5xf16>)
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: kirin_9030 f16 conv (NHWC, FHWC weights; im2col by ND2NZ, one row per output pixel) N x H x W x C = 1 x 1 x 4 x 557 -> OH x OW x F = 1 x 4 x 3, kernel 1 x 1, stride 1 x 1, dilation 1 x 1: per image O = X' x W', M x N x K' (pixels x channels x K') = 4 x 3 x 576 (per kernel row 2 runs of 1 tap x 288 channels (the last of a tap 269), each padded to 288 im2col columns): tile 1 output row x 16 channels, 1 run per chunk (1 M x 1 N tiles, 2 chunks each), + bias (each tile seeded by an Mmad of ones x the bias row); GM -> L1 7798 B
// CHECK-DAG: memref.global "private" constant @__ascube_zeros_256xf16 : memref<256xf16> = dense<0.000000e+00>
// CHECK-DAG: memref.global "private" constant @__ascube_ones_256xf16 : memref<256xf16> = dense<1.000000e+00>
// CHECK-LABEL: func.func @nhwc_9030_fhwc_parts_bias
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C288:.*]] = arith.constant 288 : index
// CHECK-DAG: %[[BLOCK17:.*]] = arith.constant 4352 : index
// CHECK-DAG: %[[X2:.*]] = ascube.alloc offset 18432 : memref<4x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[W2:.*]] = ascube.alloc offset 27648 : memref<3x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[ONES1:.*]] = ascube.alloc offset 18432 : memref<4x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[S1:.*]] = ascube.alloc offset 27648 : memref<3x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[ONES0:.*]] = ascube.alloc offset 9216 : memref<4x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[S0:.*]] = ascube.alloc offset 9216 : memref<16x3xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<4x3xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[X1:.*]] = ascube.alloc offset 0 : memref<4x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[W1:.*]] = ascube.alloc offset 9216 : memref<3x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK: %[[ONES:.*]] = memref.get_global @__ascube_ones_256xf16 : memref<256xf16>
// CHECK: ascube.data_copy %[[ONES]] to %[[ONES1]] {blockCount = 1 : i64, blockLen = 16 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[S1]] {dValue = 1 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 0 : i64, nValue = 3 : i64, ndNum = 1 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.mmad %[[ONES0]], %[[S0]] to %[[C]] {k = 16 : i64, m = 4 : i64, n = 3 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[X1]][%{{.*}}] {dValue = 288 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 0 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 4 : i64, ndNum = 1 : i64, srcDValue = 557 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[W1]][%{{.*}}] {dValue = 288 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 0 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 3 : i64, ndNum = 1 : i64, srcDValue = 557 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.pipe_barrier <M>
// CHECK-NEXT: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {cmatrixInitVal = false, k = 288 : i64, m = 4 : i64, n = 3 : i64}
// CHECK: %[[Z:.*]] = memref.get_global @__ascube_zeros_256xf16 : memref<256xf16>
// CHECK: ascube.data_copy %[[Z]] to %[[X2]][%[[BLOCK17]]] {blockCount = 1 : i64, blockLen = 16 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.data_copy %{{.*}}[%[[C288]]] to %[[X2]][%[[C0]]] {dValue = 269 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 0 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 4 : i64, ndNum = 1 : i64, srcDValue = 557 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.data_copy %[[Z]] to %[[W2]][%[[BLOCK17]]] {blockCount = 1 : i64, blockLen = 16 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.data_copy %{{.*}}[%[[C288]]] to %[[W2]][%[[C0]]] {dValue = 269 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 0 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 3 : i64, ndNum = 1 : i64, srcDValue = 557 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.pipe_barrier <M>
// CHECK-NEXT: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {cmatrixInitVal = false, k = 288 : i64, m = 4 : i64, n = 3 : i64}
// CHECK: ascube.fixpipe %[[C]] to %{{.*}}[%{{.*}}] {dstStride = 3 : i64, mSize = 4 : i64, nSize = 3 : i64}
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<kirin_9030>} {
func.func @nhwc_9030_fhwc_parts_bias(%I: memref<1x1x4x557xf16>, %W: memref<3x1x1x557xf16>, %bias: memref<3xf16>, %O: memref<1x1x4x3xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x1x4x3xf16>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x4x557xf16>, memref<3x1x1x557xf16>) outs(%O : memref<1x1x4x3xf16>)
  linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<3xf16>) outs(%O : memref<1x1x4x3xf16>) {
  ^bb0(%b: f16, %o: f16):
    %s = arith.addf %o, %b : f16
    linalg.yield %s : f16
  }
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: kirin_x90 f16 conv (NHWC, HWCF weights; im2col by ND2NZ, one row per output pixel) N x H x W x C = 1 x 4 x 5 x 16 -> OH x OW x F = 2 x 3 x 8, kernel 3 x 3, stride 1 x 1, dilation 1 x 1: per image O = X' x W', M x N x K' (pixels x channels x K') = 6 x 8 x 144 (per kernel row 1 run of 3 taps x 16 channels, each padded to 48 im2col columns): tile 2 output rows x 16 channels, 3 runs per chunk (1 M x 1 N tiles, 1 chunk each), + bias (each tile seeded by an Mmad of ones x the bias row)
// CHECK-LABEL: func.func @nhwc_x90_hwcf_bias
// CHECK-DAG: %[[ONES1:.*]] = ascube.alloc offset 9216 : memref<6x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[S1:.*]] = ascube.alloc offset 13824 : memref<8x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<6x8xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[X1:.*]] = ascube.alloc offset 0 : memref<6x144xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[W1:.*]] = ascube.alloc offset 4608 : memref<144x8xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK: ascube.data_copy %{{.*}} to %[[ONES1]] {blockCount = 1 : i64, blockLen = 16 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[S1]] {dValue = 1 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 0 : i64, nValue = 8 : i64, ndNum = 1 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {k = 16 : i64, m = 6 : i64, n = 8 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[X1]][%{{.*}}] {dValue = 48 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 48 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 3 : i64, ndNum = 2 : i64, srcDValue = 16 : i64, srcNdMatrixStride = 80 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[W1]][%{{.*}}] {dValue = 8 : i64, dstNzC0Stride = 144 : i64, dstNzMatrixStride = 768 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 48 : i64, ndNum = 3 : i64, srcDValue = 8 : i64, srcNdMatrixStride = 384 : i64}
// CHECK-NOT: ascube.data_copy
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {cmatrixInitVal = false, k = 144 : i64, m = 6 : i64, n = 8 : i64}
// CHECK: ascube.fixpipe %[[C]] to %{{.*}}[%{{.*}}] {dstStride = 8 : i64, mSize = 6 : i64, nSize = 8 : i64}
// CHECK-NOT: load_3d
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<kirin_x90>} {
func.func @nhwc_x90_hwcf_bias(%I: memref<1x4x5x16xf16>, %W: memref<3x3x16x8xf16>, %bias: memref<8xf16>, %O: memref<1x2x3x8xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x2x3x8xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x4x5x16xf16>, memref<3x3x16x8xf16>) outs(%O : memref<1x2x3x8xf16>)
  linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<8xf16>) outs(%O : memref<1x2x3x8xf16>) {
  ^bb0(%b: f16, %o: f16):
    %s = arith.addf %o, %b : f16
    linalg.yield %s : f16
  }
  return
}
}

// -----

// @nhwc_9030_runs_by_traffic: a 1 x 56 x 56 x 64 f16 map, 3 x 3 x 64 x 64
// HWCF weights -> 1 x 54 x 54 x 64 (M = 2916 pixels). The pass weighs
// every form of the runs by the GM -> L1 bytes of its best tiling (real
// taps: K = 576 elements a pixel):
// - the longest runs, a kernel row's 3 taps x 64 channels (192 elements),
//   take so much of L0A a pixel that only pieces of 32 pixels fit (54-pixel
//   rows as 2 pieces: M = 54 x 64 = 3456), 32 channels a tile: X' 3456 x
//   576 x 2 B x 2 N tiles + W 576 x 64 x 2 B x 108 M tiles = 7962624 +
//   7962624 = 15925248 B;
// - runs of one tap's 16 channels (K' = 3 kernel rows x 12 runs x 16 = 576,
//   nothing padded) leave room for 9 whole output rows (486 pixels) x all
//   64 channels: X' 2916 x 576 x 2 B x 1 N tile + W 576 x 64 x 2 B x 6 M
//   tiles = 3359232 + 442368 = 3801600 B, the one taken.
// REPORT: remark: ascube-tile-linalg: kirin_9030 f16 conv (NHWC, HWCF weights; im2col by ND2NZ, one row per output pixel) N x H x W x C = 1 x 56 x 56 x 64 -> OH x OW x F = 54 x 54 x 64, kernel 3 x 3, stride 1 x 1, dilation 1 x 1: per image O = X' x W', M x N x K' (pixels x channels x K') = 2916 x 64 x 576 (per kernel row 12 runs of 1 tap x 16 channels (the last of a tap 16), each padded to 16 im2col columns): tile 9 output rows x 64 channels, 1 run per chunk (6 M x 1 N tiles, 36 chunks each); GM -> L1 3801600 B
module attributes {ascube.target = #ascube.target<kirin_9030>} {
func.func @nhwc_9030_runs_by_traffic(%I: memref<1x56x56x64xf16>, %W: memref<3x3x64x64xf16>, %O: memref<1x54x54x64xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x54x54x64xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x56x56x64xf16>, memref<3x3x64x64xf16>) outs(%O : memref<1x54x54x64xf16>)
  return
}
}
