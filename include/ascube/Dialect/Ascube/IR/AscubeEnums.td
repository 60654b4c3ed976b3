//===- AscubeEnums.td - ascube enums -----------------------*- tablegen -*-===//

#ifndef ASCUBE_ENUMS_TD
#define ASCUBE_ENUMS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "mlir/IR/EnumAttr.td"

def Ascube_CopyMode : I32EnumAttr<"CopyMode",
    "DataCopy conversion on the way (cube-reference §4, §5, §16)", [
  I32EnumAttrCase<"copy", 0>,
  I32EnumAttrCase<"nd2nz", 1>,
  I32EnumAttrCase<"dn2nz", 2>,
  I32EnumAttrCase<"bias", 3>,
  // L1 -> FB: the per-column QUANT_PRE vector of a Fixpipe (§16).
  I32EnumAttrCase<"fb", 4>]> {
  let cppNamespace = "::ascube";
  let genSpecializedAttr = 0;
}
def Ascube_CopyModeAttr : EnumAttr<Ascube_Dialect, Ascube_CopyMode, "copy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

def Ascube_ConvStrategy : I32EnumAttr<"ConvStrategy",
    "How a convolution is mapped onto the Cube (docs/Tiling.md)", [
  // im2col by LoadData 3D from the map's NC1HWC0 planes in L1 (§10).
  I32EnumAttrCase<"load3d", 0>,
  // NCHW, stride 1 along W: O^T = W x X^T, X^T built by ND2NZ (§5).
  I32EnumAttrCase<"nd2nz_columns", 1>,
  // NCHW, stride > 1 along W: O^T = W' x X'^T, one L1 row per pixel.
  I32EnumAttrCase<"pixel_rows", 2>,
  // NHWC: O = X' x W', one L1 row per output pixel, built by ND2NZ.
  I32EnumAttrCase<"nhwc_rows", 3>]> {
  let cppNamespace = "::ascube";
  let genSpecializedAttr = 0;
}

def Ascube_FixpipeMode : I32EnumAttr<"FixpipeMode",
    "Fixpipe layout conversion (cube-reference §16)", [
  I32EnumAttrCase<"nz2nd", 0>,
  I32EnumAttrCase<"nz2nz", 1>,
  I32EnumAttrCase<"nz2dn", 2>]> {
  let cppNamespace = "::ascube";
  let genSpecializedAttr = 0;
}
def Ascube_FixpipeModeAttr : EnumAttr<Ascube_Dialect, Ascube_FixpipeMode, "fixpipe_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

def Ascube_QuantMode : I32EnumAttr<"QuantMode",
    "Fixpipe quantization (QuantMode_t, cube-reference §16)", [
  I32EnumAttrCase<"NoQuant", 0>,
  I32EnumAttrCase<"F322F16", 1>,
  I32EnumAttrCase<"F322BF16", 2>,
  I32EnumAttrCase<"DEQF16", 3>,
  I32EnumAttrCase<"VDEQF16", 4>,
  I32EnumAttrCase<"QF322B8_PRE", 5>,
  I32EnumAttrCase<"VQF322B8_PRE", 6>,
  I32EnumAttrCase<"REQ8", 7>,
  I32EnumAttrCase<"VREQ8", 8>,
  // 950 only: scaled float outputs (y = x * M1, then an IEEE cast).
  I32EnumAttrCase<"QF322F16_PRE", 9>,
  I32EnumAttrCase<"VQF322F16_PRE", 10>,
  I32EnumAttrCase<"QF322BF16_PRE", 11>,
  I32EnumAttrCase<"VQF322BF16_PRE", 12>,
  I32EnumAttrCase<"QF322F32_PRE", 13>,
  I32EnumAttrCase<"VQF322F32_PRE", 14>,
  I32EnumAttrCase<"QS322BF16_PRE", 15>,
  I32EnumAttrCase<"VQS322BF16_PRE", 16>,
  // 950 only: 8-bit float outputs (y = x * M1, then the cast of §17).
  I32EnumAttrCase<"QF322FP8_PRE", 17>,
  I32EnumAttrCase<"VQF322FP8_PRE", 18>,
  I32EnumAttrCase<"QF322HIF8_PRE", 19>,
  I32EnumAttrCase<"VQF322HIF8_PRE", 20>,
  I32EnumAttrCase<"QF322HIF8_PRE_HYBRID", 21>,
  I32EnumAttrCase<"VQF322HIF8_PRE_HYBRID", 22>]> {
  let cppNamespace = "::ascube";
  let genSpecializedAttr = 0;
}
def Ascube_QuantModeAttr : EnumAttr<Ascube_Dialect, Ascube_QuantMode, "quant"> {
  let assemblyFormat = "`<` $value `>`";
}

def Ascube_Mover : I32EnumAttr<"Mover",
    "A concrete L1 -> L0A/L0B mover ascube-select-movers can pick for an "
    "ascube.load (cube-reference §11)", [
  I32EnumAttrCase<"load_2d", 0>,
  I32EnumAttrCase<"load_2d_transpose", 1>,
  I32EnumAttrCase<"load_3d", 2>,
  I32EnumAttrCase<"load_2d_v2", 3>]> {
  let cppNamespace = "::ascube";
  let genSpecializedAttr = 0;
}
def Ascube_MoverAttr : EnumAttr<Ascube_Dialect, Ascube_Mover, "mover"> {
  let assemblyFormat = "`<` $value `>`";
}

def Ascube_Pipe : I32EnumAttr<"Pipe",
    "An AI core pipe (PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1/2/3, PIPE_FIX, "
    "PIPE_ALL; cube-reference §1)", [
  I32EnumAttrCase<"S", 0>,
  I32EnumAttrCase<"V", 1>,
  I32EnumAttrCase<"M", 2>,
  I32EnumAttrCase<"MTE1", 3>,
  I32EnumAttrCase<"MTE2", 4>,
  I32EnumAttrCase<"MTE3", 5>,
  I32EnumAttrCase<"FIX", 6>,
  I32EnumAttrCase<"ALL", 7>]> {
  let cppNamespace = "::ascube";
  let genSpecializedAttr = 0;
}
def Ascube_PipeAttr : EnumAttr<Ascube_Dialect, Ascube_Pipe, "pipe"> {
  let assemblyFormat = "`<` $value `>`";
}

def Ascube_HF32Mode : I32EnumAttr<"HF32Mode",
    "Mmad HF32 rounding of f32 operands (SetHF32Mode + SetHF32TransMode, "
    "cube-reference §13.3)", [
  I32EnumAttrCase<"nearest_even", 0>,
  // HF32TransMode::NEAREST_ZERO: ties away from zero (asc_hf32_round_mode
  // NEAREST_AWAY, which asc-devkit names the same behaviour).
  I32EnumAttrCase<"nearest_away", 1>]> {
  let cppNamespace = "::ascube";
  let genSpecializedAttr = 0;
}
def Ascube_HF32ModeAttr : EnumAttr<Ascube_Dialect, Ascube_HF32Mode, "hf32"> {
  let assemblyFormat = "`<` $value `>`";
}

def Ascube_FloatOverflow : I32EnumAttr<"FloatOverflow",
    "Float overflow mode of the Cube (CTRL[48], aclrtFloatOverflowMode; "
    "cube-reference §13.3, §16)", [
  // IEEE: overflow gives +-inf, NaN propagates (CTRL[48] = 1).
  I32EnumAttrCase<"inf_nan", 0>,
  // inf -> +-MAX of the result type, NaN -> 0 (CTRL[48] = 0).
  I32EnumAttrCase<"saturation", 1>]> {
  let cppNamespace = "::ascube";
  let genSpecializedAttr = 0;
}
def Ascube_FloatOverflowAttr
    : EnumAttr<Ascube_Dialect, Ascube_FloatOverflow, "overflow"> {
  let summary = "float overflow mode (module attribute `ascube.overflow`)";
  let description = [{
    The Cube's float overflow mode (CTRL[48]; the host sets it with
    aclrtSetDeviceSatMode / aclrtFloatOverflowMode), named by the module
    attribute `ascube.overflow`. `inf_nan` (IEEE) gives +-inf on overflow
    and propagates NaN; `saturation` writes +-MAX of the result type for
    +-inf and 0 for NaN. It applies to every float value an `ascube.mmad`
    writes to L0C and to the float (and NaN-to-int8) conversions of
    `ascube.fixpipe`. Without the attribute a product's default holds:
    Inf/NaN where it exists (A2/A3, 950, Kirin [U]), saturation on 310B,
    310P and 910A, which have only that mode; without a target, Inf/NaN.
    A mode the product lacks is an error (`target_c3`).

    Example:

    ```mlir
    module attributes {ascube.target = #ascube.target<atlas_a2>,
                       ascube.overflow = #ascube.overflow<saturation>} {}
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

#endif // ASCUBE_ENUMS_TD
