// Block 0 writes O[0], block 1 reads it with no SyncAll between
// (race_c2; sync-all.test). Without a SyncAll the blocks run one after
// another, block 0 first: the read comes after the write.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @unordered(%O: memref<2xi64>) {
    %i = ascube.block_idx
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %is0 = arith.cmpi eq, %i, %c0 : index
    %is1 = arith.cmpi eq, %i, %c1 : index
    scf.if %is0 {
      memref.store %one, %O[%c0] : memref<2xi64>
    }
    scf.if %is1 {
      %v = memref.load %O[%c0] : memref<2xi64>
      memref.store %v, %O[%c1] : memref<2xi64>
    }
    return
  }
}
