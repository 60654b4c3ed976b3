// One convolution mapped with two buffer sets and with one (timeline.test):
// the same chunks (a kernel row of the C0 block each, k = 48), so only the
// overlap of one chunk's copies with the previous chunk's loads and Mmad
// differs.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @two_sets(%I: memref<1x6x20x8xf16>, %W: memref<3x3x8x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 16, k = 48, buffers = 2>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x8xf16>, memref<3x3x8x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}
func.func @one_set(%I: memref<1x6x20x8xf16>, %W: memref<3x3x8x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 18, n = 16, k = 48, buffers = 1>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x8xf16>, memref<3x3x8x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}
}
