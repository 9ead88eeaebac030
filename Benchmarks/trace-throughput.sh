#!/usr/bin/env bash
# Re-measuring recorded sessions at fleet scale: trace lines per second through
# `impressions simulate --traces` under the three default policies, on 1 and 2 workers,
# and the resident memory of runs over 1,000 and 100,000 traces.
#
#   Benchmarks/trace-throughput.sh [SESSIONS [SECONDS]]   # default 40 sessions of 600 s
#
# The corpus is long recorded-looking traces: the simulator's own sessions on the default
# feed (`simulate --trace-out`), every scroll frame kept, as an app's TraceRecorder keeps
# them. Each figure is the fastest of three alternated runs of the release build; the
# machine is shared, so compare the two worker counts of one run, not runs of two days.
# Memory is GNU time's maximum resident set size: the 1,000 and 100,000 traces are a
# stream on standard input (10 traces of 30 s, again and again, each repeat named a
# session of its own), which the run spools to a temporary file as it reads it.
set -euo pipefail
cd "$(dirname "$0")/.."
sessions=${1:-40}
seconds=${2:-600}
swift build -c release --product impressions > /dev/null
impressions="$(swift build -c release --show-bin-path)/impressions"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$impressions" simulate --sessions "$sessions" --seconds "$seconds" --seed 5 --trace-out "$work/corpus" > /dev/null
lines=$(cat "$work/corpus"/*.jsonl | wc -l)
echo "corpus: $sessions traces of $seconds s, $lines lines, $(du -sh "$work/corpus" | cut -f1)"

best() { sort -n | head -n 1; }
declare -A times
for round in 1 2 3; do
    for workers in 1 2; do
        start=$(date +%s.%N)
        "$impressions" simulate --traces "$work/corpus" --workers "$workers" > /dev/null
        end=$(date +%s.%N)
        times[$workers]+="$(echo "$end - $start" | bc) "
    done
done
for workers in 1 2; do
    fastest=$(echo "${times[$workers]}" | tr ' ' '\n' | grep . | best)
    echo "workers $workers: $(printf '%.3f' "$fastest") s, $(echo "$lines / $fastest" | bc) lines per second (runs: ${times[$workers]% })"
done

"$impressions" simulate --sessions 10 --seconds 30 --seed 6 --trace-out "$work/small" > /dev/null
small_lines=$(cat "$work/small"/*.jsonl | wc -l)
for count in 1000 100000; do
    repeats=$((count / 10))
    # Each repeat's header names a session of its own, replacing the simulator's name:
    # copies of one session count once, so a repeat that kept it would be left out.
    rss=$( { for _ in $(seq "$repeats"); do cat "$work/small"/*.jsonl; done \
        | awk '/^\{"format":"impressions-trace"/ { n++; sub(/"session":"[^"]*"/, "\"session\":\"r" n "\"") } { print }' \
        | /usr/bin/time -f "%M" "$impressions" simulate --traces - --workers 2 > "$work/stream.txt"; } 2>&1 | tail -n 1)
    echo "$count traces ($((small_lines * repeats)) lines) on standard input: maximum resident set $((rss / 1024)) MiB; $(sed -n 2p "$work/stream.txt")"
done
