// No module wrapper: the top-level ops are held by an implicit module.
func.func @copy(%A: memref<32x16xf16>, %L: memref<32x16xf16, #ascube.mem<L1>>) {
  ascube.data_copy %A to %L : memref<32x16xf16> to memref<32x16xf16, #ascube.mem<L1>>
  return
}
// Reads an L0C buffer no instruction wrote: every byte is 0xFF (f32 NaN).
func.func @unwritten(%C: memref<16x16xf32>) {
  %c = ascube.alloc : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  ascube.fixpipe %c to %C : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf32>
  return
}
