#!/usr/bin/env python3
"""The benchmark of issue 17 (bench/README.md): ascube-run against OpenBLAS
and oneDNN on one thread, and the compile side against stock mlir-opt.

  bench/run.sh [--sizes 256,512,1024,2048] [--repeat 3] [--kinds ...]
               [--compile-sizes 1000,10000,100000] [--no-compile]

GEMM part: for each size n and kind, a linalg.matmul of n x n x n is mapped
onto its product by ascube-run (--product), run --repeat times (--time
prints the median run) and checked against a plain numpy product of the
same inputs (no fractal layouts: float64 sums rounded to f32, within a
tolerance growing with n; integers and fp4 exactly). In the same loop, interleaved, bench/blas_ref times
OpenBLAS cblas_sgemm and oneDNN's bf16 and s8 matmuls on the same shape.
Everything runs on one thread. Prints GFLOP/s (GOP/s for integers), the
ratios, the CPU and which BLAS / oneDNN kernel ran.

Mapped-GEMM compile time (--gemm-compile-shapes): for each M x N x K shape
(square and odd ones, up to 1024^3: tails in every dimension) and kind, the
time ascube-run takes to map and compile the linalg.matmul (its --time
"compile" figure: the mapping, the lowering and the JIT), against issue
45's target of under 1 s each on the benchmark machine.

Compile part: a module of N straight-line instructions (data_copy,
ascube.load, mmad, fixpipe: N / 6 tiles of a matmul) through
`ascube-opt --ascube-pipeline`, and parse + verify + print of it, next to
stock mlir-opt-22 parsing, verifying and printing a plain module of N ops
(the fastest of --compile-repeat runs of each, interleaved);
wall time and peak memory of each process (a process over the memory or
time limit is reported as such).
"""

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("BUILD_DIR", os.path.join(ROOT, "build"))
BIN = os.path.join(BUILD, "bin")

# kind: (A/B element type, C type, product, numpy input dtype, reference)
KINDS = {
    "f16": ("f16", "f32", "atlas_a2", np.float16, "sgemm"),
    "bf16": ("bf16", "f32", "atlas_a2", "bf16", "bf16"),
    "f32": ("f32", "f32", "atlas_a2", np.float32, "sgemm"),
    "i8": ("i8", "i32", "atlas_a2", np.int8, "s8"),
    "fp8": ("f8E4M3FN", "f32", "ascend950pr", "e4m3", "sgemm"),
    "fp4": ("f4E2M1FN", "f32", "ascend950pr", "e2m1", "sgemm"),
}


def cpu_model():
    with open("/proc/cpuinfo") as f:
        text = f.read()
    m = re.search(r"^model name\s*:\s*(.*)$", text, re.M)
    flags = re.search(r"^flags\s*:\s*(.*)$", text, re.M)
    return (m.group(1) if m else "unknown"), set(flags.group(1).split()) if flags else set()


def openblas_coretype(flags):
    """The best OpenBLAS 0.3.21 kernel this CPU runs (it may not recognise
    a newer CPU and fall back to an SSE kernel)."""
    if {"avx512f", "avx512bw", "avx512vl"} <= flags:
        return "SkylakeX"
    if "avx2" in flags:
        return "Haswell"
    return None


def bf16_bits(x):
    """float32 array -> bf16 bit patterns (round to nearest even) and the
    values they hold, as float32."""
    u = x.astype(np.float32).view(np.uint32)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    return r, (r.astype(np.uint32) << 16).view(np.float32)


def e4m3_value(codes):
    """fp8 e4m3fn codes -> their values (float64)."""
    sign = np.where(codes & 0x80, -1.0, 1.0)
    e = ((codes >> 3) & 0xF).astype(np.float64)
    m = (codes & 0x7).astype(np.float64)
    return sign * np.where(e == 0, m / 8.0 * 2.0 ** -6, (1 + m / 8.0) * 2.0 ** (e - 7))


def e4m3_random(rng, shape):
    """Random fp8 e4m3fn codes of exponent field 0-8 (|x| < 4, no NaN)."""
    e = rng.integers(0, 9, shape)
    m = rng.integers(0, 8, shape)
    s = rng.integers(0, 2, shape)
    return ((s << 7) | (e << 3) | m).astype(np.uint8)


# fp4 e2m1 magnitudes of codes 0-7 (cube-reference §17; sign bit 3).
E2M1 = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0])


def e2m1_random(rng, shape):
    """Random fp4 e2m1 codes (any of the 16) and their values (float64)."""
    codes = rng.integers(0, 16, shape).astype(np.uint8)
    return codes, np.where(codes & 8, -1.0, 1.0) * E2M1[codes & 7]


def fp4_pack(codes):
    """4-bit codes two per byte, element 2i in the low nibble (§17)."""
    c = codes.ravel()
    return (c[0::2] & 0xF) | ((c[1::2] & 0xF) << 4)


def make_inputs(kind, n, rng, d):
    """Writes A.bin, B.bin and golden.bin for n x n x n; returns paths."""
    a_path, b_path, g_path = (os.path.join(d, f"{kind}_{n}_{x}.bin") for x in "ABG")
    if kind in ("f16", "f32"):
        dt = np.float16 if kind == "f16" else np.float32
        a = rng.uniform(-1, 1, (n, n)).astype(dt)
        b = rng.uniform(-1, 1, (n, n)).astype(dt)
        a.tofile(a_path), b.tofile(b_path)
        g = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    elif kind == "bf16":
        abits, av = bf16_bits(rng.uniform(-1, 1, (n, n)))
        bbits, bv = bf16_bits(rng.uniform(-1, 1, (n, n)))
        abits.tofile(a_path), bbits.tofile(b_path)
        g = (av.astype(np.float64) @ bv.astype(np.float64)).astype(np.float32)
    elif kind == "i8":
        a = rng.integers(-128, 128, (n, n)).astype(np.int8)
        b = rng.integers(-128, 128, (n, n)).astype(np.int8)
        a.tofile(a_path), b.tofile(b_path)
        g = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.int32)
    elif kind == "fp4":  # e2m1, through MmadMx with unit scales
        (ac, av), (bc, bv) = e2m1_random(rng, (n, n)), e2m1_random(rng, (n, n))
        fp4_pack(ac).tofile(a_path), fp4_pack(bc).tofile(b_path)
        g = (av @ bv).astype(np.float32)
    else:  # fp8 e4m3fn
        ac, bc = e4m3_random(rng, (n, n)), e4m3_random(rng, (n, n))
        ac.tofile(a_path), bc.tofile(b_path)
        g = (e4m3_value(ac) @ e4m3_value(bc)).astype(np.float32)
    g.tofile(g_path)
    return a_path, b_path, g_path


def kernel_file(kind, n, d, shape=None):
    """The linalg.matmul of n x n x n (or of shape (M, N, K))."""
    t, c, _, _, _ = KINDS[kind]
    m, nn, k = shape or (n, n, n)
    zero = "0" if c == "i32" else "0.0"
    path = os.path.join(d, f"{kind}_{m}x{nn}x{k}.mlir")
    with open(path, "w") as f:
        f.write(f"""func.func @mm(%A: memref<{m}x{k}x{t}>, %B: memref<{k}x{nn}x{t}>, %C: memref<{m}x{nn}x{c}>) {{
  %z = arith.constant {zero} : {c}
  linalg.fill ins(%z : {c}) outs(%C : memref<{m}x{nn}x{c}>)
  linalg.matmul ins(%A, %B : memref<{m}x{k}x{t}>, memref<{k}x{nn}x{t}>) outs(%C : memref<{m}x{nn}x{c}>)
  return
}}
""")
    return path


def run_ascube(kind, n, repeat, d, rng):
    _, c, product, _, _ = KINDS[kind]
    k = kernel_file(kind, n, d)
    a, b, g = make_inputs(kind, n, rng, d)
    # f32 sums of n products in k order against float64 sums: the
    # rounding error grows with n (and with the fp8 products' size). fp4
    # sums are exact (every product and partial sum a multiple of 1/4, at
    # most 36 n < 2^21 for n up to 2048): compared exactly, as integers are.
    atol = max(1e-3, (6e-5 if kind == "fp8" else 4e-6) * n)
    tol = [] if c == "i32" or kind == "fp4" else ["--atol", str(atol), "--rtol", "1e-3"]
    cmd = [os.path.join(BIN, "ascube-run"), k, "--entry", "mm", "--product", product,
           "--input", f"A={a}", "--input", f"B={b}", "--output", f"C={os.path.join(d, 'C.bin')}",
           "--compare", f"C={g}", "--repeat", str(repeat), "--time"] + tol
    p = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"time: compile ([0-9.]+) ms; run ([0-9.]+) ms min, ([0-9.]+) ms median", p.stdout)
    ok = p.returncode == 0 and "PASS" in p.stdout
    if not m:
        sys.stderr.write(p.stdout + p.stderr)
        return None, None, False
    return float(m.group(1)), float(m.group(3)), ok


def run_ref(ref_bin, what, n, repeat, env):
    p = subprocess.run([ref_bin, what, str(n), str(repeat)], capture_output=True, text=True, env=env)
    m = re.match(r"(\S+) (\d+) ([0-9.]+) ([0-9.]+) kernel=(.*)", p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "")
    if p.returncode != 0 or not m:
        sys.stderr.write(p.stdout + p.stderr)
        return None, None
    return float(m.group(4)), m.group(5)


def build_ref():
    out_dir = os.path.join(BUILD, "bench")
    os.makedirs(out_dir, exist_ok=True)
    src = os.path.join(ROOT, "bench", "blas_ref.cpp")
    exe = os.path.join(out_dir, "blas_ref")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        subprocess.run(["g++", "-O2", "-std=c++17", src, "-o", exe, "-lopenblas", "-ldnnl"], check=True)
    return exe


def gemm_part(args, ref_env, ref_bin):
    rng = np.random.default_rng(17)
    rows = []
    kernels = {}
    with tempfile.TemporaryDirectory() as d:
        for n in args.sizes:
            for kind in args.kinds:
                ops = 2.0 * n ** 3
                # Interleaved: the references, then ascube, on the same n.
                sg, kernels["sgemm"] = run_ref(ref_bin, "sgemm", n, args.repeat, ref_env)
                dn = None
                ref = KINDS[kind][4]
                if ref in ("bf16", "s8"):
                    dn, kernels[ref] = run_ref(ref_bin, ref, n, args.repeat, ref_env)
                comp, med, ok = run_ascube(kind, n, args.repeat, d, rng)
                gf = lambda ms: ops / (ms * 1e6) if ms else None
                rows.append((kind, KINDS[kind][2], n, gf(med), gf(sg), gf(dn), comp, ok))
                print_row(rows[-1])
                sys.stdout.flush()
    return rows, kernels


def gemm_compile_part(args):
    """ascube-run's compile time of each mapped GEMM shape and kind (one run
    on zero inputs: the buffers given by --output only)."""
    print()
    print("Mapped GEMM compile time (ascube-run --time: mapping, lowering, JIT), target < 1000 ms each")
    print(f"{'kind':5} {'product':12} {'M x N x K':>16}  {'comp ms':>8}")
    over, refused = [], []
    with tempfile.TemporaryDirectory() as d:
        for shape in args.gemm_compile_shapes:
            for kind in args.kinds:
                k = kernel_file(kind, 0, d, shape)
                outs = []
                for arg in "ABC":
                    outs += ["--output", f"{arg}={os.path.join(d, arg + '.bin')}"]
                p = subprocess.run([os.path.join(BIN, "ascube-run"), k, "--entry", "mm", "--product",
                                    KINDS[kind][2], "--time"] + outs, capture_output=True, text=True)
                m = re.search(r"time: compile ([0-9.]+) ms", p.stdout)
                ms = float(m.group(1)) if m and p.returncode == 0 else None
                name = "x".join(map(str, shape))
                # A shape the mapping refuses (a tile_c* label: e.g. fp4's
                # K not a whole number of bytes) is not a mapped GEMM.
                label = re.search(r"\[(tile_c[0-9]+)\]", p.stderr)
                shown = fmt(ms, '{:.0f}')
                if ms is None and label:
                    shown = "refused " + label.group(1)
                    refused.append(f"{kind} {name}")
                elif ms is None:
                    shown = "failed"
                print(f"{kind:5} {KINDS[kind][2]:12} {name:>16}  {shown:>8}")
                sys.stdout.flush()
                if (ms is None and not label) or (ms is not None and ms >= 1000):
                    over.append(f"{kind} {name}")
    mapped = len(args.gemm_compile_shapes) * len(args.kinds) - len(refused)
    print(f"{len(over)} of {mapped} mapped at or over 1000 ms (or failed)" +
          (": " + ", ".join(over) if over else "") +
          (f"; {len(refused)} refused" if refused else ""))


def fmt(x, spec="{:.2f}"):
    return "-" if x is None else spec.format(x)


def print_row(r):
    kind, product, n, asc, sg, dn, comp, ok = r
    ratio = lambda a, b: None if a is None or b is None else a / b
    print(f"{kind:5} {product:12} {n:5}  {fmt(asc):>8} {fmt(sg):>8} {fmt(dn):>8}  "
          f"{fmt(ratio(asc, sg), '{:.4f}'):>9} {fmt(ratio(asc, dn), '{:.4f}'):>9}  "
          f"{fmt(comp, '{:.0f}'):>7}  {'ok' if ok else 'WRONG'}")


def module_text(n):
    """N straight-line instructions: N / 6 tiles of a 64 x 64 x 64 f16
    matmul (2 data_copy, 2 ascube.load, mmad, fixpipe), one block."""
    tiles = max(1, n // 6)
    L1A = "memref<64x64xf16, #ascube.layout<Nz>, #ascube.mem<L1>>"
    L0A = "memref<64x64xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>"
    L0B = "memref<64x64xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    L0C = "memref<64x64xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    GM = "memref<64x64xf16>"
    out = ["module attributes {ascube.target = #ascube.target<atlas_a2>} {",
           f"  func.func @k(%A: {GM}, %B: {GM}, %C: memref<64x64xf32>) {{",
           f"    %a1 = ascube.alloc offset 0 : {L1A}",
           f"    %b1 = ascube.alloc offset 8192 : {L1A}",
           f"    %a0 = ascube.alloc offset 0 : {L0A}",
           f"    %b0 = ascube.alloc offset 0 : {L0B}",
           f"    %c0 = ascube.alloc offset 0 : {L0C}"]
    for _ in range(tiles):
        out += [f"    ascube.data_copy %A to %a1 : {GM} to {L1A}",
                f"    ascube.data_copy %B to %b1 : {GM} to {L1A}",
                f"    ascube.load %a1 to %a0 : {L1A} to {L0A}",
                f"    ascube.load %b1 to %b0 : {L1A} to {L0B}",
                f"    ascube.mmad %a0, %b0 to %c0 : {L0A}, {L0B} to {L0C}",
                f"    ascube.fixpipe %c0 to %C : {L0C} to memref<64x64xf32>"]
    out += ["    return", "  }", "}"]
    return "\n".join(out) + "\n", tiles * 6


def plain_text(n):
    """N plain ops for stock mlir-opt: memref.copy between two buffers."""
    out = ["func.func @k(%a: memref<64x64xf16>, %b: memref<64x64xf16>) {"]
    out += ["  memref.copy %a, %b : memref<64x64xf16> to memref<64x64xf16>"] * n
    out += ["  return", "}"]
    return "\n".join(out) + "\n"


def run_measured(cmd, limit_gb, timeout):
    def limits():
        lim = int(limit_gb * (1 << 30))
        resource.setrlimit(resource.RLIMIT_AS, (lim, lim))
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=limits)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            p.kill()
            os.wait4(p.pid, 0)
            return None, None, f"over {timeout} s"
        time.sleep(0.02)
    wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        return wall, usage.ru_maxrss / 1024, f"exit {code} (memory limit {limit_gb} GiB?)"
    return wall, usage.ru_maxrss / 1024, None


def compile_part(args):
    mlir_opt = shutil.which("mlir-opt-22") or "/usr/lib/llvm-22/bin/mlir-opt"
    print()
    print("Compile side (one process each; wall time, peak RSS):")
    print(f"{'ops':>7}  {'pipeline s':>10} {'MiB':>7}  {'ascube p+v+p s':>14} {'ops/s':>10}  "
          f"{'mlir-opt p+v+p s':>16} {'ops/s':>10}  {'ratio':>6}")
    with tempfile.TemporaryDirectory() as d:
        for n in args.compile_sizes:
            text, ops = module_text(n)
            k = os.path.join(d, f"k{n}.mlir")
            with open(k, "w") as f:
                f.write(text)
            pl = os.path.join(d, f"p{n}.mlir")
            with open(pl, "w") as f:
                f.write(plain_text(ops))
            opt = os.path.join(BIN, "ascube-opt")
            pw, pm, perr = (None, None, "skipped") if args.no_pipeline else run_measured(
                [opt, k, "--ascube-pipeline=product=atlas_a2", "-o", os.devnull], args.memory_gb, args.timeout)
            # Parse + verify + print only: the implicit whole-function
            # ascube-verify-target is a pass, which mlir-opt does not run.
            # The fastest of --compile-repeat runs of each, interleaved (a
            # run takes well under a second at 100k ops: one is noisy).
            aw = mw = None
            aerr = merr = None
            for _ in range(args.compile_repeat):
                w, _, e = run_measured([opt, k, "--no-implicit-verify-target", "-o", os.devnull],
                                       args.memory_gb, args.timeout)
                aerr = aerr or e
                aw = w if aw is None or (w is not None and w < aw) else aw
                w, _, e = run_measured([mlir_opt, pl, "-o", os.devnull], args.memory_gb, args.timeout)
                merr = merr or e
                mw = w if mw is None or (w is not None and w < mw) else mw
            rate = lambda w: None if w is None else ops / w
            ar, mr = rate(aw if not aerr else None), rate(mw if not merr else None)
            print(f"{ops:>7}  {perr or fmt(pw):>10} {fmt(pm, '{:.0f}'):>7}  {aerr or fmt(aw):>14} "
                  f"{fmt(ar, '{:.0f}'):>10}  {merr or fmt(mw):>16} {fmt(mr, '{:.0f}'):>10}  "
                  f"{fmt(None if ar is None or mr is None else ar / mr):>6}")
            sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="256,512,1024,2048")
    ap.add_argument("--kinds", default="f16,bf16,f32,i8,fp8,fp4")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--compile-sizes", default="1000,10000,100000")
    ap.add_argument("--compile-repeat", type=int, default=3,
                    help="compile side: runs of each parse + verify + print (the fastest is printed)")
    ap.add_argument("--gemm-compile-shapes",
                    default="512x512x512,1024x1024x1024,1000x1000x1000,1023x1023x1023,"
                            "333x777x129,777x333x1024,100x1024x1000,1x1024x1024",
                    help="M x N x K shapes whose mapped GEMM's compile time is measured")
    ap.add_argument("--no-gemm-compile", action="store_true")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--no-gemm", action="store_true")
    ap.add_argument("--no-pipeline", action="store_true", help="compile side: parse + verify + print only")
    ap.add_argument("--memory-gb", type=float, default=16.0, help="address-space limit per compile process")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per compile process")
    args = ap.parse_args()
    args.sizes = [int(x) for x in args.sizes.split(",") if x]
    args.kinds = [x for x in args.kinds.split(",") if x]
    args.compile_sizes = [int(x) for x in args.compile_sizes.split(",") if x]
    args.gemm_compile_shapes = [tuple(int(v) for v in s.split("x"))
                                for s in args.gemm_compile_shapes.split(",") if s]
    for k in args.kinds:
        if k not in KINDS:
            ap.error(f"unknown kind {k} (known: {', '.join(KINDS)})")

    model, flags = cpu_model()
    core = openblas_coretype(flags)
    ref_env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    if core:
        ref_env["OPENBLAS_CORETYPE"] = core
    print(f"CPU: {model}")
    print(f"OpenBLAS: OPENBLAS_CORETYPE={core or '(unset)'}; one thread each; ascube-run one block, one thread")
    if not args.no_gemm:
        ref_bin = build_ref()
        print()
        print("GEMM, M = N = K = n, one thread: GFLOP/s (i8: GOP/s); ascube checked against numpy")
        print(f"{'kind':5} {'product':12} {'n':>5}  {'ascube':>8} {'sgemm':>8} {'oneDNN':>8}  "
              f"{'/sgemm':>9} {'/oneDNN':>9}  {'comp ms':>7}  check")
        rows, kernels = gemm_part(args, ref_env, ref_bin)
        print()
        print("Kernels that ran: " + "; ".join(f"{k}: {v}" for k, v in kernels.items() if v))
        print("(oneDNN column: bf16 x bf16 -> f32 for bf16, s8 x s8 -> s32 for i8; fp8 and fp4 "
              "(MmadMx with unit e8m0 scales) have no reference of their own: compare them with "
              "the f16 row.)")
        if any(not r[7] for r in rows):
            print("Some ascube results did not match numpy: see WRONG above")
            return 1
    if not args.no_gemm_compile:
        gemm_compile_part(args)
    if not args.no_compile:
        compile_part(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
