//===- AscubeToLoops.h - The exact CPU semantics of ascube ------*- C++ -*-===//
//
// The pieces of convert-ascube-to-loops, for a conversion of one's own: the
// preparation of a module (memories and allocations), the type conversion
// of ascube buffers to flat storage memrefs, the conversion target and the
// patterns of every instruction family. The pass applies them in this
// order; lib/Conversion/AscubeToLoops/ holds one file per family.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_CONVERSION_ASCUBETOLOOPS_H
#define ASCUBE_CONVERSION_ASCUBETOLOOPS_H

#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <optional>

namespace mlir {
class ConversionTarget;
namespace memref {
class GlobalOp;
} // namespace memref
class MemRefType;
class ModuleOp;
class RewritePatternSet;
class TypeConverter;
} // namespace mlir

namespace ascube {

/// The type a buffer of `type` has once convert-ascube-to-loops ran: a flat
/// 1-D memref of its physical storage (4-bit data packed in i8, 8-bit
/// floats and HiFloat8 as i8) for ascube buffers; `type` itself for plain
/// identity memrefs of builtin types. nullptr if `type` cannot be resolved.
mlir::MemRefType getCPUStorageType(mlir::MemRefType type);

/// The bytes of a GM global whose accesses race checks follow (a writable
/// GM memref.global of Cube elements or indices the kernel holds: split-K's
/// workspace), as the host stores it; std::nullopt for any other global.
/// The lowering gives these globals' accesses the race hook; a runner
/// finds their bytes by symbol.
std::optional<int64_t> getRaceCheckedGlobalBytes(mlir::memref::GlobalOp g);

/// Readies `module` for the patterns: checks that every signature type has
/// a storage form (layout_c1), creates one byte array per memory level its
/// placed buffers address (`__ascube_level_<L>`, 0xFF-filled) and the
/// hidden 4:2 index buffer, turns every ascube.alloc into a view of its
/// level's memory (or bytes of its own), expands every memref.copy between
/// strided views that are not both contiguous (a copy of a GM
/// memref.subview, say) into element loads and stores, since upstream would
/// lower it to a call of the C runner utils' `memrefCopy`, which the JIT
/// does not load; leaves the notes the sparse and
/// Fixpipe patterns read, and with `runtimeChecks` inserts the run-time
/// checks of dynamic offsets, QUANT_PRE words and 4:2 index values; with
/// `raceChecks` notes each function's GM arguments, whose element accesses
/// the pass reports after the conversion (the runner's
/// `__ascube_gm_access(address, bytes, write)`, insertGMAccessHooks); with
/// `syncChecks` calls the runner's flag-model hooks before every
/// instruction and flag op (Instrumentation.cpp) and names their sites in the
/// module attribute `ascube.sync_sites` (an array of "file:line:col: op");
/// with `timingOnly` too, then drops every instruction and flag op (their
/// hooks stay): the program's control flow and what the timing model needs,
/// without the data movement and arithmetic (ascube-run --timeline-only).
/// Fails with a diagnostic (capacity_c1, layout_c1).
mlir::LogicalResult prepareAscubeToLoops(mlir::ModuleOp module,
                                         bool runtimeChecks,
                                         bool raceChecks = false,
                                         bool syncChecks = false,
                                         bool timingOnly = false);

/// Whether `symbol` names a global of a lowered module that holds one AI
/// core's own state: a level memory (`__ascube_level_<L>`), the hidden 4:2
/// index buffer, or the block index and count that ascube.block_idx and
/// block_num read. A runner that runs several cores at once in one process
/// gives each its own copies (routeCoreStateThroughRunner, Pipelines.h).
bool isCoreStateGlobal(llvm::StringRef symbol);

/// Ascube buffers (a layout, a memory level or a Cube element type) become
/// their flat storage memrefs; unrealized casts bridge the rest.
void populateAscubeToLoopsTypeConversion(mlir::TypeConverter &types);

/// No ascube op is legal; memref, func.call/return and func.func only on
/// converted types; affine, arith, scf, math, cf, vector and llvm.freeze
/// are.
void configureAscubeToLoopsTarget(mlir::ConversionTarget &target,
                                  const mlir::TypeConverter &types);

/// How mmad and mmad_mx are computed; every kernel gives the same bits.
enum class MmadKernel {
  /// The plain loops of the documented order (for each m, n a loop over k):
  /// the reference semantics (the pass option `reference`).
  Reference,
  /// Float mmads as vector micro-kernels over packed operands, integer
  /// mmads of bytes as a dot-product form over i16 pairs.
  Vector,
  /// Vector, with integer mmads of bytes summed by AVX-512 VNNI's vpdpbusd
  /// (only for a host that has it; the pass option `x86-vnni`).
  X86Vnni,
};

/// The choices of convert-ascube-to-loops' patterns (the pass options of
/// the same names).
/// The kernel the `reference` and `x86-vnni` options (of the pass, the
/// pipelines and ascube-run) ask for: reference over VNNI over vector.
inline MmadKernel mmadKernelFor(bool reference, bool x86Vnni) {
  return reference ? MmadKernel::Reference
         : x86Vnni ? MmadKernel::X86Vnni
                   : MmadKernel::Vector;
}

struct AscubeToLoopsOptions {
  MmadKernel mmad = MmadKernel::Vector;
  /// Loops and their addressing in affine form (affine.for, affine.apply
  /// with floordiv/mod) instead of scf.for and arith. The pass sets it only
  /// with `affine` and not `reference`, and raises the loads and stores to
  /// affine.load/store after the conversion.
  bool affine = false;
};

/// The patterns of every instruction (one populate function per family,
/// lib/Conversion/AscubeToLoops/*ToLoops.cpp) and of ascube.pipe_barrier,
/// built as `options` say. Needs prepareAscubeToLoops first.
void populateAscubeToLoopsConversionPatterns(
    mlir::TypeConverter &types, mlir::RewritePatternSet &patterns,
    const AscubeToLoopsOptions &options = {});

} // namespace ascube

#endif // ASCUBE_CONVERSION_ASCUBETOLOOPS_H
