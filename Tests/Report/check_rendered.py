#!/usr/bin/env python3
"""Checks one report as headless Chromium rendered it (standard library only).

usage: check_rendered.py DOM.html SCREENSHOT.png [--min-charts N]

- the DOM (chromium --dump-dom) has no <script> element and no on* attribute (nothing a
  hostile name could have injected runs) and no src or href but #anchors (nothing fetched);
- every chart (<figure data-chart>) has its marks: as many elements carrying its
  data-mark class as its data-marks says, and at least one;
- the screenshot is not blank: decoded (zlib, PNG filters undone), it has more than one
  colour and a share of non-background pixels.
Prints one line per chart and a summary; exits 1 with the reason on failure.
"""
import sys
import struct
import zlib
from html.parser import HTMLParser


class ReportDOM(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.charts = []      # [name, mark class, expected, found]
        self.open_charts = []  # indices into charts, with the depth they opened at
        self.depth = 0
        self.scripts = 0
        self.handlers = []
        self.fetches = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script":
            self.scripts += 1
        self.handlers += [name for name, _ in attrs if name.lower().startswith("on")]
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "srcset") and not (value or "").startswith("#"):
                self.fetches.append(f"<{tag} {name}={value!r}>")
        classes = (attributes.get("class") or "").split()
        for index, _ in self.open_charts:
            if self.charts[index][1] in classes:
                self.charts[index][3] += 1
        if tag == "figure" and "data-chart" in attributes:
            self.charts.append([attributes["data-chart"], attributes.get("data-mark", "mark"),
                                int(attributes.get("data-marks", "0")), 0])
            self.open_charts.append((len(self.charts) - 1, self.depth))
        if tag not in ("meta", "link", "br", "img", "input", "hr"):
            self.depth += 1

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in ("meta", "link", "br", "img", "input", "hr"):
            self.depth -= 1

    def handle_endtag(self, tag):
        if tag in ("meta", "link", "br", "img", "input", "hr"):
            return
        self.depth -= 1
        if tag == "figure" and self.open_charts and self.open_charts[-1][1] == self.depth:
            self.open_charts.pop()


def png_pixels(path):
    """Width, height, bytes per pixel and the unfiltered rows of an 8-bit RGB(A) PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        chunk = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        position += 12 + length
    width, height, bit_depth, color_type, _, _, interlace = header
    if bit_depth != 8 or color_type not in (2, 6) or interlace != 0:
        raise ValueError(f"unsupported PNG (depth {bit_depth}, colour type {color_type}, interlace {interlace})")
    bpp = 3 if color_type == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                row[i] = (row[i] + row[i - bpp]) & 255
        elif kind == 2:
            row = bytearray((a + b) & 255 for a, b in zip(row, previous))
        elif kind == 3:
            for i in range(stride):
                left = row[i - bpp] if i >= bpp else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = row[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(row)
        previous = row
    return width, height, bpp, rows


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    dom_path, png_path = sys.argv[1], sys.argv[2]
    min_charts = int(sys.argv[sys.argv.index("--min-charts") + 1]) if "--min-charts" in sys.argv else 1
    failures = []
    dom = ReportDOM()
    dom.feed(open(dom_path, encoding="utf-8").read())
    if dom.scripts:
        failures.append(f"{dom.scripts} <script> element(s) in the DOM")
    if dom.handlers:
        failures.append(f"event handler attributes in the DOM: {sorted(set(dom.handlers))}")
    if dom.fetches:
        failures.append(f"the page would fetch: {dom.fetches[:5]}")
    if len(dom.charts) < min_charts:
        failures.append(f"{len(dom.charts)} charts, expected at least {min_charts}")
    for name, mark, expected, found in dom.charts:
        ok = found == expected and found > 0
        print(f"  chart {name}: {found} marks (.{mark}), the page says {expected}" + ("" if ok else "  <- FAIL"))
        if not ok:
            failures.append(f"chart {name}: {found} marks in the DOM, expected {expected} (and at least 1)")

    width, height, bpp, rows = png_pixels(png_path)
    background = bytes(rows[0][:bpp])
    colours, other = set(), 0
    for row in rows[::4]:
        for x in range(0, width * bpp, bpp * 4):
            pixel = bytes(row[x:x + bpp])
            if len(colours) < 1000:
                colours.add(pixel)
            if pixel != background:
                other += 1
    sampled = len(rows[::4]) * len(range(0, width * bpp, bpp * 4))
    share = other / sampled if sampled else 0
    print(f"  screenshot {png_path}: {width}x{height}, {len(colours)}{'+' if len(colours) >= 1000 else ''} colours "
          f"sampled, {share:.1%} of sampled pixels differ from the background")
    if len(colours) < 2 or share < 0.005:
        failures.append(f"the screenshot {png_path} looks blank")
    for failure in failures:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
