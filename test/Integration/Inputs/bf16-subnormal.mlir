func.func @k(%A: memref<16x32xbf16>, %B: memref<32x16xbf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x32xbf16>, memref<32x16xbf16>) outs(%C : memref<16x16xf32>)
  return
}
