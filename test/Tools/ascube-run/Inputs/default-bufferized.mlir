// A matmul bufferized with one-shot bufferization's defaults
// (bufferize-function-boundaries alone): its arguments' layouts are known
// only at run time (errors.test).
func.func @mm(%A: memref<16x16xf16, strided<[?, ?], offset: ?>>, %B: memref<16x16xf16, strided<[?, ?], offset: ?>>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16, strided<[?, ?], offset: ?>>, memref<16x16xf16, strided<[?, ?], offset: ?>>) outs(%C : memref<16x16xf32>)
  return
}

// A dynamic shape (errors.test).
func.func @dyn(%A: memref<?x16xf16>, %B: memref<16x16xf16>, %C: memref<?x16xf32>) {
  return
}
