// Every product accepts a legal kernel built from what it has
// (docs/Products.md): no diagnostic may be produced.
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

!G = memref<16x16xf16>
!L1 = memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @k(%a: !G, %b: !G, %c: memref<16x16xf32>, %bias: memref<16xf32>) {
    %a1 = ascube.alloc offset 0 : !L1
    %b1 = ascube.alloc offset 512 : !L1
    %bias1 = ascube.alloc offset 1024 : memref<16xf32, #ascube.mem<L1>>
    ascube.data_copy %a to %a1 : !G to !L1
    ascube.data_copy %b to %b1 : !G to !L1
    ascube.data_copy %bias to %bias1 : memref<16xf32> to memref<16xf32, #ascube.mem<L1>>
    %bt = ascube.alloc offset 0 : memref<16xf32, #ascube.mem<BT>>
    ascube.data_copy %bias1 to %bt : memref<16xf32, #ascube.mem<L1>> to memref<16xf32, #ascube.mem<BT>>
    %a0 = ascube.alloc offset 0 : !A
    %b0 = ascube.alloc offset 0 : !B
    ascube.load_2d %a1 to %a0 : !L1 to !A
    ascube.load_2d %b1 to %b0 {repeatTimes = 1 : i64, ifTranspose = true} : !L1 to !B
    %c0 = ascube.alloc offset 0 : !C
    ascube.mmad %a0, %b0 to %c0 bias %bt : memref<16xf32, #ascube.mem<BT>> {kDirectionAlign = false} : !A, !B to !C
    ascube.fixpipe %c0 to %c : !C to memref<16x16xf32>
    return
  }
}

// -----

!A = memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_a3>} {
  func.func @k(%a: memref<16x32xi8>, %c: memref<16x16xi8>) {
    %a1 = ascube.alloc offset 0 : memref<16x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %a to %a1 : memref<16x32xi8> to memref<16x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : !A
    ascube.load_2d %a1 to %a0 : memref<16x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to !A
    %b0 = ascube.alloc offset 0 : !B
    %c0 = ascube.alloc offset 0 : !C
    ascube.mmad %a0, %b0 to %c0 {unitFlag = 3 : i64} : !A, !B to !C
    ascube.fixpipe %c0 to %c {deqScalar = 70782050893824 : i64, unitFlag = 3 : i64} : !C to memref<16x16xi8>
    return
  }
}

// -----

// 950: L0A in Nz, DN inputs, NZ2DN outputs, fp8 and disableGemv.
!A = memref<16x32xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
!B = memref<32x16xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @k(%a: memref<16x32xf8E4M3FN, #ascube.layout<DN>>, %c: memref<16x16xf32, #ascube.layout<DN>>) {
    %a1 = ascube.alloc offset 0 : memref<16x32xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %a to %a1 : memref<16x32xf8E4M3FN, #ascube.layout<DN>> to memref<16x32xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : !A
    %b0 = ascube.alloc offset 0 : !B
    %c0 = ascube.alloc offset 0 : !C
    ascube.mmad %a0, %b0 to %c0 {disableGemv = true} : !A, !B to !C
    ascube.fixpipe %c0 to %c : !C to memref<16x16xf32, #ascube.layout<DN>>
    return
  }
}

// -----

!A = memref<16x32x!ascube.hif8, #ascube.layout<Nz>, #ascube.mem<L0A>>
!B = memref<32x16x!ascube.hif8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950dt>} {
  func.func @k(%c: memref<16x16x!ascube.hif8>) {
    %a0 = ascube.alloc offset 0 : !A
    %b0 = ascube.alloc offset 0 : !B
    %c0 = ascube.alloc offset 0 : !C
    ascube.mmad %a0, %b0 to %c0 : !A, !B to !C
    return
  }
}

// -----

// 310B: no ND2NZ, so fractal data is copied as is.
!L1 = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L1>>
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_200i_500_a2>} {
  func.func @k(%a: memref<16x16xf16, #ascube.layout<Zz>>, %c: memref<16x16xf16>) {
    %a1 = ascube.alloc offset 0 : !L1
    ascube.data_copy %a to %a1 : memref<16x16xf16, #ascube.layout<Zz>> to !L1
    %a0 = ascube.alloc offset 0 : !A
    ascube.load_2d %a1 to %a0 : !L1 to !A
    %b0 = ascube.alloc offset 0 : !B
    %c0 = ascube.alloc offset 0 : !C
    ascube.mmad %a0, %b0 to %c0 : !A, !B to !C
    ascube.fixpipe %c0 to %c : !C to memref<16x16xf16>
    return
  }
}

// -----

// 310P: f16 x f16 -> f16, int4, no bias, no Fixpipe.
!A = memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<16x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_inference>} {
  func.func @k(%a: memref<16x16xf16>) {
    %a1 = ascube.alloc offset 0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %a to %a1 : memref<16x16xf16> to memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : !A
    ascube.load_2d %a1 to %a0 : memref<16x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to !A
    %b0 = ascube.alloc offset 0 : !B
    %c0 = ascube.alloc offset 0 : !C
    ascube.mmad %a0, %b0 to %c0 : !A, !B to !C
    return
  }
}

// -----

// 910A: u8 x u8 -> u32.
!A = memref<16x32xui8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<32x16xui8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xui32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<atlas_training>} {
  func.func @k(%a: memref<16x32xui8>) {
    %a1 = ascube.alloc offset 0 : memref<16x32xui8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %a to %a1 : memref<16x32xui8> to memref<16x32xui8, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : !A
    ascube.load_2d %a1 to %a0 : memref<16x32xui8, #ascube.layout<Nz>, #ascube.mem<L1>> to !A
    %b0 = ascube.alloc offset 0 : !B
    %c0 = ascube.alloc offset 0 : !C
    ascube.mmad %a0, %b0 to %c0 : !A, !B to !C
    return
  }
}

// -----

// Kirin X90: int8 -> int32, out as int8.
!A = memref<16x32xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<32x16xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<16x16xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<kirin_x90>} {
  func.func @k(%c: memref<16x16xi8>) {
    %a0 = ascube.alloc offset 0 : !A
    %b0 = ascube.alloc offset 0 : !B
    %c0 = ascube.alloc offset 0 : !C
    ascube.mmad %a0, %b0 to %c0 : !A, !B to !C
    ascube.fixpipe %c0 to %c {deqScalar = 70782050893824 : i64} : !C to memref<16x16xi8>
    return
  }
}

// -----

// Kirin 9030: half only, 32 KiB L0A/L0B, 64 KiB L0C.
!A = memref<128x128xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
!B = memref<128x128xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
!C = memref<128x128xf16, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<kirin_9030>} {
  func.func @k(%c: memref<128x128xf16>) {
    %a0 = ascube.alloc offset 0 : !A
    %b0 = ascube.alloc offset 0 : !B
    %c0 = ascube.alloc offset 0 : !C
    ascube.mmad %a0, %b0 to %c0 : !A, !B to !C
    ascube.fixpipe %c0 to %c : !C to memref<128x128xf16>
    return
  }
}
