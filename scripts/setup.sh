#!/usr/bin/env bash
# Installs everything ascube needs on Debian 12 (as root, with apt-get),
# configures with Ninja (Release) against Debian's LLVM/MLIR 22 and builds.
# Idempotent: packages already present are kept, an existing build dir is
# reused and only what changed is rebuilt.
#
#   scripts/setup.sh            # install + configure + build
#   BUILD_DIR=out scripts/setup.sh
#   SANITIZE=1 scripts/setup.sh # also the sanitizer build (build-san, or
#                               # SAN_BUILD_DIR): clang-22, ASan + UBSan,
#                               # the libFuzzer harnesses
#   EXTRA_PACKAGES="a b" scripts/setup.sh   # more Debian packages (the
#                               # benchmark's OpenBLAS and oneDNN)
set -euo pipefail

# Each phase's time in seconds, appended to $ASCUBE_PHASES as "LABEL\tSECONDS"
# when it is set (scripts/test.sh prints them at the end).
phase() { # LABEL START
  [ -z "${ASCUBE_PHASES:-}" ] || printf '%s\t%s\n' "$1" $((SECONDS - $2)) >>"$ASCUBE_PHASES"
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"

PACKAGES=(
  build-essential cmake ninja-build ccache python3 clang-format
  llvm-22 llvm-22-dev llvm-22-tools libmlir-22 libmlir-22-dev mlir-22-tools
  libgtest-dev python3-numpy python3-psutil
)
# shellcheck disable=SC2206
PACKAGES+=(${EXTRA_PACKAGES:-})
SANITIZE="${SANITIZE:-0}"
SAN_BUILD_DIR="${SAN_BUILD_DIR:-$ROOT/build-san}"
if [ "$SANITIZE" != 0 ]; then
  PACKAGES+=(clang-22 libclang-rt-22-dev libfuzzer-22-dev)
fi

start=$SECONDS
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
phase "packages" "$start"

# ccache keys on paths relative to the checkout, so another clone (CI's clean
# one, the mutation copy) reuses what this one compiled.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
LAUNCHER=()
command -v ccache >/dev/null && LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)

start=$SECONDS
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm \
    "${LAUNCHER[@]}"
fi
ninja -C "$BUILD_DIR" -j"${JOBS:-2}"
phase "Release build" "$start"

if [ "$SANITIZE" != 0 ]; then
  start=$SECONDS
  if [ ! -f "$SAN_BUILD_DIR/build.ninja" ]; then
    cmake -G Ninja -S "$ROOT" -B "$SAN_BUILD_DIR" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=/usr/lib/llvm-22/bin/clang \
      -DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++ \
      -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
      -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm \
      -DASCUBE_SANITIZE=ON -DASCUBE_FUZZ=ON \
      "${LAUNCHER[@]}"
  fi
  ninja -C "$SAN_BUILD_DIR" -j"${JOBS:-2}"
  phase "sanitizer build" "$start"
fi

