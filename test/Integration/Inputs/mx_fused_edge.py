#!/usr/bin/env python3
"""Inputs and checks of mx-fused-edge.test: an MmadMx whose only nonzero
product is 4.0 * 2^(ea - 127) times 4.0 * 2^(eb - 127) = 2^(ea + eb - 250),
added to C = -FLT_MAX.

  make DIR    writes a.bin, b.bin (e2m1, two per byte, element 0 = 4.0,
              code 6, in the low nibble of byte 0: element (0, 0) of the
              Nz A and of the Zn B), c.bin, and the scales of each case
  check DIR   prints what each case's C holds

Cases (ea, eb): "edge" (188, 188): the product 2^126 is exact, C(0, 0) =
-FLT_MAX + 2^126 (exact in f32: 2^127 + 2^126 - 2^104, negated); "over"
(189, 189): the product 2^128 overflows f32's multiply to +inf (the
documented order multiplies, then adds), so C(0, 0) = +inf — a fused
multiply-add would keep it finite (2^128 - FLT_MAX = 2^104). Every other
element of C adds products of zero: -FLT_MAX stays.
"""
import sys

import numpy as np

CASES = {"edge": (188, 188), "over": (189, 189)}
MAX = float(np.finfo(np.float32).max)


def make(d):
    data = np.zeros(512, np.uint8)
    data[0] = 6  # e2m1 code 6 = 4.0 (cube-reference §17)
    data.tofile(f"{d}/a.bin")
    data.tofile(f"{d}/b.bin")
    np.full(256, -MAX, np.float32).tofile(f"{d}/c.bin")
    for name, (ea, eb) in CASES.items():
        np.full(32, ea, np.uint8).tofile(f"{d}/sa_{name}.bin")
        np.full(32, eb, np.uint8).tofile(f"{d}/sb_{name}.bin")


def check(d, suffix):
    for name, (ea, eb) in CASES.items():
        c = np.fromfile(f"{d}/c_{name}{suffix}.bin", np.float32)
        product = 2.0 ** (ea + eb - 250)
        want = np.float32(-MAX + product) if product < 2.0 ** 128 else np.float32(np.inf)
        rest = bool(np.all(c[1:] == np.float32(-MAX)))
        print(f"{name}: C(0,0) {c[0]!r} want {want!r} same {c[0].tobytes() == want.tobytes()}; "
              f"others -FLT_MAX {rest}")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        check(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "")
