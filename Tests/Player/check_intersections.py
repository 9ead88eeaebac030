#!/usr/bin/env python3
"""Compares the area fraction our engine computed for each section (in a session player
page's data) with the intersection ratio Chromium's layout gives the page's drawing: each
drawn section's share inside the drawn viewport, computed as IntersectionObserver's
intersectionRatio is, from getBoundingClientRect (an IntersectionObserver never reports
before headless Chromium's --dump-dom; see intersection_probe.js) (standard library only).

usage: check_intersections.py prepare PAGE.html OUT.html [--doctor DELTA]
       check_intersections.py check DOM.html PAGE.html --sample K

- prepare: writes a copy of PAGE with Tests/Player/intersection_probe.js after the
  player's script (the probe measures each drawn section against the drawn viewport and
  writes data-io-ratio on its <g>); with --doctor, every
  row's area fraction in the page's data is moved by DELTA (kept in 0...1, away from the
  truth), so that a check that cannot fail is seen to fail.
- check: reads the DOM of such a copy (chromium --dump-dom) at sample K and, for every
  drawn section measured, compares the drawing's ratio with the page's: the data-area of its row under the selected policy
  (0 when it has no row: the engine has it off screen), within
      0.0005 + 4 * 0.125 px * (1 / width + 1 / height)
  of its smallest drawn cell. Why: the player writes every drawn coordinate and size to
  0.1 px (an edge is off by at most 0.05 px for its position and 0.05 for its size, so
  0.1 px), Chromium's layout keeps 1/64 px (0.016): 0.125 px an edge. A ratio's height
  share moves by at most two edges of the cell and two of the viewport over the cell's
  drawn height, so 4 * 0.125 / height, and alike across; the data keeps thousandths
  (0.0005).
  Left out, and counted: sections whose row has a reason not in view other than
  `viewport` (obstructed, clipped, hidden, backgrounded, inactive, notLoaded: an
  intersection ratio knows nothing of obstructions, gates or the lifecycle), sections drawn through a
  container (nested), sections with a fullArea (their fraction divides by it, not by
  their cells), and sections whose cells overlap (the sum would count the overlap twice).
Prints one line and exits 1 on any difference past the tolerance, or when the probe did
not run.
"""
import json
import os
import sys
from html.parser import HTMLParser

EDGE_PX = 0.125
DATA_ROUNDING = 0.0005
PROBE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "intersection_probe.js")
OPENING = '<script type="application/json" id="session">'


def page_data(source):
    start = source.index(OPENING) + len(OPENING)
    end = source.index("</script>", start)
    return start, end, json.loads(source[start:end])


def prepare(page, out, doctor):
    source = open(page, encoding="utf-8").read()
    if doctor:
        start, end, data = page_data(source)
        for frame in data["frames"]:
            for row in frame.get("rows", []):
                if len(row) > 11 and isinstance(row[11], (int, float)):
                    value = row[11]
                    row[11] = round(value - doctor if value - doctor >= 0 else value + doctor, 3)
        text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
        source = source[:start] + text + source[end:]
    probe = open(PROBE, encoding="utf-8").read()
    closing = source.rindex("</body>")
    source = source[:closing] + "<script>\n" + probe + "</script>\n" + source[closing:]
    open(out, "w", encoding="utf-8").write(source)
    return 0


class DrawingDOM(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = {}
        self.groups = []
        self.rows = []

    def handle_starttag(self, tag, attrs):
        attributes = {name: (value or "") for name, value in attrs}
        classes = attributes.get("class", "").split()
        if tag == "main" and attributes.get("id") == "player":
            self.root = attributes
        if tag == "g" and "sec" in classes and "data-id" in attributes:
            self.groups.append(attributes)
        if tag == "tr" and "row" in classes:
            self.rows.append(attributes)


def layout_at(data, sample):
    index = -1
    for frame in data["frames"][:sample + 1]:
        if "layout" in frame:
            index = frame["layout"]
    layouts = data.get("layouts", [])
    return layouts[index] if 0 <= index < len(layouts) else {"sections": []}


def overlapping(cells):
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            if min(a[0] + a[2], b[0] + b[2]) > max(a[0], b[0]) and min(a[1] + a[3], b[1] + b[3]) > max(a[1], b[1]):
                return True
    return False


def check(dom_path, page, sample):
    dom = DrawingDOM()
    dom.feed(open(dom_path, encoding="utf-8").read())
    _, _, data = page_data(open(page, encoding="utf-8").read())
    failures = []
    if dom.root.get("data-sample") != str(sample):
        failures.append(f"the page shows sample {dom.root.get('data-sample')!r}, expected {sample}")
    if dom.root.get("data-io") != "done":
        failures.append(f"the probe did not run (data-io {dom.root.get('data-io')!r})")
    policy = dom.root.get("data-policy", "0")
    rows = {row.get("data-id"): row for row in dom.rows if row.get("data-policy") == policy}
    sections = {section.get("id"): section for section in layout_at(data, sample).get("sections", [])}
    compared, partial, excluded, worst = 0, 0, {}, (0.0, 0.0, "")
    for group in dom.groups:
        name = group["data-id"]
        section = sections.get(name, {})
        why = None
        if group.get("data-io") == "nested" or section.get("nested"):
            why = "nested"
        elif "fullArea" in section:
            why = "fullArea"
        elif overlapping(section.get("cells", [])):
            why = "overlapping cells"
        row = rows.get(name)
        if why is None and row is not None and row.get("data-reasons", "") not in ("", "viewport"):
            why = row.get("data-reasons")
        if why is None and group.get("data-io") != "measured":
            failures.append(f"section {name!r}: not measured by the probe ({group.get('data-io')!r})")
            continue
        if why is not None:
            excluded[why] = excluded.get(why, 0) + 1
            continue
        ours = float(row.get("data-area", "nan")) if row is not None else 0.0
        theirs = float(group["data-io-ratio"])
        width, height = (float(x) for x in group.get("data-io-min", "0 0").split())
        if width <= 0 or height <= 0:
            excluded["no size drawn"] = excluded.get("no size drawn", 0) + 1
            continue
        tolerance = DATA_ROUNDING + 4 * EDGE_PX * (1 / width + 1 / height)
        difference = abs(ours - theirs)
        compared += 1
        partial += 0 < theirs < 1
        if difference - tolerance > worst[0] - worst[1] or not worst[2]:
            worst = (difference, tolerance, name)
        if difference > tolerance:
            failures.append(f"section {name!r}: our area fraction {ours:.3f}, the drawing's intersection ratio {theirs:.4f}: "
                            f"{difference:.4f} apart, past {tolerance:.4f} ({width:.0f} x {height:.0f} px drawn)")
    summary = (f"sample {sample}: {compared} sections compared with the drawing's intersection ratio ({partial} partly in view), "
               f"left out {excluded or 'none'}; closest to its tolerance: "
               f"{worst[2] or '-'} {worst[0]:.4f} of {worst[1]:.4f}")
    print(("  " if not failures else "  FAIL ") + summary)
    for failure in failures:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


def main():
    arguments = sys.argv[1:]
    if len(arguments) >= 3 and arguments[0] == "prepare":
        doctor = float(arguments[arguments.index("--doctor") + 1]) if "--doctor" in arguments else 0
        return prepare(arguments[1], arguments[2], doctor)
    if len(arguments) >= 5 and arguments[0] == "check" and "--sample" in arguments:
        return check(arguments[1], arguments[2], int(arguments[arguments.index("--sample") + 1]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
