#!/usr/bin/env python3
"""The timing model against published measurements (docs/Timing.md).

pto-isa's kernels/manual/a2a3/gemm_performance measured fp16 -> fp32 GEMMs
on a 24-core Atlas A3 (its README: time and each pipe's busy share). This
maps the same shapes with ascube (ascube-run --product atlas_a3 --blocks 24
--timeline-only: the model alone, no arithmetic) at that kernel's tiling
(base tile 128 x 256 x 64, 4 K steps per L1 chunk: k_l1 = 256, B held
N x K as pto-isa's is), at the same with one K step per L1 chunk and B held
K x N, and at the tiling ascube-select-tiling chooses, and prints the
modelled time and busy shares next to the measured ones, with the ratio and
how long the model took. It measures; it checks nothing.

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

TILING = re.compile(r"#ascube.matmul_tiling<m = (\d+), n = (\d+), k = (\d+)>")
BT = (" indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) "
      "-> (n, k)>, affine_map<(m, n, k) -> (m, n)>]")

SPEED = re.compile(r"run ([\d.]+) ms min.*\n.*\n.*timed (\d+) instructions and "
                   r"flag ops in ([\d.]+) ms")

SUMMARY = re.compile(
    r"timeline: (\d+) cycles, ([\d.]+) us .*busy MTE2 ([\d.]+)%, MTE1 "
    r"([\d.]+)%, M ([\d.]+)%, FIX ([\d.]+)%; bound: (\w+)")


def chosen(opt, n):
    """The tiling ascube-select-tiling chooses for n^3 on Atlas A3."""
    r = subprocess.run([opt, "--ascube-select-tiling=product=atlas_a3", "-"],
                       input=KERNEL.format(n=n, attr="", maps=""),
                       capture_output=True,
                       text=True)
    m = TILING.search(r.stdout)
    return "%s x %s x %s" % m.groups() if m else "?"


def model(run, n, attr, maps=""):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "mm.mlir")
        with open(path, "w") as f:
            f.write(KERNEL.format(n=n, attr=attr, maps=maps))
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
                  "FIX", "bound", "model s", "M ops/s"))
    for n in (int(s) for s in args.sizes.split(",")):
        meas = MEASURED.get(n)
        if meas:
            print(row % (n, "measured (pto-isa)", meas[0], "", meas[3],
                         meas[2], meas[1], meas[4], "", "", ""))
        for name, attr, maps in (
                ("pto-isa's: k_l1 256, B^T", "{ascube.tiling = "
                 "#ascube.matmul_tiling<m = 128, n = 256, k = 64, "
                 "k_l1 = 256>}", BT),
                ("128 x 256 x 64", "{ascube.tiling = #ascube.matmul_tiling"
                 "<m = 128, n = 256, k = 64>}", ""),
                ("ascube's: " + chosen(opt, n), "", "")):
            ms, cube, mte1, mte2, fix, bound, took, rate = model(run, n, attr,
                                                                 maps)
            ratio = "%.2f" % (ms / meas[0]) if meas else "-"
            print(row % ("" if meas else n, name, ms, ratio, mte2, mte1, cube,
                         fix, bound, "%.1f" % took, "%.1f" % rate))


if __name__ == "__main__":
    main()
