// ascube-tile-linalg on a zero-padded map (docs/Tiling.md, "Padding").
// RUN: ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=16,32,288" | FileCheck %s
// The program is legal on the product:
// RUN: ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=16,32,288" | ascube-opt --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null
// The report says the map is read unpadded, LoadData 3D adding the zeros:
// RUN: ascube-opt %s --ascube-tile-linalg="product=atlas_a2 tile=16,32,288 report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: remark: ascube-tile-linalg: atlas_a2 f16 conv {{.*}}, the zero-padded map read unpadded (padding 1 row above, 1 column left: LoadData 3D's padList)

// A map zero-padded before the convolution, as one-shot bufferization
// writes tensor.pad (alloc, linalg.map of zero, subview, memref.copy):
// the 8 x 8 map is read as it is in GM and LoadData 3D pads each tile's
// window instead; the alloc, fill, subview and copy go. With tile=16,32,288
// (bands of 2 output rows of the 8 x 8 output, 1 pixel of padding on every
// side, a 3 x 3 kernel): band 0 reads map rows 0-2 with one row of padding
// on top, bands 1-2 (a loop) rows 2j-1 .. 2j+2, band 3 rows 5-7 with one
// below; every band pads one column left and right (padList is [left,
// right, top, bottom]).
// CHECK-LABEL: func.func @padded
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.subview
// CHECK: ascube.load_3d %{{.*}} {{.*}}l1H = 3 : i64, l1W = 8 : i64, mExtension = 16 : i64, padList = array<i64: 1, 1, 1, 0>
// CHECK: scf.for %{{.*}} = %c1{{.*}} to %c3
// CHECK: ascube.load_3d %{{.*}} {{.*}}l1H = 4 : i64, l1W = 8 : i64, mExtension = 16 : i64, padList = array<i64: 1, 1, 0, 0>
// CHECK: ascube.load_3d %{{.*}} {{.*}}l1H = 3 : i64, l1W = 8 : i64, mExtension = 16 : i64, padList = array<i64: 1, 1, 0, 1>
// CHECK-NOT: linalg.
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
func.func @padded(%I: memref<1x8x8x20xf16>, %W: memref<3x3x20x24xf16>, %O: memref<1x8x8x24xf32>) {
  %c = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  %alloc = memref.alloc() : memref<1x10x10x20xf16>
  linalg.map outs(%alloc : memref<1x10x10x20xf16>)
    (%init: f16) {
      %0 = linalg.index 0 : index
      linalg.yield %c : f16
    }
  %sv = memref.subview %alloc[0, 1, 1, 0] [1, 8, 8, 20] [1, 1, 1, 1] : memref<1x10x10x20xf16> to memref<1x8x8x20xf16, strided<[2000, 200, 20, 1], offset: 220>>
  memref.copy %I, %sv : memref<1x8x8x20xf16> to memref<1x8x8x20xf16, strided<[2000, 200, 20, 1], offset: 220>>
  linalg.fill ins(%z : f32) outs(%O : memref<1x8x8x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%alloc, %W : memref<1x10x10x20xf16>, memref<3x3x20x24xf16>) outs(%O : memref<1x8x8x24xf32>)
  memref.dealloc %alloc : memref<1x10x10x20xf16>
  return
}
