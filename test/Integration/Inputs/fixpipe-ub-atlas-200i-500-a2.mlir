// Fixpipe L0C -> UB on 310B (FixpipeParamsM300, cube-reference §16): f32
// cast to f16 (F322F16) into an ND UB buffer.
!CW = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
  func.func @nd_f16(%C: !CW, %D: memref<16x32xf16, #ascube.mem<UB>>) {
    ascube.fixpipe %C to %D : !CW to memref<16x32xf16, #ascube.mem<UB>>
    return
  }
}
