// Two kernels in one module: @dirty keeps a linalg op the mapping leaves
// (a maxnumf "ReLU"), @clean is a plain matmul. ascube-run compiles only
// the entry and what it calls (errors.test).
func.func @clean(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}
func.func @dirty(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<16x16xf32>) {
  ^bb0(%c: f32):
    %r = arith.maxnumf %c, %z : f32
    linalg.yield %r : f32
  }
  return
}
