// ascube-tile-linalg on Atlas 200I/500 A2, which has no DataCopy ND2NZ:
// the Nz tiles (and a convolution's map planes) are built of plain
// DataCopy blocks of 32 B, so rows (and channels) must be whole blocks
// (docs/Constraints.md, tile_c4).
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg=product=atlas_200i_500_a2 -verify-diagnostics

// tile_c4: A's rows of K = 20 f16 are 40 B, not whole 32 B blocks.
func.func @unaligned_k(%A: memref<16x20xf16>, %B: memref<20x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has no DataCopy ND2NZ: ascube-tile-linalg builds the Nz tiles of plain DataCopy blocks of 32 B, so each row of A (20 elements of 2 B, rows 20 apart) must be whole 32 B blocks [tile_c4]}}
  linalg.matmul ins(%A, %B : memref<16x20xf16>, memref<20x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c4: K = 1: A's rows are one f16, 2 B.
func.func @k_one(%A: memref<16x1xf16>, %B: memref<1x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has no DataCopy ND2NZ: ascube-tile-linalg builds the Nz tiles of plain DataCopy blocks of 32 B, so each row of A (1 element of 2 B, rows 1 apart) must be whole 32 B blocks [tile_c4]}}
  linalg.matmul ins(%A, %B : memref<16x1xf16>, memref<1x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c4: B's rows of N = 24 f16 (48 B) are not whole blocks.
func.func @unaligned_n(%A: memref<16x32xf16>, %B: memref<32x24xf16>, %C: memref<16x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x24xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has no DataCopy ND2NZ: ascube-tile-linalg builds the Nz tiles of plain DataCopy blocks of 32 B, so each row of B (24 elements of 2 B, rows 24 apart) must be whole 32 B blocks [tile_c4]}}
  linalg.matmul ins(%A, %B : memref<16x32xf16>, memref<32x24xf16>) outs(%C : memref<16x24xf32>)
  return
}

// -----

// tile_c4: B held transposed (N x K: rows of K = 32 f16, whole blocks) but
// a bias of N = 20 f32 (80 B) is not whole blocks.
func.func @unaligned_bias(%A: memref<16x32xf16>, %B: memref<20x32xf16>, %bias: memref<20xf32>, %C: memref<16x20xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x20xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has no DataCopy ND2NZ: the bias goes to L1 in plain DataCopy blocks of 32 B, so its 20 elements of 4 B must be whole blocks [tile_c4]}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<16x32xf16>, memref<20x32xf16>) outs(%C : memref<16x20xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<20xf32>) outs(%C : memref<16x20xf32>) {
  ^bb0(%b: f32, %c: f32):
    %s = arith.addf %c, %b : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// tile_c4: a convolution's 20 channels of 2 B (40 B a pixel) are not whole
// 32 B blocks: the map's channel planes are built of plain blocks.
func.func @conv_channels(%I: memref<1x6x6x20xf16>, %W: memref<3x3x20x16xf16>, %O: memref<1x4x4x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x4x16xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has no DataCopy ND2NZ: ascube-tile-linalg builds the map's channel planes and the weights' fractals of plain DataCopy blocks of 32 B, so the channels C (20 of 2 B) must be whole 32 B blocks (a multiple of 16) [tile_c4]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x6x20xf16>, memref<3x3x20x16xf16>) outs(%O : memref<1x4x4x16xf32>)
  return
}

// -----

// tile_c4: HWCF weights' rows of F = 24 f16 (48 B) are not whole blocks.
func.func @conv_f(%I: memref<1x6x6x32xf16>, %W: memref<3x3x32x24xf16>, %O: memref<1x4x4x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x4x24xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has no DataCopy ND2NZ: ascube-tile-linalg builds the map's channel planes and the weights' fractals of plain DataCopy blocks of 32 B, so the output channels F of HWCF weights (24 of 2 B) must be whole 32 B blocks (a multiple of 16) [tile_c4]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x6x32xf16>, memref<3x3x32x24xf16>) outs(%O : memref<1x4x4x24xf32>)
  return
}

// -----

// tile_c4: FHWC weights take any F, but a bias of F = 20 f32 (80 B) is not
// whole blocks.
func.func @conv_bias(%I: memref<1x6x6x32xf16>, %W: memref<20x3x3x32xf16>, %bias: memref<20xf32>, %O: memref<1x4x4x20xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x4x20xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has no DataCopy ND2NZ: the bias goes to L1 in plain DataCopy blocks of 32 B, so its 20 elements of 4 B must be whole blocks [tile_c4]}}
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x6x32xf16>, memref<20x3x3x32xf16>) outs(%O : memref<1x4x4x20xf32>)
  linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<20xf32>) outs(%O : memref<1x4x4x20xf32>) {
  ^bb0(%b: f32, %c: f32):
    %s = arith.addf %c, %b : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// tile_c4: an NCHW convolution needs DN2NZ (950) or ND2NZ (to build its
// im2col matrix), and Atlas 200I/500 A2 has neither.
func.func @conv_nchw(%I: memref<1x32x6x6xf16>, %W: memref<16x32x3x3xf16>, %O: memref<1x16x4x4xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x4x4xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has neither DataCopy DN2NZ nor ND2NZ: ascube-tile-linalg moves an NCHW map by DN2NZ (950) or builds its im2col matrix by ND2NZ; hold the map, weights and output as NHWC / HWCF (or FHWC) instead (ascube maps no linalg.transpose) [tile_c4]}}
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x32x6x6xf16>, memref<16x32x3x3xf16>) outs(%O : memref<1x16x4x4xf32>)
  return
}

// -----

// tile_c3: an f32 A held transposed pads K to 16 in L0A, which only an
// Mmad with kDirectionAlign (A2/A3) reads; Atlas 200I/500 A2 has none.
func.func @f32_at(%A: memref<32x16xf32>, %B: memref<32x16xf32>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{an f32 A held transposed (K x M) reaches L0A through a transposing load that pads K to 16 there (§10.4), which the Mmad reads only with kDirectionAlign (A2/A3, §13.3); atlas_200i_500_a2 has none (transpose A to M x K first) [tile_c3]}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<32x16xf32>, memref<32x16xf32>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c5: rows 65538 blocks of 32 B apart (K = 1048608 f16) are beyond a
// plain DataCopy's srcStride (the gap between a row's blocks would be
// 65537); without ND2NZ they cannot be copied one by one either (with
// ND2NZ they are: test/Integration/long-rows.test).
func.func @long_rows(%A: memref<16x1048608xf16>, %B: memref<1048608x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{a row pitch of 1048608 elements (65538 blocks of 32 B) needs a plain DataCopy srcStride of 65537 blocks, beyond its range [0, 65535], and atlas_200i_500_a2 has no ND2NZ to copy such rows one by one [tile_c5]}}
  linalg.matmul ins(%A, %B : memref<16x1048608xf16>, memref<1048608x16xf16>) outs(%C : memref<16x16xf32>)
  return
}
