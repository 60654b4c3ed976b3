// 950's 8-bit float Mmad rows (cube-reference §13.2): e4m3 x e5m2 and
// hif8 x hif8 -> f32. On 950 A is Nz in L0A (one fractal: same bytes as Zz).
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @fp8(%A: memref<16x32xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>,
                 %B: memref<32x16xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                 %C: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    ascube.mmad %A, %B to %C : memref<16x32xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>,
        memref<32x16xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
  func.func @hif8(%A: memref<16x32x!ascube.hif8, #ascube.layout<Nz>, #ascube.mem<L0A>>,
                  %B: memref<32x16x!ascube.hif8, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %C: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    ascube.mmad %A, %B to %C : memref<16x32x!ascube.hif8, #ascube.layout<Nz>, #ascube.mem<L0A>>,
        memref<32x16x!ascube.hif8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}
