//===- ElementTypes.h - Cube element types, IR-free -------------*- C++ -*-===//
//
// The element types the Cube unit handles (cube-reference §2, §13, §17), by
// their MLIR spelling, with their storage width. Tools that take a type on
// the command line (ascube-layout) use this table; the dialect maps MLIR
// types onto the same widths (ascube::getElementBitWidth).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_NUMERICS_ELEMENTTYPES_H
#define ASCUBE_NUMERICS_ELEMENTTYPES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ascube::numerics {

struct ElementTypeInfo {
  /// MLIR spelling: builtin ("f16", "f8E4M3FN", "i4") or ascube ("hif8").
  llvm::StringRef name;
  /// Storage width in bits (4-bit types pack two per byte, Packing.h).
  unsigned bits;
  /// One-line description for --help texts and docs.
  llvm::StringRef description;
};

/// Looks a type up by its MLIR spelling ("!ascube.hif8" and "hif8" both
/// name HiFloat8).
std::optional<ElementTypeInfo> lookupElementType(llvm::StringRef name);
/// Comma-separated names, for diagnostics.
std::string knownElementTypeNames();

} // namespace ascube::numerics

#endif // ASCUBE_NUMERICS_ELEMENTTYPES_H
