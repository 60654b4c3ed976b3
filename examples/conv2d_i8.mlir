// An int8 convolution on the Cube through im2col on Ascend 950 (L0A in Nz,
// cube-reference §10): 4 input channels (channelSize 4, C0 = 32), a 10x10
// map, a 3x3 kernel with stride 2 and dilation 2, padding 2, 32 output
// channels: Hout = Wout = (10 + 4 - 5) / 2 + 1 = 5, so M = 25 (not a
// multiple of 16: the window ends in the last fractal row) and
// K = 1 * 3 * 3 * 32 = 288. int8 x int8 -> int32, exact.
//   GM NC1HWC0 map --data_copy--> L1 --load_3d--> L0A Nz (25 x 288);
//   GM weights (32 x 288) --data_copy ND2NZ--> L1 Nz --load_2d_v2--> L0B Zn;
//   mmad --> L0C Nz --fixpipe NZ2ND--> GM (25 x 32, pixel-major).
// Run: scripts/run-example.sh conv2d_i8
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @conv2d(%FM: memref<1x1x10x10x32xi8>, %WT: memref<32x288xi8>, %OUT: memref<25x32xi32>) {
    // The flags between the pipes (ascube.set_flag; docs/Constraints.md
    // "Pipes and flags"): DataCopy GM -> L1 runs on MTE2, the loads on MTE1,
    // Mmad on M, Fixpipe on FIX; each hands its data on with a flag.
    %ev0 = arith.constant 0 : index
    %fm = ascube.alloc offset 0 : memref<1x1x10x10x32xi8, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
    %w1 = ascube.alloc offset 3200 : memref<32x288xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %FM to %fm : memref<1x1x10x10x32xi8> to memref<1x1x10x10x32xi8, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
    ascube.data_copy %WT to %w1 : memref<32x288xi8> to memref<32x288xi8, #ascube.layout<Nz>, #ascube.mem<L1>>

    %a0 = ascube.alloc offset 0 : memref<25x288xi8, #ascube.layout<Nz>, #ascube.mem<L0A>>
    ascube.set_flag <MTE2> -> <MTE1>, %ev0
    ascube.wait_flag <MTE2> -> <MTE1>, %ev0
    ascube.load_3d %fm to %a0 {filterH = 3 : i64, filterW = 3 : i64, strideH = 2 : i64, strideW = 2 : i64,
                               dilationFilterH = 2 : i64, dilationFilterW = 2 : i64,
                               padList = array<i64: 2, 2, 2, 2>, channelSize = 4 : i64}
        : memref<1x1x10x10x32xi8, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<25x288xi8, #ascube.layout<Nz>, #ascube.mem<L0A>>

    %b0 = ascube.alloc offset 0 : memref<288x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d_v2 %w1 to %b0 : memref<32x288xi8, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<288x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>

    %c = ascube.alloc offset 0 : memref<25x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <MTE1> -> <M>, %ev0
    ascube.wait_flag <MTE1> -> <M>, %ev0
    ascube.mmad %a0, %b0 to %c : memref<25x288xi8, #ascube.layout<Nz>, #ascube.mem<L0A>>,
        memref<288x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<25x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %ev0
    ascube.wait_flag <M> -> <FIX>, %ev0
    ascube.fixpipe %c to %OUT : memref<25x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<25x32xi32>
    return
  }
}
