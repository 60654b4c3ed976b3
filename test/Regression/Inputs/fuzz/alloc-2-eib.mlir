module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @k() {
    %a = ascube.alloc : memref<1073741824x1073741824xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b = ascube.alloc : memref<1073741824x1073741824xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}
