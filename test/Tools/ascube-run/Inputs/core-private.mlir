// Each block copies its own 16 x 16 slice of A (rows 16 x block_idx on)
// into one placed L1 buffer, waits for every block at an ascube.sync_all,
// then multiplies what its L1 holds by B and writes its own slice of O.
// On the chip each AI core has an L1 of its own: every block multiplies
// its own slice. (Blocks sharing one L1 would, after the barrier, all
// multiply the slice the last of them copied.)
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @own(%A: memref<64x16xf16>, %B: memref<16x16xf16>, %O: memref<64x16xf32>) {
    %i = ascube.block_idx
    %c256 = arith.constant 256 : index
    %at = arith.muli %i, %c256 : index
    %a1 = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 512 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %A[%at] to %a1 {dValue = 16 : i64, nValue = 16 : i64, ndNum = 1 : i64, srcDValue = 16 : i64, srcNdMatrixStride = 0 : i64, dstNzC0Stride = 16 : i64, dstNzMatrixStride = 0 : i64} : memref<64x16xf16> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %B to %b1 : memref<16x16xf16> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.sync_all
    %a0 = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b0 = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load %a1 to %a0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load %b1 to %b0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %a0, %b0 to %c : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %c to %O[%at] {nSize = 16 : i64} : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<64x16xf32>
    return
  }
}
