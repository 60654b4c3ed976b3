// int8 x int8 matmul, M = 20, K = 64, N = 48, on Atlas A2, with the int32
// result quantized to int8 on the way out (fixpipe REQ8, cube-reference
// §16): y = saturate(round_half_even(clip(x * M1, -256, 255)) + offset).
// deqScalar is the 64-bit QUANT_PRE word: M1 = 1/512 (bits 31:13 of the
// f32), offset 3 (bits 45:37), s8 output (bit 46) = 70782050893824.
// Run: scripts/run-example.sh matmul_i8_quant
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: memref<20x64xi8>, %BT: memref<48x64xi8>, %C: memref<20x48xi8>) {
    // The flags between the pipes (ascube.set_flag; docs/Constraints.md
    // "Pipes and flags"): DataCopy GM -> L1 runs on MTE2, the loads on MTE1,
    // Mmad on M, Fixpipe on FIX; each hands its data on with a flag.
    %ev0 = arith.constant 0 : index
    %a1 = ascube.alloc offset 0 : memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 2048 : memref<48x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : memref<20x64xi8> to memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %BT to %b1 : memref<48x64xi8> to memref<48x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    ascube.set_flag <MTE2> -> <MTE1>, %ev0
    ascube.wait_flag <MTE2> -> <MTE1>, %ev0
    ascube.load_2d %a1 to %a0 {repeatTimes = 2 : i64, srcStride = 2 : i64}
        : memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load_2d %a1[%c512] to %a0[%c1024] {repeatTimes = 2 : i64, srcStride = 2 : i64}
        : memref<20x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b0 = ascube.alloc offset 0 : memref<64x48xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d %b1 to %b0 {repeatTimes = 6 : i64}
        : memref<48x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x48xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %cc = ascube.alloc offset 0 : memref<20x48xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <MTE1> -> <M>, %ev0
    ascube.wait_flag <MTE1> -> <M>, %ev0
    ascube.mmad %a0, %b0 to %cc : memref<20x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<64x48xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<20x48xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %ev0
    ascube.wait_flag <M> -> <FIX>, %ev0
    ascube.fixpipe %cc to %C {deqScalar = 70782050893824 : i64}
        : memref<20x48xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<20x48xi8>
    return
  }
}
