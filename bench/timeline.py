#!/usr/bin/env python3
"""The timing model against published measurements (docs/Timing.md).

pto-isa's kernels/manual/a2a3/gemm_performance measured fp16 -> fp32 GEMMs
on a 24-core Atlas A3 (its README: time and each pipe's busy share). This
maps the same shapes with ascube (ascube-run --product atlas_a3 --blocks 24
--timeline-only: the model alone, no arithmetic) at that kernel's tiling
(base tile 128 x 256 x 64, 4 K steps per L1 chunk: k_l1 = 256, B held
N x K as pto-isa's is), at the same with one K step per L1 chunk and B held
K x N, at the tiling ascube-select-tiling chooses by the least GM traffic
(B K x N) and by modelled time (objective=time, B N x K), and prints the
modelled time and busy shares next to the measured ones, with the ratio and
how long the model took. Then the other shapes of issue 47 (BERT-base
GEMMs, ResNet-50 convolutions, a GEMV; a deep K on one tile, which split-K
spreads) at the tiling of each objective:
their modelled time, the share of the Cube's fp16 peak (24 cores x
16 x 16 x 16 multiply-adds a cycle at the model's clock) it reaches and
the gain of the time's choice. It measures; it checks nothing.

    bench/timeline.py [--build build] [--sizes 1536,3072,6144,7680]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

# pto-isa README (kernels/manual/a2a3/gemm_performance): n -> (ms, Cube,
# MTE1, MTE2, FIX busy %).
MEASURED = {
    1536: (0.0388, 54.5, 42.2, 72.2, 7.7),
    3072: (0.2067, 79.0, 62.0, 90.9, 5.8),
    6144: (1.506, 86.7, 68.1, 95.2, 3.1),
    7680: (3.168, 80.6, 63.0, 98.4, 2.4),
}

# {maps}: B held N x K where given.
KERNEL = """func.func @mm(%A: memref<{n}x{n}xf16>, %B: memref<{n}x{n}xf16>, %C: memref<{n}x{n}xf32>) {{
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<{n}x{n}xf32>)
  linalg.matmul{maps} {attr} ins(%A, %B : memref<{n}x{n}xf16>, memref<{n}x{n}xf16>) outs(%C : memref<{n}x{n}xf32>)
  return
}}
"""

def short(attr):
    """#ascube.matmul_tiling<m = 128, n = 256, k = 64, k_l1 = 256> as
    128x256x64/256."""
    v = re.findall(r"= (\d+)", attr)
    return "x".join(v[:3]) + ("/" + v[3] if len(v) > 3 else "")

TILING_ATTR = re.compile(r"ascube\.tiling = (#ascube\.\w+<[^>]*>)")
BT = (" indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) "
      "-> (n, k)>, affine_map<(m, n, k) -> (m, n)>]")

SPEED = re.compile(r"run ([\d.]+) ms min.*\n.*\n.*timed (\d+) instructions and "
                   r"flag ops in ([\d.]+) ms")

SUMMARY = re.compile(
    r"timeline: (\d+) cycles, ([\d.]+) us .*busy MTE2 ([\d.]+)%, MTE1 "
    r"([\d.]+)%, M ([\d.]+)%, FIX ([\d.]+)%; bound: (\w+)")


def chosen(opt, text, objective="traffic"):
    """`text` with the tiling ascube-select-tiling writes on Atlas A3 (24
    blocks) for `objective`, and that tiling's attribute."""
    r = subprocess.run([opt, "--ascube-select-tiling=product=atlas_a3 "
                        "objective=" + objective, "-"],
                       input=text, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("ascube-select-tiling failed:\n" + r.stderr)
    m = TILING_ATTR.search(r.stdout)
    return r.stdout, m.group(1) if m else "?"


def model(run, text):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "mm.mlir")
        with open(path, "w") as f:
            f.write(text)
        start = time.time()
        r = subprocess.run([run, path, "--entry", "mm", "--product",
                            "atlas_a3", "--blocks", "24", "--timeline-only",
                            "--time"],
                           capture_output=True, text=True)
        took = time.time() - start
    m = SUMMARY.search(r.stdout)
    if not m:
        sys.exit("ascube-run failed:\n" + r.stdout + r.stderr)
    us = float(m.group(2))
    mte2, mte1, cube, fix = (float(m.group(i)) for i in (3, 4, 5, 6))
    # Instructions and flag ops a second, the hooks' run and the model's
    # replay together.
    sp = SPEED.search(r.stdout)
    rate = int(sp.group(2)) / (float(sp.group(1)) + float(sp.group(3))) / 1e3
    return us / 1000, cube, mte1, mte2, fix, m.group(7), took, rate


# Issue 47's other shapes on Atlas A3, 24 blocks: name, kernel, multiply-adds.
def gemm(m, k, n):
    return (f"func.func @k(%A: memref<{m}x{k}xf16>, %B: memref<{k}x{n}xf16>, "
            f"%C: memref<{m}x{n}xf32>) {{\n  %z = arith.constant 0.0 : f32\n"
            f"  linalg.fill ins(%z : f32) outs(%C : memref<{m}x{n}xf32>)\n"
            f"  linalg.matmul ins(%A, %B : memref<{m}x{k}xf16>, "
            f"memref<{k}x{n}xf16>) outs(%C : memref<{m}x{n}xf32>)\n  return\n}}\n")


def conv(h, c, kh, f, stride):
    """NHWC, the input already padded: h x h x c, a kh x kh kernel."""
    o = (h - kh) // stride + 1
    i, w, out = (f"memref<1x{h}x{h}x{c}xf16>", f"memref<{kh}x{kh}x{c}x{f}xf16>",
                 f"memref<1x{o}x{o}x{f}xf32>")
    return (f"func.func @k(%I: {i}, %W: {w}, %O: {out}) {{\n"
            f"  %z = arith.constant 0.0 : f32\n"
            f"  linalg.fill ins(%z : f32) outs(%O : {out})\n"
            f"  linalg.conv_2d_nhwc_hwcf {{strides = dense<{stride}> : "
            f"tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}}\n"
            f"    ins(%I, %W : {i}, {w}) outs(%O : {out})\n  return\n}}\n",
            o * o * f * kh * kh * c)


def shapes():
    return [
        ("BERT 128 x 768 x 3072 (M x K x N)", gemm(128, 768, 3072), 128 * 768 * 3072),
        ("BERT 128 x 3072 x 768", gemm(128, 3072, 768), 128 * 3072 * 768),
        ("ResNet-50 stem 7x7/2 224->112, 3->64", *conv(230, 3, 7, 64, 2)),
        ("ResNet-50 3x3 56x56, 64->64", *conv(58, 64, 3, 64, 1)),
        ("ResNet-50 1x1 56x56, 256->64", *conv(56, 256, 1, 64, 1)),
        ("GEMV 1 x 4096 x 4096", gemm(1, 4096, 4096), 4096 * 4096),
        ("deep K 128 x 4096 x 128 (split-K)", gemm(128, 4096, 128), 128 * 4096 * 128),
    ]


def timed(run, text):
    """Cycles and microseconds of the kernel @k of `text` on Atlas A3, 24
    blocks."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "k.mlir")
        with open(path, "w") as f:
            f.write(text)
        r = subprocess.run([run, path, "--entry", "k", "--product",
                            "atlas_a3", "--blocks", "24",
                            "--timeline-only"], capture_output=True,
                           text=True)
    m = SUMMARY.search(r.stdout)
    if not m:
        sys.exit("ascube-run failed:\n" + r.stdout + r.stderr)
    return int(m.group(1)), float(m.group(2))


def other_shapes(run, opt):
    print()
    print("issue 47's other shapes on Atlas A3, 24 blocks, at the tiling of "
          "each objective of ascube-select-tiling; peak: 24 x 8192 FLOP a cycle")
    print("%-38s %9s %6s %9s %6s %6s  %s" % ("shape", "traffic", "peak%",
                                             "time", "peak%", "gain",
                                             "tilings (traffic; time)"))
    for name, text, macs in shapes():
        cols = []
        for objective in ("traffic", "time"):
            mapped, tiling = chosen(opt, text, objective)
            cycles, us = timed(run, mapped)
            cols.append((us, 100 * 2 * macs / (cycles * 24 * 8192), tiling))
        print("%-38s %9.2f %6.1f %9.2f %6.1f %5.2fx  %s; %s" % (
            name, cols[0][0], cols[0][1], cols[1][0], cols[1][1],
            cols[0][0] / cols[1][0], cols[0][2], cols[1][2]))


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build"),
        help="the build whose bin/ascube-run and bin/ascube-opt to use "
             "(default: build/ beside bench/)")
    ap.add_argument("--sizes", default="1536,3072,6144,7680",
                    help="n of the n^3 GEMMs, comma-separated; those pto-isa "
                         "measured (%s) are compared, others modelled only" %
                         ", ".join(str(n) for n in MEASURED))
    args = ap.parse_args()
    run = os.path.join(args.build, "bin", "ascube-run")
    opt = os.path.join(args.build, "bin", "ascube-opt")
    print("timing model vs pto-isa's measured A3 GEMMs (fp16 -> fp32, 24 "
          "cores); busy shares in %, in ascube-run's order")
    head = "%6s  %-28s %9s %12s  %-6s %-6s %-6s %-6s %6s %8s %8s"
    row = "%6s  %-28s %9.4f %12s  %-6.1f %-6.1f %-6.1f %-6.1f %6s %8s %8s"
    print(head % ("n", "tiling", "ms", "model/meas.", "MTE2", "MTE1", "M",
                  "FIX", "bound", "model s", "M/s all"))
    print("(M/s all: instructions and flag ops a second, the hooks' run "
          "and the model together)")
    for n in (int(s) for s in args.sizes.split(",")):
        meas = MEASURED.get(n)
        if meas:
            print(row % (n, "measured (pto-isa)", meas[0], "", meas[3],
                         meas[2], meas[1], meas[4], "", "", ""))
        plain = KERNEL.format(n=n, attr="", maps="")
        transposed = KERNEL.format(n=n, attr="", maps=BT)
        by_traffic, traffic_tiling = chosen(opt, plain)
        by_time, time_tiling = chosen(opt, transposed, "time")
        for name, text in (
                ("pto-isa's: k_l1 256, B^T",
                 KERNEL.format(n=n, attr="{ascube.tiling = "
                               "#ascube.matmul_tiling<m = 128, n = 256, "
                               "k = 64, k_l1 = 256>}", maps=BT)),
                ("128 x 256 x 64, B K x N",
                 KERNEL.format(n=n, attr="{ascube.tiling = #ascube."
                               "matmul_tiling<m = 128, n = 256, k = 64>}",
                               maps="")),
                ("traffic: " + short(traffic_tiling), by_traffic),
                ("time, B^T: " + short(time_tiling), by_time)):
            ms, cube, mte1, mte2, fix, bound, took, rate = model(run, text)
            ratio = "%.2f" % (ms / meas[0]) if meas else "-"
            print(row % ("" if meas else n, name, ms, ratio, mte2, mte1, cube,
                         fix, bound, "%.1f" % took, "%.1f" % rate))
    other_shapes(run, opt)


if __name__ == "__main__":
    main()
