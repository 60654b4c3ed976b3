// A hand-set tiling larger than the problem needs is mapped all the same —
// one tile covers that dimension — with a warning naming each size beyond
// it (tile_c14): its buffers are laid out for the size given.
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg -verify-diagnostics | FileCheck %s

// M x N x K = 40 x 16 x 40 f16 needs at most 48 x 16 x 48 (whole 16s).
// The one tile computes 40 x 16 x 40.
// CHECK-LABEL: func.func @matmul_beyond
// CHECK: ascube.mmad {{.*}} {k = 40 : i64, m = 40 : i64, n = 16 : i64}
// CHECK-NOT: ascube.mmad
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @matmul_beyond(%A: memref<40x40xf16>, %B: memref<40x16xf16>, %C: memref<40x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x16xf32>)
  // expected-warning @+1 {{ascube.tiling = #ascube.matmul_tiling<m = 128, n = 64, k = 48>: m = 128 is more than M = 40 needs (48), n = 64 is more than N = 16 needs (16): one tile covers each, its buffers laid out for the size given [tile_c14]}}
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 128, n = 64, k = 48>} ins(%A, %B : memref<40x40xf16>, memref<40x16xf16>) outs(%C : memref<40x16xf32>)
  return
}
}

// -----

// 16 output channels: a tile of 64 channels is one of 16.
// CHECK-LABEL: func.func @conv_beyond
// CHECK: ascube.mmad {{.*}}n = 16 : i64}
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @conv_beyond(%I: memref<1x6x20x8xf16>, %W: memref<3x3x8x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  // expected-warning @+1 {{ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 64, k = 144>: n = 64 is more than the F = 16 output channels need (16): one tile covers them, its buffers laid out for 64 [tile_c14]}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 64, k = 144>, dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%I, %W : memref<1x6x20x8xf16>, memref<3x3x8x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}
}

// -----

// 8-bit channels come in C0 = 32: F = 40 takes n = 64 (no warning: the
// smallest n a tile of all of F can have); 96 is more than it needs.
// CHECK-LABEL: func.func @conv_i8_whole
// CHECK-LABEL: func.func @conv_i8_beyond
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @conv_i8_whole(%I: memref<1x6x20x32xi8>, %W: memref<3x3x32x40xi8>, %O: memref<1x4x18x40xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<1x4x18x40xi32>)
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 64, k = 288>, dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%I, %W : memref<1x6x20x32xi8>, memref<3x3x32x40xi8>) outs(%O : memref<1x4x18x40xi32>)
  return
}
func.func @conv_i8_beyond(%I: memref<1x6x20x32xi8>, %W: memref<3x3x32x40xi8>, %O: memref<1x4x18x40xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<1x4x18x40xi32>)
  // expected-warning @+1 {{ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 96, k = 288>: n = 96 is more than the F = 40 output channels need (64): one tile covers them, its buffers laid out for 96 [tile_c14]}}
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 96, k = 288>, dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%I, %W : memref<1x6x20x32xi8>, memref<3x3x32x40xi8>) outs(%O : memref<1x4x18x40xi32>)
  return
}
}
