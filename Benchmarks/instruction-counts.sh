#!/usr/bin/env bash
# Instructions per engine operation, counted by valgrind's callgrind on `engine-profile`
# (release): the difference between 10,000 repetitions and none, divided by 10,000.
# Instruction counts repeat to the instruction for the same binary and inputs, whatever
# else the machine does, so two checkouts' figures compare on a shared machine.
#
#   Benchmarks/instruction-counts.sh             # steady, scroll, 4 policies, gates, one section's state
#   Benchmarks/instruction-counts.sh signals     # also with exposure signals measured, 1, 4 and 25 policies
#   Benchmarks/instruction-counts.sh simulate    # also `impressions simulate`'s sessions, 1 and 4 policies (minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "instruction-counts: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
swift build --package-path Benchmarks -c release --product engine-profile > /dev/null
profile="$(swift build --package-path Benchmarks -c release --show-bin-path)/engine-profile"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT

instructions() {   # instructions of one run of engine-profile with these arguments
    valgrind --tool=callgrind --callgrind-out-file="$out" "$profile" "$@" > /dev/null 2>&1
    sed -n 's/^summary: //p; s/^totals: //p' "$out" | head -n 1
}
per_operation() {   # operation, sections
    echo $(( ($(instructions "$1" "$2" 10000) - $(instructions "$1" "$2" 0)) / 10000 ))
}

for sections in 1000 1000000; do
    echo "steady sample, $sections sections: $(per_operation steady "$sections")"
    echo "scroll step, $sections sections: $(per_operation scroll "$sections")"
done
echo "steady sample, 4 policies, 1000 sections: $(ENGINE_PROFILE_POLICIES=4 per_operation steady 1000)"
echo "scroll step, 4 policies, 1000 sections: $(ENGINE_PROFILE_POLICIES=4 per_operation scroll 1000)"
echo "steady sample, 25 policies, 1000 sections: $(ENGINE_PROFILE_POLICIES=25 per_operation steady 1000)"
echo "scroll step, 25 policies, 1000 sections: $(ENGINE_PROFILE_POLICIES=25 per_operation scroll 1000)"
if [[ "${1:-}" == "signals" ]]; then
    for policies in 1 4 25; do
        echo "steady sample, signals on, $policies policies, 1000 sections: $(ENGINE_PROFILE_SIGNALS=1 ENGINE_PROFILE_POLICIES=$policies per_operation steady 1000)"
        echo "scroll step, signals on, $policies policies, 1000 sections: $(ENGINE_PROFILE_SIGNALS=1 ENGINE_PROFILE_POLICIES=$policies per_operation scroll 1000)"
    done
fi
echo "steady sample, gates, 1000 sections: $(ENGINE_PROFILE_POLICY=gates per_operation steady 1000)"
echo "scroll step, gates, 1000 sections: $(ENGINE_PROFILE_POLICY=gates per_operation scroll 1000)"
for sections in 1000 1000000; do
    echo "one section's state, $sections sections: $(per_operation state "$sections")"
done
if [[ "${1:-}" == "simulate" ]]; then
    one=$(instructions simulate 2000 1000)
    four=$(ENGINE_PROFILE_POLICIES=4 instructions simulate 2000 1000)
    echo "simulate, 1,000 sessions of 2,000 sections: 1 policy $one, 4 policies $four ($(awk -v a="$four" -v b="$one" 'BEGIN { printf "%.3fx", a / b }'))"
fi
