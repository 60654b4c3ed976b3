// ascube-tile-linalg on linalg.conv_2d_nhwc_hwcf (docs/Tiling.md,
// cube-reference §5, §10, §13, §16). The expected fields are worked by hand
// from the shapes:
//
// @conv_f16 on Atlas A2: a 1 x 8 x 8 x 20 f16 map, a 3 x 3 kernel, 24
// output channels, stride and dilation 1 -> a 6 x 6 output. C0 = 16, so 20
// channels are C1 = 2 blocks, the second partial (4 channels). One tile:
// 36 output pixels (6 whole rows, reading all 8 input rows) x 32 channels
// (24 padded to whole L0B fractal columns) x K = 2 x 3 x 3 x 16 = 288
// im2col columns. L1 holds the map (2 x 8 x 8 pixels of 32 B = 4096 B) at
// 0, then the weights of the full block at 4096 (a "map" of 9 x 16 pixels,
// the K rows, of 32 channels, the N columns, in planes laid out for a full
// chunk of 2 blocks, 18 x 16 pixels: 2 x 18 x 16 x 32 B = 18432 B, the
// first 9 rows used), then the partial block's at 4096 + 18432 = 22528 (9 x 4 pixels, padded on the right with
// 12 zero pixels by LoadData 3D). GM -> L1: the map 4096 B + the weights
// 3 x 3 x 20 x 24 x 2 B = 8640 B = 12736 B.
//
// @conv_i8 on Atlas A2: 2 images of 9 x 10 x 40 int8, a 2 x 2 kernel, 20
// output channels, stride 2 x 3, dilation 1 x 2 -> a 4 x 3 output
// ((9 - 2) / 2 + 1, (10 - 3) / 3 + 1). C0 = 32: 2 blocks (the second of 8
// channels). The tile reads (4 - 1) x 2 + 2 = 8 input rows and of each the
// (3 - 1) x 3 + 2 + 1 = 9 columns its 3 output columns reach (the 10th is
// never read: 8 ND matrices of 9 pixels, 10 x 40 = 400 elements apart in
// GM, 9 x 32 = 288 apart in L1); K = 2 x 2 x 2 x 32 = 256. A2's LoadData 3D does not write 8-bit data to L0B, so the
// weights go to a 256 x 32 Nz in L1 (kernel point p of block j at K row
// j x 128 + p x 32, at 4608: the map's 8 x 9 x 2 x 32 B, 512 B aligned)
// and through ascube.load. GM -> L1 per image: the map 4608 B and the
// weights 2 x 2 x 40 x 20 = 3200 B; 15616 B for two.
//
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 objective=traffic" | FileCheck %s
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 report=true objective=traffic" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// The programs are legal on the product:
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2" | ascube-opt --split-input-file --ascube-select-movers --ascube-verify-target -o /dev/null

// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 conv N x H x W x C = 1 x 8 x 8 x 20 -> OH x OW x F = 6 x 6 x 24, kernel 3 x 3, stride 1 x 1, dilation 1 x 1: tile 36 output pixels (6 rows) x 32 channels, 2 C0 blocks per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 12736 B
// CHECK-LABEL: func.func @conv_f16
// CHECK-DAG: %[[OFF:.*]] = arith.constant 4608 : index
// CHECK-DAG: %[[MAP:.*]] = ascube.alloc offset 0 : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
// CHECK-DAG: %[[B0:.*]] = ascube.alloc offset 0 : memref<288x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[WF:.*]] = ascube.alloc offset 4096 : memref<1x2x18x16x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
// CHECK-DAG: %[[WP:.*]] = ascube.alloc offset 22528 : memref<1x2x9x4x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<36x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<36x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[IN:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : memref<1x8x8x20xf16> into memref<64x20xf16>
// CHECK-DAG: %[[WT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : memref<3x3x20x24xf16> into memref<180x24xf16>
// CHECK-DAG: %[[OUT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : memref<1x6x6x24xf32> into memref<36x24xf32>
// The map: 64 NHWC pixels of 20 channels into C1 = 2 planes of 8 x 8.
// CHECK: ascube.data_copy %[[IN]][%{{.*}}] to %[[MAP]] {dValue = 20 : i64, dstNzC0Stride = 64 : i64, {{.*}}mode = #ascube.copy_mode<nd2nz>, nValue = 64 : i64, ndNum = 1 : i64, srcDValue = 20 : i64
// Full block: 9 kernel points (480 elements apart in HWCF) of 16 channels.
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[WF]][%{{.*}}] {dValue = 24 : i64, dstNzC0Stride = 288 : i64, dstNzMatrixStride = 256 : i64, {{.*}}nValue = 16 : i64, ndNum = 9 : i64, srcDValue = 24 : i64, srcNdMatrixStride = 480 : i64}
// Partial block: 4 channels, K rows 144..287 (L0B element 144 x 32).
// CHECK: ascube.data_copy %[[WT]][%{{.*}}] to %[[WP]][%{{.*}}] {dValue = 24 : i64, dstNzC0Stride = 36 : i64, dstNzMatrixStride = 64 : i64, {{.*}}nValue = 4 : i64, ndNum = 9 : i64,
// Every copy before the loads: MTE2 hands L1 to MTE1 once per chunk.
// CHECK: ascube.set_flag <MTE2> -> <MTE1>
// CHECK: ascube.wait_flag <MTE2> -> <MTE1>
// CHECK: ascube.load_3d %[[WF]] to %[[B0]] {channelSize = 32 : i64, {{.*}}filterH = 1 : i64, filterW = 1 : i64, kExtension = 32 : i64, l1H = 18 : i64, l1W = 16 : i64, mExtension = 144 : i64,
// CHECK: ascube.load_3d %[[WP]] to %[[B0]][%[[OFF]]] {channelSize = 32 : i64, {{.*}}l1H = 9 : i64, l1W = 4 : i64, mExtension = 144 : i64, padList = array<i64: 0, 12, 0, 0>,
// The im2col window.
// CHECK: ascube.load_3d %[[MAP]] to %[[A0]] {channelSize = 32 : i64, dilationFilterH = 1 : i64, dilationFilterW = 1 : i64, filterH = 3 : i64, filterW = 3 : i64, kExtension = 288 : i64, l1H = 8 : i64, l1W = 8 : i64, mExtension = 36 : i64, strideH = 1 : i64, strideW = 1 : i64}
// CHECK: ascube.mmad %[[A0]], %[[B0]] to %[[C]] {k = 288 : i64, m = 36 : i64, n = 32 : i64}
// CHECK: ascube.fixpipe %[[C]] to %[[OUT]][%{{.*}}] {dstStride = 24 : i64, mSize = 36 : i64, nSize = 24 : i64}
// CHECK-NOT: linalg.
func.func @conv_f16(%I: memref<1x8x8x20xf16>, %W: memref<3x3x20x24xf16>, %O: memref<1x6x6x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x20xf16>, memref<3x3x20x24xf16>) outs(%O : memref<1x6x6x24xf32>)
  return
}

// -----

// REPORT: remark: ascube-tile-linalg: atlas_a2 i8 conv N x H x W x C = 2 x 9 x 10 x 40 -> OH x OW x F = 4 x 3 x 20, kernel 2 x 2, stride 2 x 3, dilation 1 x 2: tile 12 output pixels (4 rows) x 32 channels, 2 C0 blocks per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 15616 B
// CHECK-LABEL: func.func @conv_i8
// CHECK-DAG: %[[SECOND:.*]] = arith.constant 4096 : index
// CHECK-DAG: %[[MAP:.*]] = ascube.alloc offset 0 : memref<1x2x8x9x32xi8, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
// CHECK-DAG: %[[B0:.*]] = ascube.alloc offset 0 : memref<256x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 4608 : memref<256x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<12x256xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<12x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// Two images, one after the other.
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[IMAGES:.*]] step
// CHECK: ascube.data_copy %{{.*}} to %[[MAP]] {dValue = 40 : i64, dstNzC0Stride = 72 : i64, dstNzMatrixStride = 288 : i64, {{.*}}nValue = 9 : i64, ndNum = 8 : i64, srcDValue = 40 : i64, srcNdMatrixStride = 400 : i64}
// CHECK: ascube.data_copy %{{.*}} to %[[B1]][%{{.*}}] {dValue = 20 : i64, dstNzC0Stride = 256 : i64, dstNzMatrixStride = 1024 : i64, {{.*}}nValue = 32 : i64, ndNum = 4 : i64, srcDValue = 20 : i64, srcNdMatrixStride = 800 : i64}
// CHECK: ascube.data_copy %{{.*}} to %[[B1]][%[[SECOND]]] {dValue = 20 : i64, {{.*}}nValue = 8 : i64, ndNum = 4 : i64,
// CHECK: ascube.load %[[B1]] to %[[B0]]
// CHECK: ascube.load_3d %[[MAP]] to %[[A0]] {channelSize = 64 : i64, dilationFilterH = 1 : i64, dilationFilterW = 2 : i64, filterH = 2 : i64, filterW = 2 : i64, kExtension = 256 : i64, l1H = 8 : i64, l1W = 9 : i64, mExtension = 12 : i64, strideH = 2 : i64, strideW = 3 : i64}
// CHECK: ascube.mmad %[[A0]], %[[B0]] to %[[C]] {k = 256 : i64, m = 12 : i64, n = 32 : i64}
// CHECK: ascube.fixpipe %[[C]] to %{{.*}} {dstStride = 20 : i64, mSize = 12 : i64, nSize = 20 : i64}
func.func @conv_i8(%I: memref<2x9x10x40xi8>, %W: memref<2x2x40x20xi8>, %O: memref<2x4x3x20xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<2x4x3x20xi32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
    ins(%I, %W : memref<2x9x10x40xi8>, memref<2x2x40x20xi8>) outs(%O : memref<2x4x3x20xi32>)
  return
}

// -----

// A bias add and a ReLU after the convolution (one linalg.generic over the
// NHWC output, the bias over F): the 24-channel tile is computed as 32
// columns, its bias staged at the top of L1 (16 x 32 x 4 B = 2048 B:
// 524288 - 2048 = 522240) and copied to BT in whole 64 B (128 B = 32 f32);
// the Mmad starts C from it, Fixpipe applies the ReLU.
// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 conv N x H x W x C = 1 x 8 x 8 x 20 -> OH x OW x F = 6 x 6 x 24, kernel 3 x 3, stride 1 x 1, dilation 1 x 1: tile 36 output pixels (6 rows) x 32 channels, 2 C0 blocks per chunk (1 M x 1 N tiles, 1 chunk each), + bias (BT), ReLU (Fixpipe); GM -> L1 12736 B
// CHECK-LABEL: func.func @conv_bias_relu
// CHECK-DAG: %[[STAGE:.*]] = ascube.alloc offset 522240 : memref<1x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[BT:.*]] = ascube.alloc offset 0 : memref<32xf32, #ascube.mem<BT>>
// CHECK: %[[ROW:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 24] : memref<24xf32> into memref<1x24xf32>
// CHECK: ascube.data_copy %[[ROW]][%{{.*}}] to %[[STAGE]] {dValue = 24 : i64, dstNzC0Stride = 1 : i64, {{.*}}nValue = 1 : i64, ndNum = 1 : i64, srcDValue = 24 : i64
// CHECK: ascube.data_copy %[[STAGE]] to %[[BT]] :
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C:.*]] bias %[[BT]] : memref<32xf32, #ascube.mem<BT>> {cmatrixInitVal = false, cmatrixSource = true, k = 288 : i64, m = 36 : i64, n = 32 : i64}
// CHECK: ascube.fixpipe %[[C]] to %{{.*}} {dstStride = 24 : i64, mSize = 36 : i64, nSize = 24 : i64, reluEn = true}
// CHECK-NOT: linalg.
func.func @conv_bias_relu(%I: memref<1x8x8x20xf16>, %W: memref<3x3x20x24xf16>, %bias: memref<24xf32>, %O: memref<1x6x6x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x20xf16>, memref<3x3x20x24xf16>) outs(%O : memref<1x6x6x24xf32>)
  linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<24xf32>) outs(%O : memref<1x6x6x24xf32>) {
  ^bb0(%b: f32, %o: f32):
    %s = arith.addf %o, %b : f32
    %r = arith.maximumf %s, %z : f32
    linalg.yield %r : f32
  }
  return
}


// -----

// A map wider and taller than the output needs (linalg lets the windows
// stop short of the map's end): a 1 x 5 x 9 x 16 f16 map, a 1 x 1 kernel,
// stride 1 x 2, a 4 x 3 output. The band of 4 output rows reads input rows
// 0..3 and, of each, the columns its 3 output columns read: (3 - 1) x 2 + 1
// = 5 of the 9. L1 holds exactly those (LoadData 3D derives its output
// width from l1W: (5 - 1) / 2 + 1 = 3 = OW), copied as 4 ND matrices of 5
// pixels, 9 x 16 = 144 elements apart in GM, 5 x 16 = 80 apart in L1.
// GM -> L1: 4 x 5 pixels x 32 B = 640 B of map + 16 x 16 x 2 B = 512 B of
// weights = 1152 B.
// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 conv N x H x W x C = 1 x 5 x 9 x 16 -> OH x OW x F = 4 x 3 x 16, kernel 1 x 1, stride 1 x 2, dilation 1 x 1: tile 12 output pixels (4 rows) x 16 channels, 1 C0 block per chunk (1 M x 1 N tiles, 1 chunk each); GM -> L1 1152 B
// CHECK-LABEL: func.func @conv_wide_map
// CHECK-DAG: %[[MAP:.*]] = ascube.alloc offset 0 : memref<1x1x4x5x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
// CHECK: ascube.data_copy %{{.*}} to %[[MAP]] {dValue = 16 : i64, dstNzC0Stride = 20 : i64, dstNzMatrixStride = 80 : i64, {{.*}}nValue = 5 : i64, ndNum = 4 : i64, srcDValue = 16 : i64, srcNdMatrixStride = 144 : i64}
// CHECK: ascube.load_3d %[[MAP]] to %{{.*}} {channelSize = 16 : i64, {{.*}}kExtension = 16 : i64, l1H = 4 : i64, l1W = 5 : i64, mExtension = 12 : i64, strideH = 1 : i64, strideW = 2 : i64}
func.func @conv_wide_map(%I: memref<1x5x9x16xf16>, %W: memref<1x1x16x16xf16>, %O: memref<1x4x3x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x3x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%I, %W : memref<1x5x9x16xf16>, memref<1x1x16x16xf16>) outs(%O : memref<1x4x3x16xf32>)
  return
}
