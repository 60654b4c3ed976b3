//===- Passes.td - ascube dialect passes -------------------*- tablegen -*-===//

#ifndef ASCUBE_TRANSFORMS_PASSES_TD
#define ASCUBE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def AscubeVerifyTarget : Pass<"ascube-verify-target", "::mlir::ModuleOp"> {
  let summary = "Check a kernel against its target product, beyond single ops";
  let description = [{
    The op verifiers check each instruction, and the module verifier each
    on-core buffer argument against the product's capacities
    (docs/Constraints.md). This pass checks what only a whole function
    shows, against the product named by `ascube.target` (cube-reference §1,
    §13.3, docs/Products.md):

    - all on-core buffers of a level in a function (allocations and
      arguments) fit it together: the placed ones up to their highest end,
      the unplaced ones packed after it at the level's alignment
      (`capacity_c3`);
    - a placed argument (`ascube.offset`) shares no bytes with another
      placed buffer (`arg_c2`);
    - the buffer operands of one instruction that live in the same level
      do not overlap (e.g. an Mmad C and its bias in L0C) (`overlap_c1`);
    - placed buffers that share bytes of a level are live one at a time:
      data an instruction writes into one and a later instruction reads is
      not overwritten through the other in between (`overlap_c2`; program
      order, loop bodies taken once; a read-modify-write such as an
      accumulating Mmad carries the data on). Reusing a region after its
      data is dead is fine;
    - data handed across buffers that share bytes sits where both layouts
      agree (`overlap_c3`, a warning);
    - unitFlag is enabled on both or neither of an Mmad and the Fixpipe that
      reads its L0C tile (`unitflag_c1`);
    - consecutive small accumulating Mmads into one L0C tile have a PIPE_M
      barrier between them (`sync_c1`);
    - `ascube.set_flag` / `wait_flag` name an event the product has: one
      with FIX only where Fixpipe exists, a constant event ID below the
      product's count (8; 4 on the Atlas training series) (`sync_c3`).
      Whether the flags order every pair of instructions that must be
      ordered is checked when the kernel runs (`ascube-run --check-sync`,
      `sync_c4`-`sync_c8`).

    Without a target only the product-independent part runs; with
    `onlyWithTarget` functions under no `ascube.target` are skipped. It runs
    in `ascube-to-llvm` right after ascube-select-movers, and `ascube-opt`
    runs it (with `onlyWithTarget`) before any pass it is given, so a plain
    `ascube-opt kernel.mlir` reports these rules too
    (`--no-implicit-verify-target` turns that off).

    Example: `ascube-opt k.mlir --ascube-verify-target`.
  }];
  let options = [
    Option<"onlyWithTarget", "only-with-target", "bool", /*default=*/"false",
           "Check only the functions under an ascube.target">,
  ];
}

def AscubeSetTarget : Pass<"ascube-set-target", "::mlir::ModuleOp"> {
  let summary = "Name the module's target product (the ascube.target attribute)";
  let description = [{
    Sets `ascube.target = #ascube.target<product>` on the module, so a
    compiler can pick the product on the command line
    (`--ascube-pipeline=product=atlas_a2`). A module that already names a
    different product is an error (`target_c2`); an unknown product is an
    error listing the known ones (`target_c1`).

    Example: `ascube-opt k.mlir --ascube-set-target=product=ascend950pr`.
  }];
  let options = [
    Option<"product", "product", "std::string", /*default=*/"\"\"",
           "Product key (atlas_a2, atlas_a3, ascend950pr, ...)">,
  ];
}

def AscubeMergeMovers : Pass<"ascube-merge-movers", "::mlir::ModuleOp"> {
  let summary = "Turn a loop or run of LoadData 2D that moves a whole tile into one ascube.load";
  let description = [{
    LoadData 2D repeats in one direction only, so kernels move a tile with a
    scalar loop of `ascube.load_2d` (one per fractal row) or a straight run
    of them (cube-reference §6, §11). When such a loop (an `scf.for` with
    constant bounds whose body is the load_2d and the index arithmetic of
    its offsets) or run (consecutive load_2d between the same buffers with
    constant offsets) moves the whole L1 tile into the whole L0A/L0B tile —
    checked fractal by fractal, as the derived forms are — it becomes one
    `ascube.load`, which `ascube-select-movers` then gives the product's
    best mover (one LoadData 3D on A2, one 2D-v2 on 950). Runs that move
    part of a tile, tiles no mover could move again, unsigned loops or
    loops of more than 4096 iterations, and (without a target) runs that
    use dstGap, which a 950 ignores, are left alone.

    Example: `ascube-opt examples/matmul_f16.mlir --ascube-merge-movers`.
  }];
  let dependentDialects = ["::ascube::AscubeDialect"];
}

def AscubeSelectMovers : Pass<"ascube-select-movers", "::mlir::ModuleOp"> {
  let summary = "Rewrite each ascube.load into the cheapest legal L1 -> L0 movers of the product";
  let description = [{
    For every `ascube.load` (an abstract whole-tile L1 -> L0A/L0B move),
    builds each concrete candidate the instruction set offers (cube-reference
    §11): `load_3d` (a 1x1 kernel over the Nz tile, §10.4; enTranspose for a
    transposed L0A), `load_2d` (one instruction with derived parameters,
    else one per destination fractal row), `load_2d_transpose` and
    `load_2d_v2` (950) — with `ifTranspose` where the move transposes
    fractals; only derived parameters (and load_2d's rows) are tried. Each candidate is checked by its op verifier against the
    module's product (dtype tables, availability, derived-form layout
    rules), so an illegal mover is rejected with the rule it breaks.
    Among the legal ones the pass keeps the cheapest under an explicit cost
    model (cycles of the MTE1 pipe, docs/Rationale.md):

      cost = 16 x MTE1 instructions + 8 x scalar-loop iterations (per-row
             forms) + bytes moved / the path's bandwidth (§1; 128 B/cycle
             when the product does not document it)

    (LoadData 3D's FMatrix set-up is a scalar register write overlapping
    MTE1: reported, not charged)

    and emits a remark naming the chosen mover, its cost, and every
    rejected one with its cost or the rule that excludes it. Ties go to §11's
    recommendation: LoadData 3D first, then LoadData 2D, LoadDataWithTranspose,
    2D-v2; on 950 LoadData 2D-v2 first.

    Options: `force=<mnemonic>` (load_2d, load_2d_transpose, load_3d,
    load_2d_v2) uses that mover; forcing an illegal one is an error naming
    the rule. `report` adds one remark per function: the selected movers'
    MTE1 instructions and modelled cycles, those of the LoadData 2D-family
    route (LoadData 2D, else LoadDataWithTranspose, the cheapest legal — the
    baseline a hand-written kernel starts from) and the lower bound (bytes
    ÷ bandwidth). It is the first pass of `ascube-to-llvm`.

    Example: `ascube-opt k.mlir --ascube-select-movers="force=load_3d"`.
  }];
  let options = [
    Option<"force", "force", "std::string", /*default=*/"\"\"",
           "Use this mover (load_2d, load_2d_transpose, load_3d, load_2d_v2) for every ascube.load">,
    Option<"remarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark per ascube.load saying why its mover was chosen (the pipelines run quietly)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Remark per function: modelled MTE1 instructions and cycles of the selected movers, of the LoadData 2D-family route (the naive baseline) and the transfer lower bound">,
  ];
}

def AscubeBufferizeTensors : Pass<"ascube-bufferize-tensors", "::mlir::ModuleOp"> {
  let summary = "Turn linalg functions on tensors into the GM-memref form ascube-tile-linalg maps";
  let description = [{
    Compilers (torch-mlir and the like) hand linalg on tensors: functions
    with tensor arguments and results. This pass bufferizes a module that
    has tensors as ascube maps it: one-shot bufferization of the function
    boundaries with identity layouts (each tensor argument a whole GM
    buffer, `memref<300x500xf16>`, not a strided view), then the results
    become output arguments after the others (buffer-results-to-out-params,
    public functions too, their allocations hoisted), each named
    `result<i>` (a NameLoc: ascube-opt prints `%result0`, ascube-run finds
    `--output result0=...`), then canonicalize the functions that had
    tensors (others keep their form). A `tensor.pad` becomes the
    padded-map form the convolutions read (alloc, fill, subview, copy).
    A module without tensors is left as it is; `ascube-tile-linalg` and
    `ascube-run` run this pass first.

    Errors: a function argument or result of a dynamic or unranked shape
    (`tensor<?x512xf16>`): ascube maps static shapes (`tile_c1`).

    Example: `ascube-opt model.mlir --ascube-bufferize-tensors`.
  }];
  // (The dialects and external models one-shot bufferization needs:
  // registerBufferizeTensorsDependencies.)
}

def AscubeTileLinalg : Pass<"ascube-tile-linalg", "::mlir::ModuleOp"> {
  let summary = "Map linalg.matmul, batch_matmul, matvec, vecmat and conv_2d_nhwc_hwcf / nhwc_fhwc / nchw_fchw on GM memrefs onto the Cube as a tiled ascube program";
  let description = [{
    Replaces each `linalg.matmul` C += A x B (and `linalg.batch_matmul`, a
    loop over its matrices) on memrefs in GM (static shapes, row-major; A
    as M x K or held K x M, B as K x N or held N x K, as MLIR 22's indexing
    maps say) whose C is zero-filled by the `linalg.fill` just before it —
    and `linalg.matvec` / `linalg.vecmat` on a 2-D matrix and 1-D vectors,
    the one-row products y^T = x^T A^T (A as B held N x K) and x^T A — by
    a complete Cube program for the
    target product (cube-reference §5, §11, §13, §16): per output tile
    (m x n, in L0C) and per K chunk (k), DataCopy ND2NZ copies A's m x k and
    B's k x n chunk GM -> L1 (Nz), `ascube.load` moves them to L0A/L0B
    (`ascube-select-movers` then picks the instructions), `ascube.mmad`
    accumulates into the L0C tile (the first chunk from zero, the others
    onto C, with a PIPE_M barrier where the tile is small, `sync_c1`), and
    Fixpipe writes the tile to C, with the flags between those pipes
    (MTE2, MTE1, M, FIX) an Ascend C kernel sets: `ascube.set_flag` /
    `wait_flag` for each hand-over and its release (docs/Tiling.md
    "Flags"; `ascube-run --check-sync` checks them). Output tile number t runs on the block
    with t % ascube.block_num == ascube.block_idx, so the program shares
    its tiles out over the AI cores that run it. Where a later mapped op
    depends on GM an earlier one touches (C2 = C1 x D after C1 = A x B),
    an `ascube.sync_all` (Ascend C's SyncAll) comes between their
    programs — likewise around calls of functions holding programs and
    the kernel's own GM ops (a `memref.copy`; a `linalg.copy` between
    memrefs of one element type and shape is made one first), which run on block 0 only
    when they write GM; on a product without SyncAll, or through a buffer
    the kernel allocates, the programs run on block 0 only, with a warning
    (`tile_c10`), and a call that would need that is refused (`tile_c11`;
    docs/Tiling.md "Blocks"). Tails in M, N and K get
    their own
    exactly-shaped buffers at the same places; every buffer is placed
    (`ascube.alloc offset`).

    Tile sizes come from the product's capacities (docs/Tiling.md,
    `model::chooseMatmulTiling`): the output tile with the least GM -> L1
    traffic that fits L0C, with K chunks that fit twice in L0A, L0B and L1.
    `report=true` prints the tiling and its traffic as a remark.

    A one-row output tile is computed with m = 1: a GEMV (A read from an
    ND L0A row, §13.3), or on 950 an Mmad with disableGemv; an fp4 one
    (MmadMx, which has no disableGemv) as a fractal row of 16, of which
    Fixpipe writes row 0.

    Epilogues (docs/Tiling.md): a `linalg.generic` right after a matmul
    or a convolution
    adding a 1-D bias over C's channels (its last dimension; an NCHW
    output's second) becomes the bias table (the
    N tile's bias GM -> L1 by ND2NZ, L1 -> BT, the first Mmad starting C
    from it — the chip's order: bias first), and one taking max(C, +0.0)
    (`arith.maximumf`, or `arith.maxsi` with 0) becomes Fixpipe's reluEn.
    Last, a `linalg.generic` ins(%C : i32) outs(%Q : i8) requantizing C
    as Fixpipe REQ8 does (sitofp, mulf by a constant scale, an optional
    clamp to [-256, 255], math.roundeven, an optional integral offset,
    clamp to [-128, 127], fptosi — or to [0, 255] and fptoui for unsigned
    bytes) becomes a Fixpipe REQ8 to Q with the
    QUANT_PRE word of that scale and offset (C still written unless it is
    a local alloc nothing else reads). A linalg op on C right after that
    does not fold in gets a warning (it stays).

    `linalg.conv_2d_nhwc_hwcf` (NHWC map N x H x W x C, HWCF weights
    KH x KW x C x F, NHWC output, strides and dilations, a map zero-padded
    first as bufferized tensor.pad writes it (LoadData 3D pads each tile's
    window instead); f16,
    bf16, f32 -> f32 and int8 -> int32 on A2/A3/950, fp8 -> f32 on 950,
    f16 -> f16 and int8 -> int32 on Kirin X90) becomes, per image, the GEMM of the im2col
    matrix (output pixels x C1·KH·KW·C0, §10.3) and the weights: per output
    tile (a band of whole output rows, or a piece of one row) and channel
    chunk (C0 blocks), DataCopy ND2NZ copies the input pixels the tile
    reads into an NC1HWC0 map in L1 (channel tails zero-filled) and the
    chunk's weights into L1, LoadData 3D forms the im2col window in L0A and
    (a 1 x 1 kernel over the weights) the K x N matrix in L0B — 8-bit
    weights on A2/A3 and Kirin X90 go through an Nz and `ascube.load` —
    then Mmad and
    Fixpipe as above. Tile sizes: `model::chooseConvTiling`.
    `linalg.conv_2d_nhwc_fhwc` (FHWC weights F x KH x KW x C) brings each
    chunk's weights as B^T, an N x K Nz, by ND2NZ and `ascube.load`s it
    into L0B; on 950 `linalg.conv_2d_nchw_fchw` (NCHW map and output, FCHW
    weights) reads the map (H*W pixels x channels, each channel a column)
    and the weights (kernel points x (F, C)) as column-major GM views (DN)
    by DataCopy DN2NZ into the same L1 images and writes the output by
    Fixpipe NZ2DN, each output tile starting 32 B aligned in GM (the
    tiling takes only such tilings). Without DN2NZ (A2/A3, Kirin X90,
    Kirin 9030) `linalg.conv_2d_nchw_fchw` is per image the GEMM O^T (F x
    OH*OW) = W (F x C*KH*KW) x X^T, W the FCHW weights as they are, O^T the
    NCHW output, and X^T the im2col matrix (rows (c, kh, kw)) built by
    DataCopy ND2NZ from runs of OW adjacent map elements (per output row
    and kernel row: ndNum channels, nValue KW rows dw apart, dValue OW),
    each output row whole L0B column blocks; then a matmul's program,
    N tiles whole output rows (or pieces of one), K chunks whole channels,
    Fixpipe NZ2ND per output row; with a stride along W one L1 row per
    output pixel (X'^T held N x K', each kernel row's taps padded to C0
    blocks); a zero-padded map made in GM first by the kernel's own
    copies; a bias over the output channels (O^T's rows) started per
    tile by a seed Mmad of the bias column times ones (not an int8
    convolution's i32 bias, `tile_c4`). On Kirin 9030, which has no
    LoadData 3D V2, `linalg.conv_2d_nhwc_hwcf` / `nhwc_fhwc` is per image
    O = X' x W', X' one L1 row per output pixel built by ND2NZ (each
    kernel row's KW x C adjacent map elements a run, or fewer taps, or a
    tap's channels in parts, padded to C0 blocks); its bias is seeded
    too, as is a matmul's on Kirin (whose Mmad adds no bias) and a Kirin
    X90 NHWC convolution's (in the same ND2NZ form). On Atlas
    200I/500 A2 (no ND2NZ) the
    map's NC1HWC0 planes and the weights' fractals are plain DataCopy runs
    of 32 B blocks, so channels, HWCF weights' F and a bias row must be
    whole blocks.

    Element types: any row of the product's Mmad table without a bias
    (A2/A3/950: f16, bf16, f32 -> f32, int8 -> int32; 950 fp8 e4m3fn/e5m2
    in any pair -> f32; Kirin: f16 -> f16, X90 int8 -> int32), C of the
    row's C type; on 950 also fp4 e2m1 x e2m1 -> f32 (matmuls), through
    MmadMx with unit e8m0 scales (2^0, a GM constant copied once into L1;
    `ascube.load_mx`, `ascube.mmad_mx` of k a whole 64; 4-bit data moves
    as bytes, so rows as stored hold an even count); not int4. The
    product: the option, or each
    op's nearest enclosing ascube.target. An empty output (M, N or the
    batch count 0; no image, output row, column or channel): the op, its
    fill and epilogue are removed (a remark with report=true). Another
    convolution-like op (depthwise, grouped, _q, 1-D, 3-D,
    linalg.conv_2d, a pooling) stays, with a warning naming its kind (with
    `allow-unmapped=false`, as ascube-run maps: an error, and so is any
    linalg op left). Linalg on tensors is bufferized first
    (ascube-bufferize-tensors).

    Errors (labels in docs/Constraints.md): a form the pass does not map
    (`tile_c1`: not memrefs in GM with static row-major shapes or GM
    views, operands of 2^62 elements or more, broadcast
    or permuted-C indexing maps, K = 0, an op
    outside a func.func); C not filled with +0 just before (`tile_c2`); no
    Mmad row for the types on the product, cast_unsigned, int4 operands,
    4-bit floats off 950, with an 8-bit operand, a non-f32 C, rows of an
    odd count or an A held K x M with a B held K x N and K not a multiple
    of 64,
    an f32 A held transposed without the Mmad's kDirectionAlign (not 950,
    not 200I/500 A2) (`tile_c3`; also a bias on a product without a bias row); a product
    without Fixpipe to GM, or without DataCopy ND2NZ (Atlas 200I/500 A2:
    the Nz tiles are then built of plain DataCopy blocks, so rows of A, B
    and a bias must be whole 32 B blocks, and a convolution's channels and
    HWCF weights' F; NHWC convolutions need LoadData 3D V2 or else
    ND2NZ, NCHW ones DataCopy DN2NZ and Fixpipe NZ2DN or else ND2NZ, a
    bias there a seed Mmad row) (`tile_c4`); a convolution's
    row pitch beyond DataCopy's srcDValue range [1, 65535] (for an NCHW
    one built by ND2NZ: its kernel width beyond nValue's 16384 or its W
    dilation beyond srcDValue; for an NHWC one: sw x C), or a matmul's beyond a
    plain DataCopy's srcStride on a product without ND2NZ (`tile_c5`; with
    ND2NZ a matmul's longer rows are copied one by one); explicit tile
    sizes not three, not aligned or not fitting (`tile_c6`); no product (`target_c1`) or a nested module's target other
    than the option (`target_c2`); a convolution's kernel, stride or
    dilation beyond LoadData 3D's fields (`tile_c7`); a requantization
    Fixpipe cannot compute exactly — a scale with mantissa bits below bit
    13, infinite, NaN or denormal, an offset without the clip before the
    rounding — or a product without Fixpipe i32 -> i8 (`tile_c8`); an NCHW
    output whose tiles cannot all start 32 B aligned in GM (images,
    view offsets or every fitting tiling misaligned; `tile_c9`).

    Example: `ascube-opt mm.mlir --ascube-tile-linalg=product=atlas_a2`.
  }];
  let options = [
    Option<"product", "product", "std::string", /*default=*/"\"\"",
           "Product key (set on the module); without it each op's nearest "
           "enclosing ascube.target is used">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark with the chosen tiling and its GM -> L1 traffic "
           "(for an op with an empty output: that it was removed)">,
    ListOption<"tile", "tile", "int64_t",
               "Tile sizes m,n,k instead of the chosen ones (checked "
               "against the capacities and alignment; for tests). A "
               "convolution's m counts output pixels (a multiple of OW or "
               "fewer), n output channels, k im2col columns">,
    Option<"allowUnmapped", "allow-unmapped", "bool", /*default=*/"true",
           "Leave a linalg op the pass does not map in place, with a "
           "warning where it stays on a mapped op's output (default); "
           "false: refuse the first one, an error naming what maps "
           "(tile_c1), as a runner that cannot run it does (ascube-run)">,
  ];
  let dependentDialects = ["::ascube::AscubeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // ASCUBE_TRANSFORMS_PASSES_TD
