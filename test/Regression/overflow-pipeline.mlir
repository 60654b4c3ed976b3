// The pipeline on a loop whose one iteration starts at 2^63 - 2: no hang in
// ascube-merge-movers; once the loop folds, the offset is out of bounds.
// RUN: ascube-opt %s -verify-diagnostics --ascube-pipeline=product=atlas_a2
func.func @loop_near_max(%s: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  %lb = arith.constant 9223372036854775806 : index
  %ub = arith.constant 9223372036854775807 : index
  %st = arith.constant 9223372036854775807 : index
  scf.for %i = %lb to %ub step %st {
    // expected-error @+1 {{destination access of 256 elements at offset 9223372036854775806 reaches past the destination buffer 'memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>', which holds 1024 elements [load2d_c5]}}
    ascube.load_2d %s to %d[%i] {repeatTimes = 1 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  }
  return
}
