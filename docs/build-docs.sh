#!/usr/bin/env bash
# Builds the DocC documentation of ImpressionTracking and ImpressionSimulation from
# symbol graphs (no plugin), and fails on any docc warning.
#
# Usage: docs/build-docs.sh
# Output: .build-docs/documentation/<Module>.doccarchive, one per module.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
# Its own scratch path, so the plain build is not rebuilt with the symbol-graph flags.
scratch="$PWD/.build-docs"
graphs="$scratch/symbol-graphs"
output="$scratch/documentation"
modules=(ImpressionTracking ImpressionSimulation)

docc="$(dirname "$(command -v swift)")/docc"
if [[ ! -x "$docc" ]]; then
    docc="$(command -v docc || true)"
fi
if [[ -z "$docc" || ! -x "$docc" ]]; then
    echo "build-docs: docc not found beside swift or on PATH" >&2
    exit 1
fi

# The compiler writes symbol graphs only when it compiles a module: without the graphs
# from an earlier run, build from scratch so that they are written again. (A module
# recompiled rewrites its graphs; one for an extension since deleted would linger, so
# remove .build-docs after deleting a public extension of another module's type.)
for module in "${modules[@]}"; do
    if [[ ! -f "$graphs/$module.symbols.json" ]]; then
        rm -rf "$scratch"
        break
    fi
done
mkdir -p "$graphs" "$output"

echo "build-docs: swift build (symbol graphs in $graphs)"
# ImpressionSimulation depends on ImpressionTracking: building it emits both graphs.
swift build --target ImpressionSimulation --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"

strict=()
if "$docc" convert --help 2>&1 | grep -q -- "--warnings-as-errors"; then
    strict=(--warnings-as-errors)
fi

failed=0
summaries=()
for module in "${modules[@]}"; do
    # Each module's own graphs only: its main file and its extensions of other modules.
    module_graphs="$scratch/symbol-graphs-by-module/$module"
    rm -rf "$module_graphs"
    mkdir -p "$module_graphs"
    cp "$graphs/$module.symbols.json" "$module_graphs/"
    for extension in "$graphs/$module"@*.symbols.json; do
        if [[ -f "$extension" ]]; then cp "$extension" "$module_graphs/"; fi
    done

    archive="$output/$module.doccarchive"
    log="$scratch/docc-$module.log"
    rm -rf "$archive"
    echo "build-docs: docc convert $module"
    status=0
    "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "com.github.impression-tracking.$module" \
        --output-path "$archive" \
        "${strict[@]}" > "$log" 2>&1 || status=$?
    grep -v "^[[:space:]]*$" "$log" || true   # docc prints blank lines even when it has nothing to say
    # With --warnings-as-errors a warning is printed as an error.
    diagnostics=$(grep -ciE "^(warning|error):" "$log" || true)
    if [[ $status -ne 0 || $diagnostics -ne 0 ]]; then
        echo "build-docs: $module: docc exited with status $status and printed $diagnostics warnings or errors (above)" >&2
        failed=1
        continue
    fi
    pages=$(find "$archive/data/documentation" -name '*.json' | wc -l | tr -d ' ')
    summaries+=("$module: 0 warnings, $pages pages: $archive")
done

if [[ $failed -ne 0 ]]; then
    exit 1
fi
for summary in "${summaries[@]}"; do
    echo "build-docs: $summary"
done
echo "build-docs: done in $((SECONDS - started)) s"
