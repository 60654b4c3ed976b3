//===- AscubeAttrs.td - ascube attributes ------------------*- tablegen -*-===//

#ifndef ASCUBE_ATTRS_TD
#define ASCUBE_ATTRS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "ascube/Dialect/Ascube/IR/AscubeEnums.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def Ascube_LayoutAttr : Ascube_Attr<"Layout", "layout", [
    DeclareAttrInterfaceMethods<MemRefLayoutAttrInterface,
        ["isIdentity", "verifyLayout", "getStridesAndOffset"]>]> {
  let summary = "Fractal data layout of a buffer (cube-reference §2, §3)";
  let description = [{
    One parametric attribute for every data format of the Cube: `ND`, `DN`,
    `Nz`, `Zz`, `Zn`, `Nn`, `NC1HWC0` and the auxiliary formats `ScaleA`
    (MX scaleA: Zz with 16x2 fractals of e8m0), `ScaleB` (MX scaleB: Nn with
    2x16 fractals) and `SparseIndex` (4:2 sparse index: Zn with 8x16
    fractals of bytes, each byte four packed 2-bit indices). It is a memref
    layout: `memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>`.

    In a format name the capital letter orders fractals, the small letter
    orders elements inside one: Z/z row-major, N/n column-major. Logical
    shapes are (rows, cols) in elements (NC1HWC0: [N, C1, H, W, C0]).

    Parameters:
    - `format`: the format; the field's aliases `zN` (= `Nz`) and `nZ`
      (= `Zn`) are accepted and print canonically.
    - `fractal = [rows, cols]` (optional, elements): the fractal's logical
      extent. By default it is derived from the buffer's element type:
      16 x C0 for z-inside formats, C0 x 16 for n-inside ones, with
      C0 = 32 B / element size (b32 8, b16 16, b8 32, b4 64); 16 x 16 for a
      buffer in L0C whatever the type; ScaleA 16x2, ScaleB 2x16,
      SparseIndex 8x16. Only fractal formats take it.
    - `ld = N` (optional, elements): leading dimension, as BLAS's `lda`: the
      allocated extent of the dimension that varies fastest between
      fractals — columns for Z formats and the row pitch of ND, rows for N
      formats (like DataCopy's dstNzC0Stride for Nz) and the column pitch of
      DN. At least the padded logical extent, in whole fractals.

    Index map (element offset of logical (r, c); h x w fractal, R x C padded
    extents): `frac = r/h * (C/w) + c/w` (Z) or `c/w * (R/h) + r/h` (N);
    `inside = r%h * w + c%w` (z) or `c%w * h + r%h` (n);
    `offset = frac * h*w + inside`. Rows and columns are padded to whole
    fractals; padding positions hold no logical element.

    As a memref layout, fractal formats, ND and DN take 2-D shapes and
    NC1HWC0 5-D ones (`layout_c1`). MLIR's `getAffineMap()` sees neither
    the element type nor the memory level: with an explicit `fractal` (or
    for ND, DN, NC1HWC0) its map is exact; with a derived fractal it assumes
    16x16 fractals (b16 data, or any L0C buffer). ascube itself always uses
    the exact map of `ascube::getFractalLayout(MemRefType)`.

    Errors: unknown format names (the known ones are listed), malformed or
    non-positive fractals, fractal on ND/DN/NC1HWC0 (`layout_c2`), a rank
    the format cannot have (`layout_c1`), a bad `ld` (`layout_c5`).

    Example:

    ```mlir
    memref<20x28xf16, #ascube.layout<Nz>, #ascube.mem<L1>>         // 32x32 padded
    memref<4x4xf16, #ascube.layout<Zz, fractal = [2, 2]>>
    memref<20x28xf16, #ascube.layout<Nz, ld = 48>, #ascube.mem<L1>> // 48-row column blocks
    ```
  }];
  let parameters = (ins
    AttrParameter<"::ascube::layout::Format", "data format">:$format,
    OptionalArrayRefParameter<"int64_t", "fractal [rows, cols]">:$fractal,
    OptionalParameter<"std::optional<int64_t>", "leading dimension">:$ld
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The parameters as the IR-free layout library sees them.
    ::ascube::layout::LayoutSpec getSpec() const;
    /// The memref rank this format takes as a memref layout (2 or 5).
    unsigned getMemRefRank() const;
  }];
}

def Ascube_MemSpaceAttr : Ascube_Attr<"MemSpace", "mem"> {
  let summary = "Memory level of a buffer (cube-reference §1)";
  let description = [{
    The memory level a memref lives in, used as its memory space: `GM`,
    `L1`, `L0A`, `L0B`, `L0C`, `BT` (bias table), `FB` (fixpipe buffer),
    `UB`, `L0A_MX`, `L0B_MX` (MX scales, 950). A memref without a memory
    space is in GM. Capacities and alignments per product: docs/Products.md.

    Example:

    ```mlir
    memref<16x16xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ```
  }];
  let parameters = (ins
    AttrParameter<"::ascube::target::Level", "memory level">:$level);
  let hasCustomAssemblyFormat = 1;
}

def Ascube_TargetAttr : Ascube_Attr<"Target", "target"> {
  let summary = "Target product of a module (cube-reference §0)";
  let description = [{
    Names the product whose rules a kernel must obey, as the module
    attribute `ascube.target`. Known products: `atlas_a2`, `atlas_a3`
    (arch 2201), `ascend950pr`, `ascend950dt` (3510), `atlas_200i_500_a2`
    (3002), `atlas_inference` (2002), `atlas_training` (1001), `kirin_x90`
    (3003), `kirin_9030` (3113). Their capabilities come from
    include/ascube/Target/Products.td (docs/Products.md). An unknown name is
    an error that lists the known ones (`target_c1`).

    Example:

    ```mlir
    module attributes {ascube.target = #ascube.target<ascend950pr>} {}
    ```
  }];
  let parameters = (ins StringRefParameter<"product key">:$product);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The product's row of the capability table (never null once verified).
    const ::ascube::target::ProductInfo *getInfo() const;
  }];
}

def Ascube_MatmulTilingAttr : Ascube_Attr<"MatmulTiling", "matmul_tiling"> {
  let summary = "The tile sizes a matmul is mapped with (docs/Tiling.md)";
  let description = [{
    The tiling decision of a `linalg.matmul`, `batch_matmul`, `matvec` or
    `vecmat`, as the attribute `ascube.tiling` on the op: C is cut into
    output tiles of `m` x `n` elements, each held in L0C while K is walked
    in chunks of `k` (each chunk of A, m x k, and of B, k x n, copied GM ->
    L1 and moved to L0A / L0B whole; two buffer sets where two chunks fit).
    Sizes in elements, each at least 1 (`tile_c6`); a matvec's or vecmat's
    m is the vector's one row, rounded to 16.

    `k_l1` (optional; 0, the default, is `k`): L1's chunks of K, a multiple
    of `k` (`tile_c6`). With `k_l1` > `k` one DataCopy of A (m x k_l1) and
    one of B bring `k_l1 / k` steps of K into L1 at once, each moved to
    L0A / L0B and multiplied in turn (two L1 sets of `k_l1`, two L0 sets of
    `k`): fewer, larger GM -> L1 copies, as catlass's L1 and L0 tile shapes
    and pto-isa's GEMM kernel hold them. It needs A held M x K and B held
    N x K — where a step is a whole Nz buffer in L1 — and a plain matmul
    or matvec (not MX, not a vecmat, not a convolution) (`tile_c15`); one
    deeper than K (rounded up to k) is mapped as that deep (`tile_c14`).

    `split_k` (optional; 0, the default: none): split-K across blocks, for
    problems of fewer output tiles than AI cores. K is cut into `split_k`
    parts of whole L1 chunks (each `ceil(chunks / split_k)` chunks, the
    last maybe fewer; there must be `split_k` of them); each (output tile,
    part) is a block's work item computing the part's partial sum P_s in
    L0C from zero and writing it (f32) to a GM workspace
    (`@__ascube_split_k_*`, a `memref.global`); after a SyncAll each output
    tile's block adds them up on the Cube in a fixed order — C = bias + P_0
    + P_1 + ... (each f32 addition rounded), by Mmads of P_s's 16-column
    slices times a 16 x 16 identity (x * 1 = x, x * 0 = 0 added for finite
    partial sums; an infinite or NaN one makes the other columns of its
    16-column slice of the row NaN) — and writes C with the epilogue. The numbers differ from
    unsplit K's by that order (docs/Tiling.md "Split-K"). Needs a float matmul with an f32
    C (no batch, no GEMV row, no MX, no requantization, a bias from BT), a
    product with ND2NZ and SyncAll, and the reduction's buffers fitting
    (`tile_c16`).

    `ascube-select-tiling` writes it: by default the candidate the timing
    model runs fastest, with `objective=traffic` the tiling rule
    (`model::chooseMatmulTiling`: the least GM -> L1 traffic that fits);
    a user may write it instead, per op. `ascube-tile-linalg` maps the op
    with it, checked as a `tile=m,n,k` is (`tile_c6`: multiples of the
    alignment — m 16, or the 32 / 64 square side of an 8-bit / 4-bit A
    held K x M; n 16 and B's C0 for B held K x N; k 16 and the C0s — and
    fitting the product's L1, L0A, L0B and L0C, cube-reference §1, §2,
    §13.1). The same for every product and element type; what fits
    differs (docs/Products.md).

    Example:

    ```mlir
    linalg.matmul {ascube.tiling = #ascube.matmul_tiling<m = 128, n = 256, k = 64>}
      ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>)
      outs(%C : memref<512x512xf32>)
    ```
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k,
                        DefaultValuedParameter<"int64_t", "0">:$k_l1,
                        DefaultValuedParameter<"int64_t", "0">:$split_k);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Ascube_ConvTilingAttr : Ascube_Attr<"ConvTiling", "conv_tiling"> {
  let summary = "The strategy and tile sizes a convolution is mapped with "
                "(docs/Tiling.md)";
  let description = [{
    The tiling decision of a `linalg.conv_2d_nhwc_hwcf`, `conv_2d_nhwc_fhwc`
    or `conv_2d_nchw_fchw`, as the attribute `ascube.tiling` on the op. A
    convolution is mapped as a GEMM of output pixels x output channels x
    im2col columns, by one of four strategies (`strategy`, docs/Tiling.md):

    - `load3d`: im2col by LoadData 3D from the map's NC1HWC0 planes in L1
      (cube-reference §10; every product with LoadData 3D V2);
    - `nd2nz_columns`: an NCHW convolution with stride 1 along W as
      O^T = W x X^T, X^T built by DataCopy ND2NZ (§5; products without
      DN2NZ, and where NZ2DN's 32 B alignment leaves no tiling);
    - `pixel_rows`: the same with a stride > 1 along W, one L1 row per
      output pixel;
    - `nhwc_rows`: an NHWC convolution as O = X' x W', one L1 row per
      output pixel built by ND2NZ (products without LoadData 3D V2, or a
      bias the bias table cannot add).

    An output tile is `m` output pixels (whole output rows: a multiple of
    OW; or a piece of one row, fewer than OW) x `n` output channels, held
    in L0C while K is walked in chunks of `k` columns: for `load3d` whole
    C0 blocks of the kernel (a multiple of KH x KW x C0) or, below that,
    kernel points of one block (a multiple of C0 below KW x C0, or of
    KW x C0); for the ND2NZ strategies columns of the GEMM's K (each run of
    taps padded to whole C0 blocks for `pixel_rows` and `nhwc_rows`).
    `buffers` (`load3d`): the chunks' buffer sets in L1, L0A and L0B, 1 or
    2 (0, or left out: 2 where two fit). `own_columns` (`load3d`): parts of
    a kernel row in tiles of one output row read only their points' map
    columns. `run_taps` and `run_parts` (`nhwc_rows`): the taps of a run
    of K' (a divisor of KW; KW by default, 1 with a W dilation) and the
    parts one tap's channels are cut into (with `run_taps = 1`).

    `ascube-select-tiling` writes it: by default the candidate the timing
    model runs fastest, with `objective=traffic` the tiling rule (the least
    GM -> L1 traffic that fits); a user may write it instead, per op, or force
    m, n, k with the pass option `tile=m,n,k` (the strategy the product
    takes, `own_columns` set). `ascube-tile-linalg` maps the op with it,
    checked once (`tile_c6`: the strategy is one this convolution and
    product have, the sizes are aligned and fit the product's L1, L0A, L0B
    and L0C; `tile_c9`: NZ2DN's 32 B alignment of an NCHW output).

    Example:

    ```mlir
    linalg.conv_2d_nhwc_hwcf {ascube.tiling = #ascube.conv_tiling<
        strategy = load3d, m = 64, n = 32, k = 144, buffers = 2>}
      ins(%I, %W : memref<1x10x10x16xf16>, memref<3x3x16x32xf16>)
      outs(%O : memref<1x8x8x32xf32>)
    ```
  }];
  let parameters = (ins
    EnumParameter<Ascube_ConvStrategy>:$strategy,
    "int64_t":$m, "int64_t":$n, "int64_t":$k,
    DefaultValuedParameter<"int64_t", "0">:$buffers,
    DefaultValuedParameter<"bool", "false">:$own_columns,
    DefaultValuedParameter<"int64_t", "0">:$run_taps,
    DefaultValuedParameter<"int64_t", "0">:$run_parts);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // ASCUBE_ATTRS_TD
