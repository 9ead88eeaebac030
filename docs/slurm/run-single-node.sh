#!/usr/bin/env bash
# Runs docs/slurm/submit.sh on a private single-node Slurm cluster on this Debian machine
# and checks that the merged shards equal one run, byte for byte (JSON and per-section
# CSV): a synthetic run and a --feed docs/feed-example.json run, 3 array tasks each.
#
#   sudo docs/slurm/run-single-node.sh [--no-install]
#
# Installs slurm-wlm and munge with apt-get when they are missing (not with
# --no-install, which fails instead). The cluster is this script's own: a munge key,
# socket and daemon, a slurm.conf naming this host and its CPU count, and slurmctld
# and slurmd on ports 16817 and 16818 (SLURMCTLD_PORT, SLURMD_PORT), all in a temporary
# directory, started in the background (no systemd needed) and stopped on exit; nothing
# in /etc is changed. Needs root, as slurmd runs jobs as their user. IMPRESSIONS names
# the binary to run (default: a debug build of this checkout). Exit status 0 when both
# runs match, 1 on any mismatch or failed job, 2 when it cannot run.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

install=yes
[ "${1:-}" = "--no-install" ] && install=no
if [ "$(id -u)" != 0 ]; then
    echo "run-single-node.sh: needs root (starts munged, slurmctld and slurmd)" >&2
    exit 2
fi
missing=()
for tool in sbatch squeue scontrol slurmctld slurmd munged; do
    command -v "$tool" > /dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$install" = no ]; then
        echo "run-single-node.sh: missing ${missing[*]} (apt-get install slurm-wlm munge)" >&2
        exit 2
    fi
    echo "== installing slurm-wlm and munge (missing: ${missing[*]})"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge
fi

impressions="${IMPRESSIONS:-}"
if [ -z "$impressions" ]; then
    swift build --product impressions
    impressions="$(swift build --show-bin-path)/impressions"
fi

work=$(mktemp -d /tmp/impressions-slurm.XXXXXX)
# munged wants every directory above its socket searchable by all.
chmod 755 "$work"
pids=()
status=2
cleanup() {
    # The daemons this script started, newest first, by their process ids.
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        kill "${pids[i]}" 2> /dev/null || true
        wait "${pids[i]}" 2> /dev/null || true
    done
    if [ "$status" = 0 ]; then
        rm -rf "$work"
    else
        echo "run-single-node.sh: failed; logs kept in $work" >&2
        tail -n 20 "$work"/*.log "$work"/*.err "$work"/*/slurm-*.out 2> /dev/null >&2 || true
    fi
    exit "$status"
}
trap cleanup EXIT

wait_for() {   # wait_for SECONDS DESCRIPTION COMMAND...: polls COMMAND every 0.2 s.
    local deadline=$((SECONDS + $1)) what=$2
    shift 2
    until "$@"; do
        if [ $SECONDS -ge $deadline ]; then
            echo "run-single-node.sh: timed out waiting for $what" >&2
            return 1
        fi
        sleep 0.2
    done
}

echo "== munge: a key of its own, munged on $work/munge.socket"
dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge.key"
munged --foreground --socket="$work/munge.socket" --key-file="$work/munge.key" --log-file="$work/munged.log" \
    --pid-file="$work/munged.pid" --seed-file="$work/munged.seed" 2> "$work/munged.err" &
pids+=($!)
wait_for 10 "munged" test -S "$work/munge.socket"
munge --socket="$work/munge.socket" --no-input | unmunge --socket="$work/munge.socket" > /dev/null

host=$(hostname -s)
cpus=$(nproc)
echo "== slurm: one node, $host, $cpus CPUs; slurmctld and slurmd in the background"
mkdir -p "$work/state" "$work/spool"
cat > "$work/slurm.conf" << EOF
ClusterName=impressions
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=${SLURMCTLD_PORT:-16817}
SlurmdPort=${SLURMD_PORT:-16818}
AuthType=auth/munge
AuthInfo=socket=$work/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -f "$SLURM_CONF" 2> "$work/slurmctld.err" &
pids+=($!)
slurmd -D -f "$SLURM_CONF" 2> "$work/slurmd.err" &
pids+=($!)
node_idle() { [ "$(sinfo -h -n "$host" -o %T 2> /dev/null)" = idle ]; }
wait_for 60 "the node to be idle" node_idle
sinfo

run() {   # run NAME simulate-options...: submits 3 shards and their merge.
    local name=$1
    shift
    local jobs
    jobs=$(IMPRESSIONS="$impressions" docs/slurm/submit.sh 3 "$work/$name" "$@")
    echo "$name: array job ${jobs% *}, merge job ${jobs#* } (after it)"
    all_jobs+=" ${jobs}"
}
all_jobs=""
echo "== submitting: docs/slurm/submit.sh 3 DIR <options>"
run synthetic --sessions 60 --sections 300 --seconds 30 --seed 3
run feed --feed "$repo/docs/feed-example.json" --sessions 60 --seconds 30 --seed 3
# Recorded sessions: a directory of traces re-measured as an array job, a slice of the
# list per task.
"$impressions" simulate --feed "$repo/docs/feed-example.json" --sessions 40 --seconds 30 --seed 5 \
    --trace-out "$work/recorded" > /dev/null
traces_run=(--traces "$work/recorded" --feed "$repo/docs/feed-example.json" --policy default --policy abema --signals)
run traces "${traces_run[@]}"
# The cluster is this script's own: its queue empties when the jobs are done.
queue_empty() { [ -z "$(squeue -h -o %i)" ]; }
wait_for 600 "the jobs" queue_empty
for job in $all_jobs; do
    scontrol -o show job "$job" | awk '{
        line = ""
        for (i = 1; i <= NF; i++) if ($i ~ /^(JobId|ArrayTaskId|JobName|JobState|ExitCode)=/) line = line "  " $i
        print line
    }'
done

status=1
check() {   # check NAME simulate-options...: the merged files against one run.
    local name=$1
    shift
    local dir="$work/$name"
    if ! [ -f "$dir/merged.json" ]; then
        echo "$name: FAILED: no merged.json (a shard or the merge failed; logs below)" >&2
        return 1
    fi
    "$impressions" simulate "$@" --json --sections-out "$dir/one-run.csv" > "$dir/one-run.json"
    cmp "$dir/merged.json" "$dir/one-run.json"
    cmp "$dir/sections.csv" "$dir/one-run.csv"
    echo "$name: merged $(ls "$dir"/part-*.json | wc -l) shards = one run: $(wc -c < "$dir/merged.json") bytes of JSON, $(wc -l < "$dir/sections.csv") CSV lines, identical"
}
check synthetic --sessions 60 --sections 300 --seconds 30 --seed 3
check feed --feed "$repo/docs/feed-example.json" --sessions 60 --seconds 30 --seed 3
check traces "${traces_run[@]}"
status=0
echo "== Slurm: merged shards equal one run"
