//===- TileLinalg.h - Shared pieces of ascube-tile-linalg -------*- C++ -*-===//
//
// Internal to the pass (TileLinalg.cpp: matmul, batch_matmul, matvec,
// vecmat; TileConv.cpp: 2-D convolutions). docs/Tiling.md describes both.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TRANSFORMS_TILELINALG_H
#define ASCUBE_TRANSFORMS_TILELINALG_H

#include "ascube/Target/Target.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace ascube::tiling {

/// A GM operand the pass can address: a static, row-major memref of
/// `rank` dimensions with no memory space.
bool isPlainGMMatrix(mlir::Value v, int64_t rank);

/// The `linalg.fill` of zero (+0.0 for floats) into `c` right before
/// `op`, or null.
mlir::linalg::FillOp zeroFillBefore(mlir::Operation *op, mlir::Value c);

/// What follows a matmul or a convolution on its output C and folds into
/// the Cube program
/// (docs/Tiling.md, "Epilogues"): a bias add, C[..., n] += bias[n] (the
/// bias a static 1-D GM memref of C's type and C's last extent), through
/// the bias table, and a ReLU, C = max(C, 0) (arith.maximumf with +0.0,
/// arith.maxsi with 0), through Fixpipe's reluEn. Each is a linalg.generic
/// right after the matmul (or after the other) over C, all loops
/// parallel, C's map the identity, the bias's the last loop; one generic
/// may do both (bias first).
struct Epilogue {
  mlir::Value bias;
  bool relu = false;
  /// The generics folded in (erased with the matmul).
  llvm::SmallVector<mlir::Operation *, 2> ops;
};

/// The epilogue of `op` on its output `c` (possibly empty).
Epilogue matchEpilogue(mlir::Operation *op, mlir::Value c);

/// Places a buffer of `type` at byte `offset` of its level (one alloc per
/// type and place, at the function's entry).
using PlaceFn = llvm::function_ref<mlir::Value(mlir::MemRefType, int64_t)>;

/// The bias of an output tile's `nt` columns from `n0` (an index) in the
/// bias table: the GM row `biasRow` (1 x N of the C type `cType`) -> L1 by
/// ND2NZ with dstNzC0Stride = 1 (a 1 x `bn` Nz staged at the top of L1,
/// its C0 blocks one after another, the last zero-filled to 32 B), then
/// L1 -> BT by the bias copy in whole 64 B (A2's unit; two of 950's, whose
/// length is even). BT's columns past nt hold what L1 held there: they
/// feed only padded columns of C, which Fixpipe does not write. Returns
/// the BT buffer (at least `bn` elements). `bn` >= nt is the tile's
/// columns as computed.
mlir::Value emitBiasToBT(mlir::OpBuilder &b, mlir::Location loc,
                         const target::ProductInfo &prod, mlir::Value biasRow,
                         mlir::Value n0, int64_t nt, int64_t bn,
                         mlir::Type cType, PlaceFn place);

/// Maps one linalg.conv_2d_nhwc_hwcf (TileConv.cpp) onto `prod`, or emits
/// a labelled error (tile_c*) and fails. `report` adds the tiling remark;
/// a non-empty `tile` (m, n, k: output pixels, output channels, im2col
/// columns) replaces the chosen tiling (tile_c6).
mlir::LogicalResult tileConv(mlir::Operation *op,
                             const target::ProductInfo &prod, bool report,
                             llvm::ArrayRef<int64_t> tile);

} // namespace ascube::tiling

#endif // ASCUBE_TRANSFORMS_TILELINALG_H
