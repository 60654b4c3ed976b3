#!/usr/bin/env bash
# The benchmark (bench/README.md): installs its own packages (Debian's
# OpenBLAS and oneDNN, through scripts/setup.sh's apt-get), builds ascube and
# runs bench/bench.py with the arguments given, e.g.
#
#   bench/run.sh                                  # everything (long)
#   bench/run.sh --sizes 256,512 --no-compile     # a quick GEMM table
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXTRA_PACKAGES="libopenblas-dev libdnnl-dev" "$ROOT/scripts/setup.sh"
exec /usr/bin/python3 "$ROOT/bench/bench.py" "$@"
