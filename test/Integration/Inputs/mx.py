"""Microscaling matmul on Ascend 950 (cube-reference §3.1, §9, §15):
C = (scaleA ⊗ A) x (scaleB ⊗ B) (+ bias), one e8m0 scale per 32 K elements.

A (M x K) and B^T (N x K) go GM ND --ND2NZ--> L1 Nz; their scales are laid
out on the host as §3.1 says (scaleA Zz 16 x 2, scaleB Nn 2 x 16) and copied
to L1; load_mx moves data and scales (A -> L0A Nz + L0A_MX, B -> L0B Zn +
L0B_MX); mmad_mx; fixpipe. The golden is the plain float64 sum
bias[n] + Σ_k a[m][k]·2^(sA[m][k/32]-127) · b[k][n]·2^(sB[k/32][n]-127)
over the decoded values, with the formats decoded here from their
definitions (e4m3fn bias 7, e5m2 bias 15, e2m1 bias 1, e1m2 = code / 4).
The Cube accumulates in f32 ([U] §15): compared with rtol 1e-5.

Usage: mx.py --runner PATH/ascube-run --out DIR
"""
import os

import numpy as np

from cubetest import Tally, options, run

MLIR = {"e4m3": "f8E4M3FN", "e5m2": "f8E5M2", "e2m1": "f4E2M1FN", "e1m2": "!ascube.f4e1m2"}
BITS = {"e4m3": 8, "e5m2": 8, "e2m1": 4, "e1m2": 4}


def decode(fmt, code):
    """The value of `code` in `fmt`, from the format's definition."""
    if fmt == "e1m2":
        v = (code & 7) / 4
        return -v if code & 8 else v
    ebits, mbits, bias = {"e4m3": (4, 3, 7), "e5m2": (5, 2, 15), "e2m1": (2, 1, 1)}[fmt]
    sign = code >> (ebits + mbits) & 1
    e = code >> mbits & ((1 << ebits) - 1)
    m = code & ((1 << mbits) - 1)
    v = (m / (1 << mbits)) * 2.0 ** (1 - bias) if e == 0 else (1 + m / (1 << mbits)) * 2.0 ** (e - bias)
    return -v if sign else v


def e8m0(codes):
    """The value of e8m0 scale codes: 2^(E - 127), 0xFF = NaN (§17)."""
    codes = np.asarray(codes)
    return np.where(codes == 255, np.nan, 2.0 ** (codes.astype(np.float64) - 127))


def codebook(fmt):
    """value -> code for the values |v| <= 3 of the format (no NaN/inf)."""
    book = {}
    for code in range(1 << BITS[fmt]):
        v = decode(fmt, code)
        if abs(v) <= 3 and v not in book and not (v == 0 and code):
            book[v] = code
    return book


def pack(codes, bits):
    c = np.asarray(codes, np.uint8).ravel()
    if bits == 8:
        return c
    return (c[0::2] & 0xF) | ((c[1::2] & 0xF) << 4)


CASES = [  # A format, B format, m, k, n, bias
    ("e4m3", "e4m3", 32, 128, 32, False),
    ("e4m3", "e5m2", 16, 64, 48, True),
    ("e5m2", "e4m3", 30, 128, 20, False),
    ("e5m2", "e5m2", 16, 192, 16, False),
    ("e2m1", "e2m1", 32, 128, 32, False),
    ("e2m1", "e1m2", 16, 64, 32, True),
    ("e1m2", "e2m1", 32, 64, 16, False),
    ("e1m2", "e1m2", 16, 128, 48, False),
]


def kernel(fa, fb, m, k, n, bias):
    ta, tb = MLIR[fa], MLIR[fb]
    m16, n16 = -(-m // 16) * 16, -(-n // 16) * 16
    ks = k // 32
    a_gm, b_gm = f"memref<{m}x{k}x{ta}>", f"memref<{n}x{k}x{tb}>"
    a1 = f"memref<{m}x{k}x{ta}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    b1 = f"memref<{n}x{k}x{tb}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    sa = f"memref<{m16}x{ks}xf8E8M0FNU, #ascube.layout<ScaleA>"
    sb = f"memref<{ks}x{n16}xf8E8M0FNU, #ascube.layout<ScaleB>"
    a0 = f"memref<{m}x{k}x{ta}, #ascube.layout<Nz>, #ascube.mem<L0A>>"
    b0 = f"memref<{k}x{n}x{tb}, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    cc = f"memref<{m}x{n}xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    bias_arg = f", %BIAS: memref<{n}xf32>" if bias else ""
    bias_ops = bias_use = ""
    if bias:
        bias_ops = f"""    %bias1 = ascube.alloc offset 196608 : memref<{n}xf32, #ascube.mem<L1>>
    ascube.data_copy %BIAS to %bias1 : memref<{n}xf32> to memref<{n}xf32, #ascube.mem<L1>>
    %bt = ascube.alloc offset 0 : memref<{n}xf32, #ascube.mem<BT>>
    ascube.data_copy %bias1 to %bt : memref<{n}xf32, #ascube.mem<L1>> to memref<{n}xf32, #ascube.mem<BT>>
"""
        bias_use = f" bias %bt : memref<{n}xf32, #ascube.mem<BT>>"
    return f"""module attributes {{ascube.target = #ascube.target<ascend950pr>}} {{
  func.func @k(%A: {a_gm}, %BT: {b_gm}, %SA: {sa}>, %SB: {sb}>{bias_arg}, %C: memref<{m}x{n}xf32>) {{
    %a1 = ascube.alloc offset 0 : {a1}
    %b1 = ascube.alloc offset 65536 : {b1}
    %sa1 = ascube.alloc offset 131072 : {sa}, #ascube.mem<L1>>
    %sb1 = ascube.alloc offset 163840 : {sb}, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : {a_gm} to {a1}
    ascube.data_copy %BT to %b1 : {b_gm} to {b1}
    ascube.data_copy %SA to %sa1 : {sa}> to {sa}, #ascube.mem<L1>>
    ascube.data_copy %SB to %sb1 : {sb}> to {sb}, #ascube.mem<L1>>
{bias_ops}    %a0 = ascube.alloc offset 0 : {a0}
    %sa0 = ascube.alloc offset 0 : {sa}, #ascube.mem<L0A_MX>>
    ascube.load_mx %a1, %sa1 to %a0, %sa0 : {a1}, {sa}, #ascube.mem<L1>> to {a0}, {sa}, #ascube.mem<L0A_MX>>
    %b0 = ascube.alloc offset 0 : {b0}
    %sb0 = ascube.alloc offset 0 : {sb}, #ascube.mem<L0B_MX>>
    ascube.load_mx %b1, %sb1 to %b0, %sb0 : {b1}, {sb}, #ascube.mem<L1>> to {b0}, {sb}, #ascube.mem<L0B_MX>>
    %c = ascube.alloc offset 0 : {cc}
    ascube.mmad_mx %a0, %sa0, %b0, %sb0 to %c{bias_use} : {a0}, {sa}, #ascube.mem<L0A_MX>>, {b0}, {sb}, #ascube.mem<L0B_MX>> to {cc}
    ascube.fixpipe %c to %C : {cc} to memref<{m}x{n}xf32>
    return
  }}
}}
"""


def main():
    o = options()
    rng = np.random.default_rng(20261130)
    tally = Tally()
    for i, (fa, fb, m, k, n, bias) in enumerate(CASES):
        ba, bb = codebook(fa), codebook(fb)
        va, vb = list(ba), list(bb)
        a = np.array(va)[rng.integers(len(va), size=(m, k))]
        b = np.array(vb)[rng.integers(len(vb), size=(k, n))]
        m16, n16 = -(-m // 16) * 16, -(-n // 16) * 16
        sa = rng.integers(124, 131, (m16, k // 32))
        sb = rng.integers(124, 131, (k // 32, n16))
        if i == 0:
            # e8m0 0xFF is NaN (§17): A's row 1 and B's column 3 come out NaN.
            sa[1, 0] = sb[0, 3] = 255
        want = (a * e8m0(np.repeat(sa[:m], 32, axis=1))) @ \
               (b * e8m0(np.repeat(sb[:, :n], 32, axis=0)))
        bv = rng.integers(-20, 21, n).astype(np.float64) / 4 if bias else np.zeros(n)
        want = want + bv
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        with open(d + "/kernel.mlir", "w") as f:
            f.write(kernel(fa, fb, m, k, n, bias))
        pack(np.vectorize(ba.get)(a), BITS[fa]).tofile(d + "/A.bin")
        pack(np.vectorize(bb.get)(b.T), BITS[fb]).tofile(d + "/BT.bin")
        # §3.1: scaleA (M, K/32) -> (M1, 16, K1, 2) -> (M1, K1, 16, 2);
        # scaleB (K/32, N) -> (K1, 2, N1, 16) -> (N1, K1, 16, 2).
        k1 = k // 64
        sa.reshape(m16 // 16, 16, k1, 2).transpose(0, 2, 1, 3).astype(np.uint8).tofile(d + "/SA.bin")
        sb.reshape(k1, 2, n16 // 16, 16).transpose(2, 0, 3, 1).astype(np.uint8).tofile(d + "/SB.bin")
        inputs = ["A", "BT", "SA", "SB"]
        if bias:
            bv.astype(np.float32).tofile(d + "/BIAS.bin")
            inputs.append("BIAS")
        want.astype(np.float32).tofile(d + "/golden.bin")
        ok, out = run(o.runner, d, "k", inputs, "C", ["--atol", "1e-6", "--rtol", "1e-5"])
        tally.report(f"ascend950pr mx {fa} x {fb} {m}x{k}x{n}{' bias' if bias else ''}", ok, out)
    tally.finish("kernels")


if __name__ == "__main__":
    main()
