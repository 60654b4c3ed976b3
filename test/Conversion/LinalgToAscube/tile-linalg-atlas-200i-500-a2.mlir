// ascube-tile-linalg on Atlas 200I/500 A2 (310B), which has no DataCopy
// ND2NZ (docs/Tiling.md): the Nz tiles in L1 are built of plain DataCopy
// blocks (§4: a plain copy never changes layout) — per C0-column block of
// a chunk one copy of its rows' 32 B blocks, a row pitch apart in GM
// (srcStride: the gap in 32 B units), one after another in L1: a column
// of Nz fractals. Worked by hand for f16 32 x 48 x 32 (one tile, one K
// chunk; C0 = 16):
//   A (32 x 48, rows 96 B = 3 blocks): 3 copies of 32 blocks, srcStride
//     3 - 1 = 2, into L1 elements 0, 32 x 16 = 512 and 1024;
//   B (48 x 32, rows 64 B = 2 blocks): 2 copies of 48 blocks, srcStride 1,
//     into L1 elements 0 and 48 x 16 = 768 of B's buffer (at 3072 B, after
//     A's 32 x 48 x 2 B).
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_200i_500_a2 | FileCheck %s
// The program is legal on the product:
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_200i_500_a2 | ascube-opt --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null

// CHECK-LABEL: func.func @mm
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<32x48xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 3072 : memref<48x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// The L1 offsets, constants at the function's entry:
// CHECK-DAG: %[[O1:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[O2:.*]] = arith.constant 1024 : index
// CHECK-DAG: %[[O3:.*]] = arith.constant 768 : index
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[A1]][%{{.*}}] {blockCount = 32 : i64, blockLen = 1 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 2 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[A1]][%[[O1]]] {blockCount = 32 : i64, blockLen = 1 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 2 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[A1]][%[[O2]]] {blockCount = 32 : i64, blockLen = 1 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 2 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[B1]][%{{.*}}] {blockCount = 48 : i64, blockLen = 1 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 1 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[B1]][%[[O3]]] {blockCount = 48 : i64, blockLen = 1 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 1 : i64}
// CHECK-NOT: nd2nz
// CHECK: ascube.mmad
// CHECK: ascube.fixpipe
func.func @mm(%A: memref<32x48xf16>, %B: memref<48x32xf16>, %C: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x48xf16>, memref<48x32xf16>) outs(%C : memref<32x32xf32>)
  return
}
