// The kernel's own memref.copy: between views that are not both contiguous
// it becomes a loop nest of element loads and stores over the source's
// shape (upstream would lower it to a call of memrefCopy from the C runner
// utils, which ascube-run's JIT does not load); a copy between contiguous
// buffers stays a memref.copy (a memcpy).
// RUN: ascube-opt %s --convert-ascube-to-loops | FileCheck %s

// CHECK-LABEL: func.func @strided_target
// CHECK-SAME: (%[[A:.*]]: memref<4x8xf32>, %[[W:.*]]: memref<4x16xf32>)
// CHECK: %[[V:.*]] = memref.subview %[[W]][0, 8] [4, 8] [1, 1]
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: %[[X:.*]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: memref.store %[[X]], %[[V]][%[[I]], %[[J]]]
// CHECK-NOT: memref.copy
// CHECK: return
func.func @strided_target(%A: memref<4x8xf32>, %W: memref<4x16xf32>) {
  %v = memref.subview %W[0, 8] [4, 8] [1, 1] : memref<4x16xf32> to memref<4x8xf32, strided<[16, 1], offset: 8>>
  memref.copy %A, %v : memref<4x8xf32> to memref<4x8xf32, strided<[16, 1], offset: 8>>
  return
}

// Both sides strided, 3-D.
// CHECK-LABEL: func.func @strided_both
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load %subview[
// CHECK-NEXT: memref.store
// CHECK-NOT: memref.copy
// CHECK: return
func.func @strided_both(%A: memref<2x4x8xi8>, %B: memref<2x4x16xi8>) {
  %s = memref.subview %A[0, 0, 2] [2, 4, 4] [1, 1, 1] : memref<2x4x8xi8> to memref<2x4x4xi8, strided<[32, 8, 1], offset: 2>>
  %t = memref.subview %B[0, 0, 4] [2, 4, 4] [1, 1, 1] : memref<2x4x16xi8> to memref<2x4x4xi8, strided<[64, 16, 1], offset: 4>>
  memref.copy %s, %t : memref<2x4x4xi8, strided<[32, 8, 1], offset: 2>> to memref<2x4x4xi8, strided<[64, 16, 1], offset: 4>>
  return
}

// Contiguous on both sides (a row block of a row-major matrix): a memcpy.
// CHECK-LABEL: func.func @contiguous
// CHECK-NOT: scf.for
// CHECK: memref.copy
// CHECK-NOT: scf.for
// CHECK: return
func.func @contiguous(%A: memref<2x16xf32>, %W: memref<4x16xf32>) {
  %v = memref.subview %W[2, 0] [2, 16] [1, 1] : memref<4x16xf32> to memref<2x16xf32, strided<[16, 1], offset: 32>>
  memref.copy %A, %v : memref<2x16xf32> to memref<2x16xf32, strided<[16, 1], offset: 32>>
  return
}
