// A padded convolution on tensors, as a compiler hands it: 2 images of
// 24 x 24 pixels with 20 channels, zero-padded by one pixel on every side
// (tensor.pad), a 3 x 3 kernel, 40 output channels -> 2 x 24 x 24 x 40,
// f16 x f16 -> f32. Bufferized (ascube-bufferize-tensors), the pad is an
// alloc zero-filled with the map copied into its middle, which the mapping
// reads in place with LoadData 3D's padding on Atlas A2.
// Run: scripts/run-example.sh tensor_conv2d
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @conv2d(%I: tensor<2x24x24x20xf16>, %W: tensor<3x3x20x40xf16>) -> tensor<2x24x24x40xf32> {
    %pad = arith.constant 0.0 : f16
    %P = tensor.pad %I low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%n: index, %h: index, %w: index, %c: index):
      tensor.yield %pad : f16
    } : tensor<2x24x24x20xf16> to tensor<2x26x26x20xf16>
    %empty = tensor.empty() : tensor<2x24x24x40xf32>
    %zero = arith.constant 0.0 : f32
    %O0 = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x24x24x40xf32>) -> tensor<2x24x24x40xf32>
    %O = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>,
                                   strides = dense<1> : tensor<2xi64>}
      ins(%P, %W : tensor<2x26x26x20xf16>, tensor<3x3x20x40xf16>)
      outs(%O0 : tensor<2x24x24x40xf32>) -> tensor<2x24x24x40xf32>
    return %O : tensor<2x24x24x40xf32>
  }
}
