"""Random 2-D convolution programs through ascube-tile-linalg, run on the
CPU. (With --nd2nz: conv_2d_nchw_fchw on products with ND2NZ but no
DN2NZ, which the pass maps as O^T = W x X^T with X^T built by ND2NZ;
golden: reference_nd, the sum in the order (c, kh, kw).)

Each case writes a function with linalg.fill (zero) and
linalg.conv_2d_nhwc_hwcf on GM memrefs (NHWC map, HWCF weights, NHWC
output; strides, dilations, channel counts that are not multiples of C0)
— or, a quarter each where the product has them, conv_2d_nhwc_fhwc (FHWC
weights) and, on 950, conv_2d_nchw_fchw (NCHW map and output, FCHW
weights; the same numbers transposed in the files),
maps it onto a product with `ascube-opt --ascube-tile-linalg` (report=true,
which names the chosen tile; a fifth of the cases force small tiles),
runs the Cube program with ascube-run (half
the cases map the linalg file themselves, --product; some on several
blocks) and compares the output bit for bit with a plain numpy convolution
in the Cube's documented order: each output is a sum over k in LoadData
3D's im2col order (c1, kh, kw, c0; cube-reference §10.3), channels padded to
whole C0 blocks with zeros on both sides, products in f32, added one k at a
time (cubetest.reference_matmul on the plain ND im2col matrices). No
fractal layout appears here.
"""
import os
import random
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from cubetest import C0, options, reference_matmul, run, Tally  # noqa: E402
from tile_linalg import (FP8, MLIR, add_requant, bias_arg, choose_epilogue,  # noqa: E402
                         choose_requant, cover_requant, finish_case, encoded, epilogue, relu,
                         requant_golden, values, write_bias)

C0 = dict(C0, e4m3=32, e5m2=32)
ACC = {"f16": "f32", "bf16": "f32", "f32": "f32", "i8": "i32", "e4m3": "f32", "e5m2": "f32"}
BYTES = {"f32": 4, "i32": 4, "f16": 2}
# fp8 maps and weights (one type: LoadData 3D reads one map type) on 950.
CONFIGS = [("atlas_a2", t, ACC[t]) for t in ("f16", "bf16", "f32", "i8")] + \
          [("ascend950pr", t, ACC[t]) for t in ("f16", "bf16", "f32", "i8", "e4m3", "e5m2")] + \
          [("kirin_x90", "f16", "f16"), ("kirin_x90", "i8", "i32")] + \
          [("atlas_200i_500_a2", t, ACC[t]) for t in ("f16", "bf16", "f32", "i8")]
# --nd2nz: conv_2d_nchw_fchw on products whose DataCopy has ND2NZ but no
# DN2NZ, where the pass builds the transposed im2col matrix by ND2NZ
# (O^T = W x X^T, K in the order (c, kh, kw); with a stride along W one L1
# row per output pixel, each kernel row's taps padded to C0 blocks; a
# zero-padded map made in GM first; a bias seeded, not int8's i32 one).
ND2NZ_CONFIGS = [("atlas_a2", t, ACC[t]) for t in ("f16", "bf16", "f32", "i8")] + \
                [("atlas_a3", "f16", "f32"), ("kirin_x90", "f16", "f16"),
                 ("kirin_x90", "i8", "i32"), ("kirin_9030", "f16", "f16")]
# --rows: conv_2d_nhwc_hwcf / nhwc_fhwc on Kirin 9030, which has ND2NZ but
# no LoadData 3D V2: per image O = X' x W', X' one L1 row per output pixel
# built by ND2NZ, K' each kernel row's runs of taps x C map elements
# padded to C0 blocks (zeros in both matrices).
# Kirin X90 (LoadData 3D V2, but an Mmad that adds no bias) takes the form
# for a convolution with a bias, whose seed it has: its draws all have one.
ROWS_CONFIGS = [("kirin_9030", "f16", "f16"), ("kirin_9030", "f16", "f16"),
                ("kirin_x90", "f16", "f16")]
# Edge shapes: one output pixel (a GEMV), a 1 x 1 kernel, C a multiple of
# C0 (no padding rows), HWCF weights' runs of 3 x 5 channels (padding rows
# zeroed), FHWC weights whose rows of 12 x 12 x 480 elements pass
# srcDValue (copied row by row; runs of one tap), a
# row of 700 pixels in pieces, a W dilation (runs of one tap), runs too
# long for L0A (one tap a run), a tap's channels in parts, an f16 bias
# and a ReLU.
ROWS_EDGES = [
    dict(prod="kirin_9030", t="f16", ct="f16", form="hwcf", n=2, h=3, w=3, c=5, kh=3, kw=3, f=7),
    dict(prod="kirin_9030", t="f16", ct="f16", form="fhwc", n=1, h=4, w=6, c=20, kh=1, kw=1, f=3),
    dict(prod="kirin_9030", t="f16", ct="f16", form="hwcf", n=1, h=5, w=9, c=32, kh=2, kw=2, f=17,
         epi="bias+relu"),
    dict(prod="kirin_9030", t="f16", ct="f16", form="hwcf", n=1, h=6, w=8, c=5, kh=3, kw=3, f=40,
         sw=2),
    dict(prod="kirin_9030", t="f16", ct="f16", form="fhwc", n=1, h=13, w=14, c=480, kh=12, kw=12, f=2),
    dict(prod="kirin_9030", t="f16", ct="f16", form="hwcf", n=1, h=2, w=702, c=3, kh=1, kw=3, f=16),
    dict(prod="kirin_9030", t="f16", ct="f16", form="fhwc", n=1, h=4, w=12, c=6, kh=2, kw=3, f=5,
         dw=2, epi="bias"),
    dict(prod="kirin_9030", t="f16", ct="f16", form="hwcf", n=1, h=3, w=6, c=300, kh=2, kw=3, f=16),
    # A tap's 557 channels too many for L0A: parts of 288 (18 blocks), the
    # last 269 (17 blocks: its 18th zeroed by a copy), FHWC and HWCF.
    dict(prod="kirin_9030", t="f16", ct="f16", form="fhwc", n=1, h=3, w=5, c=557, kh=2, kw=2, f=5),
    dict(prod="kirin_9030", t="f16", ct="f16", form="hwcf", n=1, h=2, w=6, c=557, kh=1, kw=3, f=20,
         epi="bias"),
]
# Atlas 200I/500 A2 has no ND2NZ: maps and weights come in plain 32 B
# blocks, so channels (and HWCF weights' F, and a bias row) are whole
# blocks there (tile_c4).
NO_ND2NZ = {"atlas_200i_500_a2"}


def shape_of(nchw, n, h, w, c):
    """A map's (an output's) extents: NHWC, or NCHW."""
    return [n, c, h, w] if nchw else [n, h, w, c]


def memref(shape, et, layout=""):
    return f"memref<{'x'.join(map(str, shape))}x{et}{layout}>"


def padded_map(t, n, h, w, c, pads, style, nchw=False):
    """A map zero-padded in GM as one-shot bufferization writes a tensor.pad:
    an alloc of the padded h x w map, a zero fill (linalg.map or
    linalg.fill), and the real map copied into a subview (memref.copy or
    linalg.copy). Returns (text, the real map's type)."""
    pt, pb, pl, pr = pads
    rh, rw = h - pt - pb, w - pl - pr
    et = MLIR[t]
    full, real = shape_of(nchw, n, h, w, c), shape_of(nchw, n, rh, rw, c)
    tp, tr = memref(full, et), memref(real, et)
    zero = "0" if t.startswith("i") else "0.0"
    strides = [full[1] * full[2] * full[3], full[2] * full[3], full[3], 1]
    offset = pt * w + pl if nchw else (pt * w + pl) * c
    at = [0, 0, pt, pl] if nchw else [0, pt, pl, 0]
    tv = memref(real, et, f", strided<{strides}, offset: {offset}>")
    fill = (f"  linalg.map outs(%P : {tp})\n    (%init: {et}) {{\n      %i0 = linalg.index 0 : index\n"
            f"      linalg.yield %pz : {et}\n    }}\n" if style[0] else
            f"  linalg.fill ins(%pz : {et}) outs(%P : {tp})\n")
    copy = (f"  memref.copy %I, %V : {tr} to {tv}\n" if style[1] else
            f"  linalg.copy ins(%I : {tr}) outs(%V : {tv})\n")
    return (f"  %pz = arith.constant {zero} : {et}\n  %P = memref.alloc() : {tp}\n{fill}"
            f"  %V = memref.subview %P{at} {real} [1, 1, 1, 1] : {tp} to {tv}\n"
            f"{copy}"), tr


# Weights' extents per form, from (kh, kw, c, f); the op of each form.
WEIGHTS = {"hwcf": lambda kh, kw, c, f: [kh, kw, c, f],
           "fhwc": lambda kh, kw, c, f: [f, kh, kw, c],
           "nchw": lambda kh, kw, c, f: [f, c, kh, kw]}
OPS = {"hwcf": "conv_2d_nhwc_hwcf", "fhwc": "conv_2d_nhwc_fhwc", "nchw": "conv_2d_nchw_fchw"}
# numpy axes taking (kh, kw, c, f) weights and NHWC maps to each form.
W_AXES = {"hwcf": (0, 1, 2, 3), "fhwc": (3, 0, 1, 2), "nchw": (3, 2, 0, 1)}


def kernel(t, ct, n, h, w, c, kh, kw, f, sh, sw, dh, dw, oh, ow, epi="", swap=False,
           pads=None, style=(True, True), form="hwcf"):
    """The convolution of an h x w map (or, with `pads`, of a smaller map
    zero-padded to h x w before it), its operands in `form`'s layouts."""
    nchw = form == "nchw"
    zero = "0" if ct.startswith("i") else "0.0"
    ti = memref(shape_of(nchw, n, h, w, c), MLIR[t])
    tw = memref(WEIGHTS[form](kh, kw, c, f), MLIR[t])
    oshape = shape_of(nchw, n, oh, ow, f)
    to = memref(oshape, ct)
    pad, targ, src = "", ti, "%I"
    if pads:
        pad, targ = padded_map(t, n, h, w, c, pads, style, nchw)
        src = "%P"
    return f"""func.func @k(%I: {targ}, %W: {tw},{bias_arg(epi, ct, f)} %O: {to}) {{
{pad}  %z = arith.constant {zero} : {ct}
  linalg.fill ins(%z : {ct}) outs(%O : {to})
  linalg.{OPS[form]} {{dilations = dense<[{dh}, {dw}]> : tensor<2xi64>, strides = dense<[{sh}, {sw}]> : tensor<2xi64>}}
    ins({src}, %W : {ti}, {tw}) outs(%O : {to})
{epilogue(epi, ct, to, oshape, swap, 1 if nchw else -1).replace("%C", "%O")}  return
}}
"""


def reference(x, wt, t, ct, sh, sw, dh, dw, oh, ow, kchunk, bias=None):
    """O[n, oh, ow, f] = sum over (c1, kh, kw, c0) of I[n, ih, iw, c] *
    W[kh, kw, c, f], as the GEMM of the im2col matrix (pixels x K, channels
    zero-padded to C0 blocks) and the weights (K x F, zero rows likewise).
    An f16 output (Kirin) rounds to f16 once per Mmad: after each chunk of
    im2col columns, added onto the f16 result so far — `kchunk` columns
    each, or the chunks' starts (a list) where a block's kernel points are
    split into chunks of taps. With a bias each output starts from it (the
    bias table, before the first product)."""
    n, h, w, c = x.shape
    kh, kw, _, f = wt.shape
    c0 = C0[t]
    c1 = -(-c // c0)
    xp = np.zeros((n, h, w, c1 * c0))
    xp[..., :c] = x
    wp = np.zeros((kh, kw, c1 * c0, f))
    wp[:, :, :c, :] = wt
    # K order (c1, kh, kw, c0).
    b = wp.reshape(kh, kw, c1, c0, f).transpose(2, 0, 1, 3, 4).reshape(-1, f)
    outs = []
    for img in range(n):
        cols = np.empty((oh * ow, c1, kh, kw, c0))
        for i in range(kh):
            for j in range(kw):
                patch = xp[img, i * dh:i * dh + (oh - 1) * sh + 1:sh,
                           j * dw:j * dw + (ow - 1) * sw + 1:sw, :]
                cols[:, :, i, j, :] = patch.reshape(oh * ow, c1, c0)
        a = cols.reshape(oh * ow, -1)
        if t in FP8:
            # fp8 x fp8 products are exact in f32: the f32 order of the Cube.
            init = None if bias is None else np.tile(bias, (a.shape[0], 1))
            outs.append(reference_matmul(a, b, "f32", c0=init))
            continue
        if ct != "f16":
            init = None if bias is None else np.tile(bias, (a.shape[0], 1))
            outs.append(reference_matmul(a, b, t, c0=init))
            continue
        o = np.zeros((oh * ow, f), np.float16)
        starts = list(range(0, a.shape[1], kchunk)) if isinstance(kchunk, int) else kchunk
        for k0, k1 in zip(starts, starts[1:] + [a.shape[1]]):
            o = reference_matmul(a[:, k0:k1], b[k0:k1], t,
                                 c0=o.astype(np.float32)).astype(np.float16)
        outs.append(o)
    return np.stack(outs).reshape(n, oh, ow, f)


def tap_points(kh, kw, taps):
    """The chunks of a C0 block's KH x KW kernel points (K order kh, kw)
    with `taps` points a chunk, as (first point, points): each kernel row
    in parts of `taps` (fewer than KW; the last of a row the rest), or
    taps / KW whole rows a chunk (the last the rest)."""
    if taps < kw:
        return [(r * kw + s, min(taps, kw - s)) for r in range(kh) for s in range(0, kw, taps)]
    return [(q, min(taps, kh * kw - q)) for q in range(0, kh * kw, taps)]


def tap_chunks(c, kh, kw, c0, taps):
    """Where each chunk of kernel points starts in K (c1, kh, kw, c0):
    every C0 block's points in the chunks of tap_points."""
    return [(blk * kh * kw + q) * c0 for blk in range(-(-c // c0))
            for q, _ in tap_points(kh, kw, taps)]


def padding_chunk(tile, pads, h, kh, kw, sh, dh, oh, ow):
    """Whether some output tile has a chunk of kernel points whose kernel
    rows read only padding rows of the map zero-padded by `pads` (h its
    padded height)."""
    rows = tile["pixels"] // ow if tile["kind"] != "a piece of a row" else 1
    real = h - pads[0] - pads[1]
    for oh0 in range(0, oh, rows):
        n = min(rows, oh - oh0)
        for q, k in tap_points(kh, kw, tile["taps"]):
            r0, r1 = q // kw, (q + k - 1) // kw
            first = oh0 * sh - pads[0] + r0 * dh
            last = first + (n - 1) * sh + (r1 - r0) * dh
            if last < 0 or first >= real:
                return True
    return False


def padding_part(tile, pads, w, kw, sw, dw, ow):
    """Whether some output tile of one row has a part of a kernel row
    reading its own map columns (the remark says so) whose columns are
    all padding columns of the map zero-padded by `pads` (w its padded
    width)."""
    taps, piece = tile["taps"], tile["kind"] == "a piece of a row"
    if not tile["own_columns"]:
        return False
    assert taps and taps < kw and (piece or tile["pixels"] == ow)
    cols = tile["pixels"] if piece else ow
    real = w - pads[2] - pads[3]
    for ow0 in range(0, ow, cols):
        n = min(cols, ow - ow0)
        for c0 in range(0, kw, taps):
            k = min(taps, kw - c0)
            first = ow0 * sw - pads[2] + c0 * dw
            last = first + (n - 1) * sw + (k - 1) * dw
            if last < 0 or first >= real:
                return True
    return False


def reference_nd(x, wt, t, ct, sh, sw, dh, dw, oh, ow, kchunk, bias=None):
    """O[n, f, oh, ow] = sum over (c, kh, kw), in that order, of
    I[n, c, oh*sh + kh*dh, ow*sw + kw*dw] * W[f, c, kh, kw]: the GEMM of
    the FCHW weights as an F x K matrix and the im2col matrix (K x
    pixels), x NHWC and wt (kh, kw, c, f) as elsewhere here. With a stride
    along W the program's K' holds each kernel row's taps as runs (KW
    taps; one where dw > 1) padded to whole C0 blocks with zeros in both
    matrices: those 0 x 0 terms are added in place (they turn a -0.0 sum,
    which only an f16 output's rounding between chunks makes, into +0.0).
    An f16 output (Kirin) rounds to f16 after each chunk of `kchunk` rows
    of K (whole channels). With a bias each output starts from it as the
    seed Mmad leaves it: 0 + bias x 1 (a -0.0 bias as +0.0), then the
    products."""
    n, h, w, c = x.shape
    kh, kw, _, f = wt.shape
    a = wt.transpose(3, 2, 0, 1).reshape(f, -1)
    taps = kw if dw == 1 else 1
    slots = -(-taps // C0[t]) * C0[t] if sw > 1 else taps
    runs = kw // taps

    def padded(m, axis):
        """m's K axis (c, kh, kw) as K' (c, kh, run, slot), zeros in the
        padding slots (none with stride 1 along W)."""
        if slots == taps:
            return m
        m = np.moveaxis(m, axis, 0)
        k = m.reshape((c * kh * runs, taps) + m.shape[1:])
        z = np.zeros((c * kh * runs, slots) + m.shape[1:], m.dtype)
        z[:, :taps] = k
        return np.moveaxis(z.reshape((-1,) + m.shape[1:]), 0, axis)

    a = padded(a, 1)
    # (Chunks of whole kernel rows: whole channels, or kernel rows of them
    # where a channel's K' does not fit.)
    kchunk = kchunk // kw * runs * slots
    outs = []
    for img in range(n):
        cols = np.empty((c, kh, kw, oh, ow))
        for i in range(kh):
            for j in range(kw):
                patch = x[img, i * dh:i * dh + (oh - 1) * sh + 1:sh,
                          j * dw:j * dw + (ow - 1) * sw + 1:sw, :]
                cols[:, i, j] = patch.transpose(2, 0, 1)
        b = padded(cols.reshape(c * kh * kw, oh * ow), 0)
        init = None
        if bias is not None:
            seed = np.asarray(bias, np.float16 if ct == "f16" else np.float32)
            init = np.tile((seed + seed.dtype.type(0))[:, None], (1, oh * ow))
        if ct != "f16":
            # (fp8 x fp8 products are exact in f32: the f32 order of the
            # Cube; fp8 reaches this form on 950, where NZ2DN's alignment
            # leaves the LoadData 3D form no tiling.)
            outs.append(reference_matmul(a, b, "f32" if t in FP8 else t, c0=init))
            continue
        o = np.zeros((f, oh * ow), np.float16) if init is None else init
        for k0 in range(0, a.shape[1], kchunk):
            o = reference_matmul(a[:, k0:k0 + kchunk], b[k0:k0 + kchunk], t,
                                 c0=o.astype(np.float32)).astype(np.float16)
        outs.append(o)
    # As NHWC (the caller's maps() makes it NCHW).
    return np.stack(outs).reshape(n, f, oh, ow).transpose(0, 2, 3, 1)


def reference_rows(x, wt, t, ct, sh, sw, dh, dw, oh, ow, tile, bias=None):
    """O[n, oh, ow, f] = sum over K' of X'[pixel, k'] * W'[k', f]: K' each
    kernel row's runs, as the tile remark names them, in the order (kh,
    kw, c): runs of `taps` adjacent taps x C channels, or of one tap's
    channels cut into parts of `part` (the last the rest), each padded with
    zeros to `slots` in both matrices. An f16 output (Kirin 9030) rounds
    to f16 after each chunk of tile["k"] K' columns, from 0 + the bias (the
    seed's) or 0."""
    n, h, w, c = x.shape
    kh, kw, _, f = wt.shape
    taps, part, slots, per_row = tile["taps"], tile["part"], tile["slots"], tile["runs"]
    parts = per_row * taps // kw
    # (An f16 output only: Kirin 9030's one Mmad row.)
    assert ct == "f16" and slots >= (taps * c if parts == 1 else part)
    # Where each (kw, c) of a kernel row lands in its K' row block.
    pos = np.empty((kw, c), np.int64)
    for j in range(kw):
        for ch in range(c):
            if parts == 1:
                v, at = j // taps, (j % taps) * c + ch
            else:
                v, at = j * parts + ch // part, ch % part
            pos[j, ch] = v * slots + at
    b = np.zeros((kh, per_row * slots, f))
    for i in range(kh):
        b[i, pos.ravel(), :] = wt[i].reshape(kw * c, f)
    b = b.reshape(-1, f)
    outs = []
    for img in range(n):
        cols = np.zeros((oh * ow, kh, per_row * slots))
        for i in range(kh):
            for j in range(kw):
                patch = x[img, i * dh:i * dh + (oh - 1) * sh + 1:sh,
                          j * dw:j * dw + (ow - 1) * sw + 1:sw, :]
                cols[:, i, pos[j]] = patch.reshape(oh * ow, c)
        a = cols.reshape(oh * ow, -1)
        o = np.zeros((oh * ow, f), np.float16)
        if bias is not None:
            o = o + np.tile(np.asarray(bias, np.float16), (oh * ow, 1))
        for k0 in range(0, a.shape[1], tile["k"]):
            o = reference_matmul(a[:, k0:k0 + tile["k"]], b[k0:k0 + tile["k"]], t,
                                 c0=o.astype(np.float32)).astype(np.float16)
        outs.append(o)
    return np.stack(outs).reshape(n, oh, ow, f)


# Edge shapes run first (then the random ones): NCHW / FCHW operands whose
# column-major views have one row or one column (a 1 x 1 map, a 1 x 1
# kernel, one output pixel, one image of one channel, one output channel),
# which are contiguous and so moved as ND; FHWC weights of one channel;
# weights held F-major with both an N tail of one channel and a last
# channel chunk of fewer blocks (forced tile m, n, k: 33 channels in
# chunks of 2 blocks and 1), whose stale B^T rows must be its own; HWCF
# weights too far apart for one ND2NZ.
# --nd2nz: an output row of one pixel, a 1 x 1 kernel (X^T is the map
# itself), one output channel (a GEMV; int8 with OW filling its 32
# columns), f16 with OW filling its 16 columns, an image of more than 65535
# pixels (X^T copied channel by channel: srcNdMatrixStride), an int8 kernel
# of 23 x 23 (channel by channel: KH x KW x C0 past dstNzMatrixStride), a
# row in pieces; then with a stride along W (below).
ND2NZ_EDGES = [
    # (Two images of one output row, their bias seeded.)
    dict(prod="atlas_a2", t="f16", form="nchw", n=2, h=3, w=3, c=5, kh=3, kw=3, f=7, epi="bias"),
    dict(prod="atlas_a2", t="f32", form="nchw", n=1, h=4, w=6, c=20, kh=1, kw=1, f=3),
    dict(prod="atlas_a2", t="i8", form="nchw", n=2, h=5, w=34, c=3, kh=2, kw=3, f=1),
    dict(prod="atlas_a2", t="f16", form="nchw", n=1, h=4, w=18, c=17, kh=2, kw=3, f=40),
    dict(prod="atlas_a2", t="bf16", form="nchw", n=1, h=300, w=220, c=2, kh=1, kw=1, f=2),
    dict(prod="atlas_a2", t="i8", form="nchw", n=1, h=24, w=24, c=2, kh=23, kw=23, f=3),
    # A row of 698 pixels cut into pieces of 512 (the last 186).
    dict(prod="atlas_a2", t="f32", form="nchw", n=1, h=2, w=700, c=1, kh=1, kw=3, f=16),
    # A stride along W (one L1 row per output pixel): runs of taps past one
    # C0 block (f16 KW = 20, f32 KW = 9), an int8 GEMV with a W dilation
    # (runs of one tap), a row of 699 pixels in pieces, W's rows of 72000
    # elements (past srcDValue: copied row by row), a plane of 69000
    # pixels (past srcNdMatrixStride: channel by channel) on Kirin 9030,
    # with an f16 bias (seeded: Kirin has no Mmad bias) and a ReLU.
    dict(prod="atlas_a2", t="f16", form="nchw", n=1, h=3, w=50, c=3, kh=2, kw=20, f=5, sw=2),
    dict(prod="atlas_a2", t="f32", form="nchw", n=1, h=4, w=40, c=2, kh=4, kw=9, f=16, sw=3),
    dict(prod="atlas_a2", t="i8", form="nchw", n=2, h=5, w=30, c=3, kh=2, kw=3, f=1, sw=2, dw=2),
    dict(prod="atlas_a2", t="f16", form="nchw", n=1, h=4, w=1400, c=1, kh=4, kw=3, f=16, sw=2),
    dict(prod="atlas_a2", t="f16", form="nchw", n=1, h=6, w=7, c=2000, kh=6, kw=6, f=3, sw=2),
    dict(prod="kirin_9030", t="f16", ct="f16", form="nchw", n=1, h=300, w=230, c=2, kh=1, kw=1,
         f=2, sw=2, epi="bias+relu"),
    # One output channel (a GEMV) whose f32 bias is seeded by a GEMV too.
    dict(prod="atlas_a2", t="f32", form="nchw", n=1, h=3, w=20, c=4, kh=2, kw=3, f=1, epi="bias"),
    # Kernels whose one channel's K' (KH x KW taps of a W dilation, each a
    # C0 block) does not fit L0A twice: K chunks of whole kernel rows (c,
    # kh); 9 x 9 on A2, 7 x 7 on Kirin 9030 (f16 rounded per chunk).
    dict(prod="atlas_a2", t="f16", form="nchw", n=1, h=10, w=21, c=2, kh=9, kw=9, f=16, sw=2, dw=2),
    dict(prod="kirin_9030", t="f16", ct="f16", form="nchw", n=1, h=8, w=16, c=3, kh=7, kw=7, f=5,
         sw=2, dw=2),
]
EDGES = [
    dict(prod="ascend950pr", t="f32", form="nchw", n=2, h=1, w=1, c=8, kh=1, kw=1, f=3),
    dict(prod="ascend950pr", t="f16", form="nchw", n=2, h=5, w=4, c=20, kh=1, kw=1, f=16),
    dict(prod="ascend950pr", t="i8", form="nchw", n=1, h=6, w=5, c=1, kh=3, kw=2, f=1),
    dict(prod="ascend950pr", t="bf16", form="nchw", n=1, h=3, w=3, c=3, kh=3, kw=3, f=5),
    dict(prod="atlas_a2", t="f16", form="fhwc", n=1, h=4, w=4, c=1, kh=2, kw=2, f=1),
    dict(prod="atlas_a2", t="f16", form="fhwc", n=1, h=5, w=5, c=33, kh=2, kw=2, f=17,
         tile=(16, 16, 128)),
    dict(prod="ascend950pr", t="f16", form="nchw", n=1, h=5, w=5, c=33, kh=2, kw=2, f=17,
         tile=(16, 16, 128)),
    # HWCF weights whose kernel points are C x F = 90000 elements apart,
    # beyond srcNdMatrixStride: copied point by point.
    dict(prod="atlas_a2", t="f16", form="hwcf", n=1, h=3, w=3, c=300, kh=1, kw=2, f=300),
    # Kernel windows too large for L0A / L0B in one C0 block (KH x KW x C0
    # im2col columns): chunks of a block's kernel points (parts of a kernel
    # row or whole rows, the last of the rest). The 13 x 13 x 16 -> 16 f16
    # convolution of a fresh
    # trial on A2 and 950 (NHWC), 950 (NCHW) and Kirin X90 (f16 rounded per
    # chunk); a partial channel block with FHWC weights (their last chunk's
    # own L1 region), f32 with a dilation, int8 (a K x N Nz per chunk).
    dict(prod="atlas_a2", t="f16", form="hwcf", n=1, h=20, w=20, c=16, kh=13, kw=13, f=16),
    dict(prod="ascend950pr", t="f16", form="hwcf", n=1, h=20, w=20, c=16, kh=13, kw=13, f=16),
    dict(prod="ascend950pr", t="f16", form="nchw", n=1, h=20, w=20, c=16, kh=13, kw=13, f=16),
    dict(prod="kirin_x90", t="f16", ct="f16", form="hwcf", n=1, h=20, w=20, c=16, kh=13, kw=13,
         f=16),
    dict(prod="atlas_a2", t="f16", form="fhwc", n=2, h=16, w=15, c=20, kh=13, kw=11, f=24),
    dict(prod="atlas_a2", t="f32", form="hwcf", n=1, h=30, w=28, c=11, kh=11, kw=9, f=20, dw=2),
    dict(prod="atlas_a2", t="i8", form="hwcf", n=1, h=19, w=19, c=40, kh=15, kw=15, f=32),
    # A block of 45 x 45 int8 points of C0 = 32 channels (over a hundred
    # chunks).
    dict(prod="atlas_a2", t="i8", form="hwcf", n=1, h=50, w=50, c=32, kh=45, kw=45, f=32),
]
# --kernels: kernels whose whole window no chunk holds, or reads more map
# than DataCopy's 16384 pixels or L1 hold: chunks of a block's kernel
# points, each reading only the map rows of its kernel rows (LoadData 3D's
# kernel those rows, kStartPt within them) and, parts of a row in tiles of
# one output row where nothing else fits or the tile is forced, only its
# points' map columns. A 3 x 3 kernel dilated by
# 60 over a 20 x 20 map padded by 60 (its first and last kernel rows read
# only padding: those chunks copy one map row that no point reaches) on A2
# and Kirin X90 (f16 rounded per chunk, the padding chunks' zeros
# included); forced chunks of 2 kernel rows and of 2 points of a row with a
# stride of 2 down a padded map; parts of a row whose columns lie in the
# padding; 65 x 65 f16 points (4225 x 16 im2col columns, past kStartPt from
# the window's start); a 255-point kernel row dilated by 65 (16511 map
# columns); a 255 x 255 f32 kernel (a window of 65025 pixels); a 120 x 120
# kernel over a padded map on 950 (NCHW) and on A2 (FHWC weights, a
# partial channel block). The small ones first: the sanitizer build runs
# only those.
KERNEL_EDGES = [
    dict(prod="atlas_a2", t="f16", form="hwcf", n=1, h=140, w=140, c=16, kh=3, kw=3, f=16,
         dh=60, dw=60, pads=(60, 60, 60, 60)),
    dict(prod="kirin_x90", t="f16", ct="f16", form="hwcf", n=1, h=139, w=141, c=5, kh=3, kw=3,
         f=16, dh=60, dw=61, pads=(61, 58, 59, 60)),
    # Stride 2 down a map padded by 6 above and below, a 5 x 3 kernel
    # dilated by 3 down (5 x 12 output), bands of one output row, forced
    # chunks: 2 whole kernel rows (groups of 2, 2 and 1; output row 0's
    # first group, map rows -6 and -3, and output row 4's last, map row 14
    # of 10, read only padding), and (f32, FHWC weights) 2 points of a row
    # (2 + 1).
    dict(prod="atlas_a2", t="f16", form="hwcf", n=1, h=22, w=14, c=16, kh=5, kw=3, f=16, sh=2,
         dh=3, pads=(6, 6, 2, 2), tile=(12, 16, 96)),
    dict(prod="atlas_a2", t="f32", form="fhwc", n=1, h=22, w=14, c=8, kh=5, kw=3, f=16, sh=2,
         dh=3, pads=(6, 6, 2, 2), tile=(12, 16, 16)),
    # Parts of a kernel row (one point a chunk) in pieces of 4 output
    # pixels of one row: each reads only its point's map columns, and the
    # parts of the pieces at either end whose columns lie in the padding
    # (8 columns each side, a 1 x 5 kernel dilated by 3) copy one map column
    # that no point reaches.
    dict(prod="atlas_a2", t="f16", form="hwcf", n=1, h=3, w=26, c=16, kh=2, kw=5, f=16, dw=3,
         pads=(0, 0, 8, 8), tile=(4, 16, 16)),
    dict(prod="atlas_a2", t="f16", form="hwcf", n=1, h=66, w=66, c=16, kh=65, kw=65, f=16),
    dict(prod="atlas_a2", t="f32", form="hwcf", n=1, h=255, w=255, c=8, kh=255, kw=255, f=16),
    # A kernel row of 255 points dilated by 65 along W spans 16511 map
    # columns, past DataCopy's 16384: parts of the row in tiles of one
    # output row, each reading its points' columns.
    dict(prod="atlas_a2", t="f32", form="hwcf", n=1, h=1, w=16530, c=8, kh=1, kw=255, f=16,
         dw=65),
    dict(prod="ascend950pr", t="f16", form="nchw", n=1, h=122, w=122, c=16, kh=120, kw=120,
         f=16, pads=(5, 5, 7, 3)),
    dict(prod="atlas_a2", t="bf16", form="fhwc", n=1, h=123, w=122, c=20, kh=120, kw=120, f=24,
         pads=(6, 4, 0, 2)),
]


def parse_tile(stderr):
    """The tiling the report remark names: output pixels and how they are
    cut (a band of rows, or a piece of one), channels, im2col columns per
    chunk (C0 blocks of the map: `blocks`), M and N tiles, chunks. An NCHW convolution built by ND2NZ
    (O^T = W x X^T) reports output rows and channels per chunk instead;
    its M tiles are then channel tiles, its N tiles bands, and `k` its
    im2col rows per chunk. None when the
    remark is missing."""
    m = re.search(r"tile (\d+) output pixels? \(([^)]*)\) x (\d+) channels?, (\d+) "
                  r"(C0 blocks?|kernel points? of a C0 block) per chunk "
                  r"\((\d+) M x (\d+) N tiles, (\d+) chunks?", stderr)
    if m:
        g = [int(m.group(j)) for j in (1, 3, 4, 6, 7, 8)]
        taps = g[2] if m.group(5).startswith("kernel") else 0
        return dict(pixels=g[0], kind=m.group(2), channels=g[1], blocks=1 if taps else g[2],
                    taps=taps, tiles_m=g[3], tiles_n=g[4], chunks=g[5],
                    own_columns="reading only their points' map columns" in stderr)
    m = re.search(r"per kernel row (\d+) runs? of (\d+) taps? x (\d+) channels?(?: \(the last of a tap \d+\))?, "
                  r"each padded to (\d+) im2col "
                  r"columns\): tile (\d+) output (rows?|pixels? \(a piece of a row\)) x (\d+) channels?, "
                  r"(\d+) runs? per chunk \((\d+) M x (\d+) N tiles, (\d+) chunks?", stderr)
    if m:
        ow = int(re.search(r"-> OH x OW x F = \d+ x (\d+) x", stderr).group(1))
        g = [int(m.group(j)) for j in (1, 2, 3, 4, 5, 7, 8, 9, 10, 11)]
        rows = m.group(6) in ("row", "rows")
        return dict(runs=g[0], taps=g[1], part=g[2], slots=g[3], pixels=g[4] * ow if rows else g[4],
                    kind="rows" if rows else "piece", channels=g[5], k=g[6] * g[3],
                    tiles_m=g[7], tiles_n=g[8], chunks=g[9])
    m = re.search(r"\((\d+) columns per output row\): tile (\d+) output (rows?|pixels? \(a piece of a row\)) "
                  r"x (\d+) channels?, \d+ (?:channels?|kernel rows?) \((\d+) im2col rows?(?:, \d+ of K' with padding)?\) per chunk \((\d+) M x (\d+) N tiles, "
                  r"(\d+) chunks?", stderr)
    if not m:
        return None
    ow = int(re.search(r"-> F x OH x OW = \d+ x \d+ x (\d+)", stderr).group(1))
    g = [int(m.group(j)) for j in (2, 4, 5, 6, 7, 8)]
    rows = m.group(3) in ("row", "rows")
    return dict(pixels=g[0] * ow if rows else g[0], kind="rows" if rows else "piece", channels=g[1],
                k=g[2], tiles_m=g[3], tiles_n=g[4], chunks=g[5])


def main():
    o = options(("--opt", {"required": True}), ("--clean", {"action": "store_true"}), ("--count", {"type": int, "default": 40}),
                ("--nd2nz", {"action": "store_true"}),
                ("--rows", {"action": "store_true"}),
                ("--kernels", {"action": "store_true"}),
                ("--seed", {"type": int, "default": 20261202}),
                ("--big", {"type": int, "default": 1}))
    rnd = random.Random(o.seed)
    rng = np.random.default_rng(o.seed)
    tally = Tally()
    covered = {}

    def cover(name):
        covered[name] = covered.get(name, 0) + 1

    for i in range(o.count):
        configs, edges = ((ND2NZ_CONFIGS, ND2NZ_EDGES) if o.nd2nz else
                          (ROWS_CONFIGS, ROWS_EDGES) if o.rows else
                          (CONFIGS, KERNEL_EDGES) if o.kernels else (CONFIGS, EDGES))
        prod, t, ct = configs[i % len(configs)]
        edge = edges[i] if i < len(edges) else None
        if edge:
            prod, t = edge["prod"], edge["t"]
            ct = edge.get("ct", ACC[t])
        kh, kw = rnd.randint(1, 4), rnd.randint(1, 4)
        sh, sw = rnd.randint(1, 3), rnd.randint(1, 3)
        dh, dw = rnd.choice([1, 1, 2]), rnd.choice([1, 1, 2])
        n = rnd.choice([1, 1, 2])
        if o.nd2nz and rnd.random() < 0.5:
            # Half with stride 1 along W (X^T's rows runs of the map), half
            # any (one L1 row per output pixel).
            sw = 1
        # Channels: below, at and past C0 and not multiples of it.
        c = rnd.choice([1, 3, 4, 7, C0[t] - 1, C0[t], C0[t] + 5, 2 * C0[t] + 3,
                        rnd.randint(1, 100)])
        f = rnd.choice([1, 5, 16, 17, 40, rnd.randint(1, 140), rnd.randint(200, 600)])
        h = (kh - 1) * dh + 1 + rnd.randint(0, 14)
        w = (kw - 1) * dw + 1 + rnd.randint(0, 14)
        # Some wide maps (output rows cut into pieces) and deep ones (several
        # channel chunks) when asked.
        if o.big and rnd.random() < 0.08:
            w = rnd.randint(300, 700)
            cover("wide map")
            if rnd.random() < 0.4:
                c = rnd.randint(100, 200)  # a row pitch W x C past 65535
        if o.big and rnd.random() < 0.08:
            c = rnd.randint(300, 600)
            cover("deep map")
        if edge:
            n, h, w, c, kh, kw, f = (edge[k] for k in ("n", "h", "w", "c", "kh", "kw", "f"))
            sh, sw = edge.get("sh", 1), edge.get("sw", 1)
            dh, dw = edge.get("dh", 1), edge.get("dw", 1)
            cover("edge shape")
        oh = (h - ((kh - 1) * dh + 1)) // sh + 1
        ow = (w - ((kw - 1) * dw + 1)) // sw + 1
        # A fifth of the outputs are smaller than the map allows (linalg
        # lets the windows stop short of the map's end): the map is wider
        # or taller than the output needs. Own random stream.
        wrnd = random.Random(o.seed * 104729 + i)
        if wrnd.random() < 0.2 and not edge:
            if ow > 1 and wrnd.random() < 0.7:
                ow = wrnd.randint(1, ow - 1)
                cover("map wider than the output needs")
            if oh > 1 and wrnd.random() < 0.5:
                oh = wrnd.randint(1, oh - 1)
                cover("map taller than the output needs")
        # (--nd2nz: a bias on every product (its seed an Mmad of C's type)
        # but with int8, whose i32 bias has no such Mmad.)
        # (A bias on Kirin only by the seed of the ND2NZ forms.)
        epi, swap = choose_epilogue(o.seed, i, ct != "i32" if o.nd2nz or o.rows
                                    else not prod.startswith("kirin"))
        if edge and "epi" in edge:
            epi = edge["epi"]
        if o.rows and prod == "kirin_x90" and "bias" not in epi:
            epi = "bias+relu" if "relu" in epi else "bias"
        # A third of the maps are zero-padded to h x w before the
        # convolution (a bufferized tensor.pad; up to the dilated kernel's
        # reach less one on each side, the map at least 1 x 1). Own random
        # stream.
        prnd = random.Random(o.seed * 7919 + i)
        pads, style = None, (prnd.random() < 0.5, prnd.random() < 0.5)
        if prnd.random() < 0.33 and not edge:
            pt = prnd.randint(0, min((kh - 1) * dh, h - 1))
            pb = prnd.randint(0, min((kh - 1) * dh, h - 1 - pt))
            pl = prnd.randint(0, min((kw - 1) * dw, w - 1))
            pr = prnd.randint(0, min((kw - 1) * dw, w - 1 - pl))
            pads = (pt, pb, pl, pr)
            if any(pads):
                cover("padding")
        if edge and "pads" in edge:
            pads = edge["pads"]
            cover("padding")
        if epi:
            cover(f"epilogue {epi}")
        # The operands' layouts: a quarter FHWC weights, on 950 a quarter
        # NCHW / FCHW. Own random stream.
        frnd = random.Random(o.seed * 15485863 + i)
        forms = ["fhwc"] + (["nchw"] if prod.startswith("ascend950") else [])
        form = frnd.choice(forms) if frnd.random() < 0.25 * len(forms) else "hwcf"
        if edge:
            form = edge["form"]
        if o.nd2nz:
            form = "nchw"
        if o.rows and not edge:
            form = frnd.choice(["hwcf", "fhwc"])
        if prod in NO_ND2NZ:
            c = -(-c // C0[t]) * C0[t]
            if form == "hwcf":
                f = -(-f // C0[t]) * C0[t]
            if "bias" in epi:  # 32-bit bias elements, 8 a block
                f = -(-f // 8) * 8
        nchw = form == "nchw"
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        rq = choose_requant(o.seed, i, ct, kh * kw * c)
        # An NCHW output is written by Fixpipe NZ2DN to 32 B aligned GM
        # addresses: every output tile starts a multiple of 32 B / (its
        # element size; 1 B with a requantized int8 Q) into O. Images
        # F x OH x OW apart that are not: one image. (Tiles within an image
        # are the pass's to align; when none fits aligned it refuses,
        # tile_c9, counted below. One output pixel per image: the output's
        # view is one row, ND, written by NZ2ND to any byte.)
        # (Half the time: the other half such a convolution takes the
        # ND2NZ form instead, O^T = W x X^T written by NZ2ND — where its
        # bias can be seeded: not int8's i32 bias, whose refusal,
        # tile_c9, invalid-tile-linalg-conv.mlir shows.)
        align = 32 // (1 if rq else BYTES[ct])
        if nchw and not o.nd2nz and n > 1 and oh * ow > 1 and (f * oh * ow) % align and \
                (rnd.random() < 0.5 or ("bias" in epi and ct == "i32")):
            n = 1
        cover_requant(covered, rq)
        text = kernel(t, ct, n, h, w, c, kh, kw, f, sh, sw, dh, dw, oh, ow, epi, swap, pads, style,
                      form)
        if rq:
            text = add_requant(text, rq, "O", shape_of(nchw, n, oh, ow, f))
        with open(d + "/linalg.mlir", "w") as fh:
            fh.write(text)
        # One case in five forces small tiles (tile=m,n,k: output pixels,
        # channels, im2col columns): many M, N and K tails.
        forced = ""
        # (--nd2nz: rows of at most 64 pixels, whose bands fit.)
        if i % 2 == 0 and rnd.random() < 0.4 and not (o.nd2nz and ow > 64):
            if ow == 1 or (ow <= 40 and rnd.random() < 0.5):
                m = ow * rnd.randint(1, 2)  # bands of one or two rows
            else:
                m = rnd.randint(1, min(ow - 1, 60))  # pieces of a row
            forced = (f" tile={m},{max(16, C0[t]) * rnd.randint(1, 2)},"
                      f"{kh * kw * C0[t] * rnd.randint(1, 2)}")
            if o.nd2nz:
                # m whole output rows, n 16s of channels, k whole channels
                # of whole 16s (32s for int8) of im2col rows.
                kal = np.lcm(32 if t == "i8" else 16, kh * kw)
                forced = f" tile={ow * rnd.randint(1, 2)},{16 * rnd.randint(1, 2)},{kal * rnd.randint(1, 2)}"
            if o.rows:
                # m whole output rows, n 16s of channels, k whole runs of
                # (KW taps, or one with a W dilation) x C im2col columns.
                run_len = (kw if dw == 1 else 1) * c
                forced = f" tile={ow * rnd.randint(1, 2)},{16 * rnd.randint(1, 2)},{run_len * rnd.randint(1, 2)}"
        if edge and "tile" in edge:
            forced = " tile=" + ",".join(map(str, edge["tile"]))
        r = subprocess.run([o.opt, d + "/linalg.mlir",
                            f"--ascube-tile-linalg=product={prod} report=true{forced}",
                            "-o", d + "/kernel.mlir"], capture_output=True, text=True)
        label = (f"{prod} {OPS[form]} {t}->{ct} {n}x{h}x{w}x{c} k{kh}x{kw} s{sh}x{sw} "
                 f"d{dh}x{dw} -> {oh}x{ow}x{f}")
        tile = parse_tile(r.stderr)
        # Refused for want of an aligned tile: only when rows of OW pixels
        # are not themselves aligned (else any band or 32-pixel piece is).
        if nchw and r.returncode != 0 and "[tile_c9]" in r.stderr and \
                "no tile of" in r.stderr and not forced and ow % align:
            cover("nchw refused: no aligned tile (tile_c9)")
            continue
        if nchw and forced and "[tile_c9]" in r.stderr:
            # A forced tile whose bands or pieces start misaligned: refused;
            # the pass's own choice instead.
            cover("nchw forced tile refused (tile_c9)")
            forced = ""
            r = subprocess.run([o.opt, d + "/linalg.mlir",
                                f"--ascube-tile-linalg=product={prod} report=true",
                                "-o", d + "/kernel.mlir"], capture_output=True, text=True)
            tile = parse_tile(r.stderr)
        if forced and "[tile_c6]" in r.stderr and "does not fit" in r.stderr:
            # A forced tile of whole rows and channels (or whole C0 blocks
            # of a kernel too large for L0A / L0B) that does not fit:
            # refused; the pass's own choice instead.
            cover("nd2nz forced tile refused (tile_c6)" if o.nd2nz or o.rows
                  else "forced tile refused (tile_c6)")
            forced = ""
            r = subprocess.run([o.opt, d + "/linalg.mlir",
                                f"--ascube-tile-linalg=product={prod} report=true",
                                "-o", d + "/kernel.mlir"], capture_output=True, text=True)
            tile = parse_tile(r.stderr)
        if r.returncode != 0 or not tile:
            tally.report(label, False, r.stderr)
            continue
        if forced:
            cover("forced small tiles")
        if form != "hwcf":
            cover(f"form {form}")
        if prod in NO_ND2NZ:
            cover(f"no ND2NZ (200I/500 A2) {form}")
        if "piece" in tile["kind"]:
            cover("output rows in pieces")
            if o.nd2nz and sw > 1:
                cover("stride > 1 along W, output rows in pieces")
            in_cols = (tile["pixels"] - 1) * sw + (kw - 1) * dw + 1
            if not (o.nd2nz or o.rows) and (w * c > 65535 or in_cols * C0[t] > 16384):
                cover("map copied row by row")
        if c * f > 65535 and form == "hwcf":
            cover("weights copied point by point")
        if tile["tiles_m"] > 1:
            cover("several M tiles")
        if tile["tiles_n"] > 1:
            cover("several N tiles")
        if tile["chunks"] > 1:
            cover("several channel chunks")
            # Chunks on two buffer sets (double buffering, set j % 2).
            if "chunks double-buffered" in r.stderr:
                cover("several chunks double-buffered")
        if c % C0[t]:
            cover("partial channel block")
        if sh > 1 or sw > 1:
            cover("stride > 1")
        if dh > 1 or dw > 1:
            cover("dilation > 1")
        # f16 outputs: values small enough that sums stay finite in f16.
        top = -4 if ct == "f16" else None
        x = values(rng, t, (n, h, w, c), huge=False, top=top)
        if pads:
            # The real map is the middle of the h x w one; the rest zeros.
            pt, pb, pl, pr = pads
            x[:, :pt], x[:, h - pb:], x[:, :, :pl], x[:, :, w - pr:] = 0, 0, 0, 0
            real = x[:, pt:h - pb, pl:w - pr]
        wt = values(rng, t, (kh, kw, c, f), huge=False, top=top)
        if t in FP8:
            cover("fp8")
        # The files hold the operands in the form's layouts.
        def maps(v):
            return v.transpose(0, 3, 1, 2) if nchw else v
        encoded(maps(real if pads else x), t).tofile(d + "/I.bin")
        encoded(wt.transpose(W_AXES[form]), t).tofile(d + "/W.bin")
        bias = write_bias(o.seed, i, epi, ct, f, d + "/bias.bin")
        if o.rows:
            want = relu(reference_rows(x, wt, t, ct, sh, sw, dh, dw, oh, ow, tile, bias), epi)
            cover(f"NHWC by ND2NZ, {form.upper()} weights")
            if prod == "kirin_x90":
                cover("Kirin X90 with a bias (the seed's form)")
            if tile["slots"] > min(tile["taps"] * c, tile["part"]) or tile["part"] < c:
                cover("runs padded to C0 blocks" + (" (HWCF: zero rows)" if form == "hwcf" else ""))
            if tile["taps"] < kw:
                cover("runs shorter than a kernel row")
            if tile["part"] < c:
                cover("a tap's channels in parts (the last the rest)")
            if form == "fhwc" and kh * kw * c > 65535:
                cover("FHWC weights copied row by row")
            if bias is not None:
                cover("bias seeded by an Mmad (ones x the bias row)")
            if pads and any(pads):
                cover("map zero-padded in GM by the kernel's copies")
            if sw > 1:
                cover("stride > 1 along W")
            if oh * ow == 1:
                cover("one output pixel (GEMV)")
        elif o.nd2nz or "im2col by ND2NZ" in r.stderr:
            if not o.nd2nz:
                # 950, whose NZ2DN alignment left no tiling: the form of the
                # products without DN2NZ.
                cover("NCHW by ND2NZ where NZ2DN's alignment leaves no tiling (950)")
            want = relu(reference_nd(x, wt, t, ct, sh, sw, dh, dw, oh, ow, tile["k"], bias), epi)
            if bias is not None:
                cover("bias seeded by an Mmad (bias column x ones)")
                if ct == "f16":
                    cover("bias seeded, f16 output")
                if tile["chunks"] > 1:
                    cover("bias seeded, several channel chunks after it")
                if f == 1:
                    cover("bias seeded, one output channel (GEMV)")
            cover("output rows padded to whole column blocks" if ow % (32 if t == "i8" else 16)
                  else "output rows filling their column blocks")
            if sw == 1 and (h * w > 65535 or kh * kw * C0[t] > 16384):
                cover("X^T copied channel by channel")
            if sw > 1 and h * w > 65535:
                cover("X'^T copied channel by channel")
            if sw > 1 and c * kh * kw > 65535:
                cover("W' copied row by row")
            if pads and any(pads):
                cover("map zero-padded in GM by the kernel's copies")
            if sw > 1:
                cover("stride > 1 along W (one L1 row per output pixel)")
                if re.search(r"\d+ kernel rows? \(\d+ im2col rows?, \d+ of K' with padding\) per chunk", r.stderr):
                    cover("K chunks of whole kernel rows (a channel's K' too large)")
                if dw > 1:
                    cover("stride and dilation > 1 along W (runs of one tap)")
                if kw > C0[t] and dw == 1:
                    cover("a run of taps past one C0 block")
        else:
            kchunk = tile["blocks"] * kh * kw * C0[t]
            if tile["taps"]:
                # Chunks of a C0 block's kernel points (LoadData 3D's
                # kStartPt): its window did not fit L0A / L0B.
                cover("kernel points of a C0 block split into chunks")
                taps = tile["taps"]
                if (kw % taps if taps < kw else kh % (taps // kw)):
                    cover("a last chunk of fewer kernel points")
                cover("chunks of parts of a kernel row" if taps < kw else "chunks of whole kernel rows")
                if pads and padding_chunk(tile, pads, h, kh, kw, sh, dh, oh, ow):
                    cover("a chunk whose map rows all lie in the padding")
                if pads and padding_part(tile, pads, w, kw, sw, dw, ow):
                    cover("a part of a kernel row whose map columns all lie in the padding")
                kchunk = tap_chunks(c, kh, kw, C0[t], tile["taps"])
            want = relu(reference(x, wt, t, ct, sh, sw, dh, dw, oh, ow, kchunk, bias), epi)
        want = np.ascontiguousarray(maps(want))
        out, acc = "O", want
        if rq:
            want, out = requant_golden(want, rq), "Q"
        want.tofile(d + "/golden.bin")
        blocks = rnd.randint(2, 5) if rnd.random() < 0.3 else 1
        extra = ["--blocks", str(blocks)] if blocks > 1 else []
        # Every program keeps the flag model of its pipes (sync_c3-c8): its
        # flags order every pair of instructions the chip could reorder.
        extra += ["--check-sync"]
        if blocks > 1:
            cover("several blocks")
            if (o.nd2nz or o.rows) and pads and any(pads):
                # Each block makes its own padded map (a buffer the kernel
                # allocates) and reads it: no block's bytes are another's.
                extra += ["--check-races"]
                cover("map zero-padded in GM, several blocks (--check-races)")
            if i % 2 == 0:  # half of those on 2 host threads (--threads)
                extra += ["--threads", "2"]
                cover("blocks on threads")
        if i % 2 and not (edge and "tile" in edge):  # (a forced tile is ascube-opt's)
            cover("linalg input to ascube-run")
            # (The mapped program kept for scripts/pipeline-outputs.sh.)
            if os.path.exists(d + "/kernel.mlir"):
                os.replace(d + "/kernel.mlir", d + "/mapped.mlir")
            os.replace(d + "/linalg.mlir", d + "/kernel.mlir")
            extra += ["--product", prod]
        ins = ["I", "W"] + (["bias"] if bias is not None else [])
        if rq and not rq["local"]:
            extra += ["--output", f"O={d}/O.bin"]
        ok, log = run(o.runner, d, "k", ins, out, extra, dtype=want.dtype)
        finish_case(tally, o, d, f"{label} (tile {tile['pixels']} px x {tile['channels']} ch, "
                    f"{tile.get('k', tile.get('blocks'))} k/chunk)", ok, log, "O", rq, acc)
    for key in sorted(covered):
        print(f"covered {key}: {covered[key]}")
    tally.finish("programs")


if __name__ == "__main__":
    main()
