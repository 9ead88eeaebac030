#!/usr/bin/env bash
# What `impressions audit` costs next to `impressions replay` of the same traces, as a
# user runs them (issue 16: at most 1.5x). Release build; each round replays every trace
# under the default policy, then audits replay's own output (every claim right), then
# the same claims 3 s early (every claim wrong: each needs a reason); rounds alternate so
# that a busy machine slows all three alike. Times are user + system CPU of the commands.
#
#   impressions simulate --sessions 4 --seconds 30m --seed 5 --trace-out /tmp/long
#   Benchmarks/audit-cost.sh /tmp/long 5
#
# For the engine alone (traces decoded once, outside the measurement), see
# Profiling/AuditCost (`audit-cost`).
set -euo pipefail
traces="${1:?usage: audit-cost.sh <directory of traces> [rounds]}"
rounds="${2:-3}"
cd "$(dirname "$0")/.."
swift build -c release --product impressions > /dev/null
impressions="$(swift build -c release --show-bin-path)/impressions"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for trace in "$traces"/*.jsonl; do
    name="$(basename "$trace" .jsonl)"
    "$impressions" replay "$trace" --policy default 2> /dev/null > "$work/$name.right"
    jq -c '.timeMs = ([.timeMs - 3000, 0] | max)' "$work/$name.right" > "$work/$name.early"
done

TIMEFORMAT="%3U %3S"
cpu() { { time "$@" > /dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }'; }
replay_all() { for trace in "$traces"/*.jsonl; do "$impressions" replay "$trace" --policy default; done; }
audit_all() {
    for trace in "$traces"/*.jsonl; do
        "$impressions" audit "$trace" --claimed "$work/$(basename "$trace" .jsonl).$1" --policy default || true
    done
}
replay=0; right=0; early=0
for round in $(seq "$rounds"); do
    replay=$(echo "$replay + $(cpu replay_all)" | bc)
    right=$(echo "$right + $(cpu audit_all right)" | bc)
    early=$(echo "$early + $(cpu audit_all early)" | bc)
done
echo "$(ls "$traces"/*.jsonl | wc -l) traces, $rounds rounds: replay $replay s," \
    "audit right $right s ($(echo "scale=2; $right / $replay" | bc)x)," \
    "audit 3 s early $early s ($(echo "scale=2; $early / $replay" | bc)x)"
