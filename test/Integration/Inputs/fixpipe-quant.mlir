// Fixpipe quantization, ReLU and layouts (cube-reference §16). C (L0C, Nz
// 16x16 fractals) is an argument so the test can fill it directly.
!CI = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!CF = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!CW = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // REQ8: M1 = 0.5, offset -3, s8 (word 140326228459520).
  func.func @req8(%C: !CI, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D {deqScalar = 140326228459520 : i64} : !CI to memref<16x16xi8>
    return
  }
  func.func @req8_relu(%C: !CI, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D {deqScalar = 140326228459520 : i64, reluEn = true} : !CI to memref<16x16xi8>
    return
  }
  // REQ8 with M1 = 0.1: only bits 31:13 of the f32 count (0.0999755859375).
  func.func @req8_m1_bits(%C: !CI, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D {deqScalar = 70369781006336 : i64} : !CI to memref<16x16xi8>
    return
  }
  // REQ8 with the word 0x40003DCCCCCD: M1 is bits 31:13 of 0.1f, and the
  // low 13 bits set in the word must not count.
  func.func @req8_low_bits(%C: !CI, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D {deqScalar = 70369781009613 : i64} : !CI to memref<16x16xi8>
    return
  }
  // The same word per column (VREQ8).
  func.func @vreq8_low_bits(%C: !CI, %Q: memref<16xi64, #ascube.mem<L1>>, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D quant_vector %Q : memref<16xi64, #ascube.mem<L1>> : !CI to memref<16x16xi8>
    return
  }
  // QF322B8_PRE to u8: M1 = 1, offset 0, bit 46 = 0.
  func.func @qf32_u8(%C: !CF, %D: memref<16x16xui8>) {
    ascube.fixpipe %C to %D {deqScalar = 1065353216 : i64} : !CF to memref<16x16xui8>
    return
  }
  // QF322B8_PRE to s8 (bit 46 set), M1 = 1, offset 0, on A2's default
  // Inf/NaN mode: NaN is taken as 0, infinities clip.
  func.func @qf32_s8_nan(%C: !CF, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D {deqScalar = 70369809530880 : i64} : !CF to memref<16x16xi8>
    return
  }
  // DEQF16: M1 = 0.25, saturating to the f16 range.
  func.func @deqf16(%C: !CI, %D: memref<16x16xf16>) {
    ascube.fixpipe %C to %D {deqScalar = 1048576000 : i64} : !CI to memref<16x16xf16>
    return
  }
  // The MCB shift mode (bit 36, A2/A3, REQ8/DEQF16): x >> N saturated to
  // int16, then the scale. M1 = 1; N = bits[35:32] + 1: code 0 -> 1 and
  // code 15 -> 16.
  func.func @deqf16_mcb1(%C: !CI, %D: memref<16x16xf16>) {
    ascube.fixpipe %C to %D {deqScalar = 69784829952 : i64} : !CI to memref<16x16xf16>
    return
  }
  func.func @deqf16_mcb16(%C: !CI, %D: memref<16x16xf16>) {
    ascube.fixpipe %C to %D {deqScalar = 134209339392 : i64} : !CI to memref<16x16xf16>
    return
  }
  // REQ8 with the MCB shift below int16: N = 1, M1 = 511 * 2^-16, offset
  // 200, s8 (word 0x59103BFF8000).
  func.func @req8_mcb_low(%C: !CI, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D {deqScalar = 97926260948992 : i64} : !CI to memref<16x16xi8>
    return
  }
  func.func @f322f16(%C: !CF, %D: memref<16x16xf16>) {
    ascube.fixpipe %C to %D : !CF to memref<16x16xf16>
    return
  }
  func.func @f322bf16(%C: !CF, %D: memref<16x16xbf16>) {
    ascube.fixpipe %C to %D : !CF to memref<16x16xbf16>
    return
  }
  // VREQ8: one QUANT_PRE word per output column, in L1.
  func.func @vreq8(%C: !CI, %Q: memref<16xi64, #ascube.mem<L1>>, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D quant_vector %Q : memref<16xi64, #ascube.mem<L1>> : !CI to memref<16x16xi8>
    return
  }
  // VREQ8 with the vector copied L1 -> FB first (DataCopy fb, §16).
  func.func @vreq8_fb(%C: !CI, %Q: memref<16xi64, #ascube.mem<L1>>, %D: memref<16x16xi8>) {
    %fb = ascube.alloc offset 0 : memref<16xi64, #ascube.mem<FB>>
    ascube.data_copy %Q to %fb : memref<16xi64, #ascube.mem<L1>> to memref<16xi64, #ascube.mem<FB>>
    ascube.fixpipe %C to %D quant_vector %fb : memref<16xi64, #ascube.mem<FB>> : !CI to memref<16x16xi8>
    return
  }
  // VDEQF16 and VQF322B8_PRE: the per-column forms of DEQF16 and QF322B8.
  // VREQ8 with MCB words: column c shifts by N = c % 4 + 1 (M1 = 1, offset
  // 0, s8).
  func.func @vreq8_mcb(%C: !CI, %Q: memref<16xi64, #ascube.mem<L1>>, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D quant_vector %Q : memref<16xi64, #ascube.mem<L1>> : !CI to memref<16x16xi8>
    return
  }
  func.func @vdeqf16(%C: !CI, %Q: memref<16xi64, #ascube.mem<L1>>, %D: memref<16x16xf16>) {
    ascube.fixpipe %C to %D quant_vector %Q : memref<16xi64, #ascube.mem<L1>> : !CI to memref<16x16xf16>
    return
  }
  func.func @vqf322b8(%C: !CF, %Q: memref<16xi64, #ascube.mem<L1>>, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D quant_vector %Q : memref<16xi64, #ascube.mem<L1>> : !CF to memref<16x16xi8>
    return
  }
  // NoQuant with ReLU.
  func.func @relu(%C: !CF, %D: memref<16x16xf32>) {
    ascube.fixpipe %C to %D {reluEn = true} : !CF to memref<16x16xf32>
    return
  }
  // Layouts: NZ2NZ into L1 (f16) and NZ2ND with a row pitch of 40
  // elements (NZ2DN, 950 only, is in fixpipe-nz2dn.mlir).
  func.func @nz2nz(%C: !CW, %D: memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    ascube.fixpipe %C to %D : !CW to memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
  // Channel merge: REQ8 (M1 = 1/16, offset 0, s8) of a 16x64 s32 tile
  // into an L1 Nz int8 tile padded to 32 rows (16x32 fractals, fractal
  // columns 32 x 32 B apart: the default dstStride = 32).
  func.func @merge_b8(%C: memref<16x64xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %D: memref<32x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    ascube.fixpipe %C to %D {deqScalar = 70369775976448 : i64} : memref<16x64xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
  // Channel split: f32 16x16 fractals into 16x8 ones in GM; nSize = 24
  // writes three fractal columns (the fourth stays as it was).
  func.func @split_f32(%C: !CW, %D: memref<16x32xf32, #ascube.layout<Nz>>) {
    ascube.fixpipe %C to %D {nSize = 24 : i64} : !CW to memref<16x32xf32, #ascube.layout<Nz>>
    return
  }
  func.func @nz2nd_pitch(%C: !CW, %D: memref<16x40xf32>) {
    ascube.fixpipe %C to %D {nSize = 32 : i64, dstStride = 40 : i64} : !CW to memref<16x40xf32>
    return
  }
}
