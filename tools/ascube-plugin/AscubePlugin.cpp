//===- AscubePlugin.cpp - ascube as a plugin of stock mlir-opt --*- C++ -*-===//
//
// One shared library, AscubePlugin.so, that is both a dialect plugin and a
// pass plugin of MLIR's own tools (docs/Embedding.md):
//
//   mlir-opt-22 --load-dialect-plugin=lib/AscubePlugin.so \
//               --load-pass-plugin=lib/AscubePlugin.so kernel.mlir \
//               --pass-pipeline='builtin.module(ascube-select-movers)'
//
// (mlir-opt parses its flags before loading plugins: plugin passes are
// named in --pass-pipeline, not as flags.)
//
// The dialect plugin adds the ascube dialect to the tool's registry (parse,
// verify, print ascube IR); the pass plugin registers ascube's passes and the
// `ascube-to-llvm` and `ascube-pipeline` pipelines
// (ascube::registerAscubePasses). Load both: a pass plugin alone cannot parse
// ascube IR. The host tool must use the libMLIR.so ascube was built against
// (Debian's mlir-opt-22 does).
//
//===----------------------------------------------------------------------===//

#include "ascube/InitAscube.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include "llvm/Config/llvm-config.h"

/// The dialect plugin's entry (--load-dialect-plugin).
extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Ascube", LLVM_VERSION_STRING,
          [](::mlir::DialectRegistry *registry) {
            ascube::registerAscubeDialect(*registry);
          }};
}

/// The pass plugin's entry (--load-pass-plugin).
extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AscubePasses", LLVM_VERSION_STRING,
          [] { ascube::registerAscubePasses(); }};
}
