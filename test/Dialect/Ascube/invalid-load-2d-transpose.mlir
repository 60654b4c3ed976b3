// ascube.load_2d_transpose rules (cube-reference §7; docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

func.func @path(%a: memref<32x32xi8, #ascube.layout<Nz>>, %b: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{LoadDataWithTranspose moves L1 -> L0A/L0B, got GM -> L0B [load2dtranspose_c1]}}
  ascube.load_2d_transpose %a to %b : memref<32x32xi8, #ascube.layout<Nz>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// Int4 goes into L0B only.
func.func @int4_l0a(%a: memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadDataWithTranspose moves (u)int8, half, bf16, (u)int32, float, and int4 into L0B (V1); got 'i4' into L0A [load2dtranspose_c2]}}
  ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64} : memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @range(%a: memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{repeatTimes = 256 is outside [0, 255] [load2dtranspose_c3]}}
  ascube.load_2d_transpose %a to %b {repeatTimes = 256 : i64} : memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// Two squares of two fractals need four source fractals.
func.func @bounds(%a: memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{source access of 2048 elements at offset 0 reaches past the source buffer 'memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>', which holds 1024 elements [load2dtranspose_c4]}}
  ascube.load_2d_transpose %a to %b {repeatTimes = 2 : i64, dstGap = 1 : i64} : memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// b8 K = 48 rows: L1 fractals do not pair into 32-row squares.
func.func @derived(%a: memref<48x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<48x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{one LoadDataWithTranspose cannot move Nz 'memref<48x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>' into Zn 'memref<48x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>' square by square: give startIndex/repeatTimes/srcStride/dstGap/dstFracGap per run of squares [load2dtranspose_c5]}}
  ascube.load_2d_transpose %a to %b : memref<48x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<48x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

func.func @frac_gap_b16(%a: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{dstFracGap applies to b4/b8/b32 squares only (a b16 square is one fractal) [load2dtranspose_c6]}}
  ascube.load_2d_transpose %a to %b {dstFracGap = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// Neither form on 310P (V1: A2/A3, 310B, X90; V2: 950).
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @product(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{LoadDataWithTranspose is not available on atlas_inference [load2dtranspose_c7]}}
    ascube.load_2d_transpose %a to %b : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @src_frac_gap_v1(%a: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{srcFracGap is a field of the 950 form (LoadData2dTransposeParamsV2), not of atlas_a2's V1 [load2dtranspose_c7]}}
    ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64, srcFracGap = 1 : i64} : memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// The 950 form moves into L0B only, without int4, and repeats at least once.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @v2_l0a(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{the 950 form of LoadDataWithTranspose moves L1 -> L0B only, got L1 -> L0A [load2dtranspose_c1]}}
    ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @v2_int4(%a: memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x64xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{LoadDataWithTranspose moves (u)int8, half, bf16, (u)int32, float, and int4 into L0B (V1); got 'i4' into L0B (950 form) [load2dtranspose_c2]}}
    ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64} : memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// Without a target, srcFracGap names the 950 form: no int4 there either.
func.func @v2_int4_no_target(%a: memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x64xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{got 'i4' into L0B (950 form) [load2dtranspose_c2]}}
  ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64, srcFracGap = 0 : i64} : memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// (u)int16 and unsigned int4 are in no product's list.
func.func @int16(%a: memref<16x16xi16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xi16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{got 'i16' into L0B [load2dtranspose_c2]}}
  ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64} : memref<16x16xi16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xi16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

func.func @uint4(%a: memref<64x64xui4, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x64xui4, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{got 'ui4' into L0B [load2dtranspose_c2]}}
  ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64} : memref<64x64xui4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xui4, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @v2_repeat(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{repeatTimes = 0 is outside [1, 255] [load2dtranspose_c3]}}
    ascube.load_2d_transpose %a to %b {repeatTimes = 0 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @v2_b16_gap(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{srcFracGap applies to b4/b8/b32 squares only (a b16 square is one fractal) [load2dtranspose_c6]}}
    ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64, srcFracGap = 1 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// Accepted on 950: K x N int8 B into L0B Zn with the derived V2 parameters,
// and an f32 square pairing fractals one fractal column apart.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @v2_ok(%a: memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                   %f: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>, %g: memref<32x32xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    ascube.load_2d_transpose %a to %b : memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d_transpose %f to %g {repeatTimes = 2 : i64, srcStride = 4 : i64, srcFracGap = 1 : i64, dstGap = 0 : i64, dstFracGap = 1 : i64} : memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// The derived form is accepted where it reproduces the layout: a 64 x 32
// int8 B is one L1 column block of four fractals, i.e. two 32-row squares,
// which become Zn fractals (0, 0), (0, 1), (1, 0), (1, 1).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @ok(%a: memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    ascube.load_2d_transpose %a to %b : memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// b8 A given transposed: each 32 x 32 square's two L0A Zz fractals lie one
// fractal row apart, which the derived (contiguous) form cannot place.
!AT = memref<64x30xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
!A0 = memref<30x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
func.func @b8_transposed_a_derived(%s: !AT, %d: !A0) {
  // expected-error @+1 {{one LoadDataWithTranspose cannot move Nz 'memref<64x30xi8, #ascube.layout<Nz>, #ascube.mem<L1>>' into Zz 'memref<30x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>' square by square: give startIndex/repeatTimes/srcStride/dstGap/dstFracGap per run of squares [load2dtranspose_c5]}}
  ascube.load_2d_transpose %s to %d : !AT to !A0
  return
}

// -----

// b8 A given transposed, K = 32, M = 40: L0A Zz holds 3 fractals but the
// derived form moves whole squares of 2 (repeatTimes = 3 / 2 = 1), leaving
// rows 32..39 unwritten: refused.
!AT = memref<32x40xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
!A0 = memref<40x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
func.func @b8_transposed_a_partial(%s: !AT, %d: !A0) {
  // expected-error @+1 {{one LoadDataWithTranspose cannot move Nz 'memref<32x40xi8, #ascube.layout<Nz>, #ascube.mem<L1>>' into Zz 'memref<40x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>' square by square: give startIndex/repeatTimes/srcStride/dstGap/dstFracGap per run of squares [load2dtranspose_c5]}}
  ascube.load_2d_transpose %s to %d : !AT to !A0
  return
}

// -----

// b32, K = 8, M = 16: one L0A fractal, squares of 2: the derived form
// would move nothing (repeatTimes = 0): refused.
!AT = memref<8x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
!A0 = memref<16x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
func.func @b32_transposed_a_empty(%s: !AT, %d: !A0) {
  // expected-error @+1 {{one LoadDataWithTranspose cannot move Nz 'memref<8x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>' into Zz 'memref<16x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>' square by square: give startIndex/repeatTimes/srcStride/dstGap/dstFracGap per run of squares [load2dtranspose_c5]}}
  ascube.load_2d_transpose %s to %d : !AT to !A0
  return
}

// -----

// b32 squares pair fractals side by side (§7): a 32-row Nz source has its
// neighbours two fractals apart, not one.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @b32_adjacent(%a: memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{a b32 square pairs source fractals 1 apart, but side-by-side fractals of 'memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>' are 2 apart (§7: the V1 form pairs neighbours, so it takes a 32-bit Nz source of one 16-row fractal block): split the tile into 16-row pieces (e.g. K into 16-row tiles for an A held K x M), one instruction each [load2dtranspose_c8]}}
    ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64} : memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// A Zn source pairs stacked fractals: with two fractal columns its
// neighbours in K are two fractals apart (§7: Zn with Col == 16).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @b32_adjacent_zn(%a: memref<16x32xf32, #ascube.layout<Zn>, #ascube.mem<L1>>, %b: memref<32x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{a b32 square pairs source fractals 1 apart, but stacked fractals of 'memref<16x32xf32, #ascube.layout<Zn>, #ascube.mem<L1>>' are 2 apart (§7: the V1 form pairs neighbours, so it takes a 32-bit Zn source of one 16-column fractal block): split the tile into 16-column pieces, one instruction each [load2dtranspose_c8]}}
    ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64} : memref<16x32xf32, #ascube.layout<Zn>, #ascube.mem<L1>> to memref<32x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// Repeat 1's first fractal lands on repeat 0's second (dstGap = 0 for b8).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @overlap(%a: memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{destination fractal 1 is written twice; transposed fractals must not overlap (§7) [load2dtranspose_c9]}}
    ascube.load_2d_transpose %a to %b {repeatTimes = 2 : i64, dstGap = 0 : i64} : memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// The 950 form pairs b32 fractals srcFracGap + 1 apart: a 32-row Nz source
// needs srcFracGap = 1.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @b32_adjacent_v2(%a: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{a b32 square pairs source fractals 1 apart, but side-by-side fractals of 'memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>' are 2 apart (§7): give srcFracGap = 1 [load2dtranspose_c8]}}
    ascube.load_2d_transpose %a to %b {repeatTimes = 1 : i64} : memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}
