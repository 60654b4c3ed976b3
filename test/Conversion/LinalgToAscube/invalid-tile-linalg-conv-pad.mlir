// What ascube-tile-linalg refuses of a zero-padded map (docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=10,16,16" -verify-diagnostics

// tile_c1: a 1 x 1 kernel over a map padded by one row: in bands of one
// output row, band 0 reads only padding (no row of the map).
func.func @beyond_reach(%I: memref<1x8x8x16xf16>, %W: memref<1x1x16x16xf16>, %O: memref<1x10x10x16xf32>) {
  %c = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  %alloc = memref.alloc() : memref<1x10x10x16xf16>
  linalg.fill ins(%c : f16) outs(%alloc : memref<1x10x10x16xf16>)
  %sv = memref.subview %alloc[0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1] : memref<1x10x10x16xf16> to memref<1x8x8x16xf16, strided<[1600, 160, 16, 1], offset: 176>>
  linalg.copy ins(%I : memref<1x8x8x16xf16>) outs(%sv : memref<1x8x8x16xf16, strided<[1600, 160, 16, 1], offset: 176>>)
  linalg.fill ins(%z : f32) outs(%O : memref<1x10x10x16xf32>)
  // expected-error @+1 {{the padding reaches further than the kernel: an output tile of atlas_a2 would read no row or column of the map [tile_c1]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%alloc, %W : memref<1x10x10x16xf16>, memref<1x1x16x16xf16>) outs(%O : memref<1x10x10x16xf32>)
  return
}

// -----

// tile_c7: 256 columns of padding are beyond LoadData 3D's padList [0, 255].
func.func @pad_range(%I: memref<1x1x1x16xf16>, %W: memref<1x1x16x16xf16>, %O: memref<1x1x257x16xf32>) {
  %c = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  %alloc = memref.alloc() : memref<1x1x257x16xf16>
  linalg.fill ins(%c : f16) outs(%alloc : memref<1x1x257x16xf16>)
  %sv = memref.subview %alloc[0, 0, 256, 0] [1, 1, 1, 16] [1, 1, 1, 1] : memref<1x1x257x16xf16> to memref<1x1x1x16xf16, strided<[4112, 4112, 16, 1], offset: 4096>>
  memref.copy %I, %sv : memref<1x1x1x16xf16> to memref<1x1x1x16xf16, strided<[4112, 4112, 16, 1], offset: 4096>>
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x257x16xf32>)
  // expected-error @+1 {{a padding of 256 rows or columns is beyond LoadData 3D's padList range [0, 255] [tile_c7]}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%alloc, %W : memref<1x1x257x16xf16>, memref<1x1x16x16xf16>) outs(%O : memref<1x1x257x16xf32>)
  return
}
