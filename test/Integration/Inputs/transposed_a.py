"""Matmul with A given transposed (K x M in GM), cube-reference §11 "A
transposed" row, and B given transposed (N x K), through the derived forms
of the L1 -> L0 movers:

  A2 b16 (f16, bf16): LoadData 2D with ifTranspose, and LoadDataWithTranspose;
  A2 b8 (i8): LoadDataWithTranspose, derived for K <= 32 and with explicit
     squares otherwise (two L1 fractals per square land one fractal row
     apart in L0A Zz: dstFracGap = K1 - 1);
  A2 b32 (f32): LoadDataWithTranspose (one 16-row L1 fractal row);
  950 (f16, bf16, i8, f32): LoadData 2D-v2 with ifTranspose into L0A Nz.

B^T (N x K, L1 Nz) reaches L0B Zn (K x N) without a transpose. Each kernel
runs with ascube-run and is compared exactly with a plain numpy product of
the untransposed matrices (small integers: float results are exact).

Usage: transposed_a.py --runner PATH/ascube-run --out DIR
"""
import os

import numpy as np

from cubetest import Tally, options, run_matmul

# (product, dtype, m, k, n, A mover)
CASES = [
    ("atlas_a2", "f16", 30, 40, 20, "load_2d {ifTranspose = true}"),
    ("atlas_a2", "bf16", 17, 33, 9, "load_2d {ifTranspose = true}"),
    ("atlas_a2", "f16", 30, 40, 20, "load_2d_transpose"),
    ("atlas_a2", "i8", 30, 64, 20,
     "load_2d_transpose {repeatTimes = 2 : i64, dstGap = 0 : i64, dstFracGap = 1 : i64}"),
    ("atlas_a2", "i8", 64, 32, 20, "load_2d_transpose"),
    ("atlas_a2", "f32", 48, 12, 20, "load_2d_transpose"),
    ("atlas_a2", "f32", 30, 16, 20, "load_2d_transpose"),
    ("atlas_a2", "f32", 32, 16, 20, "load_2d_transpose"),
    ("ascend950pr", "f16", 30, 40, 20, "load_2d_v2 {ifTranspose = true}"),
    ("ascend950pr", "bf16", 17, 33, 9, "load_2d_v2 {ifTranspose = true}"),
    ("ascend950pr", "i8", 30, 64, 20, "load_2d_v2 {ifTranspose = true}"),
    ("ascend950pr", "f32", 32, 16, 20, "load_2d_v2 {ifTranspose = true}"),
]


def main():
    o = options()
    rng = np.random.default_rng(20261130)
    tally = Tally()
    for i, (prod, t, m, k, n, mover) in enumerate(CASES):
        bmove = "load_2d_v2" if prod.startswith("ascend950") else "load_2d"
        ok, out = run_matmul(o.runner, os.path.join(o.out, f"case{i}"), rng,
                             prod, t, m, k, n, "AT", mover, "BT", bmove)
        tally.report(f"{prod} {t} {m}x{k}x{n} {mover.split(' ')[0]}", ok, out)
    tally.finish("kernels")


if __name__ == "__main__":
    main()
