func.func @wide_channels(%I: memref<1x1x2x1048608xf16>, %W: memref<1x1x1048608x16xf16>, %O: memref<1x1x2x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x2x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x2x1048608xf16>, memref<1x1x1048608x16xf16>) outs(%O : memref<1x1x2x16xf32>)
  return
}
func.func @one_pixel(%I: memref<1x1x1x1048608xf16>, %W: memref<1x1x1048608x16xf16>, %O: memref<1x1x1x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x1x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x1x1x1048608xf16>, memref<1x1x1048608x16xf16>) outs(%O : memref<1x1x1x16xf32>)
  return
}
