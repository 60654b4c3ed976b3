//===- AscubeLoadData3DOps.td - LoadData 3D ----------------*- tablegen -*-===//
//
// LoadData 3D, im2col: V2 (ascube.load_3d) and V1 (ascube.load_3d_v1)
// (cube-reference §10). C++: lib/Dialect/Ascube/IR/LoadData3DOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LOADDATA3D_OPS_TD
#define ASCUBE_LOADDATA3D_OPS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "ascube/Dialect/Ascube/IR/AscubeAttrs.td"
include "ascube/Dialect/Ascube/IR/AscubeTypes.td"
include "ascube/Dialect/Ascube/IR/AscubeEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ascube_Load3DOp : Ascube_MoverOp<"load_3d"> {
  let summary = "LoadData 3D V2: an im2col window of an L1 feature map -> L0A/L0B (cube-reference §10)";
  let description = [{
    One LoadData 3D instruction (LoadData3DParamsV2 — the V2Pro form packs
    the same fields into extConfig/filterConfig — with the FMatrix and
    padding value it sets itself — Ascend C's default
    `IsResetLoad3dConfig{true, true}` — and the SetLoadDataRepeat state as
    attributes). The source `src[srcOffset]` is a feature map of C1 x l1H x
    l1W x C0 elements in L1 (NC1HWC0, one batch) or an Nz matrix read with
    l1H = 1 (§10.4). The instruction copies the window
    X[mStartPt : mStartPt + mExtension, kStartPt : kStartPt + kExtension]
    of the virtual im2col matrix X (§10.3) to `dst[dstOffset]`:

    - X[m][k], m = oh * Wout + ow, k = ((c1 * Hk + kh) * Wk + kw) * C0 + c0,
      is the map element (c1, ih, iw, c0) with ih = oh * strideH + kh *
      dilationFilterH - padTop, iw = ow * strideW + kw * dilationFilterW -
      padLeft; outside the map it is `padValue`. Hk = filterH + 256 *
      filterSizeH (Wk likewise); Hout = (l1H + padTop + padBottom -
      ((Hk - 1) * dilationFilterH + 1)) / strideH + 1 (Wout likewise).
    - Into L0A the window is stored as the product's A layout (Zz, 16 x C0
      fractals; Nz on 950), or with `enTranspose` its transpose in that
      layout. Into L0B it is stored in Zn (C0 x 16 fractals) as a K x N
      matrix: the im2col M axis becomes the GEMM K axis.
    - Only window elements are written. Rows m >= Hout * Wout inside the
      last 16-row fractal continue the formula, and channels in
      [channelSize, C1 * C0) are read as stored in L1 (C1 = ceil(
      channelSize / C0)): [U] choices, docs/Rationale.md.
    - Repeat r in [0, repeatTime) moves the window by r * repeatStride x 16
      rows (repeatMode 0) or r * repeatStride x C0 columns (repeatMode 1)
      and the destination by r * dstStride 512 B fractals (950's dstStride;
      elsewhere the window's fractals, [U]).

    Parameters (units, range, default): padList [left, right, top, bottom]
    [0,255] each (0); l1H, l1W rows/columns [0,32767]; channelSize [0,65535]
    (allowed values per width, `load3d_c4`); kExtension, mExtension
    elements [0,65535]; kStartPt [0,65535], mStartPt [0,32767] elements;
    strideW/H [1,63] (1); filterW/H [0,255] (1); filterSizeW/H (false);
    dilationFilterW/H [1,255] (1); enTranspose (false); enSmallK and
    fMatrixCtrl must be false; padValue (0) of the element type or an
    integer of its width; repeatTime [0,255] (1), repeatStride [0,65535]
    (0), repeatMode 0/1 (0), dstStride [0,65535] 512 B fractals. Any of
    l1H, l1W, channelSize, kExtension, mExtension, repeatTime, or a zero
    filter without its +256 bit, makes the instruction a no-op.

    Defaults: l1H, l1W and channelSize from the source (NC1HWC0 [N, C1, H,
    W, C0]: H, W, C1 * C0; Nz R x C: 1, padded R, padded C), the window the
    whole destination (mExtension its M side, kExtension its K side),
    accepted only when the destination's type is the layout the instruction
    writes (`load3d_c9`); from an Nz matrix read with its own geometry a
    derived side must also stay inside the source's data (the destination
    is the source, a window of it, or with enTranspose into L0A its
    transpose; into L0B the source's rows are K rows).

    Paths: L1 -> L0A, L1 -> L0B; V2 on A2/A3, 950, 310B, 310P, Kirin X90.
    Dtypes (§10.1): A2/A3/310B L0A int4, (u)int8, half, bf16, (u)int32,
    float; L0B and transposed L0A half, bf16, (u)int32, float; 950 (u)int8,
    hif8, fp8 e5m2/e4m3fn, half, bf16, (u)int32, float everywhere; X90
    int8, half; 310P int4, (u)int8, half. Alignment: source 32 B,
    destination 512 B. The V1 form (310P, 910A) is `ascube.load_3d_v1`.

    Example (a 3x3 convolution window of an f16 8x8 map with 32 channels,
    padding 1, into L0A Zz as the 64 x 288 A of the GEMM):

    ```mlir
    ascube.load_3d %fm to %a {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>}
        : memref<1x2x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
        to memref<64x288xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ```
  }];
  let builders = [Ascube_SrcDstBuilder];
  let arguments = (ins Arg<AnyMemRef, "the source", [MemRead]>:$src, Optional<Index>:$srcOffset,
                   Arg<AnyMemRef, "the destination", [MemWrite]>:$dst,
                   Optional<Index>:$dstOffset,
                   OptionalAttr<DenseI64ArrayAttr>:$padList,
                   OptionalAttr<I64Attr>:$l1H,
                   OptionalAttr<I64Attr>:$l1W,
                   OptionalAttr<I64Attr>:$channelSize,
                   OptionalAttr<I64Attr>:$kExtension,
                   OptionalAttr<I64Attr>:$mExtension,
                   OptionalAttr<I64Attr>:$kStartPt,
                   OptionalAttr<I64Attr>:$mStartPt,
                   OptionalAttr<I64Attr>:$strideW,
                   OptionalAttr<I64Attr>:$strideH,
                   OptionalAttr<I64Attr>:$filterW,
                   OptionalAttr<I64Attr>:$filterH,
                   OptionalAttr<I64Attr>:$dilationFilterW,
                   OptionalAttr<I64Attr>:$dilationFilterH,
                   OptionalAttr<BoolAttr>:$filterSizeW,
                   OptionalAttr<BoolAttr>:$filterSizeH,
                   OptionalAttr<BoolAttr>:$enTranspose,
                   OptionalAttr<BoolAttr>:$enSmallK,
                   OptionalAttr<BoolAttr>:$fMatrixCtrl,
                   OptionalAttr<TypedAttrInterface>:$padValue,
                   OptionalAttr<I64Attr>:$repeatTime,
                   OptionalAttr<I64Attr>:$repeatStride,
                   OptionalAttr<I64Attr>:$repeatMode,
                   OptionalAttr<I64Attr>:$dstStride);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `to` $dst (`[` $dstOffset^ `]`)? attr-dict
    `:` qualified(type($src)) `to` qualified(type($dst))
  }];
}

def Ascube_Load3DV1Op : Ascube_MoverOp<"load_3d_v1"> {
  let summary = "LoadData 3D V1 (310P, 910A): im2col fractals, one per repeat, L1 -> L0A (cube-reference §10.2)";
  let description = [{
    One LoadData 3D V1 instruction (LoadData3DParamsV1), the im2col mover of
    the Atlas inference (310P) and training (910A) series. It reads the
    same virtual im2col matrix X as `ascube.load_3d` (§10.3; FMatrix l1H,
    l1W, padList, kernel, strides, dilations; C1 from the NC1HWC0 source)
    but writes one 16 x C0 fractal of X per repeat, row-major (Zz), at
    `r * jumpStride` fractals from `dst[dstOffset]`:

    - rows: 16 consecutive output pixels starting at the pixel whose window
      top-left is (leftTopH, leftTopW) — (-padTop, -padLeft) is pixel 0 —
      plus 16r pixels with repeatMode 1;
    - columns: the C0 channels of group c1Index at kernel point
      (fetchFilterH, fetchFilterW), advanced by r points (W fastest, then H)
      with repeatMode 0.

    Parameters (range, default): padList [0,255] x 4 (0); l1H, l1W
    [1,32767] (the source's H, W); c1Index [0,4095] (0); fetchFilterW/H
    [0,254] (0); leftTopW/H [-255,32767] (-padLeft, -padTop); strideW/H
    [1,63] (1); filterW/H [1,255] (1); dilationFilterW/H [1,255] (1);
    jumpStride [1,127] 512 B fractals (1); repeatMode 0/1 (0); repeatTime
    [1,255] (1); cSize 0 (the 4/8-channel mode is not modelled); padValue
    (0). [I]: the pixel walk, the kernel-point walk and jumpStride's unit
    are read from §10.2's one-line descriptions (docs/Rationale.md).

    Paths: L1 -> L0A on atlas_inference and atlas_training. Dtypes: half,
    (u)int8 ([U]: the V2 lists of 310P without int4). Alignment: source
    32 B, destination 512 B.

    Example (the 9 kernel points of channel group 0 for output pixels
    16..31 of a padded 3x3 convolution of an 8x8 map into A fractal row 1):

    ```mlir
    ascube.load_3d_v1 %fm to %a[%c2304] {filterH = 3 : i64, filterW = 3 : i64, padList = array<i64: 1, 1, 1, 1>,
                                         leftTopH = 1 : i64, leftTopW = -1 : i64, repeatTime = 9 : i64}
        : memref<1x1x8x8x16xf16, #ascube.layout<NC1HWC0>, #ascube.mem<L1>> to memref<64x144xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "the source", [MemRead]>:$src, Optional<Index>:$srcOffset,
                   Arg<AnyMemRef, "the destination", [MemWrite]>:$dst,
                   Optional<Index>:$dstOffset,
                   OptionalAttr<DenseI64ArrayAttr>:$padList,
                   OptionalAttr<I64Attr>:$l1H,
                   OptionalAttr<I64Attr>:$l1W,
                   OptionalAttr<I64Attr>:$c1Index,
                   OptionalAttr<I64Attr>:$fetchFilterW,
                   OptionalAttr<I64Attr>:$fetchFilterH,
                   OptionalAttr<I64Attr>:$leftTopW,
                   OptionalAttr<I64Attr>:$leftTopH,
                   OptionalAttr<I64Attr>:$strideW,
                   OptionalAttr<I64Attr>:$strideH,
                   OptionalAttr<I64Attr>:$filterW,
                   OptionalAttr<I64Attr>:$filterH,
                   OptionalAttr<I64Attr>:$dilationFilterW,
                   OptionalAttr<I64Attr>:$dilationFilterH,
                   OptionalAttr<I64Attr>:$jumpStride,
                   OptionalAttr<I64Attr>:$repeatMode,
                   OptionalAttr<I64Attr>:$repeatTime,
                   OptionalAttr<I64Attr>:$cSize,
                   OptionalAttr<TypedAttrInterface>:$padValue);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `to` $dst (`[` $dstOffset^ `]`)? attr-dict
    `:` qualified(type($src)) `to` qualified(type($dst))
  }];
}

#endif // ASCUBE_LOADDATA3D_OPS_TD
