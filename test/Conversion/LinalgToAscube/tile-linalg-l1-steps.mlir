// L1 chunks of several K steps (#ascube.matmul_tiling's k_l1, docs/Tiling.md
// "L1 chunks of several K steps"): ascube-select-tiling keeps a hand-set k_l1
// and writes a tile= option's fourth size; ascube-tile-linalg copies each L1
// chunk once and moves its K steps one by one.
// RUN: ascube-opt %s --ascube-select-tiling=product=atlas_a2 | FileCheck %s --check-prefix=KEPT
// RUN: ascube-opt %s --ascube-select-tiling="product=atlas_a2 tile=32,32,32,64" | FileCheck %s --check-prefix=OPTION
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_a2 | FileCheck %s
// An L1 chunk deeper than K holds all of it (k_l1 = 2^62 here: no bytes
// are counted for more), with a warning, and the report names k_l1:
// RUN: ascube-opt %s --ascube-tile-linalg="product=atlas_a2 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: remark: ascube-tile-linalg: atlas_a2 f16 x f16 -> f32, M x N x K = 32 x 32 x 200: tile m = 32, n = 32, k = 32, k_l1 = 96 (1 x 1 output tiles, 7 K chunks in 3 L1 chunks each); L0C 4096 B, L0A 2048 B, L0B 2048 B, L1 12288 B per chunk
// DEEP: warning: ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 4611686018427387904>: k_l1 = 4611686018427387904 is more than K = 200 needs (224): one L1 chunk holds all of K, mapped as k_l1 = 224 [tile_c14]
// DEEP: remark: ascube-tile-linalg: {{.*}} k_l1 = 224 (1 x 1 output tiles, 7 K chunks in 1 L1 chunk each); L0C 4096 B, L0A 2048 B, L0B 2048 B, L1 28672 B per chunk
// KEPT: linalg.matmul {{.*}}{ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 96>}
// KEPT: linalg.matmul {{.*}}{ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32>}
// OPTION: linalg.matmul {{.*}}{ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 96>}
// OPTION: linalg.matmul {{.*}}{ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32>}
// OPTION: linalg.matmul {{.*}}{ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 64>}

// 32 x 32 x 200 f16, A held M x K and B held N x K, k = 32, k_l1 = 96: L1
// chunks of K 96, 96 and a tail of 8 on sets 0, 1, 0. A set holds A's 32 x
// 96 Nz chunk (6144 B) and B^T's after it: sets 12288 B apart. Step s of a
// chunk is the Nz buffer of its 32 x 32 at s x 32 x 32 x 2 = 2048 s B in;
// the steps alternate L0 sets (0, 1, 0; then 1, 0, 1: three steps a chunk;
// the tail's one step on 0).
// CHECK-LABEL: func.func @steps
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<32x96xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 6144 : memref<32x96xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A1S0:.*]] = ascube.alloc offset 0 : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1S0:.*]] = ascube.alloc offset 6144 : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A1S1:.*]] = ascube.alloc offset 2048 : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1S1:.*]] = ascube.alloc offset 8192 : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A1S2:.*]] = ascube.alloc offset 4096 : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A2:.*]] = ascube.alloc offset 12288 : memref<32x96xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[A0B:.*]] = ascube.alloc offset 2048 : memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// Chunk 0: one copy each of A and B^T, then three steps; only the last
// step's loads free the L1 set (MTE1 -> MTE2).
// CHECK: ascube.wait_flag <MTE1> -> <MTE2>, %c0
// CHECK-NEXT: ascube.data_copy %A[%c0] to %[[A1]] {dValue = 96
// CHECK-NEXT: ascube.data_copy %B[%c0] to %[[B1]] {dValue = 96
// CHECK-NEXT: ascube.set_flag <MTE2> -> <MTE1>, %c0
// CHECK-NEXT: ascube.wait_flag <MTE2> -> <MTE1>, %c0
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %c0
// CHECK-NEXT: ascube.load %[[A1S0]] to %[[A0]]
// CHECK-NEXT: ascube.load %[[B1S0]] to
// CHECK-NEXT: ascube.set_flag <MTE1> -> <M>, %c0
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <M>, %c0
// CHECK-NEXT: ascube.wait_flag <FIX> -> <M>, %c0
// CHECK-NEXT: ascube.mmad %[[A0]], {{.*}} {k = 32 : i64, m = 32 : i64, n = 32 : i64}
// CHECK-NEXT: ascube.set_flag <M> -> <MTE1>, %c0
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %c1
// CHECK-NEXT: ascube.load %[[A1S1]] to %[[A0B]]
// CHECK-NEXT: ascube.load %[[B1S1]] to
// CHECK-NEXT: ascube.set_flag <MTE1> -> <M>, %c1
// CHECK: ascube.mmad %[[A0B]], {{.*}} {cmatrixInitVal = false, k = 32
// CHECK-NEXT: ascube.set_flag <M> -> <MTE1>, %c1
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %c0
// CHECK-NEXT: ascube.load %[[A1S2]] to %[[A0]]
// CHECK-NEXT: ascube.load
// CHECK-NEXT: ascube.set_flag <MTE1> -> <MTE2>, %c0
// CHECK-NEXT: ascube.set_flag <MTE1> -> <M>, %c0
// Chunk 1 on L1 set 1, its first step on L0 set 1:
// CHECK: ascube.wait_flag <MTE1> -> <MTE2>, %c1
// CHECK-NEXT: ascube.data_copy %A[%c96] to %[[A2]] {dValue = 96
// CHECK-NEXT: ascube.data_copy %B[%c96]
// CHECK-NEXT: ascube.set_flag <MTE2> -> <MTE1>, %c1
// CHECK-NEXT: ascube.wait_flag <MTE2> -> <MTE1>, %c1
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %c1
// The tail: 8 columns, one step, on L1 set 0 and L0 set 0.
// CHECK: ascube.wait_flag <MTE1> -> <MTE2>, %c0
// CHECK-NEXT: ascube.data_copy %A[%c192] {{.*}} {dValue = 8
// CHECK: ascube.mmad {{.*}} {cmatrixInitVal = false, k = 8 : i64, m = 32 : i64, n = 32 : i64}
// CHECK: ascube.fixpipe
func.func @steps(%A: memref<32x200xf16>, %B: memref<32x200xf16>, %C: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 96>}
    ins(%A, %B : memref<32x200xf16>, memref<32x200xf16>) outs(%C : memref<32x32xf32>)
  return
}

// A k_l1 equal to k is one step a chunk, printed without it.
func.func @one_step(%A: memref<32x200xf16>, %B: memref<32x200xf16>, %C: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 32>}
    ins(%A, %B : memref<32x200xf16>, memref<32x200xf16>) outs(%C : memref<32x32xf32>)
  return
}

// No tiling: the option's (OPTION's third line).
func.func @no_tiling(%A: memref<32x200xf16>, %B: memref<32x200xf16>, %C: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<32x200xf16>, memref<32x200xf16>) outs(%C : memref<32x32xf32>)
  return
}

// k_l1 far past K (DEEP above): one L1 chunk of all of K, 224 deep.
func.func @deep(%A: memref<32x200xf16>, %B: memref<32x200xf16>, %C: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32, k_l1 = 4611686018427387904>}
    ins(%A, %B : memref<32x200xf16>, memref<32x200xf16>) outs(%C : memref<32x32xf32>)
  return
}
