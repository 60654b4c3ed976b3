// DataCopy ND2NZ as loops (cube-reference §5, §2): a 20 x 24 f16 GM matrix
// into an Nz L1 buffer (32 x 32 padded). Row r, column c lands in fractal
// column c / 16 (32 rows x 16 = 512 elements apart) at r * 16 + c % 16;
// the columns 24..31 of the last fractal column are written with zeros,
// the padding rows 20..31 are not written (nValue = 20 rows).
// The order in which the address operations are created is the C++
// compiler's (argument evaluation order), so they are matched as a DAG.
// RUN: ascube-opt %s --convert-ascube-to-loops --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @nd2nz
// CHECK-SAME: (%{{.*}}: memref<20x24xf16>, %[[L1:.*]]: memref<1024xi16>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C20:.*]] = arith.constant 20 : index
// CHECK-DAG: %[[C24:.*]] = arith.constant 24 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: %[[G:.*]] = memref.collapse_shape
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[C20]]
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %[[C32]]
// CHECK-DAG: %[[IN:.*]] = arith.remui %[[C]], %[[C16]]
// CHECK-DAG: %[[ROW:.*]] = arith.muli %[[R]], %[[C16]]
// CHECK-DAG: %[[COL:.*]] = arith.divui %[[C]], %[[C16]]
// CHECK-DAG: %[[COLOFF:.*]] = arith.muli %[[COL]], %[[C512]]
// CHECK-DAG: %[[T:.*]] = arith.addi %[[COLOFF]], %[[ROW]]
// CHECK-DAG: %[[DST:.*]] = arith.addi %[[T]], %[[IN]]
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %[[C]], %[[C24]]
// CHECK: %[[V:.*]] = scf.if %[[INSIDE]] -> (i16)
// CHECK: %[[RP:.*]] = arith.muli %[[R]], %[[C24]]
// CHECK: %[[SRC:.*]] = arith.addi %[[RP]], %[[C]]
// CHECK: %[[X:.*]] = memref.load %[[G]][%[[SRC]]]
// The element moves as its bits (i16), never as a float value.
// CHECK: %[[XB:.*]] = arith.bitcast %[[X]] : f16 to i16
// CHECK: scf.yield %[[XB]]
// CHECK: } else {
// CHECK: scf.yield %[[ZERO]]
// CHECK: memref.store %[[V]], %[[L1]][%[[DST]]]
func.func @nd2nz(%g: memref<20x24xf16>, %l1: memref<20x24xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  ascube.data_copy %g to %l1 : memref<20x24xf16> to memref<20x24xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}
