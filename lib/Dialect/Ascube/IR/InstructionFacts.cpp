//===- InstructionFacts.cpp - Mover facts for passes ----------------------===//
//
// What the passes and the lowering ask of any instruction: static base
// addresses, MoverFacts (buffers, offsets, extents, alignment, bounds
// label), InstructionWork (what the timing model costs), the base alignment an
// operand needs, MoverAccess (the bytes a mover reaches) and the pipe an
// instruction runs on — AscubeParams.h.
//
//===----------------------------------------------------------------------===//

#include "OpVerification.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::detail;
using layout::Format;
using target::Level;

std::optional<int64_t> ascube::getStaticBase(Value buf) {
  if (std::optional<int64_t> placed = getPlacedOffset(buf))
    return placed;
  // Buffers ascube or the caller places start level-aligned.
  if (buf.getDefiningOp<AllocOp>() || isOnCoreArgument(buf) ||
      levelOf(buf) == Level::GM)
    return 0;
  return std::nullopt;
}

std::optional<int64_t> ascube::getStaticAddress(Value buf, Value elemOffset,
                                                unsigned bits) {
  std::optional<int64_t> base = getStaticBase(buf);
  std::optional<int64_t> off = staticOffset(elemOffset);
  if (!base || !off)
    return std::nullopt;
  // A GM view starts its offset elements into its buffer.
  if (std::optional<GMView> v = getGMView(cast<MemRefType>(buf.getType())))
    if (llvm::AddOverflow(*off, v->offset, *off))
      return std::nullopt;
  int64_t bitsOff, addr;
  if (llvm::MulOverflow(*off, int64_t(bits), bitsOff) ||
      llvm::AddOverflow(*base, bitsOff / 8, addr))
    return std::nullopt;
  return addr;
}

std::string ascube::getSiteText(Operation *op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto l = op->getLoc()->findInstanceOf<FileLineColLoc>())
    os << l.getFilename().getValue() << ":" << l.getLine() << ":"
       << l.getColumn() << ": ";
  os << op->getName().getStringRef();
  return s;
}

std::optional<InstructionWork> ascube::getInstructionWork(Operation *op) {
  auto bitsOf = [](Value v) -> int64_t {
    return getElementBitWidth(cast<MemRefType>(v.getType()).getElementType())
        .value_or(16);
  };
  if (auto mm = dyn_cast<MatmulOpInterface>(op)) {
    SmallVector<Value> inputs;
    mm.getInputs(inputs);
    FailureOr<MatmulShape> s = mm.getShape();
    if (failed(s))
      return std::nullopt;
    return InstructionWork{1, s->m, s->k, s->n,
                           inputs.empty() ? 16 : bitsOf(inputs[0])};
  }
  auto f = dyn_cast<FixpipeOp>(op);
  if (!f)
    return std::nullopt;
  ScopedDiagnosticHandler ignore(op->getContext(),
                                 [](Diagnostic &) { return success(); });
  FailureOr<FixpipeParams> fp =
      getFixpipeParams(f, [&] { return op->emitError(); });
  if (failed(fp))
    return std::nullopt;
  // (ndNum matrices of mSize rows each.)
  return InstructionWork{
      2, fp->mSize * std::max<int64_t>(1, fp->ndNum), fp->nSize,
      bitsOf(f.getDst()),
      int64_t(getMemLevel(cast<MemRefType>(f.getDst().getType()))
                  .value_or(Level::GM))};
}

std::optional<MoverFacts> ascube::getMoverFacts(Operation *op) {
  auto m = dyn_cast<MoverOpInterface>(op);
  if (!m)
    return std::nullopt;
  auto ext = quietly(op, [&](EmitErrorFn e) { return m.getAccessExtents(e); });
  if (failed(ext))
    return std::nullopt;
  return MoverFacts{m.getSourceBuffer(),
                    m.getDestinationBuffer(),
                    m.getSourceOffset(),
                    m.getDestinationOffset(),
                    *ext,
                    m.getBaseAlignment(),
                    m.getBoundsLabel()};
}

std::optional<int64_t> ascube::getMoverOperandAlignment(Operation *op,
                                                        OpOperand &operand) {
  auto m = dyn_cast<MoverOpInterface>(op);
  if (!m)
    return std::nullopt;
  BaseAlignment a = m.getBaseAlignment();
  Value v = operand.get();
  std::optional<int64_t> align;
  if (v == m.getSourceBuffer())
    align = a.src;
  if (v == m.getDestinationBuffer())
    align = std::max(align.value_or(1), a.dst);
  return align;
}

int64_t ascube::getRequiredBaseAlignment(OpOperand &use) {
  Operation *op = use.getOwner();
  if (auto i = dyn_cast<InstructionOpInterface>(op))
    if (std::optional<int64_t> align = i.getRequiredAlignment(use))
      return *align;
  Value v = use.get();
  auto type = dyn_cast<MemRefType>(v.getType());
  std::optional<Level> level = type ? getMemLevel(type) : std::nullopt;
  const target::ProductInfo *prod = getTargetProduct(op);
  return level && prod && prod->hasLevel(*level) ? prod->alignment(*level) : 1;
}

std::optional<MoverAccess> ascube::getMoverAccess(Operation *op) {
  auto m = dyn_cast<MoverOpInterface>(op);
  if (!m)
    return std::nullopt;
  auto bytes =
      [](Value buf, Value offset,
         int64_t extent) -> std::optional<std::pair<int64_t, int64_t>> {
    std::optional<int64_t> k = offset ? getConstantIntValue(offset) : 0;
    // Offsets past any level are the bounds rules' to report.
    if (!k || *k < 0 || *k > (int64_t(1) << 40))
      return std::nullopt;
    unsigned bits =
        getElementBitWidth(cast<MemRefType>(buf.getType()).getElementType())
            .value_or(8);
    return std::make_pair(*k * int64_t(bits) / 8,
                          llvm::divideCeil((*k + extent) * int64_t(bits), 8));
  };
  MoverAccess out;
  out.src = m.getSourceBuffer();
  out.dst = m.getDestinationBuffer();
  auto ext = quietly(op, [&](EmitErrorFn e) { return m.getAccessExtents(e); });
  if (succeeded(ext)) {
    out.srcBytes = bytes(out.src, m.getSourceOffset(), ext->src);
    out.dstBytes = bytes(out.dst, m.getDestinationOffset(), ext->dst);
  }
  m.getOtherOperands(out.otherReads, out.otherWrites);
  return out;
}

std::optional<Pipe> ascube::getInstructionPipe(Operation *op) {
  if (isa<MatmulOpInterface>(op))
    return Pipe::M;
  if (isa<FixpipeOp>(op))
    return Pipe::FIX;
  // Whatever reads GM (DataCopy, LoadData 2D GM -> L0) is MTE2's (§6).
  if (auto m = dyn_cast<MoverOpInterface>(op)) {
    if (levelOf(m.getSourceBuffer()) == Level::GM)
      return Pipe::MTE2;
    Level dst = levelOf(m.getDestinationBuffer());
    if (isa<DataCopyOp>(op) && dst == Level::FB)
      return Pipe::FIX;
    return Pipe::MTE1;
  }
  if (isa<LoadOp>(op))
    return Pipe::MTE1;
  return std::nullopt;
}

bool ascube::isCubeEvent(Pipe src, Pipe dst) {
  // HardEventAic: the events the Cube core's event pool has.
  static constexpr std::pair<Pipe, Pipe> events[] = {
      {Pipe::MTE2, Pipe::MTE1}, {Pipe::MTE1, Pipe::MTE2},
      {Pipe::MTE1, Pipe::M},    {Pipe::M, Pipe::MTE1},
      {Pipe::MTE3, Pipe::MTE1}, {Pipe::MTE1, Pipe::MTE3},
      {Pipe::MTE2, Pipe::M},    {Pipe::M, Pipe::MTE2},
      {Pipe::M, Pipe::FIX},     {Pipe::FIX, Pipe::M},
      {Pipe::MTE3, Pipe::MTE2}, {Pipe::MTE2, Pipe::MTE3},
      {Pipe::S, Pipe::MTE2},    {Pipe::MTE2, Pipe::S},
      {Pipe::S, Pipe::MTE3},    {Pipe::MTE3, Pipe::S},
      {Pipe::MTE2, Pipe::FIX},  {Pipe::FIX, Pipe::MTE2},
      {Pipe::FIX, Pipe::S},     {Pipe::M, Pipe::S},
      {Pipe::FIX, Pipe::MTE3},  {Pipe::MTE1, Pipe::FIX},
      {Pipe::FIX, Pipe::MTE1},  {Pipe::FIX, Pipe::FIX}};
  return llvm::is_contained(events, std::make_pair(src, dst));
}
