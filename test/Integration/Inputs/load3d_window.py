"""LoadData 3D windows, repeats and padding values (cube-reference §10.3),
checked element by element: the L0A content is read back through an mmad
with B = [I | 0], so C = A exactly (an extra 16 zero columns keep B
non-square for the derived LoadData 2D of B^T).

The expected window is computed here from the §10.3 definition with plain
loops over (m, k) -> (oh, ow, c1, kh, kw, c0) -> (ih, iw), independently of
ascube's C++ model; rows m >= Hout * Wout continue the formula (the [U]
choice documented in docs/Rationale.md).

Usage: load3d_window.py --runner PATH/ascube-run --out DIR
"""
import os

import numpy as np

from cubetest import ACC, C0, Tally, encode, golden, options, run

# Each case: product, dtype, map (C1, H, W), kernel, stride, dilation,
# pads (left, right, top, bottom), padValue, window attributes.
CASES = [
    # Rows 16..31 of a 28-row X: rows 28..31 continue the formula ([U]).
    ("atlas_a2", "f16", (2, 9, 6), (3, 3), (2, 1), (1, 1), (1, 2, 0, 1), 7,
     dict(mStartPt=16, mExtension=16, kStartPt=32, kExtension=48)),
    # Repeats along M (mode 0): two 16-row windows stack into a 32-row Zz.
    ("atlas_a2", "f16", (1, 6, 6), (2, 2), (1, 1), (2, 2), (1, 1, 1, 1), -3,
     dict(mExtension=16, kExtension=64, repeatTime=2, repeatStride=1)),
    # Repeats along K (mode 1): windows of 48 columns side by side.
    ("atlas_a2", "f16", (2, 5, 5), (2, 3), (1, 1), (1, 1), (0, 1, 1, 0), 2,
     dict(mExtension=16, kExtension=48, kStartPt=16, repeatTime=2, repeatStride=3, repeatMode=1)),
    ("atlas_a2", "i8", (2, 6, 7), (2, 2), (2, 2), (1, 1), (1, 1, 1, 1), -5,
     dict(mStartPt=0, mExtension=16, kStartPt=32, kExtension=64)),
    # The 256-bit filter extension: a 1 x 257 kernel along W.
    ("atlas_a2", "f32", (1, 2, 260), (1, 1), (1, 1), (1, 1), (0, 0, 0, 0), 0,
     dict(filterSizeW=True, mExtension=8, kExtension=16, kStartPt=2040)),
    # Transposed window (b32): D = W^T, 24 x 16.
    ("atlas_a2", "f32", (3, 4, 5), (2, 2), (1, 1), (1, 1), (1, 0, 1, 0), 1.5,
     dict(mStartPt=16, mExtension=16, kStartPt=40, kExtension=24, enTranspose=True)),
    # Repeats along K with 32-row windows: on A2 each window is a whole Zz
    # block placed after the previous one, so they stack along M.
    ("atlas_a2", "f16", (2, 5, 5), (2, 3), (1, 1), (1, 1), (0, 1, 1, 0), 4,
     dict(mExtension=32, kExtension=48, repeatTime=2, repeatStride=3, repeatMode=1, _stack=0)),
    # int4 (A2, L0A only): C0 = 64, two elements per byte.
    ("atlas_a2", "i4", (1, 5, 6), (2, 2), (1, 2), (1, 1), (1, 1, 1, 0), -1,
     dict(mStartPt=0, mExtension=16, kStartPt=64, kExtension=128)),
    # 950: L0A Nz; repeats along K 6 fractals apart (dstStride is mandatory)
    # stack along K in Nz.
    ("ascend950pr", "f16", (2, 5, 5), (2, 3), (1, 1), (1, 1), (0, 1, 1, 0), 2,
     dict(mExtension=32, kExtension=48, repeatTime=2, repeatStride=3, repeatMode=1, dstStride=6)),
    ("ascend950pr", "i8", (1, 7, 7), (3, 3), (1, 1), (1, 1), (1, 1, 1, 1), 9,
     dict(mStartPt=16, mExtension=32, kStartPt=64, kExtension=96, enTranspose=True)),
]


def im2col_element(fm, g, m, k, pv):
    """X[m][k] of §10.3, by its definition."""
    c1n, h, w, c0n = fm.shape
    hk, wk = g["kernel"]
    sh, sw = g["stride"]
    dh, dw = g["dil"]
    left, right, top, bottom = g["pads"]
    wout = (w + left + right - ((wk - 1) * dw + 1)) // sw + 1
    oh, ow = m // wout, m % wout
    c0 = k % c0n
    kw = (k // c0n) % wk
    kh = (k // (c0n * wk)) % hk
    c1 = k // (c0n * wk * hk)
    ih = oh * sh + kh * dh - top
    iw = ow * sw + kw * dw - left
    if 0 <= ih < h and 0 <= iw < w:
        return fm[c1, ih, iw, c0]
    return pv


def expected(fm, g, pv, win):
    m0, k0 = win.get("mStartPt", 0), win.get("kStartPt", 0)
    me, ke = win["mExtension"], win["kExtension"]
    reps, stride = win.get("repeatTime", 1), win.get("repeatStride", 0)
    mode = win.get("repeatMode", 0)
    c0n = fm.shape[3]
    blocks = []
    for r in range(reps):
        ms = m0 + (r * stride * 16 if mode == 0 else 0)
        ks = k0 + (r * stride * c0n if mode == 1 else 0)
        blk = np.array([[im2col_element(fm, g, ms + i, ks + j, pv) for j in range(ke)]
                        for i in range(me)], dtype=np.float64)
        blocks.append(blk.T if win.get("enTranspose") else blk)
    return np.concatenate(blocks, axis=win.get("_stack", 0 if mode == 0 else 1))


def kernel(prod, t, fm_shape, kern, g, pv, win, rows, cols, n):
    acc, c0 = ACC[t], C0[t]
    nz950 = prod.startswith("ascend950")
    c1, h, w = fm_shape
    fm = f"1x{c1}x{h}x{w}x{c0}x{t}"
    fm1 = f"memref<{fm}, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>"
    b1 = f"memref<{n}x{cols}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    a0 = f"memref<{rows}x{cols}x{t}, #ascube.layout<{'Nz' if nz950 else 'Zz'}>, #ascube.mem<L0A>>"
    b0 = f"memref<{cols}x{n}x{t}, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    cc = f"memref<{rows}x{n}x{acc}, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    attrs = [f"filterH = {kern[0]} : i64", f"filterW = {kern[1]} : i64",
             f"strideH = {g['stride'][0]} : i64", f"strideW = {g['stride'][1]} : i64",
             f"dilationFilterH = {g['dil'][0]} : i64", f"dilationFilterW = {g['dil'][1]} : i64",
             f"padList = array<i64: {', '.join(map(str, g['pads']))}>",
             f"padValue = {pv if t in ('i8', 'i4') else float(pv)} : {t}"]
    for key, v in win.items():
        if key.startswith("_"):
            continue
        attrs.append(f"{key} = {str(v).lower()}" if isinstance(v, bool) else f"{key} = {v} : i64")
    bmove = "load_2d_v2" if nz950 else "load_2d"
    return f"""module attributes {{ascube.target = #ascube.target<{prod}>}} {{
  func.func @k(%FM: memref<{fm}>, %BT: memref<{n}x{cols}x{t}>, %C: memref<{rows}x{n}x{acc}>) {{
    %f1 = ascube.alloc offset 0 : {fm1}
    ascube.data_copy %FM to %f1 : memref<{fm}> to {fm1}
    %b1 = ascube.alloc offset 262144 : {b1}
    ascube.data_copy %BT to %b1 : memref<{n}x{cols}x{t}> to {b1}
    %a0 = ascube.alloc offset 0 : {a0}
    ascube.load_3d %f1 to %a0 {{{', '.join(attrs)}}} : {fm1} to {a0}
    %b0 = ascube.alloc offset 0 : {b0}
    ascube.{bmove} %b1 to %b0 : {b1} to {b0}
    %c = ascube.alloc offset 0 : {cc}
    ascube.mmad %a0, %b0 to %c : {a0}, {b0} to {cc}
    ascube.fixpipe %c to %C : {cc} to memref<{rows}x{n}x{acc}>
    return
  }}
}}
"""


def main():
    o = options()
    rng = np.random.default_rng(20261130)
    tally = Tally()
    for i, (prod, t, fm_shape, kern, stride, dil, pads, pv, win) in enumerate(CASES):
        g = dict(kernel=(kern[0], kern[1] + (256 if win.get("filterSizeW") else 0)),
                 stride=stride, dil=dil, pads=pads)
        c1, h, w = fm_shape
        lo, hi = {"i8": (-100, 100), "i4": (-8, 8)}.get(t, (-8, 9))
        fm = rng.integers(lo, hi, (c1, h, w, C0[t]))
        want = expected(fm.astype(np.float64), g, pv, win)
        rows, cols = want.shape
        n = cols + 16
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        with open(d + "/kernel.mlir", "w") as f:
            f.write(kernel(prod, t, fm_shape, kern, g, pv, win, rows, cols, n))
        encode(fm, t).tofile(d + "/FM.bin")
        bt = np.zeros((n, cols), dtype=np.int64)
        bt[:cols, :cols] = np.eye(cols, dtype=np.int64)
        encode(bt, t).tofile(d + "/BT.bin")
        want_c = np.zeros((rows, n))
        want_c[:, :cols] = want
        golden(want_c, t).tofile(d + "/golden.bin")
        ok, out = run(o.runner, d, "k", ["FM", "BT"], "C")
        tally.report(f"{prod} {t} {win}", ok, out)
    tally.finish("kernels")


if __name__ == "__main__":
    main()
