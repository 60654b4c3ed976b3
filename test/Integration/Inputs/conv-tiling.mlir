// Convolutions mapped with a hand-set #ascube.conv_tiling (conv-tiling.test).

// Ascend 950PR maps an NCHW convolution by DN2NZ and LoadData 3D; asked
// for, by ND2NZ columns instead, in N tiles of a piece of 16 of a row's 38
// pixels, 16 channels of K = 32 x 3 x 3 per chunk.
func.func @nchw_columns(%I: memref<1x32x6x40xf16>, %W: memref<16x32x3x3xf16>, %O: memref<1x16x4x38xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x4x38xf32>)
  linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = nd2nz_columns, m = 16, n = 16, k = 144>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x32x6x40xf16>, memref<16x32x3x3xf16>) outs(%O : memref<1x16x4x38xf32>)
  return
}

// Stride 2 along W: one L1 row per output pixel, each channel's K' 3 kernel
// rows of one run of 3 taps padded to 16: chunks of one kernel row (k = 16
// of a channel's 48), pieces of 16 of a row's 20 pixels.
func.func @nchw_pixel_rows(%I: memref<1x8x7x41xf16>, %W: memref<16x8x3x3xf16>, %O: memref<1x16x5x20xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x5x20xf32>)
  linalg.conv_2d_nchw_fchw {ascube.tiling = #ascube.conv_tiling<strategy = pixel_rows, m = 16, n = 16, k = 16>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%I, %W : memref<1x8x7x41xf16>, memref<16x8x3x3xf16>) outs(%O : memref<1x16x5x20xf32>)
  return
}

// Atlas A2 maps an NHWC convolution by LoadData 3D; asked for, as O = X' x
// W' with one L1 row per output pixel: runs of a kernel row's 3 taps x 8
// channels (24, padded to 32), a run per chunk, pieces of 16 of 18 pixels.
func.func @nhwc_rows(%I: memref<1x6x20x8xf16>, %W: memref<3x3x8x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 16, n = 16, k = 32>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x8xf16>, memref<3x3x8x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}

// The same with runs of one tap (8 channels padded to 16), three per chunk,
// in tiles of two whole output rows.
func.func @nhwc_one_tap(%I: memref<1x6x20x8xf16>, %W: memref<3x3x8x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = nhwc_rows, m = 36, n = 16, k = 48, run_taps = 1>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x8xf16>, memref<3x3x8x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}

// LoadData 3D in pieces of 16 of a row's 18 pixels, chunks of one kernel
// point of the C0 block (k = 16), each reading only its point's map
// columns, with one buffer set.
func.func @load3d_own_columns(%I: memref<1x6x20x8xf16>, %W: memref<3x3x8x16xf16>, %O: memref<1x4x18x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x18x16xf32>)
  linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 16, buffers = 1, own_columns = true>,
                            dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x6x20x8xf16>, memref<3x3x8x16xf16>) outs(%O : memref<1x4x18x16xf32>)
  return
}
