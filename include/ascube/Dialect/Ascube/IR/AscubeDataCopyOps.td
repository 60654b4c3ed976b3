//===- AscubeDataCopyOps.td - DataCopy ---------------------*- tablegen -*-===//
//
// DataCopy: GM -> L1 plain, ND2NZ and DN2NZ, L1 -> BT (bias) and L1 -> FB
// (cube-reference §4, §5, §16). C++: lib/Dialect/Ascube/IR/DataCopyOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_DATACOPY_OPS_TD
#define ASCUBE_DATACOPY_OPS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "ascube/Dialect/Ascube/IR/AscubeAttrs.td"
include "ascube/Dialect/Ascube/IR/AscubeTypes.td"
include "ascube/Dialect/Ascube/IR/AscubeEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ascube_DataCopyOp : Ascube_MoverOp<"data_copy"> {
  let summary = "DataCopy GM->L1 (plain, ND2NZ, DN2NZ), L1->BT and L1->FB (cube-reference §4, §5, §16)";
  let description = [{
    One DataCopy instruction. `src[srcOffset]` and `dst[dstOffset]` are the
    instruction's base addresses (offsets in elements of the buffers'
    storage, default 0), as in Ascend C's `DataCopy(dst[o], src[o], params)`.
    The mode is derived from the layouts unless given: ND source into an Nz
    destination is `nd2nz`, DN into Nz `dn2nz`, a BT destination `bias`, an
    FB destination `fb`, anything else a plain `copy`. Every parameter defaults to the value that
    moves the whole source buffer; explicit values override.

    - `copy` (DataCopyParams, GM->L1, layout unchanged): `blockCount`
      [0,4095] blocks (0: a no-op) of `blockLen` [1,65535] 32 B units; `srcStride` and
      `dstStride` [0,65535] are the gaps between blocks in 32 B units.
      Default: one block of the whole source.
    - `fb` (DataCopyParams, L1->FB): the per-column QUANT_PRE vector of a
      Fixpipe (ui64 words) into the Fixpipe buffer; as `copy` with 128 B
      units (the burst unit of the L1 -> FB copy [I]); the FB destination is
      128 B aligned (§1).
    - `nd2nz` (Nd2NzParams, GM->L1): element (i, r, c) of ND matrix i, at
      `src + i*srcNdMatrixStride + r*srcDValue + c`, goes to dst byte
      `i*dstNzMatrixStride*sz + (c/C0)*dstNzC0Stride*32 + r*dstNzNStride*32
      + (c%C0)*sz`. The row tail is zero-padded up to 32 B; rows >= nValue
      are never written. Units: ndNum [0,4095], nValue [0,16384] rows,
      dValue [0,65535] columns, srcNdMatrixStride [0,65535] and srcDValue
      [1,65535] elements, dstNzC0Stride and dstNzNStride [1,16384] 32 B
      units, dstNzMatrixStride [0,16384] elements. ndNum, nValue or dValue
      = 0 is a no-op. 4-bit data moves as bytes: parameters count bytes.
      Defaults: ndNum 1 (the batch of a 3-D source), nValue/dValue the
      source shape, srcDValue its row pitch (a GM view's row stride: the
      source may be a `memref.subview` of GM, addressed from its first
      element, each row read inside the view, gmview_c1/c2), dstNzC0Stride
      the destination's
      padded rows, dstNzNStride 1, matrix strides the sizes of one source
      matrix and of one dense Nz matrix (rows to 16, columns to C0).
      With `mode = nd2nz` the destination may be an NC1HWC0 feature map
      instead of an Nz matrix: source rows are pixels, their C0-column
      blocks the map's channel blocks (dstNzC0Stride defaults to H x W) —
      how an NHWC map in GM becomes NC1HWC0 in L1 for LoadData 3D.
    - `dn2nz` (Dn2NzParams, 950 only): the source is column-major; column c
      of dValue contiguous elements (`src + i*srcDnMatrixStride +
      c*srcDValue + r`) goes to the Nz position of (r, c). nValue = columns
      [0,16384], dValue = rows [0,2^21-1], strides as nd2nz.
    - `bias` (L1->BT): copies `blockCount` blocks of `blockLen` units of
      destination bytes — 64 B, or 32 B on 950 where blockLen is even —
      converting half->f32, bf16->f32 (950), f32->f32, i32->i32 on the fly.
      blockCount 0 is a no-op. 4-bit DN2NZ is not modelled (refused).

    Dtypes (§5): A2/A3 b4, (u)int8, (u)int16, half, bf16, f32, (u)int32; 950
    adds fp4x2, hif8, fp8, e8m0; 310P 16/32-bit only; 310B has no ND2NZ.
    Alignment (§4): destination 32 B in L1, 64 B in BT.

    Example:

    ```mlir
    ascube.data_copy %a_gm to %a_l1 : memref<30x70xf16> to memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %a_gm to %c04 {nValue = 20 : i64, dValue = 28 : i64, dstNzC0Stride = 32 : i64}
        : memref<20x28xf16> to memref<32x32xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    // An NHWC map (8 x 8 pixels, 20 channels) as NC1HWC0 (C1 = 2, the last
    // 12 channels of block 1 zero-filled).
    ascube.data_copy %map_gm to %fm {mode = #ascube.copy_mode<nd2nz>}
        : memref<64x20xf16> to memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "the source", [MemRead]>:$src, Optional<Index>:$srcOffset,
                   Arg<AnyMemRef, "the destination", [MemWrite]>:$dst,
                   Optional<Index>:$dstOffset,
                   OptionalAttr<Ascube_CopyModeAttr>:$mode,
                   OptionalAttr<I64Attr>:$blockCount,
                   OptionalAttr<I64Attr>:$blockLen,
                   OptionalAttr<I64Attr>:$srcStride,
                   OptionalAttr<I64Attr>:$dstStride,
                   OptionalAttr<I64Attr>:$ndNum,
                   OptionalAttr<I64Attr>:$nValue,
                   OptionalAttr<I64Attr>:$dValue,
                   OptionalAttr<I64Attr>:$srcNdMatrixStride,
                   OptionalAttr<I64Attr>:$srcDValue,
                   OptionalAttr<I64Attr>:$dstNzC0Stride,
                   OptionalAttr<I64Attr>:$dstNzNStride,
                   OptionalAttr<I64Attr>:$dstNzMatrixStride);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `to` $dst (`[` $dstOffset^ `]`)? attr-dict
    `:` qualified(type($src)) `to` qualified(type($dst))
  }];
  let extraClassDeclaration = [{
    /// The mode, given or derived from the layouts.
    ::ascube::CopyMode getEffectiveMode();
  }];
}

#endif // ASCUBE_DATACOPY_OPS_TD
