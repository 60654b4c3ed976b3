// A depthwise convolution: not mapped (ascube-tile-linalg maps
// conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc and conv_2d_nchw_fchw); the
// diagnostic names it, not the fill before it (errors.test).
func.func @k(%I: memref<1x4x4x16xf16>, %W: memref<3x3x16xf16>, %O: memref<1x2x2x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x2x2x16xf32>)
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x4x4x16xf16>, memref<3x3x16xf16>) outs(%O : memref<1x2x2x16xf32>)
  return
}
