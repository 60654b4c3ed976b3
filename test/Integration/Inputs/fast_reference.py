"""Differential test of the mmad micro-kernels against the reference loops.

convert-ascube-to-loops lowers mmad and mmad_mx to vector micro-kernels
over packed operands and the other loops in affine form (affine.for,
affine.load/store with floordiv/mod maps); with `reference=true`
(ascube-run --reference-mmad) to the plain loops of the documented order,
in scf/arith form. Both must give the same bits.
This draws many random kernels — every dtype row of differential.py (f16,
bf16, f32, int8, int4, Atlas A2 and Ascend 950, m, k, n from 1 to 128 with
tails, GEMV, bias, accumulation), HF32 (both roundings), the saturating
overflow mode, and mmad_mx on 950 (fp8 and fp4 data, e8m0 scales) — batches
them, one module per product and mode whose entry calls every kernel, runs
each batch both ways and compares every output byte for byte. Inputs mix
well-formed values (cubetest.random_values: subnormals, huge values, zeros)
with raw random bits (infinities, NaN) and full-range integers and biases
(saturating sums). No golden of our own is involved: the reference loops
are the semantics (the other execution tests hold them to numpy). Outputs
are compared bit for bit, any NaN equal to any NaN (cubetest.same_bits:
which NaN a NaN result is the documents do not say, and LLVM does not fix
it either — it may commute the operands whose payload propagates).

Usage: fast_reference.py --runner PATH/ascube-run --out DIR [--count N]
                         [--batch B] [--seed S] [--fast-flag=FLAG ...]
"""
import argparse
import os
import subprocess
import sys

import numpy as np

import differential as diff
import mx
from cubetest import random_values, same_bits


def func_of(module_text, name):
    """The single func.func of a one-kernel module, renamed, and its
    arguments as (name, type)."""
    lines = module_text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("  func.func @k("))
    head = lines[start]
    inner = head[len("  func.func @k("):head.rindex(") {")]
    args = [("%" + a if not a.startswith("%") else a).split(": ", 1)
            for a in inner.split(", %")]
    body = [f"  func.func @{name}({inner}) {{"] + lines[start + 1:-1]
    return "\n".join(body), [(n[1:], t) for n, t in args]


def float_data(rng, t, shape):
    """Well-formed values (most draws) or raw bits (infinities, NaN)."""
    if rng.random() < 0.3:
        nbytes = {"f16": 2, "bf16": 2, "f32": 4}[t]
        raw = rng.integers(0, 256, int(np.prod(shape)) * nbytes, dtype=np.uint8)
        return raw
    v = random_values(rng, t, shape)
    data = diff.encode(v, t)
    if rng.random() < 0.3:  # some -0: the sign a sum of zeros keeps
        width = {"f16": np.uint16, "bf16": np.uint16, "f32": np.uint32}[t]
        bits = np.asarray(data).view(width).copy()
        sign = width(1 << (8 * np.dtype(width).itemsize - 1))
        bits[rng.random(bits.shape) < 0.2] = sign
        return bits
    return data


def tame_bf16(rng, shape):
    """bf16 values of magnitude in [2^-30, 2^30), either sign, a tenth zero:
    every product of two lies in f32's normal range, so the fast form
    takes its fused kernel (productsInRange)."""
    v = np.exp2(rng.uniform(-30, 30, shape)) * rng.choice([-1.0, 1.0], shape)
    v[rng.random(shape) < 0.1] = 0.0
    return diff.encode(v, "bf16")


def diff_kernel(rng, cfg, name, d):
    text = diff.kernel(cfg)
    func, args = func_of(text, name)
    t, m, k, n = cfg["dtype"], cfg["m"], cfg["k"], cfg["n"]
    files = {}
    for arg, _ in args:
        path = f"{d}/{name}_{arg}.bin"
        if arg in ("A", "B") and cfg.get("tame"):
            data = tame_bf16(rng, (m, k) if arg == "A" else (k, n))
        elif arg == "A":
            data = (float_data(rng, t, (m, k)) if t in diff.TYPES and t[0] in "fb"
                    else diff.encode(random_values(rng, t, (m, k)), t))
        elif arg == "B":
            data = (float_data(rng, t, (k, n)) if t[0] in "fb"
                    else diff.encode(random_values(rng, t, (k, n)), t))
        elif arg == "BIAS":
            n16 = diff.ceil_div(n, 16) * 16
            bt = cfg["bias"]
            data = (rng.integers(-2**31, 2**31, (n16,)).astype(np.int32)
                    if bt == "i32" else float_data(rng, bt, (n16,)))
        else:
            continue
        np.asarray(data).tofile(path)
        files[arg] = path
    return func, args, files


# MX data magnitudes (cube-reference §17): every nonzero finite |x| in
# [2^lo, 2^hi) — e4m3fn 2^-9 .. 448, e5m2 2^-16 .. 57344, e2m1 0.5 .. 6,
# e1m2 0.25 .. 1.75.
MX_RANGE = {"e4m3": (-9, 9), "e5m2": (-16, 16), "e2m1": (-1, 3), "e1m2": (-2, 1)}


def edge_scales(rng, fa, fb):
    """One scale code for all of A's scales and one for all of B's, where
    the scaled products just stay within f32's normal range — the smallest
    at 2^-126 (la + lb + ea + eb - 254 = -126) or the largest just below
    2^128 (ha + hb + ea + eb - 254 = 128) — or one code past that edge:
    the fast form fuses multiply and add only inside it, so both sides of
    the edge meet the reference here."""
    (la, ha), (lb, hb) = MX_RANGE[fa], MX_RANGE[fb]
    low = rng.random() < 0.5
    s = (128 - la - lb if low else 382 - ha - hb) + int(rng.integers(-1, 2))
    ea = s // 2 + int(rng.integers(-4, 5))
    return ea, s - ea


def mx_kernel(rng, cfg, name, d):
    fa, fb, m, k, n, bias = cfg["mx"]
    func, args = func_of(mx.kernel(fa, fb, m, k, n, bias), name)
    files = {}
    m16, n16 = diff.ceil_div(m, 16) * 16, diff.ceil_div(n, 16) * 16
    sizes = {"A": (m * k, mx.BITS[fa]), "BT": (n * k, mx.BITS[fb]),
             "SA": (m16 * k // 32, 8), "SB": (n16 * k // 32, 8)}
    edge = edge_scales(rng, fa, fb) if cfg.get("edge") else None
    for arg, _ in args:
        path = f"{d}/{name}_{arg}.bin"
        if arg in sizes:
            count, bits = sizes[arg]
            if arg in ("SA", "SB") and edge:  # one code each (edge_scales)
                data = np.full(count, edge[0 if arg == "SA" else 1], np.uint8)
            elif arg in ("SA", "SB"):  # scales near 2^0, some extreme, some NaN
                codes = np.where(rng.random(count) < 0.1,
                                 rng.integers(0, 256, count),
                                 rng.integers(112, 142, count))
                data = codes.astype(np.uint8)
            else:
                data = mx.pack(rng.integers(0, 1 << bits, count), bits)
        elif arg == "BIAS":
            data = float_data(rng, "f32", (n,))
        else:
            continue
        np.asarray(data).tofile(path)
        files[arg] = path
    return func, args, files


def draw(rng):
    """One configuration: a differential.py kernel (with HF32 for some f32
    draws) or an mmad_mx kernel on 950."""
    if rng.random() < 0.15:
        pair = ["e4m3", "e5m2"] if rng.random() < 0.5 else ["e2m1", "e1m2"]
        fa, fb = (str(rng.choice(pair)) for _ in range(2))  # mmadmx_c1
        m, n = (int(rng.integers(1, 49)) for _ in range(2))  # one derived load_mx
        k = 64 * int(rng.integers(1, 4))
        bias = bool(rng.random() < 0.4)
        if bias:  # the bias copy moves pairs of 32 B blocks (datacopy_c5)
            n = 16 * diff.ceil_div(n, 16)
        return dict(kind="mx", product="ascend950pr", mx=(fa, fb, m, k, n, bias),
                    edge=bool(rng.random() < 0.3))
    cfg = diff.random_config(rng)
    cfg["kind"] = "mmad"
    if cfg["dtype"] == "bf16" and rng.random() < 0.4:
        cfg["tame"] = True  # operands whose products stay normal: fused
    if cfg["dtype"] == "f32" and rng.random() < 0.5:
        cfg["mmad_extra"] = [f"hf32 = #ascube.hf32<{rng.choice(['nearest_even', 'nearest_away'])}>"]
    return cfg


def coverage(cfg, sat):
    if cfg["kind"] == "mx":
        fa, fb, m, k, n, bias = cfg["mx"]
        keys = [f"mx {fa} x {fb}"] + (["mx bias"] if bias else [])
        keys += ["mx scales at the edge of exact products"] if cfg.get("edge") else []
        return keys + (["mx tail"] if m % 16 or n % 16 else [])
    keys = [f"mmad {cfg['dtype']} {cfg['product']}"] + diff.coverage(cfg)[2:]
    if cfg.get("mmad_extra"):
        keys.append("hf32 " + cfg["product"])
    if cfg.get("tame"):
        keys.append("bf16 products in f32's normal range (fused)")
    if sat:
        keys.append("saturation " + cfg["dtype"])
    if cfg["m"] % 16 and cfg["n"] % 16:
        keys.append("tails in m and n")
    return keys


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runner", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--count", type=int, default=2000)
    p.add_argument("--batch", type=int, default=100)
    p.add_argument("--seed", type=int, default=20261202)
    # Passed to the fast run (--fast-flag=--vnni=false: integer mmads in
    # the i16-pair form on a host with AVX-512 VNNI too).
    p.add_argument("--fast-flag", action="append", default=[])
    o = p.parse_args()
    rng = np.random.default_rng(o.seed)
    os.makedirs(o.out, exist_ok=True)
    # Group draws by (product, overflow mode): one module each.
    groups = {}
    for i in range(o.count):
        cfg = draw(rng)
        # The saturating mode (A2 only: 950's float mmad has none).
        sat = cfg["product"] == "atlas_a2" and bool(rng.random() < 0.3)
        groups.setdefault((cfg["product"], sat), []).append((i, cfg))
    covered, failures, kernels = {}, 0, 0
    for (product, sat), cfgs in sorted(groups.items()):
        for start in range(0, len(cfgs), o.batch):
            chunk = cfgs[start:start + o.batch]
            d = os.path.join(o.out, f"{product}_{int(sat)}_{start}")
            os.makedirs(d, exist_ok=True)
            funcs, entry_args, calls, inputs, outputs = [], [], [], [], []
            for i, cfg in chunk:
                name = f"k{i}"
                make = mx_kernel if cfg["kind"] == "mx" else diff_kernel
                func, args, files = make(rng, cfg, name, d)
                funcs.append(func)
                names = []
                for arg, typ in args:
                    entry_args.append(f"%{arg}_{i}: {typ}")
                    names.append(f"%{arg}_{i}")
                    if arg in files:
                        inputs.append(f"{arg}_{i}={files[arg]}")
                    else:
                        outputs.append((f"{arg}_{i}", i, cfg))
                types = ", ".join(t for _, t in args)
                calls.append(f"    func.call @{name}({', '.join(names)}) : ({types}) -> ()")
                for key in coverage(cfg, sat):
                    covered[key] = covered.get(key, 0) + 1
            attrs = f"ascube.target = #ascube.target<{product}>"
            if sat:
                attrs += ", ascube.overflow = #ascube.overflow<saturation>"
            text = "\n".join([f"module attributes {{{attrs}}} {{"] + funcs + [
                f"  func.func @all({', '.join(entry_args)}) {{"] + calls + [
                "    return", "  }", "}"]) + "\n"
            with open(d + "/batch.mlir", "w") as f:
                f.write(text)
            results = {}
            for mode, extra in (("fast", o.fast_flag), ("reference", ["--reference-mmad"])):
                cmd = [o.runner, d + "/batch.mlir", "--entry", "all"] + extra
                for spec in inputs:
                    cmd += ["--input", spec]
                for arg, _, _ in outputs:
                    cmd += ["--output", f"{arg}={d}/{arg}.{mode}.bin"]
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode != 0:
                    print(f"FAILED {mode} run of {d}\n{r.stdout}{r.stderr}")
                results[mode] = r.returncode == 0
            if not all(results.values()):
                failures += len(chunk)
                continue
            for arg, i, cfg in outputs:
                kernels += 1
                acc = "f32" if cfg["kind"] == "mx" else diff.TYPES[cfg["dtype"]][3]
                dt = np.float32 if acc == "f32" else np.int32
                fast = np.fromfile(f"{d}/{arg}.fast.bin", dt)
                ref = np.fromfile(f"{d}/{arg}.reference.bin", dt)
                if not same_bits(fast, ref):
                    failures += 1
                    bad = np.flatnonzero(fast.view(np.uint32) != ref.view(np.uint32))
                    print(f"FAILED k{i} ({d}): {arg} differs at element {bad[0]} "
                          f"(fast {fast.view(np.uint32)[bad[0]]:#010x} reference "
                          f"{ref.view(np.uint32)[bad[0]]:#010x}) {cfg}")
    for key in sorted(covered):
        print(f"covered {key}: {covered[key]}")
    print(f"{kernels} kernels compared, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
