#!/usr/bin/env bash
# The long run of ascube-tile-linalg's random programs (not part of the test
# command): the generators of test/Integration/tile-linalg.test and
# tile-conv.test with other seeds and many more cases — matmuls with M, N, K
# up to MAX (default 2000, primes and 1 included), batches, GEMV, views,
# epilogues and requantizations; convolutions with padding, strides,
# dilations, wide and deep maps; tile-conv-nd2nz.test's NCHW
# convolutions on products without DN2NZ (im2col by ND2NZ); and
# tile-conv-nhwc-nd2nz.test's NHWC convolutions on Kirin 9030 (and Kirin
# X90 with a bias: X' one row per output pixel) — each mapped onto its
# product, run on the CPU and compared bit for bit with numpy; then
# fast-reference.test's random mmad kernels, their vector micro-kernels
# against the reference loops (half of them with --vnni=false).
#   scripts/random-long.sh [MATMULS [CONVS [SEED [ND2NZ [ROWS [FASTREF]]]]]]
#                                      (defaults 2000, 1000, 1, 500, 300, 2000)
# Needs a build (scripts/setup.sh). Cases go to $BUILD_DIR/random-long/,
# where only failing ones stay (kernel, inputs, golden), listed as FAILED. Exit status 0 only when every program matches. About an hour and a half
# for the defaults on two cores, and half an hour for the mmad kernels.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
MATMULS="${1:-2000}"
CONVS="${2:-1000}"
SEED="${3:-1}"
ND2NZ="${4:-500}"
ROWS="${5:-300}"
FASTREF="${6:-2000}"
MAX="${MAX:-2000}"
OUT="$BUILD_DIR/random-long"
BIN="$BUILD_DIR/bin"
INPUTS="$ROOT/test/Integration/Inputs"
rm -rf "$OUT"
mkdir -p "$OUT"
status=0
echo "== $MATMULS random matmuls (M, N, K up to $MAX), seed $SEED"
/usr/bin/python3 "$INPUTS/tile_linalg.py" --runner "$BIN/ascube-run" \
  --opt "$BIN/ascube-opt" --out "$OUT/matmul" --count "$MATMULS" \
  --max "$MAX" --clean --seed "$((20261201 + SEED))" | grep -E "FAILED|programs" ||
  status=1
echo "== $CONVS random convolutions, seed $SEED"
/usr/bin/python3 "$INPUTS/tile_conv.py" --runner "$BIN/ascube-run" \
  --opt "$BIN/ascube-opt" --out "$OUT/conv" --count "$CONVS" --clean \
  --seed "$((20261202 + SEED))" | grep -E "FAILED|programs" || status=1
echo "== $ND2NZ random NCHW convolutions by ND2NZ, seed $SEED"
/usr/bin/python3 "$INPUTS/tile_conv.py" --nd2nz --runner "$BIN/ascube-run" \
  --opt "$BIN/ascube-opt" --out "$OUT/conv-nd2nz" --count "$ND2NZ" --clean \
  --seed "$((20261203 + SEED))" | grep -E "FAILED|programs" || status=1
echo "== $ROWS random NHWC convolutions by ND2NZ (Kirin 9030, X90), seed $SEED"
/usr/bin/python3 "$INPUTS/tile_conv.py" --rows --runner "$BIN/ascube-run" \
  --opt "$BIN/ascube-opt" --out "$OUT/conv-rows" --count "$ROWS" --clean \
  --seed "$((20261204 + SEED))" | grep -E "FAILED|programs" || status=1
echo "== $FASTREF random mmad kernels, micro-kernels against the reference loops, seed $SEED"
/usr/bin/python3 "$INPUTS/fast_reference.py" --runner "$BIN/ascube-run" \
  --out "$OUT/fast-reference" --count "$((FASTREF / 2))" --batch 125 \
  --seed "$((20261205 + SEED))" | grep -E "FAILED|kernels compared" || status=1
/usr/bin/python3 "$INPUTS/fast_reference.py" --runner "$BIN/ascube-run" \
  --out "$OUT/fast-reference-i16" --count "$((FASTREF - FASTREF / 2))" --batch 125 \
  --seed "$((20261206 + SEED))" --fast-flag=--vnni=false | grep -E "FAILED|kernels compared" || status=1
exit "$status"
