//===- Patterns.h - The base of the lowering patterns -----------*- C++ -*-===//
//
// The base every instruction family's patterns derive from (built with the
// conversion's AscubeToLoopsOptions) and each family's populate function
// (DataCopyToLoops.cpp, LoadData2DToLoops.cpp, LoadData3DToLoops.cpp,
// MmadToLoops.cpp, FixpipeToLoops.cpp). Private to
// lib/Conversion/AscubeToLoops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_PATTERNS_H
#define ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_PATTERNS_H

#include "IndexMath.h"
#include "ascube/Conversion/AscubeToLoops.h"
#include "ascube/Dialect/Ascube/IR/AscubeParams.h"

#include "mlir/Transforms/DialectConversion.h"

namespace ascube::lowering {
using namespace mlir;

/// The base of every ascube lowering pattern: built with the conversion's
/// options.
template <typename Op> struct AscubePattern : OpConversionPattern<Op> {
  using Adaptor = typename OpConversionPattern<Op>::OpAdaptor;

  AscubePattern(const TypeConverter &types, MLIRContext *ctx,
                const AscubeToLoopsOptions &options)
      : OpConversionPattern<Op>(types, ctx), options(options) {}

  /// Logical element type of an original operand.
  static Type elemOf(Value v) {
    return cast<MemRefType>(v.getType()).getElementType();
  }

  /// Index arithmetic and loops at `b`, in the options' form.
  IndexMath indexMath(ImplicitLocOpBuilder &b) const {
    return IndexMath{b, options.affine};
  }

  AscubeToLoopsOptions options;
};

/// Each family's patterns (the instruction ops of one .td file).
void populateDataCopyToLoopsPatterns(TypeConverter &types,
                                     RewritePatternSet &patterns,
                                     const AscubeToLoopsOptions &options);
void populateLoadData2DToLoopsPatterns(TypeConverter &types,
                                       RewritePatternSet &patterns,
                                       const AscubeToLoopsOptions &options);
void populateLoadData3DToLoopsPatterns(TypeConverter &types,
                                       RewritePatternSet &patterns,
                                       const AscubeToLoopsOptions &options);
void populateMmadToLoopsPatterns(TypeConverter &types,
                                 RewritePatternSet &patterns,
                                 const AscubeToLoopsOptions &options);
void populateFixpipeToLoopsPatterns(TypeConverter &types,
                                    RewritePatternSet &patterns,
                                    const AscubeToLoopsOptions &options);

} // namespace ascube::lowering

#endif // ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_PATTERNS_H
