#!/usr/bin/env python3
"""paper.py - checks on a printed report (tests/browser/run.sh).

  paper.py values REPORT.html TEXT.txt   every value of every table's
      number cells (td.num, and a test's table cells but its runs) is a
      whole word of pdftotext's TEXT.txt;
      prints the missing ones.
  paper.py overlap BBOX.html             no two words of pdftotext -bbox
      output overlap on a page; prints the overlapping pairs.
  paper.py colours REPORT.html           the fill colours of the
      geometric mean's bars (svg.bar), one a line.
Exit status 1 when a check fails.  Standard library only.
"""
import html.parser
import re
import sys


class Cells(html.parser.HTMLParser):
    """The text of every number cell, and the geometric mean bars' fills."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0      # inside a td.num: its nesting depth
        self.text = []
        self.cells = []
        self.in_bar = False
        self.fills = []
        self.tables = []    # the classes of the tables we are in

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "table":
            self.tables.append(cls)
        # a test's tables are numbers but their runs (no class on each)
        if tag == "td" and ("num" in cls or self.tables and not
                            set(self.tables[-1]).isdisjoint(("stats",
                                                             "spread"))
                            and "runs" not in cls):
            self.depth = 1
            self.text = []
        elif self.depth and tag != "br":
            self.depth += 1
        if tag == "svg" and a.get("class") == "bar":
            self.in_bar = True
        elif tag == "rect" and self.in_bar and a.get("fill"):
            self.fills.append(a["fill"].lstrip("#").lower())

    def handle_endtag(self, tag):
        if tag == "table" and self.tables:
            self.tables.pop()
        if tag == "svg":
            self.in_bar = False
        if self.depth:
            self.depth -= 1
            if not self.depth:
                self.cells.append(" ".join(self.text))

    def handle_data(self, data):
        if self.depth:
            self.text.append(data)


def parse(path):
    p = Cells()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return p


def values(report, text):
    with open(text, encoding="utf-8") as f:
        words = {w.lower() for w in f.read().split()}
    missing = []
    n = 0
    for cell in parse(report).cells:
        for v in cell.split():
            if not re.search(r"[0-9A-Za-z]", v):
                continue
            n += 1
            if v.lower() not in words:
                missing.append(v)
    for v in missing[:10]:
        print("not printed whole: %s" % v)
    print("%d of %d table values printed whole" % (n - len(missing), n))
    return 1 if missing or not n else 0


WORD = re.compile(r'<word xMin="([-0-9.]+)" yMin="([-0-9.]+)" '
                  r'xMax="([-0-9.]+)" yMax="([-0-9.]+)">([^<]*)</word>')


def overlap(bbox):
    with open(bbox, encoding="utf-8") as f:
        pages = f.read().split("<page ")[1:]
    bad = 0
    for k, page in enumerate(pages, 1):
        boxes = [(float(a), float(b), float(c), float(d), t)
                 for a, b, c, d, t in WORD.findall(page)]
        boxes.sort()
        for i, p in enumerate(boxes):
            for q in boxes[i + 1:]:
                if q[0] >= p[2]:
                    break
                w = min(p[2], q[2]) - max(p[0], q[0])
                h = min(p[3], q[3]) - max(p[1], q[1])
                least = min((p[2] - p[0]) * (p[3] - p[1]),
                            (q[2] - q[0]) * (q[3] - q[1]))
                # touching lines and kerning are not an overlap
                if w > 0.5 and h > 0 and w * h > 0.25 * least:
                    bad += 1
                    if bad <= 5:
                        print("page %d: '%s' overlaps '%s'" % (k, p[4], q[4]))
    print("%d overlapping words" % bad)
    return 1 if bad else 0


def colours(report):
    for c in sorted(set(parse(report).fills)):
        print(c)
    return 0


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "values" and len(sys.argv) == 4:
        sys.exit(values(sys.argv[2], sys.argv[3]))
    if cmd == "overlap" and len(sys.argv) == 3:
        sys.exit(overlap(sys.argv[2]))
    if cmd == "colours" and len(sys.argv) == 3:
        sys.exit(colours(sys.argv[2]))
    sys.exit(__doc__)
