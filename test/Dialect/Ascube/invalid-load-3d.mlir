// ascube.load_3d rules (cube-reference §10; docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

func.func @path(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadData 3D moves L1 -> L0A/L0B, got GM -> L0A [load3d_c1]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @source_format(%a: memref<64x64xf16, #ascube.layout<Zz>, #ascube.mem<L1>>, %b: memref<64x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadData 3D reads an NC1HWC0 feature map or an Nz matrix (§10.4) in L1, got Zz [load3d_c1]}}
  ascube.load_3d %a to %b : memref<64x64xf16, #ascube.layout<Zz>, #ascube.mem<L1>> to memref<64x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @element_types(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{source and destination element types differ ('f16' vs 'bf16') [load3d_c2]}}
  ascube.load_3d %a to %b : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// No b8 into L0B on A2 (§10.1).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @dtype(%a: memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{LoadData 3D does not move 'i8' into L0B on atlas_a2 [load3d_c2]}}
    ascube.load_3d %a to %b : memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

func.func @range(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{strideH = 64 is outside [1, 63] [load3d_c3]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, strideH = 64 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @pad_range(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{padList[3] (bottom) = 256 is outside [0, 255] [load3d_c3]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 256>} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @pad_list_size(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{padList has 2 entries; it is [left, right, top, bottom] [load3d_c3]}}
  ascube.load_3d %a to %b {padList = array<i64: 1, 1>} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @pad_value(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{padValue 1.000000e+00 : f32 is neither a 'f16' value nor an i16 bit pattern [load3d_c3]}}
  ascube.load_3d %a to %b {padValue = 1.0 : f32} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @small_k(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{enSmallK (16 x 4 fractals) is no longer supported [load3d_c3]}}
  ascube.load_3d %a to %b {enSmallK = true} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @fmatrix_ctrl(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{fMatrixCtrl = true (the right FMatrix) is not supported; only the left FMatrix is [load3d_c3]}}
  ascube.load_3d %a to %b {fMatrixCtrl = true} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// b8: channelSize 4, 8, 16, 32N, 32N+4/8/16 (20 is not one).
func.func @channel_size(%a: memref<1x1x8x8x32xi8, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{channelSize = 20 is not allowed for 'i8' (C0 = 32; §10.1 lists 4/8/16/32 partial groups by width) [load3d_c4]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, channelSize = 20 : i64} : memref<1x1x8x8x32xi8, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @k_start(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{kStartPt = 8 is not a multiple of C0 = 16 [load3d_c5]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, kStartPt = 8 : i64, kExtension = 32 : i64, mExtension = 64 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @k_extension(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // K = 2 * 9 * 16 = 288: a 24-wide window at 0 ends in fractal column 1, not 17.
  // expected-error @+1 {{kExtension = 24 is not a multiple of C0 = 16 and does not end in the last fractal column [load3d_c5]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, kExtension = 24 : i64, mExtension = 64 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @m_extension(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{mExtension = 20 is not a multiple of 16 and does not end in the last fractal row (b4/b8/b16) [load3d_c5]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, kExtension = 32 : i64, mExtension = 20 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @m_start(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{mStartPt = 8 is not a multiple of 16 (atlas_a2, b16) [load3d_c5]}}
    ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mStartPt = 8 : i64, kExtension = 32 : i64, mExtension = 16 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

func.func @transpose_l0b(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{enTranspose has no effect into L0B (LoadData 3D always stores L0B transposed, §10.1): drop it [load3d_c6]}}
  ascube.load_3d %a to %b {enTranspose = true} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// A2/A3 transpose b16/b32 only; 950 also b8.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @transpose_b8(%a: memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{LoadData 3D does not move 'i8' into L0A with enTranspose on atlas_a2 [load3d_c6]}}
    ascube.load_3d %a to %b {enTranspose = true} : memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

func.func @transpose_repeat(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{a transposing LoadData 3D with repeatTime = 2 (all repeats as one matrix, §10.3) is not modelled [load3d_c6]}}
  ascube.load_3d %a to %b {enTranspose = true, repeatTime = 2 : i64, mExtension = 16 : i64, kExtension = 16 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<atlas_training>} {
  func.func @product(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{LoadData 3D V2 is not available on atlas_training [load3d_c7]}}
    ascube.load_3d %a to %b : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// The formula's value, not a clamped one: a 7 x 7 map and a kernel spanning
// 9 give Hout = -1.
func.func @kernel_too_big_negative(%a: memref<1x2x7x7x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{the 3x3 kernel with dilations (4, 1) spans 9x3, which the padded 7x7 map cannot hold: Hout = floor((7 - 9) / 1) + 1 = -1, Wout = floor((7 - 3) / 2) + 1 = 3; both must be >= 1 (pad the map, or use a smaller kernel or dilation) [load3d_c8]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, dilationFilterH = 4 : i64, strideW = 2 : i64} : memref<1x2x7x7x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @kernel_too_big(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // A dilated 3x3 kernel (span 9) on an unpadded 8x8 map.
  // expected-error @+1 {{the 3x3 kernel with dilations (4, 4) spans 9x9, which the padded 8x8 map cannot hold: Hout = floor((8 - 9) / 1) + 1 = 0, Wout = floor((8 - 9) / 1) + 1 = 0; both must be >= 1 (pad the map, or use a smaller kernel or dilation) [load3d_c8]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, dilationFilterH = 4 : i64, dilationFilterW = 4 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @window(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // No padding: Hout = Wout = 6, so X is 36 x 288 (rows padded to 48).
  // expected-error @+1 {{window rows [0, 64) x columns [0, 288) leaves the 36 x 288 im2col matrix (rows padded to 48) [load3d_c8]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @window_columns(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<16x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // X has C1 * 3 * 3 * C0 = 288 columns: a window one C0 block past them.
  // expected-error @+1 {{window rows [0, 16) x columns [16, 304) leaves the 36 x 288 im2col matrix (rows padded to 48) [load3d_c8]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, mExtension = 16 : i64, kStartPt = 16 : i64, kExtension = 288 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<16x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @window_repeat(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{window rows [64, 80) x columns [0, 288) of repeat 4 leaves the 64 x 288 im2col matrix (rows padded to 64) [load3d_c8]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mExtension = 16 : i64, kExtension = 288 : i64, repeatTime = 5 : i64, repeatStride = 1 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @layout_950(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{LoadData 3D writes Nz into L0A on ascend950pr, got a Zz destination [load3d_c9]}}
    ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

func.func @layout_l0b(%a: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{LoadData 3D writes Zn into L0B, got a Nz destination [load3d_c9]}}
  ascube.load_3d %a to %b : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0B>>
  return
}

// -----

func.func @derived_window(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz, ld = 304>, #ascube.mem<L0A>>) {
  // A row pitch of 304 columns is not the 288 the window's Zz has.
  // expected-error @+1 {{the destination 'memref<64x288xf16, #ascube.layout<Zz, ld = 304>, #ascube.mem<L0A>>' is not the layout LoadData 3D writes for its window (Zz, 16x16 fractals, 64 x 288 padded): give mExtension/kExtension [load3d_c9]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz, ld = 304>, #ascube.mem<L0A>>
  return
}

// -----

func.func @bounds(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<32x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // Two 32-row windows, the second one window (18 fractals) further.
  // expected-error @+1 {{destination access of 18432 elements at offset 0 reaches past the destination buffer 'memref<32x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>', which holds 9216 elements [load3d_c10]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mExtension = 32 : i64, kExtension = 288 : i64, repeatTime = 2 : i64, repeatStride = 2 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<32x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @source_bounds(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // channelSize 48 reads three C0 groups of a two-group map.
  // expected-error @+1 {{source access of 3072 elements at offset 0 reaches past the source buffer 'memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>', which holds 2048 elements [load3d_c10]}}
  ascube.load_3d %a to %b {channelSize = 48 : i64, mExtension = 64 : i64, kExtension = 48 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @dst_stride(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{dstStride is a field of the 950 LoadData 3D repeat only; atlas_a2 places repeats one window apart [load3d_c11]}}
    ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mExtension = 16 : i64, kExtension = 288 : i64, repeatTime = 4 : i64, repeatStride = 1 : i64, dstStride = 18 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @alignment(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>) {
    %b = ascube.alloc offset 0 : memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c16 = arith.constant 16 : index
    // expected-error @+1 {{destination address 32 B in L0A is not a multiple of 512 B [alignment_c2]}}
    ascube.load_3d %a to %b[%c16] {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mExtension = 16 : i64, kExtension = 16 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// Legal on every product with LoadData 3D V2: the conv window of the
// description, the §10.4 forms (Nz into L0A, transposed into L0A, into L0B),
// a no-op (repeatTime 0), and repeats along M and K.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @ok(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                %n: memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
                %t: memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                %l0b: memref<40x30xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load_3d %n to %t {enTranspose = true} : memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load_3d %n to %l0b : memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x30xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_3d %a to %b {repeatTime = 0 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mExtension = 16 : i64, kExtension = 288 : i64, repeatTime = 4 : i64, repeatStride = 1 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mExtension = 64 : i64, kExtension = 144 : i64, repeatTime = 2 : i64, repeatStride = 9 : i64, repeatMode = 1 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// channelSize partial groups by width (§10.1): b16 4/8, b32 4, b4 8/16/32.
func.func @channel_size_b16(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{channelSize = 28 is not allowed for 'f16' (C0 = 16; §10.1 lists 4/8/16/32 partial groups by width) [load3d_c4]}}
  ascube.load_3d %a to %b {channelSize = 28 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @channel_size_b32(%a: memref<1x2x8x8x8xf32, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x16xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{channelSize = 10 is not allowed for 'f32' (C0 = 8; §10.1 lists 4/8/16/32 partial groups by width) [load3d_c4]}}
  ascube.load_3d %a to %b {channelSize = 10 : i64} : memref<1x2x8x8x8xf32, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x16xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @channel_size_b4(%a: memref<1x1x8x8x64xi4, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{channelSize = 4 is not allowed for 'i4' (C0 = 64; §10.1 lists 4/8/16/32 partial groups by width) [load3d_c4]}}
  ascube.load_3d %a to %b {channelSize = 4 : i64} : memref<1x1x8x8x64xi4, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// Per-product lists: no bf16 on 310P or Kirin X90, no i8 into L0B on X90.
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @dtype_310p(%a: memref<32x32xbf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<32x32xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{LoadData 3D does not move 'bf16' into L0A on atlas_inference [load3d_c2]}}
    ascube.load_3d %a to %b : memref<32x32xbf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xbf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<kirin_x90>} {
  func.func @dtype_x90(%a: memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+1 {{LoadData 3D does not move 'i8' into L0B on kirin_x90 [load3d_c2]}}
    ascube.load_3d %a to %b : memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

func.func @source_fractal(%a: memref<32x64xf16, #ascube.layout<Nz, fractal = [16, 32]>, #ascube.mem<L1>>, %b: memref<32x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{an Nz source is read as C0 = 16 column groups of 16-row fractals; 'memref<32x64xf16, #ascube.layout<Nz, fractal = [16, 32]>, #ascube.mem<L1>>' has 16x32 fractals [load3d_c1]}}
  ascube.load_3d %a to %b : memref<32x64xf16, #ascube.layout<Nz, fractal = [16, 32]>, #ascube.mem<L1>> to memref<32x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @dst_fractal(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz, fractal = [16, 32]>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadData 3D writes 16x16 fractals, got a destination 'memref<64x288xf16, #ascube.layout<Zz, fractal = [16, 32]>, #ascube.mem<L0A>>' [load3d_c9]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mExtension = 64 : i64, kExtension = 288 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz, fractal = [16, 32]>, #ascube.mem<L0A>>
  return
}

// -----

// One extent given, the other derived from a destination of another shape.
func.func @one_derived(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{the destination 'memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>' is not the layout LoadData 3D writes for its window (Zz, 16x16 fractals, 32 x 288 padded): give mExtension/kExtension [load3d_c9]}}
  ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mExtension = 32 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @dst_stride_950(%a: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x288xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{a repeating LoadData 3D on ascend950pr needs dstStride (512 B fractals between repeats; mandatory on 950) [load3d_c11]}}
    ascube.load_3d %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, mExtension = 64 : i64, kExtension = 144 : i64, repeatTime = 2 : i64, repeatStride = 9 : i64, repeatMode = 1 : i64} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// b32 mExtension need not be a multiple of 16 (§10.1: b4/b8/b16 only).
func.func @b32_m_extension(%a: memref<1x1x8x8x8xf32, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  ascube.load_3d %a to %b {mExtension = 8 : i64, kExtension = 8 : i64} : memref<1x1x8x8x8xf32, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x8xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// An Nz matrix is its own im2col matrix (§10.4): into L0B its rows become K
// rows, so a B given as N x K (24 x 32) cannot land in a K x N (32 x 24)
// destination, although both pad to 32 x 32.
func.func @nz_b_transposed(%b1: memref<24x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b0: memref<32x24xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{the derived window rows [0, 32) (from the destination 'memref<32x24xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>') run past the 24 rows of the 24 x 32 Nz source (its own im2col matrix, §10.4): the destination holds the source or a window of it with its rows as K rows (a B held N x K needs a transposing mover, e.g. LoadData 2D) [load3d_c9]}}
  ascube.load_3d %b1 to %b0 : memref<24x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x24xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// Windows of an Nz source stay legal: rows [32, 64) of a 64 x 64 tile, the
// K side derived from the destination.
func.func @nz_window(%a1: memref<64x64xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<32x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  ascube.load_3d %a1 to %a0 {mStartPt = 32 : i64} : memref<64x64xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// §10.4's transposed f32 A: K = 24 padded to 16 in L0A (32 columns), with
// mExtension = align16(K) given; without it the derived 32 rows would run
// past the source's 24.
func.func @at_f32_k_padded(%a1: memref<24x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<16x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  ascube.load_3d %a1 to %a0 {enTranspose = true, mExtension = 32 : i64} : memref<24x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @at_f32_k_padded_derived(%a1: memref<24x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<16x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{the derived window rows [0, 32) (from the destination 'memref<16x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>') run past the 24 rows of the 24 x 16 Nz source}}
  ascube.load_3d %a1 to %a0 {enTranspose = true} : memref<24x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
