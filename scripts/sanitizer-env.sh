# Sourced by scripts/test.sh and scripts/fuzz.sh: the sanitizer settings of
# the sanitizer build (build-san). Every report stops the program with
# SIGABRT (abort_on_error), never with an exit status a tool also uses
# (1 is a diagnostic, a mismatch), so `not`, the replay and the exit-status
# tests all count it as a failure; the
# suppressions in test/sanitizers/ (each with its reason) cover only what
# comes from mixing ascube's instrumented code with Debian's uninstrumented
# libMLIR/libLLVM.
_SAN="$(cd "$(dirname "${BASH_SOURCE[0]}")/../test/sanitizers" && pwd)"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1:detect_container_overflow=0:allow_user_poisoning=0:suppressions=$_SAN/asan.supp"
export LSAN_OPTIONS="suppressions=$_SAN/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:suppressions=$_SAN/ubsan.supp"
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-22/bin/llvm-symbolizer
unset _SAN
