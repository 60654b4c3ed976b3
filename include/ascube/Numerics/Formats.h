//===- Formats.h - Bit-exact decoding of the small formats -----*- C++ -*-===//
//
// Value of every code of the 8- and 4-bit number formats of cube-reference
// §17. The CPU lowering turns these into lookup tables, so one definition
// serves the lowering, the tools and the tests. fp8 e4m3fn/e5m2 and fp4
// e2m1 go through LLVM's APFloat; HiFloat8 and fp4 e1m2, which APFloat
// lacks, are decoded from the reference's tables, and e8m0 from its
// definition (APFloat turns its NaN into inf).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_NUMERICS_FORMATS_H
#define ASCUBE_NUMERICS_FORMATS_H

#include <cstdint>

namespace ascube::numerics {

/// The small formats ascube decodes.
enum class SmallFloat : uint8_t {
  F8E4M3FN, ///< fp8 e4m3fn: bias 7, max 448, no inf, NaN = S.1111.111
  F8E5M2,   ///< fp8 e5m2: bias 15, max 57344, IEEE inf/NaN
  F8E8M0,   ///< e8m0 scale: 2^(E-127), 0xFF = NaN
  HiF8,     ///< HiFloat8 (dot-coded exponent), 0x80 NaN, 0x6F/0xEF inf
  F4E2M1,   ///< fp4 e2m1 (low 4 bits): 0, .5, 1, 1.5, 2, 3, 4, 6
  F4E1M2,   ///< fp4 e1m2 (low 4 bits): code / 4, max 1.75 [I]
};

/// The value of `code` (8 bits, or the low 4 bits for fp4) as a float.
float decodeSmallFloat(SmallFloat format, uint8_t code);

} // namespace ascube::numerics

#endif // ASCUBE_NUMERICS_FORMATS_H
