"""Matmul with A given transposed (K x M in GM), cube-reference §11 "A
transposed" row, and B given transposed (N x K), through the derived forms
of the L1 -> L0 movers:

  A2 b16 (f16, bf16): LoadData 2D with ifTranspose, and LoadDataWithTranspose;
  A2 b8 (i8): LoadDataWithTranspose, derived for K <= 32 and with explicit
     squares otherwise (two L1 fractals per square land one fractal row
     apart in L0A Zz: dstFracGap = K1 - 1);
  A2 b32 (f32): LoadDataWithTranspose (one 16-row L1 fractal row);
  950 (f16, bf16, i8, f32): LoadData 2D-v2 with ifTranspose into L0A Nz.

B^T (N x K, L1 Nz) reaches L0B Zn (K x N) without a transpose. Each kernel
runs with ascube-run and is compared exactly with a plain numpy product of
the untransposed matrices (small integers: float results are exact).

Usage: transposed_a.py --runner PATH/ascube-run --out DIR
"""
import argparse
import os
import subprocess
import sys

import numpy as np

ACC = {"f16": "f32", "bf16": "f32", "f32": "f32", "i8": "i32"}

# (product, dtype, m, k, n, A mover)
CASES = [
    ("atlas_a2", "f16", 30, 40, 20, "load_2d {ifTranspose = true}"),
    ("atlas_a2", "bf16", 17, 33, 9, "load_2d {ifTranspose = true}"),
    ("atlas_a2", "f16", 30, 40, 20, "load_2d_transpose"),
    ("atlas_a2", "i8", 30, 64, 20,
     "load_2d_transpose {repeatTimes = 2 : i64, dstGap = 0 : i64, dstFracGap = 1 : i64}"),
    ("atlas_a2", "i8", 64, 32, 20, "load_2d_transpose"),
    ("atlas_a2", "f32", 48, 12, 20, "load_2d_transpose"),
    ("atlas_a2", "f32", 30, 16, 20, "load_2d_transpose"),
    ("atlas_a2", "f32", 32, 16, 20, "load_2d_transpose"),
    ("ascend950pr", "f16", 30, 40, 20, "load_2d_v2 {ifTranspose = true}"),
    ("ascend950pr", "bf16", 17, 33, 9, "load_2d_v2 {ifTranspose = true}"),
    ("ascend950pr", "i8", 30, 64, 20, "load_2d_v2 {ifTranspose = true}"),
    ("ascend950pr", "f32", 32, 16, 20, "load_2d_v2 {ifTranspose = true}"),
]


def encode(v, t):
    if t == "bf16":
        return (v.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return v.astype({"f16": np.float16, "f32": np.float32, "i8": np.int8}[t])


def kernel(prod, t, m, k, n, mover):
    acc = ACC[t]
    nz950 = prod.startswith("ascend950")
    at_l1 = f"memref<{k}x{m}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    b_l1 = f"memref<{n}x{k}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    a0 = f"memref<{m}x{k}x{t}, #ascube.layout<{'Nz' if nz950 else 'Zz'}>, #ascube.mem<L0A>>"
    b0 = f"memref<{k}x{n}x{t}, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    c0 = f"memref<{m}x{n}x{acc}, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    name, _, attrs = mover.partition(" ")
    bmove = "load_2d_v2" if nz950 else "load_2d"
    return f"""module attributes {{ascube.target = #ascube.target<{prod}>}} {{
  func.func @k(%AT: memref<{k}x{m}x{t}>, %B: memref<{n}x{k}x{t}>, %C: memref<{m}x{n}x{acc}>) {{
    %a1 = ascube.alloc offset 0 : {at_l1}
    %b1 = ascube.alloc offset 131072 : {b_l1}
    ascube.data_copy %AT to %a1 : memref<{k}x{m}x{t}> to {at_l1}
    ascube.data_copy %B to %b1 : memref<{n}x{k}x{t}> to {b_l1}
    %a0 = ascube.alloc offset 0 : {a0}
    ascube.{name} %a1 to %a0 {attrs} : {at_l1} to {a0}
    %b0 = ascube.alloc offset 0 : {b0}
    ascube.{bmove} %b1 to %b0 : {b_l1} to {b0}
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
    for i, (prod, t, m, k, n, mover) in enumerate(CASES):
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        with open(d + "/kernel.mlir", "w") as f:
            f.write(kernel(prod, t, m, k, n, mover))
        lo, hi = (-128, 128) if t == "i8" else (-3, 4)
        a = rng.integers(lo, hi, (m, k))
        b = rng.integers(lo, hi, (k, n))
        encode(a.T.copy(), t).tofile(d + "/AT.bin")
        encode(b.T.copy(), t).tofile(d + "/B.bin")
        c = a @ b
        (c.astype(np.int32) if ACC[t] == "i32" else c.astype(np.float32)).tofile(d + "/golden.bin")
        r = subprocess.run([o.runner, d + "/kernel.mlir", "--entry", "k",
                            "--input", f"AT={d}/AT.bin", "--input", f"B={d}/B.bin",
                            "--output", f"C={d}/C.bin", "--compare", f"C={d}/golden.bin"],
                           capture_output=True, text=True)
        ok = r.returncode == 0
        failures += not ok
        print(f"{prod} {t} {m}x{k}x{n} {mover.split(' ')[0]}: {'ok' if ok else 'FAILED'}")
        if not ok:
            print(r.stdout + r.stderr)
    print(f"{len(CASES)} kernels, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
