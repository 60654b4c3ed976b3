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

#endif // ASCUBE_TRANSFORMS_PASSES_TD
