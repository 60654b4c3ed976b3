// Tilings ascube-select-tiling and ascube-tile-linalg refuse (tile_c6,
// docs/Constraints.md), and an ascube.tiling that is not the tiling of its
// op's kind (docs/Tiling.md; a convolution's: invalid-conv-tiling.mlir).
// RUN: ascube-opt %s --split-input-file --verify-diagnostics --ascube-select-tiling=product=atlas_a2
// The mapping checks a hand-set tiling in the same place:
// RUN: not ascube-opt %s --split-input-file --ascube-tile-linalg=product=atlas_a2 2>&1 | FileCheck %s --check-prefix=MAP
// MAP: 'linalg.matmul' op ascube.tiling = #ascube.matmul_tiling<m = 24, n = 16, k = 32> takes three sizes, multiples of 16, 16 and 16: m = 24 is not [tile_c6]
// MAP: 'linalg.matmul' op tile 4096 x 16 x 16 does not fit atlas_a2: past an instruction's range: Mmad's m = 4096 is outside [1, 4095]; a tile that fits: 48 x 16 x 48 [tile_c6]
// MAP: 'linalg.conv_2d_nhwc_hwcf' op has an ascube.tiling #ascube.matmul_tiling<m = 16, n = 16, k = 16>, but #ascube.matmul_tiling is the tiling of a linalg.matmul, batch_matmul, matvec or vecmat [tile_c6]
// MAP: 'linalg.generic' op has an ascube.tiling #ascube.matmul_tiling<m = 16, n = 16, k = 16>, but #ascube.matmul_tiling is the tiling of a linalg.matmul, batch_matmul, matvec or vecmat [tile_c6]
// MAP: 'linalg.matmul' op has an ascube.tiling #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 16>, but #ascube.conv_tiling is the tiling of a linalg.conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc or conv_2d_nchw_fchw [tile_c6]

// m = 24 is no multiple of 16 (f16 A's fractal rows):
func.func @unaligned(%A: memref<40x40xf16>, %B: memref<40x16xf16>, %C: memref<40x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x16xf32>)
  // expected-error @+1 {{'linalg.matmul' op ascube.tiling = #ascube.matmul_tiling<m = 24, n = 16, k = 32> takes three sizes, multiples of 16, 16 and 16: m = 24 is not [tile_c6]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 24, n = 16, k = 32>}
    ins(%A, %B : memref<40x40xf16>, memref<40x16xf16>) outs(%C : memref<40x16xf32>)
  return
}

// -----

// m = 4096 is past Mmad's m (4095):
func.func @too_large(%A: memref<40x40xf16>, %B: memref<40x16xf16>, %C: memref<40x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x16xf32>)
  // expected-error @+1 {{tile 4096 x 16 x 16 does not fit atlas_a2: past an instruction's range: Mmad's m = 4096 is outside [1, 4095]; a tile that fits: 48 x 16 x 48 [tile_c6]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 4096, n = 16, k = 16>}
    ins(%A, %B : memref<40x40xf16>, memref<40x16xf16>) outs(%C : memref<40x16xf32>)
  return
}

// -----

// A matmul's tiling is not a convolution's (both passes refuse it):
func.func @conv(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x16xf32>)
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op has an ascube.tiling #ascube.matmul_tiling<m = 16, n = 16, k = 16>, but #ascube.matmul_tiling is the tiling of a linalg.matmul, batch_matmul, matvec or vecmat [tile_c6]}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.matmul_tiling<m = 16, n = 16, k = 16>, dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}

// -----

// Nor is any other op's:
func.func @generic(%X: memref<16xf32>) {
  // expected-error @+1 {{'linalg.generic' op has an ascube.tiling #ascube.matmul_tiling<m = 16, n = 16, k = 16>, but #ascube.matmul_tiling is the tiling of a linalg.matmul, batch_matmul, matvec or vecmat [tile_c6]}}
  linalg.generic {ascube.tiling = #ascube.matmul_tiling<m = 16, n = 16, k = 16>,
                  indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%X : memref<16xf32>) {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  }
  return
}

// -----

// expected-error @+1 {{'ascube.tiling' must be a #ascube.matmul_tiling<m = .., n = .., k = ..> or a #ascube.conv_tiling<strategy = .., m = .., n = .., k = ..> attribute, got 16 : i64 [tile_c6]}}
func.func @not_a_tiling() attributes {ascube.tiling = 16} {
  return
}

// -----

// Nor is a convolution's tiling a matmul's:
func.func @conv_tiling_on_matmul(%A: memref<40x40xf16>, %B: memref<40x16xf16>, %C: memref<40x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x16xf32>)
  // expected-error @+1 {{'linalg.matmul' op has an ascube.tiling #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 16>, but #ascube.conv_tiling is the tiling of a linalg.conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc or conv_2d_nchw_fchw [tile_c6]}}
  linalg.matmul {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 16>}
    ins(%A, %B : memref<40x40xf16>, memref<40x16xf16>) outs(%C : memref<40x16xf32>)
  return
}

// -----

// expected-error @+1 {{#ascube.matmul_tiling takes tile sizes of at least 1 element, got m = 0, n = 16, k = 16 [tile_c6]}}
func.func @zero() attributes {ascube.tiling = #ascube.matmul_tiling<m = 0, n = 16, k = 16>} {
  return
}

// -----

// Refusals come in the order of the ops, in both passes: a convolution
// refused first (a stride of 64, past LoadData 3D's 63: tile_c7) is the
// one error, and the later matmul's tiling is not checked yet.
// MAP: 'linalg.conv_2d_nhwc_hwcf' op stride 64 is beyond LoadData 3D's range [1, 63] [tile_c7]
// MAP-NOT: error: 'linalg.matmul' op ascube.tiling
func.func @order(%I: memref<1x8x130x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x2x16xf32>,
                 %A: memref<40x40xf16>, %B: memref<40x16xf16>, %C: memref<40x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x2x16xf32>)
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op stride 64 is beyond LoadData 3D's range [1, 63] [tile_c7]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 64]> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x130x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x2x16xf32>)
  linalg.fill ins(%z : f32) outs(%C : memref<40x16xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 24, n = 16, k = 32>}
    ins(%A, %B : memref<40x40xf16>, memref<40x16xf16>) outs(%C : memref<40x16xf32>)
  return
}
