//===- BufferOps.cpp - alloc, load (abstract) -----------------------------===//
//
// ascube.alloc (alloc_c*, alignment_c1, capacity_c1/c2) and the abstract
// L1 -> L0 move ascube.load (load_c*) (cube-reference §1-§3, §11);
// ascube.set_flag / wait_flag name a Cube-core event (sync_c2);
// ascube.pipe_barrier has no rule of its own. ODS: AscubeBufferOps.td.
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

//===----------------------------------------------------------------------===//
// AllocOp
//===----------------------------------------------------------------------===//

LogicalResult AllocOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  MemRefType type = getBuffer().getType();
  FailureOr<layout::FractalLayout> l = getFractalLayout(type, emit);
  if (failed(l))
    return failure();
  Level level = *getMemLevel(type);
  if (level == Level::GM)
    return emitOpError() << "allocates in GM; GM buffers are function "
                            "arguments, give the result an on-core "
                            "#ascube.mem level [alloc_c1]";
  int64_t offset = 0;
  if (IntegerAttr off = getOffsetAttr()) {
    offset = off.getInt();
    if (offset < 0)
      return emitOpError() << "offset = " << offset
                           << " B must be non-negative [alloc_c2]";
  }
  Buffer b{type, std::move(*l), level,
           *getElementBitWidth(type.getElementType())};
  if (const target::ProductInfo *prod = getTargetProduct(*this)) {
    unsigned align = prod->alignment(level);
    if (prod->hasLevel(level) && align > 1 && offset % align != 0)
      return emitOpError() << "offset = " << offset << " B in "
                           << target::stringifyLevel(level)
                           << " is not a multiple of " << align << " B on "
                           << prod->Name << " [alignment_c1]";
  }
  return checkCapacity(*this, emit, "buffer", b, offset);
}

//===----------------------------------------------------------------------===//
// LoadOp (abstract L1 -> L0 move, cube-reference §11)
//===----------------------------------------------------------------------===//

bool LoadOp::isTransposed() {
  auto s = getSrc().getType().getShape(), d = getDst().getType().getShape();
  return getTranspose() || isTransposedView(s, d);
}

LogicalResult LoadOp::verify() {
  auto emit = [&]() { return emitOpError(); };
  FailureOr<Buffer> src = resolve(getSrc(), "source", emit);
  FailureOr<Buffer> dst = resolve(getDst(), "destination", emit);
  if (failed(src) || failed(dst) ||
      failed(checkOperandCapacities(*this, emit)) ||
      failed(checkHardwareFractals(
          emit, {{"source", &*src}, {"destination", &*dst}})))
    return failure();
  if (src->level != Level::L1 ||
      (dst->level != Level::L0A && dst->level != Level::L0B))
    return emitOpError() << "moves an L1 tile to L0A or L0B, got "
                         << target::stringifyLevel(src->level) << " -> "
                         << target::stringifyLevel(dst->level) << " [load_c1]";
  if (src->type.getElementType() != dst->type.getElementType())
    return emitOpError() << "source and destination element types differ ("
                         << src->type.getElementType() << " vs "
                         << dst->type.getElementType() << ") [load_c1]";
  ArrayRef<int64_t> s = src->type.getShape(), d = dst->type.getShape();
  bool same = s == d,
       swapped = s.size() == 2 && d.size() == 2 && s[0] == d[1] && s[1] == d[0];
  if (s.size() != 2 || d.size() != 2)
    return emitOpError() << "moves a 2-D tile (rows x cols), got " << src->type
                         << " -> " << dst->type << " [load_c2]";
  if (!(getTranspose() ? swapped : same || swapped))
    return emitOpError() << "the destination " << dst->type
                         << " must have the source's shape or, transposed, "
                            "its swapped shape [load_c2]";
  return success();
}

//===----------------------------------------------------------------------===//
// SetFlagOp, WaitFlagOp
//===----------------------------------------------------------------------===//

/// sync_c2: the pipe pair is an event of the Cube core; a constant event ID
/// is not negative (its upper bound is the product's, sync_c3).
static LogicalResult verifyFlag(Operation *op, Pipe src, Pipe dst,
                                Value event) {
  if (!isCubeEvent(src, dst))
    return op->emitOpError()
           << "event " << stringifyPipe(src) << " -> " << stringifyPipe(dst)
           << " is not an event of the Cube core (its pairs: MTE2/MTE1, "
              "MTE1/M, MTE2/M, M/FIX, MTE2/FIX, MTE1/FIX and MTE3/MTE1, "
              "MTE3/MTE2, S/MTE2, S/MTE3 either way; FIX -> FIX, FIX -> "
              "MTE3, FIX -> S, M -> S) [sync_c2]";
  if (std::optional<int64_t> id = getConstantIntValue(event); id && *id < 0)
    return op->emitOpError()
           << "event ID " << *id << " is negative (IDs count from 0) [sync_c2]";
  return success();
}

LogicalResult SetFlagOp::verify() {
  return verifyFlag(*this, getSrc(), getDst(), getEvent());
}

LogicalResult WaitFlagOp::verify() {
  return verifyFlag(*this, getSrc(), getDst(), getEvent());
}
