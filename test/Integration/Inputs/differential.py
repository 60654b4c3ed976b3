"""Differential test of the whole Cube chain against a plain ND product.

For many random configurations (dtype, m, k, n up to 128, bias, accumulate,
B given as K x N or transposed, product A2 or 950) this writes a kernel
(GM ND -> data_copy ND2NZ -> L1 Nz -> load_2d -> L0A/L0B -> mmad ->
fixpipe NZ2ND -> GM ND), random inputs (full-mantissa floats of mixed
signs and magnitudes, some subnormal or huge) and a golden computed by numpy
with no fractal layout in the Cube's documented order (one k at a time,
cubetest.reference_matmul), runs it with ascube-run and compares bit for
bit. It prints what the draw covered ("covered KEY: N"), which the test
checks.

Usage: differential.py --runner PATH/ascube-run --out DIR [--count N] [--seed S]
"""
import argparse
import os
import subprocess
import sys

import numpy as np

from cubetest import random_values, reference_matmul, same_bits

TYPES = {
    # name: (mlir type, bits, numpy dtype, accumulator mlir type)
    "f16": ("f16", 16, np.float16, "f32"),
    "bf16": ("bf16", 16, None, "f32"),
    "f32": ("f32", 32, np.float32, "f32"),
    "i8": ("i8", 8, np.int8, "i32"),
    "i4": ("i4", 4, None, "i32"),
}


def ceil_div(a, b):
    return -(-a // b)


def bf16_bits(x):
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint16)


def pack_i4(v):
    """Row-major int4 values -> bytes, element 2i in the low nibble."""
    flat = v.astype(np.int8).ravel()
    return ((flat[0::2] & 0xF) | ((flat[1::2] & 0xF) << 4)).astype(np.uint8)


def encode(values, dtype):
    if dtype == "bf16":
        return bf16_bits(values.astype(np.float32))
    if dtype == "i4":
        return pack_i4(values)
    return values.astype(TYPES[dtype][2])


def attrs(items):
    return "{" + ", ".join(items) + "} " if items else ""


def kernel(cfg):
    """The kernel text for one configuration."""
    t, bits, _, acc = TYPES[cfg["dtype"]]
    m, k, n = cfg["m"], cfg["k"], cfg["n"]
    c0 = 256 // bits
    frac = 16 * c0  # elements per 512 B fractal
    m1, k1, n1 = ceil_div(m, 16), ceil_div(k, c0), ceil_div(n, 16)
    nz950 = cfg["product"] == "ascend950pr"
    bytes_of = lambda elems: elems * bits // 8
    a_l1 = f"memref<{m}x{k}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    a_l0 = f"memref<{m}x{k}x{t}, #ascube.layout<{'Nz' if nz950 else 'Zz'}>, #ascube.mem<L0A>>"
    b_l0 = f"memref<{k}x{n}x{t}, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    c_l0 = f"memref<{m}x{n}x{acc}, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    a_bytes = bytes_of(m1 * 16 * k1 * c0)
    b_off = ceil_div(a_bytes, 512) * 512
    lines = [f"module attributes {{ascube.target = #ascube.target<{cfg['product']}>}} {{"]
    a_gm = (f"memref<{m}x{k}x{t}, #ascube.layout<DN>>" if cfg["dn"]
            else f"memref<{m}x{k}x{t}>")
    args = [f"%A: {a_gm}"]
    if cfg["bt"]:
        args.append(f"%B: memref<{n}x{k}x{t}>")
        b_l1 = f"memref<{n}x{k}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
        b_gm = f"memref<{n}x{k}x{t}>"
    else:
        args.append(f"%B: memref<{k}x{n}x{t}>")
        b_l1 = f"memref<{k}x{n}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
        b_gm = f"memref<{k}x{n}x{t}>"
    n16 = ceil_div(n, 16) * 16
    if cfg["bias"]:
        args.append(f"%BIAS: memref<{n16}x{cfg['bias']}>")
    args.append(f"%C: memref<{m}x{n}x{acc}>")
    lines.append(f"  func.func @k({', '.join(args)}) {{")
    lines.append("    %c0 = arith.constant 0 : index")
    lines.append("    %c1 = arith.constant 1 : index")
    lines.append(f"    %a1 = ascube.alloc offset 0 : {a_l1}")
    lines.append(f"    %b1 = ascube.alloc offset {b_off} : {b_l1}")
    lines.append(f"    ascube.data_copy %A to %a1 : {a_gm} to {a_l1}")
    lines.append(f"    ascube.data_copy %B to %b1 : {b_gm} to {b_l1}")
    gemv = m == 1 and not cfg["disable_gemv"]
    mmad_attrs = list(cfg.get("mmad_extra", []))  # e.g. HF32 (fast_reference.py)
    if gemv:
        # GEMV (m = 1): the Cube reads A as k contiguous elements. ND2NZ
        # with dstNzC0Stride = 1 lays the single row out contiguously in
        # L1; whole fractals then move to an ND L0A buffer.
        fracs = ceil_div(k1 * c0, frac)
        a_l0 = f"memref<1x{fracs * frac}x{t}, #ascube.mem<L0A>>"
        lines[-2] = (f"    ascube.data_copy %A to %a1 {{dstNzC0Stride = 1 : i64}} : "
                     f"{a_gm} to {a_l1}")
        lines.append(f"    %a0 = ascube.alloc offset 0 : {a_l0}")
        lines.append(f"    ascube.load_2d %a1 to %a0 {{repeatTimes = {fracs} : i64}} : {a_l1} to {a_l0}")
        mmad_attrs.append(f"k = {k} : i64")
    else:
        if m == 1:
            mmad_attrs.append("disableGemv = true")
        lines.append(f"    %a0 = ascube.alloc offset 0 : {a_l0}")
    if not gemv and nz950:
        # 950: L0A is Nz, the L1 layout: one LoadData 2D-v2 (derived), or
        # one contiguous LoadData 2D.
        if cfg["v2a"]:
            lines.append(f"    ascube.load_2d_v2 %a1 to %a0 : {a_l1} to {a_l0}")
        else:
            lines.append(f"    ascube.load_2d %a1 to %a0 {{repeatTimes = {m1 * k1} : i64}} : {a_l1} to {a_l0}")
    elif not gemv:
        # A2: L1 Nz -> L0A Zz, one LoadData 2D per fractal row.
        lines.append(f"    %cm1 = arith.constant {m1} : index")
        lines.append("    scf.for %i = %c0 to %cm1 step %c1 {")
        lines.append(f"      %s = affine.apply affine_map<(i) -> (i * {frac})>(%i)")
        lines.append(f"      %d = affine.apply affine_map<(i) -> (i * {k1 * frac})>(%i)")
        lines.append(f"      ascube.load_2d %a1[%s] to %a0[%d] {{repeatTimes = {k1} : i64, srcStride = {m1} : i64}} : {a_l1} to {a_l0}")
        lines.append("    }")
    lines.append(f"    %b0 = ascube.alloc offset 0 : {b_l0}")
    if nz950 and (cfg["btr"] or cfg["bt"]):
        if cfg["btr"]:
            # K x N B through LoadData 2D-v2 with transpose (Nz -> Zn),
            # every parameter derived.
            lines.append(f"    ascube.load_2d_v2 %b1 to %b0 {{ifTranspose = true}} : {b_l1} to {b_l0}")
        else:
            # B^T: N1 fractal rows in K1 runs, Zn -> Zn.
            lines.append(f"    ascube.load_2d_v2 %b1 to %b0 {{mStep = {n1} : i64, kStep = {k1} : i64, srcStride = {n1} : i64, dstStride = {n1} : i64}} : {b_l1} to {b_l0}")
    elif cfg["btr"]:
        # K x N B through LoadDataWithTranspose (§7): squares of n_sq L1 Nz
        # fractals become n_sq L0B Zn fractals.
        n_sq = {4: 4, 8: 2, 16: 1, 32: 2}[bits]
        if bits == 32:
            # One 16-row fractal row: squares are side-by-side fractals;
            # the second half (K 8..15) goes one Zn fractal row down.
            lines.append(f"    ascube.load_2d_transpose %b1 to %b0 {{repeatTimes = {n1} : i64, dstGap = 0 : i64, dstFracGap = {n1 - 1} : i64}} : {b_l1} to {b_l0}")
        else:
            # Per K block of C0 rows: one square per L1 column block.
            lines.append(f"    %ckb = arith.constant {k1} : index")
            lines.append("    scf.for %i = %c0 to %ckb step %c1 {")
            lines.append(f"      %d = affine.apply affine_map<(i) -> (i * {n1 * frac})>(%i)")
            lines.append(f"      %s = affine.apply affine_map<(i) -> (i * {n_sq * frac})>(%i)")
            lines.append(f"      ascube.load_2d_transpose %b1[%s] to %b0[%d] {{repeatTimes = {ceil_div(n, c0)} : i64, srcStride = {k1} : i64, dstGap = {n_sq - 1} : i64}} : {b_l1} to {b_l0}")
            lines.append("    }")
    elif cfg["bt"]:
        # B^T's L1 Nz fractals are L0B's Zn fractals, in order.
        lines.append(f"    ascube.load_2d %b1 to %b0 {{repeatTimes = {n1 * k1} : i64}} : {b_l1} to {b_l0}")
    else:
        # b16 K x N: per K fractal row, N1 fractals, each transposed.
        lines.append(f"    %ck1 = arith.constant {k1} : index")
        lines.append("    scf.for %i = %c0 to %ck1 step %c1 {")
        lines.append(f"      %s = affine.apply affine_map<(i) -> (i * {frac})>(%i)")
        lines.append(f"      %d = affine.apply affine_map<(i) -> (i * {n1 * frac})>(%i)")
        lines.append(f"      ascube.load_2d %b1[%s] to %b0[%d] {{repeatTimes = {n1} : i64, srcStride = {k1} : i64, ifTranspose = true}} : {b_l1} to {b_l0}")
        lines.append("    }")
    lines.append(f"    %cc = ascube.alloc offset 0 : {c_l0}")
    if cfg["bias"]:
        bt = cfg["bias"]
        l1_off = b_off + ceil_div(bytes_of(ceil_div(max(n, k), 16) * 16 * ceil_div(max(n, k), c0) * c0), 512) * 512 + 65536
        lines.append(f"    %bias1 = ascube.alloc offset {l1_off} : memref<{n16}x{bt}, #ascube.mem<L1>>")
        lines.append(f"    ascube.data_copy %BIAS to %bias1 : memref<{n16}x{bt}> to memref<{n16}x{bt}, #ascube.mem<L1>>")
        lines.append(f"    %bt = ascube.alloc offset 0 : memref<{n16}x{acc}, #ascube.mem<BT>>")
        lines.append(f"    ascube.data_copy %bias1 to %bt : memref<{n16}x{bt}, #ascube.mem<L1>> to memref<{n16}x{acc}, #ascube.mem<BT>>")
        lines.append(f"    ascube.mmad %a0, %b0 to %cc bias %bt : memref<{n16}x{acc}, #ascube.mem<BT>> {attrs(mmad_attrs)}: {a_l0}, {b_l0} to {c_l0}")
    else:
        lines.append(f"    ascube.mmad %a0, %b0 to %cc {attrs(mmad_attrs)}: {a_l0}, {b_l0} to {c_l0}")
    if cfg["accumulate"]:
        # Accumulating onto the previous Mmad's tile needs PIPE_M (sync_c1).
        lines.append("    ascube.pipe_barrier <M>")
        lines.append(f"    ascube.mmad %a0, %b0 to %cc {attrs(mmad_attrs + ['cmatrixInitVal = false'])}: {a_l0}, {b_l0} to {c_l0}")
    lines.append(f"    ascube.fixpipe %cc to %C : {c_l0} to memref<{m}x{n}x{acc}>")
    lines.append("    return")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def random_config(rng):
    dtype = rng.choice(list(TYPES))
    product = "ascend950pr" if (dtype in ("f16", "bf16", "f32", "i8") and rng.random() < 0.3) else "atlas_a2"
    # m = 1 (GEMV) is drawn often: it changes how A is read.
    m = 1 if rng.random() < 0.2 else int(rng.integers(1, 129))
    k, n = (int(rng.integers(1, 129)) for _ in range(2))
    if dtype == "i4":
        k += k % 2  # int4 Mmad needs an even k
    bt = dtype not in ("f16", "bf16") or bool(rng.random() < 0.5)
    # B as K x N through LoadDataWithTranspose (A2 only here, §7), with the
    # shapes its squares need: b8 K, N multiples of 32; b4 of 64; b32 one
    # 16-row fractal row (8 < K <= 16) and N a multiple of 16.
    # (on 950 the same shapes go through LoadData 2D-v2 with transpose; a
    # K x N b16 B always does there.)
    btr = m > 1 and (product == "atlas_a2" or dtype in ("i8", "f32")) and \
        bool(rng.random() < 0.35)
    if product == "ascend950pr" and not bt:
        btr = True
    if btr:
        bt = False
        if dtype == "i8":
            k, n = 32 * int(rng.integers(1, 5)), 32 * int(rng.integers(1, 5))
        elif dtype == "i4":
            k, n = 64 * int(rng.integers(1, 3)), 64 * int(rng.integers(1, 3))
        elif dtype == "f32" and product == "atlas_a2":
            k, n = int(rng.integers(9, 17)), 16 * int(rng.integers(1, 9))
        elif dtype == "f32":
            k, n = 16 * int(rng.integers(1, 9)), 16 * int(rng.integers(1, 9))
    bias = None
    if dtype != "i4" and rng.random() < 0.4:
        bias = {"i8": "i32", "f32": "f32"}.get(dtype, rng.choice(["f32", "f16"]))
    # DN inputs (DN2NZ) exist on 950 only (cube-reference §5).
    dn = product == "ascend950pr" and bool(rng.random() < 0.5)
    # disableGemv exists on 950 only (cube-reference §13.1).
    disable_gemv = product == "ascend950pr" and m == 1 and bool(rng.random() < 0.5)
    return dict(dtype=dtype, product=product, m=m, k=k, n=n, bt=bt, btr=btr,
                v2a=bool(rng.random() < 0.6),
                bias=bias,
                accumulate=bool(rng.random() < 0.3), disable_gemv=disable_gemv,
                dn=dn)


def golden_and_inputs(cfg, rng, out):
    """Random inputs (cubetest.random_values: full-mantissa floats of mixed
    magnitudes, some subnormal or huge) and the golden in the Cube's
    documented order (cubetest.reference_matmul): from 0 or the bias, one k
    at a time; an accumulating second Mmad goes on from the first's
    result."""
    dtype = cfg["dtype"]
    m, k, n = cfg["m"], cfg["k"], cfg["n"]
    a = random_values(rng, dtype, (m, k))
    b = random_values(rng, dtype, (k, n))
    # A DN input is stored column-major.
    encode(a.T.copy() if cfg["dn"] else a, dtype).tofile(out + "/A.bin")
    encode(b.T.copy() if cfg["bt"] else b, dtype).tofile(out + "/B.bin")
    c0 = None
    if cfg["bias"]:
        n16 = ceil_div(n, 16) * 16
        if cfg["bias"] == "i32":
            bias = rng.integers(-2**31, 2**31, (n16,))
            bias.astype(np.int32).tofile(out + "/BIAS.bin")
        else:
            bias = random_values(rng, cfg["bias"], (n16,))
            bias.astype({"f32": np.float32, "f16": np.float16}[cfg["bias"]]).tofile(out + "/BIAS.bin")
        c0 = np.broadcast_to(bias[:n], (m, n))
    c = reference_matmul(a, b, dtype, c0)
    if cfg["accumulate"]:
        c = reference_matmul(a, b, dtype, c)
    c.tofile(out + "/golden.bin")
    return c


def coverage(cfg):
    """What a configuration exercises, for the counts the test checks."""
    p = "950" if cfg["product"] == "ascend950pr" else "a2"
    t = cfg["dtype"]
    keys = [f"dtype {t}", f"product {p}"]
    if cfg["m"] == 1:
        keys.append("gemv disabled" if cfg["disable_gemv"] else "gemv")
    if cfg["bias"]:
        keys.append(f"bias {cfg['bias']}")
    if cfg["accumulate"]:
        keys.append("accumulate")
    if cfg["dn"]:
        keys.append("dn2nz")
    if cfg["btr"]:
        keys.append(f"B transposed by the mover {p} {t}")
    elif cfg["bt"]:
        keys.append(f"B given transposed {p}")
    elif p == "a2":
        keys.append("B K x N through load_2d ifTranspose a2")
    if p == "950" and not (cfg["m"] == 1 and not cfg["disable_gemv"]):
        keys.append("A through load_2d_v2 950" if cfg["v2a"] else "A through load_2d 950")
    return keys


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runner", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--count", type=int, default=30)
    p.add_argument("--seed", type=int, default=20261130)
    o = p.parse_args()
    rng = np.random.default_rng(o.seed)
    failures = 0
    seen = set()
    covered = {}
    for i in range(o.count):
        cfg = random_config(rng)
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        with open(d + "/kernel.mlir", "w") as f:
            f.write(kernel(cfg))
        want = golden_and_inputs(cfg, rng, d)
        for key in coverage(cfg):
            covered[key] = covered.get(key, 0) + 1
        cmd = [o.runner, d + "/kernel.mlir", "--entry", "k",
               "--input", f"A={d}/A.bin", "--input", f"B={d}/B.bin",
               "--output", f"C={d}/C.bin", "--compare", f"C={d}/golden.bin"]
        if cfg["bias"]:
            cmd += ["--input", f"BIAS={d}/BIAS.bin"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        seen.add(cfg["dtype"])
        bits_ok = r.returncode == 0 and os.path.exists(d + "/C.bin") and same_bits(
            np.fromfile(d + "/C.bin", want.dtype).reshape(want.shape), want)
        if not bits_ok:
            failures += 1
            print(f"FAILED case{i} {cfg}\n{r.stdout}{r.stderr}")
    print(f"dtypes {' '.join(sorted(seen))}")
    for key in sorted(covered):
        print(f"covered {key}: {covered[key]}")
    print(f"{o.count} configurations, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
