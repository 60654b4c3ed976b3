//===- Storage.h - Flat storage and element codecs --------------*- C++ -*-===//
//
// How buffers are stored once lowered (flat 1-D memrefs, 4-bit data packed,
// 16-bit floats as their bits) and how elements are read and written:
// loads widened to f32 or i64, nibbles, float format decoding, narrowing
// and saturation, the module memories. Private to
// lib/Conversion/AscubeToLoops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_STORAGE_H
#define ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_STORAGE_H

#include "IndexMath.h"
#include "ascube/Numerics/Formats.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace ascube::lowering {
using namespace mlir;

/// How a logical element type is stored in a flat buffer: the storage
/// element type and how many logical elements share one storage element
/// (2 for 4-bit data, cube-reference §17 / Numerics/Packing.h).
struct Storage {
  Type type;
  int64_t per = 1;
};

Storage getStorage(Type t);

bool needsFlattening(MemRefType t);

/// The flat storage type of an ascube buffer (nullptr if it cannot be
/// resolved; verified ops never hit that).
MemRefType flatType(MemRefType t);

/// The flat 1-D view of a (converted) buffer operand: converted ascube
/// buffers already are; plain identity memrefs are collapsed.
Value flatten(ImplicitLocOpBuilder &b, Value v);

/// dst[to + e] = src[from + e] for e in [0, n), storage elements.
void copyRun(IndexMath &im, Value src, Value from, Value dst, Value to,
             int64_t n);

/// buf[idx] = v, with v's bits reinterpreted as buf's element type when the
/// two differ (a 16-bit float GM memref and the i16 storage of on-core
/// buffers).
void storeElement(ImplicitLocOpBuilder &b, Value v, Value buf, Value idx);

/// Storage-element offset of a logical element offset.
Value storageIndex(IndexMath &im, Value logical, int64_t per);

/// The optional base offset of a mover, in logical elements.
Value baseOffset(IndexMath &im, Value offset);

/// A decode table for an 8-bit (or 4-bit) float format, as a private
/// constant global of the module.
Value decodeTable(ImplicitLocOpBuilder &b, ModuleOp module,
                  numerics::SmallFloat fmt, StringRef name);

StringRef tableName(numerics::SmallFloat f);

std::optional<numerics::SmallFloat> smallFloatOf(Type t);

/// Loads logical element `idx` of a flat buffer holding `logical` elements
/// and widens it to f32 (floats) or i64 (integers).
Value loadWide(IndexMath &im, ModuleOp module, Value buf, Value idx,
               Type logical);

/// Element `idx` of a packed 4-bit buffer (Numerics/Packing.h), as i8.
Value loadNibble(IndexMath &im, Value buf, Value idx);

/// Stores the low 4 bits of `v` as element `idx`, keeping the other nibble.
void storeNibble(IndexMath &im, Value v, Value buf, Value idx);

/// The largest finite value of a float output type (HiF8: 2^15).
double maxFinite(Type t);

/// The storage bits (i16) of an f16 or bf16 element widened to an exact
/// f32: bf16 by moving the bits into the top half, f16 by the CPU's
/// conversion (exact, subnormals included). Other values are returned as
/// they are.
Value widenBits(ImplicitLocOpBuilder &b, Value bits, Type logical);
/// An f32 value as the storage bits of `logical`: f16 and bf16 rounded half
/// to even (bf16 on the bits, subnormals kept; a NaN stays a NaN, made
/// quiet), f32 itself.
Value narrowF32(ImplicitLocOpBuilder &b, Value v, Type logical);

/// The integer type of `t`'s bits (t itself for integers): what a mover
/// carries across branches. A float value crossing a branch (an scf.if
/// yielding it) may be widened and narrowed by the CPU code, and x86's
/// f32 -> bf16 conversion flushes subnormals, so moves carry bits.
Type bitsType(Type t);
/// `v` as the integer of its bits (v itself for integers).
Value toBits(ImplicitLocOpBuilder &b, Value v);
/// Integer bits back as a value of type `t` (bits itself for integers).
Value fromBits(ImplicitLocOpBuilder &b, Value bits, Type t);

/// v clamped to [lo, hi] (f32; NaN stays NaN).
Value clampF32(ImplicitLocOpBuilder &b, Value v, double lo, double hi);

/// The saturation mode (CTRL[48] = 0, cube-reference §13.3, §16) on a
/// float value bound for a type whose largest finite value is `max`: NaN ->
/// 0, values beyond +-max (+-inf among them) -> +-max. `v` is an f32
/// (16-bit results are narrowed afterwards, narrowF32).
Value saturateF32(ImplicitLocOpBuilder &b, Value v, double max);

/// A view of the module memory `name` (a memref.global of bytes).
Value getMemory(OpBuilder &b, Location loc, StringRef name, int64_t bytes);

/// The hidden 4:2 index buffer, at `op`.
Value sparseIndexBuffer(OpBuilder &b, Operation *op);

} // namespace ascube::lowering

#endif // ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_STORAGE_H
