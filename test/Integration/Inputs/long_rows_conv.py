"""Inputs and goldens of long-rows-conv.test: convolutions whose rows lie
further apart than DataCopy ND2NZ's srcDValue (65535) reaches.

  long_rows_conv.py OUTDIR

Integer-valued data, so every product and partial sum is exact in f32 (and,
for Kirin 9030's f16 results, sparse enough that every partial sum stays an
integer below 2048, exact in f16): the golden is a plain ND convolution in
int64 (no fractal layouts), cast to the output type.
"""
import os
import sys

import numpy as np


def conv(I, W, layout, strides=(1, 1), dilations=(1, 1)):
    """O of linalg.conv_2d_<layout>: nhwc_hwcf, nhwc_fhwc or nchw_fchw."""
    sh, sw = strides
    dh, dw = dilations
    if layout == "nchw_fchw":
        I = I.transpose(0, 2, 3, 1)            # -> NHWC
        W = W.transpose(2, 3, 1, 0)            # FCHW -> HWCF
    elif layout == "nhwc_fhwc":
        W = W.transpose(1, 2, 3, 0)            # FHWC -> HWCF
    n, h, w, c = I.shape
    kh, kw, _, f = W.shape
    oh = (h - (kh - 1) * dh - 1) // sh + 1
    ow = (w - (kw - 1) * dw - 1) // sw + 1
    O = np.zeros((n, oh, ow, f), np.int64)
    for i in range(kh):
        for j in range(kw):
            win = I[:, i * dh:i * dh + (oh - 1) * sh + 1:sh,
                    j * dw:j * dw + (ow - 1) * sw + 1:sw, :]
            O += np.einsum("nhwc,cf->nhwf", win.astype(np.int64),
                           W[i, j].astype(np.int64))
    if layout == "nchw_fchw":
        O = O.transpose(0, 3, 1, 2)
    return O


def values(rng, shape, density=1.0):
    v = rng.integers(-3, 4, shape)
    if density < 1.0:
        v = v * (rng.random(shape) < density)
    return v.astype(np.float16)


CASES = [
    # name, I shape, W shape, layout, strides, dilations, out type, density
    ("nhwc_channels", (1, 1, 2, 65552), (1, 1, 65552, 16), "nhwc_hwcf", (1, 1), (1, 1), np.float32, 1.0),
    ("nhwc_hwcf_f", (1, 1, 2, 16), (1, 1, 16, 65552), "nhwc_hwcf", (1, 1), (1, 1), np.float32, 1.0),
    ("nhwc_fhwc", (1, 1, 2, 32768), (16, 1, 2, 32768), "nhwc_fhwc", (1, 1), (1, 1), np.float32, 1.0),
    ("nchw_stride", (1, 1, 1, 65537), (16, 1, 1, 1), "nchw_fchw", (1, 65536), (1, 1), np.float32, 1.0),
    ("nchw_dilation", (1, 1, 1, 65537), (16, 1, 1, 2), "nchw_fchw", (1, 1), (1, 65536), np.float32, 1.0),
    ("k9030_pitch", (1, 1, 3, 40000), (1, 1, 40000, 16), "nhwc_hwcf", (1, 2), (1, 1), np.float16, 0.05),
    ("k9030_hwcf_f", (1, 1, 2, 16), (1, 1, 16, 65552), "nhwc_hwcf", (1, 1), (1, 1), np.float16, 1.0),
    # Atlas 200I/500 A2 (plain 32 B copies): pixels C x 2 B = 65538 blocks
    # apart, a gap past srcStride's 65535 blocks.
    ("wide_channels", (1, 1, 2, 1048608), (1, 1, 1048608, 16), "nhwc_hwcf", (1, 1), (1, 1), np.float32, 1.0),
    # ... and one pixel: a copy of a single block, whose gap is never taken.
    ("one_pixel", (1, 1, 1, 1048608), (1, 1, 1048608, 16), "nhwc_hwcf", (1, 1), (1, 1), np.float32, 1.0),
]


def main():
    out = sys.argv[1]
    rng = np.random.default_rng(17)
    for name, ishape, wshape, layout, strides, dilations, otype, density in CASES:
        I = values(rng, ishape, density)
        W = values(rng, wshape, density)
        O = conv(I, W, layout, strides, dilations)
        # (f16 results: every partial sum stays exact — the sums of the
        # products' magnitudes are below 2048.)
        assert otype != np.float16 or conv(np.abs(I), np.abs(W), layout, strides,
                                           dilations).max() < 2048
        I.tofile(os.path.join(out, f"{name}.I.bin"))
        W.tofile(os.path.join(out, f"{name}.W.bin"))
        O.astype(otype).tofile(os.path.join(out, f"{name}.O.bin"))


if __name__ == "__main__":
    main()
