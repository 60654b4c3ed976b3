/* ascube-capi-test.c - the C API in plain C.
 *
 * Exercises include/ascube-c/Ascube.h from C (no C++), linked with
 * libAscubeCAPI.so only; test/CAPI/capi.test checks what it prints. The
 * expected offsets and sizes there are worked by hand from cube-reference
 * section 2. */

#include "ascube-c/Ascube.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

static void printToStdout(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

/* Every diagnostic, one line: "diagnostic: <message>". */
static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(d, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static void printAttr(const char *label, MlirAttribute a) {
  printf("%s: ", label);
  if (mlirAttributeIsNull(a))
    printf("null");
  else
    mlirAttributePrint(a, printToStdout, NULL);
  printf("\n");
}

/* A 2-D buffer type: memref<ROWSxCOLSxELEM, #ascube.layout<FORMAT>,
   #ascube.mem<LEVEL>>. */
static MlirType buffer(MlirContext ctx, int64_t rows, int64_t cols,
                       MlirType elem, const char *format, const char *level) {
  int64_t shape[2] = {rows, cols};
  MlirAttribute layout = ascubeLayoutAttrGet(ctx, str(format), 0, NULL, 0);
  MlirAttribute mem = ascubeMemAttrGet(ctx, str(level));
  return mlirMemRefTypeGet(elem, 2, shape, layout, mem);
}

static void query(const char *label, MlirType t, int64_t r, int64_t c) {
  int64_t index[2] = {r, c};
  int64_t padded[2] = {0, 0};
  MlirLogicalResult ok = ascubeBufferGetPaddedShape(t, padded);
  printf("%s: offset(%lld, %lld) = %lld, padded %lld x %lld (%s), %lld bytes\n",
         label, (long long)r, (long long)c,
         (long long)ascubeBufferGetElementOffset(t, 2, index),
         (long long)padded[0], (long long)padded[1],
         mlirLogicalResultIsSuccess(ok) ? "ok" : "failed",
         (long long)ascubeBufferGetSizeInBytes(t));
}

int main(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  ascubeRegisterKernelDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  MlirDialect d = mlirContextGetOrLoadDialect(ctx, str("ascube"));
  MlirStringRef ns = mlirDialectGetNamespace(d);
  printf("dialect: %.*s\n", (int)ns.length, ns.data);
  printf("handle: %s\n",
         mlirStringRefEqual(
             mlirDialectHandleGetNamespace(mlirGetDialectHandle__ascube__()),
             str("ascube"))
             ? "ascube"
             : "other");

  /* Attributes. */
  MlirAttribute nz = ascubeLayoutAttrGet(ctx, str("zN"), 0, NULL, 0);
  printAttr("layout zN", nz);
  MlirStringRef f = ascubeLayoutAttrGetFormat(nz);
  printf("format: %.*s, is layout %d, is mem %d\n", (int)f.length, f.data,
         ascubeAttributeIsALayout(nz), ascubeAttributeIsAMem(nz));
  int64_t frac[2] = {2, 2};
  printAttr("layout Zz 2x2 ld 8",
            ascubeLayoutAttrGet(ctx, str("Zz"), 2, frac, 8));
  printAttr("layout Xy", ascubeLayoutAttrGet(ctx, str("Xy"), 0, NULL, 0));
  printAttr("layout ND with a fractal",
            ascubeLayoutAttrGet(ctx, str("ND"), 2, frac, 0));
  MlirAttribute l0a = ascubeMemAttrGet(ctx, str("L0A"));
  MlirStringRef lv = ascubeMemAttrGetLevel(l0a);
  printAttr("mem L0A", l0a);
  printf("level: %.*s, is mem %d\n", (int)lv.length, lv.data,
         ascubeAttributeIsAMem(l0a));
  printAttr("mem L9", ascubeMemAttrGet(ctx, str("L9")));
  MlirAttribute a2 = ascubeTargetAttrGet(ctx, str("atlas_a2"));
  MlirStringRef p = ascubeTargetAttrGetProduct(a2);
  printAttr("target atlas_a2", a2);
  printf("product: %.*s, is target %d\n", (int)p.length, p.data,
         ascubeAttributeIsATarget(a2));
  printAttr("target atlas_z9", ascubeTargetAttrGet(ctx, str("atlas_z9")));

  /* Buffers. */
  query("f16 20x28 Nz L1", buffer(ctx, 20, 28, mlirF16TypeGet(ctx), "Nz", "L1"),
        17, 20);
  query("i8 20x40 Zz L0A",
        buffer(ctx, 20, 40, mlirIntegerTypeGet(ctx, 8), "Zz", "L0A"), 17, 33);
  query("i4 64x16 Zn L0B",
        buffer(ctx, 64, 16, mlirIntegerTypeGet(ctx, 4), "Zn", "L0B"), 63, 15);
  query("f32 16x16 Nz L0C",
        buffer(ctx, 16, 16, mlirF32TypeGet(ctx), "Nz", "L0C"), 1, 2);
  query("f16 20x28 Nz L1, row 20",
        buffer(ctx, 20, 28, mlirF16TypeGet(ctx), "Nz", "L1"), 20, 0);
  query("f32 (not a buffer)", mlirF32TypeGet(ctx), 0, 0);
  {
    MlirType t = buffer(ctx, 20, 28, mlirF16TypeGet(ctx), "Nz", "L1");
    int64_t index[1] = {3};
    MlirType none = {NULL};
    printf("rank 1 index: %lld\n",
           (long long)ascubeBufferGetElementOffset(t, 1, index));
    printf("no index array: %lld\n",
           (long long)ascubeBufferGetElementOffset(t, 2, NULL));
    printf("null shape: %d, null type: %lld %lld\n",
           mlirLogicalResultIsSuccess(ascubeBufferGetPaddedShape(t, NULL)),
           (long long)ascubeBufferGetSizeInBytes(none),
           (long long)ascubeBufferGetElementOffset(none, 0, NULL));
  }

  /* Null and wrong-kind attributes: answered, not dereferenced. */
  {
    MlirAttribute none = mlirAttributeGetNull();
    MlirStringRef e1 = ascubeLayoutAttrGetFormat(none);
    MlirStringRef e2 = ascubeMemAttrGetLevel(a2);
    MlirStringRef e3 = ascubeTargetAttrGetProduct(l0a);
    printf("null/wrong kind: is %d %d %d, fields '%.*s' '%.*s' '%.*s'\n",
           ascubeAttributeIsALayout(none), ascubeAttributeIsAMem(none),
           ascubeAttributeIsATarget(nz), (int)e1.length, e1.data,
           (int)e2.length, e2.data, (int)e3.length, e3.data);
    int64_t three[3] = {16, 16, 16};
    printAttr("layout with 3 fractal extents",
              ascubeLayoutAttrGet(ctx, str("Nz"), 3, three, 0));
    printAttr("layout with -1 fractal extents",
              ascubeLayoutAttrGet(ctx, str("Nz"), -1, three, 0));
  }

  /* Products. */
  printf("products: %lld", (long long)ascubeGetNumProducts());
  for (intptr_t i = 0; i < ascubeGetNumProducts(); ++i) {
    MlirStringRef n = ascubeGetProductName(i);
    printf(" %.*s", (int)n.length, n.data);
  }
  printf("; out of range: '%.*s' '%.*s'\n",
         (int)ascubeGetProductName(-1).length, ascubeGetProductName(-1).data,
         (int)ascubeGetProductName(9).length, ascubeGetProductName(9).data);
  printf("capacity: atlas_a2 L0A %lld, kirin_9030 L0A %lld, ascend950pr BT "
         "%lld, atlas_inference BT %lld, atlas_a2 GM %lld, atlas_z9 L1 %lld, "
         "atlas_a2 L9 %lld\n",
         (long long)ascubeProductGetCapacity(str("atlas_a2"), str("L0A")),
         (long long)ascubeProductGetCapacity(str("kirin_9030"), str("L0A")),
         (long long)ascubeProductGetCapacity(str("ascend950pr"), str("BT")),
         (long long)ascubeProductGetCapacity(str("atlas_inference"), str("BT")),
         (long long)ascubeProductGetCapacity(str("atlas_a2"), str("GM")),
         (long long)ascubeProductGetCapacity(str("atlas_z9"), str("L1")),
         (long long)ascubeProductGetCapacity(str("atlas_a2"), str("L9")));
  printf(
      "alignment: atlas_a2 L0A %lld, L0C %lld, atlas_inference BT %lld\n",
      (long long)ascubeProductGetAlignment(str("atlas_a2"), str("L0A")),
      (long long)ascubeProductGetAlignment(str("atlas_a2"), str("L0C")),
      (long long)ascubeProductGetAlignment(str("atlas_inference"), str("BT")));
  printf("AI cores: atlas_a2 %lld, kirin_9030 %lld, atlas_z9 %lld; exists "
         "ascend950dt %d\n",
         (long long)ascubeProductGetAICores(str("atlas_a2")),
         (long long)ascubeProductGetAICores(str("kirin_9030")),
         (long long)ascubeProductGetAICores(str("atlas_z9")),
         ascubeProductExists(str("ascend950dt")));

  /* Passes: a kernel parsed, then the compiler pipeline for Atlas A2. */
  ascubeRegisterPasses();
  ascubeRegisterPasses();
  const char *kernel =
      "module attributes {ascube.target = #ascube.target<atlas_a2>} {\n"
      "  func.func @k(%a: memref<16x16xf16, #ascube.layout<Zz>, "
      "#ascube.mem<L0A>>, %b: memref<16x16xf16, #ascube.layout<Zn>, "
      "#ascube.mem<L0B>>, %c: memref<16x16xf32, #ascube.layout<Nz>, "
      "#ascube.mem<L0C>>) {\n"
      "    ascube.mmad %a, %b to %c : memref<16x16xf16, "
      "#ascube.layout<Zz>, #ascube.mem<L0A>>, memref<16x16xf16, "
      "#ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x16xf32, "
      "#ascube.layout<Nz>, #ascube.mem<L0C>>\n"
      "    return\n  }\n}\n";
  MlirModule module = mlirModuleCreateParse(ctx, str(kernel));
  printf("parsed: %d\n", !mlirModuleIsNull(module));
  if (mlirModuleIsNull(module))
    return 1;
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      str("builtin.module(ascube-pipeline{product=atlas_a2})"), printToStdout,
      NULL);
  printf("pipeline parsed: %d\n", mlirLogicalResultIsSuccess(parsed));
  MlirLogicalResult ran =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printf("pipeline ran: %d\n", mlirLogicalResultIsSuccess(ran));
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  /* The wrong product: the dialect's diagnostic, a failed run. */
  MlirModule again = mlirModuleCreateParse(ctx, str(kernel));
  MlirPassManager pm950 = mlirPassManagerCreate(ctx);
  mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm950),
      str("builtin.module(ascube-pipeline{product=ascend950pr})"),
      printToStdout, NULL);
  printf("wrong product ran: %d\n",
         mlirLogicalResultIsSuccess(
             mlirPassManagerRunOnOp(pm950, mlirModuleGetOperation(again))));
  mlirPassManagerDestroy(pm950);
  mlirModuleDestroy(again);
  /* Linalg on tensors, as a compiler hands it: ascube-tile-linalg
     bufferizes it (the result an output argument) and maps it. */
  const char *tensors =
      "func.func @mm(%a: tensor<32x48xf16>, %b: tensor<48x16xf16>) -> "
      "tensor<32x16xf32> {\n"
      "  %e = tensor.empty() : tensor<32x16xf32>\n"
      "  %z = arith.constant 0.0 : f32\n"
      "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x16xf32>) -> "
      "tensor<32x16xf32>\n"
      "  %r = linalg.matmul ins(%a, %b : tensor<32x48xf16>, "
      "tensor<48x16xf16>) outs(%f : tensor<32x16xf32>) -> "
      "tensor<32x16xf32>\n"
      "  return %r : tensor<32x16xf32>\n}\n";
  MlirModule tensorModule = mlirModuleCreateParse(ctx, str(tensors));
  printf("tensors parsed: %d\n", !mlirModuleIsNull(tensorModule));
  MlirPassManager tpm = mlirPassManagerCreate(ctx);
  mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(tpm),
      str("builtin.module(ascube-tile-linalg{product=atlas_a2})"),
      printToStdout, NULL);
  printf("tensors mapped: %d\n",
         mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(
             tpm, mlirModuleGetOperation(tensorModule))));
  mlirOperationPrint(mlirModuleGetOperation(tensorModule), printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(tpm);
  mlirModuleDestroy(tensorModule);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  printf("done\n");
  return 0;
}
