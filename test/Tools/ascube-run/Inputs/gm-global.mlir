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

// An index global (a kernel's own scalar data): its 8-byte elements are
// followed as well (every block writes ix[7], bytes [56, 64): race_c1).
memref.global "private" @ix : memref<8xindex> = uninitialized
func.func @indices(%O: memref<8xi64>) {
  %w = memref.get_global @ix : memref<8xindex>
  %c7 = arith.constant 7 : index
  %n = ascube.block_num
  memref.store %n, %w[%c7] : memref<8xindex>
  return
}

// A view of a byte global as vectors of two f32: a store is the view's 8
// bytes (every block writes vv[1], bytes [8, 16): race_c1).
memref.global "private" @raw : memref<64xi8> = uninitialized
func.func @viewed(%O: memref<8xi64>) {
  %r = memref.get_global @raw : memref<64xi8>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.view %r[%c0][] : memref<64xi8> to memref<8xvector<2xf32>>
  %one = arith.constant dense<1.0> : vector<2xf32>
  memref.store %one, %v[%c1] : memref<8xvector<2xf32>>
  return
}

// --check-sync names a global too: a Fixpipe writes the workspace and a
// DataCopy reads it back with no FIX -> MTE2 flag between (sync_c4).
memref.global "private" @tile : memref<64x64xf32> = uninitialized
func.func @unflagged(%O: memref<8xi8>) {
  %Y = memref.get_global @tile : memref<64x64xf32>
  %c = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  %l1 = ascube.alloc offset 0 : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
  %c0 = arith.constant 0 : index
  ascube.fixpipe %c to %Y {dstStride = 64 : i64, mSize = 16 : i64, nSize = 16 : i64} : memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<64x64xf32>
  ascube.data_copy %Y[%c0] to %l1 {dValue = 16 : i64, dstNzMatrixStride = 0 : i64, nValue = 1 : i64, ndNum = 1 : i64, srcDValue = 64 : i64, srcNdMatrixStride = 0 : i64} : memref<64x64xf32> to memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}
