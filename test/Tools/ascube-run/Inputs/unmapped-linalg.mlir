// A matmul followed by a maxnumf "ReLU" (NaN -> 0, not Fixpipe's ReLU):
// ascube-tile-linalg maps the matmul and leaves the generic (errors.test).
func.func @k(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
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
