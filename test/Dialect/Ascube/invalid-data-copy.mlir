// ascube.data_copy rules (cube-reference §4, §5, §16; docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

!l1 = memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
func.func @path(%a: memref<20x28xf16>, %b: memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{nd2nz moves GM -> L1, got GM -> L0A [datacopy_c1]}}
  ascube.data_copy %a to %b : memref<20x28xf16> to memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @types(%a: memref<20x28xf16>, %b: memref<20x28xbf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{source and destination element types differ ('f16' vs 'bf16') [datacopy_c2]}}
  ascube.data_copy %a to %b : memref<20x28xf16> to memref<20x28xbf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

func.func @bias_types(%a: memref<64xi8, #ascube.mem<L1>>, %b: memref<16xf32, #ascube.mem<BT>>) {
  // expected-error @+1 {{bias copy converts f16/bf16/f32 -> f32 or i32 -> i32, got 'i8' -> 'f32' [datacopy_c2]}}
  ascube.data_copy %a to %b : memref<64xi8, #ascube.mem<L1>> to memref<16xf32, #ascube.mem<BT>>
  return
}

// -----

func.func @params_of_mode(%a: memref<20x28xf16>, %b: memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{mode nd2nz takes Nd2NzParams, not DataCopyParams [datacopy_c3]}}
  ascube.data_copy %a to %b {blockLen = 2 : i64} : memref<20x28xf16> to memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

func.func @layouts(%a: memref<20x28xf16>, %b: memref<20x28xf16, #ascube.layout<Zz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{nd2nz reads ND and writes Nz (or an NC1HWC0 feature map), got ND -> Zz [datacopy_c3]}}
  ascube.data_copy %a to %b {mode = #ascube.copy_mode<nd2nz>} : memref<20x28xf16> to memref<20x28xf16, #ascube.layout<Zz>, #ascube.mem<L1>>
  return
}

// -----

func.func @fractal(%a: memref<4x4xf16>, %b: memref<4x4xf16, #ascube.layout<Nz, fractal = [2, 2]>, #ascube.mem<L1>>) {
  // expected-error @+1 {{nd2nz writes Nz fractals of C0 = 16 columns, but the destination's fractal is 2x2 [datacopy_c3]}}
  ascube.data_copy %a to %b : memref<4x4xf16> to memref<4x4xf16, #ascube.layout<Nz, fractal = [2, 2]>, #ascube.mem<L1>>
  return
}

// -----

func.func @odd_int4(%a: memref<16x63xi4>, %b: memref<16x63xi4, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{4-bit ND2NZ moves bytes: 63 columns are not whole bytes [datacopy_c3]}}
  ascube.data_copy %a to %b : memref<16x63xi4> to memref<16x63xi4, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// The destination is written past its end: 20 rows with an NStride of 2
// reach (28/16 - 1) * 32 * 16 + 19 * 2 * 16 + 15 = 1135 >= 32 * 32.
func.func @bounds(%a: memref<20x28xf16>, %b: memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{destination access of 1136 elements at offset 0 reaches past the destination buffer 'memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>', which holds 1024 elements [datacopy_c4]}}
  ascube.data_copy %a to %b {dstNzNStride = 2 : i64} : memref<20x28xf16> to memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// 20 x 3 f16 = 120 B is not a whole number of 32 B blocks.
func.func @derive_len(%a: memref<20x3xf16>, %b: memref<20x3xf16, #ascube.mem<L1>>) {
  // expected-error @+1 {{cannot derive blockLen: the buffer holds 120 B, not a whole number of 32 B units; pad the buffer to whole units or give blockCount/blockLen [datacopy_c4]}}
  ascube.data_copy %a to %b : memref<20x3xf16> to memref<20x3xf16, #ascube.mem<L1>>
  return
}

// -----

func.func @copy_range(%a: memref<64xf16>, %b: memref<64xf16, #ascube.mem<L1>>) {
  // expected-error @+1 {{blockCount = 4096 is outside [0, 4095] [datacopy_c5]}}
  ascube.data_copy %a to %b {blockCount = 4096 : i64, blockLen = 1 : i64} : memref<64xf16> to memref<64xf16, #ascube.mem<L1>>
  return
}

// -----

// Parameters are never silently narrowed.
func.func @c05_src_d_value(%a: memref<20x28xf16>, %b: memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{srcDValue = 70000 is outside [1, 65535] [nd2nz_c1]}}
  ascube.data_copy %a to %b {srcDValue = 70000 : i64} : memref<20x28xf16> to memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

func.func @c05_c0_stride(%a: memref<20x28xf16>, %b: memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{dstNzC0Stride = 16385 is outside [1, 16384] [nd2nz_c1]}}
  ascube.data_copy %a to %b {dstNzC0Stride = 16385 : i64} : memref<20x28xf16> to memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

func.func @dn_range(%a: memref<20x28xf16, #ascube.layout<DN>>, %b: memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{nValue = 16385 is outside [0, 16384] [dn2nz_c1]}}
  ascube.data_copy %a to %b {nValue = 16385 : i64} : memref<20x28xf16, #ascube.layout<DN>> to memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

func.func @dn2nz_int4(%a: memref<16x64xi4, #ascube.layout<DN>>, %b: memref<16x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{4-bit DN2NZ is not modelled: a DN byte holds two rows of one column, an Nz byte two columns of one row [datacopy_c3]}}
  ascube.data_copy %a to %b : memref<16x64xi4, #ascube.layout<DN>> to memref<16x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// On 950 the bias copy counts 32 B units, and blockLen must be even (§16).
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @bias_odd(%a: memref<16xf32, #ascube.mem<L1>>, %b: memref<16xf32, #ascube.mem<BT>>) {
    // expected-error @+1 {{blockLen = 1 must be even for a bias copy on ascend950pr (32 B units) [datacopy_c5]}}
    ascube.data_copy %a to %b {blockLen = 1 : i64} : memref<16xf32, #ascube.mem<L1>> to memref<16xf32, #ascube.mem<BT>>
    return
  }
}

// -----

// blockCount = 0 is a no-op (§16 range [0, 4095]).
func.func @zero_blocks(%a: memref<64xf16>, %b: memref<64xf16, #ascube.mem<L1>>) {
  ascube.data_copy %a to %b {blockCount = 0 : i64, blockLen = 4 : i64} : memref<64xf16> to memref<64xf16, #ascube.mem<L1>>
  return
}

// -----

// Fields derived from the whole source that make the access too long are
// named as such.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @derived_too_long(%g: memref<30x70xf16>, %s: memref<16x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
    // expected-error @+2 {{destination access of 1504 elements at offset 0 reaches past the destination buffer 'memref<16x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>', which holds 1280 elements [datacopy_c4]}}
    // expected-note @+1 {{ndNum = 1, nValue = 30, dValue = 70 were derived from the whole source 'memref<30x70xf16>'; give them to move a part of it}}
    ascube.data_copy %g to %s {mode = #ascube.copy_mode<nd2nz>} : memref<30x70xf16> to memref<16x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @derived_block_len(%g: memref<64xf32>, %s: memref<32xf32, #ascube.mem<L1>>) {
    // expected-error @+2 {{destination access of 64 elements at offset 0 reaches past the destination buffer 'memref<32xf32, #ascube.mem<L1>>', which holds 32 elements [datacopy_c4]}}
    // expected-note @+1 {{blockCount = 1, blockLen = 8 were derived from the whole source 'memref<64xf32>'; give them to move a part of it}}
    ascube.data_copy %g to %s : memref<64xf32> to memref<32xf32, #ascube.mem<L1>>
    return
  }
}

// -----

// A plain copy keeps bytes where they are: a shorter source into a longer
// buffer of the same row pitch is fine, another pitch is not (datacopy_c7).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @prefix(%g: memref<48xf32>, %s: memref<64xf32, #ascube.mem<L1>>, %h: memref<30x64xf16>, %t: memref<32x64xf16, #ascube.mem<L1>>) {
    ascube.data_copy %g to %s : memref<48xf32> to memref<64xf32, #ascube.mem<L1>>
    ascube.data_copy %h to %t : memref<30x64xf16> to memref<32x64xf16, #ascube.mem<L1>>
    return
  }
  func.func @pitch(%h: memref<30x64xf16>, %t: memref<30x80xf16, #ascube.mem<L1>>) {
    // expected-error @+1 {{a plain copy without DataCopyParams moves the source byte for byte and never changes layout, but 'memref<30x64xf16>' and 'memref<30x80xf16, #ascube.mem<L1>>' place elements differently; give both the same layout (ND2NZ/DN2NZ change layout) [datacopy_c7]}}
    ascube.data_copy %h to %t : memref<30x64xf16> to memref<30x80xf16, #ascube.mem<L1>>
    return
  }
}

// -----

// A flat GM vector into a matrix or a feature map is a reshape of the same
// bytes: accepted.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @reshape(%v: memref<1024xf16>, %m: memref<32x32xf16, #ascube.mem<L1>>, %w: memref<2048xf16>,
                     %fm: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>) {
    ascube.data_copy %v to %m : memref<1024xf16> to memref<32x32xf16, #ascube.mem<L1>>
    ascube.data_copy %w to %fm : memref<2048xf16> to memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
    return
  }
}
