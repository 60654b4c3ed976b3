// DataCopy ND2NZ (cube-reference §5, §2): a 20 x 24 f16 GM matrix into an
// Nz L1 buffer (32 x 32 padded). Row r, column c lands in fractal column
// c / 16 (32 rows x 16 = 512 elements apart) at r * 16 + c % 16; the
// columns 24..31 of the last fractal column are written with zeros, the
// padding rows 20..31 are not written (nValue = 20 rows). Each row moves
// as runs of C0 = 16 elements: columns 0-15 to r * 16, columns 16-23 to
// 512 + r * 16, then 8 zeros to 520 + r * 16 — as bits (i16), never as
// float values.
// RUN: ascube-opt %s --convert-ascube-to-loops --canonicalize --cse | FileCheck %s
// Under race checks every GM element access is reported, so the copy stays
// element by element (with the same zero fill).
// RUN: ascube-opt %s --convert-ascube-to-loops=race-checks=true --canonicalize --cse | FileCheck %s --check-prefix=RACE

// CHECK-LABEL: func.func @nd2nz
// CHECK-SAME: (%{{.*}}: memref<20x24xf16>, %[[L1:.*]]: memref<1024xi16>)
// CHECK-DAG: %[[ZEROS:.*]] = arith.constant dense<0> : vector<8xi16>
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C20:.*]] = arith.constant 20 : index
// CHECK-DAG: %[[C24:.*]] = arith.constant 24 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C520:.*]] = arith.constant 520 : index
// CHECK: %[[G:.*]] = memref.collapse_shape
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[C20]]
// CHECK-NEXT: %[[S:.*]] = arith.muli %[[R]], %[[C24]] : index
// CHECK-NEXT: %[[D:.*]] = arith.muli %[[R]], %[[C16]] : index
// CHECK-NEXT: %[[V:.*]] = vector.load %[[G]][%[[S]]] : memref<480xf16>, vector<16xf16>
// CHECK-NEXT: %[[VB:.*]] = arith.bitcast %[[V]] : vector<16xf16> to vector<16xi16>
// CHECK-NEXT: vector.store %[[VB]], %[[L1]][%[[D]]] : memref<1024xi16>, vector<16xi16>
// CHECK-NEXT: %[[D2:.*]] = arith.addi %[[D]], %[[C512]] : index
// CHECK-NEXT: %[[S2:.*]] = arith.addi %[[S]], %[[C16]] : index
// CHECK-NEXT: %[[T:.*]] = vector.load %[[G]][%[[S2]]] : memref<480xf16>, vector<8xf16>
// CHECK-NEXT: %[[TB:.*]] = arith.bitcast %[[T]] : vector<8xf16> to vector<8xi16>
// CHECK-NEXT: vector.store %[[TB]], %[[L1]][%[[D2]]] : memref<1024xi16>, vector<8xi16>
// CHECK-NEXT: %[[D3:.*]] = arith.addi %[[D]], %[[C520]] : index
// CHECK-NEXT: vector.store %[[ZEROS]], %[[L1]][%[[D3]]] : memref<1024xi16>, vector<8xi16>
// CHECK-NEXT: }

// RACE-LABEL: func.func @nd2nz
// RACE-NOT: vector.load
// RACE: scf.if %{{.*}} -> (i16)
// RACE: func.call @__ascube_gm_access
// RACE: memref.load
// RACE: arith.bitcast %{{.*}} : f16 to i16
// RACE: } else {
// RACE: memref.store
func.func @nd2nz(%g: memref<20x24xf16>, %l1: memref<20x24xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  ascube.data_copy %g to %l1 : memref<20x24xf16> to memref<20x24xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}
