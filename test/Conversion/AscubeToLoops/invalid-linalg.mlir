// RUN: ascube-opt %s --convert-ascube-to-loops=refuse-linalg=true -verify-diagnostics
// RUN: ascube-opt %s --ascube-to-llvm -verify-diagnostics
// RUN: ascube-opt %s --convert-ascube-to-loops | FileCheck %s

// Linalg is the mapping's input, not a Cube program: the pipelines, which
// lower everything to LLVM, refuse it naming the pass to run first.
// (Through ascube-to-llvm, a bf16 linalg.matmul once reached arith-expand,
// which rewrote its body's extension and left "expected add/mul op in the
// body".) The pass alone leaves linalg to the caller's own passes.
// CHECK: linalg.matmul
func.func @mm(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>, %C: memref<16x16xf32>) {
  // expected-error @+1 {{'linalg.matmul' is not a Cube program: convert-ascube-to-loops lowers ascube ops; map linalg onto a product first (ascube-tile-linalg, which ascube-pipeline and ascube-run run)}}
  linalg.matmul ins(%A, %B : memref<16x16xbf16>, memref<16x16xbf16>) outs(%C : memref<16x16xf32>)
  return
}
