//===- AscubeFixpipeOps.td - Fixpipe -----------------------*- tablegen -*-===//
//
// Fixpipe: L0C -> GM / L1 / UB with layout conversion and quantization
// (cube-reference §16). C++: lib/Dialect/Ascube/IR/FixpipeOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_FIXPIPE_OPS_TD
#define ASCUBE_FIXPIPE_OPS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "ascube/Dialect/Ascube/IR/AscubeAttrs.td"
include "ascube/Dialect/Ascube/IR/AscubeTypes.td"
include "ascube/Dialect/Ascube/IR/AscubeEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ascube_FixpipeOp : Ascube_MoverOp<"fixpipe", [], ["getOtherOperands"]> {
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
      in elements (default the destination's; for a GM view — a
      `memref.subview` of GM, written from its first element — its row
      stride, each row written inside the view: gmview_c1/c2), nz2nz 32 B
      units between
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
      sign (1 = s8, 0 = u8; an si8 / ui8 destination must match it, a
      signless i8 one is bytes and takes either), bit 36 the MCB shift mode ((V)REQ8 and
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
  let arguments = (ins Arg<AnyMemRef, "the source", [MemRead]>:$src, Optional<Index>:$srcOffset,
                   Arg<AnyMemRef, "the destination", [MemWrite]>:$dst,
                   Optional<Index>:$dstOffset,
                   Arg<Optional<AnyMemRef>, "the QUANT_PRE words", [MemRead]>:$quantVector,
                   Arg<Optional<AnyMemRef>, "the second destination", [MemWrite]>:$dst1,
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

#endif // ASCUBE_FIXPIPE_OPS_TD
