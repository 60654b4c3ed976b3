// #ascube.conv_tiling values that are not a tiling (the attribute's own
// rules), and hand-set convolution tilings that ascube-select-tiling and
// ascube-tile-linalg refuse: a strategy the convolution does not take on
// its product, sizes off the strategy's grammar, runs that are not the
// kernel's, two buffer sets that do not fit (tile_c6,
// docs/Constraints.md).
// RUN: ascube-opt %s --split-input-file --verify-diagnostics --ascube-select-tiling
// The mapping checks them in the same place:
// RUN: not ascube-opt %s --split-input-file --ascube-tile-linalg 2>&1 | FileCheck %s --check-prefix=MAP
// MAP: error: #ascube.conv_tiling takes buffers = 1 or 2 (0: 2 where two fit), got 3 [tile_c6]
// MAP: op ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 48>: kirin_9030 maps this convolution by nhwc_rows, not load3d (it has no LoadData 3D V2) [tile_c6]
// MAP: op ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 16, n = 16, k = 32>: atlas_200i_500_a2 maps this convolution by load3d, not nhwc_rows (it has no DataCopy ND2NZ) [tile_c6]

// buffers are 1 or 2:
// expected-error @+1 {{#ascube.conv_tiling takes buffers = 1 or 2 (0: 2 where two fit), got 3 [tile_c6]}}
func.func @buffers() attributes {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 16, buffers = 3>} {
  return
}

// -----

// expected-error @+1 {{#ascube.conv_tiling takes tile sizes of at least 1 element, got m = 0, n = 16, k = 16 [tile_c6]}}
func.func @zero() attributes {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 0, n = 16, k = 16>} {
  return
}

// -----

// Buffer sets and own columns are LoadData 3D's choices:
// expected-error @+1 {{#ascube.conv_tiling's buffers and own_columns are choices of strategy = load3d, not nd2nz_columns [tile_c6]}}
func.func @own_columns() attributes {ascube.tiling = #ascube.conv_tiling<strategy = nd2nz_columns, m = 16, n = 16, k = 16, own_columns = true>} {
  return
}

// -----

// and runs the NHWC rows':
// expected-error @+1 {{#ascube.conv_tiling's run_taps and run_parts are choices of strategy = nhwc_rows, not load3d [tile_c6]}}
func.func @run_taps() attributes {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 16, run_taps = 3>} {
  return
}

// -----

// A tap's channels cut into parts make runs of one tap:
// expected-error @+1 {{#ascube.conv_tiling cuts one tap's channels into run_parts = 2: runs of one tap, run_taps = 1, not 3 [tile_c6]}}
func.func @run_parts() attributes {ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 16, n = 16, k = 16, run_taps = 3, run_parts = 2>} {
  return
}

// -----

// Kirin 9030 has no LoadData 3D V2: an NHWC convolution there is mapped by
// ND2NZ rows only.
module attributes {ascube.target = #ascube.target<kirin_9030>} {
func.func @load3d_on_9030(%I: memref<1x6x20x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x4x18x16xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x4x18x16xf16>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 48>: kirin_9030 maps this convolution by nhwc_rows, not load3d (it has no LoadData 3D V2) [tile_c6]}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 48>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x4x18x16xf16>)
  return
}
}

// -----

// Atlas 200I/500 A2 (310B) has no DataCopy ND2NZ: LoadData 3D only.
module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
func.func @rows_on_310b(%I: memref<1x6x20x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 16, n = 16, k = 32>: atlas_200i_500_a2 maps this convolution by load3d, not nhwc_rows (it has no DataCopy ND2NZ) [tile_c6]}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 16, n = 16, k = 32>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}
}

// -----

// Atlas A2 has no DN2NZ: an NCHW convolution is mapped by ND2NZ, as columns
// with stride 1 along W.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nchw_load3d_on_a2(%I: memref<1x16x6x20xf16>, %W: memref<16x16x3x3xf16>, %O: memref<1x16x4x18xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x4x18xf32>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 16, k = 144>: atlas_a2 maps this convolution by nd2nz_columns, not load3d (it has no DataCopy DN2NZ) [tile_c6]}}
  linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 16, k = 144>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x16x6x20xf16>, memref<16x16x3x3xf16>) outs(%O : memref<1x16x4x18xf32>)
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nchw_pixel_rows_stride_1(%I: memref<1x16x6x20xf16>, %W: memref<16x16x3x3xf16>, %O: memref<1x16x4x18xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x4x18xf32>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = pixel_rows, m = 18, n = 16, k = 144>: atlas_a2 maps this convolution by nd2nz_columns, not pixel_rows (an NCHW convolution with stride 1 along W) [tile_c6]}}
  linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = pixel_rows, m = 18, n = 16, k = 144>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x16x6x20xf16>, memref<16x16x3x3xf16>) outs(%O : memref<1x16x4x18xf32>)
  return
}
}

// -----

// Sizes off a strategy's grammar: LoadData 3D's m of 20 pixels is neither
// whole rows of OW = 18 nor a piece of one; NHWC rows of 2 taps do not cut
// a kernel row of 3; their k of 40 is not whole runs (3 taps x 16
// channels: 48 columns, padded to 48).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @load3d_m(%I: memref<1x6x20x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 20, n = 16, k = 144> of a convolution takes m output pixels (a multiple of OW = 18: whole output rows, or fewer than OW: a piece of one), n a multiple of 16 and k a multiple of KH x KW x C0 = 144}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 20, n = 16, k = 144>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nhwc_runs(%I: memref<1x6x20x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 18, n = 16, k = 32, run_taps = 2>: runs of 2 taps in 1 part are not runs of an NHWC convolution of KW = 3, dilation 1 and C = 16 (run_taps divides KW, and is 1 with a W dilation; run_parts cuts C into that many parts of whole C0 = 16 blocks) [tile_c6]}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 18, n = 16, k = 32, run_taps = 2>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nhwc_k(%I: memref<1x6x20x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 18, n = 16, k = 40> of an NHWC convolution on atlas_a2 takes m output pixels (a multiple of OW = 18: whole output rows, or a piece of one: a multiple of 16 below OW; at most 4095), n a multiple of 16 and k a multiple of 48 (whole runs, each padded to C0 blocks): k = 40 is not [tile_c6]}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 18, n = 16, k = 40>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}
}

// -----

// Two buffer sets of 4 rows x 64 channels x 9 C0 blocks' windows (k =
// 1296 of C = 144) need 2 x 72 x 1296 x 2 B = 373248 B of L0A's 64 KiB.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @two_sets(%I: memref<1x6x20x144xf16>, %W: memref<3x3x144x64xf16>, %O: memref<1x4x18x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x64xf32>)
  // expected-error-re @+1 {{op tile 72 x 64 x 1296 does not fit atlas_a2: {{.*}}L0A needs {{.*}} (L0A, L0B and L1 counted for two buffer sets: double buffering){{.*}} [tile_c6]}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 72, n = 64, k = 1296, buffers = 2>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x144xf16>, memref<3x3x144x64xf16>) outs(%O : memref<1x4x18x64xf32>)
  return
}
}

// -----

// Atlas 200I/500 A2 has neither DN2NZ nor ND2NZ: an NCHW convolution maps
// by no strategy there (tile_c4), whatever the attribute asks.
module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
func.func @nchw_on_310b(%I: memref<1x16x6x20xf16>, %W: memref<16x16x3x3xf16>, %O: memref<1x16x4x18xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x4x18xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has neither DataCopy DN2NZ nor ND2NZ}}
  linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 16, k = 144>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x16x6x20xf16>, memref<16x16x3x3xf16>) outs(%O : memref<1x16x4x18xf32>)
  return
}
}

// -----

// An NHWC convolution by ND2NZ is nhwc_rows, and an NCHW one with a stride
// along W pixel_rows:
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nhwc_columns(%I: memref<1x6x20x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = nd2nz_columns, m = 18, n = 16, k = 144>: atlas_a2 maps this convolution by load3d or nhwc_rows, not nd2nz_columns (an NHWC convolution) [tile_c6]}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = nd2nz_columns, m = 18, n = 16, k = 144>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @strided_columns(%I: memref<1x8x7x41xf16>, %W: memref<16x8x3x3xf16>, %O: memref<1x16x5x20xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x5x20xf32>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = nd2nz_columns, m = 20, n = 16, k = 48>: atlas_a2 maps this convolution by pixel_rows, not nd2nz_columns (a stride along W) [tile_c6]}}
  linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = nd2nz_columns, m = 20, n = 16, k = 48>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x7x41xf16>, memref<16x8x3x3xf16>) outs(%O : memref<1x16x5x20xf32>)
  return
}
}

// -----

// pixel_rows' k counts K': a channel's 3 kernel rows of one run of 3 taps
// padded to 16 are 48 columns, a kernel row 16; 24 is neither.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @pixel_rows_k(%I: memref<1x8x7x41xf16>, %W: memref<16x8x3x3xf16>, %O: memref<1x16x5x20xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x5x20xf32>)
  // expected-error @+1 {{n a multiple of 16 and k a multiple of a channel's 48 columns of K' (or of a kernel row's 16): k = 24 is not [tile_c6]}}
  linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = pixel_rows, m = 20, n = 16, k = 24>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x7x41xf16>, memref<16x8x3x3xf16>) outs(%O : memref<1x16x5x20xf32>)
  return
}
}

// -----

// nhwc_rows' pieces of a row are whole 16s of pixels: 8 is not.
module attributes {ascube.target = #ascube.target<kirin_9030>} {
func.func @nhwc_piece(%I: memref<1x6x20x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x4x18x16xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x4x18x16xf16>)
  // expected-error @+1 {{op ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 8, n = 16, k = 48> of an NHWC convolution on kirin_9030 takes m output pixels (a multiple of OW = 18: whole output rows, or a piece of one: a multiple of 16 below OW; at most 4095)}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 8, n = 16, k = 48>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x4x18x16xf16>)
  return
}
}

// -----

// A hand-set ND2NZ tiling that does not fit: 4 whole rows of 18 pixels (4
// x 32 GEMM columns) x 16 channels x all 2304 columns of K (256 channels
// of 3 x 3), twice, need 2 x 2304 x 128 x 2 B = 1179648 B of L0B's 64 KiB.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @nd2nz_fit(%I: memref<1x256x6x20xf16>, %W: memref<16x256x3x3xf16>, %O: memref<1x16x4x18xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x4x18xf32>)
  // expected-error-re @+1 {{op tile 72 x 16 x 2304 (the GEMM's M x N x K tile 16 x 128 x 2304) does not fit atlas_a2: {{.*}}L0B needs {{.*}}; without the attribute the pass chooses a tile that fits (ascube-select-tiling writes it) [tile_c6]}}
  linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = nd2nz_columns, m = 72, n = 16, k = 2304>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x256x6x20xf16>, memref<16x256x3x3xf16>) outs(%O : memref<1x16x4x18xf32>)
  return
}
}
