#!/usr/bin/env python3
"""words.py - the words of a PDF and where they are, from pdftotext -bbox.

  words.py dump BBOX.html          one line per word: page, box, text
  words.py same EXPECTED BBOX.html  the same words in the same boxes,
                                    within 0.01 pt; exit 1 otherwise

tests/pdf/words.sh: plain Latin text on a PDF page is drawn from the
HarfBuzz run that measured it (doc/charts.md, "Fonts and the cost of the
first chart"); the expected words were written by pango's drawing.
"""
import re
import sys

WORD = re.compile(r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" '
                  r'xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)</word>')


def words(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for k, page in enumerate(f.read().split("<page ")[1:], 1):
            for m in WORD.finditer(page):
                out.append((k,) + tuple(float(m.group(i))
                                        for i in range(1, 5))
                           + (m.group(5),))
    return out


def line(w):
    return "%d %.3f %.3f %.3f %.3f %s" % w


def main():
    if sys.argv[1] == "dump":
        for w in words(sys.argv[2]):
            print(line(w))
        return 0
    want = []
    with open(sys.argv[2], encoding="utf-8") as f:
        for ln in f:
            p = ln.rstrip("\n").split(" ", 5)
            want.append((int(p[0]),) + tuple(map(float, p[1:5])) + (p[5],))
    got = words(sys.argv[3])
    bad = 0
    if len(got) != len(want):
        print("words: %d words, expected %d" % (len(got), len(want)))
        bad = 1
    for g, w in zip(got, want):
        if g[0] != w[0] or g[5] != w[5] or \
                max(abs(g[i] - w[i]) for i in range(1, 5)) > 0.01:
            print("words: got  %s\n       want %s" % (line(g), line(w)))
            bad += 1
            if bad > 10:
                break
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
