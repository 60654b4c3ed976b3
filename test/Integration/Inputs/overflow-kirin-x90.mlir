// Kirin X90 moves f16 L0C results out as f16 (Fixpipe NoQuant, §16) under
// the saturation mode.
!C = memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<kirin_x90>, ascube.overflow = #ascube.overflow<saturation>} {
  func.func @nq_f16(%C: !C, %D: memref<16x16xf16>) {
    ascube.fixpipe %C to %D : !C to memref<16x16xf16>
    return
  }
}
