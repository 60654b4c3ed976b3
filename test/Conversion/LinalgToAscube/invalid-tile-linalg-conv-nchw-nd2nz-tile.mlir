// Forced tiles (tile=m,n,k: output pixels, output channels, im2col
// columns) of an NCHW convolution on Atlas A2, which builds its im2col
// matrix X^T by ND2NZ (docs/Tiling.md "NCHW without DN2NZ", tile_c6): a
// 1 x 20 x 8 x 8 f16 map, a 3 x 3 kernel, 16 output channels (OW = 6,
// K = 180).
// A forced tile of a piece of an output row (5 pixels of 6: a piece is
// whole 16s), of channels
// not whole 16s, of a k that is not whole channels (KH x KW = 9), and one
// too large for L0B:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=5,16,9" 2>&1 | FileCheck %s --check-prefixes=PIECE,M5
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=6,8,9" 2>&1 | FileCheck %s --check-prefixes=PIECE,N8
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=6,16,10" 2>&1 | FileCheck %s --check-prefixes=PIECE,K10
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=36,16,180" 2>&1 | FileCheck %s --check-prefix=FIT
// Two sizes are named as the wrong count; four (whose fourth would be a
// matmul's k_l1) are refused as a matmul's:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=6,16" 2>&1 | FileCheck %s --check-prefix=COUNT2
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=12,16,18,4" 2>&1 | FileCheck %s --check-prefix=COUNT4
// COUNT2: error: 'linalg.conv_2d_nchw_fchw' op tile=m,n,k[,k_l1[,split_k]] takes three sizes, or four or five with a matmul's k_l1 and split_k, not 2 [tile_c6]
// COUNT4: error: 'linalg.conv_2d_nchw_fchw' op tile=m,n,k,k_l1: a convolution takes three sizes; k_l1 (L1 chunks of several K steps) is a matmul's, of A held M x K and B held N x K [tile_c15]
// A forced tile of whole rows, 16 channels and 2 channels (18 im2col rows)
// is taken:
// RUN: ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=12,16,18 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORCED
// PIECE: error: 'linalg.conv_2d_nchw_fchw' op tile=m,n,k of an NCHW convolution on atlas_a2 takes m output pixels (a multiple of OW = 6: whole output rows; OW leaves no piece of 16; at most 4095), n a multiple of 16 and k a multiple of 9 (KH x KW: whole channels):
// M5-SAME: m = 5 is not [tile_c6]
// N8-SAME: n = 8 is not [tile_c6]
// K10-SAME: k = 10 is not [tile_c6]
// 36 pixels are 6 rows of 16 GEMM columns: X^T's chunk is 192 (180 padded
// to whole fractals) x 96 x 2 B, twice (double buffered) 73728 B > L0B's
// 64 KiB.
// FIT: error: 'linalg.conv_2d_nchw_fchw' op tile 36 x 16 x 180 (the GEMM's M x N x K tile 16 x 96 x 180) does not fit atlas_a2: L0B needs 73728 B of 65536 B (L0A, L0B and L1 counted for two buffer sets: double buffering); without tile= the pass chooses a tile that fits (report=true names it) [tile_c6]
// FORCED: tile 2 output rows x 16 channels, 2 channels (18 im2col rows) per chunk (1 M x 3 N tiles, 10 chunks each)

func.func @forced(%I: memref<1x20x8x8xf16>, %W: memref<16x20x3x3xf16>, %O: memref<1x16x6x6xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x6x6xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x20x8x8xf16>, memref<16x20x3x3xf16>) outs(%O : memref<1x16x6x6xf32>)
  return
}
