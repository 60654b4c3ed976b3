//===- Ascube.h - ascube dialect umbrella header ----------------*- C++ -*-===//

#ifndef ASCUBE_DIALECT_ASCUBE_IR_ASCUBE_H
#define ASCUBE_DIALECT_ASCUBE_IR_ASCUBE_H

#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "ascube/Dialect/Ascube/IR/AscubeOps.h.inc"

#endif // ASCUBE_DIALECT_ASCUBE_IR_ASCUBE_H
