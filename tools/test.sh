#!/bin/sh
# Sets everything up, builds, and runs the whole test suite: the engine and
# CLI suites, the UI suites under Xvfb, and the engine suites again under
# AddressSanitizer + UndefinedBehaviorSanitizer.  Exits non-zero on any failure.
set -eu
cd "$(dirname "$0")/.."
sh tools/deps.sh

status=0
[ -d _build ] || meson setup _build
meson compile -C _build
xvfb-run -a -s "-screen 0 1400x900x24" \
  meson test -C _build --print-errorlogs --num-processes 2 || status=1
python3 tools/testlog-summary.py _build/meson-logs/testlog.json tests || status=1

[ -d _build-sanitize ] || meson setup _build-sanitize -Dgui=false \
  -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
meson compile -C _build-sanitize
meson test -C _build-sanitize --print-errorlogs --num-processes 2 --timeout-multiplier 4 || status=1
python3 tools/testlog-summary.py _build-sanitize/meson-logs/testlog.json "sanitizers" || status=1

exit $status
