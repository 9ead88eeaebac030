#!/usr/bin/env bash
# Plays replays back in the session player page (impressions replay --player) in
# headless Chromium: a simulated 60 s session of 300 sections, docs/trace-example.jsonl
# (a carousel, insets, an obstruction, background, cover), a trace whose section ids
# are hostile (markup, quotes, ampersands, U+2028, 200 characters), and one where a
# section that fired shows 16 % of itself (below threshold, and counted under a
# once-per-visit policy: the row must read the two facts apart), and a list in the
# background with sections across the top of the drawing (no label may overlap the
# inactive banner). At chosen samples
# (#sample=K in the URL) it checks the rendered DOM against the engine's own snapshot
# of that sample (impressions replay --snapshot-at), with Tests/Player/check_player.py:
# the same sample, the same lifecycle, one row per section on screen per policy with
# the engine's visibility, counting, ratio and sample counts, in the snapshot's words; nothing from the data became markup or
# is fetched; no console message; no blank screenshot (1280x900, and 390x844 once per
# page). Screenshots stay in the output directory as NAME-sample-K.png.
# At the same samples (1280 px), in the simulated session, the example and the fired
# trace, the area fraction the engine computed for each drawn section (the page's data)
# must match the share of it Chromium's layout draws inside the drawn viewport, computed
# as IntersectionObserver's intersectionRatio from getBoundingClientRect
# (Tests/Player/check_intersections.py says why, which sections it leaves out and the
# tolerance); a copy of the session's page whose area fractions are moved by 0.05 must
# fail that comparison.
#
# Exits 0 with "SKIPPED: ..." when Chromium (Debian package chromium) or python3 is
# missing; non-zero with the reason on any failure.
#   IMPRESSIONS=path/to/impressions   the binary to run (default: swift build's)
#   PLAYER_CHECK_OUT=DIR              where pages, snapshots and screenshots go (default: a temp dir)
#   CHROMIUM=path                     the browser (default: chromium, chromium-browser or google-chrome)
set -euo pipefail
cd "$(dirname "$0")/../.."

source Tests/Report/browser-setup.sh
browser_setup "the session player" "${PLAYER_CHECK_OUT:-}"

# The traces: a simulated session, the documented example, and hostile ids.
"$impressions" simulate --sessions 1 --sections 300 --seconds 60 --seed 5 --trace-out "$out/traces" > /dev/null
session_trace="$out/traces/session-000000.jsonl"
if [ ! -s "$session_trace" ]; then
    echo "FAIL: simulate --trace-out wrote no $session_trace"
    exit 1
fi
hostile_trace="$out/hostile.jsonl"
hostile_ids="$out/hostile-ids.json"
python3 - "$hostile_trace" "$hostile_ids" <<'PY'
import json, sys
ids = ["<script>alert(1)</script>", "\"quoted\" & 'single'", "a&amp;b<img src=x onerror=alert(2)>",
       "</script><script>alert(3)</script>", "<!--", "line\u2028separator\u2029paragraph", "long-" + "x" * 195]
# Every section on screen from the start (7 x 110 pt in an 844 pt viewport), so that each
# id is a row at every sample.
sections = [{"id": name, "cells": [[0, 120 * i, 390, 110]]} for i, name in enumerate(ids)]
lines = [{"format": "impressions-trace", "version": 1, "sampleIntervalMs": 100, "source": "hostile ids <script>alert(5)</script>"},
         {"t": 0, "type": "layout", "sections": sections},
         {"t": 0, "type": "viewport", "rect": [0, 0, 390, 844]},
         {"t": 5000, "type": "end"}]
with open(sys.argv[1], "w", encoding="utf-8") as trace:
    trace.write("".join(json.dumps(line) + "\n" for line in lines))
with open(sys.argv[2], "w", encoding="utf-8") as names:
    json.dump(ids, names)
PY

# A section fires, then (at 2.05 s) the feed scrolls so that 64 of its 400 pt show.
fired_trace="$out/fired-then-below.jsonl"
printf '%s\n' '{"format":"impressions-trace","version":1,"sampleIntervalMs":100}' \
    '{"t":0,"type":"layout","sections":[{"id":"s-5","cells":[[0,0,390,400]]},{"id":"s-6","cells":[[0,400,390,300]]}]}' \
    '{"t":0,"type":"viewport","rect":[0,0,390,844]}' '{"t":2050,"type":"viewport","rect":[0,336,390,844]}' \
    '{"t":4000,"type":"end"}' > "$fired_trace"
# Thirty rows of 100 pt, the viewport half way down, in the background from 0.5 s.
inactive_trace="$out/background.jsonl"
python3 - "$inactive_trace" <<'PY'
import json, sys
lines = [{"format": "impressions-trace", "version": 1, "sampleIntervalMs": 100},
         {"t": 0, "type": "layout", "sections": [{"id": f"row-{i}", "cells": [[0, 100 * i, 390, 100]]} for i in range(30)]},
         {"t": 0, "type": "viewport", "rect": [0, 1000, 390, 844]},
         {"t": 500, "type": "enterBackground"}, {"t": 1500, "type": "end"}]
with open(sys.argv[1], "w", encoding="utf-8") as trace:
    trace.write("".join(json.dumps(line) + "\n" for line in lines))
PY

trace_of() {
    case "$1" in
        session) echo "$session_trace" ;;
        example) echo "docs/trace-example.jsonl" ;;
        hostile) echo "$hostile_trace" ;;
        fired) echo "$fired_trace" ;;
        inactive) echo "$inactive_trace" ;;
    esac
}

policies_of() {
    case "$1" in
        fired) echo "--policy default,recurrence=once-per-visit,name=once-per-visit --policy default" ;;
        *) echo "--policy default --policy abema" ;;
    esac
}

# The samples to look at: 10%, 50% and 90% of the simulated session; in the example,
# while the hero counts (0.5 s), after the first impressions (2.5 s), in the background
# (4-9 s), covered (9.5-11 s) and after (12.5 s); in the hostile trace, while counting
# and after firing; in the fired one, counted at full height (1.5 s) and at 16 % (2.5 s).
positions_of() {
    local name="$1" count="$2"
    case "$name" in
        session) echo "$((count / 10)) $((count / 2)) $((count * 9 / 10))" ;;
        example) echo "5 25 60 100 125" ;;
        hostile) echo "5 30" ;;
        fired) echo "15 25" ;;
        inactive) echo "3 10" ;;
    esac
}

# The number of samples and the interval of a player page, from its embedded data.
page_info() {
    python3 - "$1" <<'PY'
import json, sys
source = open(sys.argv[1], encoding="utf-8").read()
opening = '<script type="application/json" id="session">'
start = source.index(opening) + len(opening)
data = json.loads(source[start:source.index("</script>", start)])
print(len(data["frames"]), data["sampleIntervalMs"])
PY
}

status=0
check_at() {
    local name="$1" k="$2" width="$3" height="$4" interval="$5"
    local trace page base expected at
    trace="$(trace_of "$name")"
    page="$out/$name.html"
    base="$out/$name-sample-$k"
    [ "$width" = 1280 ] || base="$base-$width"
    expected="$out/$name-sample-$k.expected.jsonl"
    # A time in the middle of sample k, so that floor(T / interval) is k whatever the rounding.
    at="$(python3 -c 'import sys; print(f"{(int(sys.argv[1]) + 0.5) * float(sys.argv[2]) / 1000:.6f}".rstrip("0").rstrip("."))' "$k" "$interval")s"
    local policies
    read -r -a policies <<< "$(policies_of "$name")"
    if [ ! -s "$expected" ] && ! "$impressions" replay "$trace" "${policies[@]}" --snapshot-at "$at" > "$expected" 2> "$expected.log"; then
        echo "FAIL: replay $trace --snapshot-at $at failed: $(head -n 3 "$expected.log")"; status=1; return
    fi
    local flags=(--headless=new --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0
                 --window-size="$width,$height" --user-data-dir="$out/profile")
    timeout 120 "$browser" "${flags[@]}" --screenshot="$base.png" "file://$page#sample=$k" > /dev/null 2> "$base.log" || true
    timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$page#sample=$k" > "$base.dom.html" 2>> "$base.log" || true
    echo "== $name at sample $k ($at), $width px"
    if [ ! -s "$base.png" ] || [ ! -s "$base.dom.html" ]; then
        echo "FAIL: chromium wrote no screenshot or DOM for $page#sample=$k (log: $base.log)"; status=1; return
    fi
    if grep -E ":CONSOLE|Uncaught" "$base.log"; then
        echo "FAIL: console messages on $page#sample=$k (above)"; status=1
    fi
    local ids=()
    if [ "$name" = hostile ]; then ids=(--ids-file "$hostile_ids"); fi
    if [ "$name:$k" = fired:25 ]; then ids=(--require-shown "below threshold, counted"); fi
    python3 Tests/Player/check_player.py "$base.dom.html" "$base.png" "$expected" --sample "$k" --page "$page" \
        ${ids[@]+"${ids[@]}"} || status=1
}

# The drawing's intersection ratios against the page's area fractions at sample k of the
# page NAME (NAME.io.html, made by check_intersections.py prepare); prints the comparison
# and returns its status.
intersections_at() {
    local name="$1" k="$2" data_page="$3"
    timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,900 \
        --user-data-dir="$out/profile" --dump-dom "file://$out/$name.io.html#sample=$k" \
        > "$out/$name-sample-$k.io.dom.html" 2> "$out/$name-sample-$k.io.log" || true
    python3 Tests/Player/check_intersections.py check "$out/$name-sample-$k.io.dom.html" "$data_page" --sample "$k"
}

for name in session example hostile fired inactive; do
    trace="$(trace_of "$name")"
    read -r -a policies <<< "$(policies_of "$name")"
    # The snapshots are taken once per sample and page, in this run: none from an earlier one.
    rm -f "$out/$name"-sample-*.expected.jsonl "$out/$name"-sample-*.expected.jsonl.log
    if ! "$impressions" replay "$trace" "${policies[@]}" --player "$out/$name.html" > /dev/null 2> "$out/$name.replay.log"; then
        echo "FAIL: replay $trace --player failed: $(head -n 3 "$out/$name.replay.log")"; status=1; continue
    fi
    if [ ! -s "$out/$name.html" ]; then
        echo "FAIL: replay --player wrote no $out/$name.html"; status=1; continue
    fi
    read -r count interval < <(page_info "$out/$name.html")
    # The page's own two scripts (the data, the player) and no other: no id closed the
    # data's element.
    scripts="$(grep -o "<script" "$out/$name.html" | wc -l | tr -d ' ')"
    if [ "$scripts" != 2 ]; then
        echo "FAIL: $out/$name.html has $scripts '<script' in its source, expected the page's own 2"; status=1
    fi
    echo "== $name: $(wc -c < "$out/$name.html" | tr -d ' ') bytes, $count samples of $interval ms, $scripts <script> tags"
    positions=()
    for k in $(positions_of "$name" "$count"); do
        positions+=("$((k < count ? k : count - 1))")
    done
    for k in "${positions[@]}"; do
        check_at "$name" "$k" 1280 900 "$interval"
    done
    # A phone's width once per page, at its middle position.
    check_at "$name" "${positions[$((${#positions[@]} / 2))]}" 390 844 "$interval"
    case "$name" in
        session|example|fired)
            python3 Tests/Player/check_intersections.py prepare "$out/$name.html" "$out/$name.io.html"
            echo "== $name: the engine's area fractions against the drawing's intersection ratios"
            for k in "${positions[@]}"; do
                intersections_at "$name" "$k" "$out/$name.html" || status=1
            done
            ;;
    esac
done

# The comparison can fail: the session's page with every area fraction moved by 0.05.
python3 Tests/Player/check_intersections.py prepare "$out/session.html" "$out/session-doctored.io.html" --doctor 0.05
python3 Tests/Player/check_intersections.py prepare "$out/session.html" "$out/session-doctored.html" --doctor 0.05
doctored_at=$(( $(page_info "$out/session.html" | cut -d' ' -f1) / 2 ))
echo "== session with its area fractions moved by 0.05, at sample $doctored_at: the comparison must fail"
if intersections_at session-doctored "$doctored_at" "$out/session-doctored.html"; then
    echo "FAIL: the doctored page passed the intersection comparison: it cannot fail"; status=1
else
    echo "  the doctored page fails the comparison, as it must"
fi

# Without #sample=K a page opens at the first sample with a layout: a recorded session's
# layout comes after sample 0 (afterSample), so its page opens at sample 1, and a simulated
# one's, laid out before sample 0, at sample 0.
recorded_trace="$out/recorded.jsonl"
printf '%s\n' '{"format":"impressions-trace","version":1,"sampleIntervalMs":100}' \
    '{"t":0,"afterSample":true,"type":"layout","sections":[{"id":"a","cells":[[0,0,390,300]]}]}' \
    '{"t":0,"afterSample":true,"type":"viewport","rect":[0,0,390,844]}' '{"t":3000,"type":"end"}' > "$recorded_trace"
"$impressions" replay "$recorded_trace" --player "$out/recorded.html" > /dev/null 2>&1
for opening in recorded:1 session:0; do
    name=${opening%%:*} expected=${opening#*:}
    opened=$(timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --user-data-dir="$out/profile" \
        --dump-dom "file://$out/$name.html" 2> /dev/null | grep -o 'data-sample="[0-9]*"' | head -n 1 | tr -dc '0-9')
    echo "== $name without #sample: opens at sample ${opened:-none}"
    if [ "$opened" != "$expected" ]; then
        echo "FAIL: $name.html without #sample opened at sample ${opened:-none}, expected $expected (the first with a layout)"; status=1
    fi
done

if [ -s "$out/session.html" ]; then
    echo "player page for 60 s, 300 sections: $(wc -c < "$out/session.html" | tr -d ' ') bytes"
fi
if [ "$status" = 0 ]; then
    echo "PASSED: every player page showed the engine's snapshot at every sample checked, without console messages, markup from the data or a blank screenshot, and drew the engine's area fractions; screenshots in $out"
else
    echo "FAILED: see above; pages, snapshots, screenshots and logs in $out"
fi
exit "$status"
