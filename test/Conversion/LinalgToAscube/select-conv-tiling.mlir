// ascube-select-tiling on convolutions: the strategy and tiling of each,
// written on the op as #ascube.conv_tiling (docs/Tiling.md), and read by
// ascube-tile-linalg.
// RUN: ascube-opt %s --split-input-file --ascube-select-tiling="product=atlas_a2 objective=traffic" | FileCheck %s
// tile= writes given sizes (checked) on ops without one:
// RUN: ascube-opt %s --split-input-file --ascube-select-tiling="product=atlas_a2 tile=12,16,144" | FileCheck %s --check-prefix=FORCED
// A hand-set attribute is the tiling ascube-tile-linalg maps with:
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 objective=traffic" | FileCheck %s --check-prefix=MAPPED

// A convolution's tiling: its strategy and output pixels x channels x K
// columns. 1 x 8 x 8 x 16 f16 by 3 x 3 x 16 x 16 on Atlas A2 (LoadData 3D):
// one tile of all 36 output pixels (6 rows of 6) x 16 channels, the one C0
// block's 3 x 3 window per chunk (k = 9 x 16), reads the map and the
// weights once — the least traffic; two buffer sets (L0A 2 x 48 x 144 x 2 B
// = 27 KiB of 64 KiB). tile= forces m, n, k (parts of a row would then
// read their own columns, own_columns; whole windows here: none).
// CHECK-LABEL: func.func @conv_chosen
// CHECK: linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 36, n = 16, k = 144, buffers = 2>
// FORCED-LABEL: func.func @conv_chosen
// FORCED: linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 12, n = 16, k = 144, buffers = 2>
func.func @conv_chosen(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}

// -----

// An NCHW one on Atlas A2 (no DN2NZ): O^T = W x X^T by ND2NZ columns, one
// tile of all 16 output pixels (4 rows of 4, each padded to 16 GEMM
// columns) x 16 channels x K = 16 x 3 x 3 = 144.
// CHECK-LABEL: func.func @conv_nchw
// tile= as 12 output pixels, 3 rows of 4 (k: 16 whole channels of 3 x 3):
// FORCED: linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = nd2nz_columns, m = 12, n = 16, k = 144>
// CHECK: linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = nd2nz_columns, m = 16, n = 16, k = 144>
func.func @conv_nchw(%I: memref<1x16x6x6xf16>, %W: memref<16x16x3x3xf16>, %O: memref<1x16x4x4xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x4x4xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x16x6x6xf16>, memref<16x16x3x3xf16>) outs(%O : memref<1x16x4x4xf32>)
  return
}

// -----

// A user's convolution tiling is kept, its defaults filled in (two buffer
// sets fit), and mapped as it says: M tiles of 2 rows (12 pixels), three
// Mmads of 12 x 144 x 16.
// CHECK-LABEL: func.func @conv_hand_set
// CHECK: linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 12, n = 16, k = 144, buffers = 2>
// FORCED-LABEL: func.func @conv_hand_set
// FORCED: linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 12, n = 16, k = 144, buffers = 2>
// MAPPED-LABEL: func.func @conv_hand_set
// MAPPED: scf.for
// MAPPED: ascube.mmad {{.*}} {k = 144 : i64, m = 12 : i64, n = 16 : i64}
// MAPPED-NOT: ascube.mmad
func.func @conv_hand_set(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x16xf32>)
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 12, n = 16, k = 144>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}
