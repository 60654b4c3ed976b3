//===- Packing.h - Sub-byte element packing ---------------------*- C++ -*-===//
//
// The ONE place that knows how 4-bit data sits in bytes (cube-reference §17):
// two values per byte, element 2i in bits [3:0] and element 2i+1 in bits
// [7:4] (the documents pack 6 and 7 as 0x76). int4 is two's complement in
// [-8, 7]; fp4 codes are stored the same way. Every ascube component that
// reads or writes 4-bit data (verifiers, the CPU lowering, tools, tests)
// goes through these functions or through nibbleShift().
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_NUMERICS_PACKING_H
#define ASCUBE_NUMERICS_PACKING_H

#include <cstdint>

namespace ascube::numerics {

/// Two 4-bit elements per byte, four bits each.
constexpr int64_t kElementsPerByte = 2;
constexpr unsigned kNibbleBits = 4;

/// Byte that holds 4-bit element `i`.
constexpr int64_t nibbleByte(int64_t i) { return i / kElementsPerByte; }
/// Left shift, in bits, of 4-bit element `i` inside its byte: 0 for even i
/// (low nibble), 4 for odd i (high nibble).
constexpr unsigned nibbleShift(int64_t i) {
  return unsigned(i % kElementsPerByte) * kNibbleBits;
}

/// The 4-bit code of element `i` in a packed byte array.
inline uint8_t getNibble(const uint8_t *bytes, int64_t i) {
  return (bytes[nibbleByte(i)] >> nibbleShift(i)) & 0xF;
}
/// Stores the low 4 bits of `code` as element `i`, keeping the other nibble.
inline void setNibble(uint8_t *bytes, int64_t i, uint8_t code) {
  uint8_t &b = bytes[nibbleByte(i)];
  unsigned s = nibbleShift(i);
  b = static_cast<uint8_t>((b & ~(0xFu << s)) | ((code & 0xFu) << s));
}

/// Sign-extends a 4-bit two's complement code to [-8, 7].
constexpr int8_t decodeInt4(uint8_t code) {
  return static_cast<int8_t>((code & 0x8) ? int(code & 0xF) - 16
                                          : int(code & 0xF));
}
/// The 4-bit two's complement code of v (v in [-8, 7]).
constexpr uint8_t encodeInt4(int8_t v) { return static_cast<uint8_t>(v) & 0xF; }

/// Packs elements (2i, 2i+1) = (lo, hi) into one byte: 0xE1 <- (1, -2).
constexpr uint8_t packInt4x2(int8_t lo, int8_t hi) {
  return static_cast<uint8_t>(encodeInt4(lo) | (encodeInt4(hi) << 4));
}

} // namespace ascube::numerics

#endif // ASCUBE_NUMERICS_PACKING_H
