// RUN: ascube-opt %s --convert-ascube-to-loops -verify-diagnostics
// RUN: ascube-opt %s --ascube-select-movers --convert-ascube-to-loops | FileCheck %s

// ascube.load names no instruction (ascube-select-movers picks the LoadData
// it becomes), so convert-ascube-to-loops alone refuses it with a message
// naming the pass to run first, not upstream's "failed to legalize". A
// user trial met it running convert-ascube-to-loops on the output of
// ascube-tile-linalg.
!L1 = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK-LABEL: func.func @moves
// CHECK-NOT: ascube.load
// CHECK: return
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @moves(%a1: !L1, %a0: !L0A) {
    // expected-error @+1 {{'ascube.load' op is not an instruction of its own: ascube-select-movers turns it into the LoadData the product has (run it first; ascube-to-llvm, --ascube-pipeline and ascube-run do)}}
    ascube.load %a1 to %a0 : !L1 to !L0A
    return
  }
}
