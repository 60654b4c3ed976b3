"""Inputs and the plain numpy golden of cancel.mlir: C = A @ B."""
import sys
import numpy as np

d = sys.argv[1]
rng = np.random.default_rng(6)
a = rng.integers(-4, 5, (16, 32)).astype(np.float16)
b = rng.integers(-4, 5, (32, 16)).astype(np.float16)
np.full((16, 32), 7, np.float16).tofile(d + "/aw.bin")
a.tofile(d + "/a.bin")
b.tofile(d + "/b.bin")
(a.astype(np.float32) @ b.astype(np.float32)).tofile(d + "/golden.bin")
