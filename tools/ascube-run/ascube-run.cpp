//===- ascube-run.cpp - Run an ascube kernel on the CPU -------------------===//
//
// Compiles an ascube kernel with the ascube-to-llvm pipeline and runs it
// in-process, compiled by ORC (JIT) in one piece per host core at once
// (Jit.h):
//
//   ascube-run KERNEL.mlir --entry NAME --input A=a.bin --input B=b.bin
//              --output C=c.bin [--compare C=golden.bin --atol X --rtol Y]
//
// The JIT compiles for the host (its CPU and features, LLVM -O3) with
// nothing that changes the lowering's arithmetic. --repeat N runs the kernel
// N times from the same starting buffers; --time prints the compile time
// and the run time (min and median over the repeats).
// Only the entry and the functions it calls are compiled (the module's
// other functions are dropped first). A kernel with linalg ops
// (linalg.matmul on GM memrefs) is first mapped
// onto the product (--product, or the module's ascube.target) by
// ascube-tile-linalg; --product also names the product the kernel is
// verified against (a module naming another is refused, target_c2).
// --blocks N runs N blocks (AI cores; ascube.block_idx /
// block_num; fresh on-core memories each, GM shared), one after another or,
// with --threads T, on T host threads (the kernel compiled once, each thread
// with its own on-core memories: CoreState.h; block i on thread i % T;
// a kernel with ascube.sync_all runs every block on a thread of its own);
// --check-races reports two blocks touching the same GM bytes, one
// writing, with no SyncAll between them (race_c1, race_c2; Blocks.cpp);
// --check-sync runs each block against the flag model of its pipes
// (ascube.set_flag; sync_c3-sync_c8, SyncCheck.cpp); --timeline through
// the timing model with the product's costs (Timeline.cpp, docs/Timing.md).
// Linalg on tensors
// is bufferized first (ascube-bufferize-tensors: its results become output
// arguments named result<i>). A linalg op the mapping leaves is named and
// refused with the forms the mapping accepts, once (ascube-tile-linalg
// allow-unmapped=false, tile_c1); the kernel's own memref.copy,
// between any views, runs as loads and stores. Buffers, files and the
// comparison: Data.cpp.
//
// Arguments are named by their SSA names in the kernel (`%A` is `A`) or by
// position (`arg0`). A .bin file is the buffer's raw little-endian storage
// (the Ascend samples' golden-data convention; 4-bit data packed two per
// byte, element 2i in the low nibble); .npy files (versions 1-3, C order,
// the argument's storage shape and dtype) are accepted too. A buffer named
// only by --output starts filled with --output-fill (0 unless the
// environment's ASCUBE_RUN_OUTPUT_FILL says otherwise: the test suite uses
// a sentinel, so "left untouched" is told from "written with zero").
// Offsets known only at run time are
// checked (bounds, alignment) unless --runtime-checks=false. The
// comparison prints elements compared, max abs/rel error and the first
// mismatching index.
//
// Exit status: 0 success; 1 a --compare mismatch; 2 a usage, file or
// kernel error (one line naming the argument or the rule); 3 a run-time
// check failed (the check's message first; also a --check-races or
// --check-sync report, a deadlock under --timeline); 4 the kernel ran
// longer than --timeout. Limits: each argument at most 1 TiB, all
// buffers together at most the memory the machine has available, the
// process's cgroup, address-space and data limits leave (Memory.h).
//
//===----------------------------------------------------------------------===//

#include "Blocks.h"
#include "CoreState.h"
#include "Data.h"
#include "Jit.h"
#include "Memory.h"
#include "SyncCheck.h"
#include "Timeline.h"
#include "ascube/Conversion/AscubeToLoops.h"
#include "ascube/Conversion/Passes.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"
#include "ascube/Dialect/Ascube/Transforms/Passes.h"
#include "ascube/InitAscube.h"
#include "ascube/Pipelines/Pipelines.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace mlir;
using namespace ascube::run;
using llvm::StringRef;

static llvm::cl::OptionCategory runCategory("ascube-run options");
static llvm::cl::opt<std::string> kernelFile(llvm::cl::Positional,
                                             llvm::cl::desc("KERNEL.mlir"),
                                             llvm::cl::cat(runCategory));
static llvm::cl::opt<std::string>
    entry("entry", llvm::cl::desc("Kernel function to run (required)"),
          llvm::cl::value_desc("NAME"), llvm::cl::cat(runCategory));
static llvm::cl::list<std::string>
    inputs("input", llvm::cl::desc("Load an argument from a .bin/.npy file"),
           llvm::cl::value_desc("ARG=FILE"), llvm::cl::cat(runCategory));
static llvm::cl::list<std::string>
    outputs("output",
            llvm::cl::desc("Write an argument to a .bin/.npy file "
                           "after the run"),
            llvm::cl::value_desc("ARG=FILE"), llvm::cl::cat(runCategory));
static llvm::cl::list<std::string>
    compares("compare",
             llvm::cl::desc("Compare an argument with a golden "
                            ".bin/.npy file after the run"),
             llvm::cl::value_desc("ARG=FILE"), llvm::cl::cat(runCategory));
static llvm::cl::opt<double> atolOpt("atol",
                                     llvm::cl::desc("Absolute tolerance"),
                                     llvm::cl::init(0.0),
                                     llvm::cl::cat(runCategory));
static llvm::cl::opt<double> rtolOpt("rtol",
                                     llvm::cl::desc("Relative tolerance"),
                                     llvm::cl::init(0.0),
                                     llvm::cl::cat(runCategory));
static llvm::cl::opt<bool> runtimeChecks(
    "runtime-checks",
    llvm::cl::desc("Check dynamic offsets at run time (bounds, alignment) and "
                   "data the rules constrain (QUANT_PRE words, 4:2 indices); "
                   "a failed check stops the kernel naming the rule, exit 3 "
                   "(on by default; --runtime-checks=false turns it off)"),
    llvm::cl::init(true), llvm::cl::cat(runCategory));
static llvm::cl::opt<bool> referenceMmad(
    "reference-mmad",
    llvm::cl::desc("Run mmad and mmad_mx as the plain loops of the documented "
                   "order (for each m, n a loop over k) instead of the "
                   "vector micro-kernels, and every instruction in the "
                   "plain scf/arith form instead of the affine one; the "
                   "results have the same bits "
                   "(convert-ascube-to-loops reference=true)"),
    llvm::cl::cat(runCategory));
static llvm::cl::opt<llvm::cl::boolOrDefault> x86Vnni(
    "vnni",
    llvm::cl::desc("Sum integer mmads of 8-bit and 4-bit operands with "
                   "AVX-512 VNNI's vpdpbusd (convert-ascube-to-loops "
                   "x86-vnni=true; the same bits): by default where the host "
                   "has it; =false uses the i16-pair form, =true fails on a "
                   "host without it"),
    llvm::cl::cat(runCategory));
static llvm::cl::opt<std::string> outputFill(
    "output-fill",
    llvm::cl::desc("The byte a buffer named only by --output starts filled "
                   "with (default 0, or $ASCUBE_RUN_OUTPUT_FILL)"),
    llvm::cl::value_desc("BYTE"), llvm::cl::cat(runCategory));
static llvm::cl::opt<unsigned>
    timeoutSeconds("timeout",
                   llvm::cl::desc("Stop a kernel that runs longer than this "
                                  "many seconds, all --repeat runs "
                                  "together, exit 4 (0: no limit)"),
                   llvm::cl::value_desc("SECONDS"), llvm::cl::init(0),
                   llvm::cl::cat(runCategory));
static llvm::cl::opt<std::string> productOpt(
    "product",
    llvm::cl::desc("Map the kernel's linalg ops onto this product first "
                   "(ascube-tile-linalg, docs/Tiling.md) and make it the "
                   "target; a kernel with linalg ops and no --product uses "
                   "its module's ascube.target"),
    llvm::cl::value_desc("PRODUCT"), llvm::cl::cat(runCategory));
static llvm::cl::opt<unsigned> blocksOpt(
    "blocks",
    llvm::cl::desc("Run the kernel as this many blocks (AI cores), one "
                   "after another: block i sees ascube.block_idx = i and "
                   "ascube.block_num = N and starts from freshly filled "
                   "on-core memories; GM is shared (default 1; at most "
                   "65535, Ascend C's blockDim: blocks_c1)"),
    llvm::cl::value_desc("N"), llvm::cl::init(1), llvm::cl::cat(runCategory));
/// --threads T. libLLVM 22 registers an option of that name of its own (a
/// cl::opt<int> that nothing in ascube-run reads), so a second registration
/// would abort: ascube-run takes that option over (its description, its
/// category), or registers one where the library has none.
static llvm::cl::opt<int> &threadsOption() {
  static llvm::cl::opt<int> *opt = [] {
    constexpr const char *desc =
        "Run the blocks on this many host threads in parallel (block i on "
        "thread i % T), the kernel compiled once, each thread with its own "
        "on-core memories; GM is shared. Results "
        "equal --threads 1 bit for bit when the blocks write disjoint GM "
        "(default 1). A kernel with ascube.sync_all runs every block on a "
        "thread of its own";
    auto &registered = llvm::cl::getRegisteredOptions();
    auto it = registered.find("threads");
    if (it == registered.end())
      return new llvm::cl::opt<int>("threads", llvm::cl::desc(desc),
                                    llvm::cl::init(1));
    auto *o = static_cast<llvm::cl::opt<int> *>(it->second);
    o->setDescription(desc);
    o->setValueStr("T");
    o->addCategory(runCategory);
    o->setInitialValue(1);
    return o;
  }();
  return *opt;
}
static llvm::cl::opt<bool> checkRaces(
    "check-races",
    llvm::cl::desc("With --blocks: report two blocks writing the same GM "
                   "bytes (race_c1) or one reading what another writes "
                   "(race_c2) with no ascube.sync_all between them, naming "
                   "both blocks, the bytes and the argument (exit 3)"),
    llvm::cl::cat(runCategory));
static llvm::cl::opt<bool> checkSync(
    "check-sync",
    llvm::cl::desc(
        "Run every block against the flag model of its pipes: "
        "report two instructions of different pipes touching the "
        "same bytes, one writing, that no flag orders (sync_c4), "
        "misused flags (sync_c3, sync_c5-sync_c7) and unitFlag out of "
        "order (sync_c8); exit 3"),
    llvm::cl::cat(runCategory));
static llvm::cl::opt<std::string> timelineOpt(
    "timeline",
    llvm::cl::desc("Time every block by the model of its pipes, with the "
                   "product's costs (docs/Timing.md; it trusts the flags: "
                   "--check-sync checks them): print the modelled cycles, "
                   "time and busy shares, write a Chrome trace of the first "
                   "blocks to FILE (Perfetto); a deadlock exits 3"),
    llvm::cl::value_desc("FILE"), llvm::cl::cat(runCategory));
static llvm::cl::opt<std::string> timelineSvg(
    "timeline-svg",
    llvm::cl::desc("With the timing model (as --timeline): draw the pipes of "
                   "the first blocks as a Gantt chart in FILE (SVG), each "
                   "pipe with its busy share"),
    llvm::cl::value_desc("FILE"), llvm::cl::cat(runCategory));
static llvm::cl::opt<bool> timelineOnly(
    "timeline-only",
    llvm::cl::desc("The timing model alone: run the kernel's control flow and "
                   "its pipe hooks without the instructions' data movement "
                   "and arithmetic (outputs are neither computed nor "
                   "written; arguments may be left out, and memory is "
                   "left untouched), for "
                   "kernels too large to run; with --timeline=FILE also the "
                   "trace"),
    llvm::cl::cat(runCategory));
static llvm::cl::opt<unsigned> repeatOpt(
    "repeat",
    llvm::cl::desc("Run the kernel this many times, each run from the "
                   "buffers as they were before the first (outputs are "
                   "those of one run); with --time, to time it (default 1)"),
    llvm::cl::value_desc("N"), llvm::cl::init(1), llvm::cl::cat(runCategory));
static llvm::cl::opt<bool> timeOpt(
    "time",
    llvm::cl::desc("Print the compile time (the linalg mapping, the lowering "
                   "and the JIT's code generation, once) "
                   "and the time of one run of all blocks, min and median "
                   "(the upper one of an even count) over --repeat"),
    llvm::cl::cat(runCategory));
static llvm::cl::opt<unsigned> compileThreads(
    "compile-threads",
    llvm::cl::desc("Compile the kernel in this many pieces at once, on as "
                   "many host threads: 1 to 64, or 0 (the default) for one "
                   "per core this process may use; the results do not "
                   "depend on it"),
    llvm::cl::value_desc("N"), llvm::cl::init(0), llvm::cl::cat(runCategory));
static llvm::cl::opt<bool>
    dumpLLVM("print-llvm-dialect",
             llvm::cl::desc("Print the lowered kernel (LLVM dialect)"),
             llvm::cl::cat(runCategory));

namespace {
std::pair<StringRef, StringRef> splitArg(StringRef spec, StringRef flag) {
  auto [name, file] = spec.split('=');
  if (name.empty() || file.empty())
    fail(llvm::formatv("--{0} '{1}': expected ARG=FILE", flag, spec));
  return {name, file};
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::opt<int> &threadsOpt = threadsOption();
  llvm::cl::HideUnrelatedOptions({&runCategory, &timeline::optionCategory()});
  if (!llvm::cl::ParseCommandLineOptions(
          argc, argv,
          "ascube-run: compile an ascube kernel and run it on the CPU\n\n"
          "  ascube-run KERNEL.mlir --entry NAME --input A=a.bin ... "
          "--output C=c.bin [--compare C=golden.bin --atol X --rtol Y]\n\n"
          "Exit status: 0 success; 1 a --compare mismatch; 2 a usage, file "
          "or kernel error; 3 a run-time check failed (also --check-races, "
          "--check-sync, a deadlock under --timeline); 4 the kernel ran "
          "longer than --timeout.\n"
          "Limits: each argument at most 1 TiB, all buffers together at "
          "most the memory the machine has available and the memory cgroup, "
          "ulimit -v and ulimit -d leave.\n",
          &llvm::errs()))
    return 2;
  if (kernelFile.empty())
    fail("no kernel file given (ascube-run KERNEL.mlir --entry NAME ...)");
  if (entry.empty())
    fail("no --entry NAME given: which function of the kernel to run");
  if (!(atolOpt >= 0) || !(rtolOpt >= 0) || std::isinf(atolOpt) ||
      std::isinf(rtolOpt))
    fail("--atol and --rtol must be finite and non-negative");
  if (compileThreads > 64)
    fail("--compile-threads takes 1 to 64, or 0 for one per core");
  if (!productOpt.empty() && !ascube::target::lookupProduct(productOpt))
    fail("--product: " + ascube::target::describeUnknownProduct(productOpt) +
         " [target_c1]");
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();

  DialectRegistry registry;
  ascube::registerAscubeDialect(registry);
  registry.insert<func::FuncDialect, arith::ArithDialect, memref::MemRefDialect,
                  scf::SCFDialect, math::MathDialect, affine::AffineDialect,
                  LLVM::LLVMDialect>();
  ascube::registerAscubeInputDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  // Diagnostics name the op and the rule; the generic op dump is noise here.
  ctx.printOpOnDiagnostic(false);

  llvm::SourceMgr sm;
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(kernelFile);
  if (!file)
    fail(llvm::formatv("cannot read '{0}': {1}", kernelFile,
                       file.getError().message()));
  sm.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diag(sm, &ctx);
  Block block;
  AsmParserState state;
  if (failed(parseAsmSourceFile(sm, &block, ParserConfig(&ctx), &state)))
    return 2;
  // One top-level module, or top-level ops that an implicit module holds
  // (as ascube-opt reads them).
  OwningOpRef<ModuleOp> module;
  if (block.getOperations().size() == 1 && isa<ModuleOp>(block.front())) {
    module = cast<ModuleOp>(block.front());
    module->getOperation()->remove();
  } else {
    // (At the file's start, as ascube-opt places an implicit module.)
    module = ModuleOp::create(FileLineColLoc::get(
        &ctx, sm.getMemoryBuffer(sm.getMainFileID())->getBufferIdentifier(), 0,
        0));
    module->getBody()->getOperations().splice(module->getBody()->begin(),
                                              block.getOperations());
  }
  if (failed(verify(*module)))
    return 2;

  auto func = module->lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal())
    fail(llvm::formatv("no function @{0} with a body in '{1}'", entry,
                       kernelFile));
  // The source's names of the entry's arguments (before bufferization
  // appends its results as output arguments, named result<i>).
  SmallVector<std::string> sourceNames;
  if (const AsmParserState::BlockDefinition *def =
          state.getBlockDef(&func.getBody().front()))
    for (const AsmParserState::SMDefinition &d : def->arguments) {
      StringRef text(d.loc.Start.getPointer(),
                     d.loc.End.getPointer() - d.loc.Start.getPointer());
      text.consume_front("%");
      sourceNames.push_back(text.str());
    }
  // Only what the entry reaches is mapped, checked and compiled: the
  // module's other functions (a linalg op left in one, say) are dropped.
  func.setPublic();
  for (auto f : module->getOps<func::FuncOp>())
    if (f != func)
      f.setPrivate();
  {
    PassManager dce(&ctx);
    dce.addPass(createSymbolDCEPass());
    if (failed(dce.run(*module)))
      fail("dropping the functions @" + entry + " does not call failed");
  }
  // Linalg on tensors (a compiler's form): bufferized into GM memrefs, the
  // results output arguments after the others (ascube-bufferize-tensors).
  if (ascube::hasTensorFunctions(*module)) {
    PassManager bpm(&ctx);
    bpm.addPass(ascube::createAscubeBufferizeTensors());
    if (failed(bpm.run(*module)))
      fail("bufferizing the tensor kernel failed (see the diagnostics "
           "above)");
  }
  if (func.getNumResults() != 0)
    fail(llvm::formatv("@{0} returns values; kernels write their outputs "
                       "into buffer arguments",
                       entry));

  // Arguments, named by their SSA names in the source (an output argument
  // bufferization made by its NameLoc, result<i>).
  std::vector<Arg> args;
  for (BlockArgument ba : func.getArguments()) {
    Arg a;
    unsigned i = ba.getArgNumber();
    a.name = "arg" + std::to_string(i);
    if (i < sourceNames.size() && !sourceNames[i].empty())
      a.name = sourceNames[i];
    else if (auto named = dyn_cast<NameLoc>(ba.getLoc()))
      a.name = named.getName().str();
    a.type = dyn_cast<MemRefType>(ba.getType());
    if (!a.type || !a.type.hasStaticShape())
      fail(llvm::formatv(
          "argument {0} of @{1} is {2}; ascube-run passes statically shaped "
          "memrefs only (buffers in GM or an on-core level){3}",
          a.name, entry, ba.getType(),
          isa<IndexType, IntegerType, FloatType>(ba.getType())
              ? "; pass a scalar as a memref<1x...> and memref.load it in "
                "the kernel (an offset: memref<1xi32>, then "
                "arith.index_cast)"
          : isa<ShapedType>(ba.getType())
              ? ": ascube maps static shapes (each instruction's sizes are "
                "fields of it); give the function static types, e.g. "
                "specialize it for the shapes it runs"
              : ""));
    // A view type is a window into a buffer the runner does not have (its
    // offset and row stride reach past the view's own elements).
    int64_t offset;
    SmallVector<int64_t> strides;
    if (isa<StridedLayoutAttr>(a.type.getLayout()) &&
        !a.type.getLayout().isIdentity())
      fail(llvm::formatv(
          "argument {0} is the view {1}; ascube-run passes whole buffers: "
          "{2} [gmview_c1]",
          a.name, a.type,
          succeeded(a.type.getStridesAndOffset(strides, offset)) &&
                  (ShapedType::isDynamic(offset) ||
                   llvm::any_of(strides, ShapedType::isDynamic))
              ? "its layout is known only at run time, as one-shot "
                "bufferization gives function arguments by default; give "
                "ascube-run the tensor function (it bufferizes it with "
                "identity layouts), or bufferize with "
                "function-boundary-type-conversion=identity-layout-map"
              : "take the whole GM buffer as the argument and the view "
                "inside the kernel (memref.subview)"));
    a.storage = ascube::getCPUStorageType(a.type);
    if (!a.storage)
      fail(llvm::formatv("argument {0}: cannot lay out {1}", a.name, a.type));
    std::optional<int64_t> bytes = storageBytes(a.storage);
    if (!bytes)
      fail(llvm::formatv("argument {0}: {1} is too large to run on the CPU",
                         a.name, a.type));
    a.bytes = *bytes;
    args.push_back(std::move(a));
  }
  auto findArg = [&](StringRef name, StringRef flag) -> Arg & {
    for (Arg &a : args)
      if (a.name == name || ("arg" + std::to_string(&a - &args[0])) == name)
        return a;
    std::string known;
    for (Arg &a : args)
      known += (known.empty() ? "" : ", ") + a.name;
    fail(llvm::formatv("--{0}: @{1} has no argument '{2}' (arguments: {3})",
                       flag, entry, name, known));
  };
  std::vector<bool> named(args.size(), false);
  std::vector<std::pair<Arg *, std::string>> ins, outs, goldens;
  for (StringRef spec : inputs) {
    auto [name, path] = splitArg(spec, "input");
    Arg &a = findArg(name, "input");
    ins.push_back({&a, path.str()});
    named[&a - &args[0]] = true;
  }
  for (StringRef spec : outputs) {
    auto [name, path] = splitArg(spec, "output");
    Arg &a = findArg(name, "output");
    outs.push_back({&a, path.str()});
    named[&a - &args[0]] = true;
  }
  for (StringRef spec : compares) {
    auto [name, path] = splitArg(spec, "compare");
    Arg &a = findArg(name, "compare");
    goldens.push_back({&a, path.str()});
    named[&a - &args[0]] = true;
  }
  if (auto why = ascube::run::timeline::refuseOnly(
          timelineOnly, !goldens.empty(), checkRaces))
    fail(*why);
  for (size_t i = 0; i < args.size(); ++i)
    if (!named[i] && !timelineOnly)
      fail(llvm::formatv("argument {0} ({1}) is given by no --input, "
                         "--output or --compare",
                         args[i].name, args[i].type));
  if (repeatOpt < 1)
    fail("--repeat must be at least 1");
  if (checkRaces && repeatOpt > 1)
    fail("--check-races with --repeat: a run would meet the previous run's "
         "bytes; check with --repeat 1");
  // The buffers must fit the machine: one line naming the largest, rather
  // than an allocation failure mid-run.
  if (MemoryBudget budget = availableMemory(); !budget.what.empty()) {
    int64_t mem = budget.bytes;
    int64_t total = 0;
    const Arg *largest = nullptr;
    for (const Arg &a : args) {
      total += a.bytes;
      if (!largest || a.bytes > largest->bytes)
        largest = &a;
    }
    for (auto &[a, path] : goldens)
      total += a->bytes;
    // --check-races keeps 16 B of shadow per GM byte (Blocks.cpp);
    // --repeat a copy of every buffer to start each run from.
    if (checkRaces || repeatOpt > 1)
      for (const Arg &a : args)
        total +=
            (checkRaces ? 16 : 0) * a.bytes + (repeatOpt > 1 ? a.bytes : 0);
    if (largest && total > mem)
      fail(llvm::formatv("argument {0}: {1} needs {2} bytes, and all "
                         "buffers together {3}, more than the {4} bytes of "
                         "{5}",
                         largest->name, largest->type, largest->bytes, total,
                         mem, budget.what));
  }
  // Output-only buffers start as --output-fill (a sentinel in the tests).
  std::string fillText = outputFill.getNumOccurrences() ? outputFill.getValue()
                         : std::getenv("ASCUBE_RUN_OUTPUT_FILL")
                             ? std::getenv("ASCUBE_RUN_OUTPUT_FILL")
                             : "0";
  unsigned fill;
  if (StringRef(fillText).getAsInteger(0, fill) || fill > 255)
    fail(llvm::formatv("--output-fill '{0}': expected a byte (0 to 255, or "
                       "0x00 to 0xFF)",
                       fillText));
  for (Arg &a : args)
    a.data = allocateBytes("argument " + a.name, a.bytes,
                           timelineOnly ? -1 : int(fill));
  for (auto &[a, path] : ins)
    readData(a->name, path, a->bytes, a->type, a->storage, a->data.get());
  // An output that cannot be written fails before the kernel runs (a full
  // device is only known when written), without creating the file: a run
  // that fails later leaves no empty output behind.
  for (auto &[a, path] : outs)
    if (std::error_code ec = ascube::run::writable(path))
      fail(llvm::formatv("argument {0}: cannot write '{1}': {2}", a->name, path,
                         ec.message()));
  // Read goldens before running so that a bad file fails fast.
  std::vector<Bytes> goldenData;
  for (auto &[a, path] : goldens) {
    goldenData.push_back(allocateBytes("argument " + a->name, a->bytes));
    readData(a->name, path, a->bytes, a->type, a->storage,
             goldenData.back().get());
  }

  // Compile.
  auto compileStart = std::chrono::steady_clock::now();
  func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                UnitAttr::get(&ctx));
  // --product names the product the kernel is verified against, whatever
  // it holds: a module (or a function in it) naming another is refused
  // (target_c2), one naming none is checked as that product's (its op
  // verifiers now, the whole-function rules when it is lowered).
  if (!productOpt.empty()) {
    PassManager tpm(&ctx);
    ascube::AscubeSetTargetOptions target;
    target.product = productOpt;
    tpm.addPass(ascube::createAscubeSetTarget(target));
    if (failed(tpm.run(*module)))
      fail("the kernel is not a program for " + productOpt +
           " (see the diagnostics above)");
  }
  // The blocks, said before a linalg kernel is mapped for them.
  if (std::optional<std::string> why =
          ascube::run::blocks::countRefusal(blocksOpt, checkRaces))
    fail(*why);
  // A linalg kernel is mapped onto the product first; an op the mapping
  // leaves (not one it maps) is not a Cube program.
  if (ascube::findLinalgOp(*module)) {
    PassManager lpm(&ctx);
    // (An op the mapping leaves cannot run: refused by the pass, once.)
    ascube::buildAscubeFromLinalgPipeline(lpm, productOpt,
                                          /*allowUnmapped=*/false, blocksOpt);
    if (failed(lpm.run(*module)))
      fail("mapping the linalg kernel failed (see the diagnostics above)");
  }
  bool syncAll = ascube::run::blocks::reachesSyncAll(func);
  // The flag model's event IDs are the product's (8 without one).
  const ascube::target::ProductInfo *product = ascube::getTargetProduct(func);
  // vpdpbusd where the host has AVX-512 VNNI (the JIT compiles for it).
  bool hostVnni = llvm::sys::getHostCPUFeatures().lookup("avx512vnni");
  if (x86Vnni == llvm::cl::BOU_TRUE && !hostVnni)
    fail("--vnni: this host has no AVX-512 VNNI");
  bool vnni =
      x86Vnni == llvm::cl::BOU_UNSET ? hostVnni : x86Vnni == llvm::cl::BOU_TRUE;
  bool timeline = !timelineOpt.empty() || !timelineSvg.empty() || timelineOnly;
  // The trace and the chart must be writable: said before the kernel runs,
  // as for an output (and as for one, not created yet).
  for (const std::string &path :
       {timelineOpt.getValue(), timelineSvg.getValue()})
    if (!path.empty())
      if (std::error_code ec = ascube::run::writable(path))
        fail(llvm::formatv("cannot write '{0}': {1}", path, ec.message()));
  if (timeline)
    if (std::optional<std::string> refused =
            ascube::run::timeline::refusal(product))
      fail(*refused);
  // The GM globals --check-races follows and --check-sync names (split-K's
  // workspace), read before the lowering.
  std::vector<std::pair<std::string, int64_t>> gmGlobals;
  if (checkRaces || checkSync)
    gmGlobals = ascube::run::blocks::raceCheckedGlobals(*module);
  ascube::AscubeToLLVMPipelineOptions lowering;
  lowering.runtimeChecks = runtimeChecks;
  lowering.raceChecks = checkRaces;
  lowering.syncChecks = checkSync || timeline;
  lowering.timingOnly = timelineOnly;
  lowering.mmad = ascube::mmadKernelFor(referenceMmad, vnni);
  PassManager pm(&ctx);
  ascube::buildAscubeToLLVMPipeline(pm, lowering);
  if (failed(pm.run(*module)))
    fail("lowering the kernel failed (see the diagnostics above)");
  std::vector<std::string> syncSites;
  if (auto texts = (*module)->getAttrOfType<ArrayAttr>(
          ascube::AscubeDialect::kSyncSitesAttrName)) {
    for (Attribute t : texts)
      syncSites.push_back(cast<StringAttr>(t).str());
    (*module)->removeAttr(ascube::AscubeDialect::kSyncSitesAttrName);
  }
  if (threadsOpt < 1)
    fail("--threads must be at least 1");
  unsigned threads = std::min<unsigned>(threadsOpt, blocksOpt);
  // A kernel with ascube.sync_all holds all its blocks at each one: every
  // block runs at once, on a thread of its own, and the product must have
  // a core for each (sync_c10).
  if (syncAll) {
    // Without a product: the most AI cores any product has.
    unsigned cores = 0;
    for (const ascube::target::ProductInfo &p : ascube::target::allProducts())
      cores = std::max<unsigned>(cores, p.AICores);
    if (product)
      cores = product->AICores;
    if (unsigned(blocksOpt) > cores)
      fail(llvm::formatv(
          "--blocks {0}: the kernel has ascube.sync_all, which needs all its "
          "blocks running at once, and {1} [sync_c10]",
          unsigned(blocksOpt),
          product
              ? llvm::formatv("{0} has {1} AI core(s)", product->Name, cores)
                    .str()
              : llvm::formatv("no product has more than {0} AI cores "
                              "(the kernel names none)",
                              cores)
                    .str()));
    threads = blocksOpt;
  }
  // The kernel is compiled once; run by several threads, each gets its own
  // level memories and block globals through the runner (CoreState.h), so
  // blocks on different threads never share on-core memories.
  if (threads > 1) {
    FailureOr<std::vector<ascube::CoreStateSlot>> slots =
        ascube::routeCoreStateThroughRunner(*module);
    if (failed(slots))
      fail("lowering the kernel failed (see the diagnostics above)");
    ascube::run::cores::configure(std::move(*slots));
  }
  if (dumpLLVM)
    module->print(llvm::outs());
  // The host's target machine (its CPU and features), so that LLVM's
  // optimizer knows the vector units; it never reassociates or contracts
  // floating-point operations the IR does not allow, so the bits are the
  // lowering's.
  auto hostBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!hostBuilder)
    fail("no target machine for this host: " +
         llvm::toString(hostBuilder.takeError()));
  hostBuilder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  // Compiled in one piece per host core at once (Jit.h).
  unsigned pieces =
      compileThreads
          ? unsigned(compileThreads)
          : std::min(64u, llvm::hardware_concurrency().compute_thread_count());
  auto created = ascube::run::Jit::create(
      *module, *hostBuilder, "_mlir_ciface_" + entry.getValue(), pieces,
      [](llvm::orc::MangleAndInterner interner) {
        // A failed run-time check (cf.assert) prints its message and calls
        // abort: the kernel's abort is ascube-run's, which says so (and in
        // which block, when there are several) and exits 3. Any other
        // abort stays a crash.
        llvm::orc::SymbolMap map;
        ascube::run::blocks::addSymbols(map, interner);
        ascube::run::sync::addSymbols(map, interner);
        ascube::run::cores::addSymbols(map, interner);
        map[interner("abort")] = {
            llvm::orc::ExecutorAddr::fromPtr(+[] {
              char msg[96];
              int n = std::snprintf(
                  msg, sizeof(msg),
                  "ascube-run: the kernel stopped: a run-time check failed");
              if (ascube::run::blocks::blockCount() > 1)
                n += std::snprintf(msg + n, sizeof(msg) - n, " in block %u",
                                   ascube::run::blocks::currentBlock());
              n += std::snprintf(msg + n, sizeof(msg) - n, "\n");
              (void)!::write(2, msg, size_t(n));
              ::_exit(3);
            }),
            llvm::JITSymbolFlags::Exported};
        return map;
      });
  if (!created)
    fail("JIT compilation failed: " + llvm::toString(created.takeError()));
  std::unique_ptr<ascube::run::Jit> engine = std::move(*created);

  // Call through the C interface: one pointer to a memref descriptor
  // {allocated, aligned, offset, sizes[rank], strides[rank]} per argument,
  // pointing at the argument's own bytes.
  std::vector<std::vector<int64_t>> descs(args.size());
  std::vector<void *> descPtrs(args.size()), callArgs(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    Arg &a = args[i];
    ArrayRef<int64_t> shape = a.storage.getShape();
    std::vector<int64_t> &d = descs[i];
    d.push_back(reinterpret_cast<int64_t>(a.data.get()));
    d.push_back(reinterpret_cast<int64_t>(a.data.get()));
    d.push_back(0);
    d.insert(d.end(), shape.begin(), shape.end());
    int64_t stride = 1;
    std::vector<int64_t> strides(shape.size());
    for (size_t k = shape.size(); k-- > 0;) {
      strides[k] = stride;
      stride *= shape[k];
    }
    d.insert(d.end(), strides.begin(), strides.end());
    descPtrs[i] = d.data();
    callArgs[i] = &descPtrs[i];
  }
  // Compile (materialize) the kernel first, then run it; messages of
  // failed checks go to stdout, unbuffered here so they come first.
  // The kernel's packed entry and __ascube_start_block (in every lowered
  // module), which sets the calling thread's block and refills its on-core
  // memories.
  using StartBlockFn = void (*)(int64_t, int64_t);
  auto kernelFn = engine->lookupPacked("_mlir_ciface_" + entry.getValue());
  if (!kernelFn)
    fail("running @" + entry +
         " failed: " + llvm::toString(kernelFn.takeError()));
  StartBlockFn startBlock = nullptr;
  if (auto sym = engine->lookup("__ascube_start_block"))
    startBlock = reinterpret_cast<StartBlockFn>(*sym);
  else
    llvm::consumeError(sym.takeError());
  double compileMs = std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - compileStart)
                         .count();
  llvm::outs().flush();
  std::fflush(stdout);
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  if (timeoutSeconds) {
    // The message is made now: the handler only writes it (async-signal
    // safe) and exits.
    static std::string stopped =
        llvm::formatv("ascube-run: the kernel ran longer than {0} s "
                      "(--timeout) and was stopped\n",
                      unsigned(timeoutSeconds))
            .str();
    struct sigaction onAlarm = {};
    onAlarm.sa_handler = [](int) {
      (void)!::write(2, stopped.data(), stopped.size());
      ::_exit(4);
    };
    ::sigaction(SIGALRM, &onAlarm, nullptr);
    ::alarm(timeoutSeconds);
  }
  // The GM arguments and globals, for the race shadow and the messages.
  std::vector<ascube::run::sync::GMBuffer> gm;
  for (Arg &a : args)
    gm.push_back({reinterpret_cast<const char *>(a.data.get()),
                  int64_t(a.bytes), "argument " + a.name});
  for (auto &[name, bytes] : gmGlobals) {
    auto sym = engine->lookup(name);
    if (!sym)
      fail("global @" + name + " not found in the compiled kernel: " +
           llvm::toString(sym.takeError()));
    gm.push_back(
        {reinterpret_cast<const char *>(*sym), bytes, "global @" + name});
  }
  ascube::run::blocks::configure(blocksOpt, checkRaces, gm);
  if (timeline)
    ascube::run::timeline::configure(*product, blocksOpt, syncSites,
                                     timelineOpt, timelineSvg);
  if (checkSync)
    ascube::run::sync::configure(product ? product->EventIds : 8,
                                 std::move(syncSites), std::move(gm));
  // Thread t runs blocks t, t + T, ...; each block starts from refilled
  // on-core memories of its thread (with SyncAll: T = N, one block per
  // thread).
  auto runBlocks = [&](unsigned t) {
    for (unsigned blk = t; blk < blocksOpt; blk += threads) {
      ascube::run::blocks::startBlock(blk);
      if (startBlock)
        ascube::run::callCompiled(startBlock, int64_t(blk), int64_t(blocksOpt));
      if (checkSync)
        ascube::run::sync::startBlock(blk);
      if (ascube::run::timeline::enabled())
        ascube::run::timeline::startBlock(blk);
      ascube::run::callCompiled(*kernelFn, callArgs.data());
      ascube::run::blocks::endBlock();
      if (checkSync)
        ascube::run::sync::endBlock();
      if (ascube::run::timeline::enabled())
        ascube::run::timeline::endBlock();
    }
  };
  auto runAll = [&] {
    if (threads == 1) {
      runBlocks(0);
      return;
    }
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back(runBlocks, t);
    for (std::thread &th : pool)
      th.join();
  };
  // Each repeat starts from the buffers as they were before the first run
  // (restoring them is not timed).
  std::vector<std::vector<char>> before;
  if (repeatOpt > 1)
    for (Arg &a : args)
      before.emplace_back(a.data.get(), a.data.get() + a.bytes);
  std::vector<double> runMs;
  for (unsigned r = 0; r < repeatOpt; ++r) {
    if (r > 0)
      for (size_t i = 0; i < args.size(); ++i)
        std::memcpy(args[i].data.get(), before[i].data(), args[i].bytes);
    ascube::run::blocks::startRun();
    auto start = std::chrono::steady_clock::now();
    runAll();
    runMs.push_back(std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count());
  }
  ::alarm(0);
  if (timeOpt) {
    std::vector<double> sorted = runMs;
    llvm::sort(sorted);
    llvm::outs() << llvm::formatv(
        "time: compile {0:f1} ms; run {1:f3} ms min, {2:f3} ms median over "
        "{3} run(s) of {4} block(s) on {5} thread(s)\n",
        compileMs, sorted.front(), sorted[sorted.size() / 2], sorted.size(),
        unsigned(blocksOpt), threads);
  }
  if (std::optional<std::string> broken = ascube::run::sync::report()) {
    llvm::outs() << *broken << "\n";
    return 3;
  }
  if (ascube::run::timeline::enabled()) {
    bool deadlock = false;
    llvm::outs() << ascube::run::timeline::finish(deadlock, timeOpt) << "\n";
    if (deadlock)
      return 3;
  }
  if (std::optional<std::string> race = ascube::run::blocks::report()) {
    llvm::outs() << *race << "\n";
    return 3;
  }

  if (!timelineOnly) // (nothing was computed)
    for (auto &[a, path] : outs)
      writeData(*a, path);
  bool ok = true;
  for (size_t i = 0; i < goldens.size(); ++i)
    ok &= compare(*goldens[i].first, goldenData[i].get(), atolOpt, rtolOpt);
  if (!goldens.empty())
    llvm::outs() << (ok ? "PASS" : "FAIL") << "\n";
  return ok ? 0 : 1;
}
