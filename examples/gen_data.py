#!/usr/bin/env python3
"""Input and golden data for the example kernels (examples/*.mlir).

Usage: gen_data.py EXAMPLE OUTDIR   (EXAMPLE = matmul_f16, ...; or "all")

Goldens are plain ND computations in numpy — no fractal layout, no
instruction semantics: float64 matmuls cast to the output type, integer
matmuls in int64, convolutions as direct loops over output pixels (no
im2col). Files are raw little-endian .bin (the Ascend samples'
convention). Seeds are fixed, so the data is the same on every machine.
Needs Debian's python3-numpy (run with /usr/bin/python3).
"""
import os
import sys

import numpy as np


def bf16_bits(x):
    """float32 array (already bf16-exact) -> uint16 bf16 bit patterns."""
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint16)


def bf16_round(x):
    """Round float32 to the nearest bf16 value (truncation of exact values)."""
    u = np.asarray(x, np.float32).view(np.uint32)
    u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000
    return u.view(np.float32)


def save(outdir, name, array):
    np.ascontiguousarray(array).tofile(os.path.join(outdir, name + ".bin"))


def matmul_f16(out, rng):
    a = rng.uniform(-1, 1, (30, 70)).astype(np.float16)
    b = rng.uniform(-1, 1, (70, 40)).astype(np.float16)
    c = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    save(out, "A", a), save(out, "B", b), save(out, "golden", c)


def matmul_load(out, rng):
    """matmul_f16's data: the same kernel with abstract ascube.load moves."""
    matmul_f16(out, rng)


def matmul_bf16(out, rng):
    a = bf16_round(rng.uniform(-1, 1, (30, 70)).astype(np.float32))
    b = bf16_round(rng.uniform(-1, 1, (70, 40)).astype(np.float32))
    c = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    save(out, "A", bf16_bits(a)), save(out, "B", bf16_bits(b))
    save(out, "golden", c)


def matmul_f32(out, rng):
    # B is given transposed (N x K), as Ascend kernels do for b32 data.
    a = rng.uniform(-1, 1, (30, 20)).astype(np.float32)
    bt = rng.uniform(-1, 1, (40, 20)).astype(np.float32)
    c = (a.astype(np.float64) @ bt.T.astype(np.float64)).astype(np.float32)
    save(out, "A", a), save(out, "BT", bt), save(out, "golden", c)


def matmul_i8_bias(out, rng):
    a = rng.integers(-128, 128, (20, 64), dtype=np.int8)
    bt = rng.integers(-128, 128, (48, 64), dtype=np.int8)
    bias = rng.integers(-100000, 100000, (48,), dtype=np.int32)
    c = a.astype(np.int64) @ bt.T.astype(np.int64) + bias.astype(np.int64)
    c = np.clip(c, -2**31, 2**31 - 1).astype(np.int32)
    save(out, "A", a), save(out, "BT", bt), save(out, "BIAS", bias)
    save(out, "golden", c)


def matmul_i8_kn(out, rng):
    # B given K x N (not transposed): LoadDataWithTranspose in the kernel.
    a = rng.integers(-128, 128, (20, 64), dtype=np.int8)
    b = rng.integers(-128, 128, (64, 64), dtype=np.int8)
    c = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.int32)
    save(out, "A", a), save(out, "B", b), save(out, "golden", c)


def gemv_f16(out, rng):
    # C07: m = 1, k = 200, n = 64.
    a = rng.uniform(-1, 1, (1, 200)).astype(np.float16)
    b = rng.uniform(-1, 1, (200, 64)).astype(np.float16)
    c = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    save(out, "A", a), save(out, "B", b), save(out, "golden", c)


def req8(x, scale, offset, signed=True):
    """Fixpipe REQ8 (cube-reference §16, golden scripts): y = x * M1 with
    M1 = scale with the low 13 bits of its f32 pattern cleared; round half
    to even after clipping to [-256, 255]; add the offset; saturate."""
    m1 = (np.array([scale], np.float32).view(np.uint32) & 0xFFFFE000)
    m1 = m1.view(np.float32)[0]
    y = x.astype(np.float32) * m1
    y = np.rint(np.clip(y, -256, 255)).astype(np.int64) + offset
    lo, hi = (-128, 127) if signed else (0, 255)
    return np.clip(y, lo, hi).astype(np.int8 if signed else np.uint8)


def quant_word(scale, offset, signed=True):
    m1 = int(np.array([scale], np.float32).view(np.uint32)[0]) & 0xFFFFE000
    return m1 | ((offset & 0x1FF) << 37) | (int(signed) << 46)


def matmul_i8_quant(out, rng):
    a = rng.integers(-128, 128, (20, 64), dtype=np.int8)
    bt = rng.integers(-128, 128, (48, 64), dtype=np.int8)
    c = a.astype(np.int64) @ bt.T.astype(np.int64)
    # The kernel's deqScalar: scale 1/512, offset 3, s8 output
    # (quant_word(1/512, 3) = 70782050893824).
    assert quant_word(1.0 / 512, 3) == 70782050893824
    q = req8(c.astype(np.int32), 1.0 / 512, 3)
    save(out, "A", a), save(out, "BT", bt), save(out, "golden", q)


def direct_conv(x, w, stride, dil, pad):
    """A plain direct convolution: x (C, H, W), w (Cout, C, Hk, Wk), zero
    padding `pad` on every side -> (Cout, Hout, Wout), in float64/int64."""
    xp = np.pad(x, ((0, 0), (pad, pad), (pad, pad)))
    cout, _, hk, wk = w.shape
    hout = (xp.shape[1] - ((hk - 1) * dil + 1)) // stride + 1
    wout = (xp.shape[2] - ((wk - 1) * dil + 1)) // stride + 1
    out = np.zeros((cout, hout, wout), dtype=xp.dtype)
    for oh in range(hout):
        for ow in range(wout):
            for kh in range(hk):
                for kw in range(wk):
                    out[:, oh, ow] += w[:, :, kh, kw] @ xp[:, oh * stride + kh * dil, ow * stride + kw * dil]
    return out


def conv_inputs(x, w, c0, dtype):
    """Host re-blocking (no im2col): the NCHW map as NC1HWC0 with channels
    past C zero, and the OIHW weights as Cout x K with K in the order
    (c1, kh, kw, c0) — the order LoadData 3D lays K out (§10.3)."""
    c, h, wd = x.shape
    cout, _, hk, wk = w.shape
    c1 = -(-c // c0)
    fm = np.zeros((1, c1, h, wd, c0), dtype)
    wt = np.zeros((cout, c1, hk, wk, c0), dtype)
    for ch in range(c):
        fm[0, ch // c0, :, :, ch % c0] = x[ch]
        wt[:, ch // c0, :, :, ch % c0] = w[:, ch]
    return fm, wt.reshape(cout, -1)


def conv2d_f16(out, rng):
    x = rng.uniform(-1, 1, (20, 8, 8)).astype(np.float16)
    w = rng.uniform(-1, 1, (16, 20, 3, 3)).astype(np.float16)
    fm, wt = conv_inputs(x, w, 16, np.float16)
    y = direct_conv(x.astype(np.float64), w.astype(np.float64), 1, 1, 1)
    save(out, "FM", fm), save(out, "WT", wt)
    save(out, "golden", y.reshape(16, 64).T.astype(np.float32))


def conv2d_i8(out, rng):
    x = rng.integers(-128, 128, (4, 10, 10), dtype=np.int8)
    w = rng.integers(-128, 128, (32, 4, 3, 3), dtype=np.int8)
    fm, wt = conv_inputs(x, w, 32, np.int8)
    y = direct_conv(x.astype(np.int64), w.astype(np.int64), 2, 2, 2)
    save(out, "FM", fm), save(out, "WT", wt)
    save(out, "golden", y.reshape(32, 25).T.astype(np.int32))


def linalg_matmul(out, rng):
    """linalg.matmul, f16 300 x 500 x 200 (several tiles, tails)."""
    a = rng.uniform(-1, 1, (300, 500)).astype(np.float16)
    b = rng.uniform(-1, 1, (500, 200)).astype(np.float16)
    c = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    save(out, "A", a), save(out, "B", b), save(out, "golden", c)


def linalg_batch_matmul(out, rng):
    """linalg.batch_matmul, bf16, 4 x (96 x 130) x (130 x 80), B given as
    B^T (N x K)."""
    a = bf16_round(rng.uniform(-1, 1, (4, 96, 130)).astype(np.float32))
    bt = bf16_round(rng.uniform(-1, 1, (4, 80, 130)).astype(np.float32))
    c = np.einsum("bmk,bnk->bmn", a.astype(np.float64), bt.astype(np.float64))
    save(out, "A", bf16_bits(a)), save(out, "BT", bf16_bits(bt))
    save(out, "golden", c.astype(np.float32))


def linalg_conv2d(out, rng):
    """linalg.conv_2d_nhwc_hwcf, f16, 2 x 24 x 24 x 20 map (NHWC), 3 x 3 x
    20 x 40 weights (HWCF) -> 2 x 22 x 22 x 40 (NHWC), by the direct
    convolution."""
    x = rng.uniform(-1, 1, (2, 24, 24, 20)).astype(np.float16)
    w = rng.uniform(-1, 1, (3, 3, 20, 40)).astype(np.float16)
    y = np.stack([direct_conv(x[i].transpose(2, 0, 1).astype(np.float64),
                              w.transpose(3, 2, 0, 1).astype(np.float64), 1, 1, 0)
                  for i in range(2)])          # (N, F, OH, OW)
    save(out, "I", x), save(out, "W", w)
    save(out, "golden", y.transpose(0, 2, 3, 1).astype(np.float32))


def linalg_conv2d_nchw(out, rng):
    """linalg.conv_2d_nchw_fchw, f16, 2 x 16 x 30 x 30 map (NCHW), 32 x 16 x
    3 x 3 weights (FCHW), stride 2 -> 2 x 32 x 14 x 14 (NCHW), + a bias per
    output channel, ReLU: the direct convolution, in float64."""
    x = rng.uniform(-1, 1, (2, 16, 30, 30)).astype(np.float16)
    w = rng.uniform(-1, 1, (32, 16, 3, 3)).astype(np.float16)
    bias = rng.uniform(-1, 1, 32).astype(np.float32)
    y = np.stack([direct_conv(x[i].astype(np.float64), w.astype(np.float64), 2, 1, 0)
                  for i in range(2)])          # (N, F, OH, OW)
    y = np.maximum(y + bias.astype(np.float64)[None, :, None, None], 0)
    save(out, "I", x), save(out, "W", w), save(out, "bias", bias)
    save(out, "golden", y.astype(np.float32))


def linalg_conv2d_kirin9030(out, rng):
    """linalg.conv_2d_nhwc_hwcf, f16 -> f16 on Kirin 9030, 1 x 16 x 16 x 24
    map (NHWC), 3 x 3 x 24 x 32 weights (HWCF) -> 1 x 14 x 14 x 32, + an f16
    bias per output channel, ReLU: the direct convolution in float64 (the
    chip rounds its f16 output once per K chunk: a tolerance of f16's)."""
    x = rng.uniform(-1, 1, (1, 16, 16, 24)).astype(np.float16)
    w = rng.uniform(-1, 1, (3, 3, 24, 32)).astype(np.float16)
    bias = rng.uniform(-1, 1, 32).astype(np.float16)
    y = direct_conv(x[0].transpose(2, 0, 1).astype(np.float64),
                    w.transpose(3, 2, 0, 1).astype(np.float64), 1, 1, 0)   # (F, OH, OW)
    y = np.maximum(y + bias.astype(np.float64)[:, None, None], 0)
    save(out, "I", x), save(out, "W", w), save(out, "bias", bias)
    save(out, "golden", y.transpose(1, 2, 0)[None].astype(np.float16))


def tensor_matmul(out, rng):
    """linalg.matmul on tensors, f16 300 x 500 x 200: linalg_matmul's
    numbers (the result is the output argument result0)."""
    linalg_matmul(out, rng)


def tensor_conv2d(out, rng):
    """linalg.conv_2d_nhwc_hwcf on tensors, f16, a 2 x 24 x 24 x 20 map
    zero-padded by one pixel (tensor.pad), 3 x 3 x 20 x 40 weights -> 2 x
    24 x 24 x 40, by the direct convolution with padding 1."""
    x = rng.uniform(-1, 1, (2, 24, 24, 20)).astype(np.float16)
    w = rng.uniform(-1, 1, (3, 3, 20, 40)).astype(np.float16)
    y = np.stack([direct_conv(x[i].transpose(2, 0, 1).astype(np.float64),
                              w.transpose(3, 2, 0, 1).astype(np.float64), 1, 1, 1)
                  for i in range(2)])          # (N, F, OH, OW)
    save(out, "I", x), save(out, "W", w)
    save(out, "golden", y.transpose(0, 2, 3, 1).astype(np.float32))


def linalg_matmul_i8_requant(out, rng):
    """linalg.matmul, int8 64 x 96 x 80, + an int32 bias, ReLU, then
    requantized to int8 with scale 1/16 and offset 3: the plain int64
    product, max(., 0), and the requantizing generic's formula (req8)."""
    a = rng.integers(-16, 16, (64, 96), dtype=np.int8)
    b = rng.integers(-16, 16, (96, 80), dtype=np.int8)
    bias = rng.integers(-2000, 2000, 80, dtype=np.int32)
    c = np.maximum(a.astype(np.int64) @ b.astype(np.int64) + bias, 0)
    q = req8(c.astype(np.int32), 1.0 / 16, 3)
    save(out, "A", a), save(out, "B", b), save(out, "bias", bias)
    save(out, "golden", q)


EXAMPLES = {f.__name__: f for f in [matmul_f16, matmul_bf16, matmul_f32,
                                     matmul_i8_bias, matmul_i8_kn, gemv_f16,
                                     matmul_i8_quant, conv2d_f16, conv2d_i8,
                                     matmul_load, linalg_matmul,
                                     linalg_batch_matmul, linalg_conv2d,
                                     linalg_conv2d_nchw, linalg_conv2d_kirin9030,
                                     linalg_matmul_i8_requant, tensor_matmul,
                                     tensor_conv2d]}


def main():
    if len(sys.argv) != 3 or (sys.argv[1] not in EXAMPLES and sys.argv[1] != "all"):
        sys.exit("usage: gen_data.py {%s|all} OUTDIR" % "|".join(EXAMPLES))
    names = EXAMPLES if sys.argv[1] == "all" else [sys.argv[1]]
    for name in names:
        out = os.path.join(sys.argv[2], name) if sys.argv[1] == "all" else sys.argv[2]
        os.makedirs(out, exist_ok=True)
        EXAMPLES[name](out, np.random.default_rng(2026))


if __name__ == "__main__":
    main()
