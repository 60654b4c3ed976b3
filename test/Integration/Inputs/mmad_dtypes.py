"""Inputs and checks for the Mmad dtype rows, with hand-worked values.
Codes (cube-reference §17): e4m3fn 0x38 = 1.0, 0x40 = 2.0; e5m2 0x44 = 4.0;
HiFloat8 0x08 = 1.0 (D0), 0x10 = 2.0 (D1, E = +1), 0x6E = 32768 (max).
Element (0, 0) of A is the first byte of the Zz/Nz fractal."""
import sys
import numpy as np

mode, d = sys.argv[1], sys.argv[2]
w = lambda name, data, dt=np.uint8: np.array(data, dt).tofile(f"{d}/{name}.bin")
if mode == "make":
    w("a_i4", [0x11] * 512)          # every int4 of A is 1
    w("b_i4", [0xFF] * 512)          # every int4 of B is -1
    w("a_u8", [200] * 512)
    w("b_s8", [0xFF] * 512)          # -1
    w("b_u8", [255] * 512)
    w("a_u8b", [255] * 512)
    w("a_f16", [0.5] * 256, np.float16)
    w("b_f16", [3.0] * 256, np.float16)
    w("a_fp8", [0x38] + [0x40] * 511)   # A(0, 0) = 1.0, others 2.0
    w("b_fp8", [0x44] * 512)            # 4.0
    w("a_hif8", [0x6E] + [0x10] * 511)  # A(0, 0) = 32768, others 2.0
    w("b_hif8", [0x08] * 512)           # 1.0
    sys.exit(0)
r = lambda name, dt: np.fromfile(f"{d}/{name}.bin", dt)
c = r("c_i4", np.int32)
print("int4 all", sorted(set(c.tolist())))
c = r("c_u8s8", np.int32)
print("u8s8 all", sorted(set(c.tolist())))
c = r("c_u8u8", np.uint32)
print("u8u8 all", sorted(set(c.tolist())))
c = r("c_f16", np.float16)
print("f16f16 all", sorted(set(c.tolist())))
c = r("c_fp8", np.float32).reshape(16, 16)  # one 16x16 fractal: row-major
print("fp8 row0", sorted(set(c[0].tolist())), "others", sorted(set(c[1:].ravel().tolist())))
c = r("c_hif8", np.float32).reshape(16, 16)
print("hif8 row0", sorted(set(c[0].tolist())), "others", sorted(set(c[1:].ravel().tolist())))
