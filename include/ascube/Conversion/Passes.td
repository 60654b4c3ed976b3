//===- Passes.td - ascube conversion passes ----------------*- tablegen -*-===//

#ifndef ASCUBE_CONVERSION_PASSES_TD
#define ASCUBE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertAscubeToLoops : Pass<"convert-ascube-to-loops", "::mlir::ModuleOp"> {
  let summary = "Execute ascube ops on the CPU: lower them to "
                "scf/affine/arith/memref";
  let description = [{
    Gives every ascube op its exact CPU semantics (cube-reference §4-§6,
    §13, §16). Every buffer with an ascube layout, memory level or Cube
    element type becomes a flat 1-D memref of its physical storage (4-bit
    data: packed bytes; 8-bit floats and HiFloat8: bytes), and each
    instruction addresses it the way the hardware does — base address plus
    the instruction's parameters — so partial moves, strides, padding and
    GEMV behave as documented. `ascube.alloc` with an `offset` becomes a
    view into one byte array per memory level (so buffers that overlap in a
    level alias, as on the chip); every on-core byte starts as 0xFF, so
    reading what no instruction wrote shows up as NaN or -1 in a result.
    Function signatures change accordingly (flat memrefs); plain identity
    memrefs of builtin types stay as they are. A `memref.copy` between
    strided views that are not both contiguous (a copy into a
    `memref.subview` of GM, say) becomes a loop nest of element loads and
    stores: upstream would lower it to a call of the C runner utils'
    `memrefCopy`, which a JIT without that library cannot resolve.

    With `runtime-checks`, every instruction whose base offset is not a
    constant first checks, at run time, that its accesses stay inside its
    buffers (`datacopy_c4`, `load2d_c5`, `fixpipe_c8`) and that its base
    address is aligned (`alignment_c2`); a failed check stops the kernel
    with a message naming the rule (cf.assert). Static offsets are checked
    by the verifiers instead.

    With `sync-checks`, every instruction and flag op (`ascube.set_flag`,
    `wait_flag`, `pipe_barrier`, `sync_all`) is preceded by calls of the runner's
    flag-model hooks — `__ascube_sync_op(site, pipe, unitFlag)`,
    `__ascube_sync_access(level, lo, hi, rel, write)` per buffer it reads or
    writes (host bytes: its access extent from its base address),
    `__ascube_sync_flag(site, kind, src, dst, event)` — and the module
    attribute `ascube.sync_sites` names each site ("file:line:col: op");
    `ascube-run --check-sync` provides the hooks (`sync_c3`-`sync_c7`).
    Flag ops otherwise lower to nothing: the CPU runs in program order.
    `ascube.sync_all` becomes a call of `__ascube_sync_all()`, the runner's
    barrier across blocks (`ascube-run` provides it).

    With `race-checks`, every element load and store of a GM argument (a
    `memref.copy` touching one first becomes a loop of them) is
    preceded by `__ascube_gm_access(address, bytes, write)`, which
    `ascube-run --check-races` uses to report two blocks touching the same
    GM bytes, one writing, with no SyncAll between them (`race_c1`,
    `race_c2`).

    Float `ascube.mmad` and `ascube.mmad_mx` become vector micro-kernels:
    the operands, widened to f32, are packed once into plain scratch arrays
    (`memref.alloc`, freed after the instruction), and each 16 x 16 output
    tile is held in 16 row vectors while k runs in order: per k, one B row
    vector and per row a broadcast A element, multiplied and added lane by
    lane — fused (vector.fma) only where every product is exact in f32
    (f16, 8-bit and 4-bit float operands, no HF32), nothing re-associated
    along k, so every element sees the additions of the plain loops in the
    same order and the result has the same bits. Where C is f32 and not
    saturated, the tiles read their start (zero, the bias row or C) from
    and write their sums to C's own storage.
    Integer mmads with 8-bit or 4-bit operands, where no partial sum can
    overflow i32 (|a| |b| k < 2^31), become a dot-product form, exact in
    any order: A and B packed as i16 lines with k contiguous, each step of
    32 k adding a(2l) b(2l) + a(2l+1) b(2l+1) (frozen with `llvm.freeze`,
    so LLVM keeps it one x86 pmaddwd) into 16 i32 partial sums per element
    of a 4 x 4 block of C; the lane sums then go to C plus the bias or C,
    saturated as the i64 loop saturates (s32 C in place, 16 elements at a
    time). With `x86-vnni` (a host with AVX-512 VNNI; `ascube-run` sets it
    where the host has it) the lines are bytes and each step of 64 k is one
    `llvm.x86.avx512.vpdpbusd.512` per element (an unsigned byte operand
    times a signed one, four products a lane): two signed operands take
    a + 128 and subtract 128 times each column's sum of B, two unsigned ones
    b - 128 and add 128 times each row's sum of A; these sums wrap in i32,
    but the true sum fits, so the bits are the same. Other integer mmads
    are the plain loops. With `reference`, all
    are the plain loops (for each m, n a loop over k: the reference
    semantics); `mmad_sparse` is always the plain loops. DataCopy ND2NZ
    rows (not under `race-checks`) and LoadData 3D V2 windows aligned to C0
    along k move runs of C0 elements as vectors of their bits, and
    transposed 8- and 16-bit squares (LoadDataWithTranspose, LoadData
    2D-v2) write each destination row from a source column at constant
    offsets, with the same result.

    With `affine` (as `ascube-to-llvm`, `--ascube-pipeline` and `ascube-run`
    use it, unless `reference`), the element loops of the movers, Fixpipe
    and the plain mmad loops are `affine.for` over their constant trip
    counts (an accumulation over k: `affine.for ... iter_args`; the vector
    micro-kernels, the integer dot-product form and an expanded
    `memref.copy` keep scf.for) and every index it computes from loop
    counters, constants and function arguments is one composed
    `affine.apply` — the fractal offsets (Nz, Zz, Zn, the 4:2 index bytes,
    im2col's sources) with `floordiv` and `mod` by constants. Then
    upstream's `affine-raise-from-memref` makes each `memref.load`/`store`
    whose indices are affine an `affine.load`/`store`; an access through a
    table or a loaded value (a 4:2 index, a transposed 4-bit square) stays
    a `memref` op. Upstream affine analyses and passes then read the
    access functions (`affine-parallelize` finds a Fixpipe's loops free of
    dependences, say) — but they assume that distinct memref values never
    alias, and here buffers placed in one memory level are views of one
    array that may overlap (and outlined functions take them as separate
    arguments), so a transformation relying on that is sound only where
    the buffers are known apart. The pipelines run none; `lower-affine`
    brings the form back to arith/scf with the same bits.

    With `outline` (as `ascube-to-llvm`, `--ascube-pipeline` and `ascube-run`
    use it), each instruction becomes a call of a private function
    `@__ascube_<mnemonic>` (renamed `_0`, `_1`, ... when taken) that holds
    its loops, kept out of line in LLVM (noinline): one function per
    distinct instruction — the same op, attributes, operand types, constant
    non-offset operands (cloned into the function) and target; which
    buffers it names and its offsets are arguments, each distinct value
    once (a LoadDataWithTranspose's startIndex folded into its source
    offset). A kernel of N instructions is then N calls and a few functions,
    not N loop nests in one block, which upstream's scf-to-cf and
    canonicalization handle in time quadratic in N. Not with `race-checks`
    or `sync-checks`, whose hooks belong to the kernel's own function.

    Example: `ascube-opt k.mlir --convert-ascube-to-loops` turns
    `ascube.mmad %a, %b to %c` into packing loops and scf.for loops of
    vector ops over the 16 x 16 output tiles;
    `--convert-ascube-to-loops=reference=true` into scf.for loops over m, n
    and k; `--convert-ascube-to-loops=affine=true` turns
    `ascube.fixpipe %c to %out` (16 x 32 f32 Nz to f16 ND) into
    `affine.for` loops over m and n of
    `affine.load %c[%n + %m * 16 + (%n floordiv 16) * 240]`,
    `arith.truncf` and `affine.store %y, %out[%n + %m * 32]`.
  }];
  let options = [
    Option<"runtimeChecks", "runtime-checks", "bool", /*default=*/"false",
           "Check dynamic offsets at run time (bounds, alignment)">,
    Option<"raceChecks", "race-checks", "bool", /*default=*/"false",
           "Report every element access of a GM argument to the runner "
           "(__ascube_gm_access(address, bytes, write)), which tells blocks "
           "touching the same bytes with no SyncAll between apart "
           "(ascube-run --check-races, race_c1, race_c2)">,
    Option<"syncChecks", "sync-checks", "bool", /*default=*/"false",
           "Call the runner's flag-model hooks before every instruction and "
           "flag op (__ascube_sync_op/access/flag; ascube-run --check-sync, "
           "sync_c3-sync_c8)">,
    Option<"reference", "reference", "bool", /*default=*/"false",
           "Lower mmad and mmad_mx to the plain loops of the documented "
           "order (for each m, n a loop over k) instead of the vector "
           "micro-kernels, which give the same bits; no affine form">,
    Option<"affine", "affine", "bool", /*default=*/"false",
           "Write the loops and their addressing in affine form (not with "
           "`reference`): affine.for over constant trip counts, fractal "
           "offsets as affine.apply with floordiv/mod, loads and stores "
           "raised to affine.load/store where their indices are affine, so "
           "upstream affine analyses and passes apply; the pipelines use it. "
           "Same bits as the plain form">,
    Option<"x86Vnni", "x86-vnni", "bool", /*default=*/"false",
           "Sum integer mmads of 8-bit and 4-bit operands with AVX-512 "
           "VNNI's vpdpbusd (llvm.x86.avx512.vpdpbusd.512), four byte "
           "products a step, instead of i16 pairs; only for a target that "
           "has it (ascube-run sets it where the host does; llc needs "
           "-mattr=+avx512vnni). Same bits">,
    Option<"outline", "outline", "bool", /*default=*/"false",
           "Lower each distinct instruction once, in a private function of "
           "its own (`__ascube_<mnemonic>`) that the kernel calls: compile "
           "time linear in the number of instructions (not with race or "
           "sync checks)">,
    Option<"refuseLinalg", "refuse-linalg", "bool", /*default=*/"false",
           "Refuse the first linalg op, saying to map it onto a product "
           "first (ascube-tile-linalg): the pipelines set it, as they lower "
           "everything to LLVM, which no linalg op reaches. Off, linalg ops "
           "stay for the caller's own passes">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::math::MathDialect",
    "::mlir::func::FuncDialect", "::mlir::cf::ControlFlowDialect",
    "::mlir::vector::VectorDialect", "::mlir::LLVM::LLVMDialect"
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

defvar LinalgEntryOptions = [
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

def AscubeSelectTiling : Pass<"ascube-select-tiling", "::mlir::ModuleOp"> {
  let summary = "Write the tiling each linalg matmul and convolution is mapped with on it";
  let description = [{
    The tiling decision of `ascube-tile-linalg`, made apart and kept in
    the IR (IREE's `lowering_config` idea): each `linalg.matmul`,
    `batch_matmul`, `matvec` and `vecmat` the pass can map gets the
    attribute `ascube.tiling = #ascube.matmul_tiling<m = .., n = .., k = ..>`
    (output tiles of m x n elements, K chunks of k), each
    `linalg.conv_2d_nhwc_hwcf`, `conv_2d_nhwc_fhwc` and `conv_2d_nchw_fchw`
    an `#ascube.conv_tiling<strategy = .., m = .., n = .., k = .., ...>`
    (its strategy, and output pixels x channels x K columns), that the
    tiling rule chooses for its product — the least GM -> L1 traffic that
    fits (docs/Tiling.md). `ascube-tile-linalg` then maps each op with its
    attribute, so a decision can be read, compared and changed in the IR
    before the program is built. An attribute the op already has (a
    user's) is checked and kept (a convolution's with its defaults filled
    in); `tile=` writes given sizes instead of the rule's.
    `ascube-tile-linalg` makes the same choice itself as it maps each op.
    An op with an empty output gets none: it maps to nothing; one on
    tensors is left, with a warning, for `ascube-bufferize-tensors` first.

    The product: the option (set on the module, as `ascube-tile-linalg`
    sets it), else each op's nearest enclosing `ascube.target`.

    Errors: everything `ascube-tile-linalg` refuses of a matmul or a
    convolution (`tile_c1`-`tile_c9`, `tile_c12`; docs/Constraints.md), an
    `ascube.tiling` that is not aligned, does not fit the product, names a
    strategy the convolution does not take, or is on another kind of op
    (`tile_c6`), no product
    (`target_c1`). Warnings of what does not fold
    in are left to the mapping.

    Example: `ascube-opt mm.mlir --ascube-select-tiling=product=atlas_a2`
    turns a 40 x 16 x 40 f16 `linalg.matmul` into `linalg.matmul
    {ascube.tiling = #ascube.matmul_tiling<m = 48, n = 16, k = 48>} ...`.
  }];
  let options = [
    Option<"product", "product", "std::string", /*default=*/"\"\"",
           "Product key (set on the module); without it each op's nearest "
           "enclosing ascube.target is used">,
    ListOption<"tile", "tile", "int64_t",
               "Write these tile sizes m,n,k (checked against the "
               "alignment and the capacities, tile_c6) on every op without "
               "an ascube.tiling, instead of the rule's">,
  ];
  let dependentDialects = ["::ascube::AscubeDialect"];
}

def ConvertLinalgToAscube : Pass<"convert-linalg-to-ascube", "::mlir::ModuleOp"> {
  let summary = "Replace each linalg op the entry maps by its Cube program, in an ascube.program";
  let description = [{
    The mapping of `ascube-tile-linalg` without the order across blocks:
    after the tilings are written on the matmuls (`ascube-select-tiling`,
    whose attribute an op may already carry), each `linalg.matmul`,
    `batch_matmul`, `matvec`, `vecmat` and 2-D convolution the entry maps
    (the forms, epilogues, products and refusals of `ascube-tile-linalg`,
    docs/Tiling.md) becomes its Cube program inside an `ascube.program`
    marker. `ascube-insert-sync-all` then orders the programs across
    blocks and inlines them; `ascube-tile-linalg` is the two in a row.
    Same options as `ascube-tile-linalg`.

    Errors: those of `ascube-tile-linalg` (`tile_c1`-`tile_c9`,
    `tile_c12`, `target_c1`, `target_c2`; docs/Constraints.md).

    Example: `ascube-opt mm.mlir
    --convert-linalg-to-ascube=product=atlas_a2 --ascube-insert-sync-all`.
  }];
  let options = LinalgEntryOptions;
  let dependentDialects = ["::ascube::AscubeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def AscubeInsertSyncAll : Pass<"ascube-insert-sync-all", "::mlir::ModuleOp"> {
  let summary = "Order the mapped programs (ascube.program) across blocks with ascube.sync_all, then inline them";
  let description = [{
    The mapped programs of a function run on every block, each block
    computing its share of the output tiles. Where a later program (or a
    call of a function holding programs, or the kernel's own GM op) reads
    GM an earlier one writes, or writes GM an earlier one reads or
    writes, this pass puts an `ascube.sync_all` (Ascend C's SyncAll)
    between them; the kernel's own GM writes that do not depend on the
    block index run on block 0 only. On a product without SyncAll, or for
    a hand-over through a buffer the kernel allocates, the function's
    programs run on block 0 only, with a warning (`tile_c10`). Then each
    `ascube.program` is replaced by its body. The rule in full:
    docs/Tiling.md "Blocks". The product: each program's nearest
    `ascube.target`.

    Errors: a call whose callee's programs would need block 0 from
    outside (`tile_c11`), a call passing views that share bytes to a
    function whose programs read one and write the other (`tile_c12`),
    no product (`target_c1`).

    Example: `ascube-opt mapped.mlir --ascube-insert-sync-all`.
  }];
  let dependentDialects = ["::ascube::AscubeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
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

    It is `convert-linalg-to-ascube` (which maps each matmul with its
    `ascube.tiling`, else `tile=`, else the choice `ascube-select-tiling`
    would write, and folds each program's index arithmetic) and then
    `ascube-insert-sync-all`.

    Tile sizes come from the product's capacities (docs/Tiling.md,
    `model::chooseMatmulTiling`): the output tile with the least GM -> L1
    traffic that fits L0C, with K chunks that fit twice in L0A, L0B and L1.
    A matmul's tiling is first written on it as `ascube.tiling =
    #ascube.matmul_tiling<...>` (`ascube-select-tiling`), and an op that
    carries one already is mapped with it. `report=true` prints the
    tiling and its traffic as a remark.

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
    bias there a seed Mmad row) (`tile_c4`); an `ascube.tiling` on
    another op than a matmul's, or one not aligned or not fitting
    (`tile_c6`); a convolution's
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
  let options = LinalgEntryOptions;
  let dependentDialects = ["::ascube::AscubeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // ASCUBE_CONVERSION_PASSES_TD
