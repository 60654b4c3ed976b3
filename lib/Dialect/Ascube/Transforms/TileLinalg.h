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

/// Maps one linalg.conv_2d_nhwc_hwcf (TileConv.cpp) onto `prod`, or emits
/// a labelled error (tile_c*) and fails. `report` adds the tiling remark;
/// a non-empty `tile` (m, n, k: output pixels, output channels, im2col
/// columns) replaces the chosen tiling (tile_c6).
mlir::LogicalResult tileConv(mlir::Operation *op,
                             const target::ProductInfo &prod, bool report,
                             llvm::ArrayRef<int64_t> tile);

} // namespace ascube::tiling

#endif // ASCUBE_TRANSFORMS_TILELINALG_H
