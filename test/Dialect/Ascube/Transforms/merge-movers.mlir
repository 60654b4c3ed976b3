// ascube-merge-movers: loops and runs of load_2d that move a whole tile
// become one ascube.load; partial ones stay.
// RUN: ascube-opt %s -split-input-file --ascube-merge-movers | FileCheck %s

!L1 = memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// The two fractal rows of A (matmul_f16's loop).
// CHECK-LABEL: func.func @loop
// CHECK-NOT: scf.for
// CHECK: ascube.load %{{.*}} to %{{.*}} : memref<30x70xf16
// CHECK-NOT: ascube.load_2d
// CHECK: return
func.func @loop(%a1: !L1, %a0: !L0A) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %m1 = %c0 to %c2 step %c1 {
    %src = affine.apply affine_map<(m) -> (m * 256)>(%m1)
    %dst = affine.apply affine_map<(m) -> (m * 1280)>(%m1)
    ascube.load_2d %a1[%src] to %a0[%dst] {repeatTimes = 5 : i64, srcStride = 2 : i64} : !L1 to !L0A
  }
  return
}

// -----

!L1 = memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// Only the first row: not the whole tile, left alone.
// CHECK-LABEL: func.func @partial
// CHECK: scf.for
// CHECK: ascube.load_2d
// CHECK-NOT: ascube.load %
func.func @partial(%a1: !L1, %a0: !L0A) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %m1 = %c0 to %c1 step %c1 {
    %src = affine.apply affine_map<(m) -> (m * 256)>(%m1)
    %dst = affine.apply affine_map<(m) -> (m * 1280)>(%m1)
    ascube.load_2d %a1[%src] to %a0[%dst] {repeatTimes = 5 : i64, srcStride = 2 : i64} : !L1 to !L0A
  }
  return
}

// -----

!L1 = memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0B = memref<40x30xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// A straight run: B (K x N) fractal rows with ifTranspose into Zn.
// CHECK-LABEL: func.func @run
// CHECK: ascube.load %{{.*}} to %{{.*}} : memref<40x30xf16
// CHECK-NOT: ascube.load_2d
func.func @run(%b1: !L1, %b0: !L0B) {
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  ascube.load_2d %b1 to %b0 {repeatTimes = 2 : i64, srcStride = 3 : i64, ifTranspose = true} : !L1 to !L0B
  ascube.load_2d %b1 to %b0[%c512] {startIndex = 1 : i64, repeatTimes = 2 : i64, srcStride = 3 : i64, ifTranspose = true} : !L1 to !L0B
  ascube.load_2d %b1 to %b0[%c1024] {startIndex = 2 : i64, repeatTimes = 2 : i64, srcStride = 3 : i64, ifTranspose = true} : !L1 to !L0B
  return
}

// -----

!L1 = memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0B = memref<40x30xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// Without ifTranspose the same run is not the tile (fractals untransposed).
// CHECK-LABEL: func.func @wrong_run
// CHECK-COUNT-3: ascube.load_2d
func.func @wrong_run(%b1: !L1, %b0: !L0B) {
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  ascube.load_2d %b1 to %b0 {repeatTimes = 2 : i64, srcStride = 3 : i64} : !L1 to !L0B
  ascube.load_2d %b1 to %b0[%c512] {startIndex = 1 : i64, repeatTimes = 2 : i64, srcStride = 3 : i64} : !L1 to !L0B
  ascube.load_2d %b1 to %b0[%c1024] {startIndex = 2 : i64, repeatTimes = 2 : i64, srcStride = 3 : i64} : !L1 to !L0B
  return
}

// -----

!L1 = memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// An unsigned loop from -2 to 0 runs zero times: not a whole-tile move.
// CHECK-LABEL: func.func @unsigned
// CHECK: scf.for unsigned
// CHECK-NOT: ascube.load %
func.func @unsigned(%a1: !L1, %a0: !L0A) {
  %cm2 = arith.constant -2 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for unsigned %m1 = %cm2 to %c0 step %c1 {
    %src = affine.apply affine_map<(m) -> ((m + 2) * 256)>(%m1)
    %dst = affine.apply affine_map<(m) -> ((m + 2) * 1280)>(%m1)
    ascube.load_2d %a1[%src] to %a0[%dst] {repeatTimes = 5 : i64, srcStride = 2 : i64} : !L1 to !L0A
  }
  return
}

// -----

!L1 = memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L1>>
!L0B = memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// A whole-tile Zn -> Zn run that no selected mover could redo stays.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // CHECK-LABEL: func.func @no_mover
  // CHECK-COUNT-2: ascube.load_2d
  func.func @no_mover(%b1: !L1, %b0: !L0B) {
    %c512 = arith.constant 512 : index
    ascube.load_2d %b1 to %b0 {repeatTimes = 2 : i64} : !L1 to !L0B
    ascube.load_2d %b1[%c512] to %b0[%c512] {repeatTimes = 2 : i64} : !L1 to !L0B
    return
  }
}
