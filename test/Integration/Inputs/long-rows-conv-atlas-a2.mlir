func.func @nhwc_channels(%I: memref<1x1x2x65552xf16>, %W: memref<1x1x65552x16xf16>, %O: memref<1x1x2x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x2x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x2x65552xf16>, memref<1x1x65552x16xf16>) outs(%O : memref<1x1x2x16xf32>)
  return
}
func.func @nhwc_hwcf_f(%I: memref<1x1x2x16xf16>, %W: memref<1x1x16x65552xf16>, %O: memref<1x1x2x65552xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x2x65552xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x2x16xf16>, memref<1x1x16x65552xf16>) outs(%O : memref<1x1x2x65552xf32>)
  return
}
func.func @nhwc_fhwc(%I: memref<1x1x2x32768xf16>, %W: memref<16x1x2x32768xf16>, %O: memref<1x1x1x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x1x16xf32>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x2x32768xf16>, memref<16x1x2x32768xf16>) outs(%O : memref<1x1x1x16xf32>)
  return
}
func.func @nchw_stride(%I: memref<1x1x1x65537xf16>, %W: memref<16x1x1x1xf16>, %O: memref<1x16x1x2xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x1x2xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 65536]> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x1x65537xf16>, memref<16x1x1x1xf16>) outs(%O : memref<1x16x1x2xf32>)
  return
}
func.func @nchw_dilation(%I: memref<1x1x1x65537xf16>, %W: memref<16x1x1x2xf16>, %O: memref<1x16x1x1xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x1x1xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<[1, 65536]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x1x65537xf16>, memref<16x1x1x2xf16>) outs(%O : memref<1x16x1x1xf32>)
  return
}
