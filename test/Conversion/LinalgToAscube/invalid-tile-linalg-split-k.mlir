// Split-K (#ascube.matmul_tiling's split_k, docs/Tiling.md "Split-K")
// where it cannot be mapped (tile_c16): not a plain float matmul with an
// f32 C, parts that do not come out whole; and split_k = 1 (tile_c6).
// RUN: ascube-opt %s --split-input-file --verify-diagnostics --ascube-select-tiling=product=atlas_a2
// A tile= option's fifth size is split_k:
// RUN: not ascube-opt %s --split-input-file --ascube-select-tiling="product=atlas_a2 tile=32,32,32,0,1" 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: 'linalg.matmul' op tile=m,n,k,k_l1,split_k: split_k (parts of K across blocks) must be at least 2 (0: none), got split_k = 1 [tile_c6]
// A convolution takes none:
// RUN: not ascube-opt %ascube_src/examples/linalg_conv2d.mlir --ascube-tile-linalg="tile=16,16,16,0,2" 2>&1 | FileCheck %s --check-prefix=CONV
// CONV: tile=m,n,k,k_l1,split_k: a convolution takes three sizes; split_k (parts of K across blocks) is a matmul's [tile_c16]
// Products: MX on 950, no ND2NZ on Atlas 200I/500 A2, a reduction that
// does not fit 950's L1:
// RUN: ascube-opt %S/Inputs/split-k-products.mlir --split-input-file --verify-diagnostics --ascube-select-tiling

// (Mapped as the rule chooses; the option's check is met here first.)
func.func @plain(%A: memref<64x640xf16>, %B: memref<640x32xf16>, %C: memref<64x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x32xf32>)
  linalg.matmul ins(%A, %B : memref<64x640xf16>, memref<640x32xf16>) outs(%C : memref<64x32xf32>)
  return
}

// -----

func.func @int8(%A: memref<64x512xi8>, %B: memref<512x32xi8>, %C: memref<64x32xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<64x32xi32>)
  // expected-error @+1 {{'linalg.matmul' op ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 2>: split_k = 2 sums partial products of K's parts as f32 on the Cube after a SyncAll, which needs a plain float matmul with an f32 C on a product with ND2NZ and SyncAll; this is i8 x i8 -> i32 (the partial sums are added as f32: float operands and an f32 C) [tile_c16]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 2>}
    ins(%A, %B : memref<64x512xi8>, memref<512x32xi8>) outs(%C : memref<64x32xi32>)
  return
}

// -----

func.func @batch(%A: memref<2x64x512xf16>, %B: memref<2x512x32xf16>, %C: memref<2x64x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<2x64x32xf32>)
  // expected-error @+1 {{this is a batch_matmul [tile_c16]}}
  linalg.batch_matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 2>}
    ins(%A, %B : memref<2x64x512xf16>, memref<2x512x32xf16>) outs(%C : memref<2x64x32xf32>)
  return
}

// -----

func.func @gemv(%A: memref<1x512xf16>, %B: memref<512x32xf16>, %C: memref<1x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<1x32xf32>)
  // expected-error @+1 {{this is a GEMV row (M = 1) [tile_c16]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 16, n = 32, k = 64, split_k = 2>}
    ins(%A, %B : memref<1x512xf16>, memref<512x32xf16>) outs(%C : memref<1x32xf32>)
  return
}

// -----

// K = 640 in chunks of 64: 10 chunks; 6 parts would be of 2 chunks, which
// make 5 parts.
func.func @parts(%A: memref<64x640xf16>, %B: memref<640x32xf16>, %C: memref<64x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x32xf32>)
  // expected-error @+1 {{'linalg.matmul' op ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 6>: split_k = 6 over 10 L1 chunks of K (64 each) gives parts of 2 chunks, which make 5 parts, not 6: split_k = 5 makes them whole [tile_c16]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 6>}
    ins(%A, %B : memref<64x640xf16>, memref<640x32xf16>) outs(%C : memref<64x32xf32>)
  return
}

// -----

func.func @one_chunk(%A: memref<64x64xf16>, %B: memref<64x32xf16>, %C: memref<64x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x32xf32>)
  // expected-error @+1 {{split_k = 2: K = 64 is one L1 chunk of 64 (k, or k_l1), which split-K cannot cut: a smaller k or k_l1, or no split_k [tile_c16]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 2>}
    ins(%A, %B : memref<64x64xf16>, memref<64x32xf16>) outs(%C : memref<64x32xf32>)
  return
}

// -----

func.func @one(%A: memref<64x640xf16>, %B: memref<640x32xf16>, %C: memref<64x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x32xf32>)
  // expected-error @+1 {{#ascube.matmul_tiling's split_k (parts of K across blocks) must be at least 2 (0: none), got split_k = 1 [tile_c6]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 1>}
    ins(%A, %B : memref<64x640xf16>, memref<640x32xf16>) outs(%C : memref<64x32xf32>)
  return
}
