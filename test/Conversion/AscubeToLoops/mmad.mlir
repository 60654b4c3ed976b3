// The Mmad family as loops (cube-reference §13): for each output element
// (m, n) one k loop, in order k = 0, 1, ..., accumulating in f32 from 0 (or
// from C when accumulating); each f16 product is formed in f32 (both
// operands widened exactly) and added to the running sum, never
// re-associated. Addresses: A Zz, B Zn, C Nz (§2), worked by hand below.
// RUN: ascube-opt %s --convert-ascube-to-loops --canonicalize --cse | FileCheck %s

!A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>

// CHECK-LABEL: func.func @mmad_f16
// CHECK-SAME: (%[[A:.*]]: memref<512xf16>, %[[B:.*]]: memref<512xf16>, %[[C:.*]]: memref<256xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: scf.for %[[M:.*]] = %{{.*}} to %[[C16]]
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %[[C16]]
// The k loop is innermost and carries the sum, starting from +0.
// CHECK: %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[C32]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32)
// CHECK: %[[X:.*]] = memref.load %[[A]]
// CHECK-NEXT: %[[XF:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[B]]
// CHECK-NEXT: %[[YF:.*]] = arith.extf %[[Y]] : f16 to f32
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[XF]], %[[YF]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT: scf.yield %[[S]] : f32
// CHECK: memref.store %[[SUM]], %[[C]]
func.func @mmad_f16(%a: !A, %b: !B, %c: !C) {
  ascube.mmad %a, %b to %c : !A, !B to !C
  return
}

// Accumulating (cmatrixInitVal = false): the sum starts from C's element.
// CHECK-LABEL: func.func @mmad_accumulate
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[C0:.*]] = memref.load %{{.*}} : memref<256xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[C0]]) -> (f32)
func.func @mmad_accumulate(%a: !A, %b: !B, %c: !C) {
  ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
  return
}

// int8 (§13.2, §13.3): products and sums exact in i64, saturated to int32
// once, after the k loop.
// CHECK-LABEL: func.func @mmad_i8
// CHECK-DAG: %[[MIN:.*]] = arith.constant -2147483648 : i64
// CHECK-DAG: %[[MAX:.*]] = arith.constant 2147483647 : i64
// CHECK: %[[SUM:.*]] = scf.for {{.*}} -> (i64)
// CHECK: arith.extsi %{{.*}} : i8 to i64
// CHECK: arith.extsi %{{.*}} : i8 to i64
// CHECK: arith.muli %{{.*}} : i64
// CHECK: arith.addi %{{.*}} : i64
// CHECK: }
// CHECK-NEXT: %[[LO:.*]] = arith.maxsi %[[SUM]], %[[MIN]] : i64
// CHECK-NEXT: %[[HI:.*]] = arith.minsi %[[LO]], %[[MAX]] : i64
// CHECK-NEXT: %[[R:.*]] = arith.trunci %[[HI]] : i64 to i32
// CHECK-NEXT: memref.store %[[R]]
func.func @mmad_i8(%a: memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %b: memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>, %c: memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  ascube.mmad %a, %b to %c : memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
