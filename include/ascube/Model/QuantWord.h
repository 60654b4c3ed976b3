//===- QuantWord.h - The QUANT_PRE word of Fixpipe --------------*- C++ -*-===//
//
// The 64-bit QUANT_PRE word of a Fixpipe quantization (cube-reference §16):
// a scalar (deqScalar) or one word per output column (quant_vector). Its
// fields are read here once, over an arithmetic `Math`: the verifier reads
// a constant word with WordBits (plain integers), the CPU lowering reads a
// word loaded from memory with IR arithmetic (FixpipeToLoops.cpp). No MLIR
// IR in this header.
//
//   bits 31:13  scale M1, an f32 whose low 13 bits read as 0
//   bits 35:32  MCB shift code c: x >> N with N = c + 1 (1..16)
//   bit  36     MCB shift mode: x >> N, saturated to int16, before the scale
//   bits 45:37  offset, 9-bit two's complement, added after the rounding of
//               an int8 output
//   bit  46     int8 output signedness: 1 s8, 0 u8
//
// Where the MCB mode exists (A2/A3's (V)REQ8 and (V)DEQF16) is a product
// fact: ascube::mcbAllowed.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_MODEL_QUANTWORD_H
#define ASCUBE_MODEL_QUANTWORD_H

#include <cstdint>

namespace ascube::model {

/// Field positions and masks of the QUANT_PRE word (§16).
struct QuantWordLayout {
  static constexpr uint64_t kScaleMask = 0xFFFFE000u; ///< bits 31:13
  static constexpr unsigned kShiftCodeAt = 32;        ///< bits 35:32
  static constexpr uint64_t kShiftCodeMask = 0xF;
  static constexpr unsigned kMcbBit = 36;
  static constexpr unsigned kOffsetAt = 37; ///< bits 45:37
  static constexpr unsigned kOffsetBits = 9;
  static constexpr unsigned kSignedOutBit = 46;
};

/// The fields of one word, as `Math` values: `scaleBits` (the f32 bit
/// pattern of M1), `shift` (N, 1..16), `mcb` and `signedOut` (0 or 1) and
/// `offset` (sign-extended).
template <typename V> struct QuantWordFields {
  V scaleBits, shift, mcb, offset, signedOut;
};

/// Reads the fields of `word`. `Math` provides
///   V field(V word, unsigned at, uint64_t mask)   -- (word >> at) & mask
///   V addConst(V x, int64_t c)
///   V signExtend(V x, unsigned bits)              -- of the low `bits`
template <typename Math, typename V>
QuantWordFields<V> decodeQuantWord(Math &m, V word) {
  using L = QuantWordLayout;
  return {m.field(word, 0, L::kScaleMask),
          m.addConst(m.field(word, L::kShiftCodeAt, L::kShiftCodeMask), 1),
          m.field(word, L::kMcbBit, 1),
          m.signExtend(m.field(word, L::kOffsetAt, (1u << L::kOffsetBits) - 1),
                       L::kOffsetBits),
          m.field(word, L::kSignedOutBit, 1)};
}

/// Whether the scale M1 (bits 31:13 of `scaleBits`) is usable
/// (fixpipe_c12): its exponent bits 30:23 are not all ones (inf, NaN) and,
/// with a nonzero mantissa (bits 22:13), not all zeros (denormal). `Math`
/// also provides `B eq(V, uint64_t)`, `B ne(V, uint64_t)`, `B both(B, B)`,
/// `B either(B, B)`.
template <typename Math, typename V> auto scaleIsUsable(Math &m, V scaleBits) {
  V exp = m.field(scaleBits, 23, 0xFF);
  V mant = m.field(scaleBits, 0, 0x7FE000);
  return m.both(m.ne(exp, 0xFF), m.either(m.ne(exp, 0), m.eq(mant, 0)));
}

/// The arithmetic of a constant word (the verifier's).
struct WordBits {
  uint64_t field(uint64_t w, unsigned at, uint64_t mask) const {
    return (w >> at) & mask;
  }
  uint64_t addConst(uint64_t x, int64_t c) const { return x + uint64_t(c); }
  uint64_t signExtend(uint64_t x, unsigned bits) const {
    uint64_t sign = uint64_t(1) << (bits - 1);
    return (x ^ sign) - sign; // two's complement, as uint64_t
  }
  bool eq(uint64_t x, uint64_t c) const { return x == c; }
  bool ne(uint64_t x, uint64_t c) const { return x != c; }
  bool both(bool a, bool b) const { return a && b; }
  bool either(bool a, bool b) const { return a || b; }
};

} // namespace ascube::model

#endif // ASCUBE_MODEL_QUANTWORD_H
