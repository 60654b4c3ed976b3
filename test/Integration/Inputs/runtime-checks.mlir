// Kernels whose offsets are only known at run time: verification
// accepts them; with --runtime-checks a wrong offset stops the kernel with
// the rule's label.
!L1 = memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // Loads A's fractal rows; %rows is how many the loop moves (2 is right,
  // 3 runs past L0A's 2560 elements).
  func.func @rows(%A: memref<30x70xf16>, %N: memref<1xi32>, %OUT: memref<1xi32>) {
    %a1 = ascube.alloc offset 0 : !L1
    %a0 = ascube.alloc offset 0 : !L0A
    ascube.data_copy %A to %a1 : memref<30x70xf16> to !L1
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n32 = memref.load %N[%c0] : memref<1xi32>
    %n = arith.index_cast %n32 : i32 to index
    scf.for %m1 = %c0 to %n step %c1 {
      %src = affine.apply affine_map<(m) -> (m * 256)>(%m1)
      %dst = affine.apply affine_map<(m) -> (m * 1280)>(%m1)
      ascube.load_2d %a1[%src] to %a0[%dst] {repeatTimes = 5 : i64, srcStride = 2 : i64} : !L1 to !L0A
    }
    memref.store %n32, %OUT[%c0] : memref<1xi32>
    return
  }
  // An L0A destination at element %E (f16): must be a multiple of 256.
  func.func @align(%A: memref<30x70xf16>, %E: memref<1xi32>) {
    %a1 = ascube.alloc offset 0 : !L1
    %a0 = ascube.alloc offset 0 : !L0A
    %c0 = arith.constant 0 : index
    %e32 = memref.load %E[%c0] : memref<1xi32>
    %e = arith.index_cast %e32 : i32 to index
    ascube.load_2d %a1 to %a0[%e] {repeatTimes = 1 : i64} : !L1 to !L0A
    return
  }
  // The same move at element 128 x ascube.block_idx: block 0's is aligned,
  // block 1's is not (the message names the block).
  func.func @align_block(%A: memref<30x70xf16>) {
    %a1 = ascube.alloc offset 0 : !L1
    %a0 = ascube.alloc offset 0 : !L0A
    %c128 = arith.constant 128 : index
    %b = ascube.block_idx
    %e = arith.muli %b, %c128 : index
    ascube.load_2d %a1 to %a0[%e] {repeatTimes = 1 : i64} : !L1 to !L0A
    return
  }
  // The same move into an L0A argument: its caller placed it level-aligned,
  // so the same element offsets pass or stop (alignment_c2 on arguments).
  func.func @align_arg(%S: !L1, %D: !L0A, %E: memref<1xi32>) {
    %c0 = arith.constant 0 : index
    %e32 = memref.load %E[%c0] : memref<1xi32>
    %e = arith.index_cast %e32 : i32 to index
    ascube.load_2d %S to %D[%e] {repeatTimes = 1 : i64} : !L1 to !L0A
    return
  }
  // A LoadData 3D writing a 16 x 32 f16 window (512 elements) at element %E
  // of a 32 x 32 L0A: 256 fits, 768 runs past its 1024 elements.
  func.func @im2col(%E: memref<1xi32>) {
    %f = ascube.alloc offset 0 : memref<1x2x4x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c0 = arith.constant 0 : index
    %e32 = memref.load %E[%c0] : memref<1xi32>
    %e = arith.index_cast %e32 : i32 to index
    ascube.load_3d %f to %a0[%e] {mExtension = 16 : i64, kExtension = 32 : i64}
        : memref<1x2x4x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
  // A Fixpipe writing Nz into GM at element %E (f16): §4 asks for 32 B, so
  // %E must be a multiple of 16 (from the start of the GM buffer).
  func.func @gm_nz(%OUT: memref<32x16xf16, #ascube.layout<Nz>>, %E: memref<1xi32>) {
    %c = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    %c0 = arith.constant 0 : index
    %e32 = memref.load %E[%c0] : memref<1xi32>
    %e = arith.index_cast %e32 : i32 to index
    ascube.fixpipe %c to %OUT[%e] : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x16xf16, #ascube.layout<Nz>>
    return
  }
  // Per-column QUANT_PRE words (VREQ8 into s8) are data: checked as they
  // are read (fixpipe_c4: bit 46 = 1 for s8, the MCB bit 36 only with
  // VREQ8/VDEQF16; fixpipe_c12: M1 finite and normal).
  func.func @vquant(%C: memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %Q: memref<16xi64, #ascube.mem<L1>>,
                    %D: memref<16x16xsi8>) {
    ascube.fixpipe %C to %D quant_vector %Q : memref<16xi64, #ascube.mem<L1>>
        : memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xsi8>
    return
  }
  // VQF322B8_PRE (f32 -> s8) has no MCB shift mode.
  func.func @vquant_f32(%C: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %Q: memref<16xi64, #ascube.mem<L1>>,
                        %D: memref<16x16xi8>) {
    ascube.fixpipe %C to %D quant_vector %Q : memref<16xi64, #ascube.mem<L1>>
        : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xi8>
    return
  }
}
