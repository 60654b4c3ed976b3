#!/usr/bin/env bash
# Generates the inputs and golden of an example (examples/gen_data.py, plain
# numpy), runs the kernel with ascube-run --check-sync (the flag model of
# its pipes) and compares with the golden.
#   scripts/run-example.sh NAME        (NAME: matmul_f16, ..., or "all")
# Needs a build (scripts/setup.sh). Data goes to $BUILD_DIR/examples/NAME.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
RUN="$BUILD_DIR/bin/ascube-run"

# name: entry, inputs, output, tolerance (float results differ from the
# float64 golden only by f32 rounding; integer results are exact).
run() {
  local name=$1 entry=$2 ins=$3 out=$4 tol=$5
  local dir="$BUILD_DIR/examples/$name"
  /usr/bin/python3 "$ROOT/examples/gen_data.py" "$name" "$dir"
  local args=()
  for i in $ins; do args+=(--input "$i=$dir/$i.bin"); done
  echo "== $name: ascube-run examples/$name.mlir --entry $entry ${ins// / } -> $out"
  "$RUN" "$ROOT/examples/$name.mlir" --entry "$entry" "${args[@]}" --check-sync \
    --output "$out=$dir/$out.bin" --compare "$out=$dir/golden.bin" $tol
}

example() {
  case "$1" in
    matmul_f16)      run matmul_f16 matmul "A B" C "--atol 1e-5 --rtol 1e-5" ;;
    matmul_bf16)     run matmul_bf16 matmul "A B" C "--atol 1e-5 --rtol 1e-5" ;;
    matmul_f32)      run matmul_f32 matmul "A BT" C "--atol 1e-5 --rtol 1e-5" ;;
    matmul_i8_bias)  run matmul_i8_bias matmul "A BT BIAS" C "" ;;
    matmul_i8_kn)    run matmul_i8_kn matmul "A B" C "" ;;
    gemv_f16)        run gemv_f16 gemv "A B" C "--atol 1e-5 --rtol 1e-5" ;;
    matmul_i8_quant) run matmul_i8_quant matmul "A BT" C "" ;;
    conv2d_f16)      run conv2d_f16 conv2d "FM WT" OUT "--atol 1e-5 --rtol 1e-5" ;;
    matmul_load)     run matmul_load matmul "A B" C "--atol 1e-5 --rtol 1e-5" ;;
    conv2d_i8)       run conv2d_i8 conv2d "FM WT" OUT "" ;;
    linalg_matmul)   run linalg_matmul matmul "A B" C "--atol 1e-4 --rtol 1e-4" ;;
    linalg_batch_matmul) run linalg_batch_matmul bmm "A BT" C "--atol 1e-4 --rtol 1e-4" ;;
    linalg_conv2d)   run linalg_conv2d conv2d "I W" O "--atol 1e-4 --rtol 1e-4" ;;
    linalg_conv2d_nchw) run linalg_conv2d_nchw conv2d "I W bias" O "--atol 1e-4 --rtol 1e-4" ;;
    linalg_conv2d_kirin9030) run linalg_conv2d_kirin9030 conv2d "I W bias" O "--atol 1e-2 --rtol 1e-2" ;;
    linalg_matmul_i8_requant) run linalg_matmul_i8_requant matmul "A B bias" Q "" ;;
    tensor_matmul)   run tensor_matmul matmul "A B" result0 "--atol 1e-4 --rtol 1e-4" ;;
    tensor_conv2d)   run tensor_conv2d conv2d "I W" result0 "--atol 1e-4 --rtol 1e-4" ;;
    *) echo "run-example: unknown example '$1'" >&2; exit 2 ;;
  esac
}

if [ "${1:-}" = all ]; then
  for e in matmul_f16 matmul_bf16 matmul_f32 matmul_i8_bias matmul_i8_kn gemv_f16 matmul_i8_quant conv2d_f16 conv2d_i8 matmul_load linalg_matmul linalg_batch_matmul linalg_conv2d linalg_conv2d_nchw linalg_conv2d_kirin9030 linalg_matmul_i8_requant tensor_matmul tensor_conv2d; do
    example "$e"
  done
else
  example "${1:?usage: run-example.sh NAME|all}"
fi
