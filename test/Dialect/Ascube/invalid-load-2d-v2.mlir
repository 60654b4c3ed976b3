// ascube.load_2d_v2 rules (cube-reference §8; docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

func.func @path(%a: memref<32x32xf16, #ascube.layout<Nz>>, %b: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadData 2D-v2 moves L1 -> L0A/L0B, got GM -> L0A [load2dv2_c1]}}
  ascube.load_2d_v2 %a to %b : memref<32x32xf16, #ascube.layout<Nz>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @dtype(%a: memref<16x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x64xi4, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadData 2D-v2 of 'i4' is not available [load2dv2_c2]}}
  ascube.load_2d_v2 %a to %b : memref<16x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x64xi4, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}

// -----

// §8 lists no 16-bit integers.
func.func @dtype_int16(%a: memref<16x16xi16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xi16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadData 2D-v2 of 'i16' is not available [load2dv2_c2]}}
  ascube.load_2d_v2 %a to %b : memref<16x16xi16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xi16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @range(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{mStep = 256 is outside [0, 255] [load2dv2_c3]}}
  ascube.load_2d_v2 %a to %b {mStep = 256 : i64, kStep = 1 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @bounds(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  // Source fractals up to 2 * 3 + 1 = 7 of a 4-fractal buffer.
  // expected-error @+1 {{source access of 2048 elements at offset 0 reaches past the source buffer 'memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>', which holds 1024 elements [load2dv2_c4]}}
  ascube.load_2d_v2 %a to %b {mStep = 2 : i64, kStep = 2 : i64, srcStride = 6 : i64, dstStride = 2 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}

// -----

// Nz into Zn without transpose: the derived copy does not reproduce Zn (a
// square 32 x 32 destination is never read as the source's transpose).
func.func @derived(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{one LoadData 2D-v2 with derived parameters cannot move 'memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>' into 'memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>': give mStep/kStep/srcStride/dstStride [load2dv2_c5]}}
  ascube.load_2d_v2 %a to %b : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// b8 transposes squares of two fractals down M: mStep must be even.
func.func @transpose_m(%a: memref<48x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<48x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{a transposing LoadData 2D-v2 of 'i8' needs mStep % 2 == 0, got mStep = 3 [load2dv2_c6]}}
  ascube.load_2d_v2 %a to %b {ifTranspose = true} : memref<48x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<48x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// b32 transposes squares of two fractals along K: kStep must be even.
func.func @transpose_k(%a: memref<16x8xf32, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x8xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{a transposing LoadData 2D-v2 of 'f32' needs an even kStep, got kStep = 1 [load2dv2_c6]}}
  ascube.load_2d_v2 %a to %b {ifTranspose = true} : memref<16x8xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x8xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @product(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{LoadData 2D-v2 is not available on atlas_a2 (950 only) [load2dv2_c7]}}
    ascube.load_2d_v2 %a to %b : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// Accepted on 950: Nz -> Nz into L0A, and K x N B with transpose into Zn.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @ok(%a: memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>,
                %b: memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b0: memref<64x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    ascube.load_2d_v2 %a to %a0 : memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
    ascube.load_2d_v2 %b to %b0 {ifTranspose = true} : memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// L0A on 950 is Nz: a Zz source or destination is not a 2D-v2 move.
func.func @formats(%a: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadData 2D-v2 moves Nz/Zn L1 fractals into Nz in L0A, got Zz -> Zz [load2dv2_c8]}}
  ascube.load_2d_v2 %a to %b {mStep = 2 : i64, kStep = 2 : i64} : memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
