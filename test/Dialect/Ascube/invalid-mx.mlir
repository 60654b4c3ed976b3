// ascube.load_mx and ascube.mmad_mx rules (cube-reference §3.1, §9, §15;
// docs/Constraints.md).
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

func.func @path(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0C>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>) {
  // expected-error @+1 {{LoadData MX moves L1 -> L0A/L0B, got L1 -> L0C [loadmx_c1]}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0C>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}

// -----

func.func @dtype(%a1: memref<32x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                 %a0: memref<32x64xi8, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>) {
  // expected-error @+1 {{LoadData MX moves fp4x2 e2m1/e1m2 or fp8 e4m3fn/e5m2 data, got 'i8' [loadmx_c1]}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x64xi8, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x64xi8, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}

// -----

func.func @range(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                 %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>) {
  // expected-error @+1 {{xStep = 256 is outside [0, 255] [loadmx_c2]}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 {xStep = 256 : i64} : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}

// -----

func.func @derived(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                   %a0: memref<32x128xf8E4M3FN, #ascube.layout<Zz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>) {
  // expected-error @+1 {{LoadData 2D-v2 moves Nz/Zn L1 fractals into Nz in L0A, got Nz -> Zz [loadmx_c3]}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}

// -----

func.func @scale_address(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>) {
  %a0 = ascube.alloc offset 4096 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
  %sa0 = ascube.alloc offset 0 : memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  // expected-error @+1 {{the scales sit at the data's address / 16 = 256 B, got 0 B [loadmx_c4]}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}

// -----

// A B move names B (grammar: "a B move").
func.func @scale_layout_b(%b1: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L1>>, %sb1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                          %b0: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0B_MX>>) {
  // expected-error @+1 {{the scales of a B move are f8E8M0FNU in ScaleB, L1 -> L0B_MX}}
  ascube.load_mx %b1, %sb1 to %b0, %sb0 : memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0B_MX>>
  return
}

// -----

func.func @scale_layout(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L1>>,
                        %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0A_MX>>) {
  // expected-error @+1 {{the scales of an A move are f8E8M0FNU in ScaleA, L1 -> L0A_MX, got 'memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L1>>' -> 'memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0A_MX>>' [loadmx_c5]}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0A_MX>>
  return
}

// -----

module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @product(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                     %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>,
                     // expected-error @+1 {{argument #3 of @product: buffer lives in L0A_MX, which atlas_a2 does not have [capacity_c2]}}
                     %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>) {
    ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
    return
  }
}

// -----

func.func @scale_bounds(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                        %a0: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa0: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>) {
  // expected-error @+1 {{scale fractals up to 6 (source) and 4 (destination) of 32 B reach past 'memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>' or 'memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>' [loadmx_c6]}}
  ascube.load_mx %a1, %sa1 to %a0, %sa0 {xStartPosition = 1 : i64, xStep = 2 : i64} : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  return
}

// -----

func.func @mmad_levels(%a: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                       %b: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                       %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{reads A, scaleA, B, scaleB from L0A, L0A_MX, L0B, L0B_MX and writes C in L0C, got L0A, L1, L0B, L0B_MX, L0C [mmadmx_c1]}}
  ascube.mmad_mx %a, %sa, %b, %sb to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>, memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

// The field case: ui8 scales (AscendNPU-IR's spelling) are named.
func.func @mmad_scale_type(%a: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa: memref<32x4xui8, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                           %b: memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xi8, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                           %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{MmadMx takes an e1m2/e2m1 pair or an e4m3fn/e5m2 pair with f8E8M0FNU scales into f32 (f32 bias), got 'f8E4M3FN' x 'f8E5M2' -> 'f32' with 'ui8' / 'i8' scales [mmadmx_c1]}}
  ascube.mmad_mx %a, %sa, %b, %sb to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xui8, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xi8, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

// fp8 A with fp4 B is not one of §15's pairs.
func.func @mmad_dtype(%a: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                      %b: memref<128x32xf4E2M1FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                      %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{MmadMx takes an e1m2/e2m1 pair or an e4m3fn/e5m2 pair with f8E8M0FNU scales into f32 (f32 bias), got 'f8E4M3FN' x 'f4E2M1FN' -> 'f32' with 'f8E8M0FNU' / 'f8E8M0FNU' scales [mmadmx_c1]}}
  ascube.mmad_mx %a, %sa, %b, %sb to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf4E2M1FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

func.func @mmad_k(%a: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                  %b: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                  %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{k = 96 is not a multiple of 64 [mmadmx_c2]}}
  ascube.mmad_mx %a, %sa, %b, %sb to %c {k = 96 : i64} : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

func.func @mmad_grid(%a: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa: memref<32x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                     %b: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                     %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  // expected-error @+1 {{scaleA must be ScaleA with 16x2 fractals padded to 32x4 for m = 32, k = 128, n = 32, got 'memref<32x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>' [mmadmx_c3]}}
  ascube.mmad_mx %a, %sa, %b, %sb to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x2xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

func.func @mmad_scale_address(%sa: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                              %b: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                              %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
  %a = ascube.alloc offset 8192 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
  %sa0 = ascube.alloc offset 0 : memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
  // expected-error @+1 {{the scales sit at the data's address / 16 = 512 B, got 0 B [mmadmx_c4]}}
  ascube.mmad_mx %a, %sa0, %b, %sb to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

// L0A_MX exists on 950 only, so the capacity rule speaks first elsewhere (at
// the arguments);
// without MX buffers the availability rule names the instruction.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @mmad_product(%a: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>,
                          // expected-error @+1 {{argument #1 of @mmad_product: buffer lives in L0A_MX, which atlas_a2 does not have [capacity_c2]}}
                          %sa: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                          %b: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>,
                          // expected-error @+1 {{argument #3 of @mmad_product: buffer lives in L0B_MX, which atlas_a2 does not have [capacity_c2]}}
                          %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                          %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    ascube.mmad_mx %a, %sa, %b, %sb to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}

// -----

module attributes {ascube.target = #ascube.target<ascend950dt>} {
  func.func @ok(%a1: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, %sa1: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>>,
                %b: memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
    %a0 = ascube.alloc offset 4096 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>
    %sa0 = ascube.alloc offset 256 : memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
    ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
    ascube.mmad_mx %a0, %sa0, %b, %sb to %c : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    return
  }
}

// -----

func.func @mmad_bias_level(%a: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                           %b: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                           %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %bias: memref<32xf32, #ascube.mem<L1>>) {
  // expected-error @+1 {{the bias lives in BT, got 'memref<32xf32, #ascube.mem<L1>>' [mmadmx_c1]}}
  ascube.mmad_mx %a, %sa, %b, %sb to %c bias %bias : memref<32xf32, #ascube.mem<L1>> : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

func.func @mmad_bias_flags(%a: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                           %b: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                           %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %bias: memref<32xf32, #ascube.mem<BT>>) {
  // expected-error @+1 {{a bias needs cmatrixSource = true and cmatrixInitVal = false, and cmatrixSource a bias [mmadmx_c2]}}
  ascube.mmad_mx %a, %sa, %b, %sb to %c bias %bias : memref<32xf32, #ascube.mem<BT>> {cmatrixInitVal = true} : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}

// -----

func.func @mmad_bias_size(%a: memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, %sa: memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
                          %b: memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, %sb: memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>,
                          %c: memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>, %bias: memref<16xf32, #ascube.mem<BT>>) {
  // expected-error @+1 {{bias holds fewer than n = 32 elements [mmadmx_c3]}}
  ascube.mmad_mx %a, %sa, %b, %sb to %c bias %bias : memref<16xf32, #ascube.mem<BT>> : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>, memref<128x32xf8E4M3FN, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>> to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  return
}
