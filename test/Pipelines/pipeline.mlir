// --ascube-pipeline: name the product, map linalg, select movers,
// canonicalize, lower.
// RUN: ascube-opt %ascube_src/examples/matmul_load.mlir --ascube-pipeline=product=atlas_a2 | FileCheck %s
// RUN: not ascube-opt %ascube_src/examples/matmul_load.mlir --ascube-pipeline=product=ascend950pr 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not ascube-opt %s --ascube-pipeline=product=atlas_a9 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: ascube-opt %s --ascube-set-target=product=ascend950pr --ascube-select-movers 2>&1 | FileCheck %s --check-prefix=SET
// RUN: ascube-opt %ascube_src/examples/matmul_load.mlir --ascube-select-movers="report=true remarks=false" 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT
// The pipelines select quietly.
// RUN: ascube-opt %ascube_src/examples/matmul_load.mlir --ascube-pipeline=product=atlas_a2 2>&1 >/dev/null | count 0
// Hand-worked (A2: L1->L0A 256 B/cycle, L1->L0B 128): A 32x80 f16 = 5120 B
// -> 20 cycles, B 80x48 = 7680 B -> 60; LoadData 3D: 16 + 20 and 16 + 60 =
// 112. LoadData 2D rows: A 2 x (16 + 8) + 20 = 68; B: LoadData 2D rows
// (with ifTranspose) 5 x (16 + 8) + 60 = 180, or LoadDataWithTranspose in
// runs of squares, one per fractal column (Nz column c goes down Zn's column
// c, dstGap 2): 3 x (16 + 8) + 60 = 132, the cheaper; together 200 in 5
// instructions.
// REPORT: remark: ascube-select-movers report for @matmul: 2 loads; selected 2 MTE1 instructions, 112 cycles; LoadData 2D-family route 5 instructions, 200 cycles; lower bound 80 cycles (bytes / bandwidth)
// REPORT-NOT: chosen
// examples/matmul_f16.mlir writes the same moves by hand (two loops, 7
// LoadData 2D); merged into ascube.load and selected, it gets the same
// report: the same shapes, the same hand-worked cycles.
// RUN: ascube-opt %ascube_src/examples/matmul_f16.mlir --ascube-merge-movers --ascube-select-movers="report=true remarks=false" 2>&1 >/dev/null | FileCheck %s --check-prefix=MERGED
// MERGED: remark: ascube-select-movers report for @matmul: 2 loads; selected 2 MTE1 instructions, 112 cycles; LoadData 2D-family route 5 instructions, 200 cycles; lower bound 80 cycles (bytes / bandwidth)
// CHECK: llvm.func @matmul
// CHECK-NOT: ascube.
// Linalg (on GM memrefs or tensors) is mapped onto the product first, and
// an op the mapping leaves is refused once, naming what maps (it once
// reached the LLVM lowering, whose bf16 expansion broke the matmul's body:
// "expected add/mul op in the body").
// RUN: ascube-opt %ascube_src/examples/linalg_matmul.mlir --ascube-pipeline=product=atlas_a2 | FileCheck %s --check-prefix=LINALG
// RUN: ascube-opt %ascube_src/examples/tensor_matmul.mlir --ascube-pipeline | FileCheck %s --check-prefix=LINALG
// RUN: ascube-opt %ascube_src/examples/linalg_batch_matmul.mlir --ascube-pipeline | FileCheck %s --check-prefix=LINALG
// RUN: not ascube-opt %S/../Tools/ascube-run/Inputs/unmapped-depthwise.mlir --ascube-pipeline=product=atlas_a2 2>&1 | FileCheck %s --check-prefix=UNMAPPED
// LINALG: llvm.func
// LINALG-NOT: linalg.
// A linalg source that names another product is refused saying to drop
// its target, not to map it again.
// RUN: not ascube-opt %ascube_src/examples/linalg_batch_matmul.mlir --ascube-pipeline=product=atlas_a2 2>&1 | FileCheck %s --check-prefix=SOURCE
// SOURCE: error: the module targets ascend950pr, not atlas_a2: drop its ascube.target to map it for atlas_a2, or name ascend950pr [target_c2]
// UNMAPPED-COUNT-1: is not mapped onto the Cube: {{.*}} [tile_c1]
// UNMAPPED-NOT: is not mapped
// MISMATCH: the module targets atlas_a2, not ascend950pr: its program was made or checked for atlas_a2; map its linalg source again for ascend950pr, or name atlas_a2 [target_c2]
// UNKNOWN: product=atlas_a9: unknown product 'atlas_a9'; did you mean 'atlas_a2'? known: atlas_a2, {{.*}} [target_c1]
// SET: remark: ascube-select-movers: load_2d_v2
// SET: module attributes {ascube.target = #ascube.target<ascend950pr>}
func.func @k(%a1: memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  ascube.load %a1 to %a0 : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}
