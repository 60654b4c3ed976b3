#!/usr/bin/env bash
# Mutation testing: applies each curated single-line bug of
# scripts/mutants.txt to a copy of the sources (build-mutate/, or
# MUTATE_DIR), rebuilds it and runs the whole test suite; every mutant must
# make a test fail. Not part of scripts/test.sh: it rebuilds once per mutant
# (about an hour on 2 cores). Details in scripts/mutate.py.
#
#   scripts/mutate.sh              # every mutant; exit 0 iff all are killed
#   scripts/mutate.sh NAME...      # the named mutants
#   scripts/mutate.sh --check      # only check that the list still applies
#   scripts/mutate.sh --list
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case "${1:-}" in
  --check | --list) ;;
  *) "$ROOT/scripts/setup.sh" >/dev/null ;; # the packages the build needs
esac
exec /usr/bin/python3 "$ROOT/scripts/mutate.py" "$@"
