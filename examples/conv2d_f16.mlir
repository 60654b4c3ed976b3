// A 3x3 convolution on the Cube through im2col (cube-reference §10), f16 on
// Atlas A2: 20 input channels (not a multiple of C0 = 16), an 8x8 map,
// padding 1, 16 output channels.
//   GM NC1HWC0 map --data_copy--> L1 --load_3d (im2col)--> L0A Zz: the GEMM A,
//     64 output pixels x K = C1 * 3 * 3 * C0 = 288 (K order c1, kh, kw, c0);
//   GM weights (16 x 288, rows = output channels, columns in the same K
//     order) --data_copy ND2NZ--> L1 Nz --load_2d--> L0B Zn (288 x 16);
//   mmad --> L0C Nz (64 x 16 f32) --fixpipe NZ2ND--> GM, pixel-major (NHWC).
// The host only re-blocks channels into C1 x C0 groups (zero-filled past 20);
// the golden is a direct convolution (examples/gen_data.py).
// Run: scripts/run-example.sh conv2d_f16
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @conv2d(%FM: memref<1x2x8x8x16xf16>, %WT: memref<16x288xf16>, %OUT: memref<64x16xf32>) {
    // The flags between the pipes (ascube.set_flag; docs/Constraints.md
    // "Pipes and flags"): DataCopy GM -> L1 runs on MTE2, the loads on MTE1,
    // Mmad on M, Fixpipe on FIX; each hands its data on with a flag.
    %ev0 = arith.constant 0 : index
    // L1: the map (4096 B) and the weights (16 x 288 Nz, 9216 B).
    %fm = ascube.alloc offset 0 : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
    %w1 = ascube.alloc offset 4096 : memref<16x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %FM to %fm : memref<1x2x8x8x16xf16> to memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
    ascube.data_copy %WT to %w1 : memref<16x288xf16> to memref<16x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>>

    // One LoadData 3D covers all of M and K: l1H, l1W from the map, the
    // window from the destination (mExtension 64, kExtension 288).
    %a0 = ascube.alloc offset 0 : memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.set_flag <MTE2> -> <MTE1>, %ev0
    ascube.wait_flag <MTE2> -> <MTE1>, %ev0
    ascube.load_3d %fm to %a0 {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>, channelSize = 20 : i64}
        : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>

    // The weights are B^T (N x K): L1 Nz -> L0B Zn without a transpose.
    %b0 = ascube.alloc offset 0 : memref<288x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load_2d %w1 to %b0 : memref<16x288xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<288x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>

    %c = ascube.alloc offset 0 : memref<64x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <MTE1> -> <M>, %ev0
    ascube.wait_flag <MTE1> -> <M>, %ev0
    ascube.mmad %a0, %b0 to %c : memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<288x16xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<64x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %ev0
    ascube.wait_flag <M> -> <FIX>, %ev0
    ascube.fixpipe %c to %OUT : memref<64x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<64x16xf32>
    return
  }
}
