// ascube-verify-target's loop-offset check on offsets near int64's range.
// RUN: ascube-opt %s -verify-diagnostics --ascube-verify-target
// A loop offset whose address in bits exceeds int64: the alignment of the
// address is computed without forming it (a signed overflow under UBSan); the
// offset stays inside the buffer, so nothing is reported.
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
!D = memref<16x36028797018963968xf32, #ascube.layout<Nz>>
func.func @loop_offset_bits(%c: !C, %d: !D) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 288230376151711744 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %o = arith.muli %i, %big : index
    ascube.fixpipe %c to %d[%o] : !C to !D
  }
  return
}

