// A chain of two mapped matmuls: C2 = C1 · D after C1 = A · B (f32). The
// second reads whole rows of C1, which other blocks write: with several
// blocks the programs need a SyncAll between them (ascube-tile-linalg puts
// one; sync-all.test).
func.func @chain(%A: memref<200x200xf32>, %B: memref<200x200xf32>,
                 %C1: memref<200x200xf32>, %D: memref<200x48xf32>,
                 %C2: memref<200x48xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C1 : memref<200x200xf32>)
  linalg.matmul ins(%A, %B : memref<200x200xf32>, memref<200x200xf32>)
                outs(%C1 : memref<200x200xf32>)
  linalg.fill ins(%z : f32) outs(%C2 : memref<200x48xf32>)
  linalg.matmul ins(%C1, %D : memref<200x200xf32>, memref<200x48xf32>)
                outs(%C2 : memref<200x48xf32>)
  return
}
