// 950's 8-bit float Fixpipe outputs (cube-reference §16, §17): f32 x M1,
// then the cast to fp8 e4m3fn (QF322FP8_PRE) or HiFloat8 (QF322HIF8_PRE,
// half away from zero; QF322HIF8_PRE_HYBRID), scalar and per-column.
// M1 = 1.0 (deqScalar 1065353216 = 0x3F800000).
!CF = memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
module attributes {ascube.target = #ascube.target<ascend950pr>} {
  func.func @fp8(%C: !CF, %D: memref<16x16xf8E4M3FN>) {
    ascube.fixpipe %C to %D {deqScalar = 1065353216 : i64} : !CF to memref<16x16xf8E4M3FN>
    return
  }
  func.func @hif8(%C: !CF, %D: memref<16x16x!ascube.hif8>) {
    ascube.fixpipe %C to %D {deqScalar = 1065353216 : i64} : !CF to memref<16x16x!ascube.hif8>
    return
  }
  func.func @hif8_hybrid(%C: !CF, %D: memref<16x16x!ascube.hif8>) {
    ascube.fixpipe %C to %D {quantPre = #ascube.quant<QF322HIF8_PRE_HYBRID>, deqScalar = 1065353216 : i64}
        : !CF to memref<16x16x!ascube.hif8>
    return
  }
  func.func @vfp8(%C: !CF, %Q: memref<16xi64, #ascube.mem<L1>>, %D: memref<16x16xf8E4M3FN>) {
    ascube.fixpipe %C to %D quant_vector %Q : memref<16xi64, #ascube.mem<L1>> : !CF to memref<16x16xf8E4M3FN>
    return
  }
  func.func @vhif8(%C: !CF, %Q: memref<16xi64, #ascube.mem<L1>>, %D: memref<16x16x!ascube.hif8>) {
    ascube.fixpipe %C to %D quant_vector %Q : memref<16xi64, #ascube.mem<L1>> {quantPre = #ascube.quant<VQF322HIF8_PRE_HYBRID>}
        : !CF to memref<16x16x!ascube.hif8>
    return
  }
}
