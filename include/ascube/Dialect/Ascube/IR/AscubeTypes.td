//===- AscubeTypes.td - ascube types -----------------------*- tablegen -*-===//

#ifndef ASCUBE_TYPES_TD
#define ASCUBE_TYPES_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def Ascube_HiFloat8Type : Ascube_Type<"HiFloat8", "hif8",
    [MemRefElementTypeInterface]> {
  let summary = "HiFloat8 (HiF8), 8-bit tapered float (cube-reference §17)";
  let description = [{
    Huawei's 8-bit float with a tapered dot-coded exponent (arXiv
    2409.16626): sign b7, a prefix-coded exponent field and 1-3 mantissa
    bits; 0x80 is NaN, 0x6F/0xEF are +/-inf, the largest finite value is
    0x6E = 32768. MLIR has no builtin for it. Storage: one byte. Used by
    mmad on 950 (hif8 x hif8 -> f32) and fixpipe's QF322HIF8_PRE.

    Example:

    ```mlir
    memref<16x32x!ascube.hif8, #ascube.layout<Nz>, #ascube.mem<L1>>
    ```
  }];
  let hasCustomAssemblyFormat = 1;
}

def Ascube_Float4E1M2Type : Ascube_Type<"Float4E1M2", "f4e1m2",
    [MemRefElementTypeInterface]> {
  let summary = "fp4 e1m2 (S1 E1 M2), MX data type (cube-reference §17)";
  let description = [{
    4-bit float with one sign, one exponent and two mantissa bits; codes
    0-7 are 0, 0.25, ..., 1.75 (value = code / 4, [I]). No inf or NaN.
    Storage: two per byte, element 2i in the low nibble (Packing.h). MLIR
    has f4E2M1FN but no e1m2. Used by mmad_mx on 950.

    Example:

    ```mlir
    memref<16x64x!ascube.f4e1m2, #ascube.layout<Nz>, #ascube.mem<L1>>
    ```
  }];
  let hasCustomAssemblyFormat = 1;
}

#endif // ASCUBE_TYPES_TD
