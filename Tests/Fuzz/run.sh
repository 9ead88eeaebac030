#!/usr/bin/env bash
# libFuzzer targets, one for each reader of a file the tools take, so that every reader
# meets hostile data. A crash, a leak of a precondition, a hang (-timeout) or a file the
# project's own writer makes that its reader refuses or reads differently (each target
# traps on a failed round trip) is a bug; a clear error is a correct answer.
#
#   trace   TraceDecoderFuzz.swift  a trace, decoded with small limits and replayed (replay, fit, audit)
#   feed    FeedFileFuzz.swift      a feed file (simulate --feed), written back by FeedFile.encode
#   users   UserFileFuzz.swift      a users file (simulate --users), written back by UserFile.encode
#   claims  ClaimDecoderFuzz.swift  a claims file (audit --claimed), written back as claim lines
#   shards  ShardMergeFuzz.swift    the files given to merge, NUL-separated, merged and written back as one shard
#
#   Tests/Fuzz/run.sh [SECONDS] [TARGET...]   # build, fuzz each TARGET (all) for SECONDS (30),
#                                             # as many at once as the machine has cores
#
# Prints one line per target (runs, corpus, time) and exits non-zero when any target
# found something, with libFuzzer's report and the input that did it (kept in the work
# directory it names). Each target starts from its checked-in seeds, corpus/TARGET/,
# copied to a temporary directory: what the fuzzer finds never changes the seeds.
#
# Built with swiftc, not SwiftPM: SwiftPM renames an executable's entry point, which
# libFuzzer's own main cannot replace. The root package never sees this directory (it is
# not one of its targets), so `swift build` and `swift test` are unaffected.
set -euo pipefail
cd "$(dirname "$0")"
seconds=30
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
all=(trace feed users claims shards)
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all[@]}")

# The source and the longest input of each target: a feed file or a pair of A/B shards
# carrying their feeds needs tens of KB, a trace or claims file a few lines of the 4 KB
# the targets' limits allow.
declare -A source=([trace]=TraceDecoderFuzz [feed]=FeedFileFuzz [users]=UserFileFuzz
                   [claims]=ClaimDecoderFuzz [shards]=ShardMergeFuzz)
declare -A maxlen=([trace]=8192 [feed]=65536 [users]=4096 [claims]=8192 [shards]=65536)
for target in "${targets[@]}"; do
    [[ -n ${source[$target]:-} ]] || { echo "run.sh: unknown target '$target' (targets: ${all[*]})" >&2; exit 2; }
done

root=../..
build=.build
mkdir -p "$build"
started=$SECONDS
# The package's language mode and upcoming features (Package.swift). Testable modules:
# the shard target calls the merge's internal reader, as the command line's tests do.
flags=(-O -sanitize=fuzzer -parse-as-library -swift-version 6 -enable-upcoming-feature ExistentialAny
       -enable-upcoming-feature MemberImportVisibility -package-name ImpressionTracking -I "$build" -L "$build")
# A module that keeps style sheets or scripts as files of their own gets them as string
# constants from the tool the EmbedTextFiles build plugin runs, written here as there.
swiftc -O -parse-as-library "$root/Sources/TextFilesToSwift/TextFilesToSwift.swift" -o "$build/TextFilesToSwift"
library() {
    local sources embedded
    mapfile -t sources < <(find "$root/Sources/$1" -name '*.swift')
    mapfile -t embedded < <(find "$root/Sources/$1" -name '*.docc' -prune -o \( -name '*.css' -o -name '*.js' \) -print | sort)
    if [[ ${#embedded[@]} -gt 0 ]]; then
        "$build/TextFilesToSwift" "$build/$1-EmbeddedFiles.swift" "$root/Sources/$1" "${embedded[@]}"
        sources+=("$build/$1-EmbeddedFiles.swift")
    fi
    swiftc "${flags[@]}" -enable-testing -module-name "$1" -emit-library -static \
        -emit-module -emit-module-path "$build/$1.swiftmodule" \
        -o "$build/lib$1.a" "${sources[@]}"
}
library ImpressionTracking
# ImpressionSimulation's targets, each after those it imports.
library ImpressionSimulationFormats
library ImpressionSimulationCore
library ImpressionSimulationAnalyses
library ImpressionSimulationRendering
library ImpressionSimulation
libraries=(-lImpressionSimulation -lImpressionSimulationRendering -lImpressionSimulationAnalyses
           -lImpressionSimulationCore -lImpressionSimulationFormats -lImpressionTracking)
# Only the shard target needs the command line (the audit's shards are its types).
if [[ " ${targets[*]} " == *" shards "* ]]; then
    library ImpressionsCommandLine
fi
for target in "${targets[@]}"; do
    extra=()
    [[ $target == shards ]] && extra=(-lImpressionsCommandLine)
    swiftc "${flags[@]}" -module-name "${source[$target]}" "${source[$target]}.swift" \
        "${extra[@]}" "${libraries[@]}" -o "$build/${source[$target]}"
done
echo "built in $((SECONDS - started)) s"

# Swift's backtracer would take a trap's signal before libFuzzer, which then neither
# reports it nor saves the input that caused it.
export SWIFT_BACKTRACE=enable=no
work="$(mktemp -d)"
# Fuzzes one target, writing its line (and, when it found something, libFuzzer's report
# and the input) to $work/TARGET.result, and $work/TARGET.failed when it did. Returns 0
# either way: it runs in the background, where a failure is read from the files.
fuzz() {
    local target=$1 seeds log begin status runs corpus line
    mkdir -p "$work/$target" "$work/$target-artifacts"
    cp corpus/"$target"/* "$work/$target"/
    seeds=$(ls "$work/$target" | wc -l)
    log="$work/$target.log"
    begin=$SECONDS
    status=0
    "$build/${source[$target]}" "$work/$target" -max_total_time="$seconds" -max_len="${maxlen[$target]}" -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$work/$target-artifacts/" >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    corpus=$(ls "$work/$target" | wc -l)
    line=$(printf '%-7s %10s runs  corpus %4d (from %d seeds)  %3d s' "$target" "${runs:-?}" "$corpus" "$seeds" $((SECONDS - begin)))
    if [[ $status -eq 0 ]]; then
        echo "$line  no crash" > "$work/$target.result"
    else
        {
            echo "$line  FAILED (libFuzzer exit $status): its report, then the input that did it"
            # From the trap's message on: a round trip's message may quote whole files.
            sed -n '/Fatal error\|runtime failure\|ERROR: libFuzzer\|ALARM: working/,$p' "$log" | grep -v '^#' | head -60 || true
            ls -d "$work/$target-artifacts"/* 2>/dev/null || true
        } > "$work/$target.result"
        touch "$work/$target.failed"
    fi
}
# One fuzzer per core at a time (each is one thread): the same seconds per target, in
# less time on a machine of several cores.
parallel=$(nproc 2>/dev/null || echo 1)
running=0
for target in "${targets[@]}"; do
    fuzz "$target" &
    running=$((running + 1))
    if (( running >= parallel )); then
        wait -n
        running=$((running - 1))
    fi
done
wait
failed=()
for target in "${targets[@]}"; do
    cat "$work/$target.result"
    if [[ -e "$work/$target.failed" ]]; then failed+=("$target"); fi
done
echo "total $((SECONDS - started)) s"
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzzing found something in: ${failed[*]} (logs and inputs kept in $work)"
    exit 1
fi
rm -rf "$work"
