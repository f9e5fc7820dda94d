#!/usr/bin/python3
"""Independent check of `benchreport compare` on seed 004 (published
mean, SE, N): Welch t/df/p with scipy, and the Fieller interval of the
ratio found numerically (root-finding on the Fieller statistic), not from
the closed form the C code uses.  Prints one line per comparison; the
golden test compare-seed-004-csv holds benchreport's numbers, and
tests/golden/compare-seed-004-csv/CHECKED.md records the agreement.

Run: /usr/bin/python3 tests/data/seeds/check_seed_compare.py
"""
import math
from scipy import stats, optimize

def welch(ma, sea, na, mb, seb, nb, conf=0.95):
    va, vb = sea**2, seb**2
    d = mb - ma
    se = math.sqrt(va + vb)
    df = (va + vb)**2 / (va**2 / (na - 1) + vb**2 / (nb - 1))
    t = d / se
    p = 2 * stats.t.sf(abs(t), df)
    q = stats.t.ppf(1 - (1 - conf) / 2, df)
    # Fieller: the set of R with (mb - R ma)^2 <= q^2 (vb + R^2 va)
    f = lambda R: (mb - R * ma)**2 - q**2 * (vb + R**2 * va)
    R = mb / ma
    lo = optimize.brentq(f, R / 10, R, xtol=1e-15, rtol=1e-15)
    hi = optimize.brentq(f, R, R * 10, xtol=1e-15, rtol=1e-15)
    return d, t, df, p, R, lo, hi

cases = [
    # test, candidate (mean, SE, N), baseline (mean, SE, N), direction
    ("Dbench 1: FreeBSD ZFS vs FreeBSD iX ZoL", (252.00, 0.15, 3), (132.00, 0.09, 3), "HIB"),
    ("SQLite: Debian Stretch ZoL vs FreeBSD iX ZoL", (13.82, 0.22, 3), (22.38, 0.05, 3), "LIB"),
    ("IOzone read: FreeBSD ZFS vs FreeBSD iX ZoL", (2514, 22.22, 11), (2489, 22.05, 3), "HIB"),
]
for name, (mb, seb, nb), (ma, sea, na), direction in cases:
    d, t, df, p, R, lo, hi = welch(ma, sea, na, mb, seb, nb)
    if direction == "HIB":
        imp, ilo, ihi = 100 * (R - 1), 100 * (lo - 1), 100 * (hi - 1)
    else:  # speedup = 1/R, interval inverted
        imp, ilo, ihi = 100 * (1 / R - 1), 100 * (1 / hi - 1), 100 * (1 / lo - 1)
    verdict = "better" if ilo > 0 else "worse" if ihi < 0 else "no-difference"
    print(f"{name}: t={t:.10g} df={df:.10g} p={p:.10g} "
          f"improvement={imp:.10g}% CI [{ilo:.10g}%, {ihi:.10g}%] {verdict}")
