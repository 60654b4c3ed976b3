// int8 x int8 -> int32 matmul with an int32 bias, M = 20, K = 64, N = 48, on
// Atlas A2: C = A x B + bias (bias broadcast over rows). 8-bit fractals are
// 16x32 (C0 = 32); B comes transposed (BT, N x K) so that LoadData 2D moves
// it without a transpose (cube-reference §11). The bias goes GM -> L1 ->
// bias table (BT), and mmad starts from it (cmatrixSource, §13.1).
// Run: scripts/run-example.sh matmul_i8_bias
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: memref<20x64xi8>, %BT: memref<48x64xi8>, %BIAS: memref<48xi32>,
                    %C: memref<20x48xi32>) {
    // The flags between the pipes (ascube.set_flag; docs/Constraints.md
    // "Pipes and flags"): DataCopy GM -> L1 runs on MTE2, the loads on MTE1,
    // Mmad on M, Fixpipe on FIX; each hands its data on with a flag.
    %ev0 = arith.constant 0 : index
    // L1: A 32x64 (2048 B), BT 48x64 (3072 B), bias 192 B.
    %a1 = ascube.alloc offset 0 : memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 2048 : memref<48x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    %bias1 = ascube.alloc offset 5120 : memref<48xi32, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : memref<20x64xi8> to memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %BT to %b1 : memref<48x64xi8> to memref<48x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %BIAS to %bias1 : memref<48xi32> to memref<48xi32, #ascube.mem<L1>>
    %bt = ascube.alloc offset 0 : memref<48xi32, #ascube.mem<BT>>
    ascube.set_flag <MTE2> -> <MTE1>, %ev0
    ascube.wait_flag <MTE2> -> <MTE1>, %ev0
    ascube.data_copy %bias1 to %bt : memref<48xi32, #ascube.mem<L1>> to memref<48xi32, #ascube.mem<BT>>

    // A: L1 Nz (M1 = 2, K1 = 2) -> L0A Zz per fractal row.
    %a0 = ascube.alloc offset 0 : memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    ascube.load_2d %a1 to %a0 {repeatTimes = 2 : i64, srcStride = 2 : i64}
        : memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load_2d %a1[%c512] to %a0[%c1024] {repeatTimes = 2 : i64, srcStride = 2 : i64}
        : memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>

    // B: BT's 6 L1 fractals are L0B's Zn fractals, in order.
    %b0 = ascube.alloc offset 0 : memref<64x48xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d %b1 to %b0 {repeatTimes = 6 : i64}
        : memref<48x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x48xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>

    %cc = ascube.alloc offset 0 : memref<20x48xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <MTE1> -> <M>, %ev0
    ascube.wait_flag <MTE1> -> <M>, %ev0
    ascube.mmad %a0, %b0 to %cc bias %bt : memref<48xi32, #ascube.mem<BT>>
        : memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
          memref<64x48xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<20x48xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %ev0
    ascube.wait_flag <M> -> <FIX>, %ev0
    ascube.fixpipe %cc to %C : memref<20x48xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<20x48xi32>
    return
  }
}
