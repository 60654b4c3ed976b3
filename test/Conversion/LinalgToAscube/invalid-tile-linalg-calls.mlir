// tile_c11: the mapped ops of a called function share their tiles out over
// the blocks in that function, so a hand-over between the call and the ops
// around it that needs a barrier which cannot be had (a product without
// SyncAll, a buffer the kernel allocates) cannot fall back to block 0
// either (docs/Constraints.md tile_c10, tile_c11).
// RUN: ascube-opt %s -split-input-file --ascube-tile-linalg=product=atlas_200i_500_a2 -verify-diagnostics

!M = memref<48x48xf32>
func.func private @mm(%X: !M, %Y: !M, %Z: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%Z : !M)
  linalg.matmul ins(%X, %Y : !M, !M) outs(%Z : !M)
  return
}
// Atlas 200I/500 A2 has no SyncAll.
func.func @chain(%A: !M, %B: !M, %D: !M, %C1: !M, %C2: !M) {
  func.call @mm(%A, %B, %C1) : (!M, !M, !M) -> ()
  // expected-error @+1 {{ascube-tile-linalg: the mapped ops of the function this call runs hand GM over with the ops around the call (one reads what the other writes, or writes what it reads or writes), which needs a barrier across blocks, and atlas_200i_500_a2 has no SyncAll; they cannot run on block 0 only either, as their function shares its tiles out over the blocks itself (inline the call before ascube-tile-linalg, e.g. mlir-opt --inline) [tile_c11]}}
  func.call @mm(%C1, %D, %C2) : (!M, !M, !M) -> ()
  return
}

// -----

!M = memref<48x48xf32>
func.func private @mm(%X: !M, %Y: !M, %Z: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%Z : !M)
  linalg.matmul ins(%X, %Y : !M, !M) outs(%Z : !M)
  return
}
// A mapped op after a call, reading what the call's ops write.
func.func @after(%A: !M, %B: !M, %D: !M, %C1: !M, %C2: !M) {
  // expected-error @+1 {{[tile_c11]}}
  func.call @mm(%A, %B, %C1) : (!M, !M, !M) -> ()
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C2 : !M)
  linalg.matmul ins(%C1, %D : !M, !M) outs(%C2 : !M)
  return
}

// -----

!M = memref<48x48xf32>
func.func private @mm(%X: !M, %Y: !M, %Z: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%Z : !M)
  linalg.matmul ins(%X, %Y : !M, !M) outs(%Z : !M)
  return
}
// A hand-over through a buffer the kernel allocates (each block has its
// own).
func.func @local(%A: !M, %B: !M, %D: !M, %C: !M) {
  %T = memref.alloc() : !M
  func.call @mm(%A, %B, %T) : (!M, !M, !M) -> ()
  // expected-error @+1 {{which needs a barrier across blocks, and the buffer is allocated in the kernel, so each block has its own; they cannot run on block 0 only either}}
  func.call @mm(%T, %D, %C) : (!M, !M, !M) -> ()
  memref.dealloc %T : !M
  return
}

// -----

// tile_c12 through a call: @mm reads X and writes Z, and the caller passes
// one buffer as both (its ops take different arguments not to alias).
!M = memref<48x48xf32>
func.func private @mm(%X: !M, %Y: !M, %Z: !M) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%Z : !M)
  linalg.matmul ins(%X, %Y : !M, !M) outs(%Z : !M)
  return
}
func.func @self_call(%A: !M, %B: !M) {
  // expected-error @+1 {{ascube-tile-linalg: arguments 0 and 2 of this call may share GM bytes (views of one buffer that meet, or a buffer the pass cannot see into), and the function it calls (@mm) writes one of them while reading or writing the other: its mapped ops take different arguments not to alias, so the blocks would read them part-written; pass buffers of their own [tile_c12]}}
  func.call @mm(%A, %B, %A) : (!M, !M, !M) -> ()
  return
}
