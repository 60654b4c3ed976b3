// Mmad edge semantics, with the L0 buffers as arguments so the
// test can fill them directly (physical Zz/Zn/Nz storage).
!A8 = memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B8 = memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C32 = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!AG = memref<1x256xf16, #ascube.mem<L0A>>
!BG = memref<200x64xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!CG = memref<1x64xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // Any of m, k, n = 0 is a no-op, even with cmatrixInitVal = true.
  func.func @zero(%A: !A8, %B: !B8, %C: !C32) {
    ascube.mmad %A, %B to %C {m = 0 : i64} : !A8, !B8 to !C32
    ascube.mmad %A, %B to %C {k = 0 : i64, cmatrixInitVal = true} : !A8, !B8 to !C32
    ascube.mmad %A, %B to %C {n = 0 : i64} : !A8, !B8 to !C32
    return
  }
  // Accumulate k = 1 onto C: integer accumulation saturates.
  func.func @saturate(%A: !A8, %B: !B8, %C: !C32) {
    ascube.mmad %A, %B to %C {k = 1 : i64, cmatrixInitVal = false} : !A8, !B8 to !C32
    return
  }
  // GEMV, m = 1, k = 200, n = 64.
  func.func @gemv(%A: !AG, %B: !BG, %C: !CG) {
    ascube.mmad %A, %B to %C {k = 200 : i64} : !AG, !BG to !CG
    return
  }
}
