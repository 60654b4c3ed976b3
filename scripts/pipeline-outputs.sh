#!/usr/bin/env bash
# What the compiler produces, recorded for a before/after comparison (not
# part of the test command): run it on a build of the old commit and on one
# of the new, then `diff -r BEFORE AFTER` lists every program whose output
# changed. A refactoring of the mapping or the lowering must leave none but
# the differences its commit names.
#   scripts/pipeline-outputs.sh OUT [RANDOM]          (RANDOM default 300)
# Records, each as the exact text (stdout, stderr, exit status):
#  - `ascube-opt --split-input-file --ascube-pipeline` on every example and
#    every .mlir under test/ (error cases too: their messages are output);
#  - RANDOM random linalg programs of the generators of tile-linalg.test and
#    tile-conv.test (plain, --nd2nz, --rows), fixed seeds: each case's mapped
#    program (ascube-tile-linalg with the generator's product and tile, its
#    kernel.mlir, or mapped.mlir where kernel.mlir is left as the linalg
#    source for ascube-run to map) and --ascube-pipeline on it. The
#    generators also run and check every case, as in the suites.
# Paths are relative to the source tree, so two checkouts compare equal.
# BUILD_DIR (default build/) names the build.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$(cd "${BUILD_DIR:-$ROOT/build}" && pwd)"
OUT="${1:?usage: scripts/pipeline-outputs.sh OUT [RANDOM]}"
RANDOM_COUNT="${2:-300}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
rm -rf "$OUT/files" "$OUT/random"
OPT="$BUILD_DIR/bin/ascube-opt"
RUNNER="$BUILD_DIR/bin/ascube-run"
cd "$ROOT"

# One program's output: OUT/<kind>/<path>.out.
record() { # record KIND FILE
  local to="$OUT/$1/$2.out"
  mkdir -p "$(dirname "$to")"
  local status=0
  "$OPT" --split-input-file --ascube-pipeline "$2" >"$to.stdout" 2>"$to.stderr" || status=$?
  { cat "$to.stdout"; echo "--- stderr"; cat "$to.stderr"; echo "--- exit $status"; } >"$to"
  rm -f "$to.stdout" "$to.stderr"
}

count=0
while IFS= read -r f; do
  record files "$f"
  count=$((count + 1))
done < <(find examples test -name '*.mlir' -not -path '*/__pycache__/*' | LC_ALL=C sort)
echo "pipeline-outputs: $count files"

# The random programs: a share of RANDOM per generator.
INPUTS=test/Integration/Inputs
mkdir -p "$OUT/random"
gen() { # gen NAME COUNT SCRIPT ARGS...
  local name=$1 n=$2 script=$3
  shift 3
  local dir="$OUT/random/$name"
  rm -rf "$dir"
  mkdir -p "$dir"
  /usr/bin/python3 "$INPUTS/$script" --runner "$RUNNER" --opt "$OPT" --out "$dir" --count "$n" "$@" \
    >"$dir.log" 2>&1 || echo "pipeline-outputs: $name: a case failed (see $dir.log)"
  # (Paths under OUT as OUT, so that two records compare.)
  sed -i "s|$OUT|OUT|g" "$dir.log"
  # Keep the programs; drop the data.
  find "$dir" -type f -not -name '*.mlir' -delete
  local c p
  for c in "$dir"/case*; do
    # The mapped program (mapped.mlir where the generator left kernel.mlir
    # as the linalg source for ascube-run to map).
    p=kernel.mlir
    [ -e "$c/mapped.mlir" ] && p=mapped.mlir
    [ -e "$c/$p" ] || continue
    local status=0
    (cd "$c" && "$OPT" --ascube-pipeline "$p" >"$p.lowered" 2>&1) || status=$?
    echo "--- exit $status" >>"$c/$p.lowered"
  done
  tail -n 1 "$dir.log" | sed "s/^/pipeline-outputs: $name: /"
}
gen matmul $((RANDOM_COUNT * 2 / 5)) tile_linalg.py --seed 46001
gen conv $((RANDOM_COUNT * 3 / 10)) tile_conv.py --seed 46002
gen conv-nd2nz $((RANDOM_COUNT * 3 / 20)) tile_conv.py --nd2nz --seed 46003
gen conv-rows $((RANDOM_COUNT - RANDOM_COUNT * 2 / 5 - RANDOM_COUNT * 3 / 10 - RANDOM_COUNT * 3 / 20)) \
  tile_conv.py --rows --seed 46004
echo "pipeline-outputs: recorded in $OUT"
