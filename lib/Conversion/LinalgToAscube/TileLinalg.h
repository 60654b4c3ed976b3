//===- TileLinalg.h - Shared pieces of ascube-tile-linalg -------*- C++ -*-===//
//
// Internal to the linalg entry (docs/Architecture.md "The linalg entry"
// names each file): the plans and emitters of matmuls (TileMatmul.cpp,
// MatmulEmitter.cpp) and of convolutions by strategy (TileConvPlan.cpp;
// load3d TileConv.cpp, nd2nz_columns TileConvNd.cpp, pixel_rows
// TileConvPixelRows.cpp, nhwc_rows TileConvNhwc.cpp), what folds in
// around them (TileEpilogues.cpp), the ProgramEmitter they derive from
// (TileProgram.cpp) and the operand checks they share (TileOperands.cpp).
// docs/Tiling.md describes them.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_CONVERSION_LINALGTOASCUBE_TILELINALG_H
#define ASCUBE_CONVERSION_LINALGTOASCUBE_TILELINALG_H

#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"
#include "ascube/Layout/Fractal.h"
#include "ascube/Model/FieldLimits.h"
#include "ascube/Target/Target.h"
#include "ascube/Tiling/ConvTiling.h"
#include "ascube/Tiling/MatmulTiling.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include "llvm/ADT/DenseMap.h"

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace ascube {
class DataCopyOp;
class FixpipeOp;
class MmadOp;
class MmadMxOp;
class LoadMxOp;
} // namespace ascube

namespace ascube::tiling {

/// "n thing" or "n things" for a remark: `one` when n is 1, else `many`.
inline std::string count(int64_t n, llvm::StringRef one, llvm::StringRef many) {
  return std::to_string(n) + " " + (n == 1 ? one : many).str();
}

/// A convolution's shapes and window for a remark, the shapes named and in
/// the order of the op's layout: "N x H x W x C = 1 x 8 x 8 x 20 -> OH x OW
/// x F = 6 x 6 x 24, kernel 3 x 3, stride 1 x 1, dilation 1 x 1" (NHWC), or
/// "N x C x H x W = 1 x 20 x 8 x 8 -> F x OH x OW = 24 x 6 x 6, ..." (NCHW).
inline std::string describeConvGeometry(const model::ConvProblem &p,
                                        int64_t images, bool nchw) {
  auto dims = [](std::initializer_list<int64_t> v) {
    std::string s;
    for (int64_t x : v)
      s += (s.empty() ? "" : " x ") + std::to_string(x);
    return s;
  };
  std::string shapes =
      nchw ? "N x C x H x W = " + dims({images, p.c, p.h, p.w}) +
                 " -> F x OH x OW = " + dims({p.f, p.oh, p.ow})
           : "N x H x W x C = " + dims({images, p.h, p.w, p.c}) +
                 " -> OH x OW x F = " + dims({p.oh, p.ow, p.f});
  return shapes + ", kernel " + dims({p.kh, p.kw}) + ", stride " +
         dims({p.sh, p.sw}) + ", dilation " + dims({p.dh, p.dw});
}

/// A GM operand the pass can address: a static memref of `rank`
/// dimensions with no memory space, row-major or a view of GM (getGMView:
/// contiguous, or a 2-D matrix with a row pitch; not a column-major one)
/// of a type GM holds as it is (8 bits or more, builtin).
bool isPlainGMMatrix(mlir::Value v, int64_t rank);

/// Why the first of `operands` (a value and the rank it must have) that is
/// not isPlainGMMatrix is not, for a refusal of `op`: ": operand #i (type)
/// has a dynamic shape", "... is a view with a dynamic offset or stride
/// ...", a memory space, a column-major view, 4-bit elements; empty if all
/// are plain.
std::string
whyNotPlainGM(mlir::Operation *op,
              llvm::ArrayRef<std::pair<mlir::Value, int64_t>> operands);

/// The static GM memref `v` as the row-major matrix of its first `lead`
/// dimensions by the rest (a memref.collapse_shape at `b`'s insertion
/// point).
mlir::Value collapseToMatrix(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value v, int64_t lead);

/// What a tile must fit on `prod` (model::chooseMatmulTiling): its L1,
/// L0A, L0B and L0C capacities and its bias table (0 where it has none).
model::MatmulCapacities matmulCapacities(const target::ProductInfo &prod);

/// tile_c1 at `op` when an operand holds 2^62 elements or more (ascube's
/// layouts stop below: layout_c1), so no count of the program overflows.
mlir::LogicalResult checkOperandSizes(mlir::Operation *op);

/// The row pitch of a GM operand in elements: a view's row stride, else
/// its last extent.
int64_t gmPitch(mlir::Value v);

/// Adds to a refusal of a tile that does not fit (tile_c6) what does not:
/// the memories `need` overflows with the bytes each needs and holds, or
/// (`rangeMiss` not empty: the tile is past an instruction's range, as the
/// model's describe...RangeMiss names it; `need` is then not counted) that.
/// With `sets` = 2 it says that L0A, L0B and L1 are counted for two buffer
/// sets (double buffering) where one of them overflows.
void describeMiss(mlir::InFlightDiagnostic &d, llvm::StringRef rangeMiss,
                  llvm::function_ref<model::MatmulFootprint()> need,
                  const model::MatmulCapacities &cap, int64_t sets);

/// The `linalg.fill` of zero (+0.0 for floats) into `c` right before
/// `op`, or null.
mlir::linalg::FillOp zeroFillBefore(mlir::Operation *op, mlir::Value c);

/// For a refusal (tile_c2) when zeroFillBefore finds none: what the
/// linalg.fill right before `op` is instead — of another buffer than `c`
/// (a larger one C is a view of, say), or of another value than +0 — as
/// "; the linalg.fill right before it ...", or empty.
std::string describeFillBefore(mlir::Operation *op, mlir::Value c);

/// What follows a matmul or a convolution on its output C and folds into
/// the Cube program
/// (docs/Tiling.md, "Epilogues"): a bias add, C[..., n] += bias[n] (the
/// bias a static 1-D GM memref of C's type over C's channels: its last
/// dimension, an NCHW output's second), through
/// the bias table, and a ReLU, C = max(C, 0) (arith.maximumf with +0.0,
/// arith.maxsi with 0), through Fixpipe's reluEn. Each is a linalg.generic
/// right after the matmul (or after the other) over C, all loops
/// parallel, C's map the identity, the bias's the channel loop; one
/// generic may do both (bias first). Last, a requantization of C to int8
/// (s8 or u8 bytes; see RequantMatch) may follow, through Fixpipe's REQ8.
struct Epilogue {
  mlir::Value bias;
  bool relu = false;
  /// A requantization of C into `requantOut` (a static GM memref of C's
  /// shape, i8) by Fixpipe REQ8 with the QUANT_PRE word `requantWord`
  /// (null: none). `writeC`: C is also written (false when C is a local
  /// memref.alloc nothing else reads: the alloc goes).
  mlir::Value requantOut;
  uint64_t requantWord = 0;
  bool writeC = true;
  /// A requantization Fixpipe cannot compute exactly was found (and its
  /// error emitted, tile_c8).
  bool failed = false;
  /// The generics folded in (erased with the matmul).
  llvm::SmallVector<mlir::Operation *, 3> ops;
};

/// A requantization of an int32 C to int8, as Fixpipe REQ8 computes it
/// (cube-reference §16: y = x * M1, round half to even of y clipped to
/// [-256, 255], + offset, saturated to [-128, 127]): a linalg.generic
/// ins(%C : i32) outs(%Q : i8), identity maps, all loops parallel, whose
/// body is
///   %f = arith.sitofp %c : i32 to f32
///   %y = arith.mulf %f, SCALE            (a constant: Fixpipe's M1)
///   [%y = clamp(%y, -256.0, 255.0)]      (needed with an offset)
///   %r = math.roundeven %y
///   [%r = arith.addf %r, OFFSET]         (an integral constant in
///                                         [-256, 255])
///   %s = clamp(%r, -128.0, 127.0)
///   %q = arith.fptosi %s : f32 to i8
/// or, for unsigned int8 bytes (u8, QUANT_PRE bit 46 = 0), clamp(%r, 0.0,
/// 255.0) and arith.fptoui.
/// clamp(v, lo, hi) being arith.minimumf / minnumf of arith.maximumf /
/// maxnumf (either nesting, constants on either side).
struct RequantMatch {
  /// `g` has this form (else nothing below is set).
  bool matched = false;
  /// The QUANT_PRE word: M1, the offset, s8 output (bit 46).
  uint64_t word = 0;
  /// Non-empty when Fixpipe cannot compute it exactly (tile_c8): a scale
  /// that is not an f32 with a 10-bit mantissa (M1 keeps bits 31:13),
  /// infinite, NaN or denormal; an offset without the clip before the
  /// rounding.
  std::string error;
};
RequantMatch matchRequant(mlir::linalg::GenericOp g, mlir::Value c);

/// Whether `prod` can requantize as `e` asks (Fixpipe i32 -> i8 to GM) and
/// Q is none of the buffers the op `reads` (null entries skipped); emits
/// tile_c8 at `op` otherwise.
mlir::LogicalResult checkRequant(mlir::Operation *op,
                                 const target::ProductInfo &prod,
                                 const Epilogue &e,
                                 llvm::ArrayRef<mlir::Value> reads);

/// ", requantized to int8 (...)" for the report remark, or "".
std::string describeRequant(const Epilogue &e);

/// After the emitters: erases `c` when it is a local memref.alloc the
/// program no longer writes (epilogue.writeC false) — its view ops without
/// users and its dealloc first.
void eraseUnwrittenOutput(mlir::Value c);

/// The epilogue of `op` on its output `c` (possibly empty). Warns on a
/// linalg op that uses `c` right after it and does not fold in (an
/// epilogue in a form the pass does not recognise, which stays) — or, with
/// `refuseUnfolded` (the pass's allow-unmapped=false), refuses it: an
/// error, `failed`. A bias runs over dimension `biasDim` of C (-1: the
/// last; 1 for an NCHW convolution's output channels).
Epilogue matchEpilogue(mlir::Operation *op, mlir::Value c, int64_t biasDim = -1,
                       bool refuseUnfolded = false);

/// The pass's allow-unmapped=false: an error at the first linalg op of
/// `module` that is no part of a Cube program after the mapping — one the
/// pass does not map (a linalg.copy converting element types among them)
/// — naming the most telling (the computation before the fill left for
/// its sake) with the forms the pass accepts (tile_c1). Failure when there
/// is one.
mlir::LogicalResult refuseUnmapped(mlir::ModuleOp module);

/// A map zero-padded in GM before a convolution, as one-shot
/// bufferization writes a tensor.pad: `%p = memref.alloc()`, a zero fill
/// of it (linalg.fill, or linalg.map yielding zero), `memref.subview
/// %p[0, top, left, 0] [N, H, W, C] [1, 1, 1, 1]` (NCHW: `[0, 0, top,
/// left] [N, C, H, W]`) and a copy of the map into that view (memref.copy
/// or linalg.copy), all before the convolution, which is the only other
/// user of %p (a memref.dealloc aside).
struct PaddedMap {
  mlir::Value source;
  int64_t top = 0, left = 0;
  /// The alloc, fill, subview, copy and dealloc: erased once the
  /// convolution reads the source with LoadData 3D's padding instead.
  llvm::SmallVector<mlir::Operation *> ops;
  /// The zero fill among them (linalg.fill or linalg.map).
  mlir::Operation *fill = nullptr;
};

/// The padding of `map`, the input of `conv`, when it is a PaddedMap (its
/// rows and columns dimensions 1 and 2, or 2 and 3 when `channelsFirst`).
std::optional<PaddedMap> matchPaddedMap(mlir::Value map, mlir::Operation *conv,
                                        bool channelsFirst);

/// The name of the private constant memref.global of `module` whose
/// `type` elements (a GM memref) are all `value`: one already there whose
/// name starts with `name` and whose type and value are these, else a new
/// one named `name` (made unique by SymbolTable), first in the module. The
/// programs' GM constants: MmadMx's unit scales and a bias seed's ones
/// (ProgramEmitter::copyOnes), a padded map's zeros (TileConv.cpp).
mlir::StringAttr splatGlobal(mlir::ModuleOp module, mlir::Location loc,
                             llvm::StringRef name, mlir::MemRefType type,
                             mlir::TypedAttr value);
/// The same for the elements `init` (split-K's identity).
mlir::StringAttr constantGlobal(mlir::ModuleOp module, mlir::Location loc,
                                llvm::StringRef name, mlir::MemRefType type,
                                mlir::DenseElementsAttr init);
/// A new private, uninitialized, writable memref.global of `type` (a GM
/// memref) named `name` (made unique), first in `module`: split-K's
/// workspace, shared by all blocks (ascube-run: one per kernel run;
/// TileSyncAll.cpp orders its writes and reads across blocks).
mlir::StringAttr workspaceGlobal(mlir::ModuleOp module, mlir::Location loc,
                                 llvm::StringRef name, mlir::MemRefType type);

/// tile_c4 at `op` when `prod` has no ND2NZ and a bias row of `n`
/// elements of `bits` bits is not whole 32 B blocks (ProgramEmitter::
/// biasToBT then copies it as one plain run of blocks).
mlir::LogicalResult checkPlainBias(mlir::Operation *op,
                                   const target::ProductInfo &prod, int64_t n,
                                   int64_t bits);

/// What the matmul and convolution emitters share: the builder, the
/// product, placed buffers (one alloc per type and place, at the
/// function's entry), index arithmetic, the tile loops, the block a tile
/// runs on, and the bias of an epilogue.
/// One mapped program: its ops from `first` through `last` in one block
/// (the allocations are at the function's entry), for `prod`.
struct Program {
  mlir::Operation *first = nullptr, *last = nullptr;
  const target::ProductInfo *prod = nullptr;
};

/// Orders the mapped `programs` (in program order within each block) where
/// blocks hand GM over (TileSyncAll.cpp, docs/Tiling.md "Blocks"), with
/// the other ops of their functions (and of the functions calling them)
/// that touch GM: before a program, call or op that reads GM an earlier
/// one writes, or writes GM an earlier one reads or writes, an
/// ascube.sync_all; the kernel's own writes of GM (memref.copy,
/// memref.store) that do not depend on the block index run on block 0
/// only. On a product without SyncAll, or for a hand-over through a buffer
/// the kernel allocates, the function's programs run on block 0 only (with
/// a warning, tile_c10; the kernel's own GM reads and writes around them
/// too); fails with tile_c11 when programs of a called function would need
/// that, and with tile_c12 for a call passing views that share bytes to a
/// function whose programs read one and write the other. The diagnostics
/// name `pass`.
mlir::LogicalResult orderPrograms(llvm::ArrayRef<Program> programs,
                                  llvm::StringRef pass);

/// Whether the GM memrefs `a` and `b` may share bytes: views of one buffer
/// (a function argument or an allocation; different arguments are taken
/// not to alias) whose bytes — the box of a static strided view, a
/// memref.view's constant byte shift included, else the whole buffer —
/// meet (TileSyncAll.cpp).
bool mayShareBytes(mlir::Value a, mlir::Value b);

/// Where a program's allocations go in `func`: its entry, after those of
/// the programs emitted before (so that they print in program order).
mlir::Operation *allocPointOf(mlir::Operation *func);

class ProgramEmitter {
public:
  ProgramEmitter(mlir::OpBuilder &b, mlir::Location loc,
                 const target::ProductInfo &prod)
      : b(b), loc(loc), prod(prod) {}

  /// Allocations go here (the function's entry).
  mlir::Operation *allocPoint = nullptr;
  /// The epilogue: the bias as a 1 x N GM row of the output's type (or
  /// null) and the ReLU.
  mlir::Value biasRow;
  bool relu = false;
  /// A requantization (Epilogue::requantOut as a matrix like the output's,
  /// or null) and its QUANT_PRE word; whether the output itself is
  /// written.
  mlir::Value requantOut;
  uint64_t requantWord = 0;
  bool writeOut = true;

protected:
  /// Calls `body(offset, size, tile number)` for `full` tiles of `size`
  /// (in an scf.for) and then the tail of `tail` elements, if any.
  void
  forEachTile(int64_t full, int64_t tail, int64_t size,
              llvm::function_ref<void(mlir::Value, int64_t, mlir::Value)> body);
  /// Calls `chunk(i, j)` for chunks i = 0 .. count - 1 of one size, chunk
  /// i on buffer set i % sets (bufferSet set before each): the first on its
  /// own, the rest in an scf.for taking `sets` at a time (so each chunk's
  /// buffers are static: the Mmad takes whole buffers), then what is left;
  /// `j` is a static chunk number with j % sets == i % sets, 0 only for
  /// the first.
  void forEachChunk(int64_t count,
                    llvm::function_ref<void(mlir::Value, int64_t)> chunk);
  /// Calls `body(i)` for i < n: in an scf.for, or once with index 0 when
  /// n is 1.
  void loop(int64_t n, llvm::function_ref<void(mlir::Value)> body);
  /// Emits `body` inside `scf.if (id % block_num == block_idx)`: output
  /// tile number `id` runs on that block only.
  void onItsBlock(mlir::Value id, mlir::Value blockIdx, mlir::Value blockNum,
                  llvm::function_ref<void()> body);
  /// The placed buffer of `type` at byte `offset`: one per type and place
  /// (all of one operand's buffers of a level at one address: they are
  /// live one at a time). `readOnly`: one of its own, which the program
  /// only reads — a view of bytes another buffer fills (split-K's slices of
  /// a part tile): shared with a buffer that is written, it would read as
  /// that buffer's data (overlap_c2).
  mlir::Value place(mlir::MemRefType type, int64_t offset,
                    bool readOnly = false);
  /// The placed 2-D buffer rows x cols of `level`.
  mlir::Value buffer(target::Level level, int64_t rows, int64_t cols,
                     mlir::Type elem, layout::Format format, int64_t offset = 0,
                     bool readOnly = false);
  /// The bias of an output tile's `nt` columns from `n0` in the bias
  /// table: the GM row's nt elements -> L1 by ND2NZ with dstNzC0Stride = 1
  /// (a 1 x `bn` Nz staged at the top of L1, its C0 blocks one after
  /// another, the last zero-filled to 32 B), then L1 -> BT by the bias
  /// copy in whole 64 B (A2's unit; two of 950's, whose length is even).
  /// BT's columns past nt hold what L1 held there: they feed only padded
  /// columns of C, which Fixpipe does not write. Returns the BT buffer (at
  /// least `bn` elements of `cType`); `bn` >= nt is the tile's columns as
  /// computed.
  mlir::Value biasToBT(mlir::Value n0, int64_t nt, int64_t bn,
                       mlir::Type cType);
  /// Fixpipe of an L0C tile `c` (rows x cols, NZ2ND, row pitch `pitch`) to
  /// element `offset` of the output `out` (unless writeOut is false) and,
  /// with a requantization, to the same place of `requantOut` (REQ8 with
  /// requantWord); reluEn with a ReLU.
  void writeTile(mlir::Value c, mlir::Value out, mlir::Value offset,
                 int64_t rows, int64_t cols, int64_t pitch);
  /// writeTile in pieces, between the same flags: `pieces(write)` calls
  /// `write(from, offset, cols)` for each piece, the Fixpipe of `cols`
  /// columns of the tile's `rows` rows from L0C element `from` of `c` (the
  /// start of a 16-column block) to element `offset` of `out` (and of
  /// requantOut), row pitch `pitch`.
  using PieceWriter =
      llvm::function_ref<void(mlir::Value, mlir::Value, int64_t)>;
  void writeTilePieces(mlir::Value c, mlir::Value out, int64_t rows,
                       int64_t pitch,
                       llvm::function_ref<void(PieceWriter)> pieces);
  /// The fields of one DataCopy ND2NZ or DN2NZ (cube-reference §5) by
  /// name; one left unset is the op's default (absent from the op), the
  /// mode too (then derived from the layouts).
  struct Nd2nzFields {
    std::optional<CopyMode> mode;
    std::optional<int64_t> ndNum, nValue, dValue, srcNdMatrixStride, srcDValue,
        dstNzC0Stride, dstNzNStride, dstNzMatrixStride;

    /// Every field set, in the order §5 lists them.
    static Nd2nzFields all(CopyMode mode, int64_t ndNum, int64_t nValue,
                           int64_t dValue, int64_t srcNdMatrixStride,
                           int64_t srcDValue, int64_t dstNzC0Stride,
                           int64_t dstNzNStride, int64_t dstNzMatrixStride) {
      return {mode,
              ndNum,
              nValue,
              dValue,
              srcNdMatrixStride,
              srcDValue,
              dstNzC0Stride,
              dstNzNStride,
              dstNzMatrixStride};
    }
  };
  /// One DataCopy from src[from] to dst[to] (a null offset: none) with no
  /// field set: the mode from the levels (L1 -> BT: bias, §5).
  DataCopyOp dataCopy(mlir::Value src, mlir::Value from, mlir::Value dst,
                      mlir::Value to);
  /// One DataCopy ND2NZ (DN2NZ) of `f` from src[from] to dst[to] (a null
  /// offset: none), as it is (nd2nz splits what the fields cannot hold).
  DataCopyOp dataCopyNd2nz(mlir::Value src, mlir::Value from, mlir::Value dst,
                           mlir::Value to, const Nd2nzFields &f);
  /// One Fixpipe of the L0C tile `c` (from c[from]; `rows` x `cols`) to
  /// dst[offset], rows `pitch` elements apart (NZ2ND, §16), with the ReLU
  /// when `relu`.
  FixpipeOp fixpipeNz2nd(mlir::Value c, mlir::Value from, mlir::Value dst,
                         mlir::Value offset, int64_t rows, int64_t cols,
                         int64_t pitch);
  /// One Mmad C = A x B (`m` x `k` x `n`, §13) into `c`, accumulating
  /// unless `init`, from the `bias` table when given (cmatrixSource); its
  /// other switches are the op's setters'.
  MmadOp mmad(mlir::Value a, mlir::Value bm, mlir::Value c, mlir::Value bias,
              int64_t m, int64_t k, int64_t n, bool init);
  /// The same as MmadMx (§15) with the e8m0 scales `scaleA` and `scaleB`
  /// (L0A_MX / L0B_MX).
  MmadMxOp mmadMx(mlir::Value a, mlir::Value scaleA, mlir::Value bm,
                  mlir::Value scaleB, mlir::Value c, mlir::Value bias,
                  int64_t m, int64_t k, int64_t n, bool init);
  /// One LoadData MX (§9) of `src` and its e8m0 scales `scale` into `dst`
  /// and `scaleDst` (L0A/L0B and L0A_MX/L0B_MX), transposing when
  /// `transpose` (ifTranspose); the step and stride fields are derived
  /// unless the caller sets them (the op's setters).
  LoadMxOp loadMx(mlir::Value src, mlir::Value scale, mlir::Value dst,
                  mlir::Value scaleDst, bool transpose);
  /// A plain DataCopy (copy mode: no layout change, §4) from `src[from]`
  /// to `dst[to]`: `count` runs of `len` 32 B blocks, `srcGap` blocks
  /// between runs in the source, `dstGap` in the destination
  /// (DataCopyParams, §5). What builds Nz tiles on a product without
  /// ND2NZ.
  void plainCopy(mlir::Value src, mlir::Value from, mlir::Value dst,
                 mlir::Value to, int64_t count, int64_t len, int64_t srcGap,
                 int64_t dstGap = 0);
  /// Zeros of the float type `elem` (a FloatAttr: no integer types) into
  /// `count` runs of `len` 32 B blocks
  /// of the L1 buffer `dst` from element `to`, `dstGap` blocks between
  /// runs: one plain DataCopy from the module's constant
  /// `@__ascube_zeros_<count>x<type>` (splatGlobal), e.g. the zero rows of
  /// an Nz chunk that ND2NZ leaves (TileConvNhwc.cpp).
  void copyZeros(mlir::Type elem, mlir::Value dst, mlir::Value to,
                 int64_t count, int64_t len, int64_t dstGap);
  /// What copyOnes and copyZeros share: `count` runs of `len` 32 B blocks
  /// of `value` in `elem` into `dst` from element `to` (`dstGap` blocks
  /// between runs), from the module's constant
  /// `@__ascube_<what>_<count>x<type>`.
  void copySplat(llvm::StringRef what, double value, mlir::Type elem,
                 mlir::Value dst, mlir::Value to, int64_t count, int64_t len,
                 int64_t dstGap);
  /// `bytes` (a multiple of 32) e8m0 scales of 2^0 (code 127) into L1 at
  /// `l1Offset` (copyOnes): MmadMx's unit scales (docs/Tiling.md "4-bit
  /// floats").
  void copyE8m0Ones(int64_t bytes, int64_t l1Offset);
  /// `bytes` (a multiple of 32) of ones of the float type `elem` (a
  /// FloatAttr: no integer types) into the
  /// L1 buffer `dst` (at least that large): one plain DataCopy from the
  /// module's constant `@__ascube_ones_<count>x<type>` (splatGlobal).
  void copyOnes(mlir::Type elem, int64_t bytes, mlir::Value dst);
  /// One DataCopy ND2NZ (§5) of 8-bit or wider data from `src[from]` to
  /// the Nz `dst[to]` (null: 0) with the given fields: `num` matrices
  /// (ndNum) `srcStride` / `dstStride` elements apart (srcNdMatrixStride,
  /// dstNzMatrixStride), each `nValue` rows of `dValue` elements,
  /// `srcDValue` apart in GM and `nStride` 32 B rows apart in L1 (their C0
  /// blocks `c0Stride` 32 B rows apart). Where a field cannot hold its
  /// value (tile_c5) the copy is split instead of refused: rows further
  /// apart than srcDValue's [1, 65535] reaches become one ND2NZ per row
  /// (row r nStride x r 32 B rows into the Nz), matrices further apart
  /// than srcNdMatrixStride's [0, 65535] or dstNzMatrixStride's [0, 16384]
  /// one per matrix (in scf.for loops). A field that is never stepped (one
  /// row's srcDValue, one matrix's strides) is emitted within its range.
  void nd2nz(mlir::Value src, mlir::Value from, mlir::Value dst, mlir::Value to,
             int64_t num, int64_t nValue, int64_t dValue, int64_t srcStride,
             int64_t srcDValue, int64_t c0Stride, int64_t dstStride,
             int64_t nStride = 1);
  /// A product without ND2NZ (Atlas 200I/500 A2): the nRows x nCols chunk
  /// at element `from` of `src` (rows `pitch` apart, each a whole number
  /// of 32 B blocks: tile_c4) becomes the Nz `dst` by plain DataCopy
  /// (§4: no layout change) — per C0-column block one copy of nRows 32 B
  /// blocks, pitch apart in GM (srcStride: the gap in 32 B units), one
  /// after another in L1: a column of Nz fractals, whose padding rows stay
  /// as they were (the Mmad reads m, k, n exactly). `consecutive`: all of
  /// one row's blocks one after another (ND2NZ's dstNzC0Stride = 1, the
  /// GEMV row) in a single copy.
  void plainCopyToNz(mlir::Value src, mlir::Value from, int64_t pitch,
                     int64_t nRows, int64_t nCols, mlir::Value dst,
                     bool consecutive);

public:
  /// The event of the bias's flags (its L1 row and BT).
  static constexpr int64_t kBiasEvent = 2;
  /// The flags between the program's pipes (ascube.set_flag, docs/Tiling.md
  /// "Flags"): MTE2 copies chunks GM -> L1, MTE1 loads them L1 -> L0A/L0B,
  /// M multiplies into L0C, FIX writes L0C to GM. Each hand-over is a pair
  /// of flags: "ready" from the producer (MTE2 -> MTE1, MTE1 -> M,
  /// M -> FIX) and "free" back from the consumer (MTE1 -> MTE2 for L1,
  /// M -> MTE1 for L0A/L0B, FIX -> M for L0C), the "free" ones set before
  /// the program (syncStart) and waited for after it (syncEnd). Events 0
  /// and 1 guard the two sets of chunk buffers (one set: event 0), event 0
  /// the C tile, event 2 the bias (its L1 row and BT). syncEnd also hands
  /// GM to later reads (FIX -> MTE2).
  void syncStart();
  void syncEnd();
  /// The program emitted between syncStart and syncEnd.
  Program program;
  /// The buffer sets of the chunks (2: double-buffered).
  int64_t bufferSets() const { return sets; }

protected:
  /// One flag op: SetFlag (`set`) or WaitFlag of `src -> dst`.
  void flag(bool set, ascube::Pipe src, ascube::Pipe dst, int64_t event = 0);
  /// Double buffering: `sets` buffer sets (1 or 2) of the chunks' L1, L0A
  /// and L0B buffers; the chunk being emitted uses set `bufferSet`, and
  /// its flags event `bufferSet`.
  int64_t sets = 1, bufferSet = 0;
  /// The L0A/L0B set of the step being emitted where it differs from its
  /// L1 chunk's (a matmul's L1 chunk of several K steps: the steps
  /// alternate L0 sets); -1: bufferSet. The M <-> MTE1 flags take its event.
  int64_t l0Set = -1;
  int64_t l0Event() const { return l0Set < 0 ? bufferSet : l0Set; }
  /// A chunk's copies into L1 start when MTE1 has read the previous ones.
  void beforeCopies();
  /// Its loads start when the copies are done (copiesDone) and M has read
  /// the previous L0A/L0B tiles (l0Free).
  void beforeLoads() {
    copiesDone();
    l0Free();
  }
  void copiesDone();
  void l0Free();
  /// Its Mmad starts when the loads are done — which frees L1 for the next
  /// copies, unless more steps of the L1 chunk are still to load
  /// (`freesL1` false) —; the first Mmad of a C tile (`init`) also when FIX
  /// has read the previous tile, one from the bias (`withBias`) when BT
  /// holds it.
  void beforeMmad(bool init, bool withBias, bool freesL1 = true);
  /// The Mmad frees L0A/L0B (and BT) for the next loads.
  void afterMmad(bool withBias);

  mlir::Value index(int64_t v);
  mlir::Value mul(mlir::Value v, int64_t c);
  mlir::Value add(mlir::Value x, mlir::Value y);
  mlir::IntegerAttr attr(int64_t v) { return b.getI64IntegerAttr(v); }

  mlir::OpBuilder &b;
  mlir::Location loc;
  const target::ProductInfo &prod;
  /// The current output tile's bias in BT (null without a bias).
  mlir::Value bias;

private:
  llvm::DenseMap<std::pair<mlir::Type, int64_t>, mlir::Value> buffers,
      readOnlyBuffers;
};

/// The operand layouts of a mapped convolution: map, weights (output as
/// the map).
enum class ConvForm { NhwcHwcf, NhwcFhwc, NchwFchw };

/// What ascube-tile-linalg decided for one convolution (TileConvPlan.cpp)
/// before emitting it: its form, problem and tiling, the number of images,
/// the map / weight and accumulator types, whether the weights reach L0B
/// by LoadData 3D, the map's zero padding, the epilogue and the fill.
/// `empty`: the output is empty; the op, its fill, its epilogue and a
/// padded map's ops (alloc, fill, subview, copy) go, nothing else.
struct ConvPlan {
  ConvForm form;
  model::ConvProblem p;
  model::ConvTiling t;
  int64_t images;
  mlir::Type elem, acc;
  bool weightsByLoad3D;
  std::optional<PaddedMap> padded;
  Epilogue epilogue;
  mlir::linalg::FillOp fill;
  bool empty = false;
  /// How it is mapped (#ascube.conv_tiling's strategy): `load3d` with the
  /// ConvTiling `t`; the others (by ND2NZ, planConvByNd2nz) as the GEMM
  /// `gemm` tiled by `gemmTiling`:
  /// - nd2nz_columns: an NCHW convolution on a product without DN2NZ: per
  ///   image O^T (F x pixels) = W (F x C*KH*KW) x X^T, X^T built by ND2NZ
  ///   in L1, each output row `rowColumns` GEMM columns (OW rounded up to
  ///   whole L0B column blocks); N tiles of whole rows or, where one row
  ///   does not fit, of one `piece` of a row (rowColumns then a multiple
  ///   of it);
  /// - pixel_rows: the same with a stride > 1 along W: O^T = W' x X'^T
  ///   whose K' holds each run of `runTaps` adjacent kernel taps (KW with
  ///   dilation_w = 1, else 1) padded to `runSlots` (whole C0 blocks;
  ///   zeros in W' and X'), X'^T held N x K': one L1 row per output pixel
  ///   (rowColumns = OW);
  /// - nhwc_rows: an NHWC convolution (a product with ND2NZ but no
  ///   LoadData 3D V2, Kirin 9030, or a bias the bias table cannot add):
  ///   per image O (pixels x F) = X' x W', X' one L1 row per output pixel,
  ///   K' the kernel rows' runs of `runTaps` taps x C channels (adjacent
  ///   in the map) — or, where one tap's C do not fit, of one tap's
  ///   channels in `runParts` parts of `partChannels` (the last the rest)
  ///   — each padded to `runSlots`; M tiles whole output rows (rowColumns
  ///   = OW) or one `piece` of one.
  ConvStrategy strategy = ConvStrategy::load3d;
  int64_t rowColumns = 0, piece = 0;
  int64_t runTaps = 0, runSlots = 0;
  int64_t runParts = 1, partChannels = 0;
  model::MatmulProblem gemm = {};
  model::MatmulTiling gemmTiling = {};
  /// Why an NCHW convolution of a product with DN2NZ took an ND2NZ
  /// strategy (Fixpipe NZ2DN's alignment; tile_c9), for the report.
  std::string nd2nzWhy;

  /// Whether it is mapped by ND2NZ (any strategy but load3d).
  bool byNd2nz() const { return strategy != ConvStrategy::load3d; }
};

/// A convolution's tiling as forced: by its #ascube.conv_tiling (the
/// strategy and every choice), or by the pass's tile=m,n,k (`option`: the
/// strategy the product takes, k in the option's units — for pixel_rows
/// whole channels of KH x KW real columns, for nhwc_rows whole runs of
/// taps x C —, load3d parts of a row on their own columns).
struct ConvForce {
  std::optional<ConvStrategy> strategy;
  int64_t m = 0, n = 0, k = 0;
  int64_t buffers = 0;
  bool ownColumns = true;
  int64_t runTaps = 0, runParts = 0;
  bool option = false;
  /// How a refusal names it: "tile=m,n,k" or "ascube.tiling = #...".
  std::string name;
};

/// tile_c6: the `force`d strategy is not one the convolution `op` takes
/// on `prod`, which maps it by `takes` (`why`).
mlir::LogicalResult refuseStrategy(mlir::Operation *op,
                                   const target::ProductInfo &prod,
                                   const ConvForce &force,
                                   llvm::StringRef takes, llvm::StringRef why);

/// How a refusal of a forced convolution tile names its m: "m output
/// pixels (a multiple of OW = 38: whole output rows, or a piece of one: a
/// multiple of 16 below OW; at most 4095)" — a piece only where OW leaves
/// room for one (`align` 1: any number of pixels fewer than OW), the bound
/// only when `max` > 0.
std::string describeForcedPixels(int64_t ow, int64_t align, int64_t max);
/// The end of such a refusal naming the size that breaks it: ": m = 102 is
/// not" (`mBad`), else n's (`nBad`), else k's.
std::string nameForcedMiss(const ConvForce &force, bool mBad, bool nBad);

/// The tiling forced on convolution `op`: its ascube.tiling, else the
/// tile=m,n,k `option` (std::nullopt: neither, the rule chooses).
std::optional<ConvForce> forcedConvTile(mlir::Operation *op,
                                        llvm::ArrayRef<int64_t> option);

/// The report remark of an NCHW convolution on a product with DN2NZ that
/// takes an ND2NZ strategy because of Fixpipe NZ2DN's alignment (`why`).
void remarkNd2nzInstead(mlir::Operation *op, const target::ProductInfo &prod,
                        llvm::StringRef why);

/// The plan convolution `op` is mapped with on `prod`: its
/// #ascube.conv_tiling's, else the `tile` option's, else the rule's choice
/// written as a #ascube.conv_tiling and planned from it (so that the
/// attribute ascube-select-tiling writes says the whole decision; a
/// decision it cannot say is an error). planConv's checks, diagnostics
/// and remarks (`report`). Changes no IR.
mlir::FailureOr<ConvPlan> decideConv(mlir::Operation *op,
                                     const target::ProductInfo &prod,
                                     bool report, llvm::ArrayRef<int64_t> tile,
                                     bool refuseUnfolded);

/// The #ascube.conv_tiling of a planned (non-empty) convolution: forced
/// back through planConv it gives the same plan.
ConvTilingAttr convTilingOf(mlir::MLIRContext *ctx, const ConvPlan &plan);

/// The rest of planConv for a convolution by ND2NZ (`plan` filled up to
/// its epilogue): an NCHW one on a product without DN2NZ (or forced so),
/// an NHWC one without LoadData 3D V2 (or forced so; planNhwcRows,
/// TileConvNhwc.cpp) (TileConvNd.cpp): the conditions of building X^T by
/// ND2NZ (ND2NZ itself, a bias only with the Mmad row its seed needs:
/// tile_c4; a zero-padded map is made in GM, TileConv.cpp), the strategy
/// (pixel_rows for a stride > 1 along W; a forced other one: tile_c6),
/// field ranges (tile_c5), the GEMM's tiling (or the `force`d one:
/// tile_c6) and the report remark.
mlir::LogicalResult planConvByNd2nz(mlir::Operation *op,
                                    const target::ProductInfo &prod,
                                    bool report, const ConvForce *force,
                                    ConvPlan &plan);

/// Emits the Cube program of a planned byNd2nz convolution
/// (TileConvNd.cpp), appended to `programs`.
mlir::LogicalResult tileConvByNd2nz(mlir::Operation *op,
                                    const target::ProductInfo &prod,
                                    ConvPlan &plan,
                                    llvm::SmallVectorImpl<Program> &programs);

/// Checks one linalg.conv_2d_nhwc_hwcf / nhwc_fhwc / nchw_fchw against
/// `prod` and chooses its strategy and tiling (or takes the `force`d one,
/// checked: tile_c6, tile_c9), with the report remark when `report`; a
/// labelled error (tile_c*) and failure when it cannot be mapped. Changes
/// no IR.
mlir::FailureOr<ConvPlan> planConv(mlir::Operation *op,
                                   const target::ProductInfo &prod, bool report,
                                   const ConvForce *force, bool refuseUnfolded);

/// Maps one linalg.conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc or
/// conv_2d_nchw_fchw (TileConv.cpp) onto `prod`, or emits
/// a labelled error (tile_c*) and fails: with its #ascube.conv_tiling, else
/// with the `tile` option's m, n, k (output pixels, output channels,
/// im2col columns), else with the rule's choice written as one and read
/// back (planConv; the mapping reads only the attribute's decision).
/// `report` adds the tiling remark; `refuseUnfolded` as for
/// matchEpilogue. The program emitted is appended to `programs`.
mlir::LogicalResult tileConv(mlir::Operation *op,
                             const target::ProductInfo &prod, bool report,
                             llvm::ArrayRef<int64_t> tile, bool refuseUnfolded,
                             llvm::SmallVectorImpl<Program> &programs);

/// Whether `op` is a linalg.matmul, batch_matmul, matvec or vecmat.
bool isMatmulFamily(mlir::Operation *op);
/// Whether `op` is a convolution the entry maps: linalg.conv_2d_nhwc_hwcf,
/// conv_2d_nhwc_fhwc or conv_2d_nchw_fchw.
bool isMappedConv(mlir::Operation *op);

/// The product `op` maps onto (the module's ascube.target, which a pass's
/// product= option sets, or its nearest enclosing one); else null, with
/// an error naming `pass`, its option where it `hasOption`, and the known
/// products (target_c1).
const target::ProductInfo *requireProduct(mlir::Operation *op,
                                          llvm::StringRef pass,
                                          bool hasOption = true);

/// tile_c12 at `op` when an input may share GM bytes with its output: the
/// program reads the inputs while the blocks write output tiles.
mlir::LogicalResult checkInputsApart(mlir::Operation *op);

/// tile_c6 at `first` unless the tile=m,n,k option `tile` is empty or
/// three sizes.
mlir::LogicalResult checkTileOption(mlir::Operation *first,
                                    llvm::ArrayRef<int64_t> tile);

/// tile_c6 at the first op of `module` holding an ascube.tiling that is not
/// its kind's (#ascube.matmul_tiling on a matmul-family op,
/// #ascube.conv_tiling on a mapped convolution).
mlir::LogicalResult refuseStrayTilings(mlir::ModuleOp module);

/// A tile size forced on an op: its ascube.tiling attribute (a matmul's
/// k_l1, if any, a fourth size), else a pass's tile=m,n,k `option` (empty
/// sizes: the rule chooses).
struct ForcedTile {
  llvm::SmallVector<int64_t, 4> sizes;
  /// How a refusal names it: "ascube.tiling = #ascube.matmul_tiling<...>"
  /// or "tile=m,n,k".
  std::string name;
};
ForcedTile forcedTile(mlir::Operation *op, llvm::ArrayRef<int64_t> option);

/// What the passes of the linalg entry take (Passes.td: the options of
/// convert-linalg-to-ascube and ascube-tile-linalg).
struct LinalgEntryOptions {
  /// The product key, set on the module (empty: each op's nearest
  /// ascube.target).
  std::string product;
  /// A remark per op with its tiling.
  bool report = false;
  /// Forced tile sizes m, n, k (empty: the rule's).
  llvm::SmallVector<int64_t> tile;
  /// Leave what does not map with a warning (false: refuse it, tile_c1).
  bool allowUnmapped = true;
  /// Without a tiling on the op or `tile`: chosen by modelled time
  /// (selectTilings' byTime) on `blocks` blocks (0: the product's AI
  /// cores), else by the least traffic.
  bool byTime = true;
  unsigned blocks = 0;
};

/// convert-linalg-to-ascube: maps every linalg op of `module` the entry
/// maps onto the Cube (bufferizing tensors first through `runPipeline`),
/// each matmul and convolution with its ascube.tiling, else the tile=
/// option's sizes, else the rule's (planMatmul, decideConv: as
/// selectTilings chooses), each program in
/// an ascube.program; errors name `pass` where they name one.
/// What stays is left to the caller to refuse (refuseUnmapped) where
/// options.allowUnmapped is false.
mlir::LogicalResult convertLinalgToAscube(
    mlir::ModuleOp module, const LinalgEntryOptions &options,
    llvm::StringRef pass,
    llvm::function_ref<mlir::LogicalResult(mlir::OpPassManager &)> runPipeline);

/// ascube-insert-sync-all: orders the ascube.program ops of `module`
/// across blocks (orderPrograms; diagnostics naming `pass`) and inlines
/// them.
mlir::LogicalResult insertSyncAll(mlir::ModuleOp module, llvm::StringRef pass);

/// What ascube-select-tiling takes (its options; the mapping's with
/// onlyChanged).
struct SelectTilingOptions {
  /// Forced tile sizes m, n, k (, k_l1) for ops without an ascube.tiling
  /// (empty: chosen).
  llvm::SmallVector<int64_t> tile;
  /// Each op's tiling chosen by modelled time (fastest(),
  /// ascube-estimate-time) among its candidates (model::matmulCandidates,
  /// model::convCandidates), instead of the least GM traffic.
  bool byTime = false;
  /// Blocks the time is modelled on (0: the product's AI cores).
  unsigned blocks = 0;
  /// A remark per op chosen by time: the choice, the runner-up, the rule's.
  bool report = false;
  /// Write nothing on an op with an ascube.tiling, nor where the choice is
  /// the rule's (the mapping then decides as without the pass: its
  /// remarks and refusals stay those of the rule).
  bool onlyChanged = false;
};

/// ascube-select-tiling: writes on each matmul-family op and mapped
/// convolution on memrefs of `module` the #ascube.matmul_tiling or
/// #ascube.conv_tiling it maps with (planMatmul, decideConv: its own,
/// checked, else the `tile` option's, else the fastest candidate by
/// modelled time or, objective traffic, the rule's; none on an empty
/// one), once all are chosen (a refusal writes none). Errors name `pass`
/// where they name one.
mlir::LogicalResult selectTilings(mlir::ModuleOp module,
                                  const SelectTilingOptions &options,
                                  llvm::StringRef pass);

/// A linalg.matmul, batch_matmul, matvec or vecmat checked against a
/// product and tiled (planMatmul), ready to emit (emitMatmul).
struct MatmulPlan {
  mlir::linalg::LinalgOp op;
  bool batch = false, vector = false;
  int64_t batches = 1;
  /// The Mmad's A, B and C (a matvec's and vecmat's x as A, the matrix as
  /// B).
  mlir::Value A, B, C;
  model::MatmulProblem p;
  /// The tiling (unset when `empty`).
  model::MatmulTiling t;
  /// M, N or the batch count is 0: C has no element, the op goes.
  bool empty = false;
  /// MmadMx with unit scales (4-bit floats); a bias seeded by an Mmad.
  bool mx = false, seedBias = false;
  /// A, B and C's type names (docs/Products.md).
  std::string an, bn, cn;
  Epilogue epilogue;
  mlir::linalg::FillOp fill;
};

/// The #ascube.matmul_tiling of a planned (non-empty) matmul.
MatmulTilingAttr matmulTilingOf(mlir::MLIRContext *ctx, const MatmulPlan &plan);

/// The report's remark naming the attribute the op at `loc` is mapped
/// with (#ascube.matmul_tiling or #ascube.conv_tiling), after the remark
/// describing the mapping.
void remarkTiling(mlir::Location loc, mlir::Attribute tiling);

/// Checks one matmul-family op against `prod` and tiles it: the rule's
/// choice (model::chooseMatmulTiling), or the forced `tile` (m, n, k;
/// tile_c6 names it as `tileName`: "tile=m,n,k" or the op's
/// ascube.tiling). A labelled error (tile_c*) and failure when it cannot
/// be mapped; `refuseUnfolded` as for matchEpilogue. Changes no IR.
mlir::LogicalResult planMatmul(mlir::Operation *op,
                               const target::ProductInfo &prod,
                               llvm::ArrayRef<int64_t> tile,
                               llvm::StringRef tileName, bool refuseUnfolded,
                               MatmulPlan &plan);

/// Replaces a planned matmul-family op with its Cube program (emitted by
/// MatmulEmitter, TileMatmul.h), appended to `programs` — or, an empty
/// one, removes it with its fill and epilogue; with the report remark
/// when `report`.
mlir::LogicalResult emitMatmul(MatmulPlan &plan,
                               const target::ProductInfo &prod, bool report,
                               llvm::SmallVectorImpl<Program> &programs);

} // namespace ascube::tiling

#endif // ASCUBE_CONVERSION_LINALGTOASCUBE_TILELINALG_H
