// What ascube-tile-linalg refuses of a linalg.conv_2d_nhwc_hwcf
// (docs/Constraints.md, tile_c*). Each module names its product.
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg -verify-diagnostics

// tile_c2: the convolution adds to O; without a zero fill the Cube program
// (O = conv(I, W)) would compute something else.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @no_fill(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf32>) {
  // expected-error @+1 {{linalg.conv_2d_nhwc_hwcf adds to its output, and the Cube program computes O = conv(I, W): fill O with zero (+0.0) right before it [tile_c2]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}
}

// -----

// tile_c3: f16 x bf16 is no Mmad row.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @mixed(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xbf16>, %O: memref<1x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x16xf32>)
  // expected-error @+1 {{f16 x bf16 -> f32 is not an Mmad row on atlas_a2 (docs/Products.md) [tile_c3]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xbf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}
}

// -----

// tile_c3: 4-bit maps are not mapped (int4 x int4 -> int32 is an Mmad row on
// Atlas A2, but ND2NZ moves bytes).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @int4(%I: memref<1x8x8x64xi4>, %W: memref<3x3x64x16xi4>, %O: memref<1x6x6x16xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<1x6x6x16xi32>)
  // expected-error @+1 {{ascube-tile-linalg maps a convolution whose map and weights have one type of 8 bits or more (LoadData 3D reads one map type) [tile_c3]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x64xi4>, memref<3x3x64x16xi4>) outs(%O : memref<1x6x6x16xi32>)
  return
}
}

// -----

// tile_c4: Kirin 9030 has no LoadData 3D V2 to form the im2col matrix.
module attributes {ascube.target = #ascube.target<kirin_9030>} {
func.func @kirin(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x6x6x16xf16>)
  // expected-error @+1 {{kirin_9030 has no DataCopy ND2NZ, Fixpipe L0C -> GM or LoadData 3D V2: ascube-tile-linalg copies NHWC maps to L1 with ND2NZ, forms the im2col matrix with LoadData 3D and writes with Fixpipe [tile_c4]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf16>)
  return
}
}

// -----

// tile_c1: dynamic shapes.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @dynamic(%I: memref<?x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<?x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<?x6x6x16xf32>)
  // expected-error @+1 {{ascube-tile-linalg maps a convolution whose map, weights and output are static 4-D memrefs in GM (no memory space; row-major, or contiguous views of GM: gmview_c1) [tile_c1]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<?x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<?x6x6x16xf32>)
  return
}
}

// -----

// tile_c1: on tensors.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @tensors(%I: tensor<1x8x8x16xf16>, %W: tensor<3x3x16x16xf16>, %O: tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{ascube-tile-linalg maps a convolution on memrefs [tile_c1]}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : tensor<1x8x8x16xf16>, tensor<3x3x16x16xf16>) outs(%O : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  return %r : tensor<1x6x6x16xf32>
}
}

// -----

// tile_c7: a stride of 64 is beyond LoadData 3D's strideH field [1, 63].
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @stride(%I: memref<1x65x8x16xf16>, %W: memref<1x1x16x16xf16>, %O: memref<1x2x8x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x2x8x16xf32>)
  // expected-error @+1 {{stride 64 is beyond LoadData 3D's range [1, 63] [tile_c7]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[64, 1]> : tensor<2xi64>}
    ins(%I, %W : memref<1x65x8x16xf16>, memref<1x1x16x16xf16>) outs(%O : memref<1x2x8x16xf32>)
  return
}
}

// -----

// tile_c7: a 256-wide kernel is beyond LoadData 3D's filterW field [1, 255].
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @kernel(%I: memref<1x1x256x16xf16>, %W: memref<1x256x16x16xf16>, %O: memref<1x1x1x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x1x16xf32>)
  // expected-error @+1 {{kernel width 256 is beyond LoadData 3D's range [1, 255] [tile_c7]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x256x16xf16>, memref<1x256x16x16xf16>) outs(%O : memref<1x1x1x16xf32>)
  return
}
}

// -----

// tile_c5: 65536 channels: the map's row pitch C is beyond DataCopy's
// srcDValue field [1, 65535].
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @channels(%I: memref<1x1x1x65536xf16>, %W: memref<1x1x65536x16xf16>, %O: memref<1x1x1x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x1x16xf32>)
  // expected-error @+1 {{a row pitch of 65536 elements is beyond DataCopy's srcDValue range [1, 65535] [tile_c5]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x1x65536xf16>, memref<1x1x65536x16xf16>) outs(%O : memref<1x1x1x16xf32>)
  return
}
}

// -----

// tile_c1: no channels: O is its zero fill, nothing for the Cube.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @no_channels(%I: memref<1x4x4x0xf16>, %W: memref<3x3x0x16xf16>, %O: memref<1x2x2x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x2x2x16xf32>)
  // expected-error @+1 {{no channels or an empty kernel: O is the zero fill and there is nothing for the Cube to compute; not mapped [tile_c1]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x4x4x0xf16>, memref<3x3x0x16xf16>) outs(%O : memref<1x2x2x16xf32>)
  return
}
}

// -----

// tile_c1: one C0 block of a 255 x 255 f32 kernel is 255 x 255 x 8 =
// 520200 im2col columns, beyond Mmad's k (4095) and L0A: no tile fits.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @no_tile(%I: memref<1x255x255x8xf32>, %W: memref<255x255x8x16xf32>, %O: memref<1x1x1x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x1x16xf32>)
  // expected-error @+1 {{no tile of atlas_a2's L0A/L0B/L0C/L1 holds one output row piece of 16 pixels, 16 output channels and one C0 block of the kernel (KH x KW x C0 = 520200 im2col columns) [tile_c1]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x255x255x8xf32>, memref<255x255x8x16xf32>) outs(%O : memref<1x1x1x16xf32>)
  return
}
}

// -----

// tile_c1: a map of 3 x 2^62 x 16 pixels holds more elements than any
// buffer ascube addresses (its layouts stop below 2^62, layout_c1): refused
// before any count of the program could overflow.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @huge(%I: memref<1x3x4611686018427387904x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x1x4611686018427387902x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x4611686018427387902x16xf32>)
  // expected-error @+1 {{operand 'memref<1x3x4611686018427387904x16xf16>' holds 2^62 elements or more, beyond any buffer ascube addresses (layout_c1) [tile_c1]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x3x4611686018427387904x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x1x4611686018427387902x16xf32>)
  return
}
}
