//===- ProductsTest.cpp - The capability table against cube-reference §0-§1
//-===//
//
// Expected values are typed from cube-reference §0 and §1, not read from
// Products.td.
//
//===----------------------------------------------------------------------===//

#include "ascube/Target/Target.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace ascube::target;
using ascube::layout::Format;

namespace {
constexpr uint64_t KB = 1024;

struct Expected {
  const char *key;
  unsigned arch;
  uint64_t ub, l1, l0a, l0b, l0c, bt, fb;
  Format l0aLayout;
};

// cube-reference §0 (arch) and §1 (capacities). FB of 310B / Kirin is [U]:
// ascube assumes 2 KB (docs/Rationale.md).
const Expected kExpected[] = {
    {"atlas_a2", 2201, 192 * KB, 512 * KB, 64 * KB, 64 * KB, 128 * KB, 1 * KB,
     2 * KB, Format::Zz},
    {"atlas_a3", 2201, 192 * KB, 512 * KB, 64 * KB, 64 * KB, 128 * KB, 1 * KB,
     2 * KB, Format::Zz},
    {"ascend950pr", 3510, 256 * KB, 512 * KB, 64 * KB, 64 * KB, 256 * KB,
     4 * KB, 4 * KB, Format::Nz},
    {"ascend950dt", 3510, 256 * KB, 512 * KB, 64 * KB, 64 * KB, 256 * KB,
     4 * KB, 4 * KB, Format::Nz},
    {"atlas_200i_500_a2", 3002, 248 * KB, 1024 * KB, 64 * KB, 64 * KB, 128 * KB,
     1 * KB, 2 * KB, Format::Zz},
    {"atlas_inference", 2002, 256 * KB, 1024 * KB, 64 * KB, 64 * KB, 256 * KB,
     0, 0, Format::Zz},
    {"atlas_training", 1001, 256 * KB, 1024 * KB, 64 * KB, 64 * KB, 256 * KB, 0,
     0, Format::Zz},
    {"kirin_x90", 3003, 128 * KB, 1024 * KB, 64 * KB, 64 * KB, 128 * KB, 1 * KB,
     2 * KB, Format::Zz},
    {"kirin_9030", 3113, 128 * KB, 512 * KB, 32 * KB, 32 * KB, 64 * KB, 1 * KB,
     2 * KB, Format::Zz},
};
} // namespace

TEST(Products, AllNineInDocumentedOrder) {
  ASSERT_EQ(allProducts().size(), std::size(kExpected));
  for (size_t i = 0; i < std::size(kExpected); ++i)
    EXPECT_STREQ(allProducts()[i].Name, kExpected[i].key);
}

TEST(Products, CapacitiesAndArch) {
  for (const Expected &e : kExpected) {
    SCOPED_TRACE(e.key);
    const ProductInfo *p = lookupProduct(e.key);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->Arch, e.arch);
    EXPECT_EQ(p->capacity(Level::UB), e.ub);
    EXPECT_EQ(p->capacity(Level::L1), e.l1);
    EXPECT_EQ(p->capacity(Level::L0A), e.l0a);
    EXPECT_EQ(p->capacity(Level::L0B), e.l0b);
    EXPECT_EQ(p->capacity(Level::L0C), e.l0c);
    EXPECT_EQ(p->capacity(Level::BT), e.bt);
    EXPECT_EQ(p->capacity(Level::FB), e.fb);
    EXPECT_EQ(p->L0ALayout, e.l0aLayout);
    // Alignment (§1, §4): L0A/L0B 512 B, L1/UB 32 B, L0C/BT/FB 64 B.
    EXPECT_EQ(p->alignment(Level::L0A), 512u);
    EXPECT_EQ(p->alignment(Level::L0B), 512u);
    EXPECT_EQ(p->alignment(Level::L1), 32u);
    EXPECT_EQ(p->alignment(Level::UB), 32u);
    EXPECT_EQ(p->alignment(Level::L0C), 64u);
    EXPECT_EQ(p->alignment(Level::BT), 64u);
    EXPECT_EQ(p->alignment(Level::FB), 64u);
    EXPECT_EQ(p->alignment(Level::GM), 1u);
  }
}

TEST(Products, Only950HasMXAndLacksGMToL0) {
  for (const ProductInfo &p : allProducts()) {
    bool is950 = p.Arch == 3510;
    EXPECT_EQ(p.hasLevel(Level::L0A_MX), is950) << p.Name;
    EXPECT_EQ(p.hasLevel(Level::L0B_MX), is950) << p.Name;
    EXPECT_EQ(p.HasGMToL0, !is950) << p.Name;
    if (is950) {
      EXPECT_EQ(p.capacity(Level::L0A_MX), 4 * KB);
      EXPECT_EQ(p.capacity(Level::L0B_MX), 4 * KB);
    }
    // The sparse-index buffer (a quarter of L0B) exists on A2/A3 only.
    EXPECT_EQ(p.SparseIndex, p.Arch == 2201 ? 16 * KB : 0) << p.Name;
  }
}

TEST(Products, Bandwidth) {
  // §1: 2201 L1->L0A 256 B/cycle, L1->L0B 128; 3510 both 256.
  EXPECT_EQ(lookupProduct("atlas_a2")->L1ToL0ABandwidth, 256);
  EXPECT_EQ(lookupProduct("atlas_a2")->L1ToL0BBandwidth, 128);
  EXPECT_EQ(lookupProduct("ascend950pr")->L1ToL0BBandwidth, 256);
}

TEST(Products, UnknownKeys) {
  EXPECT_EQ(lookupProduct("atlas_a4"), nullptr);
  EXPECT_EQ(lookupProduct("ATLAS_A2"), nullptr); // keys are exact
  EXPECT_EQ(lookupProduct(""), nullptr);
  EXPECT_NE(knownProductKeys().find("kirin_9030"), std::string::npos);
}

TEST(Levels, Names) {
  for (Level l : allLevels())
    EXPECT_EQ(symbolizeLevel(stringifyLevel(l)), l);
  EXPECT_FALSE(symbolizeLevel("L0D").has_value());
  EXPECT_EQ(allLevels().size(), 10u);
}

namespace {
bool hasMmad(const char *product, const char *a, const char *b, const char *c,
             const char *bias = "") {
  const ProductInfo *p = lookupProduct(product);
  for (const MmadRowInfo &r : mmadRows())
    if (p->in(r.Products) && !strcmp(r.A, a) && !strcmp(r.B, b) &&
        !strcmp(r.C, c) && !strcmp(r.Bias, bias))
      return true;
  return false;
}
/// Is `type` a row of `rows` on `product`? (Rows of any table's struct.)
template <typename Row>
bool hasType(llvm::ArrayRef<Row> rows, const char *product, const char *type) {
  const ProductInfo *p = lookupProduct(product);
  for (const Row &r : rows)
    if (p->in(r.Products) && !strcmp(r.Type, type))
      return true;
  return false;
}
/// The row of `type` in `rows` on `product`, or nullptr.
template <typename Row>
const Row *typeRow(llvm::ArrayRef<Row> rows, const char *product,
                   const char *type) {
  const ProductInfo *p = lookupProduct(product);
  for (const Row &r : rows)
    if (p->in(r.Products) && !strcmp(r.Type, type))
      return &r;
  return nullptr;
}
} // namespace

// cube-reference §13.2, row by row.
TEST(Products, MmadRows) {
  for (const char *p : {"atlas_a2", "atlas_a3", "atlas_200i_500_a2"}) {
    SCOPED_TRACE(p);
    EXPECT_TRUE(hasMmad(p, "i8", "i8", "i32"));
    EXPECT_TRUE(hasMmad(p, "i8", "i8", "i32", "i32"));
    EXPECT_TRUE(hasMmad(p, "f16", "f16", "f32", "f32"));
    EXPECT_TRUE(hasMmad(p, "bf16", "bf16", "f32", "f32"));
    EXPECT_TRUE(hasMmad(p, "i4", "i4", "i32"));
    EXPECT_FALSE(hasMmad(p, "i4", "i4", "i32", "i32")); // no int4 bias row
    EXPECT_FALSE(hasMmad(p, "f8E4M3FN", "f8E4M3FN", "f32"));
    EXPECT_FALSE(hasMmad(p, "f16", "f16", "f16"));
  }
  for (const char *p : {"ascend950pr", "ascend950dt"}) {
    SCOPED_TRACE(p);
    for (const char *a : {"f8E4M3FN", "f8E5M2"})
      for (const char *b : {"f8E4M3FN", "f8E5M2"})
        EXPECT_TRUE(hasMmad(p, a, b, "f32"));
    EXPECT_TRUE(hasMmad(p, "hif8", "hif8", "f32", "f32"));
    EXPECT_FALSE(hasMmad(p, "i4", "i4", "i32"));
  }
  // 310P: u8 x s8, u8 x u8, f16 -> f16 and f16 -> f32, int4; no bias rows.
  EXPECT_TRUE(hasMmad("atlas_inference", "ui8", "i8", "i32"));
  EXPECT_TRUE(hasMmad("atlas_inference", "ui8", "ui8", "i32"));
  EXPECT_TRUE(hasMmad("atlas_inference", "f16", "f16", "f16"));
  EXPECT_TRUE(hasMmad("atlas_inference", "i4", "i4", "i32"));
  EXPECT_FALSE(hasMmad("atlas_inference", "f16", "f16", "f32", "f32"));
  // 910A: u8 x u8 -> u32.
  EXPECT_TRUE(hasMmad("atlas_training", "ui8", "ui8", "ui32"));
  EXPECT_FALSE(hasMmad("atlas_training", "bf16", "bf16", "f32"));
  // Kirin 9030: f16 -> f16 only.
  EXPECT_TRUE(hasMmad("kirin_9030", "f16", "f16", "f16"));
  EXPECT_FALSE(hasMmad("kirin_9030", "i8", "i8", "i32"));
  EXPECT_TRUE(hasMmad("kirin_x90", "i8", "i8", "i32"));
}

// cube-reference §5, §6.
TEST(Products, MoverTypes) {
  EXPECT_TRUE(hasType(load2DTypes(), "atlas_a2", "i4"));
  EXPECT_FALSE(hasType(load2DTypes(), "ascend950pr", "i4"));
  EXPECT_FALSE(hasType(load2DTypes(), "atlas_200i_500_a2", "i4"));
  EXPECT_TRUE(hasType(load2DTypes(), "atlas_inference", "i4"));
  EXPECT_FALSE(hasType(load2DTypes(), "atlas_training", "f32"));
  EXPECT_TRUE(hasType(load2DTypes(), "kirin_x90", "i8"));
  EXPECT_FALSE(hasType(load2DTypes(), "kirin_x90", "bf16"));
  EXPECT_TRUE(hasType(load2DTypes(), "kirin_9030", "f16"));
  EXPECT_FALSE(hasType(load2DTypes(), "kirin_9030", "i8"));
  EXPECT_TRUE(hasType(nd2nzTypes(), "ascend950pr", "hif8"));
  EXPECT_FALSE(hasType(nd2nzTypes(), "atlas_a2", "hif8"));
  EXPECT_FALSE(hasType(nd2nzTypes(), "atlas_inference", "i8")); // 16/32-bit
  EXPECT_TRUE(hasType(nd2nzTypes(), "atlas_inference", "f16"));
  // §6: int4 moves L1 -> L0 only.
  ASSERT_TRUE(typeRow(load2DTypes(), "atlas_a2", "i4"));
  EXPECT_FALSE(typeRow(load2DTypes(), "atlas_a2", "i4")->FromGM);
  EXPECT_TRUE(typeRow(load2DTypes(), "atlas_a2", "i8")->FromGM);
}

// cube-reference §7, §8, §10.2.
TEST(Products, TransposeV2AndV1Types) {
  // §7: A2/A3 into L0A (u)int8, half, bf16, (u)int32, float; L0B also
  // int4; 950 the same list without int4.
  for (const char *t : {"i8", "ui8", "f16", "bf16", "i32", "ui32", "f32"}) {
    SCOPED_TRACE(t);
    ASSERT_TRUE(typeRow(load2DTransposeTypes(), "atlas_a2", t));
    EXPECT_TRUE(typeRow(load2DTransposeTypes(), "atlas_a2", t)->IntoL0A);
    EXPECT_TRUE(hasType(load2DTransposeTypes(), "ascend950pr", t));
  }
  ASSERT_TRUE(typeRow(load2DTransposeTypes(), "atlas_a3", "i4"));
  EXPECT_FALSE(typeRow(load2DTransposeTypes(), "atlas_a3", "i4")->IntoL0A);
  EXPECT_FALSE(hasType(load2DTransposeTypes(), "ascend950dt", "i4"));
  EXPECT_FALSE(hasType(load2DTransposeTypes(), "atlas_a2", "i16"));
  // Only the products with a LoadDataWithTranspose form have rows.
  for (const ProductInfo &p : allProducts())
    for (const auto &r : load2DTransposeTypes())
      EXPECT_TRUE(!p.in(r.Products) || p.HasTransposeV1 || p.HasTransposeV2)
          << p.Name;
  // §8: 950's 2D-v2 moves fp4/fp8/hif8 too, never int16.
  for (const char *t : {"f4E2M1FN", "f4e1m2", "hif8", "f8E5M2", "f8E4M3FN",
                        "i8", "ui8", "f16", "bf16", "i32", "ui32", "f32"})
    EXPECT_TRUE(hasType(load2DV2Types(), "ascend950pr", t)) << t;
  EXPECT_FALSE(hasType(load2DV2Types(), "ascend950pr", "i16"));
  EXPECT_FALSE(hasType(load2DV2Types(), "atlas_a2", "f16"));
  // §10.2: LoadData 3D V1 on 310P/910A, half and (u)int8.
  EXPECT_TRUE(hasType(load3DV1Types(), "atlas_inference", "f16"));
  EXPECT_TRUE(hasType(load3DV1Types(), "atlas_training", "ui8"));
  EXPECT_FALSE(hasType(load3DV1Types(), "atlas_training", "f32"));
  EXPECT_FALSE(hasType(load3DV1Types(), "atlas_a2", "f16"));
}

// cube-reference §15: MmadMx pairs fp8 with fp8 and fp4 with fp4, 950 only.
TEST(Products, MxPairs) {
  auto has = [](const char *product, const char *a, const char *b) {
    const ProductInfo *p = lookupProduct(product);
    for (const MxRowInfo &r : mmadMxRows())
      if (p->in(r.Products) && !strcmp(r.A, a) && !strcmp(r.B, b))
        return true;
    return false;
  };
  EXPECT_TRUE(has("ascend950pr", "f8E4M3FN", "f8E5M2"));
  EXPECT_TRUE(has("ascend950dt", "f4E2M1FN", "f4e1m2"));
  EXPECT_FALSE(has("ascend950pr", "f8E4M3FN", "f4E2M1FN"));
  EXPECT_FALSE(has("atlas_a2", "f8E4M3FN", "f8E4M3FN"));
  EXPECT_EQ(mmadMxRows().size(), 8u);
}

// cube-reference §1: AI cores per device (the documented SKU named in the
// notes).
TEST(Products, AICores) {
  EXPECT_EQ(lookupProduct("atlas_a2")->AICores, 24);
  EXPECT_EQ(lookupProduct("atlas_a3")->AICores, 24);
  EXPECT_EQ(lookupProduct("ascend950dt")->AICores, 8);
  EXPECT_EQ(lookupProduct("atlas_200i_500_a2")->AICores, 1);
  for (const ProductInfo &p : allProducts())
    EXPECT_GE(p.AICores, 1) << p.Name;
}

// Ascend C SyncAll (hardware): Atlas A2/A3, Kirin X90, Kirin 9030 on its
// page, Ascend 950PR/950DT in its sync_all sample; not 310B, 310P, 910A.
TEST(Products, SyncAll) {
  for (const char *name : {"atlas_a2", "atlas_a3", "ascend950pr", "ascend950dt",
                           "kirin_x90", "kirin_9030"})
    EXPECT_TRUE(lookupProduct(name)->HasSyncAll) << name;
  for (const char *name :
       {"atlas_200i_500_a2", "atlas_inference", "atlas_training"})
    EXPECT_FALSE(lookupProduct(name)->HasSyncAll) << name;
}

// cube-reference §1, §5, §8-§16: which products have which instruction.
TEST(Products, Switches) {
  for (const ProductInfo &p : allProducts()) {
    SCOPED_TRACE(p.Name);
    bool is950 = p.Arch == 3510;
    EXPECT_EQ(p.HasDN2NZ, is950);
    EXPECT_EQ(p.HasNZ2DN, is950);
    EXPECT_EQ(p.HasDisableGemv, is950);
    EXPECT_EQ(p.HasLoad2DV2, is950);
    // LoadData2dTransposeParams V1: A2/A3, 310B, Kirin X90 (§7).
    EXPECT_EQ(p.HasTransposeV1,
              p.Arch == 2201 || p.Arch == 3002 || p.Arch == 3003);
    // LoadData2dTransposeParamsV2: 950 (§7).
    EXPECT_EQ(p.HasTransposeV2, is950);
    EXPECT_EQ(p.HasMX, is950);
    EXPECT_EQ(p.HasSparse, p.Arch == 2201);
    EXPECT_EQ(p.HasND2NZ, p.Arch != 3002);
    EXPECT_EQ(p.HasLoad3DV1, p.Arch == 2002 || p.Arch == 1001);
    EXPECT_EQ(p.HasLoad3DV2, p.Arch != 1001 && p.Arch != 3113);
    EXPECT_EQ(p.HasCmatrixSource, p.Arch == 2201 || p.Arch == 3002 || is950);
    EXPECT_EQ(p.HasKDirectionAlign,
              p.Arch == 2201 || p.Arch == 3003 || p.Arch == 3113);
    EXPECT_EQ(p.BiasCopyUnit, is950 ? 32 : 64);
    // Fixpipe L0C -> UB: 950 (Arch3510) and 310B (M300) (§16).
    EXPECT_EQ(p.HasL0CToUB, is950 || p.Arch == 3002);
    // SetFixPipeClipRelu: 310B, Kirin X90, Kirin 9030 (§16).
    EXPECT_EQ(p.HasClipRelu,
              p.Arch == 3002 || p.Arch == 3003 || p.Arch == 3113);
    // aclrtFloatOverflowMode: A2/A3 both modes (Inf/NaN by default), 950
    // Inf/NaN only, 310B/310P/910A saturation only; Kirin [U] as A2/A3.
    EXPECT_EQ(p.HasInfNanMode,
              p.Arch != 3002 && p.Arch != 2002 && p.Arch != 1001);
    EXPECT_EQ(p.HasSatMode, !is950);
    // SetHF32Mode: A2/A3, 950 (10-bit mantissa [C]), 310B (§13.3) --
    // exactly the products with an f32 x f32 Mmad row, so mmad_c11 refuses
    // hf32 wherever the mode is missing.
    EXPECT_EQ(p.HF32Mantissa, is950                              ? 10
                              : p.Arch == 2201 || p.Arch == 3002 ? 11
                                                                 : 0);
    bool f32Row = llvm::any_of(mmadRows(), [&](const MmadRowInfo &r) {
      return p.in(r.Products) && llvm::StringRef(r.A) == "f32";
    });
    EXPECT_EQ(f32Row, p.HF32Mantissa != 0);
    // §6: dstGap is ignored on 950. §10: 950's LoadData 3D places repeats
    // dstStride apart; A2/A3 check mStartPt % 16 for b8/b16 [I].
    EXPECT_EQ(p.HasLoad2DDstGap, !is950);
    EXPECT_EQ(p.HasLoad3DDstStride, is950);
    EXPECT_EQ(p.Load3DMStartAlign16, p.Arch == 2201);
    // §16: FixpipeParamsArch3510 and the dual destination are 950's; the
    // MCB shift of a QUANT_PRE word is A2/A3's.
    EXPECT_EQ(p.HasFixpipeArch3510, is950);
    EXPECT_EQ(p.HasFixpipeDualDst, is950);
    EXPECT_EQ(p.HasQuantMCB, p.Arch == 2201);
  }
}

// Products sharing a Cube core (one __NPU_ARCH__) share a family name, and
// products of different cores do not.
TEST(Products, Families) {
  for (const ProductInfo &p : allProducts())
    for (const ProductInfo &q : allProducts())
      EXPECT_EQ(std::strcmp(p.Family, q.Family) == 0, p.Arch == q.Arch)
          << p.Name << " " << q.Name;
  EXPECT_EQ(productFamilies(0b1100), "950");
  EXPECT_EQ(productFamilies(0b0011), "Atlas A2/A3");
  EXPECT_EQ(productFamilies(0b10011), "Atlas A2/A3 and 310B");
  EXPECT_EQ(productFamilies(0b110011), "Atlas A2/A3, 310B and 310P");
}

// §16: the bias copy converts f16/f32 -> f32 and i32 -> i32 everywhere,
// bf16 -> f32 on 950 only.
TEST(Products, BiasCopyRows) {
  auto has = [](const char *src, const char *dst, const char *product) {
    return llvm::any_of(biasCopyRows(), [&](const ConversionRowInfo &r) {
      return llvm::StringRef(r.Src) == src && llvm::StringRef(r.Dst) == dst &&
             lookupProduct(product)->in(r.Products);
    });
  };
  for (const ProductInfo &p : allProducts()) {
    EXPECT_TRUE(has("f16", "f32", p.Name));
    EXPECT_TRUE(has("f32", "f32", p.Name));
    EXPECT_TRUE(has("i32", "i32", p.Name));
    EXPECT_EQ(has("bf16", "f32", p.Name), p.Arch == 3510);
    EXPECT_FALSE(has("f16", "f16", p.Name));
  }
}

// §16's QuantMode_t: the V forms take a per-column vector, the plain casts
// (NoQuant, F322F16, F322BF16) no scale; A2/A3's modes are 0-8 and 950 adds
// the scaled float and 8-bit float outputs; MCB goes with (V)REQ8 and
// (V)DEQF16.
TEST(Products, QuantModes) {
  EXPECT_EQ(quantModes().size(), 23u);
  for (const QuantModeInfo &m : quantModes()) {
    llvm::StringRef n = m.Name;
    SCOPED_TRACE(m.Name);
    EXPECT_EQ(lookupQuantMode(n), &m);
    EXPECT_EQ(m.Vector, n.starts_with("V"));
    EXPECT_EQ(m.Scaled, !(n == "NoQuant" || n == "F322F16" || n == "F322BF16"));
    bool a2 = n == "NoQuant" || n == "F322F16" || n == "F322BF16" ||
              n.ends_with("DEQF16") || n.ends_with("QF322B8_PRE") ||
              n.ends_with("REQ8");
    EXPECT_EQ(lookupProduct("atlas_a2")->in(m.Products), a2);
    EXPECT_TRUE(lookupProduct("ascend950pr")->in(m.Products));
    EXPECT_EQ(m.Mcb, n.ends_with("REQ8") || n.ends_with("DEQF16"));
  }
  EXPECT_EQ(lookupQuantMode("req8"), nullptr);
  // Every conversion names existing modes; each (Src, Dst) has at most one
  // default.
  for (const QuantConversionInfo &c : quantConversions()) {
    SCOPED_TRACE(std::string(c.Mode) + " " + c.Src + " " + c.Dst);
    ASSERT_NE(lookupQuantMode(c.Mode), nullptr);
    for (const char *f : {c.ScalarForm, c.VectorForm}) {
      if (*f) {
        EXPECT_NE(lookupQuantMode(f), nullptr);
      }
    }
    int defaults = 0;
    for (const QuantConversionInfo &d : quantConversions())
      defaults += d.Default && llvm::StringRef(d.Src) == c.Src &&
                  llvm::StringRef(d.Dst) == c.Dst;
    EXPECT_LE(defaults, 1);
  }
}
