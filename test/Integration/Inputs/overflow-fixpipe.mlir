// Fixpipe under the float overflow mode (cube-reference §16): L0C is an
// argument holding inf, NaN and large values directly. ATTRS is replaced by
// the RUN lines.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ATTRS} {
  func.func @nq_f32(%C: !C, %D: memref<16x16xf32>) {
    ascube.fixpipe %C to %D : !C to memref<16x16xf32>
    return
  }
  func.func @f322bf16(%C: !C, %D: memref<16x16xbf16>) {
    ascube.fixpipe %C to %D : !C to memref<16x16xbf16>
    return
  }
  // QF322B8_PRE: M1 = 1, offset 3, s8.
  func.func @qf322b8(%C: !C, %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D {deqScalar = 70782126391296 : i64} : !C to memref<16x16xi8>
    return
  }
}
