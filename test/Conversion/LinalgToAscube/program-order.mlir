// Two programs in one function keep their order in the output: each
// program's allocations follow those of the programs before it (at the
// function's entry), as its ops do. A 16 x 16 x 16 f16 matmul, then a
// 32 x 32 x 32 one, on Atlas A2: one tile each, so A's L0A buffer is the
// whole of A, 16 x 16 then 32 x 32.
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_a2 | FileCheck %s
// CHECK-LABEL: func.func @two
// CHECK: ascube.alloc {{.*}} memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-NOT: ascube.mmad
// CHECK: ascube.alloc {{.*}} memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK: ascube.mmad {{.*}} {k = 16 : i64, m = 16 : i64, n = 16 : i64}
// CHECK: ascube.mmad {{.*}} {k = 32 : i64, m = 32 : i64, n = 32 : i64}
func.func @two(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>,
               %D: memref<32x32xf16>, %E: memref<32x32xf16>, %F: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  linalg.fill ins(%z : f32) outs(%F : memref<32x32xf32>)
  linalg.matmul ins(%D, %E : memref<32x32xf16>, memref<32x32xf16>) outs(%F : memref<32x32xf32>)
  return
}
