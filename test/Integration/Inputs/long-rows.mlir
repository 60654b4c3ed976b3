// Rows further apart than DataCopy ND2NZ's srcDValue reaches (65535
// elements): K = 70000 int8 A (16 x 70000), and a GEMV of a 5 x 70001 f16
// matrix (held N x K, the Mmad's B). Each such chunk is copied row by row
// (long-rows.test).
func.func @long_k(%A: memref<16x70000xi8>, %B: memref<70000x32xi8>, %C: memref<16x32xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<16x32xi32>)
  linalg.matmul ins(%A, %B : memref<16x70000xi8>, memref<70000x32xi8>) outs(%C : memref<16x32xi32>)
  return
}
func.func @long_matvec(%A: memref<5x70001xf16>, %x: memref<70001xf16>, %y: memref<5xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<5xf32>)
  linalg.matvec ins(%A, %x : memref<5x70001xf16>, memref<70001xf16>) outs(%y : memref<5xf32>)
  return
}
