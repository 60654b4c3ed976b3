#!/usr/bin/env bash
# Fuzzes ascube with libFuzzer in the sanitizer build (build-san: ASan +
# UBSan + coverage, clang-22): the IR harness (parse, verify, ascube passes,
# CPU lowering; fuzz/IRFuzzer.cpp) and the ascube-layout harness
# (fuzz/LayoutFuzzer.cpp), both at once (one per core).
#
#   scripts/fuzz.sh [SECONDS]   # fuzz each harness SECONDS (default 600)
#   FUZZ_JOBS=1 scripts/fuzz.sh 60
#
# Seeds: every .mlir under test/ and examples/, split at "// -----", the
# findings kept in test/Regression/Inputs/fuzz/ and fuzz/layout-seeds/; the
# corpus grows in build-san/fuzz/corpus-*/ across runs. A finding (crash,
# hang over 20 s, sanitizer report, leak) is written to
# build-san/fuzz/findings/ and makes the script fail: fix it, then keep the
# input as a regression test in test/Regression/Inputs/fuzz/ (IR) named
# after what it exercises. Prints each harness's executions.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_EACH="${1:-600}"
BUILD="${SAN_BUILD_DIR:-$ROOT/build-san}"
export SAN_BUILD_DIR="$BUILD"
SANITIZE=1 "$ROOT/scripts/setup.sh" >/dev/null
# shellcheck source=sanitizer-env.sh
source "$ROOT/scripts/sanitizer-env.sh"

OUT="$BUILD/fuzz"
mkdir -p "$OUT/seed-ir" "$OUT/corpus-ir" "$OUT/corpus-layout" "$OUT/findings"
# IR seeds: each chunk of each test and example, one file per chunk.
/usr/bin/python3 - "$ROOT" "$OUT/seed-ir" <<'EOF'
import hashlib, pathlib, sys
root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for f in [*root.glob("test/**/*.mlir"), *root.glob("examples/**/*.mlir")]:
    for chunk in f.read_text(errors="replace").split("// -----"):
        data = chunk.encode()
        if data.strip() and len(data) <= 64 * 1024:
            (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
EOF

run() { # NAME FUZZER DICT CORPUS SEEDS...
  local name=$1 fuzzer=$2 dict=$3 corpus=$4
  shift 4
  local log="$OUT/$name.log"
  set +e
  "$fuzzer" -max_total_time="$SECONDS_EACH" -timeout=20 -rss_limit_mb=4096 \
    -max_len=65536 -dict="$dict" -print_final_stats=1 \
    -artifact_prefix="$OUT/findings/$name-" "$corpus" "$@" >"$log" 2>&1
  local status=$?
  set -e
  local execs
  execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)
  echo "fuzz: $name: ${execs:-0} executions in ${SECONDS_EACH} s, exit $status"
  if [ $status -ne 0 ]; then
    grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -5 | sed 's/^/fuzz:   /'
  fi
  return $status
}

status=0
run ir "$BUILD/bin/ascube-ir-fuzzer" "$ROOT/fuzz/ascube.dict" "$OUT/corpus-ir" \
  "$OUT/seed-ir" "$ROOT/test/Regression/Inputs/fuzz" &
ir=$!
if [ "${FUZZ_JOBS:-2}" -lt 2 ]; then wait $ir || status=1; fi
run layout "$BUILD/bin/ascube-layout-fuzzer" "$ROOT/fuzz/layout.dict" \
  "$OUT/corpus-layout" "$ROOT/fuzz/layout-seeds" || status=1
if [ "${FUZZ_JOBS:-2}" -ge 2 ]; then wait $ir || status=1; fi
if [ $status -ne 0 ]; then
  echo "fuzz: findings in $OUT/findings/ (see the logs in $OUT/)"
fi
exit $status
