"""Runs a kernel through ascube-run --timeline-only and through
ascube-opt --ascube-estimate-time (after the same mapping and mover
selection) and prints whether the two summary lines are the same.

Usage: same_time.py ASCUBE-OPT ASCUBE-RUN KERNEL.mlir ENTRY BLOCKS [PASS ...]
The passes before ascube-select-movers (e.g. --ascube-tile-linalg=...) are
applied first to a copy that both tools then read."""
import os
import re
import subprocess
import sys
import tempfile

opt_tool, run_tool = sys.argv[1], sys.argv[2]
kernel, entry, blocks, passes = sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]
with tempfile.TemporaryDirectory() as tmp:
    mapped = os.path.join(tmp, "k.mlir")
    subprocess.run([opt_tool, kernel, *passes, "-o", mapped], check=True)
    run = subprocess.run([run_tool, mapped, "--entry", entry, "--timeline-only",
                          "--blocks", blocks], capture_output=True, text=True)
    opt = subprocess.run([opt_tool, mapped, "--ascube-select-movers=remarks=false",
                          "--ascube-estimate-time=entry=%s blocks=%s" % (entry, blocks),
                          "-o", os.devnull], capture_output=True, text=True)
ran = re.search(r"^timeline: .*$", run.stdout, re.M)
est = re.search(r"ascube-estimate-time: @\w+: (timeline: .*)$", opt.stderr, re.M)
name = os.path.basename(kernel)
if not ran or not est:
    print("%s %s blocks: MISSING\n run: %s%s\n opt: %s" % (name, blocks, run.stdout,
                                                          run.stderr, opt.stderr))
elif ran.group(0) != est.group(1):
    print("%s %s blocks: DIFFERENT\n run: %s\n opt: %s" % (name, blocks, ran.group(0),
                                                          est.group(1)))
else:
    print("%s %s blocks: same (%s cycles)" % (name, blocks, ran.group(0).split()[1]))
