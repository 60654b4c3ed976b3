//===- AscubeOps.td - ascube operations --------------------*- tablegen -*-===//
//
// Operations of the ascube dialect. The data movers and matrix ops arrive
// with later issues; this file is the umbrella add_mlir_dialect expects.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_OPS_TD
#define ASCUBE_OPS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "ascube/Dialect/Ascube/IR/AscubeAttrs.td"
include "ascube/Dialect/Ascube/IR/AscubeTypes.td"
include "ascube/Dialect/Ascube/IR/AscubeEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def Ascube_AllocOp : Ascube_Op<"alloc", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "A buffer at a memory level of the AI core (cube-reference §1-§3)";
  let description = [{
    Allocates a buffer of the result's memref type at its memory level
    (`#ascube.mem<...>`), optionally at a fixed byte `offset` from the start
    of that level, as Ascend C places LocalTensors in L1, L0A, L0B, L0C, BT,
    FB, UB or the MX buffers. The buffer holds the layout's padded storage:
    rows and columns rounded up to whole fractals.

    The result type must be fully resolvable (ascube::getFractalLayout):
    static shape, a Cube element type (4, 8, 16 or 32 bits; `layout_c3`), an
    #ascube.layout (or the identity = ND), and for NC1HWC0 a last extent
    equal to C0 = 32 B / element size (`layout_c4`). GM is not allocated by
    kernels: pass GM buffers as function arguments (`alloc_c1`). `offset`
    is in bytes and non-negative (`alloc_c2`); alignment and capacity
    against the target product are checked by the target verification.

    Example:

    ```mlir
    %a = ascube.alloc : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c = ascube.alloc offset 1024 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ```
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$offset);
  let results = (outs Res<AnyMemRef, "", [MemAlloc]>:$buffer);
  let assemblyFormat = "(`offset` $offset^)? attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
}


def Ascube_PipeBarrierOp : Ascube_Op<"pipe_barrier"> {
  let summary = "PipeBarrier<PIPE_x>: later instructions of a pipe wait for its earlier ones (cube-reference §13.3)";
  let description = [{
    Ascend C's PipeBarrier<pipe>: an instruction of `pipe` issued after the
    barrier starts only when the pipe's earlier instructions have finished.
    The CPU execution is sequential, so the barrier changes no value; the
    target verification checks where one is required: consecutive Mmads
    accumulating into the same L0C tile need `ascube.pipe_barrier <M>` (or
    `<ALL>`) between them when the first one's (m/16)·(n/16) < 10
    (`sync_c1`, integer division as in the documents' kernels).

    Pipes: S (scalar), V (vector), M (cube), MTE1 (L1 -> L0), MTE2
    (GM -> L1), MTE3, FIX (Fixpipe), ALL.

    Example:

    ```mlir
    ascube.mmad %a, %b to %c : !A, !B to !C
    ascube.pipe_barrier <M>
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    ```
  }];
  let arguments = (ins Ascube_PipeAttr:$pipe);
  let assemblyFormat = "$pipe attr-dict";
}

//===----------------------------------------------------------------------===//
// Data movers
//===----------------------------------------------------------------------===//

class Ascube_MoverOp<string mnemonic, list<Trait> traits = []>
    : Ascube_Op<mnemonic, !listconcat(traits, [AttrSizedOperandSegments])> {
  let hasVerifier = 1;
}

def Ascube_LoadOp : Ascube_Op<"load"> {
  let summary = "An abstract L1 -> L0A/L0B move of a whole tile; ascube-select-movers picks the instructions (cube-reference §11)";
  let description = [{
    Says *what* to move, not how: the whole L1 tile `src` becomes the whole
    L0A/L0B tile `dst`, element for element — dst(r, c) = src(r, c) — or,
    when `dst` is typed as the transpose of a non-square `src` (A held
    K x M for an M x K L0A, B held N x K for a K x N L0B) or `transpose` is
    set, dst(r, c) = src(c, r). The layouts say the rest (L1 Nz; L0A Zz,
    Nz on 950 — the layouts Mmad reads there; L0B Zn).

    `ascube-select-movers` rewrites it into the cheapest legal concrete
    movers of the module's product (LoadData 2D, LoadDataWithTranspose,
    LoadData 3D, LoadData 2D-v2), with a remark saying why; the lowering
    runs that pass first, so `ascube-run` executes `ascube.load` directly.
    An `ascube.load` no legal mover can do is an error there, with a note
    per mover saying which rule refused it. `mover =
    #ascube.mover<load_3d>` (or load_2d, load_2d_transpose, load_2d_v2)
    forces this load's choice, as the pass option `force` does for every
    load; a forced mover that cannot do the move is an error.

    Example:

    ```mlir
    ascube.load %a1 to %a0 : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
        to memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ```
  }];
  let arguments = (ins AnyMemRef:$src, AnyMemRef:$dst, UnitAttr:$transpose,
                   OptionalAttr<Ascube_MoverAttr>:$mover);
  let assemblyFormat = [{
    $src `to` $dst attr-dict `:` qualified(type($src)) `to` qualified(type($dst))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether dst holds the transpose of src.
    bool isTransposed();
  }];
}

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
      [1,4095] blocks of `blockLen` [1,65535] 32 B units; `srcStride` and
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
      source shape, srcDValue its row pitch, dstNzC0Stride the destination's
      padded rows, dstNzNStride 1, matrix strides the sizes of one source
      matrix and of one dense Nz matrix (rows to 16, columns to C0).
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
    ```
  }];
  let arguments = (ins AnyMemRef:$src, Optional<Index>:$srcOffset,
                   AnyMemRef:$dst, Optional<Index>:$dstOffset,
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
  let arguments = (ins AnyMemRef:$src, Optional<Index>:$srcOffset,
                   AnyMemRef:$dst, Optional<Index>:$dstOffset,
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
    when that reproduces the destination's layout (`transpose2d_c5`); the
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
    bf16, (u)int32, float; int4 into L0B only on V1 (C08).

    Example (int8 B, K = 64, N = 32: L1 Nz -> L0B Zn):

    ```mlir
    ascube.load_2d_transpose %b1 to %b0 : memref<64x32xi8, #ascube.layout<Nz>, #ascube.mem<L1>>
        to memref<64x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ```
  }];
  let arguments = (ins AnyMemRef:$src, Optional<Index>:$srcOffset,
                   AnyMemRef:$dst, Optional<Index>:$dstOffset,
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
  let arguments = (ins AnyMemRef:$src, Optional<Index>:$srcOffset,
                   AnyMemRef:$dst, Optional<Index>:$dstOffset,
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
  let arguments = (ins AnyMemRef:$src, Optional<Index>:$srcOffset,
                   AnyMemRef:$dst, Optional<Index>:$dstOffset,
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
  let arguments = (ins AnyMemRef:$src, Optional<Index>:$srcOffset,
                   AnyMemRef:$dst, Optional<Index>:$dstOffset,
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

def Ascube_LoadSparseOp : Ascube_MoverOp<"load_sparse"> {
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
  let arguments = (ins AnyMemRef:$src, Optional<Index>:$srcOffset,
                   AnyMemRef:$idx,
                   AnyMemRef:$dst, Optional<Index>:$dstOffset,
                   OptionalAttr<I64Attr>:$startIndex,
                   OptionalAttr<I64Attr>:$repeatTimes);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `,` $idx `to` $dst (`[` $dstOffset^ `]`)? attr-dict
    `:` qualified(type($src)) `,` qualified(type($idx)) `to` qualified(type($dst))
  }];
}

def Ascube_LoadMxOp : Ascube_MoverOp<"load_mx"> {
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
  let arguments = (ins AnyMemRef:$src, Optional<Index>:$srcOffset,
                   AnyMemRef:$scale,
                   AnyMemRef:$dst, Optional<Index>:$dstOffset,
                   AnyMemRef:$scaleDst,
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

//===----------------------------------------------------------------------===//
// Matrix ops
//===----------------------------------------------------------------------===//

def Ascube_MmadOp : Ascube_Op<"mmad"> {
  let summary = "Mmad: C = A x B (+ C or + bias) on the Cube (cube-reference §13)";
  let description = [{
    One Mmad instruction (MmadParams). Logical A is m x k in L0A, B is
    k x n in L0B, C is m x n in L0C; the instruction addresses them the way
    the hardware does, with fractal grids derived from m, k, n:
    A in Zz (Nz on 950) with 16 x C0 fractals and ceil(k/C0) fractals per
    row line; B in Zn with C0 x 16 fractals and ceil(n/16) per K line; C in
    Nz with 16x16 fractals and ceil(m/16) per column block. Padding
    elements are never read (§2).

    - `m`, `k`, `n` [0,4095] default to A's rows, A's columns and B's
      columns; any of them 0 is a no-op (C untouched, even with
      cmatrixInitVal).
    - `cmatrixInitVal` (default true, false with a bias): C starts at 0;
      when false, `cmatrixSource` (true iff a bias operand is given) starts
      from the bias, broadcast over rows, otherwise accumulates onto C.
    - `bias`: an optional 1-D n-element vector in BT (or L0C).
    - `unitFlag` 0, 2 or 3 (no effect on the CPU); `kDirectionAlign` (f32,
      A2/A3/Kirin): K of A and B is padded to 16 instead of 8;
      `disableGemv` (950).
    - `hf32` (f32 x f32 only; A2/A3, 950, 310B): HF32 mode
      (SetHF32Mode(ENABLE)): every f32 element of A and B is rounded to
      HF32 before the multiply — 11 mantissa bits on A2/A3/310B [I/U], 10
      on 950 [C] — `#ascube.hf32<nearest_even>` (the default TransMode) or
      `#ascube.hf32<nearest_away>` (HF32TransMode NEAREST_ZERO, ties away
      from zero); NaN stays NaN, a carry past the largest f32 gives inf.
      Products of HF32 values are exact in f32.
    - Float overflow mode (module attribute `ascube.overflow`, CTRL[48]):
      under `#ascube.overflow<saturation>` (the only mode of 310B, 310P
      and 910A) each float C value is written as +-MAX of the C type where
      it overflows (+-inf) and 0 where it is NaN; under Inf/NaN (IEEE) it
      is written as computed.
    - GEMV: with m = 1 (unless disableGemv) A is read from L0A as k
      contiguous elements; C still occupies a whole 16x16 fractal per 16
      columns (only row 0 is valid).
    - Numbers: integer products accumulate exactly and the result saturates
      to the C type; float products of f16/bf16/fp8/hif8 are exact in f32
      and accumulate in f32 along k in order ([U] §19.1); f16 C rounds once.

    Dtypes (A, B -> C, §13.2): s8 x s8 -> s32, f16 x f16 -> f32,
    f32 x f32 -> f32, bf16 x bf16 -> f32, s4 x s4 -> s32 (A2/A3, 310B, 310P,
    no bias), u8 x s8 / u8 x u8 -> s32 (310P, 910A), u8 x u8 -> u32 (910A),
    f16 x f16 -> f16 (310P, 910A, Kirin), e4m3/e5m2 pairs and hif8 -> f32
    (950). Bias: s32 for int8, f32 for floats, f16 for f16 -> f16.

    Example:

    ```mlir
    ascube.mmad %a, %b to %c : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ```
  }];
  let arguments = (ins AnyMemRef:$a, AnyMemRef:$b, AnyMemRef:$c,
                   Optional<AnyMemRef>:$bias,
                   OptionalAttr<I64Attr>:$m,
                   OptionalAttr<I64Attr>:$k,
                   OptionalAttr<I64Attr>:$n,
                   OptionalAttr<BoolAttr>:$cmatrixInitVal,
                   OptionalAttr<BoolAttr>:$cmatrixSource,
                   OptionalAttr<I64Attr>:$unitFlag,
                   OptionalAttr<BoolAttr>:$kDirectionAlign,
                   OptionalAttr<BoolAttr>:$disableGemv,
                   OptionalAttr<Ascube_HF32ModeAttr>:$hf32);
  let assemblyFormat = [{
    $a `,` $b `to` $c (`bias` $bias^ `:` qualified(type($bias)))? attr-dict
    `:` qualified(type($a)) `,` qualified(type($b)) `to` qualified(type($c))
  }];
  let hasVerifier = 1;
}

def Ascube_MmadSparseOp : Ascube_Op<"mmad_sparse"> {
  let summary = "MmadWithSparse: C = A x B with 4:2 structured-sparse B (cube-reference §14, §3.2)";
  let description = [{
    One MmadWithSparse instruction (A2/A3): int8 A (m x k, L0A Zz, 16 x 32
    fractals) times the int8 dense B' (k/2 x n, L0B Zn, 32 x 16 fractals)
    with the 2-bit indices `ascube.load_sparse` left in the hidden index
    buffer (at B's L0B byte address / 4), into int32 C (L0C Nz). For every
    group g of four A columns and its dense values b'0 = B'[2g][j], b'1 =
    B'[2g+1][j] with indices (i0, i1): C[i][j] += A[i][4g+i0]·b'0 +
    A[i][4g+1+i1]·b'1 (§14); the sum is exact and saturates once to int32.

    - `m`, `k` (the original K, a multiple of 4), `n` [0,4095] default to
      A's rows, A's columns and B's columns; 0 = no-op.
    - `cmatrixInitVal` (default true): C starts at 0, else accumulates.
    - `unitFlag` 0, 2 or 3. No bias, no GEMV, no kDirectionAlign.
    - Index value 3 is invalid (§3.2); ascube keeps the position inside the
      group (i1 = 3 reads A[4g+3]) [U].

    B must have a fixed place (`ascube.alloc offset N`), as for
    load_sparse. Dtypes: s8 x s8 -> s32, A2/A3 only.

    Example:

    ```mlir
    ascube.mmad_sparse %a, %b to %c : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ```
  }];
  let arguments = (ins AnyMemRef:$a, AnyMemRef:$b, AnyMemRef:$c,
                   OptionalAttr<I64Attr>:$m,
                   OptionalAttr<I64Attr>:$k,
                   OptionalAttr<I64Attr>:$n,
                   OptionalAttr<BoolAttr>:$cmatrixInitVal,
                   OptionalAttr<I64Attr>:$unitFlag);
  let assemblyFormat = [{
    $a `,` $b `to` $c attr-dict
    `:` qualified(type($a)) `,` qualified(type($b)) `to` qualified(type($c))
  }];
  let hasVerifier = 1;
}

def Ascube_MmadMxOp : Ascube_Op<"mmad_mx"> {
  let summary = "MmadMx (950): C = (scaleA ⊗ A) x (scaleB ⊗ B) + C or bias, microscaling (cube-reference §15, §3.1)";
  let description = [{
    One MmadMx instruction: A (m x k, L0A Nz) with scaleA (m x k/32 e8m0,
    L0A_MX, ScaleA layout), B (k x n, L0B Zn) with scaleB (k/32 x n,
    L0B_MX, ScaleB layout), C f32 (L0C Nz), optional f32 bias in BT:
    C[i][j] = init + Σ_kk A[i][kk]·2^(sA[i][kk/32]−127) ·
    B[kk][j]·2^(sB[kk/32][j]−127), init = 0, C (cmatrixInitVal = false) or
    the bias. Each scaled operand is formed in f32 and the products
    accumulate in f32 in k order ([U] §15, §19.1); an e8m0 scale 0xFF is
    NaN.

    - `m`, `k`, `n` [0,4095], k a multiple of 64; 0 = no-op.
    - `cmatrixInitVal`, `cmatrixSource` and `unitFlag` as ascube.mmad.
    - The scale buffers sit at A's / B's address / 16 (checked where
      static, `mmadmx_c4`); A and B start 1024 B aligned for fp8, 512 B for
      fp4 (§15).

    Dtypes (A, B -> C): e1m2 / e2m1 pairs and e4m3fn / e5m2 pairs -> f32,
    scales f8E8M0FNU, bias f32. 950 only.

    Example:

    ```mlir
    ascube.mmad_mx %a0, %sa0, %b0, %sb0 to %c
        : memref<32x128xf8E4M3FN, #ascube.layout<Nz>, #ascube.mem<L0A>>, memref<32x4xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>,
          memref<128x32xf8E5M2, #ascube.layout<Zn>, #ascube.mem<L0B>>, memref<4x32xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>
          to memref<32x32xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ```
  }];
  let arguments = (ins AnyMemRef:$a, AnyMemRef:$scaleA, AnyMemRef:$b,
                   AnyMemRef:$scaleB, AnyMemRef:$c,
                   Optional<AnyMemRef>:$bias,
                   OptionalAttr<I64Attr>:$m,
                   OptionalAttr<I64Attr>:$k,
                   OptionalAttr<I64Attr>:$n,
                   OptionalAttr<BoolAttr>:$cmatrixInitVal,
                   OptionalAttr<BoolAttr>:$cmatrixSource,
                   OptionalAttr<I64Attr>:$unitFlag);
  let assemblyFormat = [{
    $a `,` $scaleA `,` $b `,` $scaleB `to` $c (`bias` $bias^ `:` qualified(type($bias)))? attr-dict
    `:` qualified(type($a)) `,` qualified(type($scaleA)) `,` qualified(type($b)) `,` qualified(type($scaleB))
    `to` qualified(type($c))
  }];
  let hasVerifier = 1;
}

def Ascube_FixpipeOp : Ascube_MoverOp<"fixpipe"> {
  let summary = "Fixpipe L0C -> GM / L1 with layout conversion, quantization and ReLU (cube-reference §16)";
  let description = [{
    One Fixpipe instruction (FixpipeParamsV220; Arch3510 for nz2dn). The
    source is an L0C Nz buffer (16x16 fractals); `src[srcOffset]` and
    `dst[dstOffset]` are the base addresses in elements.

    - `mode` (derived from the destination layout): `nz2nd` (ND, GM or L1):
      for nd < ndNum, row j < mSize, column c < nSize: source element
      `nd*srcNdStride*16 + (c/16)*srcStride*16 + j*16 + c%16` goes to
      `nd*dstNdStride + j*dstStride + c`. `nz2nz` (Nz): the destination's
      fractals are 16 x C0 — C0 = 16 for 16-bit and 32-bit outputs, 32 for
      8-bit outputs (channel merge: two adjacent 16 x 16 fractals become one
      16 x 32, so nSize is a multiple of 32; an odd count of 16-column
      blocks, whose last block the chip leaves unmerged, is refused), 8 with
      `isChannelSplit` (f32 -> f32 to GM: each 16 x 16 fractal splits into
      two 16 x 8, nSize a multiple of 8; derived from a 16 x 8 destination
      fractal) — and column c of row j lands at `(c/C0)*dstStride*32 B +
      (j*C0 + c%C0) elements` (dstStride != 0). `nz2dn` (DN, 950): column-major,
      `c*dstStride + j`, with the V220 parameters or, with `arch3510`,
      Nz2DnParams (below).
    - `mSize` [0,65535] (nz2nd [0,8192]) rows, `nSize` [0,4095] columns
      (nz2nz: a multiple of 16, of 32 for 8-bit outputs, of 8 with
      isChannelSplit) — default the source's logical shape;
      0 = no-op. `srcStride` [0,65535] in L0C rows (16 elements), default
      the source's padded rows. `dstStride`: nz2nd/nz2dn row (column) pitch
      in elements (default the destination's), nz2nz 32 B units between
      fractal columns (default the destination's padded rows x C0 x size
      / 32). `ndNum` [0,65535] (default 1), `srcNdStride` [0,512] in L0C
      rows ([U] unit, §19.11), `dstNdStride` [0,2^32-1] elements.
    - `quantPre` (derived from source and destination types): NoQuant
      (f32->f32, s32->s32), F322F16 / F322BF16 (round half to even),
      DEQF16 (s32->f16), QF322B8_PRE (f32->s8/u8), REQ8 (s32->s8/u8), on
      950 QS322BF16_PRE (s32->bf16, derived) and QF322F16/BF16/F32_PRE
      (given: y = x * M1, then a round-half-even cast), QF322FP8_PRE
      (f32->e4m3fn, derived: x * M1 rounded half to even; |y| > 448, inf
      and NaN give NaN), QF322HIF8_PRE (f32->hif8, derived: half away from
      zero) and QF322HIF8_PRE_HYBRID (given: Cast.md's hybrid rule, §17),
      and the V forms with a per-column `quant_vector` operand (one ui64
      per output column, in L1 or FB). Scalar forms take `deqScalar`, the
      64-bit QUANT_PRE word: bits[31:13] an f32 scale M1 (low 13 bits
      ignored), bits[45:37] a 9-bit signed offset (int8 outputs), bit 46
      sign (1 = s8, 0 = u8), bit 36 the MCB shift mode ((V)REQ8 and
      (V)DEQF16 on A2/A3: x >> (bits[35:32] + 1), saturated to int16,
      before the scale). int8: y = round_half_even(clip(x*M1, -256,
      255)) + offset, saturated; DEQF16 saturates to the f16 range.
    - `reluEn`: normal ReLU (negative values become 0 before quantizing).
    - `isChannelSplit`: see nz2nz above (f32 to GM in 16 x 8 fractals).
    - Under the saturation float overflow mode (`ascube.overflow`, see
      `ascube.mmad`) a float output saturates to +-MAX of its type and NaN
      becomes 0 before the conversion; an int8 output takes NaN as 0.
    - `clipReluMaxVal` (310B, Kirin; SetFixPipeClipRelu + clipReluPre):
      ClipReLU, y = min(y, max) after the quantization scale (and after
      ReLU), before the output conversion; bits 15:0 hold max as an f16,
      which must be positive and finite. L0C -> GM with a quantization
      mode (not NoQuant) only.
    - `unitFlag` 0, 2 or 3.
    - `arch3510` (950 only): the parameters are FixpipeParamsArch3510's.
      nz2nz `dstStride` counts elements (default the destination's padded
      rows x C0); nz2nd takes Nz2NdParams (the same fields and units as
      above); nz2dn takes Nz2DnParams instead of ndNum/srcNdStride/
      dstNdStride/srcStride: `dnNum` [0,65535] (1), `srcNzMatrixStride`
      [0,65535] L0C rows (0), `dstDnMatrixStride` [0,2^32-1] elements (0),
      `srcNzC0Stride` [1,65535] L0C rows between 16-column blocks (the
      source's padded rows) [I].

    - L0C -> UB (950 with `arch3510`, 310B): the same parameters into a UB
      buffer (32 B aligned); the row (column) pitch and the nz2nz column
      distance are whole 32 B blocks, and on 950 nz2nd needs nSize x size
      and nz2dn mSize x size to be multiples of 32 B (`fixpipe_c16`).
      `subBlockId` (0, 1) names the vector core whose UB `dst` is (no effect
      on the CPU). `dualDstCtrl` (950): 1 splits the M x N tile into two
      M/2 x N halves (mSize even), 2 into two M x N/2 halves (nSize a
      multiple of 32); the first half goes to `dst`, the second to the
      `and` operand (the other vector core's UB, same type and offset);
      nz2nz or nz2nd, NoQuant, no ReLU (`fixpipe_c17`).

    Dtypes L0C->GM (§16): A2/A3/310B f32 -> s8, u8, f16, bf16, f32;
    s32 -> s8, u8, f16, s32; 950 adds hif8, e4m3fn (f32) and bf16 (s32).

    Example:

    ```mlir
    ascube.fixpipe %c to %c_gm : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$src, Optional<Index>:$srcOffset,
                   AnyMemRef:$dst, Optional<Index>:$dstOffset,
                   Optional<AnyMemRef>:$quantVector,
                   Optional<AnyMemRef>:$dst1,
                   OptionalAttr<Ascube_FixpipeModeAttr>:$mode,
                   OptionalAttr<I64Attr>:$mSize,
                   OptionalAttr<I64Attr>:$nSize,
                   OptionalAttr<I64Attr>:$srcStride,
                   OptionalAttr<I64Attr>:$dstStride,
                   OptionalAttr<Ascube_QuantModeAttr>:$quantPre,
                   OptionalAttr<I64Attr>:$deqScalar,
                   OptionalAttr<I64Attr>:$ndNum,
                   OptionalAttr<I64Attr>:$srcNdStride,
                   OptionalAttr<I64Attr>:$dstNdStride,
                   OptionalAttr<BoolAttr>:$reluEn,
                   OptionalAttr<I64Attr>:$clipReluMaxVal,
                   OptionalAttr<I64Attr>:$unitFlag,
                   OptionalAttr<BoolAttr>:$arch3510,
                   OptionalAttr<I64Attr>:$dnNum,
                   OptionalAttr<I64Attr>:$srcNzMatrixStride,
                   OptionalAttr<I64Attr>:$dstDnMatrixStride,
                   OptionalAttr<I64Attr>:$srcNzC0Stride,
                   OptionalAttr<I64Attr>:$dualDstCtrl,
                   OptionalAttr<I64Attr>:$subBlockId,
                   OptionalAttr<BoolAttr>:$isChannelSplit);
  let assemblyFormat = [{
    $src (`[` $srcOffset^ `]`)? `to` $dst (`[` $dstOffset^ `]`)?
    (`and` $dst1^ `:` qualified(type($dst1)))?
    (`quant_vector` $quantVector^ `:` qualified(type($quantVector)))? attr-dict
    `:` qualified(type($src)) `to` qualified(type($dst))
  }];
}

#endif // ASCUBE_OPS_TD
