// A function of its own product (product.test): L1 -> L0A by LoadData 2D,
// checked against ascend950pr wherever the module says nothing.
func.func @k(%a1: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) attributes {ascube.target = #ascube.target<ascend950pr>} {
  ascube.load %a1 to %a0 : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}
