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
// a barrier.
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
