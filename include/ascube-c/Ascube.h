/*===- ascube-c/Ascube.h - C API of the ascube dialect ------------*- C -*-===*\
|*                                                                            *|
|* The C API of ascube, in MLIR's C API conventions (mlir-c/IR.h), from      *|
|* libAscubeCAPI.so, which also carries MLIR's own C API (mlir-c/IR.h,       *|
|* Support.h, Pass.h, Diagnostics.h, BuiltinAttributes.h, BuiltinTypes.h):    *|
|* a C program links that one library (docs/Embedding.md).                    *|
|*                                                                            *|
|* Ownership: handles (MlirContext, MlirAttribute, MlirType, ...) follow     *|
|* MLIR's rules: attributes and types are owned by their context and live as *|
|* long as it; MlirStringRef results point at storage owned by the context or *|
|* by the library (static) and are not null-terminated unless said.          *|
|*                                                                            *|
|* Errors: no function throws (ascube and MLIR are built without C++         *|
|* exceptions). A function that can fail returns a null attribute            *|
|* (mlirAttributeIsNull), a failed MlirLogicalResult or -1, and emits one    *|
|* diagnostic (with the rule's label where a rule of docs/Constraints.md is  *|
|* broken) through the context's diagnostic handlers                         *|
|* (mlirContextAttachDiagnosticHandler; without one MLIR prints it to        *|
|* stderr). Where there is no context (the product functions, a null type,  *|
|* a null output array) they only return -1 / failure / an empty string.    *|
|* Null and wrong-kind attributes are answered, never dereferenced: the     *|
|* IsA functions return false, the Get<Field> functions an empty string.    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ASCUBE_C_ASCUBE_H
#define ASCUBE_C_ASCUBE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Registration
 *===----------------------------------------------------------------------===*/

/// The dialect handle: mlirGetDialectHandle__ascube__(), for
/// mlirDialectHandleRegisterDialect / InsertDialect / LoadDialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Ascube, ascube);

/// Adds what ascube kernels use besides ascube (func, arith, memref, scf,
/// affine, and linalg for the linalg entry) to `registry`, and the ascube
/// dialect itself.
MLIR_CAPI_EXPORTED void
ascubeRegisterKernelDialects(MlirDialectRegistry registry);

/// Registers ascube's passes (ascube-*, convert-ascube-to-loops) and the
/// pipelines `ascube-to-llvm` and `ascube-pipeline` with MLIR's global pass
/// registry, for mlirParsePassPipeline / mlirOpPassManagerAddPipeline.
/// Registration happens once per process; later calls do nothing. (A
/// program links either this library or ascube's static libraries: both
/// would hold a copy of ascube each.)
MLIR_CAPI_EXPORTED void ascubeRegisterPasses(void);

/*===----------------------------------------------------------------------===
 * Attributes: #ascube.layout, #ascube.mem, #ascube.target
 *===----------------------------------------------------------------------===*/

/// #ascube.layout<FORMAT[, fractal = [rows, cols]][, ld = N]>: `format` one
/// of ND, DN, Nz, Zz, Zn, Nn, NC1HWC0, ScaleA, ScaleB, SparseIndex (aliases
/// zN, nZ); `numFractal` 0 for the derived fractal (`fractal` ignored),
/// else 2 with `fractal` the rows and columns in elements (another count
/// or a null array is an error); `ld` (elements) 0 for the derived one. Null
/// and a diagnostic (an unknown format; layout_c2, layout_c5) when invalid.
/// Example: ascubeLayoutAttrGet(ctx, "Zz", 2, {2, 2}, 8) is
/// #ascube.layout<Zz, fractal = [2, 2], ld = 8>.
MLIR_CAPI_EXPORTED MlirAttribute ascubeLayoutAttrGet(MlirContext ctx,
                                                     MlirStringRef format,
                                                     intptr_t numFractal,
                                                     const int64_t *fractal,
                                                     int64_t ld);
MLIR_CAPI_EXPORTED bool ascubeAttributeIsALayout(MlirAttribute attr);
/// The canonical format name ("Nz"); static storage; empty for a null
/// attribute or another kind.
MLIR_CAPI_EXPORTED MlirStringRef ascubeLayoutAttrGetFormat(MlirAttribute attr);

/// #ascube.mem<LEVEL>: GM, L1, L0A, L0B, L0C, BT, FB, UB, L0A_MX, L0B_MX.
/// Null and a diagnostic naming the known levels when unknown.
MLIR_CAPI_EXPORTED MlirAttribute ascubeMemAttrGet(MlirContext ctx,
                                                  MlirStringRef level);
MLIR_CAPI_EXPORTED bool ascubeAttributeIsAMem(MlirAttribute attr);
/// The level's name ("L0A"); static storage; empty for a null attribute or
/// another kind.
MLIR_CAPI_EXPORTED MlirStringRef ascubeMemAttrGetLevel(MlirAttribute attr);

/// #ascube.target<PRODUCT>: null and a diagnostic listing the known
/// products when unknown (target_c1).
MLIR_CAPI_EXPORTED MlirAttribute ascubeTargetAttrGet(MlirContext ctx,
                                                     MlirStringRef product);
MLIR_CAPI_EXPORTED bool ascubeAttributeIsATarget(MlirAttribute attr);
/// The product key ("atlas_a2"); owned by the context; empty for a null
/// attribute or another kind.
MLIR_CAPI_EXPORTED MlirStringRef ascubeTargetAttrGetProduct(MlirAttribute attr);

/*===----------------------------------------------------------------------===
 * Buffers: a memref type with an ascube layout and level
 *===----------------------------------------------------------------------===*/

/// Element offset, padding included, of the logical index `index` (`rank`
/// entries, each inside the shape) in a buffer of memref type `buffer`, as
/// the layout lays it out (cube-reference §2; the fractal derived from the
/// element type and level unless explicit). -1 and a diagnostic for a type
/// that is not a static memref ascube can lay out (layout_c1 ...), a wrong
/// rank or an index outside the shape.
MLIR_CAPI_EXPORTED int64_t ascubeBufferGetElementOffset(MlirType buffer,
                                                        intptr_t rank,
                                                        const int64_t *index);
/// Writes the padded shape (the extents of the allocated storage: the
/// matrix dims padded to whole fractals, the ld applied) to `shape`, one
/// entry per dimension of `buffer` (mlirShapedTypeGetRank). Failure and a
/// diagnostic as ascubeBufferGetElementOffset; failure alone for a null
/// `shape`.
MLIR_CAPI_EXPORTED MlirLogicalResult ascubeBufferGetPaddedShape(MlirType buffer,
                                                                int64_t *shape);
/// Bytes of the buffer's storage, padding included (4-bit elements two a
/// byte). -1 and a diagnostic as ascubeBufferGetElementOffset.
MLIR_CAPI_EXPORTED int64_t ascubeBufferGetSizeInBytes(MlirType buffer);

/*===----------------------------------------------------------------------===
 * Products (docs/Products.md)
 *===----------------------------------------------------------------------===*/

/// Number of products, and the key of the `pos`-th (empty when out of
/// range); static storage, null-terminated.
MLIR_CAPI_EXPORTED intptr_t ascubeGetNumProducts(void);
MLIR_CAPI_EXPORTED MlirStringRef ascubeGetProductName(intptr_t pos);
/// True for a known product key.
MLIR_CAPI_EXPORTED bool ascubeProductExists(MlirStringRef product);
/// Capacity of `level` on `product`, bytes: 0 when the product lacks the
/// level and for GM (not a core buffer); -1 for an unknown product or level.
MLIR_CAPI_EXPORTED int64_t ascubeProductGetCapacity(MlirStringRef product,
                                                    MlirStringRef level);
/// Required start alignment of a buffer at `level`, bytes; -1 for an
/// unknown product or level, or a level the product lacks.
MLIR_CAPI_EXPORTED int64_t ascubeProductGetAlignment(MlirStringRef product,
                                                     MlirStringRef level);
/// AI cores (blocks) of one device of `product`; -1 when unknown.
MLIR_CAPI_EXPORTED int64_t ascubeProductGetAICores(MlirStringRef product);

#ifdef __cplusplus
}
#endif

#endif /* ASCUBE_C_ASCUBE_H */
