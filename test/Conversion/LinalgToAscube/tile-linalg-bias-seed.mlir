// ascube-tile-linalg on a matmul with a bias on Kirin X90, which has no
// bias table (Mmad cmatrixSource, cube-reference §13.1; docs/Tiling.md
// "Epilogues"): each output tile starts from a seed Mmad of C's type,
// C = ones x S^T with S the tile's bias as a column (ND2NZ of nValue = the
// tile's columns, dValue = 1: each row's 32 B block the bias and zeros),
// k = C0 = 16; the K chunks then accumulate onto it (cmatrixInitVal =
// false). The expected fields are worked by hand from the shapes.
//
// @kirin_bias_relu: 20 x 40 f16 x 40 x 24 f16 -> f16, an f16 bias over the
// 24 columns and a ReLU. The tile is m = 32, n = 32, k = 48 (one tile, one
// chunk); its chunk sets are 6144 B apart in L1 (A 32 x 48 x 2 B = 3072 at
// 0, B 48 x 32 x 2 B at 3072), 3072 B in L0A (32 x 48 x 2 B) and in L0B
// (48 x 32 x 2 B). The seed takes the second set: the ones (A: 20 x 16
// Nz, 32 rows x 32 B = 1024 B = 512 f16, one plain copy of 32 blocks) at
// L1 6144 and L0A 3072, S (B^T held 24 x 16 Nz: nValue 24, its blocks 32
// padded rows apart) at L1 6144 + 3072 = 9216 and L0B 3072. The seed's
// Mmad m = 20, k = 16, n = 24 waits for FIX to have read L0C; the chunk's
// (20 x 24: fewer than 10 fractals) follows a PIPE_M barrier and
// accumulates; Fixpipe applies the ReLU.
// RUN: ascube-opt %s --ascube-tile-linalg=product=kirin_x90 | FileCheck %s
// RUN: ascube-opt %s --ascube-tile-linalg=product=kirin_x90 | FileCheck %s --check-prefix=NOBT
// RUN: ascube-opt %s --ascube-tile-linalg="product=kirin_x90 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: ascube-opt %s --ascube-tile-linalg=product=kirin_x90 | ascube-opt --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null

// REPORT: remark: ascube-tile-linalg: kirin_x90 f16 x f16 -> f16, M x N x K = 20 x 24 x 40, + bias (each tile seeded by an Mmad of ones x the bias row), ReLU (Fixpipe): tile m = 32, n = 32, k = 48 (1 x 1 output tiles, 1 K chunk each)
// CHECK: memref.global "private" constant @__ascube_ones_512xf16 : memref<512xf16> = dense<1.000000e+00>
// CHECK-LABEL: func.func @kirin_bias_relu
// CHECK-DAG: %[[ONES1:.*]] = ascube.alloc offset 6144 : memref<20x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[S1:.*]] = ascube.alloc offset 9216 : memref<24x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[ONES0:.*]] = ascube.alloc offset 3072 : memref<20x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[S0:.*]] = ascube.alloc offset 3072 : memref<16x24xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[C:.*]] = ascube.alloc offset 0 : memref<20x24xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK: %[[COL:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [24, 1] : memref<24xf16> into memref<24x1xf16>
// CHECK: %[[ONES:.*]] = memref.get_global @__ascube_ones_512xf16 : memref<512xf16>
// CHECK: ascube.data_copy %[[ONES]] to %[[ONES1]] {blockCount = 1 : i64, blockLen = 32 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.data_copy %[[COL]][%{{.*}}] to %[[S1]] {dValue = 1 : i64, dstNzC0Stride = 32 : i64, dstNzMatrixStride = 0 : i64, nValue = 24 : i64, ndNum = 1 : i64, srcDValue = 1 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.load %[[ONES1]] to %[[ONES0]]
// CHECK: ascube.load %[[S1]] to %[[S0]]
// CHECK: ascube.wait_flag <FIX> -> <M>
// CHECK: ascube.mmad %[[ONES0]], %[[S0]] to %[[C]] {k = 16 : i64, m = 20 : i64, n = 24 : i64}
// CHECK-NOT: ascube.wait_flag <FIX> -> <M>
// CHECK: ascube.pipe_barrier <M>
// CHECK-NEXT: ascube.mmad %{{.*}}, %{{.*}} to %[[C]] {cmatrixInitVal = false, k = 40 : i64, m = 20 : i64, n = 24 : i64}
// CHECK: ascube.fixpipe %[[C]] to %{{.*}}[%{{.*}}] {dstStride = 24 : i64, mSize = 20 : i64, nSize = 24 : i64, reluEn = true}
// CHECK-NOT: linalg.
// No bias table in the program:
// NOBT-NOT: #ascube.mem<BT>
func.func @kirin_bias_relu(%A: memref<20x40xf16>, %B: memref<40x24xf16>, %bias: memref<24xf16>, %C: memref<20x24xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<20x24xf16>)
  linalg.matmul ins(%A, %B : memref<20x40xf16>, memref<40x24xf16>) outs(%C : memref<20x24xf16>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<24xf16>) outs(%C : memref<20x24xf16>) {
  ^bb0(%b: f16, %c: f16):
    %s = arith.addf %c, %b : f16
    %r = arith.maximumf %s, %z : f16
    linalg.yield %r : f16
  }
  return
}
