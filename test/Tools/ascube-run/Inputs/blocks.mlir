// Each block writes block_num at O[block_idx].
func.func @blocks(%O: memref<8xi64>) {
  %i = ascube.block_idx
  %n = ascube.block_num
  %n64 = arith.index_cast %n : index to i64
  memref.store %n64, %O[%i] : memref<8xi64>
  return
}
