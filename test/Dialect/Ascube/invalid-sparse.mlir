// ascube.load_sparse and ascube.mmad_sparse rules (cube-reference §3.2, §12,
// §14; docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

func.func @path(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0A>>
  // expected-error @+1 {{LoadDataWithSparse moves B' and its indices from L1 to L0B, got L1, L1 -> L0A [loadsparse_c1]}}
  ascube.load_sparse %bp, %ix to %b0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0A>>
  return
}

// -----

func.func @dtype(%bp: memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L1>>, %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{LoadDataWithSparse moves int8 B' and (u)int8 index bytes, got 'f16', 'ui8' -> 'f16' [loadsparse_c1]}}
  ascube.load_sparse %bp, %ix to %b0 : memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

func.func @b_layout(%bp: memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{B' is Zn with 32x16 fractals in L1 and L0B, got 'memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>' -> 'memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>' [loadsparse_c1]}}
  ascube.load_sparse %bp, %ix to %b0 : memref<32x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

func.func @index_grid(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, %ix: memref<8x16xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{the index buffer must be SparseIndex (8x16 bytes per fractal) with B''s fractal grid: 8x32 bytes padded for 'memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>', got 'memref<8x16xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>' [loadsparse_c1]}}
  ascube.load_sparse %bp, %ix to %b0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x16xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

func.func @range(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{repeatTimes = 256 is outside [0, 255] [loadsparse_c2]}}
  ascube.load_sparse %bp, %ix to %b0 {repeatTimes = 256 : i64} : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

func.func @bounds(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{index fractals up to 3 reach past the index buffer 'memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>' [loadsparse_c3]}}
  ascube.load_sparse %bp, %ix to %b0 {startIndex = 1 : i64, repeatTimes = 2 : i64} : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

func.func @fixed_place(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
  %b0 = ascube.alloc : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{LoadDataWithSparse needs its L0B buffer at a fixed place (ascube.alloc offset N, or an argument's ascube.offset): the hidden index buffer is addressed from its L0B address [sparse_c1]}}
  ascube.load_sparse %bp, %ix to %b0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @product(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>) {
    %b0 = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    // expected-error @+1 {{LoadDataWithSparse is not available on ascend950pr (A2/A3 only) [sparse_c2]}}
    ascube.load_sparse %bp, %ix to %b0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

func.func @mmad_levels(%a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>
  // expected-error @+1 {{reads A from L0A and B' from L0B and writes C in L0C, got L0A, L1, L0C [mmadsparse_c1]}}
  ascube.mmad_sparse %a, %b to %c : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

func.func @mmad_dtype(%a: memref<16x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b = ascube.alloc offset 0 : memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{MmadWithSparse is s8 x s8 -> s32, got 'f16' x 'f16' -> 'f32' [mmadsparse_c1]}}
  ascube.mmad_sparse %a, %b to %c : memref<16x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

func.func @mmad_k(%a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{k = 62 is not a multiple of 4 (groups of four K elements carry two values) [mmadsparse_c2]}}
  ascube.mmad_sparse %a, %b to %c {k = 62 : i64} : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

func.func @mmad_grid(%a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b = ascube.alloc offset 0 : memref<16x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // k = 128 needs A padded to 128 columns.
  // expected-error @+1 {{A must be Zz with 16x32 fractals padded to 16x128 for m = 16, k = 128, got 'memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>' [mmadsparse_c3]}}
  ascube.mmad_sparse %a, %b to %c {k = 128 : i64} : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

func.func @mmad_fixed_place(%a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %b: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{MmadWithSparse needs its L0B buffer at a fixed place (ascube.alloc offset N, or an argument's ascube.offset): the hidden index buffer is addressed from its L0B address [sparse_c1]}}
  ascube.mmad_sparse %a, %b to %c : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a3>} {
  func.func @ok(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, %ix: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>,
                %a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    %b0 = ascube.alloc offset 1024 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_sparse %bp, %ix to %b0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.mmad_sparse %a, %b0 to %c : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}

// -----

func.func @mmad_unit_flag(%a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{unitFlag = 1 is not 0, 2 or 3 [mmadsparse_c2]}}
  ascube.mmad_sparse %a, %b to %c {unitFlag = 1 : i64} : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

// B' for k = 128 has 64 dense rows: a 32-row buffer is one fractal short.
func.func @mmad_b_grid(%a: memref<16x128xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  // expected-error @+1 {{B' must be Zn with 32x16 fractals padded to 64x32 (k / 2 dense rows) for k = 128, n = 32, got 'memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>' [mmadsparse_c3]}}
  ascube.mmad_sparse %a, %b to %c : memref<16x128xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<kirin_x90>} {
  func.func @mmad_product(%a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    %b = ascube.alloc offset 0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    // expected-error @+1 {{MmadWithSparse is not available on kirin_x90 (A2/A3 only) [sparse_c2]}}
    ascube.mmad_sparse %a, %b to %c : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}
