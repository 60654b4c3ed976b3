// linalg.matmul f16 x f16 -> f32, M = 300, K = 500, N = 200, as a compiler
// hands it to ascube: ascube-tile-linalg (run by ascube-run for a kernel
// with linalg ops, on the module's target) turns it into a tiled Cube
// program for Atlas A2 — DataCopy ND2NZ, LoadData, Mmad over K chunks,
// Fixpipe — with tiles chosen from the product's capacities:
//   ascube-opt examples/linalg_matmul.mlir --ascube-tile-linalg=report=true
// Run: scripts/run-example.sh linalg_matmul
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: memref<300x500xf16>, %B: memref<500x200xf16>, %C: memref<300x200xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%C : memref<300x200xf32>)
    linalg.matmul ins(%A, %B : memref<300x500xf16>, memref<500x200xf16>)
                  outs(%C : memref<300x200xf32>)
    return
  }
}
