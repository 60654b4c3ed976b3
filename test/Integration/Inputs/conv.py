"""2-D convolution on the Cube through im2col (cube-reference §10):

  GM NC1HWC0 feature map --data_copy--> L1 NC1HWC0 --load_3d--> L0A (Zz on A2,
  Nz on 950) as the (Hout*Wout) x (C1*Hk*Wk*C0) GEMM A;
  GM weights (Cout x K, rows in the im2col K order) --data_copy ND2NZ--> L1 Nz
  --load_2d (A2) / load_2d_v2 (950)--> L0B Zn (K x Cout);
  mmad --> L0C Nz --fixpipe NZ2ND--> GM (Hout*Wout) x Cout.

The host only re-blocks the inputs (channels into C1 x C0 groups, zero
filled); the golden is a plain direct convolution over the NCHW map and OIHW
weights (np.pad with the padding value, then loops over output pixels), with
no im2col in it. Values are small integers, so f16 results are exact.

Usage: conv.py --runner PATH/ascube-run --out DIR [--case N]
"""
import os

import numpy as np

from cubetest import ACC, C0, Tally, options, run

# (product, dtype, C, H, W, Cout, (Hk, Wk), (sH, sW), (dH, dW),
#  (left, right, top, bottom), channelSize, padValue)
CASES = [
    ("atlas_a2", "f16", 4, 6, 6, 8, (3, 3), (1, 1), (1, 1), (1, 1, 1, 1), 4, 0),
    ("atlas_a2", "f16", 20, 7, 9, 12, (3, 3), (2, 2), (1, 1), (1, 0, 2, 1), 20, 0),
    ("atlas_a2", "f16", 16, 9, 9, 16, (3, 3), (1, 1), (2, 2), (2, 2, 2, 2), 16, 0),
    ("atlas_a2", "f16", 20, 6, 7, 5, (2, 3), (1, 2), (2, 1), (1, 1, 0, 2), 20, 3),
    ("atlas_a2", "i8", 4, 8, 8, 8, (3, 3), (2, 2), (1, 1), (1, 1, 1, 1), 4, 0),
    ("atlas_a2", "i8", 20, 7, 7, 20, (3, 3), (1, 1), (1, 1), (1, 1, 1, 1), 32, 0),
    ("atlas_a2", "i8", 40, 9, 8, 16, (2, 3), (2, 1), (2, 2), (2, 1, 2, 0), 40, -2),
    ("ascend950pr", "f16", 20, 7, 9, 12, (3, 3), (2, 2), (1, 1), (1, 0, 2, 1), 20, 0),
    ("ascend950pr", "i8", 4, 8, 8, 8, (3, 3), (2, 2), (2, 1), (1, 1, 1, 1), 4, 0),
    ("ascend950pr", "i8", 20, 7, 7, 20, (3, 3), (1, 1), (1, 1), (1, 1, 1, 1), 32, 1),
    # LoadData 3D V1 (310P/910A; no Fixpipe there, so no target): one
    # instruction per (16-pixel block, channel group) walking the kernel
    # points (repeatMode 0), or per kernel point walking the pixel blocks
    # (repeatMode 1, jumpStride = the fractals of one A fractal row).
    ("v1-mode0", "f16", 20, 7, 9, 12, (3, 3), (2, 2), (1, 1), (1, 0, 2, 1), 20, 0),
    ("v1-mode1", "f16", 20, 7, 9, 12, (3, 3), (2, 2), (1, 1), (1, 0, 2, 1), 20, 0),
    ("v1-mode0", "i8", 40, 9, 8, 16, (2, 3), (2, 1), (2, 2), (2, 1, 2, 0), 40, -2),
    ("v1-mode1", "i8", 4, 8, 8, 8, (3, 3), (1, 1), (1, 2), (1, 1, 1, 1), 4, 5),
    # Non-square kernels, kernel points walked from the middle of the
    # kernel: mode 1 per point (fetchFilterH > 0); "split" mode 0 walks
    # each block's points in two instructions, the second starting at
    # point p/2 (fetchFilterH/W from it).
    ("v1-mode1", "f16", 20, 6, 7, 5, (2, 3), (1, 2), (2, 1), (1, 1, 0, 2), 20, 3),
    ("v1-mode0-split", "f16", 20, 6, 7, 5, (3, 2), (1, 2), (2, 1), (1, 1, 0, 2), 20, 3),
    ("v1-mode0-split", "i8", 40, 9, 8, 16, (2, 3), (2, 1), (2, 2), (2, 1, 2, 0), 40, -2),
]


def out_extent(n, pad, k, d, s):
    return (n + pad - ((k - 1) * d + 1)) // s + 1


def kernel(case):
    prod, t, c, h, w, cout, (hk, wk), (sh, sw), (dh, dw), pads, cs, pv = case
    acc, c0 = ACC[t], C0[t]
    c1 = -(-cs // c0)
    hout = out_extent(h, pads[2] + pads[3], hk, dh, sh)
    wout = out_extent(w, pads[0] + pads[1], wk, dw, sw)
    m, k = hout * wout, c1 * hk * wk * c0
    nz950 = prod.startswith("ascend950")
    v1 = prod.startswith("v1")
    fm = f"1x{c1}x{h}x{w}x{c0}x{t}"
    fm1 = f"memref<{fm}, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>"
    w1 = f"memref<{cout}x{k}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    a0 = f"memref<{m}x{k}x{t}, #ascube.layout<{'Nz' if nz950 else 'Zz'}>, #ascube.mem<L0A>>"
    b0 = f"memref<{k}x{cout}x{t}, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    cc = f"memref<{m}x{cout}x{acc}, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    attrs = (f"filterH = {hk} : i64, filterW = {wk} : i64, strideH = {sh} : i64, "
             f"strideW = {sw} : i64, dilationFilterH = {dh} : i64, "
             f"dilationFilterW = {dw} : i64, padList = array<i64: {', '.join(map(str, pads))}>, "
             f"channelSize = {cs} : i64")
    if pv:
        attrs += f", padValue = {pv}{'.0' if t == 'f16' else ''} : {t}"
    bmove = "load_2d_v2" if nz950 else "load_2d"
    amove = f"    ascube.load_3d %f1 to %a0 {{{attrs}}} : {fm1} to {a0}"
    if v1:
        amove = v1_moves(prod, t, c1, hk, wk, (sh, sw), (dh, dw), pads, pv, hout, wout, fm1, a0)
    target = "" if v1 else f" attributes {{ascube.target = #ascube.target<{prod}>}}"
    text = f"""module{target} {{
  func.func @conv(%FM: memref<{fm}>, %WT: memref<{cout}x{k}x{t}>, %OUT: memref<{m}x{cout}x{acc}>) {{
    %f1 = ascube.alloc offset 0 : {fm1}
    ascube.data_copy %FM to %f1 : memref<{fm}> to {fm1}
    %w1 = ascube.alloc offset 262144 : {w1}
    ascube.data_copy %WT to %w1 : memref<{cout}x{k}x{t}> to {w1}
    %a0 = ascube.alloc offset 0 : {a0}
{amove}
    %b0 = ascube.alloc offset 0 : {b0}
    ascube.{bmove} %w1 to %b0 : {w1} to {b0}
    %c = ascube.alloc offset 0 : {cc}
    ascube.mmad %a0, %b0 to %c : {a0}, {b0} to {cc}
    ascube.fixpipe %c to %OUT : {cc} to memref<{m}x{cout}x{acc}>
    return
  }}
}}
"""
    return text, (c1, hout, wout, k)


def v1_moves(prod, t, c1, hk, wk, stride, dil, pads, pv, hout, wout, fm1, a0):
    """The LoadData 3D V1 instructions that build the whole GEMM A (Zz,
    M x K with K1 = C1*Hk*Wk fractal columns): each writes one 16 x C0
    fractal per repeat, jumpStride fractals apart."""
    c0 = C0[t]
    frac = 16 * c0
    points = hk * wk
    k1 = c1 * points
    m1s = -(-hout * wout // 16)
    base = (f"filterH = {hk} : i64, filterW = {wk} : i64, strideH = {stride[0]} : i64, "
            f"strideW = {stride[1]} : i64, dilationFilterH = {dil[0]} : i64, "
            f"dilationFilterW = {dil[1]} : i64, padList = array<i64: {', '.join(map(str, pads))}>")
    if pv:
        base += f", padValue = {pv}{'.0' if t == 'f16' else ''} : {t}"
    ops = []

    def op(dst_frac, attrs):
        n = len(ops)
        ops.append(f"    %d{n} = arith.constant {dst_frac * frac} : index\n"
                   f"    ascube.load_3d_v1 %f1 to %a0[%d{n}] {{{base}, {attrs}}} : {fm1} to {a0}")

    if prod.startswith("v1-mode0"):
        # Kernel-point runs per instruction: all points, or two halves.
        runs = [(0, points)] if prod == "v1-mode0" else [(0, points // 2), (points // 2, points)]
        for m1 in range(m1s):
            p0 = 16 * m1
            top = (p0 // wout) * stride[0] - pads[2]
            left = (p0 % wout) * stride[1] - pads[0]
            for g in range(c1):
                for q0, q1 in runs:
                    op(m1 * k1 + g * points + q0,
                       f"leftTopH = {top} : i64, leftTopW = {left} : i64, c1Index = {g} : i64, "
                       f"fetchFilterH = {q0 // wk} : i64, fetchFilterW = {q0 % wk} : i64, "
                       f"repeatTime = {q1 - q0} : i64")
    else:
        for g in range(c1):
            for q in range(points):
                op(g * points + q,
                   f"c1Index = {g} : i64, fetchFilterH = {q // wk} : i64, "
                   f"fetchFilterW = {q % wk} : i64, repeatMode = 1 : i64, "
                   f"repeatTime = {m1s} : i64, jumpStride = {k1} : i64")
    return "\n".join(ops)


def direct_conv(x, wt, stride, dil, pads, pv):
    """out[n, oh, ow] = sum over c, kh, kw of w[n, c, kh, kw] *
    xpad[c, oh*sH + kh*dH, ow*sW + kw*dW], xpad = x padded with pv."""
    left, right, top, bottom = pads
    xp = np.pad(x, ((0, 0), (top, bottom), (left, right)), constant_values=pv)
    cout, c, hk, wk = wt.shape
    hout = (xp.shape[1] - ((hk - 1) * dil[0] + 1)) // stride[0] + 1
    wout = (xp.shape[2] - ((wk - 1) * dil[1] + 1)) // stride[1] + 1
    out = np.zeros((cout, hout, wout), dtype=np.int64)
    for oh in range(hout):
        for ow in range(wout):
            for kh in range(hk):
                for kw in range(wk):
                    pix = xp[:, oh * stride[0] + kh * dil[0], ow * stride[1] + kw * dil[1]]
                    out[:, oh, ow] += wt[:, :, kh, kw] @ pix
    return out


def main():
    o = options(("--case", {"type": int}))
    rng = np.random.default_rng(20261130)
    tally = Tally()
    picked = [o.case] if o.case is not None else range(len(CASES))
    for i in picked:
        case = CASES[i]
        prod, t, c, h, w, cout, (hk, wk), stride, dil, pads, cs, pv = case
        text, (c1, hout, wout, k) = kernel(case)
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        with open(d + "/kernel.mlir", "w") as f:
            f.write(text)
        lo, hi = (-128, 128) if t == "i8" else (-4, 5)
        x = rng.integers(lo, hi, (c, h, w))
        wt = rng.integers(lo, hi, (cout, c, hk, wk))
        c0 = C0[t]
        np_t = np.float16 if t == "f16" else np.int8
        # Host re-blocking: NCHW -> NC1HWC0 (zero channels past C) and OIHW ->
        # Cout x K with K in the order (c1, kh, kw, c0).
        fm = np.zeros((1, c1, h, w, c0), dtype=np_t)
        wk_mat = np.zeros((cout, c1, hk, wk, c0), dtype=np_t)
        for ch in range(c):
            fm[0, ch // c0, :, :, ch % c0] = x[ch]
            wk_mat[:, ch // c0, :, :, ch % c0] = wt[:, ch, :, :]
        fm.tofile(d + "/FM.bin")
        wk_mat.reshape(cout, k).tofile(d + "/WT.bin")
        out = direct_conv(x, wt, stride, dil, pads, pv)
        golden = out.reshape(cout, hout * wout).T
        golden.astype(np.int32 if t == "i8" else np.float32).tofile(d + "/golden.bin")
        ok, out = run(o.runner, d, "conv", ["FM", "WT"], "OUT")
        tally.report(f"{prod} {t} C={c} {h}x{w} k{hk}x{wk} s{stride[0]}x{stride[1]} "
                     f"d{dil[0]}x{dil[1]} pad{list(pads)} cs={cs} pv={pv}", ok, out)
    tally.finish("kernels")


if __name__ == "__main__":
    main()
