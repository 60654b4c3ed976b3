// One-row products: linalg.matvec (y = A x, computed as y^T = x^T A^T with
// the matrix as B held N x K) and a matmul with M = 1 become m = 1 Mmads.
// On Atlas A2 that is a GEMV (cube-reference §13.3): A is read from L0A as
// K contiguous elements, so the row goes GM -> L1 by ND2NZ with
// dstNzC0Stride = 1 (32 B blocks one after another) and L1 -> an ND L0A
// row by LoadData 2D (ceil(70 * 2 / 512) = 1 fractal). On 950 the Mmad
// turns GEMV off (disableGemv) and reads a one-row fractal tile.
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_a2 | FileCheck %s --check-prefix=A2
// RUN: ascube-opt %s --ascube-tile-linalg=product=ascend950pr | FileCheck %s --check-prefix=P950
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_a2 --ascube-select-movers --ascube-verify-target -o /dev/null
// RUN: ascube-opt %s --ascube-tile-linalg=product=ascend950pr --ascube-select-movers --ascube-verify-target -o /dev/null

// A2-LABEL: func.func @mv
// A2: memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 70] : memref<70xf16> into memref<1x70xf16>
// A2: memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 37] : memref<37xf32> into memref<1x37xf32>
// A2: ascube.data_copy {{.*}} {dValue = 70 : i64, dstNzC0Stride = 1 : i64, {{.*}}nValue = 1 : i64{{.*}}} : memref<1x70xf16> to memref<1x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// The matrix (37 x 70) is B held N x K; both copies come before the loads
// (the flags hand L1 over once per chunk).
// A2: ascube.data_copy %A{{.*}}nValue = 37 : i64{{.*}} : memref<37x70xf16> to memref<37x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// A2: ascube.set_flag <MTE2> -> <MTE1>
// A2: ascube.load_2d {{.*}} {repeatTimes = 1 : i64} : memref<1x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<1x256xf16, #ascube.layout<ND>, #ascube.mem<L0A>>
// A2: ascube.mmad {{.*}} {k = 70 : i64, m = 1 : i64, n = 37 : i64} : memref<1x256xf16, #ascube.layout<ND>, #ascube.mem<L0A>>
// A2: ascube.fixpipe {{.*}} : memref<1x37xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<1x37xf32>

// P950-LABEL: func.func @mv
// P950: ascube.load {{.*}} : memref<1x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<1x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
// P950: ascube.mmad {{.*}} {disableGemv = true, k = 70 : i64, m = 1 : i64, n = 37 : i64}
func.func @mv(%A: memref<37x70xf16>, %x: memref<70xf16>, %y: memref<37xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<37xf32>)
  linalg.matvec ins(%A, %x : memref<37x70xf16>, memref<70xf16>) outs(%y : memref<37xf32>)
  return
}

// A2-LABEL: func.func @row
// A2: ascube.load_2d {{.*}} {repeatTimes = 2 : i64} : memref<1x300xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<1x512xf16, #ascube.layout<ND>, #ascube.mem<L0A>>
// A2: ascube.mmad {{.*}}m = 1 : i64
func.func @row(%A: memref<1x300xf16>, %B: memref<300x20xf16>, %C: memref<1x20xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<1x20xf32>)
  linalg.matmul ins(%A, %B : memref<1x300xf16>, memref<300x20xf16>) outs(%C : memref<1x20xf32>)
  return
}
