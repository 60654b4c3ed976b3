// RUN: ascube-opt %s -split-input-file --ascube-bufferize-tensors | FileCheck %s
// RUN: ascube-opt %s -split-input-file --ascube-bufferize-tensors --ascube-tile-linalg="product=atlas_a2 objective=traffic" | FileCheck %s --check-prefix=MAPPED

// A matmul on tensors, as a compiler hands it: each tensor argument a whole
// GM buffer (identity layout, not a strided view), the result an output
// argument after them, named result0, which the fill and the matmul write
// in place.
// CHECK-LABEL: func.func @matmul(%A: memref<32x48xf16>, %B: memref<48x16xf16>, %result0: memref<32x16xf32>) {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%[[Z]] : f32) outs(%result0 : memref<32x16xf32>)
// CHECK-NEXT: linalg.matmul ins(%A, %B : memref<32x48xf16>, memref<48x16xf16>) outs(%result0 : memref<32x16xf32>)
// CHECK-NEXT: return
// MAPPED-LABEL: func.func @matmul(%A: memref<32x48xf16>, %B: memref<48x16xf16>, %result0: memref<32x16xf32>)
// MAPPED-NOT: linalg.
// MAPPED: ascube.mmad
// MAPPED-NOT: linalg.
// MAPPED: return
func.func @matmul(%A: tensor<32x48xf16>, %B: tensor<48x16xf16>) -> tensor<32x16xf32> {
  %e = tensor.empty() : tensor<32x16xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %r = linalg.matmul ins(%A, %B : tensor<32x48xf16>, tensor<48x16xf16>) outs(%f : tensor<32x16xf32>) -> tensor<32x16xf32>
  return %r : tensor<32x16xf32>
}

// -----

// A tensor.pad becomes the padded-map form the convolution mapping reads
// in place (an alloc zero-filled, the map copied into its middle: the
// 6 x 6 map and LoadData 3D padding one pixel on every side); two
// results are result0 and result1 (the second a copy of the first: one
// tensor returned twice is two buffers).
// CHECK-LABEL: func.func @conv(%I: memref<1x6x6x16xf16>, %W: memref<3x3x16x16xf16>, %result0: memref<1x6x6x16xf32>, %result1: memref<1x6x6x16xf32>) {
// CHECK: %[[P:.*]] = memref.alloc() {{.*}}: memref<1x8x8x16xf16>
// CHECK: linalg.map outs(%[[P]] : memref<1x8x8x16xf16>)
// CHECK: %[[V:.*]] = memref.subview %[[P]][0, 1, 1, 0] [1, 6, 6, 16] [1, 1, 1, 1]
// CHECK: memref.copy %I, %[[V]]
// CHECK: linalg.fill {{.*}} outs(%result0
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}}ins(%[[P]], %W : {{.*}}) outs(%result0
// CHECK: memref.copy %result0, %result1
// MAPPED-LABEL: func.func @conv(
// MAPPED-NOT: linalg.conv
// MAPPED: ascube.load_3d {{.*}}l1H = 6 : i64, l1W = 6 : i64, mExtension = 36 : i64, padList = array<i64: 1, 1, 1, 1>
// MAPPED-NOT: linalg.conv
// MAPPED: return
func.func @conv(%I: tensor<1x6x6x16xf16>, %W: tensor<3x3x16x16xf16>) -> (tensor<1x6x6x16xf32>, tensor<1x6x6x16xf32>) {
  %p0 = arith.constant 0.0 : f16
  %P = tensor.pad %I low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %p0 : f16
  } : tensor<1x6x6x16xf16> to tensor<1x8x8x16xf16>
  %e = tensor.empty() : tensor<1x6x6x16xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf ins(%P, %W : tensor<1x8x8x16xf16>, tensor<3x3x16x16xf16>) outs(%f : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  return %r, %r : tensor<1x6x6x16xf32>, tensor<1x6x6x16xf32>
}

// -----

// A module without tensors is left as it is.
// CHECK-LABEL: func.func @already(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
// CHECK-NEXT: arith.constant
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.matmul
func.func @already(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// Beside a function on tensors, a hand-written one keeps its form: only
// the functions that had tensors are canonicalized (the dim of a static
// memref and the unused constant stay).
// CHECK-LABEL: func.func @hand(%C: memref<16x16xf32>) -> index {
// CHECK-NEXT: arith.constant 7 : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.dim
// CHECK-LABEL: func.func @zeros(%result0: memref<16x16xf32>) {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%[[Z]] : f32) outs(%result0 : memref<16x16xf32>)
// CHECK-NEXT: return
func.func @hand(%C: memref<16x16xf32>) -> index {
  %unused = arith.constant 7 : index
  %c0 = arith.constant 0 : index
  %d = memref.dim %C, %c0 : memref<16x16xf32>
  return %d : index
}
func.func @zeros() -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x16xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %f : tensor<16x16xf32>
}
