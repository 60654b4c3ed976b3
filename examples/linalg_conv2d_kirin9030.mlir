// linalg.conv_2d_nhwc_hwcf f16 x f16 -> f16 on Kirin 9030, which has no
// LoadData 3D V2 and whose Mmad adds no bias: a 1 x 16 x 16 x 24 map
// (NHWC), 3 x 3 x 24 x 32 weights (HWCF) -> 1 x 14 x 14 x 32, then a bias
// add over the output channels and a ReLU. ascube-tile-linalg computes it
// as O = X' x W' with X' built by DataCopy ND2NZ, one L1 row per output
// pixel (each kernel row's 3 taps x 24 channels a run of 72 map elements,
// padded to 80 with zeros), starts each output tile from a seed Mmad of
// ones x the bias row, and applies the ReLU in Fixpipe (docs/Tiling.md
// "NHWC without LoadData 3D"):
//   ascube-opt examples/linalg_conv2d_kirin9030.mlir --ascube-tile-linalg=report=true
// Run: scripts/run-example.sh linalg_conv2d_kirin9030
module attributes {ascube.target = #ascube.target<kirin_9030>} {
  func.func @conv2d(%I: memref<1x16x16x24xf16>, %W: memref<3x3x24x32xf16>,
                    %bias: memref<32xf16>, %O: memref<1x14x14x32xf16>) {
    %zero = arith.constant 0.0 : f16
    linalg.fill ins(%zero : f16) outs(%O : memref<1x14x14x32xf16>)
    linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>,
                              strides = dense<1> : tensor<2xi64>}
      ins(%I, %W : memref<1x16x16x24xf16>, memref<3x3x24x32xf16>)
      outs(%O : memref<1x14x14x32xf16>)
    linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (f)>,
                                     affine_map<(n, h, w, f) -> (n, h, w, f)>],
                    iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%bias : memref<32xf16>) outs(%O : memref<1x14x14x32xf16>) {
    ^bb0(%b: f16, %c: f16):
      %s = arith.addf %c, %b : f16
      %r = arith.maximumf %s, %zero : f16
      linalg.yield %r : f16
    }
    return
  }
}
