//===- ascube-products.cpp - Print the product capability table -----------===//
//
// `ascube-products --markdown` writes docs/Products.md from the ONE
// capability table (include/ascube/Target/Products.td);
// `ascube-products atlas_a2` prints one product's row.
//
//===----------------------------------------------------------------------===//

#include "ascube/Target/Target.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace ascube::target;

static cl::opt<bool> markdown("markdown",
                              cl::desc("Print the whole table as Markdown "
                                       "(docs/Products.md)"));
static cl::opt<std::string> product(cl::Positional, cl::desc("[product]"),
                                    cl::init(""));

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "ascube product capability table\n");
  if (markdown) {
    printProductsMarkdown(outs());
    return 0;
  }
  if (product.empty()) {
    for (const ProductInfo &p : allProducts())
      outs() << p.Name << "\t" << p.Arch << "\t" << p.DocName << "\n";
    return 0;
  }
  const ProductInfo *p = lookupProduct(product);
  if (!p) {
    errs() << "ascube-products: unknown product '" << product
           << "'; known products: " << knownProductKeys() << "\n";
    return 1;
  }
  outs() << "product " << p->Name << " (" << p->DocName << "), arch " << p->Arch
         << ", L0A layout " << ascube::layout::stringifyFormat(p->L0ALayout)
         << "\n";
  for (Level l : allLevels()) {
    if (l == Level::GM)
      continue;
    outs() << "  " << stringifyLevel(l) << ": ";
    if (!p->hasLevel(l))
      outs() << "none\n";
    else
      outs() << p->capacity(l) << " B, align " << p->alignment(l) << " B\n";
  }
  return 0;
}
