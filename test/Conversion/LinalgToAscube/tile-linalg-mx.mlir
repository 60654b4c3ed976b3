// ascube-tile-linalg on 4-bit floats (f4E2M1FN) on Ascend 950PR
// (docs/Tiling.md "4-bit floats"; cube-reference §3.1, §5, §8, §9, §15):
// MmadMx is the only Mmad of fp4, so the program gives every 32 K elements
// the unit scale 2^0 (e8m0 code 127, the 1.0 of the constant) and computes
// exactly A x B. Worked by hand:
//
// @mx: M = 32, N = 64, K = 200 with tile=32,64,128: a chunk of k = 128 and
// a tail of 72, both computed with k = 128 (MmadMx needs k % 64 == 0; ND2NZ
// zero-fills A's row tail to 32 B = 64 fp4). 4-bit data moves as bytes
// (§5): A's chunk rows are 128 elements = dValue 64, its GM pitch 200 =
// srcDValue 100, the tail 72 = dValue 36; B's rows of N = 64 are 32 bytes.
// L1: A's chunk 32 x 128 fp4 = 2048 B, B's 128 x 64 = 4096 B, so set 0 at
// 0 / 2048, set 1 at 6144 / 8192, the scales after the two sets at 12288:
// ScaleA 32 x 128/32 = 128 B (a 512 B slot), then ScaleB 4 x 64 = 256 B at
// 12800; 1024 bytes of ones copied once (blockLen 32 x 32 B). L0A's set 1
// at 2048, its scales at 2048 / 16 = 128 in L0A_MX (§9); L0B's at 4096 and
// 256. B (K x N, Nz in L1) reaches L0B's Zn transposed (ifTranspose, 64 x
// 64 squares).
//
// @mx_bt with tile=16,128,128: B held N x K (128 x 128) is a square chunk,
// whose types cannot say it is B^T's Nz (B's Zn fractal for fractal), so
// its load_mx is spelt out (§8): mStep = srcStride = dstStride = 128 / 16
// = 8 fractals, kStep = 128 fp4 / 64 per 32 B = 2.
// RUN: ascube-opt %s --ascube-tile-linalg="product=ascend950pr tile=32,64,128" | FileCheck %s
// RUN: ascube-opt %s --ascube-tile-linalg="product=ascend950pr tile=16,128,128" | FileCheck %s --check-prefix=SQ
// RUN: ascube-opt %s --ascube-tile-linalg="product=ascend950pr tile=32,64,128" | ascube-opt --ascube-verify-target -o /dev/null
// RUN: ascube-opt %s --ascube-tile-linalg="product=ascend950pr tile=16,128,128" | ascube-opt --ascube-verify-target -o /dev/null

// CHECK: memref.global "private" constant @__ascube_ones_1024xf8E8M0FNU : memref<1024xf8E8M0FNU> = dense<1.000000e+00>
// CHECK-LABEL: func.func @mx
// CHECK-DAG: %[[S1:.*]] = ascube.alloc offset 12288 : memref<1024xf8E8M0FNU, #ascube.mem<L1>>
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<32x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 2048 : memref<128x64xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[SA1:.*]] = ascube.alloc offset 12288 : memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>
// CHECK-DAG: %[[SB1:.*]] = ascube.alloc offset 12800 : memref<4x64xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<32x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[SA0:.*]] = ascube.alloc offset 0 : memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
// CHECK-DAG: %[[B0:.*]] = ascube.alloc offset 0 : memref<128x64xf4E2M1FN, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[SB0:.*]] = ascube.alloc offset 0 : memref<4x64xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>
// CHECK-DAG: %[[C0:.*]] = ascube.alloc offset 0 : memref<32x64xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-DAG: %[[A1S:.*]] = ascube.alloc offset 6144 : memref<32x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B1S:.*]] = ascube.alloc offset 8192 : memref<128x64xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0S:.*]] = ascube.alloc offset 2048 : memref<32x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[SA0S:.*]] = ascube.alloc offset 128 : memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
// CHECK-DAG: %[[B0S:.*]] = ascube.alloc offset 4096 : memref<128x64xf4E2M1FN, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK-DAG: %[[SB0S:.*]] = ascube.alloc offset 256 : memref<4x64xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>
// CHECK: %[[ONES:.*]] = memref.get_global @__ascube_ones_1024xf8E8M0FNU : memref<1024xf8E8M0FNU>
// CHECK: ascube.data_copy %[[ONES]] to %[[S1]] {blockCount = 1 : i64, blockLen = 32 : i64, dstStride = 0 : i64, mode = #ascube.copy_mode<copy>, srcStride = 0 : i64}
// CHECK: ascube.block_idx
// CHECK: ascube.data_copy %A[%{{.*}}] to %[[A1]] {dValue = 64 : i64, dstNzMatrixStride = 0 : i64, nValue = 32 : i64, ndNum = 1 : i64, srcDValue = 100 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.data_copy %B[%{{.*}}] to %[[B1]] {dValue = 32 : i64, dstNzMatrixStride = 0 : i64, nValue = 128 : i64, ndNum = 1 : i64, srcDValue = 32 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.load_mx %[[A1]], %[[SA1]] to %[[A0]], %[[SA0]] :
// CHECK: ascube.load_mx %[[B1]], %[[SB1]] to %[[B0]], %[[SB0]] {ifTranspose = true} :
// CHECK: ascube.mmad_mx %[[A0]], %[[SA0]], %[[B0]], %[[SB0]] to %[[C0]] {k = 128 : i64, m = 32 : i64, n = 64 : i64} :
// CHECK: ascube.data_copy %A[%{{.*}}] to %[[A1S]] {dValue = 36 : i64, dstNzMatrixStride = 0 : i64, nValue = 32 : i64, ndNum = 1 : i64, srcDValue = 100 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.data_copy %B[%{{.*}}] to %[[B1S]] {dValue = 32 : i64, dstNzMatrixStride = 0 : i64, nValue = 72 : i64, ndNum = 1 : i64, srcDValue = 32 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.load_mx %[[A1S]], %[[SA1]] to %[[A0S]], %[[SA0S]] :
// CHECK: ascube.load_mx %[[B1S]], %[[SB1]] to %[[B0S]], %[[SB0S]] {ifTranspose = true} :
// CHECK: ascube.pipe_barrier <M>
// CHECK: ascube.mmad_mx %[[A0S]], %[[SA0S]], %[[B0S]], %[[SB0S]] to %[[C0]] {cmatrixInitVal = false, k = 128 : i64, m = 32 : i64, n = 64 : i64} :
// CHECK: ascube.fixpipe %[[C0]] to %C[%{{.*}}] {dstStride = 64 : i64, mSize = 32 : i64, nSize = 64 : i64}
func.func @mx(%A: memref<32x200xf4E2M1FN>, %B: memref<200x64xf4E2M1FN>, %C: memref<32x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<32x64xf32>)
  linalg.matmul ins(%A, %B : memref<32x200xf4E2M1FN>, memref<200x64xf4E2M1FN>) outs(%C : memref<32x64xf32>)
  return
}

// SQ-LABEL: func.func @mx_bt
// SQ-DAG: %[[B1:.*]] = ascube.alloc offset {{[0-9]+}} : memref<128x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>
// SQ-DAG: %[[B0:.*]] = ascube.alloc offset 0 : memref<128x128xf4E2M1FN, #ascube.layout<Zn>, #ascube.mem<L0B>>
// SQ: ascube.load_mx %[[B1]], %{{.*}} to %[[B0]], %{{.*}} {dstStride = 8 : i64, kStep = 2 : i64, mStep = 8 : i64, srcStride = 8 : i64} :
// SQ: ascube.mmad_mx {{.*}} {k = 128 : i64, m = 16 : i64, n = 128 : i64} :
func.func @mx_bt(%A: memref<16x128xf4E2M1FN>, %B: memref<128x128xf4E2M1FN>, %C: memref<16x128xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x128xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<16x128xf4E2M1FN>, memref<128x128xf4E2M1FN>) outs(%C : memref<16x128xf32>)
  return
}
