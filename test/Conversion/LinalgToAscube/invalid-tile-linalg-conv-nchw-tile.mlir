// A forced tile=m,n,k whose output tiles would not start 32 B aligned in
// an NCHW output (tile_c9, docs/Tiling.md): Fixpipe NZ2DN writes to 32 B
// aligned GM addresses (cube-reference §4). A 1 x 16 x 4 x 5 f16 map, a
// 1 x 1 kernel and 16 output channels on Ascend 950PR: f32 output rows of
// OW = 5 pixels are 20 B.
// m = 5 (bands of one row): the second band starts 20 B in:
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=ascend950pr tile=5,16,16" 2>&1 | FileCheck %s --check-prefix=BAND
// m = 10 (two rows, 40 B): neither.
// RUN: not ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=ascend950pr tile=10,16,16" 2>&1 | FileCheck %s --check-prefix=BAND2
// m = 20 (all 4 rows, one band at 0) is aligned:
// RUN: ascube-opt %s --ascube-tile-linalg="product=ascend950pr tile=20,16,16" -o /dev/null
// BAND: error: 'linalg.conv_2d_nchw_fchw' op tile 5 x 16 x 16 starts output tiles of the NCHW output at offsets that are not multiples of 8 elements (Fixpipe NZ2DN writes to 32 B aligned GM addresses, cube-reference §4); the ND2NZ strategies (strategy = nd2nz_columns or pixel_rows) write by NZ2ND, to any byte [tile_c9]
// BAND2: error: 'linalg.conv_2d_nchw_fchw' op tile 10 x 16 x 16 starts output tiles of the NCHW output at offsets that are not multiples of 8 elements (Fixpipe NZ2DN writes to 32 B aligned GM addresses, cube-reference §4); the ND2NZ strategies (strategy = nd2nz_columns or pixel_rows) write by NZ2ND, to any byte [tile_c9]
func.func @conv(%I: memref<1x16x4x5xf16>, %W: memref<16x16x1x1xf16>, %O: memref<1x16x4x5xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x4x5xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x16x4x5xf16>, memref<16x16x1x1xf16>) outs(%O : memref<1x16x4x5xf32>)
  return
}
