// LoadData 3D V2 (cube-reference §10): im2col of a 4 x 4 x 16 f16 feature
// map (NC1HWC0, C1 = 1) with a 3 x 3 kernel, stride 1, padding 1 on every
// side, into a 16 x 144 Zz L0A matrix. Row p is output pixel (p / 4,
// p % 4); column j is (c1, kh, kw, c0) = (j / 144, j % 144 / 48, j % 48 /
// 16, j % 16); it reads input (oh + kh - 1, ow + kw - 1), or the pad value
// -1 outside the map. A run of C0 = 16 columns (j = 16 jb .. 16 jb + 15)
// shares (c1, kh, kw): one source position, one padding test, one vector
// of 16 channels, stored at fractal jb of the Zz row band: jb * 256 +
// p * 16.
// The order in which the address operations are created is the C++
// compiler's (argument evaluation order), so they are matched as a DAG.
// RUN: ascube-opt %s -split-input-file --convert-ascube-to-loops --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @load_3d
// CHECK-SAME: (%[[FM:.*]]: memref<256xi16>, %[[A:.*]]: memref<2304xi16>)
// CHECK-DAG: %[[PAD:.*]] = arith.constant dense<-17408> : vector<16xi16>
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C48:.*]] = arith.constant 48 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: scf.for %[[P:.*]] = %{{.*}} to %[[C16]]
// CHECK: scf.for %[[JB:.*]] = %{{.*}} to %[[C9]]
// CHECK: %[[J:.*]] = arith.muli %[[JB]], %[[C16]] : index
// CHECK-DAG: %[[KH:.*]] = arith.divui %{{.*}}, %[[C48]]
// CHECK-DAG: %[[KW:.*]] = arith.divui %{{.*}}, %[[C16]]
// CHECK-DAG: %[[OH:.*]] = arith.divui %[[P]], %[[C4]]
// CHECK-DAG: %[[OW:.*]] = arith.remui %[[P]], %[[C4]]
// CHECK-DAG: %[[H0:.*]] = arith.addi %[[OH]], %[[KH]]
// CHECK-DAG: %[[H:.*]] = arith.subi %[[H0]], %{{.*}}
// CHECK-DAG: %[[W0:.*]] = arith.addi %[[OW]], %[[KW]]
// CHECK-DAG: %[[W:.*]] = arith.subi %[[W0]], %{{.*}}
// CHECK-DAG: arith.cmpi slt, %[[W]], %[[C4]]
// CHECK-DAG: arith.cmpi sge, %[[W]]
// CHECK-DAG: arith.cmpi slt, %[[H]], %[[C4]]
// CHECK-DAG: arith.cmpi sge, %[[H]]
// CHECK: %[[V:.*]] = scf.if %{{.*}} -> (vector<16xi16>)
// CHECK: vector.load %[[FM]][%{{.*}}] : memref<256xi16>, vector<16xi16>
// CHECK: } else {
// CHECK: scf.yield %[[PAD]]
// CHECK-DAG: %[[ROW:.*]] = arith.muli %{{.*}}, %[[C16]] : index
// CHECK-DAG: %[[FRAC:.*]] = arith.muli %{{.*}}, %[[C256]] : index
// CHECK: %[[TO:.*]] = arith.addi %[[FRAC]], %{{.*}} : index
// CHECK: vector.store %[[V]], %[[A]][%[[TO]]] : memref<2304xi16>, vector<16xi16>
func.func @load_3d(%fm: memref<1x1x4x4x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %a: memref<16x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  ascube.load_3d %fm to %a {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, padValue = -1.0 : f16} : memref<1x1x4x4x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<16x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// LoadData 3D V1 (§10.2), repeatMode = 0: each repeat advances the kernel
// point, so repeat r (of 9, jumpStride = 1) writes destination fractal r
// (256 f16 from r * 256): 16 output pixels by 16 channels of kernel column
// j = 16 r + c0, i.e. kernel point (kh, kw) = (j % 144 / 48, j % 48 / 16),
// read at (oh + kh - 1, ow + kw - 1) or 0 outside the map.
// CHECK-LABEL: func.func @load_3d_v1
// CHECK-SAME: (%[[FM:.*]]: memref<256xi16>, %[[A:.*]]: memref<2304xi16>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C48:.*]] = arith.constant 48 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[C9]]
// CHECK-DAG: %[[J0:.*]] = arith.muli %[[R]], %[[C16]] : index
// CHECK-DAG: %[[DB:.*]] = arith.muli %[[R]], %[[C256]] : index
// CHECK: scf.for %[[P:.*]] = %{{.*}} to %[[C16]]
// CHECK: scf.for %[[C0:.*]] = %{{.*}} to %[[C16]]
// CHECK: %[[J:.*]] = arith.addi %[[C0]], %[[J0]] : index
// CHECK-DAG: arith.divui %{{.*}}, %[[C48]]
// CHECK: %[[V:.*]] = scf.if %{{.*}} -> (i16)
// CHECK: memref.load %[[FM]]
// CHECK: } else {
// CHECK: scf.yield %[[ZERO]]
// CHECK: %[[ROW:.*]] = arith.muli %[[P]], %[[C16]] : index
// CHECK: %[[IN:.*]] = arith.addi %[[ROW]], %[[C0]] : index
// CHECK: %[[DA:.*]] = arith.addi %[[DB]], %[[IN]] : index
// CHECK: memref.store %[[V]], %[[A]][%[[DA]]]
func.func @load_3d_v1(%fm: memref<1x1x4x4x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %a0: memref<16x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  ascube.load_3d_v1 %fm to %a0 {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, repeatMode = 0 : i64, repeatTime = 9 : i64, jumpStride = 1 : i64} : memref<1x1x4x4x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<16x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
