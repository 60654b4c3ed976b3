// An ascube op takes only its own attributes (attr_c1): a misspelt or
// foreign parameter is an error naming the nearest known name (or the ones
// the op takes), never ignored. Discardable attributes of other dialects
// stay allowed. One case per op family.
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @mmad(%a: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                %b: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                %c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{'ascube.mmad' op unknown attribute 'unitflag' (did you mean 'unitFlag'?) (discardable attributes need a dialect prefix, e.g. 'mytool.') [attr_c1]}}
  ascube.mmad %a, %b to %c {unitflag = 1} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

// A foreign dialect's discardable attribute is allowed.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @tagged(%a: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %b: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  ascube.mmad %a, %b to %c {mytool.tag = 1} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

// The ascube. prefix holds only the dialect's own attributes.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @ascube_prefixed(%a: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                           %b: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                           %c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{unknown ascube attribute 'ascube.tag'; the dialect defines 'ascube.target', 'ascube.overflow' and 'ascube.tiling'}}
  ascube.mmad %a, %b to %c {ascube.tag = 1} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @sparse(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>,
                  %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{'ascube.load_sparse' op unknown attributes 'ifTranspose', 'srcStride'; it takes repeatTimes, startIndex (discardable attributes need a dialect prefix, e.g. 'mytool.') [attr_c1]}}
  ascube.load_sparse %bp, %ix to %b0 {srcStride = 2, ifTranspose = true} : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @mmad_sparse(%a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                       %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{'ascube.mmad_sparse' op unknown attribute 'kDirectionAlign'}}
  ascube.mmad_sparse %a, %b0 to %c {k = 64 : i64, kDirectionAlign = false} : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

func.func @alloc() {
  // expected-error @+1 {{'ascube.alloc' op unknown attribute 'ofset' (did you mean 'offset'?)}}
  %b = ascube.alloc {ofset = 0} : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

func.func @barrier() {
  // expected-error @+1 {{'ascube.pipe_barrier' op unknown attribute 'count'; it takes pipe}}
  ascube.pipe_barrier <M> {count = 2}
  return
}

// -----

func.func @load(%s: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
                %d: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{'ascube.load' op unknown attribute 'transposed' (did you mean 'transpose'?)}}
  ascube.load %s to %d {transposed} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @data_copy(%a: memref<30x70xf16>, %a1: memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{'ascube.data_copy' op unknown attribute 'dstNzCOStride' (did you mean 'dstNzC0Stride'?)}}
  ascube.data_copy %a to %a1 {dstNzCOStride = 32} : memref<30x70xf16> to memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

func.func @load_2d(%a1: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
                   %a0: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{'ascube.load_2d' op unknown attribute 'repeatTime' (did you mean 'repeatTimes'?)}}
  ascube.load_2d %a1 to %a0 {repeatTime = 2} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @load_2d_transpose(%b1: memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>,
                             %b0: memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{'ascube.load_2d_transpose' op unknown attribute 'ifTranspose'}}
  ascube.load_2d_transpose %b1 to %b0 {ifTranspose = true} : memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @load_2d_v2(%a1: memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
                      %a0: memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{'ascube.load_2d_v2' op unknown attribute 'mstep' (did you mean 'mStep'?)}}
  ascube.load_2d_v2 %a1 to %a0 {mstep = 3} : memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @load_3d(%fm: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>,
                   %a0: memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{'ascube.load_3d' op unknown attribute 'dilationH' (did you mean 'dilationFilterH'?)}}
  ascube.load_3d %fm to %a0 {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, channelSize = 20 : i64, dilationH = 1} : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_training>} {
func.func @load_3d_v1(%fm: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>,
                      %a0: memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{'ascube.load_3d_v1' op unknown attribute 'jumpstride' (did you mean 'jumpStride'?)}}
  ascube.load_3d_v1 %fm to %a0 {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, repeatMode = 1 : i64, repeatTime = 4 : i64, jumpstride = 9 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @mx(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
              %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
              %b0: memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb0: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
              %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{'ascube.load_mx' op unknown attribute 'xstep' (did you mean 'xStep'?)}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 {xstep = 2 : i64} : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @mmad_mx(%a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
              %b0: memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb0: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
              %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{'ascube.mmad_mx' op unknown attribute 'hf32'; it takes cmatrixInitVal, cmatrixSource, k, m, n, unitFlag}}
  ascube.mmad_mx %a0, %sa0, %b0, %sb0 to %c {hf32 = #ascube.hf32<nearest_even>} : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

func.func @fixpipe(%c0: memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %c: memref<30x40xf32>) {
  // expected-error @+1 {{'ascube.fixpipe' op unknown attribute 'relu' (did you mean 'reluEn'?)}}
  ascube.fixpipe %c0 to %c {relu = true} : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xf32>
  return
}
