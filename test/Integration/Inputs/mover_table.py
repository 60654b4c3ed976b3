"""Every cell of cube-reference §11's L1 -> L0A/L0B table, each listed mover
executed: a matmul whose A (or B) reaches L0 through that mover, compared
exactly with numpy's product (small integers). The other operand takes a
route of its own that is legal for the dtype.

A2/A3 table (★ = recommended):
  A not transposed:  b4 Load3D★ | b8, b16, b32 Load2D, Load3D★
  A transposed:      b8 WithTranspose | b16 Load2D, WithTranspose, Load3D★ |
                     b32 WithTranspose (L1 Nz, 16 rows), Load3D★
  B not transposed:  b4, b8 WithTranspose | b16 Load2D, WithTranspose,
                     Load3D★ | b32 WithTranspose, Load3D★
  B transposed:      b8, b16, b32 Load2D
950: LoadData 2D-v2 for b8/b16/b32 with and without transpose (and
LoadDataWithTranspose V2, LoadData 3D where §10 allows them).

Usage: mover_table.py --runner PATH/ascube-run --out DIR
"""
import os

import numpy as np

from cubetest import Tally, options, run_matmul

A2 = "atlas_a2"
P950 = "ascend950pr"
T = " {ifTranspose = true}"
# (product, cell, dtype, m, k, n, A as, A mover, B as, B mover); the mover
# under test is the one of the cell's operand.
CELLS = [
    # A not transposed (M x K in L1 -> L0A).
    (A2, "A not transposed", "i4", 16, 64, 64, "A", "load_3d", "B", "load_2d_transpose"),
    (A2, "A not transposed", "i8", 16, 64, 20, "A", "load_2d", "BT", "load_2d"),
    (A2, "A not transposed", "i8", 40, 64, 20, "A", "load_3d", "BT", "load_2d"),
    (A2, "A not transposed", "f16", 16, 40, 20, "A", "load_2d", "BT", "load_2d"),
    (A2, "A not transposed", "f16", 40, 40, 20, "A", "load_3d", "BT", "load_2d"),
    (A2, "A not transposed", "f32", 16, 20, 12, "A", "load_2d", "BT", "load_2d"),
    (A2, "A not transposed", "f32", 33, 20, 12, "A", "load_3d", "BT", "load_2d"),
    # A transposed (K x M in L1 -> M x K L0A).
    (A2, "A transposed", "i8", 64, 32, 20, "AT", "load_2d_transpose", "BT", "load_2d"),
    (A2, "A transposed", "f16", 30, 40, 20, "AT", "load_2d" + T, "BT", "load_2d"),
    (A2, "A transposed", "f16", 30, 40, 20, "AT", "load_2d_transpose", "BT", "load_2d"),
    (A2, "A transposed", "f16", 30, 40, 20, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    (A2, "A transposed", "f32", 32, 16, 20, "AT", "load_2d_transpose", "BT", "load_2d"),
    (A2, "A transposed", "f32", 30, 40, 20, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    # B not transposed (K x N in L1 -> L0B Zn needs a transpose).
    (A2, "B not transposed", "i4", 16, 64, 64, "A", "load_3d", "B", "load_2d_transpose"),
    (A2, "B not transposed", "i8", 16, 32, 64, "A", "load_2d", "B", "load_2d_transpose"),
    (A2, "B not transposed", "f16", 16, 16, 30, "A", "load_2d", "B", "load_2d" + T),
    (A2, "B not transposed", "f16", 16, 16, 30, "A", "load_2d", "B", "load_2d_transpose"),
    (A2, "B not transposed", "f16", 16, 40, 30, "A", "load_2d", "B", "load_3d"),
    # b32 squares pair two 16 x 8 fractals side by side: a 16-row Nz source;
    # the halves of a square land a Zn fractal row apart.
    (A2, "B not transposed", "f32", 16, 16, 32, "A", "load_2d", "B",
     "load_2d_transpose {repeatTimes = 2 : i64, dstGap = 0 : i64, dstFracGap = 1 : i64}"),
    (A2, "B not transposed", "f32", 16, 36, 17, "A", "load_2d", "B", "load_3d"),
    # B transposed (N x K in L1 -> K x N L0B without a transpose).
    (A2, "B transposed", "i8", 16, 64, 20, "A", "load_2d", "BT", "load_2d"),
    (A2, "B transposed", "f16", 16, 40, 20, "A", "load_2d", "BT", "load_2d"),
    (A2, "B transposed", "f32", 16, 20, 12, "A", "load_2d", "BT", "load_2d"),
    # 950: LoadData 2D-v2 everywhere.
    (P950, "A not transposed", "i8", 30, 64, 20, "A", "load_2d_v2", "BT", "load_2d_v2"),
    (P950, "A not transposed", "f16", 30, 40, 20, "A", "load_2d_v2", "BT", "load_2d_v2"),
    (P950, "A not transposed", "f32", 30, 20, 12, "A", "load_2d_v2", "BT", "load_2d_v2"),
    (P950, "A transposed", "i8", 30, 64, 20, "AT", "load_2d_v2" + T, "BT", "load_2d_v2"),
    (P950, "A transposed", "f16", 30, 40, 20, "AT", "load_2d_v2" + T, "BT", "load_2d_v2"),
    (P950, "A transposed", "f32", 32, 16, 20, "AT", "load_2d_v2" + T, "BT", "load_2d_v2"),
    (P950, "B not transposed", "i8", 30, 64, 64, "A", "load_2d_v2", "B", "load_2d_v2" + T),
    (P950, "B not transposed", "f16", 30, 40, 32, "A", "load_2d_v2", "B", "load_2d_v2" + T),
    (P950, "B not transposed", "f32", 30, 16, 32, "A", "load_2d_v2", "B", "load_2d_v2" + T),
    (P950, "B transposed", "i8", 30, 64, 20, "A", "load_2d_v2", "BT", "load_2d_v2"),
    (P950, "B transposed", "f16", 30, 40, 20, "A", "load_2d_v2", "BT", "load_2d_v2"),
    (P950, "B transposed", "f32", 30, 20, 12, "A", "load_2d_v2", "BT", "load_2d_v2"),
]


def main():
    o = options()
    rng = np.random.default_rng(20261130)
    tally = Tally()
    for i, (prod, cell, t, m, k, n, a_as, a_mover, b_as, b_mover) in enumerate(CELLS):
        ok, out = run_matmul(o.runner, os.path.join(o.out, f"cell{i}"), rng,
                             prod, t, m, k, n, a_as, a_mover, b_as, b_mover)
        mover = (a_mover if cell.startswith("A") else b_mover).split(" {repeat")[0]
        tally.report(f"{prod} | {cell} | {t} | {mover}", ok, out)
    tally.finish("cells")


if __name__ == "__main__":
    main()
