// ascube.load_2d rules (cube-reference §6; docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

func.func @path(%a: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, %b: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{LoadData 2D moves GM -> L1/L0A/L0B or L1 -> L0A/L0B, got L0A -> L1 [load2d_c1]}}
  ascube.load_2d %a to %b : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L1>>
  return
}

// -----

func.func @types(%a: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{source and destination element types differ ('f16' vs 'bf16') [load2d_c2]}}
  ascube.load_2d %a to %b : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// int4 only moves L1 -> L0.
func.func @int4_from_gm(%a: memref<16x64xi4, #ascube.layout<Nz>>, %b: memref<16x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{element type 'i4' is not a LoadData 2D type on this path [load2d_c2]}}
  ascube.load_2d %a to %b : memref<16x64xi4, #ascube.layout<Nz>> to memref<16x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// int4 is signed (int4b_t); no product lists an unsigned int4.
func.func @uint4(%a: memref<16x64xui4, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x64xui4, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{element type 'ui4' is not a LoadData 2D type on this path [load2d_c2]}}
  ascube.load_2d %a to %b : memref<16x64xui4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x64xui4, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// RepeatTimes is 8 bits.
func.func @c05_repeat(%a: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{repeatTimes = 256 is outside [0, 255] [load2d_c3]}}
  ascube.load_2d %a to %b {repeatTimes = 256 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// StartIndex and srcStride are 16 bits.
func.func @c05_start(%a: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{startIndex = 65536 is outside [0, 65535] [load2d_c3]}}
  ascube.load_2d %a to %b {startIndex = 65536 : i64, repeatTimes = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @c05_stride(%a: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{srcStride = 65536 is outside [0, 65535] [load2d_c3]}}
  ascube.load_2d %a to %b {srcStride = 65536 : i64, repeatTimes = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @sid(%a: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{sid = 1 is outside [0, 0] [load2d_c3]}}
  ascube.load_2d %a to %b {sid = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// ifTranspose transposes 16-bit fractals only.
func.func @transpose_b32(%a: memref<16x8xf32, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<8x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{ifTranspose needs 16-bit data on L1 -> L0A/L0B, got 'f32' on L1 -> L0B [load2d_c4]}}
  ascube.load_2d %a to %b {repeatTimes = 1 : i64, ifTranspose = true} : memref<16x8xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<8x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

func.func @bounds(%a: memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // Fractals 0 and 3 of a 2-fractal source.
  // expected-error @+1 {{source access of 1024 elements at offset 0 reaches past the source buffer 'memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>', which holds 512 elements [load2d_c5]}}
  ascube.load_2d %a to %b {repeatTimes = 2 : i64, srcStride = 3 : i64} : memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @dynamic_offset_ok(%a: memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, %o: index) {
  // A dynamic offset is not checked statically (and never crashes).
  ascube.load_2d %a[%o] to %b[%o] {repeatTimes = 1 : i64} : memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @addr_mode_below_zero(%a: memref<16x32xf16, #ascube.layout<Nz>>, %b: memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{addrMode = 1 steps below fractal 0 (startIndex 0, 2 repeats of 1) [load2d_c5]}}
  ascube.load_2d %a to %b {repeatTimes = 2 : i64, addrMode = 1 : i64} : memref<16x32xf16, #ascube.layout<Nz>> to memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// Nz with two fractal rows is not Zz's fractal order: one instruction per row.
func.func @derived_order(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{one LoadData 2D cannot move Nz into Zz here: give startIndex/repeatTimes/srcStride per fractal row (or column) [load2d_c6]}}
  ascube.load_2d %a to %b : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// addrMode is honoured on GM -> L1 only (§6): elsewhere it is ignored, so
// this decrementing load from L1 is accepted and moves fractal 0.
func.func @addr_mode_ignored(%a: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  ascube.load_2d %a to %b {addrMode = 1 : i64} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @huge_static_offset(%a: memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  %big = arith.constant 9223372036854775807 : index
  // expected-error @+1 {{destination access of 256 elements at offset 9223372036854775807 reaches past the destination buffer}}
  ascube.load_2d %a to %b[%big] {repeatTimes = 1 : i64} : memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// A given transposed (40 x 30 = K x M in L1 Nz) fills a 30 x 40 L0A Zz only
// with ifTranspose: without it each fractal would land untransposed.
!AT = memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!A0 = memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
func.func @transposed_view_needs_transpose(%s: !AT, %d: !A0) {
  // expected-error @+1 {{one LoadData 2D cannot move Nz into Zz here: give startIndex/repeatTimes/srcStride per fractal row (or column) [load2d_c6]}}
  ascube.load_2d %s to %d : !AT to !A0
  return
}

// -----

// The same move with ifTranspose is one derived LoadData 2D.
!AT = memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!A0 = memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
func.func @transposed_view(%s: !AT, %d: !A0) {
  ascube.load_2d %s to %d {ifTranspose = true} : !AT to !A0
  return
}

// -----

// LoadData 2D moves (and ifTranspose transposes) physical 16 x 16 blocks of
// b16: explicit 8 x 32 fractals are refused.
!S = memref<8x5xf16, #ascube.layout<Nz, fractal = [8, 32]>, #ascube.mem<L1>>
!D = memref<5x8xf16, #ascube.layout<Zz, fractal = [8, 32]>, #ascube.mem<L0A>>
func.func @transpose_needs_16x16(%s: !S, %d: !D) {
  // expected-error @+1 {{source 'memref<8x5xf16, #ascube.layout<Nz, fractal = [8, 32]>, #ascube.mem<L1>>' has 8x32 fractals, but the instruction moves Nz fractals of 16x16 16-bit elements (512 B); drop `fractal = [...]` from the layout [fractal_c1]}}
  ascube.load_2d %s to %d {ifTranspose = true} : !S to !D
  return
}
