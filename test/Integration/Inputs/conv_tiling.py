"""Inputs and goldens of conv-tiling.test (convolutions mapped with a
hand-set #ascube.conv_tiling: each strategy, pieces of a row, chunks of
kernel rows, runs of one tap, one buffer set, own map columns).

  conv_tiling.py OUTDIR

Integer-valued f16 data: every product and partial sum is exact in f32, so
the golden is a plain ND convolution in int64 (long_rows_conv.conv: no
fractal layouts), cast to f32.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from long_rows_conv import conv, values  # noqa: E402


def main():
    out = sys.argv[1]
    rng = np.random.default_rng(47)

    def save(name, I, W, layout, strides=(1, 1)):
        I.tofile(os.path.join(out, f"{name}.I.bin"))
        W.tofile(os.path.join(out, f"{name}.W.bin"))
        O = conv(I, W, layout, strides).astype(np.float32)
        O.tofile(os.path.join(out, f"{name}.O.bin"))

    save("nchw_columns", values(rng, (1, 32, 6, 40)),
         values(rng, (16, 32, 3, 3)), "nchw_fchw")
    save("nchw_pixel_rows", values(rng, (1, 8, 7, 41)),
         values(rng, (16, 8, 3, 3)), "nchw_fchw", (1, 2))
    I, W = values(rng, (1, 6, 20, 8)), values(rng, (3, 3, 8, 16))
    for name in ("nhwc_rows", "nhwc_one_tap", "load3d_own_columns"):
        save(name, I, W, "nhwc_hwcf")


if __name__ == "__main__":
    main()
