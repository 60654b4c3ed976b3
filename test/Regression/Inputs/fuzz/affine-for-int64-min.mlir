module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @k(%a: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, %b: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>, %c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    ascube.mmad %a, %b to %c : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    affine.for %k = -9223372036854775808 to 1 {
      ascube.mmad %a, %b to %c {cmatrixInitVal = false} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    }
    return
  }
}
