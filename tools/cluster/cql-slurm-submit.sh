#!/bin/sh
# Submits a `cql` search as a Slurm job array of N parts and a merge job
# that runs when all of them have succeeded (docs/cluster.md).
#
#   tools/cluster/cql-slurm-submit.sh N WORKDIR QUERY OUTPUT INPUT... [-- SBATCH-OPTION...]
#
# WORKDIR (on a file system every node sees) receives the part files and
# the jobs' logs.  Options after `--` go to both sbatch calls (partition,
# account, time limit...).  Prints the two job ids.
set -eu
if [ $# -lt 5 ]; then
  echo "usage: $0 N WORKDIR QUERY OUTPUT INPUT... [-- SBATCH-OPTION...]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
n=$1 work=$2 query=$3 output=$4
shift 4
inputs=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  inputs="$inputs $1"
  shift
done
[ $# -gt 0 ] && shift
mkdir -p "$work"
# shellcheck disable=SC2086
parts=$(sbatch --parsable "$@" --array="1-$n" --output="$work/part-%a.log" \
  "$here/cql-slurm-part.sbatch" "$work" "$query" $inputs)
merge=$(sbatch --parsable "$@" --dependency="afterok:${parts%%;*}" \
  --output="$work/merge.log" "$here/cql-slurm-merge.sbatch" "$work" "$n" "$output")
echo "parts: job $parts; merge: job $merge"
