// The default lowering of mmad: vector micro-kernels (docs/Rationale.md,
// "Speed without giving up a bit"; mmad.mlir has the reference loops). The
// operands are widened once into packed scratch arrays, a run of C0 k
// elements at a time; each 16 x 16 tile of C is 16 row vectors carried
// through the k loop in order; f16 products are exact in f32, so they are
// fused (vector.fma), bf16 ones are multiplied and added apart; f32 C is
// read and written in place. Hand-worked addresses: A 16 x 32 f16 Zz (C0
// 16): row i, k block k1 starts at k1 * 256 + i * 16; packed A holds
// (i, kk) at i * 32 + kk (k = 32), packed B (kk, j) at kk * 16 + j.
// RUN: ascube-opt %s -split-input-file --convert-ascube-to-loops --canonicalize --cse | FileCheck %s

!A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>

// CHECK-LABEL: func.func @mmad_f16
// CHECK-SAME: (%[[A:.*]]: memref<512xi16>, %[[B:.*]]: memref<512xi16>, %[[C:.*]]: memref<256xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[PA:.*]] = memref.alloc() : memref<512xf32>
// CHECK: %[[PB:.*]] = memref.alloc() : memref<512xf32>
// A run of 16 k elements of row i (k block k1): one vector load, widened
// exactly, one vector store at i * 32 + k1 * 16.
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}}
// CHECK: scf.for %[[K1:.*]] = %{{.*}} to %{{.*}}
// CHECK-NEXT: %[[KK:.*]] = arith.muli %[[K1]], %c16 : index
// CHECK: %[[LD:.*]] = vector.load %[[A]][%{{.*}}] : memref<512xi16>, vector<16xi16>
// CHECK-NEXT: %[[H:.*]] = arith.bitcast %[[LD]] : vector<16xi16> to vector<16xf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : vector<16xf16> to vector<16xf32>
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[I]], %[[C32]] : index
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[ROW]], %[[KK]] : index
// CHECK-NEXT: vector.store %[[W]], %[[PA]][%[[AT]]] : memref<512xf32>, vector<16xf32>
// B: its one group of 16 columns, per k block k1: the runs of columns 0, 1,
// ... (Zn: column j, k block k1 at k1 * 256 + j * 16) loaded and widened,
// transposed by shuffles (stage 1 pairs columns 0 and 1, element by element),
// and stored as rows kk = k1 * 16 + e of packed B at kk * 16 — by the
// module's shared 16-line transpose, called per k block with the 16 runs'
// places and k1 * 256.
// CHECK: scf.for %[[KB:.*]] = %{{.*}} to %{{.*}}
// CHECK: %[[ROW0:.*]] = arith.muli %[[KB]], %c256 : index
// CHECK-NEXT: func.call @[[PACK:__ascube_pack16_i16_f16_f32_16]](%{{.*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{.*}}, %[[ROW0]])
// f32 C from zero, in place: its 16 rows zeroed, then the module's shared
// 16 x 16 micro-kernel (fused: f16 products are exact) over the tile:
// packed A's row 0 and packed B's from 0, k = 32, C's tile at 0.
// CHECK: vector.store %[[ZERO]], %[[C]][%c0] : memref<256xf32>, vector<16xf32>
// CHECK: vector.store %[[ZERO]], %[[C]][%c240] : memref<256xf32>, vector<16xf32>
// CHECK: call @[[MK:__ascube_microkernel_16x16_fused]](%{{.*}}, %c0, %{{.*}}, %c0, %[[C32]], %{{.*}}, %c0)
// CHECK: memref.dealloc %[[PA]]
// CHECK-NEXT: memref.dealloc %[[PB]]
// The transpose: 16 runs loaded and widened, shuffled (the first stage
// pairs runs 0 and 1 element by element), stored as 16 rows of packed B,
// 16 apart.
// CHECK: func.func private @[[PACK]](%[[SRC:[^:]*]]: memref<?xi16, strided<[1], offset: ?>>, %[[RUN0:[^:]*]]: index, %[[RUN1:[^:]*]]: index,
// CHECK-SAME: %[[DST:[^:]*]]: memref<?xf32, strided<[1], offset: ?>>, %[[TO:[^:]*]]: index) attributes {passthrough = ["noinline"]}
// CHECK: vector.load %[[SRC]][%[[RUN0]]] : memref<?xi16, strided<[1], offset: ?>>, vector<16xi16>
// CHECK-NEXT: arith.bitcast
// CHECK-NEXT: %[[WB0:.*]] = arith.extf %{{.*}} : vector<16xf16> to vector<16xf32>
// CHECK-NEXT: vector.load %[[SRC]][%[[RUN1]]] : memref<?xi16, strided<[1], offset: ?>>, vector<16xi16>
// CHECK-NEXT: arith.bitcast
// CHECK-NEXT: %[[WB1:.*]] = arith.extf %{{.*}} : vector<16xf16> to vector<16xf32>
// CHECK: vector.shuffle %[[WB0]], %[[WB1]] [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xf32>, vector<16xf32>
// CHECK-NEXT: vector.shuffle %[[WB0]], %[[WB1]] [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xf32>, vector<16xf32>
// CHECK: vector.store %{{.*}}, %[[DST]][%[[TO]]] : memref<?xf32, strided<[1], offset: ?>>, vector<16xf32>
// CHECK-NEXT: %[[TO1:.*]] = arith.addi %[[TO]], %c16 : index
// CHECK-NEXT: vector.store %{{.*}}, %[[DST]][%[[TO1]]] : memref<?xf32, strided<[1], offset: ?>>, vector<16xf32>
// The micro-kernel: the tile's 16 rows loaded from C, carried through the
// k loop in order — per kk one row of packed B (bRow + 16 kk) and per row
// r packed A's element aRow + r k + kk, broadcast and fused — and stored
// back.
// CHECK: func.func private @[[MK]](%[[KA:[^:]*]]: memref<?xf32>, %[[AROW:[^:]*]]: index, %[[KBUF:[^:]*]]: memref<?xf32>, %[[BROW:[^:]*]]: index, %[[K:[^:]*]]: index, %[[KC:[^:]*]]: memref<?xf32>, %[[CB:[^:]*]]: index) attributes {passthrough = ["noinline"]}
// CHECK: %[[CR0:.*]] = vector.load %[[KC]][%[[CB]]] : memref<?xf32>, vector<16xf32>
// CHECK: %[[R:.*]]:16 = scf.for %[[KK:.*]] = %c0 to %[[K]] step %c1 iter_args(%[[ACC0:[a-z0-9_]+]] = %[[CR0]], %[[ACC1:[a-z0-9_]+]] = %{{[^,]*}},
// CHECK-NEXT: %[[K16:.*]] = arith.muli %[[KK]], %c16 : index
// CHECK-NEXT: %[[BAT:.*]] = arith.addi %[[BROW]], %[[K16]] : index
// CHECK-NEXT: %[[BV:.*]] = vector.load %[[KBUF]][%[[BAT]]] : memref<?xf32>, vector<16xf32>
// CHECK-NEXT: %[[AAT:.*]] = arith.addi %[[AROW]], %[[KK]] : index
// CHECK-NEXT: %[[A0:.*]] = memref.load %[[KA]][%[[AAT]]] : memref<?xf32>
// CHECK-NEXT: %[[AB0:.*]] = vector.broadcast %[[A0]] : f32 to vector<16xf32>
// CHECK-NEXT: %[[S0:.*]] = vector.fma %[[AB0]], %[[BV]], %[[ACC0]] : vector<16xf32>
// CHECK-NEXT: %[[AAT1:.*]] = arith.addi %[[AAT]], %[[K]] : index
// CHECK-NEXT: %[[A1:.*]] = memref.load %[[KA]][%[[AAT1]]] : memref<?xf32>
// CHECK-NEXT: %[[AB1:.*]] = vector.broadcast %[[A1]] : f32 to vector<16xf32>
// CHECK-NEXT: %[[S1:.*]] = vector.fma %[[AB1]], %[[BV]], %[[ACC1]] : vector<16xf32>
// CHECK: scf.yield %[[S0]], %[[S1]],
// CHECK: vector.store %[[R]]#0, %[[KC]][%[[CB]]] : memref<?xf32>, vector<16xf32>
// CHECK: vector.store %[[R]]#15, %[[KC]][%{{.*}}] : memref<?xf32>, vector<16xf32>
// CHECK-NEXT: return
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @mmad_f16(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C : !A, !B to !C
    return
  }
}

// -----

// bf16 products can round (or fall into f32's subnormals): multiplied and
// added apart — unless this run's operands keep every product of two within
// f32's normal range, where 8 x 8 significant bits are exact and the
// kernel is fused. One pass over packed A (then B), 16 elements at a time:
// the exponent field (bits >> 23 & 255), the smallest of the nonzero
// elements (& 0x7FFFFFFF != 0) and the largest of all. Fused where A's and
// B's smallest are >= 1, their largest <= 254, the smallest sum >= 128 and
// the largest <= 380. Accumulating onto C: the row vectors start from C.
!A = memref<16x16xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xbf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-LABEL: func.func @mmad_bf16
// CHECK-SAME: %[[C:[^:]*]]: memref<256xf32>)
// CHECK-DAG: %[[C380:.*]] = arith.constant 380 : i32
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i32
// CHECK-DAG: %[[C254:.*]] = arith.constant 254 : i32
// CHECK-DAG: %[[MAG:.*]] = arith.constant dense<2147483647> : vector<16xi32>
// CHECK-DAG: %[[S23:.*]] = arith.constant dense<23> : vector<16xi32>
// CHECK-DAG: %[[F255:.*]] = arith.constant dense<255> : vector<16xi32>
// CHECK: %[[PA:.*]] = memref.alloc() : memref<256xf32>
// bf16 widened into the top half of the f32 bits.
// CHECK: arith.extui %{{.*}} : vector<16xi16> to vector<16xi32>
// CHECK-NEXT: arith.shli
// CHECK-NEXT: arith.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// CHECK: %[[RA:.*]]:2 = scf.for %[[I:.*]] = %c0 to %c256 step %c16 iter_args(%[[LO:.*]] = %[[F255]], %[[HI:.*]] = %{{.*}})
// CHECK-NEXT: %[[V:.*]] = vector.load %[[PA]][%[[I]]] : memref<256xf32>, vector<16xf32>
// CHECK-NEXT: %[[BITS:.*]] = arith.bitcast %[[V]] : vector<16xf32> to vector<16xi32>
// CHECK-NEXT: %[[SH:.*]] = arith.shrui %[[BITS]], %[[S23]] : vector<16xi32>
// CHECK-NEXT: %[[E:.*]] = arith.andi %[[SH]], %[[F255]] : vector<16xi32>
// CHECK-NEXT: %[[M:.*]] = arith.andi %[[BITS]], %[[MAG]] : vector<16xi32>
// CHECK-NEXT: %[[NZ:.*]] = arith.cmpi ne, %[[M]], %{{.*}} : vector<16xi32>
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[NZ]], %[[E]], %[[F255]] : vector<16xi1>, vector<16xi32>
// CHECK-NEXT: %[[LO2:.*]] = arith.minui %[[LO]], %[[SEL]] : vector<16xi32>
// CHECK-NEXT: %[[HI2:.*]] = arith.maxui %[[HI]], %[[E]] : vector<16xi32>
// CHECK-NEXT: scf.yield %[[LO2]], %[[HI2]]
// CHECK: %[[ALO:.*]] = vector.reduction <minui>, %[[RA]]#0 : vector<16xi32> into i32
// CHECK-NEXT: %[[AHI:.*]] = vector.reduction <maxui>, %[[RA]]#1 : vector<16xi32> into i32
// CHECK: %[[BLO:.*]] = vector.reduction <minui>
// CHECK-NEXT: %[[BHI:.*]] = vector.reduction <maxui>
// CHECK: arith.cmpi ule, %[[BHI]], %[[C254]] : i32
// CHECK: %[[LOSUM:.*]] = arith.addi %[[ALO]], %[[BLO]] : i32
// CHECK-NEXT: arith.cmpi uge, %[[LOSUM]], %[[C128]] : i32
// CHECK: %[[HISUM:.*]] = arith.addi %[[AHI]], %[[BHI]] : i32
// CHECK-NEXT: arith.cmpi ule, %[[HISUM]], %[[C380]] : i32
// CHECK: scf.if
// CHECK: call @[[FUSED:__ascube_microkernel_16x16_fused]](%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[CC:[^,]*]], %c0)
// CHECK: } else {
// CHECK: call @[[APART:__ascube_microkernel_16x16]](%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[CC]], %c0)
// CHECK: return
// The fused kernel starts from C's tile and fuses; the other one starts
// from C's tile and multiplies and adds apart.
// CHECK: func.func private @[[FUSED]](
// CHECK: %[[FC0:.*]] = vector.load %[[FKC:arg5]][%[[FCB:arg6]]]
// CHECK: scf.for {{.*}} iter_args(%[[ACC0:[a-z0-9_]+]] = %[[FC0]],
// CHECK: vector.fma %{{.*}}, %{{.*}}, %[[ACC0]] : vector<16xf32>
// CHECK: func.func private @[[APART]](
// CHECK-NOT: vector.fma
// CHECK: %[[D0:.*]] = vector.load %arg5[%arg6]
// CHECK: scf.for {{.*}} iter_args(%[[DACC0:[a-z0-9_]+]] = %[[D0]],
// CHECK-NOT: vector.fma
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NEXT: arith.addf %[[DACC0]], %[[P]] : vector<16xf32>
// CHECK-NOT: vector.fma
// CHECK: return
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @mmad_bf16(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C {cmatrixInitVal = false} : !A, !B to !C
    return
  }
}

// -----

// int8: the dot-product form over i16 pairs. Products summed from zero in
// i32 (128 * 128 * 64 < 2^31; any order is exact), A and B packed as i16
// lines with k contiguous; each of the two steps of 32 k adds to each of
// a 4 x 4 block's 16 vectors a(2l) b(2l) + a(2l+1) b(2l+1), the pair sum
// frozen. Then the 16 vectors' lane sums in one vector (the first and the
// last of four shuffle levels checked), the bias row added in i64 and
// saturated to int32 on all 16 lanes, and each row of 4 stored in C's Nz
// storage.
!A = memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<64x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!T = memref<16xi32, #ascube.mem<BT>>
// CHECK-LABEL: func.func @mmad_i8_bias
// CHECK-SAME: %[[C:[^:]*]]: memref<256xi32>, %[[T:[^:]*]]: memref<16xi32>)
// CHECK-DAG: %[[LO:.*]] = arith.constant dense<-2147483648> : vector<16xi64>
// CHECK-DAG: %[[HI:.*]] = arith.constant dense<2147483647> : vector<16xi64>
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : vector<16xi32>
// CHECK: %[[PA:.*]] = memref.alloc() : memref<1024xi16>
// CHECK-NEXT: %[[PB:.*]] = memref.alloc() : memref<1024xi16>
// CHECK: %[[AV:.*]] = arith.extsi %{{.*}} : vector<32xi8> to vector<32xi16>
// CHECK: vector.store %[[AV]], %[[PA]][%{{.*}}] : memref<1024xi16>, vector<32xi16>
// CHECK: %[[R:.*]]:16 = scf.for %[[K:.*]] = %c0 to %c2 step %c1 iter_args(%[[ACC0:[a-z0-9_]+]] = %[[Z]],
// CHECK-NEXT: %[[KK:.*]] = arith.muli %[[K]], %c32 : index
// CHECK: %[[A0:.*]] = vector.load %[[PA]][%{{.*}}] : memref<1024xi16>, vector<32xi16>
// CHECK-NEXT: %[[A0E:.*]] = vector.shuffle %[[A0]], %[[A0]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
// CHECK-NEXT: %[[A0O:.*]] = vector.shuffle %[[A0]], %[[A0]] [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31]
// CHECK-NEXT: %[[A0E32:.*]] = arith.extsi %[[A0E]] : vector<16xi16> to vector<16xi32>
// CHECK-NEXT: %[[A0O32:.*]] = arith.extsi %[[A0O]] : vector<16xi16> to vector<16xi32>
// CHECK: %[[B0:.*]] = vector.load %[[PB]][%{{.*}}] : memref<1024xi16>, vector<32xi16>
// CHECK-NEXT: %[[B0E:.*]] = vector.shuffle %[[B0]], %[[B0]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
// CHECK-NEXT: %[[B0O:.*]] = vector.shuffle %[[B0]], %[[B0]] [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31]
// CHECK-NEXT: %[[B0E32:.*]] = arith.extsi %[[B0E]] : vector<16xi16> to vector<16xi32>
// CHECK-NEXT: %[[B0O32:.*]] = arith.extsi %[[B0O]] : vector<16xi16> to vector<16xi32>
// CHECK: %[[P0:.*]] = arith.muli %[[A0E32]], %[[B0E32]] : vector<16xi32>
// CHECK-NEXT: %[[P1:.*]] = arith.muli %[[A0O32]], %[[B0O32]] : vector<16xi32>
// CHECK-NEXT: %[[TWO:.*]] = arith.addi %[[P0]], %[[P1]] : vector<16xi32>
// CHECK-NEXT: %[[F:.*]] = llvm.freeze %[[TWO]] : vector<16xi32>
// CHECK-NEXT: %[[S0:.*]] = arith.addi %[[ACC0]], %[[F]] : vector<16xi32>
// CHECK: scf.yield %[[S0]],
// CHECK: %[[H0:.*]] = vector.shuffle %[[R]]#0, %[[R]]#1 [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23]
// CHECK-NEXT: %[[H1:.*]] = vector.shuffle %[[R]]#0, %[[R]]#1 [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31]
// CHECK-NEXT: arith.addi %[[H0]], %[[H1]] : vector<16xi32>
// CHECK: %[[L0:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %[[L1:.*]] = vector.shuffle %{{.*}}, %{{.*}} [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %[[SUMS:.*]] = arith.addi %[[L0]], %[[L1]] : vector<16xi32>
// CHECK: %[[BIAS:.*]] = vector.load %[[T]][%{{.*}}] : memref<16xi32>, vector<4xi32>
// CHECK-NEXT: %[[B8:.*]] = vector.shuffle %[[BIAS]], %[[BIAS]] [0, 1, 2, 3, 4, 5, 6, 7]
// CHECK-NEXT: %[[B16:.*]] = vector.shuffle %[[B8]], %[[B8]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
// CHECK-NEXT: %[[BW:.*]] = arith.extsi %[[B16]] : vector<16xi32> to vector<16xi64>
// CHECK-NEXT: %[[SW:.*]] = arith.extsi %[[SUMS]] : vector<16xi32> to vector<16xi64>
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[BW]], %[[SW]] : vector<16xi64>
// CHECK-NEXT: %[[X1:.*]] = arith.maxsi %[[X]], %[[LO]] : vector<16xi64>
// CHECK-NEXT: %[[X2:.*]] = arith.minsi %[[X1]], %[[HI]] : vector<16xi64>
// CHECK-NEXT: %[[X3:.*]] = arith.trunci %[[X2]] : vector<16xi64> to vector<16xi32>
// CHECK-NEXT: %[[ROW0:.*]] = vector.extract_strided_slice %[[X3]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK-NEXT: vector.store %[[ROW0]], %[[C]][%{{.*}}] : memref<256xi32>, vector<4xi32>
// CHECK: vector.extract_strided_slice %[[X3]] {offsets = [12], sizes = [4], strides = [1]}
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @mmad_i8_bias(%A: !A, %B: !B, %C: !C, %T: !T) {
    ascube.mmad %A, %B to %C bias %T : !T : !A, !B to !C
    return
  }
}

// -----

// The saturating overflow mode: C is saturated as it is written, so the
// tiles go through a scratch C and a scalar write per element (the
// reference's saturateF32).
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-LABEL: func.func @mmad_saturating
// CHECK: memref.alloc() : memref<256xf32>
// CHECK: memref.alloc() : memref<256xf32>
// CHECK: %[[PC:.*]] = memref.alloc() : memref<256xf32>
// CHECK: %[[PCD:.*]] = memref.cast %[[PC]] : memref<256xf32> to memref<?xf32>
// CHECK: call @__ascube_microkernel_16x16_fused(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[PCD]], %c0)
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.load %[[PC]]
// CHECK: arith.cmpf
// CHECK: memref.dealloc %[[PC]]
module attributes {ascube.target = #ascube.target<atlas_a2>, ascube.overflow = #ascube.overflow<saturation>} {
  func.func @mmad_saturating(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C : !A, !B to !C
    return
  }
}

// -----

// ND2NZ: each row as runs of C0 = 16 elements, one vector move each; the
// row tail (20 = 16 + 4) moves 4 and zero-fills 12. Row r of a 2 x 20 f16
// matrix: columns 0-15 at r * 16, columns 16-19 at 256 + r * 16 (the
// second fractal column, 16 padded rows of 16), zeros at 260 + r * 16.
// CHECK-LABEL: func.func @nd2nz
// CHECK-SAME: (%[[G:.*]]: memref<2x20xf16>, %[[L:.*]]: memref<512xi16>)
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : vector<12xi16>
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[G]]
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %c2
// CHECK-NEXT: %[[S:.*]] = arith.muli %[[R]], %c20 : index
// CHECK-NEXT: %[[D:.*]] = arith.muli %[[R]], %c16 : index
// CHECK-NEXT: %[[V:.*]] = vector.load %[[FLAT]][%[[S]]] : memref<40xf16>, vector<16xf16>
// CHECK-NEXT: %[[VB:.*]] = arith.bitcast %[[V]] : vector<16xf16> to vector<16xi16>
// CHECK-NEXT: vector.store %[[VB]], %[[L]][%[[D]]] : memref<512xi16>, vector<16xi16>
// CHECK-NEXT: %[[D2:.*]] = arith.addi %[[D]], %c256 : index
// CHECK-NEXT: %[[S2:.*]] = arith.addi %[[S]], %c16 : index
// CHECK-NEXT: %[[T:.*]] = vector.load %[[FLAT]][%[[S2]]] : memref<40xf16>, vector<4xf16>
// CHECK-NEXT: %[[TB:.*]] = arith.bitcast %[[T]] : vector<4xf16> to vector<4xi16>
// CHECK-NEXT: vector.store %[[TB]], %[[L]][%[[D2]]] : memref<512xi16>, vector<4xi16>
// CHECK-NEXT: %[[D3:.*]] = arith.addi %[[D]], %c260 : index
// CHECK-NEXT: vector.store %[[Z]], %[[L]][%[[D3]]] : memref<512xi16>, vector<12xi16>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @nd2nz(%G: memref<2x20xf16>, %L: memref<2x20xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    ascube.data_copy %G to %L : memref<2x20xf16> to memref<2x20xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}
