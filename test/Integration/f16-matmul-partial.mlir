// Partial fractals, f16 mmad M=30, K=70, N=40, GM ND -> GM ND through
// data_copy (ND2NZ) -> load_2d -> mmad -> fixpipe (NZ2ND). The padding of
// A and B in L1 and L0 holds garbage (every on-core byte starts as 0xFF,
// i.e. f16 NaN): it must not leak into C. Expected values: a plain ND
// reference computed in @main (no fractal layout), and hand-worked sums.
// RUN: ascube-opt %s --ascube-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so | FileCheck %s

#L1A = memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
#L1B = memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%a: memref<30x70xf16>, %b: memref<70x40xf16>, %c: memref<30x40xf32>) {
    %a1 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 5120 : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %a to %a1 : memref<30x70xf16> to memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %b to %b1 : memref<70x40xf16> to memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b0 = ascube.alloc offset 0 : memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    // A: L1 Nz (M1 = 2, K1 = 5) -> L0A Zz, one instruction per fractal row.
    %c1280 = arith.constant 1280 : index
    ascube.load_2d %a1 to %a0 {repeatTimes = 5 : i64, srcStride = 2 : i64}
        : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load_2d %a1 to %a0[%c1280] {startIndex = 1 : i64, repeatTimes = 5 : i64, srcStride = 2 : i64}
        : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    // B: L1 Nz (K1 = 5, N1 = 3) -> L0B Zn, transposing each fractal, one
    // instruction per K fractal row.
    %c768 = arith.constant 768 : index
    %c1536 = arith.constant 1536 : index
    %c2304 = arith.constant 2304 : index
    %c3072 = arith.constant 3072 : index
    ascube.load_2d %b1 to %b0 {repeatTimes = 3 : i64, srcStride = 5 : i64, ifTranspose = true}
        : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d %b1 to %b0[%c768] {startIndex = 1 : i64, repeatTimes = 3 : i64, srcStride = 5 : i64, ifTranspose = true}
        : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d %b1 to %b0[%c1536] {startIndex = 2 : i64, repeatTimes = 3 : i64, srcStride = 5 : i64, ifTranspose = true}
        : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d %b1 to %b0[%c2304] {startIndex = 3 : i64, repeatTimes = 3 : i64, srcStride = 5 : i64, ifTranspose = true}
        : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d %b1 to %b0[%c3072] {startIndex = 4 : i64, repeatTimes = 3 : i64, srcStride = 5 : i64, ifTranspose = true}
        : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c0 = ascube.alloc offset 0 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %a0, %b0 to %c0 : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %c0 to %c : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xf32>
    return
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c30 = arith.constant 30 : index
    %c40 = arith.constant 40 : index
    %c70 = arith.constant 70 : index
    %a = memref.alloc() : memref<30x70xf16>
    %b = memref.alloc() : memref<70x40xf16>
    %c = memref.alloc() : memref<30x40xf32>
    // A[i][k] = (7i + 3k) mod 11 - 5, B[k][j] = (5k + 2j) mod 9 - 4.
    scf.for %i = %c0 to %c30 step %c1 {
      scf.for %k = %c0 to %c70 step %c1 {
        %v = affine.apply affine_map<(i, k) -> ((i * 7 + k * 3) mod 11 - 5)>(%i, %k)
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f16
        memref.store %vf, %a[%i, %k] : memref<30x70xf16>
      }
    }
    scf.for %k = %c0 to %c70 step %c1 {
      scf.for %j = %c0 to %c40 step %c1 {
        %v = affine.apply affine_map<(k, j) -> ((k * 5 + j * 2) mod 9 - 4)>(%k, %j)
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f16
        memref.store %vf, %b[%k, %j] : memref<70x40xf16>
      }
    }
    call @matmul(%a, %b, %c) : (memref<30x70xf16>, memref<70x40xf16>, memref<30x40xf32>) -> ()
    // Plain ND reference; count the mismatches.
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %bad = scf.for %i = %c0 to %c30 step %c1 iter_args(%n0 = %zero) -> f32 {
      %n1 = scf.for %j = %c0 to %c40 step %c1 iter_args(%m0 = %n0) -> f32 {
        %ref = scf.for %k = %c0 to %c70 step %c1 iter_args(%s = %zero) -> f32 {
          %x = memref.load %a[%i, %k] : memref<30x70xf16>
          %y = memref.load %b[%k, %j] : memref<70x40xf16>
          %xf = arith.extf %x : f16 to f32
          %yf = arith.extf %y : f16 to f32
          %p = arith.mulf %xf, %yf : f32
          %s2 = arith.addf %s, %p : f32
          scf.yield %s2 : f32
        }
        %got = memref.load %c[%i, %j] : memref<30x40xf32>
        %eq = arith.cmpf oeq, %got, %ref : f32
        %inc = arith.select %eq, %zero, %one : f32
        %m1 = arith.addf %m0, %inc : f32
        scf.yield %m1 : f32
      }
      scf.yield %n1 : f32
    }
    %out = memref.alloc() : memref<5xf32>
    memref.store %bad, %out[%c0] : memref<5xf32>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c17 = arith.constant 17 : index
    %c23 = arith.constant 23 : index
    %c29 = arith.constant 29 : index
    %c39 = arith.constant 39 : index
    %v00 = memref.load %c[%c0, %c0] : memref<30x40xf32>
    %v2939 = memref.load %c[%c29, %c39] : memref<30x40xf32>
    %v1723 = memref.load %c[%c17, %c23] : memref<30x40xf32>
    %v10 = memref.load %c[%c1, %c0] : memref<30x40xf32>
    memref.store %v00, %out[%c1] : memref<5xf32>
    memref.store %v2939, %out[%c2] : memref<5xf32>
    memref.store %v1723, %out[%c3] : memref<5xf32>
    memref.store %v10, %out[%c4] : memref<5xf32>
    %u = memref.cast %out : memref<5xf32> to memref<*xf32>
    // mismatches, C[0][0], C[29][39], C[17][23], C[1][0] (hand-worked sums).
    // CHECK: [0,  -1,  62,  18,  48]
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
