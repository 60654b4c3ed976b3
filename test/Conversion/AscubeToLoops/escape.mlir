// An on-core buffer lives for one invocation of the function that
// allocates it: returning it is an error of the lowering (a former
// use-after-free).
// RUN: not ascube-opt %s --convert-ascube-to-loops 2>&1 | FileCheck %s
// CHECK: error: 'ascube.alloc' op is returned by @helper; on-core buffers live for one invocation of the function that allocates them: allocate in the caller and pass the buffer as an argument [alloc_c3]
func.func @helper() -> memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> {
  %b = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return %b : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
}
