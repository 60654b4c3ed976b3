// Integer mmad with convert-ascube-to-loops x86-vnni=true (AVX-512 VNNI:
// what ascube-run picks on a host that has it; fast-reference-vnni.test
// runs it against the reference loops). A and B are packed as byte lines
// with k contiguous (k = 128: two steps of 64), each step one
// llvm.x86.avx512.vpdpbusd.512 per element of a 4 x 4 block of C, A the
// unsigned operand. Checked on the IR only: no CPU feature is needed.
// RUN: ascube-opt %s -split-input-file --convert-ascube-to-loops=x86-vnni=true --canonicalize --cse | FileCheck %s
// Without the option, the i16-pair form (no vpdpbusd).
// RUN: ascube-opt %s -split-input-file --convert-ascube-to-loops --canonicalize --cse | FileCheck %s --check-prefix=PAIRS --implicit-check-not=vpdpbusd
// PAIRS: llvm.freeze

// i8 x i8: A shifted by 128 (each byte's top bit flipped), so that
// sum (a + 128) b - 128 sum b = sum a b: B's column sums (vpdpbusd against
// bytes of 1, B signed) times -128, added per column (lane r * 4 + c takes
// column j0 + c) before the bias and the saturation.
!A = memref<16x128xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<128x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!T = memref<16xi32, #ascube.mem<BT>>
// CHECK-LABEL: func.func @mmad_i8_bias
// CHECK-DAG: %[[TOP:.*]] = arith.constant dense<-128> : vector<64xi8>
// CHECK-DAG: %[[M128:.*]] = arith.constant -128 : i32
// CHECK-DAG: %[[ONES:.*]] = arith.constant dense<1> : vector<64xi8>
// CHECK: %[[PA:.*]] = memref.alloc() : memref<2048xi8>
// CHECK-NEXT: %[[PB:.*]] = memref.alloc() : memref<2048xi8>
// CHECK: %[[AV:.*]] = vector.load %{{.*}} : memref<2048xi8>, vector<32xi8>
// CHECK: vector.store %[[AV]], %[[PA]][%{{.*}}] : memref<2048xi8>, vector<32xi8>
// CHECK: %[[CORR:.*]] = memref.alloc() : memref<16xi32>
// CHECK: %[[BL:.*]] = vector.load %[[PB]][%{{.*}}] : memref<2048xi8>, vector<64xi8>
// CHECK-NEXT: %{{.*}} = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.*}}, %[[ONES]], %[[BL]])
// CHECK: %[[SUM:.*]] = vector.reduction <add>, %{{.*}} : vector<16xi32> into i32
// CHECK-NEXT: %[[FIX:.*]] = arith.muli %[[SUM]], %[[M128]] : i32
// CHECK-NEXT: memref.store %[[FIX]], %[[CORR]][%{{.*}}] : memref<16xi32>
// CHECK: %[[AL:.*]] = vector.load %[[PA]][%{{.*}}] : memref<2048xi8>, vector<64xi8>
// CHECK-NEXT: %[[AX:.*]] = arith.xori %[[AL]], %[[TOP]] : vector<64xi8>
// CHECK-NEXT: vector.store %[[AX]], %[[PA]][%{{.*}}] : memref<2048xi8>, vector<64xi8>
// CHECK: %[[R:.*]]:16 = scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args(%[[ACC0:[a-z0-9_]+]] =
// CHECK: %[[A0:.*]] = vector.load %[[PA]][%{{.*}}] : memref<2048xi8>, vector<64xi8>
// CHECK: %[[B0:.*]] = vector.load %[[PB]][%{{.*}}] : memref<2048xi8>, vector<64xi8>
// CHECK: %[[S0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[ACC0]], %[[A0]], %[[B0]]) : (vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>
// CHECK: scf.yield %[[S0]],
// CHECK: %[[L1:.*]] = vector.shuffle %{{.*}}, %{{.*}} [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %[[SUMS:.*]] = arith.addi %{{.*}}, %[[L1]] : vector<16xi32>
// CHECK-NEXT: %[[FOUR:.*]] = vector.load %[[CORR]][%{{.*}}] : memref<16xi32>, vector<4xi32>
// CHECK-NEXT: %[[F16:.*]] = vector.shuffle %[[FOUR]], %[[FOUR]] [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]
// CHECK-NEXT: %[[FIXED:.*]] = arith.addi %[[SUMS]], %[[F16]] : vector<16xi32>
// CHECK: %[[BIAS:.*]] = vector.load %{{.*}} : memref<16xi32>, vector<4xi32>
// CHECK: arith.extsi %[[FIXED]] : vector<16xi32> to vector<16xi64>
// CHECK: memref.dealloc %[[CORR]]
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @mmad_i8_bias(%A: !A, %B: !B, %C: !C, %T: !T) {
    ascube.mmad %A, %B to %C bias %T : !T : !A, !B to !C
    return
  }
}

// -----

// ui8 x ui8 -> i32 (Atlas inference series): B shifted by 128 (b - 128 is
// signed), so that sum a (b - 128) + 128 sum a = sum a b: A's row sums
// (vpdpbusd of A, unsigned, against bytes of 1) times 128, added per row
// (lane r * 4 + c takes row i0 + r), accumulated onto C.
!A = memref<16x128xui8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<128x16xui8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-LABEL: func.func @mmad_u8u8
// CHECK-DAG: %[[TOP:.*]] = arith.constant dense<-128> : vector<64xi8>
// CHECK-DAG: %[[P128:.*]] = arith.constant 128 : i32
// CHECK-DAG: %[[ONES:.*]] = arith.constant dense<1> : vector<64xi8>
// CHECK: %[[PA:.*]] = memref.alloc() : memref<2048xi8>
// CHECK-NEXT: %[[PB:.*]] = memref.alloc() : memref<2048xi8>
// CHECK: %[[CORR:.*]] = memref.alloc() : memref<16xi32>
// CHECK: %[[AL:.*]] = vector.load %[[PA]][%{{.*}}] : memref<2048xi8>, vector<64xi8>
// CHECK-NEXT: %{{.*}} = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.*}}, %[[AL]], %[[ONES]])
// CHECK: %[[SUM:.*]] = vector.reduction <add>, %{{.*}} : vector<16xi32> into i32
// CHECK-NEXT: %[[FIX:.*]] = arith.muli %[[SUM]], %[[P128]] : i32
// CHECK-NEXT: memref.store %[[FIX]], %[[CORR]][%{{.*}}] : memref<16xi32>
// CHECK: %[[BL:.*]] = vector.load %[[PB]][%{{.*}}] : memref<2048xi8>, vector<64xi8>
// CHECK-NEXT: %[[BX:.*]] = arith.xori %[[BL]], %[[TOP]] : vector<64xi8>
// CHECK-NEXT: vector.store %[[BX]], %[[PB]][%{{.*}}] : memref<2048xi8>, vector<64xi8>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK: %[[FOUR:.*]] = vector.load %[[CORR]][%{{.*}}] : memref<16xi32>, vector<4xi32>
// CHECK-NEXT: vector.shuffle %[[FOUR]], %[[FOUR]] [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @mmad_u8u8(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C {cmatrixInitVal = false} : !A, !B to !C
    return
  }
}

// -----

// ui8 x i8 -> i32 (Atlas inference series): already vpdpbusd's unsigned x
// signed bytes, so nothing is shifted and nothing corrected.
!A = memref<16x128xui8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<128x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-LABEL: func.func @mmad_u8i8
// CHECK-NOT: arith.xori
// CHECK-NOT: memref<16xi32>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK-NOT: arith.xori
// CHECK: return
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @mmad_u8i8(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C : !A, !B to !C
    return
  }
}

// -----

// Tails go element by element: a 4 x 2 C (no whole 4 x 4 block), each
// element's lane sum plus its correction, here (canonicalized to constant
// indices) B's column sums of i8 x i8 for (0, 0), (0, 1), (1, 0): columns
// 0, 1, 0.
!A = memref<4x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<64x2xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<4x2xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-LABEL: func.func @tail_i8
// CHECK: %[[CORR:.*]] = memref.alloc() : memref<2xi32>
// CHECK: arith.xori
// CHECK: %[[S00:.*]] = vector.reduction <add>
// CHECK-NEXT: %[[F00:.*]] = memref.load %[[CORR]][%c0] : memref<2xi32>
// CHECK-NEXT: arith.addi %[[S00]], %[[F00]] : i32
// CHECK: vector.reduction <add>
// CHECK-NEXT: memref.load %[[CORR]][%c1] : memref<2xi32>
// CHECK: vector.reduction <add>
// CHECK-NEXT: memref.load %[[CORR]][%c0] : memref<2xi32>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @tail_i8(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C : !A, !B to !C
    return
  }
}

// -----

// ui8 x ui8 -> ui32 (Atlas training series), 4 x 2: A's row sums, rows 0,
// 0, 1 for (0, 0), (0, 1), (1, 0); C unsigned, so element by element.
!A = memref<4x64xui8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<64x2xui8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<4x2xui32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-LABEL: func.func @tail_u8u8
// CHECK: %[[CORR:.*]] = memref.alloc() : memref<4xi32>
// CHECK: arith.xori
// CHECK: vector.reduction <add>
// CHECK-NEXT: memref.load %[[CORR]][%c0] : memref<4xi32>
// CHECK: vector.reduction <add>
// CHECK-NEXT: memref.load %[[CORR]][%c0] : memref<4xi32>
// CHECK: vector.reduction <add>
// CHECK-NEXT: memref.load %[[CORR]][%c1] : memref<4xi32>
module attributes {ascube.target = #ascube.target<atlas_training>} {
  func.func @tail_u8u8(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C : !A, !B to !C
    return
  }
}
