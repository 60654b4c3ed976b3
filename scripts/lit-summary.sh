#!/usr/bin/env bash
# Reads the output of one lit run (a file, or stdin) and prints "PASSED
# FAILED": the tests that ran and met their expectation (Passed, Expectedly
# Failed) and those that did not (Failed, Unresolved, Timed Out,
# Unexpectedly Passed). Unsupported, skipped and excluded tests did not run
# and are not counted.
#
# lit prints its summary as "  <label>: <count> (<percent>%)", the labels
# padded to the longest one present ("  Passed     : 247 (98.80%)" beside
# "  Unsupported:   3 (1.20%)"), so the label is everything before the
# colon and the count the first field after it.
#
#   scripts/lit-summary.sh lit.log     # -> "247 0"
set -euo pipefail
awk '
  /^  [A-Z][A-Za-z ]*: *[0-9]+ \(/ {
    split($0, part, ":")
    label = part[1]
    sub(/^ +/, "", label)
    sub(/ +$/, "", label)
    count = part[2]
    sub(/^ +/, "", count)
    sub(/ .*/, "", count)
    if (label == "Passed" || label == "Expectedly Failed")
      passed += count
    else if (label == "Failed" || label == "Unresolved" || label == "Timed Out" || label == "Unexpectedly Passed")
      failed += count
  }
  END { print passed + 0, failed + 0 }' "${1:-/dev/stdin}"
