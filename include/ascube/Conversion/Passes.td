//===- Passes.td - ascube conversion passes ----------------*- tablegen -*-===//

#ifndef ASCUBE_CONVERSION_PASSES_TD
#define ASCUBE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertAscubeToLoops : Pass<"convert-ascube-to-loops", "::mlir::ModuleOp"> {
  let summary = "Execute ascube ops on the CPU: lower them to "
                "scf/affine/arith/memref";
  let description = [{
    Gives every ascube op its exact CPU semantics (cube-reference §4-§6,
    §10, §13, §16): every buffer with an ascube layout, memory level or
    Cube element type becomes a flat 1-D memref of its physical storage,
    and each instruction addresses it as the hardware does (base address
    plus the instruction's parameters). Placed buffers are views of one
    byte array per level, so overlapping ones alias as on the chip; every
    on-core byte starts as 0xFF. Float Mmads become vector micro-kernels
    and integer ones a dot-product form, both with the bits of the plain
    loops of the documented order (`reference`); with `x86-vnni` bytes are
    summed by AVX-512 VNNI. A `memref.copy` between views that are not both
    contiguous becomes loops (the JIT has no `memrefCopy`).

    Options: `runtime-checks` (bounds and alignment of dynamic offsets,
    checked when the kernel runs), `sync-checks` and `race-checks` (calls
    of `ascube-run`'s flag-model and GM-access hooks before each
    instruction or access), `affine` (the loops and indices as
    `affine.for` / `affine.apply`, raised to `affine.load`/`store`),
    `outline` (one private function per distinct instruction, kept out of
    line). docs/Rationale.md "Executing on the CPU" describes each, the
    storage, the kernels and why they give the same bits.

    Errors: a signature type with no storage form (`layout_c1`), on-core
    buffers past a level (`capacity_c1`).

    Example: `ascube-opt k.mlir --convert-ascube-to-loops` turns
    `ascube.mmad %a, %b to %c` into packing loops and scf.for loops of
    vector ops over the 16 x 16 output tiles;
    `--convert-ascube-to-loops=reference=true` into scf.for loops over m, n
    and k.
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
           "Call the runner's pipe hooks before every instruction and "
           "flag op (__ascube_sync_op/access/flag, and __ascube_sync_work "
           "after an Mmad or Fixpipe; ascube-run --check-sync, sync_c3-"
           "sync_c8, and --timeline)">,
    Option<"timingOnly", "timing-only", "bool", /*default=*/"false",
           "With sync-checks: keep the hooks and the control flow and drop "
           "the instructions' data movement and arithmetic (ascube-run "
           "--timeline-only, docs/Timing.md)">,
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
               "against the capacities and alignment; for tests), and for "
               "a matmul optionally k_l1, L1's chunks of K (0: none), "
               "then split_k, K's parts across blocks (0: none; "
               "tile_c16). A convolution's m counts output pixels (a multiple of OW or "
               "fewer), n output channels, k im2col columns">,
    Option<"allowUnmapped", "allow-unmapped", "bool", /*default=*/"true",
           "Leave a linalg op the pass does not map in place, with a "
           "warning where it stays on a mapped op's output (default); "
           "false: refuse the first one, an error naming what maps "
           "(tile_c1), as a runner that cannot run it does (ascube-run)">,
    Option<"objective", "objective", "std::string", /*default=*/"\"time\"",
           "What an op's tiling minimises where neither its ascube.tiling "
           "nor tile= gives it: time (the modelled time of each "
           "candidate's program, as ascube-select-tiling objective=time; "
           "default) or traffic (GM -> L1 bytes, the rule of "
           "docs/Tiling.md)">,
    Option<"blocks", "blocks", "unsigned", /*default=*/"0",
           "With objective=time: the blocks the time is modelled on, at "
           "most 65535 (blocks_c1; 0: the product's AI cores)">,
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
    (its strategy, and output pixels x channels x K columns), that maps
    fastest on its product: each candidate tiling (the least GM -> L1
    traffic that fits, larger and smaller tiles, L1 chunks of several K
    steps, chunks of kernel rows; docs/Tiling.md "Chosen by time") is
    mapped in a scratch copy, its movers selected, and timed by the model
    of `ascube-estimate-time` on `blocks` blocks (default: the product's
    AI cores), the least-traffic one winning ties (a convolution mapped by
    ND2NZ as its GEMM; split-K where tiles leave blocks idle); products
    without cost rows take the least traffic.
    `objective=traffic` takes the least-traffic rule alone (docs/Tiling.md
    "The tiling rule"); `report=true` names each choice, its modelled
    time, the runner-up and the least-traffic tiling's time in a remark.
    `ascube-tile-linalg` then maps each op with its
    attribute, so a decision can be read, compared and changed in the IR
    before the program is built. An attribute the op already has (a
    user's) is checked and kept (a convolution's with its defaults filled
    in); `tile=` writes given sizes instead of the rule's (a convolution's
    in the attribute's terms: its strategy, `own_columns`, K' columns).
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
               "Write these tile sizes m,n,k (and a matmul's k_l1 and "
               "split_k, if given; checked against the alignment and the capacities, "
               "tile_c6) on every op without an ascube.tiling, instead of "
               "the rule's">,
    Option<"objective", "objective", "std::string", /*default=*/"\"time\"",
           "What an op's tiling minimises: time (the modelled time of "
           "each candidate's program, ascube-estimate-time; default) or "
           "traffic (GM -> L1 bytes, the rule of docs/Tiling.md)">,
    Option<"blocks", "blocks", "unsigned", /*default=*/"0",
           "With objective=time: the blocks the time is modelled on, at "
           "most 65535 (blocks_c1; 0: the product's AI cores)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "With objective=time: a remark per op naming the chosen "
           "tiling, its modelled time, the runner-up and the least-traffic "
           "tiling's time">,
  ];
  let dependentDialects = ["::ascube::AscubeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
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
    `tile=`, else the tiling `ascube-select-tiling` writes: the one its
    program runs fastest in the timing model (`objective=time`, default;
    `objective=traffic`: the least GM -> L1 traffic that fits) — then
    `ascube-insert-sync-all`.
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
