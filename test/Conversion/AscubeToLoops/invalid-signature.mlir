// Every buffer type in a signature needs a CPU storage form, used or not: a
// layout too large to store stops the lowering with the rule's label (and a
// failing exit status), never half-converted IR.
// RUN: not ascube-opt %s --ascube-to-llvm -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// CHECK: error: 'func.func' op argument type 'memref<4611686018427387904x4611686018427387904xf16, #ascube.layout<Nz>>': layout size overflows 2^62 elements [layout_c1]
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @k(%A: memref<4611686018427387904x4611686018427387904xf16, #ascube.layout<Nz>>, %B: memref<16x16xf16>) {
    %a1 = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %B to %a1 : memref<16x16xf16> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}
