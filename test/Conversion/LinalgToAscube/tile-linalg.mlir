// ascube-tile-linalg: the Cube program of a linalg.matmul (cube-reference
// §5, §11, §13, §16). 40 x 16 x 40 f16 on Atlas A2 with tile=32,16,32: M
// is one full tile (32) and a tail of 8, K one full chunk (32) and a tail
// of 8, N one tile of 16. Chunks alternate between two buffer sets
// (double buffering): chunk 0 on set 0 — L1 A at 0 and B at 2048 (after a
// 32 x 32 f16 A chunk), L0A and L0B at 0 — and the K tail, chunk 1, on set
// 1: L1 A at 3072 (after the 32 x 16 B chunk, 1024 B) and B at 5120, L0A
// at 2048, L0B at 1024 (one full chunk each). Each tail size gets its own
// buffers at its set's places; L0C at 0.
// RUN: ascube-opt %s --no-implicit-verify-target --ascube-tile-linalg="product=atlas_a2 tile=32,16,32" | FileCheck %s
// The output is a legal kernel for the product (its K tail buffers are
// rewritten in part, nValue rows of a fractal, between reads: not an
// overlap_c2 clobber):
// RUN: ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=32,16,32" | ascube-opt --ascube-select-movers --ascube-verify-target -o /dev/null
// Nor does it warn: tail buffers move padding bytes another geometry wrote,
// and padding carries no data (overlap_c3 looks at the bytes whose newest
// write is the other buffer's, and only at data there):
// RUN: ascube-opt %ascube_src/examples/linalg_matmul.mlir --ascube-tile-linalg | ascube-opt --ascube-select-movers --ascube-verify-target -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: warning
// A tile that is not a multiple of the alignment is refused:
// RUN: not ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=32,16,24" 2>&1 | FileCheck %s --check-prefix=TILE
// So are two sizes:
// RUN: not ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=32,16" 2>&1 | FileCheck %s --check-prefix=COUNT
// Tiles beyond Mmad's m, n, k (4095) do not fit — also sizes whose byte
// counts would overflow 64 bits, refused rather than wrapped around:
// RUN: not ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=4096,16,16" 2>&1 | FileCheck %s --check-prefix=FIT
// RUN: not ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=9223372036854775792,9223372036854775792,16" 2>&1 | FileCheck %s --check-prefix=FITHUGE
// The default tiling, reported (one tile, rounded up to 48 x 16 x 48):
// RUN: ascube-opt %s --ascube-tile-linalg="product=atlas_a2 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// With k = 32, two K chunks, double-buffered (two sets fit); one chunk says
// nothing of it.
// RUN: ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=32,16,32 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT2

// TILE: tile=m,n,k takes three sizes, multiples of 16, 16 and 16: k = 24 is not [tile_c6]
// COUNT: 'linalg.matmul' op tile=m,n,k[,k_l1[,split_k]] takes three sizes, or four or five with a matmul's k_l1 and split_k, not 2 [tile_c6]
// FIT: tile 4096 x 16 x 16 does not fit atlas_a2: past an instruction's range: Mmad's m = 4096 is outside [1, 4095]; a tile that fits: 48 x 16 x 48 [tile_c6]
// FITHUGE: tile 9223372036854775792 x 9223372036854775792 x 16 does not fit atlas_a2: past an instruction's range: Mmad's m = 9223372036854775792 is outside [1, 4095]; a tile that fits: 48 x 16 x 48 [tile_c6]
// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 x f16 -> f32, M x N x K = 40 x 16 x 40: tile m = 48, n = 16, k = 48 (1 x 1 output tiles, 1 K chunk each)
// REPORT-SAME: GM -> L1 4480 B{{$}}
// REPORT2: remark: ascube-tile-linalg: atlas_a2 f16 x f16 -> f32, M x N x K = 40 x 16 x 40: tile m = 32, n = 16, k = 32 (2 x 1 output tiles, 2 K chunks each)
// REPORT2-SAME: B; chunks double-buffered{{$}}

// CHECK: module attributes {ascube.target = #ascube.target<atlas_a2>}
// CHECK-LABEL: func.func @k
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 2048 : memref<32x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[B0:.*]] = ascube.alloc offset 0 : memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[C0:.*]] = ascube.alloc offset 0 : memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[A1T:.*]] = ascube.alloc offset 3072 : memref<32x8xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1T:.*]] = ascube.alloc offset 5120 : memref<8x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0T:.*]] = ascube.alloc offset 2048 : memref<32x8xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[B0T:.*]] = ascube.alloc offset 1024 : memref<8x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[C0T:.*]] = ascube.alloc offset 0 : memref<8x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-NOT: linalg.
// Output tile (mi, ni) is number mi * 1 + ni and runs on block number %
// block_num (ascube-run --blocks).
// CHECK-DAG: %[[BI:.*]] = ascube.block_idx
// CHECK-DAG: %[[BN:.*]] = ascube.block_num
// The full M tile (one, as is the N tile: no loop over them; the mapped
// program's arithmetic is folded), K chunk 0 from zero, rows of A at pitch
// 40.
// CHECK-NOT: scf.for
// Tile 0 runs where 0 % block_num == block_idx: on block 0.
// CHECK: %[[MINE:.*]] = arith.cmpi eq, %[[BI]], %[[ZERO]] : index
// CHECK: scf.if %[[MINE]]
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[A1]] {dValue = 32 : i64, dstNzMatrixStride = 0 : i64, nValue = 32 : i64, ndNum = 1 : i64, srcDValue = 40 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[B1]] {dValue = 16 : i64, dstNzMatrixStride = 0 : i64, nValue = 32 : i64, ndNum = 1 : i64, srcDValue = 16 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.load %[[A1]] to %[[A0]]
// CHECK: ascube.load %[[B1]] to %[[B0]]
// CHECK: ascube.mmad %[[A0]], %[[B0]] to %[[C0]] {k = 32 : i64, m = 32 : i64, n = 16 : i64}
// The K tail (8) accumulates, after a PIPE_M barrier: (32/16) * (16/16) = 2
// fractals < 10 (sync_c1).
// CHECK: ascube.data_copy %{{.*}}[%{{.*}}] to %[[A1T]] {dValue = 8 : i64, dstNzMatrixStride = 0 : i64, nValue = 32 : i64, ndNum = 1 : i64, srcDValue = 40 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.pipe_barrier <M>
// CHECK: ascube.mmad %[[A0T]], %[[B0T]] to %[[C0]] {cmatrixInitVal = false, k = 8 : i64, m = 32 : i64, n = 16 : i64}
// CHECK: ascube.fixpipe %[[C0]] to %{{.*}}[%{{.*}}] {dstStride = 16 : i64, mSize = 32 : i64, nSize = 16 : i64}
// The M tail (8 rows) at row 32: C[32 * 16 + 0], tile 1, on the block
// 1 % block_num.
// CHECK: %[[R:.*]] = arith.remui %{{.*}}, %[[BN]] : index
// CHECK: arith.cmpi eq, %[[R]], %[[BI]] : index
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C0T]] {k = 32 : i64, m = 8 : i64, n = 16 : i64}
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C0T]] {cmatrixInitVal = false, k = 8 : i64, m = 8 : i64, n = 16 : i64}
// CHECK: ascube.fixpipe %[[C0T]] to %{{.*}}[%{{.*}}] {dstStride = 16 : i64, mSize = 8 : i64, nSize = 16 : i64}
func.func @k(%A: memref<40x40xf16>, %B: memref<40x16xf16>, %C: memref<40x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x16xf32>)
  linalg.matmul ins(%A, %B : memref<40x40xf16>, memref<40x16xf16>) outs(%C : memref<40x16xf32>)
  return
}
