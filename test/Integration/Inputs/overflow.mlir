// The float overflow mode (cube-reference §13.3, §16). The RUN lines put
// the module attributes in place of ATTRS: a product and, optionally,
// ascube.overflow. C = A x B (f16 x f16 -> f32, one fractal each) is written
// to L0C, then Fixpipe converts it to f16 (F322F16).
module attributes {ATTRS} {
  func.func @mmad_f16(%A: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                      %B: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                      %C: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>,
                      %D: memref<16x16xf16>) {
    ascube.mmad %A, %B to %C : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %C to %D : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf16>
    return
  }
}
