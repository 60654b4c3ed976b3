"""Mmad HF32 cases with hand-worked values (cube-reference §13.3).
make DIR writes A (16 x 8: one fractal, row-major in both Zz and Nz) and B
(8 x 16, every element equal, so Zn order does not matter); check DIR
prints C(i, 0) of the rows that matter (C is Nz: (i, 0) at i * 16)."""
import sys
import numpy as np

mode, d = sys.argv[1], sys.argv[2]
rows = {0: 1 + 2.0**-12, 1: 1 + 3 * 2.0**-12, 2: 1 + 2.0**-11,
        3: -(1 + 2.0**-12), 4: 3.0}
if mode == "make":
    a = np.zeros((16, 8), np.float32)
    for i, v in rows.items():
        a[i, :] = v
    a.tofile(d + "/a.bin")
    np.ones(128, np.float32).tofile(d + "/b1.bin")
    np.full(128, 3.0, np.float32).tofile(d + "/a3.bin")
    np.full(128, 1 + 2.0**-12, np.float32).tofile(d + "/bt.bin")
    sys.exit(0)
for name in sys.argv[3:]:
    c = np.fromfile(d + "/" + name + ".bin", np.float32)
    print(name, [float(c[i * 16]) for i in rows])
