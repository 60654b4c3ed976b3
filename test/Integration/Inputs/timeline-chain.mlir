// Two chained matmuls (C2 = C1 x D after C1 = A x B) mapped onto the
// blocks: the second reads what every block's first wrote, so
// ascube-insert-sync-all puts a SyncAll between them, which the timing
// model holds every block at until the last has reached it
// (estimate-time.test).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @chain(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C1: memref<64x64xf32>,
                 %D: memref<64x32xf32>, %C2: memref<64x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C1 : memref<64x64xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 64>}
    ins(%A, %B : memref<64x128xf16>, memref<128x64xf16>) outs(%C1 : memref<64x64xf32>)
  linalg.fill ins(%z : f32) outs(%C2 : memref<64x32xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 16, n = 32, k = 32>}
    ins(%C1, %D : memref<64x64xf32>, memref<64x32xf32>) outs(%C2 : memref<64x32xf32>)
  return
}
}
