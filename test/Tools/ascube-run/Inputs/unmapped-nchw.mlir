// A convolution in NCHW / FCHW form: not mapped (only NHWC / HWCF is); the
// diagnostic names it, not the fill before it (errors.test).
func.func @k(%I: memref<1x16x4x4xf16>, %W: memref<16x16x3x3xf16>, %O: memref<1x16x2x2xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x2x2xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x16x4x4xf16>, memref<16x16x3x3xf16>) outs(%O : memref<1x16x2x2xf32>)
  return
}
