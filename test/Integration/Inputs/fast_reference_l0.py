"""Differential test of the fast lowering against the reference one, on the
instructions fast_reference.py does not reach through its GM kernels.

fast_reference.py draws whole GM -> L1 -> L0 -> mmad -> Fixpipe kernels of
the five dtype rows of differential.py. This script takes the L0 (and L1)
buffers as kernel arguments, filled with random bytes, so that it can draw
what those kernels cannot express:
- every row of the Mmad dtype table (cube-reference §13.2,
  docs/Products.md) on every product that has it: fp8 and hif8 on 950,
  ui8 x i8 -> i32 and ui8 x ui8 -> i32 / ui32 (310P, 910A), f16 x f16 -> f16
  (310P, 910A, Kirin), i8 on 910A and Kirin X90, i4 on 310B and 310P;
- the switches per product: kDirectionAlign (f32 on A2/A3), GEMV and
  disableGemv, a bias table, accumulation onto a random C, HF32, the
  saturating overflow mode (A2/A3, Kirin; 310B/310P/910A saturate by
  default);
- buffers larger than m x k x n inside their fractal grids (the padding
  m, k, n leave alone), m, k, n tails in every dimension;
- mmad_mx with a bias table and m, n tails (n not a multiple of 16);
- the 4:2 sparse pair (load_sparse, mmad_sparse) on A2;
- LoadData 3D (the windows of load3d_window.py, random feature maps).
Each kernel runs twice, through the fast lowering and with
`--reference-mmad` (the plain loops of the documented order, plain
scf/arith form), and every output byte must agree (any NaN equal to any
NaN). No golden of our own is involved.

Usage: fast_reference_l0.py --runner PATH/ascube-run --out DIR [--count N]
                            [--batch B] [--seed S] [--integer]
                            [--fast-flag=FLAG ...]
--integer draws only the rows with an integer C; each --fast-flag is passed
to the fast run (--fast-flag=--vnni=false: the i16-pair form).
"""
import os
import subprocess
import sys

import numpy as np

import load3d_window
import mx
from cubetest import encode, options, random_values, same_bits
from fast_reference import func_of

# Element types: MLIR spelling, bits, cubetest.random_values name (None:
# random codes).
ELEM = {
    "f16": ("f16", 16, "f16"), "bf16": ("bf16", 16, "bf16"), "f32": ("f32", 32, "f32"),
    "i8": ("i8", 8, None), "ui8": ("ui8", 8, None), "i4": ("i4", 4, None),
    "e4m3": ("f8E4M3FN", 8, None), "e5m2": ("f8E5M2", 8, None),
    "hif8": ("!ascube.hif8", 8, None), "i32": ("i32", 32, None),
    "ui32": ("ui32", 32, None), "e8m0": ("f8E8M0FNU", 8, None),
}
ELEM.update({f: (mx.MLIR[f], mx.BITS[f], None) for f in mx.MLIR})
A2 = ["atlas_a2", "atlas_a3"]
P950 = ["ascend950pr", "ascend950dt"]
# The Mmad table of docs/Products.md (cube-reference §13.2): A, B, C, the
# products with the row (with a bias table where the product has one).
ROWS = [(a, b, "f32", P950) for a in ("e4m3", "e5m2") for b in ("e4m3", "e5m2")] + [
    ("hif8", "hif8", "f32", P950),
    ("bf16", "bf16", "f32", A2 + P950 + ["atlas_200i_500_a2"]),
    ("f16", "f16", "f32", A2 + P950 + ["atlas_200i_500_a2", "atlas_inference", "atlas_training"]),
    ("f32", "f32", "f32", A2 + P950 + ["atlas_200i_500_a2"]),
    ("i8", "i8", "i32", A2 + P950 + ["atlas_200i_500_a2", "atlas_inference",
                                     "atlas_training", "kirin_x90"]),
    ("ui8", "ui8", "i32", ["atlas_inference"]),
    ("i4", "i4", "i32", A2 + ["atlas_200i_500_a2", "atlas_inference"]),
    ("ui8", "ui8", "ui32", ["atlas_training"]),
    ("ui8", "i8", "i32", ["atlas_inference", "atlas_training"]),
    ("f16", "f16", "f16", ["atlas_inference", "atlas_training", "kirin_x90", "kirin_9030"]),
]
# docs/Products.md, "Instructions and switches".
BIAS = set(A2 + P950 + ["atlas_200i_500_a2"])
KALIGN = set(A2 + ["kirin_x90", "kirin_9030"])
HF32 = set(A2 + P950 + ["atlas_200i_500_a2"])
BOTH_MODES = set(A2 + ["kirin_x90", "kirin_9030"])  # Inf/NaN and saturation


# Room per memory level for one batch's arguments (docs/Products.md, the
# smallest of the products here; Kirin 9030's L0A/L0B/L0C are smaller).
ROOM = {"L1": 512 << 10, "L0A": 64 << 10, "L0B": 64 << 10, "L0C": 128 << 10,
        "BT": 1 << 10, "L0A_MX": 4 << 10, "L0B_MX": 4 << 10}
ROOM_9030 = dict(ROOM, L0A=32 << 10, L0B=32 << 10, L0C=64 << 10)


def level_bytes(args):
    """Bytes each memory level holds for a kernel's arguments, each
    rounded up to 512 B (every level's start alignment divides it)."""
    need = {}
    for _, typ, init, out in args:
        if "#ascube.mem<" not in typ:
            continue
        level = typ.split("#ascube.mem<", 1)[1].split(">", 1)[0]
        nbytes = storage_bytes(typ)
        need[level] = need.get(level, 0) + up(nbytes, 512)
    return need


def shape_elem(typ):
    """The shape and element type of a memref type's text."""
    dims = typ.split("<", 1)[1].split(",", 1)[0].split("x")
    return [int(d) for d in dims[:-1]], dims[-1].split(">")[0]


BITS_OF = {v[0]: v[1] for v in ELEM.values()}  # MLIR spelling -> bits


def storage_elements(typ):
    """Elements of a buffer's storage (its memref type's text), its matrix
    padded to whole fractals as the layout attribute describes
    (#ascube.layout): 16 x 16 in L0C whatever the type, ScaleA 16 x 2,
    ScaleB 2 x 16, SparseIndex 8 x 16, C0 x 16 for Zn, 16 x C0 for the
    other fractal formats (C0 = 32 B)."""
    shape, elem = shape_elem(typ)
    if len(shape) != 2:
        return int(np.prod(shape))
    rows, cols = shape
    c0 = 256 // BITS_OF[elem]
    if "layout<" not in typ:
        fr, fc = 1, 1
    elif "mem<L0C>" in typ:
        fr, fc = 16, 16
    elif "ScaleA" in typ:
        fr, fc = 16, 2
    elif "ScaleB" in typ:
        fr, fc = 2, 16
    elif "SparseIndex" in typ:
        fr, fc = 8, 16
    elif "layout<Zn>" in typ:
        fr, fc = c0, 16
    else:
        fr, fc = 16, c0
    return up(rows, fr) * up(cols, fc)


def storage_bytes(typ):
    """Bytes of a buffer's storage (storage_elements), 4-bit types two a
    byte."""
    return up(storage_elements(typ) * BITS_OF[shape_elem(typ)[1]], 8) // 8


def raw(rng, typ):
    """Random bytes filling a buffer's storage: every code."""
    return rng.integers(0, 256, storage_bytes(typ), dtype=np.uint8)


def up(a, b):
    return -(-a // b) * b


def data(rng, t, count):
    """`count` elements of type `t` as raw storage: for f16/bf16/f32 mostly
    well-formed values (subnormals, huge values, zeros, -0) and otherwise
    random bits (infinities, NaN); integers and 8-bit float codes span
    every code."""
    mlir, bits, kind = ELEM[t]
    nbytes = up(count * bits, 8) // 8
    if kind and rng.random() < 0.7:
        width = np.uint16 if bits == 16 else np.uint32
        codes = encode(random_values(rng, kind, (count,)), t).view(width)
        codes[rng.random(count) < 0.05] = width(1 << (bits - 1))  # -0
        return codes
    return rng.integers(0, 256, nbytes, dtype=np.uint8)


# --integer: only the rows with an integer C (the integer dot-product forms).
INTEGER_ONLY = False


def mmad_kernel(rng, name, product):
    """A random mmad of a table row the product has: its function text,
    arguments (name, type, input bytes or None, output numpy dtype or
    None) and coverage keys."""
    rows = [r for r in ROWS if product in r[3] and (not INTEGER_ONLY or r[2] in ("i32", "ui32"))]
    at, bt, ct, _ = rows[rng.integers(len(rows))]
    ta, abits, _ = ELEM[at]
    tb, tc = ELEM[bt][0], ELEM[ct][0]
    c0 = 256 // abits
    keys = [f"row {at} x {bt} -> {ct} {product}"]
    m = 1 if rng.random() < 0.15 else int(rng.integers(1, 81))
    k = int(rng.integers(1, 161))
    n = int(rng.integers(1, 81))
    if at == "i4":
        k += k % 2
    attrs = [f"m = {m} : i64", f"k = {k} : i64", f"n = {n} : i64"]
    kalign = at == "f32" and product in KALIGN and rng.random() < 0.4
    if kalign:
        attrs.append("kDirectionAlign = true")
        keys.append("kDirectionAlign")
    disable = product in P950 and m == 1 and rng.random() < 0.5
    if disable:
        attrs.append("disableGemv = true")
        keys.append("disableGemv")
    gemv = m == 1 and not disable
    if at == "f32" and product in HF32 and rng.random() < 0.4:
        attrs.append(f"hf32 = #ascube.hf32<{rng.choice(['nearest_even', 'nearest_away'])}>")
        keys.append("hf32")
    acc = rng.random() < 0.3
    # Rows with a bias: every f32 / i32 row of the products with a bias
    # table except int4 (and ui8, on products without one).
    bias = (not acc and product in BIAS and ct in ("f32", "i32") and at != "i4"
            and rng.random() < 0.3)
    if acc:
        attrs.append("cmatrixInitVal = false")
        keys.append("accumulate")
    # Buffers: the grids m, k, n address (mmad_c8), sometimes with logical
    # shapes larger than m, k, n inside them (the padding left alone).
    pad = rng.random() < 0.4
    grow = lambda v, a: int(rng.integers(v, up(v, a) + 1)) if pad else v
    kk = up(k, 16) if kalign else grow(k, c0)
    nb = grow(n, 16)
    aNz = product in P950
    if gemv:
        keys.append("gemv")
        frac = 512 * 8 // abits
        a_ty = f"memref<1x{up(k, frac)}x{ta}, #ascube.mem<L0A>>"
        mc = int(rng.integers(1, 17)) if pad else 1
    else:
        ma = grow(m, 16)
        a_ty = f"memref<{ma}x{kk}x{ta}, #ascube.layout<{'Nz' if aNz else 'Zz'}>, #ascube.mem<L0A>>"
        mc = grow(m, 16)
    if (kk, nb) != (k, n) or (not gemv and ma != m) or mc != (1 if gemv else m):
        keys.append("padded buffers")
    if m % 16 and n % 16 and k % c0:
        keys.append("tails in m, k and n")
    b_ty = f"memref<{kk}x{nb}x{tb}, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    c_ty = f"memref<{mc}x{nb}x{tc}, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    np_c = {"f32": np.float32, "i32": np.int32, "ui32": np.uint32, "f16": np.float16}[ct]
    args = [("A", a_ty, data(rng, at, storage_elements(a_ty)), None),
            ("B", b_ty, data(rng, bt, storage_elements(b_ty)), None)]
    use = ""
    if bias:
        keys.append("bias")
        bias_ty = f"memref<{up(nb, 16)}x{tc}, #ascube.mem<BT>>"
        args.append(("BIAS", bias_ty, data(rng, ct, storage_elements(bias_ty)), None))
        use = f" bias %BIAS : {bias_ty}"
    args.append(("C", c_ty, data(rng, ct, storage_elements(c_ty)) if acc else None, np_c))
    text = (f"  func.func @{name}(" + ", ".join(f"%{a}: {t}" for a, t, _, _ in args) + ") {\n"
            f"    ascube.mmad %A, %B to %C{use} {{{', '.join(attrs)}}} : {a_ty}, {b_ty} to {c_ty}\n"
            "    return\n  }")
    return text, args, keys


def mx_kernel(rng, name):
    """A random mmad_mx on 950 with L0 arguments: fp8 or fp4 pairs, m and n
    tails, a bias table of n elements (n not a multiple of 16) or
    accumulation."""
    pair = ["e4m3", "e5m2"] if rng.random() < 0.5 else ["e2m1", "e1m2"]
    fa, fb = (str(rng.choice(pair)) for _ in range(2))
    m, n = int(rng.integers(1, 49)), int(rng.integers(1, 49))
    k = 64 * int(rng.integers(1, 4))
    m16, n16, ks = up(m, 16), up(n, 16), k // 32
    a_ty = f"memref<{m}x{k}x{mx.MLIR[fa]}, #ascube.layout<Nz>, #ascube.mem<L0A>>"
    b_ty = f"memref<{k}x{n}x{mx.MLIR[fb]}, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    sa_ty = f"memref<{m16}x{ks}xf8E8M0FNU, #ascube.layout<ScaleA>, #ascube.mem<L0A_MX>>"
    sb_ty = f"memref<{ks}x{n16}xf8E8M0FNU, #ascube.layout<ScaleB>, #ascube.mem<L0B_MX>>"
    c_ty = f"memref<{m}x{n}xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>"

    def scales(count):  # near 2^0, some extreme, some NaN (0xFF)
        return np.where(rng.random(count) < 0.1, rng.integers(0, 256, count),
                        rng.integers(112, 142, count)).astype(np.uint8)

    keys = [f"mx {fa} x {fb}"]
    mode = rng.choice(["bias", "acc", "zero"])
    args = [("A", a_ty, raw(rng, a_ty), None),
            ("SA", sa_ty, scales(storage_elements(sa_ty)), None),
            ("B", b_ty, raw(rng, b_ty), None),
            ("SB", sb_ty, scales(storage_elements(sb_ty)), None)]
    use, attrs = "", ""
    if mode == "bias":
        bias_ty = f"memref<{n}xf32, #ascube.mem<BT>>"
        args.append(("BIAS", bias_ty, data(rng, "f32", storage_elements(bias_ty)), None))
        use = f" bias %BIAS : {bias_ty}"
        keys.append("mx bias" + (" tail" if n % 16 else ""))
    elif mode == "acc":
        attrs = " {cmatrixInitVal = false}"
        keys.append("mx accumulate")
    if m % 16 and n % 16:
        keys.append("mx tails in m and n")
    args.append(("C", c_ty, data(rng, "f32", storage_elements(c_ty)) if mode == "acc" else None,
                 np.float32))
    text = (f"  func.func @{name}(" + ", ".join(f"%{a}: {t}" for a, t, _, _ in args) + ") {\n"
            f"    ascube.mmad_mx %A, %SA, %B, %SB to %C{use}{attrs} : {a_ty}, {sa_ty}, {b_ty}, {sb_ty} to {c_ty}\n"
            "    return\n  }")
    return text, args, keys


def sparse_kernel(rng, name):
    """load_sparse + mmad_sparse on A2 with L1 and L0 arguments: B' and its
    4:2 indices (0, 1 or 2: sparse_c3) in L1, A in L0A, C in L0C."""
    m = int(rng.integers(2, 49))  # m = 1 has no GEMV here (mmadsparse_c4)
    k, n = 64 * int(rng.integers(1, 4)), 16 * int(rng.integers(1, 4))
    kd = k // 2
    a_ty = f"memref<{m}x{k}xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>"
    bp_ty = f"memref<{kd}x{n}xi8, #ascube.layout<Zn>, #ascube.mem<L1>>"
    ix_ty = f"memref<{kd // 4}x{n}xui8, #ascube.layout<SparseIndex>, #ascube.mem<L1>>"
    b0_ty = f"memref<{kd}x{n}xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    c_ty = f"memref<{m}x{n}xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    idx = rng.integers(0, 3, (kd * n, 4))
    packed = (idx[:, 0] | (idx[:, 1] << 2) | (idx[:, 2] << 4) | (idx[:, 3] << 6))
    acc = rng.random() < 0.3
    args = [("A", a_ty, raw(rng, a_ty), None),
            ("BP", bp_ty, raw(rng, bp_ty), None),
            ("IDX", ix_ty, packed[:kd * n // 4].astype(np.uint8), None),
            ("B0", b0_ty, np.zeros(kd * n, np.uint8), None),  # load_sparse writes it
            ("C", c_ty, data(rng, "i32", storage_elements(c_ty)) if acc else None, np.int32)]
    attrs = f"k = {k} : i64" + (", cmatrixInitVal = false" if acc else "")
    # The L0B buffer at a fixed place (sparse_c1): run_batch fills in @OFF@.
    text = (f"  func.func @{name}(" + ", ".join(
        f"%{a}: {t}" + (" {ascube.offset = @OFF@ : i64}" if a == "B0" else "")
        for a, t, _, _ in args) + ") {\n"
            f"    ascube.load_sparse %BP, %IDX to %B0 : {bp_ty}, {ix_ty} to {b0_ty}\n"
            f"    ascube.mmad_sparse %A, %B0 to %C {{{attrs}}} : {a_ty}, {b0_ty} to {c_ty}\n"
            "    return\n  }")
    return text, args, ["sparse"] + (["sparse accumulate"] if acc else [])


def load3d_kernels(rng):
    """load3d_window.py's LoadData 3D windows (repeats, padding values,
    transposed windows, int4, 950's dstStride) on random feature maps and
    random B: (product, text, args, keys) each."""
    out = []
    for i, (prod, t, fm_shape, kern, stride, dil, pads, pv, win) in enumerate(load3d_window.CASES):
        g = dict(kernel=(kern[0], kern[1] + (256 if win.get("filterSizeW") else 0)),
                 stride=stride, dil=dil, pads=pads)
        rows, cols = load3d_window.expected(
            np.zeros(fm_shape + (load3d_window.C0[t],)), g, pv, win).shape
        n = cols + 16
        text = load3d_window.kernel(prod, t, fm_shape, kern, g, pv, win, rows, cols, n)
        func, _ = func_of(text, f"w{i}")
        c1, h, w = fm_shape
        c0 = load3d_window.C0[t]
        acc = load3d_window.ACC[t]
        args = [("FM", f"memref<1x{c1}x{h}x{w}x{c0}x{t}>", data(rng, t, c1 * h * w * c0), None),
                ("BT", f"memref<{n}x{cols}x{t}>", data(rng, t, n * cols), None),
                ("C", f"memref<{rows}x{n}x{acc}>", None,
                 np.float32 if acc == "f32" else np.int32)]
        out.append((prod, func, args, [f"load_3d {prod} {t}"]))
    return out


def run_batch(runner, d, product, sat, kernels, fast_flags=()):
    """One module of `kernels` (name, text, args, keys) with an entry
    calling each, run fast and with --reference-mmad; returns the failures
    and the outputs compared."""
    attrs = f"ascube.target = #ascube.target<{product}>"
    if sat:
        attrs += ", ascube.overflow = #ascube.overflow<saturation>"
    entry, calls, cmd_in, outputs, funcs = [], [], [], [], []
    os.makedirs(d, exist_ok=True)
    l0b = 0  # the sparse kernels' L0B buffers, one after another
    for name, text, args, _ in kernels:
        names = []
        for arg, typ, init, out in args:
            attr = ""
            if arg == "B0":
                attr = f" {{ascube.offset = {l0b} : i64}}"
                text = text.replace("@OFF@", str(l0b))
                l0b += up(storage_bytes(typ), 512)
            entry.append(f"%{name}_{arg}: {typ}{attr}")
            names.append(f"%{name}_{arg}")
            if init is not None:
                path = f"{d}/{name}_{arg}.bin"
                np.asarray(init).tofile(path)
                cmd_in += ["--input", f"{name}_{arg}={path}"]
            if out is not None:
                outputs.append((f"{name}_{arg}", out))
        types = ", ".join(t for _, t, _, _ in args)
        calls.append(f"    func.call @{name}({', '.join(names)}) : ({types}) -> ()")
        funcs.append(text)
    text = "\n".join([f"module attributes {{{attrs}}} {{"] + funcs + [
        f"  func.func @all({', '.join(entry)}) {{"] + calls + [
        "    return", "  }", "}"]) + "\n"
    with open(d + "/batch.mlir", "w") as f:
        f.write(text)
    for mode, extra in (("fast", list(fast_flags)), ("reference", ["--reference-mmad"])):
        cmd = [runner, d + "/batch.mlir", "--entry", "all"] + extra + cmd_in
        for arg, _ in outputs:
            cmd += ["--output", f"{arg}={d}/{arg}.{mode}.bin"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            print(f"FAILED {mode} run of {d}\n{r.stdout}{r.stderr}")
            return len(kernels), 0
    failures = 0
    for arg, dt in outputs:
        fast = np.fromfile(f"{d}/{arg}.fast.bin", dt)
        ref = np.fromfile(f"{d}/{arg}.reference.bin", dt)
        if not same_bits(fast, ref):
            failures += 1
            width = {2: np.uint16, 4: np.uint32}[fast.itemsize]
            bad = np.flatnonzero(fast.view(width) != ref.view(width))
            print(f"FAILED {arg} ({d}/batch.mlir): differs at storage element {bad[0]} "
                  f"(fast {fast.view(width)[bad[0]]:#x} reference {ref.view(width)[bad[0]]:#x})")
    return failures, len(outputs)


def main():
    o = options(("--count", dict(type=int, default=600)),
                ("--batch", dict(type=int, default=60)),
                ("--seed", dict(type=int, default=20261203)),
                ("--integer", dict(action="store_true")),
                ("--fast-flag", dict(action="append", default=[])))
    global INTEGER_ONLY
    INTEGER_ONLY = o.integer
    rng = np.random.default_rng(o.seed)
    products = sorted({p for r in ROWS for p in r[3] if not o.integer or r[2] in ("i32", "ui32")})
    groups, covered = {}, {}
    for i in range(o.count):
        pick, what = rng.random(), ""
        if o.integer:
            product = str(rng.choice(products))
            text, args, keys = mmad_kernel(rng, f"m{i}", product)
        elif pick < 0.1:
            product, (text, args, keys) = "ascend950pr", mx_kernel(rng, f"x{i}")
        elif pick < 0.17:
            product, (text, args, keys) = "atlas_a2", sparse_kernel(rng, f"s{i}")
            what = "sparse"
        else:
            product = str(rng.choice(products))
            text, args, keys = mmad_kernel(rng, f"m{i}", product)
        # The saturating mode where a product has both (it is the only one
        # of 310B, 310P and 910A).
        sat = product in BOTH_MODES and bool(rng.random() < 0.3)
        if sat and any(k.endswith(("-> f32 " + product, "-> f16 " + product)) for k in keys):
            keys = keys + ["saturation of a float C"]
        groups.setdefault((product, sat, what), []).append((text, args, keys))
    # LoadData 3D kernels allocate their own buffers: batches of their own.
    for prod, func, args, keys in [] if o.integer else load3d_kernels(rng):
        groups.setdefault((prod, False, "load_3d"), []).append((func, args, keys))
    failures = compared = 0
    for (product, sat, what), kernels in sorted(groups.items()):
        # Batches of at most --batch kernels whose arguments fit each level.
        room = ROOM_9030 if product == "kirin_9030" else ROOM
        batches, used = [[]], {}
        for text, args, keys in kernels:
            need = level_bytes(args)
            if len(batches[-1]) == o.batch or any(
                    used.get(l, 0) + v > room[l] for l, v in need.items()):
                batches.append([])
                used = {}
            for l, v in need.items():
                used[l] = used.get(l, 0) + v
            name = text.split("@", 1)[1].split("(", 1)[0]
            batches[-1].append((name, text, args, keys))
            for key in keys:
                covered[key] = covered.get(key, 0) + 1
        for b, chunk in enumerate(batches):
            d = os.path.join(o.out, f"{product}_{int(sat)}{what}_{b}")
            f, c = run_batch(o.runner, d, product, sat, chunk, o.fast_flag)
            failures += f
            compared += c
    for key in sorted(covered):
        print(f"covered {key}: {covered[key]}")
    print(f"{compared} outputs compared, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
