#!/usr/bin/env python3
"""
power_ref.py - independent reference for the --per watt goldens
(tests/golden/derived-per-watt-*; doc/statistics.md, "Performance per
watt"): performance per watt and joules per run recomputed from the
PTS result file itself, by the rules PTS's viewer uses to pair a power
monitor result with its test (pts-core/objects/pts_result_file_analyzer.php,
generate_composite_for_sensors, as doc/statistics.md states them) and
the interval of doc/statistics.md:

  - a monitor is a LINE_GRAPH result whose Description holds " Monitor"
    and "System", "CPU" or "GPU Power Consumption" (that order of
    preference), unit Watts or Milliwatts, whose Parent is the SHA-1 of
    its test's comparison key "<identifier minus last .z>,<Arguments>,
    <Description>,<AppVersion>,<Scale>";
  - X the mean of the runs (times 1, 1e-3 or 1e-6 for Seconds, ms, us
    when fewer is better), W the mean of the samples (3 or more, or no
    value: N 0); one run gives the value and no interval;
  - P = X / W, J = X W; s^2 = (s_x / X)^2 + (s_w / W)^2; the SE printed
    is value s; the interval value exp(+/- q s), q Student's at
    df = (f^2 + (1-f)^2)^g / (f^2 / (n-1) + (1-f)^2 / (m-1)),
    f = (s_x / X)^2 / s^2, g = min(1, 2 / (n - 1)).

Standard library only (make check runs it): exact moments (fractions),
t quantiles by bisection on the incomplete beta function (geo_ref.py).
Checks every row of derived-per-watt-stats-csv to 1e-11 relative.
"""
import csv
import hashlib
import math
import os
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction as F

TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.dirname(__file__))
import geo_ref  # noqa: E402  (t quantiles)

FILE = os.path.join(TOP, "tests/data/pts/power-monitor.xml")
GOLDEN = os.path.join(TOP, "tests/golden/derived-per-watt-stats-csv",
                      "expected")
SENSORS = ("System Power Consumption", "CPU Power Consumption",
           "GPU Power Consumption")


def text(r, tag):
    e = r.find(tag)
    return (e.text or "").strip() if e is not None else ""


def key_hash(r):
    ident = text(r, "Identifier")
    tp = ident.rsplit(".", 1)[0] if ident else text(r, "Title")
    key = ",".join((tp, text(r, "Arguments"), text(r, "Description"),
                    text(r, "AppVersion"), text(r, "Scale"))).strip()
    return hashlib.sha1(key.encode()).hexdigest()


def moments(xs):
    """Mean and SE of the mean, exactly, then as floats."""
    xs = [F(x) for x in xs]
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return float(m), math.sqrt(var / n), n


def monitor_of(results, r):
    h = key_hash(r)
    best = None
    for s in results:
        d = text(s, "Description")
        if (text(s, "DisplayFormat") != "LINE_GRAPH" or " monitor" not in
                d.lower() or text(s, "Parent") != h or
                text(s, "Scale") not in ("Watts", "Milliwatts")):
            continue
        for k, name in enumerate(SENSORS):
            if name.lower() in d.lower() and (best is None or k < best[0]):
                best = (k, s)
    return best[1] if best else None


def entry(r, system):
    for e in r.find("Data").findall("Entry"):
        if text(e, "Identifier") == system:
            return e
    return None


def expected():
    results = ET.parse(FILE).getroot().findall("Result")
    rows = {}
    for r in results:
        if text(r, "DisplayFormat") != "BAR_GRAPH":
            continue
        mon = monitor_of(results, r)
        if mon is None:
            continue
        hib = text(r, "Proportion") == "HIB"
        mult = 1 if hib else {"Seconds": 1, "msec": F(1, 1000),
                              "ms": F(1, 1000), "Microseconds": F(1, 10**6),
                              "us": F(1, 10**6)}[text(r, "Scale")]
        to_w = F(1) if text(mon, "Scale") == "Watts" else F(1, 1000)
        for e in r.find("Data").findall("Entry"):
            system = text(e, "Identifier")
            runs = [F(v) * mult for v in text(e, "RawString").split(":")]
            samples = [F(v) * to_w for v in
                       text(entry(mon, system), "Value").split(",")]
            if len(samples) < 3:   # PTS's: no value
                rows[(text(r, "Title"), system)] = {"n": 0}
                continue
            w, sw, m = moments(samples)
            if len(runs) < 2:      # the value, no interval
                x = float(sum(runs) / len(runs))
                rows[(text(r, "Title"), system)] = {
                    "n": 1, "mean": x / w if hib else x * w}
                continue
            x, sx, n = moments(runs)
            value = x / w if hib else x * w
            a2, b2 = (sx / x) ** 2, (sw / w) ** 2
            s = math.sqrt(a2 + b2)
            f = a2 / (a2 + b2)
            g = min(1.0, 2 / (n - 1))
            df = (f * f + (1 - f) ** 2) ** g / (f * f / (n - 1) +
                                                (1 - f) ** 2 / (m - 1))
            q = geo_ref.tq(0.975, df)
            rows[(text(r, "Title"), system)] = {
                "mean": value, "se": value * s, "n": n,
                "ci_low": value * math.exp(-q * s),
                "ci_high": value * math.exp(q * s)}
    return rows


def main():
    want = expected()
    with open(GOLDEN) as fp:
        # the per-system "wins" rows (issue 24 item 1) are not tests
        got = [r for r in csv.DictReader(fp) if r["test"] != "wins"]
    if len(got) != len(want):
        print("derived-per-watt-stats-csv: %d rows, expected %d" %
              (len(got), len(want)))
        return 1
    for row in got:
        w = want[(row["title"], row["system"])]
        for k in ("mean", "se", "ci_low", "ci_high", "n"):
            if k not in w:
                if row[k] != "":
                    print("derived-per-watt-stats-csv: %s %s %s is %s, "
                          "expected none" % (row["title"], row["system"],
                                             k, row[k]))
                    return 1
                continue
            if not math.isclose(float(row[k]), w[k], rel_tol=1e-11):
                print("derived-per-watt-stats-csv: %s %s %s is %s, "
                      "expected %r" % (row["title"], row["system"], k,
                                       row[k], w[k]))
                return 1
        print("%s %s: %s (%s to %s)" % (row["title"], row["system"],
                                         row["mean"] or "-",
                                         row["ci_low"] or "-",
                                         row["ci_high"] or "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
