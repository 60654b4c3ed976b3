// Kernels that break a flag rule (sync.test): set twice (sync_c5), a wait
// with nothing set (sync_c6), a flag left set (sync_c7), an event ID past
// the product's (sync_c3, known only when the kernel runs), unitFlag's L0C
// hand-over out of order (sync_c8); a wait for the wrong ID of a flag that
// is set (sync_c6, with a hint); a copy into L1 in a loop whose previous
// iteration's load reads it, with no "free" flag (sync_c4 across
// iterations); a DataCopy reading GM row 5 that a Fixpipe (rows 0-15, 128
// bytes each, 256 bytes apart) wrote, with no flag (sync_c4 on the bytes of
// that row).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @set_twice(%X: memref<30x70xf16>) {
    %e = arith.constant 1 : index
  ascube.set_flag <MTE2> -> <MTE1>, %e
  ascube.set_flag <MTE2> -> <MTE1>, %e
    ascube.wait_flag <MTE2> -> <MTE1>, %e
    return
  }
  func.func @wait_unset(%X: memref<30x70xf16>) {
    %e = arith.constant 0 : index
    ascube.wait_flag <M> -> <FIX>, %e
    return
  }
  func.func @wait_other_id(%X: memref<30x70xf16>) {
    %e1 = arith.constant 1 : index
    %e0 = arith.constant 0 : index
    ascube.set_flag <M> -> <FIX>, %e1
    ascube.wait_flag <M> -> <FIX>, %e0
    return
  }
  func.func @loop_no_free(%X: memref<30x70xf16>) {
    %e = arith.constant 0 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a1 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    scf.for %i = %c0 to %c2 step %c1 {
      ascube.data_copy %X to %a1 : memref<30x70xf16> to memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
      ascube.set_flag <MTE2> -> <MTE1>, %e
      ascube.wait_flag <MTE2> -> <MTE1>, %e
      ascube.load_2d %a1 to %a0 {repeatTimes = 5 : i64, srcStride = 2 : i64}
          : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    }
    return
  }
  func.func @gm_rows(%Y: memref<64x64xf32>) {
    %c = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    %l1 = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
    %row5 = arith.constant 320 : index
    ascube.fixpipe %c to %Y {dstStride = 64 : i64, mSize = 16 : i64, nSize = 16 : i64} : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<64x64xf32>
    ascube.data_copy %Y[%row5] to %l1 {dValue = 16 : i64, dstNzMatrixStride = 0 : i64, nValue = 1 : i64, ndNum = 1 : i64, srcDValue = 64 : i64, srcNdMatrixStride = 0 : i64} : memref<64x64xf32> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
  func.func @left_set(%X: memref<30x70xf16>) {
    %e = arith.constant 2 : index
    ascube.set_flag <MTE1> -> <MTE2>, %e
    return
  }
  // Two Mmads with unitFlag 3 into one L0C tile with no Fixpipe between:
  // the second would wait for a Fixpipe that comes after it.
  func.func @unit_twice(%Y: memref<16x16xf32>) {
    %a = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %a, %b to %c {unitFlag = 3 : i64} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %a, %b to %c {unitFlag = 3 : i64} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %c to %Y {unitFlag = 3 : i64} : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf32>
    return
  }
  // A Fixpipe with unitFlag reading an L0C tile no Mmad marked ready.
  func.func @unit_unready(%Y: memref<16x16xf32>) {
    %c = ascube.alloc offset 1024 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %c to %Y {unitFlag = 3 : i64} : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf32>
    return
  }
  func.func @dynamic_id(%X: memref<30x70xf16>) {
    %n = ascube.block_num
    %c7 = arith.constant 7 : index
    %e = arith.addi %n, %c7 : index
    ascube.set_flag <MTE2> -> <MTE1>, %e
    ascube.wait_flag <MTE2> -> <MTE1>, %e
    return
  }
}
