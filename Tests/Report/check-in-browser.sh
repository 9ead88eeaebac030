#!/usr/bin/env bash
# Renders the HTML reports of simulate, simulate A/B (with hostile names), sweep, replay,
# audit and simulate --traces in headless Chromium at a laptop's width (1280 px) and a phone's (390 px), saves
# the screenshots, and checks that the pages log no console message, that every chart
# has its marks in the rendered DOM, that nothing a hostile name injected exists or runs,
# and that no screenshot is blank (Tests/Report/check_rendered.py).
#
# Exits 0 with "SKIPPED: ..." when Chromium (Debian package chromium) or python3 is
# missing; non-zero with the reason on any failure.
#   IMPRESSIONS=path/to/impressions   the binary to run (default: swift build's)
#   REPORT_CHECK_OUT=DIR              where reports and screenshots go (default: a temp dir)
#   CHROMIUM=path                     the browser (default: chromium, chromium-browser or google-chrome)
set -euo pipefail
cd "$(dirname "$0")/../.."

source Tests/Report/browser-setup.sh
browser_setup "the HTML reports" "${REPORT_CHECK_OUT:-}"

# A feed whose file name, section ids and policy name are hostile: markup, quotes,
# ampersands, an id of the longest length a feed file allows (200).
hostile_dir="$out/hostile"
mkdir -p "$hostile_dir"
hostile_feed="$hostile_dir/<script>alert('feed')<"'"'"&amp;.json"
python3 - "$hostile_feed" <<'PY'
import json, sys
ids = ["<script>alert(1)</script>", "\"quoted\" & 'single'", "a&amp;b<img src=x onerror=alert(2)>", "long-" + "x" * 190]
sections = [{"id": ids[i % len(ids)] + ("" if i < len(ids) else f"#{i}"), "kind": ["banner", "card", "ad", "video"][i % 4],
             "height": 300} for i in range(24)]
json.dump({"format": "impressions-feed", "version": 1, "screen": {"width": 390, "height": 844},
           "spacing": 12, "sections": sections}, open(sys.argv[1], "w"))
PY
hostile_policy="default,name=<script>alert(3)</script>&\"'x"

"$impressions" simulate --sessions 40 --sections 300 --seconds 30 --seed 3 --signals --report "$out/simulate.html" > /dev/null
"$impressions" simulate --feed "$hostile_feed" --feed docs/ab/ad-at-5.json --sessions 40 --seconds 20 \
    --policy "$hostile_policy" --policy abema --report "$out/hostile-ab.html" > /dev/null
"$impressions" sweep --sessions 20 --sections 300 --seconds 20 --ratios 0.25,0.5,1 --durations 0,1s,2s \
    --report "$out/sweep.html" > /dev/null
"$impressions" replay docs/trace-example.jsonl --policy "$hostile_policy" --report "$out/replay.html" > /dev/null 2>&1
# Recorded sessions re-measured without a feed: the hostile ids label the sections, and a
# trace of a hostile file name is listed as left out.
"$impressions" simulate --feed "$hostile_feed" --sessions 12 --seconds 20 --trace-out "$hostile_dir/traces" > /dev/null
printf '{"format":"impressions-trace","version":1,"sampleIntervalMs":100}\n{"t":1,"type":"bogus"}\n' \
    > "$hostile_dir/traces/<i>bad&amp;.jsonl"
"$impressions" simulate --traces "$hostile_dir/traces" --policy "$hostile_policy" --policy abema --keep-going \
    --report "$out/traces.html" > /dev/null
# The audit of replay's own impressions, one left out (a missing one), from a claims file of a hostile name.
hostile_claims="$hostile_dir/<b>claims&amp;.jsonl"
"$impressions" replay docs/trace-example.jsonl --policy default 2> /dev/null | sed 1d > "$hostile_claims"
"$impressions" audit docs/trace-example.jsonl --claimed "$hostile_claims" --policy default --report "$out/audit.html" > /dev/null

status=0
check() {
    local name="$1" width="$2" height="$3" charts="$4"
    local page="$out/$name.html" shot="$out/$name-$width.png" dom="$out/$name-$width.dom.html" log="$out/$name-$width.log"
    local flags=(--headless=new --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0
                 --window-size="$width,$height" --user-data-dir="$out/profile")
    timeout 120 "$browser" "${flags[@]}" --screenshot="$shot" "file://$page" > /dev/null 2> "$log" || true
    timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$page" > "$dom" 2>> "$log" || true
    echo "== $name at $width px: $(wc -c < "$page") bytes"
    if [ ! -s "$shot" ] || [ ! -s "$dom" ]; then
        echo "FAIL: chromium wrote no screenshot or DOM for $page (log: $log)"; status=1; return
    fi
    if grep -E ":CONSOLE|Uncaught" "$log"; then
        echo "FAIL: console messages on $page (above)"; status=1
    else
        echo "  console: no messages"
    fi
    python3 Tests/Report/check_rendered.py "$dom" "$shot" --min-charts "$charts" || status=1
}
for width in 1280 390; do
    height=$([ "$width" = 1280 ] && echo 2400 || echo 1800)
    check simulate "$width" "$height" 5
    check hostile-ab "$width" "$height" 9
    check sweep "$width" "$height" 1
    check replay "$width" "$height" 1
    check audit "$width" "$height" 0
    check traces "$width" "$height" 2
done
# The hostile names are in the source as text, never as markup.
if grep -q "<script" "$out/hostile-ab.html" "$out/replay.html" "$out/traces.html" || grep -q "<b>claims" "$out/audit.html" \
    || grep -q "<i>bad" "$out/traces.html"; then
    echo "FAIL: an unescaped <script in a report"; status=1
fi
grep -q "&lt;script&gt;alert(1)&lt;/script&gt;" "$out/hostile-ab.html" || { echo "FAIL: the hostile section id is not in the report, escaped"; status=1; }
grep -q "&lt;b&gt;claims&amp;amp;.jsonl" "$out/audit.html" || { echo "FAIL: the hostile claims name is not in the audit, escaped"; status=1; }
grep -q "&lt;i&gt;bad&amp;amp;.jsonl" "$out/traces.html" || { echo "FAIL: the hostile trace name is not in the re-measured report, escaped"; status=1; }
grep -q "&lt;script&gt;alert(1)&lt;/script&gt;" "$out/traces.html" || { echo "FAIL: the hostile section id is not in the re-measured report, escaped"; status=1; }
if [ "$status" = 0 ]; then
    echo "PASSED: every report rendered without console messages, with every chart's marks, and not blank; screenshots in $out"
else
    echo "FAILED: see above; reports, screenshots and logs in $out"
fi
exit "$status"
