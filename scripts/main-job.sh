#!/usr/bin/env bash
# The main job: set up and build ascube (scripts/setup.sh), then compile the
# f16 matmul example (examples/matmul_f16.mlir: M = 30, K = 70, N = 40,
# GM ND -> L1 Nz -> L0A Zz / L0B Zn -> mmad -> fixpipe -> GM ND, with the
# flags between its pipes) and run it on the CPU with ascube-run
# --check-sync, comparing C with a golden computed by plain numpy
# (examples/gen_data.py).
#   scripts/main-job.sh            # the f16 example
#   scripts/main-job.sh all        # every example
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
export BUILD_DIR
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/run-example.sh" "${1:-matmul_f16}"
