// ascube-opt keeps the source's names of function arguments (as NameLocs
// that the printer uses), through any number of round trips and from stdin,
// so ascube-run can still name them (see Integration/windows.test).
// RUN: ascube-opt %s | FileCheck %s
// RUN: ascube-opt %s | ascube-opt | FileCheck %s
// RUN: cat %s | ascube-opt | FileCheck %s
// RUN: ascube-opt %s --canonicalize --ascube-verify-target | FileCheck %s
// RUN: ascube-opt %s --mlir-use-nameloc-as-prefix=false | FileCheck %s --check-prefix=NUMBERED

// CHECK-LABEL: func.func @k(%A: memref<16x32xf16>, %A1: memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %arg2: memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>)
// CHECK-NEXT: ascube.data_copy %A to %A1
// CHECK-NEXT: ascube.load_2d %A1 to %arg2
// NUMBERED: func.func @k(%arg0: memref<16x32xf16>, %arg1: memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>, %arg2:
func.func @k(%A: memref<16x32xf16>, %A1: memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
             %0: memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
  ascube.data_copy %A to %A1 : memref<16x32xf16> to memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  ascube.load_2d %A1 to %0 : memref<16x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<16x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}
