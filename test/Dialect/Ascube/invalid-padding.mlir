// Padding is never data (padding_c1): an instruction that computes with an
// operand's values (the Mmad family, Fixpipe) stays inside the operand's
// logical shape, not only its padded fractal grid. MmadWithSparse has no
// GEMV mode (mmadsparse_c4).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @mmad_a(%a: memref<30x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %b: memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %c: memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{A 'memref<30x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>' has 30x32 logical elements but m = 32, k = 32, n = 16 (m x k) reach 32x32 of it: its padding would be taken as data; give the buffer that logical shape [padding_c1]}}
  ascube.mmad %a, %b to %c {m = 32 : i64} : memref<30x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @mmad_b(%a: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %b: memref<32x10xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %c: memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{B 'memref<32x10xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>' has 32x10 logical elements but m = 32, k = 32, n = 16 (k x n) reach 32x16 of it}}
  ascube.mmad %a, %b to %c {n = 16 : i64} : memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x10xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

// C is written m x n too (and read when accumulating).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @mmad_c(%a: memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %b: memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %c: memref<30x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{C 'memref<30x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>' has 30x16 logical elements but m = 32, k = 32, n = 16 (m x n) reach 32x16 of it}}
  ascube.mmad %a, %b to %c {cmatrixInitVal = false} : memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

// The field case: scaleA declared 20 x 4 where m = 32, k = 128 need 32 x 4.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @mx_scale_a(%a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<20x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
              %b0: memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb0: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
              %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{scaleA 'memref<20x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>' has 20x4 logical elements but m = 32, k = 128, n = 32 (m x k/32) reach 32x4 of it: its padding would be taken as data; give the buffer that logical shape [padding_c1]}}
  ascube.mmad_mx %a0, %sa0, %b0, %sb0 to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<20x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

// ... and scaleB declared 3 x 32 where 4 x 32 is needed.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @mx_scale_b(%a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
              %b0: memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb0: memref<3x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
              %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{scaleB 'memref<3x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>' has 3x32 logical elements but m = 32, k = 128, n = 32 (k/32 x n) reach 4x32 of it}}
  ascube.mmad_mx %a0, %sa0, %b0, %sb0 to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<3x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

// A K mismatch names A's K and B's K.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
func.func @mx_k(%a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
              %b0: memref<256x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb0: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
              %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{k = 128 is A's K ('memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>' has 128 columns) but B's K is 256 ('memref<256x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>'): give both the same K, or set k [mmadmx_c3]}}
  ascube.mmad_mx %a0, %sa0, %b0, %sb0 to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<256x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @sparse_a(%a: memref<16x60xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                    %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{A 'memref<16x60xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>' has 16x60 logical elements but m = 16, k = 64, n = 32 (m x k) reach 16x64 of it}}
  ascube.mmad_sparse %a, %b0 to %c {k = 64 : i64} : memref<16x60xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

// MmadWithSparse never uses GEMV (cube-reference §14).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @sparse_gemv(%a: memref<1x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                       %c: memref<1x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{m = 1: MmadWithSparse has no GEMV mode (§14), so A would be read as a fractal row; compute m = 16 with A padded to 16 rows and use row 0 [mmadsparse_c4]}}
  ascube.mmad_sparse %a, %b0 to %c {k = 64 : i64} : memref<1x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<1x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// -----

// Fixpipe reads mSize x nSize of its L0C source.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @fixpipe_rows(%c0: memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %c: memref<32x40xf32>) {
  // expected-error @+1 {{source 'memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>' has 30x40 logical elements but the move (mSize = 32, nSize = 40, srcStride = 32) reads its padding position (30, 0), which it would take as data; give the buffer that logical shape or read less [padding_c1]}}
  ascube.fixpipe %c0 to %c {mSize = 32 : i64} : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x40xf32>
  return
}
}

// -----

// An explicit srcStride that lands in the padding columns of the last block.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @fixpipe_cols(%c0: memref<32x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %c: memref<32x32xf32>) {
  // expected-error @+1 {{reads its padding position (0, 40)}}
  ascube.fixpipe %c0 to %c {nSize = 32 : i64, srcStride = 64 : i64} : memref<32x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x32xf32>
  return
}
}

// -----

// Reading inside the logical shape, also through a second column block
// picked by srcStride, is fine.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @fixpipe_ok(%c0: memref<32x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %c: memref<32x16xf32>) {
  %i512 = arith.constant 512 : index
  ascube.fixpipe %c0[%i512] to %c {nSize = 16 : i64} : memref<32x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x16xf32>
  return
}
}
