// Buffers placed over each other in L0C (cube-reference §1): a window
// updated by an accumulating Mmad, and a window of rows read by Fixpipe.
!A48 = memref<48x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!A16 = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B16 = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // C (48 x 16) = A x B with all ones and k = 16: 16.0 everywhere; then the
  // third row fractal (rows 32-47, bytes [2048, 3072)) accumulates another
  // 16 through a 16 x 16 window: rows 0-31 16.0, rows 32-47 32.0.
  func.func @rmw(%A: !A48, %B: !B16, %A2: !A16, %OUT: memref<48x16xf32>) {
    %p = ascube.alloc offset 0 : memref<48x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %A, %B to %p : !A48, !B16 to memref<48x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.pipe_barrier <M>
    %w = ascube.alloc offset 2048 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %A2, %B to %w {cmatrixInitVal = false} : !A16, !B16 to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %p to %OUT : memref<48x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<48x16xf32>
    return
  }
  // C (32 x 128) = A x B, A(i, k) = i, B all ones: C(i, j) = 16 i. Rows
  // 16-31 are read out through a 16 x 128 window at byte 1024 that keeps the
  // parent's column pitch (ld = 32): OUT(r, j) = 16 (16 + r).
  func.func @rows(%A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %B: memref<16x128xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %OUT: memref<16x128xf32>) {
    %p = ascube.alloc offset 0 : memref<32x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %A, %B to %p : memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x128xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<32x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    %w = ascube.alloc offset 1024 : memref<16x128xf32, #ascube.layout<Nz, ld = 32>, #ascube.mem<L0C>>
    ascube.fixpipe %w to %OUT : memref<16x128xf32, #ascube.layout<Nz, ld = 32>, #ascube.mem<L0C>> to memref<16x128xf32>
    return
  }
  // A function's placed buffers are the chip's bytes, shared with every
  // function it calls: @move_out's own L0C buffer at offset 0 is the tile
  // @call_out computed (A, B all ones, k = 16: 16.0 everywhere).
  func.func @move_out(%OUT: memref<16x16xf32>) {
    %t = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %t to %OUT : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf32>
    return
  }
  func.func @call_out(%A: !A16, %B: !B16, %OUT: memref<16x16xf32>) {
    %c = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %A, %B to %c : !A16, !B16 to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    func.call @move_out(%OUT) : (memref<16x16xf32>) -> ()
    return
  }
}
