#!/usr/bin/env python3
"""Inputs and checks of fused-edge.test: one nonzero product added to C, by
an MmadMx and by a bf16 Mmad. The golden value is numpy's f32 arithmetic in
the documented order: the product rounded to f32, then added to C's f32.

  make DIR          writes the inputs of every case
  check DIR [SUF]   prints what each case's C (c_<case><SUF>.bin) holds

MmadMx, e2m1 data: A and B zero but for element (0, 0) = 6.0 (code 7, the
low nibble of byte 0: element (0, 0) of the Nz A and of the Zn B), every
scale of A code ea and of B code eb, C = -FLT_MAX: the product 36 *
2^(ea + eb - 254). "mx_edge" (188, 188): 9 * 2^124, exact, so C(0, 0) =
-FLT_MAX + 9 * 2^124; "mx_over" (188, 189): 9 * 2^125 >= 2^128, which f32's
multiply rounds to +inf before the add, so C(0, 0) = +inf — a fused
multiply-add would keep it finite. The fast form's bound for e2m1 x e2m1
(|x| < 2^3) is ea + eb <= 376: the two cases sit on either side of it.

bf16 Mmad: A(0, 0) and B(0, 0) (element 0 of the one fractal) given as bf16
bits, the rest zero. "bf16_edge": (2 - 2^-7) 2^63 squared, (4 - 2^-5 +
2^-14) 2^126, exact, onto -FLT_MAX; "bf16_over": (2 - 2^-7) 2^63 x (2 -
2^-7) 2^64 >= 2^128 onto -FLT_MAX, +inf (the fast form's bound: exponent
fields 190 + 190 = 380 fuse, 190 + 191 do not). "bf16_tiny": (1 + 2^-7)
2^-70 x (1 + 2^-7) 2^-73 = (1 + 2^-6 + 2^-14) 2^-143, a subnormal f32
product that rounds to 65 x 2^-149 (the 2^-157 is lost), onto C = 2^-125,
whose ulp is 2^-148: 2^-125 + 65 x 2^-149 is a tie and rounds to even,
2^-125 + 64 x 2^-149 — a fused multiply-add would see the lost 2^-157 and
round up to 2^-125 + 66 x 2^-149.
Every other element of C adds products of zero and stays.
"""
import sys

import numpy as np

MAX = float(np.finfo(np.float32).max)
TINY_A = (57 << 7) | 1  # (1 + 2^-7) 2^-70: exponent field 57, mantissa 1
TINY_B = (54 << 7) | 1  # (1 + 2^-7) 2^-73
BIG_63 = (190 << 7) | 0x7F  # (2 - 2^-7) 2^63: exponent field 190, mantissa all ones
BIG_64 = (191 << 7) | 0x7F  # (2 - 2^-7) 2^64
# case: (kind, (scale codes) or (A bits, B bits), C's value)
CASES = {"mx_edge": ("mx", (188, 188), -MAX), "mx_over": ("mx", (188, 189), -MAX),
         "bf16_edge": ("bf16", (BIG_63, BIG_63), -MAX),
         "bf16_over": ("bf16", (BIG_63, BIG_64), -MAX),
         "bf16_tiny": ("bf16", (TINY_A, TINY_B), 2.0 ** -125)}


def bf16_value(bits):
    return np.array([bits << 16], np.uint32).view(np.float32)[0]


def operands(kind, arg):
    """The two factors of the one product, as f32 (both exact)."""
    if kind == "mx":
        return tuple(np.float32(6.0) * np.float32(2.0 ** (e - 127)) for e in arg)
    return bf16_value(arg[0]), bf16_value(arg[1])


def make(d):
    data = np.zeros(512, np.uint8)
    data[0] = 7  # e2m1 code 7 = 6.0 (cube-reference §17)
    data.tofile(f"{d}/a4.bin")
    for name, (kind, arg, c) in CASES.items():
        np.full(256, c, np.float32).tofile(f"{d}/c_{name}_in.bin")
        if kind == "mx":
            np.full(32, arg[0], np.uint8).tofile(f"{d}/sa_{name}.bin")
            np.full(32, arg[1], np.uint8).tofile(f"{d}/sb_{name}.bin")
        else:
            for x, bits in zip("ab", arg):
                v = np.zeros(256, np.uint16)
                v[0] = bits
                v.tofile(f"{d}/{x}_{name}.bin")


def check(d, suffix):
    with np.errstate(over="ignore"):
        for name, (kind, arg, c0) in CASES.items():
            c = np.fromfile(f"{d}/c_{name}{suffix}.bin", np.float32)
            a, b = operands(kind, arg)
            want = np.float32(np.float32(a * b) + np.float32(c0))
            rest = bool(np.all(c[1:] == np.float32(c0)))
            print(f"{name}: C(0,0) {c[0]!r} want {want!r} same {c[0].tobytes() == want.tobytes()}; "
                  f"others unchanged {rest}")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        check(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "")
