#!/bin/sh
# Runs the libFuzzer targets of tests/fuzz, each for a given time.
#
#   tools/fuzz.sh [SECONDS [TARGET...]]     (default: 60 s each, all targets)
#
# Builds _build-fuzz with clang, ASan and UBSan if needed, seeds a working
# corpus per target under _build-fuzz/corpus/ from the tests' fixtures and,
# when present, ../shared/data (EXCELSIOR_SHARED_DATA), then fuzzes each
# target in turn, one process each (run several copies of this script to
# fuzz targets side by side).  Crashing inputs are written to
# _build-fuzz/crashes/; add each one to tests/fixtures/fuzz/regress-*/ once
# it is fixed.  Exits non-zero if any target found a crash.
#
# Each input gets FUZZ_TIMEOUT seconds (default 5) and the process
# FUZZ_RSS_MB of memory (default 1024): an input that costs more (a path
# that is quadratic in the input's size) is a finding like a crash.  PGN
# inputs may be 64 KiB, enough for a quadratic path to show.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-"pgn cql search input"}
build=${FUZZ_BUILD:-_build-fuzz}
data=${EXCELSIOR_SHARED_DATA:-$root/../shared/data}

if [ ! -d "$build" ]; then
  CC=clang meson setup "$build" -Dfuzzing=true -Dgui=false \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fsanitize=fuzzer-no-link
fi
for t in $targets; do ninja -C "$build" "tests/fuzz/fuzz-$t" >/dev/null; done

# seed DIR FILE...: copies each FILE (its first 16 KiB if larger) into DIR.
seed() {
  dir=$1; shift
  for f in "$@"; do
    [ -f "$f" ] || continue
    name=$(printf '%s' "$f" | sed 's|.*/shared/data/||; s|.*/tests/||; s|/|_|g')
    head -c 16384 "$f" > "$dir/$name"
  done
}

mkdir -p "$build/corpus" "$build/crashes"
status=0
for t in $targets; do
  corpus=$build/corpus/$t
  mkdir -p "$corpus"
  case $t in
    pgn|search)
      seed "$corpus" tests/fixtures/pgn/*.pgn tests/fixtures/cli/*.pgn tests/fixtures/fuzz/regress-$t/*
      if [ -d "$data" ]; then
        seed "$corpus" $(find "$data/edge" "$data/studies" "$data/games" -type f \
                           \( -name '*.pgn' -o -name '*.PGN' -o -path '*shakmaty-fuzz*' \))
      fi
      maxlen=65536; [ $t = search ] && maxlen=16384 ;;
    cql)
      seed "$corpus" tests/fixtures/fuzz/seed-cql/* tests/fixtures/fuzz/regress-cql/* \
        data/queries/*.cql tests/fixtures/cql/*.cql tests/fixtures/cql/golden/*.cql \
        $(find tests/fixtures/cql6 -name '*.cql')
      maxlen=4096 ;;
    input)
      # Small compressed files (each format, a zip of two games) and plain
      # ones; a stream may expand to 64 MiB, so inputs stay small.
      seed "$corpus" tests/fixtures/fuzz/seed-input/* tests/fixtures/fuzz/regress-input/* \
        tests/fixtures/pgn/cct131.pgn tests/fixtures/pgn/test-C.pgn
      maxlen=16384 ;;
  esac
  log=$build/fuzz-$t-$(date -u +%Y%m%dT%H%M%S).log
  echo "== fuzz-$t for ${secs}s (corpus $corpus, log $log)"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS=suppressions=$root/tests/lsan.supp \
    "$build/tests/fuzz/fuzz-$t" "$corpus"  \
      -max_total_time="$secs" -max_len=$maxlen -timeout="${FUZZ_TIMEOUT:-5}" \
      -rss_limit_mb="${FUZZ_RSS_MB:-1024}" \
      -artifact_prefix="$build/crashes/$t-" -print_final_stats=1 \
      >"$log" 2>&1 || status=1
  grep -E '^stat::|Done|ERROR|SUMMARY|runtime error' "$log" | tail -12
done
exit $status
