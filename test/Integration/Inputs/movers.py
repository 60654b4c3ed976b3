"""Movers: inputs and hand-derived checks (cube-reference §5, §6, §16)."""
import sys
import numpy as np

mode, d = sys.argv[1], sys.argv[2]
if mode == "make":
    np.arange(512, dtype=np.float16).tofile(d + "/g512.bin")
    (np.arange(1024) % 2048).astype(np.float16).tofile(d + "/g1024.bin")
    (np.arange(1024) % 100).astype(np.int8).tofile(d + "/l1_i8.bin")
    np.full(1536, -1, np.int8).tofile(d + "/b_pre.bin")
    np.arange(1120, dtype=np.float16).tofile(d + "/g40x28.bin")
    np.full(2048, 7.0, np.float16).tofile(d + "/l1_pre.bin")
    c = np.zeros(512, np.float32)
    for i in range(32):
        for j in range(16):
            c[(i // 16) * 256 + (i % 16) * 16 + j] = 100 * i + j
    c.tofile(d + "/c.bin")
    sys.exit(0)
r = lambda n, t: np.fromfile(f"{d}/{n}.bin", t)
print("gm_to_l0a", bool((r("o_l0a", np.float16) == np.arange(512)).all()))
dec = r("o_dec", np.float16).reshape(4, 256)
src = np.arange(1024).reshape(4, 256)
print("addrMode 1 reversed", all((dec[i] == src[3 - i]).all() for i in range(4)))
gap = r("o_gap", np.int8).reshape(3, 512)
l1 = (np.arange(1024) % 100).reshape(2, 512)
print("dstGap", bool((gap[0] == l1[0]).all() and (gap[2] == l1[1]).all()),
      "gap fractal untouched", bool((gap[1] == -1).all()))
for name in ("o_ndnum", "o_batch"):
    o = r(name, np.float16)
    ok = all(o[b * 1024 + (c // 16) * 512 + rr * 16 + c % 16] == b * 560 + rr * 28 + c
             for b in range(2) for rr in range(20) for c in range(28))
    print(name, ok, "tail zero", bool(o[512 + 12] == 0 and o[1024 + 512 + 15] == 0),
          "row 20 untouched", bool(o[320] == 7.0 and o[1024 + 320] == 7.0))
f = r("o_fix", np.float32).reshape(2, 16, 16)
print("fixpipe ndNum", all(f[n, j, c] == 100 * (16 * n + j) + c
                           for n in range(2) for j in range(16) for c in range(16)))
