"""Inputs and golden of bf16-subnormal.test: A (16 x 32) and B (32 x 16)
bf16 with subnormal rows (A) and columns (B) among normal values; C = A x B
summed in f32 in k order (cubetest.reference_matmul). Written to the
directory argv[1]."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from cubetest import encode, reference_matmul  # noqa: E402

rng = np.random.default_rng(7)
d = sys.argv[1]


def bf16(shape, lo, hi, sub):
    """bf16 values from bit patterns: exponent/mantissa bits in [lo, hi), or
    subnormal (bits 0x0001..0x007F) where `sub`, random signs."""
    bits = rng.integers(lo, hi, shape).astype(np.uint32)
    bits = np.where(sub, rng.integers(1, 0x80, shape), bits).astype(np.uint32)
    bits |= np.where(rng.random(shape) < 0.5, 0x8000, 0).astype(np.uint32)
    return (bits << 16).view(np.float32).astype(np.float64)


# Rows 0..7 of A and columns 0..7 of B are subnormal, the rest normal
# (about 2^-4 .. 2^4): C[i][j] with i < 8 or j < 8 is a sum of subnormal
# f32 products, which a flushed input would turn into 0.
rows = np.arange(16)[:, None] < 8
a = bf16((16, 32), 0x3D80, 0x4180, np.broadcast_to(rows, (16, 32)))
b = bf16((32, 16), 0x3D80, 0x4180, np.broadcast_to(rows.T, (32, 16)))
encode(a, "bf16").tofile(d + "/A.bin")
encode(b, "bf16").tofile(d + "/B.bin")
reference_matmul(a, b, "bf16").tofile(d + "/golden.bin")
