// ND2NZ writes only what it owns. The L1 buffer is an argument so the
// test can pre-fill it with 7.0 and read it back.
!L1 = memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @nd2nz(%GM: memref<20x28xf16>, %L1: !L1) {
    ascube.data_copy %GM to %L1 {nValue = 20 : i64, dValue = 28 : i64, srcDValue = 28 : i64, dstNzC0Stride = 32 : i64}
        : memref<20x28xf16> to !L1
    return
  }
  // ndNum = 0, nValue = 0 and dValue = 0 are no-ops.
  func.func @noop(%GM: memref<20x28xf16>, %L1: !L1) {
    ascube.data_copy %GM to %L1 {ndNum = 0 : i64} : memref<20x28xf16> to !L1
    ascube.data_copy %GM to %L1 {nValue = 0 : i64} : memref<20x28xf16> to !L1
    ascube.data_copy %GM to %L1 {dValue = 0 : i64} : memref<20x28xf16> to !L1
    return
  }
  // 4-bit data moves as bytes: a 16x64 int4 matrix is 16 rows of 32 bytes,
  // i.e. one 32 B C0 block per row (C0 = 64 int4 elements).
  func.func @int4(%GM: memref<16x128xi4>, %L1: memref<16x128xi4, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    ascube.data_copy %GM to %L1 : memref<16x128xi4> to memref<16x128xi4, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}
