// int8 x int8 -> int32 matmul, M = 20, K = 64, N = 64, on Atlas A2, with B
// given K x N in GM (not transposed). LoadData 2D transposes 16-bit data
// only; for int8 the L1 -> L0B move is LoadDataWithTranspose (§7, §11):
// each square of two stacked 16x32 L1 Nz fractals (32 K rows x 32 N
// columns) is transposed into two 32x16 Zn fractals of L0B.
// Run: scripts/run-example.sh matmul_i8_kn
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: memref<20x64xi8>, %B: memref<64x64xi8>, %C: memref<20x64xi32>) {
    // The flags between the pipes (ascube.set_flag; docs/Constraints.md
    // "Pipes and flags"): DataCopy GM -> L1 runs on MTE2, the loads on MTE1,
    // Mmad on M, Fixpipe on FIX; each hands its data on with a flag.
    %ev0 = arith.constant 0 : index
    %a1 = ascube.alloc offset 0 : memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 2048 : memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : memref<20x64xi8> to memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %B to %b1 : memref<64x64xi8> to memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>

    // A: L1 Nz (M1 = 2, K1 = 2) -> L0A Zz per fractal row.
    %a0 = ascube.alloc offset 0 : memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    ascube.set_flag <MTE2> -> <MTE1>, %ev0
    ascube.wait_flag <MTE2> -> <MTE1>, %ev0
    ascube.load_2d %a1 to %a0 {repeatTimes = 2 : i64, srcStride = 2 : i64}
        : memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load_2d %a1[%c512] to %a0[%c1024] {repeatTimes = 2 : i64, srcStride = 2 : i64}
        : memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>

    // B: per 32-row block s of K, one square per L1 column block (two of
    // them, srcStride = 2 squares per column block); the two fractals of a
    // square are N blocks 2c and 2c + 1 of Zn row s (dstGap = 1).
    %b0 = ascube.alloc offset 0 : memref<64x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %s = %c0 to %c2 step %c1 {
      %src = affine.apply affine_map<(s) -> (s * 1024)>(%s)
      %dst = affine.apply affine_map<(s) -> (s * 2048)>(%s)
      ascube.load_2d_transpose %b1[%src] to %b0[%dst] {repeatTimes = 2 : i64, srcStride = 2 : i64, dstGap = 1 : i64}
          : memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    }

    %cc = ascube.alloc offset 0 : memref<20x64xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <MTE1> -> <M>, %ev0
    ascube.wait_flag <MTE1> -> <M>, %ev0
    ascube.mmad %a0, %b0 to %cc : memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<64x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<20x64xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %ev0
    ascube.wait_flag <M> -> <FIX>, %ev0
    ascube.fixpipe %cc to %C : memref<20x64xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<20x64xi32>
    return
  }
}
