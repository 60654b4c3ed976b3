// What ascube-estimate-time refuses rather than guess (estimate-time.test).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // A loop-carried bound read from memory.
  func.func @carried_load(%N: memref<1xindex>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.load %N[%c0] : memref<1xindex>
    %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %n) -> (index) {
      scf.for %j = %c0 to %x step %c1 {
        ascube.pipe_barrier <M>
      }
      scf.yield %x : index
    }
    return
  }
  func.func private @h(%x: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %j = %c0 to %x step %c1 {
      ascube.pipe_barrier <M>
    }
    return
  }
  // The second call's argument is read from memory (not the first's 5).
  func.func @call_load(%N: memref<1xindex>) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %n = memref.load %N[%c0] : memref<1xindex>
    func.call @h(%c5) : (index) -> ()
    func.call @h(%n) : (index) -> ()
    return
  }
  // An affine.for around an instruction: not followed.
  func.func @affine_loop() {
    affine.for %i = 0 to 3 {
      ascube.pipe_barrier <M>
    }
    return
  }
  // Unstructured control flow.
  func.func @blocks(%c: i1) {
    cf.cond_br %c, ^a, ^b
  ^a:
    ascube.pipe_barrier <M>
    cf.br ^b
  ^b:
    return
  }
  // The minimum i64 over -1 (no value, no crash) beside an instruction.
  func.func @overflow() {
    %a = arith.constant -9223372036854775808 : i64
    %b = arith.constant -1 : i64
    %q = arith.divsi %a, %b : i64
    %r = arith.remsi %a, %b : i64
    ascube.pipe_barrier <M>
    return
  }
  // The same beside a matmul the mapping times (no crash): mapped.
  func.func @overflow_matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>, %S: memref<1xi64>) {
    %a = arith.constant -9223372036854775808 : i64
    %b = arith.constant -1 : i64
    %q = arith.remsi %a, %b : i64
    %c0 = arith.constant 0 : index
    memref.store %q, %S[%c0] : memref<1xi64>
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%C : memref<64x64xf32>)
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}
