// GM views an instruction cannot address (docs/Constraints.md gmview_c1,
// gmview_c2). A view is addressed from its first element with one row
// pitch: srcDValue (ND2NZ) and dstStride (Fixpipe nz2nd) default to it.
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

// gmview_c1: a column stride of 2 (every other element of a row): no
// DataCopy field steps inside a row.
func.func @column_stride(%A: memref<32x64xf16>) {
  %v = memref.subview %A[0, 0] [32, 32] [1, 2] : memref<32x64xf16> to memref<32x32xf16, strided<[64, 2]>>
  %a1 = ascube.alloc : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  // expected-error @+1 {{source: GM view 'memref<32x32xf16, strided<[64, 2]>>': an instruction addresses a view of GM from its first element with one row pitch (srcDValue, dstStride), so the view needs a static shape, offset and strides and is contiguous, a 2-D matrix with unit column stride and a row stride of at least its columns (ND), or one with unit row stride and a column stride of at least its rows (DN) [gmview_c1]}}
  ascube.data_copy %v to %a1 : memref<32x32xf16, strided<[64, 2]>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// gmview_c1: a dynamic offset.
func.func @dynamic_offset(%A: memref<64x64xf16>, %i: index) {
  %v = memref.subview %A[%i, 0] [32, 32] [1, 1] : memref<64x64xf16> to memref<32x32xf16, strided<[64, 1], offset: ?>>
  %a1 = ascube.alloc : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  // expected-error @+1 {{source: GM view 'memref<32x32xf16, strided<[64, 1], offset: ?>>': an instruction addresses a view of GM from its first element with one row pitch (srcDValue, dstStride), so the view needs a static shape, offset and strides and is contiguous, a 2-D matrix with unit column stride and a row stride of at least its columns (ND), or one with unit row stride and a column stride of at least its rows (DN) [gmview_c1]}}
  ascube.data_copy %v to %a1 : memref<32x32xf16, strided<[64, 1], offset: ?>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// gmview_c1: 4-bit GM data is held as bytes; a view would split them.
func.func @int4(%A: memref<32x128xi4>) {
  %v = memref.subview %A[0, 0] [32, 64] [1, 1] : memref<32x128xi4> to memref<32x64xi4, strided<[128, 1]>>
  %a1 = ascube.alloc : memref<32x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>
  // expected-error @+1 {{source: GM view 'memref<32x64xi4, strided<[128, 1]>>': views of 'i4' data (held as bytes) are not supported [gmview_c1]}}
  ascube.data_copy %v to %a1 : memref<32x64xi4, strided<[128, 1]>> to memref<32x64xi4, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// gmview_c2: srcDValue = 32 would step half a row of a view whose rows are
// 64 elements apart.
func.func @src_d_value(%A: memref<32x64xf16>) {
  %v = memref.subview %A[0, 0] [32, 32] [1, 1] : memref<32x64xf16> to memref<32x32xf16, strided<[64, 1]>>
  %a1 = ascube.alloc : memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  // expected-error @+1 {{source 'memref<32x32xf16, strided<[64, 1]>>' is a view of GM with rows 64 elements apart and 32 columns: srcDValue = 32 steps from row to row of it only as 64 [gmview_c2]}}
  ascube.data_copy %v to %a1 {srcDValue = 32 : i64} : memref<32x32xf16, strided<[64, 1]>> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// gmview_c2: dValue = 48 columns from a 32-column view would read the gap
// between its rows (A's columns 32..47).
func.func @d_value(%A: memref<32x64xf16>) {
  %v = memref.subview %A[0, 0] [32, 32] [1, 1] : memref<32x64xf16> to memref<32x32xf16, strided<[64, 1]>>
  %a1 = ascube.alloc : memref<32x48xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  // expected-note @+2 {{ndNum = 1, nValue = 32 were derived from the whole source}}
  // expected-error @+1 {{source 'memref<32x32xf16, strided<[64, 1]>>' is a view of GM with rows 64 elements apart and 32 columns: dValue = 48 elements reach past its 32 columns into the gap between its rows [gmview_c2]}}
  ascube.data_copy %v to %a1 {dValue = 48 : i64} : memref<32x32xf16, strided<[64, 1]>> to memref<32x48xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// gmview_c2: Fixpipe writing 32 columns from column 16 of a 32-column view
// (a static destination offset of 16) would overwrite C outside the view.
func.func @fixpipe_columns(%C: memref<64x64xf32>) {
  %v = memref.subview %C[0, 0] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1]>>
  %c = ascube.alloc : memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  %off = arith.constant 16 : index
  // expected-error @+1 {{destination 'memref<32x32xf32, strided<[64, 1]>>' is a view of GM with rows 64 elements apart and 32 columns: nSize = 32 elements from column 16 reach past its 32 columns into the gap between its rows [gmview_c2]}}
  ascube.fixpipe %c to %v[%off] : memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x32xf32, strided<[64, 1]>>
  return
}

// -----

// gmview_c2: dstStride = 32 rows into a view whose rows are 64 apart.
func.func @fixpipe_stride(%C: memref<64x64xf32>) {
  %v = memref.subview %C[0, 0] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1]>>
  %c = ascube.alloc : memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  // expected-error @+1 {{destination 'memref<32x32xf32, strided<[64, 1]>>' is a view of GM with rows 64 elements apart and 32 columns: dstStride = 32 steps from row to row of it only as 64 [gmview_c2]}}
  ascube.fixpipe %c to %v {dstStride = 32 : i64} : memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<32x32xf32, strided<[64, 1]>>
  return
}

// -----

// gmview_c2, column-major (DN) views (a memref.transpose: columns 64
// apart, 30 rows): DN2NZ's srcDValue = 32 would step half a column.
func.func @dn_src_d_value(%AT: memref<40x64xf16>) {
  %t = memref.subview %AT[0, 0] [32, 30] [1, 1] : memref<40x64xf16> to memref<32x30xf16, strided<[64, 1]>>
  %v = memref.transpose %t (d0, d1) -> (d1, d0) : memref<32x30xf16, strided<[64, 1]>> to memref<30x32xf16, strided<[1, 64]>>
  %a1 = ascube.alloc : memref<30x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  // expected-error @+1 {{source 'memref<30x32xf16, strided<[1, 64]>>' is a view of GM with columns 64 elements apart and 30 rows: srcDValue = 32 steps from column to column of it only as 64 [gmview_c2]}}
  ascube.data_copy %v to %a1 {srcDValue = 32 : i64} : memref<30x32xf16, strided<[1, 64]>> to memref<30x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// gmview_c2: DN2NZ matrices 10 elements apart down the columns, each 12
// rows: the third (rows 20..31) would read past the 30 rows.
func.func @dn_matrix_step(%AT: memref<40x64xf16>) {
  %t = memref.subview %AT[0, 0] [32, 30] [1, 1] : memref<40x64xf16> to memref<32x30xf16, strided<[64, 1]>>
  %v = memref.transpose %t (d0, d1) -> (d1, d0) : memref<32x30xf16, strided<[64, 1]>> to memref<30x32xf16, strided<[1, 64]>>
  %a1 = ascube.alloc : memref<48x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  // expected-error @+1 {{source 'memref<30x32xf16, strided<[1, 64]>>' is a view of GM with columns 64 elements apart and 30 rows: dValue = 12 elements of matrix 2 (srcDnMatrixStride = 10 apart) from row 20 reach past its 30 rows into the gap between its columns [gmview_c2]}}
  ascube.data_copy %v to %a1 {ndNum = 3 : i64, nValue = 32 : i64, dValue = 12 : i64, srcNdMatrixStride = 10 : i64, dstNzMatrixStride = 256 : i64} : memref<30x32xf16, strided<[1, 64]>> to memref<48x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// gmview_c2: Fixpipe NZ2DN writing columns of 30 rows from row 8 of a
// 30-row column-major view.
func.func @dn_fixpipe_rows(%CT: memref<64x64xf32>) {
  %t = memref.subview %CT[0, 0] [32, 30] [1, 1] : memref<64x64xf32> to memref<32x30xf32, strided<[64, 1]>>
  %v = memref.transpose %t (d0, d1) -> (d1, d0) : memref<32x30xf32, strided<[64, 1]>> to memref<30x32xf32, strided<[1, 64]>>
  %c = ascube.alloc : memref<30x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
  %off = arith.constant 8 : index
  // expected-error @+1 {{destination 'memref<30x32xf32, strided<[1, 64]>>' is a view of GM with columns 64 elements apart and 30 rows: mSize = 30 elements from row 8 reach past its 30 rows into the gap between its columns [gmview_c2]}}
  ascube.fixpipe %c to %v[%off] : memref<30x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x32xf32, strided<[1, 64]>>
  return
}

// -----

// Legal: a contiguous view (one image of an NHWC batch: only an offset) is
// ND; a view's footprint bounds the access (a 2-row copy of a 2 x 16 view
// whose rows are 64 apart reaches 64 + 16 = 80 elements, inside it).
func.func @legal(%M: memref<4x8x8x16xf16>, %A: memref<32x64xf16>) {
  %img = memref.subview %M[2, 0, 0, 0] [1, 8, 8, 16] [1, 1, 1, 1] : memref<4x8x8x16xf16> to memref<1x8x8x16xf16, strided<[1024, 128, 16, 1], offset: 2048>>
  %map = ascube.alloc : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
  %flat = memref.collapse_shape %img [[0, 1, 2], [3]] : memref<1x8x8x16xf16, strided<[1024, 128, 16, 1], offset: 2048>> into memref<64x16xf16, strided<[16, 1], offset: 2048>>
  ascube.data_copy %flat to %map {dValue = 16 : i64, mode = #ascube.copy_mode<nd2nz>, nValue = 64 : i64} : memref<64x16xf16, strided<[16, 1], offset: 2048>> to memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
  %v = memref.subview %A[4, 8] [2, 16] [1, 1] : memref<32x64xf16> to memref<2x16xf16, strided<[64, 1], offset: 264>>
  %a1 = ascube.alloc : memref<2x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  ascube.data_copy %v to %a1 : memref<2x16xf16, strided<[64, 1], offset: 264>> to memref<2x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// datacopy_c4: 33 rows of a 32-row view reach past its footprint ((32 - 1)
// x 64 + 32 = 2016 elements from its first; the access spans 32 x 64 + 32
// = 2080).
func.func @rows(%A: memref<64x64xf16>) {
  %v = memref.subview %A[0, 0] [32, 32] [1, 1] : memref<64x64xf16> to memref<32x32xf16, strided<[64, 1]>>
  %a1 = ascube.alloc : memref<48x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  // expected-error @+1 {{source access of 2080 elements at offset 0 reaches past the source buffer 'memref<32x32xf16, strided<[64, 1]>>', which holds 2016 elements from its first [datacopy_c4]}}
  ascube.data_copy %v to %a1 {dValue = 32 : i64, nValue = 33 : i64, ndNum = 1 : i64} : memref<32x32xf16, strided<[64, 1]>> to memref<48x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}
