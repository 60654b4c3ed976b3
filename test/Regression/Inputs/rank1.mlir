// A 1-D ND2NZ source (rank1-run.test).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @nd2nz_row(%G: memref<28xf16>, %L: memref<1x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    ascube.data_copy %G to %L : memref<28xf16> to memref<1x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}
