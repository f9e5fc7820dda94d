#!/usr/bin/env python3
"""rand.py - randomised consistency test for benchreport (issue 20).

    BR=/path/to/benchreport python3 tests/consistency/rand.py
        [--cases N] [--seed S] [--skip PROP,...] [--keep DIR] [-v]
        [--jobs J] [--resolution N,N,...]

Generates random tidy CSVs (doc/tidy-csv.md) from a seeded generator
(Python's random, so the same seed gives the same files): single runs,
identical runs, whole numbers, cycles of three systems over three tests,
tiny (1e-300), huge (1e300), negative and cancelling values, a large
offset (3.76e9 + units), published summaries, many systems, missing
results, both directions and none.  Each file goes through

    stats --format csv      stats (text)
    compare --format csv    compare (text)
    render -o report.txt    render -o report.md

and these properties are checked (each has a name for --skip):

  ranks        per-test rank ranges admit an order: some assignment of
               distinct places 1..N puts every system inside its range
               (the overall ranking's: property "overall", below, where
               a cycle of proven pairs must give ranges that cover it,
               never "2, 2, 2")
  one-test-gm  a geometric mean over one test equals that test: its
               speedup, measurement interval and verdict
  no-proof     no verdict, interval or rank proven from tests without
               intervals: a geometric mean none of whose tests has N >= 2
               on both sides has no interval and no proven verdict, and
               its point (which the interval holds) is the geometric
               mean of the tests that have one
  ordered      every interval, in every CSV and as printed by stats text,
               has low <= point <= high
  words        every percent and factor in compare's sentences is the
               CSV's number rounded once at the printed precision
               (improvement_pct, its interval's columns, speedup),
               checked with tests/consistency/xcheck.py's model of the
               sentences, which also checks the rest of the compare CSV,
               the stats text, the text and Markdown reports
  distinct     means that differ (more than 1e-9 relative) print
               differently in stats text, each with at least the
               significant digits of its runs (up to 4);
               distinct-range: the same for means below 1e-9, or below
               1e-9 of the test's largest, which one fixed number of
               decimals (at most 12, at most 12 significant digits)
               cannot tell apart: such a test shows significant digits
               (analysis/numfmt.h BR_SIG), and they must differ there
               too
  resolution   n runs of "100" against n runs of "101" (n from
               --resolution, default 2,5,30,1000,100000 in a full run):
               the improvement interval contains 0.02% and 1.98%
  overall      the overall rank ranges admit an order (as ranks), and
               xcheck.py's checks of the overall ranking: its order (by
               geometric mean, never above a system proven better) and
               each place within its range, in compare and the reports;
               the ranges against the order of the geometric means
               (allowing the chains of pairs over other tests that could
               reverse it) and against the verdicts against the
               baseline
  ratio-edge   xcheck.py: a ratio too large to size (1e200 and up) has
               no percent interval either
  xcheck       what xcheck.py's checkers find besides (ranks against
               proven pairs, verdicts against intervals, ...)

A "case" is one test of one file (the unit the issue counts in); a file
holds 1 to 40 tests.  Prints one line per failure ("FAIL prop | file |
what"), then a summary such as

    rand: 1000 cases (84 files, 2718 comparisons), 0 failures

Exit 0 when nothing failed (skipped properties aside), 1 otherwise, 2
when it cannot run.  --keep DIR keeps every generated file there (else
only the files of failures are kept, under $TMPDIR/rand-fail.*).
Python 3 standard library only.
"""

import csv
import io
import math
import os
import random
import re
import shutil
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xcheck  # noqa: E402  (the cross-output checkers and their model)

PROPS = ("ranks", "one-test-gm", "no-proof", "ordered", "words",
         "distinct", "distinct-range", "resolution", "overall", "ratio-edge",
         "xcheck")

# ------------------------------------------------------------ generator


def num_text(v, digits):
    """v written with `digits` significant digits, as a person or a tool
    would write it ("%.*g"); the text is what the file holds."""
    s = "%.*g" % (digits, v)
    return s


class Gen:
    """Random tidy CSVs."""

    def __init__(self, rng):
        self.r = rng

    def scale(self):
        r = self.r
        k = r.random()
        if k < 0.05:
            return 10.0 ** r.uniform(-300, -200)      # tiny
        if k < 0.10:
            return 10.0 ** r.uniform(200, 300)        # huge
        if k < 0.15:
            return 10.0 ** r.uniform(-8, -3)          # small
        return 10.0 ** r.uniform(-2, 6)

    def runs(self, centre, cv, n, kind, digits):
        """n run texts around centre."""
        r = self.r
        if kind == "identical":
            v = num_text(centre, digits)
            return [v] * n
        if kind == "integer":
            c = max(1, round(centre))
            return [str(int(max(0, round(r.gauss(c, c * cv + 1)))))
                    for _ in range(n)]
        if kind == "cancel":
            # runs whose mean is exactly 0 in exact arithmetic
            vals = [r.choice([-3, -2, -1, 1, 2, 3]) for _ in range(n - 1)]
            vals.append(-sum(vals))
            return [str(v) for v in vals]
        if kind == "offset":
            base = 3760000000
            return [str(base + r.randint(0, 9)) for _ in range(n)]
        if kind == "negative":
            return [num_text(-abs(r.gauss(centre, abs(centre) * cv)),
                             digits) for _ in range(n)]
        return [num_text(r.gauss(centre, abs(centre) * cv), digits)
                for _ in range(n)]

    def n_runs(self):
        return self.r.choice([1, 1, 2, 2, 3, 3, 3, 5, 5, 10, 30])

    def kind(self):
        return self.r.choices(
            ["normal", "identical", "integer", "cancel", "offset",
             "negative"], [70, 10, 8, 4, 4, 4])[0]

    def batch(self, n_tests, n_systems):
        """One file: rows of (test, unit, direction, system, value, mean,
        se, n)."""
        r = self.r
        systems = ["S%d" % i for i in range(n_systems)]
        rows = []
        for ti in range(n_tests):
            dirn = r.choices(["HIB", "LIB", ""], [45, 45, 10])[0]
            unit = {"HIB": "ops", "LIB": "ms", "": "points"}[dirn]
            centre = self.scale()
            digits = r.choice([1, 2, 3, 4, 6, 15])
            cv = r.choice([0.0, 0.001, 0.01, 0.05, 0.3])
            test = "t%d" % ti
            for s in systems:
                if n_systems > 2 and r.random() < 0.05:
                    continue                           # missing result
                c = centre * r.choice([1, 1, 1.0001, 1.01, 1.1, 0.9, 2,
                                       0.5, 10, 0.1, 1e6])
                if r.random() < 0.05:                  # published summary
                    n = r.choice([1, 2, 3, 10, 513])
                    se = abs(c) * r.choice([0, 0.001, 0.01, 0.1])
                    rows.append((test, unit, dirn, s, "",
                                 num_text(c, digits), num_text(se, 3),
                                 str(n)))
                    continue
                for v in self.runs(c, cv, self.n_runs(), self.kind(),
                                   digits):
                    rows.append((test, unit, dirn, s, v, "", "", ""))
        return rows

    def cycle(self):
        """Three systems, three tests, each system 2x another on one."""
        lo, hi = ["99", "100", "101"], ["199", "200", "201"]
        plan = {"t1": {"C": hi, "A": lo, "B": lo},
                "t2": {"A": hi, "B": lo, "C": lo},
                "t3": {"B": hi, "C": lo, "A": lo}}
        rows = []
        for t, per in plan.items():
            for s in ("A", "B", "C"):
                for v in per[s]:
                    rows.append((t, "ops", "HIB", s, v, "", "", ""))
        return rows

    def file(self):
        r = self.r
        k = r.random()
        if k < 0.08:
            return self.cycle()
        if k < 0.35:                    # geometric means of few tests
            return self.batch(r.randint(1, 3), r.randint(2, 4))
        if k < 0.40:                    # many systems
            return self.batch(r.randint(1, 3), r.randint(8, 20))
        return self.batch(r.randint(5, 40), r.randint(2, 6))


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["test", "unit", "direction", "system", "value", "mean",
                    "se", "n"])
        for row in rows:
            w.writerow(row)


def resolution_rows(n):
    rows = []
    for s, v in (("A", "100"), ("B", "101")):
        rows.extend(("res", "ops", "HIB", s, v, "", "", "")
                    for _ in range(n))
    return rows


# ----------------------------------------------------------- properties


def fnum(s):
    return xcheck.fnum(s)


class Result:
    def __init__(self, label):
        self.label = label
        self.fails = []           # (prop, what)
        self.cases = 0
        self.comparisons = 0

    def fail(self, prop, what):
        self.fails.append((prop, what))


def admits_order(ranges):
    """Whether distinct places 1..N can be given within the ranges
    [(low, high)]: the greedy assignment by high end is exact for
    intervals."""
    n = len(ranges)
    taken = set()
    for lo, hi in sorted(ranges, key=lambda x: (x[1], x[0])):
        p = lo
        while p in taken:
            p += 1
        if p > hi or p > n or p < 1:
            return False
        taken.add(p)
    return True


def check_ranks(res, srows, geo):
    by_test = {}
    for r in srows:
        if r["x"] or fnum(r["rank_low"]) is None:
            continue
        by_test.setdefault(r["test"], []).append(
            (int(fnum(r["rank_low"])), int(fnum(r["rank_high"]))))
    for t, rg in by_test.items():
        if not admits_order(rg):
            res.fail("ranks", "%s: rank ranges %s admit no order"
                     % (t, rg))
    og = [(int(fnum(g["overall_rank_low"])), int(fnum(g["overall_rank_high"])))
          for g in geo if fnum(g["overall_rank_low"]) is not None]
    if og and not admits_order(og):
        res.fail("overall", "overall rank ranges %s admit no order (%s)"
                 % (og, ", ".join("%s %s-%s" % (g["system"],
                                                g["overall_rank_low"],
                                                g["overall_rank_high"])
                                  for g in geo)))


def speedup_of(r):
    """(S, lo, hi) of a compare row from its speedup columns (NaN where
    empty)."""
    def f(c):
        v = fnum(r.get(c))
        return float("nan") if v is None else v
    return f("speedup"), f("speedup_ci_low"), f("speedup_ci_high")


def close(a, b, rel=1e-9):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def geo_tests(crows, srows, s):
    """The compare rows of system s that a geometric mean uses: a known
    direction, both means above 0; and whether each has N >= 2 on both
    sides."""
    n = {}
    for r in srows:
        if not r["x"]:
            n[(r["test"], r["system"])] = int(fnum(r["n"]) or 0)
    out = []
    for r in crows:
        if r["test"] in ("geomean", "group") or r["system"] != s:
            continue
        if r["direction"] not in ("HIB", "LIB"):
            continue
        m, bm = fnum(r["mean"]), fnum(r["baseline_mean"])
        if m is None or bm is None or not (m > 0 and bm > 0):
            continue
        both = n.get((r["test"], s), 0) >= 2 and \
            n.get((r["test"], r["baseline"]), 0) >= 2 and \
            r["verdict"] != "single-run"
        out.append((r, both))
    return out


def log_speedup(r):
    """log S of a compare row; from the means where the ratio is past the
    range of doubles (the row gives none, the geometric mean works in
    logs: 1.393e-299 against 3.76e9)."""
    S = speedup_of(r)[0]
    if S is not None and S == S and S > 0:
        return math.log(S)
    d = math.log(fnum(r["mean"])) - math.log(fnum(r["baseline_mean"]))
    return -d if r["direction"] == "LIB" else d


def check_geo(res, crows, srows, geo, skip):
    for g in geo:
        if g["description"] == "baseline":
            continue
        s = g["system"]
        used = geo_tests(crows, srows, s)
        gm, glo, ghi = fnum(g["ratio"]), fnum(g["ratio_ci_low"]), \
            fnum(g["ratio_ci_high"])
        # one test: the same ratio, interval and verdict as the test
        if "one-test-gm" not in skip and len(used) == 1 and \
                g["description"] == "1 test":
            r = used[0][0]
            S, lo, hi = speedup_of(r)
            want = (S, lo, hi)
            got = tuple(float("nan") if x is None else x
                        for x in (gm, glo, ghi))
            if not all(close(a, b) for a, b in zip(got, want)):
                res.fail("one-test-gm", "%s over %s: geometric mean %r "
                         "(CI %r to %r), the test %r (CI %r to %r)"
                         % (s, r["test"], got[0], got[1], got[2], S, lo,
                            hi))
            if g["verdict"] != r["verdict"] and not (
                    r["verdict"] in ("single-run",) and
                    g["verdict"] == "single-run"):
                res.fail("one-test-gm", "%s over %s: geometric mean "
                         "verdict %s, the test's %s" % (s, r["test"],
                                                        g["verdict"],
                                                        r["verdict"]))
        if "no-proof" in skip:
            continue
        with_ci = [r for r, both in used if both]
        if not with_ci:
            if glo is not None or g["verdict"] in ("better", "worse"):
                res.fail("no-proof", "%s: geometric mean %s with CI %s to "
                         "%s, but none of its %d tests has N >= 2 on both "
                         "sides" % (s, g["verdict"], g["ratio_ci_low"],
                                    g["ratio_ci_high"], len(used)))
            continue
        if glo is None or ghi is None or gm is None or len(with_ci) == \
                len(used):
            continue
        # the tests without runs do not move what is proven: the point
        # behind the interval is the geometric mean of the tests with
        # runs, and the interval holds it
        ls = [log_speedup(r) for r in with_ci]
        centre = math.exp(sum(ls) / len(ls))
        if not close(gm, centre, 1e-9) or not glo <= gm <= ghi:
            res.fail("no-proof", "%s: geometric mean %r (measurement CI %r "
                     "to %r), but the %d of %d tests with N >= 2 on both "
                     "sides give %r" % (s, gm, glo, ghi, len(with_ci),
                                        len(used), centre))


def ordered(res, where, lo, x, hi):
    """low <= point <= high where all three are given."""
    if lo is None or hi is None or x is None:
        return
    if not (lo <= x <= hi):
        res.fail("ordered", "%s: %r <= %r <= %r does not hold"
                 % (where, lo, x, hi))


def check_ordered(res, srows, crows, stext):
    for r in srows:
        ordered(res, "stats csv %s %s ci" % (r["test"], r["system"]),
                fnum(r["ci_low"]), fnum(r["mean"]), fnum(r["ci_high"]))
    for r in crows:
        w = "compare csv %s %s " % (r["test"], r["system"])
        for p, c in (("improvement", ("improvement_ci_low_pct",
                                       "improvement_pct",
                                       "improvement_ci_high_pct")),
                     ("ratio", ("ratio_ci_low", "ratio", "ratio_ci_high")),
                     ("speedup", ("speedup_ci_low", "speedup",
                                  "speedup_ci_high")),
                     ("difference", ("difference_ci_low", "difference",
                                     "difference_ci_high"))):
            ordered(res, w + p, *[fnum(r[k]) for k in c])
    # stats text as printed: Mean, 95% CI low, high
    for block in stext.split("\n\n"):
        lines = block.split("\n")
        head = next((i for i, l in enumerate(lines)
                     if l.startswith("System") and "Mean" in l), None)
        if head is None:
            continue
        for l in lines[head + 1:]:
            f = l.split()
            # System N Mean SE low high CV% Rank: names have no blanks
            if len(f) < 6 or f[2] == "-" or f[4] == "-":
                continue
            try:
                x, lo, hi = float(f[2].replace(",", "")), \
                    float(f[4].replace(",", "")), \
                    float(f[5].replace(",", ""))
            except ValueError:
                continue
            ordered(res, "stats text %s (printed)" % f[0], lo, x, hi)


def sig_digits(text):
    """Significant digits a number was written with ("0.022": 2)."""
    m = re.match(r"^-?(\d*)(?:\.(\d*))?(?:[eE][-+]?\d+)?$", text.strip())
    if not m:
        return 0
    digits = (m.group(1) or "") + (m.group(2) or "")
    return len(digits.lstrip("0")) or 1


def decimals_of(text):
    """Decimals a number was written with ("0.022": 3, "1.5e-3": 4,
    "7e+05": 0)."""
    m = re.match(r"^-?\d*(?:\.(\d*))?(?:[eE]([-+]?\d+))?$", text.strip())
    if not m:
        return 0
    return max(0, len(m.group(1) or "") - int(m.group(2) or 0))


def check_distinct(res, srows, stext, rows):
    """Means that differ print differently; printed means keep their
    runs' significant digits (up to 4)."""
    steps = {}       # (test, system) -> most decimals among its runs
    for t, _, _, s, v, *_ in rows:
        if v:
            steps[(t, s)] = max(steps.get((t, s), 0), decimals_of(v))
    printed = {}
    test = None
    for block in stext.split("\n\n"):
        lines = block.split("\n")
        if not lines or not lines[0]:
            continue
        test = lines[0].strip()
        head = next((i for i, l in enumerate(lines)
                     if l.startswith("System") and "Mean" in l), None)
        if head is None:
            continue
        for l in lines[head + 1:]:
            f = l.split()
            if len(f) >= 3 and re.match(r"^S\d+$|^[ABC]$", f[0]) and \
                    re.match(r"^\d+$", f[1]):
                printed[(test, f[0])] = f[2]
    by_test = {}
    for r in srows:
        if r["x"] or fnum(r["mean"]) is None:
            continue
        by_test.setdefault(r["test"], []).append(r)
    for t, rs in by_test.items():
        seen = {}
        top = max(abs(fnum(r["mean"])) for r in rs)
        n_before = len(res.fails)
        for r in rs:
            p = printed.get((t, r["system"]))
            if p is None or "e" in p.lower():
                continue
            m = fnum(r["mean"])
            for s2, (m2, p2) in seen.items():
                if p2 == p and abs(m - m2) > 1e-9 * max(abs(m), abs(m2)) \
                        and abs(m) < 1e15:
                    # the most decimals a test whose largest value is
                    # top can take (numfmt.c: 12 significant digits, 12
                    # decimals): equal there, no precision tells them
                    # apart
                    cap = max(0, min(12, 11 - math.floor(math.log10(top))))
                    tiny = xcheck.fmt_fixed(m, cap) == \
                        xcheck.fmt_fixed(m2, cap)
                    res.fail("distinct-range" if tiny else "distinct",
                             "%s: %s mean %r and %s mean %r both print %r"
                             % (t, r["system"], m, s2, m2, p))
            seen[r["system"]] = (m, p)
            if len(res.fails) > n_before:
                break            # one failure a test is enough
            # the runs' significant digits at their step (a mean of
            # whole numbers 995 and 996 has 3: "996"), up to 4
            step = steps.get((t, r["system"]))
            want = 0 if step is None or m == 0 else \
                min(4, math.floor(math.log10(abs(m))) + 1 + step)
            if m != 0 and abs(m) < 1e15 and abs(m) >= 1e-9 and \
                    int(fnum(r["n"]) or 0) >= 1 and \
                    sig_digits(p) < want and \
                    not re.match(r"^-?0\.?0*$", p):
                # one precision for the test: its largest value may leave
                # no more than 12 significant digits' worth of decimals
                cap = max(0, 11 - math.floor(math.log10(top)))
                room = math.floor(math.log10(abs(m))) + 1 + cap
                res.fail("distinct-range" if room < want else "distinct",
                         "%s: %s mean %r prints %r, fewer than the %d "
                         "significant digits of its runs at their step"
                         % (t, r["system"], m, p, want))


def check_xcheck(res, stats_csv, stext, compare_csv, ctext, rtxt, rmd):
    """xcheck.py's checkers on the outputs we have."""
    ck = xcheck.Checks(res.label)
    words = xcheck.defaultdict(list)
    rows = xcheck.csv_rows(stats_csv)
    tests = xcheck.build_tests(rows)
    # text shows a time test in its unit (xcheck.time_units)
    units = xcheck.time_units(tests)
    htests = xcheck.build_tests(xcheck.scaled_rows(rows, units,
                                                   xcheck.STATS_SCALED))
    xcheck.check_header(ck, stats_csv, xcheck.STATS_COLS, "stats csv")
    xcheck.check_stats_text(ck, htests, stext)
    base, geo = None, xcheck.OrderedDict()
    if compare_csv is not None:
        crow = xcheck.csv_rows(compare_csv)
        xcheck.check_header(ck, compare_csv, xcheck.CMP_COLS, "compare csv")
        geo, base = xcheck.assign_compare(tests, crow, ck)
        base = base or next(iter(geo), None) or xcheck.systems_of(tests)[0]
        xcheck.check_compare_csv(ck, tests, base)
        xcheck.check_ranks(ck, tests, base)
        xcheck.check_geo_csv(ck, tests, base, geo)
        xcheck.check_overall_ranks(ck, tests, base, geo)
        hgeo, _ = xcheck.assign_compare(htests, xcheck.scaled_rows(
            crow, units, xcheck.CMP_SCALED), xcheck.Checks(res.label))
        xcheck.check_compare_text(ck, htests, ctext, base, hgeo, 0.0, False,
                                  words)
    else:
        base = xcheck.systems_of(tests)[0] if tests else None
        xcheck.check_ranks(ck, tests, None)
    if rtxt is not None:
        xcheck.check_report_txt(ck, htests, rtxt.replace("\u200e", ""),
                                base, geo, words)
    if rmd is not None:
        xcheck.check_report_md(ck, htests, rmd, base, geo, words)
    ck.precision()
    for b in ck.bad:
        # words against the CSV are the "words" property, the overall
        # ranking's order and ranges "overall", a ratio too large to
        # size "ratio-edge"; the rest xcheck
        if "ranking order" in b or "| overall |" in b or \
                "overall rank" in b:
            prop = "overall"
        elif "too noisy (note)" in b:
            prop = "ratio-edge"
        elif "sentence" in b or "| change" in b or "| CI " in b or \
                "verdict word" in b:
            prop = "words"
        else:
            prop = "xcheck"
        res.fail(prop, b)
    return ck.n


# ---------------------------------------------------------------- runner


class Run:
    def __init__(self, br, tmp, skip, keep):
        self.rn = xcheck.Runner(br, tmp)
        self.tmp, self.skip, self.keep = tmp, skip, keep
        self.kept = None
        self.lock = threading.Lock()

    def one(self, idx, rows, label=None):
        label = label or "case-%06d.csv" % idx
        d = os.path.join(self.tmp, "f%06d" % idx)
        os.makedirs(d, exist_ok=True)
        path = os.path.join(d, "in.csv")
        write_csv(path, rows)
        res = Result(label)
        res.path = path
        try:
            self.check(res, d, path, rows)
        except Exception as e:     # a checker that trips is a failure too
            res.fail("xcheck", "checker raised %s: %s"
                     % (type(e).__name__, e))
        if res.fails or self.keep:
            with self.lock:
                if not self.kept:
                    self.kept = self.keep or \
                        tempfile.mkdtemp(prefix="rand-fail.")
            shutil.copy(path, os.path.join(self.kept, label))
        shutil.rmtree(d, ignore_errors=True)
        return res

    def check(self, res, d, path, rows):
        run = self.rn.run
        q = ["-q", path]
        rc, scsv, err = run(["stats", "--format", "csv"] + q)
        if rc != 0:
            res.fail("xcheck", "stats exit %d: %s" % (rc, err.strip()[:200]))
            return
        srows = [r for r in csv.DictReader(io.StringIO(scsv))
                 if r["test"] != "wins"]
        res.cases = len({r["test"] for r in srows})
        _, stext, _ = run(["stats"] + q)
        rc, ccsv, err = run(["compare", "--format", "csv"] + q)
        crows, geo, ctext = [], [], None
        if rc == 0:
            crows = [r for r in csv.DictReader(io.StringIO(ccsv))
                     if r["test"] != "wins"]
            geo = [r for r in crows if r["test"] == "geomean"]
            groups = [r for r in crows if r["test"] == "group"]
            res.comparisons = len(crows) - len(geo) - len(groups)
            ctext = run(["compare"] + q)[1]
        elif "needs at least two systems" not in err:
            res.fail("xcheck", "compare exit %d: %s"
                     % (rc, err.strip()[:200]))
            ccsv = None
        else:
            ccsv = None
        rtxt = rmd = None
        for ext in ("txt", "md"):
            out = os.path.join(d, "report." + ext)
            rc, _, err = run(["render", "-o", out] + q)
            if rc != 0:
                res.fail("xcheck", "render %s exit %d: %s"
                         % (ext, rc, err.strip()[:200]))
            elif ext == "txt":
                rtxt = xcheck.read(out)
            else:
                rmd = xcheck.read(out)
        if "ranks" not in self.skip:
            check_ranks(res, srows, geo)
        check_geo(res, crows, srows, geo, self.skip)
        if "ordered" not in self.skip:
            check_ordered(res, srows, crows, stext)
        if "distinct" not in self.skip:
            check_distinct(res, srows, stext, rows)
        if not {"words", "xcheck"} <= self.skip:
            check_xcheck(res, scsv, stext, ccsv, ctext, rtxt, rmd)
        res.fails = [f for f in res.fails if f[0] not in self.skip]

    def resolution(self, idx, n):
        res = Result("resolution-n%d.csv" % n)
        d = os.path.join(self.tmp, "r%06d" % idx)
        os.makedirs(d, exist_ok=True)
        path = os.path.join(d, "in.csv")
        write_csv(path, resolution_rows(n))
        rc, ccsv, err = self.rn.run(["compare", "--format", "csv", "-q",
                                     path])
        res.cases = 1
        if rc != 0:
            res.fail("resolution", "compare exit %d: %s" % (rc, err[:200]))
        else:
            r = next(csv.DictReader(io.StringIO(ccsv)))
            lo, hi = fnum(r["improvement_ci_low_pct"]), \
                fnum(r["improvement_ci_high_pct"])
            res.comparisons = 1
            if lo is None or hi is None or not (lo <= 0.02 and hi >= 1.98):
                res.fail("resolution", "n = %d runs of 100 vs 101: "
                         "improvement CI %s%% to %s%%, must contain 0.02%% "
                         "and 1.98%%" % (n, r["improvement_ci_low_pct"],
                                         r["improvement_ci_high_pct"]))
        shutil.rmtree(d, ignore_errors=True)
        return res


def arg(argv, name, default):
    if name in argv:
        i = argv.index(name)
        if i + 1 >= len(argv):
            print("rand: %s needs a value" % name, file=sys.stderr)
            sys.exit(2)
        return argv[i + 1]
    return default


def main(argv):
    br = os.environ.get("BR")
    if not br:
        print("rand: set BR to the benchreport binary", file=sys.stderr)
        return 2
    cases = int(arg(argv, "--cases", "200"))
    seed = int(arg(argv, "--seed", "20"))
    jobs = int(arg(argv, "--jobs", "2"))
    skip = {s for s in arg(argv, "--skip", "").split(",") if s}
    bad = skip - set(PROPS)
    if bad:
        print("rand: --skip: unknown propert%s %s (known: %s)"
              % ("y" if len(bad) == 1 else "ies", ", ".join(sorted(bad)),
                 ", ".join(PROPS)), file=sys.stderr)
        return 2
    res_n = [int(x) for x in arg(argv, "--resolution",
                                 "2,5,30,1000,100000").split(",") if x]
    keep = arg(argv, "--keep", None)
    if keep:
        os.makedirs(keep, exist_ok=True)
    verbose = "-v" in argv
    rng = random.Random(seed)
    gen = Gen(rng)
    tmp = tempfile.mkdtemp(prefix="rand.")
    run = Run(os.path.abspath(br), tmp, skip, keep)
    n_cases = n_files = n_cmp = 0
    fails = []
    try:
        if "resolution" not in skip:
            for i, n in enumerate(res_n):
                r = run.resolution(i, n)
                n_cases += r.cases
                n_cmp += r.comparisons
                fails.extend((p, r.label, w) for p, w in r.fails)
                for p, w in r.fails:
                    print("FAIL %s | %s | %s" % (p, r.label, w))
        idx = 0
        with ThreadPoolExecutor(max_workers=jobs) as ex:
            while n_cases < cases:
                # files in waves of 2 x jobs, each from the one generator
                # in order, so a seed gives the same files at any --jobs
                wave = []
                while len(wave) < 2 * jobs:
                    wave.append((idx, gen.file()))
                    idx += 1
                for r in ex.map(lambda w: run.one(*w), wave):
                    n_files += 1
                    n_cases += r.cases
                    n_cmp += r.comparisons
                    fails.extend((p, r.label, w) for p, w in r.fails)
                    if verbose:
                        print("%s: %d cases, %d failures"
                              % (r.label, r.cases, len(r.fails)))
                    for p, w in r.fails:
                        print("FAIL %s | %s | %s" % (p, r.label, w))
                    sys.stdout.flush()
        by = {}
        for p, _, _ in fails:
            by[p] = by.get(p, 0) + 1
        print("rand: %d cases (%d files, %d comparisons; seed %d), "
              "%d failures%s%s" % (
                  n_cases, n_files, n_cmp, seed, len(fails),
                  " (%s)" % ", ".join("%s %d" % kv for kv in
                                      sorted(by.items())) if by else "",
                  "; skipped: " + ",".join(sorted(skip)) if skip else ""))
        if fails and run.kept:
            print("rand: the failing files are in %s" % run.kept)
        return 1 if fails else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
