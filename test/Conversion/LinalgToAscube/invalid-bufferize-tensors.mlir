// RUN: ascube-opt %s -split-input-file -verify-diagnostics --ascube-bufferize-tensors
// RUN: ascube-opt %s -split-input-file -verify-diagnostics --ascube-tile-linalg=product=atlas_a2

// tile_c1: a dynamic shape, which no instruction's fields can hold.
// expected-error @+1 {{'func.func' op argument #0 of @dynamic is 'tensor<?x48xf16>': ascube maps static shapes (each instruction's sizes are fields of it); give the function static types, e.g. specialize it for the shapes it runs [tile_c1]}}
func.func @dynamic(%A: tensor<?x48xf16>, %B: tensor<48x16xf16>, %C: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<?x48xf16>, tensor<48x16xf16>) outs(%C : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

// -----

// tile_c1: an unranked result.
// expected-error @+1 {{'func.func' op result #0 of @unranked is 'tensor<*xf32>': ascube maps static shapes}}
func.func @unranked(%A: tensor<16x16xf32>) -> tensor<*xf32> {
  %r = tensor.cast %A : tensor<16x16xf32> to tensor<*xf32>
  return %r : tensor<*xf32>
}
