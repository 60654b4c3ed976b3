"""Matmuls whose tiling ascube-select-tiling chooses by modelled time
(objective=time, docs/Tiling.md "Chosen by time"): prints the tiling it
writes, then maps the kernel with it, runs it on the CPU under the flag
model and compares it bit for bit with a plain numpy product in the Cube's
order (cubetest's reference_matmul: K steps of the chosen k). The shapes
are those where the time's choice differs from the least-traffic one: a
GEMV row (deep K chunks), B held N x K (L1 chunks of several K steps), a
short wide GEMM on 950, blocks fewer than the cores, a deep K on few
output tiles (split-K across blocks: its golden adds the parts' plain
partial sums in part order, docs/Tiling.md "Split-K"; also forced, with a
bias and a ReLU, on A2 and 950); and convolutions by
LoadData 3D (a stem's few channels and large strided kernel, a 3 x 3, a
1 x 1) and by ND2NZ (an NCHW 3 x 3 on A2, a 1 x 1 of long rows) of integer-valued f16 data, exact in f32 whatever the order, so
their golden is a plain int64 convolution (long_rows_conv.conv).
No fractal layout appears here.
"""
import os
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from cubetest import encode, options, random_values, run, Tally  # noqa: E402
from tile_linalg import kernel, reference, relu  # noqa: E402
from long_rows_conv import conv, values  # noqa: E402

# (product, A/B type, C type, M, N, K, B held N x K, blocks)
CASES = [
    ("atlas_a2", "f16", "f32", 1, 1024, 512, False, 24),
    ("atlas_a2", "f16", "f32", 256, 384, 512, True, 24),
    ("ascend950pr", "f16", "f32", 128, 256, 1024, False, 8),
    ("atlas_a3", "f16", "f32", 64, 512, 640, True, 4),
    ("atlas_a3", "f16", "f32", 128, 128, 4096, False, 24),
]

# Split-K forced by the op's attribute: (product, A/B type, M, N, K,
# tiling, epilogue, blocks, A held K x M). Tails of every kind: an N tail
# of 12 (one slice) after full tiles of 16, M and N tails of 8 and 12 with
# a bias, a one-row M tail (no GEMV in the reduction), f32 A held K x M,
# an 8-column tail.
SPLITS = [
    ("atlas_a2", "f16", 96, 120, 1000,
     "#ascube.matmul_tiling<m = 64, n = 64, k = 128, split_k = 4>", "bias+relu", 16, False),
    ("ascend950pr", "bf16", 64, 72, 640,
     "#ascube.matmul_tiling<m = 32, n = 48, k = 64, split_k = 3>", "bias", 5, False),
    ("atlas_a3", "f32", 48, 40, 512,
     "#ascube.matmul_tiling<m = 48, n = 32, k = 32, split_k = 8>", "", 16, False),
    ("atlas_a2", "f16", 32, 28, 512,
     "#ascube.matmul_tiling<m = 32, n = 16, k = 64, split_k = 2>", "", 4, False),
    ("atlas_a2", "f16", 40, 44, 512,
     "#ascube.matmul_tiling<m = 32, n = 32, k = 64, split_k = 2>", "bias+relu", 8, False),
    ("atlas_a3", "f16", 33, 64, 256,
     "#ascube.matmul_tiling<m = 32, n = 64, k = 64, split_k = 2>", "", 4, False),
    ("ascend950pr", "f16", 33, 64, 256,
     "#ascube.matmul_tiling<m = 32, n = 64, k = 64, split_k = 2>", "bias", 4, False),
    ("atlas_a2", "f32", 40, 40, 200,
     "#ascube.matmul_tiling<m = 32, n = 32, k = 32, split_k = 3>", "", 8, True),
]


def split_reference(a, b, t, tiling, bias):
    """C = bias + P_0 + P_1 + ... in f32, part by part, where P_s is the
    plain product (from 0, in k order) of K's part s: whole L1 chunks
    (k_l1, else k), ceil(chunks / split_k) of them a part."""
    size = lambda name: int((re.search(name + r" = (\d+)", tiling) or [0, 0])[1])
    l1k = size("k_l1") or size("k")
    chunks = -(-a.shape[1] // l1k)
    part = l1k * -(-chunks // size("split_k"))
    acc = (np.zeros((a.shape[0], b.shape[1]), np.float32) if bias is None
           else np.tile(bias.astype(np.float32), (a.shape[0], 1)))
    for k0 in range(0, a.shape[1], part):
        with np.errstate(over="ignore", invalid="ignore"):
            acc = (acc + reference(a[:, k0:k0 + part], b[k0:k0 + part], t, "f32",
                                   size("k"))).astype(np.float32)
    return acc


def splits(o, tally, rng):
    for i, (prod, t, m, n, k, tiling, epi, blocks, ta) in enumerate(SPLITS):
        d = f"{o.out}/split{i}"
        os.makedirs(d, exist_ok=True)
        text = kernel(t, "f32", m, k, n, 0, ta, False, epi=epi)
        # (The attribute after any indexing maps, before ins.)
        at = text.index(" ins(", text.index("linalg.matmul"))
        text = text[:at] + f" {{ascube.tiling = {tiling}}}" + text[at:]
        with open(d + "/kernel.mlir", "w") as f:
            f.write(f"module attributes {{ascube.target = #ascube.target<{prod}>}} {{\n"
                    f"{text}}}\n")
        a = random_values(rng, t, (m, k))
        b = random_values(rng, t, (k, n))
        encode(a.T if ta else a, t).tofile(d + "/A.bin")
        encode(b, t).tofile(d + "/B.bin")
        names = ["A", "B"]
        bias = None
        if "bias" in epi:
            bias = random_values(rng, "f32", (n,)).astype(np.float32)
            bias.tofile(d + "/bias.bin")
            names.append("bias")
        want = relu(split_reference(a, b, t, tiling, bias), epi)
        want.astype(np.float32).tofile(d + "/golden.bin")
        ok, out = run(o.runner, d, "k", names, "C",
                      ["--product", prod, "--blocks", str(blocks), "--check-sync"],
                      dtype=np.float32)
        tally.report(f"{prod} {m}x{n}x{k} {t}{' A^T' if ta else ''} {epi or 'plain'} on {blocks} blocks: "
                     f"{tiling}", ok, out)


# (product, map, weights, stride, blocks, layout): NHWC x HWCF by LoadData
# 3D, and NCHW ones on Atlas A2 (no DN2NZ: by ND2NZ columns, O^T = W x
# X^T, whose tiling is the GEMM's, timed too; rows of 1200 pixels, longer
# than an Mmad's 1024, in pieces of a row, spread over more blocks).
CONVS = [
    ("atlas_a3", (1, 38, 38, 3), (7, 7, 3, 32), 2, 24, "nhwc_hwcf"),
    ("atlas_a2", (1, 18, 18, 32), (3, 3, 32, 64), 1, 24, "nhwc_hwcf"),
    ("ascend950pr", (1, 14, 14, 128), (1, 1, 128, 32), 1, 8, "nhwc_hwcf"),
    ("atlas_a2", (1, 16, 30, 30), (32, 16, 3, 3), 1, 24, "nchw_fchw"),
    ("atlas_a2", (1, 16, 2, 1200), (32, 16, 1, 1), 1, 24, "nchw_fchw"),
]


def conv_kernel(i, w, o, stride, layout):
    ti, tw = (f"memref<{'x'.join(map(str, s))}xf16>" for s in (i, w))
    to = f"memref<{'x'.join(map(str, o))}xf32>"
    return (f"func.func @k(%I: {ti}, %W: {tw}, %O: {to}) {{\n"
            f"  %z = arith.constant 0.0 : f32\n"
            f"  linalg.fill ins(%z : f32) outs(%O : {to})\n"
            f"  linalg.conv_2d_{layout} {{strides = dense<{stride}> : tensor<2xi64>, "
            f"dilations = dense<1> : tensor<2xi64>}}\n"
            f"    ins(%I, %W : {ti}, {tw}) outs(%O : {to})\n  return\n}}\n")


def choose(o, d, prod, blocks):
    """The tiling ascube-select-tiling writes by time on d/linalg.mlir into
    d/kernel.mlir; None (and the error) when it fails."""
    chosen = subprocess.run(
        [o.opt, d + "/linalg.mlir", "--ascube-select-tiling=product=%s "
         "objective=time blocks=%d" % (prod, blocks), "-o", d + "/kernel.mlir"],
        capture_output=True, text=True)
    if chosen.returncode != 0:
        return None, chosen.stderr
    m = re.search(r"#ascube.\w+_tiling<[^>]*>", open(d + "/kernel.mlir").read())
    return (m.group(0), "") if m else (None, "no tiling written")


def convs(o, tally, rng):
    for i, (prod, ishape, wshape, stride, blocks, layout) in enumerate(CONVS):
        d = f"{o.out}/conv{i}"
        os.makedirs(d, exist_ok=True)
        I, W = values(rng, ishape), values(rng, wshape)
        O = conv(I, W, layout, (stride, stride)).astype(np.float32)
        with open(d + "/linalg.mlir", "w") as f:
            f.write(conv_kernel(ishape, wshape, O.shape, stride, layout))
        tiling, err = choose(o, d, prod, blocks)
        label = (f"{prod} conv{' NCHW' if layout == 'nchw_fchw' else ''} {'x'.join(map(str, ishape))} * "
                 f"{'x'.join(map(str, wshape))} / {stride} on {blocks} blocks")
        if not tiling:
            tally.report(label, False, err)
            continue
        I.tofile(d + "/I.bin")
        W.tofile(d + "/W.bin")
        O.tofile(d + "/golden.bin")
        ok, out = run(o.runner, d, "k", ["I", "W"], "O",
                      ["--product", prod, "--blocks", str(blocks), "--check-sync"],
                      dtype=np.float32)
        tally.report(f"{label}: {tiling}", ok, out)


def main():
    o = options(("--opt", {"required": True}))
    tally = Tally()
    rng = np.random.default_rng(1234)
    for i, (prod, t, ct, m, n, k, tb, blocks) in enumerate(CASES):
        d = f"{o.out}/{i}"
        os.makedirs(d, exist_ok=True)
        with open(d + "/linalg.mlir", "w") as f:
            f.write(kernel(t, ct, m, k, n, 0, False, tb))
        tiling, err = choose(o, d, prod, blocks)
        if not tiling:
            tally.report(f"{prod} {m}x{n}x{k}", False, err)
            continue
        tk = int(re.search(r"k = (\d+)", tiling).group(1))
        a = random_values(rng, t, (m, k))
        b = random_values(rng, t, (k, n))
        encode(a, t).tofile(d + "/A.bin")
        encode(b.T if tb else b, t).tofile(d + "/B.bin")
        want = (split_reference(a, b, t, tiling, None) if "split_k" in tiling
                else reference(a, b, t, ct, tk, None))
        want.astype(np.float32).tofile(d + "/golden.bin")
        ok, out = run(o.runner, d, "k", ["A", "B"], "C",
                      ["--product", prod, "--blocks", str(blocks), "--check-sync"],
                      dtype=np.float32)
        label = (f"{prod} {m}x{n}x{k}{' B^T' if tb else ''} on {blocks} blocks: "
                 f"{tiling}")
        tally.report(label, ok, out)
    convs(o, tally, rng)
    splits(o, tally, rng)
    sys.exit(tally.finish("kernels"))


if __name__ == "__main__":
    main()
