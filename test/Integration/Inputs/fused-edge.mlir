// An MmadMx of e2m1 data and an Mmad of bf16 (cube-reference §15, §13), each
// accumulating onto C: A and B are zero but for element (0, 0) (fused_edge.py),
// C -max everywhere (FLT_MAX negated).
!A = memref<16x64xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
!SA = memref<16x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
!B = memref<64x16xf4E2M1FN, #ascube.layout<Zn>, #ascube.mem<L0B>>
!SB = memref<2x16xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!A16 = memref<16x16xbf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
!B16 = memref<16x16xbf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @mx(%a: !A, %sa: !SA, %b: !B, %sb: !SB, %c: !C) {
    ascube.mmad_mx %a, %sa, %b, %sb to %c {cmatrixInitVal = false} : !A, !SA, !B, !SB to !C
    return
  }
  func.func @bf16(%a: !A16, %b: !B16, %c: !C) {
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A16, !B16 to !C
    return
  }
}
