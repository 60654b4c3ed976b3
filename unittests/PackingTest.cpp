//===- PackingTest.cpp - 4-bit packing (cube-reference §17) ---------------===//

#include "ascube/Numerics/Packing.h"
#include "ascube/Numerics/ElementTypes.h"

#include "gtest/gtest.h"

using namespace ascube::numerics;

// Byte 0xE1 decodes to (1, -2); the documents pack 6 and 7 as 0x76.
TEST(Packing, DocumentedExamples) {
  uint8_t b = 0xE1;
  EXPECT_EQ(decodeInt4(getNibble(&b, 0)), 1);
  EXPECT_EQ(decodeInt4(getNibble(&b, 1)), -2);
  EXPECT_EQ(packInt4x2(6, 7), 0x76);
  EXPECT_EQ(packInt4x2(1, -2), 0xE1);
  uint8_t ones = 0x11, minusOnes = 0xFF;
  EXPECT_EQ(decodeInt4(getNibble(&ones, 1)), 1);
  EXPECT_EQ(decodeInt4(getNibble(&minusOnes, 0)), -1);
}

TEST(Packing, RoundTripEveryValue) {
  for (int v = -8; v <= 7; ++v)
    EXPECT_EQ(decodeInt4(encodeInt4(static_cast<int8_t>(v))), v);
  uint8_t bytes[4] = {0xAA, 0xAA, 0xAA, 0xAA};
  for (int64_t i = 0; i < 8; ++i)
    setNibble(bytes, i, static_cast<uint8_t>(i));
  for (int64_t i = 0; i < 8; ++i)
    EXPECT_EQ(getNibble(bytes, i), i);
  EXPECT_EQ(bytes[0], 0x10);
  EXPECT_EQ(bytes[3], 0x76);
}

TEST(ElementTypes, Widths) {
  EXPECT_EQ(lookupElementType("f16")->bits, 16u);
  EXPECT_EQ(lookupElementType("i4")->bits, 4u);
  EXPECT_EQ(lookupElementType("f4E2M1FN")->bits, 4u);
  EXPECT_EQ(lookupElementType("f8E8M0FNU")->bits, 8u);
  EXPECT_EQ(lookupElementType("hif8")->bits, 8u);
  EXPECT_EQ(lookupElementType("!ascube.f4e1m2")->bits, 4u);
  EXPECT_FALSE(lookupElementType("f64").has_value());
}
