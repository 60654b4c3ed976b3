// Split-K refused by product (invalid-tile-linalg-split-k.mlir).
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @mx(%A: memref<64x512xf4E2M1FN>, %B: memref<512x64xf4E2M1FN>, %C: memref<64x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x64xf32>)
  // expected-error @+1 {{this is an MX matmul (4-bit floats) [tile_c16]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 64, k = 128, split_k = 2>}
    ins(%A, %B : memref<64x512xf4E2M1FN>, memref<512x64xf4E2M1FN>) outs(%C : memref<64x64xf32>)
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
func.func @no_nd2nz(%A: memref<64x512xf16>, %B: memref<512x64xf16>, %C: memref<64x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x64xf32>)
  // expected-error @+1 {{this is atlas_200i_500_a2 (no DataCopy ND2NZ) [tile_c16]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 64, k = 64, split_k = 2>}
    ins(%A, %B : memref<64x512xf16>, memref<512x64xf16>) outs(%C : memref<64x64xf32>)
  return
}
}

// -----

// A 256 x 256 f32 part tile (256 KiB) twice does not fit 950's L1.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @fit(%A: memref<256x1024xf16>, %B: memref<1024x256xf16>, %C: memref<256x256xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<256x256xf32>)
  // expected-error @+1 {{split_k = 2: the reduction's two sets of an f32 partial tile (256 x 256) and a 16 x 16 identity need 526336 B of L1 (524288 B), 32768 B of L0A (65536 B) and 2048 B of L0B (65536 B) on ascend950pr [tile_c16]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 256, n = 256, k = 64, split_k = 2>}
    ins(%A, %B : memref<256x1024xf16>, memref<1024x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
}
