// The signature check covers results too (an external function's included).
// RUN: not ascube-opt %s --convert-ascube-to-loops -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// CHECK: error: 'func.func' op result type 'memref<4611686018427387904x4611686018427387904xf16, #ascube.layout<Nz>>': layout size overflows 2^62 elements [layout_c1]
module {
  func.func private @ext() -> memref<4611686018427387904x4611686018427387904xf16, #ascube.layout<Nz>>
}
