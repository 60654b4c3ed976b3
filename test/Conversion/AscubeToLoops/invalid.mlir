// ascube buffers are read and written by ascube instructions only: a memref
// op on one is an error of the lowering, not a reinterpretation of its
// storage.
// RUN: not ascube-opt %s --convert-ascube-to-loops 2>&1 | FileCheck %s
// CHECK: failed to legalize operation 'memref.load'
func.func @load(%a: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>) -> f16 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0, %c0] : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return %v : f16
}
