// copy_c1: the kernel's own memref.copy of unranked memrefs is refused
// (it would need MLIR's runtime library, which the JIT does not load).
// RUN: ascube-opt %s --convert-ascube-to-loops -verify-diagnostics

func.func @unranked(%a: memref<4xf32>, %b: memref<4xf32>) {
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %v = memref.cast %b : memref<4xf32> to memref<*xf32>
  // expected-error @+1 {{'memref.copy' op of an unranked memref is not lowered: it would call MLIR's runtime library (memrefCopy), which ascube's JIT does not load; copy the ranked memrefs [copy_c1]}}
  memref.copy %u, %v : memref<*xf32> to memref<*xf32>
  return
}
