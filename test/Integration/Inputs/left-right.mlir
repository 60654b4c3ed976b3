// A matmul reading the left column half of C and writing the right half
// (sync-all.test): the halves share no byte, though each tile's rows span
// the other half's columns.
!M = memref<256x512xf32>
!CL = memref<256x256xf32, strided<[512, 1]>>
!CR = memref<256x256xf32, strided<[512, 1], offset: 256>>
func.func @left_right(%C: !M, %B: memref<256x256xf32>) {
  %z = arith.constant 0.0 : f32
  %left = memref.subview %C[0, 0] [256, 256] [1, 1] : !M to !CL
  %right = memref.subview %C[0, 256] [256, 256] [1, 1] : !M to !CR
  linalg.fill ins(%z : f32) outs(%right : !CR)
  linalg.matmul ins(%left, %B : !CL, memref<256x256xf32>) outs(%right : !CR)
  return
}
