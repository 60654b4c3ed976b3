// bf16 x bf16 -> f32 matmul, M = 30, K = 70, N = 40, from
// GM ND to GM ND on Atlas A2:
//   GM ND --data_copy (ND2NZ)--> L1 Nz --load_2d--> L0A Zz / L0B Zn
//         --mmad--> L0C Nz --fixpipe (NZ2ND)--> GM ND
// Run: scripts/run-example.sh matmul_bf16
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: memref<30x70xbf16>, %B: memref<70x40xbf16>, %C: memref<30x40xf32>) {
    // The flags between the pipes (ascube.set_flag; docs/Constraints.md
    // "Pipes and flags"): DataCopy GM -> L1 runs on MTE2, the loads on MTE1,
    // Mmad on M, Fixpipe on FIX; each hands its data on with a flag.
    %ev0 = arith.constant 0 : index
    // L1: A (32x80 padded, 5120 B) and B (80x48 padded, 7680 B).
    %a1 = ascube.alloc offset 0 : memref<30x70xbf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 5120 : memref<70x40xbf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : memref<30x70xbf16> to memref<30x70xbf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %B to %b1 : memref<70x40xbf16> to memref<70x40xbf16, #ascube.layout<Nz>, #ascube.mem<L1>>

    // A: L1 Nz (M1 = 2 fractal rows, K1 = 5 columns) -> L0A Zz, one
    // LoadData 2D per fractal row: fractals m1, m1 + 2, ... (srcStride = M1).
    %a0 = ascube.alloc offset 0 : memref<30x70xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    ascube.set_flag <MTE2> -> <MTE1>, %ev0
    ascube.wait_flag <MTE2> -> <MTE1>, %ev0
    scf.for %m1 = %c0 to %c2 step %c1 {
      %src = affine.apply affine_map<(m) -> (m * 256)>(%m1)
      %dst = affine.apply affine_map<(m) -> (m * 1280)>(%m1)
      ascube.load_2d %a1[%src] to %a0[%dst] {repeatTimes = 5 : i64, srcStride = 2 : i64}
          : memref<30x70xbf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x70xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    }

    // B: L1 Nz (K1 = 5 fractal rows, N1 = 3 columns) -> L0B Zn: per K
    // fractal row, N1 fractals, each transposed (b16: bf16 too).
    %b0 = ascube.alloc offset 0 : memref<70x40xbf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    scf.for %k1 = %c0 to %c5 step %c1 {
      %src = affine.apply affine_map<(k) -> (k * 256)>(%k1)
      %dst = affine.apply affine_map<(k) -> (k * 768)>(%k1)
      ascube.load_2d %b1[%src] to %b0[%dst] {repeatTimes = 3 : i64, srcStride = 5 : i64, ifTranspose = true}
          : memref<70x40xbf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<70x40xbf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    }

    // C = A x B in L0C (Nz, 16x16 f32 fractals), then NZ2ND to GM.
    %cc = ascube.alloc offset 0 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <MTE1> -> <M>, %ev0
    ascube.wait_flag <MTE1> -> <M>, %ev0
    ascube.mmad %a0, %b0 to %cc : memref<30x70xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<70x40xbf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %ev0
    ascube.wait_flag <M> -> <FIX>, %ev0
    ascube.fixpipe %cc to %C : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xf32>
    return
  }
}
