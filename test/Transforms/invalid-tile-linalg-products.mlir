// ascube-tile-linalg on Atlas 200I/500 A2, which has no DataCopy ND2NZ:
// the Nz tiles are built of plain DataCopy blocks of 32 B, so rows must be
// whole blocks (docs/Constraints.md, tile_c4).
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

// tile_c4: a convolution needs ND2NZ for its NHWC map (and LoadData 3D).
func.func @conv(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x16xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has no DataCopy ND2NZ, Fixpipe L0C -> GM or LoadData 3D V2: ascube-tile-linalg copies NHWC maps to L1 with ND2NZ, forms the im2col matrix with LoadData 3D and writes with Fixpipe [tile_c4]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}
