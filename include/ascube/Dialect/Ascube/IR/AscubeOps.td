//===- AscubeOps.td - ascube operations --------------------*- tablegen -*-===//
//
// Operations of the ascube dialect. The data movers and matrix ops arrive
// with later issues; this file is the umbrella add_mlir_dialect expects.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_OPS_TD
#define ASCUBE_OPS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "ascube/Dialect/Ascube/IR/AscubeAttrs.td"
include "ascube/Dialect/Ascube/IR/AscubeTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ascube_AllocOp : Ascube_Op<"alloc", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "A buffer at a memory level of the AI core (cube-reference §1-§3)";
  let description = [{
    Allocates a buffer of the result's memref type at its memory level
    (`#ascube.mem<...>`), optionally at a fixed byte `offset` from the start
    of that level, as Ascend C places LocalTensors in L1, L0A, L0B, L0C, BT,
    FB, UB or the MX buffers. The buffer holds the layout's padded storage:
    rows and columns rounded up to whole fractals.

    The result type must be fully resolvable (ascube::getFractalLayout):
    static shape, a Cube element type (4, 8, 16 or 32 bits; `layout_c3`), an
    #ascube.layout (or the identity = ND), and for NC1HWC0 a last extent
    equal to C0 = 32 B / element size (`layout_c4`). GM is not allocated by
    kernels: pass GM buffers as function arguments (`alloc_c1`). `offset`
    is in bytes and non-negative (`alloc_c2`); alignment and capacity
    against the target product are checked by the target verification.

    Example:

    ```mlir
    %a = ascube.alloc : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c = ascube.alloc offset 1024 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ```
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$offset);
  let results = (outs Res<AnyMemRef, "", [MemAlloc]>:$buffer);
  let assemblyFormat = "(`offset` $offset^)? attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
}

#endif // ASCUBE_OPS_TD
