// Alignment of the operands beyond source and destination, without a target
// (alignment_c2; cube-reference §1, §4): MX scales and the 4:2 index in L1
// 32 B, a bias in L0C 64 B.
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

func.func @mx_scale(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>,
                    %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>) {
  %sa1 = ascube.alloc offset 4112 : memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>
  // expected-error @+1 {{'ascube.load_mx' op scale address 4112 B in L1 is not a multiple of 32 B [alignment_c2]}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}

// -----

func.func @sparse_idx(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  %ix = ascube.alloc offset 2064 : memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>
  // expected-error @+1 {{'ascube.load_sparse' op index address 2064 B in L1 is not a multiple of 32 B [alignment_c2]}}
  ascube.load_sparse %bp, %ix to %b0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @bias_l0c(%a: !A, %b: !B, %c: !C) {
  %bias = ascube.alloc offset 1056 : memref<16xf32, #ascube.mem<L0C>>
  // expected-error @+1 {{'ascube.mmad' op bias address 1056 B in L0C is not a multiple of 64 B [alignment_c2]}}
  ascube.mmad %a, %b to %c bias %bias : memref<16xf32, #ascube.mem<L0C>> : !A, !B to !C
  return
}

// -----

// The QUANT_PRE vector (cbufWorkspace) in L1: 32 B (§16).
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
func.func @quant_vector(%c: !C, %d: memref<16x16xi8>) {
  %q = ascube.alloc offset 16 : memref<16xi64, #ascube.mem<L1>>
  // expected-error @+1 {{'ascube.fixpipe' op quant_vector address 16 B in L1 is not a multiple of 32 B [alignment_c2]}}
  ascube.fixpipe %c to %d quant_vector %q : memref<16xi64, #ascube.mem<L1>> : !C to memref<16x16xi8>
  return
}

// -----

// FB as the destination of the L1 -> FB copy of a QUANT_PRE vector: 128 B
// (§1).
func.func @fb_copy(%q1: memref<16xi64, #ascube.mem<L1>>) {
  %q = ascube.alloc offset 64 : memref<16xi64, #ascube.mem<FB>>
  // expected-error @+1 {{'ascube.data_copy' op destination address 64 B in FB is not a multiple of 128 B [alignment_c2]}}
  ascube.data_copy %q1 to %q : memref<16xi64, #ascube.mem<L1>> to memref<16xi64, #ascube.mem<FB>>
  return
}

// -----

// The fb copy moves L1 -> FB only.
func.func @fb_path(%g: memref<16xi64>) {
  %q = ascube.alloc offset 0 : memref<16xi64, #ascube.mem<FB>>
  // expected-error @+1 {{'ascube.data_copy' op fb moves L1 -> FB, got GM -> FB [datacopy_c1]}}
  ascube.data_copy %g to %q : memref<16xi64> to memref<16xi64, #ascube.mem<FB>>
  return
}
