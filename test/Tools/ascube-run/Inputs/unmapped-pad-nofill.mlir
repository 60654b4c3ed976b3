// A map copied into an alloc that is never filled: its padding is not
// zero, so the padding pattern is not folded; the mapping warns that the
// convolution reads undefined padding, and the strided copy runs as loads
// and stores (errors.test).
func.func @k(%I: memref<1x2x2x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x2x2x16xf32>) {
  %P = memref.alloc() : memref<1x4x4x16xf16>
  %V = memref.subview %P[0, 1, 1, 0] [1, 2, 2, 16] [1, 1, 1, 1] : memref<1x4x4x16xf16> to memref<1x2x2x16xf16, strided<[256, 64, 16, 1], offset: 80>>
  memref.copy %I, %V : memref<1x2x2x16xf16> to memref<1x2x2x16xf16, strided<[256, 64, 16, 1], offset: 80>>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x2x2x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%P, %W : memref<1x4x4x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x2x2x16xf32>)
  memref.dealloc %P : memref<1x4x4x16xf16>
  return
}
