// Kernels that break a flag rule (sync.test): set twice (sync_c5), a wait
// with nothing set (sync_c6), a flag left set (sync_c7), an event ID past
// the product's (sync_c3, known only when the kernel runs).
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @set_twice(%X: memref<30x70xf16>) {
    %e = arith.constant 1 : index
  ascube.set_flag <MTE2> -> <MTE1>, %e
  ascube.set_flag <MTE2> -> <MTE1>, %e
    ascube.wait_flag <MTE2> -> <MTE1>, %e
    return
  }
  func.func @wait_unset(%X: memref<30x70xf16>) {
    %e = arith.constant 0 : index
    ascube.wait_flag <M> -> <FIX>, %e
    return
  }
  func.func @left_set(%X: memref<30x70xf16>) {
    %e = arith.constant 2 : index
    ascube.set_flag <MTE1> -> <MTE2>, %e
    return
  }
  func.func @dynamic_id(%X: memref<30x70xf16>) {
    %n = ascube.block_num
    %c7 = arith.constant 7 : index
    %e = arith.addi %n, %c7 : index
    ascube.set_flag <MTE2> -> <MTE1>, %e
    ascube.wait_flag <MTE2> -> <MTE1>, %e
    return
  }
}
