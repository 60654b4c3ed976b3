//===- AscubeParams.h - Effective instruction parameters --------*- C++ -*-===//
//
// The parameters each ascube instruction op executes with: the explicit
// attribute where given, otherwise the value derived from the operands'
// types and layouts. The verifiers check them and the CPU lowering executes
// them, so both see the same numbers. Units follow the Ascend C structs
// (cube-reference §5, §6, §13, §16).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_DIALECT_ASCUBE_IR_ASCUBEPARAMS_H
#define ASCUBE_DIALECT_ASCUBE_IR_ASCUBEPARAMS_H

#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Model/FractalSquares.h"
#include "ascube/Model/Im2col.h"

namespace ascube {

// The IR-free models, by their short names (ascube/Model/).
using model::fractalsPerSquare;
using model::FractalSquare;
using model::getLoad2DSquares;
using model::getLoad2DTransposeSquares;
using model::getLoad2DV2Squares;
using model::Load2DParams;
using model::Load2DTransposeParams;
using model::Load2DV2Params;
using model::transposeElement;
using model::TransposeTarget;

/// DataCopyParams (copy, bias): blocks of blockLen units (32 B for copy,
/// 64 B of destination for bias), gaps in the same units.
struct CopyParams {
  int64_t blockCount = 0, blockLen = 0, srcStride = 0, dstStride = 0;
  /// Bytes per blockLen / gap unit: 32 (copy), 64 or 32 (bias, 950).
  int64_t unitBytes = 32;
};

/// Nd2NzParams / Dn2NzParams (§5). For 4-bit data, counts are bytes.
struct Nd2NzParams {
  int64_t ndNum = 0, nValue = 0, dValue = 0, srcNdMatrixStride = 0,
          srcDValue = 0, dstNzC0Stride = 0, dstNzNStride = 0,
          dstNzMatrixStride = 0;
  /// No matrix, row or column: the instruction moves nothing (§5).
  bool isNoOp() const { return ndNum == 0 || nValue == 0 || dValue == 0; }
};

/// LoadData3DParamsV2 with its FMatrix, padding value and repeat state
/// (§10.1, §10.3), as it executes.
struct Load3DParams {
  int64_t padList[4] = {0, 0, 0, 0}; ///< left, right, top, bottom
  int64_t l1H = 0, l1W = 0, channelSize = 0, kExtension = 0, mExtension = 0,
          kStartPt = 0, mStartPt = 0, strideW = 1, strideH = 1, filterW = 1,
          filterH = 1, dilationFilterW = 1, dilationFilterH = 1;
  bool filterSizeW = false, filterSizeH = false, enTranspose = false;
  int64_t repeatTime = 1, repeatStride = 0, repeatMode = 0, dstStride = 0;
  /// The im2col geometry these describe (C0 from the element width).
  model::Im2colGeometry geometry;
  /// How the window lands in the destination.
  model::Load3DPlacement placement;
  /// A field the hardware treats as "do nothing" is 0.
  bool isNoOp() const;
  /// Whether two parameter sets execute alike: the same geometry (the
  /// FMatrix as the kernel extents, not how they were spelt), channels,
  /// window, repeats and transposition. The padding value is the op's.
  bool executesAs(const Load3DParams &o) const;
  /// Window start (m, k) of repeat r.
  std::pair<int64_t, int64_t> windowStart(int64_t r) const;
};

/// LoadData3DParamsV1 (§10.2), as it executes.
struct Load3DV1Params {
  int64_t padList[4] = {0, 0, 0, 0}; ///< left, right, top, bottom
  int64_t c1Index = 0, fetchFilterW = 0, fetchFilterH = 0, leftTopW = 0,
          leftTopH = 0, jumpStride = 1, repeatMode = 0, repeatTime = 1,
          cSize = 0;
  /// The im2col geometry (l1H, l1W, kernel, strides, dilations, pads; C1
  /// from the source).
  model::Im2colGeometry geometry;
  /// Row and column of X where repeat r's fractal starts: X[m0 .. m0+15]
  /// [k0 .. k0+C0-1].
  std::pair<int64_t, int64_t> fractalStart(int64_t r) const;
};

/// LoadDataWithSparse's parameters (§12): only these two are used.
struct LoadSparseParams {
  int64_t startIndex = 0, repeatTimes = 0;
};

/// MmadWithSparse's parameters (§14); k is the original K.
struct MmadSparseParams {
  int64_t m = 0, k = 0, n = 0, unitFlag = 0;
  bool cmatrixInitVal = true;
  /// m, k or n = 0: nothing is computed (§13.1).
  bool isNoOp() const { return m == 0 || k == 0 || n == 0; }
};

/// LoadData MX (§9): the data part (LoadData2DParamsV2) and the scale part
/// (LoadData2DMxParams, 32 B scale-fractal units).
struct LoadMxParams {
  Load2DV2Params data;
  int64_t xStartPosition = 0, yStartPosition = 0, xStep = 0, yStep = 0,
          srcStride = 0, dstStride = 0;
};

/// MmadMx (§15).
struct MmadMxParams {
  int64_t m = 0, k = 0, n = 0, unitFlag = 0;
  bool cmatrixInitVal = true, cmatrixSource = false;
  /// m, k or n = 0: nothing is computed (§13.1).
  bool isNoOp() const { return m == 0 || k == 0 || n == 0; }
};

/// No on-core level of any product holds more than 1 MiB (cube-reference
/// §1), i.e. 2^21 4-bit elements; with a factor of two to spare, no level
/// holds a tile of more than 2^22 elements: element-by-element checks of a
/// tile (whole-tile moves, runs of squares, a plain copy's placement) answer
/// "no" for buffers above this many elements instead of walking them.
constexpr int64_t kMaxTileElements = int64_t(1) << 22;

/// The hidden 4:2 index buffer (a quarter of L0B) is addressed by the L0B
/// byte address / 4 (§3.2, §12): the index-buffer byte of an L0B buffer's
/// first element, when the buffer has a fixed place (getPlacedOffset: an
/// ascube.alloc with an offset or an argument's ascube.offset);
/// std::nullopt otherwise.
std::optional<int64_t> getSparseIndexBase(mlir::Value l0b);

/// Whether moving `squares` (fractal indices from the buffers' first
/// elements; element moves as transposeElement when `transposed`) carries
/// the whole `src` tile into the whole `dst` tile: dst(r, c) = src(r, c), or
/// src(c, r) when dst is typed as the transpose of a non-square src. The
/// check the derived mover forms use. With `view`, only that reading is
/// accepted: false dst(r, c) = src(r, c), true dst(r, c) = src(c, r) (square
/// tiles included) -- for movers built for one reading.
bool movesWholeTile(mlir::MemRefType src, mlir::MemRefType dst,
                    llvm::ArrayRef<FractalSquare> squares, unsigned bits,
                    bool transposed, std::optional<bool> view = std::nullopt);

/// MmadParams (§13.1) plus the facts the lowering needs.
struct MmadParams {
  int64_t m = 0, k = 0, n = 0, unitFlag = 0;
  bool cmatrixInitVal = true, cmatrixSource = false, kDirectionAlign = false,
       disableGemv = false;
  /// GEMV: m == 1 and not disabled — A is k contiguous elements.
  bool gemv = false;
  /// A in Nz (950) instead of Zz.
  bool aNz = false;
  /// K extent of one A fractal line / B fractal column (C0, or 16 for f32
  /// with kDirectionAlign), in elements.
  int64_t kBlock = 0;
  /// m, k or n = 0: nothing is computed (§13.1).
  bool isNoOp() const { return m == 0 || k == 0 || n == 0; }
};

/// FixpipeParamsV220 (§16).
struct FixpipeParams {
  FixpipeMode mode = FixpipeMode::nz2nd;
  QuantMode quantPre = QuantMode::NoQuant;
  int64_t mSize = 0, nSize = 0, srcStride = 0, dstStride = 0, ndNum = 1,
          srcNdStride = 0, dstNdStride = 0, unitFlag = 0;
  std::optional<uint64_t> deqScalar;
  bool reluEn = false;
  /// FixpipeParamsArch3510 (950): nz2nz dstStride in elements; nz2dn from
  /// Nz2DnParams (mapped onto ndNum/srcNdStride/dstNdStride/srcStride).
  bool arch3510 = false;
  /// L0C -> UB (950): 0 = one destination, 1 = M split in halves, 2 = N
  /// split in halves (the second half to the `and` destination).
  int64_t dualDstCtrl = 0, subBlockId = 0;
  /// isChannelSplit: an f32 nz2nz to GM in 16 x 8 fractals (§16).
  bool channelSplit = false;
  /// Columns of the fractals nz2nz writes (§16): 16, 32 for 8-bit outputs
  /// (channel merge of two 16 x 16 fractals), 8 with channelSplit.
  int64_t nzC0 = 16;
  /// Rows and columns one destination receives.
  int64_t dstRows() const { return dualDstCtrl == 1 ? mSize / 2 : mSize; }
  int64_t dstCols() const { return dualDstCtrl == 2 ? nSize / 2 : nSize; }
  /// Elements between destination fractal columns of nz2nz.
  int64_t nzColumnElems(unsigned dstBytes) const {
    return arch3510 ? dstStride : dstStride * 32 / std::max(1u, dstBytes);
  }
  /// No row, column or matrix: nothing moves (§16).
  bool isNoOp() const { return mSize == 0 || nSize == 0 || ndNum == 0; }
};

/// Effective parameters; on an inconsistent op, emits one diagnostic naming
/// the rule label and fails.
mlir::FailureOr<CopyParams> getCopyParams(DataCopyOp op, EmitErrorFn emit);
/// Whether a DataCopy mode takes DataCopyParams (copy, bias, fb) rather
/// than Nd2NzParams / Dn2NzParams.
inline bool usesCopyParams(CopyMode mode) {
  return mode == CopyMode::copy || mode == CopyMode::bias ||
         mode == CopyMode::fb;
}
/// Whether the MCB shift mode (QUANT_PRE bit 36, §16) exists for `q`: the
/// s32 requantization modes (V)REQ8 and (V)DEQF16 of arch 2201 (A2/A3), or
/// of any product when `prod` is null (no target named).
bool mcbAllowed(QuantMode q, const target::ProductInfo *prod);
mlir::FailureOr<Nd2NzParams> getNd2NzParams(DataCopyOp op, EmitErrorFn emit);
mlir::FailureOr<Load2DParams> getLoad2DParams(Load2DOp op, EmitErrorFn emit);
mlir::FailureOr<Load2DTransposeParams>
getLoad2DTransposeParams(Load2DTransposeOp op, EmitErrorFn emit);
mlir::FailureOr<Load2DV2Params> getLoad2DV2Params(Load2DV2Op op,
                                                  EmitErrorFn emit);
mlir::FailureOr<Load3DParams> getLoad3DParams(Load3DOp op, EmitErrorFn emit);
mlir::FailureOr<Load3DV1Params> getLoad3DV1Params(Load3DV1Op op,
                                                  EmitErrorFn emit);
mlir::FailureOr<MmadParams> getMmadParams(MmadOp op, EmitErrorFn emit);
mlir::FailureOr<LoadSparseParams> getLoadSparseParams(LoadSparseOp op,
                                                      EmitErrorFn emit);
mlir::FailureOr<LoadMxParams> getLoadMxParams(LoadMxOp op, EmitErrorFn emit);
mlir::FailureOr<MmadMxParams> getMmadMxParams(MmadMxOp op, EmitErrorFn emit);
mlir::FailureOr<MmadSparseParams> getMmadSparseParams(MmadSparseOp op,
                                                      EmitErrorFn emit);
mlir::FailureOr<FixpipeParams> getFixpipeParams(FixpipeOp op, EmitErrorFn emit);

/// A mover's source and destination buffers and the bytes it reaches in each,
/// [first, second) relative to the buffer's start (from the static offset
/// and the access extent; std::nullopt when an offset is dynamic). Extra
/// operands (quant vector, scales, index, a second destination) are listed
/// in `otherReads` / `otherWrites`, whole.
struct MoverAccess {
  mlir::Value src, dst;
  std::optional<std::pair<int64_t, int64_t>> srcBytes, dstBytes;
  llvm::SmallVector<mlir::Value, 2> otherReads, otherWrites;
};
/// The access of any mover (a MoverOpInterface op); std::nullopt for any
/// other op. Quiet: an inconsistent op gets whole-buffer ranges.
std::optional<MoverAccess> getMoverAccess(mlir::Operation *op);

/// The static byte address of `buf`'s first element: its placed offset in
/// its level (getPlacedOffset), 0 for an ascube.alloc ascube places and an
/// on-core argument its caller places (both start level-aligned), or 0 for
/// a GM buffer — GM addresses are measured from the buffer's start, whose
/// own alignment is the host's business ([U], docs/Constraints.md
/// alignment_c2); std::nullopt for anything else.
std::optional<int64_t> getStaticBase(mlir::Value buf);

/// The static byte address of `buf[elemOffset]`: getStaticBase plus the
/// element offset in bytes when the offset is constant; std::nullopt
/// otherwise.
std::optional<int64_t> getStaticAddress(mlir::Value buf, mlir::Value elemOffset,
                                        unsigned bits);

/// What the bounds and alignment rules see of any mover (DataCopy, the
/// LoadData family, Fixpipe): its buffers and base offsets (null when
/// absent), the elements it reaches from them, the base alignment its
/// buffers need (§4, §13, §16) and the label of its bounds rule (e.g.
/// load2d_c5).
struct MoverFacts {
  mlir::Value src, dst, srcOffset, dstOffset;
  AccessExtents extents;
  BaseAlignment align;
  llvm::StringRef boundsLabel;
};
/// The MoverFacts of a mover op; std::nullopt for any other op or when its
/// parameters do not resolve (quiet: the op's verifier reports that).
std::optional<MoverFacts> getMoverFacts(mlir::Operation *op);

/// "file:line:col: op" (the location when it is a file's), how runners
/// and the timing model name an instruction or flag op in messages and
/// traces.
std::string getSiteText(mlir::Operation *op);

/// What the timing model costs an instruction by besides the bytes it
/// moves (docs/Timing.md): an Mmad's m, k, n and A's element bits (kind
/// 1), a Fixpipe's rows (mSize x ndNum), columns (nSize), destination
/// element bits and level (kind 2). The runner's work hook
/// (AscubeToLoops' Instrumentation.cpp) and ascube-estimate-time report
/// it; std::nullopt for any other op or when its parameters do not
/// resolve (quiet).
struct InstructionWork {
  int64_t kind = 0, a = 0, b = 0, c = 0, d = 0;
};
std::optional<InstructionWork> getInstructionWork(mlir::Operation *op);

/// The alignment in bytes an instruction needs of the base address of the
/// buffer `use` passes it (cube-reference §4, §13.1, §15, §16; the rule
/// alignment_c2): a mover's source or destination as its getBaseAlignment
/// says (InstructionOpInterface::getRequiredAlignment), Mmad
/// A and B 512 B (MX fp8 1024 B), C 1024 B (512 B for an f16 C), a bias
/// 64 B; any other operand, and any other op, its level's alignment on
/// the target (1 without one).
int64_t getRequiredBaseAlignment(mlir::OpOperand &use);

/// With a target product (the one `anchor` is under): a buffer of `type`
/// placed at `offset` bytes is in a level the product has (capacity_c2) and
/// fits it (capacity_c1). Emits one diagnostic through `emit` otherwise.
mlir::LogicalResult checkBufferFitsTarget(mlir::Operation *anchor,
                                          mlir::MemRefType type, int64_t offset,
                                          llvm::StringRef role,
                                          EmitErrorFn emit);

/// Bytes per element of a buffer's storage; 4-bit types report 0 (two
/// elements per byte, see Numerics/Packing.h).
unsigned getStorageBytes(mlir::Type elementType);

/// The pipe an instruction runs on (ascube.set_flag; cube-reference §5-§16):
/// what reads GM (DataCopy GM -> L1, LoadData 2D GM -> L0) MTE2, DataCopy
/// L1 -> BT and the LoadData family (ascube.load included) MTE1, DataCopy
/// L1 -> FB and Fixpipe FIX, the Mmad family M; std::nullopt for any other
/// op.
std::optional<Pipe> getInstructionPipe(mlir::Operation *op);

/// Whether `src -> dst` is one of the Cube core's SetFlag/WaitFlag events
/// (asc-devkit HardEvent on the AI Cube core; the rule sync_c2).
bool isCubeEvent(Pipe src, Pipe dst);

} // namespace ascube

#endif // ASCUBE_DIALECT_ASCUBE_IR_ASCUBEPARAMS_H
