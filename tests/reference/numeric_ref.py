#!/usr/bin/python3
"""numeric_ref.py - the numbers of the numeric-* golden tests (issue 20,
"numbers right at every edge") against an independent reference.

    /usr/bin/python3 tests/reference/numeric_ref.py      (from the top)

Needs mpmath (the system Python has it).  Reads the inputs under
tests/data/numeric/ and the reviewed output in tests/golden/numeric-*/
expected, recomputes every checked number here from the rules of
doc/statistics.md in exact rationals (fractions) and 50-digit mpmath
(Student's t by its incomplete beta function, quantiles by bisection,
Fieller's limits by the quadratic's roots), and prints one line per
check that fails, then "numeric_ref: N checks, M failed".  Exit 0 when
none failed.

What it checks:
  resolution-n   n runs of "100" against n of "101", n = 2 .. 100000: SE
                 1/2 a side (half the step, at any n), Welch's t, df, p,
                 the difference, ratio and percent intervals to 1e-12;
                 the percent interval contains 0.02% and 1.98%, nothing
                 proven
  ministat-floor the pooled s and e of ministat's block with the floored
                 SE (se sqrt(n))
  postmark-timer each SE is half of PostMark's rate / t (t whole seconds)
  outliers       Iglewicz-Hoaglin flags from 5 runs, none from 3
  cancel-mean    mean exactly 0; sd exact
  large-offset   mean and sd to 1e-12 against exact rationals
  p-subnormal    p = 1.97e-312 to 1e-12, never 0
  huge-ratio     Fieller's ratio interval to 1e-12 up to 1e300
  collapsed      every interval in every numeric-* CSV holds its point,
                 and a ratio interval beside better/worse excludes 1
"""
import csv
import io
import math
import os
import re
import sys
from fractions import Fraction as F

import mpmath as mp

mp.mp.dps = 50
TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(TOP, "tests", "data", "numeric")
GOLD = os.path.join(TOP, "tests", "golden")
CONF = mp.mpf("0.95")

checks = 0
failed = 0


def fail(case, what, got, want):
    global failed
    failed += 1
    print("FAIL %s: %s: got %r, want %s" % (case, what, got, want))


def close(case, what, got, want, rel=1e-12, absolute=0.0):
    """got (text or float) within rel of want (mpf), or absolute."""
    global checks
    checks += 1
    if got in ("", None):
        fail(case, what, got, mp.nstr(want, 17))
        return
    g = mp.mpf(got)
    if abs(g - want) <= max(rel * abs(want), absolute):
        return
    fail(case, what, got, mp.nstr(want, 17))


def truth(case, what, ok, detail=""):
    global checks
    checks += 1
    if not ok:
        fail(case, what, detail, "true")


def M(x):
    """An mpf of a Fraction, float, int or text, exactly (to 50 digits)."""
    if isinstance(x, F):
        return mp.mpf(x.numerator) / x.denominator
    return mp.mpf(x)


# ------------------------------------------------------------- Student t

def t_two_tail(t, df):
    """P(|T| > t) = I_x(df/2, 1/2), x = df / (df + t^2)."""
    t, df = mp.mpf(t), mp.mpf(df)
    return mp.betainc(df / 2, mp.mpf(1) / 2, 0, df / (df + t * t),
                      regularized=True)


def t_quantile(p, df):
    """q with P(T < q) = p > 0.5, by bisection on the upper tail."""
    tail = 2 * (1 - mp.mpf(p))
    lo, hi = mp.mpf(0), mp.mpf(1)
    while t_two_tail(hi, df) > tail:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_two_tail(mid, df) > tail:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


# ------------------------------------------------------------- reading

def golden(name):
    with open(os.path.join(GOLD, name, "expected"), encoding="utf-8") as f:
        return f.read()


def csv_blocks(text):
    """Every CSV table in text (a header starting "test," and its rows)."""
    blocks, cur = [], None
    for line in text.splitlines():
        if line.startswith("test,"):
            cur = [line]
            blocks.append(cur)
        elif cur is not None and "," in line and not line.startswith(" "):
            cur.append(line)
        else:
            cur = None
    return [list(csv.DictReader(io.StringIO("\n".join(b) + "\n")))
            for b in blocks]


def tidy_runs(path):
    """{(test, system): [value text]} of a tidy CSV's value column."""
    out = {}
    with open(path, encoding="utf-8") as f:
        rows = csv.DictReader(l for l in f if not l.startswith("#"))
        for r in rows:
            if r.get("value"):
                out.setdefault((r["test"], r["system"]), []).append(
                    r["value"])
    return out


# ------------------------------------------------------------- formulas

def welch(ma, va, na, mb, vb, nb):
    """d, se_d, t, df, p (mpf) from means and SE^2 (Fractions)."""
    d = M(mb) - M(ma)
    v = va + vb
    se_d = mp.sqrt(M(v))
    df = v ** 2 / (va ** 2 / (na - 1) + vb ** 2 / (nb - 1))
    t = d / se_d
    return d, se_d, t, M(df), t_two_tail(t, M(df))


def fieller(num, vn, den, vd, q):
    """Fieller's interval of num/den: roots of A R^2 - 2 num den R + C."""
    num, den, vn, vd = (M(x) for x in (num, den, vn, vd))
    a = den * den - q * q * vd
    x = q * mp.sqrt(num * num * vd + vn * a)
    return (num * den - x) / a, (num * den + x) / a


def check_comparison(case, row, ma, va, na, mb, vb, nb, dirn):
    d, se_d, t, df, p = welch(ma, va, na, mb, vb, nb)
    q = t_quantile((1 + CONF) / 2, df)
    close(case, "t", row["t"], t, 1e-12)
    close(case, "df", row["df"], df)
    close(case, "p_value", row["p_value"], p, 1e-10)
    close(case, "difference_ci_low", row["difference_ci_low"], d - q * se_d,
          1e-12, 1e-12 * abs(d))
    close(case, "difference_ci_high", row["difference_ci_high"],
          d + q * se_d, 1e-12, 1e-12 * abs(d))
    lo, hi = fieller(mb, vb, ma, va, q)
    close(case, "ratio_ci_low", row["ratio_ci_low"], lo)
    close(case, "ratio_ci_high", row["ratio_ci_high"], hi)
    if dirn == "HIB":
        close(case, "improvement_ci_low_pct", row["improvement_ci_low_pct"],
              100 * (lo - 1), 1e-12, 1e-12)
        close(case, "improvement_ci_high_pct",
              row["improvement_ci_high_pct"], 100 * (hi - 1), 1e-12, 1e-12)
    return p


# ------------------------------------------------------------- the cases

def resolution_n():
    case = "numeric-resolution-n"
    text = golden(case)
    ns = [int(m) for m in re.findall(r"^n = (\d+)$", text, re.M)]
    blocks = csv_blocks(text)
    truth(case, "five sizes", ns == [2, 5, 30, 1000, 100000], ns)
    for n, rows in zip(ns, blocks):
        row = rows[0]
        c = "%s n=%d" % (case, n)
        quarter = F(1, 4)          # (r / 2)^2 with r = 1, at any n
        check_comparison(c, row, 100, quarter, n, 101, quarter, n, "HIB")
        truth(c, "no difference proven", row["verdict"] == "no-difference",
              row["verdict"])
        truth(c, "p above 0", float(row["p_value"]) > 0, row["p_value"])
        truth(c, "contains 0.02% and 1.98%",
              float(row["improvement_ci_low_pct"]) <= 0.02 and
              float(row["improvement_ci_high_pct"]) >= 1.98,
              (row["improvement_ci_low_pct"], row["improvement_ci_high_pct"]))


def ministat_floor():
    case = "numeric-ministat-floor"
    text = golden(case)
    m = re.search(r"Difference at 95.0% confidence\n\t(\S+) \+/- (\S+)\n"
                  r"\t(\S+)% \+/- (\S+)%\n\t\(Student's t, pooled s = "
                  r"(\S+)\)\n\t\(runs closer than their resolution", text)
    truth(case, "far: a difference with the floor's note", m is not None)
    if not m:
        return
    n = 5
    s_p = mp.mpf(1) / 2 * mp.sqrt(n)          # se sqrt(n), se = 1/2
    e = t_quantile((1 + CONF) / 2, 2 * n - 2) * s_p * mp.sqrt(mp.mpf(2) / n)
    close(case, "d", m.group(1), mp.mpf(3), 1e-5)
    close(case, "e", m.group(2), e, 1e-5)
    close(case, "pct e", m.group(4), e, 1e-5)     # of a baseline of 100
    close(case, "pooled s", m.group(5), s_p, 1e-5)
    truth(case, "near: nothing proven",
          text.split("\n\nfar")[0].rstrip().endswith(
              "No difference proven at 95.0% confidence"))


def postmark_timer():
    case = "numeric-postmark-timer"
    rows = csv_blocks(golden(case))[0]
    want = {}
    for system in ("fast", "slow"):
        path = os.path.join(DATA, "postmark", system, "run1.txt")
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = re.search(r"(?:^|:)\s*([\d.]+) ([a-z ]+?)\s*\(([\d.]+) "
                              r"(?:[a-z]+ )?per second\)", line)
                if not m:
                    continue
                count, rate = F(m.group(1)), F(m.group(3))
                t = max(1, math.floor(count / rate + F(1, 2)))
                if "seconds of transactions" in line:
                    t = max(1, int(count))
                want.setdefault(system, []).append(rate / t / 2)
    got = {}
    for r in rows:
        if r["description"] != "Total Time":
            got.setdefault(r["system"], []).append(r["se"])
        else:
            close(case, "Total Time SE (1 s timer)", r["se"], mp.mpf(0.5))
    for system in ("fast", "slow"):
        truth(case, system + ": rates", len(got.get(system, [])) ==
              len(want.get(system, [])), (got.get(system), want.get(system)))
        for g, w in zip(got.get(system, []), want.get(system, [])):
            close(case, system + " rate SE", g, M(w))


def iglewicz_hoaglin(xs, step):
    n = len(xs)
    if n < 5:
        return []
    fx = sorted(xs)
    med = fx[n // 2] if n % 2 else (fx[n // 2 - 1] + fx[n // 2]) / 2
    dev = sorted(abs(x - med) for x in xs)
    mad = dev[n // 2] if n % 2 else (dev[n // 2 - 1] + dev[n // 2]) / 2
    out = []
    for i, x in enumerate(xs):
        if mad > 0:
            z = F(0.6745) * (x - med) / mad
        else:
            mean_ad = sum(dev) / n
            if mean_ad == 0:
                return []
            z = (x - med) / (F(1.2533) * mean_ad)
        if abs(z) > F(3.5) and abs(x - med) > step:
            out.append(i + 1)
    return out


def outliers():
    case = "numeric-outliers"
    text = golden(case)
    runs = tidy_runs(os.path.join(DATA, "outliers.csv"))
    rows = csv_blocks(text)[0]
    for r in rows:
        vals = runs[(r["test"], r["system"])]
        step = min(F(1, 10 ** len(v.split(".")[1])) if "." in v else F(1)
                   for v in vals)
        want = iglewicz_hoaglin([F(v) for v in vals], step)
        got = [int(x) for x in r["flagged_runs"].split()]
        truth(case, "%s %s flagged" % (r["test"], r["system"]), got == want,
              (got, want))
        for k in want:
            for fmt in ("txt", "md", "html"):
                sec = text.split("== " + fmt)[1].split("==")[0]
                truth(case, "%s names run %d (%s)" % (fmt, k, vals[k - 1]),
                      "outlier: run %d (%s)" % (k, vals[k - 1]) in sec)


def exact_moments(xs):
    fx = [F(x) for x in xs]
    m = sum(fx) / len(fx)
    v = sum((x - m) ** 2 for x in fx) / (len(fx) - 1)
    return m, v


def cancel_mean():
    case = "numeric-cancel-mean"
    blocks = csv_blocks(golden(case))
    runs = tidy_runs(os.path.join(DATA, "cancel.csv"))
    for r in blocks[0]:
        m, v = exact_moments([float(x) for x in runs[(r["test"],
                                                       r["system"])]])
        if m == 0:
            truth(case, r["system"] + " mean exactly 0", r["mean"] == "0",
                  r["mean"])
        close(case, r["system"] + " mean", r["mean"], M(m), 1e-14)
        close(case, r["system"] + " sd", r["sd"], mp.sqrt(M(v)))
    truth(case, "no ratio from a mean of 0", blocks[1][0]["ratio"] == "",
          blocks[1][0]["ratio"])


def large_offset():
    case = "numeric-large-offset"
    runs = tidy_runs(os.path.join(DATA, "offset.csv"))
    for r in csv_blocks(golden(case))[0]:
        # the doubles the tool read, exactly
        m, v = exact_moments([float(x) for x in runs[(r["test"],
                                                       r["system"])]])
        close(case, r["system"] + " mean", r["mean"], M(m), 1e-14)
        close(case, r["system"] + " sd", r["sd"], mp.sqrt(M(v)))


def p_subnormal():
    case = "numeric-p-subnormal"
    row = csv_blocks(golden(case))[0][0]
    p = check_comparison(case, row, 100, F(1), 513, F(1788, 10), F(1), 514,
                         "HIB")
    truth(case, "p below the smallest normal double",
          p < mp.mpf(2.2250738585072014e-308), mp.nstr(p, 5))
    truth(case, "p not 0", float(row["p_value"]) > 0, row["p_value"])


def huge_ratio():
    case = "numeric-huge-ratio"
    for row in csv_blocks(golden(case))[0]:
        if row["test"] == "geomean":
            continue
        ma, mb = F(row["baseline_mean"]), F(float(row["mean"]))
        # the published summaries: SE 1% of the mean, N 10
        va, vb = (ma / 100) ** 2, (mb / 100) ** 2
        va = F(float(ma / 100)) ** 2
        vb = F(float(F(float(row["mean"])) / 100)) ** 2
        if row["test"].startswith("r1e") or row["test"].startswith("lib"):
            se_b = {"r1e100": 1e98, "r1e160": 1e158, "r1e200": 1e198,
                    "r1e300": 1e298, "r1e-300": 1e-302,
                    "lib1e300": 1e298}[row["test"]]
            vb = F(se_b) ** 2
            va = F(0.01) ** 2
        check_comparison(case + " " + row["test"], row, ma, va, 10, mb, vb,
                         10, row["direction"])


def collapsed():
    case = "numeric-collapsed"
    rows = csv_blocks(golden(case))[0]
    row = rows[0]
    ratio = M(F(152.11795167049996) / F(20.661207262800847))
    close(case, "identical: ratio", row["ratio"], ratio, 1e-15)
    for name in sorted(os.listdir(GOLD)):
        if not name.startswith("numeric-"):
            continue
        for rows in csv_blocks(golden(name)):
            for r in rows:
                for pt, lo, hi, one in (
                        ("ratio", "ratio_ci_low", "ratio_ci_high", 1),
                        ("improvement_pct", "improvement_ci_low_pct",
                         "improvement_ci_high_pct", 0),
                        ("difference", "difference_ci_low",
                         "difference_ci_high", 0)):
                    if not r.get(lo) or not r.get(pt):
                        continue
                    x, a, b = float(r[pt]), float(r[lo]), float(r[hi])
                    truth(name, "%s %s: %s <= %s <= %s" % (
                        r["test"], pt, r[lo], r[pt], r[hi]), a <= x <= b)
                    if r["verdict"] in ("better", "worse") and pt == "ratio":
                        truth(name, "%s: ratio interval excludes 1" %
                              r["test"], a > 1 or b < 1, (r[lo], r[hi]))


def main():
    for f in (resolution_n, ministat_floor, postmark_timer, outliers,
              cancel_mean, large_offset, p_subnormal, huge_ratio, collapsed):
        f()
    print("numeric_ref: %d checks, %d failed" % (checks, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
