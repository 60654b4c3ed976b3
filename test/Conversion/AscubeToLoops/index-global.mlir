// A plain memref of elements no Cube instruction moves (an index global, a
// kernel's own scalar data) is left as it is by the conversion, with no
// diagnostic (it used to print a layout_c3 error and go on, exit 0).
// RUN: ascube-opt %s --convert-ascube-to-loops 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: memref.global "private" @ix : memref<8xindex> = uninitialized
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xindex>
// CHECK-NOT: error
memref.global "private" @ix : memref<8xindex> = uninitialized
func.func @indices(%O: memref<8xi64>) {
  %w = memref.get_global @ix : memref<8xindex>
  %c0 = arith.constant 0 : index
  %n = ascube.block_num
  memref.store %n, %w[%c0] : memref<8xindex>
  return
}
