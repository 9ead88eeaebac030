#!/usr/bin/env bash
# Submits a sharded 'impressions simulate' run to Slurm: an array of N shard tasks, then
# a merge job that runs once every task has succeeded (--dependency=afterok).
#
#   docs/slurm/submit.sh N SHARD_DIR [simulate options...]
#   docs/slurm/submit.sh 8 /shared/run-7 --sessions 100000 --seed 7
#   docs/slurm/submit.sh 8 /shared/beta-run --traces /shared/beta-traces --policy default --policy abema
#
# Prints the two job ids ("ARRAY MERGE"); the merged JSON and CSV appear as
# SHARD_DIR/merged.json and SHARD_DIR/sections.csv, the logs as SHARD_DIR/slurm-*.out.
# IMPRESSIONS names the binary (default: impressions on PATH); SHARD_DIR must be on a
# file system every node sees, as must a --feed file and a --traces directory.
set -euo pipefail

if [ $# -lt 2 ] || ! [ "$1" -ge 1 ] 2>/dev/null; then
    echo "usage: $0 N SHARD_DIR [impressions simulate options...]" >&2
    exit 2
fi
count=$1
shard_dir=$(mkdir -p "$2" && cd "$2" && pwd)
shift 2
here=$(cd "$(dirname "$0")" && pwd)
export SHARD_DIR="$shard_dir"
export IMPRESSIONS="${IMPRESSIONS:-impressions}"

# Tasks run in the directory sbatch is called from: relative paths (a --feed file) work
# when that directory is shared too.
array=$(sbatch --parsable --output="$shard_dir/slurm-%A_%a.out" \
    --array="0-$((count - 1))" "$here/simulate-array.sbatch" "$@")
array=${array%%;*}   # --parsable prints "id;cluster" on a multi-cluster setup
merge=$(sbatch --parsable --output="$shard_dir/slurm-%j.out" \
    --dependency="afterok:$array" --kill-on-invalid-dep=yes "$here/merge.sbatch")
echo "${array} ${merge%%;*}"
