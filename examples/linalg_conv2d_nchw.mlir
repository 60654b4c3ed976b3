// linalg.conv_2d_nchw_fchw f16 x f16 -> f32 as a PyTorch-style compiler
// hands it to ascube, on Ascend 950PR: 2 images of 16 channels (one C0
// block) and 30 x 30 pixels, 32 x 16 x 3 x 3 weights (FCHW), stride 2 ->
// 2 x 32 x 14 x 14, then a bias add over the output channels and a ReLU.
// ascube-tile-linalg reads the NCHW map and the FCHW weights as
// column-major views of GM (memref.transpose: DN) with DataCopy DN2NZ into
// the NC1HWC0 map and B^T in L1, forms the im2col matrix with LoadData 3D,
// starts each output tile from the bias table, and writes the NCHW output
// with Fixpipe NZ2DN (ReLU on the way; each tile 32 B aligned in GM):
//   ascube-opt examples/linalg_conv2d_nchw.mlir --ascube-tile-linalg=report=true
// Run: scripts/run-example.sh linalg_conv2d_nchw
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @conv2d(%I: memref<2x16x30x30xf16>, %W: memref<32x16x3x3xf16>,
                    %bias: memref<32xf32>, %O: memref<2x32x14x14xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%O : memref<2x32x14x14xf32>)
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>,
                              strides = dense<2> : tensor<2xi64>}
      ins(%I, %W : memref<2x16x30x30xf16>, memref<32x16x3x3xf16>)
      outs(%O : memref<2x32x14x14xf32>)
    linalg.generic {indexing_maps = [affine_map<(n, f, h, w) -> (f)>,
                                     affine_map<(n, f, h, w) -> (n, f, h, w)>],
                    iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%bias : memref<32xf32>) outs(%O : memref<2x32x14x14xf32>) {
    ^bb0(%b: f32, %c: f32):
      %s = arith.addf %c, %b : f32
      %r = arith.maximumf %s, %zero : f32
      linalg.yield %r : f32
    }
    return
  }
}
