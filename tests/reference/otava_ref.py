#!/usr/bin/python3
"""
otava_ref.py - independent reference for the Otava parity mode
(stats/otava.c; doc/statistics.md, "Otava parity").

    /usr/bin/python3 tests/reference/otava_ref.py > tests/data/otava/reference.txt

Written from the algorithm as doc/statistics.md describes it (Otava's
split and merge passes over E-Divisive with a t-test), not from Otava's
code or from stats/otava.c, and computed another way:

  - the energy statistic Q(tau, kappa) from its definition, in exact
    integer / rational arithmetic (the values are scaled to integers,
    which moves no argmax), where the C code keeps numpy's floating
    running sums;
  - means and population variances as exact fractions; the pooled t
    and its two-sided p from the regularized incomplete beta function
    in mpmath at 60 digits, p = I_{df/(df+t^2)}(df/2, 1/2), where the C
    code uses doubles and stats/'s t tail.

For each of the ten parameter sets of Otava's tests/tigerbeetle_test.py
(tests/data/otava/tigerbeetle-expected.txt) it checks that the indexes
are the expected ones (exit 1 if not) and prints, per change point,
index, mean_before, stddev_before, mean_after, stddev_after, pvalue,
forward_change_percent and magnitude to 17 significant digits.
tests/unit/check_otava.c compares the C results with that output.
"""
import math
import os
import sys
from fractions import Fraction as F

import mpmath

mpmath.mp.dps = 60
TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(TOP, "tests", "data", "otava")


# ------------------------------------------------------------ energy

def within_sums(z):
    """W[a][b] = sum of |z_i - z_j| over a <= i < j < b (integers)."""
    n = len(z)
    W = [[0] * (n + 1) for _ in range(n + 1)]
    for a in range(n):
        acc = 0
        for b in range(a + 1, n + 1):
            # add the distances of point b-1 to a .. b-2
            j = b - 1
            acc += sum(abs(z[i] - z[j]) for i in range(a, j))
            W[a][b] = acc
    return W


def best_split(W, s, e):
    """The tau maximising Q(tau, kappa) over s < tau < kappa <= e, with
    X = z[s:tau] (n points), Y = z[tau:kappa] (m points):
      Q = 2/(n+m) sum|X-Y| - 2m/((n+m)(n-1)) sum_{i<k}|X_i-X_k|
                           - 2n/((n+m)(m-1)) sum_{j<k}|Y_j-Y_k|
    (a within term is 0 for a single point).  Ties: the smallest tau,
    then the smallest kappa.  Otava keeps Q in a square table whose
    cells below the diagonal are 0 and take part in the maximum: when
    every Q is negative (e - s >= 3) the answer is tau = s + 2, Q = 0."""
    best = None
    for tau in range(s + 1, e):
        for kappa in range(tau + 1, e + 1):
            n, m = tau - s, kappa - tau
            wx, wy = W[s][tau], W[tau][kappa]
            cross = W[s][kappa] - wx - wy
            q = F(2 * cross, n + m)
            if n > 1:
                q -= F(2 * m * wx, (n + m) * (n - 1))
            if m > 1:
                q -= F(2 * n * wy, (n + m) * (m - 1))
            if best is None or q > best[0]:
                best = (q, tau)
    if e - s >= 3 and best[0] < 0:
        best = (F(0), s + 2)
    return best


# ------------------------------------------------------------ t-test

def moments(v):
    n = len(v)
    mean = sum(v, F(0)) / n
    var = sum(((x - mean) ** 2 for x in v), F(0)) / n if n > 1 else F(0)
    return mean, var


def ttest(v, a, idx, b):
    """Otava's comparison of v[a:idx] with v[idx:b]: the means, the
    population variances, and the pooled two-sample Student t with the
    population variances where sample variances belong; p = 1 when the
    two sides hold two points in all, NaN when both are constant and
    equal.  Returns (m1, var1, m2, var2, p) with p an mpf (or nan)."""
    x, y = v[a:idx], v[idx:b]
    n1, n2 = len(x), len(y)
    m1, v1 = moments(x)
    m2, v2 = moments(y)
    if n1 + n2 <= 2:
        return m1, v1, m2, v2, mpmath.mpf(1)
    df = n1 + n2 - 2
    svar = ((n1 - 1) * v1 + (n2 - 1) * v2) / df
    den2 = svar * (F(1, n1) + F(1, n2))
    d = m1 - m2
    if den2 == 0:
        return m1, v1, m2, v2, (mpmath.mpf(0) if d != 0 else math.nan)
    t2 = d * d / den2
    xb = mpmath.mpf(df) / (df + mpmath.mpf(t2.numerator) / t2.denominator)
    p = mpmath.betainc(mpmath.mpf(df) / 2, mpmath.mpf(1) / 2, 0, xb,
                       regularized=True)
    return m1, v1, m2, v2, p


# ------------------------------------------------------------ passes

def window_points(v, z, lo, hi, max_p):
    """E-Divisive with the t-test on v[lo:hi]: repeatedly the best
    split over all current segments (the first of equal Q); kept while
    its p <= max_p, else the search stops."""
    W = within_sums(z[lo:hi])
    w = v[lo:hi]
    cps = []
    while True:
        bounds = [0] + cps + [hi - lo]
        best = None
        for s, e in zip(bounds, bounds[1:]):
            if e - s < 2:
                continue
            q, tau = best_split(W, s, e)
            if best is None or q > best[0]:
                best = (q, tau, s, e)
        if best is None:
            return [c + lo for c in cps]
        _, tau, s, e = best
        p = ttest(w, s, tau, e)[4]
        if not (p <= max_p):
            return [c + lo for c in cps]
        cps = sorted(cps + [tau])


def weak_points(v, z, window, first_p):
    found = set()
    start, step, n = 0, window // 2, len(v)
    while start < n:
        cps = window_points(v, z, start, min(start + window, n), first_p)
        last = cps[-1] if cps else 0
        start = max(last, start + step)
        found.update(cps)
    return sorted(found)


def magnitude(st):
    m1, _, m2, _, _ = st
    f = abs(m2 / m1 - 1) if m1 != 0 else 0
    b = abs(m1 / m2 - 1) if m2 != 0 else 0
    return max(f, b)


def test_at(v, cps, k):
    a = cps[k - 1] if k > 0 else 0
    b = cps[k + 1] if k + 1 < len(cps) else len(v)
    return ttest(v, a, cps[k], b)


def otava(v, z, window, max_p, min_mag):
    if max_p < 0.05:
        first_p = max_p * 10
    elif max_p < 0.5:
        first_p = max_p * 2
    else:
        first_p = max_p
    cps = weak_points(v, z, window, first_p)
    st = [test_at(v, cps, k) for k in range(len(cps))]
    while cps:
        w = max(range(len(cps)), key=lambda k: st[k][4])
        if st[w][4] < max_p:
            w = min(range(len(cps)), key=lambda k: magnitude(st[k]))
            if magnitude(st[w]) > min_mag:
                break
        del cps[w], st[w]
        # Otava tests the two points after the dropped one again; the
        # point before it keeps the numbers it had.
        for k in (w, w + 1):
            if k < len(cps):
                st[k] = test_at(v, cps, k)
    return cps, st


# ------------------------------------------------------------ main

def read_series(path):
    with open(path) as f:
        return [F(line.strip()) for line in f if line.strip()]


def scaled(v):
    den = 1
    for x in v:
        den = den * x.denominator // math.gcd(den, x.denominator)
    return [int(x * den) for x in v]


def g(x):
    return "%.17g" % float(x)


# Runs besides the ten tigerbeetle sets: Otava's other test series
# (tests/report_test.py, tests/analysis_test.py) and edge cases: fewer
# points than a window, the smallest windows, max_pvalue 1.
EXTRA = [
    ("report-series1.txt", 50, "0.001", "0.0"),
    ("report-series2.txt", 50, "0.001", "0.0"),
    ("single-series.txt", 10, "0.0001", "0.0"),
    ("tigerbeetle.txt:25", 30, "0.01", "0.0"),
    ("tigerbeetle.txt:40", 3, "0.2", "0.0"),
    ("tigerbeetle.txt:40", 2, "0.5", "0.0"),
    ("tigerbeetle.txt:20", 4, "1", "0.0"),
]


def load(spec):
    name, _, count = spec.partition(":")
    v = read_series(os.path.join(DATA, name))
    return v[:int(count)] if count else v


def run(spec, wl, mp, mm):
    v = load(spec)
    cps, st = otava(v, scaled(v), int(wl), float(mp), float(mm))
    print("run %s %s %s %s %d" % (spec, wl, mp, mm, len(cps)))
    for c, (m1, v1, m2, v2, p) in zip(cps, st):
        sd1 = mpmath.sqrt(mpmath.mpf(v1.numerator) / v1.denominator)
        sd2 = mpmath.sqrt(mpmath.mpf(v2.numerator) / v2.denominator)
        fwd = (m2 / m1 - 1) * 100 if m1 != 0 else 0
        print(c, g(m1), g(sd1), g(m2), g(sd2), g(p), g(fwd),
              g(magnitude((m1, v1, m2, v2, p))))
    return cps


def main():
    ok = True
    with open(os.path.join(DATA, "tigerbeetle-expected.txt")) as f:
        sets = [l for l in f if l.strip() and not l.startswith("#")]
    print("# tests/reference/otava_ref.py: run FILE[:FIRST_N] window_len "
          "max_pvalue min_magnitude count,")
    print("# then per change point: index mean_before stddev_before "
          "mean_after stddev_after pvalue forward_change_percent magnitude")
    for line in sets:
        head, want = line.split(":")
        wl, mp, mm = head.split()
        cps = run("tigerbeetle.txt", wl, mp, mm)
        if cps != [int(x) for x in want.split()]:
            print("MISMATCH %s: got %s" % (head.strip(), cps),
                  file=sys.stderr)
            ok = False
    for spec, wl, mp, mm in EXTRA:
        run(spec, wl, mp, mm)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
