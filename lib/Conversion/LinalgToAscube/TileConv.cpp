//===- TileConv.cpp - ascube-tile-linalg: 2-D convolutions onto the Cube --===//
//
// Turns a linalg.conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc or (on products with
// DataCopy DN2NZ and Fixpipe NZ2DN: 950) conv_2d_nchw_fchw on GM memrefs
// into a tiled Cube program (docs/Tiling.md; the tiling rule in
// model::chooseConvTiling): the load3d strategy; the others (by ND2NZ,
// chosen by TileConvPlan.cpp's decideConv) are TileConvNd.cpp's. The
// convolution of one image is the GEMM O (OH*OW x F) = X (OH*OW x K) x B
// (K x F) with X the im2col matrix of LoadData 3D (cube-reference §10.3):
// K = C1 x KH x KW x C0 in the order (c1, kh, kw, c0), channels padded to
// whole C0 blocks. Per image:
//
//   for each output tile (a band of output rows, or a piece of one row)
//     for each channel chunk (C0 blocks of the map)
//       DataCopy ND2NZ  the tile's input pixels (NHWC rows of C channels)
//                       -> L1 as an NC1HWC0 map (channel tails zero-filled)
//       DataCopy ND2NZ  the chunk's weights (HWCF rows) -> L1 as a map whose
//                       pixels are the K rows and channels the F columns
//       LoadData 3D     map -> L0A: the X window (kernel, strides, dilations)
//       LoadData 3D     weights -> L0B (a 1 x 1 kernel: the K x N matrix; the
//                       padding of a partial channel block comes in as zeros)
//                       — or, for 8-bit weights where LoadData 3D cannot
//                       write L0B, ND2NZ into a K x N Nz and ascube.load
//       Mmad            C tile (+)= X chunk x B chunk
//     Fixpipe           C tile -> O (NZ2ND, row pitch F)
//
// with a matmul's flags between the pipes (a chunk's copies all before its
// loads) and, where two chunks fit (model::ConvTiling::sets), chunk j on
// buffer set j % 2 (docs/Tiling.md "Flags", "Double buffering"). Where not
// even one C0 block's kernel window fits a chunk, a chunk is part of one
// block's kernel points — part of a kernel row, or whole rows — and copies
// and reads only the map rows of its kernel rows and, a part of a row in a
// tile of one output row, only its points' map columns (docs/Tiling.md
// "Kernel windows too large for one chunk").
//
// The other operand layouts change only the copies. Weights held F-major
// (FHWC: ND rows of KH x KW x C per output channel; FCHW: each channel's
// KH x KW points contiguous) come in as B^T, an N x K Nz in L1, by ND2NZ
// (FHWC) or DN2NZ (FCHW: the points of a channel are a DN column), and
// ascube.load moves it into L0B's Zn as it does a matmul's B held N x K.
// An NCHW map is, per image, a DN matrix of pixels x channels (each
// channel's pixels contiguous): DN2NZ lays it out as the same NC1HWC0 map;
// an NCHW output is the DN matrix of the output tile, written by Fixpipe
// NZ2DN. The GM operands are then column-major views (memref.transpose of
// the collapsed tensor: DN, GMView).
//
// Atlas 200I/500 A2 has no ND2NZ: there the map's NC1HWC0 planes, HWCF
// weights' Nz planes and FHWC weights' B^T are plain DataCopy runs of 32 B
// blocks (plainGrid), so channels (and F of HWCF weights) are whole blocks.
//
// A map zero-padded first (a bufferized tensor.pad: alloc, zero fill,
// subview, copy) is read as it is; each tile's LoadData 3D pads its window
// (padList), the edge tiles emitted one by one (forEachWindowTile). (The
// ND2NZ strategies, TileConvNd.cpp, make a padded map in GM instead.)
//
// A bias add and a ReLU right after the convolution fold in as after a
// matmul (tiling::matchEpilogue): the N tile's bias in BT starts the first
// chunk's Mmad, Fixpipe applies the ReLU.
//
// A partial last channel block (C % C0 != 0) pads X with zeros (ND2NZ
// zero-fills the map's channel tail) and B with zeros (the padding of the
// weights' LoadData 3D), so every padded product is +0 x +0, as with a
// zero-padded weight tensor on the chip.
//
//===----------------------------------------------------------------------===//

#include "TileLinalg.h"

#include "ascube/Dialect/Ascube/IR/Ascube.h"
#include "ascube/Tiling/ConvTiling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/Support/FormatVariadic.h"

#include <functional>

using namespace mlir;
using namespace ascube;
using namespace ascube::model::limits;
using target::Level;
using Format = layout::Format;

namespace {

using tiling::ConvForm;

/// Emits the Cube program of one convolution.
class ConvEmitter : public tiling::ProgramEmitter {
public:
  ConvEmitter(OpBuilder &b, Location loc, const target::ProductInfo &prod,
              const model::ConvProblem &p, const model::ConvTiling &t,
              Type elem, Type acc, ConvForm form, bool weightsByLoad3D)
      : ProgramEmitter(b, loc, prod), p(p), t(t), elem(elem), acc(acc),
        form(form), weightsByLoad3D(weightsByLoad3D) {
    c0 = p.c0();
    crem = p.c % c0;
    // L1: the map chunk, then the full blocks' weights, then the partial
    // block's (held F-major: the last chunk's) (each 512 B aligned).
    int64_t groupRows = t.points(p) * c0;
    wFullOffset = llvm::alignTo(t.mapPixels(p) * t.groups * 32, 512);
    wLastOffset = wFullOffset +
                  llvm::alignTo(t.groups * groupRows * t.n * p.bits / 8, 512);
    // Double buffering (model::ConvTiling::sets): the second set of those
    // regions follows the first in L1, and in L0A and L0B.
    sets = t.sets;
    l1Set = t.l1SetBytes(p);
    l0aSet = t.l0aSetBytes(p);
    l0bSet = t.l0bSetBytes(p);
  }

  /// The image `image` (an index): every output tile, each on the block
  /// its number falls to (as for a matmul: (image * tilesM + mi) * tilesN
  /// + ni, on the block number % block_num == block_idx).
  void emit(Value image) {
    this->image = image;
    Value blockIdx = BlockIdxOp::create(b, loc, b.getIndexType());
    Value blockNum = BlockNumOp::create(b, loc, b.getIndexType());
    Value imageTiles = mul(image, t.tilesM(p));
    auto perM = [&](Value oh0, int64_t rows, Value ow0, int64_t cols, Value mi,
                    Edge er, Edge ec) {
      forEachTile(p.f / t.n, p.f % t.n, t.n,
                  [&](Value f0, int64_t nt, Value ni) {
                    Value id = add(mul(add(imageTiles, mi), t.tilesN(p)), ni);
                    onItsBlock(id, blockIdx, blockNum, [&] {
                      emitOutputTile(oh0, rows, ow0, cols, f0, nt, er, ec);
                    });
                  });
    };
    if (!t.piece) {
      // Bands of t.rows output rows (the last maybe fewer), whole rows.
      Edge cols = window.colEdge(0, p.ow);
      forEachWindowTile(
          p.oh, t.rows,
          [&](int64_t oh0, int64_t n) { return window.rowEdge(oh0, n); },
          [&](Value oh0, int64_t rows, Value mi, Edge er) {
            perM(oh0, rows, index(0), p.ow, mi, er, cols);
          });
      return;
    }
    // Single output rows in pieces of t.piece output pixels (the last
    // maybe fewer).
    int64_t perRow = llvm::divideCeil(p.ow, t.piece);
    forEachWindowTile(
        p.oh, 1, [&](int64_t oh0, int64_t n) { return window.rowEdge(oh0, n); },
        [&](Value oh, int64_t, Value, Edge er) {
          forEachWindowTile(
              p.ow, t.piece,
              [&](int64_t ow0, int64_t n) { return window.colEdge(ow0, n); },
              [&](Value ow0, int64_t cols, Value j, Edge ec) {
                perM(oh, 1, ow0, cols, add(mul(oh, perRow), j), er, ec);
              });
        });
  }

  /// The GM operands as matrices: the map (N*H*W) x C, the weights
  /// (KH*KW*C) x F, the output (N*OH*OW) x F. FHWC weights: F x (KH*KW*C).
  /// NCHW map and output: DN views (H*W) x (N*C) and (OH*OW) x (N*F); FCHW
  /// weights: the DN view (KH*KW) x (F*C). (A DN view of one row or
  /// column is contiguous and so ND: dn2nz copes.) `outPitch`: the
  /// output's row (DN: column) pitch.
  Value in, wt, out;
  int64_t outPitch = 0;
  /// The map in GM inside its zero padding (tensor.pad): the windows'
  /// edges.
  model::ConvMap window;

private:
  using Edge = model::WindowEdge;

  /// The kernel points of a channel chunk in each of its blocks: kernel
  /// rows [r0, r0 + kr) — all their points, or `points` of one row from
  /// its point col0 — whose window reaches `rowPad` / `colPad` into the
  /// padding (in map rows and columns). The first row is `row0` in a loop
  /// over kernel rows, else (row0 null) the number r0; the first point of
  /// a row likewise `col0v` or col0.
  struct ChunkPoints {
    Value row0;
    int64_t r0, kr;
    Value col0v;
    int64_t col0, points;
    Edge rowPad, colPad;
  };
  /// A block's whole kernel window, reaching `er` / `ec` into the padding.
  ChunkPoints whole(Edge er, Edge ec) {
    return {Value(), 0, p.kh, Value(), 0, p.kh * p.kw, er, ec};
  }
  /// The chunk's first kernel row, and first point of its row, times `c`:
  /// constants outside loops over kernel rows and points.
  Value rowTimes(const ChunkPoints &k, int64_t c) {
    return k.row0 ? mul(k.row0, c) : index(k.r0 * c);
  }
  Value colTimes(const ChunkPoints &k, int64_t c) {
    return k.col0v ? mul(k.col0v, c) : index(k.col0 * c);
  }
  /// The chunk's first point (in the block's (kh, kw) order) times `c`.
  Value pointTimes(const ChunkPoints &k, int64_t c) {
    if (!k.row0 && !k.col0v)
      return index((k.r0 * p.kw + k.col0) * c);
    if (!k.col0v && !k.col0)
      return rowTimes(k, p.kw * c);
    return add(rowTimes(k, p.kw * c), colTimes(k, c));
  }

  /// Calls `body(g, gv, n, edge)` for the runs of `size` (the last maybe
  /// fewer) covering `total` output rows or columns, kernel rows or points
  /// of a row: the full runs whose window (`edgeOf(start, n)`) lies inside
  /// the map in an scf.for, `step` a step (gv: the run's number, g = -1;
  /// a loop even of one step with `loopOne`), the others — reaching into
  /// the padding, the tail, the first with `firstAlone` — one by one (g:
  /// the number, gv null), each with its own edge. The runs inside are one
  /// run between the others (windows move monotonically), found from both
  /// ends in a bounded number of steps however many there are.
  void
  forEachRun(int64_t total, int64_t size,
             llvm::function_ref<Edge(int64_t, int64_t)> edgeOf, int64_t step,
             bool firstAlone, bool loopOne,
             llvm::function_ref<void(int64_t, Value, int64_t, Edge)> body) {
    int64_t count = llvm::divideCeil(total, size);
    auto len = [&](int64_t g) { return std::min(size, total - g * size); };
    auto edge = [&](int64_t g) { return edgeOf(g * size, len(g)); };
    auto inside = [&](int64_t g) {
      Edge e = edge(g);
      return e.lo == 0 && e.hi == 0 && len(g) == size &&
             !(firstAlone && g == 0);
    };
    int64_t lo = 0;
    while (lo < count && !inside(lo))
      ++lo;
    int64_t hi = count;
    while (hi > lo && !inside(hi - 1))
      --hi;
    int64_t loops = (hi - lo) / step;
    if (loops == 1 && !loopOne)
      loops = 0;
    for (int64_t g = 0; g < lo; ++g)
      body(g, Value(), len(g), edge(g));
    if (loops > 0) {
      auto loop = scf::ForOp::create(b, loc, index(lo),
                                     index(lo + loops * step), index(step));
      OpBuilder::InsertionGuard gd(b);
      b.setInsertionPointToStart(loop.getBody());
      Value g = loop.getInductionVar();
      for (int64_t k = 0; k < step; ++k)
        body(-1, k ? add(g, index(k)) : g, size, Edge{});
    }
    for (int64_t g = lo + loops * step; g < count; ++g)
      body(g, Value(), len(g), edge(g));
  }

  /// The output tiles of `size` rows or columns (forEachRun):
  /// `body(start, size, tile number, edge)`.
  void forEachWindowTile(
      int64_t total, int64_t size,
      llvm::function_ref<Edge(int64_t, int64_t)> edgeOf,
      llvm::function_ref<void(Value, int64_t, Value, Edge)> body) {
    forEachRun(total, size, edgeOf, 1, false, /*loopOne=*/true,
               [&](int64_t g, Value gv, int64_t n, Edge e) {
                 if (gv)
                   return body(mul(gv, size), n, gv, e);
                 body(index(g * size), n, index(g), e);
               });
  }

  /// A block's runs of `size` kernel rows, or points of a row, among
  /// `total` (forEachRun), each `perRun` chunks numbered from `seq`, which
  /// `body(first, f, n, edge, seq)` advances (`first` the first row or
  /// point in a loop, else the number f): runs enough a loop step for the
  /// buffer set of each chunk (seq % sets) to be static. (In a loop seq
  /// counts one step: the same buffer sets as the steps that follow.)
  void forEachKernelRun(
      int64_t total, int64_t size,
      llvm::function_ref<Edge(int64_t, int64_t)> edgeOf, int64_t perRun,
      bool firstAlone, int64_t &seq,
      llvm::function_ref<void(Value, int64_t, int64_t, Edge, int64_t &)> body) {
    forEachRun(total, size, edgeOf, perRun % sets == 0 ? 1 : sets, firstAlone,
               /*loopOne=*/false, [&](int64_t g, Value gv, int64_t n, Edge e) {
                 if (gv)
                   return body(mul(gv, size), 0, n, e, seq);
                 body(Value(), g * size, n, e, seq);
               });
  }

  /// Output pixels rows x cols from (oh0, ow0) (a band: cols = OW) and
  /// channels [f0, f0 + nt), whose windows reach `er` / `ec` into the
  /// padding: every channel chunk, then the Fixpipe.
  void emitOutputTile(Value oh0, int64_t rows, Value ow0, int64_t cols,
                      Value f0, int64_t nt, Edge er, Edge ec) {
    int64_t pixels = rows * cols;
    int64_t c1 = p.c1(), g = t.groups;
    // A bias epilogue: the first chunk's Mmad starts C from it.
    bias = biasRow ? biasToBT(f0, nt, nPadded(nt), acc) : Value();
    bool partial = crem != 0;
    if (t.taps) {
      // Each block in chunks of kernel points (model::ConvTiling): groups
      // of `rowsPer` whole kernel rows, or single rows in `segs` parts of
      // t.taps points (the last of the rest). The chunks of block j are
      // numbered from j * per; chunk `seq` is on buffer set seq % sets.
      int64_t rowsPer = t.rowsPerChunk(p), segs = t.chunksPerRow(p);
      int64_t per = t.chunksPerBlock(p);
      auto block = [&](Value g0, bool hasPartial, int64_t j) {
        int64_t seq = j * per;
        // One chunk: points [c0, c0 + n) of the kernel rows of `row`.
        auto chunk = [&](const ChunkPoints &row, Value col0v, int64_t col0,
                         int64_t n, Edge colPad, int64_t &next) {
          bufferSet = next % sets;
          ChunkPoints k = row;
          k.col0v = col0v, k.col0 = col0, k.points = n, k.colPad = colPad;
          emitChunk(oh0, rows, ow0, cols, f0, nt, g0, 1, hasPartial,
                    /*init=*/next == 0, k);
          ++next;
        };
        forEachKernelRun(
            p.kh, rowsPer,
            [&](int64_t r0, int64_t n) {
              return window.chunkRowEdge(er, rows, r0, n);
            },
            segs, /*firstAlone=*/j == 0, seq,
            [&](Value row0, int64_t r0, int64_t kr, Edge rowPad,
                int64_t &next) {
              ChunkPoints row{row0, r0, kr, Value(), 0, kr * p.kw, rowPad, ec};
              if (segs == 1)
                return chunk(row, Value(), 0, kr * p.kw, ec, next);
              if (!t.partColumns(p)) {
                // Parts reading the row's columns: each its kStartPt.
                for (int64_t c0 = 0; c0 < p.kw; c0 += t.taps)
                  chunk(row, Value(), c0, std::min(t.taps, p.kw - c0), ec,
                        next);
                return;
              }
              // Parts reading their points' columns: the parts inside
              // the map in a loop.
              forEachKernelRun(
                  p.kw, t.taps,
                  [&](int64_t c0, int64_t n) {
                    return window.chunkColEdge(ec, cols, c0, n);
                  },
                  1, /*firstAlone=*/next == 0, next,
                  [&](Value col0v, int64_t c0, int64_t n, Edge colPad,
                      int64_t &seqIn) {
                    chunk(row, col0v, c0, n, colPad, seqIn);
                  });
            });
      };
      forEachChunk(c1 - (partial ? 1 : 0),
                   [&](Value i, int64_t j) { block(i, false, j); });
      if (partial)
        block(index(c1 - 1), true, c1 - 1);
    } else {
      int64_t fullC = c1 / g, tailC = c1 % g;
      // The chunk holding the partial block is emitted on its own.
      int64_t looped = fullC - (partial && tailC == 0 ? 1 : 0);
      // Chunk j on buffer set j % sets, as a matmul's K chunks.
      auto chunk = [&](Value g0, int64_t groups, bool hasPartial, int64_t j) {
        bufferSet = j % sets;
        emitChunk(oh0, rows, ow0, cols, f0, nt, g0, groups, hasPartial,
                  /*init=*/j == 0, whole(er, ec));
      };
      forEachChunk(looped, [&](Value i, int64_t j) {
        emitChunk(oh0, rows, ow0, cols, f0, nt, mul(i, g), g, false,
                  /*init=*/j == 0, whole(er, ec));
      });
      if (partial && tailC == 0)
        chunk(index((fullC - 1) * g), g, true, fullC - 1);
      if (tailC > 0)
        chunk(index(fullC * g), tailC, partial, fullC);
    }
    // C tile -> O: pixels x nt at pixel (image, oh0, ow0), channel f0
    // (NCHW: column image * F + f0 of the DN output, row oh0 * OW + ow0).
    Value c = buffer(Level::L0C, mRows(pixels), nPadded(nt), acc, Format::Nz);
    Value at;
    if (channelsFirst())
      at = add(mul(add(mul(image, p.f), f0), p.oh * p.ow),
               add(mul(oh0, p.ow), ow0));
    else
      at = add(mul(add(mul(add(mul(image, p.oh), oh0), p.ow), ow0), p.f), f0);
    writeTile(c, out, at, pixels, nt, outPitch);
  }

  /// One channel chunk (`groups` C0 blocks from block g0; the last one
  /// partial when `hasPartial`) of one output tile: the kernel points `k`
  /// of each block (their whole windows, or part of one block's) in
  /// im2col's (kh, kw) order — the map rows of their kernel rows,
  /// LoadData 3D's kernel those rows and its kStartPt their first point
  /// within them; or, for a part of a kernel row in a tile of one output
  /// row (model::ConvTiling::partColumns), the map columns of its points,
  /// LoadData 3D's kernel those points.
  void emitChunk(Value oh0, int64_t rows, Value ow0, int64_t cols, Value f0,
                 int64_t nt, Value g0, int64_t groups, bool hasPartial,
                 bool init, const ChunkPoints &k) {
    int64_t pixels = rows * cols, ntp = nPadded(nt);
    // The chunk's kernel points per block, the first of them (in the
    // block's (kh, kw) order) and its kernel rows.
    int64_t kk = k.points, kr = k.kr;
    // The map rows and columns the window reads (a band: the columns its
    // OW output columns read, all of a row unless the map is wider than
    // the output needs). LoadData 3D's output width follows from l1W, so
    // L1 holds exactly these columns.
    bool ownCols = t.partColumns(p);
    int64_t kernelCols = ownCols ? kk : p.kw, col0 = ownCols ? k.col0 : 0;
    int64_t windowRows = p.inRows(rows, kr);
    int64_t windowCols = p.inCols(cols, kernelCols);
    Edge rowPad = k.rowPad;
    Edge colPad = k.colPad;
    int64_t inRows = windowRows - rowPad.lo - rowPad.hi;
    int64_t inCols = windowCols - colPad.lo - colPad.hi;
    // The window row and column the copy starts at; the window's M side.
    int64_t firstRow = rowPad.lo, firstCol = colPad.lo, mExt = pixels;
    // All the chunk's rows (or, with its own columns, all its columns) may
    // lie in the padding: its X is zeros, as LoadData 3D's padding makes
    // them. LoadData 3D still reads a map: one real row (column) — the
    // map's first or last — after the window (padding before it = all its
    // rows), where no kernel point reaches. (That line may add an output
    // row (column) to the im2col matrix, never read — a tile with its own
    // columns is one output row —: the window then ends in a whole
    // fractal row.)
    auto allPadding = [&](Edge &pad, int64_t whole, int64_t &in,
                          int64_t &first) {
      if (in >= 1)
        return;
      first = pad.lo >= whole ? pad.lo : whole - pad.hi - 1;
      in = 1;
      pad = {whole, 0};
      mExt = llvm::alignTo(pixels, 16);
    };
    allPadding(rowPad, windowRows, inRows, firstRow);
    allPadding(colPad, windowCols, inCols, firstCol);
    int64_t kc = groups * kk * c0;
    // The map: input rows from oh0 * sh - padTop (+ what lies in the
    // padding), and columns from ow0 * sw - padLeft (+ a part's first
    // point x dw, with its own columns) for a piece, the
    // chunk's channels, as an NC1HWC0 map (C1 = groups).
    int64_t setBase = bufferSet * l1Set;
    Value map = buffer5(Level::L1, groups, inRows, inCols, setBase);
    // Every copy into L1 comes before every load out of it (the flags hand
    // L1 over once per chunk): the weights' loads wait in `loads`.
    beforeCopies();
    SmallVector<std::function<void()>, 2> loads;
    int64_t channels = hasPartial ? (groups - 1) * c0 + crem : groups * c0;
    Value row = k.row0 ? add(add(mul(oh0, p.sh), mul(k.row0, p.dh)),
                             index(firstRow - window.padTop))
                       : add(mul(oh0, p.sh),
                             index(k.r0 * p.dh + firstRow - window.padTop));
    Value col = k.col0v ? add(add(mul(ow0, p.sw), mul(k.col0v, p.dw)),
                              index(firstCol - window.padLeft))
                        : add(mul(ow0, p.sw),
                              index(col0 * p.dw + firstCol - window.padLeft));
    Value inPixel = add(mul(row, window.mapW), col);
    // NHWC: pixel rows of C channels (ND2NZ); NCHW: channel columns of
    // H x W pixels (DN2NZ). `rowStep`: the next input row in the source.
    int64_t rowStep = channelsFirst() ? window.mapW : window.mapW * p.c;
    Value src =
        channelsFirst()
            ? add(mul(add(mul(image, p.c), mul(g0, c0)),
                      window.mapH * window.mapW),
                  inPixel)
            : add(mul(add(mul(image, window.mapH * window.mapW), inPixel), p.c),
                  mul(g0, c0));
    // n matrices (input rows, rowStep apart in GM, dstStep in L1) of
    // `pixels` pixels each.
    auto copy = [&](Value from, Value to, int64_t n, int64_t pixels,
                    int64_t srcStep, int64_t dstStep) {
      if (channelsFirst())
        dn2nz(in, from, map, to, n, channels, pixels, srcStep,
              window.mapH * window.mapW, inRows * inCols, 1, dstStep);
      else if (!prod.HasND2NZ)
        // Per input row and channel block, the pixels' 32 B blocks (C
        // elements apart) one after another: the block's plane.
        plainGrid(in, from, map, to ? to : index(0), n, srcStep, dstStep,
                  groups, c0, inRows * inCols * c0, pixels, p.c);
      else
        nd2nz(in, from, map, to, n, pixels, channels, srcStep, p.c,
              inRows * inCols, dstStep);
    };
    if (inCols == window.mapW)
      // Whole rows of the map: one run of pixels.
      copy(src, Value(), 1, inRows * window.mapW, 0, 0);
    else if (inRows <= kCopyCountMax && inCols * c0 <= kNd2nzDstStrideMax &&
             (channelsFirst() || rowStep <= kU16Max))
      copy(src, Value(), inRows, inCols, rowStep, inCols * c0);
    else {
      // More rows than ndNum's [0, 4095], the map's row pitch W x C
      // beyond srcNdMatrixStride's [0, 65535] or a row's C0 plane beyond
      // dstNzMatrixStride's [0, 16384]: one copy per input row.
      auto loop = scf::ForOp::create(b, loc, index(0), index(inRows), index(1));
      OpBuilder::InsertionGuard gd(b);
      b.setInsertionPointToStart(loop.getBody());
      Value r = loop.getInductionVar();
      copy(add(src, mul(r, rowStep)), mul(r, inCols * c0), 1, inCols, 0, 0);
    }
    Value b0 =
        buffer(Level::L0B, kc, ntp, elem, Format::Zn, bufferSet * l0bSet);
    int64_t nFull = groups - (hasPartial ? 1 : 0);
    // Weights of block g, HWCF rows (kh, kw, g * C0 + c0) of F columns
    // from f0: `n` channels of each of the chunk's kk kernel points (C x F
    // elements apart, from the chunk's first), the points `pointRows`
    // destination rows (32 B each) apart.
    auto weights = [&](Value g, int64_t n, Value dst, int64_t dstElem,
                       int64_t c0Stride, int64_t pointRows) {
      Value base = add(add(mul(mul(g, c0), p.f), f0), pointTimes(k, p.c * p.f));
      if (!prod.HasND2NZ) {
        // Per kernel point and C0 block of F, the n rows' 32 B blocks (F
        // apart): a column of the Nz planes.
        plainGrid(wt, base, dst, index(dstElem), kk, p.c * p.f, pointRows * c0,
                  nt / c0, c0, c0Stride * c0, n, p.f);
        return;
      }
      // (Kernel points past srcNdMatrixStride: one copy each, nd2nz.)
      nd2nz(wt, base, dst, index(dstElem), kk, n, nt, p.c * p.f, p.f, c0Stride,
            pointRows * c0);
    };
    if (form != ConvForm::NhwcHwcf) {
      // Weights held F-major: B^T, an N x K Nz, moved into L0B's Zn
      // transposed (a square one says so).
      // (A last chunk of fewer blocks or taps takes the last region,
      // which ConvTiling::l1SetBytes reserves. Its Nz keeps a full
      // chunk's layout (ntp rows a block), so the full region would give
      // the same numbers: the rows past an N tail it leaves as they are
      // meet only the C columns Fixpipe drops.)
      bool shorter = groups < t.groups || kk < t.points(p);
      Value b1 = buffer(Level::L1, ntp, kc, elem, Format::Nz,
                        setBase + (shorter ? wLastOffset : wFullOffset));
      copyWeightsTransposed(b1, g0, groups, channels, f0, nt, ntp, k, kk);
      loads.push_back([=] {
        LoadOp::create(b, loc, b1, b0, ntp == kc ? b.getUnitAttr() : UnitAttr(),
                       MoverAttr());
      });
    } else if (weightsByLoad3D) {
      // Full blocks: a map of nFull * kk rows of C0 pixels; pixel
      // (h, w) is K row h * C0 + w, its channels the F columns. Every
      // chunk lays its blocks out as a full chunk does (planes of
      // t.groups * t.points rows): the C0 planes past an N tail's columns
      // (f32, C0 = 8 < 16) then hold only this region's earlier weights,
      // never another buffer's data, and meet only padding columns.
      if (nFull > 0) {
        int64_t planeRows = t.groups * t.points(p);
        Value wFull =
            buffer5(Level::L1, ntp / c0, planeRows, c0, setBase + wFullOffset);
        for (int64_t j = 0; j < nFull; ++j)
          weights(add(g0, index(j)), c0, wFull, j * kk * c0 * c0,
                  planeRows * c0, c0);
        loads.push_back([=] {
          load3d(wFull, b0, Value(), planeRows, c0, ntp, {}, 1, 1, 1, 1, 1, 1,
                 nFull * kk * c0, ntp);
        });
      }
      if (hasPartial) {
        // The partial block: KH * KW rows of its crem channels, padded on
        // the right to C0 pixels, so the padding rows of B come in as 0.
        // (Planes of t.points rows, as a full chunk's: the planes past an
        // N tail then hold only this region's earlier weights.)
        int64_t rowsFull = t.points(p);
        Value wLast =
            buffer5(Level::L1, ntp / c0, rowsFull, crem, setBase + wLastOffset);
        weights(add(g0, index(nFull)), crem, wLast, 0, rowsFull * crem, crem);
        loads.push_back([=] {
          load3d(wLast, b0, index(nFull * kk * c0 * ntp), rowsFull, crem, ntp,
                 {0, c0 - crem, 0, 0}, 1, 1, 1, 1, 1, 1, kk * c0, ntp);
        });
      }
    } else {
      // 8-bit weights where LoadData 3D cannot write L0B: a K x N Nz in L1
      // (the padding rows of a partial block are never read as anything
      // but integers times the map's zeros) and ascube.load. (A last chunk
      // of fewer taps, whose Nz is laid out otherwise, has a region of its
      // own: the padding rows it reads are then its own.)
      bool shorter = kk < t.points(p);
      Value b1 = buffer(Level::L1, kc, ntp, elem, Format::Nz,
                        setBase + (shorter ? wLastOffset : wFullOffset));
      for (int64_t j = 0; j < groups; ++j)
        weights(add(g0, index(j)), hasPartial && j == groups - 1 ? crem : c0,
                b1, j * kk * c0 * c0, kc, c0);
      loads.push_back(
          [=] { LoadOp::create(b, loc, b1, b0, UnitAttr(), MoverAttr()); });
    }
    beforeLoads();
    for (auto &load : loads)
      load();
    // X: the chunk's im2col window of the map (its rows are the tile's
    // pixels), into L0A.
    Value a0 = buffer(Level::L0A, mRows(pixels), kc, elem, prod.L0ALayout,
                      bufferSet * l0aSet);
    // The window's zero padding: padList [left, right, top, bottom].
    SmallVector<int64_t> pad;
    if (colPad.lo || colPad.hi || rowPad.lo || rowPad.hi)
      pad = {colPad.lo, colPad.hi, rowPad.lo, rowPad.hi};
    auto x = load3d(map, a0, Value(), inRows, inCols, groups * c0, pad, kr,
                    kernelCols, p.sh, p.sw, p.dh, p.dw, mExt, kc);
    if (k.col0 && !ownCols)
      x.setKStartPtAttr(attr(k.col0 * c0));
    Value c = buffer(Level::L0C, mRows(pixels), ntp, acc, Format::Nz);
    bool withBias = init && bias;
    beforeMmad(init, withBias);
    // Consecutive accumulating Mmads into a small L0C tile need a PIPE_M
    // barrier (§13.3, sync_c1).
    if (!init && model::limits::needsPipeMBarrier(mRows(pixels), ntp))
      PipeBarrierOp::create(b, loc, PipeAttr::get(b.getContext(), Pipe::M));
    mmad(a0, b0, c, withBias ? bias : Value(), mRows(pixels), kc, ntp, init);
    afterMmad(withBias);
  }

  /// The chunk's weights held F-major (`channels` channels from block g0,
  /// `groups` blocks, the kk kernel points of `k`; output channels
  /// [f0, f0 + nt)) as the ntp x kc Nz `dst` of B^T: K column (j * kk + point)
  /// * C0 + c of row f at ((j * kk + point) * ntp + f) * C0 + c — im2col's
  /// K order — the channel tail zero-filled (DN2NZ/ND2NZ fill each 32 B
  /// block), rows past nt left as they are (padding columns of C, never
  /// written).
  void copyWeightsTransposed(Value dst, Value g0, int64_t groups,
                             int64_t channels, Value f0, int64_t nt,
                             int64_t ntp, const ChunkPoints &k, int64_t kk) {
    // GM holds each output channel's KH x KW points.
    int64_t all = p.kh * p.kw;
    // Channel blocks kk*ntp 32 B rows apart (dstNzC0Stride [1, 16384]),
    // else one copy per block (its C0 channels in one block: the stride is
    // then never stepped).
    bool oneCopy = kk * ntp <= kNd2nzDstStrideMax;
    int64_t copies = oneCopy ? 1 : groups;
    for (int64_t j = 0; j < copies; ++j) {
      int64_t n = oneCopy ? channels : std::min(c0, channels - j * c0);
      Value g = add(g0, index(j));
      Value to = index(j * kk * ntp * c0);
      int64_t c0Stride = oneCopy ? kk * ntp : 1;
      if (form == ConvForm::NchwFchw) {
        // FCHW as DN: column f * C + c holds channel c's KH*KW points
        // (the chunk's kk from its first); nt matrices (output channels)
        // C*KH*KW apart in GM, C0 apart in L1; points ntp 32 B rows apart.
        dn2nz(wt,
              add(mul(add(mul(f0, p.c), mul(g, c0)), all), pointTimes(k, 1)),
              dst, to, nt, n, kk, p.c * all, all, c0Stride, ntp, c0);
        continue;
      }
      // FHWC rows: per kernel point an nt x n matrix (rows KH*KW*C apart),
      // the points C apart in GM and ntp fractal rows apart in L1.
      Value first = pointTimes(k, p.c);
      Value from = add(add(mul(f0, all * p.c), mul(g, c0)), first);
      if (!prod.HasND2NZ) {
        // Per block and kernel point, the nt rows' 32 B blocks: a column
        // of B^T's fractals.
        plainGrid(wt, add(add(mul(f0, all * p.c), mul(g0, c0)), first), dst,
                  index(0), groups, c0, kk * ntp * c0, kk, p.c, ntp * c0, nt,
                  all * p.c);
        return;
      }
      nd2nz(wt, from, dst, to, kk, nt, n, p.c, all * p.c, c0Stride, ntp * c0);
    }
  }

  /// Without ND2NZ (Atlas 200I/500 A2), the plain DataCopy grid that builds
  /// Nz planes: for i < outer, j < inner, `count` runs of one 32 B block
  /// from src[from + i x sOut + j x sIn], `pitch` elements apart in GM
  /// (srcStride: the gap in blocks), one after another from dst[to + i x
  /// dOut + j x dIn] — at most 4095 a copy (blockCount), more in pieces;
  /// blocks further apart than srcStride's [0, 65535] gap reaches one a
  /// copy (tile_c5). Every run is a whole block: tile_c4 checks the
  /// channels (and F, for HWCF weights) are whole C0 blocks.
  void plainGrid(Value src, Value from, Value dst, Value to, int64_t outer,
                 int64_t sOut, int64_t dOut, int64_t inner, int64_t sIn,
                 int64_t dIn, int64_t count, int64_t pitch) {
    int64_t gap = pitch * p.bits / 8 / 32 - 1;
    loop(outer, [&](Value i) {
      loop(inner, [&](Value j) {
        Value f = add(add(from, mul(i, sOut)), mul(j, sIn));
        Value t = add(add(to, mul(i, dOut)), mul(j, dIn));
        if (gap > kU16Max)
          return loop(count, [&](Value k) {
            plainCopy(src, add(f, mul(k, pitch)), dst, add(t, mul(k, c0)), 1, 1,
                      0);
          });
        for (int64_t k = 0; k < count; k += kCopyCountMax)
          plainCopy(src, add(f, index(k * pitch)), dst, add(t, index(k * c0)),
                    std::min<int64_t>(kCopyCountMax, count - k), 1, gap);
      });
    });
  }

  /// DataCopy DN2NZ (950) from `src[srcOff]`, a DN view of GM: `dnNum`
  /// matrices `srcMatrixStride` apart (`dstMatrixStride` elements in L1)
  /// of `cols` columns (srcDValue apart) of `rows` elements, to
  /// `dst[dstOff]` (dstNzC0Stride, dstNzNStride in 32 B). A DN view of one
  /// row or one column is ND, which ND2NZ puts at the same places.
  void dn2nz(Value src, Value srcOff, Value dst, Value dstOff, int64_t dnNum,
             int64_t cols, int64_t rows, int64_t srcMatrixStride,
             int64_t srcDValue, int64_t c0Stride, int64_t nStride,
             int64_t dstMatrixStride) {
    std::optional<layout::LayoutSpec> spec =
        getLayoutSpec(cast<MemRefType>(src.getType()));
    if (spec && spec->format == Format::DN) {
      dataCopyNd2nz(src, srcOff, dst, dstOff,
                    Nd2nzFields::all(CopyMode::dn2nz, dnNum, cols, rows,
                                     srcMatrixStride, srcDValue, c0Stride,
                                     nStride, dstMatrixStride));
      return;
    }
    bool oneRow = cols > 1;
    auto nd = [&](Value from, Value to, int64_t num, int64_t stride) {
      nd2nz(src, from, dst, to, num, oneRow ? 1 : rows, oneRow ? cols : 1,
            stride, oneRow ? cols : 1, c0Stride, num > 1 ? dstMatrixStride : 0,
            nStride);
    };
    // (Matrices past srcNdMatrixStride: one copy each, nd2nz.)
    nd(srcOff, dstOff, dnNum, dnNum > 1 ? srcMatrixStride : 0);
  }

  /// LoadData 3D of the im2col window mExtension x kExtension from the
  /// origin (a caller may move its K start) of an l1H x l1W map.
  Load3DOp load3d(Value src, Value dst, Value dstOff, int64_t l1H, int64_t l1W,
                  int64_t channelSize, ArrayRef<int64_t> pad, int64_t kh,
                  int64_t kw, int64_t sh, int64_t sw, int64_t dh, int64_t dw,
                  int64_t mExt, int64_t kExt) {
    auto op = Load3DOp::create(b, loc, src, dst, dstOff);
    op.setL1HAttr(attr(l1H));
    op.setL1WAttr(attr(l1W));
    op.setChannelSizeAttr(attr(channelSize));
    if (!pad.empty())
      op.setPadListAttr(b.getDenseI64ArrayAttr(pad));
    op.setFilterHAttr(attr(kh));
    op.setFilterWAttr(attr(kw));
    op.setStrideHAttr(attr(sh));
    op.setStrideWAttr(attr(sw));
    op.setDilationFilterHAttr(attr(dh));
    op.setDilationFilterWAttr(attr(dw));
    op.setMExtensionAttr(attr(mExt));
    op.setKExtensionAttr(attr(kExt));
    return op;
  }

  /// Rows a tile of `pixels` output pixels is computed with: one pixel
  /// would make the Mmad a GEMV (m = 1 reads A as ND, §13.3), so it is
  /// computed as one fractal row of which Fixpipe writes row 0.
  static int64_t mRows(int64_t pixels) { return pixels == 1 ? 16 : pixels; }
  /// An N tile's columns as computed: whole L0B fractal columns and C0
  /// blocks (Fixpipe writes the real ones).
  int64_t nPadded(int64_t nt) const { return llvm::alignTo(nt, p.nAlign()); }

  /// The placed NC1HWC0 map [1, c1, h, w, C0] of the element type.
  Value buffer5(Level level, int64_t c1, int64_t h, int64_t w, int64_t offset) {
    auto layout =
        LayoutAttr::get(b.getContext(), Format::NC1HWC0, {}, std::nullopt);
    return place(MemRefType::get({1, c1, h, w, c0}, elem, layout,
                                 MemSpaceAttr::get(b.getContext(), level)),
                 offset);
  }
  model::ConvProblem p;
  model::ConvTiling t;
  Type elem, acc;
  ConvForm form;
  bool weightsByLoad3D;
  /// NCHW map and output (DN2NZ, NZ2DN).
  bool channelsFirst() const { return form == ConvForm::NchwFchw; }
  int64_t c0 = 16, crem = 0;
  int64_t wFullOffset = 0, wLastOffset = 0;
  /// Bytes between the two buffer sets in L1, L0A and L0B.
  int64_t l1Set = 0, l0aSet = 0, l0bSet = 0;
  Value image;
};

} // namespace

LogicalResult ascube::tiling::tileConv(Operation *opPtr,
                                       const target::ProductInfo &prod,
                                       bool report, ArrayRef<int64_t> tile,
                                       bool refuseUnfolded,
                                       SmallVectorImpl<Program> &programs) {
  FailureOr<ConvPlan> plan =
      decideConv(opPtr, prod, report, tile, refuseUnfolded);
  if (failed(plan))
    return failure();
  auto op = cast<linalg::LinalgOp>(opPtr);
  Value I = op.getDpsInputs()[0], W = op.getDpsInputs()[1],
        O = op.getDpsInits()[0];
  const Epilogue &epilogue = plan->epilogue;
  const std::optional<PaddedMap> &padded = plan->padded;
  // A zero-padded map of a convolution by ND2NZ (NCHW without DN2NZ,
  // NHWC without LoadData 3D V2) is made in GM
  // (ND2NZ cannot put a window's left-edge zeros inside a C0 block): its
  // ops stay, the fill a copy of zeros.
  bool padInGM = padded && plan->byNd2nz();
  // The op and what folded into the program go (an empty output: all
  // there is to do).
  auto eraseMapped = [&] {
    for (Operation *e : llvm::reverse(epilogue.ops))
      e->erase();
    plan->fill.erase();
    op.erase();
    if (padded && !padInGM)
      for (Operation *o : padded->ops)
        o->erase();
    if (!epilogue.writeC)
      eraseUnwrittenOutput(O);
    return success();
  };
  if (plan->empty) {
    if (report)
      opPtr->emitRemark() << llvm::formatv(
          "ascube-tile-linalg: {0}, output {1} x {2} x {3}: O has "
          "no element, nothing to compute; the op{4} removed",
          tiling::count(plan->images, "image", "images"), plan->p.oh,
          plan->p.ow, tiling::count(plan->p.f, "channel", "channels"),
          epilogue.ops.empty() ? " and its fill" : ", its fill and epilogue");
    return eraseMapped();
  }
  // NCHW where DataCopy has no DN2NZ: the GEMM O^T = W x X^T; NHWC
  // without LoadData 3D V2: O = X' x W'
  // (TileConvNd.cpp; a zero-padded map made in GM by the kernel's own
  // ops: its fill becomes a copy of zeros, the rest stays).
  if (plan->byNd2nz()) {
    if (failed(tileConvByNd2nz(opPtr, prod, *plan, programs)))
      return failure();
    return eraseMapped();
  }
  ConvForm form = plan->form;
  bool nchw = form == ConvForm::NchwFchw;
  int64_t h = nchw ? 2 : 1, images = plan->images;
  const model::ConvProblem &p = plan->p;
  auto func = op->getParentOfType<func::FuncOp>();
  OpBuilder b(op);
  Location loc = op.getLoc();
  ConvEmitter emitter(b, loc, prod, p, plan->t, plan->elem, plan->acc, form,
                      plan->weightsByLoad3D);
  emitter.window = {p, 0, 0, p.h, p.w};
  if (padded) {
    auto inner = cast<MemRefType>(padded->source.getType()).getShape();
    emitter.window.padTop = padded->top;
    emitter.window.padLeft = padded->left;
    emitter.window.mapH = inner[h];
    emitter.window.mapW = inner[h + 1];
    int64_t pads[] = {padded->top, p.h - inner[h] - padded->top, padded->left,
                      p.w - inner[h + 1] - padded->left};
    if (*llvm::max_element(pads) > model::limits::kLoad3DPadMax)
      return op->emitOpError()
             << "a padding of " << *llvm::max_element(pads)
             << " rows or columns is beyond LoadData 3D's padList range [0, "
             << model::limits::kLoad3DPadMax << "] [tile_c7]";
  }
  if (!emitter.window.tilesReadTheMap(plan->t))
    return op->emitOpError()
           << "the padding reaches further than the kernel: an output tile "
              "of "
           << prod.Name << " would read no row or column of the map [tile_c1]";
  emitter.allocPoint = tiling::allocPointOf(func);
  // The GM operands as matrices: pixels x channels, kernel rows x F (FHWC:
  // F x kernel rows); NCHW and FCHW: the column-major views (DN) of
  // (N*C) x pixels and (F*C) x points, pixels x (N*C) and points x (F*C).
  auto matrix = [&](Value v, int64_t lead) {
    return tiling::collapseToMatrix(b, loc, v, lead);
  };
  auto transposed = [&](Value v) {
    return Value(memref::TransposeOp::create(
        b, loc, v,
        AffineMapAttr::get(AffineMap::getPermutationMap(
            ArrayRef<unsigned>{1, 0}, b.getContext()))));
  };
  // Maps and outputs; weights.
  auto image = [&](Value v) {
    return nchw ? transposed(matrix(v, 2)) : matrix(v, 3);
  };
  emitter.in = image(padded ? padded->source : I);
  emitter.wt = form == ConvForm::NhwcHwcf   ? matrix(W, 3)
               : form == ConvForm::NhwcFhwc ? matrix(W, 1)
                                            : transposed(matrix(W, 2));
  emitter.out = image(O);
  // NHWC: rows F apart; NCHW: columns OH*OW apart (a DN view of one row
  // or column is ND: its pitch is then its one column, or any).
  auto outShape = cast<MemRefType>(emitter.out.getType()).getShape();
  emitter.outPitch =
      !nchw ? p.f
      : getGMView(cast<MemRefType>(emitter.out.getType()))->columnMajor
          ? p.oh * p.ow
          : outShape[1];
  if (epilogue.bias)
    emitter.biasRow = memref::ExpandShapeOp::create(
        b, loc, ArrayRef<int64_t>{1, p.f}, epilogue.bias,
        ArrayRef<ReassociationIndices>{{0, 1}});
  emitter.relu = epilogue.relu;
  if (epilogue.requantOut)
    emitter.requantOut = image(epilogue.requantOut);
  emitter.requantWord = epilogue.requantWord;
  emitter.writeOut = epilogue.writeC;
  emitter.syncStart();
  auto loop =
      scf::ForOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0),
                         arith::ConstantIndexOp::create(b, loc, images),
                         arith::ConstantIndexOp::create(b, loc, 1));
  b.setInsertionPointToStart(loop.getBody());
  emitter.emit(loop.getInductionVar());
  b.setInsertionPointAfter(loop);
  emitter.syncEnd();
  programs.push_back(emitter.program);
  return eraseMapped();
}
