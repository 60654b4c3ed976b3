// The flags and buffer sets ascube-tile-linalg gives a program
// (docs/Tiling.md "Flags"): a 32 x 32 f16 matmul with K = 600 in chunks of
// 256, 256 and 88 (tile=32,32,256) and a bias. Each hand-over is a pair of
// flags: "ready" from the producer (MTE2 -> MTE1 after the copies,
// MTE1 -> M after the loads, M -> FIX after the last Mmad) and "free" back
// from the consumer (MTE1 -> MTE2 once the loads have read L1, M -> MTE1
// once the Mmad has read L0A/L0B, FIX -> M once Fixpipe has read L0C).
// The "free" flags are set before the program and waited for after it.
// Chunks alternate between two buffer sets (double buffering), chunk j on
// set j % 2 with flags of event j % 2: set 0 at L1 0 (A, 32 x 256 x 2 B =
// 16384 B) and 16384 (B), L0A 0, L0B 0; set 1 at L1 32768 and 49152,
// L0A 16384, L0B 16384. The bias row has event 2 (its L1 staging at the
// top: 512 KiB - 16 x 32 x 4 B, 512 B aligned = 522240; BT 0). At the end
// FIX -> MTE2 hands what Fixpipe wrote to later GM reads.
// `ascube-run --check-sync` runs such programs against the flag model
// (test/Integration/tile-linalg.test, tile-conv.test).
// RUN: ascube-opt %s --ascube-tile-linalg="tile=32,32,256" --canonicalize | FileCheck %s
// RUN: ascube-opt %s --ascube-tile-linalg="tile=32,32,256" | ascube-opt --ascube-select-movers --ascube-verify-target -o /dev/null

// CHECK-LABEL: func.func @mm
// CHECK-DAG: %[[BL1:.*]] = ascube.alloc offset 522240 : memref<1x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A10:.*]] = ascube.alloc offset 0 : memref<32x256xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B10:.*]] = ascube.alloc offset 16384 : memref<256x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A00:.*]] = ascube.alloc offset 0 : memref<32x256xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[B00:.*]] = ascube.alloc offset 0 : memref<256x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[A11:.*]] = ascube.alloc offset 32768 : memref<32x256xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B11:.*]] = ascube.alloc offset 49152 : memref<256x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A01:.*]] = ascube.alloc offset 16384 : memref<32x256xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[B01:.*]] = ascube.alloc offset 16384 : memref<256x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// The 88 tail (chunk 2) is on set 0 again.
// CHECK-DAG: %[[A1T:.*]] = ascube.alloc offset 0 : memref<32x88xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0T:.*]] = ascube.alloc offset 0 : memref<32x88xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[E0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[E1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[E2:.*]] = arith.constant 2 : index
// CHECK:      ascube.set_flag <MTE1> -> <MTE2>, %[[E0]]
// CHECK-NEXT: ascube.set_flag <M> -> <MTE1>, %[[E0]]
// CHECK-NEXT: ascube.set_flag <MTE1> -> <MTE2>, %[[E1]]
// CHECK-NEXT: ascube.set_flag <M> -> <MTE1>, %[[E1]]
// CHECK-NEXT: ascube.set_flag <MTE1> -> <MTE2>, %[[E2]]
// CHECK-NEXT: ascube.set_flag <M> -> <MTE1>, %[[E2]]
// CHECK-NEXT: ascube.set_flag <FIX> -> <M>, %[[E0]]
// The output tile's bias row: GM -> L1 (MTE2), L1 -> BT (MTE1), event 2.
// CHECK:      scf.if
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <MTE2>, %[[E2]]
// CHECK-NEXT: ascube.data_copy %{{.*}} to %[[BL1]]
// CHECK-NEXT: ascube.set_flag <MTE2> -> <MTE1>, %[[E2]]
// CHECK-NEXT: ascube.wait_flag <MTE2> -> <MTE1>, %[[E2]]
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %[[E2]]
// CHECK-NEXT: ascube.data_copy %[[BL1]] to %{{.*}} : memref<1x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32xf32, #ascube.mem<BT>>
// CHECK-NEXT: ascube.set_flag <MTE1> -> <MTE2>, %[[E2]]
// CHECK-NEXT: ascube.set_flag <MTE1> -> <M>, %[[E2]]
// Chunk 0 on set 0: copies, loads, the Mmad from the bias (it writes L0C:
// FIX must have read the previous tile; it reads BT: event 2).
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <MTE2>, %[[E0]]
// CHECK-NEXT: ascube.data_copy %A[%[[E0]]] to %[[A10]]
// CHECK-NEXT: ascube.data_copy %B[%[[E0]]] to %[[B10]]
// CHECK-NEXT: ascube.set_flag <MTE2> -> <MTE1>, %[[E0]]
// CHECK-NEXT: ascube.wait_flag <MTE2> -> <MTE1>, %[[E0]]
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %[[E0]]
// CHECK-NEXT: ascube.load %[[A10]] to %[[A00]]
// CHECK-NEXT: ascube.load %[[B10]] to %[[B00]]
// CHECK-NEXT: ascube.set_flag <MTE1> -> <MTE2>, %[[E0]]
// CHECK-NEXT: ascube.set_flag <MTE1> -> <M>, %[[E0]]
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <M>, %[[E0]]
// CHECK-NEXT: ascube.wait_flag <FIX> -> <M>, %[[E0]]
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <M>, %[[E2]]
// CHECK-NEXT: ascube.mmad %[[A00]], %[[B00]] to %[[C:.*]] bias
// CHECK-NEXT: ascube.set_flag <M> -> <MTE1>, %[[E0]]
// CHECK-NEXT: ascube.set_flag <M> -> <MTE1>, %[[E2]]
// Chunk 1 on set 1 (K from 256), its flags event 1; the PIPE_M barrier of
// a small tile (sync_c1) right before the Mmad.
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <MTE2>, %[[E1]]
// CHECK-NEXT: ascube.data_copy %A[%{{.*}}] to %[[A11]]
// CHECK-NEXT: ascube.data_copy %B[%{{.*}}] to %[[B11]]
// CHECK-NEXT: ascube.set_flag <MTE2> -> <MTE1>, %[[E1]]
// CHECK-NEXT: ascube.wait_flag <MTE2> -> <MTE1>, %[[E1]]
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %[[E1]]
// CHECK-NEXT: ascube.load %[[A11]] to %[[A01]]
// CHECK-NEXT: ascube.load %[[B11]] to %[[B01]]
// CHECK-NEXT: ascube.set_flag <MTE1> -> <MTE2>, %[[E1]]
// CHECK-NEXT: ascube.set_flag <MTE1> -> <M>, %[[E1]]
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <M>, %[[E1]]
// CHECK-NEXT: ascube.pipe_barrier <M>
// CHECK-NEXT: ascube.mmad %[[A01]], %[[B01]] to %[[C]] {cmatrixInitVal = false, k = 256
// CHECK-NEXT: ascube.set_flag <M> -> <MTE1>, %[[E1]]
// Chunk 2, the 88 tail, on set 0.
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <MTE2>, %[[E0]]
// CHECK-NEXT: ascube.data_copy %A[%{{.*}}] to %[[A1T]]
// CHECK:      ascube.load %[[A1T]] to %[[A0T]]
// CHECK:      ascube.mmad %[[A0T]], %{{.*}} to %[[C]] {cmatrixInitVal = false, k = 88
// CHECK-NEXT: ascube.set_flag <M> -> <MTE1>, %[[E0]]
// The tile's L0C to GM.
// CHECK-NEXT: ascube.set_flag <M> -> <FIX>, %[[E0]]
// CHECK-NEXT: ascube.wait_flag <M> -> <FIX>, %[[E0]]
// CHECK-NEXT: ascube.fixpipe %[[C]]
// CHECK-NEXT: ascube.set_flag <FIX> -> <M>, %[[E0]]
// CHECK-NEXT: }
// After the program: every "free" flag waited for, GM handed on.
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <MTE2>, %[[E0]]
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %[[E0]]
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <MTE2>, %[[E1]]
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %[[E1]]
// CHECK-NEXT: ascube.wait_flag <MTE1> -> <MTE2>, %[[E2]]
// CHECK-NEXT: ascube.wait_flag <M> -> <MTE1>, %[[E2]]
// CHECK-NEXT: ascube.wait_flag <FIX> -> <M>, %[[E0]]
// CHECK-NEXT: ascube.set_flag <FIX> -> <MTE2>, %[[E0]]
// CHECK-NEXT: ascube.wait_flag <FIX> -> <MTE2>, %[[E0]]
// CHECK-NEXT: return
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @mm(%A: memref<32x600xf16>, %B: memref<600x32xf16>, %bias: memref<32xf32>, %C: memref<32x32xf32>) {
    %z = arith.constant 0.0 : f32
    linalg.fill ins(%z : f32) outs(%C : memref<32x32xf32>)
    linalg.matmul ins(%A, %B : memref<32x600xf16>, memref<600x32xf16>) outs(%C : memref<32x32xf32>)
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%bias : memref<32xf32>) outs(%C : memref<32x32xf32>) {
    ^bb0(%b: f32, %c: f32):
      %s = arith.addf %c, %b : f32
      linalg.yield %s : f32
    }
    return
  }
}
