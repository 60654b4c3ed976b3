// Mapped programs that hand GM over in other ways than a chain's
// read-after-write (sync-all.test; f32, 48 x 48, mapped with tile=16,16,16
// so that 9 output tiles are shared out over the blocks).
// @war: the second op overwrites A, which the first one reads.
// @waw: the second op overwrites the first one's output.
// @independent: two ops that only share an input: no barrier.
// @loop: X = A · B, then A = X · D, twice: a barrier before the second op,
// and one before the first (the next iteration reads the A the previous
// one wrote).
// @self: the same op in a loop writes the same tiles on the same blocks
// every time: no barrier.
// @local: the hand-over goes through a buffer the kernel allocates, which
// each block has its own of: block 0 only (tile_c10).
// @halves: two ops writing the top and the bottom half of one buffer
// (disjoint views): no barrier; @overlap: the second reads rows 16-39 of
// what the first wrote into rows 0-23: a barrier. @if_loop: a loop whose
// scf.if writes C with one program, then rows 8-47 of it with another (a
// different tiling): a barrier each iteration. @view: memref.views of one
// byte buffer at different byte shifts (the types do not show them) meet:
// a barrier; @view_apart: views at 0 and 6144 bytes, 6144 bytes each, do
// not: none.
!M = memref<48x48xf32>
func.func @war(%A: !M, %B: !M, %C: !M, %D: !M, %E: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : !M)
  linalg.matmul ins(%A, %B : !M, !M) outs(%C : !M)
  linalg.fill ins(%z : f32) outs(%A : !M)
  linalg.matmul ins(%D, %E : !M, !M) outs(%A : !M)
  return
}
func.func @waw(%A: !M, %B: !M, %C: !M, %D: !M, %E: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : !M)
  linalg.matmul ins(%A, %B : !M, !M) outs(%C : !M)
  linalg.fill ins(%z : f32) outs(%C : !M)
  linalg.matmul ins(%D, %E : !M, !M) outs(%C : !M)
  return
}
func.func @independent(%A: !M, %B: !M, %C: !M, %D: !M, %E: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : !M)
  linalg.matmul ins(%A, %B : !M, !M) outs(%C : !M)
  linalg.fill ins(%z : f32) outs(%E : !M)
  linalg.matmul ins(%A, %D : !M, !M) outs(%E : !M)
  return
}
func.func @loop(%A: !M, %B: !M, %X: !M, %D: !M) {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    linalg.fill ins(%z : f32) outs(%X : !M)
    linalg.matmul ins(%A, %B : !M, !M) outs(%X : !M)
    linalg.fill ins(%z : f32) outs(%A : !M)
    linalg.matmul ins(%X, %D : !M, !M) outs(%A : !M)
  }
  return
}
func.func @self(%A: !M, %B: !M, %C: !M) {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    linalg.fill ins(%z : f32) outs(%C : !M)
    linalg.matmul ins(%A, %B : !M, !M) outs(%C : !M)
  }
  return
}
func.func @local(%A: !M, %B: !M, %D: !M, %C: !M) {
  %z = arith.constant 0.0 : f32
  %T = memref.alloc() : !M
  linalg.fill ins(%z : f32) outs(%T : !M)
  linalg.matmul ins(%A, %B : !M, !M) outs(%T : !M)
  linalg.fill ins(%z : f32) outs(%C : !M)
  linalg.matmul ins(%T, %D : !M, !M) outs(%C : !M)
  memref.dealloc %T : !M
  return
}
!H = memref<24x48xf32, strided<[48, 1]>>
!L = memref<24x48xf32, strided<[48, 1], offset: 1152>>
!O = memref<24x48xf32, strided<[48, 1], offset: 768>>
func.func @halves(%A: !M, %B: !M, %C: !M, %D: !M) {
  %z = arith.constant 0.0 : f32
  %top = memref.subview %C[0, 0] [24, 48] [1, 1] : !M to !H
  %bot = memref.subview %C[24, 0] [24, 48] [1, 1] : !M to !L
  %atop = memref.subview %A[0, 0] [24, 48] [1, 1] : !M to !H
  %abot = memref.subview %A[24, 0] [24, 48] [1, 1] : !M to !L
  linalg.fill ins(%z : f32) outs(%top : !H)
  linalg.matmul ins(%atop, %B : !H, !M) outs(%top : !H)
  linalg.fill ins(%z : f32) outs(%bot : !L)
  linalg.matmul ins(%abot, %D : !L, !M) outs(%bot : !L)
  return
}
func.func @overlap(%A: !M, %B: !M, %C: !M, %D: !M, %E: memref<24x48xf32>) {
  %z = arith.constant 0.0 : f32
  %top = memref.subview %C[0, 0] [24, 48] [1, 1] : !M to !H
  %mid = memref.subview %C[16, 0] [24, 48] [1, 1] : !M to !O
  %atop = memref.subview %A[0, 0] [24, 48] [1, 1] : !M to !H
  linalg.fill ins(%z : f32) outs(%top : !H)
  linalg.matmul ins(%atop, %B : !H, !M) outs(%top : !H)
  linalg.fill ins(%z : f32) outs(%E : memref<24x48xf32>)
  linalg.matmul ins(%mid, %D : !O, !M) outs(%E : memref<24x48xf32>)
  return
}
!W = memref<40x48xf32, strided<[48, 1], offset: 384>>
func.func @if_loop(%A: !M, %B: !M, %C: !M, %D: memref<40x48xf32>) {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = memref.subview %C[8, 0] [40, 48] [1, 1] : !M to !W
  scf.for %i = %c0 to %c2 step %c1 {
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      linalg.fill ins(%z : f32) outs(%C : !M)
      linalg.matmul ins(%A, %B : !M, !M) outs(%C : !M)
    } else {
      linalg.fill ins(%z : f32) outs(%v : !W)
      linalg.matmul ins(%D, %B : memref<40x48xf32>, !M) outs(%v : !W)
    }
  }
  return
}
func.func @view(%A: memref<32x48xf32>, %B: !M, %G: memref<12288xi8>,
                 %D: !M, %C: memref<32x48xf32>) {
  %z = arith.constant 0.0 : f32
  %s0 = arith.constant 0 : index
  %s1 = arith.constant 6144 : index
  %w = memref.view %G[%s1][] : memref<12288xi8> to memref<32x48xf32>
  %full = memref.view %G[%s0][] : memref<12288xi8> to memref<64x48xf32>
  %r = memref.subview %full[32, 0] [32, 48] [1, 1] : memref<64x48xf32> to memref<32x48xf32, strided<[48, 1], offset: 1536>>
  linalg.fill ins(%z : f32) outs(%w : memref<32x48xf32>)
  linalg.matmul ins(%A, %B : memref<32x48xf32>, !M) outs(%w : memref<32x48xf32>)
  linalg.fill ins(%z : f32) outs(%C : memref<32x48xf32>)
  linalg.matmul ins(%r, %D : memref<32x48xf32, strided<[48, 1], offset: 1536>>, !M) outs(%C : memref<32x48xf32>)
  return
}
func.func @view_apart(%A: memref<32x48xf32>, %B: !M, %G: memref<12288xi8>,
                       %D: !M, %C: memref<32x48xf32>) {
  %z = arith.constant 0.0 : f32
  %s0 = arith.constant 0 : index
  %s1 = arith.constant 6144 : index
  %w = memref.view %G[%s1][] : memref<12288xi8> to memref<32x48xf32>
  %r = memref.view %G[%s0][] : memref<12288xi8> to memref<32x48xf32>
  linalg.fill ins(%z : f32) outs(%w : memref<32x48xf32>)
  linalg.matmul ins(%A, %B : memref<32x48xf32>, !M) outs(%w : memref<32x48xf32>)
  linalg.fill ins(%z : f32) outs(%C : memref<32x48xf32>)
  linalg.matmul ins(%r, %D : memref<32x48xf32>, !M) outs(%C : memref<32x48xf32>)
  return
}
// @reshaped_halves: the top half of C seen as 12 x 96 (a reinterpret_cast)
// and the bottom half as 24 x 48: views of different shapes, told apart by
// their byte ranges [0, 4608) and [4608, 9216): no barrier.
!R = memref<12x96xf32, strided<[96, 1]>>
func.func @reshaped_halves(%A: memref<12x48xf32>, %B: memref<48x96xf32>,
                           %A2: !M, %C: !M, %D: !M) {
  %z = arith.constant 0.0 : f32
  %top = memref.reinterpret_cast %C to offset: [0], sizes: [12, 96], strides: [96, 1] : !M to !R
  %bot = memref.subview %C[24, 0] [24, 48] [1, 1] : !M to !L
  %abot = memref.subview %A2[24, 0] [24, 48] [1, 1] : !M to !L
  linalg.fill ins(%z : f32) outs(%top : !R)
  linalg.matmul ins(%A, %B : memref<12x48xf32>, memref<48x96xf32>) outs(%top : !R)
  linalg.fill ins(%z : f32) outs(%bot : !L)
  linalg.matmul ins(%abot, %D : !L, !M) outs(%bot : !L)
  return
}
// @copy: C1 = A · B, then the kernel's own memref.copy of C1 into T, then
// C2 = T · D: a barrier before the copy (it reads C1), the copy on block 0
// only (every block would write the same bytes), a barrier after it (the
// second op reads T).
func.func @copy(%A: !M, %B: !M, %C1: !M, %T: !M, %D: !M, %C2: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C1 : !M)
  linalg.matmul ins(%A, %B : !M, !M) outs(%C1 : !M)
  memref.copy %C1, %T : !M to !M
  linalg.fill ins(%z : f32) outs(%C2 : !M)
  linalg.matmul ins(%T, %D : !M, !M) outs(%C2 : !M)
  return
}
// @calls: the chain split over two calls of one function: a barrier
// between the calls (the second reads what the first writes).
func.func private @mm(%X: !M, %Y: !M, %Z: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%Z : !M)
  linalg.matmul ins(%X, %Y : !M, !M) outs(%Z : !M)
  return
}
func.func @calls(%A: !M, %B: !M, %D: !M, %C1: !M, %C2: !M) {
  func.call @mm(%A, %B, %C1) : (!M, !M, !M) -> ()
  func.call @mm(%C1, %D, %C2) : (!M, !M, !M) -> ()
  return
}
// @copy_call: the copy in a function of the kernel's own (no mapped op)
// runs on block 0 only too, between SyncAlls.
func.func private @cp(%X: !M, %Y: !M) {
  memref.copy %X, %Y : !M to !M
  return
}
func.func @copy_call(%A: !M, %B: !M, %C1: !M, %T: !M, %D: !M, %C2: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C1 : !M)
  linalg.matmul ins(%A, %B : !M, !M) outs(%C1 : !M)
  func.call @cp(%C1, %T) : (!M, !M) -> ()
  linalg.fill ins(%z : f32) outs(%C2 : !M)
  linalg.matmul ins(%T, %D : !M, !M) outs(%C2 : !M)
  return
}
// @columns: two ops writing the left and the right column half of C
// (disjoint views, though their first-to-last byte spans overlap): no
// barrier; @rows_cols: the second reads columns 0-23 of what the first
// wrote into rows 0-23: a barrier.
!CL = memref<48x24xf32, strided<[48, 1]>>
!CR = memref<48x24xf32, strided<[48, 1], offset: 24>>
func.func @columns(%A: !M, %B: memref<48x24xf32>, %D: memref<48x24xf32>,
                   %C: !M) {
  %z = arith.constant 0.0 : f32
  %left = memref.subview %C[0, 0] [48, 24] [1, 1] : !M to !CL
  %right = memref.subview %C[0, 24] [48, 24] [1, 1] : !M to !CR
  linalg.fill ins(%z : f32) outs(%left : !CL)
  linalg.matmul ins(%A, %B : !M, memref<48x24xf32>) outs(%left : !CL)
  linalg.fill ins(%z : f32) outs(%right : !CR)
  linalg.matmul ins(%A, %D : !M, memref<48x24xf32>) outs(%right : !CR)
  return
}
func.func @rows_cols(%A: !M, %B: !M, %C: !M, %D: memref<24x48xf32>,
                     %E: !M) {
  %z = arith.constant 0.0 : f32
  %top = memref.subview %C[0, 0] [24, 48] [1, 1] : !M to !H
  %atop = memref.subview %A[0, 0] [24, 48] [1, 1] : !M to !H
  %left = memref.subview %C[0, 0] [48, 24] [1, 1] : !M to !CL
  linalg.fill ins(%z : f32) outs(%top : !H)
  linalg.matmul ins(%atop, %B : !H, !M) outs(%top : !H)
  linalg.fill ins(%z : f32) outs(%E : !M)
  linalg.matmul ins(%left, %D : !CL, memref<24x48xf32>) outs(%E : !M)
  return
}
// @strided_copy: the kernel's own copies between strided views of GM (the
// lowering expands them into loads and stores; they were refused as needing
// MLIR's runtime library): A into the right half of W, C = that half · B,
// then C (a linalg.copy, made a memref.copy) and the right half of W (both
// sides strided) into E = [W right | C]. Each copy runs on block 0 only,
// between SyncAlls where it reads what the blocks wrote.
!W2 = memref<48x96xf32>
!WR = memref<48x48xf32, strided<[96, 1], offset: 48>>
!WL = memref<48x48xf32, strided<[96, 1]>>
func.func @strided_copy(%A: !M, %B: !M, %W: !W2, %C: !M, %E: !W2) {
  %z = arith.constant 0.0 : f32
  %wr = memref.subview %W[0, 48] [48, 48] [1, 1] : !W2 to !WR
  memref.copy %A, %wr : !M to !WR
  linalg.fill ins(%z : f32) outs(%C : !M)
  linalg.matmul ins(%wr, %B : !WR, !M) outs(%C : !M)
  %er = memref.subview %E[0, 48] [48, 48] [1, 1] : !W2 to !WR
  linalg.copy ins(%C : !M) outs(%er : !WR)
  %el = memref.subview %E[0, 0] [48, 48] [1, 1] : !W2 to !WL
  memref.copy %wr, %el : !WR to !WL
  return
}
