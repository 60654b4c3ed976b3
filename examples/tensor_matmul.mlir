// linalg.matmul f16 x f16 -> f32 on tensors, as a compiler (torch-mlir and
// the like) hands it: M = 300, K = 500, N = 200, the result returned.
// ascube-tile-linalg (run by ascube-run) bufferizes it first
// (ascube-bufferize-tensors: each tensor argument a whole GM buffer, the
// result an output argument after them, named result0), then maps it onto
// Atlas A2 as linalg_matmul.mlir is mapped:
//   ascube-opt examples/tensor_matmul.mlir --ascube-bufferize-tensors
//   ascube-run examples/tensor_matmul.mlir --entry matmul --input A=A.bin
//              --input B=B.bin --output result0=c.bin
// Run: scripts/run-example.sh tensor_matmul
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: tensor<300x500xf16>, %B: tensor<500x200xf16>) -> tensor<300x200xf32> {
    %empty = tensor.empty() : tensor<300x200xf32>
    %zero = arith.constant 0.0 : f32
    %C0 = linalg.fill ins(%zero : f32) outs(%empty : tensor<300x200xf32>) -> tensor<300x200xf32>
    %C = linalg.matmul ins(%A, %B : tensor<300x500xf16>, tensor<500x200xf16>)
                       outs(%C0 : tensor<300x200xf32>) -> tensor<300x200xf32>
    return %C : tensor<300x200xf32>
  }
}
