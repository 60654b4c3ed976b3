// ascube.load_3d_v1 rules (cube-reference §10.2; docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

func.func @path(%a: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x144xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
  // expected-error @+1 {{LoadData 3D V1 moves L1 -> L0A (L0B is not modelled), got L1 -> L0B [load3dv1_c1]}}
  ascube.load_3d_v1 %a to %b : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

func.func @formats(%a: memref<64x64xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<64x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadData 3D V1 reads an NC1HWC0 map and writes Zz fractals, got Nz -> Zz [load3dv1_c1]}}
  ascube.load_3d_v1 %a to %b : memref<64x64xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @dtype(%a: memref<1x1x8x8x8xf32, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x72xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{LoadData 3D V1 moves half or (u)int8 between buffers of one type, got 'f32' -> 'f32' [load3dv1_c2]}}
  ascube.load_3d_v1 %a to %b : memref<1x1x8x8x8xf32, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x72xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @range(%a: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{jumpStride = 128 is outside [1, 127] [load3dv1_c3]}}
  ascube.load_3d_v1 %a to %b {jumpStride = 128 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @csize(%a: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{cSize = 1 is outside [0, 0] [load3dv1_c3]}}
  ascube.load_3d_v1 %a to %b {cSize = 1 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @left_top(%a: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // Stride 2: window top-lefts are at -1, 1, 3, ...
  // expected-error @+1 {{(leftTopH, leftTopW) = (-1, 0) is not the window top-left of an output pixel (pixel 0 starts at (-padTop, -padLeft), steps of the strides) [load3dv1_c4]}}
  ascube.load_3d_v1 %a to %b {filterH = 3 : i64, filterW = 3 : i64, strideH = 2 : i64, strideW = 2 : i64, padList = array<i64: 1, 1, 1, 1>, leftTopW = 0 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @kernel_points(%a: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // Kernel points 5 .. 14 of a 3x3 kernel.
  // expected-error @+1 {{repeat 9 reads rows [0, 16) at kernel point 14, past the 64 output pixels (padded to 64) or the 9 kernel points [load3dv1_c4]}}
  ascube.load_3d_v1 %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, fetchFilterH = 1 : i64, fetchFilterW = 2 : i64, repeatTime = 10 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @c1_index(%a: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{c1Index = 1 but the map has 1 channel groups [load3dv1_c4]}}
  ascube.load_3d_v1 %a to %b {c1Index = 1 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @product(%a: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+1 {{LoadData 3D V1 is not available on atlas_a2 (atlas_inference, atlas_training) [load3dv1_c5]}}
    ascube.load_3d_v1 %a to %b : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

func.func @bounds(%a: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<16x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // 9 fractals, 2 apart: 17 fractals of a 4-fractal destination.
  // expected-error @+1 {{destination access of 4352 elements at offset 0 reaches past the destination buffer 'memref<16x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>', which holds 1024 elements [load3dv1_c6]}}
  ascube.load_3d_v1 %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, repeatTime = 9 : i64, jumpStride = 2 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<16x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// Legal on 310P and 910A: the description's example.
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @ok(%fm: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>) {
    %a = ascube.alloc offset 0 : memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c2304 = arith.constant 2304 : index
    ascube.load_3d_v1 %fm to %a[%c2304] {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, leftTopH = 1 : i64, leftTopW = -1 : i64, repeatTime = 9 : i64}
        : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

func.func @fetch_point(%a: memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>, %b: memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{kernel point (0, 3) is outside the 3x3 kernel [load3dv1_c4]}}
  ascube.load_3d_v1 %a to %b {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, fetchFilterW = 3 : i64} : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
