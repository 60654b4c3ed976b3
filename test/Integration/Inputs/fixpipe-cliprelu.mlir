// Fixpipe ClipReLU on 310B (SetFixPipeClipRelu, cube-reference §16):
// y = min(y, max) after the quantization scale and ReLU, before the output
// conversion. M1 = 0.5 (DEQF16 word 1056964608; REQ8 word 140326228459520:
// M1 = 0.5, offset -3, s8).
!CI = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!CF = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
  // max = 1.0 (0x3c00).
  func.func @deqf16_clip(%C: !CI, %D: memref<16x16xf16>) {
    ascube.fixpipe %C to %D {deqScalar = 1056964608 : i64, clipReluMaxVal = 15360 : i64} : !CI to memref<16x16xf16>
    return
  }
  // ReLU first, then max = 100.0 (0x5640).
  func.func @deqf16_relu_clip(%C: !CI, %D: memref<16x16xf16>) {
    ascube.fixpipe %C to %D {deqScalar = 1056964608 : i64, reluEn = true, clipReluMaxVal = 22080 : i64} : !CI to memref<16x16xf16>
    return
  }
  // max = 2.0 (0x4000) before the int8 rounding and offset.
  func.func @req8_clip(%C: !CI, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D {deqScalar = 140326228459520 : i64, clipReluMaxVal = 16384 : i64} : !CI to memref<16x16xi8>
    return
  }
  // f32 -> f16 cast with max = 3.0 (0x4200).
  func.func @f322f16_clip(%C: !CF, %D: memref<16x16xf16>) {
    ascube.fixpipe %C to %D {clipReluMaxVal = 16896 : i64} : !CF to memref<16x16xf16>
    return
  }
}
