// SyncAll between blocks, by hand. @phases: block 0 writes O[0] = 1, then
// after the SyncAll block 1 reads it, writes O[1] = O[0] + 1 and
// overwrites O[0] with 7 — ordered by the barrier, no race (O = [7, 2]).
// @uneven: only block 0 reaches the SyncAll (sync_c11). The same without
// the SyncAll: Inputs/unordered-blocks.mlir.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @phases(%O: memref<2xi64>) {
    %i = ascube.block_idx
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %seven = arith.constant 7 : i64
    %is0 = arith.cmpi eq, %i, %c0 : index
    %is1 = arith.cmpi eq, %i, %c1 : index
    scf.if %is0 {
      memref.store %one, %O[%c0] : memref<2xi64>
    }
    ascube.sync_all
    scf.if %is1 {
      %v = memref.load %O[%c0] : memref<2xi64>
      %w = arith.addi %v, %one : i64
      memref.store %w, %O[%c1] : memref<2xi64>
      memref.store %seven, %O[%c0] : memref<2xi64>
    }
    return
  }
  func.func @uneven(%O: memref<2xi64>) {
    %i = ascube.block_idx
    %c0 = arith.constant 0 : index
    %is0 = arith.cmpi eq, %i, %c0 : index
    scf.if %is0 {
      ascube.sync_all
    }
    return
  }
}
