// One matmul (256 x 256 x 512 f16 on Atlas A2, A held M x K, B held N x K)
// at the same tiles and K steps, with one K step per L1 chunk (one_step)
// and four (four_steps, k_l1 = 256): timeline.test.
func.func @one_step(%A: memref<256x512xf16>, %B: memref<256x512xf16>, %C: memref<256x256xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<256x256xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {ascube.tiling = #ascube.matmul_tiling<m = 128, n = 128, k = 64>}
    ins(%A, %B : memref<256x512xf16>, memref<256x512xf16>) outs(%C : memref<256x256xf32>)
  return
}

func.func @four_steps(%A: memref<256x512xf16>, %B: memref<256x512xf16>, %C: memref<256x256xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<256x256xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {ascube.tiling = #ascube.matmul_tiling<m = 128, n = 128, k = 64, k_l1 = 256>}
    ins(%A, %B : memref<256x512xf16>, memref<256x512xf16>) outs(%C : memref<256x256xf32>)
  return
}
