// convert-linalg-to-ascube leaves each mapped op's program in an
// ascube.program; ascube-insert-sync-all orders them across blocks (an
// ascube.sync_all where a later program reads GM an earlier one writes,
// docs/Tiling.md "Blocks") and inlines them. The two in a row are
// ascube-tile-linalg.
// RUN: ascube-opt %s --convert-linalg-to-ascube=product=atlas_a2 | FileCheck %s --check-prefix=MARKED
// RUN: ascube-opt %s --convert-linalg-to-ascube=product=atlas_a2 --ascube-insert-sync-all | FileCheck %s --check-prefix=ORDERED
// RUN: ascube-opt %s --convert-linalg-to-ascube=product=atlas_a2 --ascube-insert-sync-all > %t.two
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_a2 > %t.one
// RUN: diff %t.one %t.two
// The two programs share their constants: one 0 in the function.
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_a2 | grep -c 'arith.constant 0 : index' | FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}
// A module still holding a marker is not lowered:
// RUN: not ascube-opt %s --convert-linalg-to-ascube=product=atlas_a2 --convert-ascube-to-loops 2>&1 | FileCheck %s --check-prefix=LOWER

// C1 = A x B, then C2 = C1 x D reads C1, which every block writes a part
// of: a SyncAll between the two programs.
// MARKED-LABEL: func.func @chain
// MARKED: ascube.program {
// MARKED: ascube.fixpipe {{.*}} to %C1
// MARKED: {{^    }}}
// MARKED-NOT: ascube.sync_all
// MARKED: ascube.program {
// MARKED: ascube.fixpipe {{.*}} to %C2
// MARKED: {{^    }}}
// MARKED-NOT: linalg.matmul
// ORDERED-LABEL: func.func @chain
// ORDERED-NOT: ascube.program
// ORDERED: ascube.fixpipe
// ORDERED: ascube.sync_all
// ORDERED: ascube.data_copy
// ORDERED: ascube.fixpipe
// ORDERED-NOT: ascube.program
// LOWER: error: 'ascube.program' marks a mapped op's program for ascube-insert-sync-all, which orders the programs across blocks and inlines them; run it first (ascube-tile-linalg and the pipelines do) [tile_c13]
func.func @chain(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C1: memref<16x16xf32>,
                 %D: memref<16x16xf32>, %C2: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C1 : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C1 : memref<16x16xf32>)
  linalg.fill ins(%z : f32) outs(%C2 : memref<16x16xf32>)
  linalg.matmul ins(%C1, %D : memref<16x16xf32>, memref<16x16xf32>) outs(%C2 : memref<16x16xf32>)
  return
}
