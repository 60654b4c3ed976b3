// GEMV (public case C07): f16, m = 1, k = 200, n = 64, on Atlas A2. With
// m = 1 the Cube reads A from L0A as k contiguous elements (ND), not as a
// Zz fractal (cube-reference §13.3); L0A elements 208..255 hold whatever
// was there (every on-core byte starts as 0xFF, f16 NaN) and must not
// matter. C still takes a whole 16x16 L0C fractal per 16 columns.
// Run: scripts/run-example.sh gemv_f16
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @gemv(%A: memref<1x200xf16>, %B: memref<200x64xf16>, %C: memref<1x64xf32>) {
    // The flags between the pipes (ascube.set_flag; docs/Constraints.md
    // "Pipes and flags"): DataCopy GM -> L1 runs on MTE2, the loads on MTE1,
    // Mmad on M, Fixpipe on FIX; each hands its data on with a flag.
    %ev0 = arith.constant 0 : index
    // A -> L1 contiguously: ND2NZ with dstNzC0Stride = 1 (32 B) puts
    // column block c1 of the single row right after block c1 - 1, and
    // zero-fills columns 200..207.
    %a1 = ascube.alloc offset 0 : memref<1x200xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 {dstNzC0Stride = 1 : i64}
        : memref<1x200xf16> to memref<1x200xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 8192 : memref<200x64xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %B to %b1 : memref<200x64xf16> to memref<200x64xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    // Both copies are in L1 before either load reads it.
    ascube.set_flag <MTE2> -> <MTE1>, %ev0
    ascube.wait_flag <MTE2> -> <MTE1>, %ev0
    %a0 = ascube.alloc offset 0 : memref<1x256xf16, #ascube.mem<L0A>>
    ascube.load_2d %a1 to %a0 {repeatTimes = 1 : i64}
        : memref<1x200xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<1x256xf16, #ascube.mem<L0A>>

    // B: L1 Nz (K1 = 13, N1 = 4) -> L0B Zn, per K fractal row, transposed.
    %b0 = ascube.alloc offset 0 : memref<200x64xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c13 = arith.constant 13 : index
    scf.for %k1 = %c0 to %c13 step %c1 {
      %src = affine.apply affine_map<(k) -> (k * 256)>(%k1)
      %dst = affine.apply affine_map<(k) -> (k * 1024)>(%k1)
      ascube.load_2d %b1[%src] to %b0[%dst] {repeatTimes = 4 : i64, srcStride = 13 : i64, ifTranspose = true}
          : memref<200x64xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<200x64xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    }

    %cc = ascube.alloc offset 0 : memref<1x64xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <MTE1> -> <M>, %ev0
    ascube.wait_flag <MTE1> -> <M>, %ev0
    ascube.mmad %a0, %b0 to %cc {k = 200 : i64} : memref<1x256xf16, #ascube.mem<L0A>>,
        memref<200x64xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<1x64xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %ev0
    ascube.wait_flag <M> -> <FIX>, %ev0
    ascube.fixpipe %cc to %C : memref<1x64xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<1x64xf32>
    return
  }
}
