// On 950 a loop of LoadData 2D that moves a whole tile becomes one
// ascube.load (ascube-merge-movers), which ascube-select-movers turns into
// one LoadData 2D-v2 (§11: the 950 recommendation; LoadData 2D ties on cost
// and loses to the product's order).
// RUN: ascube-opt %s --ascube-merge-movers --ascube-select-movers -verify-diagnostics | FileCheck %s

!L1 = memref<32x64xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<32x64xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  // CHECK-LABEL: func.func @loop950
  // CHECK-NOT: scf.for
  // CHECK: ascube.load_2d_v2 %{{.*}} to %{{.*}} : memref<32x64xf16
  // CHECK-NOT: ascube.load_2d %
  // CHECK: return
  func.func @loop950(%a1: !L1, %a0: !L0A) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // One fractal column (2 fractals) per iteration.
    scf.for %k1 = %c0 to %c4 step %c1 {
      %off = affine.apply affine_map<(k) -> (k * 512)>(%k1)
      // expected-remark @+1 {{ascube-select-movers: load_2d_v2 (cost 32: 1 instruction, 16 transfer cycles) chosen for L1 -> L0A f16 32x64 on ascend950pr; rejected: load_3d (cost 32: 1 instruction + 1 scalar set-up, 16 transfer cycles), load_2d (cost 32: 1 instruction, 16 transfer cycles)}}
      ascube.load_2d %a1[%off] to %a0[%off] {repeatTimes = 2 : i64} : !L1 to !L0A
    }
    return
  }
}
