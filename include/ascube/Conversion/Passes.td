//===- Passes.td - ascube conversion passes ----------------*- tablegen -*-===//

#ifndef ASCUBE_CONVERSION_PASSES_TD
#define ASCUBE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertAscubeToLoops : Pass<"convert-ascube-to-loops", "::mlir::ModuleOp"> {
  let summary = "Execute ascube ops on the CPU: lower them to scf/arith/memref";
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
    memrefs of builtin types stay as they are.

    With `runtime-checks`, every instruction whose base offset is not a
    constant first checks, at run time, that its accesses stay inside its
    buffers (`datacopy_c4`, `load2d_c5`, `fixpipe_c8`) and that its base
    address is aligned (`alignment_c2`); a failed check stops the kernel
    with a message naming the rule (cf.assert). Static offsets are checked
    by the verifiers instead.

    Example: `ascube-opt k.mlir --convert-ascube-to-loops` turns
    `ascube.mmad %a, %b to %c` into scf.for loops over m, n and k.
  }];
  let options = [
    Option<"runtimeChecks", "runtime-checks", "bool", /*default=*/"false",
           "Check dynamic offsets at run time (bounds, alignment)">,
    Option<"raceChecks", "race-checks", "bool", /*default=*/"false",
           "Report every GM byte a Fixpipe writes to the runner "
           "(__ascube_gm_write(address, bytes)), which tells blocks writing "
           "the same bytes apart (ascube-run --check-races, race_c1)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::math::MathDialect",
    "::mlir::func::FuncDialect", "::mlir::cf::ControlFlowDialect"
  ];
}

#endif // ASCUBE_CONVERSION_PASSES_TD
