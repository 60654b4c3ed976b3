//===- MatmulKernels.h - What the mmad lowerings share ---------*- C++ -*-===//
//
// The description of one mmad or mmad_mx (MatmulSpec) that MmadToLoops.cpp
// builds and the kernels read; emitMatmul, which picks the kernel and holds
// the reference loops (MatmulKernels.cpp); the packing and tiling helpers
// the fast kernels share, the float micro-kernels and the exactness checks
// that let them fuse (MmadMicroKernels.cpp), and the integer dot-product
// form (MmadIntegerDot.cpp). Private to lib/Conversion/AscubeToLoops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_MATMULKERNELS_H
#define ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_MATMULKERNELS_H

#include "ascube/Conversion/AscubeToLoops.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>
#include <optional>
#include <utility>

namespace ascube::lowering {
using namespace mlir;

struct IndexMath;

/// What one mmad or mmad_mx computes, element by element: C(i, j) starts
/// from init(i, j) and adds a(i, k) * b(k, j) for k = 0, 1, ... in order;
/// finish(i, j, sum) writes it (saturation, narrowing). Floats are widened
/// to f32 (MX operands already scaled), integers to i64.
struct MatmulSpec {
  int64_t m = 0, n = 0, k = 0;
  bool isFloat = true;
  /// The operands' element types (an integer's signedness picks the
  /// VNNI form).
  Type aType, bType;
  /// Integer operands of at most 8 bits whose products summed from zero
  /// fit in i32 for every k (|a| |b| k < 2^31): the dot-product form over
  /// i16 pairs, or bytes by vpdpbusd (emitIntegerDotKernels), may sum them
  /// in any order in i32 and add init after. Other integers take the
  /// reference loops.
  bool i16Pairs = false;
  /// Every product a(i, k) b(k, j) is exact in f32 (f16, 8-bit and 4-bit
  /// float operands, no HF32): a fused multiply-add then rounds once where
  /// the separate multiply and add round once too, so the micro-kernels
  /// may fuse them.
  bool exactProducts = false;
  /// Where products are exact only for some data (bf16 x bf16, MX-scaled
  /// operands): the run-time condition (i1) under which every product of
  /// this run is exact, given packed A and B and their sizes (f32, rows of
  /// A past m and columns of B past n zero). The micro-kernels then emit
  /// both kernels and fuse where it holds; null: no check.
  std::function<Value(Value pa, int64_t countA, Value pb, int64_t countB)>
      exactWhen;
  /// Set where C is f32 and written as summed (no saturation), or s32
  /// summed in i32 (i16Pairs): the micro-kernels then start from it (f32)
  /// or the dot-product form adds to it (s32, saturated), in C's own
  /// storage (Nz, 16 x 16 fractals, `cm1` fractal rows between columns),
  /// with init zero, the `bias` row (C's type) or C itself; no scratch C,
  /// no scalar loops over m x n.
  struct DirectC {
    Value c;
    int64_t cm1 = 0;
    enum class Init { Zero, Bias, C } init = Init::Zero;
    Value bias; // flat bias of C's type, for Init::Bias
  };
  std::optional<DirectC> direct;
  /// An operand whose fractals hold their lines (rows of A, columns of B)
  /// as runs of c0 contiguous k elements, in a type widened by plain casts
  /// (f16, bf16, f32, 8-bit integers) and used as loaded: packed a run at a
  /// time with vector loads. `index(line, kk)` is the storage index of
  /// (line, kk) in `buf`; a run starts at every multiple of c0.
  struct Lines {
    Value buf;
    Type logical;
    int64_t c0 = 0;
    std::function<Value(Value line, Value kk)> index;
  };
  std::optional<Lines> aLines, bLines;
  std::function<Value(Value i, Value kk)> a, b;
  std::function<Value(Value i, Value j)> init;
  std::function<void(Value i, Value j, Value sum)> finish;
};

/// Lines packed together by packLines with `stride` 16: a group of 16
/// lines is transposed in registers.
constexpr int64_t kTransposeLines = 16;

/// Packs `lines` lines (rows of A, columns of B) of k elements of an
/// operand into `dst` (element type `w`: f32, i16, or i8 for VNNI), element
/// (line, kk) at `position(line, kk)`: a run of c0 k elements at a time
/// (vector load, widened by casts), or element by element through `value`
/// (f32 or i64, integers truncated to `w`). With `stride` 1 a run is one
/// vector store. With `stride` kTransposeLines (16) the lines are packed
/// across: position(16g + r, kk) must be position(16g, kk) + r, and each
/// whole group of 16 lines has its 16 runs at a k transposed in registers
/// (vector shuffles) and stored as one vector of 16 lines per kk; the lines
/// after the last whole group (and any other stride) store a run's elements
/// one by one, `stride` apart.
void packLines(IndexMath &im, Value dst, Type w, int64_t lines, int64_t k,
               const std::optional<MatmulSpec::Lines> &runs,
               llvm::function_ref<Value(Value line, Value kk)> value,
               llvm::function_ref<Value(Value line, Value kk)> position,
               int64_t stride);

/// Calls `body(iLo, iHi, rows, jLo, jHi, cols)` for the four kinds of tile
/// of an m x n matrix cut into `rows` x `cols` tiles — tiles ti in [iLo,
/// iHi) x tj in [jLo, jHi), each `rows` x `cols` elements: the whole tiles,
/// the column tail, the row tail and the corner. `body` skips a kind with
/// no tile (an empty range or a zero size).
void forTileKinds(int64_t m, int64_t n, int64_t rows, int64_t cols,
                  llvm::function_ref<void(int64_t, int64_t, int64_t, int64_t,
                                          int64_t, int64_t)>
                      body);

/// The fast form of float matmuls (MmadMicroKernels.cpp), the same bits as
/// the reference loops: the widened operands (f32) are packed once into
/// plain scratch arrays and each 16 x 16 output tile is a register
/// micro-kernel, k in order, multiplied and added fused only where every
/// product is exact (s.exactProducts, or this run's s.exactWhen).
void emitMicroKernels(IndexMath &im, const MatmulSpec &s);

/// Integer operands of at most 8 bits summed in i32 (s.i16Pairs): a
/// dot-product form, the same values because integer sums that cannot
/// overflow do not depend on their order. A and B are packed
/// as i16 lines with k contiguous (A as [m][kp], B as [n][kp], kp = k
/// rounded up to 32 with zeros); each block of 4 x 4 elements of C keeps 16
/// vectors of 16 i32 partial sums, and each step over 32 k adds to lane l
/// a(2l) b(2l) + a(2l + 1) b(2l + 1). The pair sum is frozen (llvm.freeze)
/// so that LLVM's reassociation keeps it whole: x86 makes it one pmaddwd or
/// vpdpwssd. At the end the lanes are summed: a whole block of an s32 C
/// written in place (s.direct) through sumLanes and storeBlock, 16 elements
/// at a time; any other block (tails, GEMV, ui32 C, a scratch C) element by
/// element, init (i64) added and written by s.finish.
///
/// With `vnni` (the host has AVX-512 VNNI: the pass option x86-vnni), the
/// lines are bytes (kp = k rounded up to 64) and each step over 64 k adds
/// to lane l the four products u(4l + q) s(4l + q), one vpdpbusd
/// (llvm.x86.avx512.vpdpbusd.512: u unsigned, s signed bytes, the sum of
/// four and the lane wrapping in i32). ui8 x i8 is u x s as is (i8 x ui8,
/// in no product's Mmad table, stays in i16 pairs); two signed operands
/// take u = a + 128 (the byte's top bit flipped) and add -128 sum_k b(k, j)
/// per column, two unsigned ones s = b - 128 and add 128 sum_k a(i, k) per
/// row. These sums and the step's wrap around 2^32, but the true sum
/// fits in i32 (s.i16Pairs), so the result is the same.
void emitIntegerDotKernels(IndexMath &im, const MatmulSpec &s, bool vnni);

/// Whether every product of a nonzero element of packed A (pa) and one of
/// packed B (pb) is a normal f32 below 2^128: with exponent fields ea, eb
/// (1 .. 254: normal; a subnormal, infinite or NaN operand takes the
/// unfused form) a product lies in
/// [2^(ea + eb - 254), 2^(ea + eb - 252)), so ea + eb >= 128 at the least
/// and <= 380 at the most. Such a product of two bf16 values (8
/// significant bits each) is exact in f32.
Value productsInRange(ImplicitLocOpBuilder &b, Value pa, int64_t countA,
                      Value pb, int64_t countB);

/// The magnitudes of MX data of type `t` (fp8 e4m3fn / e5m2, fp4 e2m1 /
/// e1m2), read off the model's decode table (numerics::decodeSmallFloat):
/// every nonzero finite |x| lies in [2^lo, 2^hi) and has at most 12
/// significant bits. nullopt for any other type.
std::optional<std::pair<int, int>> mxMagnitudes(Type t);

/// Whether every scaled operand (x * 2^(e - 127)) of an MmadMx and every
/// product of two is zero, infinite, NaN or a normal f32 of at most 24
/// significant bits — exact in f32, so that a fused multiply-add gives the
/// bits of the separate multiply and add. Checked at run time from the
/// smallest and largest scale codes each operand's `count` scales hold
/// (`scale(iv)`: the iv-th, as loaded), against the data's magnitudes
/// (mxMagnitudes: |a| in [2^la, 2^ha)): products lie in
/// [2^(la + lb + ea + eb - 254), 2^(ha + hb + ea + eb - 254)), which must
/// stay within [2^-126, 2^128), and each scaled operand within [2^-126,
/// 2^128). A NaN scale (code 255) takes the unfused form.
Value mxProductsExact(IndexMath &im, std::pair<int, int> ra,
                      std::pair<int, int> rb, int64_t countA,
                      llvm::function_ref<Value(Value)> scaleA, int64_t countB,
                      llvm::function_ref<Value(Value)> scaleB);

/// The reference loops (MmadKernel::Reference, or integers that need i64),
/// the integer dot-product form (s.i16Pairs; VNNI with MmadKernel::X86Vnni)
/// or the float micro-kernels.
void emitMatmul(IndexMath &im, const MatmulSpec &s, MmadKernel kernel);

} // namespace ascube::lowering

#endif // ASCUBE_LIB_CONVERSION_ASCUBETOLOOPS_MATMULKERNELS_H
