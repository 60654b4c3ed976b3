//===- ascube-opt.cpp - ascube's mlir-opt ---------------------------------===//
//
// Parses, verifies, transforms and prints IR mixing ascube with the upstream
// dialects and passes users combine it with (all of them are registered).
//
//===----------------------------------------------------------------------===//

#include "ascube/InitAscube.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  ascube::registerAscubeDialect(registry);
  ascube::registerAscubePasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "ascube optimizer driver: the Ascend Cube dialect\n",
      registry));
}
