// AOT driver: calls the f16 matmul example compiled ahead of time
// (ascube-to-llvm, mlir-translate, llc) through its C interface, and
// compares C with a plain ND product computed here.
#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdio>

extern "C" void _mlir_ciface_matmul(StridedMemRefType<_Float16, 2> *a,
                                    StridedMemRefType<_Float16, 2> *b,
                                    StridedMemRefType<float, 2> *c);

int main() {
  static _Float16 a[30 * 70], b[70 * 40];
  static float c[30 * 40];
  for (int i = 0; i < 30; ++i)
    for (int k = 0; k < 70; ++k)
      a[i * 70 + k] = (_Float16)((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < 70; ++k)
    for (int j = 0; j < 40; ++j)
      b[k * 40 + j] = (_Float16)((k * 5 + j * 2) % 9 - 4);
  StridedMemRefType<_Float16, 2> da{a, a, 0, {30, 70}, {70, 1}};
  StridedMemRefType<_Float16, 2> db{b, b, 0, {70, 40}, {40, 1}};
  StridedMemRefType<float, 2> dc{c, c, 0, {30, 40}, {40, 1}};
  _mlir_ciface_matmul(&da, &db, &dc);
  int bad = 0;
  for (int i = 0; i < 30; ++i)
    for (int j = 0; j < 40; ++j) {
      float ref = 0;
      for (int k = 0; k < 70; ++k)
        ref += (float)a[i * 70 + k] * (float)b[k * 40 + j];
      bad += c[i * 40 + j] != ref;
    }
  std::printf("AOT mismatches %d C[0][0] %g C[29][39] %g\n", bad, c[0],
              c[29 * 40 + 39]);
  return 0;
}
