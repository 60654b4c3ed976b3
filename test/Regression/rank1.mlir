// 1-D (ND) buffers, one row each, wherever an instruction takes a buffer's
// rows: derived parameters read a 1-D ND2NZ source as one row (an assertion
// in the sanitizer build indexed its missing second-last extent), and the
// abstract load refuses 1-D tiles by name.
// RUN: ascube-opt %s -split-input-file -verify-diagnostics
// RUN: ascube-opt %s -split-input-file -verify-diagnostics --ascube-pipeline

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // One 28-element row: nValue = 1, dValue = srcDValue = 28.
  func.func @nd2nz_row(%G: memref<28xf16>, %L: memref<1x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    ascube.data_copy %G to %L : memref<28xf16> to memref<1x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
  // Explicit fields over a flat source.
  func.func @nd2nz_flat(%G: memref<400xf16>, %L: memref<32x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    ascube.data_copy %G to %L {ndNum = 1 : i64, nValue = 10 : i64, dValue = 16 : i64, srcDValue = 16 : i64, dstNzC0Stride = 32 : i64} : memref<400xf16> to memref<32x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @load_flat(%L: memref<256xf16, #ascube.mem<L1>>, %A: memref<256xf16, #ascube.mem<L0A>>) {
    // expected-error @+1 {{moves a 2-D tile (rows x cols), got 'memref<256xf16, #ascube.mem<L1>>' -> 'memref<256xf16, #ascube.mem<L0A>>' [load_c2]}}
    ascube.load %L to %A : memref<256xf16, #ascube.mem<L1>> to memref<256xf16, #ascube.mem<L0A>>
    return
  }
}
