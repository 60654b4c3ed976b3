"""Matmuls whose tiling ascube-select-tiling chooses by modelled time
(objective=time, docs/Tiling.md "Chosen by time"): prints the tiling it
writes, then maps the kernel with it, runs it on the CPU under the flag
model and compares it bit for bit with a plain numpy product in the Cube's
order (cubetest's reference_matmul: K steps of the chosen k). The shapes
are those where the time's choice differs from the least-traffic one: a
GEMV row (deep K chunks), B held N x K (L1 chunks of several K steps), a
short wide GEMM on 950, blocks fewer than the cores.
No fractal layout appears here.
"""
import os
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from cubetest import encode, options, random_values, run, Tally  # noqa: E402
from tile_linalg import kernel, reference  # noqa: E402

# (product, A/B type, C type, M, N, K, B held N x K, blocks)
CASES = [
    ("atlas_a2", "f16", "f32", 1, 1024, 512, False, 24),
    ("atlas_a2", "f16", "f32", 256, 384, 512, True, 24),
    ("ascend950pr", "f16", "f32", 128, 256, 1024, False, 8),
    ("atlas_a3", "f16", "f32", 64, 512, 640, True, 4),
]


def main():
    o = options(("--opt", {"required": True}))
    tally = Tally()
    rng = np.random.default_rng(1234)
    for i, (prod, t, ct, m, n, k, tb, blocks) in enumerate(CASES):
        d = f"{o.out}/{i}"
        os.makedirs(d, exist_ok=True)
        with open(d + "/linalg.mlir", "w") as f:
            f.write(kernel(t, ct, m, k, n, 0, False, tb))
        chosen = subprocess.run(
            [o.opt, d + "/linalg.mlir", "--ascube-select-tiling=product=%s "
             "objective=time blocks=%d" % (prod, blocks), "-o", d + "/kernel.mlir"],
            capture_output=True, text=True)
        tiling = re.search(r"#ascube.matmul_tiling<[^>]*>",
                           open(d + "/kernel.mlir").read() if chosen.returncode == 0 else "")
        if not tiling:
            tally.report(f"{prod} {m}x{n}x{k}", False, chosen.stderr)
            continue
        tk = int(re.search(r"k = (\d+)", tiling.group(0)).group(1))
        a = random_values(rng, t, (m, k))
        b = random_values(rng, t, (k, n))
        encode(a, t).tofile(d + "/A.bin")
        encode(b.T if tb else b, t).tofile(d + "/B.bin")
        reference(a, b, t, ct, tk, None).astype(np.float32).tofile(d + "/golden.bin")
        ok, out = run(o.runner, d, "k", ["A", "B"], "C",
                      ["--product", prod, "--blocks", str(blocks), "--check-sync"],
                      dtype=np.float32)
        label = (f"{prod} {m}x{n}x{k}{' B^T' if tb else ''} on {blocks} blocks: "
                 f"{tiling.group(0)}")
        tally.report(label, ok, out)
    sys.exit(tally.finish("kernels"))


if __name__ == "__main__":
    main()
