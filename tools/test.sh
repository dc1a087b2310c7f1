#!/bin/sh
# Sets everything up, builds, and runs the whole test suite twice: once
# optimised (the UI suites under Xvfb), and once more under AddressSanitizer
# + UndefinedBehaviorSanitizer (LeakSanitizer suppressions in tests/lsan.supp;
# the tests set ASAN/UBSAN/LSAN_OPTIONS themselves, see tests/meson.build).
# Exits non-zero on any failure.
#
#   SANITIZE_GUI=0  sanitize only the engine, CLI and robustness suites
#                   (faster; by default the workbench suites are sanitized too:
#                   about 4 minutes on a 2-core machine)
#   FUZZ_SECONDS=N  also build the libFuzzer targets with clang and run each
#                   for N seconds (tools/fuzz.sh); off by default
#
# The slow tests (meson option slow_tests: full perft, files beyond 4 GiB)
# are not run here: `meson configure _build -Dslow_tests=true` for those.
set -eu
cd "$(dirname "$0")/.."
sh tools/deps.sh

xvfb() {
  if command -v xvfb-run >/dev/null 2>&1; then
    xvfb-run -a -s "-screen 0 1400x900x24" "$@"
  else
    "$@"
  fi
}

status=0
[ -d _build ] || meson setup _build
meson compile -C _build
xvfb meson test -C _build --print-errorlogs --num-processes 2 || status=1
python3 tools/testlog-summary.py _build/meson-logs/testlog.json tests || status=1

gui=true
[ "${SANITIZE_GUI:-1}" = 0 ] && gui=false
[ -d _build-sanitize ] || meson setup _build-sanitize -Dgui=$gui \
  -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
meson configure _build-sanitize -Dgui=$gui
meson compile -C _build-sanitize
xvfb meson test -C _build-sanitize --print-errorlogs --num-processes 2 \
  --timeout-multiplier 4 || status=1
python3 tools/testlog-summary.py _build-sanitize/meson-logs/testlog.json "sanitizers" || status=1

if [ "${FUZZ_SECONDS:-0}" -gt 0 ]; then
  sh tools/fuzz.sh "$FUZZ_SECONDS" || status=1
fi

exit $status
