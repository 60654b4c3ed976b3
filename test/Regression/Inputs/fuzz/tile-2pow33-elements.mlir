func.func @k(%s: memref<30x268435456xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<30x268435456xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %o = arith.muli %i, %c1 : index
    ascube.load_2d %s[%o] to %d[%o] {repeatTimes = 1 : i64} : memref<30x268435456xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x268435456xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  }
  ascube.load_2d %s to %d : memref<30x268435456xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x268435456xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
