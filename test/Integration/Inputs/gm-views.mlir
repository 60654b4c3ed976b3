// GM views as instruction operands (docs/Constraints.md gmview_c1/c2,
// gm-views.test): ND2NZ reads a 30 x 40 sub-tile of A (rows 16.., columns
// 20..; offset 16 x 96 + 20 = 1556, rows 96 apart) and a 40 x 32 one of B
// through a chain of two subviews (rows 8.., then columns 4..: offset 8 x
// 48 + 4 = 388, rows 48 apart), srcDValue derived from the row strides;
// Fixpipe writes the 30 x 32 product into rows 10.., columns 30.. of C
// (offset 10 x 70 + 30 = 730, dstStride 70), leaving the rest of C as it
// was.
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @k(%A: memref<64x96xf16>, %B: memref<80x48xf16>, %C: memref<50x70xf32>) {
    // A's rows 16..45, columns 20..59 (30 x 40); B's rows 8..47 (a view of
    // a view), columns 4..35 (40 x 32); C's rows 10..39, columns 30..61.
    %av = memref.subview %A[16, 20] [30, 40] [1, 1] : memref<64x96xf16> to memref<30x40xf16, strided<[96, 1], offset: 1556>>
    %bw = memref.subview %B[8, 0] [40, 48] [1, 1] : memref<80x48xf16> to memref<40x48xf16, strided<[48, 1], offset: 384>>
    %bv = memref.subview %bw[0, 4] [40, 32] [1, 1] : memref<40x48xf16, strided<[48, 1], offset: 384>> to memref<40x32xf16, strided<[48, 1], offset: 388>>
    %cv = memref.subview %C[10, 30] [30, 32] [1, 1] : memref<50x70xf32> to memref<30x32xf32, strided<[70, 1], offset: 730>>
    %a1 = ascube.alloc offset 0 : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 4096 : memref<40x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %av to %a1 : memref<30x40xf16, strided<[96, 1], offset: 1556>> to memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %bv to %b1 : memref<40x32xf16, strided<[48, 1], offset: 388>> to memref<40x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.load %a1 to %a0 : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b0 = ascube.alloc offset 0 : memref<40x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load %b1 to %b0 : memref<40x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<40x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c = ascube.alloc offset 0 : memref<30x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.mmad %a0, %b0 to %c : memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<40x32xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.fixpipe %c to %cv : memref<30x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x32xf32, strided<[70, 1], offset: 730>>
    return
  }
}
