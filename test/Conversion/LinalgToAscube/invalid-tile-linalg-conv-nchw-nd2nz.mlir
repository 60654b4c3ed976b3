// What ascube-tile-linalg refuses of a linalg.conv_2d_nchw_fchw on a
// product with DataCopy ND2NZ but no DN2NZ, where it builds the im2col
// matrix X^T by ND2NZ, or with a stride along W X'^T of one L1 row per
// output pixel (docs/Tiling.md "NCHW without DN2NZ", docs/Constraints.md
// tile_c4, tile_c5; forced tiles:
// invalid-tile-linalg-conv-nchw-nd2nz-tile.mlir). (A stride or dilation
// along W past srcDValue's 65535 is mapped, one ND2NZ a row:
// Integration/long-rows-conv.test.)
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg -verify-diagnostics

// tile_c4: a bias over the output channels runs over the rows of O^T,
// where the bias table would add one row to every row; its seed is an
// Mmad of the bias's type, and i32 x i32 -> i32 is no Mmad row (an int8
// convolution's i32 bias).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @bias_i32(%I: memref<1x20x8x8xi8>, %W: memref<24x20x3x3xi8>, %bias: memref<24xi32>, %O: memref<1x24x6x6xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<1x24x6x6xi32>)
  // expected-error @+1 {{on atlas_a2 an NCHW convolution is the GEMM O^T = W x X^T, whose rows are the output channels: its bias starts each output tile from an Mmad of the bias column times ones in the bias's type, and i32 x i32 -> i32 is not an Mmad row there (docs/Products.md); hold the operands as NHWC / HWCF (or FHWC) to fold the bias through the bias table [tile_c4]}}
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x20x8x8xi8>, memref<24x20x3x3xi8>) outs(%O : memref<1x24x6x6xi32>)
  linalg.generic {indexing_maps = [affine_map<(n, f, h, w) -> (f)>, affine_map<(n, f, h, w) -> (n, f, h, w)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<24xi32>) outs(%O : memref<1x24x6x6xi32>) {
  ^bb0(%b: i32, %o: i32):
    %s = arith.addi %o, %b : i32
    linalg.yield %s : i32
  }
  return
}
}

// -----

// tile_c5: a kernel 16385 wide: its im2col rows of a channel would be
// ND2NZ's nValue, at most 16384.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @wide_kernel(%I: memref<1x1x1x16385xf16>, %W: memref<16x1x1x16385xf16>, %O: memref<1x16x1x1xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x1x1xf32>)
  // expected-error @+1 {{a kernel width of 16385 is beyond DataCopy ND2NZ's nValue range [0, 16384] (X^T's rows of a kernel row) [tile_c5]}}
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x1x16385xf16>, memref<16x1x1x16385xf16>) outs(%O : memref<1x16x1x1xf32>)
  return
}
}
