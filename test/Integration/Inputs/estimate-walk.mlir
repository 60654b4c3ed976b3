// Control flow ascube-estimate-time follows (estimate-time.test): integers
// of every width, unsigned loops, loop-carried values, calls.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // 1 (i1 true, zero-extended) + 255 (i8 0xff, zero-extended) = 256
  // barriers; an i8 that wraps: 100 + 100 = -56 as i8, so the signed
  // loop to it runs none.
  func.func @widths() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = arith.constant true
    %u = arith.index_castui %t : i1 to index
    %m = arith.constant 255 : i8
    %e = arith.extui %m : i8 to i32
    %ei = arith.index_cast %e : i32 to index
    %s = arith.addi %u, %ei : index
    scf.for %j = %c0 to %s step %c1 {
      ascube.pipe_barrier <M>
    }
    %h = arith.constant 100 : i8
    %w = arith.addi %h, %h : i8
    %wi = arith.index_cast %w : i8 to index
    scf.for %j = %c0 to %wi step %c1 {
      ascube.pipe_barrier <MTE1>
    }
    return
  }
  // An unsigned i8 loop to 200 (-56 as a signed i8): 200 trips.
  func.func @unsigned_i8() {
    %c0 = arith.constant 0 : i8
    %c1 = arith.constant 1 : i8
    %n = arith.constant 200 : i8
    scf.for unsigned %j = %c0 to %n step %c1 : i8 {
      ascube.pipe_barrier <M>
    }
    return
  }
  // A count carried through iter_args: 1 + 2 + 3 + 4 inner trips.
  func.func @carried() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %c1) -> (index) {
      scf.for %j = %c0 to %x step %c1 {
        ascube.pipe_barrier <M>
      }
      %y = arith.addi %x, %c1 : index
      scf.yield %y : index
    }
    scf.for %j = %c0 to %r step %c1 {
      ascube.pipe_barrier <MTE2>
    }
    return
  }
  func.func private @bars(%n: index) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %j = %c0 to %n step %c1 {
      ascube.pipe_barrier <M>
    }
    %d = arith.addi %n, %n : index
    return %d : index
  }
  // Calls with constants and with a callee's result: 3, then 6 barriers.
  func.func @calls() {
    %c3 = arith.constant 3 : index
    %d = func.call @bars(%c3) : (index) -> index
    %e = func.call @bars(%d) : (index) -> index
    return
  }
}
