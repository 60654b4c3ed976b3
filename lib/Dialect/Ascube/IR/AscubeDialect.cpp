//===- AscubeDialect.cpp - ascube dialect, types and helpers --------------===//

#include "ascube/Dialect/Ascube/IR/AscubeParams.h"
#include "ascube/InitAscube.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <atomic>

using namespace mlir;
using namespace ascube;

#include "ascube/Dialect/Ascube/IR/AscubeOpsDialect.cpp.inc"

#include "ascube/Dialect/Ascube/IR/AscubeEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ascube/Dialect/Ascube/IR/AscubeOpsTypes.cpp.inc"

#include "ascube/Dialect/Ascube/IR/AscubeInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "ascube/Dialect/Ascube/IR/AscubeOps.cpp.inc"

void AscubeDialect::initialize() {
  static std::atomic<uint64_t> nextCacheId{1};
  cacheId = nextCacheId++;
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "ascube/Dialect/Ascube/IR/AscubeOps.cpp.inc"
      >();
}

void AscubeDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ascube/Dialect/Ascube/IR/AscubeOpsTypes.cpp.inc"
      >();
}

/// target_c3: the float overflow mode `mode` exists on `prod` (when known).
static LogicalResult checkOverflowMode(Operation *op,
                                       const target::ProductInfo *prod,
                                       FloatOverflow mode) {
  if (!prod)
    return success();
  bool sat = mode == FloatOverflow::saturation;
  if (sat ? prod->HasSatMode : prod->HasInfNanMode)
    return success();
  return op->emitError() << prod->Name << " has no "
                         << (sat ? "saturation" : "Inf/NaN")
                         << " float overflow mode (it has only "
                         << (sat ? "Inf/NaN" : "saturation") << ") [target_c3]";
}

/// capacity_c1/c2 for the on-core buffer arguments of the functions `op`
/// names the target of (as for an `ascube.alloc`: the caller allocated
/// them, at their `ascube.offset` where given). Arguments whose layout does
/// not resolve are left to the ops that use them.
static LogicalResult checkArgumentCapacities(Operation *op,
                                             const target::ProductInfo &prod) {
  bool ok = true;
  op->walk<WalkOrder::PreOrder>([&](FunctionOpInterface f) {
    if (getTargetProduct(f) != &prod || f.isExternal())
      return WalkResult::skip();
    for (BlockArgument a : f.getArguments()) {
      auto t = dyn_cast<MemRefType>(a.getType());
      if (!t || !isOnCoreArgument(a) || !getLayoutSpec(t) ||
          !getElementBitWidth(t.getElementType()) || !t.hasStaticShape())
        continue;
      auto emit = [&]() -> InFlightDiagnostic {
        return emitError(a.getLoc())
               << "argument #" << a.getArgNumber() << " of @"
               << SymbolTable::getSymbolName(f).getValue() << ": ";
      };
      ok &= succeeded(checkBufferFitsTarget(
          f, t, getPlacedOffset(a).value_or(0), "buffer", emit));
    }
    return WalkResult::skip(); // nothing to check inside a body
  });
  return success(ok);
}

LogicalResult AscubeDialect::verifyRegionArgAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned argIndex,
                                                      NamedAttribute attr) {
  if (attr.getName() != kArgOffsetAttrName)
    return op->emitError() << "unknown ascube argument attribute '"
                           << attr.getName().getValue()
                           << "'; the dialect defines '" << kArgOffsetAttrName
                           << "'";
  auto f = dyn_cast<FunctionOpInterface>(op);
  auto off = dyn_cast<IntegerAttr>(attr.getValue());
  if (off && !off.getType().isSignlessInteger(64))
    off = nullptr; // an i64 byte offset only
  Value arg = f && regionIndex == 0 && !f.isExternal()
                  ? Value(f.getArgument(argIndex))
                  : Value();
  if (!arg || !isOnCoreArgument(arg) || !off || off.getInt() < 0)
    return op->emitError()
           << "'" << kArgOffsetAttrName
           << "' places an on-core buffer argument of a function with a "
              "body at a non-negative byte offset of its level, got "
           << attr.getValue() << " on argument #" << argIndex << " [arg_c1]";
  if (const target::ProductInfo *prod = getTargetProduct(op)) {
    target::Level level = *getMemLevel(cast<MemRefType>(arg.getType()));
    unsigned align = prod->alignment(level);
    if (prod->hasLevel(level) && align > 1 && off.getInt() % align != 0)
      return op->emitError()
             << "argument #" << argIndex << ": " << kArgOffsetAttrName << " = "
             << off.getInt() << " B in " << target::stringifyLevel(level)
             << " is not a multiple of " << align << " B on " << prod->Name
             << " [alignment_c1]";
  }
  return success();
}

LogicalResult AscubeDialect::verifyRegionResultAttribute(Operation *op,
                                                         unsigned /*region*/,
                                                         unsigned /*result*/,
                                                         NamedAttribute attr) {
  return op->emitError() << "unknown ascube result attribute '"
                         << attr.getName().getValue()
                         << "': the dialect defines none (on-core buffers are "
                            "not returned, alloc_c3)";
}

bool ascube::isOnCoreArgument(Value buf) {
  auto arg = dyn_cast<BlockArgument>(buf);
  auto t = dyn_cast<MemRefType>(buf.getType());
  if (!arg || !t || !arg.getOwner()->isEntryBlock() ||
      !isa_and_nonnull<FunctionOpInterface>(arg.getOwner()->getParentOp()))
    return false;
  std::optional<target::Level> l = getMemLevel(t);
  return l && *l != target::Level::GM;
}

std::optional<int64_t> ascube::getPlacedOffset(Value buf) {
  if (auto alloc = buf.getDefiningOp<AllocOp>()) {
    if (IntegerAttr off = alloc.getOffsetAttr())
      return off.getInt();
    return std::nullopt;
  }
  if (!isOnCoreArgument(buf))
    return std::nullopt;
  auto arg = cast<BlockArgument>(buf);
  auto f = cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (auto off = f.getArgAttrOfType<IntegerAttr>(
          arg.getArgNumber(), AscubeDialect::kArgOffsetAttrName);
      off && off.getType().isSignlessInteger(64))
    return off.getInt();
  return std::nullopt;
}

LogicalResult AscubeDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  if (attr.getName() == kTargetAttrName) {
    auto t = dyn_cast<TargetAttr>(attr.getValue());
    if (!t)
      return op->emitError() << "'" << kTargetAttrName
                             << "' must be a #ascube.target<...> attribute, "
                                "got "
                             << attr.getValue() << " [target_c1]";
    // An overflow mode named on this op or around it must exist here too.
    for (Operation *p = op; p; p = p->getParentOp())
      if (auto m = p->getAttrOfType<FloatOverflowAttr>(kOverflowAttrName))
        if (failed(checkOverflowMode(op, t.getInfo(), m.getValue())))
          return failure();
    return checkArgumentCapacities(op, *t.getInfo());
  }
  if (attr.getName() == kOverflowAttrName) {
    auto mode = dyn_cast<FloatOverflowAttr>(attr.getValue());
    if (!mode)
      return op->emitError() << "'" << kOverflowAttrName
                             << "' must be a #ascube.overflow<inf_nan|"
                                "saturation> attribute, got "
                             << attr.getValue() << " [target_c3]";
    if (!isa<ModuleOp>(op))
      return op->emitError() << "'" << kOverflowAttrName
                             << "' is a module attribute [target_c3]";
    return checkOverflowMode(op, getTargetProduct(op), mode.getValue());
  }
  // The tiling of a linalg op (ascube-select-tiling, or the user): which
  // ops take one, and the sizes, ascube-tile-linalg checks.
  if (attr.getName() == kTilingAttrName) {
    if (!isa<MatmulTilingAttr, ConvTilingAttr>(attr.getValue()))
      return op->emitError() << "'" << kTilingAttrName
                             << "' must be a #ascube.matmul_tiling<m = .., n "
                                "= .., k = ..> or a #ascube.conv_tiling<"
                                "strategy = .., m = .., n = .., k = ..> "
                                "attribute, got "
                             << attr.getValue() << " [tile_c6]";
    return success();
  }
  // Left by convert-ascube-to-loops for a runner (not one users write).
  if (attr.getName() == kSyncSitesAttrName) {
    auto texts = dyn_cast<ArrayAttr>(attr.getValue());
    if (!isa<ModuleOp>(op) || !texts ||
        !llvm::all_of(texts, [](Attribute a) { return isa<StringAttr>(a); }))
      return op->emitError() << "'" << kSyncSitesAttrName
                             << "' is a module attribute holding an array of "
                                "strings";
    return success();
  }
  return op->emitError() << "unknown ascube attribute '"
                         << attr.getName().getValue()
                         << "'; the dialect defines '" << kTargetAttrName
                         << "', '" << kOverflowAttrName << "' and '"
                         << kTilingAttrName << "'";
}

/// `sub` is a subsequence of `s`, ignoring case ("dilationH" of
/// "dilationFilterH").
static bool isSubsequence(StringRef sub, StringRef s) {
  size_t i = 0;
  for (char c : s)
    if (i < sub.size() && llvm::toLower(c) == llvm::toLower(sub[i]))
      ++i;
  return i == sub.size();
}

LogicalResult ascube::verifyOwnAttributesOnly(Operation *op) {
  SmallVector<StringRef> known;
  for (StringAttr k : op->getName().getAttributeNames())
    if (k.getValue() != "operandSegmentSizes")
      known.push_back(k.getValue());
  // Each unknown attribute, with the nearest name the op knows when it is
  // near enough to be a typo or an abbreviation.
  SmallVector<std::string> unknown;
  bool allSuggested = true;
  for (NamedAttribute attr : op->getDiscardableAttrs()) {
    StringRef name = attr.getName().getValue();
    if (name.contains('.'))
      continue; // a dialect's discardable attribute (ascube.*, llvm.*, ...)
    StringRef best;
    unsigned bestDist = ~0u;
    for (StringRef kn : known) {
      unsigned d =
          std::min(name.edit_distance(kn), name.edit_distance_insensitive(kn));
      bool near = d <= std::max<size_t>(2, name.size() / 3) ||
                  isSubsequence(name, kn) || isSubsequence(kn, name);
      if (near && d < bestDist)
        bestDist = d, best = kn;
    }
    std::string item = ("'" + name + "'").str();
    if (!best.empty())
      item += (" (did you mean '" + best + "'?)").str();
    allSuggested &= !best.empty();
    unknown.push_back(std::move(item));
  }
  if (unknown.empty())
    return success();
  InFlightDiagnostic diag = op->emitOpError()
                            << "unknown attribute"
                            << (unknown.size() > 1 ? "s " : " ")
                            << llvm::join(unknown, ", ");
  if (!allSuggested)
    diag << "; it takes "
         << (known.empty() ? std::string("no attributes")
                           : llvm::join(known, ", "));
  return diag << " (discardable attributes need a dialect prefix, e.g. "
                 "'mytool.') [attr_c1]";
}

void ascube::registerAscubeDialect(DialectRegistry &registry) {
  registry.insert<AscubeDialect>();
}

//===----------------------------------------------------------------------===//
// Types: no parameters (a trailing `<...>` is an error, not ignored)
//===----------------------------------------------------------------------===//

static Type parseParameterless(AsmParser &parser, Type type,
                               StringRef mnemonic) {
  if (succeeded(parser.parseOptionalLess())) {
    parser.emitError(parser.getCurrentLocation(), "!ascube.")
        << mnemonic << " takes no parameters";
    return {};
  }
  return type;
}

Type HiFloat8Type::parse(AsmParser &parser) {
  return parseParameterless(parser, get(parser.getContext()), "hif8");
}
void HiFloat8Type::print(AsmPrinter &) const {}
Type Float4E1M2Type::parse(AsmParser &parser) {
  return parseParameterless(parser, get(parser.getContext()), "f4e1m2");
}
void Float4E1M2Type::print(AsmPrinter &) const {}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::optional<unsigned> ascube::getElementBitWidth(Type type) {
  // The common types first: FloatType is an interface, slower to ask.
  if (isa<Float16Type, BFloat16Type>(type))
    return 16;
  if (isa<Float32Type>(type))
    return 32;
  if (isa<HiFloat8Type>(type))
    return 8;
  if (isa<Float4E1M2Type>(type))
    return 4;
  if (auto i = dyn_cast<IntegerType>(type))
    return i.getWidth();
  if (auto f = dyn_cast<FloatType>(type))
    return f.getWidth();
  return std::nullopt;
}

std::string ascube::getCubeTypeName(Type type) {
  if (isa<HiFloat8Type>(type))
    return "hif8";
  if (isa<Float4E1M2Type>(type))
    return "f4e1m2";
  if (auto i = dyn_cast<IntegerType>(type))
    return (i.isUnsigned() ? "ui" : "i") + std::to_string(i.getWidth());
  // The verifiers name operand types in every check (also when it passes):
  // the common ones without the printer, which builds an AsmState per call.
  std::optional<StringRef> common =
      llvm::TypeSwitch<Type, std::optional<StringRef>>(type)
          .Case([](Float16Type) { return "f16"; })
          .Case([](BFloat16Type) { return "bf16"; })
          .Case([](Float32Type) { return "f32"; })
          .Case([](Float64Type) { return "f64"; })
          .Case([](FloatTF32Type) { return "tf32"; })
          .Case([](Float8E4M3FNType) { return "f8E4M3FN"; })
          .Case([](Float8E5M2Type) { return "f8E5M2"; })
          .Case([](Float8E8M0FNUType) { return "f8E8M0FNU"; })
          .Case([](Float4E2M1FNType) { return "f4E2M1FN"; })
          .Default([](Type) { return std::nullopt; });
  if (common)
    return common->str();
  if (isa<FloatType>(type)) {
    std::string s;
    llvm::raw_string_ostream os(s);
    type.print(os);
    return s;
  }
  return "";
}

std::optional<target::Level> ascube::getMemLevel(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return target::Level::GM;
  if (auto mem = dyn_cast<MemSpaceAttr>(space))
    return mem.getLevel();
  return std::nullopt;
}

Value ascube::getViewedBuffer(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      v = view.getViewSource();
      continue;
    }
    // Another op that only makes a memref of a memref (memref.transpose).
    if (def->getNumResults() == 1 && def->getNumOperands() >= 1 &&
        isa<MemRefType>(def->getOperand(0).getType()) &&
        isMemoryEffectFree(def)) {
      v = def->getOperand(0);
      continue;
    }
    break;
  }
  return v;
}

std::optional<GMView> ascube::getGMView(MemRefType type) {
  auto strided = dyn_cast<StridedLayoutAttr>(type.getLayout());
  if (!strided || type.getMemorySpace() || !type.hasStaticShape() ||
      ShapedType::isDynamic(strided.getOffset()) ||
      llvm::any_of(strided.getStrides(), ShapedType::isDynamic) ||
      strided.getOffset() < 0)
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape(), strides = strided.getStrides();
  GMView v;
  v.offset = strided.getOffset();
  // Contiguous: every stride the product of the extents after it (extents
  // of 1 may have any stride).
  int64_t run = 1;
  for (int64_t i = int64_t(shape.size()) - 1; i >= 0; --i) {
    if (shape[i] != 1 && strides[i] != run)
      v.contiguous = false;
    if (llvm::MulOverflow(run, shape[i], run))
      return std::nullopt;
  }
  if (v.contiguous) {
    v.cols = v.pitch = run;
    return v;
  }
  if (shape.size() != 2)
    return std::nullopt;
  v.rows = shape[0];
  v.cols = shape[1];
  // Rows pitch apart (unit column stride), else columns pitch apart (unit
  // row stride); an extent of 1 takes any stride.
  if ((shape[1] == 1 || strides[1] == 1) &&
      (shape[0] == 1 || strides[0] >= shape[1])) {
    v.pitch = shape[0] > 1 ? strides[0] : shape[1];
    return v.pitch > 0 ? std::optional<GMView>(v) : std::nullopt;
  }
  if ((shape[0] == 1 || strides[0] == 1) &&
      (shape[1] == 1 || strides[1] >= shape[0])) {
    v.columnMajor = true;
    v.pitch = shape[1] > 1 ? strides[1] : shape[0];
    return v.pitch > 0 ? std::optional<GMView>(v) : std::nullopt;
  }
  return std::nullopt;
}

int64_t ascube::getAddressableElements(MemRefType type,
                                       const layout::FractalLayout &l) {
  std::optional<GMView> v = getGMView(type);
  return v ? v->footprint() : l.numElements();
}

std::optional<layout::LayoutSpec> ascube::getLayoutSpec(MemRefType type) {
  if (auto l = dyn_cast<LayoutAttr>(type.getLayout()))
    return l.getSpec();
  if (type.getLayout().isIdentity())
    return layout::LayoutSpec{layout::Format::ND, std::nullopt, std::nullopt};
  if (std::optional<GMView> v = getGMView(type))
    return layout::LayoutSpec{
        v->columnMajor ? layout::Format::DN : layout::Format::ND, std::nullopt,
        v->contiguous || v->pitch == v->lineLength()
            ? std::nullopt
            : std::optional<int64_t>(v->pitch)};
  return std::nullopt;
}

static FailureOr<layout::FractalLayout>
computeFractalLayout(MemRefType type,
                     function_ref<InFlightDiagnostic()> emitError);

FailureOr<layout::FractalLayout>
ascube::getFractalLayout(MemRefType type,
                         function_ref<InFlightDiagnostic()> emitError) {
  // Only good layouts are kept: a bad one reports its diagnostic each time.
  // The dialect: the one of an ascube memory space or layout, found without
  // a lookup by name (GM types have neither).
  AscubeDialect *dialect = nullptr;
  Attribute own = type.getMemorySpace();
  if (!isa_and_present<MemSpaceAttr>(own))
    own = type.getLayout();
  if (isa<MemSpaceAttr, LayoutAttr>(own))
    dialect = static_cast<AscubeDialect *>(&own.getDialect());
  else
    dialect = type.getContext()->getLoadedDialect<AscubeDialect>();
  if (!dialect)
    return computeFractalLayout(type, emitError);
  // In front of the dialect's locked memo, a small per-thread one keyed by
  // the dialect's cache id (unique in the process: a Type of a context
  // that is gone never matches) and the type.
  struct Recent {
    uint64_t id = 0;
    const void *type = nullptr;
    const layout::FractalLayout *layout = nullptr;
  };
  static thread_local Recent recent[64];
  const void *key = type.getAsOpaquePointer();
  Recent &slot = recent[(reinterpret_cast<uintptr_t>(key) >> 4) % 64];
  if (slot.id == dialect->getCacheId() && slot.type == key)
    return *slot.layout;
  const layout::FractalLayout *kept = dialect->lookupLayout(type);
  if (!kept) {
    FailureOr<layout::FractalLayout> l = computeFractalLayout(type, emitError);
    if (failed(l))
      return l;
    kept = dialect->rememberLayout(type, *l);
  }
  slot = {dialect->getCacheId(), key, kept};
  return *kept;
}

static FailureOr<layout::FractalLayout>
computeFractalLayout(MemRefType type,
                     function_ref<InFlightDiagnostic()> emitError) {
  std::optional<layout::LayoutSpec> spec = getLayoutSpec(type);
  if (!spec && isa<StridedLayoutAttr>(type.getLayout()) &&
      !type.getMemorySpace())
    return emitError()
           << "GM view " << type
           << ": an instruction addresses a view of GM from its first "
              "element with one row pitch (srcDValue, dstStride), so the "
              "view needs a static shape, offset and strides and is "
              "contiguous, a 2-D matrix with unit column stride and a row "
              "stride of at least its columns (ND), or one with unit row "
              "stride and a column stride of at least its rows (DN) "
              "[gmview_c1]";
  if (!spec)
    return emitError() << "layout " << type.getLayout()
                       << " is neither the identity, a GM view nor an "
                          "#ascube.layout [layout_c1]";
  std::optional<unsigned> bits = getElementBitWidth(type.getElementType());
  if (!bits)
    return emitError() << "element type " << type.getElementType()
                       << " is not a Cube element type [layout_c3]";
  std::optional<target::Level> level = getMemLevel(type);
  if (!level)
    return emitError() << "memory space " << type.getMemorySpace()
                       << " is not an #ascube.mem level [layout_c1]";
  // GM data of 4-bit or ascube-only types is held as bytes (two 4-bit
  // elements a byte): a view of it would split bytes.
  if (getGMView(type) &&
      (*bits < 8 || !isa<IntegerType, FloatType>(type.getElementType())))
    return emitError() << "GM view " << type << ": views of "
                       << type.getElementType()
                       << " data (held as bytes) are not supported "
                          "[gmview_c1]";
  if (!type.hasStaticShape())
    return emitError() << "buffer " << type
                       << " needs a static shape [layout_c1]";
  llvm::Expected<layout::FractalLayout> l = layout::FractalLayout::get(
      *spec, type.getShape(), *bits, *level == target::Level::L0C);
  if (!l)
    return emitError() << llvm::toString(l.takeError());
  return std::move(*l);
}

/// The entry of `map` for `key` under the reader lock, or std::nullopt.
template <typename Map, typename Key>
static auto lookupLocked(llvm::sys::SmartRWMutex<true> &mutex, const Map &map,
                         const Key &key)
    -> std::optional<typename Map::mapped_type> {
  llvm::sys::SmartScopedReader<true> lock(mutex);
  auto it = map.find(key);
  if (it == map.end())
    return std::nullopt;
  return it->second;
}

const layout::FractalLayout *AscubeDialect::lookupLayout(Type type) const {
  llvm::sys::SmartScopedReader<true> lock(cacheMutex);
  auto it = layouts.find(type);
  return it == layouts.end() ? nullptr : it->second.get();
}

const layout::FractalLayout *
AscubeDialect::rememberLayout(Type type, const layout::FractalLayout &l) const {
  llvm::sys::SmartScopedWriter<true> lock(cacheMutex);
  auto [it, added] = layouts.try_emplace(type);
  if (added)
    it->second = std::make_unique<layout::FractalLayout>(l);
  return it->second.get();
}

std::optional<bool> AscubeDialect::lookupTileCheck(StringRef key) const {
  return lookupLocked(cacheMutex, tileChecks, key);
}

void AscubeDialect::rememberTileCheck(StringRef key, bool verdict) const {
  llvm::sys::SmartScopedWriter<true> lock(cacheMutex);
  tileChecks.try_emplace(key, verdict);
}

TargetAttr ascube::getTargetAttr(Operation *op) {
  // (A dialect attribute: discardable, so the ops' inherent attributes are
  // not searched.)
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto t = dyn_cast_if_present<TargetAttr>(
            p->getDiscardableAttr(AscubeDialect::kTargetAttrName)))
      return t;
  return {};
}

const target::ProductInfo *ascube::getTargetProduct(Operation *op) {
  TargetAttr t = getTargetAttr(op);
  return t ? t.getInfo() : nullptr;
}

const target::ProductInfo *ascube::setModuleTarget(Operation *module,
                                                   StringRef product) {
  const target::ProductInfo *prod = target::lookupProduct(product);
  // At the module's location, not on the module: the op is the whole
  // module, which a diagnostic on it would print in full.
  if (!prod) {
    mlir::emitError(module->getLoc())
        << "product=" << product << ": "
        << target::describeUnknownProduct(product) << " [target_c1]";
    return nullptr;
  }
  if (auto old =
          module->getAttrOfType<TargetAttr>(AscubeDialect::kTargetAttrName)) {
    if (old.getProduct() != prod->Name) {
      // A linalg source names the product it is meant for; a Cube program
      // was made or checked for it.
      InFlightDiagnostic d = mlir::emitError(module->getLoc());
      d << "the module targets " << old.getProduct() << ", not " << product;
      if (findLinalgOp(module))
        d << ": drop its ascube.target to map it for " << product;
      else
        d << ": its program was made or checked for " << old.getProduct()
          << "; map its linalg source again for " << product;
      d << ", or name " << old.getProduct() << " [target_c2]";
      return nullptr;
    }
  }
  // An op inside that names another product (a function's own target)
  // would be checked against that one, not the product asked for.
  WalkResult nested = module->walk([&](Operation *op) {
    auto t = dyn_cast_if_present<TargetAttr>(
        op->getDiscardableAttr(AscubeDialect::kTargetAttrName));
    if (op == module || !t || t.getProduct() == prod->Name)
      return WalkResult::advance();
    InFlightDiagnostic d = op->emitError();
    if (auto name =
            op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      d << "@" << name.getValue() << " targets ";
    else
      d << "'" << op->getName() << "' targets ";
    d << t.getProduct() << ", not " << product
      << ": drop its ascube.target or name " << t.getProduct()
      << " [target_c2]";
    return WalkResult::interrupt();
  });
  if (nested.wasInterrupted())
    return nullptr;
  module->setAttr(AscubeDialect::kTargetAttrName,
                  TargetAttr::get(module->getContext(), prod->Name));
  return prod;
}

Operation *ascube::findLinalgOp(Operation *root) {
  Operation *found = nullptr;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!op->getDialect() || op->getDialect()->getNamespace() != "linalg")
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

FloatOverflow ascube::getFloatOverflow(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto m = p->getAttrOfType<FloatOverflowAttr>(
            AscubeDialect::kOverflowAttrName))
      return m.getValue();
  const target::ProductInfo *prod = getTargetProduct(op);
  return !prod || prod->HasInfNanMode ? FloatOverflow::inf_nan
                                      : FloatOverflow::saturation;
}
