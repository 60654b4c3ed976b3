// Mmad HF32 mode on atlas_a2 (cube-reference §13.3): f32 A and B rounded to
// HF32 before the multiply, ties to even or away from zero. One fractal per
// operand: A 16 x 8 in Zz, B 8 x 16 in Zn, C 16 x 16 in Nz.
!A = memref<16x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<8x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @off(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C : !A, !B to !C
    return
  }
  func.func @even(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C {hf32 = #ascube.hf32<nearest_even>} : !A, !B to !C
    return
  }
  func.func @away(%A: !A, %B: !B, %C: !C) {
    ascube.mmad %A, %B to %C {hf32 = #ascube.hf32<nearest_away>} : !A, !B to !C
    return
  }
}
