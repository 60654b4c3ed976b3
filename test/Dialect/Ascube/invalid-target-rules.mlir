// Product-dependent rules: instruction availability, dtype rows, switches
// and alignment (cube-reference §1-§16, docs/Products.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @alloc_align() {
    // expected-error @+1 {{'ascube.alloc' op offset = 256 B in L0A is not a multiple of 512 B on atlas_a2 [alignment_c1]}}
    %a = ascube.alloc offset 256 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// An L0A destination starts at a 512 B boundary (§4): element offset 128
// of f16 is byte 256.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @load_align() {
    %a1 = ascube.alloc offset 0 : memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{'ascube.load_2d' op destination address 256 B in L0A is not a multiple of 512 B [alignment_c2]}}
    ascube.load_2d %a1 to %a0[%c128] {repeatTimes = 1 : i64}
        : memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// The Mmad destination in L0C is 1024 B aligned (§13.1).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @mmad_align() {
    %a = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c = ascube.alloc offset 512 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    // expected-error @+1 {{'ascube.mmad' op C address 512 B in L0C is not a multiple of 1024 B [alignment_c2]}}
    ascube.mmad %a, %b to %c : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}

// -----

// 310B has no ND2NZ (§5).
module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
  func.func @no_nd2nz(%a: memref<16x16xf16>, %b: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    // expected-error @+1 {{'ascube.data_copy' op atlas_200i_500_a2 has no DataCopy ND2NZ [datacopy_c6]}}
    ascube.data_copy %a to %b : memref<16x16xf16> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}

// -----

// DN2NZ is 950 only.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @no_dn2nz(%a: memref<16x16xf16, #ascube.layout<DN>>, %b: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    // expected-error @+1 {{'ascube.data_copy' op atlas_a2 has no DataCopy DN2NZ (950 only) [datacopy_c6]}}
    ascube.data_copy %a to %b : memref<16x16xf16, #ascube.layout<DN>> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}

// -----

// The bias copy converts bf16 -> f32 on 950 only (§16).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @bias_bf16(%a: memref<16xbf16, #ascube.mem<L1>>, %b: memref<16xf32, #ascube.mem<BT>>) {
    // expected-error @+1 {{'ascube.data_copy' op bf16 bias copies exist on 950 only, not on atlas_a2 [datacopy_c6]}}
    ascube.data_copy %a to %b : memref<16xbf16, #ascube.mem<L1>> to memref<16xf32, #ascube.mem<BT>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @bias_bf16_950(%a: memref<16xbf16, #ascube.mem<L1>>, %b: memref<16xf32, #ascube.mem<BT>>) {
    ascube.data_copy %a to %b : memref<16xbf16, #ascube.mem<L1>> to memref<16xf32, #ascube.mem<BT>>
    return
  }
}

// -----

// 310P's ND2NZ moves 16/32-bit data only.
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @nd2nz_type(%a: memref<16x32xi8>, %b: memref<16x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    // expected-error @+1 {{'ascube.data_copy' op nd2nz of 'i8' is not available on atlas_inference [datacopy_c6]}}
    ascube.data_copy %a to %b : memref<16x32xi8> to memref<16x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}

// -----

// 950 removed GM -> L0A/L0B (§1).
module attributes {ascube.target = #ascube.target<ascend950dt>} {
  func.func @no_gm_to_l0(%g: memref<16x16xf16, #ascube.layout<Nz>>, %a: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{'ascube.load_2d' op LoadData 2D from GM is not available on ascend950dt (950: L1 -> L0A/L0B only) [load2d_c9]}}
    ascube.load_2d %g to %a : memref<16x16xf16, #ascube.layout<Nz>> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// Kirin 9030's LoadData 2D moves half only (§6).
module attributes {ascube.target = #ascube.target<kirin_9030>} {
  func.func @load_type(%a: memref<16x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{'ascube.load_2d' op LoadData 2D of 'i8' is not available on kirin_9030 [load2d_c8]}}
    ascube.load_2d %a to %b : memref<16x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// Int4 Mmad has no bias row on Atlas A2.
!A = memref<16x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<64x16xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @int4_a2_ok(%a: !A, %b: !B, %c: !C) {
    ascube.mmad %a, %b to %c : !A, !B to !C
    return
  }
}

// -----

// fp8 Mmad exists on 950 only.
!A = memref<16x32xf8E4M3FN, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<32x16xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a3>} {
  func.func @fp8_a3(%a: !A, %b: !B, %c: !C) {
    // expected-error @+1 {{'ascube.mmad' op 'f8E4M3FN' x 'f8E4M3FN' -> 'f32' is not an Mmad row on atlas_a3 [mmad_c11]}}
    ascube.mmad %a, %b to %c : !A, !B to !C
    return
  }
}

// -----

// 310P has no bias overload.
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @bias_310p(%a: !A, %b: !B, %c: !C, %bias: memref<16xf32, #ascube.mem<L0C>>) {
    // expected-error @+1 {{'ascube.mmad' op 'f16' x 'f16' -> 'f32' with a f32 bias is not an Mmad row on atlas_inference [mmad_c11]}}
    ascube.mmad %a, %b to %c bias %bias : memref<16xf32, #ascube.mem<L0C>> : !A, !B to !C
    return
  }
}

// -----

// disableGemv is 950 only.
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<1x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @disable_gemv(%a: !A, %b: !B, %c: !C) {
    // expected-error @+1 {{'ascube.mmad' op disableGemv exists on 950 only, not on atlas_a2 [mmad_c12]}}
    ascube.mmad %a, %b to %c {m = 1 : i64, disableGemv = true} : !A, !B to !C
    return
  }
}

// -----

// kDirectionAlign = true only on A2/A3 and Kirin.
!A = memref<16x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf32, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @k_align(%a: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0A>>, %b: !B, %c: !C) {
    // expected-error @+1 {{'ascube.mmad' op kDirectionAlign = true is not available on ascend950pr [mmad_c12]}}
    ascube.mmad %a, %b to %c {k = 8 : i64, kDirectionAlign = true} : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0A>>, !B to !C
    return
  }
}

// -----

// 910A has no Fixpipe.
module attributes {ascube.target = #ascube.target<atlas_training>} {
  func.func @no_fixpipe(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %d: memref<16x16xf32>) {
    // expected-error @+1 {{'ascube.fixpipe' op atlas_training has no Fixpipe [fixpipe_c9]}}
    ascube.fixpipe %c to %d : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf32>
    return
  }
}

// -----

// A2/A3 Fixpipe to L1 has no f32 -> f32 (§16).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @fixpipe_row(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>,
                         %d: memref<16x16xf32, #ascube.layout<Nz, fractal = [16, 16]>, #ascube.mem<L1>>) {
    // expected-error @+1 {{'ascube.fixpipe' op Fixpipe 'f32' -> 'f32' to L1 is not available on atlas_a2 [fixpipe_c9]}}
    ascube.fixpipe %c to %d : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf32, #ascube.layout<Nz, fractal = [16, 16]>, #ascube.mem<L1>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @no_nz2dn(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %d: memref<16x16xf32, #ascube.layout<DN>>) {
    // expected-error @+1 {{'ascube.fixpipe' op nz2dn exists on 950 only, not on atlas_a2 [fixpipe_c10]}}
    ascube.fixpipe %c to %d : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf32, #ascube.layout<DN>>
    return
  }
}
