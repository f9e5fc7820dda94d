#!/usr/bin/env python3
"""columns.py - measure a plain-text report as a terminal shows it.

Reads the text on stdin and prints, for a reviewer and for golden tests:
the widest line in display columns (East Asian Wide and Fullwidth two
columns, nonspacing and enclosing marks and format characters none, as
wcwidth does; computed here with Python's unicodedata, independently of
render/text/uchar.c), any line wider than --max (default 72), any line with
a '?' (a name's character lost; shown, not failed: a '?' may be
meant), and for every table (a line starting with
"System" after blanks, up to the next blank line) whether each column of
numbers ends at the same display column on every row as in its header
(a row's second line, starting under the columns, starts where the last
column does).
Exit status 1 when a check fails.
"""
import sys
import unicodedata


def cols(s):
    w = 0
    for ch in s:
        c = ord(ch)
        cat = unicodedata.category(ch)
        if c != 0xad and cat in ("Mn", "Me", "Cf"):
            continue
        w += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return w


def fields(line, start):
    """(first, last) display columns of the fields of line from display
    column start on; a field has no two blanks in a row."""
    pos, col = [], 0
    for ch in line:
        pos.append(col)
        col += cols(ch)
    pos.append(col)
    out, i, n = [], 0, len(line.rstrip())
    while i < n:
        if line[i] == " " or pos[i] < start:
            i += 1
            continue
        j = i
        while j < n and not (line[j] == " " and line[j + 1:j + 2] == " "):
            j += 1
        while line[j - 1] == " ":
            j -= 1
        out.append((pos[i], pos[j]))
        i = j
    return out


def main():
    limit = 72
    if len(sys.argv) > 2 and sys.argv[1] == "--max":
        limit = int(sys.argv[2])
    lines = sys.stdin.read().split("\n")
    ok = True
    widest = max((cols(ln) for ln in lines), default=0)
    print("widest line: %d columns" % widest)
    for n, ln in enumerate(lines, 1):
        if cols(ln) > limit:
            print("line %d: %d columns: %s" % (n, cols(ln), ln))
            ok = False
        if "?" in ln.replace("(?)", ""):
            print("line %d has a '?': %s" % (n, ln))
    tables = 0
    i = 0
    while i < len(lines):
        head = lines[i]
        if head.strip().startswith("System") and "  " in head.strip():
            indent = len(head) - len(head.lstrip())
            # the name column ends where the header's first gap after
            # "System" is widest: the numbers start after the names
            rows = []
            j = i + 1
            while j < len(lines) and lines[j].strip():
                rows.append(lines[j])
                j += 1
            # the header's fields after "System": each ends where the
            # rows' numbers end (right-aligned), or the last one, left-
            # aligned text ("95% CI (measurement)"), starts where theirs do
            want = fields(head, indent + len("System"))
            bad = 0
            for r in rows:
                got = fields(r, indent)
                if r.rstrip().endswith(")") and "  (" in r and \
                        len(got) == 2:
                    continue        # "name  (why no value)"
                if got and got[0][0] >= want[0][0]:
                    # a second line of a row (the geometric mean's
                    # across-tests interval): starts under the last
                    # column, left-aligned like it
                    if got[0][0] != want[-1][0]:
                        print("misaligned: %s\n     header: %s" % (r, head))
                        bad += 1
                    continue
                ends = [e for _, e in got]
                for k, (s0, e0) in enumerate(want):
                    last = k + 1 == len(want)
                    if e0 in ends or (last and s0 in [a for a, _ in got]):
                        continue
                    print("misaligned: %s\n     header: %s" % (r, head))
                    bad += 1
                    break
            tables += 1
            print("table at line %d: %d rows, columns at %s: "
                  "%s" % (i + 1, len(rows), want,
                          "aligned" if not bad else "%d MISALIGNED" % bad))
            ok = ok and not bad
            i = j
        i += 1
    sys.exit(0 if ok else 1)


main()
