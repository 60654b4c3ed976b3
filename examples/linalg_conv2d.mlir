// linalg.conv_2d_nhwc_hwcf f16 x f16 -> f32 as a compiler hands it to
// ascube: 2 images of 24 x 24 pixels with 20 channels (one C0 block and a
// partial one), a 3 x 3 kernel, stride 1, 40 output channels -> 2 x 22 x 22
// x 40. ascube-tile-linalg (run by ascube-run for a kernel with linalg ops,
// on the module's target) turns it into a tiled Cube program for Atlas A2:
// per output tile, DataCopy ND2NZ of the NHWC map into an NC1HWC0 map in
// L1 and of the HWCF weights, LoadData 3D (im2col into L0A, the weights
// into L0B), Mmad, Fixpipe to the NHWC output:
//   ascube-opt examples/linalg_conv2d.mlir --ascube-tile-linalg=report=true
// Run: scripts/run-example.sh linalg_conv2d
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @conv2d(%I: memref<2x24x24x20xf16>, %W: memref<3x3x20x40xf16>,
                    %O: memref<2x22x22x40xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%O : memref<2x22x22x40xf32>)
    linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>,
                              strides = dense<1> : tensor<2xi64>}
      ins(%I, %W : memref<2x24x24x20xf16>, memref<3x3x20x40xf16>)
      outs(%O : memref<2x22x22x40xf32>)
    return
  }
}
