// ascube-tile-linalg on Ascend 950PR: what it refuses there.
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg=product=ascend950pr -verify-diagnostics

// tile_c3: fp4 has no plain Mmad row on 950 (MmadMx only, with scales in
// the ScaleA/ScaleB layouts), so a linalg.matmul of fp4 is not mapped.
func.func @fp4(%A: memref<16x64xf4E2M1FN>, %B: memref<64x16xf4E2M1FN>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{f4E2M1FN x f4E2M1FN -> f32 is not an Mmad row on ascend950pr (docs/Products.md); 4-bit floats are multiplied only by MmadMx (ascube.mmad_mx, Ascend 950), with e8m0 scales in the ScaleA/ScaleB layouts, which a linalg.matmul does not carry: write the MX program with ascube's instructions (docs/Tiling.md) [tile_c3]}}
  linalg.matmul ins(%A, %B : memref<16x64xf4E2M1FN>, memref<64x16xf4E2M1FN>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c3: int8 x fp8 is no row of 950's table either (no hint: 8 bits).
func.func @mixed(%A: memref<16x32xi8>, %B: memref<32x16xf8E4M3FN>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{op i8 x f8E4M3FN -> f32 is not an Mmad row on ascend950pr (docs/Products.md) [tile_c3]}}
  linalg.matmul ins(%A, %B : memref<16x32xi8>, memref<32x16xf8E4M3FN>) outs(%C : memref<16x16xf32>)
  return
}
