// Every attribute and type of the dialect prints, parses and prints again
// identically, in the custom and the generic form (optional parameters
// alone, aliases printed canonically).
// RUN: ascube-opt %s | FileCheck %s
// RUN: ascube-opt %s | ascube-opt | FileCheck %s
// RUN: ascube-opt %s -mlir-print-op-generic | ascube-opt | FileCheck %s
// RUN: ascube-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ascube-opt %s -emit-bytecode | ascube-opt | FileCheck %s

// CHECK-LABEL: module attributes {ascube.target = #ascube.target<atlas_a2>}
// GENERIC: "builtin.module"() ({
module attributes {ascube.target = #ascube.target<atlas_a2>} {

// CHECK-LABEL: func.func @formats(
// CHECK-SAME: memref<4x8xf16, #ascube.layout<ND>>
// CHECK-SAME: memref<4x8xf16, #ascube.layout<DN>>
// CHECK-SAME: memref<20x28xf16, #ascube.layout<Nz>>
// CHECK-SAME: memref<30x70xf16, #ascube.layout<Zz>>
// CHECK-SAME: memref<70x40xf16, #ascube.layout<Zn>>
// CHECK-SAME: memref<70x40xf16, #ascube.layout<Nn>>
// CHECK-SAME: memref<1x2x4x4x16xf16, #ascube.layout<NC1HWC0>>
// CHECK-SAME: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>>
// CHECK-SAME: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>>
// CHECK-SAME: memref<16x32xui8, #ascube.layout<SparseIndex>>
// GENERIC: #ascube.layout<SparseIndex>
func.func @formats(%nd: memref<4x8xf16, #ascube.layout<ND>>,
                   %dn: memref<4x8xf16, #ascube.layout<DN>>,
                   %nz: memref<20x28xf16, #ascube.layout<Nz>>,
                   %zz: memref<30x70xf16, #ascube.layout<Zz>>,
                   %zn: memref<70x40xf16, #ascube.layout<Zn>>,
                   %nn: memref<70x40xf16, #ascube.layout<Nn>>,
                   %fm: memref<1x2x4x4x16xf16, #ascube.layout<NC1HWC0>>,
                   %sa: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>>,
                   %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>>,
                   %si: memref<16x32xui8, #ascube.layout<SparseIndex>>) {
  return
}

// Aliases of the field print canonically.
// CHECK-LABEL: func.func @aliases(
// CHECK-SAME: #ascube.layout<Nz>
// CHECK-SAME: #ascube.layout<Zn>
func.func @aliases(%a: memref<16x16xf16, #ascube.layout<zN>>,
                   %b: memref<16x16xf16, #ascube.layout<nZ>>) {
  return
}

// Optional parameters: only the first, only the second, both, both given in
// the other order.
// CHECK-LABEL: func.func @optional_parameters(
// CHECK-SAME: memref<4x4xf16, #ascube.layout<Zz, fractal = [2, 2]>>
// CHECK-SAME: memref<20x28xf16, #ascube.layout<Nz, ld = 48>>
// CHECK-SAME: memref<4x4xf16, #ascube.layout<Zz, fractal = [2, 2], ld = 6>>
// CHECK-SAME: memref<4x4xf16, #ascube.layout<Nn, fractal = [2, 2], ld = 8>>
// CHECK-SAME: memref<3x5xf16, #ascube.layout<ND, ld = 8>>
func.func @optional_parameters(
    %a: memref<4x4xf16, #ascube.layout<Zz, fractal = [2, 2]>>,
    %b: memref<20x28xf16, #ascube.layout<Nz, ld = 48>>,
    %c: memref<4x4xf16, #ascube.layout<Zz, fractal = [2, 2], ld = 6>>,
    %d: memref<4x4xf16, #ascube.layout<Nn, ld = 8, fractal = [2, 2]>>,
    %e: memref<3x5xf16, #ascube.layout<ND, ld = 8>>) {
  return
}

// Every memory level (L0A_MX and L0B_MX exist on 950 only).
module attributes {ascube.target = #ascube.target<ascend950pr>} {
// CHECK-LABEL: func.func @levels(
// CHECK-SAME: #ascube.mem<GM>
// CHECK-SAME: #ascube.mem<L1>
// CHECK-SAME: #ascube.mem<L0A>
// CHECK-SAME: #ascube.mem<L0B>
// CHECK-SAME: #ascube.mem<L0C>
// CHECK-SAME: #ascube.mem<BT>
// CHECK-SAME: #ascube.mem<FB>
// CHECK-SAME: #ascube.mem<UB>
// CHECK-SAME: #ascube.mem<L0A_MX>
// CHECK-SAME: #ascube.mem<L0B_MX>
func.func @levels(%gm: memref<64xf16, #ascube.mem<GM>>,
                  %l1: memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>,
                  %l0a: memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                  %l0b: memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                  %l0c: memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>,
                  %bt: memref<16xf32, #ascube.mem<BT>>,
                  %fb: memref<16xi64, #ascube.mem<FB>>,
                  %ub: memref<256xf16, #ascube.mem<UB>>,
                  %amx: memref<16x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                  %bmx: memref<2x16xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>) {
  return
}
}

// Element types: the builtins the Cube uses and ascube's own.
// CHECK-LABEL: func.func @element_types(
// CHECK-SAME: memref<16x64xi4, #ascube.layout<Zz>>
// CHECK-SAME: memref<16x32x!ascube.hif8, #ascube.layout<Nz>>
// CHECK-SAME: memref<16x64x!ascube.f4e1m2, #ascube.layout<Nz>>
// CHECK-SAME: memref<16x64xf4E2M1FN, #ascube.layout<Nz>>
// CHECK-SAME: memref<16x32xf8E4M3FN, #ascube.layout<Nz>>
// CHECK-SAME: memref<16x32xf8E5M2, #ascube.layout<Nz>>
// CHECK-SAME: memref<16x16xbf16, #ascube.layout<Nz>>
// CHECK-SAME: memref<16x8xui32, #ascube.layout<Nz>>
// CHECK-SAME: !ascube.hif8
// GENERIC: !ascube.f4e1m2
func.func @element_types(%a: memref<16x64xi4, #ascube.layout<Zz>>,
                         %b: memref<16x32x!ascube.hif8, #ascube.layout<Nz>>,
                         %c: memref<16x64x!ascube.f4e1m2, #ascube.layout<Nz>>,
                         %d: memref<16x64xf4E2M1FN, #ascube.layout<Nz>>,
                         %e: memref<16x32xf8E4M3FN, #ascube.layout<Nz>>,
                         %f: memref<16x32xf8E5M2, #ascube.layout<Nz>>,
                         %g: memref<16x16xbf16, #ascube.layout<Nz>>,
                         %h: memref<16x8xui32, #ascube.layout<Nz>>,
                         %i: !ascube.hif8) {
  return
}

// CHECK-LABEL: func.func @alloc(
// CHECK: ascube.alloc : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
// CHECK: ascube.alloc offset 1024 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
// GENERIC: "ascube.alloc"() <{offset = 1024 : i64}>
func.func @alloc() {
  %a = ascube.alloc : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  %c = ascube.alloc offset 1024 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
}

// Every product.
// CHECK: module attributes {ascube.target = #ascube.target<atlas_a3>}
module attributes {ascube.target = #ascube.target<atlas_a3>} {}
// CHECK: module attributes {ascube.target = #ascube.target<ascend950pr>}
module attributes {ascube.target = #ascube.target<ascend950pr>} {}
// CHECK: module attributes {ascube.target = #ascube.target<ascend950dt>}
module attributes {ascube.target = #ascube.target<ascend950dt>} {}
// CHECK: module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>}
module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {}
// CHECK: module attributes {ascube.target = #ascube.target<atlas_inference>}
module attributes {ascube.target = #ascube.target<atlas_inference>} {}
// CHECK: module attributes {ascube.target = #ascube.target<atlas_training>}
module attributes {ascube.target = #ascube.target<atlas_training>} {}
// CHECK: module attributes {ascube.target = #ascube.target<kirin_x90>}
module attributes {ascube.target = #ascube.target<kirin_x90>} {}
// CHECK: module attributes {ascube.target = #ascube.target<kirin_9030>}
module attributes {ascube.target = #ascube.target<kirin_9030>} {}
