// The f16 matmul of examples/matmul_f16.mlir (M = 30, K = 70, N = 40 on
// Atlas A2) with the flags the chip needs between its pipes, as the
// documents' kernels set them: MTE2 (DataCopy) -> MTE1 (LoadData) -> M
// (Mmad) -> FIX (Fixpipe). sync.test deletes one flag pair at a time (the
// lines marked DROP-<event>) and expects --check-sync to name the two
// instructions it leaves unordered.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: memref<30x70xf16>, %B: memref<70x40xf16>, %C: memref<30x40xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %a1 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 5120 : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : memref<30x70xf16> to memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %B to %b1 : memref<70x40xf16> to memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.set_flag <MTE2> -> <MTE1>, %c0 // DROP-MTE2-MTE1
    ascube.wait_flag <MTE2> -> <MTE1>, %c0 // DROP-MTE2-MTE1
    %a0 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    scf.for %m1 = %c0 to %c2 step %c1 {
      %src = affine.apply affine_map<(m) -> (m * 256)>(%m1)
      %dst = affine.apply affine_map<(m) -> (m * 1280)>(%m1)
      ascube.load_2d %a1[%src] to %a0[%dst] {repeatTimes = 5 : i64, srcStride = 2 : i64}
          : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    }
    %b0 = ascube.alloc offset 0 : memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    scf.for %k1 = %c0 to %c5 step %c1 {
      %src = affine.apply affine_map<(k) -> (k * 256)>(%k1)
      %dst = affine.apply affine_map<(k) -> (k * 768)>(%k1)
      ascube.load_2d %b1[%src] to %b0[%dst] {repeatTimes = 3 : i64, srcStride = 5 : i64, ifTranspose = true}
          : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    }
    ascube.set_flag <MTE1> -> <M>, %c0 // DROP-MTE1-M
    ascube.wait_flag <MTE1> -> <M>, %c0 // DROP-MTE1-M
    %cc = ascube.alloc offset 0 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %a0, %b0 to %cc : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %c1 // DROP-M-FIX
    ascube.wait_flag <M> -> <FIX>, %c1 // DROP-M-FIX
    ascube.fixpipe %cc to %C : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xf32>
    return
  }
}
