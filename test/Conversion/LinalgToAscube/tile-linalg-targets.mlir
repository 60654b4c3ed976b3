// Which product ascube-tile-linalg maps onto: without the product option
// each linalg op takes its nearest enclosing ascube.target, so a nested
// module is mapped for its own product; a module with nothing to map needs
// no product; an empty matmul (M or N = 0) is removed with its fill.
// RUN: ascube-opt %s --ascube-tile-linalg | FileCheck %s
// RUN: ascube-opt %s --ascube-tile-linalg --ascube-select-movers --ascube-verify-target -o /dev/null
// RUN: echo 'func.func @f() { return }' | ascube-opt --ascube-tile-linalg | FileCheck %s --check-prefix=NOTHING

// NOTHING: func.func @f()

// CHECK-LABEL: module attributes {ascube.target = #ascube.target<ascend950pr>}
// CHECK: func.func @on950
// The L0A tile is Nz on 950 (Zz on Atlas A2).
// CHECK: ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
// CHECK-NOT: linalg.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @on950(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
    %z = arith.constant 0.0 : f32
    linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
    linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
    return
  }
}
// CHECK-LABEL: module attributes {ascube.target = #ascube.target<atlas_a2>}
// CHECK: func.func @onA2
// CHECK: ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK: func.func @empty(%{{.*}}: memref<0x16xf16>, %{{.*}}: memref<16x16xf16>, %{{.*}}: memref<0x16xf32>) {
// CHECK-NOT: linalg.
// CHECK: return
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @onA2(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
    %z = arith.constant 0.0 : f32
    linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
    linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
    return
  }
  func.func @empty(%A: memref<0x16xf16>, %B: memref<16x16xf16>, %C: memref<0x16xf32>) {
    %z = arith.constant 0.0 : f32
    linalg.fill ins(%z : f32) outs(%C : memref<0x16xf32>)
    linalg.matmul ins(%A, %B : memref<0x16xf16>, memref<16x16xf16>) outs(%C : memref<0x16xf32>)
    return
  }
}
