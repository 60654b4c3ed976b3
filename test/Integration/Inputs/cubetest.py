"""Shared helpers of the execution test generators: element encodings,
random inputs, the reference product in the Cube's documented order, the
GM -> L1 -> L0 -> mmad -> fixpipe matmul kernel, and running a kernel with
ascube-run against a golden. Goldens are computed with plain numpy; nothing
here knows a fractal layout.
"""
import argparse
import os
import subprocess
import sys

import numpy as np

# Accumulator (L0C / output) type of each input type.
ACC = {"f16": "f32", "bf16": "f32", "f32": "f32", "i8": "i32", "i4": "i32"}
C0 = {"f16": 16, "bf16": 16, "f32": 8, "i8": 32, "i4": 64}


def encode(v, t):
    """Values -> the raw storage ascube-run reads: bf16 as its top 16 bits,
    int4 two per byte (element 2i in the low nibble)."""
    v = np.ascontiguousarray(v)
    if t == "bf16":
        return (v.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    if t == "i4":
        b = v.astype(np.int8).ravel().astype(np.uint8) & 0xF
        if b.size % 2:
            b = np.append(b, 0)
        return (b[0::2] | (b[1::2] << 4)).astype(np.uint8)
    return v.astype({"f16": np.float16, "f32": np.float32, "i8": np.int8}[t])


def nz(v, fr, fc):
    """A matrix in Nz storage order (fr x fc fractals, fractal columns one
    after another, rows inside a fractal contiguous), zero-padded to whole
    fractals: element (i, j) at (j // fc) * Rp * fc + i * fc + j % fc."""
    r, c = v.shape
    rp, cp = -(-r // fr) * fr, -(-c // fc) * fc
    p = np.zeros((rp, cp), v.dtype)
    p[:r, :c] = v
    return np.ascontiguousarray(p.reshape(rp, cp // fc, fc).transpose(1, 0, 2)).ravel()


def golden(c, t):
    """An exact product in the output type of `t`."""
    return c.astype(np.int32) if ACC[t] == "i32" else c.astype(np.float32)


def random_values(rng, t, shape, huge=True, top=None):
    """Random inputs of type `t` (as float64 / int64 holding exactly the
    values of `t`). Integers span the type; floats have full mantissas,
    mixed signs and magnitudes, and some zeros, subnormals and values near
    the top of the type, so a wrong rounding, a product rounded to the input
    type or another summation order changes the bits of the result.
    `huge=False` leaves out values whose products overflow (for products
    that saturate, docs/Rationale.md); `top` caps the common exponents (an
    f16 result)."""
    if t in ("i8", "i4"):
        lo, hi = {"i8": (-128, 128), "i4": (-8, 8)}[t]
        return rng.integers(lo, hi, shape)
    # exponent ranges: common values, tiny ones, huge ones (huge enough to
    # swamp the common ones in a sum, small enough that a product stays
    # finite: an inf or NaN result would hide its rounding; overflow has
    # tests of its own)
    common, tiny, big = {"f16": ((-6, 6), (-24, -15), (12, 15)),
                          "bf16": ((-12, 12), (-133, -120), (28, 42)),
                          "f32": ((-12, 12), (-149, -120), (28, 42))}[t]
    if top is not None:
        common = (common[0], min(common[1], top))
    pick = rng.random(shape)
    e = rng.integers(*common, shape)
    e = np.where(pick < 0.06, rng.integers(*tiny, shape), e)
    if huge:
        e = np.where(pick > 0.94, rng.integers(*big, shape), e)
    v = np.ldexp(1.0 + rng.random(shape), e) * rng.choice([-1.0, 1.0], shape)
    v = np.where((pick > 0.5) & (pick < 0.53), 0.0, v)
    # Round to the type (bf16: keep the top 16 bits of the f32, by round to
    # nearest even, as the encoding does).
    if t == "f16":
        return v.astype(np.float16).astype(np.float64)
    f = v.astype(np.float32)
    if t == "bf16":
        bits = f.view(np.uint32)
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
        f = bits.astype(np.uint32).view(np.float32)
    return f.astype(np.float64)


def reference_matmul(a, b, t, c0=None):
    """C = C0 + A x B in the Cube's documented order (docs/Rationale.md,
    cube-reference §13.3, §19.1): each product formed in f32 (exact for
    f16/bf16 except where it falls below f32's normal range; f32 x f32
    rounds), added to an f32 accumulator one k at a time in k order, from
    C0 (0 when absent). Integers: the exact sum, saturated once to int32.
    Plain numpy on ND arrays, no fractal layout."""
    m, n = a.shape[0], b.shape[1]
    if ACC[t] == "i32":
        c = a.astype(np.int64) @ b.astype(np.int64)
        if c0 is not None:
            c = c + c0.astype(np.int64)
        return np.clip(c, -2**31, 2**31 - 1).astype(np.int32)
    acc = np.zeros((m, n), np.float32) if c0 is None else c0.astype(np.float32)
    af, bf = a.astype(np.float32), b.astype(np.float32)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        for kk in range(a.shape[1]):
            acc = acc + af[:, kk:kk + 1] * bf[kk:kk + 1, :]
    return acc


def same_bits(got, want):
    """Bit-for-bit equality of two arrays of one dtype, where any NaN
    equals any NaN (the NaN a chip produces is not documented)."""
    got, want = np.asarray(got), np.asarray(want)
    if got.shape != want.shape:
        return False
    width = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[want.itemsize]
    eq = got.view(width) == want.view(width)
    if want.dtype.kind == "f":
        eq |= np.isnan(got) & np.isnan(want)
    return bool(eq.all())


def mover_ops(mover, src, dst, src_type, dst_type):
    """`mover` is "op_name {attrs}" (one op) or a callable writing the ops."""
    if callable(mover):
        return mover(src, dst, src_type, dst_type)
    name, _, attrs = mover.partition(" ")
    return f"    ascube.{name} {src} to {dst} {attrs} : {src_type} to {dst_type}"


def matmul_kernel(prod, t, m, k, n, a_as, a_mover, b_as, b_mover,
                  gm_nz=False, c_in_l0c=False, acc=None):
    """C = A x B on `prod`. A is given as "A" (M x K) or "AT" (K x M), B as
    "B" (K x N) or "BT" (N x K), in GM ND and in L1 Nz; the movers bring
    them to L0A (Zz, Nz on 950) and L0B (Zn). `gm_nz`: A and B are already
    Nz in GM and reach L1 by a plain copy (products without ND2NZ);
    `c_in_l0c`: C is the L0C tile itself, no Fixpipe (products without one);
    `acc`: the C type when not the usual one (f16 C)."""
    acc = acc or ACC[t]
    nz950 = prod.startswith("ascend950")
    a_shape = f"{m}x{k}" if a_as == "A" else f"{k}x{m}"
    b_shape = f"{k}x{n}" if b_as == "B" else f"{n}x{k}"
    gm = ", #ascube.layout<Nz>" if gm_nz else ""
    a_gm, b_gm = f"memref<{a_shape}x{t}{gm}>", f"memref<{b_shape}x{t}{gm}>"
    a_l1 = f"memref<{a_shape}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    b_l1 = f"memref<{b_shape}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    a0 = f"memref<{m}x{k}x{t}, #ascube.layout<{'Nz' if nz950 else 'Zz'}>, #ascube.mem<L0A>>"
    b0 = f"memref<{k}x{n}x{t}, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    c0 = f"memref<{m}x{n}x{acc}, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    c_arg = c0 if c_in_l0c else f"memref<{m}x{n}x{acc}>"
    out = ("" if c_in_l0c else
           f"    %c = ascube.alloc offset 0 : {c0}\n")
    c_val = "%C" if c_in_l0c else "%c"
    fixpipe = ("" if c_in_l0c else
               f"    ascube.fixpipe %c to %C : {c0} to memref<{m}x{n}x{acc}>\n")
    return f"""module attributes {{ascube.target = #ascube.target<{prod}>}} {{
  func.func @k(%A: {a_gm}, %B: {b_gm}, %C: {c_arg}) {{
    %a1 = ascube.alloc offset 0 : {a_l1}
    %b1 = ascube.alloc offset 131072 : {b_l1}
    ascube.data_copy %A to %a1 : {a_gm} to {a_l1}
    ascube.data_copy %B to %b1 : {b_gm} to {b_l1}
    %a0 = ascube.alloc offset 0 : {a0}
{mover_ops(a_mover, "%a1", "%a0", a_l1, a0)}
    %b0 = ascube.alloc offset 0 : {b0}
{mover_ops(b_mover, "%b1", "%b0", b_l1, b0)}
{out}    ascube.mmad %a0, %b0 to {c_val} : {a0}, {b0} to {c0}
{fixpipe}    return
  }}
}}
"""


def run_matmul(runner, d, rng, prod, t, m, k, n, a_as, a_mover, b_as, b_mover):
    """Writes the kernel and random inputs (random_values) into `d`, runs it
    and compares C bit for bit with reference_matmul. Returns (ok,
    ascube-run's output)."""
    os.makedirs(d, exist_ok=True)
    a = random_values(rng, t, (m, k))
    b = random_values(rng, t, (k, n))
    with open(d + "/kernel.mlir", "w") as f:
        f.write(matmul_kernel(prod, t, m, k, n, a_as, a_mover, b_as, b_mover))
    encode(a if a_as == "A" else a.T, t).tofile(d + "/A.bin")
    encode(b if b_as == "B" else b.T, t).tofile(d + "/B.bin")
    want = reference_matmul(a, b, t)
    want.tofile(d + "/golden.bin")
    return run(runner, d, "k", ["A", "B"], "C", dtype=want.dtype)


def run(runner, d, entry, inputs, output, extra=(), dtype=None, logical=None):
    """ascube-run on d/kernel.mlir with d/NAME.bin inputs, comparing the
    output with d/golden.bin (exactly, unless `extra` gives tolerances; with
    `dtype`, also bit for bit, so -0 and +0 differ — over the storage
    elements `logical` marks, when the output has padding). Returns (ok,
    output text)."""
    cmd = [runner, d + "/kernel.mlir", "--entry", entry]
    for i in inputs:
        cmd += ["--input", f"{i}={d}/{i}.bin"]
    cmd += ["--output", f"{output}={d}/{output}.bin", "--compare", f"{output}={d}/golden.bin"]
    cmd += list(extra)
    r = subprocess.run(cmd, capture_output=True, text=True)
    ok, out = r.returncode == 0, r.stdout + r.stderr
    got = np.fromfile(f"{d}/{output}.bin", dtype) if ok and dtype else None
    want = np.fromfile(f"{d}/golden.bin", dtype) if ok and dtype else None
    if logical is not None and got is not None:
        got, want = got[logical], want[logical]
    if got is not None and not same_bits(got, want):
        return False, out + f"{output} differs from the golden in its bits\n"
    return ok, out


def options(*extra):
    """The generators' command line: --runner PATH/ascube-run, --out DIR,
    plus the script's own flags, each a (name, argparse keyword dict)."""
    p = argparse.ArgumentParser()
    p.add_argument("--runner", required=True)
    p.add_argument("--out", required=True)
    for name, kw in extra:
        p.add_argument(name, **kw)
    return p.parse_args()


class Tally:
    """One line per kernel ("<label>: ok" or FAILED with ascube-run's output),
    then "<count> <noun>, <failures> failures" and the exit status."""

    def __init__(self):
        self.count = self.failures = 0

    def report(self, label, ok, out=""):
        self.count += 1
        self.failures += not ok
        print(f"{label}: {'ok' if ok else 'FAILED'}")
        if not ok:
            print(out)

    def finish(self, noun="kernels"):
        print(f"{self.count} {noun}, {self.failures} failures")
        sys.exit(1 if self.failures else 0)
