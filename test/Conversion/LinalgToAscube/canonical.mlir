// The mapped program's index arithmetic is folded as --canonicalize --cse
// would fold it (docs/Tiling.md "Readable output"): one constant per value
// at the function's entry, no multiplication by 0 or 1, no loop of one
// iteration. A 16 x 16 x 16 f16 matmul on Atlas A2 is one tile of one K
// chunk: its only index constants are 0 (addresses, flag event 0) and 1
// (flag event 1), it has no loop and no index arithmetic but the block's
// share of the one tile (tile 0 % block_num == block_idx: block_idx == 0,
// as block_num is at least 1), no constant left unused (the fill's), and
// it takes at most 60 lines.
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_a2 | FileCheck %s
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_a2 | wc -l | FileCheck %s --check-prefix=LINES
// RUN: ascube-opt %s --ascube-tile-linalg=product=atlas_a2 | grep -c 'arith.constant .* : index' | FileCheck %s --check-prefix=COUNT
// CHECK-LABEL: func.func @mm
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NOT: arith.constant {{.*}} : index
// CHECK-NOT: arith.constant {{.*}} : f32
// CHECK-NOT: scf.for
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.addi
// CHECK: %[[BI:.*]] = ascube.block_idx
// CHECK-NOT: ascube.block_num
// CHECK: arith.cmpi eq, %[[BI]], %[[C0]] : index
// CHECK-NOT: scf.for
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.addi
// CHECK: ascube.mmad
// LINES: {{^ *([1-5][0-9]|60)$}}
// COUNT: {{^2$}}
func.func @mm(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}
