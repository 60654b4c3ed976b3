// An int8 linalg.matmul with a bias add, a ReLU and a requantization to
// int8, as a quantized network layer hands it to ascube: M = 64, K = 96,
// N = 80 on Atlas A2. ascube-tile-linalg folds all three into the Cube
// program (docs/Tiling.md, "Epilogues"): the bias through the bias table
// (the Mmad starts C from it), the ReLU and the requantization through
// Fixpipe — REQ8 with scale 1/16 and offset 3, y = saturate(
// round_half_even(clip(x / 16, -256, 255)) + 3) — straight to Q; the int32
// C is a local buffer nothing else reads, so it is never written.
//   ascube-opt examples/linalg_matmul_i8_requant.mlir --ascube-tile-linalg=report=true
// Run: scripts/run-example.sh linalg_matmul_i8_requant
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: memref<64x96xi8>, %B: memref<96x80xi8>, %bias: memref<80xi32>,
                    %Q: memref<64x80xi8>) {
    %C = memref.alloc() : memref<64x80xi32>
    %zero = arith.constant 0 : i32
    linalg.fill ins(%zero : i32) outs(%C : memref<64x80xi32>)
    linalg.matmul ins(%A, %B : memref<64x96xi8>, memref<96x80xi8>)
                  outs(%C : memref<64x80xi32>)
    // C += bias over N, then C = max(C, 0).
    linalg.generic {indexing_maps = [affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>],
                    iterator_types = ["parallel", "parallel"]}
        ins(%bias : memref<80xi32>) outs(%C : memref<64x80xi32>) {
    ^bb0(%b: i32, %c: i32):
      %s = arith.addi %c, %b : i32
      %r = arith.maxsi %s, %zero : i32
      linalg.yield %r : i32
    }
    // Q = int8(clamp(roundeven(clamp(C * 1/16, -256, 255)) + 3, -128, 127)).
    linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                    iterator_types = ["parallel", "parallel"]}
        ins(%C : memref<64x80xi32>) outs(%Q : memref<64x80xi8>) {
    ^bb0(%c: i32, %q: i8):
      %scale = arith.constant 0.0625 : f32
      %lo = arith.constant -256.0 : f32
      %hi = arith.constant 255.0 : f32
      %offset = arith.constant 3.0 : f32
      %qmin = arith.constant -128.0 : f32
      %qmax = arith.constant 127.0 : f32
      %f = arith.sitofp %c : i32 to f32
      %y = arith.mulf %f, %scale : f32
      %y1 = arith.maximumf %y, %lo : f32
      %y2 = arith.minimumf %y1, %hi : f32
      %r = math.roundeven %y2 : f32
      %r1 = arith.addf %r, %offset : f32
      %s1 = arith.maximumf %r1, %qmin : f32
      %s2 = arith.minimumf %s1, %qmax : f32
      %i = arith.fptosi %s2 : f32 to i8
      linalg.yield %i : i8
    }
    memref.dealloc %C : memref<64x80xi32>
    return
  }
}
