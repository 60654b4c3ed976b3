// Explicit tile=m,n,k sizes ascube-tile-linalg refuses for a convolution
// (tile_c6, docs/Tiling.md): m output pixels (a multiple of OW, or fewer
// than OW), n a multiple of max(16, C0), k a multiple of KH x KW x C0, and
// the tile fits the product. Each RUN forces one tile on a 1 x 8 x 8 x 16
// f16 map, a 3 x 3 kernel and 16 output channels on Atlas A2 (OW = 6,
// KH x KW x C0 = 144).
// m = 7 is neither fewer than OW = 6 nor a multiple of it:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=7,16,144" 2>&1 | FileCheck %s --check-prefix=ALIGN
// k = 100 is no multiple of 144:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=6,16,100" 2>&1 | FileCheck %s --check-prefix=ALIGN
// n = 4096 channels are beyond Mmad's n (4095):
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=6,4096,144" 2>&1 | FileCheck %s --check-prefix=FIT4096
// m = 6 x 1537228672809129301 output pixels (whole rows) would overflow any
// byte count: refused as not fitting, not wrapped around:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=9223372036854775806,16,144" 2>&1 | FileCheck %s --check-prefix=FITHUGE
// ALIGN: error: 'linalg.conv_2d_nhwc_hwcf' op tile=m,n,k of a convolution takes m output pixels (a multiple of OW = 6, or fewer than OW), n a multiple of 16 and k a multiple of KH x KW x C0 = 144 [tile_c6]
// FIT4096: error: 'linalg.conv_2d_nhwc_hwcf' op tile 6 x 4096 x 144 does not fit atlas_a2's L0A/L0B/L0C/L1 [tile_c6]
// FITHUGE: error: 'linalg.conv_2d_nhwc_hwcf' op tile 9223372036854775806 x 16 x 144 does not fit atlas_a2's L0A/L0B/L0C/L1 [tile_c6]
func.func @conv(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}
