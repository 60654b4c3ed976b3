// A matmul split along K over blocks (split_k = 2: each of the 4 parts of
// 2 output tiles writes its partial sums to a workspace global, and after a
// SyncAll each tile's block adds them up; docs/Tiling.md "Split-K").
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @k(%A: memref<32x512xf16>, %B: memref<512x28xf16>, %C: memref<32x28xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<32x28xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 16, k = 64, split_k = 2>} ins(%A, %B : memref<32x512xf16>, memref<512x28xf16>) outs(%C : memref<32x28xf32>)
  return
}
}
