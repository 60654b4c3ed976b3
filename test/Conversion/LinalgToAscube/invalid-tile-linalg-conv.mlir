// What ascube-tile-linalg refuses of a linalg.conv_2d_nhwc_hwcf (and
// conv_2d_nhwc_fhwc, conv_2d_nchw_fchw) (docs/Constraints.md, tile_c*).
// Each module names its product.
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
  // expected-error @+1 {{f16 x bf16 -> f32 is not an Mmad row on atlas_a2; atlas_a2's Mmad rows: bf16 x bf16 -> f32, f16 x f16 -> f32, f32 x f32 -> f32, i8 x i8 -> i32, i4 x i4 -> i32 (docs/Products.md) [tile_c3]}}
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

// tile_c1: dynamic shapes.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @dynamic(%I: memref<?x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<?x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<?x6x6x16xf32>)
  // expected-error @+1 {{ascube-tile-linalg maps a convolution whose map, weights and output are static 4-D memrefs in GM (no memory space; row-major, or contiguous views of GM: gmview_c1): operand #0 (memref<?x8x8x16xf16>) has a dynamic shape: ascube maps static shapes (each instruction's sizes are fields of it); give the function static types, e.g. specialize it for the shapes it runs [tile_c1]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<?x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<?x6x6x16xf32>)
  return
}
}

// -----

// tile_c2: on tensors, bufferized first (ascube-bufferize-tensors), then
// refused as its memref form is: O is not zero-filled.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @tensors(%I: tensor<1x8x8x16xf16>, %W: tensor<3x3x16x16xf16>, %O: tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{linalg.conv_2d_nhwc_hwcf adds to its output, and the Cube program computes O = conv(I, W): fill O with zero (+0.0) right before it [tile_c2]}}
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

// (An NCHW convolution on Atlas A2, which has no DN2NZ, is mapped by
// ND2NZ; its refusals: invalid-tile-linalg-conv-nchw-nd2nz.mlir.)

// -----

// tile_c9: Fixpipe NZ2DN writes to 32 B aligned GM addresses, but the
// second image's NCHW output starts 20 x 3 x 3 = 180 i32 (720 B) in; the
// ND2NZ form (O^T = W x X^T, written by NZ2ND to any byte), which 950 takes
// then, seeds a bias by an Mmad of its type, and i32 x i32 -> i32 is none
// (without the bias it maps: Integration/nchw-ascend950pr-rows.test).
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @nchw_image_pitch(%I: memref<2x40x3x3xi8>, %W: memref<20x40x1x1xi8>, %bias: memref<20xi32>, %O: memref<2x20x3x3xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<2x20x3x3xi32>)
  // expected-error @+1 {{Fixpipe NZ2DN writes the NCHW output to 32 B aligned GM addresses (cube-reference §4), but its images are F x OH x OW = 20 x 3 x 3 elements apart, not a multiple of 8 elements of 4 B; hold the output as NHWC instead (ascube maps no linalg.transpose) [tile_c9]}}
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<2x40x3x3xi8>, memref<20x40x1x1xi8>) outs(%O : memref<2x20x3x3xi32>)
  linalg.generic {indexing_maps = [affine_map<(n, f, h, w) -> (f)>, affine_map<(n, f, h, w) -> (n, f, h, w)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<20xi32>) outs(%O : memref<2x20x3x3xi32>) {
  ^bb0(%b: i32, %o: i32):
    %s = arith.addi %o, %b : i32
    linalg.yield %s : i32
  }
  return
}
}

// -----

// tile_c9: rows of OW = 1001 i32 (4004 B): only bands of 8 rows start
// 32 B aligned, and 8 x 1001 pixels are beyond an Mmad's m; pieces of a
// row would start rows 4004 B apart. No tile fits and is aligned, and the
// i32 bias keeps the ND2NZ form out (its seed: no i32 Mmad row).
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @nchw_no_aligned_tile(%I: memref<1x32x100x1001xi8>, %W: memref<16x32x1x1xi8>, %bias: memref<16xi32>, %O: memref<1x16x100x1001xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<1x16x100x1001xi32>)
  // expected-error @+1 {{no tile of ascend950pr both fits and starts each output tile of the NCHW output 32 B aligned (a multiple of 8 elements: Fixpipe NZ2DN, cube-reference §4) [tile_c9]}}
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x32x100x1001xi8>, memref<16x32x1x1xi8>) outs(%O : memref<1x16x100x1001xi32>)
  linalg.generic {indexing_maps = [affine_map<(n, f, h, w) -> (f)>, affine_map<(n, f, h, w) -> (n, f, h, w)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<16xi32>) outs(%O : memref<1x16x100x1001xi32>) {
  ^bb0(%b: i32, %o: i32):
    %s = arith.addi %o, %b : i32
    linalg.yield %s : i32
  }
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

// -----

// tile_c4: the Atlas inference series (310P) has no Fixpipe L0C -> GM to
// write a convolution's output.
module attributes {ascube.target = #ascube.target<atlas_inference>} {
func.func @no_fixpipe(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x6x6x16xf16>)
  // expected-error @+1 {{atlas_inference has no Fixpipe L0C -> GM: ascube-tile-linalg writes a convolution's output with Fixpipe [tile_c4]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf16>)
  return
}
}

// -----

// tile_c4: Kirin X90's Mmad adds no bias; an NHWC convolution's bias there
// starts each tile from a seed Mmad in the bias's type, and int8's i32 has
// no i32 x i32 -> i32 Mmad.
module attributes {ascube.target = #ascube.target<kirin_x90>} {
func.func @kirin_x90_i32_bias(%I: memref<1x4x4x32xi8>, %W: memref<3x3x32x32xi8>, %bias: memref<32xi32>, %O: memref<1x2x2x32xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<1x2x2x32xi32>)
  // expected-error @+1 {{kirin_x90's Mmad adds no bias (cmatrixSource), and an NHWC convolution's bias there starts each output tile from an Mmad of ones times the bias row in the bias's type; i32 x i32 -> i32 is not an Mmad row there (docs/Products.md) [tile_c4]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x4x4x32xi8>, memref<3x3x32x32xi8>) outs(%O : memref<1x2x2x32xi32>)
  linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<32xi32>) outs(%O : memref<1x2x2x32xi32>) {
  ^bb0(%b: i32, %o: i32):
    %s = arith.addi %o, %b : i32
    linalg.yield %s : i32
  }
  return
}
}
