//===- Target.h - Products and memory levels, IR-free -----------*- C++ -*-===//
//
// The nine target products and their Cube capabilities, read from the ONE
// declarative table include/ascube/Target/Products.td (cube-reference §0,
// §1, §4). Verifiers, docs/Products.md and tests use only this interface.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TARGET_TARGET_H
#define ASCUBE_TARGET_TARGET_H

#include "ascube/Layout/Fractal.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ascube::target {

/// Memory levels of an AI core (cube-reference §1). GM is global memory;
/// L0A_MX / L0B_MX hold MX scales on 950.
enum class Level : uint8_t {
  GM,
  L1,
  L0A,
  L0B,
  L0C,
  BT,
  FB,
  UB,
  L0A_MX,
  L0B_MX
};

/// All levels, in declaration order.
llvm::ArrayRef<Level> allLevels();
/// IR spelling: "GM", "L1", "L0A", ..., "L0A_MX".
llvm::StringRef stringifyLevel(Level level);
/// Inverse of stringifyLevel; std::nullopt for an unknown name.
std::optional<Level> symbolizeLevel(llvm::StringRef name);
/// Comma-separated names, for diagnostics.
std::string knownLevelNames();

/// One row of the capability table (field order = Products.td Fields).
/// Capacities are bytes (0 = the level does not exist); alignments are
/// bytes; bandwidths bytes per cycle (0 = undocumented).
struct TypeRowInfo;

struct ProductInfo {
  unsigned Index;
  const char *Name;
  unsigned Arch;
  const char *DocName;
  /// Short name of the products sharing its Cube core ("A2/A3", "950").
  const char *Family;
  const char *ImplDir;
  uint32_t UB, L1, L0A, L0B, L0C, BT, FB, L0AMX, L0BMX, SparseIndex;
  uint16_t GMAlign, UBAlign, L1Align, L0AAlign, L0BAlign, L0CAlign, BTAlign,
      FBAlign, L0AMXAlign, L0BMXAlign;
  layout::Format L0ALayout;
  bool HasGMToL0;
  uint16_t L1ToL0ABandwidth, L1ToL0BBandwidth;
  // Instructions and switches (cube-reference §5-§16).
  bool HasND2NZ, HasDN2NZ, HasNZ2DN, HasFixpipe, HasCmatrixSource,
      HasKDirectionAlign, HasDisableGemv, HasLoad2DV2, HasLoad2DDstGap,
      HasTransposeV1, HasTransposeV2, HasLoad3DV1, HasLoad3DV2,
      HasLoad3DDstStride, Load3DMStartAlign16, HasMX, HasSparse, HasClipRelu,
      HasL0CToUB, HasFixpipeArch3510, HasFixpipeDualDst, HasQuantMCB;
  /// Float overflow modes (CTRL[48]): Inf/NaN (the default where it
  /// exists) and saturation (inf -> +-MAX, NaN -> 0).
  bool HasInfNanMode, HasSatMode;
  /// HF32 mantissa bits of the Mmad HF32 mode; 0 = no HF32 mode.
  uint8_t HF32Mantissa;
  uint8_t BiasCopyUnit;
  /// AI cores of one device: the blocks a kernel runs on (§1).
  uint8_t AICores;
  /// SetFlag/WaitFlag event IDs per pipe pair: 0 .. EventIds - 1.
  uint8_t EventIds;
  /// Hardware SyncAll (ascube.sync_all), a barrier across blocks.
  bool HasSyncAll;
  const char *Notes;

  /// True when a table row's product mask includes this product.
  bool in(unsigned productMask) const { return (productMask >> Index) & 1; }

  /// Capacity of `level` in bytes; 0 when the product lacks it. GM is
  /// reported as 0 (unbounded, not a core buffer).
  uint64_t capacity(Level level) const;
  /// Required start alignment of a buffer at `level`, in bytes.
  unsigned alignment(Level level) const;
  /// True when the product has the level (GM always).
  bool hasLevel(Level level) const {
    return level == Level::GM || capacity(level) != 0;
  }

  /// Whether its Mmad has the row A x B -> C (§13.2, mmadRows; type names
  /// as in docs/Products.md) without a bias (`bias` empty), with a bias of
  /// type `bias`, or with any bias (`bias` "*").
  bool hasMmadRow(llvm::StringRef a, llvm::StringRef b, llvm::StringRef c,
                  llvm::StringRef bias = "") const;
  /// "atlas_a2's Mmad rows: f16 x f16 -> f32, ..." (those with a bias when
  /// `bias`), for a refusal of a row it lacks.
  std::string describeMmadRows(bool bias) const;
  /// Whether it adds a bias to A x B -> C through the bias table: the Mmad
  /// row with a bias, and BT.
  bool hasBiasTable(llvm::StringRef a, llvm::StringRef b,
                    llvm::StringRef c) const;
  /// Whether an output tile of C's type `c` can start from a bias by a
  /// seed Mmad (the bias times ones): the row c x c -> c without a bias,
  /// and DataCopy ND2NZ for the bias's copy.
  bool canSeedBias(llvm::StringRef c) const;
  /// Whether `rows` (an instruction's element types) allow `type` here.
  bool allows(llvm::ArrayRef<TypeRowInfo> rows, llvm::StringRef type) const;
};

/// Mmad dtype row (§13.2): A x B -> C, with a bias of type Bias ("" for
/// the row without one). Types are MLIR spellings ("i8", "ui8", "hif8").
struct MmadRowInfo {
  uint16_t Products;
  const char *A, *B, *C, *Bias;
};
/// An MmadMx operand pair (§15): A x B -> f32 with e8m0 scales.
struct MxRowInfo {
  uint16_t Products;
  const char *A, *B;
};
/// An element type allowed by an instruction on the products of the mask.
struct TypeRowInfo {
  uint16_t Products;
  const char *Type;
};
/// A LoadData 2D element type (§6); FromGM: also on the GM -> L1/L0 paths
/// (int4 moves L1 -> L0 only).
struct Load2DTypeInfo {
  uint16_t Products;
  const char *Type;
  bool FromGM;
};
/// A LoadDataWithTranspose element type (§7); IntoL0A: also into L0A
/// (int4 moves into L0B only).
struct Load2DTransposeTypeInfo {
  uint16_t Products;
  const char *Type;
  bool IntoL0A;
};
/// Fixpipe conversion row (§16): L0C Src -> Dst, to GM and/or L1.
struct FixpipeRowInfo {
  uint16_t Products;
  const char *Src, *Dst;
  bool ToGM, ToL1;
};

/// A type conversion an instruction does on the products of the mask
/// (the L1 -> BT bias copy, §16).
struct ConversionRowInfo {
  uint16_t Products;
  const char *Src, *Dst;
};
/// A Fixpipe quantization mode (QuantMode_t, §16), by its IR name.
struct QuantModeInfo {
  const char *Name;
  /// The products that have the mode.
  uint16_t Products;
  /// Vector: one QUANT_PRE word per output column (quant_vector). Scaled:
  /// multiplies by a scale (the scalar forms take deqScalar). Mcb: its word
  /// may set the MCB shift mode where the product has HasQuantMCB.
  bool Vector, Scaled, Mcb;
};
/// A conversion L0C Src -> Dst a quantization mode does, and the modes
/// doing the same conversion with a scalar scale and a per-column vector
/// ("" = none). Default: the mode a Fixpipe without quantPre takes for
/// the conversion (VectorForm with a quant_vector).
struct QuantConversionInfo {
  const char *Mode, *Src, *Dst, *ScalarForm, *VectorForm;
  bool Default;
};

/// The timing model's costs of a product's AI core (Products.td CostRow;
/// docs/Timing.md gives each figure's source): cycles and bytes per cycle
/// in thousandths.
struct CostRowInfo {
  uint16_t Products;
  uint32_t ClockMHz, ChipGMGBps, L2MiB, L2GBps;
  uint32_t GMToL1HeadMilli, GMToL1BwMilli, L1ToL0AHeadMilli, L1ToL0ABwMilli,
      L1ToL0BHeadMilli, L1ToL0BBwMilli, L1ToBTHeadMilli, L1ToBTBwMilli;
  uint32_t MmadHeadMilli, Mmad4Milli, Mmad8Milli, Mmad16Milli, Mmad32Milli;
  uint32_t FixHeadMilli, FixRowMinMilli, FixRowBwMilli, FixOddPassMilli;
  uint32_t FlagMilli;
};
/// `product`'s costs; nullptr when it has none (no timing model).
const CostRowInfo *costsOf(const ProductInfo &product);

llvm::ArrayRef<MmadRowInfo> mmadRows();
/// MmadMx's A x B pairs (§15).
llvm::ArrayRef<MxRowInfo> mmadMxRows();
llvm::ArrayRef<Load2DTypeInfo> load2DTypes();
llvm::ArrayRef<Load2DTransposeTypeInfo> load2DTransposeTypes();
/// LoadData 2D-v2 element types (§8).
llvm::ArrayRef<TypeRowInfo> load2DV2Types();
llvm::ArrayRef<TypeRowInfo> nd2nzTypes();
/// LoadData 3D V1 element types (§10.2).
llvm::ArrayRef<TypeRowInfo> load3DV1Types();
/// LoadData 3D V2 element types (§10.1) into `dst` (L0A or L0B), or into
/// L0A with enTranspose when `transposed`.
llvm::ArrayRef<TypeRowInfo> load3DTypes(Level dst, bool transposed);
llvm::ArrayRef<FixpipeRowInfo> fixpipeRows();
llvm::ArrayRef<ConversionRowInfo> biasCopyRows();
/// All quantization modes, and the one named `name` (nullptr if none).
llvm::ArrayRef<QuantModeInfo> quantModes();
const QuantModeInfo *lookupQuantMode(llvm::StringRef name);
/// The conversions of the quantization modes.
llvm::ArrayRef<QuantConversionInfo> quantConversions();
/// The families of the products in `productMask`, for diagnostics: "950",
/// "Atlas A2/A3 and 310B".
std::string productFamilies(unsigned productMask);

/// All products in documented order (atlas_a2 first).
llvm::ArrayRef<ProductInfo> allProducts();
/// Looks up a product by its exact IR key ("atlas_a2"); nullptr if unknown.
const ProductInfo *lookupProduct(llvm::StringRef key);
/// Comma-separated keys, for "unknown product" diagnostics.
std::string knownProductKeys();
/// The product whose key is nearest to `key` (case, '-' and ' ' for '_'
/// ignored, then the fewest edits), for a "did you mean" in diagnostics;
/// nullptr when none is within a third of the key's length.
const ProductInfo *nearestProduct(llvm::StringRef key);
/// "unknown product 'atlas-a2'; did you mean 'atlas_a2'? known: atlas_a2,
/// ..." (without a suggestion when none is near): the text every tool and
/// pass gives for an unknown key (target_c1).
std::string describeUnknownProduct(llvm::StringRef key);

/// The most blocks a kernel launches: Ascend C's blockDim is a logical
/// core count in [1, 65535] (`kernel<<<blockDim, l2ctrl, stream>>>`).
inline constexpr uint64_t kMaxBlocks = 65535;
/// Why `blocks` blocks cannot be launched, after `what` asks for them
/// ("--blocks ", "blocks="), ending in its label (blocks_c1);
/// std::nullopt for 1 to kMaxBlocks.
std::optional<std::string> blockCountRefusal(uint64_t blocks,
                                             llvm::StringRef what);

/// Writes docs/Products.md: the whole capability table as Markdown.
void printProductsMarkdown(llvm::raw_ostream &os);

} // namespace ascube::target

#endif // ASCUBE_TARGET_TARGET_H
