#!/usr/bin/env python3
"""terminal.py - no byte a terminal acts on reaches one (issue 25, item 4).

Feeds the hostile fixtures through every command and format that writes
to standard output or standard error, and scans both for:
  - C0 controls other than line feed and tab (ESC, BEL, CR, ...), DEL;
  - C1 controls, as UTF-8 (U+0080..U+009F) or as raw bytes 0x80..0x9F
    that are not part of valid UTF-8;
  - bidi embeddings, overrides and isolates (U+202A..U+202E,
    U+2066..U+2069);
  - in the Markdown, HTML and SVG outputs, any byte that is not UTF-8
    (issue 25, item 11).
The fixtures: tests/data/hostile/terminal/terminal.csv (ESC ]0; title setting,
ESC [2J, CR, LF, U+009B, U+202E and isolates in titles, descriptions,
units and system names) and, made here, directories whose names hold the
same and raw 0x9B / 0xFF bytes, with a dbench log in each (the system
name comes from the directory) and a malformed file and an unknown
column in a walked directory (an error and a warning naming the file).
doc/escaping.md says how each medium shows them.

    BR=./benchreport python3 tests/text/terminal.py
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

BR = os.environ.get("BR")
TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

C0 = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]")
C1_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")
BIDI = re.compile(rb"\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]")


def raw_c1(data):
    """Offsets of bytes 0x80..0x9F outside valid UTF-8 sequences, and
    whether any byte is not UTF-8."""
    text = data.decode("utf-8", errors="surrogateescape")
    bad = [c for c in text if "\udc80" <= c <= "\udcff"]
    return [c for c in bad if ord(c) - 0xdc00 <= 0x9f], bool(bad)


def findings(data, markup):
    out = []
    for name, rx in (("C0", C0), ("C1", C1_UTF8), ("bidi", BIDI)):
        m = rx.search(data)
        if m:
            out.append("%s %r at byte %d" % (name, m.group(0), m.start()))
    c1, invalid = raw_c1(data)
    if c1:
        out.append("raw C1 byte")
    if markup and invalid:
        out.append("invalid UTF-8")
    return out


def fixtures(tmp):
    """The walked directory: hostile directory names, each holding a
    dbench log, and a broken tree with a malformed hostile-named file."""
    log = os.path.join(TOP, "tests/data/logs/dbench/dbench-3.03-lkml.txt")
    walk = os.path.join(tmp, "walk").encode()
    names = [b"title\x1b]0;pwned\x07", b"clear\x1b[2J\rCR\nLF",
             b"csi\xc2\x9b31m", b"evil\xe2\x80\xaetxt.exe",
             b"raw\x9bx\xff", b"iso\xe2\x81\xa7x"]
    for n in names:
        d = os.path.join(walk, n)
        os.makedirs(d)
        shutil.copy(log, os.path.join(d, b"dbench.txt"))
    broken = os.path.join(tmp, "broken").encode()
    os.makedirs(broken)
    with open(os.path.join(broken, b"bad\x1b]0;x\x07\x9b.csv"), "wb") as f:
        f.write(b"test,title,description,unit,direction,system,value\n"
                b"t1,T,d,s,HIB,A,not-a-number\n")
    warn = os.path.join(tmp, "warn").encode()
    os.makedirs(warn)
    with open(os.path.join(warn, b"w\x1b[2J\xe2\x80\xae.csv"), "wb") as f:
        f.write(b"test,title,description,unit,direction,system,value,"
                b"col\x1b]0;t\x07\n"
                b"t1,T,d,s,HIB,A,1,x\nt1,T,d,s,HIB,A,2,x\n")
    return walk, broken, warn


def runs(csv, walk, broken, warn):
    """(label, argv, markup) for every command and format."""
    out = []
    for inp in (csv, walk):
        for args in (["inspect"],
                     ["stats"], ["stats", "--format", "csv"],
                     ["stats", "--format", "md"],
                     ["stats", "--format", "json"],
                     ["compare"], ["compare", "--ministat"],
                     ["compare", "--details"],
                     ["compare", "--format", "csv"],
                     ["compare", "--format", "md"],
                     ["compare", "--format", "json"],
                     ["render", "--format", "txt", "-o", "-"],
                     ["render", "--format", "txt", "--utf8", "-o", "-"],
                     ["render", "--format", "md", "-o", "-"],
                     ["render", "--format", "html", "-o", "-"],
                     ["render", "--summary", "--format", "txt", "-o", "-"],
                     ["render", "--summary", "--format", "md", "-o", "-"],
                     ["convert", "--format", "csv", "-o", "-"],
                     ["convert", "--format", "json", "-o", "-"],
                     ["convert", "--format", "xml", "-o", "-"]):
            markup = any(f in args for f in ("md", "html", "xml", "svg"))
            out.append((args[0], [args[0], inp] + args[1:], markup))
    out.append(("render svg", ["render", csv, "--tests", "t1", "--format",
                               "svg", "-o", "-"], True))
    out.append(("render svg walk", ["render", walk, "--format", "svg",
                                    "-o", "-"], True))
    out.append(("error", ["stats", broken], False))
    out.append(("warning", ["stats", warn], False))
    out.append(("inspect warning", ["inspect", warn], False))
    return out


def show(argv, csv):
    """The command line, inputs named by what they are."""
    return " ".join(a if isinstance(a, str) else
                    "terminal.csv" if a == csv else "DIR" for a in argv)


def main():
    if not BR:
        sys.exit("set BR to the benchreport binary")
    csv = os.path.join(TOP, "tests/data/hostile/terminal/terminal.csv").encode()
    tmp = tempfile.mkdtemp()
    fails = n = 0
    try:
        walk, broken, warn = fixtures(tmp)
        env = dict(os.environ, LC_ALL="C.UTF-8", SOURCE_DATE_EPOCH="1700000000")
        for label, argv, markup in runs(csv, walk, broken, warn):
            p = subprocess.run([BR.encode()] + argv, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=env, cwd=tmp,
                               timeout=60)
            n += 1
            want = 1 if label == "error" else 0
            if p.returncode != want:
                print("FAIL %s: exit %d, expected %d: %s" % (
                    show(argv, csv), p.returncode, want,
                    p.stderr.decode("utf-8", "replace")[:200]))
                fails += 1
                continue
            for stream, data in (("stdout", p.stdout), ("stderr", p.stderr)):
                if not data and stream == "stdout" and label != "error":
                    print("FAIL %s: empty stdout" % label)
                    fails += 1
                found = findings(data, markup and stream == "stdout")
                if found:
                    fails += 1
                    print("FAIL %s (%s): %s" % (show(argv, csv), stream,
                                                "; ".join(found)))
    finally:
        shutil.rmtree(tmp)
    print("terminal: %d runs, %d findings" % (n, fails))
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
