//===- Jit.cpp - ascube-run: the kernel compiled on every core ------------===//

#include "Jit.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/JITEventListener.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <thread>
#include <vector>

using namespace ascube::run;
using llvm::Expected;
using llvm::StringRef;

namespace {

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// `_mlir_<wrapped>(void **args)`: calls `wrapped` with argument i read
/// through args[i] (mlir::ExecutionEngine's packed form).
llvm::Error addPackedEntry(llvm::Module &m, StringRef wrapped) {
  llvm::Function *f = m.getFunction(wrapped);
  if (!f || f->isDeclaration())
    return fail("no function @" + wrapped + " in the lowered kernel");
  llvm::LLVMContext &ctx = m.getContext();
  llvm::IRBuilder<> b(ctx);
  auto *type = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
  auto *packed = llvm::Function::Create(
      type, llvm::GlobalValue::ExternalLinkage, "_mlir_" + wrapped, m);
  b.SetInsertPoint(llvm::BasicBlock::Create(ctx, "", packed));
  llvm::Value *list = packed->getArg(0);
  std::vector<llvm::Value *> args;
  for (llvm::Argument &a : f->args()) {
    llvm::Value *slot =
        b.CreateGEP(b.getPtrTy(), list, b.getInt64(a.getArgNo()));
    llvm::Value *at = b.CreateLoad(b.getPtrTy(), slot);
    args.push_back(b.CreateLoad(a.getType(), at));
  }
  llvm::Value *result = b.CreateCall(f, args);
  if (!result->getType()->isVoidTy()) {
    llvm::Value *slot =
        b.CreateGEP(b.getPtrTy(), list, b.getInt64(f->arg_size()));
    b.CreateStore(result, b.CreateLoad(b.getPtrTy(), slot));
  }
  b.CreateRetVoid();
  return llvm::Error::success();
}

/// Makes a function or variable a declaration, of external linkage.
void makeDeclaration(llvm::GlobalObject &o) {
  if (auto *f = llvm::dyn_cast<llvm::Function>(&o))
    f->deleteBody();
  else if (auto *v = llvm::dyn_cast<llvm::GlobalVariable>(&o))
    v->setInitializer(nullptr);
  o.setLinkage(llvm::GlobalValue::ExternalLinkage);
  o.setComdat(nullptr);
}

/// Shares the module's function definitions out among `pieces` pieces by
/// size (the largest first, each to the least loaded piece); variables go
/// to piece 0. Returns each defined value's piece, by name (each piece is
/// read into a context of its own).
llvm::StringMap<unsigned> sharePieces(llvm::Module &m, unsigned pieces) {
  std::vector<std::pair<size_t, llvm::Function *>> defs;
  for (llvm::Function &f : m)
    if (!f.isDeclaration())
      defs.push_back({f.getInstructionCount(), &f});
  std::stable_sort(defs.begin(), defs.end(),
                   [](auto &x, auto &y) { return x.first > y.first; });
  std::vector<size_t> load(pieces, 0);
  llvm::StringMap<unsigned> pieceOf;
  for (auto &[size, f] : defs) {
    unsigned least = std::min_element(load.begin(), load.end()) - load.begin();
    load[least] += size + 1;
    pieceOf[f->getName()] = least;
  }
  for (llvm::GlobalVariable &v : m.globals())
    pieceOf[v.getName()] = 0;
  return pieceOf;
}

} // namespace

Jit::~Jit() = default;

Expected<std::unique_ptr<Jit>> Jit::create(
    mlir::ModuleOp module, llvm::orc::JITTargetMachineBuilder jtmb,
    StringRef wrapped, unsigned pieces,
    llvm::function_ref<llvm::orc::SymbolMap(llvm::orc::MangleAndInterner)>
        symbols) {
  auto layoutOr = jtmb.getDefaultDataLayoutForTarget();
  if (!layoutOr)
    return layoutOr.takeError();
  const llvm::DataLayout layout = *layoutOr;

  // The whole kernel in LLVM IR, its locals made visible to the other
  // pieces (one object file's private symbols cannot be another's).
  std::string bitcode;
  llvm::StringMap<unsigned> pieceOf;
  {
    llvm::LLVMContext ctx;
    std::unique_ptr<llvm::Module> m =
        mlir::translateModuleToLLVMIR(module, ctx);
    if (!m)
      return fail("the kernel could not be translated to LLVM IR");
    m->setDataLayout(layout);
    m->setTargetTriple(jtmb.getTargetTriple());
    if (llvm::Error e = addPackedEntry(*m, wrapped))
      return std::move(e);
    size_t defined = llvm::count_if(
        *m, [](llvm::Function &f) { return !f.isDeclaration(); });
    pieces = std::max<unsigned>(1, std::min<size_t>(pieces, defined));
    // (Aliases and ifuncs, which the lowering never makes, keep the
    // module whole.)
    if (!m->alias_empty() || !m->ifunc_empty())
      pieces = 1;
    unsigned unnamed = 0;
    for (llvm::GlobalValue &v : m->global_values()) {
      if (!v.hasName())
        v.setName("__ascube_jit_unnamed_" + llvm::Twine(unnamed++));
      if (pieces == 1 || v.getName().starts_with("llvm."))
        continue;
      if (v.hasAvailableExternallyLinkage()) {
        // A copy of a symbol defined elsewhere: a declaration of it.
        makeDeclaration(llvm::cast<llvm::GlobalObject>(v));
      } else if (!v.isDeclaration() &&
                 (v.hasLocalLinkage() || v.hasLinkOnceLinkage() ||
                  v.hasWeakLinkage())) {
        // Defined once, reachable from every piece: no local, link-once
        // or weak definition another piece's optimizer could drop or copy.
        v.setLinkage(llvm::GlobalValue::ExternalLinkage);
        llvm::cast<llvm::GlobalObject>(v).setComdat(nullptr);
      }
      // Reached through the GOT and PLT stubs RuntimeDyld makes, not by
      // 32-bit offsets: each piece's sections are mappings of their own,
      // which nothing keeps within 2 GiB of another piece's.
      v.setVisibility(llvm::GlobalValue::DefaultVisibility);
      v.setDSOLocal(false);
    }
    pieceOf = sharePieces(*m, pieces);
    llvm::raw_string_ostream os(bitcode);
    llvm::WriteBitcodeToFile(*m, os);
  }

  // Each piece: read, its share kept (the rest declarations), optimized
  // and compiled to an object, on a thread of its own.
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects(pieces);
  std::vector<std::string> errors(pieces);
  auto compilePiece = [&](unsigned piece) {
    llvm::LLVMContext ctx;
    auto m = llvm::parseBitcodeFile(
        llvm::MemoryBufferRef(bitcode, "ascube-kernel"), ctx);
    if (!m) {
      errors[piece] = llvm::toString(m.takeError());
      return;
    }
    // (llvm.used and the like: piece 0's.)
    if (piece != 0)
      for (llvm::GlobalVariable &v :
           llvm::make_early_inc_range((*m)->globals()))
        if (v.getName().starts_with("llvm."))
          v.eraseFromParent();
    for (llvm::GlobalObject &o : (*m)->global_objects()) {
      auto it = pieceOf.find(o.getName());
      if (!o.isDeclaration() && it != pieceOf.end() && it->second != piece)
        makeDeclaration(o);
    }
    llvm::orc::JITTargetMachineBuilder own = jtmb;
    auto ptm = own.createTargetMachine();
    if (!ptm) {
      errors[piece] = llvm::toString(ptm.takeError());
      return;
    }
    if (llvm::Error e = mlir::makeOptimizingTransformer(
            /*optLevel=*/3, /*sizeLevel=*/0, ptm->get())(m->get())) {
      errors[piece] = llvm::toString(std::move(e));
      return;
    }
    llvm::orc::SimpleCompiler compile(**ptm);
    auto object = compile(**m);
    if (!object) {
      errors[piece] = llvm::toString(object.takeError());
      return;
    }
    objects[piece] = std::move(*object);
  };
  if (pieces == 1) {
    compilePiece(0);
  } else {
    std::vector<std::thread> threads;
    for (unsigned piece = 0; piece < pieces; ++piece)
      threads.emplace_back(compilePiece, piece);
    for (std::thread &t : threads)
      t.join();
  }
  for (const std::string &e : errors)
    if (!e.empty())
      return fail(e);

  // Linked as mlir::ExecutionEngine links (RuntimeDyld, the process's
  // symbols behind the kernel's own).
  auto jit =
      llvm::orc::LLJITBuilder()
          .setJITTargetMachineBuilder(jtmb)
          .setDataLayout(layout)
          .setObjectLinkingLayerCreator([](llvm::orc::ExecutionSession &es) {
            auto layer = std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
                es, [](const llvm::MemoryBuffer &) {
                  return std::make_unique<llvm::SectionMemoryManager>();
                });
            // gdb sees the kernel's functions (as with the ExecutionEngine).
            if (llvm::JITEventListener *gdb =
                    llvm::JITEventListener::createGDBRegistrationListener())
              layer->registerJITEventListener(*gdb);
            return layer;
          })
          .create();
  if (!jit)
    return jit.takeError();
  std::unique_ptr<Jit> result(new Jit);
  result->jit = std::move(*jit);
  llvm::orc::JITDylib &main = result->jit->getMainJITDylib();
  for (std::unique_ptr<llvm::MemoryBuffer> &object : objects)
    if (llvm::Error e = result->jit->addObjectFile(std::move(object)))
      return std::move(e);
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      layout.getGlobalPrefix());
  if (!process)
    return process.takeError();
  main.addGenerator(std::move(*process));
  if (llvm::Error e = main.define(llvm::orc::absoluteSymbols(symbols(
          llvm::orc::MangleAndInterner(main.getExecutionSession(), layout)))))
    return std::move(e);
  return result;
}

Expected<void *> Jit::lookup(StringRef name) {
  auto symbol = jit->lookup(name);
  if (!symbol) {
    // The error may refer to the JIT's strings: kept as text.
    std::string text = llvm::toString(symbol.takeError());
    return fail(text);
  }
  if (void *p = symbol->toPtr<void *>())
    return p;
  return fail("@" + name + " is at address 0");
}

Expected<void (*)(void **)> Jit::lookupPacked(StringRef wrapped) {
  auto p = lookup(("_mlir_" + wrapped).str());
  if (!p)
    return p.takeError();
  return reinterpret_cast<void (*)(void **)>(*p);
}
