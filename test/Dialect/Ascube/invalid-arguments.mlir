// Buffer arguments get the rules allocations get: an on-core argument starts
// level-aligned (its caller placed it) unless `ascube.offset` places it, and
// alignment, capacity and the sparse fixed place are checked on both forms.
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

// The field case: the L0A destination 256 B past an argument's start.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @arg(%S: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{'ascube.load_2d' op destination address 256 B in L0A is not a multiple of 512 B [alignment_c2]}}
    ascube.load_2d %S to %A[%c128] {repeatTimes = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// The same move into an allocation.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @alloc(%S: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    %A = ascube.alloc : memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{'ascube.load_2d' op destination address 256 B in L0A is not a multiple of 512 B [alignment_c2]}}
    ascube.load_2d %S to %A[%c128] {repeatTimes = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// A placed argument's address is its ascube.offset plus the element offset.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @placed(%S: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
                    %A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> {ascube.offset = 512 : i64}) {
    %c256 = arith.constant 256 : index
    ascube.load_2d %S to %A[%c256] {repeatTimes = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{'ascube.load_2d' op destination address 768 B in L0A is not a multiple of 512 B [alignment_c2]}}
    ascube.load_2d %S to %A[%c128] {repeatTimes = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // expected-error @+1 {{argument #0: ascube.offset = 256 B in L0A is not a multiple of 512 B on atlas_a2 [alignment_c1]}}
  func.func @misplaced(%A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> {ascube.offset = 256 : i64}) {
    return
  }
}

// -----

// The same offset on an allocation.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @misplaced_alloc() {
    // expected-error @+1 {{offset = 256 B in L0A is not a multiple of 512 B on atlas_a2 [alignment_c1]}}
    %A = ascube.alloc offset 256 : memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// Capacity counts the offset, for arguments as for allocations.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // expected-error @+1 {{argument #0 of @too_far: buffer needs 32768 B at offset 49152 B but atlas_a2 L0A holds 65536 B [capacity_c1]}}
  func.func @too_far(%A: memref<128x128xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> {ascube.offset = 49152 : i64}) {
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @too_far_alloc() {
    // expected-error @+1 {{buffer needs 32768 B at offset 49152 B but atlas_a2 L0A holds 65536 B [capacity_c1]}}
    %A = ascube.alloc offset 49152 : memref<128x128xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// expected-error @+1 {{'ascube.offset' places an on-core buffer argument of a function with a body at a non-negative byte offset of its level, got -512 : i64 on argument #0 [arg_c1]}}
func.func @negative(%A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> {ascube.offset = -512 : i64}) {
  return
}

// -----

// expected-error @+1 {{'ascube.offset' places an on-core buffer argument of a function with a body at a non-negative byte offset of its level, got 0 : i64 on argument #0 [arg_c1]}}
func.func @gm(%A: memref<32x16xf16> {ascube.offset = 0 : i64}) {
  return
}

// -----

// expected-error @+1 {{got "L0A" on argument #0 [arg_c1]}}
func.func @not_integer(%A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> {ascube.offset = "L0A"}) {
  return
}

// -----

// expected-error @+1 {{unknown ascube argument attribute 'ascube.place'; the dialect defines 'ascube.offset'}}
func.func @unknown(%A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> {ascube.place = 0 : i64}) {
  return
}

// -----

// A placed L0B argument is a fixed place for the sparse instructions, as a
// placed allocation is; an unplaced one is not.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @sparse(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>,
                    %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>,
                    %b0: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> {ascube.offset = 1024 : i64},
                    %b1: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    ascube.load_sparse %bp, %ix to %b0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    // expected-error @+1 {{LoadDataWithSparse needs its L0B buffer at a fixed place (ascube.alloc offset N, or an argument's ascube.offset)}}
    ascube.load_sparse %bp, %ix to %b1 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// expected-error @+1 {{'ascube.offset' places an on-core buffer argument of a function with a body at a non-negative byte offset of its level, got 512 : i32 on argument #0 [arg_c1]}}
func.func @not_i64(%A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> {ascube.offset = 512 : i32}) {
  return
}

// -----

// expected-error @+1 {{got 18446744073709552128 : i128 on argument #0 [arg_c1]}}
func.func @wide(%A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> {ascube.offset = 18446744073709552128 : i128}) {
  return
}

// -----

// expected-error @+1 {{unknown ascube result attribute 'ascube.offset': the dialect defines none (on-core buffers are not returned, alloc_c3)}}
func.func @result() -> (i32 {ascube.offset = 0 : i64}) {
  %c = arith.constant 0 : i32
  return %c : i32
}
