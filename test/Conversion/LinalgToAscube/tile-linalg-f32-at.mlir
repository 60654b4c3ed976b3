// ascube-tile-linalg on an f32 A held transposed (K x M in GM) on Atlas A2
// (docs/Tiling.md; cube-reference §10.4, §13.3): the transposing LoadData 3D
// of b32 data pads K to 16 in L0A, so every K chunk of A and B is whole 16s
// of K and the Mmad reads the real k with kDirectionAlign = true. Worked
// by hand for M = 16, N = 16, K = 20 with tile=16,16,16: a full chunk of
// k = 16 and a tail of 4, computed in 16 x 16 buffers (A^T's 16 x 16 Nz in
// L1, A's Zz in L0A, B's Zn in L0B; B's tail copied as 4 rows of a 16-row
// Nz), both Mmads with kDirectionAlign. The tail is chunk 1, on the second
// buffer set (double buffering): L1 A^T at 2048 (after set 0's two
// 1024 B chunks) and B at 3072, L0A and L0B at 1024.
// RUN: ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=16,16,16" | FileCheck %s
// RUN: ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=16,16,16" | ascube-opt --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null

// CHECK-LABEL: func.func @f32_at
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 1024 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[B0:.*]] = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[A1S:.*]] = ascube.alloc offset 2048 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1S:.*]] = ascube.alloc offset 3072 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0S:.*]] = ascube.alloc offset 1024 : memref<16x16xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[B0S:.*]] = ascube.alloc offset 1024 : memref<16x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
// The full chunk: 16 rows of A^T and B.
// CHECK: ascube.data_copy %{{.*}} to %[[A1]] {{.*}}nValue = 16 : i64
// CHECK: ascube.mmad %[[A0]], %[[B0]] to %{{.*}} {k = 16 : i64, kDirectionAlign = true, m = 16 : i64, n = 16 : i64}
// The tail: 4 rows of A^T (K) into set 1's 16-row buffers, k = 4.
// CHECK: ascube.data_copy %{{.*}} to %[[A1S]] {{.*}}nValue = 4 : i64
// CHECK: ascube.data_copy %{{.*}} to %[[B1S]] {{.*}}nValue = 4 : i64
// CHECK: ascube.load %[[A1S]] to %[[A0S]] {transpose}
// CHECK: ascube.mmad %[[A0S]], %[[B0S]] to %{{.*}} {cmatrixInitVal = false, k = 4 : i64, kDirectionAlign = true, m = 16 : i64, n = 16 : i64}
func.func @f32_at(%A: memref<20x16xf32>, %B: memref<20x16xf32>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<20x16xf32>, memref<20x16xf32>) outs(%C : memref<16x16xf32>)
  return
}
