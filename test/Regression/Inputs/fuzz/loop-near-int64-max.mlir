module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @k(%s: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    %lb = arith.constant 9223372036854775806 : index
    %ub = arith.constant 9223372036854775807 : index
    %st = arith.constant 9223372036854775807 : index
    scf.for %i = %lb to %ub step %st {
      ascube.load_2d %s to %d[%i] {repeatTimes = 1 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    }
    return
  }
}
