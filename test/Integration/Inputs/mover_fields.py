"""Every explicit parameter field of the data movers, drawn at random and
checked against the field formulas of the cube-reference, on raw bytes:

  DataCopy (DataCopyParams, §4-§5): block i of blockLen 32 B units, read
      at i * (blockLen + srcStride) * 32 B, lands at i * (blockLen +
      dstStride) * 32 B;
  DataCopy ND2NZ (§5): element (i, r, c) of ND matrix i, read at
      i * srcNdMatrixStride + r * srcDValue + c, lands at byte
      i * dstNzMatrixStride * sz + (c / C0) * dstNzC0Stride * 32
      + r * dstNzNStride * 32 + (c % C0) * sz; columns dValue.. up to the
      next 32 B are written as zeros;
  LoadData 2D (§6): repeat i copies source fractal startIndex +- i *
      srcStride (- with addrMode 1, GM -> L1 only) to destination fractal
      i * (dstGap + 1); ifTranspose (b16): destination row j is source
      column j of the 16 x 16 fractal;
  LoadDataWithTranspose V1 (§7): repeat i gathers the n fractals
      (startIndex +- i * srcStride) * n + j of a square (- with addrMode 1) (b8: 2 fractals of
      16 x 32 stacked, b16: one, b32: 2 fractals of 16 x 8 side by side),
      transposes the square and writes fractal j of the result (b4/b8/b16:
      rows 16j..; b32: columns 8j..) to i * (dstGap + 1) + j * (dstFracGap
      + 1);
  LoadData 2D-v2 (§8): fractal (kc, mr) of the mStep x kStep window,
      source fractal (kStartPosition + kc) * srcStride + mStartPosition +
      mr, lands at destination fractal kc * dstStride + mr;
  LoadData MX scales (§9): 32 B scale fractal (x, y) of the xStep x yStep
      window, source (xStartPosition + x) * mxSrcStride + yStartPosition +
      y, lands at x * mxDstStride + y.

The buffers are single columns (or rows) of fractals, so their storage is
the plain sequence of fractals the formulas count, and every byte the
reference does not write must keep the destination's random prior content.
No fractal layout is computed here.

Usage: mover_fields.py --runner PATH/ascube-run --out DIR [--seed N]
"""
import os
import subprocess

import numpy as np

from cubetest import Tally, options

SIZE = {"f16": 2, "i8": 1, "f32": 4, "f8E4M3FN": 1, "f8E8M0FNU": 1}


def c0(t):
    return 32 // SIZE[t]


def attrs(**kw):
    return "{" + ", ".join(f"{k} = {v} : i64" for k, v in kw.items()) + "}"


class Case:
    """One kernel: named byte buffers (inputs, also read back as outputs)
    and the reference result of the written ones."""

    def __init__(self, rng, label, target, body, bufs, outs, covers=()):
        self.rng, self.label, self.target = rng, label, target
        self.body, self.bufs, self.outs = body, bufs, outs
        self.covers = [k for k, on in covers if on]

    def run(self, runner, d):
        os.makedirs(d, exist_ok=True)
        args = ", ".join(f"%{n}: {t}" for n, (t, _) in self.bufs.items())
        with open(d + "/kernel.mlir", "w") as f:
            f.write(f"module attributes {{ascube.target = #ascube.target<{self.target}>}} {{\n"
                    f"  func.func @k({args}) {{\n{self.body}\n    return\n  }}\n}}\n")
        cmd = [runner, d + "/kernel.mlir", "--entry", "k"]
        for n, (_, data) in self.bufs.items():
            data.tofile(f"{d}/{n}.bin")
            cmd += ["--input", f"{n}={d}/{n}.bin"]
        for n in self.outs:
            cmd += ["--output", f"{n}={d}/{n}.out"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            return False, r.stdout + r.stderr
        for n, want in self.outs.items():
            got = np.fromfile(f"{d}/{n}.out", np.uint8)
            if got.shape != want.shape or not (got == want).all():
                bad = np.flatnonzero(got != want) if got.shape == want.shape else []
                return False, f"{n}: {len(bad)} bytes differ, first at {bad[:8]}"
        return True, ""


def raw(rng, nbytes):
    return rng.integers(0, 256, nbytes, dtype=np.uint8)


def nd2nz(rng, i):
    t = ["f16", "i8", "f32"][i % 3]
    sz, k = SIZE[t], c0(t)
    nd = int(rng.integers(1, 4))
    n = int(rng.integers(1, 20))
    dv = int(rng.integers(1, 3 * k))
    src_d = dv + int(rng.integers(0, 5))
    src_mat = n * src_d + int(rng.integers(0, 9))
    blocks = -(-dv // k)
    nstride = int(rng.integers(1, 4))
    c0stride = n * nstride + int(rng.integers(0, 4)) if rng.random() < 0.7 else \
        int(rng.integers(1, 3))
    # Rows nstride * 32 B apart, blocks c0stride * 32 B apart: keep every
    # element's place distinct (the order of colliding writes is not a field
    # formula).
    places = {(b * c0stride + r * nstride) for b in range(blocks) for r in range(n)}
    if len(places) != blocks * n:
        c0stride, nstride = n * nstride, nstride
    span = ((blocks - 1) * c0stride + (n - 1) * nstride + 1) * 32
    mat = -(-span // 32) * 32 // sz + int(rng.integers(0, 3)) * k
    src_elems = (nd - 1) * src_mat + n * src_d
    dst_elems = (nd - 1) * mat + span // sz
    rows = -(-dst_elems // (16 * k)) * 16  # Nz pads rows to 16
    g = raw(rng, src_elems * sz)
    l1 = raw(rng, rows * k * sz)
    want = l1.copy()
    gv = g.reshape(-1, sz)
    for m in range(nd):
        for r in range(n):
            for c in range(blocks * k):
                at = m * mat * sz + (c // k) * c0stride * 32 + r * nstride * 32 + (c % k) * sz
                v = gv[m * src_mat + r * src_d + c] if c < dv else np.zeros(sz, np.uint8)
                want[at:at + sz] = v
    gt = f"memref<{src_elems}x{t}>"
    lt = f"memref<{rows}x{k}x{t}, #ascube.layout<Nz>, #ascube.mem<L1>>"
    op = (f"    ascube.data_copy %G to %L " +
          attrs(ndNum=nd, nValue=n, dValue=dv, srcNdMatrixStride=src_mat, srcDValue=src_d,
                dstNzC0Stride=c0stride, dstNzNStride=nstride, dstNzMatrixStride=mat) +
          f" : {gt} to {lt}")
    return Case(rng, f"nd2nz {t} ndNum={nd} n={n} d={dv}", "atlas_a2", op,
                {"G": (gt, g), "L": (lt, l1)}, {"L": want},
                [("nd2nz ndNum > 1", nd > 1), ("nd2nz dstNzNStride > 1", nstride > 1),
                 ("nd2nz srcDValue > dValue", src_d > dv),
                 ("nd2nz dstNzC0Stride apart from rows", c0stride != n * nstride and blocks > 1),
                 ("nd2nz zero-filled tail", dv % k != 0)])


def copy(rng, i):
    t = ["f16", "i8", "f32"][i % 3]
    sz = SIZE[t]
    count = int(rng.integers(1, 5))
    blen = int(rng.integers(1, 4))
    ss, ds = int(rng.integers(0, 4)), int(rng.integers(0, 4))
    src_b = ((count - 1) * (blen + ss) + blen) * 32 + int(rng.integers(0, 2)) * 32
    dst_b = ((count - 1) * (blen + ds) + blen) * 32 + int(rng.integers(0, 2)) * 32
    g, l1 = raw(rng, src_b), raw(rng, dst_b)
    want = l1.copy()
    for b in range(count):
        at, frm = b * (blen + ds) * 32, b * (blen + ss) * 32
        want[at:at + blen * 32] = g[frm:frm + blen * 32]
    gt = f"memref<{src_b // sz}x{t}>"
    lt = f"memref<{dst_b // sz}x{t}, #ascube.mem<L1>>"
    op = (f"    ascube.data_copy %G to %L " +
          attrs(blockCount=count, blockLen=blen, srcStride=ss, dstStride=ds) +
          f" : {gt} to {lt}")
    return Case(rng, f"copy {t} blocks={count}x{blen} strides={ss},{ds}", "atlas_a2", op,
                {"G": (gt, g), "L": (lt, l1)}, {"L": want},
                [("copy srcStride > 0", ss > 0 and count > 1),
                 ("copy dstStride > 0", ds > 0 and count > 1)])


def fractal_buffer(t, fractals, level, fmt):
    """A single column (Zz, Zn) or row (Nz) of `fractals` 512 B fractals."""
    k = c0(t)
    if fmt == "Zn":
        shape = f"{k * fractals}x16"
    elif fmt == "Nz":
        shape = f"16x{k * fractals}"
    else:
        shape = f"{16 * fractals}x{k}"
    mem = "" if level == "GM" else f", #ascube.mem<{level}>"
    return f"memref<{shape}x{t}, #ascube.layout<{fmt}>{mem}>"


def fractals_of(data):
    return data.reshape(-1, 512)


def load2d(rng, i):
    path = ["GM-L1", "L1-L0A", "L1-L0B"][i % 3]
    t = ["f16", "i8", "f32"][(i // 3) % 3]
    reps = int(rng.integers(1, 6))
    stride = int(rng.integers(0, 4))
    gap = int(rng.integers(0, 3))
    mode = int(rng.integers(0, 2)) if path == "GM-L1" else 0
    tr = path != "GM-L1" and t == "f16" and rng.random() < 0.5
    start = int(rng.integers(0, 4)) + (mode * (reps - 1) * stride)
    src_n = start + (0 if mode else (reps - 1) * stride) + 1 + int(rng.integers(0, 2))
    dst_n = (reps - 1) * (gap + 1) + 1 + int(rng.integers(0, 2))
    src_level, dst_level = path.split("-")
    st = fractal_buffer(t, src_n, src_level, "Zz")
    dt = fractal_buffer(t, dst_n, dst_level, "Zn" if dst_level == "L0B" else "Zz")
    s, dd = raw(rng, src_n * 512), raw(rng, dst_n * 512)
    want = dd.copy()
    sf, wf = fractals_of(s), fractals_of(want)
    for r in range(reps):
        frac = sf[start + (-1 if mode else 1) * r * stride]
        if tr:  # b16: 16 x 16 elements of 2 bytes
            frac = frac.reshape(16, 16, 2).transpose(1, 0, 2).ravel()
        wf[r * (gap + 1)] = frac
    kw = dict(startIndex=start, repeatTimes=reps, srcStride=stride, dstGap=gap)
    if mode:
        kw["addrMode"] = 1
    a = attrs(**kw)
    if tr:
        a = a[:-1] + ", ifTranspose = true}"
    op = f"    ascube.load_2d %S to %D {a} : {st} to {dt}"
    return Case(rng, f"load_2d {path} {t} reps={reps} stride={stride} gap={gap} "
                f"addrMode={mode} transpose={tr}", "atlas_a2", op,
                {"S": (st, s), "D": (dt, dd)}, {"D": want},
                [("load_2d addrMode 1", mode == 1), ("load_2d ifTranspose", tr),
                 ("load_2d dstGap > 0", gap > 0 and reps > 1),
                 ("load_2d srcStride > 1", stride > 1 and reps > 1),
                 ("load_2d srcStride 0", stride == 0 and reps > 1)])


def transpose_square(src_fracs, t):
    """The square of a LoadDataWithTranspose from its source fractals (512 B
    each), transposed, split into destination fractals (§7)."""
    sz = SIZE[t]
    k = c0(t)
    if t == "f32":  # two 16 x 8 fractals side by side -> 16 x 16
        sq = np.concatenate([f.reshape(16, 8, sz) for f in src_fracs], axis=1)
        tr = sq.transpose(1, 0, 2)
        return [np.ascontiguousarray(tr[:, 8 * j:8 * j + 8]).ravel() for j in range(2)]
    sq = np.concatenate([f.reshape(16, k, sz) for f in src_fracs], axis=0)  # k x k
    tr = sq.transpose(1, 0, 2)
    return [np.ascontiguousarray(tr[16 * j:16 * j + 16]).ravel() for j in range(len(src_fracs))]


def transpose2d(rng, i):
    t = ["f16", "i8", "f32"][i % 3]
    into = ["L0A", "L0B"][(i // 3) % 2]
    n = {"f16": 1, "i8": 2, "f32": 2}[t]
    reps = int(rng.integers(1, 5))
    stride = int(rng.integers(0, 3))
    fgap = int(rng.integers(0, 3)) if n > 1 else 0
    gap = int(rng.integers(0, 3)) + (n - 1) * (fgap + 1)
    mode = int(rng.integers(0, 2))
    sign = -1 if mode else 1
    start = int(rng.integers(0, 3)) + mode * (reps - 1) * stride
    dst = [r * (gap + 1) + j * (fgap + 1) for r in range(reps) for j in range(n)]
    if len(set(dst)) != len(dst):  # overlapping squares: not a valid kernel
        gap = n * (fgap + 1)
        dst = [r * (gap + 1) + j * (fgap + 1) for r in range(reps) for j in range(n)]
    src_n = (start + (0 if mode else (reps - 1) * stride) + 1) * n + int(rng.integers(0, 2))
    dst_n = max(dst) + 1 + int(rng.integers(0, 2))
    st = fractal_buffer(t, src_n, "L1", "Zz")
    dt = fractal_buffer(t, dst_n, into, "Zn" if into == "L0B" else "Zz")
    s, dd = raw(rng, src_n * 512), raw(rng, dst_n * 512)
    want = dd.copy()
    sf, wf = fractals_of(s), fractals_of(want)
    for r in range(reps):
        sq = start + sign * r * stride
        outs = transpose_square([sf[sq * n + j] for j in range(n)], t)
        for j in range(n):
            wf[r * (gap + 1) + j * (fgap + 1)] = outs[j]
    kw = dict(startIndex=start, repeatTimes=reps, srcStride=stride, dstGap=gap)
    if n > 1:
        kw["dstFracGap"] = fgap
    if mode:
        kw["addrMode"] = 1
    op = f"    ascube.load_2d_transpose %S to %D {attrs(**kw)} : {st} to {dt}"
    return Case(rng, f"load_2d_transpose {into} {t} reps={reps} stride={stride} "
                f"gap={gap} fracgap={fgap} addrMode={mode}", "atlas_a2", op,
                {"S": (st, s), "D": (dt, dd)}, {"D": want},
                [(f"load_2d_transpose {t} dstFracGap > 0", fgap > 0),
                 ("load_2d_transpose addrMode 1", mode == 1 and stride > 0 and reps > 1),
                 (f"load_2d_transpose {t} srcStride > 1", stride > 1 and reps > 1),
                 ("load_2d_transpose dstGap beyond the square", gap > (n - 1) * (fgap + 1)
                  and reps > 1)])


def v2_window(rng):
    ms, ks = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    m0, k0 = int(rng.integers(0, 3)), int(rng.integers(0, 3))
    stride = ms + m0 + int(rng.integers(0, 3))
    dstride = ms + int(rng.integers(0, 3))
    return ms, ks, m0, k0, stride, dstride


def load2dv2(rng, i):
    t = ["f16", "i8", "f32"][i % 3]
    into = ["L0A", "L0B"][(i // 3) % 2]
    fmt = "Nz" if into == "L0A" else "Zn"
    ms, ks, m0, k0, stride, dstride = v2_window(rng)
    src_n = (k0 + ks - 1) * stride + m0 + ms + int(rng.integers(0, 2))
    dst_n = (ks - 1) * dstride + ms + int(rng.integers(0, 2))
    st = fractal_buffer(t, src_n, "L1", fmt)
    dt = fractal_buffer(t, dst_n, into, fmt)
    s, dd = raw(rng, src_n * 512), raw(rng, dst_n * 512)
    want = dd.copy()
    sf, wf = fractals_of(s), fractals_of(want)
    for kc in range(ks):
        for mr in range(ms):
            wf[kc * dstride + mr] = sf[(k0 + kc) * stride + m0 + mr]
    a = attrs(mStartPosition=m0, kStartPosition=k0, mStep=ms, kStep=ks,
              srcStride=stride, dstStride=dstride)
    op = f"    ascube.load_2d_v2 %S to %D {a} : {st} to {dt}"
    return Case(rng, f"load_2d_v2 {into} {t} m={m0}+{ms} k={k0}+{ks} "
                f"stride={stride} dst={dstride}", "ascend950pr", op,
                {"S": (st, s), "D": (dt, dd)}, {"D": want},
                [("load_2d_v2 mStartPosition > 0", m0 > 0), ("load_2d_v2 kStartPosition > 0", k0 > 0),
                 ("load_2d_v2 dstStride > mStep", dstride > ms and ks > 1)])


def loadmx(rng, i):
    into = ["L0A", "L0B"][i % 2]
    t = "f8E4M3FN"
    fmt = "Nz" if into == "L0A" else "Zn"
    scale_fmt = "ScaleA" if into == "L0A" else "ScaleB"
    mx_level = into + "_MX"
    xs, ys = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    x0, y0 = int(rng.integers(0, 3)), int(rng.integers(0, 3))
    sstride = ys + y0 + int(rng.integers(0, 3))
    dstride = ys + int(rng.integers(0, 3))
    src_n = (x0 + xs - 1) * sstride + y0 + ys + int(rng.integers(0, 2))
    dst_n = (xs - 1) * dstride + ys + int(rng.integers(0, 2))
    # Data: one fractal moved; scales: single columns (rows) of 32 B
    # scale fractals, 16 x 2 (ScaleA) or 2 x 16 (ScaleB).
    dt_src = fractal_buffer(t, 1, "L1", fmt)
    dt_dst = fractal_buffer(t, 1, into, fmt)

    def scales(count, level):
        shape = f"{16 * count}x2" if scale_fmt == "ScaleA" else f"2x{16 * count}"
        return f"memref<{shape}xf8E8M0FNU, #ascube.layout<{scale_fmt}>, #ascube.mem<{level}>>"

    sst, sdt = scales(src_n, "L1"), scales(dst_n, mx_level)
    s, dd = raw(rng, 512), raw(rng, 512)
    ss, sd = raw(rng, src_n * 32), raw(rng, dst_n * 32)
    want = sd.copy().reshape(-1, 32)
    sv = ss.reshape(-1, 32)
    for x in range(xs):
        for y in range(ys):
            want[x * dstride + y] = sv[(x0 + x) * sstride + y0 + y]
    a = attrs(mStep=1, kStep=1, srcStride=1, dstStride=1, xStartPosition=x0,
              yStartPosition=y0, xStep=xs, yStep=ys, mxSrcStride=sstride,
              mxDstStride=dstride)
    op = (f"    ascube.load_mx %S, %SS to %D, %SD {a} : {dt_src}, {sst} to {dt_dst}, {sdt}")
    return Case(rng, f"load_mx {into} x={x0}+{xs} y={y0}+{ys} stride={sstride} "
                f"dst={dstride}", "ascend950pr", op,
                {"S": (dt_src, s), "SS": (sst, ss), "D": (dt_dst, dd),
                 "SD": (sdt, sd)}, {"D": s, "SD": want.ravel()},
                [("load_mx xStartPosition > 0", x0 > 0), ("load_mx yStartPosition > 0", y0 > 0),
                 ("load_mx mxDstStride > yStep", dstride > ys and xs > 1)])


KINDS = [("copy", copy, 9), ("nd2nz", nd2nz, 18), ("load_2d", load2d, 18), ("load_2d_transpose", transpose2d, 12),
         ("load_2d_v2", load2dv2, 12), ("load_mx", loadmx, 8)]


def main():
    o = options(("--seed", {"type": int, "default": 1}))
    rng = np.random.default_rng(o.seed)
    tally = Tally()
    covered = {}
    for name, make, count in KINDS:
        for i in range(count):
            case = make(rng, i)
            ok, out = case.run(o.runner, f"{o.out}/{name}-{i}")
            tally.report(case.label, ok, out)
            for k in case.covers:
                covered[k] = covered.get(k, 0) + 1
    # What the draws covered, checked by the test (a seed that covers less
    # fails it).
    for k in sorted(covered):
        print(f"covered {k}: {covered[k]}")
    tally.finish()


if __name__ == "__main__":
    main()
