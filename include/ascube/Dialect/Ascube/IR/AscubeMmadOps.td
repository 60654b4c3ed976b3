//===- AscubeMmadOps.td - Mmad family ----------------------*- tablegen -*-===//
//
// The Mmad family: mmad, mmad_sparse (4:2 structured sparsity) and
// mmad_mx (microscaling) (cube-reference §13-§15). C++:
// lib/Dialect/Ascube/IR/MmadOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_MMAD_OPS_TD
#define ASCUBE_MMAD_OPS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "ascube/Dialect/Ascube/IR/AscubeAttrs.td"
include "ascube/Dialect/Ascube/IR/AscubeTypes.td"
include "ascube/Dialect/Ascube/IR/AscubeEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ascube_MmadOp : Ascube_MatmulOp<"mmad"> {
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
  let arguments = (ins Arg<AnyMemRef, "A", [MemRead]>:$a, Arg<AnyMemRef, "B", [MemRead]>:$b,
                   Arg<AnyMemRef, "C (read when accumulating)", [MemRead, MemWrite]>:$c,
                   Arg<Optional<AnyMemRef>, "the bias", [MemRead]>:$bias,
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

def Ascube_MmadSparseOp : Ascube_MatmulOp<"mmad_sparse",
    [MemoryEffects<[MemRead<Ascube_SparseIndexResource>]>],
    ["getSparseIndexAnchor"]> {
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
  let arguments = (ins Arg<AnyMemRef, "A", [MemRead]>:$a, Arg<AnyMemRef, "B", [MemRead]>:$b,
                   Arg<AnyMemRef, "C (read when accumulating)", [MemRead, MemWrite]>:$c,
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

def Ascube_MmadMxOp : Ascube_MatmulOp<"mmad_mx"> {
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
  let arguments = (ins Arg<AnyMemRef, "A", [MemRead]>:$a,
                   Arg<AnyMemRef, "scaleA", [MemRead]>:$scaleA,
                   Arg<AnyMemRef, "B", [MemRead]>:$b,
                   Arg<AnyMemRef, "scaleB", [MemRead]>:$scaleB,
                   Arg<AnyMemRef, "C (read when accumulating)", [MemRead, MemWrite]>:$c,
                   Arg<Optional<AnyMemRef>, "the bias", [MemRead]>:$bias,
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

#endif // ASCUBE_MMAD_OPS_TD
