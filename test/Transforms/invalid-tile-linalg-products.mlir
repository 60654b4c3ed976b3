// ascube-tile-linalg on a product it cannot map (docs/Constraints.md,
// tile_c4).
// RUN: ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg=product=atlas_200i_500_a2 -verify-diagnostics

// tile_c4: Atlas 200I/500 A2 has no DataCopy ND2NZ for ND matrices in GM.
func.func @nd(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{atlas_200i_500_a2 has no DataCopy ND2NZ: ascube-tile-linalg copies ND matrices GM -> L1 with ND2NZ and writes C with Fixpipe [tile_c4]}}
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}
