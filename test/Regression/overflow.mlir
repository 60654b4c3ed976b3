// Sizes, counts and trip counts computed from user-given shapes, offsets,
// bounds and steps never overflow into a wrong answer, a crash or a hang:
// each input below gets a diagnostic (or, where the IR is fine, none).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics
// RUN: ascube-opt %s -split-input-file -verify-diagnostics --ascube-merge-movers

// 2 EiB buffers: the byte size no longer wraps to 0.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @huge_alloc() {
    // expected-error @+1 {{'ascube.alloc' op buffer needs 2305843009213693952 B but atlas_a2 L1 holds 524288 B [capacity_c1]}}
    %a = ascube.alloc : memref<1073741824x1073741824xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @huge_alloc_l0a() {
    // expected-error @+1 {{'ascube.alloc' op buffer needs 2305843009213693952 B but atlas_a2 L0A holds 65536 B [capacity_c1]}}
    %b = ascube.alloc : memref<1073741824x1073741824xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// Past 2^62 bytes the layout itself is refused (f32: 2^61 elements).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // expected-error @+1 {{layout size overflows 2^62 bytes (2305843009213693952 elements of 32 bits) [layout_c1]}}
  func.func @bytes_overflow(%a: memref<2147483648x1073741824xf32, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    return
  }
}

// -----

// One iteration from 2^63 - 2 with step 2^63 - 1: the iteration walk does
// not wrap around (it hung); the offset it reaches is out of bounds.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @loop_near_max(%s: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    %lb = arith.constant 9223372036854775806 : index
    %ub = arith.constant 9223372036854775807 : index
    %st = arith.constant 9223372036854775807 : index
    scf.for %i = %lb to %ub step %st {
      // expected-error @+1 {{'ascube.load_2d' op destination offset 9223372036854775806 (with the enclosing loop's induction variable at first 9223372036854775806) runs past the destination buffer: 256 elements from it in 'memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>', which holds 1024 elements [load2d_c5]}}
      ascube.load_2d %s to %d[%i] {repeatTimes = 1 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    }
    return
  }
}

// -----

// A lower bound of -2^63: the loop runs more than once, so the missing
// PIPE_M barrier is reported as for any other bound.
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @trip_min(%a: !A, %b: !B, %c: !C) {
    // expected-note @+1 {{the previous Mmad}}
    ascube.mmad %a, %b to %c : !A, !B to !C
    affine.for %k = -9223372036854775808 to 1 {
      // expected-error @+1 {{[sync_c1]}}
      ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    }
    return
  }
}

// -----

// A tile of 2^33 elements (no target, so no capacity rule): whole-tile
// checks do not truncate its size (this crashed ascube-merge-movers).
func.func @huge_tile(%s: memref<30x268435456xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<30x268435456xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %o = arith.muli %i, %c1 : index
    ascube.load_2d %s[%o] to %d[%o] {repeatTimes = 1 : i64} : memref<30x268435456xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x268435456xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  }
  return
}

// -----

// A huge dValue is refused by its range before anything is computed from it
// (the derived Nz matrix stride multiplied it first).
func.func @nd2nz_huge_dvalue(%a: memref<16x128xi4>, %b: memref<16x128xi4, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{dValue = 9223372036854775807 is outside [0, 65535] [nd2nz_c1]}}
  ascube.data_copy %a to %b {dValue = 9223372036854775807 : i64} : memref<16x128xi4> to memref<16x128xi4, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}
