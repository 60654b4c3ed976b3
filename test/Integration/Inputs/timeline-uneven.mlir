// A 1024^3 f16 matmul in 32 output tiles of 128 x 256 (docs/Timing.md
// "Blocks"): on 24 blocks 8 of them take two tiles.
module attributes {ascube.target = #ascube.target<atlas_a3>} {
func.func @mm(%A: memref<1024x1024xf16>, %B: memref<1024x1024xf16>, %C: memref<1024x1024xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<1024x1024xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 128, n = 256, k = 64>} ins(%A, %B : memref<1024x1024xf16>, memref<1024x1024xf16>) outs(%C : memref<1024x1024xf32>)
  return
}
}
