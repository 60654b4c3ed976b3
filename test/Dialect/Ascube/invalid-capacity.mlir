// Capacity against the target product (cube-reference §1, docs/Products.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

// M = 1, k = 1024, n = 64 f16 needs 128 KiB of B.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  // An argument is checked as an allocation is, where it is declared.
  func.func @c07(%a: memref<1x1024xf16, #ascube.mem<L0A>>,
                 // expected-error @+1 {{argument #1 of @c07: buffer needs 131072 B but atlas_a2 L0B holds 65536 B [capacity_c1]}}
                 %b: memref<1024x64xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                 %c: memref<1x64xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    ascube.mmad %a, %b to %c : memref<1x1024xf16, #ascube.mem<L0A>>,
        memref<1024x64xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<1x64xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}

// -----

// A 256x256 f16 L0B buffer (131072 B) exceeds L0B on A2/A3 and 950.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @c09() {
    // expected-error @+1 {{'ascube.alloc' op buffer needs 131072 B but ascend950pr L0B holds 65536 B [capacity_c1]}}
    %b = ascube.alloc : memref<256x256xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    return
  }
}

// -----

// Kirin 9030 has 32 KiB L0A/L0B and 64 KiB L0C.
module attributes {ascube.target = #ascube.target<kirin_9030>} {
  func.func @kirin() {
    %a = ascube.alloc : memref<128x128xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    // expected-error @+1 {{'ascube.alloc' op buffer needs 65536 B at offset 64 B but kirin_9030 L0C holds 65536 B [capacity_c1]}}
    %c = ascube.alloc offset 64 : memref<128x128xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}

// -----

// The offset counts: 32 KiB at offset 48 KiB overflows a 64 KiB L0A.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @offset() {
    // expected-error @+1 {{'ascube.alloc' op buffer needs 32768 B at offset 49152 B but atlas_a2 L0A holds 65536 B [capacity_c1]}}
    %a = ascube.alloc offset 49152 : memref<128x128xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}

// -----

// 310P (atlas_inference) has no bias table.
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @no_bt() {
    // expected-error @+1 {{'ascube.alloc' op buffer lives in BT, which atlas_inference does not have [capacity_c2]}}
    %b = ascube.alloc : memref<16xf32, #ascube.mem<BT>>
    return
  }
}

// -----

// Without a target nothing product-specific is checked.
func.func @no_target() {
  %b = ascube.alloc : memref<256x256xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
  return
}

// -----

// Offsets near 2^63 do not wrap around the checks.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @huge_offset() {
    // expected-error @+1 {{'ascube.alloc' op buffer needs 512 B at offset 9223372036854775296 B but atlas_a2 L0A holds 65536 B [capacity_c1]}}
    %a = ascube.alloc offset 9223372036854775296 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    return
  }
}
