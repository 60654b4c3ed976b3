// A plain ascube-opt run checks the whole-function rules of ascube-verify-
// target on the functions under an ascube.target (a lit test of layout
// legality needs no extra flag); --no-implicit-verify-target and modules
// without a target skip them, and a pipeline that runs the pass itself is
// not checked twice.
// RUN: not ascube-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target | FileCheck %s --check-prefix=OFF
// RUN: not ascube-opt %s -split-input-file --ascube-verify-target 2>&1 | FileCheck %s --check-prefix=ONCE

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // CHECK: error: 'ascube.mmad' op accumulates into the L0C tile the previous Mmad wrote (m = 16, n = 16: (m/16)*(n/16) = 1 < 10) with no ascube.pipe_barrier <M> between them on atlas_a2 (§13.3) [sync_c1]
  // ONCE-COUNT-1: between them on atlas_a2 (§13.3) [sync_c1]
  // ONCE-NOT: between them on atlas_a2
  // OFF-LABEL: func.func @sync
  func.func @sync(%a: !A, %b: !B, %c: !C) {
    ascube.mmad %a, %b to %c : !A, !B to !C
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    return
  }
}

// -----

// The same kernel without a target product is not checked.
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// CHECK-LABEL: func.func @untargeted
// OFF-LABEL: func.func @untargeted
func.func @untargeted(%a: !A, %b: !B, %c: !C) {
  ascube.mmad %a, %b to %c : !A, !B to !C
  ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
  return
}
