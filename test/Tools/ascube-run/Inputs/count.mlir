// X[0] += 1 and Y = X: each run reads what the one before would have left,
// so only runs that start from the same buffers end with X[0] + 1
// (repeat.test).
func.func @count(%X: memref<1xi32>, %Y: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %x = memref.load %X[%c0] : memref<1xi32>
  %y = arith.addi %x, %one : i32
  memref.store %y, %X[%c0] : memref<1xi32>
  memref.store %y, %Y[%c0] : memref<1xi32>
  return
}
