//===- VectorShuffles.h - Transposes by vector shuffles ---------*- C++ -*-===//
//
// Data moved in transposed order (packing, the transposing movers) as
// shuffles of whole vectors. Private to lib/Conversion/AscubeToLoops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_VECTORSHUFFLES_H
#define ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_VECTORSHUFFLES_H

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace ascube::lowering {
using namespace mlir;

/// Transposes the square matrix whose rows are `rows` (n vectors of n
/// elements, n a power of two) in place: log2(n) stages of n shuffles, stage
/// b swapping bit b of the row index with bit b of the column index (rows i
/// and i + 2^b exchange their blocks of 2^b elements), so that row r ends
/// up holding element r of every row. Shuffles only: the values are moved,
/// never computed.
void transposeSquare(ImplicitLocOpBuilder &b, MutableArrayRef<Value> rows);

/// Transposes 16 runs (`runs`: 16 vectors of the same length len, any
/// element type) across: calls store(e, v) for e in [0, len), v the vector
/// of 16 holding element e of every run, in run order. A run is taken 16
/// elements at a time (the last part padded by shuffles) through
/// transposeSquare.
void transposeRuns(ImplicitLocOpBuilder &b, ArrayRef<Value> runs,
                   llvm::function_ref<void(int64_t e, Value v)> store);

/// A constant vector of type `t` (integer elements) with every element `v`.
Value splatInt(ImplicitLocOpBuilder &b, VectorType t, int64_t v);

} // namespace ascube::lowering

#endif // ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_VECTORSHUFFLES_H
