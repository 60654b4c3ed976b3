// convert-ascube-to-loops{outline=true} (what ascube-to-llvm, the
// --ascube-pipeline and ascube-run use): each distinct instruction is
// lowered once, in a private function @__ascube_<mnemonic> (kept out of
// line in LLVM: passthrough noinline) that the kernel calls. Two
// instructions share a function when they differ only in which buffers of
// the same types they name or in their offsets: an offset, constant or
// not, is an argument, once however often the instruction uses it (a
// tile's loads at different fractals share one function); another
// attribute or another target makes another function.
// RUN: ascube-opt %s --convert-ascube-to-loops=outline=true --canonicalize | FileCheck %s
// Five distinct instructions — four in @k, whose pairs differ only in
// buffers or offsets, and @on950's — five functions.
// RUN: ascube-opt %s --convert-ascube-to-loops=outline=true | grep -c "func.func private @__ascube_load_2d" | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}5{{$}}
// Without the option the loops stay in the kernel.
// RUN: ascube-opt %s --convert-ascube-to-loops --canonicalize | FileCheck %s --check-prefix=INLINE

!L1 = memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!L0A = memref<32x32xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>

// CHECK-LABEL: func.func @k
// CHECK-SAME: (%[[L1:.*]]: memref<1024xi16>, %[[L1B:.*]]: memref<1024xi16>, %[[A:.*]]: memref<1024xi16>, %[[I:.*]]: index)
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: call @[[F:__ascube_load_2d[_0-9]*]](%[[L1]], %[[A]])
// CHECK-NEXT: call @[[F]](%[[L1B]], %[[A]])
// CHECK-NEXT: call @[[G:__ascube_load_2d[_0-9]*]](%[[L1]], %[[A]])
// CHECK-NEXT: call @[[H:__ascube_load_2d[_0-9]*]](%[[L1]], %[[A]], %[[C256]]) : (memref<1024xi16>, memref<1024xi16>, index) -> ()
// CHECK-NEXT: call @[[H]](%[[L1]], %[[A]], %[[C512]])
// CHECK-NEXT: call @[[D:__ascube_load_2d[_0-9]*]](%[[L1]], %[[I]], %[[A]]) : (memref<1024xi16>, index, memref<1024xi16>) -> ()
// CHECK-NEXT: call @[[D]](%[[L1]], %[[I]], %[[A]])
// CHECK-NEXT: return
// The target goes with the lowering, also from a function.
// CHECK-LABEL: func.func @on950(%{{.*}}: memref<1024xi16>, %{{.*}}: memref<1024xi16>) {
// CHECK-NEXT: call @[[F950:__ascube_load_2d[_0-9]*]](

// The destination offset is the callee's argument.
// CHECK: func.func private @[[H]](
// CHECK-SAME: %[[S:.*]]: memref<1024xi16>, %[[T:.*]]: memref<1024xi16>, %[[DOFF:.*]]: index) attributes {passthrough = ["noinline"]}
// CHECK: scf.for %[[E:.*]] =
// CHECK-NEXT: %[[V:.*]] = memref.load %[[S]][%[[E]]]
// CHECK-NEXT: %[[P:.*]] = arith.addi %[[DOFF]], %[[E]] : index
// CHECK-NEXT: memref.store %[[V]], %[[T]][%[[P]]]

// One index argument serves as both offsets.
// CHECK: func.func private @[[D]](
// CHECK-SAME: %[[DS:.*]]: memref<1024xi16>, %[[OFF:.*]]: index, %[[DT:.*]]: memref<1024xi16>)
// CHECK: scf.for %[[E2:.*]] =
// CHECK-NEXT: %[[SP:.*]] = arith.addi %[[OFF]], %[[E2]] : index
// CHECK-NEXT: memref.load %[[DS]][%[[SP]]]
// CHECK-NEXT: %[[DP:.*]] = arith.addi %[[OFF]], %[[E2]] : index
// CHECK-NEXT: memref.store %{{.*}}, %[[DT]][%[[DP]]]

// CHECK: func.func private @[[F950]](

// INLINE-NOT: call @__ascube_load_2d
// INLINE-NOT: func.func private @__ascube_load_2d

module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @k(%l1: !L1, %l1b: !L1, %a: !L0A, %i: index) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  ascube.load_2d %l1 to %a {startIndex = 0 : i64, repeatTimes = 2 : i64, srcStride = 2 : i64} : !L1 to !L0A
  ascube.load_2d %l1b to %a {startIndex = 0 : i64, repeatTimes = 2 : i64, srcStride = 2 : i64} : !L1 to !L0A
  ascube.load_2d %l1 to %a {startIndex = 1 : i64, repeatTimes = 2 : i64, srcStride = 2 : i64} : !L1 to !L0A
  ascube.load_2d %l1 to %a[%c256] {startIndex = 0 : i64, repeatTimes = 1 : i64, srcStride = 1 : i64} : !L1 to !L0A
  ascube.load_2d %l1 to %a[%c512] {startIndex = 0 : i64, repeatTimes = 1 : i64, srcStride = 1 : i64} : !L1 to !L0A
  ascube.load_2d %l1[%i] to %a[%i] {startIndex = 0 : i64, repeatTimes = 1 : i64, srcStride = 1 : i64} : !L1 to !L0A
  ascube.load_2d %l1[%i] to %a[%i] {startIndex = 0 : i64, repeatTimes = 1 : i64, srcStride = 1 : i64} : !L1 to !L0A
  return
}
// Another product around the same instruction: a function of its own.
func.func @on950(%l1: !L1, %a: !L0A) attributes {ascube.target = #ascube.target<ascend950pr>} {
  ascube.load_2d %l1 to %a {startIndex = 0 : i64, repeatTimes = 2 : i64, srcStride = 2 : i64} : !L1 to !L0A
  return
}
}
