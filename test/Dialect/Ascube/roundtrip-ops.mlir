// The instruction ops print, parse and print again identically, in the
// custom and the generic form; only parameters that were given are printed
// (an op without its optional attributes, no unit flag, no bias).
// RUN: ascube-opt %s | FileCheck %s
// RUN: ascube-opt %s | ascube-opt | FileCheck %s
// RUN: ascube-opt %s -mlir-print-op-generic | ascube-opt | FileCheck %s
// RUN: ascube-opt %s -emit-bytecode | ascube-opt | FileCheck %s
// RUN: ascube-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

!GA = memref<30x70xf16>
!L1A = memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!L1B = memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0B = memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!L0C = memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>

module attributes {ascube.target = #ascube.target<atlas_a2>} {
// CHECK-LABEL: func.func @movers(
func.func @movers(%a: !GA, %a1: !L1A, %a0: !L0A, %b1: !L1B, %b0: !L0B, %o: index,
                  %bias_gm: memref<48xf32>, %bias1: memref<48xf32, #ascube.mem<L1>>,
                  %bt: memref<48xf32, #ascube.mem<BT>>) {
  // CHECK: ascube.data_copy %{{.*}} to %{{.*}} : memref<30x70xf16> to memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  ascube.data_copy %a to %a1 : !GA to !L1A
  // CHECK: ascube.data_copy %{{.*}} to %{{.*}} {dstNzC0Stride = 32 : i64, nValue = 20 : i64} : memref<30x70xf16> to
  ascube.data_copy %a to %a1 {nValue = 20 : i64, dstNzC0Stride = 32 : i64} : !GA to !L1A
  // CHECK: ascube.data_copy %{{.*}} to %{{.*}} {mode = #ascube.copy_mode<nd2nz>}
  ascube.data_copy %a to %a1 {mode = #ascube.copy_mode<nd2nz>} : !GA to !L1A
  // CHECK: ascube.data_copy %{{.*}} to %{{.*}} : memref<48xf32> to memref<48xf32, #ascube.mem<L1>>
  ascube.data_copy %bias_gm to %bias1 : memref<48xf32> to memref<48xf32, #ascube.mem<L1>>
  // CHECK: ascube.data_copy %{{.*}} to %{{.*}} : memref<48xf32, #ascube.mem<L1>> to memref<48xf32, #ascube.mem<BT>>
  ascube.data_copy %bias1 to %bt : memref<48xf32, #ascube.mem<L1>> to memref<48xf32, #ascube.mem<BT>>
  // Offsets from function arguments verify (checked at run time only).
  // CHECK: ascube.load_2d %{{.*}}[%{{.*}}] to %{{.*}}[%{{.*}}] {repeatTimes = 5 : i64, srcStride = 2 : i64} :
  ascube.load_2d %a1[%o] to %a0[%o] {repeatTimes = 5 : i64, srcStride = 2 : i64} : !L1A to !L0A
  // CHECK: ascube.load_2d %{{.*}} to %{{.*}} {ifTranspose = true, repeatTimes = 3 : i64, srcStride = 5 : i64, startIndex = 1 : i64} :
  ascube.load_2d %b1 to %b0 {startIndex = 1 : i64, repeatTimes = 3 : i64, srcStride = 5 : i64, ifTranspose = true} : !L1B to !L0B
  // GENERIC: "ascube.load_2d"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, repeatTimes = 5 : i64, srcStride = 2 : i64}>
  return
}

// CHECK-LABEL: func.func @transpose(
func.func @transpose(%b1: memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>,
                     %b0: memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>, %o: index) {
  // CHECK: ascube.load_2d_transpose %{{.*}} to %{{.*}} : memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  ascube.load_2d_transpose %b1 to %b0 : memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // CHECK: ascube.load_2d_transpose %{{.*}} to %{{.*}}[%{{.*}}] {dstFracGap = 0 : i64, dstGap = 1 : i64, repeatTimes = 1 : i64, startIndex = 1 : i64} :
  ascube.load_2d_transpose %b1 to %b0[%o] {startIndex = 1 : i64, repeatTimes = 1 : i64, dstGap = 1 : i64, dstFracGap = 0 : i64} : memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // GENERIC: "ascube.load_2d_transpose"
  return
}

// CHECK-LABEL: func.func @matrix(
func.func @matrix(%a0: !L0A, %b0: !L0B, %c0: !L0C, %c1: !L0C, %bt: memref<48xf32, #ascube.mem<BT>>,
                  %c: memref<30x40xf32>, %h: memref<30x40xf16>, %q: memref<30x40xi8>,
                  %ci: memref<30x40xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>,
                  %qv: memref<40xi64, #ascube.mem<L1>>) {
  // No unit flag, no bias: nothing but the operands is printed.
  // CHECK: ascube.mmad %{{.*}}, %{{.*}} to %{{.*}} : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  ascube.mmad %a0, %b0 to %c0 : !L0A, !L0B to !L0C
  // CHECK: ascube.mmad %{{.*}}, %{{.*}} to %{{.*}} bias %{{.*}} : memref<48xf32, #ascube.mem<BT>> : memref<30x70xf16
  ascube.mmad %a0, %b0 to %c0 bias %bt : memref<48xf32, #ascube.mem<BT>> : !L0A, !L0B to !L0C
  // CHECK: ascube.mmad %{{.*}}, %{{.*}} to %{{.*}} {cmatrixInitVal = false, unitFlag = 3 : i64} :
  ascube.mmad %a0, %b0 to %c1 {cmatrixInitVal = false, unitFlag = 3 : i64} : !L0A, !L0B to !L0C
  // CHECK: ascube.pipe_barrier <M>
  ascube.pipe_barrier <M>
  // CHECK: ascube.pipe_barrier <ALL>
  ascube.pipe_barrier <ALL>
  // CHECK: ascube.set_flag <MTE2> -> <MTE1>, %[[E:.*]]
  // CHECK: ascube.wait_flag <MTE2> -> <MTE1>, %[[E]]
  %ev = arith.constant 1 : index
  ascube.set_flag <MTE2> -> <MTE1>, %ev
  ascube.wait_flag <MTE2> -> <MTE1>, %ev
  // CHECK: ascube.sync_all
  ascube.sync_all
  // CHECK: %{{.*}} = ascube.block_idx
  // CHECK: %{{.*}} = ascube.block_num
  %blk = ascube.block_idx
  %nblk = ascube.block_num
  // CHECK: ascube.fixpipe %{{.*}} to %{{.*}} : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xf32>
  ascube.fixpipe %c0 to %c : !L0C to memref<30x40xf32>
  // CHECK: ascube.fixpipe %{{.*}} to %{{.*}} {reluEn = true} : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xf16>
  ascube.fixpipe %c0 to %h {reluEn = true} : !L0C to memref<30x40xf16>
  // CHECK: ascube.fixpipe %{{.*}} to %{{.*}} {deqScalar = 70782050893824 : i64, quantPre = #ascube.quant<REQ8>} :
  ascube.fixpipe %ci to %q {quantPre = #ascube.quant<REQ8>, deqScalar = 70782050893824 : i64}
      : memref<30x40xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xi8>
  // CHECK: ascube.fixpipe %{{.*}} to %{{.*}} quant_vector %{{.*}} : memref<40xi64, #ascube.mem<L1>> : memref<30x40xi32
  ascube.fixpipe %ci to %q quant_vector %qv : memref<40xi64, #ascube.mem<L1>>
      : memref<30x40xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xi8>
  // GENERIC: "ascube.mmad"(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<30x70xf16
  return
}
}

// LoadData 2D-v2 exists on 950 only.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
// CHECK-LABEL: func.func @v2(
func.func @v2(%a1: memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
              %a0: memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  // CHECK: ascube.load_2d_v2 %{{.*}} to %{{.*}} : memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  ascube.load_2d_v2 %a1 to %a0 : memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  // CHECK: ascube.load_2d_v2 %{{.*}} to %{{.*}} {dstStride = 3 : i64, kStep = 5 : i64, mStep = 3 : i64, srcStride = 3 : i64} :
  ascube.load_2d_v2 %a1 to %a0 {mStep = 3 : i64, kStep = 5 : i64, srcStride = 3 : i64, dstStride = 3 : i64} : memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}
}

// LoadData 3D: the conv window with its FMatrix and kernel, and the
// derived §10.4 form (only given parameters print).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
// CHECK-LABEL: func.func @load3d
func.func @load3d(%fm: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>,
                  %a0: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %n: memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
                  %b0: memref<40x30xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // CHECK: ascube.load_3d %{{.*}} to %{{.*}} {channelSize = 20 : i64, filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, padValue = -1.000000e+00 : f16} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  ascube.load_3d %fm to %a0 {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, channelSize = 20 : i64, padValue = -1.0 : f16} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  // CHECK: ascube.load_3d %{{.*}} to %{{.*}} : memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x30xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  ascube.load_3d %n to %b0 : memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x30xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}
}

module attributes {ascube.target = #ascube.target<atlas_training>} {
// CHECK-LABEL: func.func @load3d_v1
func.func @load3d_v1(%fm: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>,
                     %a0: memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // CHECK: ascube.load_3d_v1 %{{.*}} to %{{.*}} {filterH = 3 : i64, filterW = 3 : i64, jumpStride = 9 : i64, padList = array<i64: 1, 1, 1, 1>, repeatMode = 1 : i64, repeatTime = 4 : i64} :
  ascube.load_3d_v1 %fm to %a0 {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, repeatMode = 1 : i64, repeatTime = 4 : i64, jumpStride = 9 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
}

// 4:2 sparsity (A2/A3).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
// CHECK-LABEL: func.func @sparse
func.func @sparse(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>,
                  %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>,
                  %a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // CHECK: ascube.load_sparse %{{.*}}, %{{.*}} to %{{.*}} {repeatTimes = 2 : i64} : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  ascube.load_sparse %bp, %ix to %b0 {repeatTimes = 2 : i64} : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // CHECK: ascube.mmad_sparse %{{.*}}, %{{.*}} to %{{.*}} {k = 64 : i64} :
  ascube.mmad_sparse %a, %b0 to %c {k = 64 : i64} : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// Microscaling (950).
module attributes {ascube.target = #ascube.target<ascend950pr>} {
// CHECK-LABEL: func.func @mx
func.func @mx(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
              %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
              %b0: memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb0: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
              %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %bias: memref<32xf32, #ascube.mem<BT>>) {
  // CHECK: ascube.load_mx %{{.*}}, %{{.*}} to %{{.*}}, %{{.*}} {xStep = 2 : i64} :
  ascube.load_mx %a1, %sa1 to %a0, %sa0 {xStep = 2 : i64} : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  // CHECK: ascube.mmad_mx %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} to %{{.*}} bias %{{.*}} : memref<32xf32, #ascube.mem<BT>> :
  ascube.mmad_mx %a0, %sa0, %b0, %sb0 to %c bias %bias : memref<32xf32, #ascube.mem<BT>> : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// The float overflow mode is a module attribute; isChannelSplit a Fixpipe
// parameter.
// CHECK: module attributes {ascube.overflow = #ascube.overflow<saturation>, ascube.target = #ascube.target<atlas_a2>}
module attributes {ascube.target = #ascube.target<atlas_a2>, ascube.overflow = #ascube.overflow<saturation>} {
// CHECK-LABEL: func.func @split(
func.func @split(%c: memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %d: memref<16x32xf32, #ascube.layout<Nz>>) {
  // CHECK: ascube.fixpipe %{{.*}} to %{{.*}} {isChannelSplit = true} :
  ascube.fixpipe %c to %d {isChannelSplit = true} : memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x32xf32, #ascube.layout<Nz>>
  return
}
}
