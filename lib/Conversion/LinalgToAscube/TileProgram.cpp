//===- TileProgram.cpp - What the matmul and convolution emitters share ---===//
//
// tiling::ProgramEmitter (TileLinalg.h): the flags between the program's
// pipes (docs/Tiling.md "Flags"), the chunk loop over two buffer sets
// ("Double buffering"), the tile loops and the block a tile runs on,
// placed buffers, the bias through L1 and BT, the Fixpipe of a C tile,
// plain copies and the constants in GM (splatGlobal: MX's unit scales, a
// bias seed's ones, a padded map's zeros); and checkPlainBias.
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"
#include "ascube/Dialect/Ascube/IR/Ascube.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace mlir;
using namespace ascube;
using target::Level;
using Format = layout::Format;

void tiling::ProgramEmitter::flag(bool set, Pipe src, Pipe dst, int64_t event) {
  auto s = PipeAttr::get(b.getContext(), src);
  auto d = PipeAttr::get(b.getContext(), dst);
  if (set)
    SetFlagOp::create(b, loc, s, d, index(event));
  else
    WaitFlagOp::create(b, loc, s, d, index(event));
}

/// The events of the "free" flags: one per buffer set, and the bias's.
static SmallVector<int64_t, 3> freeEvents(int64_t sets, bool bias) {
  SmallVector<int64_t, 3> events;
  for (int64_t e = 0; e < sets; ++e)
    events.push_back(e);
  if (bias)
    events.push_back(tiling::ProgramEmitter::kBiasEvent);
  return events;
}

void tiling::ProgramEmitter::syncStart() {
  Block *block = b.getInsertionBlock();
  Block::iterator at = b.getInsertionPoint();
  Operation *before = at == block->begin() ? nullptr : &*std::prev(at);
  for (int64_t e : freeEvents(sets, static_cast<bool>(biasRow))) {
    flag(true, Pipe::MTE1, Pipe::MTE2, e);
    flag(true, Pipe::M, Pipe::MTE1, e);
  }
  flag(true, Pipe::FIX, Pipe::M);
  program.first = before ? before->getNextNode() : &block->front();
  program.prod = &prod;
}

void tiling::ProgramEmitter::syncEnd() {
  for (int64_t e : freeEvents(sets, static_cast<bool>(biasRow))) {
    flag(false, Pipe::MTE1, Pipe::MTE2, e);
    flag(false, Pipe::M, Pipe::MTE1, e);
  }
  flag(false, Pipe::FIX, Pipe::M);
  // What Fixpipe wrote to GM, before anything later reads it.
  flag(true, Pipe::FIX, Pipe::MTE2);
  flag(false, Pipe::FIX, Pipe::MTE2);
  program.last = &*std::prev(b.getInsertionPoint());
}

void tiling::ProgramEmitter::beforeCopies() {
  flag(false, Pipe::MTE1, Pipe::MTE2, bufferSet);
}

void tiling::ProgramEmitter::copiesDone() {
  flag(true, Pipe::MTE2, Pipe::MTE1, bufferSet);
  flag(false, Pipe::MTE2, Pipe::MTE1, bufferSet);
}

void tiling::ProgramEmitter::l0Free() {
  flag(false, Pipe::M, Pipe::MTE1, l0Event());
}

void tiling::ProgramEmitter::beforeMmad(bool init, bool withBias,
                                        bool freesL1) {
  if (freesL1)
    flag(true, Pipe::MTE1, Pipe::MTE2, bufferSet);
  flag(true, Pipe::MTE1, Pipe::M, l0Event());
  flag(false, Pipe::MTE1, Pipe::M, l0Event());
  if (init)
    flag(/*set=*/false, Pipe::FIX, Pipe::M);
  if (withBias)
    flag(false, Pipe::MTE1, Pipe::M, kBiasEvent);
}

void tiling::ProgramEmitter::afterMmad(bool withBias) {
  flag(true, Pipe::M, Pipe::MTE1, l0Event());
  if (withBias)
    flag(true, Pipe::M, Pipe::MTE1, kBiasEvent);
}

void tiling::ProgramEmitter::writeTile(Value c, Value out, Value offset,
                                       int64_t rows, int64_t cols,
                                       int64_t pitch) {
  writeTilePieces(c, out, rows, pitch,
                  [&](PieceWriter write) { write(Value(), offset, cols); });
}

void tiling::ProgramEmitter::writeTilePieces(
    Value c, Value out, int64_t rows, int64_t pitch,
    llvm::function_ref<void(PieceWriter)> pieces) {
  // The tile's last Mmad is done; after the Fixpipes M may write L0C
  // again.
  flag(true, Pipe::M, Pipe::FIX);
  flag(false, Pipe::M, Pipe::FIX);
  pieces([&](Value from, Value offset, int64_t cols) {
    auto fixpipe = [&](Value dst) {
      return fixpipeNz2nd(c, from, dst, offset, rows, cols, pitch);
    };
    if (writeOut)
      fixpipe(out);
    if (requantOut)
      fixpipe(requantOut).setDeqScalarAttr(attr(int64_t(requantWord)));
  });
  flag(true, Pipe::FIX, Pipe::M);
}

void tiling::ProgramEmitter::plainCopy(Value src, Value from, Value dst,
                                       Value to, int64_t count, int64_t len,
                                       int64_t srcGap, int64_t dstGap) {
  DataCopyOp::create(b, loc, src, from, dst, to,
                     CopyModeAttr::get(b.getContext(), CopyMode::copy),
                     attr(count), attr(len), attr(srcGap), attr(dstGap), {}, {},
                     {}, {}, {}, {}, {}, {});
}

void tiling::ProgramEmitter::nd2nz(Value src, Value from, Value dst, Value to,
                                   int64_t num, int64_t nValue, int64_t dValue,
                                   int64_t srcStride, int64_t srcDValue,
                                   int64_t c0Stride, int64_t dstStride,
                                   int64_t nStride) {
  if (!from)
    from = index(0);
  if (nValue > 1 && srcDValue > model::limits::kU16Max) {
    // One ND2NZ per row: row r from r x srcDValue elements in GM to
    // r x nStride 32 B rows into the Nz.
    int64_t c0 = 256 / *getElementBitWidth(
                           cast<MemRefType>(dst.getType()).getElementType());
    Value first = to ? to : index(0);
    loop(nValue, [&](Value r) {
      nd2nz(src, add(from, mul(r, srcDValue)), dst,
            add(first, mul(r, nStride * c0)), num, 1, dValue, srcStride, 1,
            c0Stride, dstStride, nStride);
    });
    return;
  }
  if (num > 1 && (srcStride > model::limits::kU16Max ||
                  dstStride > model::limits::kNd2nzDstStrideMax)) {
    Value first = to ? to : index(0);
    loop(num, [&](Value i) {
      nd2nz(src, add(from, mul(i, srcStride)), dst,
            add(first, mul(i, dstStride)), 1, nValue, dValue, 0, srcDValue,
            c0Stride, 0, nStride);
    });
    return;
  }
  // (A field that is never stepped — one row, one matrix — is emitted
  // within its range.)
  if (nValue <= 1)
    srcDValue = std::min<int64_t>(srcDValue, model::limits::kU16Max);
  if (num <= 1 && srcStride > model::limits::kU16Max)
    srcStride = 0;
  if (num <= 1 && dstStride > model::limits::kNd2nzDstStrideMax)
    dstStride = 0;
  dataCopyNd2nz(src, from, dst, to,
                Nd2nzFields::all(CopyMode::nd2nz, num, nValue, dValue,
                                 srcStride, srcDValue, c0Stride, nStride,
                                 dstStride));
}

DataCopyOp tiling::ProgramEmitter::dataCopy(Value src, Value from, Value dst,
                                            Value to) {
  return DataCopyOp::create(b, loc, src, from, dst, to, {}, {}, {}, {}, {}, {},
                            {}, {}, {}, {}, {}, {}, {});
}

DataCopyOp tiling::ProgramEmitter::dataCopyNd2nz(Value src, Value from,
                                                 Value dst, Value to,
                                                 const Nd2nzFields &f) {
  DataCopyOp op = dataCopy(src, from, dst, to);
  if (f.mode)
    op.setModeAttr(CopyModeAttr::get(b.getContext(), *f.mode));
  auto set = [&](std::optional<int64_t> v,
                 void (DataCopyOp::*setter)(IntegerAttr)) {
    if (v)
      (op.*setter)(attr(*v));
  };
  set(f.ndNum, &DataCopyOp::setNdNumAttr);
  set(f.nValue, &DataCopyOp::setNValueAttr);
  set(f.dValue, &DataCopyOp::setDValueAttr);
  set(f.srcNdMatrixStride, &DataCopyOp::setSrcNdMatrixStrideAttr);
  set(f.srcDValue, &DataCopyOp::setSrcDValueAttr);
  set(f.dstNzC0Stride, &DataCopyOp::setDstNzC0StrideAttr);
  set(f.dstNzNStride, &DataCopyOp::setDstNzNStrideAttr);
  set(f.dstNzMatrixStride, &DataCopyOp::setDstNzMatrixStrideAttr);
  return op;
}

FixpipeOp tiling::ProgramEmitter::fixpipeNz2nd(Value c, Value from, Value dst,
                                               Value offset, int64_t rows,
                                               int64_t cols, int64_t pitch) {
  auto op = FixpipeOp::create(b, loc, c, from, dst, offset, Value(), Value(),
                              {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},
                              {}, {}, {}, {}, {}, {}, {}, {}, {});
  op.setMSizeAttr(attr(rows));
  op.setNSizeAttr(attr(cols));
  op.setDstStrideAttr(attr(pitch));
  if (relu)
    op.setReluEnAttr(b.getBoolAttr(true));
  return op;
}

/// An Mmad's (MmadMx's) start: C from zero by default, from the bias table
/// with one, C itself unless `init`.
template <typename OpT>
static OpT startC(OpBuilder &b, OpT op, bool init, Value bias) {
  if (!init || bias)
    op.setCmatrixInitValAttr(b.getBoolAttr(false));
  if (bias)
    op.setCmatrixSourceAttr(b.getBoolAttr(true));
  return op;
}

MmadOp tiling::ProgramEmitter::mmad(Value a, Value bm, Value c, Value bias,
                                    int64_t m, int64_t k, int64_t n,
                                    bool init) {
  return startC(b,
                MmadOp::create(b, loc, a, bm, c, bias, attr(m), attr(k),
                               attr(n), {}, {}, {}, {}, {}, {}),
                init, bias);
}

MmadMxOp tiling::ProgramEmitter::mmadMx(Value a, Value scaleA, Value bm,
                                        Value scaleB, Value c, Value bias,
                                        int64_t m, int64_t k, int64_t n,
                                        bool init) {
  return startC(b,
                MmadMxOp::create(b, loc, a, scaleA, bm, scaleB, c, bias,
                                 attr(m), attr(k), attr(n), {}, {}, {}),
                init, bias);
}

LoadMxOp tiling::ProgramEmitter::loadMx(Value src, Value scale, Value dst,
                                        Value scaleDst, bool transpose) {
  auto op =
      LoadMxOp::create(b, loc, src, Value(), scale, dst, Value(), scaleDst, {},
                       {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {});
  if (transpose)
    op.setIfTransposeAttr(b.getBoolAttr(true));
  return op;
}

void tiling::ProgramEmitter::copyZeros(Type elem, Value dst, Value to,
                                       int64_t count, int64_t len,
                                       int64_t dstGap) {
  copySplat("zeros", 0.0, elem, dst, to, count, len, dstGap);
}

void tiling::ProgramEmitter::copySplat(StringRef what, double value, Type elem,
                                       Value dst, Value to, int64_t count,
                                       int64_t len, int64_t dstGap) {
  int64_t n = count * len * 256 / *getElementBitWidth(elem);
  auto type = MemRefType::get({n}, elem);
  StringAttr sym = splatGlobal(
      allocPoint->getParentOfType<ModuleOp>(), loc,
      llvm::formatv("__ascube_{0}_{1}x{2}", what, n, getCubeTypeName(elem))
          .str(),
      type, FloatAttr::get(elem, value));
  Value src = memref::GetGlobalOp::create(b, loc, type, sym);
  plainCopy(src, Value(), dst, to, count, len, 0, dstGap);
}

void tiling::ProgramEmitter::plainCopyToNz(Value src, Value from, int64_t pitch,
                                           int64_t nRows, int64_t nCols,
                                           Value dst, bool consecutive) {
  auto st = cast<MemRefType>(src.getType());
  int64_t bytes = *getElementBitWidth(st.getElementType()) / 8;
  int64_t c0 = 32 / bytes;
  auto block = [&](Value at, Value to, int64_t count, int64_t len) {
    plainCopy(src, at, dst, to, count, len, pitch * bytes / 32 - len);
  };
  if (consecutive) {
    block(from, index(0), nRows, nCols / c0);
    return;
  }
  int64_t padRows =
      llvm::alignTo(cast<MemRefType>(dst.getType()).getShape()[0], 16);
  for (int64_t j = 0; j < nCols / c0; ++j)
    block(add(from, index(j * c0)), index(j * padRows * c0), nRows, 1);
}

StringAttr tiling::splatGlobal(ModuleOp module, Location loc, StringRef name,
                               MemRefType type, TypedAttr value) {
  return constantGlobal(
      module, loc, name, type,
      DenseElementsAttr::get(
          RankedTensorType::get(type.getShape(), type.getElementType()),
          value));
}

StringAttr tiling::workspaceGlobal(ModuleOp module, Location loc,
                                   StringRef name, MemRefType type) {
  OpBuilder mb(module.getContext());
  auto global = memref::GlobalOp::create(mb, loc, mb.getStringAttr(name),
                                         mb.getStringAttr("private"),
                                         TypeAttr::get(type), mb.getUnitAttr(),
                                         UnitAttr(), mb.getI64IntegerAttr(64));
  SymbolTable(module).insert(global, module.getBody()->begin());
  return global.getSymNameAttr();
}

StringAttr tiling::constantGlobal(ModuleOp module, Location loc, StringRef name,
                                  MemRefType type, DenseElementsAttr init) {
  for (auto g : module.getOps<memref::GlobalOp>())
    if (g.getSymName().starts_with(name) && g.getType() == type &&
        g.getConstant() && g.isPrivate() && g.getInitialValueAttr() == init)
      return g.getSymNameAttr();
  // A detached global, then inserted first in the module under a name of
  // its own (SymbolTable renames it where the module has one).
  OpBuilder mb(module.getContext());
  auto global = memref::GlobalOp::create(
      mb, loc, mb.getStringAttr(name), mb.getStringAttr("private"),
      TypeAttr::get(type), init, mb.getUnitAttr(), mb.getI64IntegerAttr(64));
  SymbolTable(module).insert(global, module.getBody()->begin());
  return global.getSymNameAttr();
}

void tiling::ProgramEmitter::copyOnes(Type elem, int64_t bytes, Value dst) {
  copySplat("ones", 1.0, elem, dst, Value(), 1, bytes / 32, 0);
}

void tiling::ProgramEmitter::copyE8m0Ones(int64_t bytes, int64_t l1Offset) {
  MLIRContext *ctx = b.getContext();
  auto e8m0 = Float8E8M0FNUType::get(ctx);
  Value l1 = place(MemRefType::get({bytes}, e8m0, MemRefLayoutAttrInterface(),
                                   MemSpaceAttr::get(ctx, Level::L1)),
                   l1Offset);
  copyOnes(e8m0, bytes, l1);
}

void tiling::ProgramEmitter::forEachChunk(
    int64_t count, llvm::function_ref<void(Value, int64_t)> chunk) {
  auto one = [&](Value i, int64_t j) {
    bufferSet = j % sets;
    chunk(i, j);
  };
  if (count > 0)
    one(index(0), 0);
  int64_t rest = std::max<int64_t>(count - 1, 0);
  if (rest / sets > 0) {
    auto loop =
        scf::ForOp::create(b, loc, index(0), index(rest / sets), index(1));
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    // Chunks 1 + sets * iv + s.
    Value first = mul(loop.getInductionVar(), sets);
    for (int64_t s = 0; s < sets; ++s)
      one(add(first, index(1 + s)), 1 + s);
  }
  for (int64_t j = 1 + rest / sets * sets; j < count; ++j)
    one(index(j), j);
}

void tiling::ProgramEmitter::forEachTile(
    int64_t full, int64_t tail, int64_t size,
    llvm::function_ref<void(Value, int64_t, Value)> body) {
  if (full > 0) {
    auto loop = scf::ForOp::create(b, loc, index(0), index(full), index(1));
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    body(mul(loop.getInductionVar(), size), size, loop.getInductionVar());
  }
  if (tail > 0)
    body(index(full * size), tail, index(full));
}

void tiling::ProgramEmitter::onItsBlock(Value id, Value blockIdx,
                                        Value blockNum,
                                        llvm::function_ref<void()> body) {
  Value mine = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, id, blockNum), blockIdx);
  auto ifOp = scf::IfOp::create(b, loc, mine, /*withElse=*/false);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  body();
}

void tiling::ProgramEmitter::loop(int64_t n,
                                  llvm::function_ref<void(Value)> body) {
  if (n == 1)
    return body(index(0));
  // Bounds named in order: the IR must not depend on the compiler's order
  // of evaluating arguments.
  Value lb = index(0), ub = index(n), step = index(1);
  auto l = scf::ForOp::create(b, loc, lb, ub, step);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(l.getBody());
  body(l.getInductionVar());
}

Operation *tiling::allocPointOf(Operation *func) {
  Block &entry = func->getRegion(0).front();
  auto it =
      llvm::find_if(entry, [](Operation &op) { return !isa<AllocOp>(op); });
  return &*it;
}

Value tiling::ProgramEmitter::place(MemRefType type, int64_t offset,
                                    bool readOnly) {
  Value &v = (readOnly ? readOnlyBuffers : buffers)[{type, offset}];
  if (v)
    return v;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPoint(allocPoint);
  v = AllocOp::create(b, loc, type, b.getI64IntegerAttr(offset)).getResult();
  return v;
}

Value tiling::ProgramEmitter::buffer(Level level, int64_t rows, int64_t cols,
                                     Type elem, Format format, int64_t offset,
                                     bool readOnly) {
  auto layout = LayoutAttr::get(b.getContext(), format, {}, std::nullopt);
  return place(MemRefType::get({rows, cols}, elem, layout,
                               MemSpaceAttr::get(b.getContext(), level)),
               offset, readOnly);
}

Value tiling::ProgramEmitter::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}
Value tiling::ProgramEmitter::mul(Value v, int64_t c) {
  return arith::MulIOp::create(b, loc, v, index(c));
}
Value tiling::ProgramEmitter::add(Value x, Value y) {
  return arith::AddIOp::create(b, loc, x, y);
}

LogicalResult tiling::checkPlainBias(Operation *op,
                                     const target::ProductInfo &prod, int64_t n,
                                     int64_t bits) {
  if (prod.HasND2NZ || (n * bits / 8) % 32 == 0)
    return success();
  return op->emitOpError() << prod.Name
                           << " has no DataCopy ND2NZ: the bias goes to L1 "
                              "in plain DataCopy blocks of 32 B, so its "
                           << n << " elements of " << bits / 8
                           << " B must be whole blocks [tile_c4]";
}

Value tiling::ProgramEmitter::biasToBT(Value n0, int64_t nt, int64_t bn,
                                       Type cType) {
  int64_t bytes = *getElementBitWidth(cType) / 8;
  int64_t l1Offset = model::biasStagingOffset(prod.L1, bn, bytes * 8);
  Value l1 = buffer(Level::L1, 1, bn, cType, Format::Nz, l1Offset);
  // The bias row's L1 and BT have flags of their own.
  flag(false, Pipe::MTE1, Pipe::MTE2, kBiasEvent);
  if (prod.HasND2NZ) {
    Nd2nzFields f;
    f.ndNum = 1;
    f.nValue = 1;
    f.dValue = nt;
    f.srcNdMatrixStride = 0;
    f.srcDValue = cast<MemRefType>(biasRow.getType()).getShape()[1];
    f.dstNzC0Stride = 1;
    f.dstNzMatrixStride = 0;
    dataCopyNd2nz(biasRow, n0, l1, Value(), f);
  } else {
    // nt elements in whole 32 B blocks (tile_c4), one run.
    plainCopy(biasRow, n0, l1, Value(), 1, nt * bytes / 32, 0);
  }
  int64_t btElems = llvm::alignTo(bn * bytes, 64) / bytes;
  Value bt =
      place(MemRefType::get({btElems}, cType, MemRefLayoutAttrInterface(),
                            MemSpaceAttr::get(b.getContext(), Level::BT)),
            0);
  flag(true, Pipe::MTE2, Pipe::MTE1, kBiasEvent);
  flag(false, Pipe::MTE2, Pipe::MTE1, kBiasEvent);
  flag(false, Pipe::M, Pipe::MTE1, kBiasEvent);
  dataCopy(l1, Value(), bt, Value());
  flag(true, Pipe::MTE1, Pipe::MTE2, kBiasEvent);
  flag(true, Pipe::MTE1, Pipe::M, kBiasEvent);
  return bt;
}
