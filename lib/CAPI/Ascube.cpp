//===- Ascube.cpp - C API of the ascube dialect ---------------------------===//
//
// include/ascube-c/Ascube.h: the dialect handle, pass registration, the
// layout / mem / target attributes, buffer layout queries and the product
// table, over the C++ API. Errors become null / -1 / failure plus one
// diagnostic on the context (never an exception or an abort).
//
//===----------------------------------------------------------------------===//

#include "ascube-c/Ascube.h"

#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"
#include "ascube/InitAscube.h"
#include "ascube/Pipelines/Pipelines.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using ascube::LayoutAttr;
using ascube::MemSpaceAttr;
using ascube::TargetAttr;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Ascube, ascube, ascube::AscubeDialect)

void ascubeRegisterKernelDialects(MlirDialectRegistry registry) {
  ascube::registerAscubeDialect(*unwrap(registry));
  unwrap(registry)
      ->insert<func::FuncDialect, arith::ArithDialect, memref::MemRefDialect,
               scf::SCFDialect, affine::AffineDialect>();
  ascube::registerAscubeInputDialects(*unwrap(registry));
}

void ascubeRegisterPasses(void) { ascube::registerAscubePasses(); }

namespace {
/// A diagnostic on the context, at an unknown location.
InFlightDiagnostic emitAt(MLIRContext *ctx) {
  return emitError(UnknownLoc::get(ctx));
}

/// The ascube dialect loaded (its attributes need it).
MLIRContext *withDialect(MlirContext ctx) {
  MLIRContext *c = unwrap(ctx);
  c->getOrLoadDialect<ascube::AscubeDialect>();
  return c;
}

/// The buffer's resolved layout, or a diagnostic.
FailureOr<ascube::layout::FractalLayout> layoutOf(MlirType buffer) {
  Type t = unwrap(buffer);
  if (!t) // no context to report to
    return failure();
  auto memref = dyn_cast<MemRefType>(t);
  if (!memref || !memref.hasStaticShape()) {
    emitAt(t.getContext())
        << "ascube C API: " << t
        << " is not a memref of static shape (a buffer) [layout_c1]";
    return failure();
  }
  return ascube::getFractalLayout(memref,
                                  [&] { return emitAt(t.getContext()); });
}
} // namespace

MlirAttribute ascubeLayoutAttrGet(MlirContext ctx, MlirStringRef format,
                                  intptr_t numFractal, const int64_t *fractal,
                                  int64_t ld) {
  MLIRContext *c = withDialect(ctx);
  std::optional<ascube::layout::Format> f =
      ascube::layout::symbolizeFormat(unwrap(format));
  if (!f) {
    emitAt(c) << "unknown layout format '" << unwrap(format)
              << "'; known formats: " << ascube::layout::knownFormatNames()
              << " (aliases: zN = Nz, nZ = Zn)";
    return {nullptr};
  }
  if (numFractal != 0 && (numFractal != 2 || !fractal)) {
    emitAt(c) << "a fractal has 2 extents (rows, cols), got " << numFractal
              << (fractal ? "" : " and no array") << " [layout_c2]";
    return {nullptr};
  }
  ArrayRef<int64_t> fr;
  if (numFractal)
    fr = ArrayRef<int64_t>(fractal, numFractal);
  std::optional<int64_t> l;
  if (ld)
    l = ld;
  return wrap(LayoutAttr::getChecked([&] { return emitAt(c); }, c, *f, fr, l));
}

bool ascubeAttributeIsALayout(MlirAttribute attr) {
  return isa_and_present<LayoutAttr>(unwrap(attr));
}

MlirStringRef ascubeLayoutAttrGetFormat(MlirAttribute attr) {
  auto a = dyn_cast_if_present<LayoutAttr>(unwrap(attr));
  return a ? wrap(ascube::layout::stringifyFormat(a.getFormat()))
           : mlirStringRefCreate("", 0);
}

MlirAttribute ascubeMemAttrGet(MlirContext ctx, MlirStringRef level) {
  MLIRContext *c = withDialect(ctx);
  std::optional<ascube::target::Level> l =
      ascube::target::symbolizeLevel(unwrap(level));
  if (!l) {
    emitAt(c) << "unknown memory level '" << unwrap(level)
              << "'; known levels: " << ascube::target::knownLevelNames();
    return {nullptr};
  }
  return wrap(MemSpaceAttr::get(c, *l));
}

bool ascubeAttributeIsAMem(MlirAttribute attr) {
  return isa_and_present<MemSpaceAttr>(unwrap(attr));
}

MlirStringRef ascubeMemAttrGetLevel(MlirAttribute attr) {
  auto a = dyn_cast_if_present<MemSpaceAttr>(unwrap(attr));
  return a ? wrap(ascube::target::stringifyLevel(a.getLevel()))
           : mlirStringRefCreate("", 0);
}

MlirAttribute ascubeTargetAttrGet(MlirContext ctx, MlirStringRef product) {
  MLIRContext *c = withDialect(ctx);
  return wrap(
      TargetAttr::getChecked([&] { return emitAt(c); }, c, unwrap(product)));
}

bool ascubeAttributeIsATarget(MlirAttribute attr) {
  return isa_and_present<TargetAttr>(unwrap(attr));
}

MlirStringRef ascubeTargetAttrGetProduct(MlirAttribute attr) {
  auto a = dyn_cast_if_present<TargetAttr>(unwrap(attr));
  return a ? wrap(a.getProduct()) : mlirStringRefCreate("", 0);
}

int64_t ascubeBufferGetElementOffset(MlirType buffer, intptr_t rank,
                                     const int64_t *index) {
  FailureOr<ascube::layout::FractalLayout> l = layoutOf(buffer);
  if (failed(l))
    return -1;
  ArrayRef<int64_t> shape = l->shape();
  MLIRContext *c = unwrap(buffer).getContext();
  if (rank != intptr_t(shape.size())) {
    emitAt(c) << "ascube C API: an index of rank " << rank << " for "
              << unwrap(buffer) << " of rank " << shape.size();
    return -1;
  }
  if (rank && !index) {
    emitAt(c) << "ascube C API: no index array for " << unwrap(buffer);
    return -1;
  }
  for (intptr_t d = 0; d < rank; ++d)
    if (index[d] < 0 || index[d] >= shape[d]) {
      emitAt(c) << "ascube C API: index " << index[d] << " of dimension " << d
                << " is outside " << unwrap(buffer) << " (extent " << shape[d]
                << ")";
      return -1;
    }
  return l->offset(ArrayRef<int64_t>(index, rank));
}

MlirLogicalResult ascubeBufferGetPaddedShape(MlirType buffer, int64_t *shape) {
  FailureOr<ascube::layout::FractalLayout> l = layoutOf(buffer);
  if (failed(l) || !shape)
    return mlirLogicalResultFailure();
  llvm::copy(l->paddedShape(), shape);
  return mlirLogicalResultSuccess();
}

int64_t ascubeBufferGetSizeInBytes(MlirType buffer) {
  FailureOr<ascube::layout::FractalLayout> l = layoutOf(buffer);
  return failed(l) ? -1 : l->sizeInBytes();
}

intptr_t ascubeGetNumProducts(void) {
  return ascube::target::allProducts().size();
}

MlirStringRef ascubeGetProductName(intptr_t pos) {
  auto all = ascube::target::allProducts();
  if (pos < 0 || pos >= intptr_t(all.size()))
    return mlirStringRefCreate("", 0);
  return mlirStringRefCreateFromCString(all[pos].Name);
}

bool ascubeProductExists(MlirStringRef product) {
  return ascube::target::lookupProduct(unwrap(product)) != nullptr;
}

int64_t ascubeProductGetCapacity(MlirStringRef product, MlirStringRef level) {
  const ascube::target::ProductInfo *p =
      ascube::target::lookupProduct(unwrap(product));
  std::optional<ascube::target::Level> l =
      ascube::target::symbolizeLevel(unwrap(level));
  return p && l ? int64_t(p->capacity(*l)) : -1;
}

int64_t ascubeProductGetAlignment(MlirStringRef product, MlirStringRef level) {
  const ascube::target::ProductInfo *p =
      ascube::target::lookupProduct(unwrap(product));
  std::optional<ascube::target::Level> l =
      ascube::target::symbolizeLevel(unwrap(level));
  return p && l && p->hasLevel(*l) ? int64_t(p->alignment(*l)) : -1;
}

int64_t ascubeProductGetAICores(MlirStringRef product) {
  const ascube::target::ProductInfo *p =
      ascube::target::lookupProduct(unwrap(product));
  return p ? int64_t(p->AICores) : -1;
}
