func.func @k9030_pitch(%I: memref<1x1x3x40000xf16>, %W: memref<1x1x40000x16xf16>, %O: memref<1x1x2x16xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x1x2x16xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x3x40000xf16>, memref<1x1x40000x16xf16>) outs(%O : memref<1x1x2x16xf16>)
  return
}
func.func @k9030_hwcf_f(%I: memref<1x1x2x16xf16>, %W: memref<1x1x16x65552xf16>, %O: memref<1x1x2x65552xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%O : memref<1x1x2x65552xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x2x16xf16>, memref<1x1x16x65552xf16>) outs(%O : memref<1x1x2x65552xf16>)
  return
}
