//===- AscubeLoadData2DOps.td - LoadData 2D family ---------*- tablegen -*-===//
//
// The LoadData 2D family, movers of whole 512 B fractals: LoadData 2D,
// LoadDataWithTranspose, LoadData 2D-v2, LoadDataWithSparse and LoadData
// MX (cube-reference §6-§9, §12). C++: lib/Dialect/Ascube/IR/
// LoadData2DOps.cpp; the squares they move: include/ascube/Model/
// FractalSquares.h.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LOADDATA2D_OPS_TD
#define ASCUBE_LOADDATA2D_OPS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "ascube/Dialect/Ascube/IR/AscubeAttrs.td"
include "ascube/Dialect/Ascube/IR/AscubeTypes.td"
include "ascube/Dialect/Ascube/IR/AscubeEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ascube_Load2DOp : Ascube_MoverOp<"load_2d"> {
  let summary = "LoadData 2D: whole 512 B fractals GM/L1 -> L1/L0A/L0B (cube-reference §6)";
  let description = [{
    One LoadData 2D instruction (LoadData2DParams). For repeat i in
    [0, repeatTimes): source fractal `startIndex + i*srcStride` (minus with
    `addrMode = 1`, GM->L1 only) counted from `src[srcOffset]` goes to
    destination fractal `i*(dstGap+1)` counted from `dst[dstOffset]`.
    addrMode is honoured on GM->L1 only and dstGap is ignored on 950
    (they execute as 0 there, as on the chip). A
    fractal is 512 B (16 x C0 elements). With `ifTranspose` (b16, L1->L0A
    and L1->L0B only) each 16x16 fractal is transposed: destination row j
    is source column j. LoadData 2D without transpose only re-orders whole
    fractals (e.g. Nz -> Zz per fractal row); with transpose also inside
    (Nz -> Zn).

    Parameters (units, range): startIndex fractals [0,65535]; repeatTimes
    [0,255], 0 = no-op; srcStride fractals [0,65535] (0 re-reads the same
    fractal); dstGap fractals [0,65535] between destination fractals
    (ignored on 950); sid must be 0; addrMode 0 or 1. Defaults: copy every
    destination fractal in order (startIndex 0, repeatTimes = destination
    fractals, srcStride 1, dstGap 0), which is legal when source and
    destination store fractals in the same order (e.g. Nz with one fractal
    row into Zz); otherwise give the parameters per fractal row, as Ascend C
    does (`load2d_c6`). A 2-D destination may be typed as the transpose of a
    non-square source (A held as K x M in L1 for an M x K L0A, §11 "A
    transposed"): the defaults are then legal when destination (r, c) lands
    where source (c, r) was, e.g. b16 L1 Nz K x M -> L0A Zz M x K with
    `ifTranspose`:

    ```mlir
    ascube.load_2d %at_l1 to %a_l0a {ifTranspose = true}
        : memref<40x30xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ```

    Paths: GM->L1, GM->L0A, GM->L0B (not on 950), L1->L0A, L1->L0B.
    Dtypes (§6): A2/A3 int4 (L1->L0 only), (u)int8, (u)int16, half, bf16,
    (u)int32, float; 950 no int4; 310B as A2 without int4; 310P int4,
    (u)int8, (u)int16, half; 910A (u)int8, (u)int16, half.

    Example (a 30x70 f16 A: L1 Nz, 2x5 fractals -> L0A Zz, row 1):

    ```mlir
    ascube.load_2d %a_l1 to %a_l0a[%c1280] {startIndex = 1 : i64, repeatTimes = 5 : i64, srcStride = 2 : i64}
        : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ```
  }];
  let builders = [Ascube_SrcDstBuilder];
  let arguments = (ins Arg<AnyMemRef, "the source", [MemRead]>:$src, Optional<Index>:$srcOffset,
                   Arg<AnyMemRef, "the destination", [MemWrite]>:$dst,
                   Optional<Index>:$dstOffset,
                   OptionalAttr<I64Attr>:$startIndex,
                   OptionalAttr<I64Attr>:$repeatTimes,
                   OptionalAttr<I64Attr>:$srcStride,
                   OptionalAttr<I64Attr>:$sid,
                   OptionalAttr<I64Attr>:$dstGap,
                   OptionalAttr<BoolAttr>:$ifTranspose,
                   OptionalAttr<I64Attr>:$addrMode);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `to` $dst (`[` $dstOffset^ `]`)? attr-dict
    `:` qualified(type($src)) `to` qualified(type($dst))
  }];
}

def Ascube_Load2DTransposeOp : Ascube_MoverOp<"load_2d_transpose"> {
  let summary = "LoadDataWithTranspose: fractal squares transposed L1 -> L0A/L0B (cube-reference §7)";
  let description = [{
    One LoadDataWithTranspose instruction: LoadData2dTransposeParams (V1:
    Atlas A2/A3, 310B, Kirin X90) or, on Ascend 950, LoadData2dTransposeParamsV2
    (V2, L1 -> L0B only). Each repeat gathers one *square* of n 512 B source
    fractals, transposes it as a whole and splits it back into n destination
    fractals:

    | type | n | square | how the square is formed |
    |---|---|---|---|
    | b4  | 4 | 64x64 | fractals (16x64) stacked vertically |
    | b8  | 2 | 32x32 | fractals (16x32) stacked vertically |
    | b16 | 1 | 16x16 | the fractal |
    | b32 | 2 | 16x16 | fractals (16x8) side by side |

    Destination fractal j of the transposed square holds its rows 16j..
    (b32: its columns 8j..), so an L1 Nz K x N tile becomes L0B Zn (and an
    Nz A^T becomes Zz): B need not be transposed in GM.

    For repeat i: source square `startIndex + i*srcStride` (minus with
    addrMode 1) counted in squares from `src[srcOffset]`; destination
    fractal j of the repeat at `i*(dstGap+1) + j*(dstFracGap+1)` fractals
    from `dst[dstOffset]`. Units and ranges: startIndex, srcStride squares
    [0,65535]; repeatTimes [0,255] (0 = no-op); dstGap, dstFracGap 512 B
    fractals [0,65535] (dstFracGap only b4/b8/b32); addrMode 0 or 1. Users
    keep destination fractals from overlapping (§7). A b32 square is two
    consecutive source fractals placed side by side: that is the matrix's
    transpose only when they are neighbours in the matrix (an L1 Nz source
    with 16 rows, §7); otherwise the instruction still moves them so.

    Defaults: the squares of the source in order into contiguous
    destination fractals (startIndex 0, srcStride 1, dstGap n-1,
    dstFracGap 0, repeatTimes = destination fractals / n), accepted only
    when that reproduces the destination's layout (`load2dtranspose_c5`); the
    destination may be typed as the transpose of a non-square source (A held
    K x M in L1 for an M x K L0A, §11).

    The V2 form (the module's target is a 950, or `srcFracGap` is given
    without a target) counts startIndex and srcStride in 512 B *fractals*
    and takes the square's fractals `srcFracGap + 1` apart: square i is
    fractals `s + j*(srcFracGap+1)`, s = startIndex +- i*srcStride, so a b32
    square can pair fractals a fractal column apart (srcFracGap = K1 - 1 for
    an Nz K x N source with K1 fractal rows). repeatTimes [1,255];
    srcFracGap [0,65535], b4/b8/b32 only. A b32 repeat moves 2 fractals, as
    V1 ([U]: the V2 text says 4, §19.6). Defaults as V1 with srcStride = n.

    Paths: L1 -> L0A, L1 -> L0B (V2: L1 -> L0B). Dtypes: (u)int8, half,
    bf16, (u)int32, float; int4 into L0B only on V1.

    Example (int8 B, K = 64, N = 32: L1 Nz -> L0B Zn):

    ```mlir
    ascube.load_2d_transpose %b1 to %b0 : memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
        to memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ```
  }];
  let builders = [Ascube_SrcDstBuilder];
  let arguments = (ins Arg<AnyMemRef, "the source", [MemRead]>:$src, Optional<Index>:$srcOffset,
                   Arg<AnyMemRef, "the destination", [MemWrite]>:$dst,
                   Optional<Index>:$dstOffset,
                   OptionalAttr<I64Attr>:$startIndex,
                   OptionalAttr<I64Attr>:$repeatTimes,
                   OptionalAttr<I64Attr>:$srcStride,
                   OptionalAttr<I64Attr>:$dstGap,
                   OptionalAttr<I64Attr>:$dstFracGap,
                   OptionalAttr<I64Attr>:$srcFracGap,
                   OptionalAttr<I64Attr>:$addrMode);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `to` $dst (`[` $dstOffset^ `]`)? attr-dict
    `:` qualified(type($src)) `to` qualified(type($dst))
  }];
}

def Ascube_Load2DV2Op : Ascube_MoverOp<"load_2d_v2"> {
  let summary = "LoadData 2D-v2 (950): a rectangle of fractals L1 -> L0A/L0B, optionally transposed (cube-reference §8)";
  let description = [{
    One LoadData 2D-v2 instruction (LoadData2DParamsV2, Ascend 950), the
    recommended L1 -> L0 mover on 950: it covers M and K in one call. Named
    for an M x K source in Nz: the source is read as kStep runs ("K
    fractal-columns") of mStep fractals, run kc at `kc*srcStride`, starting
    at fractal `kStartPosition*srcStride + mStartPosition` of
    `src[srcOffset]` (§8).

    - Without `ifTranspose` each fractal is copied: source fractal
      (kc, mr) to destination fractal `kc*dstStride + mr` (Nz -> Nz into
      L0A, Zn -> Zn into L0B).
    - With `ifTranspose` the source is cut into the squares of
      LoadDataWithTranspose (b4: 4 fractals down M, b8: 2, b16: 1; b32: 2
      side by side along K), each square is transposed as a whole (§7) and
      its fractals j land in the destination's K block `a` at
      `a*dstStride + b*n + j` (b4/b8/b16: a = mr/n, b = kc) or
      `(2a+j)*dstStride + b` (b32: a = mr, b = kc/2): dstStride is always
      the distance between the destination's K blocks (Zn -> Nz into L0A,
      Nz -> Zn into L0B). [I] from the reference's example kernels.

    Units and ranges: mStartPosition 16-element fractal rows, kStartPosition
    32 B fractal columns [0,65535]; mStep, kStep [0,255] (0 = no-op);
    srcStride, dstStride 512 B fractals [0,65535]; sid 0. With transpose:
    b4 mStep % 4 == 0, b8 mStep % 2 == 0, b32 kStep % 2 == 0.

    Defaults: the whole source (mStep = its fractal rows, kStep = its
    fractal columns, srcStride = mStep) into the whole destination
    (dstStride = the destination's fractals per K block), accepted only when
    that reproduces the destination's layout (`load2dv2_c5`); the destination
    may be typed as the transpose of a non-square source (A held K x M in L1
    for an M x K L0A, §11).

    Paths: L1 -> L0A, L1 -> L0B, on 950 only. Dtypes: (u)int8, fp4x2 e2m1 /
    e1m2, hif8, fp8 e5m2 / e4m3fn, half, bf16, (u)int32, float.

    Example (950, f16 A 40 x 70: L1 Nz -> L0A Nz):

    ```mlir
    ascube.load_2d_v2 %a1 to %a0 : memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
        to memref<40x70xf16, #ascube.layout<Nz>, #ascube.mem<L0A>>
    ```
  }];
  let builders = [Ascube_SrcDstBuilder];
  let arguments = (ins Arg<AnyMemRef, "the source", [MemRead]>:$src, Optional<Index>:$srcOffset,
                   Arg<AnyMemRef, "the destination", [MemWrite]>:$dst,
                   Optional<Index>:$dstOffset,
                   OptionalAttr<I64Attr>:$mStartPosition,
                   OptionalAttr<I64Attr>:$kStartPosition,
                   OptionalAttr<I64Attr>:$mStep,
                   OptionalAttr<I64Attr>:$kStep,
                   OptionalAttr<I64Attr>:$srcStride,
                   OptionalAttr<I64Attr>:$dstStride,
                   OptionalAttr<BoolAttr>:$ifTranspose,
                   OptionalAttr<I64Attr>:$sid);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `to` $dst (`[` $dstOffset^ `]`)? attr-dict
    `:` qualified(type($src)) `to` qualified(type($dst))
  }];
}

def Ascube_LoadSparseOp : Ascube_MoverOp<"load_sparse",
    [MemoryEffects<[MemWrite<Ascube_SparseIndexResource>]>],
    ["getOtherOperands"], ["getSparseIndexAnchor"]> {
  let summary = "LoadDataWithSparse: 4:2-sparse B' fractals and their indices L1 -> L0B (cube-reference §12, §3.2)";
  let description = [{
    One LoadDataWithSparse instruction (A2/A3). For repeat i in
    [0, repeatTimes): the 512 B fractal `startIndex + i` of the dense int8
    B' (K/2 x N, Zn with 32 x 16 fractals) counted from `src[srcOffset]`
    goes to destination fractal i from `dst[dstOffset]`, and the matching
    128 B index fractal of `idx` (SparseIndex layout: 8 x 16 bytes, four
    2-bit indices a byte, the first in bits 1:0, §3.2) goes to the hidden
    index buffer (a quarter of L0B) at the destination's L0B byte address
    / 4, where `ascube.mmad_sparse` reads it.

    Parameters: startIndex fractals [0,65535] (0); repeatTimes [0,255]
    (the destination's fractals), 0 = no-op. Nothing else of
    LoadData2DParams is used (§12). The destination must have a fixed place
    (`ascube.alloc offset N`): the index buffer is addressed from it.

    Paths: B' and idx in L1, destination L0B; int8 B', (u)int8 index
    bytes; A2/A3 only. Alignment: sources 32 B, destination 512 B.

    Example (K = 64, N = 32: B' is 32 x 32):

    ```mlir
    ascube.load_sparse %bp, %idx to %b0 : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>,
        memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "the source", [MemRead]>:$src, Optional<Index>:$srcOffset,
                   Arg<AnyMemRef, "the 4:2 index bytes", [MemRead]>:$idx,
                   Arg<AnyMemRef, "the destination", [MemWrite]>:$dst,
                   Optional<Index>:$dstOffset,
                   OptionalAttr<I64Attr>:$startIndex,
                   OptionalAttr<I64Attr>:$repeatTimes);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `,` $idx `to` $dst (`[` $dstOffset^ `]`)? attr-dict
    `:` qualified(type($src)) `,` qualified(type($idx)) `to` qualified(type($dst))
  }];
}

def Ascube_LoadMxOp : Ascube_MoverOp<"load_mx", [], ["getOtherOperands"]> {
  let summary = "LoadData MX (950): MX data fractals L1 -> L0A/L0B and their e8m0 scales -> L0A_MX/L0B_MX (cube-reference §9, §3.1)";
  let description = [{
    One LoadData-MX instruction (LoadData2DParamsV2 + LoadData2DMxParams,
    Ascend 950). The data part is exactly `ascube.load_2d_v2` (§8: the
    same attributes, defaults and derived-form rule) from `src[srcOffset]`
    to `dst[dstOffset]`; the scale part copies 32 B scale fractals, never
    re-ordered (§9): for x < xStep, y < yStep, fractal
    `(xStartPosition + x) * mxSrcStride + yStartPosition + y` of `scale`
    goes to fractal `x * mxDstStride + y` of `scaleDst`.

    The scale destination's address is not an instruction field: the
    hardware derives it as the data destination's L0A/L0B address / 16.
    ascube takes it as an operand (`scaleDst`, in L0A_MX/L0B_MX) and checks
    that rule where both addresses are static (`loadmx_c4`).

    LoadData2DMxParams (32 B scale-fractal units, default): xStartPosition,
    yStartPosition [0,65535] (0); xStep, yStep [0,255] (the scale source's
    fractal rows / columns: ScaleA 16-row blocks of M and 2-scale blocks
    of K, ScaleB 16-column blocks of N and 2-scale blocks of K), 0 = no-op
    for the scales; mxSrcStride, mxDstStride [0,65535] (the source's and
    destination's fractals per X line) — LoadData2DMxParams.srcStride and
    .dstStride.

    Paths: L1 -> L0A with scaleA (ScaleA layout: Zz 16 x 2 e8m0) L1 ->
    L0A_MX; L1 -> L0B with scaleB (ScaleB: Nn 2 x 16) L1 -> L0B_MX. Data:
    fp4x2 e2m1 / e1m2, fp8 e4m3fn / e5m2; scales f8E8M0FNU. 950 only.

    Example (A 32 x 128 e4m3 with its 32 x 4 scales):

    ```mlir
    ascube.load_mx %a1, %sa1 to %a0, %sa0 : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L1>>,
        memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L1>> to memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>,
        memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "the source", [MemRead]>:$src, Optional<Index>:$srcOffset,
                   Arg<AnyMemRef, "the scales", [MemRead]>:$scale,
                   Arg<AnyMemRef, "the destination", [MemWrite]>:$dst,
                   Optional<Index>:$dstOffset,
                   Arg<AnyMemRef, "the scale destination", [MemWrite]>:$scaleDst,
                   OptionalAttr<I64Attr>:$mStartPosition,
                   OptionalAttr<I64Attr>:$kStartPosition,
                   OptionalAttr<I64Attr>:$mStep,
                   OptionalAttr<I64Attr>:$kStep,
                   OptionalAttr<I64Attr>:$srcStride,
                   OptionalAttr<I64Attr>:$dstStride,
                   OptionalAttr<BoolAttr>:$ifTranspose,
                   OptionalAttr<I64Attr>:$sid,
                   OptionalAttr<I64Attr>:$xStartPosition,
                   OptionalAttr<I64Attr>:$yStartPosition,
                   OptionalAttr<I64Attr>:$xStep,
                   OptionalAttr<I64Attr>:$yStep,
                   OptionalAttr<I64Attr>:$mxSrcStride,
                   OptionalAttr<I64Attr>:$mxDstStride);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `,` $scale `to` $dst (`[` $dstOffset^ `]`)? `,` $scaleDst attr-dict
    `:` qualified(type($src)) `,` qualified(type($scale)) `to` qualified(type($dst)) `,` qualified(type($scaleDst))
  }];
}

#endif // ASCUBE_LOADDATA2D_OPS_TD
