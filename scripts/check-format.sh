#!/usr/bin/env bash
# Fails when a C/C++ file of ours differs from clang-format (LLVM style,
# .clang-format; TableGen is not formatted). Fix with: scripts/check-format.sh --fix
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CF="$(command -v clang-format-14 || command -v clang-format)"
mapfile -t files < <(git ls-files --cached --others --exclude-standard \
  '*.cpp' '*.h' '*.c' | grep -v '^build')
[ ${#files[@]} -gt 0 ] || exit 0
if [ "${1:-}" = "--fix" ]; then
  "$CF" -i "${files[@]}"
  exit 0
fi
if ! "$CF" --dry-run --Werror "${files[@]}"; then
  echo "check-format: files differ from clang-format; run scripts/check-format.sh --fix" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files clean"
