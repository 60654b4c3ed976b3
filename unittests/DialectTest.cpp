//===- DialectTest.cpp - The IR layer agrees with the layout math ---------===//
//
// The affine maps the dialect exposes must describe the same placement as
// the documents' formulas (cube-reference §2), and the helpers must resolve
// fractals from element type and level.
//
//===----------------------------------------------------------------------===//

#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace ascube;

namespace {
class DialectTest : public ::testing::Test {
protected:
  DialectTest() { ctx.loadDialect<AscubeDialect>(); }

  MemRefType parse(StringRef text) {
    Type t = parseType(text, &ctx);
    EXPECT_TRUE(t) << text.str();
    return dyn_cast_or_null<MemRefType>(t);
  }

  /// Evaluates each result of `map` at constant dims.
  SmallVector<int64_t> eval(AffineMap map, ArrayRef<int64_t> dims) {
    SmallVector<AffineExpr> c;
    for (int64_t d : dims)
      c.push_back(getAffineConstantExpr(d, &ctx));
    SmallVector<int64_t> out;
    for (AffineExpr e : map.getResults())
      out.push_back(cast<AffineConstantExpr>(e.replaceDims(c)).getValue());
    return out;
  }

  MLIRContext ctx;
};

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
} // namespace

TEST_F(DialectTest, ResolvesFractalFromTypeAndLevel) {
  auto noErr = [&]() {
    ADD_FAILURE();
    return emitError(UnknownLoc::get(&ctx));
  };
  MemRefType l0c =
      parse("memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>");
  auto l = getFractalLayout(l0c, noErr);
  ASSERT_TRUE(succeeded(l));
  EXPECT_EQ(l->fractal(), (layout::FractalShape{16, 16}));
  EXPECT_EQ(l->sizeInBytes(), 32 * 48 * 4); // 2x3 f32 fractals, 6144 B
  MemRefType l1 =
      parse("memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L1>>");
  l = getFractalLayout(l1, noErr);
  ASSERT_TRUE(succeeded(l));
  EXPECT_EQ(l->fractal(), (layout::FractalShape{16, 8}));
  // L0A Zz 30x70 f16 is 2x5 fractals (5120 B), L0B Zn 70x40 5x3 (7680 B).
  MemRefType a =
      parse("memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>");
  MemRefType b =
      parse("memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>");
  EXPECT_EQ(getFractalLayout(a, noErr)->sizeInBytes(), 5120);
  EXPECT_EQ(getFractalLayout(b, noErr)->sizeInBytes(), 7680);
  MemRefType h = parse("memref<16x64x!ascube.hif8, #ascube.layout<Nz>>");
  EXPECT_EQ(getFractalLayout(h, noErr)->fractal(),
            (layout::FractalShape{16, 32}));
  EXPECT_EQ(getMemLevel(h), target::Level::GM);
}

TEST_F(DialectTest, OffsetMapMatchesFormula) {
  // §2 Zz formula for 30x70 f16, through the flat interface map (ld = the
  // padded column count 80).
  MemRefType a = parse("memref<30x70xf16, #ascube.layout<Zz, ld = 80>, "
                       "#ascube.mem<L0A>>");
  AffineMap map = a.getLayout().getAffineMap();
  ASSERT_EQ(map.getNumResults(), 1u);
  int64_t K1 = ceilDiv(70, 16);
  for (int64_t m = 0; m < 30; ++m)
    for (int64_t k = 0; k < 70; ++k)
      ASSERT_EQ(eval(map, {m, k})[0],
                ((m / 16) * K1 + k / 16) * 256 + (m % 16) * 16 + k % 16);
}

TEST_F(DialectTest, InterfaceMapIsExactWithExplicitFractal) {
  // The MemRefLayoutAttrInterface map is tiled: linearizing its results
  // row-major over the padded grid gives the physical offset (Zn).
  MemRefType t = parse("memref<4x4xf16, #ascube.layout<Zn, fractal = [2, 2]>>");
  AffineMap map = t.getLayout().getAffineMap();
  ASSERT_EQ(map.getNumResults(), 4u);
  // Zn grid: (K1, N1, n0, k0) = (2, 2, 2, 2).
  const int64_t order[16] = {0, 4,  1, 5,  2,  6,  3,  7,
                             8, 12, 9, 13, 10, 14, 11, 15};
  for (int64_t pos = 0; pos < 16; ++pos) {
    int64_t r = order[pos] / 4, c = order[pos] % 4;
    SmallVector<int64_t> res = eval(map, {r, c});
    EXPECT_EQ(((res[0] * 2 + res[1]) * 2 + res[2]) * 2 + res[3], pos);
  }
  // With ld the interface map is flat: Nz, 48 rows per column block.
  MemRefType ld = parse(
      "memref<20x28xf16, #ascube.layout<Nz, fractal = [16, 16], ld = 48>>");
  AffineMap flat = ld.getLayout().getAffineMap();
  ASSERT_EQ(flat.getNumResults(), 1u);
  for (int64_t r = 0; r < 20; ++r)
    for (int64_t c = 0; c < 28; ++c)
      ASSERT_EQ(eval(flat, {r, c})[0], (c / 16) * 768 + r * 16 + c % 16);
}

TEST_F(DialectTest, StridedNDAndDN) {
  MemRefType nd = parse("memref<3x5xf16, #ascube.layout<ND, ld = 8>>");
  auto [strides, offset] = nd.getStridesAndOffset();
  EXPECT_EQ(strides, (SmallVector<int64_t>{8, 1}));
  EXPECT_EQ(offset, 0);
  MemRefType dn = parse("memref<3x5xf16, #ascube.layout<DN>>");
  auto [s2, o2] = dn.getStridesAndOffset();
  EXPECT_EQ(s2, (SmallVector<int64_t>{1, 3}));
  EXPECT_FALSE(parse("memref<16x16xf16, #ascube.layout<Nz>>").isStrided());
}

TEST_F(DialectTest, TargetAttr) {
  Attribute a = parseAttribute("#ascube.target<kirin_9030>", &ctx);
  auto t = dyn_cast_or_null<TargetAttr>(a);
  ASSERT_TRUE(t);
  EXPECT_EQ(t.getInfo()->capacity(target::Level::L0A), 32u * 1024);
}

TEST_F(DialectTest, ElementWidths) {
  EXPECT_EQ(getElementBitWidth(parseType("!ascube.hif8", &ctx)), 8u);
  EXPECT_EQ(getElementBitWidth(parseType("!ascube.f4e1m2", &ctx)), 4u);
  EXPECT_EQ(getElementBitWidth(parseType("f8E8M0FNU", &ctx)), 8u);
  EXPECT_EQ(getElementBitWidth(parseType("i4", &ctx)), 4u);
  EXPECT_FALSE(getElementBitWidth(parseType("index", &ctx)).has_value());
}

// Every QuantMode the IR spells has its row in Products.td's quantization
// table (the verifier and the lowering read a mode's semantics there), and
// the table has no mode the IR cannot spell.
TEST(QuantModeTable, OneRowPerEnumValue) {
  uint32_t n = getMaxEnumValForQuantMode() + 1;
  for (uint32_t i = 0; i < n; ++i) {
    std::optional<QuantMode> q = symbolizeQuantMode(i);
    ASSERT_TRUE(q.has_value()) << i;
    EXPECT_NE(target::lookupQuantMode(stringifyQuantMode(*q)), nullptr)
        << stringifyQuantMode(*q).str();
  }
  EXPECT_EQ(target::quantModes().size(), n);
}

// Memory effects (NVGPU-style, on operands): movers read their source and
// write their destination; load_sparse also writes the implicit 4:2 index
// buffer that mmad_sparse reads, so no analysis reorders the two.
TEST_F(DialectTest, SparseIndexEffects) {
  ctx.loadDialect<func::FuncDialect>();
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(R"mlir(
    func.func @k(%bp: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>,
                 %idx: memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>,
                 %b: memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> {ascube.offset = 0 : i64},
                 %a: memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>,
                 %c: memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>) {
      ascube.load_sparse %bp, %idx to %b : memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L1>>, memref<8x32xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>> to memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>
      ascube.mmad_sparse %a, %b to %c : memref<16x64xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>, memref<32x32xi8, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<16x32xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>
      return
    })mlir",
                                                        &ctx);
  ASSERT_TRUE(m);
  auto kinds = [](Operation *op, Value v, SideEffects::Resource *r) {
    std::string s;
    SmallVector<MemoryEffects::EffectInstance> effects;
    cast<MemoryEffectOpInterface>(op).getEffects(effects);
    for (const MemoryEffects::EffectInstance &e : effects)
      if (e.getValue() == v && (!r || e.getResource() == r))
        s += isa<MemoryEffects::Read>(e.getEffect()) ? "R" : "W";
    return s;
  };
  auto fn = cast<func::FuncOp>(&m->getBody()->front());
  Operation *load = &fn.getBody().front().front();
  Operation *mmad = load->getNextNode();
  Value bp = fn.getArgument(0), idx = fn.getArgument(1), b = fn.getArgument(2),
        a = fn.getArgument(3), c = fn.getArgument(4);
  EXPECT_EQ(kinds(load, bp, nullptr), "R");
  EXPECT_EQ(kinds(load, idx, nullptr), "R");
  EXPECT_EQ(kinds(load, b, nullptr), "W");
  EXPECT_EQ(kinds(load, Value(), SparseIndexResource::get()), "W");
  EXPECT_EQ(kinds(mmad, a, nullptr), "R");
  EXPECT_EQ(kinds(mmad, b, nullptr), "R");
  EXPECT_EQ(kinds(mmad, c, nullptr), "RW");
  EXPECT_EQ(kinds(mmad, Value(), SparseIndexResource::get()), "R");
}
