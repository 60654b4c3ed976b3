//===- AscubeAttrs.cpp - ascube attributes --------------------------------===//
//
// #ascube.layout (cube-reference §2-§3), #ascube.mem (§1), #ascube.target
// (§0). Rule labels: docs/Constraints.md.
//
//===----------------------------------------------------------------------===//

#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ascube;

#define GET_ATTRDEF_CLASSES
#include "ascube/Dialect/Ascube/IR/AscubeAttrs.cpp.inc"

void AscubeDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ascube/Dialect/Ascube/IR/AscubeAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// LayoutAttr
//===----------------------------------------------------------------------===//

layout::LayoutSpec LayoutAttr::getSpec() const {
  layout::LayoutSpec spec;
  spec.format = getFormat();
  if (getFractal().size() == 2)
    spec.fractal = layout::FractalShape{getFractal()[0], getFractal()[1]};
  spec.ld = getLd();
  return spec;
}

unsigned LayoutAttr::getMemRefRank() const {
  return getFormat() == layout::Format::NC1HWC0 ? 5 : 2;
}

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 layout::Format format,
                                 ArrayRef<int64_t> fractal,
                                 std::optional<int64_t> ld) {
  if (!fractal.empty() && fractal.size() != 2)
    return emitError() << "fractal expects [rows, cols], got " << fractal.size()
                       << " values [layout_c2]";
  layout::LayoutSpec spec;
  spec.format = format;
  if (fractal.size() == 2)
    spec.fractal = layout::FractalShape{fractal[0], fractal[1]};
  spec.ld = ld;
  if (llvm::Error e = layout::verifySpec(spec))
    return emitError() << llvm::toString(std::move(e));
  return success();
}

Attribute LayoutAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  StringRef name;
  SMLoc nameLoc = parser.getCurrentLocation();
  if (parser.parseOptionalKeyword(&name)) {
    parser.emitError(nameLoc, "expected a layout format, one of: ")
        << layout::knownFormatNames();
    return {};
  }
  std::optional<layout::Format> format = layout::symbolizeFormat(name);
  if (!format) {
    parser.emitError(nameLoc, "unknown layout format '")
        << name << "'; known formats: " << layout::knownFormatNames()
        << " (aliases: zN = Nz, nZ = Zn)";
    return {};
  }
  SmallVector<int64_t, 2> fractal;
  bool seenFractal = false;
  std::optional<int64_t> ld;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (key == "fractal") {
      if (seenFractal) {
        parser.emitError(keyLoc, "'fractal' given twice");
        return {};
      }
      seenFractal = true;
      SMLoc listLoc = parser.getCurrentLocation();
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                         [&]() -> ParseResult {
                                           int64_t v;
                                           if (parser.parseInteger(v))
                                             return failure();
                                           fractal.push_back(v);
                                           return success();
                                         }))
        return {};
      if (fractal.size() != 2) {
        parser.emitError(listLoc, "fractal expects [rows, cols], got ")
            << fractal.size() << " values [layout_c2]";
        return {};
      }
    } else if (key == "ld") {
      if (ld) {
        parser.emitError(keyLoc, "'ld' given twice");
        return {};
      }
      int64_t v;
      if (parser.parseInteger(v))
        return {};
      ld = v;
    } else {
      parser.emitError(keyLoc, "unknown layout parameter '")
          << key << "'; expected 'fractal' or 'ld'";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return LayoutAttr::getChecked([&] { return parser.emitError(loc); },
                                parser.getContext(), *format, fractal, ld);
}

void LayoutAttr::print(AsmPrinter &printer) const {
  printer << "<" << layout::stringifyFormat(getFormat());
  if (getFractal().size() == 2)
    printer << ", fractal = [" << getFractal()[0] << ", " << getFractal()[1]
            << "]";
  if (getLd())
    printer << ", ld = " << *getLd();
  printer << ">";
}

bool LayoutAttr::isIdentity() const {
  return getFormat() == layout::Format::ND && !getLd();
}

LogicalResult
LayoutAttr::verifyLayout(ArrayRef<int64_t> shape,
                         function_ref<InFlightDiagnostic()> emitError) const {
  layout::Format format = getFormat();
  if (llvm::Error e = layout::verifyRank(format, shape))
    return emitError() << llvm::toString(std::move(e));
  if (shape.size() != getMemRefRank())
    return emitError() << "#ascube.layout<" << layout::stringifyFormat(format)
                       << "> as a memref layout needs a 2-D (rows, cols) "
                          "shape, got rank "
                       << shape.size() << " [layout_c1]";
  // What does not need the element type: with a static shape, check ld
  // and the fractal tiling (the element width only matters for the C0 of a
  // derived fractal, and is checked where the element type is known:
  // ascube::getFractalLayout).
  if (ShapedType::isDynamicShape(shape))
    return success();
  layout::LayoutSpec spec = getSpec();
  bool fractalKnown = !layout::isFractalFormat(format) || spec.fractal ||
                      format == layout::Format::ScaleA ||
                      format == layout::Format::ScaleB ||
                      format == layout::Format::SparseIndex;
  if (format == layout::Format::NC1HWC0 || !fractalKnown) {
    if (spec.ld) {
      bool colsInner = !layout::isColumnMajorBetween(format);
      int64_t extent = colsInner ? shape[1] : shape[0];
      if (*spec.ld < extent)
        return emitError() << "ld = " << *spec.ld << " is smaller than the "
                           << (colsInner ? "column" : "row") << " extent "
                           << extent << " [layout_c5]";
    }
    return success();
  }
  bool aux = format == layout::Format::ScaleA ||
             format == layout::Format::ScaleB ||
             format == layout::Format::SparseIndex;
  llvm::Expected<layout::FractalLayout> l =
      layout::FractalLayout::get(spec, shape, aux ? 8 : 16, false);
  if (!l)
    return emitError() << llvm::toString(l.takeError());
  return success();
}

LogicalResult LayoutAttr::getStridesAndOffset(ArrayRef<int64_t> shape,
                                              SmallVectorImpl<int64_t> &strides,
                                              int64_t &offset) const {
  if (shape.size() != 2)
    return failure();
  offset = 0;
  std::optional<int64_t> ld = getLd();
  switch (getFormat()) {
  case layout::Format::ND:
    strides.assign({ld ? *ld : shape[1], 1});
    return success();
  case layout::Format::DN:
    strides.assign({1, ld ? *ld : shape[0]});
    return success();
  default:
    return failure();
  }
}

namespace {
/// layout::matrixOffset's arithmetic over affine expressions, so the
/// interface map is the index map the verifiers and the lowering use.
struct AffineMath {
  AffineExpr add(AffineExpr x, AffineExpr y) const { return x + y; }
  AffineExpr mul(AffineExpr x, int64_t y) const { return x * y; }
  AffineExpr div(AffineExpr x, int64_t y) const { return x.floorDiv(y); }
  AffineExpr rem(AffineExpr x, int64_t y) const { return x % y; }
};
} // namespace

AffineMap LayoutAttr::getAffineMap() const {
  MLIRContext *ctx = getContext();
  layout::Format format = getFormat();
  std::optional<int64_t> ld = getLd();
  if (format == layout::Format::NC1HWC0)
    return AffineMap::getMultiDimIdentityMap(5, ctx);
  AffineExpr r = getAffineDimExpr(0, ctx), c = getAffineDimExpr(1, ctx);
  AffineMath am;
  if (format == layout::Format::ND)
    return ld ? AffineMap::get(
                    2, 0, layout::matrixOffset(am, format, {}, 0, *ld, r, c))
              : AffineMap::getMultiDimIdentityMap(2, ctx);
  if (format == layout::Format::DN)
    return ld ? AffineMap::get(
                    2, 0, layout::matrixOffset(am, format, {}, *ld, 0, r, c))
              : AffineMap::get(2, 0, {c, r}, ctx);
  // Fractal formats. Without an explicit fractal the element type is
  // unknown here: use the 16x16 fractal (b16, or any L0C buffer); see the
  // attribute description.
  layout::FractalShape f = getSpec().fractal.value_or(
      layout::defaultFractal(format, 16, /*inL0C=*/false));
  int64_t h = f.rows, w = f.cols;
  bool nBetween = layout::isColumnMajorBetween(format);
  bool nInside = layout::isColumnMajorInside(format);
  if (!ld) {
    // Tiled form: the padded fractal grid follows from the memref shape.
    SmallVector<AffineExpr, 4> res;
    if (nBetween)
      res = {c.floorDiv(w), r.floorDiv(h)};
    else
      res = {r.floorDiv(h), c.floorDiv(w)};
    if (nInside)
      res.append({c % w, r % h});
    else
      res.append({r % h, c % w});
    return AffineMap::get(2, 0, res, ctx);
  }
  // Flat form: the leading dimension is the padded extent that varies
  // between fractals (columns for Z, rows for N); the offset is
  // layout::matrixOffset's, built with AffineExpr arithmetic.
  return AffineMap::get(
      2, 0,
      layout::matrixOffset(am, format, f, /*paddedRows=*/nBetween ? *ld : 0,
                           /*paddedCols=*/nBetween ? 0 : *ld, r, c));
}

//===----------------------------------------------------------------------===//
// MemSpaceAttr
//===----------------------------------------------------------------------===//

Attribute MemSpaceAttr::parse(AsmParser &parser, Type) {
  StringRef name;
  SMLoc loc;
  if (parser.parseLess())
    return {};
  loc = parser.getCurrentLocation();
  if (parser.parseOptionalKeyword(&name)) {
    parser.emitError(loc, "expected a memory level, one of: ")
        << target::knownLevelNames();
    return {};
  }
  std::optional<target::Level> level = target::symbolizeLevel(name);
  if (!level) {
    parser.emitError(loc, "unknown memory level '")
        << name << "'; known levels: " << target::knownLevelNames();
    return {};
  }
  if (parser.parseGreater())
    return {};
  return MemSpaceAttr::get(parser.getContext(), *level);
}

void MemSpaceAttr::print(AsmPrinter &printer) const {
  printer << "<" << target::stringifyLevel(getLevel()) << ">";
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef product) {
  if (!target::lookupProduct(product))
    return emitError() << target::describeUnknownProduct(product)
                       << " [target_c1]";
  return success();
}

const target::ProductInfo *TargetAttr::getInfo() const {
  return target::lookupProduct(getProduct());
}

Attribute TargetAttr::parse(AsmParser &parser, Type) {
  StringRef name;
  if (parser.parseLess())
    return {};
  SMLoc nameLoc = parser.getCurrentLocation();
  if (parser.parseOptionalKeyword(&name)) {
    parser.emitError(nameLoc, "expected a product name, one of: ")
        << target::knownProductKeys();
    return {};
  }
  if (parser.parseGreater())
    return {};
  return TargetAttr::getChecked([&] { return parser.emitError(nameLoc); },
                                parser.getContext(), name);
}

void TargetAttr::print(AsmPrinter &printer) const {
  printer << "<" << getProduct() << ">";
}

//===----------------------------------------------------------------------===//
// MatmulTilingAttr
//===----------------------------------------------------------------------===//

LogicalResult
MatmulTilingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         int64_t m, int64_t n, int64_t k, int64_t kL1,
                         int64_t splitK) {
  if (m < 1 || n < 1 || k < 1)
    return emitError() << "#ascube.matmul_tiling takes tile sizes of at least "
                          "1 element, got m = "
                       << m << ", n = " << n << ", k = " << k << " [tile_c6]";
  if (kL1 != 0 && (kL1 < k || kL1 % k != 0))
    return emitError() << "#ascube.matmul_tiling's k_l1 (L1's chunks of K) "
                          "must be a positive multiple of k (0: none), got "
                          "k_l1 = "
                       << kL1 << ", k = " << k << " [tile_c6]";
  if (splitK != 0 && splitK < 2)
    return emitError() << "#ascube.matmul_tiling's split_k (parts of K "
                          "across blocks) must be at least 2 (0: none), got "
                          "split_k = "
                       << splitK << " [tile_c6]";
  return success();
}

//===----------------------------------------------------------------------===//
// ConvTilingAttr
//===----------------------------------------------------------------------===//

LogicalResult
ConvTilingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       ConvStrategy strategy, int64_t m, int64_t n, int64_t k,
                       int64_t buffers, bool ownColumns, int64_t runTaps,
                       int64_t runParts) {
  if (m < 1 || n < 1 || k < 1)
    return emitError() << "#ascube.conv_tiling takes tile sizes of at least "
                          "1 element, got m = "
                       << m << ", n = " << n << ", k = " << k << " [tile_c6]";
  if (buffers < 0 || buffers > 2)
    return emitError() << "#ascube.conv_tiling takes buffers = 1 or 2 (0: 2 "
                          "where two fit), got "
                       << buffers << " [tile_c6]";
  if (runTaps < 0 || runParts < 0)
    return emitError() << "#ascube.conv_tiling takes run_taps and run_parts "
                          "of at least 1 (0: the default), got "
                       << runTaps << " and " << runParts << " [tile_c6]";
  bool load3d = strategy == ConvStrategy::load3d;
  if (!load3d && (buffers || ownColumns))
    return emitError() << "#ascube.conv_tiling's buffers and own_columns are "
                          "choices of strategy = load3d, not "
                       << stringifyConvStrategy(strategy) << " [tile_c6]";
  if (strategy != ConvStrategy::nhwc_rows && (runTaps || runParts))
    return emitError() << "#ascube.conv_tiling's run_taps and run_parts are "
                          "choices of strategy = nhwc_rows, not "
                       << stringifyConvStrategy(strategy) << " [tile_c6]";
  if (runParts > 1 && runTaps != 1)
    return emitError() << "#ascube.conv_tiling cuts one tap's channels into "
                          "run_parts = "
                       << runParts << ": runs of one tap, run_taps = 1, "
                       << (runTaps ? "not " + std::to_string(runTaps)
                                   : std::string("must be given with it"))
                       << " [tile_c6]";
  return success();
}
