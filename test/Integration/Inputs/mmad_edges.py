"""Mmad edge cases (m, k or n = 0, saturation, GEMV): data and checks. make DIR / check DIR.
Physical placements are typed from cube-reference §2: Zz (i,k) at
((i//16)*K1 + k//C0)*16*C0 + (i%16)*C0 + k%C0; Zn (k,n) at
((k//C0)*N1 + n//16)*16*C0 + (n%16)*C0 + k%C0; Nz 16x16 (i,j) at
((j//16)*M1 + i//16)*256 + (i%16)*16 + j%16."""
import sys
import numpy as np

mode, d = sys.argv[1], sys.argv[2]
if mode == "make":
    # A: column 0 = rows 127, 1, -1, 0, ...; B: row 0 = 127, 2, 0, ...
    a = np.zeros(512, np.int8)
    a[0 * 32] = 127
    a[1 * 32] = 1
    a[2 * 32] = -1
    a[4 * 32] = -127  # row 4: (-127) * 127 onto -2147483000
    a[1] = 99  # column 1 of row 0: outside k = 1, must not count
    b = np.zeros(512, np.int8)
    b[0 * 32] = 127  # (k=0, n=0)
    b[1 * 32] = 2    # (k=0, n=1)
    b[1] = 55        # (k=1, n=0): outside k = 1
    c = np.full(256, 2147483000, np.int32)
    c[16] = -2147483000  # (1, 0)
    c[4 * 16] = -2147483000  # (4, 0): saturates at INT32_MIN
    a.tofile(d + "/a8.bin"), b.tofile(d + "/b8.bin"), c.tofile(d + "/c32.bin")
    # A = 200 small integers then 56 elements of garbage 1000.0.
    ag = np.full(256, 1000.0, np.float16)
    ag[:200] = (np.arange(200) % 7) - 3
    # B (k, n) = (k + 2n) % 5 - 2 in Zn (C0 = 16, N1 = 4), padding 500.0.
    bg = np.full(13 * 4 * 256, 500.0, np.float16)
    for k in range(200):
        for n in range(64):
            bg[((k // 16) * 4 + n // 16) * 256 + (n % 16) * 16 + k % 16] = (k + 2 * n) % 5 - 2
    cg = np.full(16 * 64, -7.0, np.float32)  # sentinel for untouched rows
    ag.tofile(d + "/ag.bin"), bg.tofile(d + "/bg.bin"), cg.tofile(d + "/cg.bin")
    sys.exit(0)

c = np.fromfile(d + "/c_zero.bin", np.int32)
print("zero: untouched", bool((c == np.fromfile(d + "/c32.bin", np.int32)).all()))
c = np.fromfile(d + "/c_sat.bin", np.int32)
# (0,0): 2147483000 + 127*127 saturates; (0,1): + 127*2; (1,0): -2147483000
# + 1*127; (2,1): + (-1)*2; (3,3): + 0; (4,0): -2147483000 + (-127)*127
# saturates at the lower bound.
print("saturate", c[0], c[1], c[16], c[2 * 16 + 1], c[3 * 16 + 3], c[4 * 16])
cg = np.fromfile(d + "/c_gemv.bin", np.float32)
ag = (np.arange(200) % 7) - 3
want = [sum(int(ag[k]) * ((k + 2 * n) % 5 - 2) for k in range(200)) for n in range(64)]
got = [cg[(n // 16) * 256 + n % 16] for n in range(64)]
print("gemv mismatches", sum(1 for g, w in zip(got, want) if g != w))
print("gemv C[0,0..3]", [float(x) for x in got[:4]], "want", want[:4])
rows = [cg[(n // 16) * 256 + r * 16 + n % 16] for n in range(64) for r in range(1, 16)]
print("gemv rows 1..15 untouched", all(x == -7.0 for x in rows))
