// ascube-tile-linalg on Atlas 200I/500 A2, which has no DataCopy ND2NZ: a
// convolution's NC1HWC0 map and its weights' Nz planes are built of plain
// DataCopy blocks of 32 B (docs/Tiling.md, cube-reference §4 DataCopy
// without ND2NZ, §10 LoadData 3D). The fields are worked by hand:
//
// @conv_f16: a 1 x 6 x 6 x 32 f16 map (C0 = 16: 2 blocks, C x 2 B = 64 B a
// pixel), a 3 x 3 kernel, 16 output channels -> 4 x 4. One tile: 16 pixels
// (4 rows, reading all 6 input rows) x 16 channels x K = 2 x 9 x 16 = 288.
// - The map: per channel block j (an scf.for over 2), one plain copy of
//   the 36 pixels' 32 B blocks, 64 B apart in GM (srcStride = 2 - 1 = 1
//   block of gap), one after another in L1: plane j at j x 36 x 16 = 576
//   elements of the 1 x 2 x 6 x 6 x 16 map at 0 (2 x 36 x 32 B = 2304 B).
// - The weights of block j (HWCF, rows of F = 16 f16 = one 32 B block):
//   per kernel point (an scf.for over 9; 32 x 16 = 512 elements apart in
//   GM, 16 x 16 = 256 in L1) one copy of the 16 channel rows' blocks, rows
//   16 elements (32 B) apart: no gap, into the weights' "map" (1 x 1 x 18 x
//   16 x 16 at 2560: the map's 2304 B, 512 B aligned).
// GM -> L1: the map 2304 B + the weights 3 x 3 x 32 x 16 x 2 B = 9216 B.
//
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_200i_500_a2" | FileCheck %s
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_200i_500_a2 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// The program is legal on the product:
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg=product=atlas_200i_500_a2 | ascube-opt --split-input-file --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null

// REPORT: remark: ascube-tile-linalg: atlas_200i_500_a2 f16 conv N x H x W x C = 1 x 6 x 6 x 32 -> OH x OW x F = 4 x 4 x 16, kernel 3 x 3, stride 1 x 1, dilation 1 x 1: tile 16 output pixels (4 rows) x 16 channels, 2 C0 blocks per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 11520 B
// CHECK-LABEL: func.func @conv_f16
// CHECK-DAG: %[[PLANE:.*]] = arith.constant 576 : index
// CHECK-DAG: %[[MAP:.*]] = ascube.alloc offset 0 : memref<1x2x6x6x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
// CHECK-DAG: %[[WF:.*]] = ascube.alloc offset 2560 : memref<1x1x18x16x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
// CHECK-DAG: %[[IN:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : memref<1x6x6x32xf16> into memref<36x32xf16>
// CHECK-DAG: %[[WT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : memref<3x3x32x16xf16> into memref<288x16xf16>
// CHECK: scf.for %[[J:.*]] = %{{.*}} to
// CHECK: %[[AT:.*]] = arith.muli %[[J]], %[[PLANE]] : index
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %[[MAP]][%[[AT]]] {blockCount = 36 : i64, blockLen = 1 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 1 : i64}
// CHECK: scf.for
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[WF]][%{{.*}}] {blockCount = 16 : i64, blockLen = 1 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: scf.for
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[WF]][%{{.*}}] {blockCount = 16 : i64, blockLen = 1 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.load_3d %[[WF]]
// CHECK: ascube.load_3d %[[MAP]]
// CHECK: ascube.mmad %{{.*}} {k = 288 : i64, m = 16 : i64, n = 16 : i64}
// CHECK-NOT: nd2nz
// CHECK: ascube.fixpipe %{{.*}} {dstStride = 16 : i64, mSize = 16 : i64, nSize = 16 : i64}
func.func @conv_f16(%I: memref<1x6x6x32xf16>, %W: memref<3x3x32x16xf16>, %O: memref<1x4x4x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x4x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x6x32xf16>, memref<3x3x32x16xf16>) outs(%O : memref<1x4x4x16xf32>)
  return
}

// -----

// @conv_fhwc_f16: the map of @conv_f16 with FHWC weights 16 x 3 x 3 x 32
// (an output channel's row of 3 x 3 x 32 = 288 f16 = 576 B). B^T, a 16 x 288
// Nz at 2560 (K column (j x 9 + point) x 16 + c of row f at ((j x 9 +
// point) x 16 + f) x 16 + c): per channel block j (outer loop, 16 elements
// apart in GM, 9 x 16 x 16 = 2304 in L1) and kernel point (inner loop, 32
// apart in GM, 256 in L1) one copy of the 16 rows' 32 B blocks, rows 288
// elements (18 blocks) apart: srcStride = 17.
// CHECK-LABEL: func.func @conv_fhwc_f16
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 2560 : memref<16x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[WT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0], [1, 2, 3]] : memref<16x3x3x32xf16> into memref<16x288xf16>
// CHECK-DAG: arith.constant 2304 : index
// CHECK-DAG: arith.constant 256 : index
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[B1]][%{{.*}}] {blockCount = 16 : i64, blockLen = 1 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 17 : i64}
// CHECK: ascube.load %[[B1]]
func.func @conv_fhwc_f16(%I: memref<1x6x6x32xf16>, %W: memref<16x3x3x32xf16>, %O: memref<1x4x4x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x4x16xf32>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x6x32xf16>, memref<16x3x3x32xf16>) outs(%O : memref<1x4x4x16xf32>)
  return
}
