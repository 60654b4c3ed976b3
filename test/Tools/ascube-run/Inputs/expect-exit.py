#!/usr/bin/env python3
"""Runs a command and checks its exit status: expect-exit.py CODE CMD ARGS...
Prints the command's stdout and stderr (for FileCheck) and exits 0 when the
command exited with CODE, 1 otherwise (lit's shell has no $?)."""
import subprocess
import sys

want = int(sys.argv[1])
r = subprocess.run(sys.argv[2:], capture_output=True, text=True)
sys.stdout.write(r.stdout)
sys.stdout.write(r.stderr)
if r.returncode != want:
    sys.stdout.write(f"expect-exit: exit status {r.returncode}, expected {want}\n")
    sys.exit(1)
