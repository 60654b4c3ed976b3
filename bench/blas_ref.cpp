//===- blas_ref.cpp - The benchmark's reference GEMMs (OpenBLAS, oneDNN) -===//
//
// Times one GEMM of Debian's OpenBLAS or oneDNN on one thread, as the
// benchmark's yardstick for ascube-run (bench/bench.py runs it interleaved
// with ascube):
//
//   blas_ref KIND N REPEAT
//
// KIND: sgemm (cblas_sgemm, f32), bf16 (oneDNN matmul bf16 x bf16 -> f32),
// s8 (oneDNN matmul s8 x s8 -> s32). C = A x B, all N x N, row-major, on
// inputs of uniform random values. One untimed run, then REPEAT timed
// ones. Prints one line:
//
//   KIND N min_ms median_ms kernel=NAME
//
// NAME: OpenBLAS's core (openblas_get_corename) or oneDNN's implementation
// (impl_info_str), so the benchmark says which kernel ran. The thread count
// is the caller's (OPENBLAS_NUM_THREADS=1, OMP_NUM_THREADS=1); this program
// also asks OpenBLAS for one thread.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <cblas.h>
#include <dnnl.hpp>

extern "C" char *openblas_get_corename(void);
extern "C" void openblas_set_num_threads(int);

namespace {

/// Runs `f` once untimed and `repeat` times timed; min and median in ms.
std::pair<double, double> timeIt(const std::function<void()> &f, int repeat) {
  f();
  std::vector<double> ms;
  for (int r = 0; r < repeat; ++r) {
    auto start = std::chrono::steady_clock::now();
    f();
    ms.push_back(std::chrono::duration<double, std::milli>(
                     std::chrono::steady_clock::now() - start)
                     .count());
  }
  std::sort(ms.begin(), ms.end());
  return {ms.front(), ms[ms.size() / 2]};
}

/// oneDNN matmul C = A x B of n x n matrices of types (a, b) -> c.
std::pair<double, double> dnnlMatmul(int64_t n, dnnl::memory::data_type a,
                                     dnnl::memory::data_type c, int repeat,
                                     std::string &impl) {
  using namespace dnnl;
  engine eng(engine::kind::cpu, 0);
  stream s(eng);
  memory::dims dims = {n, n};
  memory::desc ad(dims, a, memory::format_tag::ab),
      bd(dims, a, memory::format_tag::ab), cd(dims, c, memory::format_tag::ab);
  matmul::primitive_desc pd(matmul::desc(ad, bd, cd), eng);
  impl = pd.impl_info_str();
  memory am(ad, eng), bm(bd, eng), cm(cd, eng);
  // Random bytes are valid bf16 / s8 values; keep bf16 finite and small
  // by setting the high byte's exponent bits to 0111111 (|x| in [0.5, 2)).
  std::mt19937 rng(1);
  for (memory *m : {&am, &bm}) {
    auto *p = static_cast<uint8_t *>(m->get_data_handle());
    size_t bytes = m->get_desc().get_size();
    for (size_t i = 0; i < bytes; ++i)
      p[i] = uint8_t(rng());
    if (a == memory::data_type::bf16)
      for (size_t i = 1; i < bytes; i += 2)
        p[i] = uint8_t((p[i] & 0x80) | 0x3f);
  }
  matmul mm(pd);
  return timeIt(
      [&] {
        mm.execute(
            s,
            {{DNNL_ARG_SRC, am}, {DNNL_ARG_WEIGHTS, bm}, {DNNL_ARG_DST, cm}});
        s.wait();
      },
      repeat);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: blas_ref sgemm|bf16|s8 N REPEAT\n");
    return 2;
  }
  std::string kind = argv[1];
  int64_t n = std::atoll(argv[2]);
  int repeat = std::max(1, std::atoi(argv[3]));
  std::pair<double, double> t;
  std::string impl;
  if (kind == "sgemm") {
    openblas_set_num_threads(1);
    std::vector<float> a(n * n), b(n * n), c(n * n);
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(-1, 1);
    for (float &x : a)
      x = u(rng);
    for (float &x : b)
      x = u(rng);
    t = timeIt(
        [&] {
          cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(n), int(n),
                      int(n), 1.0f, a.data(), int(n), b.data(), int(n), 0.0f,
                      c.data(), int(n));
        },
        repeat);
    impl = openblas_get_corename();
  } else if (kind == "bf16") {
    t = dnnlMatmul(n, dnnl::memory::data_type::bf16,
                   dnnl::memory::data_type::f32, repeat, impl);
  } else if (kind == "s8") {
    t = dnnlMatmul(n, dnnl::memory::data_type::s8, dnnl::memory::data_type::s32,
                   repeat, impl);
  } else {
    std::fprintf(stderr, "blas_ref: unknown kind '%s'\n", kind.c_str());
    return 2;
  }
  std::printf("%s %lld %.4f %.4f kernel=%s\n", kind.c_str(), (long long)n,
              t.first, t.second, impl.c_str());
  return 0;
}
