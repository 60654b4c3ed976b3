// ascube-tile-linalg folds a bias add and a ReLU after a matmul into the
// Cube program (docs/Tiling.md, "Epilogues"): the bias through the bias
// table (the first K chunk's Mmad starts C from it: cmatrixInitVal =
// false, cmatrixSource = true), the ReLU through Fixpipe (reluEn). Fields
// worked by hand:
//
// @bias_relu (f16 x f16 -> f32, 40 x 50 x 70 on Atlas A2, one output tile
// of 40 x 50): the bias's 50 f32 are staged at the top of L1 as a 1 x 50
// Nz (16 rows x 50 columns x 4 B = 3200 B below 512 KiB, 512 B aligned:
// 524288 - 3200 = 521088 -> 520704), copied there by ND2NZ with
// dstNzC0Stride = 1 (its 8-element C0 blocks one after another), then to a
// BT buffer of whole 64 B: 200 B -> 256 B = 64 f32.
//
// @bias_then_relu (int8 -> int32, 20 x 48 x 64, two generics, operands
// the other way round): 8-bit B is computed in 32 x 32 squares, so the N
// tile is 64 columns: staging 16 x 64 x 4 = 4096 B at 524288 - 4096 =
// 520192, BT 64 i32.
//
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg=product=atlas_a2 | FileCheck %s
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 x f16 -> f32, M x N x K = 40 x 50 x 70, + bias (BT), ReLU (Fixpipe): tile
// REPORT: remark: ascube-tile-linalg: atlas_a2 i8 x i8 -> i32, M x N x K = 20 x 48 x 64, + bias (BT), ReLU (Fixpipe): tile
// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 x f16 -> f32, M x N x K = 16 x 16 x 16: tile
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg=product=atlas_a2 | ascube-opt --split-input-file --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null

// CHECK-LABEL: func.func @bias_relu
// CHECK-DAG: %[[STAGE:.*]] = ascube.alloc offset 520704 : memref<1x50xf32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[BT:.*]] = ascube.alloc offset 0 : memref<64xf32, #ascube.mem<BT>>
// CHECK: %[[ROW:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 50] : memref<50xf32> into memref<1x50xf32>
// CHECK: ascube.data_copy %[[ROW]][%{{.*}}] to %[[STAGE]] {dValue = 50 : i64, dstNzC0Stride = 1 : i64, dstNzMatrixStride = 0 : i64, nValue = 1 : i64, ndNum = 1 : i64, srcDValue = 50 : i64, srcNdMatrixStride = 0 : i64}
// CHECK: ascube.data_copy %[[STAGE]] to %[[BT]] :
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C:.*]] bias %[[BT]] : memref<64xf32, #ascube.mem<BT>> {cmatrixInitVal = false, cmatrixSource = true, k = 70 : i64, m = 40 : i64, n = 50 : i64}
// CHECK: ascube.fixpipe %[[C]] to %{{.*}} {dstStride = 50 : i64, mSize = 40 : i64, nSize = 50 : i64, reluEn = true}
// CHECK-NOT: linalg.
func.func @bias_relu(%A: memref<40x70xf16>, %B: memref<70x50xf16>, %bias: memref<50xf32>, %C: memref<40x50xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<40x50xf32>)
  linalg.matmul ins(%A, %B : memref<40x70xf16>, memref<70x50xf16>) outs(%C : memref<40x50xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<50xf32>) outs(%C : memref<40x50xf32>) {
  ^bb0(%b: f32, %c: f32):
    %s = arith.addf %c, %b : f32
    %r = arith.maximumf %s, %z : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @bias_then_relu
// CHECK-DAG: %[[STAGE:.*]] = ascube.alloc offset 520192 : memref<1x64xi32, #ascube.layout<Nz>, #ascube.mem<L1>>
// CHECK-DAG: %[[BT:.*]] = ascube.alloc offset 0 : memref<64xi32, #ascube.mem<BT>>
// CHECK: ascube.data_copy %{{.*}} to %[[STAGE]] {dValue = 48 : i64, dstNzC0Stride = 1 : i64, {{.*}}nValue = 1 : i64,
// CHECK: ascube.data_copy %[[STAGE]] to %[[BT]] :
// CHECK: ascube.mmad %{{.*}}, %{{.*}} to %[[C:.*]] bias %[[BT]] : memref<64xi32, #ascube.mem<BT>> {cmatrixInitVal = false, cmatrixSource = true, k = 64 : i64, m = 20 : i64, n = 64 : i64}
// CHECK: ascube.fixpipe %[[C]] to %{{.*}} {dstStride = 48 : i64, mSize = 20 : i64, nSize = 48 : i64, reluEn = true}
// CHECK-NOT: linalg.
func.func @bias_then_relu(%A: memref<20x64xi8>, %B: memref<64x48xi8>, %bias: memref<48xi32>, %C: memref<20x48xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<20x48xi32>)
  linalg.matmul ins(%A, %B : memref<20x64xi8>, memref<64x48xi8>) outs(%C : memref<20x48xi32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<48xi32>) outs(%C : memref<20x48xi32>) {
  ^bb0(%b: i32, %c: i32):
    %s = arith.addi %b, %c : i32
    linalg.yield %s : i32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<20x48xi32>) {
  ^bb0(%c: i32):
    %r = arith.maxsi %z, %c : i32
    linalg.yield %r : i32
  }
  return
}

// -----

// Not epilogues, left as they are (the matmul is mapped without them): a
// maxnumf "ReLU" (NaN -> 0, which Fixpipe's ReLU does not do), a max with
// -0.0, and a bias over the rows (map (m, n) -> (m)).
// CHECK-LABEL: func.func @not_folded
// CHECK: ascube.mmad
// CHECK-NOT: bias
// CHECK: ascube.fixpipe
// CHECK-NOT: reluEn
// CHECK: linalg.generic
// CHECK: arith.maxnumf
// CHECK: linalg.generic
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK: arith.addf
func.func @not_folded(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %rows: memref<16xf32>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<16x16xf32>) {
  ^bb0(%c: f32):
    %r = arith.maxnumf %c, %z : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<16x16xf32>) {
  ^bb0(%c: f32):
    %r = arith.maximumf %c, %nz : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%rows : memref<16xf32>) outs(%C : memref<16x16xf32>) {
  ^bb0(%b: f32, %c: f32):
    %s = arith.addf %c, %b : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A requantization to int8 after an int8 matmul (docs/Tiling.md,
// "Epilogues"): C is a local alloc nothing else reads, so the program
// writes only Q, by Fixpipe REQ8 (i32 L0C -> i8 GM) with the QUANT_PRE
// word of scale 1/512 (f32 0x3B000000: exponent 127 - 9 = 118, no
// mantissa bits), offset 3 (bits 45:37: 3 x 2^37 = 412316860416) and s8
// output (bit 46: 2^46 = 70368744177664): 989855744 + 412316860416 +
// 70368744177664 = 70782050893824; the alloc goes. The L0C tile is 32 x 64
// (8-bit B is computed in 32 x 32 squares: N = 48 -> 64 columns).
// REPORT: remark: ascube-tile-linalg: atlas_a2 i8 x i8 -> i32, M x N x K = 32 x 48 x 64, requantized to int8 (Fixpipe REQ8: scale 0.001953125, offset 3): tile
// CHECK-LABEL: func.func @requant
// CHECK-NOT: memref.alloc
// CHECK: ascube.mmad
// CHECK-NOT: ascube.fixpipe {{.*}}xi32>{{$}}
// CHECK: ascube.fixpipe %{{.*}} to %{{.*}}[%{{.*}}] {deqScalar = 70782050893824 : i64, dstStride = 48 : i64, mSize = 32 : i64, nSize = 48 : i64} : memref<32x64xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x48xi8>
// CHECK-NOT: ascube.fixpipe
// CHECK-NOT: linalg.
// CHECK-NOT: memref.
// CHECK: return
func.func @requant(%A: memref<32x64xi8>, %B: memref<64x48xi8>, %Q: memref<32x48xi8>) {
  %C = memref.alloc() : memref<32x48xi32>
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<32x48xi32>)
  linalg.matmul ins(%A, %B : memref<32x64xi8>, memref<64x48xi8>) outs(%C : memref<32x48xi32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<32x48xi32>) outs(%Q : memref<32x48xi8>) {
  ^bb0(%c: i32, %q: i8):
    %scale = arith.constant 0.001953125 : f32
    %f = arith.sitofp %c : i32 to f32
    %y = arith.mulf %f, %scale : f32
    %lo = arith.constant -256.0 : f32
    %hi = arith.constant 255.0 : f32
    %y1 = arith.maximumf %y, %lo : f32
    %y2 = arith.minimumf %y1, %hi : f32
    %r = math.roundeven %y2 : f32
    %off = arith.constant 3.0 : f32
    %r1 = arith.addf %r, %off : f32
    %smin = arith.constant -128.0 : f32
    %smax = arith.constant 127.0 : f32
    %s1 = arith.minnumf %r1, %smax : f32
    %s2 = arith.maxnumf %s1, %smin : f32
    %i = arith.fptosi %s2 : f32 to i8
    linalg.yield %i : i8
  }
  memref.dealloc %C : memref<32x48xi32>
  return
}

// -----

// A ReLU and then a requantization, C a function argument: C is written
// (with the ReLU) and Q too, both Fixpipes from the same L0C tile, REQ8
// with reluEn (a negative x gives 0 before the scale, as max(C, 0) does).
// Scale 0.5 (0x3F000000 = 1056964608), no offset: 1056964608 + 2^46 =
// 70369801142272.
// REPORT: remark: ascube-tile-linalg: atlas_a2 i8 x i8 -> i32, M x N x K = 32 x 48 x 64, ReLU (Fixpipe), requantized to int8 (Fixpipe REQ8: scale 0.5, offset 0; C written too): tile
// CHECK-LABEL: func.func @relu_requant
// CHECK: ascube.fixpipe %[[T:.*]] to %{{.*}}[%{{.*}}] {dstStride = 48 : i64, mSize = 32 : i64, nSize = 48 : i64, reluEn = true} : memref<32x64xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x48xi32>
// CHECK: ascube.fixpipe %[[T]] to %{{.*}}[%{{.*}}] {deqScalar = 70369801142272 : i64, dstStride = 48 : i64, mSize = 32 : i64, nSize = 48 : i64, reluEn = true} : memref<32x64xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x48xi8>
// CHECK-NOT: linalg.
func.func @relu_requant(%A: memref<32x64xi8>, %B: memref<64x48xi8>, %C: memref<32x48xi32>, %Q: memref<32x48xi8>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<32x48xi32>)
  linalg.matmul ins(%A, %B : memref<32x64xi8>, memref<64x48xi8>) outs(%C : memref<32x48xi32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<32x48xi32>) {
  ^bb0(%c: i32):
    %r = arith.maxsi %c, %z : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<32x48xi32>) outs(%Q : memref<32x48xi8>) {
  ^bb0(%c: i32, %q: i8):
    %scale = arith.constant 0.5 : f32
    %f = arith.sitofp %c : i32 to f32
    %y = arith.mulf %scale, %f : f32
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

// A requantization to unsigned bytes (u8): a clamp to [0, 255] and fptoui
// into a signless i8 Q. Scale 0.5 (0x3F000000 = 1056964608), offset -3
// (with the clip it needs; 9 bits: 509 << 37 = 69956427317248), bit 46 = 0
// (u8): 69957484281856. C is a local alloc: only Q is written.
// REPORT: remark: ascube-tile-linalg: atlas_a2 i8 x i8 -> i32, M x N x K = 32 x 48 x 64, requantized to uint8 bytes (Fixpipe REQ8: scale 0.5, offset -3): tile
// CHECK-LABEL: func.func @requant_u8
// CHECK: ascube.fixpipe %{{.*}} to %{{.*}}[%{{.*}}] {deqScalar = 69957484281856 : i64, dstStride = 48 : i64, mSize = 32 : i64, nSize = 48 : i64} : memref<32x64xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x48xi8>
// CHECK-NOT: ascube.fixpipe
// CHECK-NOT: linalg.
func.func @requant_u8(%A: memref<32x64xi8>, %B: memref<64x48xi8>, %Q: memref<32x48xi8>) {
  %z = arith.constant 0 : i32
  %C = memref.alloc() : memref<32x48xi32>
  linalg.fill ins(%z : i32) outs(%C : memref<32x48xi32>)
  linalg.matmul ins(%A, %B : memref<32x64xi8>, memref<64x48xi8>) outs(%C : memref<32x48xi32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<32x48xi32>) outs(%Q : memref<32x48xi8>) {
  ^bb0(%c: i32, %q: i8):
    %scale = arith.constant 0.5 : f32
    %f = arith.sitofp %c : i32 to f32
    %y = arith.mulf %f, %scale : f32
    %plo = arith.constant -256.0 : f32
    %phi = arith.constant 255.0 : f32
    %p1 = arith.maximumf %y, %plo : f32
    %p2 = arith.minimumf %p1, %phi : f32
    %r = math.roundeven %p2 : f32
    %off = arith.constant -3.0 : f32
    %r2 = arith.addf %r, %off : f32
    %ulo = arith.constant 0.0 : f32
    %uhi = arith.constant 255.0 : f32
    %u1 = arith.maximumf %r2, %ulo : f32
    %u2 = arith.minimumf %u1, %uhi : f32
    %i = arith.fptoui %u2 : f32 to i8
    linalg.yield %i : i8
  }
  return
}
