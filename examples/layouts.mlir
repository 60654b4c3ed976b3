// Buffers of the f16 matmul M=30, K=70, N=40 (public case C03) on Atlas A2:
// A in L1 (Nz) and L0A (Zz), B in L0B (Zn), C in L0C (Nz, 16x16 f32
// fractals), and the documents' 20x28 Nz example.
// Run: ascube-opt examples/layouts.mlir
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @buffers(%a_gm: memref<30x70xf16>, %b_gm: memref<70x40xf16>,
                     %c_gm: memref<30x40xf32>) {
    %a_l1 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b_l1 = ascube.alloc offset 5120 : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a_l0 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b_l0 = ascube.alloc offset 0 : memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c_l0 = ascube.alloc offset 0 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    %c01 = ascube.alloc offset 16384 : memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}
