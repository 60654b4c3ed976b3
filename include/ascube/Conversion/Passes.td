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

    The product: the option (set on the module), else each op's nearest
    enclosing `ascube.target`.

    Errors: what `ascube-tile-linalg` refuses of the op (`tile_c1`-`tile_c9`,
    `tile_c12`; docs/Constraints.md), an `ascube.tiling` not aligned, not
    fitting, of a strategy the op does not take or on another kind of op
    (`tile_c6`), no product (`target_c1`).

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
    Replaces each `linalg.matmul`, `batch_matmul`, `matvec`, `vecmat` and
    `linalg.conv_2d_nhwc_hwcf` / `nhwc_fhwc` / `nchw_fchw` on GM memrefs
    (its output zero-filled just before it) by a complete tiled Cube
    program for the target product (cube-reference §5, §10, §11, §13,
    §16): per output tile in L0C and K chunk, DataCopy GM -> L1,
    `ascube.load` or LoadData 3D to L0A / L0B, `ascube.mmad`, Fixpipe to
    GM, double-buffered where two chunks fit, with the pipe flags an
    Ascend C kernel sets; the output tiles shared out over the blocks (AI
    cores), an `ascube.sync_all` between programs that hand GM over. A bias
    add, a ReLU and an int8 requantization right after an op fold into the
    Mmad and Fixpipe. Linalg on tensors is bufferized first.

    It is `convert-linalg-to-ascube` — each op mapped with its
    `ascube.tiling` (`#ascube.matmul_tiling`, `#ascube.conv_tiling`), else
    `tile=`, else the tiling `ascube-select-tiling` writes: the least
    GM -> L1 traffic that fits — then `ascube-insert-sync-all`.
    `report=true` prints each op's tiling as a remark;
    `allow-unmapped=false` (as `ascube-run` maps) refuses what stays.
    docs/Tiling.md describes every form (matmul, GEMV, fp4 by MmadMx,
    convolutions by LoadData 3D and by ND2NZ, epilogues, blocks, flags).

    Errors (docs/Constraints.md): a form not mapped (`tile_c1`), no zero
    fill (`tile_c2`), no Mmad row (`tile_c3`), an instruction the form
    needs missing (`tile_c4`), DataCopy's field ranges (`tile_c5`), a
    tiling not aligned or not fitting (`tile_c6`), LoadData 3D's fields
    (`tile_c7`), a requantization Fixpipe cannot compute exactly
    (`tile_c8`), NZ2DN's alignment (`tile_c9`), blocks, calls and aliasing
    (`tile_c10`-`tile_c12`), no product (`target_c1`, `target_c2`).

    Example: `ascube-opt mm.mlir --ascube-tile-linalg=product=atlas_a2`.
  }];
  let options = LinalgEntryOptions;
  let dependentDialects = ["::ascube::AscubeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // ASCUBE_CONVERSION_PASSES_TD
