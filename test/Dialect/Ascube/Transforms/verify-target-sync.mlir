// ascube-verify-target, sync_c1 (cube-reference §13.3): consecutive Mmads
// accumulating into the same L0C tile need PipeBarrier<PIPE_M> between them
// when the first one's (m/16)*(n/16) < 10.
// Below: the SetFlag/WaitFlag events (sync_c2, sync_c3).
// RUN: ascube-opt %s -split-input-file --ascube-verify-target -verify-diagnostics

!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @missing(%a: !A, %b: !B, %c: !C) {
    // expected-note @+1 {{the previous Mmad}}
    ascube.mmad %a, %b to %c : !A, !B to !C
    // expected-error @+1 {{accumulates into the L0C tile the previous Mmad wrote (m = 16, n = 16: (m/16)*(n/16) = 1 < 10) with no ascube.pipe_barrier <M> between them on atlas_a2 (§13.3) [sync_c1]}}
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    return
  }
  // The barrier (PIPE_M or PIPE_ALL) makes it legal; a fresh C needs none.
  func.func @fenced(%a: !A, %b: !B, %c: !C) {
    ascube.mmad %a, %b to %c : !A, !B to !C
    ascube.pipe_barrier <M>
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    ascube.pipe_barrier <ALL>
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    ascube.mmad %a, %b to %c : !A, !B to !C
    return
  }
  // Another tile, or another pipe's barrier.
  func.func @other_tile(%a: !A, %b: !B, %c: !C, %d: !C) {
    ascube.mmad %a, %b to %c : !A, !B to !C
    // expected-note @+1 {{the previous Mmad}}
    ascube.mmad %a, %b to %d {cmatrixInitVal = false} : !A, !B to !C
    ascube.pipe_barrier <MTE1>
    // expected-error @+1 {{(m/16)*(n/16) = 1 < 10) with no ascube.pipe_barrier <M> between them on atlas_a2 (§13.3) [sync_c1]}}
    ascube.mmad %a, %b to %d {cmatrixInitVal = false} : !A, !B to !C
    return
  }
}

// -----

// 64 x 48: (64/16)*(48/16) = 12 blocks, no barrier needed; 15 x 48: 15/16
// = 0 blocks, needed.
!A = memref<64x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x48xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<64x48xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @sizes(%a: !A, %b: !B, %c: !C) {
    ascube.mmad %a, %b to %c : !A, !B to !C
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    return
  }
  func.func @small(%a: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, %b: !B,
                   %c: memref<16x48xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    // expected-note @+1 {{the previous Mmad}}
    ascube.mmad %a, %b to %c {m = 15 : i64} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, !B to memref<16x48xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    // expected-error @+1 {{(m = 15, n = 48: (m/16)*(n/16) = 0 < 10)}}
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>, !B to memref<16x48xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}

// -----

// The boundary of §13.3's rule: 48 x 48 is 3*3 = 9 blocks, one short of 10
// (barrier needed); 32 x 80 is 2*5 = 10 blocks (none needed).
!A = memref<48x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x48xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<48x48xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!A2 = memref<32x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B2 = memref<16x80xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C2 = memref<32x80xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @nine_blocks(%a: !A, %b: !B, %c: !C) {
    // expected-note @+1 {{the previous Mmad}}
    ascube.mmad %a, %b to %c : !A, !B to !C
    // expected-error @+1 {{(m = 48, n = 48: (m/16)*(n/16) = 9 < 10)}}
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    return
  }
  func.func @ten_blocks(%a: !A2, %b: !B2, %c: !C2) {
    ascube.mmad %a, %b to %c : !A2, !B2 to !C2
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A2, !B2 to !C2
    return
  }
}

// -----

// A K loop: each iteration's Mmad follows the previous iteration's.
!A = memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @loop(%a: !A, %b: !B, %c: !C) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    ascube.mmad %a, %b to %c : !A, !B to !C
    ascube.pipe_barrier <M>
    scf.for %k = %c0 to %c4 step %c1 {
      // expected-note @+2 {{the previous Mmad}}
      // expected-error @+1 {{with no ascube.pipe_barrier <M> between them on ascend950pr (§13.3) [sync_c1]}}
      ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    }
    return
  }
  // A barrier on one path only: the other path still needs one.
  func.func @if_one_path(%a: !A, %b: !B, %c: !C, %p: i1) {
    // expected-note @+1 {{the previous Mmad}}
    ascube.mmad %a, %b to %c : !A, !B to !C
    scf.if %p {
      ascube.pipe_barrier <M>
    }
    // expected-error @+1 {{with no ascube.pipe_barrier <M> between them on ascend950pr (§13.3) [sync_c1]}}
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    return
  }
  // The path that skips the scf.if still has the Mmad on C unfenced.
  func.func @if_other_tile(%a: !A, %b: !B, %c: !C, %d: !C, %p: i1) {
    // expected-note @+1 {{the previous Mmad}}
    ascube.mmad %a, %b to %c : !A, !B to !C
    scf.if %p {
      ascube.mmad %a, %b to %d : !A, !B to !C
    }
    // expected-error @+1 {{with no ascube.pipe_barrier <M> between them on ascend950pr (§13.3) [sync_c1]}}
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    return
  }
  // A loop that may run zero times leaves the Mmad before it pending.
  func.func @zero_trip(%a: !A, %b: !B, %c: !C, %d: !C, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @+1 {{the previous Mmad}}
    ascube.mmad %a, %b to %c : !A, !B to !C
    scf.for %k = %c0 to %n step %c1 {
      ascube.mmad %a, %b to %d : !A, !B to !C
    }
    // expected-error @+1 {{with no ascube.pipe_barrier <M> between them on ascend950pr (§13.3) [sync_c1]}}
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    return
  }
  // Fenced on both paths.
  func.func @if_both_paths(%a: !A, %b: !B, %c: !C, %p: i1) {
    ascube.mmad %a, %b to %c : !A, !B to !C
    scf.if %p {
      ascube.pipe_barrier <M>
    } else {
      ascube.pipe_barrier <ALL>
    }
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    return
  }
  // A barrier after each Mmad, or a loop that runs once.
  func.func @loop_ok(%a: !A, %b: !B, %c: !C) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    ascube.mmad %a, %b to %c : !A, !B to !C
    scf.for %k = %c0 to %c4 step %c1 {
      ascube.pipe_barrier <M>
      ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    }
    ascube.pipe_barrier <M>
    affine.for %k = 0 to 1 {
      ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    }
    return
  }
}

// -----

// SetFlag/WaitFlag events (sync_c2, op verifier): the Cube core's pairs
// only. (asc-devkit's HardEvent list of the AI Cube core.)
func.func @not_an_event(%e: index) {
  // expected-error @+1 {{event V -> M is not an event of the Cube core}}
  ascube.set_flag <V> -> <M>, %e
  return
}

// -----

func.func @all_is_no_flag_pipe(%e: index) {
  // expected-error @+1 {{event MTE2 -> ALL is not an event of the Cube core (its pairs: MTE2/MTE1, MTE1/M, MTE2/M, M/FIX, MTE2/FIX, MTE1/FIX and MTE3/MTE1, MTE3/MTE2, S/MTE2, S/MTE3 either way; FIX -> FIX, FIX -> MTE3, FIX -> S, M -> S) [sync_c2]}}
  ascube.wait_flag <MTE2> -> <ALL>, %e
  return
}

// -----

func.func @m_to_m(%e: index) {
  // expected-error @+1 {{event M -> M is not an event of the Cube core}}
  ascube.set_flag <M> -> <M>, %e
  return
}

// -----

func.func @negative_id() {
  %e = arith.constant -1 : index
  // expected-error @+1 {{event ID -1 is negative (IDs count from 0) [sync_c2]}}
  ascube.wait_flag <MTE1> -> <M>, %e
  return
}

// -----

// Per product (sync_c3, ascube-verify-target): event IDs 0-7, 0-3 on the
// Atlas training series; events with FIX need Fixpipe.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @ids_a2() {
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    ascube.set_flag <MTE2> -> <MTE1>, %c7
    ascube.wait_flag <MTE2> -> <MTE1>, %c7
    // expected-error @+1 {{event ID 8 is out of range [0, 7] on atlas_a2 [sync_c3]}}
    ascube.set_flag <FIX> -> <M>, %c8
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_training>} {
  func.func @ids_910a() {
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    ascube.set_flag <MTE1> -> <M>, %c3
    // expected-error @+1 {{event ID 4 is out of range [0, 3] on atlas_training [sync_c3]}}
    ascube.wait_flag <MTE1> -> <M>, %c4
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @no_fix_pipe(%e: index) {
    // expected-error @+1 {{event M -> FIX: atlas_inference has no FIX pipe (no Fixpipe, §16) [sync_c3]}}
    ascube.set_flag <M> -> <FIX>, %e
    return
  }
}

// -----

// sync_c9: SyncAll, a barrier across blocks, exists on Atlas A2/A3, 950,
// Kirin X90 and Kirin 9030, not on Atlas 200I/500 A2 nor the Atlas
// inference and training series (docs/Products.md).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @has_sync_all() {
    ascube.sync_all
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
  func.func @no_sync_all() {
    // expected-error @+1 {{atlas_200i_500_a2 has no SyncAll (a barrier across blocks; docs/Products.md): split the kernel where its blocks hand GM over, or run one block [sync_c9]}}
    ascube.sync_all
    return
  }
}
