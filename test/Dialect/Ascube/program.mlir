// ascube.program: a mapped op's program until ascube-insert-sync-all orders
// it and puts its body in its place.
// RUN: ascube-opt %s | FileCheck %s
// RUN: ascube-opt %s --ascube-insert-sync-all | FileCheck %s --check-prefix=INLINED

// CHECK-LABEL: func.func @marked
// CHECK: ascube.program {
// CHECK-NEXT: ascube.pipe_barrier <ALL>
// CHECK-NEXT: }
// INLINED-LABEL: func.func @marked
// INLINED-NOT: ascube.program
// INLINED: ascube.pipe_barrier <ALL>
// INLINED-NEXT: return
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @marked() {
    ascube.program {
      ascube.pipe_barrier <ALL>
    }
    return
  }
}
