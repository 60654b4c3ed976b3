// Ops with an empty output (M, N, a batch count, images, output rows or
// columns, or output channels of 0): nothing to compute, so the op, its
// zero fill and its epilogue are removed; report=true says so.
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 report=true" -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @no_rows
// CHECK-NOT: linalg.
// CHECK: return
func.func @no_rows(%A: memref<0x16xf16>, %B: memref<16x16xf16>, %C: memref<0x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<0x16xf32>)
  // expected-remark @+1 {{ascube-tile-linalg: M x N x K = 0 x 16 x 16: C has no element, nothing to compute; the op and its fill removed}}
  linalg.matmul ins(%A, %B : memref<0x16xf16>, memref<16x16xf16>) outs(%C : memref<0x16xf32>)
  return
}

// -----

// A batch_matmul of no batches is as empty (it was mapped as one output
// tile per batch of none).
// CHECK-LABEL: func.func @no_batches
// CHECK-NOT: linalg.
// CHECK: return
func.func @no_batches(%A: memref<0x20x16xf16>, %B: memref<0x16x24xf16>, %C: memref<0x20x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<0x20x24xf32>)
  // expected-remark @+1 {{ascube-tile-linalg: M x N x K = 20 x 24 x 16, 0 batches: C has no element, nothing to compute; the op and its fill removed}}
  linalg.batch_matmul ins(%A, %B : memref<0x20x16xf16>, memref<0x16x24xf16>) outs(%C : memref<0x20x24xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @no_channels_out
// CHECK-NOT: linalg.
// CHECK: return
func.func @no_channels_out(%I: memref<1x20x8x8xf16>, %W: memref<0x20x3x3xf16>, %O: memref<1x0x6x6xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x0x6x6xf32>)
  // expected-remark @+1 {{ascube-tile-linalg: 1 image, output 6 x 6 x 0 channels: O has no element, nothing to compute; the op and its fill removed}}
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x20x8x8xf16>, memref<0x20x3x3xf16>) outs(%O : memref<1x0x6x6xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @no_images
// CHECK-NOT: linalg.
// CHECK: return
func.func @no_images(%I: memref<0x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %bias: memref<16xf32>, %O: memref<0x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<0x6x6x16xf32>)
  // expected-remark @+1 {{ascube-tile-linalg: 0 images, output 6 x 6 x 16 channels: O has no element, nothing to compute; the op, its fill and epilogue removed}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<0x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<0x6x6x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<16xf32>) outs(%O : memref<0x6x6x16xf32>) {
  ^bb0(%b: f32, %o: f32):
    %s = arith.addf %o, %b : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An NCHW map zero-padded first (alloc, fill, subview, copy) for an output
// of no channels: the padding's ops go with the op.
// CHECK-LABEL: func.func @padded_no_channels_out
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK-NOT: linalg.
// CHECK: return
func.func @padded_no_channels_out(%I: memref<1x16x8x8xf16>, %W: memref<0x16x3x3xf16>, %O: memref<1x0x8x8xf32>) {
  %pz = arith.constant 0.0 : f16
  %alloc = memref.alloc() : memref<1x16x10x10xf16>
  linalg.fill ins(%pz : f16) outs(%alloc : memref<1x16x10x10xf16>)
  %sv = memref.subview %alloc[0, 0, 1, 1] [1, 16, 8, 8] [1, 1, 1, 1] : memref<1x16x10x10xf16> to memref<1x16x8x8xf16, strided<[1600, 100, 10, 1], offset: 11>>
  memref.copy %I, %sv : memref<1x16x8x8xf16> to memref<1x16x8x8xf16, strided<[1600, 100, 10, 1], offset: 11>>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x0x8x8xf32>)
  // expected-remark @+1 {{ascube-tile-linalg: 1 image, output 8 x 8 x 0 channels: O has no element, nothing to compute; the op and its fill removed}}
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%alloc, %W : memref<1x16x10x10xf16>, memref<0x16x3x3xf16>) outs(%O : memref<1x0x8x8xf32>)
  return
}
