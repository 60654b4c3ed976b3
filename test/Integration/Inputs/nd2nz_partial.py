"""ND2NZ into partial fractals: data and checks. make DIR: inputs; check DIR: verify outputs.
Expected placement from cube-reference §5: element (r, c) of the ND
source goes to Nz element (c // 16) * 32 * 16 + r * 16 + c % 16."""
import sys
import numpy as np

mode, d = sys.argv[1], sys.argv[2]
if mode == "make":
    np.arange(560, dtype=np.float16).tofile(d + "/gm.bin")  # 0..559 exact
    np.full(1024, 7.0, np.float16).tofile(d + "/l1.bin")
    # int4: element (r, c) = (r + c) % 16 - 8, packed low nibble first.
    v = (np.add.outer(np.arange(16), np.arange(128)) % 16 - 8).astype(np.int8)
    lo, hi = v[:, 0::2] & 0xF, v[:, 1::2] & 0xF
    (lo | (hi << 4)).astype(np.uint8).tofile(d + "/gm4.bin")
    sys.exit(0)

l1 = np.fromfile(d + "/l1_out.bin", np.float16)
bad = 0
for r in range(32):
    for c in range(32):
        off = (c // 16) * 512 + r * 16 + c % 16
        want = r * 28 + c if (r < 20 and c < 28) else (0.0 if r < 20 else 7.0)
        if l1[off] != want:
            bad += 1
print("mismatches", bad)
print("tail zero", l1[512 + 12:512 + 16].tolist(), "row20", l1[320], l1[512 + 320])
print("element 528", l1[528])
noop = np.fromfile(d + "/l1_noop.bin", np.float16)
print("noop untouched", bool((noop == 7.0).all()))
# int4: Nz with 16x64 fractals; column block c1 holds 16 rows of 32 bytes.
gm4 = np.fromfile(d + "/gm4.bin", np.uint8).reshape(16, 64)
l14 = np.fromfile(d + "/l1_4.bin", np.uint8)
want4 = np.concatenate([gm4[:, 0:32].ravel(), gm4[:, 32:64].ravel()])
print("int4 bytes equal", bool((l14 == want4).all()))
