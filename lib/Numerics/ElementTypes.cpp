//===- ElementTypes.cpp - Cube element types, IR-free ---------------------===//

#include "ascube/Numerics/ElementTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace ascube::numerics;

namespace {
// cube-reference §13.2 (mmad dtypes), §15 (MX), §17 (number formats).
const ElementTypeInfo kTypes[] = {
    {"i4", 4, "int4b_t, two's complement, two per byte"},
    {"i8", 8, "int8"},
    {"ui8", 8, "uint8"},
    {"i16", 16, "int16"},
    {"ui16", 16, "uint16"},
    {"i32", 32, "int32"},
    {"ui32", 32, "uint32"},
    {"f16", 16, "half"},
    {"bf16", 16, "bfloat16"},
    {"f32", 32, "float"},
    {"f8E4M3FN", 8, "fp8 e4m3fn"},
    {"f8E5M2", 8, "fp8 e5m2"},
    {"f8E8M0FNU", 8, "fp8 e8m0 (MX scale)"},
    {"f4E2M1FN", 4, "fp4 e2m1, two per byte"},
    {"hif8", 8, "HiFloat8 (!ascube.hif8)"},
    {"f4e1m2", 4, "fp4 e1m2, two per byte (!ascube.f4e1m2)"},
};
} // namespace

std::optional<ElementTypeInfo>
ascube::numerics::lookupElementType(llvm::StringRef name) {
  name.consume_front("!ascube.");
  for (const ElementTypeInfo &t : kTypes)
    if (t.name == name)
      return t;
  return std::nullopt;
}

std::string ascube::numerics::knownElementTypeNames() {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      kTypes, os, [&](const ElementTypeInfo &t) { os << t.name; }, ", ");
  return s;
}
