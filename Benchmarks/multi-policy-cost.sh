#!/usr/bin/env bash
# What many definitions cost next to one (issue 14), as a user runs them: `impressions
# simulate` with 1 policy, the README's 4 and 25, and `impressions sweep` over a grid of
# 200 definitions, on the same sessions. Release build; rounds alternate the commands so
# that a busy machine slows all alike; times are user + system CPU of the commands, one
# worker (the ratios do not depend on the cores). Goals: 4 policies <= 1.3x one,
# 25 <= 3x, the 200-definition sweep <= 5x.
#
#   Benchmarks/multi-policy-cost.sh [rounds] [sessions]     # defaults: 3 rounds, 1000 sessions
set -euo pipefail
rounds="${1:-3}"
sessions="${2:-1000}"
cd "$(dirname "$0")/.."
swift build -c release --product impressions > /dev/null
impressions="$(swift build -c release --show-bin-path)/impressions"
run=(--sessions "$sessions" --sections 2000 --seconds 60 --workers 1)

one=(--policy default)
four=(--policy default --policy mrc-display --policy abema --policy mrc-video)
twenty_five=()
for policy in default mrc-display abema sarah zozo cookpad any-pixel mrc-video mrc-large-display \
    viewport-relative mrc-newsfeed ratio=0.1 ratio=0.2 ratio=0.3 ratio=0.4 ratio=0.5 ratio=0.6 \
    ratio=0.7 ratio=0.8 ratio=1 ratio=0.5,duration=2s ratio=1,focus=0.5 \
    default,timing=cumulative,cooldown=30s ratio=0.5,duration=3s ratio=0.25,duration=500ms; do
    twenty_five+=(--policy "$policy")
done
grid=(--ratios 0.05:1:0.05 --durations 0s:4.5s:0.5s --presets none)

TIMEFORMAT="%3U %3S"
cpu() { { time "$@" > /dev/null 2>&1; } 2>&1 | awk '{ printf "%.2f", $1 + $2 }'; }
add() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a + b }'; }
declare -A total=([one]=0 [four]=0 [twenty_five]=0 [sweep]=0)
for round in $(seq "$rounds"); do
    times=()
    for name in one four twenty_five; do
        declare -n policies="$name"
        seconds=$(cpu "$impressions" simulate "${run[@]}" "${policies[@]}")
        total[$name]=$(add "${total[$name]}" "$seconds")
        times+=("$name $seconds")
    done
    seconds=$(cpu "$impressions" sweep "${run[@]}" "${grid[@]}")
    total[sweep]=$(add "${total[sweep]}" "$seconds")
    echo "round $round: ${times[*]} sweep-200 $seconds" >&2
done

ratio() { awk -v a="${total[$1]}" -v b="${total[one]}" 'BEGIN { printf "%.2f", a / b }'; }
verdict() { awk -v r="$(ratio "$1")" -v goal="$2" 'BEGIN { print (r <= goal ? "met" : "not met") }'; }
echo "$sessions sessions x 60 s, 2000 sections, $rounds rounds, CPU seconds summed over the rounds:"
echo "  1 policy          ${total[one]} s"
echo "  4 policies        ${total[four]} s ($(ratio four)x; goal 1.3x: $(verdict four 1.3))"
echo "  25 policies       ${total[twenty_five]} s ($(ratio twenty_five)x; goal 3x: $(verdict twenty_five 3))"
echo "  sweep, 200 cells  ${total[sweep]} s ($(ratio sweep)x; goal 5x: $(verdict sweep 5))"
