func.func @k(%A: memref<4611686018427387904x3xf16>) {
  return
}
