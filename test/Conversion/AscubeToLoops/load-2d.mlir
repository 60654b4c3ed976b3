// LoadData 2D as loops (cube-reference §6): repeat i copies the 512 B
// fractal startIndex + i * srcStride of the source to destination fractal
// i * (dstGap + 1), element by element (256 f16 per fractal).
// RUN: ascube-opt %s -split-input-file --convert-ascube-to-loops --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @load_2d
// CHECK-SAME: (%[[S:.*]]: memref<1024xi16>, %[[D:.*]]: memref<1024xi16>)
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

// -----

// LoadDataWithTranspose (§7), b16: each square is one 16 x 16 fractal,
// transposed: element e = 16 r + c of the square lands at 16 c + r, so
// destination row c is source column c. Repeat i moves square startIndex +
// i * srcStride (0, 1) to square i (dstGap = 0): the square tables, then
// per square a call of the module's b16 square transpose with the source
// and destination fractals' offsets (256 elements a fractal). It loads the
// square's 16 source rows as vectors (16 elements apart), transposes them
// by shuffles — the first stage pairs rows 0 and 1 element by element —
// and stores them as destination rows 16 c.
// CHECK: memref.global "private" constant @__ascube_squares_dst : memref<2xi32> = dense<[0, 1]>
// CHECK: memref.global "private" constant @__ascube_squares_src : memref<2xi32> = dense<[0, 1]>
// CHECK-LABEL: func.func @load_2d_transpose
// CHECK-SAME: (%[[S:.*]]: memref<512xi16>, %[[D:.*]]: memref<512xi16>)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[SC:.*]] = memref.cast %[[S]] : memref<512xi16> to memref<?xi16, strided<[1], offset: ?>>
// CHECK-DAG: %[[DC:.*]] = memref.cast %[[D]] : memref<512xi16> to memref<?xi16, strided<[1], offset: ?>>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[C2]]
// CHECK: %[[SF:.*]] = arith.muli %{{.*}}, %[[C256]]
// CHECK: %[[DF:.*]] = arith.muli %{{.*}}, %[[C256]]
// CHECK-NEXT: func.call @[[SQ:__ascube_square_b16_i16_i16]](%[[SC]], %[[SF]], %[[DC]], %[[DF]])
// CHECK: func.func private @[[SQ]](%[[SS:.*]]: memref<?xi16, strided<[1], offset: ?>>, %[[SO:.*]]: index, %[[DD:.*]]: memref<?xi16, strided<[1], offset: ?>>, %[[DO:.*]]: index) attributes {passthrough = ["noinline"]}
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C240:.*]] = arith.constant 240 : index
// CHECK: %[[R0:.*]] = vector.load %[[SS]][%[[SO]]] : memref<?xi16, strided<[1], offset: ?>>, vector<16xi16>
// CHECK-NEXT: %[[SA1:.*]] = arith.addi %[[SO]], %[[C16]]
// CHECK-NEXT: %[[R1:.*]] = vector.load %[[SS]][%[[SA1]]] : memref<?xi16, strided<[1], offset: ?>>, vector<16xi16>
// CHECK: %[[SA15:.*]] = arith.addi %[[SO]], %[[C240]]
// CHECK-NEXT: vector.load %[[SS]][%[[SA15]]] : memref<?xi16, strided<[1], offset: ?>>, vector<16xi16>
// CHECK-NEXT: vector.shuffle %[[R0]], %[[R1]] [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xi16>, vector<16xi16>
// CHECK-NEXT: vector.shuffle %[[R0]], %[[R1]] [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xi16>, vector<16xi16>
// CHECK: vector.store %{{.*}}, %[[DD]][%[[DO]]] : memref<?xi16, strided<[1], offset: ?>>, vector<16xi16>
// CHECK-NEXT: %[[DA1:.*]] = arith.addi %[[DO]], %[[C16]]
// CHECK-NEXT: vector.store %{{.*}}, %[[DD]][%[[DA1]]] : memref<?xi16, strided<[1], offset: ?>>, vector<16xi16>
// CHECK: %[[DA15:.*]] = arith.addi %[[DO]], %[[C240]]
// CHECK-NEXT: vector.store %{{.*}}, %[[DD]][%[[DA15]]] : memref<?xi16, strided<[1], offset: ?>>, vector<16xi16>
// CHECK-NEXT: return
func.func @load_2d_transpose(%s: memref<32x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<16x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  ascube.load_2d_transpose %s to %d {repeatTimes = 2 : i64, srcStride = 1 : i64} : memref<32x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// LoadData 2D-v2 (§8): mStep = 2 fractals along M times kStep = 3 fractal
// columns; K column j starts srcStride = 3 fractals apart in the source and
// dstStride = 4 apart in the destination, so fractal (j, i) moves from
// 3 j + i to 4 j + i: sources 0 1 3 4 6 7, destinations 0 1 4 5 8 9, 256
// f16 each.
// CHECK-LABEL: memref.global "private" constant @__ascube_squares_dst : memref<6xi32> = dense<[0, 1, 4, 5, 8, 9]>
// CHECK: memref.global "private" constant @__ascube_squares_src : memref<6xi32> = dense<[0, 1, 3, 4, 6, 7]>
// CHECK-LABEL: func.func @load_2d_v2
// CHECK-SAME: (%[[S:.*]]: memref<3072xi16>, %[[D:.*]]: memref<3072xi16>)
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: scf.for %[[F:.*]] = %{{.*}} to %[[C6]]
// CHECK-DAG: %[[SB:.*]] = arith.muli %{{.*}}, %[[C256]]
// CHECK-DAG: %[[DB:.*]] = arith.muli %{{.*}}, %[[C256]]
// CHECK: scf.for %[[E:.*]] = %{{.*}} to %[[C256]]
// CHECK-DAG: %[[DA:.*]] = arith.addi %[[DB]], %[[E]]
// CHECK-DAG: %[[SA:.*]] = arith.addi %[[SB]], %[[E]]
// CHECK-DAG: %[[X:.*]] = memref.load %[[S]][%[[SA]]]
// CHECK: memref.store %[[X]], %[[D]][%[[DA]]]
func.func @load_2d_v2(%a1: memref<32x96xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<32x96xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  ascube.load_2d_v2 %a1 to %a0 {mStep = 2 : i64, kStep = 3 : i64, srcStride = 3 : i64, dstStride = 4 : i64} : memref<32x96xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x96xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}

// -----

// LoadDataWithSparse (§12, §3.2): repeat i copies the 512 B int8 fractal i
// (512 elements) and its 128 index bytes (2 bits per dense value) into the
// hidden index buffer, which starts at the L0B address / 4 = 1024 / 4 =
// 256 B: index byte e of repeat i goes to 256 + 128 i + e.
// CHECK-LABEL: func.func @load_sparse
// CHECK-SAME: (%[[BP:.*]]: memref<1024xi8>, %[[IX:.*]]: memref<256xi8>)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: %[[HIDDEN:.*]] = memref.get_global @__ascube_sparse_index
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[C2]]
// CHECK: %[[FB:.*]] = arith.muli %[[I]], %[[C512]]
// CHECK: scf.for %{{.*}} to %[[C512]]
// CHECK: %[[IB:.*]] = arith.muli %[[I]], %[[C128]]
// CHECK: %[[HB:.*]] = arith.addi %[[IB]], %[[C256]]
// CHECK: scf.for %[[E:.*]] = %{{.*}} to %[[C128]]
// CHECK-DAG: %[[HA:.*]] = arith.addi %[[HB]], %[[E]]
// CHECK-DAG: %[[XA:.*]] = arith.addi %[[IB]], %[[E]]
// CHECK-DAG: %[[X:.*]] = memref.load %[[IX]][%[[XA]]]
// CHECK: memref.store %[[X]], %[[HIDDEN]][%[[HA]]]
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @load_sparse(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 1024 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  ascube.load_sparse %bp, %ix to %b0 {repeatTimes = 2 : i64} : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}
}

// -----

// LoadData MX (§9): the fp8 data moves as two 512 B fractals (16 x 32 each
// of a 16 x 64 A), and the 16 x 2 e8m0 scales (32 B, one ScaleA fractal)
// byte by byte into L0A_MX.
// CHECK-LABEL: func.func @load_mx
// CHECK-SAME: (%[[A1:.*]]: memref<1024xi8>, %[[SA1:.*]]: memref<32xi8>, %[[A0:.*]]: memref<1024xi8>, %[[SA0:.*]]: memref<32xi8>)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: scf.for %{{.*}} to %[[C2]]
// CHECK: scf.for %{{.*}} to %[[C512]]
// CHECK: memref.load %[[A1]]
// CHECK: memref.store %{{.*}}, %[[A0]]
// CHECK: scf.for %[[E:.*]] = %{{.*}} to %[[C32]]
// CHECK: %[[S:.*]] = memref.load %[[SA1]][%[[E]]]
// CHECK: memref.store %[[S]], %[[SA0]][%[[E]]]
func.func @load_mx(%a1: memref<16x64xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<16x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                   %a0: memref<16x64xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<16x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>) {
  ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<16x64xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<16x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<16x64xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<16x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}
