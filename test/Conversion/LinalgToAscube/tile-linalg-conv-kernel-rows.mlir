// ascube-tile-linalg on kernels whose window no chunk holds whole: chunks
// of a C0 block's kernel points, parts of a kernel row or whole rows,
// each reading only the map rows of its kernel rows and, parts in tiles of
// one output row, only their points' map columns (docs/Tiling.md, "Kernel
// windows too large for one chunk"). The fields are worked by hand from
// the shapes.
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 objective=traffic" | FileCheck %s --check-prefix=ROWS
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 tile=4,16,32" | FileCheck %s --check-prefix=PARTS
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 tile=4,16,16" | FileCheck %s --check-prefix=COLS
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 tile=2,16,16" | FileCheck %s --check-prefix=STRIDE
// The programs are legal on the product:
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2" | ascube-opt --split-input-file --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 tile=4,16,32" | ascube-opt --split-input-file --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 tile=4,16,16" | ascube-opt --split-input-file --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null
// RUN: ascube-opt %s --split-input-file --ascube-tile-linalg="product=atlas_a2 tile=2,16,16" | ascube-opt --split-input-file --ascube-select-movers=remarks=false --ascube-verify-target -o /dev/null

// A 16 x 16 kernel over 16 f16 channels (K = 4096 im2col columns, past
// Mmad's 4095) on a 20 x 20 map: the 5 x 5 output in one tile, chunks of
// 2 kernel rows (32 points, two sets in L0A: model test
// ConvTiling.KernelBeyondMmadK), 8 chunks. Each copies the 6 x 20 = 120
// map pixels of its rows (output rows 0-4 through kernel rows 2g, 2g + 1:
// map rows 2g .. 2g + 5) and LoadData 3D takes them with a kernel of 2 x
// 16 (K = 512 columns). Chunk 0 starts the accumulation on its own;
// chunks 1-6 run in an scf.for over kernel-row groups two at a time (one
// per buffer set), chunk 7 after it.
// ROWS-LABEL: func.func @kernel_rows
// ROWS: ascube.data_copy {{.*}}nValue = 120 : i64{{.*}} to memref<1x1x6x20x16xf16
// ROWS: ascube.load_3d {{.*}}filterH = 2 : i64, filterW = 16 : i64, kExtension = 512 : i64, l1H = 6 : i64, l1W = 20 : i64, mExtension = 25 : i64
// ROWS-NOT: kStartPt
// ROWS: ascube.mmad {{.*}}{k = 512 : i64, m = 25 : i64, n = 16 : i64}
// ROWS: scf.for %{{.*}} = %c1{{.*}} to %c7{{.*}} step %c2
// ROWS-COUNT-2: ascube.mmad {{.*}}{cmatrixInitVal = false, k = 512 : i64
// ROWS: }
// ROWS: ascube.mmad {{.*}}{cmatrixInitVal = false, k = 512 : i64
// ROWS-NOT: ascube.mmad
// ROWS: ascube.fixpipe
// With tile=4,16,16 (pieces of 4 output pixels of a row, one point a
// chunk) each part reads the 4 map columns of its point (l1W 4, filterW
// 1) and the parts run in loops: kernel row 0's part 0 starts the
// accumulation on its own, parts 1-14 go two a step (one per buffer set),
// part 15 after; kernel rows 1-15 in an scf.for, each row's 16 parts in an
// inner scf.for two a step, the part's columns at its point x dw (dw =
// 1: the point itself, added to the row's first column).
// COLS-LABEL: func.func @kernel_rows
// COLS: ascube.load_3d {{.*}}filterH = 1 : i64, filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 4 : i64, mExtension = 4 : i64
// COLS: scf.for %{{.*}} = %c1{{.*}} to %c15{{.*}} step %c2
// COLS-COUNT-2: ascube.load_3d {{.*}}filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 4 : i64
// COLS: ascube.load_3d {{.*}}filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 4 : i64
// COLS: scf.for %{{.*}} = %c1{{.*}} to %c16{{.*}} step %c1
// COLS: scf.for %[[PART:.*]] = %c0{{.*}} to %c16{{.*}} step %c2
// COLS: arith.addi %{{.*}}, %[[PART]] : index
// COLS-COUNT-2: ascube.load_3d {{.*}}filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 4 : i64
func.func @kernel_rows(%I: memref<1x20x20x16xf16>, %W: memref<16x16x16x16xf16>, %O: memref<1x5x5x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<1x5x5x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x20x20x16xf16>, memref<16x16x16x16xf16>) outs(%O : memref<1x5x5x16xf32>)
  return
}

// -----

// Parts of a kernel row, over a padded map: a 4 x 4 x 16 f16 map
// zero-padded by 2 on every side (8 x 8), a 3 x 3 kernel dilated by 2 ->
// 4 x 4 output, tile=4,16,32 (bands of one output row, 2 kernel points a
// chunk: each kernel row in 2 chunks, points 0-1 and 2). In a tile of one
// output row a part reads only the map columns of its points, LoadData
// 3D's kernel those points (no kStartPt): output columns 0-3 through
// points 0-1 read padded columns 0-5, map columns -2 .. 3 (l1W 4, 2 left
// of the map), through point 2 map columns 2 .. 5 (l1W 2, 2 right).
// Output row 0 reads padded rows 0, 2, 4 through kernel rows 0, 1, 2: map
// rows -2 (padding), 0 and 2. Kernel row 0's chunks read only padding:
// each copies one map row (row 0) that LoadData 3D leaves below its
// window (padList top 1, bottom 0, l1H = 1), so the window is all zeros;
// that row adds a second output row to the im2col matrix, so the window
// takes a whole fractal row (mExtension 16 of the 4 pixels). Kernel rows
// 1 and 2 read map rows 0 and 2, inside the map: an scf.for from row 1 to
// 3.
// PARTS-LABEL: func.func @row_parts
// PARTS: ascube.load_3d {{.*}}dilationFilterH = 2 : i64, dilationFilterW = 2 : i64, filterH = 1 : i64, filterW = 2 : i64, kExtension = 32 : i64, l1H = 1 : i64, l1W = 4 : i64, mExtension = 16 : i64, padList = array<i64: 2, 0, 1, 0>
// PARTS: ascube.mmad {{.*}}{k = 32 : i64, m = 4 : i64, n = 16 : i64}
// PARTS: ascube.load_3d {{.*}}filterH = 1 : i64, filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 2 : i64, mExtension = 16 : i64, padList = array<i64: 0, 2, 1, 0>
// PARTS: scf.for %{{.*}} = %c1{{.*}} to %c3{{.*}} step %c1
// PARTS: ascube.load_3d {{.*}}filterH = 1 : i64, filterW = 2 : i64, kExtension = 32 : i64, l1H = 1 : i64, l1W = 4 : i64, mExtension = 4 : i64, padList = array<i64: 2, 0, 0, 0>
// PARTS: ascube.load_3d {{.*}}filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 2 : i64, mExtension = 4 : i64, padList = array<i64: 0, 2, 0, 0>
// Output rows 1 and 2 (their first or last kernel row in the padding),
// then row 3: map rows 1, 3 and 5 through kernel rows 0, 1 and 2. Kernel
// row 0 starts the accumulation (on its own), row 1 is one group inside
// the map (no loop for one), row 2's chunks read only padding below the
// map: each copies the map's last row (3) and LoadData 3D leaves it below
// the window as above.
// PARTS-COUNT-3: ascube.fixpipe
// PARTS-COUNT-2: ascube.load_3d {{.*}}filterW = 2 : i64, kExtension = 32 : i64, l1H = 1 : i64, l1W = 4 : i64, mExtension = 4 : i64, padList = array<i64: 2, 0, 0, 0>
// PARTS: ascube.load_3d {{.*}}filterW = 2 : i64, kExtension = 32 : i64, l1H = 1 : i64, l1W = 4 : i64, mExtension = 16 : i64, padList = array<i64: 2, 0, 1, 0>
// PARTS: ascube.load_3d {{.*}}filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 2 : i64, mExtension = 16 : i64, padList = array<i64: 0, 2, 1, 0>
// PARTS: ascube.fixpipe
// PARTS-NOT: ascube.load_3d
func.func @row_parts(%I: memref<1x4x4x16xf16>, %W: memref<3x3x16x16xf16>, %O: memref<1x4x4x16xf32>) {
  %c = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  %alloc = memref.alloc() : memref<1x8x8x16xf16>
  linalg.map outs(%alloc : memref<1x8x8x16xf16>)
    (%init: f16) {
      %0 = linalg.index 0 : index
      linalg.yield %c : f16
    }
  %sv = memref.subview %alloc[0, 2, 2, 0] [1, 4, 4, 16] [1, 1, 1, 1] : memref<1x8x8x16xf16> to memref<1x4x4x16xf16, strided<[1024, 128, 16, 1], offset: 288>>
  memref.copy %I, %sv : memref<1x4x4x16xf16> to memref<1x4x4x16xf16, strided<[1024, 128, 16, 1], offset: 288>>
  linalg.fill ins(%z : f32) outs(%O : memref<1x4x4x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%alloc, %W : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%O : memref<1x4x4x16xf32>)
  memref.dealloc %alloc : memref<1x8x8x16xf16>
  return
}

// -----

// Parts of a kernel row whose columns lie only in the padding: a 1 x 4 x
// 16 f16 map zero-padded by 4 left and right (1 x 12), a 1 x 3 kernel
// dilated by 4 -> 1 x 4 output, tile=4,16,16 (one point a chunk). The
// output's columns 0-3 read padded columns 0-3 through point 0 (map
// columns -4 .. -1: all padding), 4-7 through point 1 (map columns 0-3)
// and 8-11 through point 2 (map columns 4-7: all padding). Points 0 and 2
// copy one real map column (column 0, column 3) that LoadData 3D leaves
// after a window of 4 padding columns (padList left 4, right 0, l1W 1);
// that column adds an output column, never read in a tile of one output
// row, and the window takes a whole fractal row (mExtension 16). Point 1
// reads its 4 map columns with no padding.
// PARTS-LABEL: func.func @column_padding
// COLS-LABEL: func.func @column_padding
// COLS: ascube.load_3d {{.*}}dilationFilterW = 4 : i64, filterH = 1 : i64, filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 1 : i64, mExtension = 16 : i64, padList = array<i64: 4, 0, 0, 0>
// COLS: ascube.load_3d {{.*}}dilationFilterW = 4 : i64, filterH = 1 : i64, filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 4 : i64, mExtension = 4 : i64, strideH
// COLS: ascube.load_3d {{.*}}dilationFilterW = 4 : i64, filterH = 1 : i64, filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 1 : i64, mExtension = 16 : i64, padList = array<i64: 4, 0, 0, 0>
// COLS: ascube.fixpipe
func.func @column_padding(%I: memref<1x1x4x16xf16>, %W: memref<1x3x16x16xf16>, %O: memref<1x1x4x16xf32>) {
  %c = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  %alloc = memref.alloc() : memref<1x1x12x16xf16>
  linalg.map outs(%alloc : memref<1x1x12x16xf16>)
    (%init: f16) {
      %0 = linalg.index 0 : index
      linalg.yield %c : f16
    }
  %sv = memref.subview %alloc[0, 0, 4, 0] [1, 1, 4, 16] [1, 1, 1, 1] : memref<1x1x12x16xf16> to memref<1x1x4x16xf16, strided<[192, 192, 16, 1], offset: 64>>
  memref.copy %I, %sv : memref<1x1x4x16xf16> to memref<1x1x4x16xf16, strided<[192, 192, 16, 1], offset: 64>>
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x4x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 4]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%alloc, %W : memref<1x1x12x16xf16>, memref<1x3x16x16xf16>) outs(%O : memref<1x1x4x16xf32>)
  memref.dealloc %alloc : memref<1x1x12x16xf16>
  return
}

// -----

// The same with a stride of 2 along W: a 1 x 4 x 16 f16 map padded by 4
// left and right (1 x 12), a 1 x 3 kernel dilated by 4 -> 1 x 2 output,
// tile=2,16,16 (a band of the one row, one point a chunk). The band's
// window, padded columns 0-10, reaches 4 left and 3 right of the map.
// Point 0 reads map columns -4, -2 (all padding: map column 0 copied,
// padList left 3, l1W 1; with stride 2 it adds no output column, and the
// window still takes a whole fractal row), point 1 map columns 0-2 (l1W
// 3, no padding), point 2 map columns 4, 6 (all padding: map column 3
// copied).
// STRIDE-LABEL: func.func @column_stride
// STRIDE: ascube.load_3d {{.*}}filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 1 : i64, mExtension = 16 : i64, padList = array<i64: 3, 0, 0, 0>, strideH = 1 : i64, strideW = 2 : i64
// STRIDE: ascube.load_3d {{.*}}filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 3 : i64, mExtension = 2 : i64, strideH = 1 : i64, strideW = 2 : i64
// STRIDE: ascube.load_3d {{.*}}filterW = 1 : i64, kExtension = 16 : i64, l1H = 1 : i64, l1W = 1 : i64, mExtension = 16 : i64, padList = array<i64: 3, 0, 0, 0>, strideH = 1 : i64, strideW = 2 : i64
// STRIDE: ascube.fixpipe
func.func @column_stride(%I: memref<1x1x4x16xf16>, %W: memref<1x3x16x16xf16>, %O: memref<1x1x2x16xf32>) {
  %c = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  %alloc = memref.alloc() : memref<1x1x12x16xf16>
  linalg.map outs(%alloc : memref<1x1x12x16xf16>)
    (%init: f16) {
      %0 = linalg.index 0 : index
      linalg.yield %c : f16
    }
  %sv = memref.subview %alloc[0, 0, 4, 0] [1, 1, 4, 16] [1, 1, 1, 1] : memref<1x1x12x16xf16> to memref<1x1x4x16xf16, strided<[192, 192, 16, 1], offset: 64>>
  memref.copy %I, %sv : memref<1x1x4x16xf16> to memref<1x1x4x16xf16, strided<[192, 192, 16, 1], offset: 64>>
  linalg.fill ins(%z : f32) outs(%O : memref<1x1x2x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 4]> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%alloc, %W : memref<1x1x12x16xf16>, memref<1x3x16x16xf16>) outs(%O : memref<1x1x2x16xf32>)
  memref.dealloc %alloc : memref<1x1x12x16xf16>
  return
}
