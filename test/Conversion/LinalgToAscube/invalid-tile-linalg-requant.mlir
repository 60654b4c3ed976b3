// Requantizations ascube-tile-linalg recognises but Fixpipe REQ8 cannot
// compute exactly (docs/Constraints.md, tile_c8).
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg=product=atlas_a2 -verify-diagnostics

// tile_c8: 0.1 is f32 0x3DCCCCCD, whose mantissa bits 12:0 (0xCCD) Fixpipe's
// M1 drops (f32 0.1 is exactly 0.100000001490116119384765625); the
// neighbours with a 10-bit mantissa are 0x3DCCC000 = 0.0999755859375 and
// 0x3DCCE000 = 0.0999755859375 + 2^-14 (the step at exponent -4) =
// 0.10003662109375.
func.func @scale(%A: memref<32x32xi8>, %B: memref<32x32xi8>, %Q: memref<32x32xi8>) {
  %C = memref.alloc() : memref<32x32xi32>
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<32x32xi32>)
  linalg.matmul ins(%A, %B : memref<32x32xi8>, memref<32x32xi8>) outs(%C : memref<32x32xi32>)
  // expected-error @+1 {{the requantization scale 0.100000001490116119384765625 (0x3DCCCCCD) has mantissa bits below bit 13: Fixpipe's M1 is an f32 with a 10-bit mantissa (bits 31:13); the nearest such scales are 0.0999755859375 and 0.10003662109375 [tile_c8]}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<32x32xi32>) outs(%Q : memref<32x32xi8>) {
  ^bb0(%c: i32, %q: i8):
    %scale = arith.constant 0.1 : f32
    %f = arith.sitofp %c : i32 to f32
    %y = arith.mulf %f, %scale : f32
    %r = math.roundeven %y : f32
    %smin = arith.constant -128.0 : f32
    %smax = arith.constant 127.0 : f32
    %s1 = arith.maximumf %r, %smin : f32
    %s2 = arith.minimumf %s1, %smax : f32
    %i = arith.fptosi %s2 : f32 to i8
    linalg.yield %i : i8
  }
  return
}

// -----

// tile_c8: an offset added after the rounding without x * scale clipped to
// [-256, 255] first: for x * scale = 1000 and offset -200 Fixpipe gives
// round(255) - 200 = 55, this generic 127.
func.func @offset_unclipped(%A: memref<32x32xi8>, %B: memref<32x32xi8>, %Q: memref<32x32xi8>) {
  %C = memref.alloc() : memref<32x32xi32>
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<32x32xi32>)
  linalg.matmul ins(%A, %B : memref<32x32xi8>, memref<32x32xi8>) outs(%C : memref<32x32xi32>)
  // expected-error @+1 {{a requantization offset after the rounding needs x * scale clipped to [-256, 255] before math.roundeven, as Fixpipe clips it (clamp with -256.0 and 255.0) [tile_c8]}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<32x32xi32>) outs(%Q : memref<32x32xi8>) {
  ^bb0(%c: i32, %q: i8):
    %scale = arith.constant 0.25 : f32
    %f = arith.sitofp %c : i32 to f32
    %y = arith.mulf %f, %scale : f32
    %r = math.roundeven %y : f32
    %off = arith.constant -200.0 : f32
    %r1 = arith.addf %r, %off : f32
    %smin = arith.constant -128.0 : f32
    %smax = arith.constant 127.0 : f32
    %s1 = arith.maximumf %r1, %smin : f32
    %s2 = arith.minimumf %s1, %smax : f32
    %i = arith.fptosi %s2 : f32 to i8
    linalg.yield %i : i8
  }
  return
}

// -----

// tile_c8: an infinite scale is no M1 (fixpipe_c12).
func.func @inf_scale(%A: memref<32x32xi8>, %B: memref<32x32xi8>, %Q: memref<32x32xi8>) {
  %C = memref.alloc() : memref<32x32xi32>
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<32x32xi32>)
  linalg.matmul ins(%A, %B : memref<32x32xi8>, memref<32x32xi8>) outs(%C : memref<32x32xi32>)
  // expected-error @+1 {{the requantization scale +Inf is infinite, NaN or denormal: Fixpipe's M1 is a normal f32 or zero (fixpipe_c12) [tile_c8]}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<32x32xi32>) outs(%Q : memref<32x32xi8>) {
  ^bb0(%c: i32, %q: i8):
    %scale = arith.constant 0x7F800000 : f32
    %f = arith.sitofp %c : i32 to f32
    %y = arith.mulf %f, %scale : f32
    %r = math.roundeven %y : f32
    %smin = arith.constant -128.0 : f32
    %smax = arith.constant 127.0 : f32
    %s1 = arith.maximumf %r, %smin : f32
    %s2 = arith.minimumf %s1, %smax : f32
    %i = arith.fptosi %s2 : f32 to i8
    linalg.yield %i : i8
  }
  return
}

// -----

// tile_c8: requantizing into A, which the matmul reads: linalg requantizes
// the finished product, the Cube program writes Q tile by tile while later
// tiles still read A.
func.func @into_input(%A: memref<32x32xi8>, %B: memref<32x32xi8>) {
  %C = memref.alloc() : memref<32x32xi32>
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<32x32xi32>)
  // expected-error @+1 {{the requantization writes into a buffer the op also reads: the Cube program writes it tile by tile while later tiles still read it; requantize into another buffer [tile_c8]}}
  linalg.matmul ins(%A, %B : memref<32x32xi8>, memref<32x32xi8>) outs(%C : memref<32x32xi32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<32x32xi32>) outs(%A : memref<32x32xi8>) {
  ^bb0(%c: i32, %q: i8):
    %scale = arith.constant 0.25 : f32
    %f = arith.sitofp %c : i32 to f32
    %y = arith.mulf %f, %scale : f32
    %r = math.roundeven %y : f32
    %smin = arith.constant -128.0 : f32
    %smax = arith.constant 127.0 : f32
    %s1 = arith.maximumf %r, %smin : f32
    %s2 = arith.minimumf %s1, %smax : f32
    %i = arith.fptosi %s2 : f32 to i8
    linalg.yield %i : i8
  }
  return
}

// -----

// tile_c8: a scale per column (a second input): Fixpipe's VREQ8 would read
// one QUANT_PRE word per column, which the program does not build yet.
func.func @per_channel(%A: memref<32x32xi8>, %B: memref<32x32xi8>, %S: memref<32xf32>, %Q: memref<32x32xi8>) {
  %C = memref.alloc() : memref<32x32xi32>
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<32x32xi32>)
  linalg.matmul ins(%A, %B : memref<32x32xi8>, memref<32x32xi8>) outs(%C : memref<32x32xi32>)
  // expected-error @+1 {{a requantization with a second input (a scale or offset per column) is not mapped yet: Fixpipe's VREQ8 reads one QUANT_PRE word per column, which the program would have to build from the scales; requantize with one constant scale and offset [tile_c8]}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C, %S : memref<32x32xi32>, memref<32xf32>) outs(%Q : memref<32x32xi8>) {
  ^bb0(%c: i32, %s: f32, %q: i8):
    %f = arith.sitofp %c : i32 to f32
    %y = arith.mulf %f, %s : f32
    %r = math.roundeven %y : f32
    %smin = arith.constant -128.0 : f32
    %smax = arith.constant 127.0 : f32
    %s1 = arith.maximumf %r, %smin : f32
    %s2 = arith.minimumf %s1, %smax : f32
    %i = arith.fptosi %s2 : f32 to i8
    linalg.yield %i : i8
  }
  return
}
