//===- Formats.cpp - Bit-exact decoding of the Cube's small formats -------===//
//
// cube-reference §17.
//
//===----------------------------------------------------------------------===//

#include "ascube/Numerics/Formats.h"

#include "llvm/ADT/APFloat.h"

#include <cmath>
#include <limits>

using namespace ascube::numerics;

static float viaAPFloat(const llvm::fltSemantics &sem, unsigned bits,
                        uint8_t code) {
  llvm::APFloat v(sem, llvm::APInt(bits, code & ((1u << bits) - 1)));
  bool loses = false;
  v.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
            &loses);
  return v.convertToFloat();
}

/// HiFloat8 (§17 table, from hif8.py): sign b7; b6..b3 select the
/// exponent coding, the remaining low bits are the mantissa.
static float decodeHiF8(uint8_t code) {
  if (code == 0x80)
    return std::numeric_limits<float>::quiet_NaN();
  if (code == 0x6F)
    return std::numeric_limits<float>::infinity();
  if (code == 0xEF)
    return -std::numeric_limits<float>::infinity();
  float sign = (code & 0x80) ? -1.0f : 1.0f;
  unsigned b = code & 0x7F;
  unsigned top = b >> 3; // b6..b3
  int e;
  float mant;
  if (top == 0) { // denormal: 2^(m-23); m = 0 is zero
    unsigned m = b & 7;
    return m == 0 ? sign * 0.0f : sign * std::ldexp(1.0f, int(m) - 23);
  }
  if (top == 1) { // D0
    e = 0;
    mant = 1.0f + float(b & 7) / 8;
  } else if ((top >> 1) == 1) { // 001x: D1
    e = (top & 1) ? -1 : 1;
    mant = 1.0f + float(b & 7) / 8;
  } else if ((top >> 2) == 1) { // 01xx: D2, v = b4b3
    unsigned v = top & 3;
    e = v < 2 ? int(v) + 2 : -int(v);
    mant = 1.0f + float(b & 7) / 8;
  } else if ((b >> 5) == 2) { // 10xx: D3, v = b4..b2
    unsigned v = (b >> 2) & 7;
    e = v < 4 ? int(v) + 4 : -int(v);
    mant = 1.0f + float(b & 3) / 4;
  } else { // 11xx: D4, v = b4..b1
    unsigned v = (b >> 1) & 15;
    e = v < 8 ? int(v) + 8 : -int(v);
    mant = 1.0f + float(b & 1) / 2;
  }
  return sign * std::ldexp(mant, e);
}

float ascube::numerics::decodeSmallFloat(SmallFloat format, uint8_t code) {
  switch (format) {
  case SmallFloat::F8E4M3FN:
    return viaAPFloat(llvm::APFloat::Float8E4M3FN(), 8, code);
  case SmallFloat::F8E5M2:
    return viaAPFloat(llvm::APFloat::Float8E5M2(), 8, code);
  case SmallFloat::F8E8M0:
    // 2^(E - 127), 0xFF = NaN (§17). Decoded here, not through APFloat:
    // LLVM 22's APFloat converts Float8E8M0FNU's NaN to +inf in IEEE single.
    return code == 0xFF ? std::numeric_limits<float>::quiet_NaN()
                        : std::ldexp(1.0f, int(code) - 127);
  case SmallFloat::HiF8:
    return decodeHiF8(code);
  case SmallFloat::F4E2M1:
    return viaAPFloat(llvm::APFloat::Float4E2M1FN(), 4, code);
  case SmallFloat::F4E1M2: {
    float v = float(code & 7) / 4;
    return (code & 8) ? -v : v;
  }
  }
  return 0.0f;
}
