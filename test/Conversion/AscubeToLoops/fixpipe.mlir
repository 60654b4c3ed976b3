// Fixpipe as loops (cube-reference §16): a 16 x 16 f32 L0C tile (Nz) to an
// ND f16 GM matrix; element (m, n) is read at Nz offset (n / 16) * 256 +
// m * 16 + n % 16 and cast f32 -> f16 (F322F16, CAST_RINT: round to
// nearest even, arith.truncf's default), written at m * 16 + n.
// RUN: ascube-opt %s --convert-ascube-to-loops --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @fixpipe
// CHECK-SAME: (%[[C:.*]]: memref<256xf32>, %{{.*}}: memref<16x16xf16>)
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[OUT:.*]] = memref.collapse_shape
// CHECK: scf.for %[[M:.*]] = %{{.*}} to %[[C16]]
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %[[C16]]
// CHECK-DAG: %[[N0:.*]] = arith.remui %[[N]], %[[C16]]
// CHECK-DAG: %[[ROW:.*]] = arith.muli %[[M]], %[[C16]]
// CHECK-DAG: %[[IN:.*]] = arith.addi %[[ROW]], %[[N0]]
// CHECK-DAG: %[[N1:.*]] = arith.divui %[[N]], %[[C16]]
// CHECK-DAG: %[[F:.*]] = arith.muli %[[N1]], %[[C256]]
// CHECK: %[[SRC:.*]] = arith.addi %[[F]], %[[IN]]
// CHECK: %[[X:.*]] = memref.load %[[C]][%[[SRC]]]
// CHECK: %[[Y:.*]] = arith.truncf %[[X]] : f32 to f16
// CHECK: %[[DST:.*]] = arith.addi %[[ROW]], %[[N]]
// CHECK: memref.store %[[Y]], %[[OUT]][%[[DST]]]
func.func @fixpipe(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %out: memref<16x16xf16>) {
  ascube.fixpipe %c to %out : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf16>
  return
}
