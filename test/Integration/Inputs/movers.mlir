// Mover paths and parameters (cube-reference §5, §6, §16), with on-core
// buffers as arguments so the test can fill and read them.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // GM -> L0A: fractal data already in Zz in GM, moved as is.
  func.func @gm_to_l0a(%G: memref<32x16xf16, #ascube.layout<Zz>>,
                       %A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    ascube.load_2d %G to %A : memref<32x16xf16, #ascube.layout<Zz>> to memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
  // GM -> L1 with addrMode = 1: source fractals 3, 2, 1, 0.
  func.func @gm_to_l1_dec(%G: memref<64x16xf16, #ascube.layout<Zz>>,
                          %L: memref<64x16xf16, #ascube.layout<Zz>, #ascube.mem<L1>>) {
    ascube.load_2d %G to %L {startIndex = 3 : i64, repeatTimes = 4 : i64, addrMode = 1 : i64}
        : memref<64x16xf16, #ascube.layout<Zz>> to memref<64x16xf16, #ascube.layout<Zz>, #ascube.mem<L1>>
    return
  }
  // L1 -> L0B with dstGap = 1: destination fractals 0 and 2.
  func.func @dst_gap(%L: memref<64x16xi8, #ascube.layout<Zn>, #ascube.mem<L1>>,
                     %B: memref<96x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    ascube.load_2d %L to %B {repeatTimes = 2 : i64, dstGap = 1 : i64}
        : memref<64x16xi8, #ascube.layout<Zn>, #ascube.mem<L1>> to memref<96x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
  // ND2NZ of two stacked 20x28 matrices (ndNum = 2), the second one 1024
  // elements further in L1.
  func.func @nd2nz_ndnum(%G: memref<40x28xf16>, %L: memref<64x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    ascube.data_copy %G to %L {ndNum = 2 : i64, nValue = 20 : i64, dValue = 28 : i64, srcNdMatrixStride = 560 : i64,
                               srcDValue = 28 : i64, dstNzC0Stride = 32 : i64, dstNzMatrixStride = 1024 : i64}
        : memref<40x28xf16> to memref<64x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
  // The same with derived parameters, from a batched (3-D) ND source.
  func.func @nd2nz_batch(%G: memref<2x20x28xf16>, %L: memref<64x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    ascube.data_copy %G to %L {dstNzC0Stride = 32 : i64}
        : memref<2x20x28xf16> to memref<64x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
  // Fixpipe with ndNum = 2: two 16x16 L0C matrices (16 rows apart) to two
  // 16x16 ND matrices 256 elements apart.
  func.func @fixpipe_ndnum(%C: memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %D: memref<2x16x16xf32>) {
    ascube.fixpipe %C to %D {mode = #ascube.fixpipe_mode<nz2nd>, mSize = 16 : i64, nSize = 16 : i64, srcStride = 32 : i64,
                             dstStride = 16 : i64, ndNum = 2 : i64, srcNdStride = 16 : i64, dstNdStride = 256 : i64}
        : memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<2x16x16xf32>
    return
  }
}
