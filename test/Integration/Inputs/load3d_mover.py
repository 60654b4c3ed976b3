"""LoadData 3D as a plain L1 -> L0 mover (cube-reference §10.4, §11): with a
1x1 kernel, stride 1 and no padding an L1 Nz matrix is its own im2col
matrix, so load_3d moves it into L0A (Zz on A2, Nz on 950), transposed into
L0A with enTranspose, or into L0B Zn ("B not transposed").

Each case runs a matmul whose A and/or B reach L0 by load_3d with derived
parameters (l1H = 1, l1W = padded rows, channelSize = padded columns), and
the same matmul through the LoadData 2D-family route where one exists; both
are compared exactly with a plain numpy product (small integers).

Usage: load3d_mover.py --runner PATH/ascube-run --out DIR
"""
import os

import numpy as np

from cubetest import Tally, options, run_matmul

# (product, dtype, m, k, n, A given as, A mover, B given as, B mover).
# "A" = M x K, "AT" = K x M, "B" = K x N, "BT" = N x K in GM and L1 (Nz).
CASES = [
    # A not transposed: Load3D is the recommended mover for b8/b16/b32.
    ("atlas_a2", "i8", 16, 64, 20, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "i8", 16, 64, 20, "A", "load_2d", "BT", "load_2d"),
    ("atlas_a2", "i8", 40, 70, 20, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "f16", 16, 40, 20, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "f16", 16, 40, 20, "A", "load_2d", "BT", "load_2d"),
    ("atlas_a2", "f16", 45, 40, 20, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "f32", 16, 20, 12, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "f32", 16, 20, 12, "A", "load_2d", "BT", "load_2d"),
    ("atlas_a2", "f32", 33, 28, 20, "A", "load_3d", "BT", "load_2d"),
    # A transposed: Load3D with enTranspose (b16, b32) vs LoadDataWithTranspose.
    ("atlas_a2", "f16", 30, 40, 20, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    ("atlas_a2", "f16", 30, 40, 20, "AT", "load_2d_transpose", "BT", "load_2d"),
    ("atlas_a2", "bf16", 17, 33, 9, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    ("atlas_a2", "f32", 30, 16, 20, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    ("atlas_a2", "f32", 30, 16, 20, "AT", "load_2d_transpose", "BT", "load_2d"),
    ("atlas_a2", "f32", 20, 40, 12, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    # B not transposed (K x N into L0B Zn): Load3D vs LoadDataWithTranspose.
    ("atlas_a2", "f16", 16, 16, 30, "A", "load_2d", "B", "load_3d"),
    ("atlas_a2", "f16", 16, 16, 30, "A", "load_2d", "B", "load_2d_transpose"),
    ("atlas_a2", "f16", 16, 40, 30, "A", "load_2d", "B", "load_3d"),
    ("atlas_a2", "f32", 16, 24, 30, "A", "load_2d", "B", "load_3d"),
    ("atlas_a2", "f32", 16, 36, 17, "A", "load_2d", "B", "load_3d"),
    # Both operands through Load3D.
    ("atlas_a2", "f16", 30, 40, 20, "AT", "load_3d {enTranspose = true}", "B", "load_3d"),
    # 950: L0A Nz; b8 also transposes and goes into L0B.
    ("ascend950pr", "i8", 30, 64, 20, "A", "load_3d", "BT", "load_2d_v2"),
    ("ascend950pr", "i8", 30, 64, 20, "A", "load_2d_v2", "BT", "load_2d_v2"),
    ("ascend950pr", "i8", 30, 64, 20, "AT", "load_3d {enTranspose = true}", "BT", "load_2d_v2"),
    ("ascend950pr", "i8", 30, 64, 40, "A", "load_3d", "B", "load_3d"),
    ("ascend950pr", "f16", 30, 40, 20, "AT", "load_3d {enTranspose = true}", "B", "load_3d"),
    ("ascend950pr", "f32", 30, 16, 20, "AT", "load_3d {enTranspose = true}", "B", "load_3d"),
]


def main():
    o = options()
    rng = np.random.default_rng(20261130)
    tally = Tally()
    for i, case in enumerate(CASES):
        prod, t, m, k, n, a_as, a_mover, b_as, b_mover = case
        ok, out = run_matmul(o.runner, os.path.join(o.out, f"case{i}"), rng, *case)
        tally.report(f"{prod} {t} {m}x{k}x{n} {a_as}:{a_mover.split(' ')[0]}"
                     f"{'(T)' if 'enTranspose' in a_mover else ''} {b_as}:{b_mover.split(' ')[0]}",
                     ok, out)
    tally.finish("kernels")


if __name__ == "__main__":
    main()
