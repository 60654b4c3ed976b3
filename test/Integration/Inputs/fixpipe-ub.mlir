// Fixpipe L0C -> UB (cube-reference §16; 950 with FixpipeParamsArch3510):
// one destination, or two halves to the two vector cores' UBs.
// C is 16 x 32 f32 in L0C.
!CW = memref<16x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  // NZ2NZ into the UB of vector core 1.
  func.func @nz(%C: !CW, %D: memref<16x32xf32, #ascube.layout<Nz, fractal = [16, 16]>, #ascube.mem<UB>>) {
    ascube.fixpipe %C to %D {arch3510 = true, subBlockId = 1 : i64}
        : !CW to memref<16x32xf32, #ascube.layout<Nz, fractal = [16, 16]>, #ascube.mem<UB>>
    return
  }
  // dualDstCtrl = 1: rows 0-7 to D0, rows 8-15 to D1 (NZ2ND, pitch 32).
  func.func @split_m(%C: !CW, %D0: memref<8x32xf32, #ascube.mem<UB>>, %D1: memref<8x32xf32, #ascube.mem<UB>>) {
    ascube.fixpipe %C to %D0 and %D1 : memref<8x32xf32, #ascube.mem<UB>> {arch3510 = true, dualDstCtrl = 1 : i64}
        : !CW to memref<8x32xf32, #ascube.mem<UB>>
    return
  }
  // dualDstCtrl = 2: columns 0-15 to D0, 16-31 to D1 (NZ2ND, pitch 16).
  func.func @split_n(%C: !CW, %D0: memref<16x16xf32, #ascube.mem<UB>>, %D1: memref<16x16xf32, #ascube.mem<UB>>) {
    ascube.fixpipe %C to %D0 and %D1 : memref<16x16xf32, #ascube.mem<UB>> {arch3510 = true, dualDstCtrl = 2 : i64}
        : !CW to memref<16x16xf32, #ascube.mem<UB>>
    return
  }
}
