#!/usr/bin/env python3
"""
crosscheck.py - benchreport's derived results against PTS's own analyzer
(doc/statistics.md, "Checked against PTS's own analyzer").

    BR=./benchreport python3 tests/pts-crosscheck/crosscheck.py

history.out and zstd.out are PTS's output on two real cases, recorded by
run.sh with pts_analyzer.php, which runs phoronix-test-suite's own
pts_result_file_analyzer.php code (generate_wins_losses_results and the
get_result_first/last it counts, generate_geometric_mean_result_for_
suites_in_result_file, generate_perf_per_dollar, generate_geometric_
mean_result) under PHP on the files:

  history  the three CacheBench runs of one VM (tests/data/pts-history),
           merged by PTS; costs 1, 1.2 and 2 (made-up amounts that
           exercise the rule: not prices);
  zstd     tests/data/pts-real/manuel-zstd-10.8.4.xml and
           manuel-nogvno2-failed-10.8.4.xml merged by PTS (GVNO3 against
           NoGVNO2, 14 shared Zstd results); costs 2.5 and 3 an hour
           (made up, as above), per hour by the run times PTS recorded.

This script reads them and benchreport's CSV of the same inputs, and
checks, where PTS's rule and ours coincide, that the numbers agree, and
where they differ, that the difference is the documented one:

- wins: every place benchreport proves first (last) is PTS's first
  (last), and both count the same tests; PTS's other firsts are ties;
- suites: a suite both make has PTS's ratio to the baseline to PTS's
  three decimals; the suites only one of them makes are listed;
- perf per dollar: PTS's value is PTS's rule recomputed here from the
  file (the published Value, the mean run time rounded to seconds, the
  cost rounded to 3 decimals, the result to 3 decimals: exact), ours the
  measured mean over the unrounded cost (1e-9); and the two differ by
  exactly those roundings;
- the geometric mean of perf per dollar: PTS's (its generate_geometric_
  mean_result over its per-dollar results) is the geometric mean of its
  per-test ratios, ours that of ours, and they differ only through the
  per-test roundings above.

Standard library only; exits 1 on a disagreement.
"""
import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
BR = os.environ.get("BR", os.path.join(TOP, "benchreport"))
H = os.path.join(TOP, "tests", "data", "pts-history")
R = os.path.join(TOP, "tests", "data", "pts-real")

CASES = {
    "history": {
        "inputs": [H],
        "xml": [os.path.join(H, d, "composite.xml")
                for d in ("docker-run1", "docker-run2", "docker-run3")],
        "names": ["2018-11-27-2020", "2018-11-28-0156", "2018-11-28-0615"],
        "costs": {"2018-11-27-2020": 1, "2018-11-28-0156": 1.2,
                  "2018-11-28-0615": 2},
        "per_hour": False,
    },
    "zstd": {
        "inputs": [os.path.join(R, "manuel-zstd-10.8.4.xml"),
                   os.path.join(R, "manuel-nogvno2-failed-10.8.4.xml")],
        "xml": [os.path.join(R, "manuel-zstd-10.8.4.xml"),
                os.path.join(R, "manuel-nogvno2-failed-10.8.4.xml")],
        "names": None,
        "costs": {"GVNO3": 2.5, "NoGVNO2": 3},
        "per_hour": True,
    },
}

bad = 0


def fail(msg):
    global bad
    bad += 1
    print("crosscheck: FAIL " + msg)


def run(*args):
    p = subprocess.run([BR] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode:
        sys.exit("crosscheck: %s: exit %d: %s" % (" ".join(args),
                                                  p.returncode, p.stderr))
    return [r for r in csv.DictReader(io.StringIO(p.stdout))]


# ------------------------------------------------------- PTS's output

def sections(path):
    out, cur = {}, None
    with open(path) as fp:
        for line in fp:
            line = line.rstrip("\n")
            if line.startswith("== "):
                cur = line[3:].split(" (")[0]
                out[cur] = []
            elif cur and line:
                out[cur].append(line)
    return out


def blocks(lines):
    """'Title' then '  system: value' lines -> [(title, {sys: text})]."""
    res = []
    for ln in lines:
        if not ln.startswith("  "):
            res.append((ln, {}))
        elif res:
            k, v = ln.strip().rsplit(": ", 1)
            res[-1][1][k] = v
    return res


def values(lines):
    return dict(ln.strip().rsplit(": ", 1) for ln in lines
                if ln.startswith("  "))


# -------------------------------------------------- PTS's rules, here

def number_format(x, d):
    """PHP's number_format(x, d, '.', ''), as pts_math::set_precision."""
    return "%.*f" % (d, x)


def strip(s):
    return s.rstrip("0").rstrip(".") if "." in s else s


def file_entries(case):
    """{(title - description, system): (Value, runs, mean run time)}."""
    out = {}
    for k, path in enumerate(case["xml"]):
        root = ET.parse(path).getroot()
        for res in root.iter("Result"):
            if not res.findtext("Identifier"):
                continue
            key = "%s - %s | %s" % (res.findtext("Title"),
                                    res.findtext("Description"),
                                    res.findtext("Scale"))
            for e in res.iter("Entry"):
                sysname = (case["names"][k] if case["names"]
                           else e.findtext("Identifier"))
                if (key, sysname) in out:
                    continue    # PTS keeps the first entry of a system
                js = json.loads(e.findtext("JSON") or "{}")
                t = [float(x) for x in
                     (js.get("test-run-times") or "").split(":") if x]
                out[(key, sysname)] = (e.findtext("Value"),
                                       (e.findtext("RawString") or "")
                                       .split(":"),
                                       sum(t) / len(t) if t else None)
    return out


def pts_cost(case, sysname, time):
    c = case["costs"][sysname]
    if not case["per_hour"] or time is None:
        # PTS, per hour, without run times: the hourly amount itself
        return c
    return round(c / 60 / 60 * round(time), 3)


def our_cost(case, sysname, time):
    c = case["costs"][sysname]
    return c / 3600 * time if case["per_hour"] else c


# --------------------------------------------------------------- wins

def check_wins(name, case, pts):
    rows = run("stats", "-q", "--format", "csv", *case["inputs"])
    place = {}
    for r in rows:
        if r["test"] != "wins" and r["x"] == "":
            place[("%s - %s" % (r["title"], r["description"]),
                   r["system"])] = r["place"]
    lines = pts["get_result_first / get_result_last"]
    firsts, lasts = {}, {}
    agree = proven = 0
    for ln in lines:
        m = re.match(r"(.*): first (.*); last (.*)$", ln)
        key, first, last = m.groups()
        firsts[first] = firsts.get(first, 0) + 1
        lasts[last] = lasts.get(last, 0) + 1
        for (k, s), p in place.items():
            if k != key:
                continue
            if p == "first" and s != first:
                fail("%s: %s proven first in %s, PTS's first is %s" %
                     (name, s, key, first))
            if p == "last" and s != last:
                fail("%s: %s proven last in %s, PTS's last is %s" %
                     (name, s, key, last))
            if p in ("first", "last"):
                proven += 1
            if (p == "first") == (s == first) and \
                    (p == "last") == (s == last):
                agree += 1
    counted = {k for (k, s), p in place.items() if p}
    # PTS leaves out results without a test profile identifier (its
    # install time and size results); benchreport counts them
    noid = counted - {k.split(" | ")[0] for (k, s) in file_entries(case)}
    if len(counted - noid) != len(lines):
        fail("%s: %d tests counted, PTS counts %d" % (
            name, len(counted - noid), len(lines)))
    if noid:
        print("crosscheck: %s: counted by benchreport, not by PTS (no test "
              "profile identifier): %s" % (name, ", ".join(sorted(noid))))
    table = blocks(pts["generate_wins_losses_results"])
    for title, vals in table:
        want = firsts if title.startswith("Number Of First") else lasts
        if {k: int(v) for k, v in vals.items()} != want:
            fail("%s: PTS's %s %s, its per-test places %s" %
                 (name, title, vals, want))
    print("crosscheck: %s: wins over %d tests: %d proven places, each "
          "PTS's; %d of %d system-test places the same (PTS firsts %s, "
          "lasts %s; PTS %s)" % (
              name, len(lines), proven, agree,
              sum(1 for (k, s) in place if k in counted - noid), firsts,
              lasts,
              "shows its table" if table else
              "shows no table: one system takes every place or none"))


# ------------------------------------------------------------- suites

def check_suites(name, case, pts):
    rows = run("compare", "-q", "--format", "csv", "--group-by", "suite",
               *case["inputs"])
    ours = {}
    for r in rows:
        if r["test"] == "group":
            ours.setdefault(r["title"], {})[r["system"]] = float(r["mean"])
    base = next(r["baseline"] for r in rows)
    seen = set()
    for title, vals in blocks(
            pts["generate_geometric_mean_result_for_suites_in_result_file"]):
        m = re.match(r"Geometric Mean Of (.*?)(?: Tests)? \[", title)
        suite = m.group(1)
        match = [g for g in ours if g.startswith(suite)]
        if not match:
            print("crosscheck: %s: PTS's suite '%s' (%s): not in "
                  "benchreport's table of suites" % (name, suite,
                                                     title.split("[")[1]
                                                     .rstrip("]")))
            continue
        seen.add(match[0])
        for s, v in ours[match[0]].items():
            want = float(vals[s]) / float(vals[base])
            if abs(v - want) > 0.0006 * max(1, 1 / want) * want + 1e-12 \
                    and abs(v - want) > 0.0006:
                fail("%s: suite %s, %s: ours %.6f, PTS %.6f" %
                     (name, suite, s, v, want))
            print("crosscheck: %s: suite %s, %s against %s: ours %.4f, "
                  "PTS %.4f (%s / %s)" % (name, match[0], s, base, v, want,
                                          vals[s], vals[base]))
    for g in ours:
        if g not in seen:
            print("crosscheck: %s: benchreport's group '%s': PTS makes "
                  "none (its suites need two profiles of the suite in the "
                  "file)" % (name, g))


# ------------------------------------------------------ perf per dollar

def cost_args(case):
    out = []
    for s, c in case["costs"].items():
        out += ["--cost", "%s=%s%s" % (s, c, "/h" if case["per_hour"]
                                       else "")]
    return out


def unit_key(r):
    """'Title - Description | unit' of a CSV row, the unit as measured."""
    u = re.sub(r" (Per|x) Dollar$", "", r["unit"])
    return "%s - %s | %s" % (r["title"], r["description"], u)


def check_dollar(name, case, pts):
    ents = file_entries(case)
    measured = {}
    for r in run("stats", "-q", "--format", "csv", *case["inputs"]):
        if r["test"] != "wins" and r["mean"]:
            measured[(unit_key(r), r["system"])] = float(r["mean"])
    rows = run("compare", "-q", "--format", "csv", *(cost_args(case) +
                                                    case["inputs"]))
    ours = {}
    base = None
    for r in rows:
        if r["test"] in ("geomean", "group", "wins"):
            continue
        base = r["baseline"]
        key = unit_key(r)
        if r["mean"]:
            ours[(key, r["system"])] = float(r["mean"])
        if r["baseline_mean"]:
            ours[(key, base)] = float(r["baseline_mean"])
    n = worst = no_time = rule = 0
    ratios_pts, ratios_ours = [], []
    for title, vals in blocks(pts["generate_perf_per_dollar"]):
        m = re.match(r"(.*?) - Performance / Cost(?: - (.*))? \((.*)\)$",
                     title)
        hib = " Per " in m.group(3)
        key = "%s - %s | %s" % (m.group(1), m.group(2) or "",
                                re.sub(r" (Per|x) Dollar$", "", m.group(3)))
        for s, v in vals.items():
            value, runs, time = ents[(key, s)]
            c = pts_cost(case, s, time)
            x = float(value) / c if hib else float(value) * c
            want = strip(number_format(x, 3 if (x > 0.1 or not hib) else 8))
            if v != want:
                fail("%s: %s, %s: PTS %s, PTS's rule here %s" %
                     (name, key, s, v, want))
            rule += 1
            if (key, s) not in ours or time is None:
                if time is None and case["per_hour"]:
                    no_time += 1
                continue
            k = our_cost(case, s, time)
            mine = measured[(key, s)] / k if hib else measured[(key, s)] * k
            if abs(ours[(key, s)] - mine) > 1e-9 * abs(mine):
                fail("%s: %s, %s: ours %r, the rule unrounded %r" %
                     (name, key, s, ours[(key, s)], mine))
            # the difference is PTS's roundings: its Value and its
            # rounded cost in place of the mean and the exact cost
            back = ours[(key, s)] * (k / c if hib else c / k) * \
                float(value) / measured[(key, s)]
            if abs(back - float(v)) > 0.0005 + 1e-9 * abs(back):
                fail("%s: %s, %s: ours %r with PTS's roundings is %r, PTS "
                     "%s" % (name, key, s, ours[(key, s)], back, v))
            worst = max(worst, abs(ours[(key, s)] / float(v) - 1))
            n += 1
        if base in vals and all(s in vals for s in case["costs"]):
            ratios_pts.append({s: float(vals[s]) / float(vals[base])
                               for s in vals})
            ratios_ours.append({s: ours[(key, s)] / ours[(key, base)]
                                for s in vals if (key, s) in ours})
    print("crosscheck: %s: PTS's %d per-dollar values are its rule "
          "recomputed here; %d of them beside ours (the unrounded rule): "
          "at most %.3f%% apart, exactly PTS's roundings" % (
              name, rule, n, 100 * worst))
    if no_time:
        print("crosscheck: %s: %d entries without recorded run times: PTS "
              "divides by the hourly amount itself, benchreport gives no "
              "value" % (name, no_time))
    geo = values(pts["generate_geometric_mean_result over the per-dollar "
                     "results"])
    ourgeo = {r["system"]: float(r["mean"]) for r in rows
              if r["test"] == "geomean" and r["system"] != base}
    for s in ourgeo:
        pts_ratio = float(geo[s]) / float(geo[base])
        from_tests = math.exp(sum(math.log(r[s]) for r in ratios_pts) /
                              len(ratios_pts))
        mine = math.exp(sum(math.log(r[s]) for r in ratios_ours) /
                        len(ratios_ours))
        if abs(pts_ratio - from_tests) > 0.0006 * from_tests:
            fail("%s: PTS's per-dollar geometric mean %s %.6f, of its tests "
                 "%.6f" % (name, s, pts_ratio, from_tests))
        if abs(ourgeo[s] - mine) > 1e-9 * mine:
            fail("%s: our per-dollar geometric mean %s %.9f, of our tests "
                 "%.9f" % (name, s, ourgeo[s], mine))
        print("crosscheck: %s: geometric mean of perf per dollar, %s "
              "against %s over %d tests: ours %.4f, PTS %.4f (%s / %s; "
              "%.2f%% apart, PTS's per-test roundings)" % (
                  name, s, base, len(ratios_pts), ourgeo[s], pts_ratio,
                  geo[s], geo[base], 100 * abs(ourgeo[s] / pts_ratio - 1)))


def main():
    for name, case in CASES.items():
        pts = sections(os.path.join(HERE, name + ".out"))
        check_wins(name, case, pts)
        check_suites(name, case, pts)
        check_dollar(name, case, pts)
    if bad:
        sys.exit("crosscheck: %d disagreements" % bad)
    print("crosscheck: benchreport agrees with PTS's analyzer where the "
          "rules coincide")


if __name__ == "__main__":
    main()
