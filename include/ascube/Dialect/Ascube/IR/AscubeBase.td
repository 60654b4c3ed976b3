//===- AscubeBase.td - ascube dialect definition -----------*- tablegen -*-===//

#ifndef ASCUBE_BASE_TD
#define ASCUBE_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "ascube/Dialect/Ascube/IR/AscubeInterfaces.td"

def Ascube_Dialect : Dialect {
  let name = "ascube";
  let cppNamespace = "::ascube";
  let summary = "Data layouts, data movement and matrix ops of the Ascend Cube unit";
  let description = [{
    The `ascube` dialect describes kernels for the Cube (matrix) unit of
    Huawei Ascend AI cores: buffers in fractal layouts (`#ascube.layout`) at
    memory levels (`#ascube.mem`), the data movers and matrix instructions
    of the Cube, and the target product (`#ascube.target`) whose rules a
    kernel must obey. Semantics follow ../shared/spec/cube-reference.md.

    Example:

    ```mlir
    module attributes {ascube.target = #ascube.target<atlas_a2>} {
      func.func @k(%a: memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>) {
        return
      }
    }
    ```
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the module attribute that selects the target product.
    static constexpr ::llvm::StringLiteral kTargetAttrName = "ascube.target";
    /// Name of the module attribute that selects the float overflow mode.
    static constexpr ::llvm::StringLiteral kOverflowAttrName =
        "ascube.overflow";
    /// Name of the attribute of a linalg op that holds the tiling it is
    /// mapped with (#ascube.matmul_tiling, #ascube.conv_tiling):
    /// ascube-select-tiling writes it,
    /// ascube-tile-linalg reads it.
    static constexpr ::llvm::StringLiteral kTilingAttrName = "ascube.tiling";
    /// Name of the function-argument attribute that places an on-core
    /// buffer argument at a byte offset of its level.
    static constexpr ::llvm::StringLiteral kArgOffsetAttrName =
        "ascube.offset";
    /// Name of the module attribute convert-ascube-to-loops (sync-checks)
    /// leaves for a runner: an array of "file:line:col: op" strings, the
    /// sites its flag-model hooks name.
    static constexpr ::llvm::StringLiteral kSyncSitesAttrName =
        "ascube.sync_sites";
    /// The layout of a buffer type getFractalLayout computed before, or
    /// null; rememberLayout(t, l) keeps one and returns it (thread-safe:
    /// verifiers of different functions run in parallel). A kept layout
    /// lives as long as the dialect. The verifiers ask for every operand's
    /// layout in each of their checks.
    const ::ascube::layout::FractalLayout *lookupLayout(::mlir::Type type) const;
    const ::ascube::layout::FractalLayout *
    rememberLayout(::mlir::Type type,
                   const ::ascube::layout::FractalLayout &l) const;
    /// A number no other AscubeDialect object of this process has (a key
    /// for per-thread caches of the layouts, which outlive a context).
    uint64_t getCacheId() const { return cacheId; }
    /// A verdict of detail::squaresKeepLayout computed before (keyed by
    /// its arguments), or std::nullopt; rememberTileCheck keeps one. The
    /// check walks every element of the tile, and a kernel repeats the same
    /// few moves thousands of times.
    std::optional<bool> lookupTileCheck(::llvm::StringRef key) const;
    void rememberTileCheck(::llvm::StringRef key, bool verdict) const;
  private:
    void registerAttributes();
    void registerTypes();
    mutable ::llvm::DenseMap<::mlir::Type,
                             std::unique_ptr<::ascube::layout::FractalLayout>>
        layouts;
    uint64_t cacheId = 0;
    mutable ::llvm::StringMap<bool> tileChecks;
    mutable ::llvm::sys::SmartRWMutex<true> cacheMutex; // both memos
  public:
  }];
}

class Ascube_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Ascube_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class Ascube_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Ascube_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

/// Every ascube op rejects attributes it does not define (attr_c1).
def Ascube_OwnAttributesOnly : NativeOpTrait<"OwnAttributesOnly"> {
  let cppNamespace = "::ascube";
}

class Ascube_Op<string mnemonic, list<Trait> traits = []>
    : Op<Ascube_Dialect, mnemonic, !listconcat(traits, [Ascube_OwnAttributesOnly])>;

/// The 4:2 index buffer of A2/A3 (cube-reference §12, §14): a quarter of
/// L0B that no operand names; load_sparse writes it, mmad_sparse reads it.
def Ascube_SparseIndexResource : Resource<"::ascube::SparseIndexResource">;

/// A data mover: a source and a destination buffer with optional element
/// offsets (hence AttrSizedOperandSegments), verified by its own verifier.
/// Its source and destination (and any other buffer operand) carry their
/// memory effects (MemRead / MemWrite) on the operand, as NVGPU's do.
/// `moverMethods` and `instructionMethods` name the MoverOpInterface and
/// InstructionOpInterface methods with a default the op overrides
/// (getOtherOperands, getSparseIndexAnchor).
class Ascube_MoverOp<string mnemonic, list<Trait> traits = [],
                     list<string> moverMethods = [],
                     list<string> instructionMethods = []>
    : Ascube_Op<mnemonic, !listconcat(traits, [AttrSizedOperandSegments,
        DeclareOpInterfaceMethods<Ascube_InstructionOpInterface,
            !listconcat(["isNoOp"], instructionMethods)>,
        DeclareOpInterfaceMethods<Ascube_MoverOpInterface,
            !listconcat(["getAccessExtents", "getBaseAlignment",
                         "getBoundsLabel"], moverMethods)>])> {
  let hasVerifier = 1;
  // Canonicalization.cpp: no-op, repeated and overwritten moves.
  let hasCanonicalizer = 1;
}

/// The builder of an L1 -> L0 mover with every parameter derived: `src`
/// moved to `dst` at element offset `dstOffset` (none: the buffer start).
/// Set explicit parameters with setAttr. For movers whose operands are
/// (src, srcOffset, dst, dstOffset).
defvar Ascube_SrcDstBuilder = OpBuilder<(ins "::mlir::Value":$src,
    "::mlir::Value":$dst, CArg<"::mlir::Value", "{}">:$dstOffset), [{
  $_state.addOperands(src);
  $_state.addOperands(dst);
  if (dstOffset)
    $_state.addOperands(dstOffset);
  $_state.getOrAddProperties<Properties>().operandSegmentSizes = {
      1, 0, 1, dstOffset ? 1 : 0};
}]>;

/// A matrix op of the Mmad family; `instructionMethods` as for movers.
class Ascube_MatmulOp<string mnemonic, list<Trait> traits = [],
                      list<string> instructionMethods = []>
    : Ascube_Op<mnemonic, !listconcat(traits, [
        DeclareOpInterfaceMethods<Ascube_InstructionOpInterface,
            !listconcat(["isNoOp", "getRequiredAlignment"],
                        instructionMethods)>,
        DeclareOpInterfaceMethods<Ascube_MatmulOpInterface,
            ["getInputs", "getShape", "accumulates"]>])> {
  let hasVerifier = 1;
  // Canonicalization.cpp: an Mmad that computes nothing goes.
  let hasCanonicalizer = 1;
}

#endif // ASCUBE_BASE_TD
