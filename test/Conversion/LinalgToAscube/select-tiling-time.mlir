// ascube-select-tiling objective=time: each matmul's tiling is the
// candidate whose program the timing model runs fastest (docs/Tiling.md
// "Chosen by time"; exact runs: Integration/select-tiling-time.test).
// RUN: ascube-opt %s --split-input-file --ascube-select-tiling | FileCheck %s
// and with report, a remark naming the choice, the runner-up and the
// least-traffic tiling, each with its modelled time:
// RUN: ascube-opt %s --split-input-file --ascube-select-tiling="objective=time report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// The least-traffic rule on the same ops, for comparison:
// RUN: ascube-opt %s --split-input-file --ascube-select-tiling=objective=traffic 2>&1 | FileCheck %s --check-prefix=TRAFFIC
// tile= and a hand-set attribute are kept as they are:
// RUN: ascube-opt %s --split-input-file --ascube-select-tiling="objective=time tile=16,64,64" 2>&1 | FileCheck %s --check-prefix=FORCED
// RUN: not ascube-opt %s --split-input-file --ascube-select-tiling=objective=speed 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: ascube-select-tiling: unknown objective 'speed' (time, traffic)
// ascube-tile-linalg chooses so too (its default objective), and maps:
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg | FileCheck %s --check-prefix=MAP
// RUN: not ascube-opt %s --split-input-file --ascube-tile-linalg=objective=speed 2>&1 | FileCheck %s --check-prefix=BADMAP
// BADMAP: error: ascube-tile-linalg: unknown objective 'speed' (time, traffic)
// blocks= past what a kernel launches (Ascend C's blockDim, blocks_c1):
// RUN: not ascube-opt %s --split-input-file --ascube-select-tiling=blocks=65536 2>&1 | FileCheck %s --check-prefix=MAXBLOCKS
// MAXBLOCKS: error: ascube-select-tiling: blocks=65536: a kernel launches 1 to 65535 blocks (Ascend C's blockDim) [blocks_c1]
// RUN: not ascube-opt %s --split-input-file --ascube-tile-linalg=blocks=65536 2>&1 | FileCheck %s --check-prefix=MAXMAP
// MAXMAP: error: ascube-tile-linalg: blocks=65536: a kernel launches 1 to 65535 blocks (Ascend C's blockDim) [blocks_c1]
// and 65535 is taken (the least traffic times nothing):
// RUN: ascube-opt %s --split-input-file --ascube-select-tiling="objective=traffic blocks=65535" 2>&1 | FileCheck %s --check-prefix=TRAFFIC

// A GEMV row, 1 x 1024 x 512 f16 on Atlas A2's 24 cores: the least traffic
// is one tile of all 1024 columns (A and B read once), in K chunks of 16 —
// 32 Mmads of one fractal row on one core. Columns of 64 spread the row
// over 16 cores, each with K chunks of 256.
// REPORT: remark: ascube-select-tiling: by modelled time on 24 blocks of atlas_a2, {{[0-9]+}} tilings timed: chose #ascube.matmul_tiling<m = 16, n = 64, k = 256> {{[0-9]+}} cycles ({{.*}} us); runner-up #ascube.matmul_tiling<{{.*}}> {{[0-9]+}} cycles ({{.*}} us); least GM traffic #ascube.matmul_tiling<m = 16, n = 1024, k = 16> {{[0-9]+}} cycles ({{.*}} us)
// CHECK-LABEL: func.func @gemv
// CHECK: linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 16, n = 64, k = 256>}
// TRAFFIC-LABEL: func.func @gemv
// TRAFFIC: linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 16, n = 1024, k = 16>}
// FORCED-LABEL: func.func @gemv
// FORCED: linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 16, n = 64, k = 64>}
// MAP-LABEL: func.func @gemv
// MAP: ascube.mmad {{.*}} {k = 256 : i64, m = 1 : i64, n = 64 : i64}
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @gemv(%A: memref<1x512xf16>, %B: memref<512x1024xf16>, %C: memref<1x1024xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<1x1024xf32>)
  linalg.matmul ins(%A, %B : memref<1x512xf16>, memref<512x1024xf16>) outs(%C : memref<1x1024xf32>)
  return
}
}

// -----

// 64 x 512 x 640 with B held N x K on Atlas A3's 24 cores: the least
// traffic is one 64 x 512 tile on one core; 64 x 64 tiles put 8 tiles on
// 8 cores, each with K steps of 256 in L1 chunks of two (k_l1 = 512: two
// GM -> L1 copies of each operand instead of three), one chunk of K steps
// the runner-up.
// REPORT: remark: ascube-select-tiling: by modelled time on 24 blocks of atlas_a3, {{[0-9]+}} tilings timed: chose #ascube.matmul_tiling<m = 64, n = 64, k = 256, k_l1 = 512> {{[0-9]+}} cycles ({{.*}} us); runner-up #ascube.matmul_tiling<m = 64, n = 64, k = 256> {{[0-9]+}} cycles
// CHECK-LABEL: func.func @bt
// CHECK: linalg.matmul indexing_maps = {{.*}} {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 64, k = 256, k_l1 = 512>}
// TRAFFIC-LABEL: func.func @bt
// TRAFFIC: {ascube.tiling = #ascube.matmul_tiling<m = 64, n = 512, k = 32>}
module attributes {ascube.target = #ascube.target<atlas_a3>} {
func.func @bt(%A: memref<64x640xf16>, %B: memref<512x640xf16>, %C: memref<64x512xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x512xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%A, %B : memref<64x640xf16>, memref<512x640xf16>) outs(%C : memref<64x512xf32>)
  return
}
}

// -----

// A network's stem (7 x 7 / 2 over 3 channels, padded 38 x 38 map, 32
// filters) on Atlas A3: the least traffic is tiles of 16 pixels x 16
// channels over the whole 7 x 7 x 16 window (k = 784), 256 tiles, with two
// buffer sets; tiles of 32 pixels over the whole window (49 KiB of L0A:
// one buffer set) halve the tiles and the Fixpipes, and load the window in
// one chunk.
// REPORT: remark: ascube-select-tiling: by modelled time on 24 blocks of atlas_a3, {{[0-9]+}} tilings timed: chose #ascube.conv_tiling<strategy = load3d, m = 32, n = 16, k = 784, buffers = 1>
// REPORT-SAME: least GM traffic #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 784, buffers = 2>
// CHECK-LABEL: func.func @stem
// CHECK: linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 32, n = 16, k = 784, buffers = 1>
// TRAFFIC-LABEL: func.func @stem
// TRAFFIC: linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<strategy = load3d, m = 16, n = 16, k = 784, buffers = 2>
module attributes {ascube.target = #ascube.target<atlas_a3>} {
func.func @stem(%I: memref<1x38x38x3xf16>, %W: memref<7x7x3x32xf16>, %O: memref<1x16x16x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x16x16x32xf32>)
  linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x38x38x3xf16>, memref<7x7x3x32xf16>) outs(%O : memref<1x16x16x32xf32>)
  return
}
}

// -----

// A hand-set tiling is kept, and not timed (no remark):
// REPORT-NOT: remark
// CHECK-LABEL: func.func @kept
// CHECK: linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32>}
// FORCED-LABEL: func.func @kept
// FORCED: linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32>}
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @kept(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<64x64xf32>)
  linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 32, n = 32, k = 32>} ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
  return
}
}
