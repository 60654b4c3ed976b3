// Mmad dtype rows with the L0 buffers as arguments (cube-reference §13.2).
// One 512 B fractal per operand: A 16 x C0 in Zz, B C0 x 16 in Zn.
module {
  // Int4, M = 16, K = 64, N = 16.
  func.func @int4(%A: memref<16x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %B: memref<64x16xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %C: memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    ascube.mmad %A, %B to %C : memref<16x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<64x16xi4, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
  // u8 x s8 -> s32 (310P, 910A).
  func.func @u8s8(%A: memref<16x32xui8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %B: memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %C: memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    ascube.mmad %A, %B to %C : memref<16x32xui8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
  // u8 x u8 -> u32 (910A).
  func.func @u8u8(%A: memref<16x32xui8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %B: memref<32x16xui8, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %C: memref<16x16xui32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    ascube.mmad %A, %B to %C : memref<16x32xui8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<32x16xui8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xui32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
  // f16 x f16 -> f16 (310P, 910A, Kirin).
  func.func @f16f16(%A: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                    %B: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                    %C: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    ascube.mmad %A, %B to %C : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}
