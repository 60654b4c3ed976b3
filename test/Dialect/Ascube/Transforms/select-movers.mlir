// ascube-select-movers: the remark names the chosen mover, its cost and why
// the others lost; force= picks a mover or fails naming the rule.
// RUN: ascube-opt %s -split-input-file --ascube-select-movers -verify-diagnostics | FileCheck %s
// RUN: not ascube-opt %s -split-input-file --ascube-select-movers="force=load_2d" 2>/dev/null | FileCheck %s --check-prefix=FORCE
// RUN: not ascube-opt %s -split-input-file --ascube-select-movers="force=load_2d" 2>&1 >/dev/null | FileCheck %s --check-prefix=FORCE-ERR

!L1 = memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // CHECK-LABEL: func.func @a_f16
  // CHECK: ascube.load_3d %{{.*}} to %{{.*}} :
  // CHECK-NOT: ascube.load {{.*}}
  // FORCE-LABEL: func.func @a_f16
  // FORCE-COUNT-2: ascube.load_2d %{{.*}} to %{{.*}}[%{{.*}}] {repeatTimes = 3 : i64, srcStride = 2 : i64, startIndex = {{[01]}} : i64}
  func.func @a_f16(%a1: !L1, %a0: !L0A) {
    // expected-remark @+1 {{ascube-select-movers: load_3d (cost 28: 1 instruction + 1 scalar set-up, 12 transfer cycles) chosen for L1 -> L0A f16 30x40 on atlas_a2; rejected: load_2d (cost 60: 2 instructions, 2 loop iterations, 12 transfer cycles), load_2d_transpose}}
    ascube.load %a1 to %a0 : !L1 to !L0A
    return
  }
}

// -----

// B transposed (N x K in L1): LoadData 2D without a transpose.
!L1 = memref<20x40xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0B = memref<40x20xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // CHECK-LABEL: func.func @bt_i8
  // CHECK: ascube.load_2d %{{.*}} to %{{.*}} :
  // FORCE-LABEL: func.func @bt_i8
  // FORCE: ascube.load_2d %{{.*}} to %{{.*}} :
  func.func @bt_i8(%b1: !L1, %b0: !L0B) {
    // expected-remark @+1 {{ascube-select-movers: load_2d (cost 32: 1 instruction, 16 transfer cycles) chosen for L1 -> L0B i8 20x40 transposed on atlas_a2; rejected: load_3d ('ascube.load_3d' op LoadData 3D does not move 'i8' into L0B on atlas_a2 [load3d_c2])}}
    ascube.load %b1 to %b0 : !L1 to !L0B
    return
  }
}

// -----

// Forcing an illegal mover is an error naming the rule.
!L1 = memref<32x30xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<30x32xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // FORCE-ERR: error: 'ascube.load' op the forced mover load_2d cannot do L1 -> L0A f32 32x30 transposed on atlas_a2: 'ascube.load_2d' op ifTranspose needs 16-bit data on L1 -> L0A/L0B, got 'f32' on L1 -> L0A [load2d_c4]
  func.func @at_f32(%a1: !L1, %a0: !L0A) {
    // expected-remark @+1 {{ascube-select-movers: load_3d}}
    ascube.load %a1 to %a0 : !L1 to !L0A
    return
  }
}

// -----

// No mover at all: an int4 transposed A (§11: unsupported).
!L1 = memref<128x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<64x128xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @at_i4(%a1: !L1, %a0: !L0A) {
    // expected-error @+5 {{no mover can do L1 -> L0A i4 128x64 transposed on atlas_a2; an int4 A cannot be moved transposed into L0A (§11): hold A as M x K in L1}}
    // expected-note @+4 {{load_3d: 'ascube.load_3d' op LoadData 3D does not move 'i4' into L0A with enTranspose on atlas_a2 [load3d_c6]}}
    // expected-note @+3 {{load_2d: 'ascube.load_2d' op ifTranspose needs 16-bit data on L1 -> L0A/L0B, got 'i4' on L1 -> L0A [load2d_c4]}}
    // expected-note @+2 {{load_2d_transpose: 'ascube.load_2d_transpose' op LoadDataWithTranspose moves (u)int8, half, bf16, (u)int32, float, and int4 into L0B (V1); got 'i4' into L0A [load2dtranspose_c2]}}
    // expected-note @+1 {{load_2d_v2: 'ascube.load_2d_v2' op LoadData 2D-v2 of 'i4' is not available [load2dv2_c2]}}
    ascube.load %a1 to %a0 : !L1 to !L0A
    return
  }
}

// -----

// The op's own rules.
func.func @levels(%a: memref<16x16xf16, #ascube.layout<Nz>>, %b: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{moves an L1 tile to L0A or L0B, got GM -> L0A [load_c1]}}
  ascube.load %a to %b : memref<16x16xf16, #ascube.layout<Nz>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @shapes(%a: memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  // expected-error @+1 {{the destination 'memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>' must have the source's shape or, transposed, its swapped shape [load_c2]}}
  ascube.load %a to %b : memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

// A square tile moved transposed: the movers' derived forms cannot tell it
// from the untransposed move. On 950, LoadData 2D-v2 takes the parameters
// derived for the tile, given explicitly once their squares are checked
// for the transposed reading.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  // CHECK-LABEL: func.func @square_transposed
  // CHECK: ascube.load_2d_v2 %{{.*}} to %{{.*}} {dstStride = 4 : i64, ifTranspose = true, kStartPosition = 0 : i64, kStep = 2 : i64, mStartPosition = 0 : i64, mStep = 4 : i64, srcStride = 4 : i64}
  func.func @square_transposed(%a1: memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
    // expected-remark @+1 {{ascube-select-movers: load_2d_v2 (cost 32: 1 instruction, 16 transfer cycles) chosen for L1 -> L0A i8 64x64 transposed on ascend950pr; rejected: load_3d (cost 32: 1 instruction + 1 scalar set-up, 16 transfer cycles), load_2d (a square tile moved transposed}}
    ascube.load %a1 to %a0 {transpose} : memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi8, #ascube.layout<Nz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// A2 has no mover for a square int4 A^T (§11: "unsupported"): LoadData 3D
// transposes b16/b32 only, LoadData 2D 16-bit fractals only,
// LoadDataWithTranspose takes int4 into L0B only (its derived form, like
// LoadData 2D's, reads a square tile untransposed: load_c3).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @square_transposed_i4(%a1: memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<64x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+5 {{no mover can do L1 -> L0A i4 64x64 transposed on atlas_a2; an int4 A cannot be moved transposed into L0A (§11): hold A as M x K in L1}}
    // expected-note @+4 {{load_3d: 'ascube.load_3d' op LoadData 3D does not move 'i4' into L0A with enTranspose on atlas_a2 [load3d_c6]}}
    // expected-note @+3 {{load_2d: a square tile moved transposed: load_2d's derived form reads it untransposed, and no form built and checked for the transposed reading (runs of LoadData 2D or LoadDataWithTranspose, LoadData 2D-v2 with its parameters, LoadData 3D with enTranspose into L0A) moves it [load_c3]}}
    // expected-note @+2 {{load_2d_transpose: a square tile moved transposed: load_2d_transpose's derived form reads it untransposed, and no form built and checked for the transposed reading (runs of LoadData 2D or LoadDataWithTranspose, LoadData 2D-v2 with its parameters, LoadData 3D with enTranspose into L0A) moves it [load_c3]}}
    // expected-note @+1 {{load_2d_v2: 'ascube.load_2d_v2' op LoadData 2D-v2 of 'i4' is not available [load2dv2_c2]}}
    ascube.load %a1 to %a0 {transpose} : memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi4, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// An L1 Zz tile into 950's Nz L0A: no mover reads Zz fractals that way, and
// LoadData 2D rows are only derived for Nz sources.
!L1 = memref<32x48xf16, #ascube.layout<Zz>, #ascube.mem<L1>>
!L0A = memref<32x48xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @zz_source(%a1: !L1, %a0: !L0A) {
    // expected-error @+5 {{no mover can do L1 -> L0A f16 32x48 on ascend950pr}}
    // expected-note @+4 {{load_2d_v2: 'ascube.load_2d_v2' op LoadData 2D-v2 moves Nz/Zn L1 fractals into Nz in L0A, got Zz -> Nz [load2dv2_c8]}}
    // expected-note @+3 {{load_3d: 'ascube.load_3d' op LoadData 3D reads an NC1HWC0 feature map or an Nz matrix (§10.4) in L1, got Zz [load3d_c1]}}
    // expected-note @+2 {{load_2d: 'ascube.load_2d' op one LoadData 2D cannot move Zz into Nz here: give startIndex/repeatTimes/srcStride per fractal row (or column) [load2d_c6]}}
    // expected-note @+1 {{load_2d_transpose: 'ascube.load_2d_transpose' op the 950 form of LoadDataWithTranspose moves L1 -> L0B only, got L1 -> L0A [load2dtranspose_c1]}}
    ascube.load %a1 to %a0 : !L1 to !L0A
    return
  }
}

// -----

// 950's 4-bit and 8-bit float data (the data of an MX matmul): LoadData
// 2D-v2 with and without transpose (§11: "all of b4/b8/b16/b32"); LoadData
// 3D does not move fp4, LoadData 2D moves none of them.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  // CHECK-LABEL: func.func @fp4_a
  // CHECK: ascube.load_2d_v2 %{{.*}} to %{{.*}} :
  func.func @fp4_a(%a1: memref<32x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<32x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
    // expected-remark @+1 {{ascube-select-movers: load_2d_v2 (cost 24: 1 instruction, 8 transfer cycles) chosen for L1 -> L0A f4E2M1FN 32x128 on ascend950pr; rejected: load_3d ('ascube.load_3d' op LoadData 3D does not move 'f4E2M1FN' into L0A on ascend950pr}}
    ascube.load %a1 to %a0 : memref<32x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x128xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
    return
  }
  // CHECK-LABEL: func.func @fp4_b
  // CHECK: ascube.load_2d_v2 %{{.*}} to %{{.*}} {ifTranspose = true} :
  func.func @fp4_b(%b1: memref<128x64xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %b0: memref<128x64xf4E2M1FN, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-remark @+1 {{ascube-select-movers: load_2d_v2 (cost 32: 1 instruction, 16 transfer cycles) chosen for L1 -> L0B f4E2M1FN 128x64 on ascend950pr}}
    ascube.load %b1 to %b0 : memref<128x64xf4E2M1FN, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<128x64xf4E2M1FN, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
  // CHECK-LABEL: func.func @fp8_at
  // CHECK: ascube.load_2d_v2 %{{.*}} to %{{.*}} {ifTranspose = true} :
  func.func @fp8_at(%a1: memref<128x32xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
    // expected-remark @+1 {{ascube-select-movers: load_2d_v2 (cost 32: 1 instruction, 16 transfer cycles) chosen for L1 -> L0A f8E4M3FN 128x32 transposed on ascend950pr; rejected: load_3d (cost 32: 1 instruction + 1 scalar set-up, 16 transfer cycles)}}
    ascube.load %a1 to %a0 : memref<128x32xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// A square Zn tile moved transposed on 950: the parameters derived for
// LoadData 2D-v2 would copy it untransposed, so the check of its squares
// rejects them (load_c3); the Zn fractals, as stored, are the Nz fractals of
// the transpose, so one LoadData 2D copies them.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  // CHECK-LABEL: func.func @square_zn
  // CHECK: ascube.load_2d %{{.*}} to %{{.*}}[%{{.*}}] {dstGap = 0 : i64, repeatTimes = 4 : i64, srcStride = 1 : i64, startIndex = 0 : i64}
  func.func @square_zn(%a1: memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L1>>, %a0: memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
    // expected-remark @+1 {{ascube-select-movers: load_2d (cost 24: 1 instruction, 8 transfer cycles) chosen for L1 -> L0A f16 32x32 transposed on ascend950pr; rejected: load_2d_v2 (a square tile moved transposed: load_2d_v2's derived form reads it untransposed, and no form built and checked for the transposed reading (runs of LoadData 2D or LoadDataWithTranspose, LoadData 2D-v2 with its parameters, LoadData 3D with enTranspose into L0A) moves it [load_c3])}}
    ascube.load %a1 to %a0 {transpose} : memref<32x32xf16, #ascube.layout<Zn>, #ascube.mem<L1>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// A square int8 tile of three fractal rows moved transposed on 950: LoadData
// 2D-v2 transposes whole 32 x 32 squares (its rejection names that rule);
// LoadData 3D with enTranspose moves it.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  // CHECK-LABEL: func.func @square_48
  // CHECK: ascube.load_3d %{{.*}} to %{{.*}} {enTranspose = true} :
  func.func @square_48(%a1: memref<48x48xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<48x48xi8, #ascube.layout<Nz>, #ascube.mem<L0A>>) {
    // expected-remark @+1 {{ascube-select-movers: load_3d (cost 28: 1 instruction + 1 scalar set-up, 12 transfer cycles) chosen for L1 -> L0A i8 48x48 transposed on ascend950pr; rejected: load_2d_v2 ('ascube.load_2d_v2' op a transposing LoadData 2D-v2 of 'i8' needs mStep % 2 == 0, got mStep = 3 [load2dv2_c6])}}
    ascube.load %a1 to %a0 {transpose} : memref<48x48xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<48x48xi8, #ascube.layout<Nz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// A transposed f32 A with K = 24: LoadData 3D pads a transposed b32 K to 16
// (§10.4, §13.3), so the selector leaves it (load_c4); LoadDataWithTranspose
// needs a 16-row Nz source for b32.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @at_f32_k24(%a1: memref<24x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>, %a0: memref<16x24xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    // expected-error @+5 {{no mover can do L1 -> L0A f32 24x16 transposed on atlas_a2; the transposing movers work in squares of fractals (§7, §10.4): pad the transposed tile to whole squares (16 x 16 for b16/b32, 32 x 32 for b8, 64 x 64 for b4), or hold the operand the way its L0 buffer reads it}}
    // expected-note @+4 {{load_3d: a transposing LoadData 3D of b32 data pads K to 16 in L0A (§10.4, §13.3); K = 24 is not a multiple of 16 [load_c4]}}
    // expected-note @+3 {{load_2d: 'ascube.load_2d' op ifTranspose needs 16-bit data on L1 -> L0A/L0B, got 'f32' on L1 -> L0A [load2d_c4]}}
    // expected-note @+2 {{load_2d_transpose: 'ascube.load_2d_transpose' op a b32 square pairs source fractals 1 apart, but side-by-side fractals of 'memref<24x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>' are 2 apart (§7: the V1 form pairs neighbours, so it takes a 32-bit Nz source of one 16-row fractal block): split the tile into 16-row pieces (e.g. K into 16-row tiles for an A held K x M), one instruction each [load2dtranspose_c8]}}
    // expected-note @+1 {{load_2d_v2: 'ascube.load_2d_v2' op LoadData 2D-v2 is not available on atlas_a2 (950 only) [load2dv2_c7]}}
    ascube.load %a1 to %a0 : memref<24x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x24xf32, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// A B held N x K whose padding matches K x N (24 x 32, 32 x 24): LoadData 3D
// would write its rows as K rows (load3d_c9); LoadData 2D moves it.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // CHECK-LABEL: func.func @bt_padded_alike
  // CHECK: ascube.load_2d %{{.*}} to %{{.*}} :
  func.func @bt_padded_alike(%b1: memref<24x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %b0: memref<32x24xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-remark @+1 {{rejected: load_3d ('ascube.load_3d' op the derived window rows [0, 32) (from the destination 'memref<32x24xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>') run past the 24 rows of the 24 x 32 Nz source (its own im2col matrix, §10.4): the destination holds the source or a window of it with its rows as K rows (a B held N x K needs a transposing mover, e.g. LoadData 2D) [load3d_c9])}}
    ascube.load %b1 to %b0 : memref<24x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<32x24xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// The field case: an int4 B held K x N (N = 32) needs LoadDataWithTranspose's
// 64 x 64 squares; the error says how to get there, one note per mover.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @b_i4_kn(%s: memref<64x32xi4, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<64x32xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // expected-error @+5 {{no mover can do L1 -> L0B i4 64x32 on atlas_a2; a 4-bit K x N B is transposed into L0B by LoadDataWithTranspose in 64 x 64 squares: pad K and N to multiples of 64, or hold B transposed (N x K in L1), whose fractals L0B takes as they are}}
    // expected-note @+4 {{load_3d: 'ascube.load_3d' op LoadData 3D does not move 'i4' into L0B on atlas_a2 [load3d_c2]}}
    // expected-note @+3 {{load_2d: 'ascube.load_2d' op ifTranspose needs 16-bit data on L1 -> L0A/L0B, got 'i4' on L1 -> L0B [load2d_c4]}}
    // expected-note @+2 {{load_2d_transpose: 'ascube.load_2d_transpose' op one LoadDataWithTranspose cannot move Nz}}
    // expected-note @+1 {{load_2d_v2: 'ascube.load_2d_v2' op LoadData 2D-v2 of 'i4' is not available [load2dv2_c2]}}
    ascube.load %s to %d : memref<64x32xi4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x32xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// Either remedy the hint names is selected: N padded to 64, or B held N x K.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // CHECK-LABEL: func.func @b_i4_remedies
  func.func @b_i4_remedies(%s: memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>, %d: memref<64x64xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                           %t: memref<32x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>, %e: memref<64x32xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    // CHECK: ascube.load_2d_transpose
    // expected-remark @+1 {{load_2d_transpose (cost}}
    ascube.load %s to %d : memref<64x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x64xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>
    // CHECK: ascube.load_2d
    // expected-remark @+1 {{load_2d (cost}}
    ascube.load %t to %e : memref<32x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<64x32xi4, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// One load carries its own choice (mover), the others are selected.
!L1 = memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // CHECK-LABEL: func.func @per_load
  func.func @per_load(%a1: !L1, %a0: !L0A, %b0: !L0A) {
    // CHECK-NEXT: ascube.load_3d
    // expected-remark @+1 {{load_3d (cost}}
    ascube.load %a1 to %a0 : !L1 to !L0A
    // CHECK-NEXT: arith.constant
    // CHECK-NEXT: ascube.load_2d
    // expected-remark @+1 {{forced for L1 -> L0A f16 32x32 on atlas_a2}}
    ascube.load %a1 to %b0 {mover = #ascube.mover<load_2d>} : !L1 to !L0A
    return
  }
}

// -----

!L1 = memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @per_load_impossible(%a1: !L1, %a0: !L0A) {
    // expected-error @+1 {{the forced mover load_2d_v2 cannot do L1 -> L0A f16 32x32 on atlas_a2: 'ascube.load_2d_v2' op LoadData 2D-v2 is not available on atlas_a2 (950 only) [load2dv2_c7]}}
    ascube.load %a1 to %a0 {mover = #ascube.mover<load_2d_v2>} : !L1 to !L0A
    return
  }
}

