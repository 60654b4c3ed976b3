// Fixpipe NZ2DN (950 only, cube-reference §16): column-major output, and the
// FixpipeParamsArch3510 forms (NZ2NZ dstStride in elements, Nz2DnParams).
!CW = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @nz2dn(%C: !CW, %D: memref<16x32xf32, #ascube.layout<DN>>) {
    ascube.fixpipe %C to %D : !CW to memref<16x32xf32, #ascube.layout<DN>>
    return
  }
  // Column blocks 512 elements apart: block 1 lands where a 16 x 48 Nz
  // keeps its third block; the second stays untouched.
  func.func @nz2nz_3510(%C: !CW, %D: memref<16x48xf32, #ascube.layout<Nz, fractal = [16, 16]>>) {
    ascube.fixpipe %C to %D {arch3510 = true, nSize = 32 : i64, dstStride = 512 : i64} : !CW to memref<16x48xf32, #ascube.layout<Nz, fractal = [16, 16]>>
    return
  }
  // 950's scaled float outputs: s32 x 0.5 -> bf16 (derived QS322BF16_PRE)
  // and f32 x 0.25 -> f16 (QF322F16_PRE), both rounded half to even.
  func.func @qs322bf16(%C: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %D: memref<16x32xbf16>) {
    ascube.fixpipe %C to %D {deqScalar = 1056964608 : i64} : memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x32xbf16>
    return
  }
  func.func @qf322f16_pre(%C: !CW, %D: memref<16x32xf16>) {
    ascube.fixpipe %C to %D {quantPre = #ascube.quant<QF322F16_PRE>, deqScalar = 1048576000 : i64} : !CW to memref<16x32xf16>
    return
  }
  // The 16 x 32 tile as two 16 x 16 matrices (Nz2DnParams): matrix d is
  // L0C rows 16d.., written column-major at 320 d.
  func.func @nz2dn_3510(%C: !CW, %D: memref<16x40xf32, #ascube.layout<DN>>) {
    ascube.fixpipe %C to %D {arch3510 = true, mSize = 16 : i64, nSize = 16 : i64, dnNum = 2 : i64,
                             srcNzMatrixStride = 16 : i64, dstDnMatrixStride = 320 : i64, srcNzC0Stride = 16 : i64}
        : !CW to memref<16x40xf32, #ascube.layout<DN>>
    return
  }
}
