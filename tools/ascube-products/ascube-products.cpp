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

static cl::OptionCategory category("ascube-products options");
static cl::opt<bool> markdown("markdown",
                              cl::desc("Print the whole table as Markdown "
                                       "(docs/Products.md)"),
                              cl::cat(category));
static cl::opt<std::string> product(cl::Positional, cl::desc("[product]"),
                                    cl::init(""), cl::cat(category));

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
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
    errs() << "ascube-products: " << describeUnknownProduct(product) << "\n";
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
  // Instructions and switches (cube-reference §5-§16); the dtype tables are
  // in docs/Products.md (--markdown).
  std::pair<const char *, bool> has[] = {
      {"GM->L0A/L0B", p->HasGMToL0},
      {"DataCopy ND2NZ", p->HasND2NZ},
      {"DataCopy DN2NZ", p->HasDN2NZ},
      {"Fixpipe", p->HasFixpipe},
      {"Fixpipe NZ2DN", p->HasNZ2DN},
      {"Fixpipe L0C->UB", p->HasL0CToUB},
      {"Fixpipe ClipReLU", p->HasClipRelu},
      {"Mmad bias (cmatrixSource)", p->HasCmatrixSource},
      {"Mmad kDirectionAlign", p->HasKDirectionAlign},
      {"Mmad disableGemv", p->HasDisableGemv},
      {"LoadData 2D-v2", p->HasLoad2DV2},
      {"LoadDataWithTranspose V1", p->HasTransposeV1},
      {"LoadDataWithTranspose V2", p->HasTransposeV2},
      {"LoadData 3D V1", p->HasLoad3DV1},
      {"LoadData 3D V2", p->HasLoad3DV2},
      {"MX", p->HasMX},
      {"4:2 sparse", p->HasSparse}};
  outs() << "  has:";
  for (auto [name, yes] : has)
    if (yes)
      outs() << " " << name << ";";
  outs() << "\n  lacks:";
  for (auto [name, yes] : has)
    if (!yes)
      outs() << " " << name << ";";
  outs() << "\n  Mmad HF32 mantissa: "
         << (p->HF32Mantissa ? std::to_string(p->HF32Mantissa) + " bits"
                             : std::string("no HF32 mode"))
         << "\n  float overflow modes: "
         << (p->HasInfNanMode && p->HasSatMode ? "Inf/NaN (default), saturation"
             : p->HasInfNanMode                ? "Inf/NaN"
                                               : "saturation")
         << "\n";
  if (p->hasLevel(Level::BT))
    outs() << "  L1->BT copy unit: " << unsigned(p->BiasCopyUnit) << " B\n";
  if (*p->Notes)
    outs() << "  notes: " << p->Notes << "\n";
  return 0;
}
