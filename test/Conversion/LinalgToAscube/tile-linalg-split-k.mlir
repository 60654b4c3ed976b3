// Split-K across blocks (#ascube.matmul_tiling's split_k, docs/Tiling.md
// "Split-K"): the partial sums of K's parts into a GM workspace, a
// SyncAll, then each output tile's reduction on the Cube — 16-column
// slices of each part times a 16 x 16 identity into the L0C tile, the
// first part's Mmads from the bias (BT), the rest accumulating — and the
// Fixpipe with the epilogue. (Exact runs: Integration/
// select-tiling-time.test.)
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg | FileCheck %s

// 64 x 32 x 512 f16 -> f32 + bias, ReLU, tiles 64 x 32 x 64, 2 parts of
// 4 chunks (256 of K each).
// CHECK-DAG: memref.global "private" @__ascube_split_k : memref<128x32xf32> = uninitialized
// CHECK-DAG: memref.global "private" constant @__ascube_identity_16x16xf32 : memref<16x16xf32> = dense<
// CHECK-LABEL: func.func @split
// CHECK: %[[WS:.*]] = memref.get_global @__ascube_split_k : memref<128x32xf32>
// CHECK: %[[ID:.*]] = memref.get_global @__ascube_identity_16x16xf32
// Program 1: no bias flags, no bias, no ReLU; part s of tile 0 is work
// item s, its 4 K chunks from zero into L0C, written to rows 64 s.. of the
// workspace.
// CHECK-NOT: <MTE1> -> <MTE2>, %c2
// CHECK: scf.for %[[S:.*]] = %c0 to %c2 step %c1 {
// CHECK: arith.remui %[[S]], %{{.*}}
// CHECK: ascube.mmad {{.*}} {k = 64 : i64, m = 64 : i64, n = 32 : i64}
// CHECK-COUNT-3: ascube.mmad {{.*}} {cmatrixInitVal = false, k = 64 : i64, m = 64 : i64, n = 32 : i64}
// CHECK: ascube.fixpipe %{{.*}} to %[[WS]][%{{.*}}] {dstStride = 32 : i64, mSize = 64 : i64, nSize = 32 : i64}
// CHECK: ascube.sync_all
// Program 2: the bias into BT, each part's copy and the identity, the
// first part's two slices from the bias, the second's accumulating, then
// C with the ReLU.
// CHECK: ascube.data_copy %{{.*}} to %{{.*}} : memref<1x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32xf32, #ascube.mem<BT>>
// CHECK: ascube.data_copy %[[WS]][%c0] to %{{.*}} {{.*}}nValue = 64 : i64{{.*}} : memref<128x32xf32> to memref<64x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK: ascube.data_copy %[[ID]][%c0] to
// CHECK: ascube.load %{{.*}} to %{{.*}} {transpose} : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-COUNT-2: ascube.mmad %{{.*}} bias %{{.*}} : memref<16xf32, #ascube.mem<BT>> {cmatrixInitVal = false, cmatrixSource = true, k = 16 : i64, m = 64 : i64, n = 16 : i64}
// CHECK: ascube.data_copy %[[WS]][%c2048]
// CHECK-COUNT-2: ascube.mmad {{.*}} {cmatrixInitVal = false, k = 16 : i64, m = 64 : i64, n = 16 : i64}
// CHECK: ascube.fixpipe %{{.*}} to %C[%c0] {dstStride = 32 : i64, mSize = 64 : i64, nSize = 32 : i64, reluEn = true}
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @split(%A: memref<64x512xf16>, %B: memref<512x32xf16>, %bias: memref<32xf32>, %C: memref<64x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x32xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 2>}
    ins(%A, %B : memref<64x512xf16>, memref<512x32xf16>) outs(%C : memref<64x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<32xf32>) outs(%C : memref<64x32xf32>) {
  ^bb0(%b: f32, %c: f32):
    %s = arith.addf %c, %b : f32
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}
}

// -----

// A function holding a split-K matmul, called twice: the second call's
// partial sums overwrite the workspace the first call's reduction reads on
// other blocks, so a SyncAll goes between the calls (TileSyncAll.cpp takes
// the global through the call).
// CHECK-LABEL: func.func @inner
// CHECK: ascube.sync_all
// CHECK-LABEL: func.func @twice
// CHECK: call @inner
// CHECK-NEXT: ascube.sync_all
// CHECK-NEXT: call @inner
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @inner(%A: memref<64x512xf16>, %B: memref<512x32xf16>, %C: memref<64x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x32xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 2>}
    ins(%A, %B : memref<64x512xf16>, memref<512x32xf16>) outs(%C : memref<64x32xf32>)
  return
}
func.func @twice(%A: memref<64x512xf16>, %B: memref<512x32xf16>, %C: memref<64x32xf32>,
                 %D: memref<64x32xf32>) {
  call @inner(%A, %B, %C) : (memref<64x512xf16>, memref<512x32xf16>, memref<64x32xf32>) -> ()
  call @inner(%A, %B, %D) : (memref<64x512xf16>, memref<512x32xf16>, memref<64x32xf32>) -> ()
  return
}
}

// -----

// Five parts: the reduction adds part 0 (initialising L0C), then parts 1
// and 2 as the body of a loop over pairs of parts (two L1 sets: parts 3
// and 4 run its second iteration, the workspace rows (1 + 2 i) x 64 and
// on), each part's two 16-column slices an Mmad — not 5 x 2 Mmads
// unrolled.
// CHECK-LABEL: func.func @five
// CHECK: ascube.sync_all
// CHECK: ascube.data_copy %{{.*}}[%c0] to
// CHECK: ascube.data_copy
// CHECK-COUNT-2: ascube.mmad {{.*}} {k = 16 : i64, m = 64 : i64, n = 16 : i64}
// CHECK: scf.for %[[I:.*]] = %c0 to %c2 step %c1 {
// CHECK-COUNT-4: ascube.mmad {{.*}} {cmatrixInitVal = false, k = 16 : i64, m = 64 : i64, n = 16 : i64}
// CHECK: }
// CHECK-NOT: ascube.mmad
// CHECK: ascube.fixpipe %{{.*}} to %C[%c0] {dstStride = 32 : i64, mSize = 64 : i64, nSize = 32 : i64}
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @five(%A: memref<64x320xf16>, %B: memref<320x32xf16>, %C: memref<64x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x32xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 32, k = 64, split_k = 5>}
    ins(%A, %B : memref<64x320xf16>, memref<320x32xf16>) outs(%C : memref<64x32xf32>)
  return
}
}
