#!/usr/bin/python3
"""
changepoint_ref.py - independent reference for tests/unit/check_changepoint.c
(stats/changepoint.h; doc/statistics.md, "Change points").

For one fixed series of 12 points with their runs (a clear step of about
20 % after point 5), recomputes by the rules of doc/statistics.md, in
exact rational arithmetic where the rule is arithmetic (fractions) and
with scipy for the t and F quantiles and the t tail:

  - each point's mean of the logarithms of its runs and the variance of
    that mean (the pooled variance of one run for single runs);
  - the between-point variance tau^2 (the MAD of successive differences)
    and the weights 1 / (tau^2 + v_i);
  - the best split (largest standardised difference of weighted means)
    and its t statistic;
  - the weighted geometric levels before and after, the ratio and its
    95 % interval, the SDs of the point means (values' unit), the ratio
    of the SDs of the log point means with its 99 % F interval;
  - Benjamini-Hochberg q-values of a fixed list (statsmodels' fdr_bh
    rule, re-implemented);
  - for a second series (24 single values, a 10 % step after point 11)
    the Bonferroni bound over the splits of the t test, which is the
    p-value when no permutation reaches the statistic.

    /usr/bin/python3 tests/reference/changepoint_ref.py

prints the values check_changepoint.c asserts (17 significant digits).
"""
import math
from fractions import Fraction as F

from scipy import stats

RUNS = [
    [100.0, 101.0, 99.5], [100.8], [99.2, 100.1], [100.5, 100.9, 99.9, 100.2],
    [99.7], [100.3, 100.6], [120.4, 119.8, 121.0], [119.5], [120.9, 120.2],
    [120.1, 119.6, 120.8], [121.2], [119.9, 120.5],
]
MIN_SEG = 3
CONF = 0.95
NOISE_CONF = 0.99


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def points():
    # log() in binary64 (as the C library), then exact arithmetic
    logs = [[F(math.log(r)) for r in p] for p in RUNS]
    y = [sum(p) / len(p) for p in logs]
    s2 = [sum((x - m) ** 2 for x in p) / (len(p) - 1) if len(p) > 1 else None
          for p, m in zip(logs, y)]
    num = sum((len(p) - 1) * s for p, s in zip(logs, s2) if s is not None)
    den = sum(len(p) - 1 for p, s in zip(logs, s2) if s is not None)
    pooled = num / den
    v = [(s if s is not None else pooled) / len(p) for p, s in zip(logs, s2)]
    return y, v


def tau2(y, v):
    d = [float(b - a) for a, b in zip(y, y[1:])]
    med = median(d)
    mad = 1.482602218505602 * median([abs(x - med) for x in d])
    var = mad * mad / 2
    vmed = float(median(v))
    return F(max(var - vmed, 0.0))


def fit(y, w, a, b):
    W = sum(w[a:b])
    m = sum(wi * yi for wi, yi in zip(w[a:b], y[a:b])) / W
    ss = sum(wi * (yi - m) ** 2 for wi, yi in zip(w[a:b], y[a:b]))
    return m, W, ss


def best_split(y, w):
    n = len(y)
    best = None
    for k in range(MIN_SEG, n - MIN_SEG + 1):
        mL, WL, _ = fit(y, w, 0, k)
        mR, WR, _ = fit(y, w, k, n)
        z2 = (mR - mL) ** 2 / (1 / WL + 1 / WR)
        if best is None or z2 > best[1]:
            best = (k, z2)
    return best


def sd(xs):
    m = sum(xs) / len(xs)
    return math.sqrt(float(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)))


def bh(ps):
    idx = [i for i, p in enumerate(ps) if not math.isnan(p)]
    m = len(idx)
    order = sorted(idx, key=lambda i: (ps[i], i))
    q = list(ps)
    run = 1.0
    for r in range(m - 1, -1, -1):
        i = order[r]
        run = min(run, ps[i] * m / (r + 1))
        q[i] = run
    return q


WIG = [0.3, -0.5, 0.1, 0.6, -0.2, -0.7, 0.4, 0.0, -0.3, 0.5, -0.6, 0.2, 0.7,
       -0.1]


def bonferroni_case():
    """24 single values, 100 then 110 from point 12, times (1 + WIG / 100)
    (check_changepoint.c's step_series): no permutation of 24 points
    reaches the step, so the p-value is the Bonferroni bound."""
    vals = [(100.0 if i < 12 else 110.0) * (1 + WIG[i % 14] / 100)
            for i in range(24)]
    y = [F(math.log(x)) for x in vals]
    v = [F(0)] * 24
    t2 = tau2(y, v)
    w = [1 / t2] * 24
    k, z2 = best_split(y, w)
    _, W, ss = fit(y, w, 0, 24)
    r = z2 / ss
    t = math.sqrt(float(22 * r / (1 - r)))
    print("%-12s %d" % ("step24_at", k))
    print("%-12s %.17g" % ("step24_p", (24 - 2 * MIN_SEG + 1) * 2 *
                           stats.t.sf(t, 22)))


def main():
    y, v = points()
    t2 = tau2(y, v)
    w = [1 / (t2 + vi) for vi in v]
    n = len(y)
    k, z2 = best_split(y, w)
    _, W, ss = fit(y, w, 0, n)
    r = z2 / ss
    t = math.sqrt(float((n - 2) * r / (1 - r)))
    bonf = (n - 2 * MIN_SEG + 1) * 2 * stats.t.sf(t, n - 2)
    mL, WL, ssL = fit(y, w, 0, k)
    mR, WR, ssR = fit(y, w, k, n)
    s2 = (ssL + ssR) / (n - 2)
    d = float(mR - mL)
    se = math.sqrt(float(s2 * (1 / WL + 1 / WR)))
    q = stats.t.ppf(1 - (1 - CONF) / 2, n - 2)
    out = {
        "at": k,
        "tau2": float(t2),
        "t": t,
        "mean_before": math.exp(float(mL)),
        "mean_after": math.exp(float(mR)),
        "ratio": math.exp(d),
        "ratio_lo": math.exp(d - q * se),
        "ratio_hi": math.exp(d + q * se),
        "sd_before": sd([F(math.exp(float(x))) for x in y[:k]]),
        "sd_after": sd([F(math.exp(float(x))) for x in y[k:]]),
    }
    sr = sd(y[k:]) / sd(y[:k])
    tail = (1 - NOISE_CONF) / 2
    d1, d0 = n - k - 1, k - 1
    out["sd_ratio"] = sr
    out["sd_ratio_lo"] = math.sqrt(sr * sr / stats.f.ppf(1 - tail, d1, d0))
    out["sd_ratio_hi"] = math.sqrt(sr * sr / stats.f.ppf(tail, d1, d0))
    for key, val in out.items():
        print("%-12s %.17g" % (key, val))
    ps = [0.01, 0.04, 0.03, 0.005, float("nan"), 0.2]
    print("bh          ", " ".join("%.17g" % x for x in bh(ps)))
    bonferroni_case()


main()
