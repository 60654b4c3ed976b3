// f32 x f32 -> f32 matmul, M = 30, K = 20, N = 40, on Atlas A2. 32-bit
// fractals are 16x8 (C0 = 8). LoadData 2D transposes only b16 data, so B
// comes transposed (BT = B^T, N x K) as Ascend kernels do for b32: its L1
// Nz fractals (16 N-rows x 8 K) are exactly L0B's Zn fractals (8 K x 16 N,
// stored N-major), in the same order, so one LoadData 2D copies them all
// (cube-reference §11, "B transposed: Load2D").
// Run: scripts/run-example.sh matmul_f32
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: memref<30x20xf32>, %BT: memref<40x20xf32>, %C: memref<30x40xf32>) {
    // The flags between the pipes (ascube.set_flag; docs/Constraints.md
    // "Pipes and flags"): DataCopy GM -> L1 runs on MTE2, the loads on MTE1,
    // Mmad on M, Fixpipe on FIX; each hands its data on with a flag.
    %ev0 = arith.constant 0 : index
    // L1: A 32x24 padded (3072 B), BT 48x24 padded (4608 B).
    %a1 = ascube.alloc offset 0 : memref<30x20xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 3072 : memref<40x20xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : memref<30x20xf32> to memref<30x20xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %BT to %b1 : memref<40x20xf32> to memref<40x20xf32, #ascube.layout<Nz>, #ascube.mem<L1>>

    // A: L1 Nz (M1 = 2, K1 = 3) -> L0A Zz per fractal row (128 elements a fractal).
    %a0 = ascube.alloc offset 0 : memref<30x20xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c384 = arith.constant 384 : index
    %c128 = arith.constant 128 : index
    ascube.set_flag <MTE2> -> <MTE1>, %ev0
    ascube.wait_flag <MTE2> -> <MTE1>, %ev0
    ascube.load_2d %a1 to %a0 {repeatTimes = 3 : i64, srcStride = 2 : i64}
        : memref<30x20xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x20xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load_2d %a1[%c128] to %a0[%c384] {repeatTimes = 3 : i64, srcStride = 2 : i64}
        : memref<30x20xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x20xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>

    // B: the 9 fractals of BT in L1 are L0B's Zn fractals, in order.
    %b0 = ascube.alloc offset 0 : memref<20x40xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d %b1 to %b0 {repeatTimes = 9 : i64}
        : memref<40x20xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<20x40xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>

    %cc = ascube.alloc offset 0 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <MTE1> -> <M>, %ev0
    ascube.wait_flag <MTE1> -> <M>, %ev0
    ascube.mmad %a0, %b0 to %cc : memref<30x20xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<20x40xf32, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %ev0
    ascube.wait_flag <M> -> <FIX>, %ev0
    ascube.fixpipe %cc to %C : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xf32>
    return
  }
}
