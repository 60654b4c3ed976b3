// Canonicalization of ascube instructions: instructions that do
// nothing are erased, moves that cancel are removed, and explicit parameters equal to the derived ones are
// dropped (the canonical form prints only what changes behaviour).
// RUN: ascube-opt %s -split-input-file --canonicalize | FileCheck %s

!L1 = memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!L0B = memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!L0C = memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-LABEL: func.func @no_ops
// CHECK-NOT: ascube.{{[a-z_0-9]+}} %
// CHECK: return
func.func @no_ops(%g: memref<32x32xf16>, %a1: !L1, %a0: !L0A, %b0: !L0B, %c: !L0C, %out: memref<32x32xf32>) {
  ascube.data_copy %g to %a1 {nValue = 0 : i64} : memref<32x32xf16> to !L1
  ascube.load_2d %a1 to %a0 {repeatTimes = 0 : i64} : !L1 to !L0A
  ascube.load_2d_transpose %a1 to %b0 {repeatTimes = 0 : i64} : !L1 to !L0B
  ascube.load_3d %a1 to %a0 {repeatTime = 0 : i64} : !L1 to !L0A
  ascube.load_3d %a1 to %a0 {filterW = 0 : i64} : !L1 to !L0A
  ascube.mmad %a0, %b0 to %c {k = 0 : i64} : !L0A, !L0B to !L0C
  ascube.fixpipe %c to %out {mSize = 0 : i64} : !L0C to memref<32x32xf32>
  return
}

// -----

!L1 = memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
!L0 = memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
!A = memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-LABEL: func.func @derived
// CHECK: ascube.load_2d_v2 %{{.*}} to %{{.*}} : memref<40x70xf16
// CHECK: ascube.load_3d %{{.*}} to %{{.*}} : memref<1x2x8x8x16xf16
// CHECK: ascube.load_2d %{{.*}} to %{{.*}} {ifTranspose = true} :
func.func @derived(%a1: !L1, %a0: !L0A, %fm: !L0, %a: !A,
                   %t1: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %t0: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // The derived values: the whole 3 x 5 fractal tile, srcStride = M1.
  ascube.load_2d_v2 %a1 to %a0 {mStep = 3 : i64, kStep = 5 : i64, srcStride = 3 : i64, dstStride = 3 : i64, mStartPosition = 0 : i64} : !L1 to !L0A
  // l1H/l1W/channelSize/filter/stride and the window as derived from the
  // map and the 64 x 32 destination.
  ascube.load_3d %fm to %a {l1H = 8 : i64, l1W = 8 : i64, channelSize = 32 : i64, strideH = 1 : i64, filterW = 1 : i64, kExtension = 32 : i64, mExtension = 64 : i64} : !L0 to !A
  ascube.load_2d %t1 to %t0 {ifTranspose = true, startIndex = 0 : i64, repeatTimes = 1 : i64, srcStride = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// Parameters that change behaviour stay.
!L1 = memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
// CHECK-LABEL: func.func @kept
// Only mStep differs from the derived values (kStep 5, srcStride and
// dstStride 3 are the whole tile's).
// CHECK: ascube.load_2d_v2 %{{.*}} to %{{.*}} {mStep = 2 : i64} :
func.func @kept(%a1: !L1, %a0: !L0A) {
  ascube.load_2d_v2 %a1 to %a0 {mStep = 2 : i64, kStep = 5 : i64, srcStride = 3 : i64, dstStride = 3 : i64} : !L1 to !L0A
  return
}

// -----

// A padding value is behaviour: it stays (0 is the default and goes).
!M = memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
!A = memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-LABEL: func.func @pad_value
// CHECK: ascube.load_3d %{{.*}} to %{{.*}} {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, padValue = 5.000000e+00 : f16} :
// CHECK: ascube.load_3d %{{.*}} to %{{.*}} {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>} :
func.func @pad_value(%fm: !M, %a: !A, %b: !A) {
  ascube.load_3d %fm to %a {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, padValue = 5.0 : f16} : !M to !A
  ascube.load_3d %fm to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, padValue = 0.0 : f16} : !M to !A
  return
}

// -----

// Consecutive moves that cancel: the second of two identical moves writes
// what the first wrote; a move whose destination bytes the next move
// overwrites entirely leaves no trace.
!G = memref<16x32xf16>
!L1 = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-LABEL: func.func @cancel
// CHECK-NEXT: ascube.data_copy %g to %a1
// CHECK-NEXT: ascube.load_2d %a1 to %a0 :
// CHECK-NEXT: return
func.func @cancel(%g: !G, %h: !G, %a1: !L1, %a0: !L0A) {
  ascube.data_copy %h to %a1 : !G to !L1
  ascube.data_copy %g to %a1 : !G to !L1
  ascube.load_2d %a1 to %a0 : !L1 to !L0A
  ascube.load_2d %a1 to %a0 : !L1 to !L0A
  ascube.load_2d %a1 to %a0 {repeatTimes = 2 : i64} : !L1 to !L0A
  return
}

// -----

// Kept: the next move covers only part of the bytes, reads the level it
// overwrites, or an op between the two may change the source.
!G = memref<16x32xf16>
!L1 = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-LABEL: func.func @kept_moves
// CHECK-COUNT-2: ascube.load_2d %a1 to %a0
// CHECK: ascube.data_copy %g to %a1
// CHECK-NEXT: ascube.data_copy %h to %a1
// CHECK-NEXT: ascube.load_2d %a1 to %a0
// CHECK-NEXT: ascube.data_copy %g to %a1
// CHECK-NEXT: ascube.load_2d %a1 to %a0
// CHECK-NEXT: return
func.func @kept_moves(%g: !G, %h: !G, %a1: !L1, %a0: !L0A) {
  ascube.load_2d %a1 to %a0 : !L1 to !L0A
  ascube.load_2d %a1 to %a0 {repeatTimes = 1 : i64} : !L1 to !L0A
  ascube.data_copy %g to %a1 : !G to !L1
  ascube.data_copy %h to %a1 {dValue = 16 : i64} : !G to !L1
  ascube.load_2d %a1 to %a0 : !L1 to !L0A
  ascube.data_copy %g to %a1 : !G to !L1
  ascube.load_2d %a1 to %a0 : !L1 to !L0A
  return
}

// -----

// A LoadData MX moves nothing when both its data part (mStep or kStep 0) and
// its scale part (xStep or yStep 0) are empty; with either part left it stays.
!A1 = memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>
!S1 = memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>
!A0 = memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
!S0 = memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
// CHECK-LABEL: func.func @load_mx_no_op
// CHECK-NEXT: ascube.load_mx {{.*}} {mStep = 0 : i64} :
// CHECK-NEXT: ascube.load_mx {{.*}} {xStep = 0 : i64} :
// CHECK-NEXT: return
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @load_mx_no_op(%a1: !A1, %sa1: !S1, %a0: !A0, %sa0: !S0) {
  ascube.load_mx %a1, %sa1 to %a0, %sa0 {mStep = 0 : i64, xStep = 0 : i64} : !A1, !S1 to !A0, !S0
  ascube.load_mx %a1, %sa1 to %a0, %sa0 {kStep = 0 : i64, yStep = 0 : i64} : !A1, !S1 to !A0, !S0
  ascube.load_mx %a1, %sa1 to %a0, %sa0 {mStep = 0 : i64} : !A1, !S1 to !A0, !S0
  ascube.load_mx %a1, %sa1 to %a0, %sa0 {xStep = 0 : i64} : !A1, !S1 to !A0, !S0
  return
}
}

// -----

// Whether an explicit parameter changes behaviour depends on the product:
// 950's LoadData 2D ignores dstGap (§6), so there it is dropped; on A2 it
// places the fractals and stays.
// CHECK-LABEL: func.func @dst_gap_950
// CHECK-NEXT: ascube.load_2d %{{.*}} to %{{.*}} : memref
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @dst_gap_950(%s: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  ascube.load_2d %s to %d {dstGap = 3 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}
}

// -----

// CHECK-LABEL: func.func @dst_gap_a2
// CHECK-NEXT: ascube.load_2d %{{.*}} to %{{.*}} {dstGap = 3 : i64} :
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @dst_gap_a2(%s: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  ascube.load_2d %s to %d {dstGap = 3 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
}
