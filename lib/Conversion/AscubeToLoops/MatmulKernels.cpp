//===- MatmulKernels.cpp - The choice of mmad kernel ----------------------===//
//
// emitMatmul: an mmad or mmad_mx (MatmulSpec) as the reference loops of the
// documented order, as the float micro-kernels (MmadMicroKernels.cpp) or as
// the integer dot-product form (MmadIntegerDot.cpp), as the options'
// MmadKernel and the operands say; every kernel gives the same bits.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"
#include "IndexMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace ascube;
using namespace ascube::lowering;

namespace {

/// The reference semantics: for each (i, j), a loop over k in order with a
/// separate multiply and add (integers in i64).
void emitReferenceLoops(IndexMath &im, const MatmulSpec &s) {
  ImplicitLocOpBuilder &b = im.b;
  im.forRange(s.m, [&](Value i) {
    im.forRange(s.n, [&](Value j) {
      Value init = s.init(i, j);
      Value sum = im.reduceRange(s.k, init, [&](Value kk, Value acc) {
        Value av = s.a(i, kk), bv = s.b(kk, j);
        return s.isFloat ? Value(arith::AddFOp::create(
                               b, acc, arith::MulFOp::create(b, av, bv)))
                         : Value(arith::AddIOp::create(
                               b, acc, arith::MulIOp::create(b, av, bv)));
      });
      s.finish(i, j, sum);
    });
  });
}

} // namespace

void ascube::lowering::emitMatmul(IndexMath &im, const MatmulSpec &s,
                                  MmadKernel kernel) {
  if (kernel == MmadKernel::Reference || (!s.isFloat && !s.i16Pairs))
    emitReferenceLoops(im, s);
  else if (!s.isFloat)
    emitIntegerDotKernels(im, s, kernel == MmadKernel::X86Vnni);
  else
    emitMicroKernels(im, s);
}
