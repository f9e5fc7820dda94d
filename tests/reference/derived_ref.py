#!/usr/bin/env python3
"""
derived_ref.py - independent reference for the derived-result goldens
of issue 24 (tests/golden/derived-*: --per, --cost, --cost-file).
Every mean, SE, interval, ratio and ratio interval those goldens print
is recomputed here from the inputs by the rules of doc/statistics.md
("Derived results"), and must match at 12 significant digits:

- the counts are read from the hardware strings by regular expressions
  of this script's own ("(16 Cores / 32 Threads)", "@ 3.80GHz"), the
  costs from tests/data/derived/seed-004-costs.csv, the run times from
  the PTS files' Entry JSON;
- a more-is-better value is divided by its system's number, a
  fewer-is-better one multiplied: mean and SE alike (exact fractions),
  the t interval at 95% on n - 1 degrees of freedom;
- a ratio against the baseline is the ratio of the derived means, its
  interval Fieller's on the derived summaries with Welch's degrees of
  freedom (found by bisection on Fieller's statistic: geo_ref.py).

    python3 tests/reference/derived_ref.py        (from the top of the tree)

Standard library only (make check runs it).  Prints one line per golden;
exits 1 on the first mismatch, naming the number.
"""
import csv
import io
import json
import math
import os
import re
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction as F

sys.path.insert(0, os.path.dirname(__file__))
import geo_ref  # noqa: E402  (t quantiles, Welch's tail)

TOP = geo_ref.TOP
SEED4 = os.path.join(TOP, "samples/seed-004-freebsd-zfs-zol.csv")
ZSTD = [os.path.join(TOP, "tests/data/pts-real", f) for f in
        ("manuel-zstd-10.8.4.xml", "manuel-nogvno2-failed-10.8.4.xml")]
COSTS = os.path.join(TOP, "tests/data/derived/seed-004-costs.csv")


def fail(case, what, got, want):
    print("%s: %s is %r, expected %r" % (case, what, got, want))
    sys.exit(1)


def same(case, what, got, want):
    g = float(got)
    if not math.isclose(g, float(want), rel_tol=1e-11, abs_tol=1e-12):
        fail(case, what, got, float(want))


def golden_rows(name):
    with open(os.path.join(TOP, "tests/golden", name, "expected")) as fp:
        # the wins rows are checked by wins_groups_ref.py
        return [r for r in csv.DictReader(fp) if r["test"] != "wins"]


# ---------------------------------------------------------------- inputs

def seed4():
    """Summaries {(test key, system): (mean, se, n, dir)}, hardware."""
    hw, cells = {}, {}
    with open(SEED4) as fp:
        text = fp.read()
    for m in re.finditer(r"^# system: ([^|]+) \| hardware \| (.*)$", text,
                         re.M):
        hw[m.group(1).strip()] = m.group(2)
    body = "\n".join(l for l in text.splitlines() if not l.startswith("#"))
    for r in csv.DictReader(io.StringIO(body)):
        key = (r["test"], r["description"])
        cells[key + (r["system"],)] = (F(r["mean"]), F(r["se"]),
                                       int(r["n"]), r["direction"])
    return hw, cells


def count(hw, per):
    proc = re.search(r"Processor: ([^,]*)", hw).group(1)
    m = re.search(r"\((\d+) Cores?(?: / (\d+) Threads)?\)", proc)
    if per == "cores":
        return F(m.group(1))
    if per == "threads":
        return F(m.group(2) or m.group(1))
    if per == "ghz":
        return F(re.search(r"@ ([\d.]+)GHz", proc).group(1))
    raise ValueError(per)


def costs():
    out = {}
    with open(COSTS) as fp:
        for line in fp:
            line = line.strip()
            if not line or line.startswith("#") or line == "system,cost":
                continue
            name, amount = line.rsplit(",", 1)
            out[name.strip('"')] = F(amount.lstrip("$"))
    return out


# ------------------------------------------------------------- formulas

def scaled(cell, k):
    mean, se, n, d = cell
    m = 1 / k if d == "HIB" else k
    return mean * m, se * m, n


def t_interval(mean, se, n):
    q = geo_ref.tq(0.975, n - 1)
    return float(mean) - q * float(se), float(mean) + q * float(se)


def fieller(base, cand):
    """cand mean / base mean and Fieller's 95% limits (Welch df)."""
    (ma, sa, na), (mb, sb, nb) = base, cand
    va, vb = float(sa) ** 2, float(sb) ** 2
    df = (va + vb) ** 2 / (va * va / (na - 1) + vb * vb / (nb - 1))
    q = geo_ref.tq(0.975, df)
    ma, mb = float(ma), float(mb)
    r0 = mb / ma

    def inside(r):
        return (mb - r * ma) ** 2 <= q * q * (vb + r * r * va)

    def edge(lo, hi):
        for _ in range(300):
            mid = (lo + hi) / 2
            if inside(mid) == inside(lo):
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    return r0, edge(r0, r0 / 4), edge(r0, r0 * 4)


# ------------------------------------------------------------- the cases

def stats_case(name, factor):
    hw, cells = seed4()
    rows = golden_rows(name)
    for r in rows:
        key = (r["test"], r["description"], r["system"])
        mean, se, n = scaled(cells[key], factor(r["system"], hw))
        same(name, "mean of " + str(key), r["mean"], mean)
        same(name, "se of " + str(key), r["se"], se)
        lo, hi = t_interval(mean, se, n)
        same(name, "ci_low of " + str(key), r["ci_low"], lo)
        same(name, "ci_high of " + str(key), r["ci_high"], hi)
    print("%s: %d rows" % (name, len(rows)), flush=True)


def geomean_row(name, r, raw, k):
    """A system's number is the same in every test, so each speedup, and
    the geometric mean of them with its interval, is the measured one
    (compare-seed-004-csv, reviewed) times k_baseline / k_system."""
    want = [x for x in raw if x["test"] == r["test"] and
            x["title"] == r["title"] and x["system"] == r["system"]][0]
    for col in ("speedup", "speedup_ci_low", "speedup_ci_high"):
        if not want[col]:     # no interval measured: none derived
            if r[col]:
                fail(name, "%s of %s %s" % (col, r["title"], r["system"]),
                     r[col], "none, as measured")
            continue
        same(name, col + " of the geometric mean of " + r["system"] +
             " (" + r["title"] + ")", r[col], float(want[col]) * float(k))


def one_test_group(name, r, rows):
    if r["description"] != "1 test":
        return
    want = [x for x in rows if x["test"] == r["title"] and
            x["system"] == r["system"]]
    if len(want) != 1:
        fail(name, "the one test of group " + r["title"], len(want), 1)
    for col in ("speedup", "speedup_ci_low", "speedup_ci_high"):
        if r[col] != want[0][col]:
            fail(name, col + " of group " + r["title"] + ", " + r["system"],
                 r[col], want[0][col])


def compare_case(name, factor):
    hw, cells = seed4()
    rows = golden_rows(name)
    raw = golden_rows("compare-seed-004-csv")
    for r in rows:
        key = (r["test"], r["description"])
        if r["test"] == "group" and r["system"] != r["baseline"]:
            # a group's geometric mean (--group-by): over one test it is
            # that test's row (doc/statistics.md, the one-test rule);
            # Fieller's interval does not scale by k_baseline / k_system
            # (Welch's degrees of freedom weigh the two variances, which
            # the two systems' numbers scale apart), so larger groups
            # are left to wins_groups_ref.py on the measured values
            one_test_group(name, r, rows)
            continue
        if r["test"] == "geomean" and r["system"] != r["baseline"]:
            geomean_row(name, r, raw, factor(r["baseline"], hw) /
                        factor(r["system"], hw))
            continue
        if r["test"] in ("geomean", "group") or not r["ratio"]:  # baseline; no result: the golden says so, no numbers
            continue
        b = scaled(cells[key + (r["baseline"],)], factor(r["baseline"], hw))
        c = scaled(cells[key + (r["system"],)], factor(r["system"], hw))
        same(name, "mean of " + str(key), r["mean"], c[0])
        same(name, "baseline_mean of " + str(key), r["baseline_mean"], b[0])
        ratio, lo, hi = fieller(b, c)
        same(name, "ratio of " + str(key), r["ratio"], ratio)
        same(name, "ratio_ci_low of " + str(key), r["ratio_ci_low"], lo)
        same(name, "ratio_ci_high of " + str(key), r["ratio_ci_high"], hi)
    print("%s: %d rows" % (name, len(rows)), flush=True)


def zstd_runs():
    """{(description, system): (runs as text, mean run time)}."""
    out = {}
    for path in ZSTD:
        for res in ET.parse(path).getroot().iter("Result"):
            if res.findtext("Identifier") != "pts/compress-zstd-1.6.0":
                continue
            for e in res.iter("Entry"):
                raw = e.findtext("RawString") or ""
                js = json.loads(e.findtext("JSON") or "{}")
                times = [F(t) for t in js["test-run-times"].split(":")]
                out[(res.findtext("Description"), e.findtext("Identifier"))] \
                    = (raw.split(":"), sum(times) / len(times))
    return out


def hour_case(name, rate):
    runs = zstd_runs()
    rows = golden_rows(name)
    for r in rows:
        if (r["description"], r["system"]) not in runs:
            # install size and time: no run times recorded, no value
            if r["mean"] or r["note"] != "no run time recorded to cost " \
                    "a run by":
                fail(name, "row of " + r["description"], r["mean"], "")
            continue
        texts, t = runs[(r["description"], r["system"])]
        cost = rate[r["system"]] * t / 3600
        s = geo_ref.Sample(texts)
        x = [v / cost for v in s.x]            # more is better: MB/s
        n = len(x)
        mean = sum(x) / n
        var = sum((v - mean) ** 2 for v in x) / (n - 1)
        r_ = s.r / cost                # the resolution, scaled with them
        # runs closer than their resolution: SE r / 2 at any n
        # (doc/statistics.md, "Resolution")
        se = float(r_) / 2 if var < r_ * r_ / 12 else \
            math.sqrt(float(var / n))
        key = (r["description"], r["system"])
        same(name, "mean of " + str(key), r["mean"], mean)
        same(name, "se of " + str(key), r["se"], se)
        lo, hi = t_interval(mean, se, n)
        same(name, "ci_low of " + str(key), r["ci_low"], lo)
        same(name, "ci_high of " + str(key), r["ci_high"], hi)
    print("%s: %d rows" % (name, len(rows)), flush=True)


def main():
    c = costs()
    stats_case("derived-per-cores-stats-csv",
               lambda s, hw: count(hw[s], "cores"))
    compare_case("derived-per-cores-compare-csv",
                 lambda s, hw: count(hw[s], "cores"))
    compare_case("derived-cost-file-compare-csv", lambda s, hw: c[s])
    hour_case("derived-cost-hour-stats-csv",
              {"GVNO3": F(5, 2), "NoGVNO2": F(3)})


if __name__ == "__main__":
    main()
