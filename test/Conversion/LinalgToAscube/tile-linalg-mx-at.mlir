// ascube-tile-linalg on 4-bit floats (docs/Tiling.md "4-bit floats"): A held
// transposed and a one-row tile, worked by hand with tile=128,64,128 on
// Ascend 950PR.
//
// @mx_at: A held K x M (128 x 128) reaches L0A's Nz through LoadData MX's
// transposing 64 x 64 squares (ifTranspose, §8). Its chunk is square, so
// the types do not say which matrix the L1 source is and the move is spelt
// out with the derived values: mStep = srcStride = 128 / 16 = 8 fractal
// rows, kStep = 128 fp4 x 4 bits / 256 = 2 columns of 32 B, dstStride =
// L0A's 128 / 16 = 8 fractal rows. B held N x K (64 x 128) is not square:
// derived, not transposed. ND2NZ of A^T copies K = 128 rows of 128 fp4 =
// 64 bytes (dValue, srcDValue), of B^T 64 rows of 64 bytes.
//
// @mx_row: M = 1 is computed as a fractal row of 16 (MmadMx has no
// disableGemv; whether it turns GEMV at m = 1 is [U]): A's L1 and L0A
// buffers and its scales have 16 rows, the ND2NZ copies nValue = 1 row of
// 96 fp4 = 48 bytes, MmadMx runs m = 16 with k = 96 padded to 128, and
// Fixpipe writes mSize = 1 row.
// RUN: ascube-opt %s --ascube-tile-linalg="product=ascend950pr tile=128,64,128" | FileCheck %s
// RUN: ascube-opt %s --ascube-tile-linalg="product=ascend950pr tile=128,64,128" | ascube-opt --ascube-verify-target -o /dev/null

// CHECK-LABEL: func.func @mx_at
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<128x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<128x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
// CHECK-DAG: %[[B1:.*]] = ascube.alloc offset 8192 : memref<64x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[B0:.*]] = ascube.alloc offset 0 : memref<128x64xf4E2M1FN, #ascube.layout<Zn>, #ascube.mem<L0B>>
// CHECK: ascube.data_copy %A[%{{.*}}] to %[[A1]] {dValue = 64 : i64, dstNzMatrixStride = 0 : i64, nValue = 128 : i64, ndNum = 1 : i64, srcDValue = 64 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.data_copy %B[%{{.*}}] to %[[B1]] {dValue = 64 : i64, dstNzMatrixStride = 0 : i64, nValue = 64 : i64, ndNum = 1 : i64, srcDValue = 64 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.load_mx %[[A1]], %{{.*}} to %[[A0]], %{{.*}} {dstStride = 8 : i64, ifTranspose = true, kStep = 2 : i64, mStep = 8 : i64, srcStride = 8 : i64} :
// CHECK: ascube.load_mx %[[B1]], %{{.*}} to %[[B0]], %{{.*}} : memref<64x128xf4E2M1FN
// CHECK: ascube.mmad_mx {{.*}} {k = 128 : i64, m = 128 : i64, n = 64 : i64} :
// CHECK: ascube.fixpipe {{.*}} {dstStride = 64 : i64, mSize = 128 : i64, nSize = 64 : i64}
func.func @mx_at(%A: memref<128x128xf4E2M1FN>, %B: memref<64x128xf4E2M1FN>, %C: memref<128x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<128x64xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<128x128xf4E2M1FN>, memref<64x128xf4E2M1FN>) outs(%C : memref<128x64xf32>)
  return
}

// CHECK-LABEL: func.func @mx_row
// CHECK-DAG: %[[A1:.*]] = ascube.alloc offset 0 : memref<16x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[SA1:.*]] = ascube.alloc offset {{[0-9]+}} : memref<16x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>
// CHECK-DAG: %[[A0:.*]] = ascube.alloc offset 0 : memref<16x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
// CHECK: ascube.data_copy %A[%{{.*}}] to %[[A1]] {dValue = 48 : i64, dstNzMatrixStride = 0 : i64, nValue = 1 : i64, ndNum = 1 : i64, srcDValue = 48 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.load_mx %[[A1]], %[[SA1]] to %[[A0]], %{{.*}} :
// CHECK: ascube.mmad_mx {{.*}} {k = 128 : i64, m = 16 : i64, n = 64 : i64} :
// CHECK: ascube.fixpipe {{.*}} {dstStride = 64 : i64, mSize = 1 : i64, nSize = 64 : i64}
func.func @mx_row(%A: memref<1x96xf4E2M1FN>, %B: memref<96x64xf4E2M1FN>, %C: memref<1x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<1x64xf32>)
  linalg.matmul ins(%A, %B : memref<1x96xf4E2M1FN>, memref<96x64xf4E2M1FN>) outs(%C : memref<1x64xf32>)
  return
}
