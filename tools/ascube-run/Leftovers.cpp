//===- Leftovers.cpp - ascube-run: ops the linalg mapping leaves ----------===//
//
// See Leftovers.h.
//
//===----------------------------------------------------------------------===//

#include "Leftovers.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

bool ascube::run::refuseLeftovers(ModuleOp module) {
  Operation *computation = nullptr, *generic = nullptr, *fill = nullptr,
            *copy = nullptr;
  auto first = [](Operation *&slot, Operation *op) {
    if (!slot)
      slot = op;
  };
  module->walk([&](Operation *op) {
    StringRef name = op->getName().getStringRef();
    if (!op->getDialect() || op->getDialect()->getNamespace() != "linalg" ||
        name == "linalg.yield" || name == "linalg.index")
      return;
    if (name == "linalg.generic") {
      first(generic, op);
    } else if (name == "linalg.fill" || name == "linalg.map") {
      first(fill, op);
    } else if (name == "linalg.copy") {
      first(copy, op);
    } else {
      first(computation, op);
    }
  });
  const char *mapped =
      "ascube-tile-linalg maps linalg.matmul, batch_matmul, matvec, vecmat "
      "and conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc, conv_2d_nchw_fchw "
      "on static GM memrefs (row-major or "
      "views of GM), each right after a zero fill of its output "
      "(docs/Tiling.md) [tile_c1]";
  const char *padding =
      "memref.alloc of the padded map, a zero fill of it (linalg.fill or "
      "linalg.map), memref.subview, memref.copy or linalg.copy of the map "
      "into it, then the convolution reading the alloc";
  if (Operation *op = computation) {
    op->emitError() << "'" << op->getName()
                    << "' is not mapped onto the Cube: " << mapped;
  } else if (Operation *op = generic) {
    op->emitError()
        << "'linalg.generic' is not mapped onto the Cube: a generic folds "
           "in only as the epilogue of a matmul or convolution, right after "
           "it on its output C (C's identity map, all loops parallel): a "
           "bias add with one input, the bias (a static 1-D GM memref over "
           "C's channels: ins(%bias) outs(%C), yielding C + bias), "
           "and/or a ReLU (max(C, 0)), the bias first, then a "
           "requantization to int8 (ins(%C : i32) outs(%Q : i8): "
           "fptosi(clamp(roundeven(sitofp(C) * scale) [+ offset], -128, "
           "127)) or fptoui of a clamp to [0, 255] for unsigned bytes, with "
           "a scale of a 10-bit mantissa; "
        << mapped;
  } else if (Operation *op = fill) {
    op->emitError() << "'" << op->getName()
                    << "' is not mapped onto the Cube: a fill folds in only "
                       "as the zero fill right before the matmul or "
                       "convolution it zeroes, or as the zero padding of a "
                       "map (LoadData 3D pads with zeros only: "
                    << padding << ") [tile_c1]";
  } else if (Operation *op = copy) {
    op->emitError() << "'" << op->getName()
                    << "' is not run: ascube runs a GM copy between memrefs "
                       "of one element type and one static shape "
                       "(memref.copy, or a linalg.copy that "
                       "ascube-tile-linalg turns into one) as the kernel's "
                       "own loads and stores; this one converts element "
                       "types, has shapes that differ or works on tensors "
                       "[tile_c1]";
  }
  return computation || generic || fill || copy;
}
