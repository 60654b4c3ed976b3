//===- LayoutTest.cpp - Fractal layout math
//--------------------------------===//
//
// Expected values come from cube-reference §2-§3 (the documents' reshape
// formulas, re-typed here independently of lib/Layout) and from the public
// worked cases, never from the code under test.
//
//===----------------------------------------------------------------------===//

#include "ascube/Layout/Fractal.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

#include <random>
#include <set>
#include <string>

using namespace ascube::layout;

namespace {

FractalLayout mustGet(Format f, std::vector<int64_t> shape, unsigned bits,
                      std::optional<FractalShape> fractal = std::nullopt,
                      bool inL0C = false,
                      std::optional<int64_t> ld = std::nullopt) {
  LayoutSpec spec;
  spec.format = f;
  spec.fractal = fractal;
  spec.ld = ld;
  auto l = FractalLayout::get(spec, shape, bits, inL0C);
  if (!l) {
    ADD_FAILURE() << llvm::toString(l.takeError());
    // Any valid layout, so the caller does not crash.
    return *FractalLayout::get(LayoutSpec{}, {1, 1}, 16, false);
  }
  return std::move(*l);
}

std::string errorOf(Format f, std::vector<int64_t> shape, unsigned bits,
                    std::optional<FractalShape> fractal = std::nullopt,
                    std::optional<int64_t> ld = std::nullopt) {
  LayoutSpec spec{f, fractal, ld};
  auto l = FractalLayout::get(spec, shape, bits, false);
  if (l)
    return "";
  return llvm::toString(l.takeError());
}

/// The physical order as the documents list it: for each physical
/// position, the row-major logical index, '-' for padding.
std::string order(const FractalLayout &l) {
  std::string s;
  for (int64_t off = 0; off < l.numElements(); ++off) {
    if (off)
      s += ' ';
    auto idx = l.logicalIndex(off);
    if (!idx) {
      s += '-';
      continue;
    }
    int64_t v = 0;
    for (size_t i = 0; i < idx->size(); ++i)
      v = v * l.shape()[i] + (*idx)[i];
    s += std::to_string(v);
  }
  return s;
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

// cube-reference §2, typed from the documents.
int64_t refZz(int64_t m, int64_t k, int64_t K, int64_t c0) {
  int64_t K1 = ceilDiv(K, c0);
  return ((m / 16) * K1 + k / c0) * 16 * c0 + (m % 16) * c0 + k % c0;
}
int64_t refZn(int64_t k, int64_t n, int64_t N, int64_t c0) {
  int64_t N1 = ceilDiv(N, 16);
  return ((k / c0) * N1 + n / 16) * 16 * c0 + (n % 16) * c0 + k % c0;
}
int64_t refNz(int64_t m, int64_t n, int64_t M, int64_t n0) {
  int64_t M1 = ceilDiv(M, 16);
  return ((n / n0) * M1 + m / 16) * 16 * n0 + (m % 16) * n0 + n % n0;
}

} // namespace

// Nz with padding, 20x28 f16.
TEST(LayoutC01, Nz20x28F16Offsets) {
  FractalLayout l = mustGet(Format::Nz, {20, 28}, 16);
  EXPECT_EQ(l.fractal(), (FractalShape{16, 16}));
  EXPECT_EQ(l.paddedShape().vec(), (std::vector<int64_t>{32, 32}));
  EXPECT_EQ(l.numElements(), 1024);
  EXPECT_EQ(l.sizeInBytes(), 2048);
  EXPECT_EQ(l.offset({0, 16}), 512);
  EXPECT_EQ(l.offset({1, 0}), 16);
  EXPECT_EQ(l.offset({19, 15}), 319);
  EXPECT_EQ(l.offset({19, 27}), 827);
  // Offsets 320..511 are padding rows 20..31 of column block 0.
  for (int64_t off = 320; off < 512; ++off)
    EXPECT_FALSE(l.logicalIndex(off).has_value()) << off;
}

TEST(LayoutC01, Nz20x28F16BufferContents) {
  // Source values 0..559 row-major; elements 512..527 of the Nz buffer are
  // 16..27 then four padding slots; element 528 is 44.
  FractalLayout l = mustGet(Format::Nz, {20, 28}, 16);
  std::vector<int64_t> buf(l.numElements(), -1);
  for (int64_t r = 0; r < 20; ++r)
    for (int64_t c = 0; c < 28; ++c)
      buf[l.offset({r, c})] = r * 28 + c;
  for (int64_t j = 0; j < 12; ++j)
    EXPECT_EQ(buf[512 + j], 16 + j);
  for (int64_t j = 12; j < 16; ++j)
    EXPECT_EQ(buf[512 + j], -1) << "padding slot written";
  EXPECT_EQ(buf[528], 44);
}

// The 4x4 / 2x2-fractal orders of the documents.
TEST(LayoutC02, Orders4x4Fractal2x2) {
  FractalShape f{2, 2};
  EXPECT_EQ(order(mustGet(Format::Zz, {4, 4}, 16, f)),
            "0 1 4 5 2 3 6 7 8 9 12 13 10 11 14 15");
  EXPECT_EQ(order(mustGet(Format::Zn, {4, 4}, 16, f)),
            "0 4 1 5 2 6 3 7 8 12 9 13 10 14 11 15");
  EXPECT_EQ(order(mustGet(Format::Nz, {4, 4}, 16, f)),
            "0 1 4 5 8 9 12 13 2 3 6 7 10 11 14 15");
  EXPECT_EQ(order(mustGet(Format::Nn, {4, 4}, 16, f)),
            "0 4 1 5 8 12 9 13 2 6 3 7 10 14 11 15");
}

TEST(Layout, DefaultFractals) {
  // §2: 16 x C0, C0 = 32 B / element size; L0C 16x16 whatever the type.
  EXPECT_EQ(defaultFractal(Format::Zz, 32, false), (FractalShape{16, 8}));
  EXPECT_EQ(defaultFractal(Format::Zz, 16, false), (FractalShape{16, 16}));
  EXPECT_EQ(defaultFractal(Format::Nz, 8, false), (FractalShape{16, 32}));
  EXPECT_EQ(defaultFractal(Format::Nz, 4, false), (FractalShape{16, 64}));
  EXPECT_EQ(defaultFractal(Format::Zn, 8, false), (FractalShape{32, 16}));
  EXPECT_EQ(defaultFractal(Format::Zn, 32, false), (FractalShape{8, 16}));
  EXPECT_EQ(defaultFractal(Format::Nz, 32, true), (FractalShape{16, 16}));
  // §3: MX scales and the sparse index.
  EXPECT_EQ(defaultFractal(Format::ScaleA, 8, false), (FractalShape{16, 2}));
  EXPECT_EQ(defaultFractal(Format::ScaleB, 8, false), (FractalShape{2, 16}));
  EXPECT_EQ(defaultFractal(Format::SparseIndex, 8, false),
            (FractalShape{8, 16}));
  // Every data fractal is 512 B.
  for (unsigned bits : {4u, 8u, 16u, 32u})
    for (Format f : {Format::Nz, Format::Zz, Format::Zn, Format::Nn})
      EXPECT_EQ(defaultFractal(f, bits, false).elements() * bits / 8, 512);
}

// The documents' formulas (§2) against the library, many shapes and widths.
TEST(Layout, MatchesReferenceFormulas) {
  for (unsigned bits : {4u, 8u, 16u, 32u}) {
    int64_t c0 = 256 / bits;
    for (int64_t R : {1, 15, 16, 17, 30, 33})
      for (int64_t C : {1, 7, 16, 40, 70, 129}) {
        FractalLayout zz = mustGet(Format::Zz, {R, C}, bits);
        FractalLayout zn = mustGet(Format::Zn, {R, C}, bits);
        FractalLayout nz = mustGet(Format::Nz, {R, C}, bits);
        FractalLayout l0c = mustGet(Format::Nz, {R, C}, bits, std::nullopt,
                                    /*inL0C=*/true);
        for (int64_t r = 0; r < R; ++r)
          for (int64_t c = 0; c < C; ++c) {
            ASSERT_EQ(zz.offset({r, c}), refZz(r, c, C, c0));
            ASSERT_EQ(zn.offset({r, c}), refZn(r, c, C, c0));
            ASSERT_EQ(nz.offset({r, c}), refNz(r, c, R, c0));
            ASSERT_EQ(l0c.offset({r, c}), refNz(r, c, R, 16));
          }
      }
  }
}

// §3.1: scaleA (M, K/32) -> (M1,16,K1,2) -> (M1,K1,16,2); scaleB (K/32, N)
// -> (K1,2,N1,16) -> (N1,K1,16,2). §3.2: index (K/8 bytes, N) ->
// (K1,N1,16,8).
TEST(Layout, AuxiliaryFormats) {
  FractalLayout a = mustGet(Format::ScaleA, {48, 6}, 8);
  for (int64_t m = 0; m < 48; ++m)
    for (int64_t k = 0; k < 6; ++k)
      EXPECT_EQ(a.offset({m, k}),
                (((m / 16) * 3 + k / 2) * 16 + m % 16) * 2 + k % 2);
  FractalLayout b = mustGet(Format::ScaleB, {6, 48}, 8);
  for (int64_t k = 0; k < 6; ++k)
    for (int64_t n = 0; n < 48; ++n)
      EXPECT_EQ(b.offset({k, n}),
                (((n / 16) * 3 + k / 2) * 16 + n % 16) * 2 + k % 2);
  FractalLayout s = mustGet(Format::SparseIndex, {16, 32}, 8);
  for (int64_t kb = 0; kb < 16; ++kb)
    for (int64_t n = 0; n < 32; ++n)
      EXPECT_EQ(s.offset({kb, n}),
                (((kb / 8) * 2 + n / 16) * 16 + n % 16) * 8 + kb % 8);
  EXPECT_EQ(s.sizeInBytes(), 2 * 2 * 128); // four 128 B index fractals
}

TEST(Layout, LeadingDimension) {
  // Nz with ld = 48 rows per column block: dstNzC0Stride = 48 (§5) with
  // dstNzNStride = 1 puts (r, c) at (c/16)*48*16 + r*16 + c%16.
  FractalLayout nz = mustGet(Format::Nz, {20, 28}, 16, std::nullopt, false, 48);
  EXPECT_EQ(nz.paddedShape().vec(), (std::vector<int64_t>{48, 32}));
  for (int64_t r = 0; r < 20; ++r)
    for (int64_t c = 0; c < 28; ++c)
      EXPECT_EQ(nz.offset({r, c}), (c / 16) * 48 * 16 + r * 16 + c % 16);
  // ND with a row pitch (srcDValue): (r, c) at r*ld + c.
  FractalLayout nd = mustGet(Format::ND, {3, 5}, 16, std::nullopt, false, 8);
  EXPECT_EQ(nd.offset({2, 4}), 20);
  EXPECT_EQ(nd.numElements(), 24);
  FractalLayout dn = mustGet(Format::DN, {3, 5}, 16, std::nullopt, false, 4);
  EXPECT_EQ(dn.offset({2, 4}), 18);
}

TEST(Layout, NC1HWC0AndBatch) {
  // [N, C1, H, W, C0] row-major.
  FractalLayout f = mustGet(Format::NC1HWC0, {2, 3, 4, 5, 16}, 16);
  EXPECT_EQ(f.offset({1, 2, 3, 4, 15}),
            (((1 * 3 + 2) * 4 + 3) * 5 + 4) * 16 + 15);
  EXPECT_EQ(f.sizeInBytes(), 2 * 3 * 4 * 5 * 16 * 2);
  // Batch dims: each matrix takes its padded size.
  FractalLayout b = mustGet(Format::Zz, {3, 20, 28}, 16);
  EXPECT_EQ(b.numElements(), 3 * 32 * 32);
  EXPECT_EQ(b.offset({2, 19, 27}), 2 * 1024 + refZz(19, 27, 28, 16));
}

TEST(Layout, FourBitPacking) {
  // b4: 16x64 fractals, two elements per byte.
  FractalLayout l = mustGet(Format::Zz, {16, 128}, 4);
  EXPECT_EQ(l.fractal(), (FractalShape{16, 64}));
  EXPECT_EQ(l.sizeInBytes(), 1024);
}

TEST(Layout, Aliases) {
  EXPECT_EQ(symbolizeFormat("zN"), Format::Nz);
  EXPECT_EQ(symbolizeFormat("nZ"), Format::Zn);
  EXPECT_EQ(symbolizeFormat("Nz"), Format::Nz);
  EXPECT_FALSE(symbolizeFormat("NZ").has_value());
  EXPECT_FALSE(symbolizeFormat("").has_value());
  for (Format f : allFormats())
    EXPECT_EQ(symbolizeFormat(stringifyFormat(f)), f);
}

TEST(Layout, Errors) {
  auto has = [](const std::string &msg, const char *label) {
    return msg.find(label) != std::string::npos;
  };
  EXPECT_TRUE(has(errorOf(Format::NC1HWC0, {4, 4}, 16), "layout_c1"));
  EXPECT_TRUE(has(errorOf(Format::Nz, {16}, 16), "layout_c1"));
  EXPECT_TRUE(has(errorOf(Format::Nz, {16, -1}, 16), "layout_c1"));
  EXPECT_TRUE(
      has(errorOf(Format::Nz, {16, 16}, 16, FractalShape{0, 2}), "layout_c2"));
  EXPECT_TRUE(
      has(errorOf(Format::ND, {16, 16}, 16, FractalShape{2, 2}), "layout_c2"));
  EXPECT_TRUE(has(errorOf(Format::Nz, {16, 16}, 4, FractalShape{1, 1}),
                  "layout_c2")); // half a byte
  EXPECT_TRUE(has(errorOf(Format::Nz, {16, 16}, 64), "layout_c3"));
  EXPECT_TRUE(has(errorOf(Format::ScaleA, {16, 2}, 16), "layout_c3"));
  EXPECT_TRUE(has(errorOf(Format::NC1HWC0, {1, 1, 2, 2, 8}, 16), "layout_c4"));
  EXPECT_TRUE(has(errorOf(Format::Nz, {20, 28}, 16, std::nullopt, 16),
                  "layout_c5")); // smaller than 32 padded rows
  EXPECT_TRUE(has(errorOf(Format::Nz, {20, 28}, 16, std::nullopt, 40),
                  "layout_c5")); // not whole 16-row fractals
  EXPECT_TRUE(has(errorOf(Format::Nz, {int64_t(1) << 40, int64_t(1) << 40}, 16),
                  "layout_c1")); // overflow
}

// Properties over every format, element width and many shapes.
TEST(LayoutProperties, EveryFormat) {
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int64_t> dim(1, 70);
  for (Format f : allFormats()) {
    for (unsigned bits : {4u, 8u, 16u, 32u}) {
      bool aux = f == Format::ScaleA || f == Format::ScaleB ||
                 f == Format::SparseIndex;
      if (aux && bits != 8)
        continue;
      for (int trial = 0; trial < 12; ++trial) {
        std::vector<int64_t> shape;
        if (f == Format::NC1HWC0)
          shape = {1 + trial % 2, 1 + trial % 3, dim(rng) % 7 + 1,
                   dim(rng) % 9 + 1, 256 / bits};
        else if (trial % 4 == 3)
          shape = {2, dim(rng), dim(rng)}; // batched
        else
          shape = {dim(rng), dim(rng)};
        bool inL0C = trial % 5 == 4 && isFractalFormat(f) && !aux;
        FractalLayout l = mustGet(f, shape, bits, std::nullopt, inL0C);
        SCOPED_TRACE(std::string(stringifyFormat(f)) + " b" +
                     std::to_string(bits) + " trial " + std::to_string(trial));

        // Padded extents are whole fractals and cover the shape.
        size_t rank = shape.size();
        if (isFractalFormat(f)) {
          EXPECT_EQ(l.paddedShape()[rank - 2] % l.fractal().rows, 0);
          EXPECT_EQ(l.paddedShape()[rank - 1] % l.fractal().cols, 0);
          EXPECT_EQ(l.numElements() % l.fractal().elements(), 0);
          EXPECT_EQ(l.fractal().elements() * bits % 8, 0);
        }
        int64_t product = 1;
        for (size_t i = 0; i < rank; ++i) {
          EXPECT_GE(l.paddedShape()[i], shape[i]);
          EXPECT_LT(l.paddedShape()[i] - shape[i],
                    std::max<int64_t>(l.fractal().rows, l.fractal().cols));
          product *= l.paddedShape()[i];
        }
        EXPECT_EQ(l.numElements(), product);
        EXPECT_EQ(l.sizeInBytes(), (product * bits + 7) / 8);

        // ND -> format: injective, in range, inverse is the identity.
        std::vector<int64_t> nd(l.numLogicalElements());
        std::vector<int64_t> buf(l.numElements(), -1);
        std::vector<int64_t> idx(rank, 0);
        int64_t hits = 0;
        for (int64_t lin = 0; lin < l.numLogicalElements(); ++lin) {
          int64_t rest = lin;
          for (size_t i = rank; i-- > 0;) {
            idx[i] = rest % shape[i];
            rest /= shape[i];
          }
          int64_t off = l.offset(idx);
          ASSERT_GE(off, 0);
          ASSERT_LT(off, l.numElements());
          ASSERT_EQ(buf[off], -1) << "two logical elements at " << off;
          buf[off] = lin;
          nd[lin] = lin;
          ++hits;
          auto back = l.logicalIndex(off);
          ASSERT_TRUE(back.has_value());
          ASSERT_EQ(std::vector<int64_t>(back->begin(), back->end()), idx);
        }
        // Exactly the logical elements are hit; every other position is
        // padding, and format -> ND gives the ND data back.
        int64_t padding = 0;
        for (int64_t off = 0; off < l.numElements(); ++off) {
          auto back = l.logicalIndex(off);
          if (!back) {
            ++padding;
            ASSERT_EQ(buf[off], -1);
            continue;
          }
          int64_t lin = 0;
          for (size_t i = 0; i < rank; ++i)
            lin = lin * shape[i] + (*back)[i];
          ASSERT_EQ(buf[off], nd[lin]);
        }
        EXPECT_EQ(hits + padding, l.numElements());
      }
    }
  }
}
