//===- AscubeOps.td - ascube operations --------------------*- tablegen -*-===//
//
// The umbrella of the ascube ops (the file add_mlir_dialect expects): one
// .td per instruction family, named after the hardware's grouping. Where a
// new instruction goes: docs/Architecture.md.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_OPS_TD
#define ASCUBE_OPS_TD

include "ascube/Dialect/Ascube/IR/AscubeBufferOps.td"
include "ascube/Dialect/Ascube/IR/AscubeDataCopyOps.td"
include "ascube/Dialect/Ascube/IR/AscubeLoadData2DOps.td"
include "ascube/Dialect/Ascube/IR/AscubeLoadData3DOps.td"
include "ascube/Dialect/Ascube/IR/AscubeMmadOps.td"
include "ascube/Dialect/Ascube/IR/AscubeFixpipeOps.td"

#endif // ASCUBE_OPS_TD
