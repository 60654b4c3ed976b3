// Instructions with a fixed fractal geometry refuse buffers whose layout
// names another one (fractal_c1), with derived and explicit parameters
// alike; a plain copy never changes layout (datacopy_c7).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

// The field case: f32 8 x 16 blocks in L1 would be copied into 16 x 8 L0A
// fractals (496 of 512 results wrong when it ran).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @load_2d(%s: memref<32x32xf32, #ascube.layout<Nz, fractal = [8, 16]>, #ascube.mem<L1>>,
                   %a: memref<32x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{source 'memref<32x32xf32, #ascube.layout<Nz, fractal = [8, 16]>, #ascube.mem<L1>>' has 8x16 fractals, but the instruction moves Nz fractals of 16x8 32-bit elements (512 B); drop `fractal = [...]` from the layout [fractal_c1]}}
  ascube.load_2d %s to %a {repeatTimes = 4 : i64, srcStride = 4 : i64} : memref<32x32xf32, #ascube.layout<Nz, fractal = [8, 16]>, #ascube.mem<L1>> to memref<32x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
}

// -----

// ... and the abstract load of the same tile is refused before any mover
// is selected for it.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @load(%s: memref<32x32xf32, #ascube.layout<Nz, fractal = [8, 16]>, #ascube.mem<L1>>,
                %a: memref<32x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{'ascube.load' op source 'memref<32x32xf32, #ascube.layout<Nz, fractal = [8, 16]>, #ascube.mem<L1>>' has 8x16 fractals}}
  ascube.load %s to %a : memref<32x32xf32, #ascube.layout<Nz, fractal = [8, 16]>, #ascube.mem<L1>> to memref<32x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @load_2d_dst(%s: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
                       %a: memref<32x32xf16, #ascube.layout<Zz, fractal = [16, 32]>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{destination 'memref<32x32xf16, #ascube.layout<Zz, fractal = [16, 32]>, #ascube.mem<L0A>>' has 16x32 fractals, but the instruction moves Zz fractals of 16x16 16-bit elements (512 B)}}
  ascube.load_2d %s to %a {repeatTimes = 2 : i64, srcStride = 2 : i64} : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zz, fractal = [16, 32]>, #ascube.mem<L0A>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @transpose(%b1: memref<64x32xi8, #ascube.layout<Nz, fractal = [32, 16]>, #ascube.mem<L1>>,
                     %b0: memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{'ascube.load_2d_transpose' op source 'memref<64x32xi8, #ascube.layout<Nz, fractal = [32, 16]>, #ascube.mem<L1>>' has 32x16 fractals, but the instruction moves Nz fractals of 16x32 8-bit elements (512 B)}}
  ascube.load_2d_transpose %b1 to %b0 {repeatTimes = 1 : i64} : memref<64x32xi8, #ascube.layout<Nz, fractal = [32, 16]>, #ascube.mem<L1>> to memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @v2(%a1: memref<32x32xf16, #ascube.layout<Nz, fractal = [32, 8]>, #ascube.mem<L1>>,
              %a0: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{'ascube.load_2d_v2' op source 'memref<32x32xf16, #ascube.layout<Nz, fractal = [32, 8]>, #ascube.mem<L1>>' has 32x8 fractals}}
  ascube.load_2d_v2 %a1 to %a0 {mStep = 2 : i64, kStep = 2 : i64, srcStride = 2 : i64, dstStride = 2 : i64} : memref<32x32xf16, #ascube.layout<Nz, fractal = [32, 8]>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @sparse(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>,
                  %ix: memref<8x32xui8, #ascube.layout<SparseIndex, fractal = [16, 8]>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{'ascube.load_sparse' op index 'memref<8x32xui8, #ascube.layout<SparseIndex, fractal = [16, 8]>, #ascube.mem<L1>>' has 16x8 fractals, but the instruction moves SparseIndex fractals of 8x16 8-bit elements (128 B)}}
  ascube.load_sparse %bp, %ix to %b0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex, fractal = [16, 8]>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @mx(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA, fractal = [8, 4]>, #ascube.mem<L1>>,
              %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>) {
  // expected-error @+1 {{'ascube.load_mx' op scale 'memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA, fractal = [8, 4]>, #ascube.mem<L1>>' has 8x4 fractals, but the instruction moves ScaleA fractals of 16x2 8-bit elements (32 B)}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA, fractal = [8, 4]>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_training>} {
func.func @load_3d_v1(%fm: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>,
                      %a0: memref<64x144xf16, #ascube.layout<Zz, fractal = [8, 32]>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{'ascube.load_3d_v1' op destination 'memref<64x144xf16, #ascube.layout<Zz, fractal = [8, 32]>, #ascube.mem<L0A>>' has 8x32 fractals}}
  ascube.load_3d_v1 %fm to %a0 {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, repeatMode = 1 : i64, repeatTime = 4 : i64, jumpStride = 9 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz, fractal = [8, 32]>, #ascube.mem<L0A>>
  return
}
}

// -----

// A plain copy moves bytes: the two layouts must agree.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @copy(%g: memref<32x32xf32, #ascube.layout<Nz, fractal = [8, 16]>>, %s: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>) {
  // expected-error @+1 {{a plain copy without DataCopyParams moves the source byte for byte and never changes layout, but 'memref<32x32xf32, #ascube.layout<Nz, fractal = [8, 16]>>' and 'memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>' place elements differently; give both the same layout (ND2NZ/DN2NZ change layout) [datacopy_c7]}}
  ascube.data_copy %g to %s : memref<32x32xf32, #ascube.layout<Nz, fractal = [8, 16]>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}
}

// -----

// An ND feature map in GM and NC1HWC0 in L1 store the same bytes.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @copy_fm(%g: memref<1x2x8x8x16xf16>, %s: memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>) {
  ascube.data_copy %g to %s : memref<1x2x8x8x16xf16> to memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
  return
}
}
