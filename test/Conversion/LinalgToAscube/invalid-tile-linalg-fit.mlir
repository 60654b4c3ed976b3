// A forced tile=m,n,k that does not fit is refused naming each memory it
// overflows, with the bytes it needs and holds, and a tile that fits
// (tile_c6). A 512 x 512 x 512 f16 matmul on Atlas A2 (L0A and L0B 64 KiB,
// L0C 128 KiB, L1 512 KiB; chunks double-buffered):
// m, n, k = 128, 256, 128: L0A 2 x 128 x 128 x 2 B = 65536 B (holds),
// L0B 2 x 128 x 256 x 2 B = 131072 B (does not), L0C 128 x 256 x 4 B =
// 131072 B (holds), L1 2 x (128 + 256) x 128 x 2 B = 196608 B (holds).
// The tiling rule's own choice for this shape is 128 x 256 x 64 (the
// least GM -> L1 traffic, 3145728 B, with the fewest tails:
// unittests/MatmulTilingTest.cpp works it by hand).
// RUN: not ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=128,256,128" -o /dev/null 2>&1 | FileCheck %s --check-prefix=L0B
// L0B: error: 'linalg.matmul' op tile 128 x 256 x 128 does not fit atlas_a2: L0B needs 131072 B of 65536 B (L0A, L0B and L1 counted for two buffer sets: double buffering); a tile that fits: 128 x 256 x 64 [tile_c6]
// m, n, k = 256, 256, 64: L0C 256 x 256 x 4 B = 262144 B, L0A 2 x 256 x
// 64 x 2 B = 65536 B (holds), L0B 65536 B (holds):
// RUN: not ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=256,256,64" -o /dev/null 2>&1 | FileCheck %s --check-prefix=L0C
// L0C: error: 'linalg.matmul' op tile 256 x 256 x 64 does not fit atlas_a2: L0C needs 262144 B of 131072 B; a tile that fits: 128 x 256 x 64 [tile_c6]
func.func @matmul(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<512x512xf32>)
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%C : memref<512x512xf32>)
  return
}
