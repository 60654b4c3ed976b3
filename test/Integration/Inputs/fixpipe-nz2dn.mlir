// Fixpipe NZ2DN (950 only, cube-reference §16): column-major output.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @nz2dn(%C: memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %D: memref<16x32xf32, #ascube.layout<DN>>) {
    ascube.fixpipe %C to %D : memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x32xf32, #ascube.layout<DN>>
    return
  }
}
