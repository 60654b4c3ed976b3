"""Random linalg.matmul programs through ascube-tile-linalg, run on the CPU.

Each case writes a function with linalg.fill (zero) and linalg.matmul on GM
memrefs, maps it onto a product with `ascube-opt --ascube-tile-linalg`
(report=true, which names the chosen tile), runs the Cube program with
ascube-run and compares C bit for bit with a plain numpy product in the
Cube's documented order (cubetest.reference_matmul: f32 accumulation in k
order, exact integer sums saturated once). An f16 C (Kirin) is rounded to
f16 at the end of every Mmad, i.e. of every K chunk of the chosen tiling.
No fractal layout appears here.
"""
import math
import os
import random
import shutil
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from cubetest import encode, options, random_values, reference_matmul, run, Tally  # noqa: E402

MLIR = {"f16": "f16", "bf16": "bf16", "f32": "f32", "i8": "i8",
        "e4m3": "f8E4M3FN", "e5m2": "f8E5M2", "e2m1": "f4E2M1FN"}
# (product, input type, C type): rows of each product's Mmad table.
CONFIGS = [
    ("atlas_a2", "f16", "f32"), ("atlas_a2", "bf16", "f32"),
    ("atlas_a2", "f32", "f32"), ("atlas_a2", "i8", "i32"),
    ("ascend950pr", "f16", "f32"), ("ascend950pr", "bf16", "f32"),
    ("ascend950pr", "f32", "f32"), ("ascend950pr", "i8", "i32"),
    ("kirin_9030", "f16", "f16"), ("kirin_x90", "i8", "i32"),
    ("kirin_x90", "f16", "f16"),
    # fp8 on 950: A of this type, B of either fp8 type (all four pairs are
    # Mmad rows).
    ("ascend950pr", "e4m3", "f32"), ("ascend950pr", "e5m2", "f32"),
    # No ND2NZ: rows of A and B as stored in whole 32 B blocks (tile_c4).
    ("atlas_200i_500_a2", "f16", "f32"), ("atlas_200i_500_a2", "i8", "i32"),
]
# fp4 e2m1 on 950 (MmadMx with unit scales; --only e2m1): kept apart so
# that the rows above draw the cases they always drew.
FP4_CONFIGS = [("ascend950pr", "e2m1", "f32")]
# Products whose Cube saturates float overflow (docs/Rationale.md): no
# inputs whose sums overflow there. (Atlas 200I/500 A2 has no ND2NZ: the
# pass refuses it, tile_c4.)
SATURATING = {"atlas_200i_500_a2"}
# Products whose Mmad has kDirectionAlign (K padded to 16 for an f32 A held
# transposed).
KDIRECTION = {"atlas_a2", "atlas_a3"}
PRIMES = [2, 3, 5, 7, 13, 17, 31, 61, 127, 251, 257, 509, 1021, 1999]


def fp8_table(t):
    """The value of every non-NaN, finite code of e4m3fn / e5m2 (cube-
    reference §17), by code (0x00..0x7E / 0x00..0x7B: increasing)."""
    man, bias, top = {"e4m3": (3, 7, 0x7E), "e5m2": (2, 15, 0x7B)}[t]
    vals = []
    for code in range(top + 1):
        e, f = code >> man, code & ((1 << man) - 1)
        vals.append(np.ldexp(f / (1 << man), 1 - bias) if e == 0
                    else np.ldexp(1 + f / (1 << man), e - bias))
    return np.array(vals)


def fp8_values(rng, t, shape):
    """Random finite fp8 values of every exponent (zeros and subnormals
    too), both signs."""
    table = fp8_table(t)
    return table[rng.integers(0, len(table), shape)] * rng.choice([-1.0, 1.0], shape)


def fp8_encode(v, t):
    """fp8 values -> their codes (sign bit 7)."""
    v = np.ascontiguousarray(v)
    idx = np.searchsorted(fp8_table(t), np.abs(v))
    return (idx | (np.signbit(v).astype(np.int64) << 7)).astype(np.uint8)


# fp4 e2m1 (cube-reference §17): sign bit 3, two exponent bits of bias 1,
# one mantissa bit; codes 0..7 are these magnitudes, all finite.
FP4_TABLE = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0])


def values(rng, t, shape, huge, top):
    if t == "e2m1":
        return FP4_TABLE[rng.integers(0, 8, shape)] * rng.choice([-1.0, 1.0], shape)
    return fp8_values(rng, t, shape) if t in FP8 else random_values(rng, t, shape, huge=huge, top=top)


def encoded(v, t):
    """Storage codes; e2m1 as one code per element (packed at the end,
    fp4_pack: rows of an even count keep matrices whole bytes)."""
    if t == "e2m1":
        v = np.ascontiguousarray(v)
        code = np.searchsorted(FP4_TABLE, np.abs(v))
        return (code | (np.signbit(v).astype(np.int64) << 3)).astype(np.uint8)
    return fp8_encode(v, t) if t in FP8 else encode(v, t)


def fp4_pack(codes):
    """4-bit codes two per byte, element 2i in the low nibble."""
    c = np.asarray(codes, np.uint8).ravel()
    return (c[0::2] & 0xF) | ((c[1::2] & 0xF) << 4)


FP8 = ("e4m3", "e5m2")


def epilogue(epi, ct, tc, shape, swap, bias_dim=-1):
    """The linalg.generic ops of an epilogue on C (`epi`: "bias", "relu",
    "bias+relu" in one generic, "bias,relu" in two): C[..., n] += bias[n]
    (n: dimension `bias_dim` of C, the channels) and C = max(C, 0), with
    the operands in either order (`swap`)."""
    if not epi:
        return ""
    bias_dim %= len(shape)
    dims = ", ".join(f"d{i}" for i in range(len(shape)))
    ident, last = f"affine_map<({dims}) -> ({dims})>", f"affine_map<({dims}) -> (d{bias_dim})>"
    iters = ", ".join(['"parallel"'] * len(shape))
    add, mx = ("arith.addi", "arith.maxsi") if ct.startswith("i") else ("arith.addf", "arith.maximumf")
    tb = f"memref<{shape[bias_dim]}x{ct}>"

    def relu_of(x):
        return f"{mx} %z, {x} : {ct}" if swap else f"{mx} {x}, %z : {ct}"
    text = ""
    if "bias" in epi:
        s = f"{add} %b, %c : {ct}" if swap else f"{add} %c, %b : {ct}"
        body = f"    %s = {s}\n"
        res = "%s"
        if epi == "bias+relu":
            body += f"    %r = {relu_of('%s')}\n"
            res = "%r"
        text += (f"  linalg.generic {{indexing_maps = [{last}, {ident}], iterator_types = [{iters}]}}\n"
                 f"      ins(%bias : {tb}) outs(%C : {tc}) {{\n  ^bb0(%b: {ct}, %c: {ct}):\n{body}"
                 f"    linalg.yield {res} : {ct}\n  }}\n")
    if epi in ("relu", "bias,relu"):
        text += (f"  linalg.generic {{indexing_maps = [{ident}], iterator_types = [{iters}]}}\n"
                 f"      outs(%C : {tc}) {{\n  ^bb0(%c: {ct}):\n    %r = {relu_of('%c')}\n"
                 f"    linalg.yield %r : {ct}\n  }}\n")
    return text


def bias_arg(epi, ct, n):
    return f" %bias: memref<{n}x{ct}>," if "bias" in epi else ""


def choose_epilogue(seed, i, bias):
    """A quarter of the cases end in an epilogue: a bias add (where `bias`:
    one folds in) and/or a ReLU, with the operands in either order. Its own
    random stream: the other cases are as without them. Returns (epilogue,
    swap)."""
    ernd = random.Random(seed * 1000 + i)
    swap = ernd.random() < 0.5
    if ernd.random() >= 0.25:
        return "", swap
    return ernd.choice(["bias", "relu", "bias+relu", "bias,relu"] if bias else ["relu"]), swap


def write_bias(seed, i, epi, ct, n, path):
    """The bias of an epilogue with one (n values of C's type, written to
    `path`), or None."""
    if "bias" not in epi:
        return None
    erng = np.random.default_rng(seed * 1000 + i)
    if ct == "i32":
        bias = erng.integers(-2**20, 2**20, n)
        bias.astype(np.int32).tofile(path)
        return bias
    # (An f16 bias, of an f16 output: NCHW on Kirin.)
    bias = random_values(erng, ct, (n,), huge=False)
    bias.astype(np.float16 if ct == "f16" else np.float32).tofile(path)
    return bias


def relu(want, epi):
    """Fixpipe's ReLU when the epilogue has one: x < 0 -> 0 (-0.0 and NaN
    stay)."""
    return np.where(want < 0, np.zeros((), want.dtype), want) if "relu" in epi else want


def choose_requant(seed, i, ct, k):
    """About a third of the int32 cases end in a requantization to int8
    (ascube folds it into Fixpipe REQ8): a scale with a 10-bit mantissa
    sized so that K products land around the int8 range, an offset in a
    third of them (with the clip to [-256, 255] before the rounding it
    needs; the clip in half of the others too), C a local alloc or an
    argument written as well, the clamps as minimumf/maximumf or
    minnumf/maxnumf, nested either way; a third to unsigned bytes (u8:
    a clamp to [0, 255] and fptoui; its own stream). Own random stream.
    None or a dict."""
    if ct != "i32":
        return None
    qrnd = random.Random(seed * 3571 + i)
    if qrnd.random() >= 0.35:
        return None
    e = math.floor(math.log2(60 / (5000 * math.sqrt(k) + 1))) + qrnd.randint(-1, 2)
    scale = np.float32(np.ldexp(1 + qrnd.randint(0, 1023) / 1024, e))
    off = qrnd.randint(-40, 40) if qrnd.random() < 0.33 else 0
    return {"scale": scale, "off": off, "clip": off != 0 or qrnd.random() < 0.5,
            "local": qrnd.random() < 0.5, "swap": qrnd.random() < 0.5,
            "ops": qrnd.choice([("arith.minimumf", "arith.maximumf"),
                                ("arith.minnumf", "arith.maxnumf")]),
            "nest": qrnd.random() < 0.5,
            "u8": random.Random(seed * 7907 + i).random() < 0.33}


def requant_generic(rq, out, tc, tq, rank):
    """The linalg.generic requantizing `out` (i32) into %Q (i8) as `rq`
    says: sitofp, mulf by the scale, [clamp to [-256, 255]], roundeven,
    [+ offset], clamp to [-128, 127] and fptosi (u8: to [0, 255] and
    fptoui)."""
    dims = ", ".join(f"d{j}" for j in range(rank))
    ident = f"affine_map<({dims}) -> ({dims})>"
    mn, mx = rq["ops"]
    lines = []

    def clamp(v, lo, hi, name):
        lines.append(f"    %{name}lo = arith.constant {lo:.1f} : f32")
        lines.append(f"    %{name}hi = arith.constant {hi:.1f} : f32")
        if rq["nest"]:
            lines.append(f"    %{name}1 = {mx} {v}, %{name}lo : f32")
            lines.append(f"    %{name}2 = {mn} %{name}1, %{name}hi : f32")
        else:
            lines.append(f"    %{name}1 = {mn} %{name}hi, {v} : f32")
            lines.append(f"    %{name}2 = {mx} %{name}lo, %{name}1 : f32")
        return f"%{name}2"
    bits = int(np.array(rq["scale"], np.float32).view(np.uint32))
    lines.append(f"    %qs = arith.constant 0x{bits:08X} : f32")
    lines.append("    %qf = arith.sitofp %qc : i32 to f32")
    lines.append("    %qy = arith.mulf %qs, %qf : f32" if rq["swap"] else
                 "    %qy = arith.mulf %qf, %qs : f32")
    y = clamp("%qy", -256, 255, "qp") if rq["clip"] else "%qy"
    lines.append(f"    %qr = math.roundeven {y} : f32")
    r = "%qr"
    if rq["off"]:
        lines.append(f"    %qo = arith.constant {rq['off']:.1f} : f32")
        lines.append("    %qr2 = arith.addf %qo, %qr : f32" if rq["swap"] else
                     "    %qr2 = arith.addf %qr, %qo : f32")
        r = "%qr2"
    if rq.get("u8"):
        sat = clamp(r, 0, 255, "qq")
        lines.append(f"    %qi = arith.fptoui {sat} : f32 to i8")
    else:
        sat = clamp(r, -128, 127, "qq")
        lines.append(f"    %qi = arith.fptosi {sat} : f32 to i8")
    body = "\n".join(lines)
    iters = ", ".join(['"parallel"'] * rank)
    return (f"  linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = "
            f"[{iters}]}}\n"
            f"      ins(%{out} : {tc}) outs(%Q : {tq}) {{\n  ^bb0(%qc: i32, %qq: i8):\n{body}\n"
            f"    linalg.yield %qi : i8\n  }}\n")


def add_requant(text, rq, out, shape):
    """The kernel `text` with its i32 output %`out` requantized into a new
    last argument %Q: `out` becomes a local alloc (rq["local"]) or stays an
    argument."""
    tc = f"memref<{'x'.join(map(str, shape))}xi32>"
    tq = tc.replace("xi32>", "xi8>")
    sig = f"%{out}: {tc})"
    assert sig in text
    if rq["local"]:
        text = text.replace(sig, f"%Q: {tq})", 1)
        text = text.replace(") {\n", f") {{\n  %{out} = memref.alloc() : {tc}\n", 1)
    else:
        text = text.replace(sig, f"%{out}: {tc}, %Q: {tq})", 1)
    at = text.rindex("  return\n")
    return text[:at] + requant_generic(rq, out, tc, tq, len(shape)) + text[at:]


def requant_golden(acc, rq):
    """What the requantizing generic computes from the int32 result: in
    f32, x * scale, [clip], round half to even, [+ offset], clamp, to
    int8 (u8: clamped to [0, 255], the bytes of uint8)."""
    y = acc.astype(np.float32) * rq["scale"]
    if rq["clip"]:
        y = np.clip(y, np.float32(-256), np.float32(255))
    r = np.rint(y)
    if rq["off"]:
        r = r + np.float32(rq["off"])
    if rq.get("u8"):
        return np.clip(r, np.float32(0), np.float32(255)).astype(np.uint8)
    return np.clip(r, np.float32(-128), np.float32(127)).astype(np.int8)


def finish_case(tally, o, d, label, ok, log, name, rq, acc):
    """Reports one case: with a requantization that keeps C (an argument,
    `name`), C as written must equal the int32 result (`acc`) too. The long
    run (--clean) keeps the directories of failing cases only."""
    if ok and rq and not rq["local"]:
        got = np.fromfile(f"{d}/{name}.bin", np.int32)
        if not np.array_equal(got, acc.astype(np.int32).ravel()):
            ok, log = False, log + f"{name} (kept beside the requantized Q) differs from the golden\n"
    tally.report(label + (" requantized" if rq else ""), ok, log)
    if o.clean and ok:
        shutil.rmtree(d)


def cover_requant(covered, rq):
    if rq:
        for name, on in (("requantization", True), ("requantization with offset", rq["off"]),
                         ("requantization keeping C", not rq["local"]),
                         ("requantization to u8", rq.get("u8"))):
            if on:
                covered[name] = covered.get(name, 0) + 1


def vector_kernel(vec, t, t2, ct, k, n, epi="", swap=False):
    """linalg.matvec (y[n] += A[n, k] x[k]: the matrix is B held N x K) or
    linalg.vecmat (y[n] += x[k] A[k, n]); x of type `t`, the matrix `t2`."""
    zero = "0" if ct.startswith("i") else "0.0"
    tx, tm, ty = f"memref<{k}x{MLIR[t]}>", f"memref<{{}}x{MLIR[t2]}>", f"memref<{n}x{ct}>"
    if vec == "matvec":
        first, second = tm.format(f"{n}x{k}"), tx
    else:
        first, second = tx, tm.format(f"{k}x{n}")
    return f"""func.func @k(%A: {first}, %B: {second},{bias_arg(epi, ct, n)} %C: {ty}) {{
  %z = arith.constant {zero} : {ct}
  linalg.fill ins(%z : {ct}) outs(%C : {ty})
  linalg.{vec} ins(%A, %B : {first}, {second}) outs(%C : {ty})
{epilogue(epi, ct, ty, [n], swap)}  return
}}
"""


def kernel(t, ct, m, k, n, batch, ta_, tb_, t2=None, epi="", swap=False, views=None):
    """linalg.matmul, or linalg.batch_matmul of `batch` matrices; A held
    K x M when `ta_`, B held N x K when `tb_` (MLIR 22 indexing maps).
    `views` (not with a batch): for some of "A", "B", "C", a (parent
    shape, origin) — the argument is the parent matrix and the op works on
    a memref.subview of it."""
    zero = "0" if ct.startswith("i") else "0.0"
    pre, op = (f"{batch}x", "linalg.batch_matmul") if batch else ("", "linalg.matmul")
    ash, bsh = (f"{k}x{m}" if ta_ else f"{m}x{k}"), (f"{n}x{k}" if tb_ else f"{k}x{n}")
    ta, tb, tc = (f"memref<{pre}{ash}x{MLIR[t]}>", f"memref<{pre}{bsh}x{MLIR[t2 or t]}>",
                  f"memref<{pre}{m}x{n}x{ct}>")
    sig = {"A": ta, "B": tb, "C": tc}
    subviews = ""
    for x in sorted(views or {}):
        (pr, pc), (r0, c0) = views[x]
        typ = {"A": ta, "B": tb, "C": tc}[x]
        rows, cols, el = re.match(r"memref<(\d+)x(\d+)x(\w+)>", typ).groups()
        parent = f"memref<{pr}x{pc}x{el}>"
        view = f"memref<{rows}x{cols}x{el}, strided<[{pc}, 1], offset: {r0 * pc + c0}>>"
        subviews += (f"  %{x}v = memref.subview %{x}[{r0}, {c0}] [{rows}, {cols}] [1, 1] : "
                     f"{parent} to {view}\n")
        sig[x] = parent
        if x == "A":
            ta = view
        elif x == "B":
            tb = view
        else:
            tc = view
    va, vb, vc = (f"%{x}v" if x in (views or {}) else f"%{x}" for x in "ABC")
    maps = ""
    if ta_ or tb_:
        d = "b, m, n, k" if batch else "m, n, k"
        lead = "b, " if batch else ""
        am = f"{lead}k, m" if ta_ else f"{lead}m, k"
        bm = f"{lead}n, k" if tb_ else f"{lead}k, n"
        maps = (f" indexing_maps = [affine_map<({d}) -> ({am})>, affine_map<({d}) -> ({bm})>, "
                f"affine_map<({d}) -> ({lead}m, n)>]")
    shape = ([batch] if batch else []) + [m, n]
    return f"""func.func @k(%A: {sig["A"]}, %B: {sig["B"]},{bias_arg(epi, ct, n)} %C: {sig["C"]}) {{
{subviews}  %z = arith.constant {zero} : {ct}
  linalg.fill ins(%z : {ct}) outs({vc} : {tc})
  {op}{maps} ins({va}, {vb} : {ta}, {tb}) outs({vc} : {tc})
{epilogue(epi, ct, tc, shape, swap).replace("%C ", vc + " ")}  return
}}
"""


def dim(rnd, big):
    """A size: 1, a prime, a multiple of 16 (+-1), or any, up to `big`."""
    r = rnd.random()
    if r < 0.1:
        return 1
    if r < 0.35:
        return rnd.choice([p for p in PRIMES if p <= big] or [1])
    if r < 0.6:
        return min(big, 16 * rnd.randint(1, max(1, big // 16)) + rnd.choice([-1, 0, 1]))
    return rnd.randint(1, big)


def reference(a, b, t, ct, kchunk, bias=None):
    """A x B in the Cube's order; with a bias, C starts from it (the bias
    table, before the first product; an f16 C, on Kirin, from its seed
    Mmad: 0 + bias x 1, a -0.0 bias as +0.0)."""
    c0 = None if bias is None else np.tile(bias, (a.shape[0], 1))
    if t in FP8 or t == "e2m1":
        # fp8 x fp8 and fp4 x fp4 products are exact in f32: the f32
        # order of the Cube.
        return reference_matmul(a, b, "f32", c0=c0)
    if ct != "f16":
        return reference_matmul(a, b, t, c0=c0)
    # f16 C: each Mmad (K chunk) adds onto C and rounds to f16 once.
    c = np.zeros((a.shape[0], b.shape[1]), np.float16)
    if bias is not None:
        c = c + np.asarray(c0, np.float16)
    for k0 in range(0, a.shape[1], kchunk):
        c = reference_matmul(a[:, k0:k0 + kchunk], b[k0:k0 + kchunk], t,
                             c0=c.astype(np.float32)).astype(np.float16)
    return c


def main():
    o = options(("--opt", {"required": True}), ("--clean", {"action": "store_true"}), ("--count", {"type": int, "default": 40}),
                ("--max", {"type": int, "default": 300}), ("--seed", {"type": int, "default": 20261201}),
                ("--only", {"default": ""}))
    rnd = random.Random(o.seed)
    rng = np.random.default_rng(o.seed)
    tally = Tally()
    covered = {}
    configs = [c for c in CONFIGS + FP4_CONFIGS if c[1] == o.only] if o.only else CONFIGS
    for i in range(o.count):
        prod, t, ct = configs[i % len(configs)]
        m, k, n = dim(rnd, o.max), dim(rnd, o.max), dim(rnd, o.max)
        # One case in five a batch_matmul of 1 to 4 matrices.
        batch = rnd.randint(1, 4) if rnd.random() < 0.2 else 0
        # A held transposed (f32 only where the Mmad has kDirectionAlign:
        # A2/A3; refused elsewhere, tile_c3) and B held transposed, each
        # in about a third of the cases.
        ta_ = (t != "f32" or prod in KDIRECTION) and rnd.random() < 0.3
        if t == "e2m1":
            # Rows of whole bytes (ND2NZ moves 4-bit data as bytes): K, N
            # and (A held K x M) M even.
            k, n = k + k % 2, n + n % 2
            if ta_:
                m = m + m % 2
        if ta_ and t == "f32":
            covered["f32 A held transposed"] = covered.get("f32 A held transposed", 0) + 1
        # B's type: an fp8 A meets either fp8 B.
        t2 = rnd.choice(FP8) if t in FP8 else t
        tb_ = rnd.random() < 0.3
        if t == "e2m1" and ta_ and not tb_:
            # A^T and B (K x N) both hold K in rows that ND2NZ does not pad:
            # K whole 64s (refused otherwise, tile_c3).
            k = -(-k // 64) * 64
        # One case in ten (not a batch) is linalg.matvec or linalg.vecmat:
        # M = 1, the matrix as B (held N x K for matvec).
        vec = ""
        if not batch and rnd.random() < 0.1:
            vec = rnd.choice(["matvec", "vecmat"])
            m, ta_, tb_ = 1, False, vec == "matvec"
            covered[vec] = covered.get(vec, 0) + 1
        if prod == "atlas_200i_500_a2":
            # Rows of A and B as stored in whole 32 B blocks (tile_c4): the
            # stored column counts rounded up to the C0 of the type.
            c0 = {"f16": 16, "i8": 32}[t]
            up = lambda v: -(-v // c0) * c0  # noqa: E731
            m, k = (up(m), k) if ta_ else (m, up(k))
            k, n = (up(k), n) if tb_ else (k, up(n))
            n = -(-n // 8) * 8  # a bias's f32/i32 row too
            covered["no ND2NZ (310B)"] = covered.get("no ND2NZ (310B)", 0) + 1
        # (Kirin has no Mmad bias, cmatrixSource: an f16 bias is seeded, an i32 one has no
        # Mmad row to seed it with.)
        epi, swap = choose_epilogue(o.seed, i, not prod.startswith("kirin") or ct == "f16")
        if epi:
            covered[f"epilogue {epi}"] = covered.get(f"epilogue {epi}", 0) + 1
            if "bias" in epi and prod.startswith("kirin"):
                key = "bias seeded by an Mmad (Kirin: ones x the bias row)"
                covered[key] = covered.get(key, 0) + 1
        rq = choose_requant(o.seed, i, ct, k)
        cover_requant(covered, rq)
        # One case in six (not a batch, a vector or a requantization) works
        # on views of larger GM matrices (memref.subview): each of A, B, C
        # in half of those, at a random origin with a random row pitch.
        views = {}
        vrnd = random.Random(o.seed * 7741 + i)
        if not batch and not vec and not rq and t != "e2m1" and vrnd.random() < 0.17:
            stored = {"A": (k, m) if ta_ else (m, k), "B": (n, k) if tb_ else (k, n), "C": (m, n)}
            for x in "ABC":
                if vrnd.random() < 0.5:
                    r, c = stored[x]
                    r0, c0 = vrnd.randint(0, 5), vrnd.randint(0, 40)
                    pc = c0 + c + vrnd.randint(0, 40)
                    if prod == "atlas_200i_500_a2":  # row pitches of whole 32 B
                        pc = -(-pc // 32) * 32
                    views[x] = ((r0 + r + vrnd.randint(0, 3), pc), (r0, c0))
            if views:
                covered["GM views"] = covered.get("GM views", 0) + 1
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        text = (vector_kernel(vec, t, t2, ct, k, n, epi, swap) if vec
                else kernel(t, ct, m, k, n, batch, ta_, tb_, t2, epi, swap, views))
        if rq:
            text = add_requant(text, rq, "C", [n] if vec else [batch, m, n] if batch else [m, n])
        with open(d + "/linalg.mlir", "w") as f:
            f.write(text)
        # One case in six (of those ascube-opt maps) forces the smallest
        # aligned tiles (or twice them): many tails, one-row (GEMV) tiles.
        forced = ""
        if i % 2 == 0 and rnd.random() < 0.33:
            c0 = {"f16": 16, "bf16": 16, "f32": 8, "i8": 32, "e4m3": 32, "e5m2": 32, "e2m1": 64}[t]
            al = (32 if c0 == 32 and ta_ else 16, 16 if tb_ else max(16, c0), max(16, c0))
            if t == "e2m1":
                # A^T in 64 x 64 squares; square A^T (m = k) and B^T
                # (n = k) chunks of 2 or 4 columns of 64.
                al = (128 if ta_ else 16, 128 if tb_ else 64, 128 if ta_ or tb_ else 64)
            if t == "e2m1":  # one factor: the squares stay square
                r = rnd.randint(1, 2)
                forced = " tile=" + ",".join(str(x * r) for x in al)
            else:
                sizes = [x * rnd.randint(1, 2) for x in al]
                # A held M x K and B held N x K: half of them hold 2 to 4
                # K steps in each L1 chunk (k_l1, docs/Tiling.md).
                # (A draw of its own: the other cases stay as drawn.)
                lrnd = random.Random(o.seed * 6151 + i)
                if not vec and tb_ and not ta_ and lrnd.random() < 0.5:
                    sizes.append(sizes[2] * lrnd.randint(2, 4))
                    covered["L1 chunks of several K steps"] = covered.get("L1 chunks of several K steps", 0) + 1
                forced = " tile=" + ",".join(str(x) for x in sizes)
            covered["forced small tiles"] = covered.get("forced small tiles", 0) + 1
        # 4-bit floats unforced keep the least-traffic rule's tiling, whose
        # square chunks of operands held transposed the suite covers (the
        # time's choice rarely takes them); the other types take the time's.
        if t == "e2m1" and not forced:
            forced = " objective=traffic"
        r = subprocess.run([o.opt, d + "/linalg.mlir",
                            f"--ascube-tile-linalg=product={prod} report=true{forced}",
                            "-o", d + "/kernel.mlir"], capture_output=True, text=True)
        label = (f"{vec + ' ' if vec else ''}{prod} {t}{' x ' + t2 if t2 != t else ''} -> {ct} {f'{batch} x ' if batch else ''}{m}x{n}x{k}"
                 f"{' A^T' if ta_ else ''}{' B^T' if tb_ else ''}")
        tile = re.search(r"tile m = (\d+), n = (\d+), k = (\d+)", r.stderr)
        if r.returncode != 0 or not tile:
            tally.report(label, False, r.stderr)
            continue
        tm, tn, tk = map(int, tile.groups())
        if t == "e2m1" and ta_ and m >= tm and k >= tk and tm == tk >= 128:
            # A^T's square chunk: its load_mx spelt out (docs/Tiling.md).
            covered["fp4 square A^T chunk"] = covered.get("fp4 square A^T chunk", 0) + 1
        if t == "e2m1" and tb_ and n >= tn and k >= tk and tn == tk >= 128:
            # B^T's square chunk: its load_mx spelt out (docs/Tiling.md).
            covered["fp4 square B^T chunk"] = covered.get("fp4 square B^T chunk", 0) + 1
        if not ta_ and (m % tm == 1 or tm == 1 or m == 1):
            covered["GEMV (one-row tile)"] = covered.get("GEMV (one-row tile)", 0) + 1
        for name, size, dimsize in (("M", tm, m), ("N", tn, n), ("K", tk, k)):
            if dimsize > size and dimsize % size:
                covered[f"tail in {name} after full tiles"] = covered.get(f"tail in {name} after full tiles", 0) + 1
        huge = prod not in SATURATING
        top = -4 if ct == "f16" else None
        nb = max(batch, 1)
        a = [values(rng, t, (m, k), huge, top) for _ in range(nb)]
        b = [values(rng, t2, (k, n), huge, top) for _ in range(nb)]
        xa = np.concatenate([encoded(x.T if ta_ else x, t).ravel() for x in a])
        xb = np.concatenate([encoded(x.T if tb_ else x, t2).ravel() for x in b])
        if t == "e2m1":
            xa, xb = fp4_pack(xa), fp4_pack(xb)
            covered["fp4 (MmadMx)"] = covered.get("fp4 (MmadMx)", 0) + 1
            if ta_:
                covered["fp4 A held transposed"] = covered.get("fp4 A held transposed", 0) + 1
        # A view's matrix sits in a parent of other random values (their
        # own stream: the other cases' data stay as they were).
        vrng = np.random.default_rng(o.seed * 7741 + i)
        for x, arr, ty, tr in (("A", a, t, ta_), ("B", b, t2, tb_)):
            if x in views:
                (pr, pc), (r0, c0) = views[x]
                par = values(vrng, ty, (pr, pc), huge, top)
                st = arr[0].T if tr else arr[0]
                par[r0:r0 + st.shape[0], c0:c0 + st.shape[1]] = st
                enc = encoded(par, ty).ravel()
                xa, xb = (enc, xb) if x == "A" else (xa, enc)
        # matvec's first operand is the matrix.
        (xb if vec == "matvec" else xa).tofile(d + "/A.bin")
        (xa if vec == "matvec" else xb).tofile(d + "/B.bin")
        if t in FP8:
            covered["fp8"] = covered.get("fp8", 0) + 1
        for flag, name in ((ta_, "A held transposed"), (tb_, "B held transposed")):
            if flag:
                covered[name] = covered.get(name, 0) + 1
        bias = write_bias(o.seed, i, epi, ct, n, d + "/bias.bin")
        want = relu(np.stack([reference(x, y, t, ct, tk, bias) for x, y in zip(a, b)]), epi)
        out, acc = "C", want
        if rq:
            want, out = requant_golden(want, rq), "Q"
        if "C" in views:
            # C's parent starts as other values: the program changes the
            # view only.
            (pr, pc), (r0, c0) = views["C"]
            cdt = want.dtype
            par = (vrng.integers(-1000, 1000, (pr, pc)).astype(cdt) if ct == "i32" else
                   vrng.uniform(-1, 1, (pr, pc)).astype(cdt))
            par.tofile(d + "/Cin.bin")
            par[r0:r0 + m, c0:c0 + n] = want.reshape(m, n)
            want = par
        want.tofile(d + "/golden.bin")
        if batch:
            covered["batch_matmul"] = covered.get("batch_matmul", 0) + 1
        # One case in three runs as 2 to 6 blocks (AI cores), each taking
        # its share of the output tiles: the same bits as one block.
        blocks = rnd.randint(2, 6) if rnd.random() < 0.33 else 1
        extra = ["--blocks", str(blocks)] if blocks > 1 else []
        # Every program keeps the flag model of its pipes (sync_c3-c8): its
        # flags order every pair of instructions the chip could reorder.
        extra += ["--check-sync"]
        if blocks > 1:
            covered["several blocks"] = covered.get("several blocks", 0) + 1
            if i % 2 == 0:  # half of those on 2 host threads (--threads)
                extra += ["--threads", "2"]
                covered["blocks on threads"] = covered.get("blocks on threads", 0) + 1
        ins = ["A", "B"] + (["bias"] if bias is not None else [])
        if "C" in views:
            extra += ["--input", f"C={d}/Cin.bin"]
        if rq and not rq["local"]:
            extra += ["--output", f"C={d}/C.bin"]
        if i % 2:
            # ascube-run maps the linalg kernel itself (--product).
            covered["linalg input to ascube-run"] = covered.get("linalg input to ascube-run", 0) + 1
            # (The mapped program kept for scripts/pipeline-outputs.sh.)
            if os.path.exists(d + "/kernel.mlir"):
                os.replace(d + "/kernel.mlir", d + "/mapped.mlir")
            os.replace(d + "/linalg.mlir", d + "/kernel.mlir")
            ok, log = run(o.runner, d, "k", ins, out, ["--product", prod] + extra,
                          dtype=want.dtype)
        else:
            ok, log = run(o.runner, d, "k", ins, out, extra, dtype=want.dtype)
        finish_case(tally, o, d, f"{label} (tile {tm}x{tn}x{tk})"
                    f"{f' on {blocks} blocks' if blocks > 1 else ''}", ok, log, "C", rq, acc)
    for key in sorted(covered):
        print(f"covered {key}: {covered[key]}")
    tally.finish("programs")


if __name__ == "__main__":
    main()
