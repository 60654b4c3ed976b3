"""ascube-select-movers against cube-reference §11: for each
product x dtype x orientation the matmul's A (or B) is an abstract
ascube.load. The script prints the mover the pass chooses (from its remark),
runs the kernel (ascube-run selects movers itself) against numpy, and runs
every forced alternative (--ascube-select-movers=force=...) that is legal:
each must compute the same C. Illegal forced movers are listed as such.

Usage: select_movers.py --runner PATH/ascube-run --opt PATH/ascube-opt --out DIR
"""
import os
import re
import subprocess
import sys

import numpy as np

from cubetest import (C0, encode, matmul_kernel, nz, options, random_values,
                      reference_matmul, run)

MOVERS = ["load_3d", "load_2d", "load_2d_transpose", "load_2d_v2"]
A2, P950 = "atlas_a2", "ascend950pr"
# Products without ND2NZ take A and B already Nz in GM (a plain copy to L1);
# without a Fixpipe, C is read from L0C (Nz, 16 x 16 fractals).
P310B = ("atlas_200i_500_a2", {"gm_nz": True})
P310P = ("atlas_inference", {"c_in_l0c": True})
P910A = ("atlas_training", {"c_in_l0c": True})
K9030 = ("kirin_9030", {"acc": "f16"})
# (product, cell, dtype, m, k, n, A as, A mover, B as, B mover)
CASES = [
    (A2, "A not transposed", "i4", 32, 64, 64, "A", "load", "B", "load_2d_transpose"),
    (A2, "A not transposed", "i8", 40, 64, 20, "A", "load", "BT", "load_2d"),
    (A2, "A not transposed", "f16", 40, 40, 20, "A", "load", "BT", "load_2d"),
    (A2, "A not transposed", "f32", 33, 20, 12, "A", "load", "BT", "load_2d"),
    (A2, "A transposed", "i8", 64, 32, 20, "AT", "load", "BT", "load_2d"),
    # K > 32: LoadDataWithTranspose in runs of squares.
    (A2, "A transposed", "i8", 64, 96, 20, "AT", "load", "BT", "load_2d"),
    (A2, "A transposed", "f16", 30, 40, 20, "AT", "load", "BT", "load_2d"),
    # Square tiles moved transposed: runs built for the transposed reading or
    # LoadData 3D with enTranspose (load_c3).
    (A2, "A transposed", "f16", 32, 32, 20, "AT", "load {transpose}", "BT", "load_2d"),
    (A2, "A transposed", "f32", 32, 16, 20, "AT", "load", "BT", "load_2d"),
    # Square A^T f32: LoadData 3D with enTranspose (§11's ★) realises the
    # transposed reading whatever the shapes.
    (A2, "A transposed", "f32", 32, 32, 20, "AT", "load {transpose}", "BT", "load_2d"),
    (A2, "B not transposed", "i4", 16, 64, 64, "A", "load_3d", "B", "load"),
    (A2, "B not transposed", "i8", 16, 32, 64, "A", "load_2d", "B", "load"),
    (A2, "B not transposed", "i8", 16, 96, 64, "A", "load_2d", "B", "load"),
    (A2, "B not transposed", "i4", 16, 128, 128, "A", "load_3d", "B", "load"),
    (A2, "B not transposed", "f16", 16, 40, 30, "A", "load_2d", "B", "load"),
    (A2, "B not transposed", "f32", 16, 36, 17, "A", "load_2d", "B", "load"),
    (A2, "B transposed", "i8", 16, 64, 20, "A", "load_2d", "BT", "load"),
    # A square B^T: LoadData 2D in runs built for the transposed reading.
    (A2, "B transposed", "i8", 16, 64, 64, "A", "load_2d", "BT", "load {transpose}"),
    (A2, "B transposed", "f16", 16, 40, 20, "A", "load_2d", "BT", "load"),
    (A2, "B transposed", "f32", 16, 20, 12, "A", "load_2d", "BT", "load"),
    # B^T whose padded extents match B's (24 x 32 and 32 x 24 both pad to
    # 32 x 32): LoadData 3D would write it row for row, so it is refused.
    (A2, "B transposed", "f16", 16, 32, 24, "A", "load_2d", "BT", "load"),
    (A2, "B transposed", "f32", 16, 48, 40, "A", "load_2d", "BT", "load"),
    # Kirin X90: LoadData 3D V2 for int8 A too.
    ("kirin_x90", "A not transposed", "i8", 40, 64, 20, "A", "load", "BT", "load_2d"),
    (P950, "A not transposed", "i8", 30, 64, 20, "A", "load", "BT", "load_2d_v2"),
    (P950, "A not transposed", "f16", 30, 40, 20, "A", "load", "BT", "load_2d_v2"),
    (P950, "A transposed", "f32", 32, 16, 20, "AT", "load", "BT", "load_2d_v2"),
    (P950, "B not transposed", "i8", 30, 64, 64, "A", "load_2d_v2", "B", "load"),
    # LoadDataWithTranspose V2 (950, into L0B) in runs of squares.
    (P950, "B not transposed", "f16", 16, 32, 48, "A", "load_2d_v2", "B", "load"),
    (P950, "B not transposed", "f32", 16, 16, 32, "A", "load_2d_v2", "B", "load"),
    (P950, "B transposed", "f16", 30, 40, 20, "A", "load_2d_v2", "BT", "load"),
    # Square tiles moved transposed on 950: LoadData 2D-v2 with its
    # parameters given (LoadData 2D runs without dstGap agree for f16).
    (P950, "A transposed", "f16", 32, 32, 20, "AT", "load {transpose}", "BT", "load_2d_v2"),
    (P950, "A transposed", "i8", 64, 64, 20, "AT", "load {transpose}", "BT", "load_2d_v2"),
    (P950, "A transposed", "f32", 32, 32, 20, "AT", "load {transpose}", "BT", "load_2d_v2"),
    # Three fractal rows of int8: LoadData 3D with enTranspose (2D-v2 needs
    # whole 32 x 32 squares).
    (P950, "A transposed", "i8", 48, 48, 20, "AT", "load {transpose}", "BT", "load_2d_v2"),
    (P950, "B transposed", "i8", 16, 64, 64, "A", "load_2d_v2", "BT", "load {transpose}"),
    # 310B as A2 (LoadData 3D V2, WithTranspose V1), inputs Nz in GM.
    (P310B, "A not transposed", "f16", 30, 40, 20, "A", "load", "BT", "load_2d"),
    (P310B, "A transposed", "i8", 64, 32, 20, "AT", "load", "BT", "load_2d"),
    (P310B, "B transposed", "f16", 16, 40, 20, "A", "load_2d", "BT", "load"),
    # 310P: LoadData 3D V2 and 2D, no WithTranspose, no Fixpipe.
    (P310P, "A not transposed", "f16", 30, 40, 20, "A", "load", "BT", "load_2d"),
    (P310P, "B transposed", "f16", 16, 40, 20, "A", "load_2d", "BT", "load"),
    # 910A and Kirin 9030: LoadData 2D only (no LoadData 3D V2).
    (P910A, "A not transposed", "f16", 30, 40, 20, "A", "load", "BT", "load_2d"),
    (K9030, "A not transposed", "f16", 30, 32, 20, "A", "load", "BT", "load_2d"),
]


def main():
    o = options(("--opt", {"required": True}))
    rng = np.random.default_rng(20261130)
    failures = 0
    for i, (prod, cell, t, m, k, n, a_as, a_mv, b_as, b_mv) in enumerate(CASES):
        prod, opt = prod if isinstance(prod, tuple) else (prod, {})
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        # Random full-mantissa inputs; where the product saturates (310B,
        # 310P, 910A) or C is f16, none whose sums overflow.
        saturates = prod in ("atlas_200i_500_a2", "atlas_inference", "atlas_training")
        top = -4 if opt.get("acc") == "f16" else None
        a = random_values(rng, t, (m, k), huge=not saturates, top=top)
        b = random_values(rng, t, (k, n), huge=not saturates, top=top)
        with open(d + "/kernel.mlir", "w") as f:
            f.write(matmul_kernel(prod, t, m, k, n, a_as, a_mv, b_as, b_mv, **opt))
        a_in, b_in = (a if a_as == "A" else a.T), (b if b_as == "B" else b.T)
        if opt.get("gm_nz"):
            a_in, b_in = nz(a_in, 16, C0[t]), nz(b_in, 16, C0[t])
        encode(a_in, t).tofile(d + "/A.bin")
        encode(b_in, t).tofile(d + "/B.bin")
        c = reference_matmul(a, b, t)
        if opt.get("acc") == "f16":
            c = c.astype(np.float16)  # f16 C: rounded once, at the end
        logical = None
        if opt.get("c_in_l0c"):
            c = nz(c, 16, 16)
            logical = nz(np.ones((m, n), bool), 16, 16)
        c.tofile(d + "/golden.bin")
        sel = subprocess.run([o.opt, d + "/kernel.mlir", "--ascube-select-movers"],
                             capture_output=True, text=True)
        chosen = re.search(r"ascube-select-movers: (\w+) \(cost", sel.stderr)
        chosen = chosen.group(1) if chosen else "none"
        ok, out = run(o.runner, d, "k", ["A", "B"], "C", dtype=c.dtype,
                      logical=logical)
        agree, illegal, bad = [], [], []
        for mv in MOVERS:
            forced = f"{d}/forced_{mv}.mlir"
            r = subprocess.run([o.opt, d + "/kernel.mlir", f"--ascube-select-movers=force={mv}",
                                "-o", forced], capture_output=True, text=True)
            if r.returncode != 0:
                illegal.append(mv)
                continue
            fd = f"{d}/{mv}"
            os.makedirs(fd, exist_ok=True)
            os.replace(forced, fd + "/kernel.mlir")
            # The rewritten kernel prints its arguments positionally.
            for name, pos in (("A", "arg0"), ("B", "arg1"), ("golden", "golden")):
                os.link(f"{d}/{name}.bin", f"{fd}/{pos}.bin")
            fok, fout = run(o.runner, fd, "k", ["arg0", "arg1"], "arg2",
                            dtype=c.dtype, logical=logical)
            (agree if fok else bad).append(mv)
            if not fok:
                out += fout
        good = ok and not bad
        failures += not good
        print(f"{prod} | {cell} | {t} | chosen {chosen} | agree: {', '.join(agree)}"
              f" | illegal: {', '.join(illegal) or '-'}{'' if good else ' | FAILED'}")
        if not good:
            print(out)
    print(f"{len(CASES)} cases, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
