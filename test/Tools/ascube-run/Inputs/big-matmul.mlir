// A 30000 x 30000 x 30000 matmul: A and B 1.8 GB each (f16), C 3.6 GB
// (f32), 7.2 GB together (memory-limits.test).
func.func @matmul(%A: memref<30000x30000xf16>, %B: memref<30000x30000xf16>, %C: memref<30000x30000xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<30000x30000xf32>)
  linalg.matmul ins(%A, %B : memref<30000x30000xf16>, memref<30000x30000xf16>) outs(%C : memref<30000x30000xf32>)
  return
}
