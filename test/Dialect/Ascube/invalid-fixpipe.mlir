// ascube.fixpipe rules (cube-reference §16; docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @levels(%c: !C, %d: memref<16x16xf32, #ascube.mem<L0A>>) {
  // expected-error @+1 {{moves L0C -> GM, L1 or UB, got L0C -> L0A [fixpipe_c1]}}
  ascube.fixpipe %c to %d : !C to memref<16x16xf32, #ascube.mem<L0A>>
  return
}

// -----

func.func @src_layout(%c: memref<16x16xf32, #ascube.layout<Zz>, #ascube.mem<L0C>>, %d: memref<16x16xf32>) {
  // expected-error @+1 {{reads L0C as Nz with 16x16 fractals, got 'memref<16x16xf32, #ascube.layout<Zz>, #ascube.mem<L0C>>' [fixpipe_c1]}}
  ascube.fixpipe %c to %d : memref<16x16xf32, #ascube.layout<Zz>, #ascube.mem<L0C>> to memref<16x16xf32>
  return
}

// -----

// The mode follows the destination's layout; a Zz destination has none.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @zz_dst(%c: !C, %d: memref<16x16xf32, #ascube.layout<Zz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{nz2nd writes ND, but the destination is Zz (the mode follows the destination's layout: nz2nd ND, nz2nz Nz, nz2dn DN; no mode writes another) [fixpipe_c2]}}
  ascube.fixpipe %c to %d : !C to memref<16x16xf32, #ascube.layout<Zz>, #ascube.mem<L1>>
  return
}

// -----

!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @mode(%c: !C, %d: memref<16x16xf32>) {
  // expected-error @+1 {{nz2nz writes Nz, but the destination is ND [fixpipe_c2]}}
  ascube.fixpipe %c to %d {mode = #ascube.fixpipe_mode<nz2nz>} : !C to memref<16x16xf32>
  return
}

// -----

!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @no_mode(%c: !C, %d: memref<16x16xi32>) {
  // expected-error @+1 {{no quantization mode turns 'f32' into 'i32' [fixpipe_c3]}}
  ascube.fixpipe %c to %d : !C to memref<16x16xi32>
  return
}

// -----

!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @mode_types(%c: !C, %d: memref<16x16xf16>) {
  // expected-error @+1 {{F322F16 does not turn 'i32' into 'f16' [fixpipe_c3]}}
  ascube.fixpipe %c to %d {quantPre = #ascube.quant<F322F16>} : !C to memref<16x16xf16>
  return
}

// -----

!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @needs_scalar(%c: !C, %d: memref<16x16xi8>) {
  // expected-error @+1 {{REQ8 needs deqScalar [fixpipe_c4]}}
  ascube.fixpipe %c to %d : !C to memref<16x16xi8>
  return
}

// -----

!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @needs_vector(%c: !C, %d: memref<16x16xi8>) {
  // expected-error @+1 {{VREQ8 needs quant_vector operand [fixpipe_c4]}}
  ascube.fixpipe %c to %d {quantPre = #ascube.quant<VREQ8>} : !C to memref<16x16xi8>
  return
}

// -----

// Bit 46 of the QUANT_PRE word selects s8 (1) or u8 (0) output: an si8
// destination needs 1 (a signless i8 one takes either).
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @sign_bit(%c: !C, %d: memref<16x16xsi8>) {
  // expected-error @+1 {{deqScalar bit 46 selects u8 output but the destination is 'si8' [fixpipe_c4]}}
  ascube.fixpipe %c to %d {deqScalar = 1065353216 : i64} : !C to memref<16x16xsi8>
  return
}

// -----

!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @vector_type(%c: !C, %d: memref<16x16xi8>, %v: memref<8xi64, #ascube.mem<L1>>) {
  // expected-error @+1 {{quant_vector is one 64-bit word per output column (16) in L1 or FB, got 'memref<8xi64, #ascube.mem<L1>>' [fixpipe_c4]}}
  ascube.fixpipe %c to %d quant_vector %v : memref<8xi64, #ascube.mem<L1>> : !C to memref<16x16xi8>
  return
}

// -----

!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @range(%c: !C, %d: memref<16x16xf32>) {
  // expected-error @+1 {{nSize = 4096 is outside [0, 4095] [fixpipe_c5]}}
  ascube.fixpipe %c to %d {nSize = 4096 : i64} : !C to memref<16x16xf32>
  return
}

// -----

!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!D = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
func.func @nz2nz_n(%c: !C, %d: !D) {
  // expected-error @+1 {{nz2nz moves whole 16-column fractals: nSize = 20 is not a multiple of 16 [fixpipe_c6]}}
  ascube.fixpipe %c to %d {nSize = 20 : i64} : !C to !D
  return
}

// -----

!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @unit_flag(%c: !C, %d: memref<16x16xf32>) {
  // expected-error @+1 {{unitFlag = 1 must be 0, 2 or 3 [fixpipe_c7]}}
  ascube.fixpipe %c to %d {unitFlag = 1 : i64} : !C to memref<16x16xf32>
  return
}

// -----

!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @bounds(%c: !C, %d: memref<16x16xf32>) {
  // 16 rows with a 20-element row pitch reach 15 * 20 + 16 = 316 > 256.
  // expected-error @+1 {{destination access of 316 elements at offset 0 reaches past the destination buffer 'memref<16x16xf32>', which holds 256 elements [fixpipe_c8]}}
  ascube.fixpipe %c to %d {dstStride = 20 : i64} : !C to memref<16x16xf32>
  return
}

// -----

// 8-bit NZ2NZ channel-merges two 16x16 fractals into one 16x32: the
// destination's fractal must be 16x32.
!C = memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @nz2nz_b8(%c: !C, %d: memref<16x32xi8, #ascube.layout<Nz, fractal = [16, 16]>, #ascube.mem<L1>>) {
  // expected-error @+1 {{nz2nz of 'i8' writes 16x32 fractals (channel merge), but the destination's fractal is 16x16 [fixpipe_c6]}}
  ascube.fixpipe %c to %d {deqScalar = 70782050893824 : i64} : !C to memref<16x32xi8, #ascube.layout<Nz, fractal = [16, 16]>, #ascube.mem<L1>>
  return
}

// -----

// N = 48: three 16-column blocks, the last left unmerged (16-byte rows),
// which no Nz layout describes.
!C = memref<16x48xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @nz2nz_b8_odd(%c: !C, %d: memref<16x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{nz2nz moves whole 16-column fractals, merged in pairs into 16x32 for an 8-bit output (an odd count leaves the last unmerged, which no Nz layout describes): nSize = 48 is not a multiple of 32 [fixpipe_c6]}}
  ascube.fixpipe %c to %d {deqScalar = 70782050893824 : i64, nSize = 48 : i64} : !C to memref<16x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// f32 NZ in 16x8 fractals is the channel split, which moves f32 to GM only.
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @split_l1(%c: !C, %d: memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{isChannelSplit splits an f32 -> f32 nz2nz move to GM without unitFlag, got nz2nz 'f32' -> 'f32' to L1, unitFlag = 0 (derived from the destination's 16x8 fractal; a plain f32 nz2nz writes fractal = [16, 16]) [fixpipe_c18]}}
  ascube.fixpipe %c to %d : !C to memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @split_unit_flag(%c: !C, %d: memref<16x32xf32, #ascube.layout<Nz>>) {
  // expected-error @+1 {{isChannelSplit splits an f32 -> f32 nz2nz move to GM without unitFlag, got nz2nz 'f32' -> 'f32' to GM, unitFlag = 3 (derived from the destination's 16x8 fractal; a plain f32 nz2nz writes fractal = [16, 16]) [fixpipe_c18]}}
  ascube.fixpipe %c to %d {unitFlag = 3 : i64} : !C to memref<16x32xf32, #ascube.layout<Nz>>
  return
}

// -----

!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @split_n(%c: !C, %d: memref<16x32xf32, #ascube.layout<Nz>>) {
  // expected-error @+1 {{isChannelSplit moves whole 8-column fractals: nSize = 20 is not a multiple of 8 [fixpipe_c18]}}
  ascube.fixpipe %c to %d {nSize = 20 : i64} : !C to memref<16x32xf32, #ascube.layout<Nz>>
  return
}

// -----

// isChannelSplit given, but the destination keeps 16x16 fractals.
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @split_fractal(%c: !C, %d: memref<16x32xf32, #ascube.layout<Nz, fractal = [16, 16]>>) {
  // expected-error @+1 {{nz2nz of 'f32' writes 16x8 fractals (channel split), but the destination's fractal is 16x16 [fixpipe_c6]}}
  ascube.fixpipe %c to %d {isChannelSplit = true} : !C to memref<16x32xf32, #ascube.layout<Nz, fractal = [16, 16]>>
  return
}

// -----

!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!D = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
func.func @nz2nz_zero_stride(%c: !C, %d: !D) {
  // expected-error @+1 {{nz2nz needs dstStride != 0 [fixpipe_c5]}}
  ascube.fixpipe %c to %d {dstStride = 0 : i64} : !C to !D
  return
}

// -----

!C = memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @nd_stride(%c: !C, %d: memref<2x16x16xf32>) {
  // expected-error @+1 {{srcNdStride must be in [1, 512] with ndNum = 2 [fixpipe_c5]}}
  ascube.fixpipe %c to %d {mode = #ascube.fixpipe_mode<nz2nd>, mSize = 16 : i64, nSize = 16 : i64, ndNum = 2 : i64, dstNdStride = 256 : i64, dstStride = 16 : i64} : !C to memref<2x16x16xf32>
  return
}

// -----

// §4: a Fixpipe writing Nz (or DN) to GM needs a 32 B aligned destination;
// GM offsets count from the start of the GM buffer. 8 f16 elements = 16 B.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!D = memref<32x16xf16, #ascube.layout<Nz>>
func.func @gm_nz_align(%c: !C, %d: !D) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{destination offset 16 B from the start of the GM buffer is not a multiple of 32 B [alignment_c2]}}
  ascube.fixpipe %c to %d[%c8] : !C to !D
  return
}

// -----

// The same offset is legal for an ND destination in GM (1 B alignment) and
// 16 f16 elements (32 B) are legal for Nz.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!D = memref<32x16xf16, #ascube.layout<Nz>>
func.func @gm_align_ok(%c: !C, %d: !D, %e: memref<32x16xf16>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  ascube.fixpipe %c to %e[%c8] {nSize = 8 : i64} : !C to memref<32x16xf16>
  ascube.fixpipe %c to %d[%c16] : !C to !D
  return
}

// -----

// FixpipeParamsArch3510 (950 only) and its Nz2DnParams.
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @arch3510_a2(%c: !C, %d: memref<16x32xf32>) {
    // expected-error @+1 {{FixpipeParamsArch3510 exists on 950 only, not on atlas_a2 [fixpipe_c11]}}
    ascube.fixpipe %c to %d {arch3510 = true} : !C to memref<16x32xf32>
    return
  }
}

// -----

!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @dn_params_v220(%c: !C, %d: memref<16x32xf32, #ascube.layout<DN>>) {
  // expected-error @+1 {{dnNum/srcNzMatrixStride/dstDnMatrixStride/srcNzC0Stride are Nz2DnParams: nz2dn with arch3510 only [fixpipe_c11]}}
  ascube.fixpipe %c to %d {dnNum = 1 : i64} : !C to memref<16x32xf32, #ascube.layout<DN>>
  return
}

// -----

!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @dn_v220_names(%c: !C, %d: memref<16x32xf32, #ascube.layout<DN>>) {
  // expected-error @+1 {{an Arch3510 nz2dn takes Nz2DnParams (dnNum, srcNzMatrixStride, dstDnMatrixStride, srcNzC0Stride), not ndNum/srcNdStride/dstNdStride/srcStride [fixpipe_c11]}}
  ascube.fixpipe %c to %d {arch3510 = true, ndNum = 1 : i64} : !C to memref<16x32xf32, #ascube.layout<DN>>
  return
}

// -----

!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @dn_c0_stride(%c: !C, %d: memref<16x32xf32, #ascube.layout<DN>>) {
  // expected-error @+1 {{srcNzC0Stride must not be 0 [fixpipe_c11]}}
  ascube.fixpipe %c to %d {arch3510 = true, srcNzC0Stride = 0 : i64} : !C to memref<16x32xf32, #ascube.layout<DN>>
  return
}

// -----

// Nz2DnParams are reported under their own names.
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @dn_c0_stride_range(%c: !C, %d: memref<16x32xf32, #ascube.layout<DN>>) {
  // expected-error @+1 {{srcNzC0Stride = 70000 is outside [0, 65535] [fixpipe_c5]}}
  ascube.fixpipe %c to %d {arch3510 = true, srcNzC0Stride = 70000 : i64} : !C to memref<16x32xf32, #ascube.layout<DN>>
  return
}

// -----

// M1 = +inf (0x7f800000): scales must not be inf, NaN or denormal (§16).
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @scale_inf(%c: !C, %d: memref<16x16xf16>) {
  // expected-error @+1 {{deqScalar's scale M1 (bits 31:13, 0x7F800000) is inf [fixpipe_c12]}}
  ascube.fixpipe %c to %d {deqScalar = 2139095040 : i64} : !C to memref<16x16xf16>
  return
}

// -----

// V220 dstNdStride is 16-bit (Arch3510 widens it to 32).
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @nd_stride(%c: !C, %d: memref<16x16xf32>) {
  // expected-error @+1 {{dstNdStride = 70000 is outside [0, 65535] [fixpipe_c5]}}
  ascube.fixpipe %c to %d {dstNdStride = 70000 : i64} : !C to memref<16x16xf32>
  return
}

// -----

// The scaled float outputs are 950's.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @qf322f16_pre_a2(%c: !C, %d: memref<16x16xf16>) {
    // expected-error @+1 {{QF322F16_PRE exists on 950 only, not on atlas_a2 [fixpipe_c13]}}
    ascube.fixpipe %c to %d {quantPre = #ascube.quant<QF322F16_PRE>, deqScalar = 1048576000 : i64} : !C to memref<16x16xf16>
    return
  }
}

// -----

// The 8-bit float outputs are 950's too; the mode is derived from the types.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @fp8_a2(%c: !C, %d: memref<16x16xf8E4M3FN>) {
    // expected-error @+1 {{QF322FP8_PRE exists on 950 only, not on atlas_a2 [fixpipe_c13]}}
    ascube.fixpipe %c to %d {deqScalar = 1065353216 : i64} : !C to memref<16x16xf8E4M3FN>
    return
  }
}

// -----

!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @hybrid_to_fp8(%c: !C, %d: memref<16x16xf8E4M3FN>) {
  // expected-error @+1 {{QF322HIF8_PRE_HYBRID does not turn 'f32' into 'f8E4M3FN' [fixpipe_c3]}}
  ascube.fixpipe %c to %d {quantPre = #ascube.quant<QF322HIF8_PRE_HYBRID>, deqScalar = 1065353216 : i64} : !C to memref<16x16xf8E4M3FN>
  return
}

// -----

// HiF8 has no plain cast: the scale M1 is needed.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @hif8_no_scale(%c: !C, %d: memref<16x16x!ascube.hif8>) {
  // expected-error @+1 {{QF322HIF8_PRE needs deqScalar [fixpipe_c4]}}
  ascube.fixpipe %c to %d : !C to memref<16x16x!ascube.hif8>
  return
}

// -----

// ClipReLU's max is a positive finite f16 in bits 15:0.
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @clip_negative(%c: !C, %d: memref<16x16xf16>) {
  // expected-error @+1 {{clipReluMaxVal = 48128 must be a positive finite f16 in bits 15:0 [fixpipe_c14]}}
  ascube.fixpipe %c to %d {deqScalar = 1056964608 : i64, clipReluMaxVal = 48128 : i64} : !C to memref<16x16xf16>
  return
}

// -----

!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @clip_inf(%c: !C, %d: memref<16x16xf16>) {
  // expected-error @+1 {{clipReluMaxVal = 31744 must be a positive finite f16 in bits 15:0 [fixpipe_c14]}}
  ascube.fixpipe %c to %d {deqScalar = 1056964608 : i64, clipReluMaxVal = 31744 : i64} : !C to memref<16x16xf16>
  return
}

// -----

// ClipReLU follows a quantization.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @clip_noquant(%c: !C, %d: memref<16x16xf32>) {
  // expected-error @+1 {{ClipReLU follows the quantization of an L0C -> GM move: it needs a quantization mode and a GM destination [fixpipe_c14]}}
  ascube.fixpipe %c to %d {clipReluMaxVal = 15360 : i64} : !C to memref<16x16xf32>
  return
}

// -----

// ClipReLU is 310B's and Kirin's.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @clip_a2(%c: !C, %d: memref<16x16xf16>) {
    // expected-error @+1 {{ClipReLU exists on 310B and Kirin only, not on atlas_a2 [fixpipe_c15]}}
    ascube.fixpipe %c to %d {clipReluMaxVal = 15360 : i64} : !C to memref<16x16xf16>
    return
  }
}

// -----

// L0C -> UB is 950's and 310B's.
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @ub_a2(%c: !C, %d: memref<16x32xf32, #ascube.mem<UB>>) {
    // expected-error @+1 {{L0C -> UB exists on 950 and 310B only, not on atlas_a2 [fixpipe_c16]}}
    ascube.fixpipe %c to %d : !C to memref<16x32xf32, #ascube.mem<UB>>
    return
  }
}

// -----

// 950's L0C -> UB takes FixpipeParamsArch3510.
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @ub_v220(%c: !C, %d: memref<16x32xf32, #ascube.mem<UB>>) {
    // expected-error @+1 {{the L0C -> UB Fixpipe of ascend950pr takes FixpipeParamsArch3510: set arch3510 [fixpipe_c16]}}
    ascube.fixpipe %c to %d : !C to memref<16x32xf32, #ascube.mem<UB>>
    return
  }
}

// -----

// UB rows are whole 32 B blocks: 20 f16 elements are 40 B.
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
  func.func @ub_pitch(%c: !C, %d: memref<16x20xf16, #ascube.mem<UB>>) {
    // expected-error @+1 {{an L0C -> UB move needs a destination pitch of whole 32 B blocks, got 20 elements of 2 B [fixpipe_c16]}}
    ascube.fixpipe %c to %d {nSize = 16 : i64} : !C to memref<16x20xf16, #ascube.mem<UB>>
    return
  }
}

// -----

// 950 NZ2ND into UB: nSize x size a multiple of 32 B.
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @ub_nsize(%c: !C, %d: memref<16x32xf32, #ascube.mem<UB>>) {
    // expected-error @+1 {{nz2nd into UB needs nSize x 4 B a multiple of 32 B, got nSize = 20 on ascend950pr [fixpipe_c16]}}
    ascube.fixpipe %c to %d {arch3510 = true, nSize = 20 : i64} : !C to memref<16x32xf32, #ascube.mem<UB>>
    return
  }
}

// -----

// Dual destinations: both operands, the same type, no quantization.
!C = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @dual_missing(%c: !C, %d: memref<8x32xf32, #ascube.mem<UB>>) {
    // expected-error @+1 {{dualDstCtrl = 1 needs a second destination (`and`) [fixpipe_c17]}}
    ascube.fixpipe %c to %d {arch3510 = true, dualDstCtrl = 1 : i64} : !C to memref<8x32xf32, #ascube.mem<UB>>
    return
  }
  func.func @dual_quant(%c: !C, %d: memref<16x16xf16, #ascube.mem<UB>>, %e: memref<16x16xf16, #ascube.mem<UB>>) {
    // expected-error @+1 {{a dual move is nz2nz or nz2nd without quantization or ReLU [fixpipe_c17]}}
    ascube.fixpipe %c to %d and %e : memref<16x16xf16, #ascube.mem<UB>> {arch3510 = true, dualDstCtrl = 2 : i64} : !C to memref<16x16xf16, #ascube.mem<UB>>
    return
  }
  func.func @dual_odd(%c: !C, %d: memref<8x32xf32, #ascube.mem<UB>>, %e: memref<8x32xf32, #ascube.mem<UB>>) {
    // expected-error @+1 {{splitting M in halves needs an even mSize, got 15 [fixpipe_c17]}}
    ascube.fixpipe %c to %d and %e : memref<8x32xf32, #ascube.mem<UB>> {arch3510 = true, dualDstCtrl = 1 : i64, mSize = 15 : i64} : !C to memref<8x32xf32, #ascube.mem<UB>>
    return
  }
  func.func @dual_gm(%c: !C, %d: memref<16x32xf32>) {
    // expected-error @+1 {{dualDstCtrl, subBlockId and a second destination belong to the L0C -> UB move of 950 [fixpipe_c17]}}
    ascube.fixpipe %c to %d {subBlockId = 1 : i64} : !C to memref<16x32xf32>
    return
  }
}

// -----

// The MCB shift mode (bit 36) belongs to REQ8/DEQF16 (s32 sources): not to
// QF322B8_PRE (word: M1 = 1, bit 36, bit 46).
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @mcb_mode(%c: !C, %d: memref<16x16xi8>) {
  // expected-error @+1 {{deqScalar bit 36 (MCB shift mode) exists with REQ8/DEQF16 on Atlas A2/A3 only, got QF322B8_PRE [fixpipe_c4]}}
  ascube.fixpipe %c to %d {deqScalar = 70438529007616 : i64} : !C to memref<16x16xi8>
  return
}

// -----

// ... and to arch 2201 (A2/A3), not 310B.
module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
  func.func @mcb_product(%c: memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %d: memref<16x16xi8>) {
    // expected-error @+1 {{deqScalar bit 36 (MCB shift mode) exists with REQ8/DEQF16 on Atlas A2/A3 only, got REQ8 on atlas_200i_500_a2 [fixpipe_c4]}}
    ascube.fixpipe %c to %d {deqScalar = 70438529007616 : i64} : memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xi8>
    return
  }
}

// -----

// A scale the mode does not take names the mode that takes it (fixpipe_c4).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @plain_cast_vector(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %q: memref<16xi64, #ascube.mem<L1>>, %d: memref<16x16xf16>) {
    // expected-error @+1 {{F322F16 takes no quant_vector operand; a per-column quant_vector goes with VQF322F16_PRE (950 only) [fixpipe_c4]}}
    ascube.fixpipe %c to %d quant_vector %q : memref<16xi64, #ascube.mem<L1>> : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf16>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @plain_cast_scalar(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %d: memref<16x16xbf16>) {
    // expected-error @+1 {{F322BF16 takes no deqScalar; a scalar scale goes with QF322BF16_PRE (950 only) [fixpipe_c4]}}
    ascube.fixpipe %c to %d {deqScalar = 1065353216 : i64} : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xbf16>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @scalar_mode_vector(%c: memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %q: memref<16xi64, #ascube.mem<L1>>, %d: memref<16x16xi8>) {
    // expected-error @+1 {{REQ8 takes no quant_vector operand; a per-column quant_vector goes with VREQ8 [fixpipe_c4]}}
    ascube.fixpipe %c to %d quant_vector %q : memref<16xi64, #ascube.mem<L1>> {quantPre = #ascube.quant<REQ8>, deqScalar = 70782050893824 : i64} : memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xi8>
    return
  }
}

// -----

// A V mode given a scalar names the scalar mode; on 950 the _PRE forms need
// no "(950 only)".
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @vector_mode_scalar(%c: memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %d: memref<16x16xf16>) {
    // expected-error @+1 {{VDEQF16 takes no deqScalar; a scalar scale goes with DEQF16 [fixpipe_c4]}}
    ascube.fixpipe %c to %d {quantPre = #ascube.quant<VDEQF16>, deqScalar = 1065353216 : i64} : memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf16>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @plain_cast_vector_950(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %q: memref<16xi64, #ascube.mem<L1>>, %d: memref<16x16xf16>) {
    // expected-error @+1 {{F322F16 takes no quant_vector operand; a per-column quant_vector goes with VQF322F16_PRE [fixpipe_c4]}}
    ascube.fixpipe %c to %d quant_vector %q : memref<16xi64, #ascube.mem<L1>> : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x16xf16>
    return
  }
}
