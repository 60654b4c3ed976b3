// Rows further apart than DataCopy ND2NZ's srcDValue reaches (65535
// elements): K = 70000 int8 A (16 x 70000), a GEMV of a 5 x 70001 f16
// matrix (held N x K, the Mmad's B), a B held K x N that is a view of rows
// 70000 apart, and an A held K x M (through the indexing maps) that is
// such a view. Each such chunk is copied row by row (long-rows.test).
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
!G = memref<64x70000xf16>
func.func @long_b(%A: memref<16x64xf16>, %G: !G, %C: memref<16x32xf32>) {
  %B = memref.subview %G[0, 0] [64, 32] [1, 1] : !G to memref<64x32xf16, strided<[70000, 1]>>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x32xf32>)
  linalg.matmul ins(%A, %B : memref<16x64xf16>, memref<64x32xf16, strided<[70000, 1]>>) outs(%C : memref<16x32xf32>)
  return
}
func.func @long_at(%G: !G, %B: memref<64x16xf16>, %C: memref<16x16xf32>) {
  %AT = memref.subview %G[0, 0] [64, 16] [1, 1] : !G to memref<64x16xf16, strided<[70000, 1]>>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%AT, %B : memref<64x16xf16, strided<[70000, 1]>>, memref<64x16xf16>) outs(%C : memref<16x16xf32>)
  return
}
