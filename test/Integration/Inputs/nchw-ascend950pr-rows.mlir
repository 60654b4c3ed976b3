// NCHW convolutions on Ascend 950PR whose outputs Fixpipe NZ2DN cannot write
// 32 B aligned, taken in the form of the products without DN2NZ
// (O^T = W x X^T, X^T by ND2NZ, written by NZ2ND): nchw-ascend950pr-rows.test.
func.func @image_pitch(%I: memref<2x40x3x3xi8>, %W: memref<20x40x1x1xi8>, %O: memref<2x20x3x3xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%O : memref<2x20x3x3xi32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<2x40x3x3xi8>, memref<20x40x1x1xi8>) outs(%O : memref<2x20x3x3xi32>)
  return
}
func.func @no_aligned_tile(%I: memref<1x16x100x1001xf16>, %W: memref<16x16x1x1xf16>, %O: memref<1x16x100x1001xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x100x1001xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x16x100x1001xf16>, memref<16x16x1x1xf16>) outs(%O : memref<1x16x100x1001xf32>)
  return
}
func.func @bias_relu(%I: memref<2x8x7x7xf16>, %W: memref<12x8x3x3xf16>, %bias: memref<12xf32>, %O: memref<2x12x5x5xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<2x12x5x5xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<2x8x7x7xf16>, memref<12x8x3x3xf16>) outs(%O : memref<2x12x5x5xf32>)
  linalg.generic {indexing_maps = [affine_map<(n, f, h, w) -> (f)>, affine_map<(n, f, h, w) -> (n, f, h, w)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : memref<12xf32>) outs(%O : memref<2x12x5x5xf32>) {
  ^bb0(%b: f32, %o: f32):
    %s = arith.addf %o, %b : f32
    %c0 = arith.constant 0.0 : f32
    %r = arith.maximumf %s, %c0 : f32
    linalg.yield %r : f32
  }
  return
}
