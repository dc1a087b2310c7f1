#!/bin/sh
# Runs one `cql` search as N parts with GNU parallel and merges them into
# what one run writes (docs/cluster.md).
#
#   tools/cluster/cql-parallel.sh N QUERY OUTPUT INPUT... [-- PARALLEL-OPTION...]
#
# N parts, at most as many at a time as parallel's -j says (default: one
# per core).  The parts are written to a temporary folder beside OUTPUT and
# removed after a merge that went through; a failed part stops the run
# (the others are left for a re-run of that part alone).  Options after
# `--` go to parallel, e.g. `-- --sshloginfile hosts.txt` to run the parts
# on other machines that see the same paths (and the same `cql`), or
# `-- -j 4`.  CQL is the `cql` program to run (default: `cql` on PATH).
set -eu
if [ $# -lt 4 ]; then
  echo "usage: $0 N QUERY OUTPUT INPUT... [-- PARALLEL-OPTION...]" >&2
  exit 2
fi
n=$1 query=$2 output=$3
shift 3
inputs=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  inputs="$inputs -i $1"
  shift
done
[ $# -gt 0 ] && shift
cql=${CQL:-cql}
work=$(mktemp -d "$(dirname "$output")/.cql-parts.XXXXXX")
# Each part uses one thread: the parts themselves fill the cores.
# shellcheck disable=SC2086
seq 1 "$n" | parallel --will-cite --halt now,fail=1 "$@" \
  "$cql" --threads 1 --quiet --shard "{}/$n" $inputs -o "$work/part-{}.part" "$query"
parts=""
for k in $(seq 1 "$n"); do
  parts="$parts $work/part-$k.part"
done
# shellcheck disable=SC2086
"$cql" --merge $parts -o "$output"
rm -rf "$work"
