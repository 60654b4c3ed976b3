//===- Target.cpp - Products and memory levels ----------------------------===//
//
// Reads the generated capability table (include/ascube/Target/Products.td,
// cube-reference §0-§1).
//
//===----------------------------------------------------------------------===//

#include "ascube/Target/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <functional>

using namespace ascube::target;
using llvm::ArrayRef;
using llvm::StringRef;

namespace {
#define GET_ProductTable_DECL
#define GET_ProductTable_IMPL
#define GET_MmadTable_IMPL
#define GET_MmadMxTable_IMPL
#define GET_Load2DTable_IMPL
#define GET_Load2DTransposeTable_IMPL
#define GET_Load2DV2Table_IMPL
#define GET_Load3DV1Table_IMPL
#define GET_Nd2NzTable_IMPL
#define GET_Load3DL0ATable_IMPL
#define GET_Load3DL0BTable_IMPL
#define GET_Load3DTransposeTable_IMPL
#define GET_FixpipeTable_IMPL
#define GET_BiasCopyTable_IMPL
#define GET_QuantModeTable_DECL
#define GET_QuantModeTable_IMPL
#define GET_QuantConversionTable_IMPL
#define GET_CostTable_IMPL
#include "ascube/Target/Products.inc"

struct LevelName {
  Level level;
  StringRef name;
  StringRef description;
};
constexpr LevelName kLevels[] = {
    {Level::GM, "GM", "global memory (off-core)"},
    {Level::L1, "L1", "L1 buffer (A1/B1)"},
    {Level::L0A, "L0A", "left matrix buffer (A2)"},
    {Level::L0B, "L0B", "right matrix buffer (B2)"},
    {Level::L0C, "L0C", "accumulator buffer (CO1)"},
    {Level::BT, "BT", "bias table (C2)"},
    {Level::FB, "FB", "fixpipe buffer (C2PIPE2GM)"},
    {Level::UB, "UB", "unified buffer (vector core)"},
    {Level::L0A_MX, "L0A_MX", "MX scaleA buffer (950)"},
    {Level::L0B_MX, "L0B_MX", "MX scaleB buffer (950)"},
};
} // namespace

ArrayRef<Level> ascube::target::allLevels() {
  static const Level all[] = {
      Level::GM, Level::L1, Level::L0A, Level::L0B,    Level::L0C,
      Level::BT, Level::FB, Level::UB,  Level::L0A_MX, Level::L0B_MX};
  return all;
}

StringRef ascube::target::stringifyLevel(Level level) {
  for (const LevelName &l : kLevels)
    if (l.level == level)
      return l.name;
  return "<invalid>";
}

std::optional<Level> ascube::target::symbolizeLevel(StringRef name) {
  for (const LevelName &l : kLevels)
    if (l.name == name)
      return l.level;
  return std::nullopt;
}

std::string ascube::target::knownLevelNames() {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      kLevels, os, [&](const LevelName &l) { os << l.name; }, ", ");
  return s;
}

namespace {
/// The table fields that hold one level's capacity and alignment.
struct LevelFields {
  uint32_t ProductInfo::*capacity; // nullptr for GM (unbounded)
  uint16_t ProductInfo::*alignment;
};

LevelFields fieldsOf(Level level) {
  switch (level) {
  case Level::GM:
    return {nullptr, &ProductInfo::GMAlign};
  case Level::L1:
    return {&ProductInfo::L1, &ProductInfo::L1Align};
  case Level::L0A:
    return {&ProductInfo::L0A, &ProductInfo::L0AAlign};
  case Level::L0B:
    return {&ProductInfo::L0B, &ProductInfo::L0BAlign};
  case Level::L0C:
    return {&ProductInfo::L0C, &ProductInfo::L0CAlign};
  case Level::BT:
    return {&ProductInfo::BT, &ProductInfo::BTAlign};
  case Level::FB:
    return {&ProductInfo::FB, &ProductInfo::FBAlign};
  case Level::UB:
    return {&ProductInfo::UB, &ProductInfo::UBAlign};
  case Level::L0A_MX:
    return {&ProductInfo::L0AMX, &ProductInfo::L0AMXAlign};
  case Level::L0B_MX:
    return {&ProductInfo::L0BMX, &ProductInfo::L0BMXAlign};
  }
  return {nullptr, &ProductInfo::GMAlign};
}
} // namespace

uint64_t ProductInfo::capacity(Level level) const {
  LevelFields f = fieldsOf(level);
  return f.capacity ? this->*f.capacity : 0;
}

unsigned ProductInfo::alignment(Level level) const {
  return this->*fieldsOf(level).alignment;
}

ArrayRef<ProductInfo> ascube::target::allProducts() { return ProductTable; }
ArrayRef<MmadRowInfo> ascube::target::mmadRows() { return MmadTable; }

const CostRowInfo *ascube::target::costsOf(const ProductInfo &product) {
  for (const CostRowInfo &row : CostTable)
    if (product.in(row.Products))
      return &row;
  return nullptr;
}

bool ProductInfo::hasMmadRow(StringRef a, StringRef b, StringRef c,
                             StringRef bias) const {
  return llvm::any_of(mmadRows(), [&](const MmadRowInfo &r) {
    return in(r.Products) && a == r.A && b == r.B && c == r.C &&
           (bias == "*" ? *r.Bias != '\0' : bias == r.Bias);
  });
}

std::string ProductInfo::describeMmadRows(bool bias) const {
  std::string s =
      std::string(Name) + "'s Mmad rows" + (bias ? " with a bias" : "") + ": ";
  llvm::SmallVector<std::string> rows;
  for (const MmadRowInfo &r : mmadRows()) {
    if (!in(r.Products) || (*r.Bias != '\0') != bias)
      continue;
    std::string row = std::string(r.A) + " x " + r.B + " -> " + r.C;
    if (!llvm::is_contained(rows, row))
      rows.push_back(row);
  }
  return s + (rows.empty() ? std::string("none") : llvm::join(rows, ", "));
}

bool ProductInfo::hasBiasTable(StringRef a, StringRef b, StringRef c) const {
  return hasMmadRow(a, b, c, "*") && hasLevel(Level::BT);
}

bool ProductInfo::canSeedBias(StringRef c) const {
  return HasND2NZ && hasMmadRow(c, c, c);
}

bool ProductInfo::allows(ArrayRef<TypeRowInfo> rows, StringRef type) const {
  return llvm::any_of(rows, [&](const TypeRowInfo &r) {
    return in(r.Products) && type == r.Type;
  });
}
ArrayRef<MxRowInfo> ascube::target::mmadMxRows() { return MmadMxTable; }
ArrayRef<Load2DTypeInfo> ascube::target::load2DTypes() { return Load2DTable; }
ArrayRef<Load2DTransposeTypeInfo> ascube::target::load2DTransposeTypes() {
  return Load2DTransposeTable;
}
ArrayRef<TypeRowInfo> ascube::target::load2DV2Types() { return Load2DV2Table; }
ArrayRef<TypeRowInfo> ascube::target::load3DV1Types() { return Load3DV1Table; }
ArrayRef<TypeRowInfo> ascube::target::load3DTypes(Level dst, bool transposed) {
  if (transposed)
    return Load3DTransposeTable;
  return dst == Level::L0B ? ArrayRef<TypeRowInfo>(Load3DL0BTable)
                           : ArrayRef<TypeRowInfo>(Load3DL0ATable);
}
ArrayRef<TypeRowInfo> ascube::target::nd2nzTypes() { return Nd2NzTable; }
ArrayRef<FixpipeRowInfo> ascube::target::fixpipeRows() { return FixpipeTable; }
ArrayRef<ConversionRowInfo> ascube::target::biasCopyRows() {
  return BiasCopyTable;
}
ArrayRef<QuantModeInfo> ascube::target::quantModes() { return QuantModeTable; }
const QuantModeInfo *ascube::target::lookupQuantMode(StringRef name) {
  // The generated index compares case-insensitively; IR names are exact.
  const QuantModeInfo *m = lookupQuantModeByName(name);
  return (m && name == m->Name) ? m : nullptr;
}
ArrayRef<QuantConversionInfo> ascube::target::quantConversions() {
  return QuantConversionTable;
}

std::string ascube::target::productFamilies(unsigned productMask) {
  llvm::SmallVector<StringRef> families;
  for (const ProductInfo &p : allProducts())
    if (p.in(productMask) && !llvm::is_contained(families, p.Family))
      families.push_back(p.Family);
  std::string s;
  for (size_t i = 0; i < families.size(); ++i)
    s += (i == 0                     ? ""
          : i + 1 == families.size() ? " and "
                                     : ", ") +
         families[i].str();
  return s;
}

const ProductInfo *ascube::target::lookupProduct(StringRef key) {
  // Nine exact keys: compared in place (every verifier asks for its
  // target's product, so nothing is allocated here).
  for (const ProductInfo &p : ProductTable)
    if (key == p.Name)
      return &p;
  return nullptr;
}

std::string ascube::target::knownProductKeys() {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      ArrayRef<ProductInfo>(ProductTable), os,
      [&](const ProductInfo &p) { os << p.Name; }, ", ");
  return s;
}

const ProductInfo *ascube::target::nearestProduct(StringRef key) {
  auto normalize = [](StringRef s) {
    std::string n = s.trim().lower();
    for (char &c : n)
      if (c == '-' || c == ' ')
        c = '_';
    return n;
  };
  std::string want = normalize(key);
  const ProductInfo *best = nullptr;
  unsigned bestEdits = 0;
  for (const ProductInfo &p : ProductTable) {
    unsigned edits = StringRef(want).edit_distance(p.Name);
    if (!best || edits < bestEdits) {
      best = &p;
      bestEdits = edits;
    }
  }
  return best && bestEdits * 3 <= std::max<size_t>(want.size(), 3) ? best
                                                                   : nullptr;
}

std::optional<std::string> ascube::target::blockCountRefusal(uint64_t blocks,
                                                             StringRef what) {
  if (blocks >= 1 && blocks <= kMaxBlocks)
    return std::nullopt;
  return llvm::formatv("{0}{1}: a kernel launches 1 to {2} blocks (Ascend "
                       "C's blockDim) [blocks_c1]",
                       what, blocks, kMaxBlocks)
      .str();
}

std::string ascube::target::describeUnknownProduct(StringRef key) {
  std::string s = "unknown product '" + key.str() + "'";
  if (const ProductInfo *near = nearestProduct(key))
    return s + "; did you mean '" + std::string(near->Name) +
           "'? known: " + knownProductKeys();
  return s + "; known: " + knownProductKeys();
}

static std::string formatBytes(uint64_t b) {
  if (b == 0)
    return "—";
  if (b % 1024 == 0)
    return llvm::formatv("{0} KB", b / 1024).str();
  return llvm::formatv("{0} B", b).str();
}

void ascube::target::printProductsMarkdown(llvm::raw_ostream &os) {
  ArrayRef<ProductInfo> products = allProducts();
  os << "# Products\n\n"
     << "<!-- Generated by `ascube-products --markdown` from "
        "include/ascube/Target/Products.td. Do not edit by hand: a test "
        "(test/Target/products-doc.test) fails when this file and the table "
        "disagree. Regenerate with `ninja -C build ascube-products-doc`. "
        "-->\n\n"
     << "The capability table behind every product-dependent rule of "
        "ascube. Select a product with a module attribute:\n\n"
     << "```mlir\nmodule attributes {ascube.target = "
        "#ascube.target<atlas_a2>} {\n}\n```\n\n"
     << "Source: cube-reference §0 (products) and §1 (capacities, "
        "alignment, bandwidth, data paths). [U] marks a value the reference "
        "leaves unconfirmed; the Notes say what ascube assumes "
        "(docs/Rationale.md explains why).\n\n";

  os << "## Products\n\n| key | product | `__NPU_ARCH__` | impl dir | L0A "
        "layout | GM→L0A/L0B |\n|---|---|---|---|---|---|\n";
  for (const ProductInfo &p : products)
    os << "| `" << p.Name << "` | " << p.DocName << " | " << p.Arch << " | "
       << p.ImplDir << " | " << layout::stringifyFormat(p.L0ALayout) << " | "
       << (p.HasGMToL0 ? "yes" : "no") << " |\n";

  os << "\n## Capacity per memory level (— = the product has no such level)"
        "\n\n| level |";
  for (const ProductInfo &p : products)
    os << " `" << p.Name << "` |";
  os << "\n|---|";
  for (size_t i = 0; i < products.size(); ++i)
    os << "---|";
  os << "\n";
  for (Level l : allLevels()) {
    if (l == Level::GM)
      continue;
    os << "| " << stringifyLevel(l) << " |";
    for (const ProductInfo &p : products)
      os << " " << formatBytes(p.capacity(l)) << " |";
    os << "\n";
  }
  os << "| sparse index |";
  for (const ProductInfo &p : products)
    os << " " << formatBytes(p.SparseIndex) << " |";
  os << "\n";

  os << "\n## Start alignment per memory level (bytes)\n\n| level |";
  for (const ProductInfo &p : products)
    os << " `" << p.Name << "` |";
  os << "\n|---|";
  for (size_t i = 0; i < products.size(); ++i)
    os << "---|";
  os << "\n";
  for (Level l : allLevels()) {
    os << "| " << stringifyLevel(l) << " |";
    for (const ProductInfo &p : products)
      os << " " << (p.hasLevel(l) ? std::to_string(p.alignment(l)) : "—")
         << " |";
    os << "\n";
  }

  os << "\n## L1 → L0 bandwidth (bytes per cycle; — = undocumented)\n\n"
        "| product | L1→L0A | L1→L0B |\n|---|---|---|\n";
  for (const ProductInfo &p : products) {
    auto bw = [](unsigned v) {
      return v ? std::to_string(v) : std::string("—");
    };
    os << "| `" << p.Name << "` | " << bw(p.L1ToL0ABandwidth) << " | "
       << bw(p.L1ToL0BBandwidth) << " |\n";
  }

  // The timing model's costs (CostRow): where each comes from, and its
  // tag, is docs/Timing.md's.
  os << "\n## Timing costs (docs/Timing.md gives each figure's source and "
        "tag; — = no timing model)\n\n"
        "| product | clock MHz | chip GM GB/s | L2 MiB, GB/s | GM→L1 head + "
        "B/cycle | L1→L0A head + "
        "B/cycle | L1→L0B head + B/cycle | Mmad head + cycles per fractal "
        "(4/8/16/32 "
        "bits) | Fixpipe head, row floor, row B/cycle, odd pass | flag |\n"
        "|---|---|---|---|---|---|---|---|---|---|\n";
  for (const ProductInfo &p : products) {
    const CostRowInfo *c = costsOf(p);
    if (!c) {
      os << "| `" << p.Name << "` | — | — | — | — | — | — | — | — | — |\n";
      continue;
    }
    auto m = [](uint32_t v) {
      std::string t = llvm::formatv("{0:f3}", v / 1000.0).str();
      while (t.back() == '0')
        t.pop_back();
      if (t.back() == '.')
        t.pop_back();
      return t;
    };
    os << "| `" << p.Name << "` | " << c->ClockMHz << " | " << c->ChipGMGBps
       << " | "
       << (c->L2MiB ? llvm::formatv("{0}, {1}", c->L2MiB, c->L2GBps).str()
                    : std::string("—"))
       << " | " << m(c->GMToL1HeadMilli) << " + " << m(c->GMToL1BwMilli)
       << " | " << m(c->L1ToL0AHeadMilli) << " + " << m(c->L1ToL0ABwMilli)
       << " | " << m(c->L1ToL0BHeadMilli) << " + " << m(c->L1ToL0BBwMilli)
       << " | " << m(c->MmadHeadMilli) << " + " << m(c->Mmad4Milli) << "/"
       << m(c->Mmad8Milli) << "/" << m(c->Mmad16Milli) << "/"
       << m(c->Mmad32Milli) << " | " << m(c->FixHeadMilli) << ", "
       << m(c->FixRowMinMilli) << ", " << m(c->FixRowBwMilli) << ", "
       << m(c->FixOddPassMilli) << " | " << m(c->FlagMilli) << " |\n";
  }

  auto yes = [](bool b) { return b ? "yes" : "—"; };
  // One row per capability, one column per product (the bits of
  // Products.td, in its order).
  struct Capability {
    const char *name;
    std::function<std::string(const ProductInfo &)> show;
  };
  auto bit = [&](bool ProductInfo::*f) {
    return [=](const ProductInfo &p) { return std::string(yes(p.*f)); };
  };
  const Capability capabilities[] = {
      {"family (diagnostics)",
       [](const ProductInfo &p) { return std::string(p.Family); }},
      {"DataCopy ND2NZ", bit(&ProductInfo::HasND2NZ)},
      {"DataCopy DN2NZ", bit(&ProductInfo::HasDN2NZ)},
      {"Fixpipe", bit(&ProductInfo::HasFixpipe)},
      {"Fixpipe NZ2DN", bit(&ProductInfo::HasNZ2DN)},
      {"Mmad bias (cmatrixSource)", bit(&ProductInfo::HasCmatrixSource)},
      {"Mmad kDirectionAlign", bit(&ProductInfo::HasKDirectionAlign)},
      {"Mmad disableGemv", bit(&ProductInfo::HasDisableGemv)},
      {"LoadData 2D-v2", bit(&ProductInfo::HasLoad2DV2)},
      {"LoadData 2D dstGap honoured", bit(&ProductInfo::HasLoad2DDstGap)},
      {"LoadDataWithTranspose V1", bit(&ProductInfo::HasTransposeV1)},
      {"LoadDataWithTranspose V2", bit(&ProductInfo::HasTransposeV2)},
      {"LoadData 3D V1", bit(&ProductInfo::HasLoad3DV1)},
      {"LoadData 3D V2", bit(&ProductInfo::HasLoad3DV2)},
      {"LoadData 3D dstStride", bit(&ProductInfo::HasLoad3DDstStride)},
      {"LoadData 3D mStartPt % 16 (b8/b16)",
       bit(&ProductInfo::Load3DMStartAlign16)},
      {"MX", bit(&ProductInfo::HasMX)},
      {"4:2 sparse", bit(&ProductInfo::HasSparse)},
      {"Fixpipe ClipReLU", bit(&ProductInfo::HasClipRelu)},
      {"Fixpipe L0C→UB", bit(&ProductInfo::HasL0CToUB)},
      {"FixpipeParamsArch3510", bit(&ProductInfo::HasFixpipeArch3510)},
      {"Fixpipe dual destination", bit(&ProductInfo::HasFixpipeDualDst)},
      {"QUANT_PRE MCB shift", bit(&ProductInfo::HasQuantMCB)},
      {"float overflow modes (default first)",
       [](const ProductInfo &p) {
         return std::string(p.HasInfNanMode && p.HasSatMode
                                ? "Inf/NaN, saturation"
                            : p.HasInfNanMode ? "Inf/NaN"
                                              : "saturation");
       }},
      {"Mmad HF32 mantissa",
       [](const ProductInfo &p) {
         return p.HF32Mantissa ? std::to_string(p.HF32Mantissa) + " bits"
                               : std::string("—");
       }},
      {"L1→BT unit",
       [](const ProductInfo &p) {
         return p.hasLevel(Level::BT) ? std::to_string(p.BiasCopyUnit) + " B"
                                      : std::string("—");
       }},
      {"AI cores (blocks)",
       [](const ProductInfo &p) { return std::to_string(p.AICores); }},
      {"SetFlag/WaitFlag event IDs",
       [](const ProductInfo &p) {
         return "0–" + std::to_string(p.EventIds - 1);
       }},
      {"SyncAll (blocks barrier)", bit(&ProductInfo::HasSyncAll)},
  };
  os << "\n## Instructions and switches\n\n| capability |";
  for (const ProductInfo &p : products)
    os << " `" << p.Name << "` |";
  os << "\n|---|";
  for (size_t i = 0; i < products.size(); ++i)
    os << "---|";
  os << "\n";
  for (const Capability &c : capabilities) {
    os << "| " << c.name << " |";
    for (const ProductInfo &p : products)
      os << " " << c.show(p) << " |";
    os << "\n";
  }

  auto productList = [&](unsigned mask) {
    std::string s;
    for (const ProductInfo &p : products)
      if (p.in(mask))
        s += (s.empty() ? "`" : ", `") + std::string(p.Name) + "`";
    return s;
  };
  os << "\n## Mmad dtypes (cube-reference §13.2)\n\n| A × B → C | bias | "
        "products |\n|---|---|---|\n";
  for (const MmadRowInfo &r : mmadRows())
    os << "| " << r.A << " × " << r.B << " → " << r.C << " | "
       << (*r.Bias ? r.Bias : "—") << " | " << productList(r.Products)
       << " |\n";
  os << "\n## MmadMx pairs (cube-reference §15)\n\n| A × B → f32 (e8m0 "
        "scales) | products |\n|---|---|\n";
  for (const MxRowInfo &r : mmadMxRows())
    os << "| " << r.A << " × " << r.B << " | " << productList(r.Products)
       << " |\n";
  // A row's restriction, if any, follows its type in parentheses.
  auto none = [](const auto &) { return ""; };
  auto typeTable = [&](StringRef title, auto rows, auto note) {
    os << "\n## " << title << "\n\n| element type | products |\n|---|---|\n";
    for (const auto &r : rows) {
      StringRef n = note(r);
      os << "| " << r.Type << (n.empty() ? "" : " (" + n.str() + ")") << " | "
         << productList(r.Products) << " |\n";
    }
  };
  typeTable("LoadData 2D element types (cube-reference §6)", load2DTypes(),
            [](const Load2DTypeInfo &r) {
              return r.FromGM ? "" : "L1 → L0A/L0B only";
            });
  typeTable("LoadDataWithTranspose element types (cube-reference §7)",
            load2DTransposeTypes(), [](const Load2DTransposeTypeInfo &r) {
              return r.IntoL0A ? "" : "into L0B only";
            });
  typeTable("LoadData 2D-v2 element types (cube-reference §8)", load2DV2Types(),
            none);
  typeTable("DataCopy ND2NZ / DN2NZ element types (cube-reference §5)",
            nd2nzTypes(), none);
  typeTable("LoadData 3D V2 element types into L0A (cube-reference §10.1)",
            load3DTypes(Level::L0A, false), none);
  typeTable("LoadData 3D V2 element types into L0B (cube-reference §10.1)",
            load3DTypes(Level::L0B, false), none);
  typeTable("LoadData 3D V2 element types into L0A with enTranspose "
            "(cube-reference §10.1)",
            load3DTypes(Level::L0A, true), none);
  typeTable("LoadData 3D V1 element types (cube-reference §10.2)",
            load3DV1Types(), none);
  os << "\n## Fixpipe conversions (cube-reference §16)\n\n| L0C → output | "
        "to GM | to L1 | products |\n|---|---|---|---|\n";
  for (const FixpipeRowInfo &r : fixpipeRows())
    os << "| " << r.Src << " → " << r.Dst << " | " << yes(r.ToGM) << " | "
       << yes(r.ToL1) << " | " << productList(r.Products) << " |\n";

  os << "\n## DataCopy L1 → BT bias conversions (cube-reference §16)\n\n"
        "| source → bias table | products |\n|---|---|\n";
  for (const ConversionRowInfo &r : biasCopyRows())
    os << "| " << r.Src << " → " << r.Dst << " | " << productList(r.Products)
       << " |\n";
  os << "\n## Fixpipe quantization modes (cube-reference §16)\n\n| mode | "
        "scale | MCB shift | conversions | products |\n|---|---|---|---|---|"
        "\n";
  for (const QuantModeInfo &m : quantModes()) {
    std::string conv;
    for (const QuantConversionInfo &c : quantConversions())
      if (StringRef(c.Mode) == m.Name)
        conv += (conv.empty() ? "" : ", ") + std::string(c.Src) + " → " + c.Dst;
    os << "| " << m.Name << " | "
       << (!m.Scaled  ? "—"
           : m.Vector ? "per column (quant_vector)"
                      : "scalar (deqScalar)")
       << " | " << yes(m.Mcb) << " | " << conv << " | "
       << productList(m.Products) << " |\n";
  }

  os << "\n## Notes\n\n";
  for (const ProductInfo &p : products)
    os << "- `" << p.Name << "`: " << p.Notes << "\n";
}
