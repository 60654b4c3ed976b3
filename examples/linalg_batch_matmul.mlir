// linalg.batch_matmul bf16 x bf16 -> f32 of 4 matrices, M = 96, K = 130,
// N = 80, with B held transposed (N x K, MLIR 22's indexing maps), on
// Ascend 950PR: each matrix is tiled alike and B^T's chunks reach L0B as
// they are stored (docs/Tiling.md).
//   ascube-opt examples/linalg_batch_matmul.mlir --ascube-tile-linalg=report=true
// Run: scripts/run-example.sh linalg_batch_matmul
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @bmm(%A: memref<4x96x130xbf16>, %BT: memref<4x80x130xbf16>, %C: memref<4x96x80xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%C : memref<4x96x80xf32>)
    linalg.batch_matmul
        indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                         affine_map<(b, m, n, k) -> (b, n, k)>,
                         affine_map<(b, m, n, k) -> (b, m, n)>]
        ins(%A, %BT : memref<4x96x130xbf16>, memref<4x80x130xbf16>)
        outs(%C : memref<4x96x80xf32>)
    return
  }
}
