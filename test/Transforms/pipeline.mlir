// --ascube-pipeline: name the product, select movers, canonicalize, lower.
// RUN: ascube-opt %ascube_src/examples/matmul_load.mlir --ascube-pipeline=product=atlas_a2 | FileCheck %s
// RUN: not ascube-opt %ascube_src/examples/matmul_load.mlir --ascube-pipeline=product=ascend950pr 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not ascube-opt %s --ascube-pipeline=product=atlas_a9 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: ascube-opt %s --ascube-set-target=product=ascend950pr --ascube-select-movers 2>&1 | FileCheck %s --check-prefix=SET
// CHECK: llvm.func @matmul
// CHECK-NOT: ascube.
// MISMATCH: the module targets atlas_a2, not ascend950pr [target_c2]
// UNKNOWN: unknown product 'atlas_a9'; known: atlas_a2, {{.*}} [target_c1]
// SET: remark: ascube-select-movers: load_2d_v2
// SET: module attributes {ascube.target = #ascube.target<ascend950pr>}
func.func @k(%a1: memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  ascube.load %a1 to %a0 : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}
