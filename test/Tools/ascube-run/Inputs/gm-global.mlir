// A GM workspace the kernel holds (a writable memref.global, as split-K's):
// --check-races follows its bytes as it does an argument's.
memref.global "private" @ws : memref<8xi64> = uninitialized

// Every block writes ws[0]: a race on the global's bytes [0, 8).
func.func @same(%O: memref<8xi64>) {
  %w = memref.get_global @ws : memref<8xi64>
  %c0 = arith.constant 0 : index
  %n = ascube.block_num
  %n64 = arith.index_cast %n : index to i64
  memref.store %n64, %w[%c0] : memref<8xi64>
  return
}

// Block i writes ws[i], passes a SyncAll, then reads ws[(i + 1) mod n]
// into O[i]: no race (the SyncAll orders the write before the read).
func.func @passed(%O: memref<8xi64>) {
  %w = memref.get_global @ws : memref<8xi64>
  %i = ascube.block_idx
  %n = ascube.block_num
  %i64 = arith.index_cast %i : index to i64
  memref.store %i64, %w[%i] : memref<8xi64>
  ascube.sync_all
  %c1 = arith.constant 1 : index
  %j0 = arith.addi %i, %c1 : index
  %j = arith.remui %j0, %n : index
  %v = memref.load %w[%j] : memref<8xi64>
  memref.store %v, %O[%i] : memref<8xi64>
  return
}

// The same without the SyncAll: block i reads what block i + 1 writes,
// in no fixed order (race_c2).
func.func @unpassed(%O: memref<8xi64>) {
  %w = memref.get_global @ws : memref<8xi64>
  %i = ascube.block_idx
  %n = ascube.block_num
  %i64 = arith.index_cast %i : index to i64
  memref.store %i64, %w[%i] : memref<8xi64>
  %c1 = arith.constant 1 : index
  %j0 = arith.addi %i, %c1 : index
  %j = arith.remui %j0, %n : index
  %v = memref.load %w[%j] : memref<8xi64>
  memref.store %v, %O[%i] : memref<8xi64>
  return
}
