"""LoadData 3D as a plain L1 -> L0 mover (cube-reference §10.4, §11): with a
1x1 kernel, stride 1 and no padding an L1 Nz matrix is its own im2col
matrix, so load_3d moves it into L0A (Zz on A2, Nz on 950), transposed into
L0A with enTranspose, or into L0B Zn ("B not transposed").

Each case runs a matmul whose A and/or B reach L0 by load_3d with derived
parameters (l1H = 1, l1W = padded rows, channelSize = padded columns), and
the same matmul through the LoadData 2D-family route where one exists; both
are compared exactly with a plain numpy product (small integers).

Usage: load3d_mover.py --runner PATH/ascube-run --out DIR
"""
import argparse
import os
import subprocess
import sys

import numpy as np

ACC = {"f16": "f32", "bf16": "f32", "f32": "f32", "i8": "i32"}

# (product, dtype, m, k, n, A given as, A mover, B given as, B mover).
# "A" = M x K, "AT" = K x M, "B" = K x N, "BT" = N x K in GM and L1 (Nz).
CASES = [
    # A not transposed: Load3D is the recommended mover for b8/b16/b32.
    ("atlas_a2", "i8", 16, 64, 20, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "i8", 16, 64, 20, "A", "load_2d", "BT", "load_2d"),
    ("atlas_a2", "i8", 40, 70, 20, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "f16", 16, 40, 20, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "f16", 16, 40, 20, "A", "load_2d", "BT", "load_2d"),
    ("atlas_a2", "f16", 45, 40, 20, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "f32", 16, 20, 12, "A", "load_3d", "BT", "load_2d"),
    ("atlas_a2", "f32", 16, 20, 12, "A", "load_2d", "BT", "load_2d"),
    ("atlas_a2", "f32", 33, 28, 20, "A", "load_3d", "BT", "load_2d"),
    # A transposed: Load3D with enTranspose (b16, b32) vs LoadDataWithTranspose.
    ("atlas_a2", "f16", 30, 40, 20, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    ("atlas_a2", "f16", 30, 40, 20, "AT", "load_2d_transpose", "BT", "load_2d"),
    ("atlas_a2", "bf16", 17, 33, 9, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    ("atlas_a2", "f32", 30, 16, 20, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    ("atlas_a2", "f32", 30, 16, 20, "AT", "load_2d_transpose", "BT", "load_2d"),
    ("atlas_a2", "f32", 20, 40, 12, "AT", "load_3d {enTranspose = true}", "BT", "load_2d"),
    # B not transposed (K x N into L0B Zn): Load3D vs LoadDataWithTranspose.
    ("atlas_a2", "f16", 16, 16, 30, "A", "load_2d", "B", "load_3d"),
    ("atlas_a2", "f16", 16, 16, 30, "A", "load_2d", "B", "load_2d_transpose"),
    ("atlas_a2", "f16", 16, 40, 30, "A", "load_2d", "B", "load_3d"),
    ("atlas_a2", "f32", 16, 24, 30, "A", "load_2d", "B", "load_3d"),
    ("atlas_a2", "f32", 16, 36, 17, "A", "load_2d", "B", "load_3d"),
    # Both operands through Load3D.
    ("atlas_a2", "f16", 30, 40, 20, "AT", "load_3d {enTranspose = true}", "B", "load_3d"),
    # 950: L0A Nz; b8 also transposes and goes into L0B.
    ("ascend950pr", "i8", 30, 64, 20, "A", "load_3d", "BT", "load_2d_v2"),
    ("ascend950pr", "i8", 30, 64, 20, "A", "load_2d_v2", "BT", "load_2d_v2"),
    ("ascend950pr", "i8", 30, 64, 20, "AT", "load_3d {enTranspose = true}", "BT", "load_2d_v2"),
    ("ascend950pr", "i8", 30, 64, 40, "A", "load_3d", "B", "load_3d"),
    ("ascend950pr", "f16", 30, 40, 20, "AT", "load_3d {enTranspose = true}", "B", "load_3d"),
    ("ascend950pr", "f32", 30, 16, 20, "AT", "load_3d {enTranspose = true}", "B", "load_3d"),
]


def encode(v, t):
    if t == "bf16":
        return (v.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return v.astype({"f16": np.float16, "f32": np.float32, "i8": np.int8}[t])


def kernel(prod, t, m, k, n, a_as, a_mover, b_as, b_mover):
    acc = ACC[t]
    nz950 = prod.startswith("ascend950")
    a_shape = f"{m}x{k}" if a_as == "A" else f"{k}x{m}"
    b_shape = f"{k}x{n}" if b_as == "B" else f"{n}x{k}"
    a_l1 = f"memref<{a_shape}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    b_l1 = f"memref<{b_shape}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    a0 = f"memref<{m}x{k}x{t}, #ascube.layout<{'Nz' if nz950 else 'Zz'}>, #ascube.mem<L0A>>"
    b0 = f"memref<{k}x{n}x{t}, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    c0 = f"memref<{m}x{n}x{acc}, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    an, _, aattrs = a_mover.partition(" ")
    bn, _, battrs = b_mover.partition(" ")
    return f"""module attributes {{ascube.target = #ascube.target<{prod}>}} {{
  func.func @k(%A: memref<{a_shape}x{t}>, %B: memref<{b_shape}x{t}>, %C: memref<{m}x{n}x{acc}>) {{
    %a1 = ascube.alloc offset 0 : {a_l1}
    %b1 = ascube.alloc offset 131072 : {b_l1}
    ascube.data_copy %A to %a1 : memref<{a_shape}x{t}> to {a_l1}
    ascube.data_copy %B to %b1 : memref<{b_shape}x{t}> to {b_l1}
    %a0 = ascube.alloc offset 0 : {a0}
    ascube.{an} %a1 to %a0 {aattrs} : {a_l1} to {a0}
    %b0 = ascube.alloc offset 0 : {b0}
    ascube.{bn} %b1 to %b0 {battrs} : {b_l1} to {b0}
    %c = ascube.alloc offset 0 : {c0}
    ascube.mmad %a0, %b0 to %c : {a0}, {b0} to {c0}
    ascube.fixpipe %c to %C : {c0} to memref<{m}x{n}x{acc}>
    return
  }}
}}
"""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runner", required=True)
    p.add_argument("--out", required=True)
    o = p.parse_args()
    rng = np.random.default_rng(20261130)
    failures = 0
    for i, case in enumerate(CASES):
        prod, t, m, k, n, a_as, a_mover, b_as, b_mover = case
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        with open(d + "/kernel.mlir", "w") as f:
            f.write(kernel(*case))
        lo, hi = (-128, 128) if t == "i8" else (-3, 4)
        a = rng.integers(lo, hi, (m, k))
        b = rng.integers(lo, hi, (k, n))
        encode(a if a_as == "A" else a.T.copy(), t).tofile(d + "/A.bin")
        encode(b if b_as == "B" else b.T.copy(), t).tofile(d + "/B.bin")
        c = a @ b
        (c.astype(np.int32) if ACC[t] == "i32" else c.astype(np.float32)).tofile(d + "/golden.bin")
        r = subprocess.run([o.runner, d + "/kernel.mlir", "--entry", "k",
                            "--input", f"A={d}/A.bin", "--input", f"B={d}/B.bin",
                            "--output", f"C={d}/C.bin", "--compare", f"C={d}/golden.bin"],
                           capture_output=True, text=True)
        ok = r.returncode == 0
        failures += not ok
        print(f"{prod} {t} {m}x{k}x{n} {a_as}:{a_mover.split(' ')[0]}"
              f"{'(T)' if 'enTranspose' in a_mover else ''} {b_as}:{b_mover.split(' ')[0]}: "
              f"{'ok' if ok else 'FAILED'}")
        if not ok:
            print(r.stdout + r.stderr)
    print(f"{len(CASES)} kernels, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
