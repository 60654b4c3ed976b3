// A kernel whose argument is a view type: ascube-run has only the view's
// elements to pass, while its offset (1000) and row stride (64) reach past
// them; refused (errors.test).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @k(%v: memref<16x16xf16, strided<[64, 1], offset: 1000>>, %C: memref<16x16xf16>) {
  %a1 = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  ascube.data_copy %v to %a1 : memref<16x16xf16, strided<[64, 1], offset: 1000>> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}
}
