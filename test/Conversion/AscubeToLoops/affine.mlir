// The affine form of the lowering (convert-ascube-to-loops affine=true, what
// the pipelines use; cube-reference §13, §14, §16): loops with constant trip
// counts are affine.for, indices are composed affine maps over the loop
// counters with floordiv/mod where the fractal layout has them, and loads and
// stores with affine indices are affine.load/store. With reference=true the
// same instructions are the plain scf/arith loops. Upstream's dependence
// analysis reads the maps: affine-parallelize finds the Fixpipe's loops free
// of dependences; the 4:2 sparse mmad, whose A column comes from a loaded
// index (a memref.load, not affine), keeps all its loops.
// RUN: ascube-opt %s -split-input-file --convert-ascube-to-loops=affine=true --canonicalize --cse | FileCheck %s
// RUN: ascube-opt %s -split-input-file --convert-ascube-to-loops="affine=true reference=true" --canonicalize --cse | FileCheck %s --check-prefix=PLAIN
// RUN: ascube-opt %s -split-input-file --convert-ascube-to-loops=affine=true --canonicalize --cse | ascube-opt -split-input-file --pass-pipeline='builtin.module(func.func(affine-parallelize))' | FileCheck %s --check-prefix=PAR

// Fixpipe of a 16 x 32 f32 Nz tile (two 16 x 16 fractals side by side, 256
// elements each) to ND f16: element (m, n) is read at Nz offset
// (n floordiv 16) * 256 + m * 16 + n mod 16 = n + m * 16 + (n floordiv 16) * 240
// and written at m * 32 + n.
// CHECK-LABEL: func.func @fixpipe
// CHECK-SAME: (%[[C:.*]]: memref<512xf32>, %{{.*}}: memref<16x32xf16>)
// CHECK: %[[OUT:.*]] = memref.collapse_shape
// CHECK: affine.for %[[M:.*]] = 0 to 16 {
// CHECK-NEXT: affine.for %[[N:.*]] = 0 to 32 {
// CHECK-NEXT: %[[X:.*]] = affine.load %[[C]][%[[N]] + %[[M]] * 16 + (%[[N]] floordiv 16) * 240] : memref<512xf32>
// CHECK-NEXT: %[[Y:.*]] = arith.truncf %[[X]] : f32 to f16
// CHECK-NEXT: affine.store %[[Y]], %[[OUT]][%[[N]] + %[[M]] * 32] : memref<512xf16>
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// PLAIN-LABEL: func.func @fixpipe
// PLAIN-NOT: affine.
// PLAIN: scf.for
// PLAIN: arith.divui
// PLAIN: memref.load
// PLAIN-NOT: affine.
// PLAIN: return
// PAR-LABEL: func.func @fixpipe
// PAR: affine.parallel ({{.*}}) = (0) to (16)
// PAR-NEXT: affine.parallel ({{.*}}) = (0) to (32)
// PAR-NEXT: affine.load
func.func @fixpipe(%c: memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %out: memref<16x32xf16>) {
  ascube.fixpipe %c to %out : memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<16x32xf16>
  return
}

// -----

// mmad_sparse (§14), k = 64: for each (i, j) of C an accumulation over the
// 16 groups g of 4 k, each reading the 4:2 index byte of dense B rows
// 2g, 2g + 1 (SparseIndex, 8 x 16 fractals, column-major inside: byte
// j * 8 + g floordiv 2 of the two side-by-side fractals, from byte 256 of
// the hidden index buffer: one index byte per 4 L0B bytes, and B sits at L0B
// byte 1024), the dense B elements (Zn 32 x 16
// fractals, column-major inside, side by side: 32 j + 2g + s) and the A
// element of the column the index selects (memref.load: not affine). The
// sum is saturated once and written to Nz C at j + 16 i +
// (j floordiv 16) * 240.
// CHECK-LABEL: func.func @mmad_sparse
// CHECK: affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 32 {
// CHECK-NEXT: affine.for %[[G:[^ ]+]] = 0 to 16 iter_args(%[[ACC:[^ ]+]] = %{{.*}}) -> (i64) {
// CHECK-NEXT: affine.load %{{.*}}[%[[J]] * 8 + %[[G]] floordiv 2 + 256] : memref<16384xi8>
// CHECK: memref.load %[[A:.*]][%{{.*}}] : memref<1024xi8>
// CHECK: affine.load %[[B:.*]][%[[G]] * 2 + %[[J]] * 32] : memref<1024xi8>
// CHECK: %[[P0:.*]] = arith.muli
// CHECK-NEXT: %[[S0:.*]] = arith.addi %[[ACC]], %[[P0]] : i64
// CHECK: memref.load %[[A]][%{{.*}}] : memref<1024xi8>
// CHECK: affine.load %[[B]][%[[G]] * 2 + %[[J]] * 32 + 1] : memref<1024xi8>
// CHECK: %[[P1:.*]] = arith.muli
// CHECK-NEXT: %[[S1:.*]] = arith.addi %[[S0]], %[[P1]] : i64
// CHECK-NEXT: affine.yield %[[S1]] : i64
// CHECK: arith.maxsi
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[J]] + %[[I]] * 16 + (%[[J]] floordiv 16) * 240] : memref<512xi32>
// PLAIN-LABEL: func.func @mmad_sparse
// PLAIN-NOT: affine.
// PLAIN: scf.for {{.*}} iter_args
// PLAIN-NOT: affine.
// PLAIN: return
// PAR-LABEL: func.func @mmad_sparse
// PAR-NOT: affine.parallel
// PAR: affine.for {{.*}} iter_args
// PAR-NOT: affine.parallel
// PAR: return
module attributes {ascube.target = #ascube.target<atlas_a2>} {
func.func @mmad_sparse(%a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %b0 = ascube.alloc offset 1024 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
  ascube.mmad_sparse %a, %b0 to %c {k = 64 : i64} : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}
