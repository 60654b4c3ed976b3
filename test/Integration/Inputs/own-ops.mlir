// The kernel's own GM ops after a mapped op (sync-all.test): E[0, 0] =
// C[47, 47] of C = A · B. On a product without SyncAll the load and the
// store run on block 0 with the program (the whole range, tile_c10).
!M = memref<48x48xf32>
func.func @loadstore(%A: !M, %B: !M, %C: !M, %E: !M) {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c47 = arith.constant 47 : index
  linalg.fill ins(%z : f32) outs(%C : !M)
  linalg.matmul ins(%A, %B : !M, !M) outs(%C : !M)
  %v = memref.load %C[%c47, %c47] : !M
  memref.store %v, %E[%c0, %c0] : !M
  return
}
