// ascube-tile-linalg on the other convolution layouts (docs/Tiling.md,
// cube-reference §5 ND2NZ / DN2NZ, §10 LoadData 3D, §16 Fixpipe NZ2DN):
// linalg.conv_2d_nchw_fchw (950: DN2NZ and NZ2DN) and
// linalg.conv_2d_nhwc_fhwc. The expected fields are worked by hand from the
// shapes.
//
// @nchw_f16 on Ascend 950PR: the problem of tile-linalg-conv.mlir's
// @conv_f16 in NCHW / FCHW: a 1 x 20 x 8 x 8 f16 map, 24 x 20 x 3 x 3
// weights -> 1 x 24 x 6 x 6 f32. C0 = 16: C1 = 2 blocks (the second of 4
// channels); one tile of 36 pixels x 32 channels (24 padded) x K = 2 x 9 x
// 16 = 288. The GM operands are column-major views: the map (20 x 64)^T =
// 64 pixels x 20 channels, columns 64 apart; the weights (480 x 9)^T = 9
// kernel points x 480 (f, c) columns, 9 apart; the output (24 x 36)^T.
// - The map: one DN2NZ of 64 pixels (dValue, the DN rows) x 20 channels
//   (nValue, the DN columns, srcDValue = 64 apart) into the NC1HWC0 map of
//   C1 = 2 planes of 64 pixels (dstNzC0Stride = 64 x 32 B).
// - The weights as B^T, a 32 x 288 Nz at 4096 (after the map's 2 x 64 x
//   32 B): K column (c1 x 9 + point) x 16 + c0 of row f at ((c1 x 9 +
//   point) x 32 + f) x 16 + c0. One DN2NZ: 24 matrices (output channels,
//   20 x 9 = 180 elements apart in GM, 16 elements apart in L1) of 20
//   columns (channels, 9 apart) of 9 points (dValue); points 32 x 32 B
//   apart (dstNzNStride = ntp), channel blocks 9 x 32 = 288 x 32 B apart.
// - ascube.load moves the 32 x 288 Nz into the 288 x 32 Zn of L0B.
// - Fixpipe NZ2DN: 36 x 24 into the output view, columns 36 apart.
// GM -> L1 as for @conv_f16: 4096 B + 8640 B = 12736 B.
//
// @fhwc_f16 on Atlas A2: the same problem with 24 x 3 x 3 x 20 (FHWC)
// weights, the F x 180 matrix (rows 180 apart): per kernel point an ND
// matrix of 24 rows (f) x 20 channels, the 9 points 20 elements apart in
// GM (srcNdMatrixStride) and 32 x 16 = 512 elements apart in L1; channel
// blocks 288 x 32 B apart: the same B^T Nz as above, by ND2NZ.
//
// @nchw_1x1_i8 on Ascend 950PR: 2 images of 40 x 3 x 3 int8, a 1 x 1
// kernel, 16 output channels -> 2 x 16 x 3 x 3 i32 (the second image's
// output 16 x 9 x 4 B = 576 B in: 32 B aligned, as NZ2DN needs). C0 = 32:
// 2 blocks (the second of 8 channels), K = 64, N padded to 32. The
// weights' view (640 x 1)^T = 1 x 640 has one row of unit column pitch:
// contiguous, so ND, and the DN2NZ of 16 columns of one point becomes the
// ND2NZ of 16 matrices (output channels, 40 apart; 32 elements apart in
// L1) of one row of 40 channels, channel blocks 1 x 32 x 32 B apart. The
// map (80 x 9)^T is DN: per image 9 pixels x 40 channels, columns 9
// apart, from element image x 40 x 9.
//
// @nchw_pixel_f32 on Ascend 950PR: a 1 x 8 x 1 x 1 f32 map, 3 x 8 x 1 x 1
// weights -> one output pixel of 3 channels. Every view has one row (the
// map 1 x 8, the weights 1 x 24, the output 1 x 3: contiguous, ND): the
// map is one ND2NZ row of 8 channels, the output one Fixpipe NZ2ND row of
// 3 (the tile computed as 16 rows, m = 1 being a GEMV).
//
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg=objective=traffic | FileCheck %s
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="report=true objective=traffic" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// The programs are legal on their products:
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg | ascube-opt --split-input-file --ascube-select-movers --ascube-verify-target -o /dev/null

// REPORT: remark: ascube-tile-linalg: ascend950pr f16 conv (NCHW, FCHW weights) N x C x H x W = 1 x 20 x 8 x 8 -> F x OH x OW = 24 x 6 x 6, kernel 3 x 3, stride 1 x 1, dilation 1 x 1: tile 36 output pixels (6 rows) x 32 channels, 2 C0 blocks per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 12736 B
// CHECK-LABEL: func.func @nchw_f16
// CHECK-DAG: %[[MAP:.*]] = ascube.alloc offset 0 : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 4096 : memref<32x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B0:.*]] = ascube.alloc offset 0 : memref<288x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<36x288xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<36x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[IN:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<20x64xf16> to memref<64x20xf16, strided<[1, 64]>>
// CHECK-DAG: %[[WT:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<480x9xf16> to memref<9x480xf16, strided<[1, 9]>>
// CHECK-DAG: %[[OUT:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<24x36xf32> to memref<36x24xf32, strided<[1, 36]>>
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %[[MAP]] {dValue = 64 : i64, dstNzC0Stride = 64 : i64, dstNzMatrixStride = 0 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<dn2nz>, nValue = 20 : i64, ndNum = 1 : i64, srcDValue = 64 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[B1]][%{{.*}}] {dValue = 9 : i64, dstNzC0Stride = 288 : i64, dstNzMatrixStride = 16 : i64, dstNzNStride = 32 : i64, mode = #ascube.copy_mode<dn2nz>, nValue = 20 : i64, ndNum = 24 : i64, srcDValue = 9 : i64, srcNdMatrixStride = 180 : i64}
// CHECK: ascube.load %[[B1]] to %[[B0]] :
// CHECK: ascube.load_3d %[[MAP]] to %[[A0]] {channelSize = 32 : i64, dilationFilterH = 1 : i64, dilationFilterW = 1 : i64, filterH = 3 : i64, filterW = 3 : i64, kExtension = 288 : i64, l1H = 8 : i64, l1W = 8 : i64, mExtension = 36 : i64, strideH = 1 : i64, strideW = 1 : i64}
// CHECK: ascube.mmad %[[A0]], %[[B0]] to %[[C]] {k = 288 : i64, m = 36 : i64, n = 32 : i64}
// CHECK: ascube.fixpipe %[[C]] to %[[OUT]][%{{.*}}] {dstStride = 36 : i64, mSize = 36 : i64, nSize = 24 : i64}
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @nchw_f16(%I: memref<1x20x8x8xf16>, %W: memref<24x20x3x3xf16>, %O: memref<1x24x6x6xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x24x6x6xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x20x8x8xf16>, memref<24x20x3x3xf16>) outs(%O : memref<1x24x6x6xf32>)
  return
}
}

// -----

// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 conv (FHWC weights) N x H x W x C = 1 x 8 x 8 x 20 -> OH x OW x F = 6 x 6 x 24, kernel 3 x 3, stride 1 x 1, dilation 1 x 1: tile 36 output pixels (6 rows) x 32 channels, 2 C0 blocks per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 12736 B
// CHECK-LABEL: func.func @fhwc_f16
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 4096 : memref<32x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B0:.*]] = ascube.alloc offset 0 : memref<288x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[WT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0], [1, 2, 3]] : memref<24x3x3x20xf16> into memref<24x180xf16>
// CHECK-DAG: %[[OUT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : memref<1x6x6x24xf32> into memref<36x24xf32>
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[B1]][%{{.*}}] {dValue = 20 : i64, dstNzC0Stride = 288 : i64, dstNzMatrixStride = 512 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 24 : i64, ndNum = 9 : i64, srcDValue = 180 : i64, srcNdMatrixStride = 20 : i64}
// CHECK: ascube.load %[[B1]] to %[[B0]] :
// CHECK: ascube.mmad %{{.*}}, %[[B0]] to %{{.*}} {k = 288 : i64, m = 36 : i64, n = 32 : i64}
// CHECK: ascube.fixpipe %{{.*}} to %[[OUT]][%{{.*}}] {dstStride = 24 : i64, mSize = 36 : i64, nSize = 24 : i64}
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @fhwc_f16(%I: memref<1x8x8x20xf16>, %W: memref<24x3x3x20xf16>, %O: memref<1x6x6x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x24xf32>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x20xf16>, memref<24x3x3x20xf16>) outs(%O : memref<1x6x6x24xf32>)
  return
}
}

// -----

// CHECK-LABEL: func.func @nchw_1x1_i8
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset {{[0-9]+}} : memref<32x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[IN:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<80x9xi8> to memref<9x80xi8, strided<[1, 9]>>
// CHECK-DAG: %[[WT:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<640x1xi8> to memref<1x640xi8, strided<[1, 1]>>
// CHECK-DAG: %[[OUT:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<32x9xi32> to memref<9x32xi32, strided<[1, 9]>>
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %{{.*}} {dValue = 9 : i64, dstNzC0Stride = 9 : i64, dstNzMatrixStride = 0 : i64, dstNzNStride = 1 : i64, mode = #ascube.copy_mode<dn2nz>, nValue = 40 : i64, ndNum = 1 : i64, srcDValue = 9 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[B1]][%{{.*}}] {dValue = 40 : i64, dstNzC0Stride = 32 : i64, dstNzMatrixStride = 32 : i64, dstNzNStride = 32 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 1 : i64, ndNum = 16 : i64, srcDValue = 40 : i64, srcNdMatrixStride = 40 : i64}
// CHECK: ascube.fixpipe %{{.*}} to %[[OUT]][%{{.*}}] {dstStride = 9 : i64, mSize = 9 : i64, nSize = 16 : i64}
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @nchw_1x1_i8(%I: memref<2x40x3x3xi8>, %W: memref<16x40x1x1xi8>, %O: memref<2x16x3x3xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<2x16x3x3xi32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<2x40x3x3xi8>, memref<16x40x1x1xi8>) outs(%O : memref<2x16x3x3xi32>)
  return
}
}

// -----

// CHECK-LABEL: func.func @nchw_pixel_f32
// CHECK-DAG: %[[IN:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<8x1xf32> to memref<1x8xf32, strided<[1, 1]>>
// CHECK-DAG: %[[OUT:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<3x1xf32> to memref<1x3xf32, strided<[1, 1]>>
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %{{.*}} {dValue = 8 : i64, {{.*}}mode = #ascube.copy_mode<nd2nz>, nValue = 1 : i64, ndNum = 1 : i64,
// CHECK: ascube.fixpipe %{{.*}} to %[[OUT]][%{{.*}}] {dstStride = 3 : i64, mSize = 1 : i64, nSize = 3 : i64}
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @nchw_pixel_f32(%I: memref<1x8x1x1xf32>, %W: memref<3x8x1x1xf32>, %O: memref<1x3x1x1xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x3x1x1xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x1x1xf32>, memref<3x8x1x1xf32>) outs(%O : memref<1x3x1x1xf32>)
  return
}
}
