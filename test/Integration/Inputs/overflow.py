"""Float overflow mode cases (cube-reference §13.3, §16), hand-worked.
make DIR writes A (L0A, one 16x16 f16 fractal, row-major) and B (L0B, one
Zn fractal: (k, n) at n * 16 + k); check DIR NAME prints C(i, j) for
(0, 0), (0, 1), (1, 0), (1, 1), (2, 0) from L0C (Nz, one fractal) and the
f16 output D."""
import sys
import numpy as np

mode, d = sys.argv[1], sys.argv[2]
if mode == "make":
    a = np.zeros((16, 16), np.float16)
    a[0, 0] = np.inf                  # C(0, 0) = inf * 1, C(0, 1) = inf * 0
    a[1, 0] = a[1, 1] = 60000.0       # C(1, 0) = 120000: finite in f32, not f16
    a[2, 0] = -np.inf                 # C(2, 0) = -inf
    a.tofile(d + "/a.bin")
    b = np.zeros(256, np.float16)
    b[0] = b[1] = 1.0                 # B(0, 0) = B(1, 0) = 1, column 1 all 0
    b.tofile(d + "/b.bin")
    # L0C row 0 for the Fixpipe cases (one Nz fractal: row 0 first).
    row = [np.inf, -np.inf, np.nan, 1e38, 3.4e38, 1.5]
    c = np.zeros(256, np.float32)
    c[:6] = row
    c.tofile(d + "/c.bin")
    h = np.zeros(256, np.float16)
    h[:5] = [np.inf, -np.inf, np.nan, 65504.0, 1.5]
    h.tofile(d + "/h.bin")
    sys.exit(0)
if mode == "fixpipe":
    def row0(name, dt, n):
        return np.fromfile(d + "/" + name + ".bin", dt)[:n]
    print("nq_f32", [repr(float(x)) for x in row0("nq_f32", np.float32, 6)])
    print("f322bf16", [hex(int(x)) for x in row0("f322bf16", np.uint16, 6)])
    print("qf322b8", row0("qf322b8", np.int8, 6).tolist())
    print("nq_f16", [repr(float(x)) for x in row0("nq_f16", np.float16, 5)])
    sys.exit(0)
name = sys.argv[3]
c = np.fromfile(d + "/" + name + "_c.bin", np.float32)
o = np.fromfile(d + "/" + name + "_d.bin", np.float16)
at = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]
print(name, "C", [repr(float(c[i * 16 + j])) for i, j in at],
      "D", [repr(float(o[i * 16 + j])) for i, j in at])
