#!/usr/bin/env python3
"""Replays every saved fuzzer finding (test/Regression/Inputs/fuzz/) through
ascube-opt as the IR fuzzer runs it: the ascube passes and the CPU lowering,
then the whole ascube-to-llvm pipeline. A diagnostic (exit 1) is fine; a
crash, an abort, a hang or a sanitizer report is not.

Usage: replay.py ASCUBE_OPT DIR"""
import pathlib
import subprocess
import sys

opt, root = sys.argv[1], pathlib.Path(sys.argv[2])
pipelines = [
    ["--ascube-verify-target", "--ascube-merge-movers",
     "--ascube-select-movers=remarks=false", "--canonicalize",
     "--convert-ascube-to-loops"],
    ["--ascube-to-llvm=runtime-checks=true"],
]
bad = 0
files = sorted(root.glob("*.mlir"))
for f in files:
    for p in pipelines:
        try:
            r = subprocess.run([opt, str(f), "-o", "/dev/null", *p],
                               capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            print(f"{f.name} {' '.join(p)}: hang (60 s)")
            bad += 1
            continue
        # A sanitizer report aborts (scripts/sanitizer-env.sh); its text is
        # refused too, whatever the exit status.
        if r.returncode not in (0, 1) or "Sanitizer" in r.stderr or \
                "runtime error:" in r.stderr:
            print(f"{f.name} {' '.join(p)}: exit {r.returncode}")
            print(r.stderr[-2000:])
            bad += 1
print(f"{len(files)} inputs replayed, {bad} failures")
sys.exit(1 if bad else 0)
