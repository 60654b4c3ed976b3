// The Mmad family as the reference loops (cube-reference §13; the pass
// option reference=true, mmad-kernels.mlir has the default micro-kernels):
// for each output element
// (m, n) one k loop, in order k = 0, 1, ..., accumulating in f32 from 0 (or
// from C when accumulating); each f16 product is formed in f32 (both
// operands widened exactly) and added to the running sum, never
// re-associated. Addresses: A Zz, B Zn, C Nz (§2), worked by hand below.
// RUN: ascube-opt %s -split-input-file --convert-ascube-to-loops=reference=true --canonicalize --cse | FileCheck %s

!A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>

// CHECK-LABEL: func.func @mmad_f16
// CHECK-SAME: (%[[A:.*]]: memref<512xi16>, %[[B:.*]]: memref<512xi16>, %[[C:.*]]: memref<256xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: scf.for %[[M:.*]] = %{{.*}} to %[[C16]]
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %[[C16]]
// The k loop is innermost and carries the sum, starting from +0.
// CHECK: %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[C32]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32)
// CHECK: %[[X:.*]] = memref.load %[[A]]
// CHECK-NEXT: %[[XH:.*]] = arith.bitcast %[[X]] : i16 to f16
// CHECK-NEXT: %[[XF:.*]] = arith.extf %[[XH]] : f16 to f32
// CHECK: %[[Y:.*]] = memref.load %[[B]]
// CHECK-NEXT: %[[YH:.*]] = arith.bitcast %[[Y]] : i16 to f16
// CHECK-NEXT: %[[YF:.*]] = arith.extf %[[YH]] : f16 to f32
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
// CHECK: memref.store %[[R]]
func.func @mmad_i8(%a: memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %b: memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>, %c: memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  ascube.mmad %a, %b to %c : memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

// MmadWithSparse (§14, §3.2): k = 64 is 16 groups of four A columns; group g
// reads two dense B' values and their 2-bit indices (i0, i1) from the hidden
// index buffer at B's L0B address / 4 = 1024 / 4 = 256 B, four indices per
// byte (value p at bits 2 (p % 4)), and adds A[i][4g + i0] * b'0 then
// A[i][4g + 1 + i1] * b'1 (the column capped at 4g + 3), exactly in i64,
// saturated to int32 once after the loop.
// CHECK-LABEL: func.func @mmad_sparse
// CHECK-DAG: %[[C3I8:.*]] = arith.constant 3 : i8
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[MIN:.*]] = arith.constant -2147483648 : i64
// CHECK-DAG: %[[MAX:.*]] = arith.constant 2147483647 : i64
// CHECK: %[[HIDDEN:.*]] = memref.get_global @__ascube_sparse_index
// CHECK: %[[SUM:.*]] = scf.for %[[G:.*]] = %{{.*}} to %[[C16]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i64)
// First value: its index byte, shifted and masked to i0.
// CHECK: %[[IA0:.*]] = arith.addi %{{.*}}, %[[C256]] : index
// CHECK: %[[BYTE0:.*]] = memref.load %[[HIDDEN]][%[[IA0]]]
// CHECK: %[[SH0:.*]] = arith.shrui %[[BYTE0]], %{{.*}} : i8
// CHECK: %[[I0:.*]] = arith.andi %[[SH0]], %[[C3I8]] : i8
// CHECK: %[[G4:.*]] = arith.muli %[[G]], %[[C4]] : index
// CHECK: arith.addi %[[G4]], %{{.*}} : index
// CHECK: %[[P0:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: %[[S0:.*]] = arith.addi %[[ACC]], %[[P0]] : i64
// Second value: 1 + i1, capped at 3.
// CHECK: %[[IA1:.*]] = arith.addi %{{.*}}, %[[C256]] : index
// CHECK: memref.load %[[HIDDEN]][%[[IA1]]]
// CHECK: %[[I1:.*]] = arith.andi %{{.*}}, %[[C3I8]] : i8
// CHECK: %[[I1X:.*]] = arith.index_castui %[[I1]] : i8 to index
// CHECK: %[[I1P:.*]] = arith.addi %[[I1X]], %{{.*}} : index
// CHECK: %[[I1C:.*]] = arith.minui %[[I1P]], %[[C3]] : index
// CHECK: arith.addi %[[G4]], %[[I1C]] : index
// CHECK: %[[P1:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: %[[S1:.*]] = arith.addi %[[S0]], %[[P1]] : i64
// CHECK: scf.yield %[[S1]] : i64
// CHECK: %[[LO:.*]] = arith.maxsi %[[SUM]], %[[MIN]] : i64
// CHECK: %[[HI:.*]] = arith.minsi %[[LO]], %[[MAX]] : i64
// CHECK: arith.trunci %[[HI]] : i64 to i32
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @mmad_sparse(%a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b0 = ascube.alloc offset 1024 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  ascube.mmad_sparse %a, %b0 to %c {k = 64 : i64} : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

// MmadMx (§15, §17): for each k, A's and B's values are decoded through
// 256-entry tables and each multiplied by its e8m0 scale (one per 32 K
// elements: scale column k / 32), then (a sa) (b sb) is added to an f32 sum
// from +0, k = 0 .. 63 in order. The e8m0 table holds 2^(E - 127): entry 0
// is 2^-127 = 0x00400000, entry 254 is 2^127 = 0x7F000000 and entry 255 is
// NaN 0x7FC00000 (little-endian bytes below).
// CHECK: memref.global "private" constant @__ascube_decode_f8E8M0FNU : memref<256xf32> = dense<"0x0000400000008000{{[0-9A-F]*}}0000007F0000C07F">
// CHECK-LABEL: func.func @mmad_mx
// CHECK-SAME: (%[[A:.*]]: memref<1024xi8>, %[[SA:.*]]: memref<32xi8>, %[[B:.*]]: memref<1024xi8>, %[[SB:.*]]: memref<32xi8>, %[[C:.*]]: memref<256xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[C64]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32)
// CHECK: arith.divui %[[K]], %[[C32]] : index
// The order of the operand loads and of mulf's operands is the C++
// compiler's (argument evaluation order): matched as a DAG.
// CHECK-DAG: memref.load %[[A]]
// CHECK-DAG: memref.load %[[SA]]
// CHECK-DAG: memref.get_global @__ascube_decode_f8E4M3FN
// CHECK-DAG: memref.get_global @__ascube_decode_f8E8M0FNU
// CHECK: %[[AS:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-DAG: memref.load %[[B]]
// CHECK-DAG: memref.load %[[SB]]
// CHECK-DAG: memref.get_global @__ascube_decode_f8E5M2
// CHECK: %[[BS:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK: scf.yield %[[S]] : f32
// CHECK: memref.store %[[SUM]], %[[C]]
func.func @mmad_mx(%a0: memref<16x64xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<16x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                   %b0: memref<64x16xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb0: memref<2x16xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                   %c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  ascube.mmad_mx %a0, %sa0, %b0, %sb0 to %c : memref<16x64xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<16x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<64x16xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<2x16xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
