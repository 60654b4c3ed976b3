//===- AscubeInterfaces.td - ascube op interfaces ----------*- tablegen -*-===//
//
// What passes and the lowering ask of any instruction, answered by each op
// in its family's file (lib/Dialect/Ascube/IR/*Ops.cpp): no hand-written
// dispatch over the op classes. Modelled on ArmSME's tile-op interface.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_INTERFACES_TD
#define ASCUBE_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Ascube_InstructionOpInterface : OpInterface<"InstructionOpInterface"> {
  let cppNamespace = "::ascube";
  let description = [{
    An instruction of the AI core's Cube path: a data mover (DataCopy, the
    LoadData families, Fixpipe) or a matrix op (the Mmad family). Its
    parameters come from its `get<Op>Params` function; these methods answer
    from them. Example: the canonicalizer erases an instruction whose
    `isNoOp()` holds.
  }];
  let methods = [
    InterfaceMethod<[{
        Whether the instruction does nothing as its parameters stand: a
        count the hardware reads as "no operation" is 0 (repeatTimes = 0,
        m = 0, blockCount = 0, ...). False when the parameters do not
        resolve (the verifier reports that).
      }], "bool", "isNoOp">,
    InterfaceMethod<[{
        The byte alignment the instruction needs of the base address of the
        buffer `operand` passes (cube-reference §4, §13.1, §15, §16; rule
        alignment_c2), or std::nullopt when it has no requirement of its
        own (the level's alignment applies).
      }], "std::optional<int64_t>", "getRequiredAlignment",
      (ins "::mlir::OpOperand &":$operand), [{}],
      [{ return ::ascube::getMoverOperandAlignment($_op.getOperation(),
                                                   operand); }]>,
    InterfaceMethod<[{
        The unitFlag (cube-reference §13.3; Mmad and Fixpipe): 2 or 3 hand
        L0C blocks between the Mmad and the Fixpipe reading them, which
        makes the instruction more than a plain move or product. 0 when
        absent or for an instruction without the field.
      }], "int64_t", "getUnitFlagValue", (ins), [{}],
      [{ return ::ascube::detail::unitFlagOr0($_op); }]>,
    InterfaceMethod<[{
        The L0B buffer whose byte address / 4 places the hidden 4:2 index
        buffer (cube-reference §3.2) the instruction writes
        (LoadDataWithSparse: its destination) or reads (MmadWithSparse: its
        B); null for an instruction that does not touch the index buffer.
        Whether it reads or writes is its SparseIndexResource effect.
      }], "::mlir::Value", "getSparseIndexAnchor", (ins), [{}],
      [{ return ::mlir::Value(); }]>,
  ];
}

def Ascube_MoverOpInterface
    : OpInterface<"MoverOpInterface", [Ascube_InstructionOpInterface]> {
  let cppNamespace = "::ascube";
  let description = [{
    A data mover: a source and a destination buffer, each with an optional
    base offset in elements, and the extent it reaches from them. The
    bounds and alignment rules (op verifiers, ascube-verify-target, the
    run-time checks) and the overlap analyses read movers through it.
  }];
  let methods = [
    InterfaceMethod<"The source buffer.", "::mlir::Value", "getSourceBuffer",
      (ins), [{}], [{ return $_op.getSrc(); }]>,
    InterfaceMethod<"The destination buffer.", "::mlir::Value",
      "getDestinationBuffer", (ins), [{}], [{ return $_op.getDst(); }]>,
    InterfaceMethod<"The source base offset (elements), or null.",
      "::mlir::Value", "getSourceOffset", (ins), [{}],
      [{ return $_op.getSrcOffset(); }]>,
    InterfaceMethod<"The destination base offset (elements), or null.",
      "::mlir::Value", "getDestinationOffset", (ins), [{}],
      [{ return $_op.getDstOffset(); }]>,
    InterfaceMethod<[{
        How far the instruction reaches past its base addresses, in logical
        elements of each buffer (0 for a no-op); on inconsistent parameters
        one diagnostic through `emit` naming the rule.
      }], "::mlir::FailureOr<::ascube::AccessExtents>", "getAccessExtents",
      (ins "::ascube::EmitErrorFn":$emit)>,
    InterfaceMethod<[{
        The byte alignment of the source and destination base addresses
        (cube-reference §4, §13.1, §16).
      }], "::ascube::BaseAlignment", "getBaseAlignment">,
    InterfaceMethod<[{
        The label of the rule that keeps its accesses inside its buffers
        (e.g. `load2d_c5`), named by the static, loop and run-time checks.
      }], "::llvm::StringRef", "getBoundsLabel">,
    InterfaceMethod<[{
        Buffers it reads or writes besides source and destination, whole
        (a quant vector, an index or scale buffer, a second destination).
      }], "void", "getOtherOperands",
      (ins "::llvm::SmallVectorImpl<::mlir::Value> &":$reads,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$writes),
      [{}], [{ (void)reads; (void)writes; }]>,
  ];
}

def Ascube_MatmulOpInterface
    : OpInterface<"MatmulOpInterface", [Ascube_InstructionOpInterface]> {
  let cppNamespace = "::ascube";
  let description = [{
    A matrix op of the Mmad family: C (L0C) = A x B, from zero, the bias or
    C itself. ascube-verify-target's rules (unitFlag pairing, the PIPE_M
    barrier, live data) read Mmads through it.
  }];
  let methods = [
    InterfaceMethod<"The C operand (L0C).", "::mlir::Value", "getMatrixC",
      (ins), [{}], [{ return $_op.getC(); }]>,
    InterfaceMethod<"The buffers it reads (A, B, scales, bias).", "void",
      "getInputs", (ins "::llvm::SmallVectorImpl<::mlir::Value> &":$inputs)>,
    InterfaceMethod<[{
        m, k and n as the instruction executes them; failure when its
        parameters do not resolve.
      }], "::mlir::FailureOr<::ascube::MatmulShape>", "getShape">,
    InterfaceMethod<[{
        Whether C's previous value is a summand (cmatrixInitVal = false and
        no bias as the initial value), so C is read as well as written.
      }], "bool", "accumulates">,
  ];
}

#endif // ASCUBE_INTERFACES_TD
