#!/usr/bin/env bash
# Sets up (scripts/setup.sh), builds, checks formatting and runs every test:
# lit regression tests (FileCheck, -verify-diagnostics, tools) and the
# GoogleTest unit tests, in the Release build and again in the sanitizer
# build (ASan + UBSan, assertions on: build-san), then fuzzes each libFuzzer
# harness for FUZZ_SECONDS (default 60). Ends with each phase's time and the
# line "N passed, N failed": the lit tests (GoogleTest cases counted by lit)
# of both builds that ran, and the fuzzing as one (scripts/lit-summary.sh).
#
#   scripts/test.sh              # everything (what CI runs)
#   SANITIZE=0 scripts/test.sh   # locally: the Release suite only
#   FUZZ_SECONDS=0 scripts/test.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
SAN_BUILD_DIR="${SAN_BUILD_DIR:-$ROOT/build-san}"
SANITIZE="${SANITIZE:-1}"
FUZZ_SECONDS="${FUZZ_SECONDS:-60}"
export BUILD_DIR SAN_BUILD_DIR SANITIZE
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"

# Each phase's time (setup.sh appends its own), printed at the end.
ASCUBE_PHASES="$(mktemp)"
export ASCUBE_PHASES
phase() { # LABEL START
  printf '%s\t%s\n' "$1" $((SECONDS - $2)) >>"$ASCUBE_PHASES"
}
total_start=$SECONDS

"$ROOT/scripts/setup.sh"
start=$SECONDS
"$ROOT/scripts/check-format.sh"
phase "format check" "$start"

passed=0
failed=0
status=0
# Runs lit on a build directory and adds its summary to the totals.
suite() { # BUILD LABEL
  local build=$1 label=$2 log start=$SECONDS
  ninja -C "$build" -j"${JOBS:-2}" AscubeUnitTests
  log="$(mktemp)"
  echo "== $label"
  set +e
  # A test that hangs is stopped (and counted) after 30 minutes.
  /usr/lib/llvm-22/bin/lit -sv --timeout=1800 "$build/test" "$build/test/Unit" 2>&1 | tee "$log"
  local s=${PIPESTATUS[0]}
  set -e
  # lit's summary lines ("  Passed     : 247 (98.80%)") -> totals.
  read -r p f < <("$ROOT/scripts/lit-summary.sh" "$log")
  rm -f "$log"
  phase "tests, $label" "$start"
  # lit failing without a failed test (a crash, a configuration error)
  # counts as one failure, so the summary line never says 0 on a failure.
  if [ "$s" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "test: lit exited $s for $label with no failed test reported"
    f=1
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  [ "$s" -eq 0 ] || status=$s
}

suite "$BUILD_DIR" "Release build"
if [ "$SANITIZE" != 0 ]; then
  # shellcheck source=sanitizer-env.sh
  source "$ROOT/scripts/sanitizer-env.sh"
  suite "$SAN_BUILD_DIR" "sanitizer build (ASan + UBSan)"
  if [ "$FUZZ_SECONDS" != 0 ]; then
    echo "== fuzzing, $FUZZ_SECONDS s per harness"
    start=$SECONDS
    # (fuzz.sh makes sure of the build again: not a phase of its own.)
    if ASCUBE_PHASES= "$ROOT/scripts/fuzz.sh" "$FUZZ_SECONDS"; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1))
      status=1
    fi
    phase "fuzzing" "$start"
  fi
fi
phase "total" "$total_start"
echo "== time per phase (seconds)"
awk -F '\t' '{ printf "  %-40s %6d\n", $1, $2 }' "$ASCUBE_PHASES"
rm -f "$ASCUBE_PHASES"
echo "$passed passed, $failed failed"
exit "$status"
