// Kernels for limits.test.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // A 0-byte argument next to a real one.
  func.func @empty(%E: memref<0xf16>, %A: memref<16xf16>) {
    return
  }
  // 1 TiB of GM: more than any machine here.
  func.func @tib(%A: memref<1048576x1048576xi8>) {
    return
  }
  // An L0B destination offset taken from memory: offsets k * 65536 leave
  // the 70 x 40 f16 buffer (3840 elements) at k = 1.
  func.func @offset(%K: memref<1xi32>) {
    %s = ascube.alloc offset 0 : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %d = ascube.alloc offset 0 : memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c0 = arith.constant 0 : index
    %k32 = memref.load %K[%c0] : memref<1xi32>
    %k = arith.index_cast %k32 : i32 to index
    %c65536 = arith.constant 65536 : index
    %o = arith.muli %k, %c65536 : index
    ascube.load_2d %s to %d[%o] {repeatTimes = 1 : i64} : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
  // 10^12 accumulating Mmads: far longer than a test may run.
  func.func @forever(%O: memref<16x16xf32>) {
    %a = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1000000000000 : index
    scf.for %i = %c0 to %n step %c1 {
      ascube.mmad %a, %b to %c {cmatrixInitVal = false} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
      ascube.pipe_barrier <M>
    }
    ascube.fixpipe %c to %O : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf32>
    return
  }
}
