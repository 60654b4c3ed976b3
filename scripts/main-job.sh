#!/usr/bin/env bash
# The main job. Sets up and builds ascube (scripts/setup.sh), then shows the
# documents' 20x28 f16 Nz example (cube-reference §2, public case C01) with
# ascube-layout: where logical (19, 27) lands, the padded picture, and the
# same layout as a buffer type in IR.
# (Compiling and running a Cube kernel on the CPU replaces this with the
# lowering issue.)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
export BUILD_DIR
"$ROOT/scripts/setup.sh"
BIN="$BUILD_DIR/bin"

echo "== ascube-layout --format Nz --type f16 --shape 20x28 --query 19,27"
"$BIN/ascube-layout" --format Nz --type f16 --shape 20x28 --query 19,27
echo
echo "== ascube-layout --format Zz --type f16 --shape 4x4 --fractal 2x2 --order"
"$BIN/ascube-layout" --format Zz --type f16 --shape 4x4 --fractal 2x2 --order
echo
echo "== ascube-layout --format Nz --type f16 --shape 20x28 --grid"
"$BIN/ascube-layout" --format Nz --type f16 --shape 20x28 --grid
echo
echo "== the same buffer in IR (examples/layouts.mlir), verified by ascube-opt"
"$BIN/ascube-opt" "$ROOT/examples/layouts.mlir"
