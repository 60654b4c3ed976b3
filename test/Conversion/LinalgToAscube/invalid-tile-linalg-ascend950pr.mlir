// ascube-tile-linalg on Ascend 950PR: what it refuses there.
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg=product=ascend950pr -verify-diagnostics

// tile_c3: a 4-bit A held transposed (K x M) meets B held K x N: both hold
// K in rows, whose padding to MmadMx's 64 ND2NZ does not zero-fill, so K
// must be whole 64s (K = 96 here).
func.func @fp4_at(%A: memref<96x16xf4E2M1FN>, %B: memref<96x16xf4E2M1FN>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{a 4-bit A held transposed (K x M) with B held K x N needs K a multiple of 64, got K = 96: MmadMx reads K in whole 64s (§15), and ND2NZ zero-fills only a row tail (A as M x K, or B as N x K) (§5) [tile_c3]}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<96x16xf4E2M1FN>, memref<96x16xf4E2M1FN>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c3: a matvec names its operands by role: the vector of 7 fp4.
func.func @fp4_matvec_odd(%A: memref<8x7xf4E2M1FN>, %x: memref<7xf4E2M1FN>, %y: memref<8xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<8xf32>)
  // expected-error @+1 {{the vector ('memref<7xf4E2M1FN>') has rows of 7 4-bit elements}}
  linalg.matvec ins(%A, %x : memref<8x7xf4E2M1FN>, memref<7xf4E2M1FN>) outs(%y : memref<8xf32>)
  return
}

// -----

// tile_c3: ND2NZ moves 4-bit data as bytes (§5): A's rows of 63 elements
// would start inside a byte.
func.func @fp4_odd_rows(%A: memref<16x63xf4E2M1FN>, %B: memref<63x16xf4E2M1FN>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{A ('memref<16x63xf4E2M1FN>') has rows of 63 4-bit elements: DataCopy ND2NZ moves 4-bit data as bytes (§5), so every row as stored must be a whole number of bytes (an even count) [tile_c3]}}
  linalg.matmul ins(%A, %B : memref<16x63xf4E2M1FN>, memref<63x16xf4E2M1FN>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c3: ... and B's (K x N) rows of 15.
func.func @fp4_odd_b_rows(%A: memref<16x64xf4E2M1FN>, %B: memref<64x15xf4E2M1FN>, %C: memref<16x15xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x15xf32>)
  // expected-error @+1 {{B ('memref<64x15xf4E2M1FN>') has rows of 15 4-bit elements}}
  linalg.matmul ins(%A, %B : memref<16x64xf4E2M1FN>, memref<64x15xf4E2M1FN>) outs(%C : memref<16x15xf32>)
  return
}

// -----

// tile_c3: MmadMx pairs 4-bit with 4-bit and 8-bit with 8-bit floats
// (§15): fp4 x fp8 is neither.
func.func @fp4_fp8(%A: memref<16x64xf4E2M1FN>, %B: memref<64x16xf8E4M3FN>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{f4E2M1FN x f8E4M3FN -> f32 is no MmadMx pair on ascend950pr: 4-bit floats are multiplied only by MmadMx, an e2m1/e1m2 pair -> f32 (Ascend 950, §15, docs/Products.md) [tile_c3]}}
  linalg.matmul ins(%A, %B : memref<16x64xf4E2M1FN>, memref<64x16xf8E4M3FN>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c3: MmadMx accumulates in f32 only.
func.func @fp4_f16(%A: memref<16x64xf4E2M1FN>, %B: memref<64x16xf4E2M1FN>, %C: memref<16x16xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<16x16xf16>)
  // expected-error @+1 {{f4E2M1FN x f4E2M1FN -> f16 is no MmadMx pair on ascend950pr}}
  linalg.matmul ins(%A, %B : memref<16x64xf4E2M1FN>, memref<64x16xf4E2M1FN>) outs(%C : memref<16x16xf16>)
  return
}

// -----

// tile_c3: int8 x fp8 is no row of 950's table either (no hint: 8 bits).
func.func @mixed(%A: memref<16x32xi8>, %B: memref<32x16xf8E4M3FN>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{op i8 x f8E4M3FN -> f32 is not an Mmad row on ascend950pr; ascend950pr's Mmad rows: f8E4M3FN x f8E4M3FN -> f32, f8E4M3FN x f8E5M2 -> f32, f8E5M2 x f8E4M3FN -> f32, f8E5M2 x f8E5M2 -> f32, hif8 x hif8 -> f32, bf16 x bf16 -> f32, f16 x f16 -> f32, f32 x f32 -> f32, i8 x i8 -> i32 (docs/Products.md) [tile_c3]}}
  linalg.matmul ins(%A, %B : memref<16x32xi8>, memref<32x16xf8E4M3FN>) outs(%C : memref<16x16xf32>)
  return
}
