#!/usr/bin/env bash
# Sets up (scripts/setup.sh), builds, checks formatting and runs every test:
# lit regression tests (FileCheck, -verify-diagnostics, tools) and the
# GoogleTest unit tests. Ends with the line "N passed, N failed".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
export BUILD_DIR

"$ROOT/scripts/setup.sh"
"$ROOT/scripts/check-format.sh"

ninja -C "$BUILD_DIR" -j"${JOBS:-2}" AscubeUnitTests
log="$(mktemp)"
set +e
/usr/lib/llvm-22/bin/lit -sv "$BUILD_DIR/test" "$BUILD_DIR/test/Unit" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
# lit's summary lines ("  Passed: 40 (100.00%)") -> "N passed, N failed".
read -r passed failed < <(awk '
  /^ *Passed *:/ { p += $2 }
  /^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *:/ { f += $(NF-1) }
  END { print p + 0, f + 0 }' "$log")
rm -f "$log"
echo "${passed:-0} passed, ${failed:-0} failed"
exit "$status"
