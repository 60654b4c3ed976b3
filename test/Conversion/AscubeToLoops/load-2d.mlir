// LoadData 2D as loops (cube-reference §6): repeat i copies the 512 B
// fractal startIndex + i * srcStride of the source to destination fractal
// i * (dstGap + 1), element by element (256 f16 per fractal).
// RUN: ascube-opt %s --convert-ascube-to-loops --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @load_2d
// CHECK-SAME: (%[[S:.*]]: memref<1024xf16>, %[[D:.*]]: memref<1024xf16>)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[C2]]
// srcStride = 2: source fractals 0 and 2, 512 elements apart.
// CHECK-DAG: %[[SB:.*]] = arith.muli %[[I]], %[[C512]]
// dstGap = 0: destination fractals 0 and 1.
// CHECK-DAG: %[[DB:.*]] = arith.muli %[[I]], %[[C256]]
// CHECK: scf.for %[[E:.*]] = %{{.*}} to %[[C256]]
// CHECK: %[[SA:.*]] = arith.addi %[[SB]], %[[E]]
// CHECK: %[[X:.*]] = memref.load %[[S]][%[[SA]]]
// CHECK: %[[DA:.*]] = arith.addi %[[DB]], %[[E]]
// CHECK: memref.store %[[X]], %[[D]][%[[DA]]]
func.func @load_2d(%l1: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %a: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  ascube.load_2d %l1 to %a {startIndex = 0 : i64, repeatTimes = 2 : i64, srcStride = 2 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
