# Sourced by the headless-Chromium checks (Tests/Report, Tests/Player), from the
# repository's root: finds the browser and python3, or exits 0 with "SKIPPED: ..."
# naming what `checks` would have checked; makes the output directory (`output`, else a
# temporary one); builds the impressions binary unless IMPRESSIONS names one.
# Sets: browser, out, impressions.
#   browser_setup "the HTML reports" "$REPORT_CHECK_OUT"
browser_setup() {
    local checks="$1" output="${2:-}"
    browser=""
    local candidates=(chromium chromium-browser google-chrome)
    if [ -n "${CHROMIUM:-}" ]; then candidates=("$CHROMIUM"); fi
    for candidate in "${candidates[@]}"; do
        if command -v "$candidate" > /dev/null; then browser="$(command -v "$candidate")"; break; fi
    done
    if [ -z "$browser" ]; then
        echo "SKIPPED: chromium not installed (apt-get install -y chromium to check $checks in a browser)"
        exit 0
    fi
    if ! command -v python3 > /dev/null; then
        echo "SKIPPED: python3 not found (the DOM and screenshot checks of $checks need it)"
        exit 0
    fi
    out="${output:-$(mktemp -d)}"
    mkdir -p "$out"
    impressions="${IMPRESSIONS:-}"
    if [ -z "$impressions" ]; then
        swift build --product impressions > /dev/null
        impressions="$(swift build --show-bin-path)/impressions"
    fi
    echo "browser: $browser ($("$browser" --version 2>/dev/null | head -n 1))"
    echo "output: $out"
}
