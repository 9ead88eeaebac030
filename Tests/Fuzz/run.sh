#!/usr/bin/env bash
# The trace decoder's libFuzzer target. Each input is a trace: its lines are decoded with
# small limits and every input the decoder accepts is replayed through the engines, so
# the decoder, the engine's checks and its sampling all meet hostile data. A crash, a
# leak of a precondition, or a hang (-timeout) is a bug; a clear error is a correct answer.
#
#   Tests/Fuzz/run.sh [SECONDS]     # build with -sanitize=fuzzer, fuzz for SECONDS (30)
#
# Built with swiftc, not SwiftPM: SwiftPM renames an executable's entry point, which
# libFuzzer's own main cannot replace. The root package never sees this directory (it is
# not one of its targets), so `swift build` and `swift test` are unaffected.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-30}"
root=../..
build=.build
mkdir -p "$build"
flags=(-O -sanitize=fuzzer -parse-as-library -package-name ImpressionTracking -I "$build" -L "$build")
swiftc "${flags[@]}" -module-name ImpressionTracking -emit-library -static \
    -emit-module -emit-module-path "$build/ImpressionTracking.swiftmodule" \
    -o "$build/libImpressionTracking.a" $(find "$root/Sources/ImpressionTracking" -name '*.swift')
swiftc "${flags[@]}" -module-name ImpressionSimulation -emit-library -static \
    -emit-module -emit-module-path "$build/ImpressionSimulation.swiftmodule" \
    -o "$build/libImpressionSimulation.a" $(find "$root/Sources/ImpressionSimulation" -name '*.swift')
swiftc "${flags[@]}" -module-name TraceDecoderFuzz TraceDecoderFuzz.swift \
    -lImpressionSimulation -lImpressionTracking -o "$build/TraceDecoderFuzz"
work="$(mktemp -d)"
cp corpus/* "$work"/
"$build/TraceDecoderFuzz" "$work" -max_total_time="$seconds" -max_len=8192 -timeout=10 -print_final_stats=1
