// L1 chunks of several K steps (#ascube.matmul_tiling's k_l1, docs/Tiling.md)
// where they cannot be mapped: a step of A or B would not be a whole Nz
// buffer in L1 (tile_c15), or k_l1 is no multiple of k (tile_c6).
// RUN: ascube-opt %s --split-input-file --verify-diagnostics --ascube-select-tiling=product=atlas_a2
// The mapping refuses them in the same place:
// RUN: not ascube-opt %s --split-input-file --ascube-tile-linalg=product=atlas_a2 2>&1 | FileCheck %s --check-prefix=MAP
// MAP: 'linalg.matmul' op ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 64>: k_l1 = 64 > k = 32 holds several K steps in an L1 chunk, which needs A held M x K and B held N x K (a step of each is then a whole Nz buffer in L1) and a plain matmul; this is B held K x N [tile_c15]
// A tile= option's fourth size is k_l1, checked as the attribute is:
// RUN: not ascube-opt %s --split-input-file --ascube-select-tiling="product=atlas_a2 tile=32,32,32,48" 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: 'linalg.matmul' op tile=m,n,k,k_l1: k_l1 (L1's chunks of K) must be a positive multiple of k (0: none), got k_l1 = 48, k = 32 [tile_c6]
// A convolution takes three sizes:
// RUN: not ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 tile=16,16,16,32" 2>&1 | FileCheck %s --check-prefix=CONV
// CONV: 'linalg.conv_2d_nhwc_hwcf' op tile=m,n,k,k_l1: a convolution takes three sizes; k_l1 (L1 chunks of several K steps) is a matmul's, of A held M x K and B held N x K [tile_c15]

// B held K x N: a K step of its Nz chunk is rows of every column block, not
// a buffer of its own.
func.func @b_k_by_n(%A: memref<40x200xf16>, %B: memref<200x48xf16>, %C: memref<40x48xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x48xf32>)
  // expected-error @+1 {{'linalg.matmul' op ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 64>: k_l1 = 64 > k = 32 holds several K steps in an L1 chunk, which needs A held M x K and B held N x K (a step of each is then a whole Nz buffer in L1) and a plain matmul; this is B held K x N [tile_c15]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 64>}
    ins(%A, %B : memref<40x200xf16>, memref<200x48xf16>) outs(%C : memref<40x48xf32>)
  return
}

// -----

// A held K x M: likewise.
func.func @a_k_by_m(%A: memref<200x40xf16>, %B: memref<48x200xf16>, %C: memref<40x48xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x48xf32>)
  // expected-error @+1 {{this is A held K x M [tile_c15]}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 64>}
    ins(%A, %B : memref<200x40xf16>, memref<48x200xf16>) outs(%C : memref<40x48xf32>)
  return
}

// -----

// A vecmat's B is held K x N.
func.func @vecmat(%x: memref<200xf16>, %B: memref<200x48xf16>, %y: memref<48xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<48xf32>)
  // expected-error @+1 {{this is a vecmat (B held K x N) [tile_c15]}}
  linalg.vecmat {ascube.tiling = #ascube.matmul_tiling<m = 16, n = 32, k = 32, k_l1 = 64>}
    ins(%x, %B : memref<200xf16>, memref<200x48xf16>) outs(%y : memref<48xf32>)
  return
}

// -----

// A conv's tiling is #ascube.conv_tiling; tile= gives it three sizes.
func.func @conv(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x16xf32>)
  linalg.conv_2d_nhwc_hwcf ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}

// -----

// No attribute: a tile= option's k_l1 applies (48 above: no multiple of k).
func.func @option_only(%A: memref<40x200xf16>, %B: memref<48x200xf16>, %C: memref<40x48xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x48xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<40x200xf16>, memref<48x200xf16>) outs(%C : memref<40x48xf32>)
  return
}

// -----

// The attribute itself: k_l1 a positive multiple of k (0: none).
// expected-error @+1 {{#ascube.matmul_tiling's k_l1 (L1's chunks of K) must be a positive multiple of k (0: none), got k_l1 = -64, k = 64 [tile_c6]}}
func.func @negative() attributes {t = #ascube.matmul_tiling<m = 32, n = 32, k = 64, k_l1 = -64>} {
  return
}
