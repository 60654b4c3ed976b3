func.func @k(%A: memref<4xf16>, %n: index) {
  return
}
