// ascube.mmad rules (cube-reference §13; docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

!A = memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @levels(%a: memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L1>>, %b: !B, %c: !C) {
  // expected-error @+1 {{reads A from L0A and B from L0B and writes C in L0C, got L1, L0B, L0C [mmad_c1]}}
  ascube.mmad %a, %b to %c : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L1>>, !B to !C
  return
}

// -----

!A = memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<70x40xbf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @dtypes(%a: !A, %b: !B, %c: !C) {
  // expected-error @+1 {{'f16' x 'bf16' -> 'f32' is not an Mmad dtype combination [mmad_c2]}}
  ascube.mmad %a, %b to %c : !A, !B to !C
  return
}

// -----

!A = memref<16x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<64x16xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// Int4 has no bias row.
func.func @int4_bias(%a: !A, %b: !B, %c: !C, %bias: memref<16xi32, #ascube.mem<BT>>) {
  // expected-error @+1 {{bias of 'i32' with 'i4' x 'i4' -> 'i32' is not an Mmad bias combination (bias has the C type; int4 has none) [mmad_c3]}}
  ascube.mmad %a, %b to %c bias %bias : memref<16xi32, #ascube.mem<BT>> : !A, !B to !C
  return
}

// -----

!A = memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @bias_level(%a: !A, %b: !B, %c: !C, %bias: memref<16xi32, #ascube.mem<L1>>) {
  // expected-error @+1 {{bias lives in BT or L0C, got L1 [mmad_c3]}}
  ascube.mmad %a, %b to %c bias %bias : memref<16xi32, #ascube.mem<L1>> : !A, !B to !C
  return
}

// -----

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @mnk_range(%a: !A, %b: !B, %c: !C) {
  // expected-error @+1 {{k = 4096 is outside [0, 4095] [mmad_c4]}}
  ascube.mmad %a, %b to %c {k = 4096 : i64} : !A, !B to !C
  return
}

// -----

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// UnitFlag 1 is invalid.
func.func @unit_flag(%a: !A, %b: !B, %c: !C) {
  // expected-error @+1 {{unitFlag = 1 must be 0, 2 or 3 [mmad_c5]}}
  ascube.mmad %a, %b to %c {unitFlag = 1 : i64} : !A, !B to !C
  return
}

// -----

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @source_without_bias(%a: !A, %b: !B, %c: !C) {
  // expected-error @+1 {{cmatrixSource = true reads a bias: give the bias operand [mmad_c6]}}
  ascube.mmad %a, %b to %c {cmatrixInitVal = false, cmatrixSource = true} : !A, !B to !C
  return
}

// -----

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @bias_with_init(%a: !A, %b: !B, %c: !C, %bias: memref<16xf32, #ascube.mem<BT>>) {
  // expected-error @+1 {{a bias initializes C: cmatrixInitVal must be false with a bias [mmad_c6]}}
  ascube.mmad %a, %b to %c bias %bias : memref<16xf32, #ascube.mem<BT>> {cmatrixInitVal = true} : !A, !B to !C
  return
}

// -----

!A = memref<1x256xf16, #ascube.mem<L0A>>
!B = memref<512x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<1x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @gemv_short_a(%a: !A, %b: !B, %c: !C) {
  // expected-error @+1 {{GEMV reads k = 512 contiguous A elements but A holds 256 [mmad_c7]}}
  ascube.mmad %a, %b to %c {k = 512 : i64} : !A, !B to !C
  return
}

// -----

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @short_bias(%a: !A, %b: !B, %c: !C, %bias: memref<16xf32, #ascube.mem<BT>>) {
  // expected-error @+1 {{bias holds 16 elements but n = 32 [mmad_c7]}}
  ascube.mmad %a, %b to %c bias %bias : memref<16xf32, #ascube.mem<BT>> : !A, !B to !C
  return
}

// -----

// On A2/A3 L0A is Zz (cube-reference §2).
!A = memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
!B = memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @a_layout(%a: !A, %b: !B, %c: !C) {
    // expected-error @+1 {{A must be Zz with 16x16 fractals here, got 'memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>' [mmad_c8]}}
    ascube.mmad %a, %b to %c : !A, !B to !C
    return
  }
}

// -----

// The instruction's k = 40 addresses 3 fractals per A row; the buffer has 5.
!A = memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @a_grid(%a: !A, %b: !B, %c: !C) {
  // expected-error @+1 {{A buffer 'memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>' is padded to 32x80 but m = 30, k = 40 address a 32x48 fractal grid [mmad_c8]}}
  ascube.mmad %a, %b to %c {k = 40 : i64} : !A, !B to !C
  return
}

// -----

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @k_align(%a: !A, %b: !B, %c: !C) {
  // expected-error @+1 {{kDirectionAlign applies to f32 only, got 'f16' [mmad_c9]}}
  ascube.mmad %a, %b to %c {kDirectionAlign = true} : !A, !B to !C
  return
}

// -----

!A = memref<16x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<64x16xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @int4_odd_k(%a: !A, %b: !B, %c: !C) {
  // expected-error @+1 {{int4 Mmad needs an even k, got k = 63 [mmad_c10]}}
  ascube.mmad %a, %b to %c {k = 63 : i64} : !A, !B to !C
  return
}

// -----

// GEMV reads A as k contiguous elements; a Zz A with k > C0 is not.
!A = memref<1x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<1x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @gemv_zz(%a: !A, %b: !B, %c: !C) {
  // expected-error @+1 {{GEMV (m = 1) reads A as k = 32 contiguous elements, but 'memref<1x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>' stores A(0, 16) at element 256; give A an ND layout (or disableGemv on 950) [mmad_c8]}}
  ascube.mmad %a, %b to %c : !A, !B to !C
  return
}

// -----

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @bias_align(%a: !A, %b: !B, %c: !C) {
  %bias = ascube.alloc offset 32 : memref<16xf32, #ascube.mem<BT>>
  // expected-error @+1 {{bias address 32 B in BT is not a multiple of 64 B [alignment_c2]}}
  ascube.mmad %a, %b to %c bias %bias : memref<16xf32, #ascube.mem<BT>> : !A, !B to !C
  return
}

// -----

// HF32 mode rounds f32 operands only.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @hf32_f16(%a: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                      %b: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                      %c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    // expected-error @+1 {{hf32 rounds f32 operands, but A x B is 'f16' x 'f16' [mmad_c13]}}
    ascube.mmad %a, %b to %c {hf32 = #ascube.hf32<nearest_even>} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}

// -----

// The HF32 mantissa width is the product's.
func.func @hf32_no_target(%a: memref<16x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                          %b: memref<8x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                          %c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{hf32 needs the module's target product: the HF32 mantissa is 10 bits on 950, 11 on A2/A3/310B [mmad_c13]}}
  ascube.mmad %a, %b to %c {hf32 = #ascube.hf32<nearest_away>} : memref<16x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>,
      memref<8x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

// HF32 exists where f32 x f32 does (A2/A3, 950, 310B): not on 310P.
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @hf32_310p(%a: memref<16x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                       %b: memref<8x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                       %c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    // expected-error @+1 {{'f32' x 'f32' -> 'f32' is not an Mmad row on atlas_inference [mmad_c11]}}
    ascube.mmad %a, %b to %c {hf32 = #ascube.hf32<nearest_even>} : memref<16x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<8x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}
