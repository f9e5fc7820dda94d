#!/usr/bin/env python3
"""
history_ref.py - independent reference for the history's numbers that
tests/unit/check_history.c asserts (analysis/history.h; doc/statistics.md,
"History"): the gate's test of the latest point (between-point variance
tau^2, the weighted level of the segment, the prediction variance, the
one-sided p and the ratio's t interval), Benjamini-Hochberg q-values
written out by their definition, and the suite trend (the geometric
mean of speedups against the first point with its delta-method
measurement interval, by geo_ref.py's own code).

    python3 tests/reference/history_ref.py      (from the top of the tree)

Standard library only: exact rational moments (fractions), the t
distribution and its quantiles from geo_ref.py (incomplete beta,
bisection).  Prints the numbers the unit test holds; --check compares
them with the values copied into check_history.c and exits 1 on a
mismatch.  --real also reads the three CacheBench days of
tests/data/pts-history (their RawString runs) and compares the suite
trend with what `$BR history --format json` writes.
"""
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geo_ref  # noqa: E402
from geo_ref import Sample, tail2, tq  # noqa: E402

CONF = 0.95

# check_history.c's "five": test -> (direction, runs per point p1..p5)
FIVE = {
    "Read": ("HIB", ["100 101 99", "102 100 101", "99 100 98",
                     "101 103 102", "80 81 79"]),
    "Write": ("HIB", ["50 51 49", "50 52 51", "49 50 51", "51 50 52",
                      "50 51 50"]),
    "Latency": ("LIB", ["2.0 2.1 1.9", "2.0 2.0 2.1", "2.1 2.0 2.0",
                        "1.9 2.0 2.0", "2.0 2.1 2.1"]),
}


def samples(runs):
    return [Sample(r.split()) for r in runs]


def se_of(s):
    """The summary's SE with the resolution floor; 0 for one run."""
    v = s.var_mean()
    return 0.0 if v is None else math.sqrt(float(v))


def latest(direction, runs):
    """The latest point against the segment of all points before it."""
    ss = samples(runs)
    seg, last = ss[:-1], ss[-1]
    k = len(seg)
    y = [math.log(float(s.mean)) for s in seg]
    e = [se_of(s) / float(s.mean) for s in seg]
    m = sum(y) / k
    var = sum((v - m) ** 2 for v in y) / (k - 1)
    s2 = sum(v * v for v in e) / k
    tau2 = max(0.0, var - s2)
    w = [1 / (tau2 + v * v) for v in e]
    mu = sum(wi * yi for wi, yi in zip(w, y)) / sum(w)
    yl = math.log(float(last.mean))
    el = se_of(last) / float(last.mean)
    V = tau2 + el * el + 1 / sum(w)
    t = (yl - mu) / math.sqrt(V)
    two = tail2(t, k - 1)
    worse = t < 0 if direction == "HIB" else t > 0
    p = two / 2 if worse else 1 - two / 2
    h = tq(0.5 + CONF / 2, k - 1) * math.sqrt(V)
    d = yl - mu
    return dict(level=math.exp(mu), ratio=math.exp(d), lo=math.exp(d - h),
                hi=math.exp(d + h), p=p)


def bh(ps):
    """q_i = min over j with p_j >= p_i of m p_j / rank_j, at most 1."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    q = [0.0] * m
    for r, i in enumerate(order):
        q[i] = min(1.0, min(m * ps[j] / (rr + 1)
                            for rr, j in enumerate(order) if rr >= r))
    return q


def trend(j):
    """Point j against point 0 over every test (speedups: LIB swapped)."""
    pairs = []
    for direction, runs in FIVE.values():
        ss = samples(runs)
        a, b = ss[0], ss[j]
        pairs.append((a, b) if direction == "HIB" else (b, a))
    return geo_ref.geomean(pairs)


def numbers():
    out = {}
    lt = {name: latest(d, r) for name, (d, r) in FIVE.items()}
    r = lt["Read"]
    out["read.level"] = r["level"]
    out["read.ratio"] = r["ratio"]
    out["read.lo"] = r["lo"]
    out["read.hi"] = r["hi"]
    out["read.p"] = r["p"]
    q = bh([lt[n]["p"] for n in ("Read", "Write", "Latency")])
    out["read.q"] = q[0]
    for j in (1, 4):
        g = trend(j)
        out["trend%d.gm" % j] = g["gm"]
        out["trend%d.lo" % j] = g["lo"]
        out["trend%d.hi" % j] = g["hi"]
    return out


# the unit test's assertions: name -> (C expression's number, tolerance)
ASSERTED = {
    "read.level": r"c->cp.mean_before, ([0-9.e-]+)",
    "read.ratio": r"c->cp.ratio, ([0-9.e-]+)",
    "read.lo": r"c->cp.ratio_lo, ([0-9.e-]+)",
    "read.hi": r"c->cp.ratio_hi, ([0-9.e-]+)",
    "read.p": r"c->cp.pvalue, ([0-9.e-]+)",
    "read.q": r"c->qvalue, ([0-9.e-]+)",
    "trend1.gm": r"trend.gm\[1\], ([0-9.e-]+)",
    "trend1.lo": r"trend.lo\[1\], ([0-9.e-]+)",
    "trend1.hi": r"trend.hi\[1\], ([0-9.e-]+)",
    "trend4.gm": r"trend.gm\[4\], ([0-9.e-]+)",
    "trend4.lo": r"trend.lo\[4\], ([0-9.e-]+)",
    "trend4.hi": r"trend.hi\[4\], ([0-9.e-]+)",
}


def check(nums):
    top = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
    with open(os.path.join(top, "unit", "check_history.c")) as fp:
        src = fp.read()
    bad = 0
    for name, pat in ASSERTED.items():
        m = re.search(pat, src)
        if not m:
            print("history_ref: %s: not asserted in check_history.c" % name)
            bad += 1
            continue
        held = float(m.group(1))
        if abs(held - nums[name]) > 1e-8 * max(1.0, abs(nums[name])) + \
                5e-9:
            print("history_ref: %s: check_history.c holds %s, the "
                  "reference is %.10g" % (name, m.group(1), nums[name]))
            bad += 1
    return bad


def real_trend():
    """The trend of tests/data/pts-history against benchreport's JSON."""
    top = os.path.normpath(os.path.join(os.path.dirname(__file__), "..",
                                        ".."))
    days = []
    for d in ("docker-run1", "docker-run2", "docker-run3"):
        root = ET.parse(os.path.join(top, "tests/data/pts-history", d,
                                     "composite.xml")).getroot()
        day = {}
        for r in root.findall("Result"):
            assert r.findtext("Proportion") == "HIB"
            raw = r.find("Data/Entry/RawString").text
            day[r.findtext("Description")] = Sample(raw.split(":"))
        days.append(day)
    br = os.environ.get("BR", os.path.join(top, "benchreport"))
    out = subprocess.run([br, "history", "-q", "--format", "json",
                          "tests/data/pts-history"], cwd=top, check=True,
                         capture_output=True, text=True).stdout
    got = json.loads(out)["trend"]["points"]
    bad = 0
    for j in (1, 2):
        g = geo_ref.geomean([(days[0][t], days[j][t]) for t in days[0]])
        want = (g["gm"], g["lo"], g["hi"])
        have = (got[j]["gm"], got[j]["ci"][0], got[j]["ci"][1])
        print("real%d      gm %.10f, 95%% CI %.10f to %.10f" % ((j,) + want))
        for w, h in zip(want, have):
            if abs(w - h) > 1e-9 * abs(w):
                print("history_ref: pts-history point %d: benchreport "
                      "%r, the reference %r" % (j, h, w))
                bad += 1
    return bad


def main():
    nums = numbers()
    for k, v in nums.items():
        print("%-10s %.8f" % (k, v) if abs(v) >= 1e-3 else
              "%-10s %.8g" % (k, v))
    bad = check(nums) if "--check" in sys.argv else 0
    if "--real" in sys.argv:
        bad += real_trend()
    if bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
