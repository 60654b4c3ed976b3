// Column-major GM views (DN, docs/Constraints.md gmview_c1/c2,
// gm-views.test) on Ascend 950: A is held transposed in GM (A^T, 96 x 64);
// the 30 x 40 sub-tile A[16.., 20..] is the memref.transpose of A^T's
// 40 x 30 sub-tile at rows 20.., columns 16.. (offset 20 x 64 + 16 = 1296,
// columns of A 64 apart): DataCopy DN2NZ reads it (srcDValue derived from
// the column stride). B's 40 x 32 sub-tile comes by ND2NZ. The 30 x 32
// product goes by Fixpipe NZ2DN into C held transposed (C^T, 70 x 48): C's
// rows 8.., columns 32.. are the transpose of C^T's 32 x 30 sub-tile at
// rows 32.., columns 8.. (offset 32 x 48 + 8 = 1544 elements, 6176 B: a
// DN destination in GM starts 32 B aligned, alignment_c2; dstStride 48),
// leaving the rest of C^T as it was.
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @k(%AT: memref<96x64xf16>, %B: memref<80x48xf16>, %CT: memref<70x48xf32>) {
    %atv = memref.subview %AT[20, 16] [40, 30] [1, 1] : memref<96x64xf16> to memref<40x30xf16, strided<[64, 1], offset: 1296>>
    %av = memref.transpose %atv (d0, d1) -> (d1, d0) : memref<40x30xf16, strided<[64, 1], offset: 1296>> to memref<30x40xf16, strided<[1, 64], offset: 1296>>
    %bv = memref.subview %B[8, 4] [40, 32] [1, 1] : memref<80x48xf16> to memref<40x32xf16, strided<[48, 1], offset: 388>>
    %ctv = memref.subview %CT[32, 8] [32, 30] [1, 1] : memref<70x48xf32> to memref<32x30xf32, strided<[48, 1], offset: 1544>>
    %cv = memref.transpose %ctv (d0, d1) -> (d1, d0) : memref<32x30xf32, strided<[48, 1], offset: 1544>> to memref<30x32xf32, strided<[1, 48], offset: 1544>>
    %a1 = ascube.alloc offset 0 : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 4096 : memref<40x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %av to %a1 : memref<30x40xf16, strided<[1, 64], offset: 1296>> to memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %bv to %b1 : memref<40x32xf16, strided<[48, 1], offset: 388>> to memref<40x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
    ascube.load %a1 to %a0 : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
    %b0 = ascube.alloc offset 0 : memref<40x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load %b1 to %b0 : memref<40x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c = ascube.alloc offset 0 : memref<30x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %a0, %b0 to %c : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>,
        memref<40x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %c to %cv : memref<30x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x32xf32, strided<[1, 48], offset: 1544>>
    return
  }
}
