// A kernel with moves that cancel (canonicalization): L1 first
// receives a wrong A that the real A overwrites, and B's copy and both
// L1 -> L0 loads are issued twice. C = A x B, 16 x 32 x 16, f16 -> f32.
!L1A = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L1B = memref<32x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!L0B = memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!L0C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%AW: memref<16x32xf16>, %A: memref<16x32xf16>, %B: memref<32x16xf16>, %C: memref<16x16xf32>) {
    %a1 = ascube.alloc offset 0 : !L1A
    %b1 = ascube.alloc offset 1024 : !L1B
    ascube.data_copy %AW to %a1 : memref<16x32xf16> to !L1A
    ascube.data_copy %A to %a1 : memref<16x32xf16> to !L1A
    ascube.data_copy %B to %b1 : memref<32x16xf16> to !L1B
    ascube.data_copy %B to %b1 : memref<32x16xf16> to !L1B
    %a0 = ascube.alloc offset 0 : !L0A
    %b0 = ascube.alloc offset 0 : !L0B
    ascube.load_2d %a1 to %a0 : !L1A to !L0A
    ascube.load_2d %a1 to %a0 : !L1A to !L0A
    ascube.load_2d %b1 to %b0 {ifTranspose = true} : !L1B to !L0B
    ascube.load_2d %b1 to %b0 {ifTranspose = true} : !L1B to !L0B
    %cc = ascube.alloc offset 0 : !L0C
    ascube.mmad %a0, %b0 to %cc : !L0A, !L0B to !L0C
    ascube.fixpipe %cc to %C : !L0C to memref<16x16xf32>
    return
  }
}
