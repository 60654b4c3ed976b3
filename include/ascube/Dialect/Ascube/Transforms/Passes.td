//===- Passes.td - ascube dialect passes -------------------*- tablegen -*-===//

#ifndef ASCUBE_TRANSFORMS_PASSES_TD
#define ASCUBE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def AscubeVerifyTarget : Pass<"ascube-verify-target", "::mlir::ModuleOp"> {
  let summary = "Check a kernel against its target product, beyond single ops";
  let description = [{
    The op verifiers check each instruction, and the module verifier each
    on-core buffer argument (docs/Constraints.md). This pass checks what
    only a whole function shows, against the product of `ascube.target`
    (cube-reference §1, §13.3, docs/Products.md): the on-core buffers of a
    level fit it together (`capacity_c3`); a placed argument shares no
    bytes with another placed buffer (`arg_c2`); one instruction's
    operands in one level do not overlap (`overlap_c1`); buffers that
    share bytes are live one at a time, in program order with loop bodies
    taken once (`overlap_c2`), and data handed across them sits where both
    layouts agree (`overlap_c3`, a warning); unitFlag is on both or
    neither of an Mmad and the Fixpipe that reads its tile (`unitflag_c1`);
    consecutive small accumulating Mmads into one tile have a PIPE_M
    barrier between them (`sync_c1`); flags name events the product has
    (`sync_c3`). Whether the flags order every pair of instructions that
    must be ordered is checked when the kernel runs (`ascube-run
    --check-sync`, `sync_c4`-`sync_c8`).

    Without a target only the product-independent part runs; with
    `onlyWithTarget` functions under no `ascube.target` are skipped. It
    runs in `ascube-to-llvm` after ascube-select-movers, and `ascube-opt`
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
    §11): `load_3d` (a 1x1 kernel over the Nz tile, §10.4), `load_2d` (one
    instruction, else one per destination fractal row), `load_2d_transpose`
    and `load_2d_v2` (950), with derived parameters. Each candidate is
    checked by its op verifier against the module's product, so an illegal
    mover is rejected with the rule it breaks. Among the legal ones the
    pass keeps the cheapest under an explicit model of MTE1 cycles
    (docs/Rationale.md "Mover selection": 16 per instruction, 8 per
    scalar-loop iteration, bytes over the path's bandwidth; ties in §11's
    order of recommendation), and emits a remark naming the chosen mover,
    its cost, and every rejected one with its cost or the rule that
    excludes it.

    Options: `force=<mnemonic>` uses that mover (an illegal one is an error
    naming the rule); `report` adds one remark per function: the selected
    movers' MTE1 instructions and modelled cycles, those of the LoadData
    2D-family route a hand-written kernel starts from, and the lower bound
    (bytes / bandwidth). It is the first pass of `ascube-to-llvm`.

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

def AscubeEstimateTime : Pass<"ascube-estimate-time", "::mlir::ModuleOp"> {
  let summary = "Model a kernel's time on its product without running it";
  let description = [{
    The timing model of `ascube-run --timeline-only` (docs/Timing.md: each
    pipe in order, flags and barriers, GM bandwidth shared by the blocks
    of a round, the L2) fed by a walk of the IR instead of the compiled
    kernel: for each block, the pass follows the kernel's control flow
    (`scf.for` with iter_args, `scf.if`, `func.call`, `arith` and
    `affine.apply` on integers, `ascube.block_idx` / `block_num`) with
    constant values, and records each instruction and flag op it reaches
    with the facts ascube-run's hooks report (pipe, bytes moved, GM read
    span, Mmad m, k, n and A's bits, Fixpipe rows and columns). The
    result is the line ascube-run prints, as a remark per kernel:
    `ascube-estimate-time: @f: timeline: <cycles> cycles, <us> us at <GHz>
    GHz, <blocks> blocks on <cores> AI cores; busy MTE2 <a>%, MTE1 <b>%,
    M <c>%, FIX <d>%; bound: <pipe>`. Same cycles as ascube-run for the
    same blocks; no compilation and no arithmetic, so a tiling can be
    scored in the time its instructions take to walk.

    Kernels: `entry`, else every public function with a body. Run
    `ascube-select-movers` first (an `ascube.load` is no instruction yet;
    `--ascube-select-movers=remarks=false` keeps it quiet). Blocks:
    `blocks` (as `ascube-run --blocks`; default 0, the product's AI cores,
    for which the linalg entry chooses its tilings — ascube-run's own
    default is 1, so pass the same number to compare). Each GM argument is
    its own buffer. Integers keep their width (i1 to i64, index), loops
    compare signed or unsigned as theirs do; an op with regions other
    than `scf.for`, `scf.if` and `ascube.program` is refused unless
    nothing in it takes a pipe's time, as is a body of more than one
    block; the walk gives up past 2^32 ops.

    Errors: a product without cost rows (`timing_c1`), a deadlock under
    the model (`timing_c2`), a value the walk needs that is not a
    constant of the control flow (a loop bound read from memory, say; the
    message names it), an op with regions it does not follow, an
    unselected `ascube.load`, a linalg op not mapped yet
    (`ascube-tile-linalg` first).

    Example: `ascube-opt mapped.mlir --ascube-select-movers=remarks=false
    --ascube-estimate-time=blocks=24`.
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "Kernel function to time (default: every public function with a body)">,
    Option<"blocks", "blocks", "unsigned", /*default=*/"0",
           "Blocks (AI cores) the kernel runs as, as ascube-run --blocks, at most 65535 (blocks_c1; 0: the product's AI cores)">,
    Option<"trace", "trace", "std::string", /*default=*/"\"\"",
           "Write the Chrome trace (Perfetto) of the kernel here, as ascube-run --timeline">,
    Option<"svg", "svg", "std::string", /*default=*/"\"\"",
           "Write the Gantt chart of the first blocks here, as ascube-run --timeline-svg">,
  ];
}

#endif // ASCUBE_TRANSFORMS_PASSES_TD
