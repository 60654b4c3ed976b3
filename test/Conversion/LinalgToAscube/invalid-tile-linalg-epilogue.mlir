// A bias add after a matmul on a product whose Mmad has no bias row for
// the types (docs/Constraints.md, tile_c3).
// RUN: ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg=product=kirin_x90 -verify-diagnostics

// tile_c3: Kirin X90's int8 x int8 -> int32 Mmad takes no bias, and no
// i32 x i32 -> i32 Mmad could seed the tiles with it (an f16 bias is
// seeded: tile-linalg-bias-seed.mlir).
func.func @kirin_bias(%A: memref<32x32xi8>, %B: memref<32x32xi8>, %bias: memref<32xi32>, %C: memref<32x32xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<32x32xi32>)
  // expected-error @+1 {{i8 x i8 -> i32 with a bias is not an Mmad row on kirin_x90 (docs/Products.md), and i32 x i32 -> i32, whose Mmad would start each tile from the bias, is none either [tile_c3]}}
  linalg.matmul ins(%A, %B : memref<32x32xi8>, memref<32x32xi8>) outs(%C : memref<32x32xi32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<32xi32>) outs(%C : memref<32x32xi32>) {
  ^bb0(%b: i32, %c: i32):
    %s = arith.addi %c, %b : i32
    linalg.yield %s : i32
  }
  return
}
