// ascube-verify-target: whole-function checks against the product.
// RUN: ascube-opt %s -split-input-file --ascube-verify-target -verify-diagnostics

// A buffer argument that cannot fit its level, even if no op uses it.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // expected-error @+1 {{argument #0 of @arg: buffer needs 131072 B but atlas_a2 L0B holds 65536 B [capacity_c1]}}
  func.func @arg(%b: memref<256x256xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>) {
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_inference>} {
  // expected-error @+1 {{argument #0 of @no_level: buffer lives in FB, which atlas_inference does not have [capacity_c2]}}
  func.func @no_level(%q: memref<16xi64, #ascube.mem<FB>>) {
    return
  }
}

// -----

// Two 40 KiB L0A tiles fit one by one but not together.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // expected-error @+1 {{the allocations of L0A in @total need 81920 B (placed up to 40960 B, 40960 B unplaced) but atlas_a2 L0A holds 65536 B [capacity_c3]}}
  func.func @total() {
    %a = ascube.alloc offset 0 : memref<128x160xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b = ascube.alloc : memref<128x160xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// Arguments count with the allocations (their caller placed them): an
// argument and an allocation of 40 KiB each in L0A.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // expected-error @+1 {{the allocations of L0A in @total_arg need 81920 B (placed up to 0 B, 81920 B unplaced) but atlas_a2 L0A holds 65536 B [capacity_c3]}}
  func.func @total_arg(%a: memref<128x160xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
    %b = ascube.alloc : memref<128x160xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// ... and placed arguments up to their end.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // expected-error @+1 {{the allocations of L0A in @total_placed_arg need 81920 B (placed up to 40960 B, 40960 B unplaced) but atlas_a2 L0A holds 65536 B [capacity_c3]}}
  func.func @total_placed_arg(%a: memref<128x160xf16, #ascube.layout<Zz>, #ascube.mem<L0A>> {ascube.offset = 0 : i64}) {
    %b = ascube.alloc : memref<128x160xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// Placed arguments are separate memory when the kernel runs: they may not
// share bytes with another placed buffer (arg_c2).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // expected-error @+1 {{argument #0 of @alias_args (ascube.offset 0) shares bytes [512, 1024) of L0C with argument #1; arguments are separate memory when the kernel runs: allocate buffers meant to alias in the kernel [arg_c2]}}
  func.func @alias_args(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> {ascube.offset = 0 : i64},
                        %d: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> {ascube.offset = 512 : i64}) {
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // expected-error @+1 {{argument #0 of @alias_alloc (ascube.offset 1024) shares bytes [1024, 2048) of L0C with an allocation}}
  func.func @alias_alloc(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> {ascube.offset = 1024 : i64}) {
    // expected-note @+1 {{the allocation}}
    %d = ascube.alloc offset 0 : memref<32x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}

// -----

// Placed arguments side by side are fine.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @side_by_side(%c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> {ascube.offset = 0 : i64},
                          %d: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> {ascube.offset = 1024 : i64}) {
    return
  }
}

// -----

// An Mmad's C and its bias overlapping in L0C.
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @overlap(%a: !A, %b: !B) {
    %c = ascube.alloc offset 0 : !C
    %bias = ascube.alloc offset 512 : memref<16xf32, #ascube.mem<L0C>>
    // expected-error @+1 {{'ascube.mmad' op operands #2 and #3 overlap in L0C: bytes [0, 1024) and [512, 576) [overlap_c1]}}
    ascube.mmad %a, %b to %c bias %bias : memref<16xf32, #ascube.mem<L0C>> : !A, !B to !C
    return
  }
}

// -----

// Reusing a region of a level across instructions is fine: the pass only
// rejects overlapping operands of one instruction.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @reuse(%g: memref<16x16xf16>) {
    %x = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %y = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %g to %x : memref<16x16xf16> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %g to %y : memref<16x16xf16> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    return
  }
}

// -----

// A and B placed on overlapping L1 bytes: B's copy overwrites A's data
// before load_2d reads it (overlap_c2).
!G = memref<16x32xf16>
!L1 = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @clobber(%A: !G, %B: !G) {
    %a1 = ascube.alloc offset 0 : !L1
    %b1 = ascube.alloc offset 512 : !L1
    ascube.data_copy %A to %a1 : !G to !L1
    // expected-error @+1 {{'ascube.data_copy' op overwrites bytes [512, 1024) of L1 that hold data written by an earlier 'ascube.data_copy' and still read by a later 'ascube.load_2d' [overlap_c2]}}
    ascube.data_copy %B to %b1 : !G to !L1
    %a0 = ascube.alloc offset 0 : !L0A
    // expected-note @+1 {{read here}}
    ascube.load_2d %a1 to %a0 : !L1 to !L0A
    return
  }
}

// -----

// Reusing the same bytes once A's data is dead is fine: A is read before
// B overwrites it.
!G = memref<16x32xf16>
!L1 = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @reuse(%A: !G, %B: !G) {
    %a1 = ascube.alloc offset 0 : !L1
    %b1 = ascube.alloc offset 512 : !L1
    %a0 = ascube.alloc offset 0 : !L0A
    %b0 = ascube.alloc offset 1024 : !L0A
    ascube.data_copy %A to %a1 : !G to !L1
    ascube.load_2d %a1 to %a0 : !L1 to !L0A
    ascube.data_copy %B to %b1 : !G to !L1
    ascube.load_2d %b1 to %b0 : !L1 to !L0A
    return
  }
}

// -----

// A later partial rewrite of A (its first fractal) does not repair what B's
// copy overwrote (A's second fractal) before the load reads all of A.
!G = memref<16x32xf16>
!L1 = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @partial_rewrite(%A: !G, %B: !G) {
    %a1 = ascube.alloc offset 0 : !L1
    %b1 = ascube.alloc offset 512 : !L1
    %a0 = ascube.alloc offset 0 : !L0A
    ascube.data_copy %A to %a1 : !G to !L1
    // expected-error @+1 {{'ascube.data_copy' op overwrites bytes [512, 1024) of L1 that hold data written by an earlier 'ascube.data_copy' and still read by a later 'ascube.load_2d' [overlap_c2]}}
    ascube.data_copy %B to %b1 : !G to !L1
    ascube.data_copy %A to %a1 {dValue = 16 : i64} : !G to !L1
    // expected-note @+1 {{read here}}
    ascube.load_2d %a1 to %a0 : !L1 to !L0A
    return
  }
}

// -----

// Only the bytes an instruction reaches count: the load reads A's first
// fractal (bytes [0, 512)), which B's copy to [512, 1536) leaves alone.
!G = memref<16x32xf16>
!L1 = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @partial(%A: !G, %B: !G) {
    %a1 = ascube.alloc offset 0 : !L1
    %b1 = ascube.alloc offset 512 : !L1
    %a0 = ascube.alloc offset 0 : !L0A
    ascube.data_copy %A to %a1 : !G to !L1
    ascube.data_copy %B to %b1 : !G to !L1
    ascube.load_2d %a1 to %a0 {repeatTimes = 1 : i64} : !L1 to !L0A
    return
  }
}

// -----

// unitFlag on the Mmad but not on the Fixpipe that reads its tile.
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @unit_flag(%a: !A, %b: !B, %out: memref<16x16xf32>) {
    %c = ascube.alloc offset 0 : !C
    // expected-note @+1 {{the Mmad}}
    ascube.mmad %a, %b to %c {unitFlag = 3 : i64} : !A, !B to !C
    // expected-error @+1 {{has no unitFlag but the Mmad writing its L0C tile does; it must be enabled on both (§13.3) [unitflag_c1]}}
    ascube.fixpipe %c to %out : !C to memref<16x16xf32>
    return
  }
}

// -----

// The other way round: unitFlag on the Fixpipe only.
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @unit_flag_fixpipe(%a: !A, %b: !B, %out: memref<16x16xf32>) {
    %c = ascube.alloc offset 0 : !C
    // expected-note @+1 {{the Mmad}}
    ascube.mmad %a, %b to %c : !A, !B to !C
    // expected-error @+1 {{has unitFlag but the Mmad writing its L0C tile does not; it must be enabled on both (§13.3) [unitflag_c1]}}
    ascube.fixpipe %c to %out {unitFlag = 2 : i64} : !C to memref<16x16xf32>
    return
  }
}

// -----

// The Fixpipe reads the Mmad's tile through another placed buffer of the
// same L0C bytes (a second allocation at offset 0).
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @unit_flag_alias(%a: !A, %b: !B, %out: memref<16x16xf32>) {
    %c = ascube.alloc offset 0 : !C
    %view = ascube.alloc offset 0 : !C
    // expected-note @+1 {{the Mmad}}
    ascube.mmad %a, %b to %c {unitFlag = 3 : i64} : !A, !B to !C
    // expected-error @+1 {{has no unitFlag but the Mmad writing its L0C tile does; it must be enabled on both (§13.3) [unitflag_c1]}}
    ascube.fixpipe %view to %out : !C to memref<16x16xf32>
    return
  }
}

// -----

// A tile refilled in pieces (one LoadData 2D per fractal) repairs together
// what the overlapping buffer overwrote: legal.
!L1 = memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!L0B = memref<32x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!L0C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @refill_in_pieces(%a1: !L1, %y1: !L1, %b0: !L0B, %c: !L0C) {
    %c256 = arith.constant 256 : index
    %a0 = ascube.alloc offset 0 : !L0A
    %y0 = ascube.alloc offset 0 : !L0A
    ascube.load_2d %a1 to %a0 : !L1 to !L0A
    ascube.mmad %a0, %b0 to %c : !L0A, !L0B to !L0C
    ascube.load_2d %y1 to %y0 : !L1 to !L0A
    ascube.load_2d %a1 to %a0 {repeatTimes = 1 : i64} : !L1 to !L0A
    ascube.load_2d %a1 to %a0[%c256] {startIndex = 1 : i64, repeatTimes = 1 : i64} : !L1 to !L0A
    ascube.pipe_barrier <M>
    ascube.mmad %a0, %b0 to %c {cmatrixInitVal = false} : !L0A, !L0B to !L0C
    return
  }
}

// -----

// An accumulating Mmad updating the third row fractal of a live L0C tile
// through a window reads what it overwrites: nothing is lost (no overlap_c2),
// and the window keeps the tile's geometry (no overlap_c3).
!A48 = memref<48x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!A16 = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B16 = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @rmw(%A: !A48, %B: !B16, %A2: !A16, %OUT: memref<48x16xf32>) {
    %p = ascube.alloc offset 0 : memref<48x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %A, %B to %p : !A48, !B16 to memref<48x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.pipe_barrier <M>
    %w = ascube.alloc offset 2048 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %A2, %B to %w {cmatrixInitVal = false} : !A16, !B16 to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %p to %OUT : memref<48x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<48x16xf32>
    return
  }
}

// -----

// A window of rows 16-31 without the parent's pitch: only its first 16-column
// block holds those rows (overlap_c3, a warning).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @rows(%A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %B: memref<16x128xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %OUT: memref<16x128xf32>) {
    %p = ascube.alloc offset 0 : memref<32x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    // expected-note @+1 {{the write}}
    ascube.mmad %A, %B to %p : memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x128xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<32x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    %w = ascube.alloc offset 1024 : memref<16x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    // expected-warning @+1 {{reads L0C bytes [1024, 9216) through 'memref<16x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>' (column pitch 16 rows) that an earlier 'ascube.mmad' wrote through 'memref<32x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>' (column pitch 32 rows): the layouts place them differently (byte 1024 is (0, 0) of the one and (16, 0) of the other, byte 2048 (0, 16) and (0, 16)); a window of the written buffer needs its geometry, e.g. #ascube.layout<Nz, ld = 32> [overlap_c3]}}
    ascube.fixpipe %w to %OUT : memref<16x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x128xf32>
    return
  }
}

// -----

// With ld = 32 the window reads the parent's rows 16-31: no warning.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @rows_ld(%A: memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                     %B: memref<16x128xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                     %OUT: memref<16x128xf32>) {
    %p = ascube.alloc offset 0 : memref<32x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %A, %B to %p : memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x128xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<32x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    %w = ascube.alloc offset 1024 : memref<16x128xf32, #ascube.layout<Nz, ld = 32>, #ascube.mem<L0C>>
    ascube.fixpipe %w to %OUT : memref<16x128xf32, #ascube.layout<Nz, ld = 32>, #ascube.mem<L0C>> to memref<16x128xf32>
    return
  }
}

// -----

// Offsets that only a constant-bound loop makes dynamic are checked at its
// first and last iterations: rows 0..1 of a 2-row L0A tile are fine, a third
// iteration runs past it; an offset of 128 elements (256 B) is misaligned.
!L1 = memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @loop_ok(%s: !L1, %d: !L0A) {
    affine.for %r = 0 to 2 {
      %o = affine.apply affine_map<(r) -> (r * 512)>(%r)
      ascube.load_2d %s[%o] to %d[%o] {repeatTimes = 2 : i64} : !L1 to !L0A
    }
    return
  }
  func.func @loop_past(%s: !L1, %d: !L0A) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %c512 = arith.constant 512 : index
    scf.for %r = %c0 to %c3 step %c1 {
      %o = arith.muli %r, %c512 : index
      // expected-error @+1 {{'ascube.load_2d' op destination offset 1024 (with the enclosing loop's induction variable at last 2) runs past the destination buffer: 512 elements from it in 'memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>', which holds 1024 elements [load2d_c5]}}
      ascube.load_2d %s to %d[%o] {repeatTimes = 2 : i64} : !L1 to !L0A
    }
    return
  }
  // Under a condition the mover need not run at the loop's ends: its
  // offsets are left to the run-time checks (rows 0..1 only here: legal).
  func.func @loop_guarded(%s: !L1, %d: !L0A) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c512 = arith.constant 512 : index
    scf.for %r = %c0 to %c3 step %c1 {
      %in = arith.cmpi slt, %r, %c2 : index
      scf.if %in {
        %o = arith.muli %r, %c512 : index
        ascube.load_2d %s to %d[%o] {repeatTimes = 2 : i64} : !L1 to !L0A
      }
    }
    return
  }
  func.func @loop_misaligned(%s: !L1, %d: !L0A) {
    affine.for %r = 0 to 2 {
      affine.for %c = 0 to 4 {
        %o = affine.apply affine_map<(r, c) -> (r * 512 + c * 128)>(%r, %c)
        // expected-error @+1 {{'ascube.load_2d' op destination address 768 B (with the enclosing loops' induction variables at first 0, last 3) is not a multiple of 512 B [alignment_c2]}}
        ascube.load_2d %s to %d[%o] {repeatTimes = 1 : i64} : !L1 to !L0A
      }
    }
    return
  }
}

// -----

// An abstract ascube.load writes its whole destination: it rewrites the L0A
// bytes the first load_2d had written, so the later read through %q takes
// the load's data, not the overwritten one (no overlap_c2).
!S = memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @abstract_load(%s: !S, %b: !B, %c: !C, %c2: !C) {
    %q = ascube.alloc offset 0 : !A
    %p = ascube.alloc offset 0 : !A
    ascube.load_2d %s to %q {repeatTimes = 1 : i64} : !S to !A
    ascube.load_2d %s to %p {repeatTimes = 1 : i64} : !S to !A
    ascube.mmad %p, %b to %c : !A, !B to !C
    ascube.load %s to %q : !S to !A
    ascube.mmad %q, %b to %c2 : !A, !B to !C
    return
  }
}

// -----

// Calls: the chip has one memory per level, so a called function's placed
// buffer is its caller's bytes. A callee's scratch at L0C 0 overwrites the
// caller's live tile (overlap_c2 at the call); a buffer passed to a
// callee sits where it takes it (arg_c3).
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @scratch(%a: !A, %b: !B) {
    %t = ascube.alloc offset 0 : !C
    ascube.mmad %a, %b to %t : !A, !B to !C
    return
  }
  func.func @clobber(%a: !A, %b: !B, %O: memref<16x16xf32>) {
    %c = ascube.alloc offset 0 : !C
    ascube.mmad %a, %b to %c : !A, !B to !C
    // expected-error @+1 {{'func.call' op overwrites bytes [0, 1024) of L0C that hold data written by an earlier 'ascube.mmad' and still read by a later 'ascube.fixpipe' [overlap_c2]}}
    func.call @scratch(%a, %b) : (!A, !B) -> ()
    // expected-note @+1 {{read here}}
    ascube.fixpipe %c to %O : !C to memref<16x16xf32>
    return
  }
  // Scratch at 1024 leaves the tile alone.
  func.func @scratch_aside(%a: !A, %b: !B) {
    %t = ascube.alloc offset 1024 : !C
    ascube.mmad %a, %b to %t : !A, !B to !C
    return
  }
  func.func @aside(%a: !A, %b: !B, %O: memref<16x16xf32>) {
    %c = ascube.alloc offset 0 : !C
    ascube.mmad %a, %b to %c : !A, !B to !C
    func.call @scratch_aside(%a, %b) : (!A, !B) -> ()
    ascube.fixpipe %c to %O : !C to memref<16x16xf32>
    return
  }
}

// -----

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @callee(%a: !A, %b: !B, %c: !C) {
    ascube.mmad %a, %b to %c : !A, !B to !C
    return
  }
  func.func @placed_callee(%a: !A, %b: !B, %c: !C {ascube.offset = 2048 : i64}) {
    ascube.mmad %a, %b to %c : !A, !B to !C
    return
  }
  func.func @k() {
    %a = ascube.alloc offset 0 : !A
    %b = ascube.alloc offset 0 : !B
    %c = ascube.alloc offset 64 : !C
    // expected-error @+1 {{'func.call' op passes operand #2 placed at 64 B to @callee, whose instructions need the buffer 1024 B aligned [arg_c3]}}
    func.call @callee(%a, %b, %c) : (!A, !B, !C) -> ()
    // expected-error @+1 {{'func.call' op passes operand #2 placed at 64 B to @placed_callee, whose argument is placed at ascube.offset 2048 B [arg_c3]}}
    func.call @placed_callee(%a, %b, %c) : (!A, !B, !C) -> ()
    %d = ascube.alloc offset 2048 : !C
    func.call @placed_callee(%a, %b, %d) : (!A, !B, !C) -> ()
    func.call @callee(%a, %b, %d) : (!A, !B, !C) -> ()
    return
  }
}

