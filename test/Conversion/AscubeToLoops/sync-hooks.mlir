// The pipe hooks of convert-ascube-to-loops sync-checks (Instrumentation.cpp):
// before each instruction its site and pipe, after an Mmad and a Fixpipe
// what the timing model costs them by (__ascube_sync_work: kind 1 an Mmad
// of m, k, n and A's element bits; kind 2 a Fixpipe of rows, columns, the
// destination's bits and level); with timing-only the hooks stay and the
// instructions' arithmetic goes (ascube-run --timeline-only).
// RUN: ascube-opt %ascube_src/examples/matmul_f16.mlir --ascube-select-movers=remarks=false --convert-ascube-to-loops="sync-checks=true" | FileCheck %s
// RUN: ascube-opt %ascube_src/examples/matmul_f16.mlir --ascube-select-movers=remarks=false --convert-ascube-to-loops="sync-checks=true timing-only=true" | FileCheck %s --check-prefix=ONLY

// The example's Mmad (site 8, pipe M = 2) of 30 x 70 x 40 f16, its
// Fixpipe (site 11, FIX = 6) of 30 rows of 40 f32 into GM (level 0).
// CHECK: call @__ascube_sync_op(%c8_i64, %c2_i64{{.*}}, %c0_i64{{.*}})
// CHECK: call @__ascube_sync_work(%c1_i64{{.*}}, %c30_i64, %c70_i64, %c40_i64, %c16_i64)
// CHECK: arith.extf
// CHECK: call @__ascube_sync_op(%c11_i64, %c6_i64{{.*}}, %c0_i64{{.*}})
// CHECK: call @__ascube_sync_work(%c2_i64{{.*}}, %c30_i64{{.*}}, %c40_i64{{.*}}, %c32_i64, %c0_i64{{.*}})

// ONLY: call @__ascube_sync_work(%c1_i64{{.*}}, %c30_i64, %c70_i64, %c40_i64, %c16_i64)
// ONLY-NOT: arith.extf
// ONLY: call @__ascube_sync_work(%c2_i64
// ONLY-NOT: arith.extf
