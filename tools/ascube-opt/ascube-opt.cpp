//===- ascube-opt.cpp - ascube's mlir-opt ---------------------------------===//
//
// Parses, verifies, transforms and prints IR mixing ascube with the upstream
// dialects and passes users combine it with (all of them are registered).
//
// Beyond mlir-opt, before the passes it is given, ascube-opt
//  - keeps the source's names of function arguments: each argument's
//    location becomes a NameLoc of its SSA name, and the printer uses
//    NameLocs as names (--mlir-use-nameloc-as-prefix is on by default), so
//    `ascube-opt k.mlir | ascube-run - ...` still knows `%A` as A;
//  - runs ascube-verify-target on the functions under an ascube.target
//    (the whole-function rules: capacity_c3, overlap_c*, unitflag_c1,
//    sync_c1, arg_c2), unless the pipeline runs that pass itself or
//    --no-implicit-verify-target is given.
//
//===----------------------------------------------------------------------===//

#include "ascube/Dialect/Ascube/Transforms/Passes.h"
#include "ascube/InitAscube.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace {

static llvm::cl::opt<bool> noImplicitVerifyTarget(
    "no-implicit-verify-target",
    llvm::cl::desc("Do not run ascube-verify-target on the functions under an "
                   "ascube.target before the given passes"),
    llvm::cl::init(false));

/// Gives each function argument whose location points at `%name` in the
/// source text a NameLoc of that name (the location stays inside it).
struct KeepArgumentNamesPass
    : PassWrapper<KeepArgumentNamesPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KeepArgumentNamesPass)
  explicit KeepArgumentNamesPass(const llvm::MemoryBuffer *source)
      : source(source) {}
  StringRef getArgument() const final { return "ascube-keep-argument-names"; }

  void runOnOperation() override {
    if (!source)
      return markAllAnalysesPreserved();
    // Start offset of each line (1-based lines).
    StringRef text = source->getBuffer();
    SmallVector<size_t> lineStart{0, 0};
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n')
        lineStart.push_back(i + 1);
    getOperation()->walk([&](FunctionOpInterface f) {
      if (f.isExternal())
        return;
      for (BlockArgument a : f.getArguments()) {
        auto loc = dyn_cast<FileLineColLoc>(a.getLoc());
        if (!loc || loc.getFilename() != source->getBufferIdentifier() ||
            loc.getLine() == 0 || loc.getLine() >= lineStart.size())
          continue;
        size_t at = lineStart[loc.getLine()] + loc.getColumn() - 1;
        if (at >= text.size() || text[at] != '%')
          continue;
        StringRef rest = text.drop_front(at + 1);
        size_t n = rest.find_if_not([](char c) {
          return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
        });
        StringRef name = rest.take_front(n);
        if (name.empty() || !(llvm::isAlpha(name[0]) || name[0] == '_'))
          continue; // numbered values keep their numbers
        a.setLoc(NameLoc::get(StringAttr::get(&getContext(), name), loc));
      }
    });
    // Only locations change: the pass manager need not verify the module
    // again (it skips the verifier after a pass that preserves all).
    markAllAnalysesPreserved();
  }

  const llvm::MemoryBuffer *source;
};

/// Whether `pm` (or a pass manager nested in it) runs `argument`.
bool runsPass(OpPassManager &pm, StringRef argument) {
  std::string text;
  llvm::raw_string_ostream os(text);
  pm.printAsTextualPipeline(os);
  return StringRef(text).contains(argument);
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  registerAllPasses();
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  ascube::registerAscubeDialect(registry);
  ascube::registerAscubePasses();

  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "ascube optimizer driver: the Ascend Cube dialect\n",
      registry);
  // Print NameLocs as SSA names unless the command line says otherwise.
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("mlir-use-nameloc-as-prefix");
  if (it != options.end() && it->second->getNumOccurrences() == 0)
    static_cast<llvm::cl::opt<bool> *>(it->second)->setValue(true);

  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  // The output is printed without verifying the module once more: the
  // parser verified it and so did the pass manager after each pass. Not
  // when either is turned off, nor with IR dumps (a dump after a failed pass
  // shows IR that did not verify), nor for a reproducer (whose own options
  // may turn the verifier off).
  bool dumps = llvm::any_of(options.keys(), [&](StringRef name) {
    return (name.starts_with("mlir-print-ir") || name == "run-reproducer") &&
           options.lookup(name)->getNumOccurrences() > 0;
  });
  auto assume = options.find("mlir-print-assume-verified");
  if (assume != options.end() && assume->second->getNumOccurrences() == 0 &&
      config.shouldVerifyPasses() && config.shouldVerifyOnParsing() && !dumps)
    static_cast<llvm::cl::opt<bool> *>(assume->second)->setValue(true);
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // The source text, for the argument names (the parser sees a copy).
  std::unique_ptr<llvm::MemoryBuffer> source =
      llvm::MemoryBuffer::getMemBufferCopy(file->getBuffer(),
                                           file->getBufferIdentifier());
  MlirOptMainConfig given = config;
  config.setPassPipelineSetupFn([&](PassManager &pm) -> LogicalResult {
    // The given pipeline, looked at first: it may run the checks itself.
    PassManager probe(pm.getContext(), pm.getOpAnchorName());
    if (failed(given.setupPassPipeline(probe)))
      return failure();
    pm.addPass(std::make_unique<KeepArgumentNamesPass>(source.get()));
    if (!noImplicitVerifyTarget && pm.getOpAnchorName() == "builtin.module" &&
        !runsPass(probe, "ascube-verify-target")) {
      ascube::AscubeVerifyTargetOptions o;
      o.onlyWithTarget = true;
      pm.addPass(ascube::createAscubeVerifyTarget(o));
    }
    return given.setupPassPipeline(pm);
  });
  if (failed(MlirOptMain(output->os(), std::move(file), registry, config)))
    return 1;
  output->keep();
  return 0;
}
