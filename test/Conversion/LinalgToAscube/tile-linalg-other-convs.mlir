// Convolution-like linalg ops other than the three mapped forms stay as
// they are, each with a warning that says what it is and what the pass maps
// (tile_c1, docs/Tiling.md "Not yet mapped").
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg=product=atlas_a2 -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @depthwise
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc
func.func @depthwise(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16xf16>, %O: memref<1x6x6x16xf32>) {
  // expected-warning @+1 {{'linalg.depthwise_conv_2d_nhwc_hwc' is not mapped onto the Cube and stays: depthwise convolutions are not mapped yet (each channel would be a product of its own; docs/Tiling.md, Not yet); ascube-tile-linalg maps linalg.conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc (NHWC map and output) and conv_2d_nchw_fchw [tile_c1]}}
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16xf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @quantized
// CHECK: linalg.conv_2d_nhwc_hwcf_q
func.func @quantized(%I: memref<1x8x8x32xi8>, %W: memref<3x3x32x16xi8>, %O: memref<1x6x6x16xi32>, %zi: i32, %zw: i32) {
  // expected-warning @+1 {{'linalg.conv_2d_nhwc_hwcf_q' is not mapped onto the Cube and stays: convolutions with zero points (_q) are not mapped yet (docs/Tiling.md, Not yet); ascube-tile-linalg maps}}
  linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W, %zi, %zw : memref<1x8x8x32xi8>, memref<3x3x32x16xi8>, i32, i32) outs(%O : memref<1x6x6x16xi32>)
  return
}

// -----

// CHECK-LABEL: func.func @grouped
// CHECK: linalg.conv_2d_ngchw_fgchw
func.func @grouped(%I: memref<1x2x16x8x8xf16>, %W: memref<16x2x16x3x3xf16>, %O: memref<1x2x16x6x6xf32>) {
  // expected-warning @+1 {{'linalg.conv_2d_ngchw_fgchw' is not mapped onto the Cube and stays: grouped convolutions are not mapped yet (docs/Tiling.md, Not yet); ascube-tile-linalg maps}}
  linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x2x16x8x8xf16>, memref<16x2x16x3x3xf16>) outs(%O : memref<1x2x16x6x6xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @one_d
// CHECK: linalg.conv_1d_nwc_wcf
func.func @one_d(%I: memref<1x8x16xf16>, %W: memref<3x16x16xf16>, %O: memref<1x6x16xf32>) {
  // expected-warning @+1 {{'linalg.conv_1d_nwc_wcf' is not mapped onto the Cube and stays: 1-D and 3-D convolutions are not mapped yet (docs/Tiling.md, Not yet); ascube-tile-linalg maps}}
  linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
    ins(%I, %W : memref<1x8x16xf16>, memref<3x16x16xf16>) outs(%O : memref<1x6x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @plain
// CHECK: linalg.conv_2d ins
func.func @plain(%I: memref<8x8xf32>, %W: memref<3x3xf32>, %O: memref<6x6xf32>) {
  // expected-warning @+1 {{'linalg.conv_2d' is not mapped onto the Cube and stays: a convolution with no batch and no channels: write it as conv_2d_nhwc_hwcf with N = C = F = 1; ascube-tile-linalg maps}}
  linalg.conv_2d ins(%I, %W : memref<8x8xf32>, memref<3x3xf32>) outs(%O : memref<6x6xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @pooling
// CHECK: linalg.pooling_nhwc_max
func.func @pooling(%I: memref<1x8x8x16xf16>, %K: memref<2x2xf16>, %O: memref<1x4x4x16xf16>) {
  // expected-warning @+1 {{'linalg.pooling_nhwc_max' is not mapped onto the Cube and stays: a pooling is no matrix product, and the Cube does not pool; ascube-tile-linalg maps}}
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%I, %K : memref<1x8x8x16xf16>, memref<2x2xf16>) outs(%O : memref<1x4x4x16xf16>)
  return
}
