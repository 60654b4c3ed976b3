"""Matmuls mapped with L1 chunks of several K steps (#ascube.matmul_tiling's
k_l1, docs/Tiling.md), run on the CPU under the flag model and compared bit
for bit with a plain numpy product in the Cube's order (cubetest's
reference_matmul: the K steps are the same k whatever k_l1, so is the
order; an f16 C rounds at the end of every step). Each case covers a path
of the emitter: full and tail L1 chunks, an odd and an even number of steps
per chunk (the L0 sets alternate across chunks), tails in M and N, one-row
(GEMV) tail tiles on A2 (a chunk per step) and 950 (disableGemv), a bias
from the bias table on the first step, a ReLU, a bias seeded by an Mmad
(Kirin), int8, f32, a batch, no ND2NZ (plain copies), several blocks.
No fractal layout appears here.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from cubetest import encode, options, random_values, run, Tally  # noqa: E402
from tile_linalg import kernel, reference  # noqa: E402

# (product, A/B type, C type, batch, M, N, K, (m, n, k, k_l1), epilogue,
# blocks)
CASES = [
    ("atlas_a2", "f16", "f32", 0, 40, 48, 200, (32, 32, 32, 96), "", 3),
    ("atlas_a2", "f16", "f32", 0, 70, 50, 300, (48, 32, 64, 128), "bias+relu", 2),
    ("atlas_a3", "f16", "f32", 0, 64, 64, 256, (64, 64, 64, 256), "", 1),
    ("atlas_a2", "f16", "f32", 0, 17, 40, 130, (16, 32, 32, 64), "bias", 1),
    ("ascend950pr", "f16", "f32", 0, 17, 40, 130, (16, 32, 32, 64), "", 2),
    ("ascend950pr", "f16", "f32", 0, 1, 40, 130, (16, 32, 32, 96), "bias", 1),
    ("atlas_a2", "i8", "i32", 0, 33, 64, 300, (32, 32, 64, 192), "relu", 4),
    ("atlas_a2", "f32", "f32", 0, 24, 24, 72, (16, 16, 16, 48), "", 1),
    ("atlas_a2", "f16", "f32", 2, 40, 48, 100, (32, 32, 32, 64), "", 2),
    ("kirin_9030", "f16", "f16", 0, 40, 48, 200, (32, 32, 32, 96), "bias", 1),
    ("atlas_200i_500_a2", "f16", "f32", 0, 40, 48, 192, (32, 32, 32, 96), "", 1),
]


def main():
    o = options()
    tally = Tally()
    rng = np.random.default_rng(4711)
    for i, (prod, t, ct, batch, m, n, k, tile, epi, blocks) in enumerate(CASES):
        d = f"{o.out}/{i}"
        os.makedirs(d, exist_ok=True)
        tm, tn, tk, kl1 = tile
        text = kernel(t, ct, m, k, n, batch, False, True, epi=epi)
        op = "linalg.batch_matmul" if batch else "linalg.matmul"
        attr = (f"{{ascube.tiling = #ascube.matmul_tiling<m = {tm}, n = {tn}, "
                f"k = {tk}, k_l1 = {kl1}>}}")
        at = text.index(" ins(", text.index(op))
        with open(d + "/kernel.mlir", "w") as f:
            f.write(text[:at] + " " + attr + text[at:])
        nb = max(batch, 1)
        # (An f16 C: no products that overflow it, which would hide its
        # bits behind infinities.)
        top, huge = (-4, False) if ct == "f16" else (None, True)
        a = [random_values(rng, t, (m, k), huge, top) for _ in range(nb)]
        b = [random_values(rng, t, (k, n), huge, top) for _ in range(nb)]
        encode(np.stack(a), t).tofile(d + "/A.bin")
        encode(np.stack([x.T for x in b]), t).tofile(d + "/B.bin")
        inputs = ["A", "B"]
        bias = None
        if "bias" in epi:
            bias = random_values(rng, ct if ct != "i32" else "i8", (n,), huge, top)
            bias = bias.astype({"f32": np.float32, "f16": np.float16, "i32": np.int32}[ct])
            bias.tofile(d + "/bias.bin")
            inputs.append("bias")
        want = np.stack([reference(x, y, t, ct, tk, bias) for x, y in zip(a, b)])
        if "relu" in epi:
            want = np.where(want < 0, np.zeros_like(want), want)
        dtype = {"f32": np.float32, "f16": np.float16, "i32": np.int32}[ct]
        want.astype(dtype).tofile(d + "/golden.bin")
        ok, out = run(o.runner, d, "k", inputs, "C",
                      ["--product", prod, "--blocks", str(blocks), "--check-sync"],
                      dtype=dtype)
        label = (f"{prod} {t} -> {ct} {f'{batch} x ' if batch else ''}{m}x{n}x{k} "
                 f"tile {tm}x{tn}x{tk} k_l1 {kl1}{' ' + epi if epi else ''}"
                 f"{f' on {blocks} blocks' if blocks > 1 else ''}")
        tally.report(label, ok, out)
    sys.exit(tally.finish("kernels"))


if __name__ == "__main__":
    main()
