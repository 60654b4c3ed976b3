// Explicit tile=m,n,k sizes ascube-tile-linalg refuses for a convolution
// (tile_c6, docs/Tiling.md): m output pixels (a multiple of OW, or fewer
// than OW), n a multiple of max(16, C0), k a multiple of KH x KW x C0 (or,
// below it, kernel points of one C0 block: a multiple of C0 below KW x C0
// — part of a kernel row — or of KW x C0, whole rows), and the tile fits the
// product; a refusal of one that does not fit names a tile that does. Each RUN forces one tile on a 1 x 8 x 8 x 16
// f16 map, a 3 x 3 kernel and 16 output channels on Atlas A2 (OW = 6,
// KH x KW x C0 = 144).
// m = 7 is neither fewer than OW = 6 nor a multiple of it:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=7,16,144" 2>&1 | FileCheck %s --check-prefixes=ALIGN,M7
// k = 100 is no multiple of 144, nor of C0 = 16 below it:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=6,16,100" 2>&1 | FileCheck %s --check-prefixes=ALIGN,K100
// k = 64, 4 kernel points, is more than a kernel row's 3 and not whole
// rows (a multiple of KW x C0 = 48):
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=6,16,64" 2>&1 | FileCheck %s --check-prefixes=ALIGN,K64
// n = 4096 channels are beyond Mmad's n (4095):
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=6,4096,144" 2>&1 | FileCheck %s --check-prefix=FIT4096
// m = 6 x 1537228672809129301 output pixels (whole rows) would overflow any
// byte count: refused as not fitting, not wrapped around:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=9223372036854775806,16,144" 2>&1 | FileCheck %s --check-prefix=FITHUGE
// k = 32, two of the kernel's nine points per chunk (each kernel row in
// two chunks, points 0-1 and 2: six chunks of the one C0 block), m = 6 one
// output row (six M tiles), each part reading only its points' map
// columns (a forced tile's parts of a row in tiles of one output row do):
// RUN: ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=6,16,32 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TAPS
// n = 1024 channels of 36 pixels (48 rows): L0C 48 x 1024 x 4 B = 196608
// B, L0B 144 x 1024 x 2 B = 294912 B with one buffer set (two fit
// nowhere); L0A 48 x 144 x 2 B and L1 (2048 B of map, 294912 B of
// weights) hold theirs. The refusal names the two that do not:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=36,1024,144" 2>&1 | FileCheck %s --check-prefix=FITL0
// ALIGN: error: 'linalg.conv_2d_nhwc_hwcf' op tile=m,n,k of a convolution takes m output pixels (a multiple of OW = 6: whole output rows, or fewer than OW: a piece of one), n a multiple of 16 and k a multiple of KH x KW x C0 = 144 (or below it, kernel points of one block: a multiple of C0 = 16 below KW x C0 = 48, part of a kernel row, or a multiple of KW x C0, whole kernel rows): 
// M7-SAME: m = 7 is not [tile_c6]
// K100-SAME: k = 100 is not [tile_c6]
// K64-SAME: k = 64 is not [tile_c6]
// TAPS: tile 6 output pixels (1 row) x 16 channels, 2 kernel points of a C0 block per chunk (6 M x 1 N tiles, 6 chunks each), parts of a kernel row reading only their points' map columns;
// The whole output in one tile (36 x 16 x 144: each byte read once) fits:
// FITL0: error: 'linalg.conv_2d_nhwc_hwcf' op tile 36 x 1024 x 144 does not fit atlas_a2: L0B needs 294912 B of 65536 B, L0C needs 196608 B of 131072 B; a tile that fits: 36 x 16 x 144 [tile_c6]
// FIT4096: error: 'linalg.conv_2d_nhwc_hwcf' op tile 6 x 4096 x 144 does not fit atlas_a2: past an instruction's range: Mmad's n = 4096 output channels is past 4095; a tile that fits: 36 x 16 x 144 [tile_c6]
// FITHUGE: error: 'linalg.conv_2d_nhwc_hwcf' op tile 9223372036854775806 x 16 x 144 does not fit atlas_a2: past an instruction's range: Mmad's m = 9223372036854775806 output pixels is past 4080 (4095 in whole fractal rows); a tile that fits: 36 x 16 x 144 [tile_c6]
func.func @conv(%I: memref<1x8x8x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x6x6x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x6x6x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x6x6x16xf32>)
  return
}
