"""LoadDataWithTranspose V2 (Ascend 950, LoadData2dTransposeParamsV2,
cube-reference §7): B given K x N (not transposed) moves L1 Nz -> L0B Zn.
Parameters count 512 B fractals and a square takes its fractals
srcFracGap + 1 apart, so one instruction per K fractal row moves a whole
row of squares for any K (V1 needs 16-row sources for b32):

  b16 (f16, bf16): squares = fractals; per fractal row r1: startIndex r1,
      srcStride K1, repeatTimes N1;
  b8 (i8): squares of 2 fractals down K; per 32-row block a: startIndex 2a,
      srcStride K1, dstGap 1 (each square fills 2 Zn fractals side by side);
  b32 (f32): squares of 2 fractals side by side along N, K1 fractals apart
      (srcFracGap = K1 - 1); per fractal row r1: srcStride 2*K1, dstFracGap
      N/16 - 1 (the halves land in consecutive 8-row Zn fractal rows).

A reaches L0A Nz with LoadData 2D-v2. Each kernel runs with ascube-run and
is compared exactly with a plain numpy product (small integers). The
derived form (whole B, default parameters) runs where it reproduces Zn.

Usage: transpose_v2.py --runner PATH/ascube-run --out DIR
"""
import os

import numpy as np

from cubetest import Tally, options, run_matmul

BITS = {"f16": 16, "bf16": 16, "f32": 32, "i8": 8}

# (dtype, m, k, n, explicit parameters?)
CASES = [
    ("f16", 30, 48, 32, True),
    ("bf16", 17, 40, 48, True),
    ("i8", 20, 64, 64, True),
    ("i8", 20, 96, 32, True),
    ("f32", 30, 32, 32, True),
    ("f32", 16, 48, 48, True),
    ("i8", 20, 32, 64, False),
    ("f16", 16, 16, 48, False),
]


def b_moves(t, k, n):
    """The LoadDataWithTranspose V2 ops moving B (K x N, L1 Nz) to L0B Zn,
    as a mover for cubetest.matmul_kernel."""
    return lambda src, dst, b1, b0: explicit_ops(t, k, n, b1, b0)


def explicit_ops(t, k, n, b1, b0):
    bits = BITS[t]
    frac = 4096 // bits  # elements per 512 B fractal
    k1 = (k + 15) // 16  # Nz fractal rows of B
    ops = []

    def op(start, stride, reps, dst_frac, dst_gap, dst_frac_gap=None, src_frac_gap=None):
        attrs = [f"startIndex = {start} : i64", f"srcStride = {stride} : i64",
                 f"repeatTimes = {reps} : i64", f"dstGap = {dst_gap} : i64"]
        if dst_frac_gap is not None:
            attrs.append(f"dstFracGap = {dst_frac_gap} : i64")
        if src_frac_gap is not None:
            attrs.append(f"srcFracGap = {src_frac_gap} : i64")
        ops.append(f"""    %o{len(ops)} = arith.constant {dst_frac * frac} : index
    ascube.load_2d_transpose %b1 to %b0[%o{len(ops)}] {{{', '.join(attrs)}}} : {b1} to {b0}""")

    if bits == 16:
        n1 = n // 16
        for r1 in range(k1):
            op(r1, k1, n1, r1 * n1, 0)
    elif bits == 8:
        n16 = n // 16
        for a in range(k // 32):
            op(2 * a, k1, n // 32, a * n16, 1, 0, 0)
    else:
        n16 = n // 16
        for r1 in range(k1):
            op(r1, 2 * k1, n16, 2 * r1 * n16, 0, n16 - 1, k1 - 1)
    return "\n".join(ops)


def main():
    o = options()
    rng = np.random.default_rng(20261130)
    tally = Tally()
    for i, (t, m, k, n, explicit) in enumerate(CASES):
        mover = b_moves(t, k, n) if explicit else "load_2d_transpose"
        ok, out = run_matmul(o.runner, os.path.join(o.out, f"case{i}"), rng,
                             "ascend950pr", t, m, k, n, "A", "load_2d_v2", "B", mover)
        tally.report(f"ascend950pr {t} {m}x{k}x{n} {'explicit' if explicit else 'derived'}", ok, out)
    tally.finish("kernels")


if __name__ == "__main__":
    main()
