#!/usr/bin/env python3
"""Checks one session player page as headless Chromium rendered it at one sample,
against the engine's snapshot of that sample (standard library only).

usage: check_player.py DOM.html SCREENSHOT.png EXPECTED.jsonl --sample K
                       [--page PAGE.html] [--ids-file IDS.json] [--require-shown WORDS]

- EXPECTED.jsonl is `impressions replay TRACE --policy ... --snapshot-at T` for a T in
  sample K: one line per section of the layout per policy, {"policy", "section",
  "visibility", "ratio", "counting", "samples", "required", "reason", "shown", "sample",
  "inactive"}; every line must be of sample K;
- the DOM (chromium --dump-dom, after the page's script ran on load) has the root
  <main id="player"> at data-sample K, with data-inactive the snapshot's inactive causes;
  for every section not offscreen under a policy, exactly one <tr class="row"> with its
  data-policy and data-id, and the same data-visibility, data-counting, data-samples,
  data-required, a data-ratio within 0.0005 (the data keeps three decimals), and the
  snapshot's words in its two cells: how it shows, then its counting ("below threshold"
  and "counted" for "below threshold, counted"); the snapshot's percentage in view
  (data-percentage, and "61%" in its in-view cell), its reasons not in view in the
  geometry stream's words (data-reasons and its not-in-view cell: "viewport, obstructed"),
  its area fraction (data-area, within 0.0005); no row for a section the snapshot has
  offscreen or does not list; with --require-shown, at least one such row reads WORDS;
- while the tracker is inactive, no label of the drawing overlaps the inactive banner;
- nothing from the data became markup: the only <script> elements are the page's own
  two (the data, type application/json id session; the player), no element has an on*
  attribute, no src or href but #anchors (nothing fetched), and the page's error box
  is empty;
- the screenshot is not blank (Tests/Report/check_rendered.py decodes it);
- with --page, the page's source has exactly two <script and two </script, and no raw
  U+2028 or U+2029; with --ids-file (a JSON list of hostile section ids), no id with a
  `<` appears raw in the source, each id is a section of the snapshot, and each is the
  exact data-id of a row and the exact text of a table cell in the DOM (when the
  snapshot has it on screen).
Prints one line for the sample and exits 1 with the reasons on failure.
"""
import json
import os
import sys
from html.parser import HTMLParser

# Imported, not copied; without leaving a __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Report"))
from check_rendered import png_pixels  # noqa: E402  (the PNG decoding of the report check)

RATIO_TOLERANCE = 0.0005 + 1e-9
LABEL_HALF_HEIGHT = 7  # half the height of a drawing label's 12 px line
VOID = ("meta", "link", "br", "img", "input", "hr", "source", "area", "base", "col", "embed", "wbr")


class PlayerDOM(HTMLParser):
    """The parts of the rendered page the check reads."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = None           # attributes of <main id="player">
        self.rows = []             # attributes of each <tr class="row">
        self.scripts = []          # attributes of each <script>
        self.handlers = []
        self.fetches = []
        self.cell_texts = []       # text of each <td>
        self.error_text = None     # text of #error when it is not hidden
        self.labels = []           # (x, y, text) of each label in the drawing
        self.banner = None         # (x, y, width, height) of the inactive banner's box
        self._label = None
        self._in_banner = False
        self._cell = None
        self._error = None

    def handle_starttag(self, tag, attrs):
        attributes = {name: (value or "") for name, value in attrs}
        if tag == "main" and attributes.get("id") == "player":
            self.root = attributes
        if tag == "tr" and "row" in attributes.get("class", "").split():
            attributes["cells"] = {}
            self.rows.append(attributes)
        if tag == "script":
            self.scripts.append(attributes)
        self.handlers += [name for name, _ in attrs if name.lower().startswith("on")]
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "srcset", "action", "formaction", "data", "poster") \
                    and not (value or "").startswith("#"):
                self.fetches.append(f"<{tag} {name}={value!r}>")
        if tag == "td":
            self._cell = []
            self._cell_class = attributes.get("class", "")
        classes = attributes.get("class", "").split()
        if tag == "title" and self._label is not None:
            self._label[2].append(None)   # what follows is the tooltip, not the label
        if tag == "text" and "label" in classes:
            self._label = [float(attributes.get("x", "nan")), float(attributes.get("y", "nan")), []]
        if tag == "g" and "banner" in classes:
            self._in_banner = True
        if tag == "rect" and self._in_banner and self.banner is None:
            self.banner = tuple(float(attributes.get(name, "nan")) for name in ("x", "y", "width", "height"))
        if attributes.get("id") == "error" and "hidden" not in attributes:
            self._error = []

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag == "td":
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self.cell_texts.append("".join(self._cell))
            if self.rows and self._cell_class:
                self.rows[-1]["cells"][self._cell_class] = "".join(self._cell)
            self._cell = None
        if tag == "text" and self._label is not None:
            words = self._label[2]
            shown = words[:words.index(None)] if None in words else words
            self.labels.append((self._label[0], self._label[1], "".join(shown)))
            self._label = None
        if tag == "g":
            self._in_banner = False
        if tag == "p" and self._error is not None:
            self.error_text = "".join(self._error)
            self._error = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._label is not None:
            self._label[2].append(data)
        if self._error is not None:
            self._error.append(data)


def argument(name, default=None):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def check_screenshot(path, failures):
    width, height, bpp, rows = png_pixels(path)
    background = bytes(rows[0][:bpp])
    colours, other, sampled = set(), 0, 0
    for row in rows[::4]:
        for x in range(0, width * bpp, bpp * 4):
            pixel = bytes(row[x:x + bpp])
            if len(colours) < 1000:
                colours.add(pixel)
            other += pixel != background
            sampled += 1
    share = other / sampled if sampled else 0
    if len(colours) < 2 or share < 0.005:
        failures.append(f"the screenshot {path} looks blank ({len(colours)} colours, {share:.1%} not background)")
    return f"{width}x{height}, {share:.0%} not background"


def check_source(page_path, hostile_ids, failures):
    source = open(page_path, encoding="utf-8").read()
    opening, closing = source.lower().count("<script"), source.lower().count("</script")
    if opening != 2 or closing != 2:
        failures.append(f"the page's source has {opening} '<script' and {closing} '</script', expected its own 2")
    if "\u2028" in source or "\u2029" in source:
        failures.append("the page's source has a raw U+2028 or U+2029 (should be escaped in the data)")
    for hostile in hostile_ids:
        if "<" in hostile and hostile in source:
            failures.append(f"the hostile id {hostile!r} is in the page's source unescaped")


def main():
    if len(sys.argv) < 4 or "--sample" not in sys.argv:
        print(__doc__)
        return 2
    dom_path, png_path, expected_path = sys.argv[1:4]
    sample = int(argument("--sample"))
    ids_file = argument("--ids-file")
    required_shown = argument("--require-shown")
    shown_as_required = 0
    hostile_ids = json.load(open(ids_file, encoding="utf-8")) if ids_file else []
    failures = []

    expected = [json.loads(line) for line in open(expected_path, encoding="utf-8") if line.strip()]
    if not expected:
        failures.append(f"{expected_path} has no snapshot line")
    samples = sorted({line.get("sample") for line in expected}, key=str)
    if expected and samples != [sample]:
        failures.append(f"the snapshot is of sample(s) {samples}, not {sample}: the time given to --snapshot-at is off")
    inactive = {line.get("inactive", "") for line in expected}
    if len(inactive) > 1:
        failures.append(f"the snapshot's lines disagree on the lifecycle: {sorted(inactive)}")

    dom = PlayerDOM()
    dom.feed(open(dom_path, encoding="utf-8").read())
    root = dom.root
    if root is None:
        failures.append("no <main id=\"player\"> in the DOM")
        root = {}
    elif root.get("data-sample") != str(sample):
        failures.append(f"the page shows sample {root.get('data-sample')!r}, expected {sample} "
                        "(no data-sample: the script did not render)")
    expected_inactive = next(iter(inactive)) if len(inactive) == 1 else None
    if root and expected_inactive is not None and root.get("data-inactive") != expected_inactive:
        failures.append(f"data-inactive is {root.get('data-inactive')!r}, the engine says {expected_inactive!r}")
    if dom.error_text:
        failures.append(f"the page reports an error: {dom.error_text!r}")

    # Rows: the engine's sections on screen, one row each, with the same numbers.
    rows = {}
    for row in dom.rows:
        rows.setdefault((row.get("data-policy"), row.get("data-id")), []).append(row)
    listed, matched, with_reasons = set(), 0, set()
    for line in expected:
        key = (str(line["policy"]), line["section"])
        listed.add(key)
        found = rows.get(key, [])
        if line["visibility"] == "offscreen":
            if found:
                failures.append(f"policy {key[0]}, section {key[1]!r}: offscreen for the engine, "
                                f"but the page has {len(found)} row(s) ({found[0].get('data-visibility')})")
            continue
        if len(found) != 1:
            failures.append(f"policy {key[0]}, section {key[1]!r} ({line['shown']}): {len(found)} rows in the page, expected 1")
            continue
        row, problems = found[0], []
        for attribute, field in (("data-visibility", "visibility"), ("data-counting", "counting")):
            if row.get(attribute) != line[field]:
                problems.append(f"{field} {row.get(attribute)!r} != {line[field]!r}")
        # The two facts in their own cells, in the snapshot's words.
        words = f"{row['cells'].get('shows')}, {row['cells'].get('counting')}"
        if words != line["shown"]:
            problems.append(f"the row reads {words!r}, the snapshot {line['shown']!r}")
        elif words == required_shown:
            shown_as_required += 1
        try:
            if abs(float(row.get("data-ratio", "nan")) - float(line["ratio"])) > RATIO_TOLERANCE:
                problems.append(f"ratio {row.get('data-ratio')} != {line['ratio']}")
        except ValueError:
            problems.append(f"ratio {row.get('data-ratio')!r} is not a number")
        for attribute, field in (("data-samples", "samples"), ("data-required", "required")):
            if row.get(attribute) != str(line[field]):
                problems.append(f"{field} {row.get(attribute)!r} != {line[field]}")
        # What the screen shows of it, apart from why its policy does not count it.
        percentage, reasons = line.get("percentageInView"), ", ".join(line.get("reasons", []))
        if row.get("data-percentage") != str(percentage) or row["cells"].get("num in-view") != f"{percentage}%":
            problems.append(f"in view {row.get('data-percentage')!r} / {row['cells'].get('num in-view')!r} != {percentage}%")
        if row.get("data-reasons") != reasons or row["cells"].get("not-in-view") != reasons:
            problems.append(f"not in view {row.get('data-reasons')!r} / {row['cells'].get('not-in-view')!r} != {reasons!r}")
        elif reasons:
            with_reasons.add(reasons)
        try:
            if abs(float(row.get("data-area", "nan")) - float(line["areaFraction"])) > RATIO_TOLERANCE:
                problems.append(f"area fraction {row.get('data-area')} != {line['areaFraction']}")
        except (ValueError, KeyError):
            problems.append(f"area fraction {row.get('data-area')!r} is not a number, or the snapshot has none")
        if problems:
            failures.append(f"policy {key[0]}, section {key[1]!r}: " + "; ".join(problems))
        else:
            matched += 1
    if required_shown and not shown_as_required:
        failures.append(f"no row reads {required_shown!r} at sample {sample}")
    for key in rows:
        if key not in listed:
            failures.append(f"a row for policy {key[0]}, section {key[1]!r}, which the engine's snapshot does not list")

    # No label overlaps the inactive banner: a label's line (12 px text centred on its y)
    # must stay clear of the banner's box wherever they share columns.
    if dom.banner:
        bx, by, bw, bh = dom.banner
        for x, y, words in dom.labels:
            if x < bx + bw and by < y + LABEL_HALF_HEIGHT and y - LABEL_HALF_HEIGHT < by + bh:
                failures.append(f"the label {words!r} at y {y} overlaps the inactive banner (y {by} to {by + bh})")

    # Nothing from the data became markup, nothing is fetched.
    data_scripts = [s for s in dom.scripts if s.get("type") == "application/json" and s.get("id") == "session"]
    player_scripts = [s for s in dom.scripts if "src" not in s and s.get("type", "text/javascript") in ("text/javascript", "module")
                      and s.get("id") != "session"]
    if len(dom.scripts) != 2 or len(data_scripts) != 1 or len(player_scripts) != 1:
        failures.append(f"{len(dom.scripts)} <script> elements in the DOM ({dom.scripts[:4]}), expected the page's own 2")
    if dom.handlers:
        failures.append(f"event handler attributes in the DOM: {sorted(set(dom.handlers))}")
    if dom.fetches:
        failures.append(f"the page would fetch: {dom.fetches[:5]}")

    # Hostile ids: text in the DOM, data in the source.
    on_screen = {line["section"] for line in expected if line["visibility"] != "offscreen"}
    in_layout = {line["section"] for line in expected}
    for hostile in hostile_ids:
        if hostile not in in_layout:
            failures.append(f"the hostile id {hostile!r} is not in the engine's snapshot: the trace does not exercise it")
        if hostile not in on_screen:
            continue
        if not any(row.get("data-id") == hostile for row in dom.rows):
            failures.append(f"no row has the hostile id {hostile!r} as its data-id")
        if hostile not in dom.cell_texts:
            failures.append(f"no table cell shows the hostile id {hostile!r} as text")
    shown_hostile = len([h for h in hostile_ids if h in on_screen])
    page_path = argument("--page")
    if page_path:
        check_source(page_path, hostile_ids, failures)

    screenshot = check_screenshot(png_path, failures)
    policies = len({line["policy"] for line in expected})
    summary = (f"sample {sample}: {matched} rows match the engine's snapshot ({policies} "
               f"{'policy' if policies == 1 else 'policies'}, {len(expected)} sections listed), "
               f"inactive {root.get('data-inactive', '')!r}; not in view: {sorted(with_reasons) or 'none'}; "
               f"screenshot {screenshot}")
    if hostile_ids:
        summary += f"; {shown_hostile} hostile ids shown as text"
    print(("  " if not failures else "  FAIL ") + summary)
    for failure in failures:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
