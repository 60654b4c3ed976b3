"""Inputs and goldens of nchw-ascend950pr-rows.test (NCHW convolutions on 950 whose
outputs NZ2DN cannot write aligned, mapped as O^T = W x X^T instead).

  nchw_ascend950pr_rows.py OUTDIR

Integer-valued data: every product and partial sum is exact (int8 -> i32;
f16 -> f32 sums of small integers), so the golden is a plain ND convolution
in int64 (long_rows_conv.conv: no fractal layouts), + the bias, then the
ReLU, cast to the output type.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from long_rows_conv import conv  # noqa: E402


def main():
    out = sys.argv[1]
    rng = np.random.default_rng(23)

    def save(name, **arrays):
        for k, v in arrays.items():
            v.tofile(os.path.join(out, f"{name}.{k}.bin"))

    I = rng.integers(-128, 128, (2, 40, 3, 3)).astype(np.int8)
    W = rng.integers(-128, 128, (20, 40, 1, 1)).astype(np.int8)
    save("image_pitch", I=I, W=W, O=conv(I, W, "nchw_fchw").astype(np.int32))

    I = rng.integers(-3, 4, (1, 16, 100, 1001)).astype(np.float16)
    W = rng.integers(-3, 4, (16, 16, 1, 1)).astype(np.float16)
    save("no_aligned_tile", I=I, W=W, O=conv(I, W, "nchw_fchw").astype(np.float32))

    I = rng.integers(-3, 4, (2, 8, 7, 7)).astype(np.float16)
    W = rng.integers(-3, 4, (12, 8, 3, 3)).astype(np.float16)
    bias = rng.integers(-40, 41, 12).astype(np.float32)
    O = conv(I, W, "nchw_fchw") + bias.astype(np.int64)[None, :, None, None]
    save("bias_relu", I=I, W=W, bias=bias, O=np.maximum(O, 0).astype(np.float32))


if __name__ == "__main__":
    main()
