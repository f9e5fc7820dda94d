#!/usr/bin/env python3
"""
wins_groups_ref.py - independent reference for issue 24's derived results
(doc/statistics.md, "Wins and losses", "Geometric mean per group",
"Greatest spread"), and the cross-check against PTS's own rules.

    BR=./benchreport python3 tests/reference/wins_groups_ref.py   (from the top)

On seed 004 (published means, SEs and N from OpenBenchmarking.org) and on
three real PTS result files of one VM (tests/data/pts-history, runs from
each RawString), this reads the inputs itself and recomputes:

- wins, losses and ties: PTS's counting rule (two values or more, and at
  least half the systems, rounded down) applied to the rank ranges of
  `benchreport stats` (the ranks have their own reference,
  tests/unit/check_ranks.c); must equal the report's table;
- each group's geometric mean against the baseline and its measurement
  interval, with geo_ref.py's formulas (exact rational moments, Welch,
  Fieller, the delta method, t quantiles by bisection); must match the
  printed digits;
- the greatest spreads: best and worst by mean, the ranks' separation,
  Fieller's interval of best against worst; must match the printed
  digits and order.

PTS's own rules (pts-core/objects/pts_result_file_analyzer.php,
generate_wins_losses_results and generate_geometric_mean_result, read in
phoronix-test-suite/phoronix-test-suite) are implemented beside them:
first and last place by the raw value, with no test of significance; a
suite's geometric mean over the tests every system ran, fewer-is-better
values as 100 / value.  Where the rules coincide the numbers must agree:
every proven first (last) is PTS's first (last), and a suite whose tests
every system ran has PTS's ratio to the baseline.  Where they differ the
script prints both (doc/statistics.md explains each difference).
Standard library only (make check runs it); exits 1 on a mismatch.
"""
import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from fractions import Fraction as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geo_ref as G  # noqa: E402

TOP = G.TOP
BR = os.environ.get("BR", os.path.join(TOP, "benchreport"))


class Summary:
    """A published mean, SE and N, as geo_ref's Sample."""

    def __init__(self, mean, se, n):
        self.mean, self.n = F(mean), int(n)
        self.value = self.mean      # what PTS reads: the published value
        self.v = F(se) ** 2 if self.n >= 2 else None

    def var_mean(self):
        return self.v


def fail(what):
    sys.exit("wins_groups_ref: " + what)


# ------------------------------------------------------------ inputs

def read_seed(path):
    """{(test, description): {system: Summary}}, {test: dir}, systems."""
    with open(path) as fp:
        rows = list(csv.DictReader(l for l in fp if not l.startswith("#")))
    cells, dirs, systems = {}, {}, []
    for r in rows:
        key = (r["test"], r["description"])
        cells.setdefault(key, {})[r["system"]] = Summary(r["mean"], r["se"],
                                                         r["n"])
        dirs[key] = r["direction"]
        if r["system"] not in systems:
            systems.append(r["system"])
    return cells, dirs, systems


def read_history(folder):
    """The three saved results of one VM: runs of each RawString; each
    system named after its result's title, as benchreport names them."""
    cells, dirs, systems = {}, {}, []
    for run in sorted(os.listdir(folder)):
        path = os.path.join(folder, run, "composite.xml")
        if not os.path.isfile(path):
            continue
        root = ET.parse(path).getroot()
        name = root.find("Generated/Title").text
        systems.append(name)
        for res in root.findall("Result"):
            key = (res.find("Identifier").text, res.find("Description").text)
            dirs[key] = res.find("Proportion").text
            entry = res.find("Data/Entry")
            sample = G.Sample(entry.find("RawString").text.split(":"))
            sample.value = F(entry.find("Value").text)   # what PTS reads
            cells.setdefault(key, {})[name] = sample
    return cells, dirs, systems


def run(*args):
    p = subprocess.run([BR] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode:
        fail("%s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr))
    return p.stdout


def ranks(inputs, extra):
    out = run("stats", "-q", "--format", "csv", *(extra + inputs))
    got = {}
    for r in csv.DictReader(io.StringIO(out)):
        if r["test"] == "wins":
            continue    # the wins rows: check_wins_csv
        got[((r["test"], r["description"]), r["system"])] = (
            int(r["rank_low"]), int(r["rank_high"]))
    return got


def report(inputs, extra):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.md")
        run("render", "-q", "-o", path, *(extra + inputs))
        with open(path) as fp:
            return fp.read()


def section(md, title):
    m = re.search(r"^## %s\n(.*?)(?=^## |\Z)" % re.escape(title), md,
                  re.S | re.M)
    return m.group(1) if m else ""


# -------------------------------------------------------------- wins

def wins_ours(cells, systems, rk):
    w = {s: [0, 0, 0, 0] for s in systems}   # first, last, tied, of
    counted = 0
    for key, c in cells.items():
        if len(c) < 2 or len(c) < len(systems) // 2:
            continue
        counted += 1
        for s in c:
            lo, hi = rk[(key, s)]
            w[s][3] += 1
            if lo == hi == 1:
                w[s][0] += 1
            elif lo == hi == len(c):
                w[s][1] += 1
            else:
                w[s][2] += 1
    return w, counted


def wins_pts(cells, dirs, systems):
    """PTS: first and last by the raw value, every counted test."""
    first, last = {}, {}
    for key, c in cells.items():
        if len(c) < 2 or len(c) < len(systems) // 2:
            continue
        sign = 1 if dirs[key] == "HIB" else -1
        order = sorted(c, key=lambda s: -sign * c[s].value)
        first[key], last[key] = order[0], order[-1]
    return first, last


def check_wins(case, cells, dirs, systems, rk, md):
    ours, counted = wins_ours(cells, systems, rk)
    table = section(md, "Wins and losses")
    proven = sum(ours[s][0] + ours[s][1] for s in systems)
    if not proven:
        # nothing proven first or last: the report has no such table
        # (analysis/derived.c, br_wins.ok)
        if re.search(r"^\| .* \| \d+ \| \d+ \| \d+ \| \d+ \|$",
                     table or "", re.M):
            fail("%s: a wins table although no place is proven" % case)
    for s in systems if proven else ():
        m = re.search(r"^\| %s \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$"
                      % re.escape(s), table, re.M)
        if not m or [int(x) for x in m.groups()] != ours[s]:
            fail("%s: wins of %s: report %s, reference %s" %
                 (case, s, m.groups() if m else None, ours[s]))
    first, last = wins_pts(cells, dirs, systems)
    pts = {s: [0, 0] for s in systems}
    for key in first:
        pts[first[key]][0] += 1
        pts[last[key]][1] += 1
        for s in cells[key]:
            lo, hi = rk[(key, s)]
            if lo == hi == 1 and s != first[key]:
                fail("%s: %s proven first in %s, PTS's first is %s" %
                     (case, s, key, first[key]))
            if lo == hi == len(cells[key]) and s != last[key]:
                fail("%s: %s proven last in %s, PTS's last is %s" %
                     (case, s, key, last[key]))
    print("wins_groups_ref: %s: wins over %d tests agree; first/last proven "
          "vs PTS's raw count:" % (case, counted))
    for s in systems:
        print("  %-20s %d/%d proven, PTS %d/%d" %
              (s, ours[s][0], ours[s][1], pts[s][0], pts[s][1]))


def check_wins_csv(case, inputs, extra, cells, systems, rk):
    """The place column and the wins rows of the stats and compare CSV
    and JSON tables against the reference counts."""
    ours, counted = wins_ours(cells, systems, rk)
    proven = sum(ours[s][0] + ours[s][1] for s in systems)
    for cmd in ("stats", "compare"):
        for fmt in ("csv", "json"):
            out = run(cmd, "-q", "--format", fmt, *(extra + inputs))
            rows = (json.loads(out)["rows"] if fmt == "json" else
                    list(csv.DictReader(io.StringIO(out))))
            cell = (lambda v: "" if v is None else str(v))
            wins = {r["system"]: [int(r[c]) for c in
                                  ("first", "last", "tied", "counted")]
                    for r in rows if r["test"] == "wins"}
            if proven and wins != {s: ours[s] for s in systems}:
                fail("%s: %s %s wins rows %s, reference %s" %
                     (case, cmd, fmt, wins, ours))
            if not proven and wins:
                fail("%s: %s %s has wins rows, nothing proven" %
                     (case, cmd, fmt))
            n = 0
            for r in rows:
                key = (r["test"], r["description"])
                if key not in cells or r["system"] not in cells[key] or \
                        cell(r.get("x")) not in ("",):
                    continue
                c = cells[key]
                if len(c) < 2 or len(c) < len(systems) // 2:
                    want = ""
                else:
                    lo, hi = rk[(key, r["system"])]
                    want = ("first" if lo == hi == 1 else "last"
                            if lo == hi == len(c) else "tied")
                if cell(r["place"]) != want:
                    fail("%s: %s %s place of %s in %s: %r, reference %r"
                         % (case, cmd, fmt, r["system"], key, r["place"],
                            want))
                n += 1
            print("wins_groups_ref: %s: %s %s: %d places and %d wins rows "
                  "agree" % (case, cmd, fmt, n, len(wins)))


# ------------------------------------------------------------ groups

def digits_ok(text, ref):
    """text (a printed number, "1.487", "0.0045", "5.8e-08") is ref at
    its own precision."""
    x = float(text)
    if "e" in text:
        mant = text.split("e")[0]
        d = len(mant.split(".")[1]) if "." in mant else 0
        unit = 10 ** (math.floor(math.log10(abs(x))) - d)
    else:
        d = len(text.split(".")[1]) if "." in text else 0
        unit = 10.0 ** -d
    return abs(x - ref) <= unit / 2 + 1e-12 * abs(ref)


def pairs_of(cells, dirs, keys, base, cand):
    out = []
    for k in keys:
        c = cells[k]
        if base in c and cand in c:
            a, b = c[base], c[cand]
            out.append((a, b) if dirs[k] == "HIB" else (b, a))
    return out


LINE = re.compile(r"^  - (.+?): ([0-9.e+-]+)x over .*?\(95% CI "
                  r"([0-9.e+-]+)x to ([0-9.e+-]+)x\)", re.M)


def check_groups(case, cells, dirs, systems, groups, md, base):
    sec = section(md, "Geometric mean by group")
    blocks = re.split(r"^- \*\*(.+?): \d+ tests?\*\*\n", sec, flags=re.M)
    # a suite's heading names its PTS identifier: "Disk Test Suite
    # (pts/disk-1.3.2)"
    got = {re.sub(r" \(pts/[^)]*\)$", "", k): v
           for k, v in zip(blocks[1::2], blocks[2::2])}
    if sorted(got) != sorted(groups):
        fail("%s: groups %s, reference %s" % (case, sorted(got),
                                              sorted(groups)))
    n = 0
    for name, keys in groups.items():
        for m in LINE.finditer(got[name]):
            sys_, gm, lo, hi = m.groups()
            ref = G.geomean(pairs_of(cells, dirs, keys, base, sys_))
            for what, t, r in (("gm", gm, ref["gm"]), ("low", lo,
                               ref["lo"]), ("high", hi, ref["hi"])):
                if not digits_ok(t, r):
                    fail("%s: %s, %s: %s %s, reference %.9g" %
                         (case, name, sys_, what, t, r))
            n += 1
    print("wins_groups_ref: %s: %d group geometric means and intervals agree"
          % (case, n))
    return got


def check_group_csv(case, cells, dirs, groups, inputs, extra, base):
    """compare --format csv's group rows: the same numbers, 15 digits."""
    out = run("compare", "-q", "--format", "csv", *(extra + inputs))
    n = 0
    for r in csv.DictReader(io.StringIO(out)):
        if r["test"] != "group":
            continue
        ref = G.geomean(pairs_of(cells, dirs, groups[r["title"]], base,
                                 r["system"]))
        for col, want in (("ratio", ref["gm"]), ("ratio_ci_low", ref["lo"]),
                          ("ratio_ci_high", ref["hi"])):
            if abs(float(r[col]) - want) > 1e-9 * abs(want):
                fail("%s: csv group %s, %s: %s %s, reference %.15g" %
                     (case, r["title"], r["system"], col, r[col], want))
        n += 1
    if not n:
        fail("%s: no group rows in compare --format csv" % case)
    print("wins_groups_ref: %s: %d group rows of compare's CSV agree" % (case, n))


def pts_suite_ratio(cells, dirs, keys, systems, base):
    """PTS's suite geometric mean (tests every system ran; LIB as 100 /
    value), each system's divided by the baseline's."""
    full = [k for k in keys if all(s in cells[k] for s in systems)]
    gm = {}
    for s in systems:
        vals = [float(cells[k][s].value) if dirs[k] == "HIB" else
                100 / float(cells[k][s].value) for k in full]
        gm[s] = math.exp(sum(map(math.log, vals)) / len(vals))
    return {s: gm[s] / gm[base] for s in systems}, len(full), len(keys)


def check_pts_suite(case, cells, dirs, systems, keys, got, base, agree):
    ratio, nfull, nall = pts_suite_ratio(cells, dirs, keys, systems, base)
    ours = {m.group(1): float(m.group(2)) for m in LINE.finditer(got)}
    print("wins_groups_ref: %s: PTS's suite mean over %d of %d tests (those "
          "every system ran):" % (case, nfull, nall))
    for s in systems:
        if s == base:
            continue
        same = digits_ok("%.3f" % ours[s], ratio[s]) if s in ours else False
        print("  %-20s ours %.3f, PTS %.3f%s" % (s, ours.get(s, math.nan),
              ratio[s],
              "" if same else "  (differs: ours is over the tests it "
              "shares with the baseline)"))
        if agree and not same:
            fail("%s: %s: PTS's suite mean %.6f, ours %s" %
                 (case, s, ratio[s], ours.get(s)))


# ----------------------------------------------------------- spreads

SPREAD = re.compile(r"^- \*\*(.+?)\*\*: (.+?) is ([0-9.e+-]+)(x|%) \w+ than "
                    r"(.+?) \(95% CI ([0-9.e+-]+)(?:x|%) to "
                    r"([0-9.e+-]+)(?:x|%)\)$", re.M)


def check_spreads(case, cells, dirs, rk, md, names):
    prev = math.inf
    n = 0
    for m in SPREAD.finditer(section(md, "Greatest spread")):
        test, best, pt, kind, worst, lo, hi = m.groups()
        key = names[test]
        c = cells[key]
        sign = 1 if dirs[key] == "HIB" else -1
        order = sorted(c, key=lambda s: -sign * c[s].mean)
        if (order[0], order[-1]) != (best, worst):
            fail("%s: %s: spread %s/%s, reference %s/%s" %
                 (case, test, best, worst, order[0], order[-1]))
        if not rk[(key, best)][1] < rk[(key, worst)][0]:
            fail("%s: %s: ranks do not separate %s and %s" %
                 (case, test, best, worst))
        a, b = (c[worst], c[best]) if sign > 0 else (c[best], c[worst])
        s = float(b.mean / a.mean)
        rlo, rhi = G.fieller(a, b)
        for t, r in ((pt, s), (lo, rlo), (hi, rhi)):
            want = r if kind == "x" else 100 * (r - 1)
            if not digits_ok(t, want):
                fail("%s: %s: spread %s, reference %.9g" % (case, test, t,
                                                            want))
        if rlo > prev + 1e-12:
            fail("%s: spreads out of order at %s" % (case, test))
        prev = rlo
        n += 1
    print("wins_groups_ref: %s: %d greatest spreads agree" % (case, n))


# ------------------------------------------------------------- cases

def test_names(cells, titles):
    return {titles[k]: k for k in cells}


def case_seed():
    path = os.path.join(TOP, "samples", "seed-004-freebsd-zfs-zol.csv")
    cells, dirs, systems = read_seed(path)
    base = systems[0]
    rk = ranks([path], [])
    md = report([path], [])
    check_wins("seed 004", cells, dirs, systems, rk, md)
    check_wins_csv("seed 004", [path], [], cells, systems, rk)
    prof = {}
    for k in cells:
        prof.setdefault(k[0], []).append(k)
    check_groups("seed 004 by profile", cells, dirs, systems, prof, md, base)
    check_group_csv("seed 004 by profile", cells, dirs, prof, [path], [],
                    base)
    titles = {}
    with open(path) as fp:
        for r in csv.DictReader(l for l in fp if not l.startswith("#")):
            titles[(r["test"], r["description"])] = "%s %s - %s" % (
                r["title"], r["app_version"], r["description"])
    check_spreads("seed 004", cells, dirs, rk, md, test_names(cells, titles))
    disk = {"Disk Test Suite": [k for k in cells if k[0] != "pts/blogbench"]}
    md = report([path], ["--group-by", "suite"])
    got = check_groups("seed 004 by suite", cells, dirs, systems, disk, md,
                       base)
    check_pts_suite("seed 004", cells, dirs, systems,
                    disk["Disk Test Suite"], got["Disk Test Suite"], base,
                    False)
    # without FreeBSD UFS (no SQLite result) every system ran every test
    # of the suite, and the two rules coincide
    five = [s for s in systems if s != "FreeBSD UFS"]
    sub = {k: {s: v for s, v in c.items() if s in five}
           for k, c in cells.items()}
    md = report([path], ["--group-by", "suite", "--systems", ",".join(five)])
    got = check_groups("seed 004 without UFS", sub, dirs, five, disk, md,
                       base)
    check_pts_suite("seed 004 without UFS", sub, dirs, five,
                    disk["Disk Test Suite"], got["Disk Test Suite"], base,
                    True)


def case_history():
    folder = os.path.join(TOP, "tests", "data", "pts-history")
    cells, dirs, systems = read_history(folder)
    base = systems[0]
    rk = ranks([folder], [])
    md = report([folder], ["--group-by", "suite"])
    check_wins("pts-history", cells, dirs, systems, rk, md)
    check_wins_csv("pts-history", [folder], [], cells, systems, rk)
    mem = {"Memory Test Suite": list(cells)}
    got = check_groups("pts-history by suite", cells, dirs, systems, mem, md,
                       base)
    check_pts_suite("pts-history", cells, dirs, systems, list(cells),
                    got["Memory Test Suite"], base, True)


def main():
    case_seed()
    case_history()


if __name__ == "__main__":
    main()
