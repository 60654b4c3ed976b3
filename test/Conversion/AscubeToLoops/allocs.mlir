// convert-ascube-to-loops: ascube.alloc becomes a view of bytes, every byte
// starting as 0xFF; placed allocations view one memory per level that all
// functions of a module share (a memref.global, as the chip has one L0A),
// the others get bytes of their own, freed at every return. Allocations in
// nested regions and in nested modules are lowered too (a former crash:
// two allocations without an offset at the start of a function).
// RUN: ascube-opt %s --convert-ascube-to-loops | FileCheck %s

// CHECK-LABEL: func.func @unplaced(
// CHECK-DAG: %[[A:.*]] = memref.alloc() : memref<512xi8>
// CHECK-DAG: %[[B:.*]] = memref.alloc() : memref<512xi8>
// CHECK-DAG: arith.constant -1 : i8
// CHECK: memref.view %[[A]]
// CHECK: memref.view %[[B]]
// CHECK-DAG: memref.dealloc %[[A]]
// CHECK-DAG: memref.dealloc %[[B]]
func.func @unplaced() {
  %a = ascube.alloc : memref<16x16xf16, #ascube.mem<L1>>
  %b = ascube.alloc : memref<16x16xf16, #ascube.mem<L1>>
  return
}

// A placed L0A memory has the product's 64 KiB capacity; views at offsets.
// CHECK: memref.global "private" @__ascube_level_L0A : memref<65536xi8> = dense<-1>
// CHECK-LABEL: func.func @placed(
// CHECK: %[[L0A:.*]] = memref.get_global @__ascube_level_L0A : memref<65536xi8>
// CHECK-NOT: scf.for
// CHECK: %[[C512:.*]] = arith.constant 512 : index
// CHECK: memref.view %[[L0A]][%[[C512]]][] : memref<65536xi8> to memref<256xi16>
// CHECK: scf.for
// CHECK: memref.view %[[L0A]]
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @placed(%n: index) {
    %a = ascube.alloc offset 512 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %b = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    }
    return
  }
}
