// Writes the L0C tile to O before the Mmad fills it: O shows what L0C held
// when the kernel started (0xFF bytes on a fresh block). The kernel does not
// ask for its block.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @stale(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %O: memref<16x16xf32>) {
    %c = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %c to %O : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf32>
    %a1 = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 512 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : memref<16x16xf16> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %B to %b1 : memref<16x16xf16> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b0 = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load %a1 to %a0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load %b1 to %b0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.mmad %a0, %b0 to %c : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}
