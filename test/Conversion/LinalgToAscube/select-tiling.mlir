// ascube-select-tiling: the tiling of each linalg matmul, written on the op
// as #ascube.matmul_tiling (docs/Tiling.md), and read by
// ascube-tile-linalg.
// RUN: ascube-opt %s --split-input-file --ascube-select-tiling=product=atlas_a2 | FileCheck %s
// tile= writes given sizes (checked) on ops without one:
// RUN: ascube-opt %s --split-input-file --ascube-select-tiling="product=atlas_a2 tile=32,16,32" | FileCheck %s --check-prefix=FORCED
// A hand-set attribute is the tiling ascube-tile-linalg maps with:
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg=product=atlas_a2 | FileCheck %s --check-prefix=MAPPED
// and its report names the attribute each op is mapped with:
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// (after the remark describing the mapping, as for a convolution):
// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 x f16 -> f32, M x N x K = 40 x 16 x 40: tile m = 48, n = 16, k = 48
// REPORT: remark: ascube-tile-linalg: ascube.tiling = #ascube.matmul_tiling<m = 48, n = 16, k = 48>

// 40 x 16 x 40 f16 on Atlas A2: the whole product in one tile (the least
// traffic: A and B read once), each size rounded up to whole 16s: 48 x 16
// x 48 (L0C 48 x 16 x 4 B = 3 KiB, two chunks of A 2 x 48 x 48 x 2 B = 9
// KiB in L0A's 64 KiB).
// CHECK-LABEL: func.func @chosen
// CHECK: linalg.fill
// CHECK: linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 48, n = 16, k = 48>}
// FORCED-LABEL: func.func @chosen
// FORCED: linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 16, k = 32>}
// With it, one output tile of 48 x 16 (padded to the tile: 40 rows) and
// one chunk of 40 (K as it is: one chunk whole):
// MAPPED-LABEL: func.func @chosen
// MAPPED: ascube.mmad {{.*}} {k = 40 : i64, m = 40 : i64, n = 16 : i64}
// MAPPED-NOT: ascube.mmad
func.func @chosen(%A: memref<40x40xf16>, %B: memref<40x16xf16>, %C: memref<40x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x16xf32>)
  linalg.matmul ins(%A, %B : memref<40x40xf16>, memref<40x16xf16>) outs(%C : memref<40x16xf32>)
  return
}

// -----

// A user's tiling is kept (the rule would take 48 x 16 x 48), and mapped
// as it says: M in a tile of 32 and a tail of 8, K in a chunk of 32 and a
// tail of 8.
// CHECK-LABEL: func.func @hand_set
// CHECK: linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 16, k = 32>}
// FORCED-LABEL: func.func @hand_set
// FORCED: linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 16, k = 32>}
// MAPPED-LABEL: func.func @hand_set
// MAPPED: ascube.mmad {{.*}} {k = 32 : i64, m = 32 : i64, n = 16 : i64}
// MAPPED: ascube.mmad {{.*}} {cmatrixInitVal = false, k = 8 : i64, m = 32 : i64, n = 16 : i64}
// MAPPED: ascube.mmad {{.*}} {k = 32 : i64, m = 8 : i64, n = 16 : i64}
// MAPPED: ascube.mmad {{.*}} {cmatrixInitVal = false, k = 8 : i64, m = 8 : i64, n = 16 : i64}
// MAPPED-NOT: ascube.mmad
func.func @hand_set(%A: memref<40x40xf16>, %B: memref<40x16xf16>, %C: memref<40x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x16xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 16, k = 32>}
    ins(%A, %B : memref<40x40xf16>, memref<40x16xf16>) outs(%C : memref<40x16xf32>)
  return
}

// -----

// An empty product (M = 0) maps to nothing and gets no tiling.
// CHECK-LABEL: func.func @empty
// CHECK: linalg.matmul ins
// MAPPED-LABEL: func.func @empty
// MAPPED-NOT: linalg.matmul
func.func @empty(%A: memref<0x40xf16>, %B: memref<40x16xf16>, %C: memref<0x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<0x16xf32>)
  linalg.matmul ins(%A, %B : memref<0x40xf16>, memref<40x16xf16>) outs(%C : memref<0x16xf32>)
  return
}
