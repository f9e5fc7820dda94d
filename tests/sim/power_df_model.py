#!/usr/bin/python3
"""
power_df_model.py - the model the df rule of stats/power.c was chosen
on (doc/statistics.md, "Performance per watt"); not part of make check
(numpy and scipy: run with /usr/bin/python3, about a minute).

The pivot of the log-scale delta method, (log-ratio error) / s, with
the runs' variance estimate a^2 chi2(n-1)/(n-1), the samples' b^2
chi2(m-1)/(m-1) and a normal error of variance a^2 + b^2, over true
shares r = a^2 / (a^2 + b^2) from 5% to 100%: the coverage of the 95%
interval for each df rule, n = 3, 4, 5, 10 runs, m = 60, 300 samples,
60,000 draws per point (fixed seed).  Prints the lowest and highest
coverage over the shares for each rule and n.
"""
import numpy as np
from scipy.stats import t as T

rng = np.random.default_rng(2)
N = 60000
SHARES = (0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 0.95, 0.98, 1.0)
DRAWS = {(n, m): (rng.chisquare(n - 1, N) / (n - 1),
                  rng.chisquare(m - 1, N) / (m - 1),
                  np.abs(rng.standard_normal(N)))
         for n in (3, 4, 5, 10) for m in (60, 300)}


def ws(f, n, m):
    return 1 / (f * f / (n - 1) + (1 - f) ** 2 / (m - 1))


RULES = {
    "weights f, 1-f (first)": lambda f, n, m:
        1 / (f / (n - 1) + (1 - f) / (m - 1)),
    "Welch-Satterthwaite": ws,
    "WS normalised (g = 1)": lambda f, n, m:
        (f * f + (1 - f) ** 2) * ws(f, n, m),
    "WS x (f^2+(1-f)^2)^g, g = min(1, 2/(n-1)) (now)": lambda f, n, m:
        (f * f + (1 - f) ** 2) ** min(1.0, 2 / (n - 1)) * ws(f, n, m),
}


def coverage(n, m, r, rule):
    cx, cw, z = DRAWS[n, m]
    ah, bh = r * cx, (1 - r) * cw
    s2 = ah + bh
    df = rule(ah / s2, n, m)
    return 100 * np.mean(z <= T.ppf(0.975, df) * np.sqrt(s2))


for name, rule in RULES.items():
    for n in (3, 4, 5, 10):
        cs = [coverage(n, m, r, rule) for m in (60, 300) for r in SHARES]
        print("%-50s n = %2d: %.2f%% to %.2f%%" % (name, n, min(cs),
                                                   max(cs)))
