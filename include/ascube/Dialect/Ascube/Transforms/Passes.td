//===- Passes.td - ascube dialect passes -------------------*- tablegen -*-===//

#ifndef ASCUBE_TRANSFORMS_PASSES_TD
#define ASCUBE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def AscubeVerifyTarget : Pass<"ascube-verify-target", "::mlir::ModuleOp"> {
  let summary = "Check a kernel against its target product, beyond single ops";
  let description = [{
    The op verifiers check each instruction (docs/Constraints.md). This
    pass checks what only a whole function shows, against the product named
    by `ascube.target` (cube-reference §1, docs/Products.md):

    - buffer arguments in on-core levels resolve and fit the level
      (`layout_c*`, `capacity_c1`, `capacity_c2`), even when no op uses them;
    - all `ascube.alloc`s of a level in a function fit it together: the
      placed ones up to their highest end, the unplaced ones packed after it
      at the level's alignment (`capacity_c3`);
    - the buffer operands of one instruction that live in the same level
      do not overlap (e.g. an Mmad C and its bias in L0C) (`overlap_c1`);
    - placed buffers that share bytes of a level are live one at a time:
      data an instruction writes into one and a later instruction reads is
      not overwritten through the other in between (`overlap_c2`; program
      order, loop bodies taken once). Reusing a region after its data is
      dead is fine.

    Without a target only the product-independent part runs. It is the
    first pass of `ascube-to-llvm`.

    Example: `ascube-opt k.mlir --ascube-verify-target`.
  }];
}

#endif // ASCUBE_TRANSFORMS_PASSES_TD
