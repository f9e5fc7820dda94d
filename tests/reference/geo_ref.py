#!/usr/bin/env python3
"""
geo_ref.py - independent reference for the geometric-mean and overall
ranking goldens of issue 20 (tests/golden/geomean-*): every number those
goldens print is recomputed here from the tidy CSV inputs
(tests/data/geomean/*.csv) by the rules of doc/statistics.md, and must
match the golden at the precision it is printed with (15 significant
digits in the CSV, 3 in the text).

    python3 tests/reference/geo_ref.py        (from the top of the tree)

Standard library only (make check runs it): exact rational moments
(fractions), the t distribution from the regularized incomplete beta
function (Lentz's continued fraction in binary64; better than 1e-13
relative here, far inside what is compared), t quantiles by bisection,
Fieller's limits by bisection on Fieller's statistic itself (not the
closed form the program uses), the delta-method interval of a
geometric mean, Holm's step-down, and the overall rank ranges by
enumerating every order of the systems that follows the proven pairs
(a cycle of them leaves its members unordered).  Prints one line per
case; exits 1 on the first mismatch, naming the number.
"""
import csv
import io
import itertools
import math
import os
import re
import sys
from fractions import Fraction as F

TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
CONF = 0.95


# ---------------------------------------------------------------- t

def betacf(a, b, x):
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        de = d * c
        h *= de
        if abs(de - 1) < 1e-16:
            break
    return h


def betai(a, b, x):
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lbt = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) +
           a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return math.exp(lbt) * betacf(a, b, x) / a
    return 1 - math.exp(lbt) * betacf(b, a, 1 - x) / b


def tail2(t, df):
    """Two-sided p: 2 P(T > |t|) = I_{df/(df+t^2)}(df/2, 1/2)."""
    return betai(df / 2, 0.5, df / (df + t * t))


def tq(p, df):
    """q with P(T <= q) = p, p > 0.5, by bisection on the tail."""
    want = 2 * (1 - p)
    lo, hi = 0.0, 1.0
    while tail2(hi, df) > want:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if tail2(mid, df) > want:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


# ---------------------------------------------------------- samples

def step(text):
    """The resolution of a value as written (doc/statistics.md,
    "Resolution"): its last digit's place."""
    m = re.fullmatch(r"[-+]?\d*(?:\.(\d*))?", text.strip())
    assert m, text
    return F(1, 10 ** len(m.group(1) or ""))


class Sample:
    def __init__(self, texts):
        self.x = [F(t) for t in texts]
        self.r = min(step(t) for t in texts)
        self.n = len(self.x)
        self.mean = sum(self.x) / self.n

    def var_mean(self):
        """se^2 with the resolution floor, or None for a single run."""
        if self.n < 2:
            return None
        var = sum((v - self.mean) ** 2 for v in self.x) / (self.n - 1)
        floor = self.r * self.r / 12
        return (floor if var < floor else var) / self.n


def read(name):
    with open(os.path.join(TOP, "tests/data/geomean", name)) as fp:
        rows = [r for r in csv.reader(l for l in fp if not l.startswith("#"))]
    head, data = rows[0], rows[1:]
    cells = {}
    for r in data:
        d = dict(zip(head, r))
        cells.setdefault((d["test"], d["system"]), []).append(d["value"])
    return {k: Sample(v) for k, v in cells.items()}


# ----------------------------------------------------- comparisons

def welch(a, b):
    va, vb = float(a.var_mean()), float(b.var_mean())
    d = float(b.mean - a.mean)
    df = (va + vb) ** 2 / (va * va / (a.n - 1) + vb * vb / (b.n - 1))
    t = d / math.sqrt(va + vb)
    return t, df, tail2(t, df), tq(1 - (1 - CONF) / 2, df)


def fieller(a, b):
    """Ratio mean_B / mean_A (HIB speedup): Fieller's limits, where
    (mB - R mA)^2 = q^2 (vB + R^2 vA), found by bisection either side of
    the point."""
    _, _, _, q = welch(a, b)
    ma, mb = float(a.mean), float(b.mean)
    va, vb = float(a.var_mean()), float(b.var_mean())
    r0 = mb / ma

    def inside(r):
        return (mb - r * ma) ** 2 <= q * q * (vb + r * r * va)

    def edge(lo, hi):     # lo inside, hi outside
        for _ in range(300):
            mid = (lo + hi) / 2
            if inside(mid) == inside(lo):
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    return edge(r0, r0 / 4), edge(r0, r0 * 4)


def verdict(lo, hi):
    return "better" if lo > 1 else "worse" if hi < 1 else "no-difference"


def geomean(pairs):
    """Delta-method measurement CI over tests with runs on both sides
    (doc/statistics.md, "Geometric mean"); one such test: Fieller."""
    runs = [(a, b) for a, b in pairs
            if a.var_mean() is not None and b.var_mean() is not None]
    ls = [math.log(float(b.mean / a.mean)) for a, b in runs]
    k = len(runs)
    gm = math.exp(sum(ls) / k)
    if k == 1:
        lo, hi = fieller(*runs[0])
        p = welch(*runs[0])[2]
        return dict(gm=float(runs[0][1].mean / runs[0][0].mean), lo=lo,
                    hi=hi, p=p, k=k)
    terms = []
    for a, b in runs:
        terms.append((float(a.var_mean() / a.mean ** 2), a.n))
        terms.append((float(b.var_mean() / b.mean ** 2), b.n))
    v = sum(c for c, _ in terms)
    df = v * v / sum(c * c / (n - 1) for c, n in terms)
    q = tq(1 - (1 - CONF) / 2, df)
    ml = sum(ls) / k
    h = q * math.sqrt(v) / k
    return dict(gm=gm, lo=math.exp(ml - h), hi=math.exp(ml + h),
                p=tail2(ml / (math.sqrt(v) / k), df), k=k)


def holm(ps):
    """Indexes of the p-values Holm's step-down rejects at 1 - CONF."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out = set()
    for rank, i in enumerate(order):
        if not ps[i] < (1 - CONF) / (len(ps) - rank):
            break
        out.add(i)
    return out


def rank_ranges(names, proven):
    """Places each system takes over all orders that follow the DAG of
    the proven pairs' strongly connected components."""
    reach = {(u, v) for u, v in proven}
    changed = True
    while changed:
        changed = False
        for (u, v), (x, y) in itertools.product(list(reach), repeat=2):
            if v == x and (u, y) not in reach:
                reach.add((u, y))
                changed = True
    must = {(u, v) for u, v in reach if (v, u) not in reach}
    places = {s: set() for s in names}
    for perm in itertools.permutations(names):
        pos = {s: i for i, s in enumerate(perm)}
        if all(pos[u] < pos[v] for u, v in must):
            for s in names:
                places[s].add(pos[s] + 1)
    return {s: (min(p), max(p)) for s, p in places.items()}


def overall(cells, names, tests):
    """Holm over every pair's direct geometric mean on the tests both
    ran; proven pairs as (better, worse)."""
    pairs, ps = [], []
    for x, y in itertools.combinations(names, 2):
        shared = [(cells[t, x], cells[t, y]) for t in tests
                  if (t, x) in cells and (t, y) in cells]
        if not shared:
            continue
        g = geomean(shared)
        pairs.append((y, x) if g["gm"] > 1 else (x, y))
        ps.append(g["p"])
    return rank_ranges(names, [pairs[i] for i in holm(ps)])


# ------------------------------------------------------- checking

def golden(case):
    with open(os.path.join(TOP, "tests/golden", case, "expected")) as fp:
        return fp.read()


def csv_rows(text):
    lines = [l for l in text.splitlines() if re.match(r"(test|t\d|geomean),", l)]
    return list(csv.DictReader(io.StringIO("\n".join(lines))))


def same(case, what, got, want, digits):
    g = float(got)
    if not math.isclose(g, want, rel_tol=0.6 * 10 ** (1 - digits),
                        abs_tol=1e-300):
        sys.exit("geo_ref: %s: %s is %s, the reference %.17g" %
                 (case, what, got, want))


def same_x(case, text, what, want):
    """A factor printed with 3 significant digits ("0.978x")."""
    m = re.search(what, text)
    if not m:
        sys.exit("geo_ref: %s: no %r" % (case, what))
    same(case, what, m.group(1), want, 3)


def row(rows, test, system):
    for r in rows:
        if r["test"] == test and r["system"] == system:
            return r
    sys.exit("geo_ref: no row %s %s" % (test, system))


def check_interval(case, r, lo, hi, gm):
    same(case, r["system"] + " ratio", r["ratio"], gm, 14)
    same(case, r["system"] + " ratio_ci_low", r["ratio_ci_low"], lo, 13)
    same(case, r["system"] + " ratio_ci_high", r["ratio_ci_high"], hi, 13)
    if r["verdict"] != verdict(lo, hi):
        sys.exit("geo_ref: %s: %s verdict %s, the reference %s" %
                 (case, r["system"], r["verdict"], verdict(lo, hi)))


def case_single_runs():
    case = "geomean-single-runs"
    c = read("single-runs.csv")
    text = golden(case)
    rows = csv_rows(text)
    g = geomean([(c["t1", "A"], c["t1", "B"]), (c["t2", "A"], c["t2", "B"])])
    assert g["k"] == 1
    r = row(rows, "geomean", "B")
    check_interval(case, r, g["lo"], g["hi"], g["gm"])
    assert r["description"] == "1 of 2 tests with runs", r["description"]
    gm_all = math.sqrt(float(c["t1", "B"].mean / c["t1", "A"].mean) *
                       float(c["t2", "B"].mean / c["t2", "A"].mean))
    same_x(case, text, r"over all 2 tests: ([\d.]+)x, not proven", gm_all)
    same_x(case, text, r"95% CI ([\d.]+)x to [\d.]+x \(measurement, over "
           r"1 of 2", g["lo"])
    same_x(case, text, r"95% CI [\d.]+x to ([\d.]+)x \(measurement, over "
           r"1 of 2", g["hi"])
    if "worse" in text.split("Geometric mean")[1]:
        sys.exit("geo_ref: %s: the geometric mean says worse" % case)
    return "B no-difference [%.4f, %.4f] over 1 of 2 tests" % (g["lo"],
                                                                g["hi"])


def case_cycle():
    case = "geomean-cycle"
    c = read("cycle.csv")
    rows = csv_rows(golden(case))
    ranges = overall(c, ["A", "B", "C"], ["t1", "t2", "t3"])
    for s in "ABC":
        r = row(rows, "geomean", s)
        got = (int(r["overall_rank_low"]), int(r["overall_rank_high"]))
        if got != ranges[s]:
            sys.exit("geo_ref: %s: %s ranks %s, the reference %s" %
                     (case, s, got, ranges[s]))
    assert all(v == (1, 3) for v in ranges.values()), ranges
    for s, t in (("C", "t1"), ("B", "t2")):
        lo, hi = fieller(c[t, "A"], c[t, s])
        check_interval(case, row(rows, "geomean", s), lo, hi,
                       float(c[t, s].mean / c[t, "A"].mean))
    return "a cycle of 3 proven pairs: every range 1-3"


def case_one_test():
    case = "geomean-one-test"
    c = read("one-test.csv")
    text = golden(case)
    rows = csv_rows(text)
    a, b = c["t1", "A"], c["t1", "B"]
    lo, hi = fieller(a, b)
    t, df, p, _ = welch(a, b)
    test, geo = row(rows, "t1", "B"), row(rows, "geomean", "B")
    same(case, "p_value", test["p_value"], p, 11)
    same(case, "df", test["df"], df, 13)
    check_interval(case, test, lo, hi, float(b.mean / a.mean))
    check_interval(case, geo, lo, hi, float(b.mean / a.mean))
    for col in ("ratio", "ratio_ci_low", "ratio_ci_high", "verdict",
                "improvement_pct", "improvement_ci_low_pct",
                "improvement_ci_high_pct"):
        if test[col] != geo[col]:
            sys.exit("geo_ref: %s: %s differs: test %s, geometric mean %s"
                     % (case, col, test[col], geo[col]))
    assert "%.4f %.4f" % (lo, hi) == "1.0022 1.2817", (lo, hi)
    same_x(case, text, r"B +1 +[\d.]+x +([\d.]+)x to [\d.]+x measurement",
           lo)
    same_x(case, text, r"B +1 +[\d.]+x +[\d.]+x to ([\d.]+)x measurement",
           hi)
    return "better [%.4f, %.4f], the test's own" % (lo, hi)


def case_order_swap():
    case = "geomean-order-swap"
    c = read("order-swap.csv")
    text = golden(case)
    rows = csv_rows(text)
    ranges = overall(c, ["A", "B", "C"], ["t1", "t2"])
    for s in "ABC":
        r = row(rows, "geomean", s)
        got = (int(r["overall_rank_low"]), int(r["overall_rank_high"]))
        if got != ranges[s]:
            sys.exit("geo_ref: %s: %s ranks %s, the reference %s" %
                     (case, s, got, ranges[s]))
    gb = geomean([(c["t1", "A"], c["t1", "B"]), (c["t2", "A"], c["t2", "B"])])
    check_interval(case, row(rows, "geomean", "B"), gb["lo"], gb["hi"],
                   gb["gm"])
    lo, hi = fieller(c["t2", "B"], c["t2", "C"])
    assert ranges["C"] == (1, 1) and ranges["B"] == (2, 2), ranges
    for m in re.finditer(r"C is proven\s+better \(([\d.]+)x, 95% CI "
                         r"([\d.]+)x to ([\d.]+)x\)", text):
        same(case, "C over B", m.group(1), 1.5, 3)
        same(case, "C over B low", m.group(2), lo, 3)
        same(case, "C over B high", m.group(3), hi, 3)
    if text.count("C is proven") != 2:
        sys.exit("geo_ref: %s: the swap is not explained in compare and "
                 "the summary" % case)
    return "C 1-1 above B 2-2 (direct %.4f [%.4f, %.4f]) though B's GM " \
           "%.4f is higher" % (1.5, lo, hi, gb["gm"])


# ------------------------------------------------- random cases

def random_case(rng, path):
    """A random tidy CSV: 3 or 4 systems, 1 to 4 tests (HIB or LIB),
    each system missing from a test now and then, 1 to 4 runs each."""
    systems = "ABCD"[:rng.choice([3, 4])]
    lines = ["test,unit,direction,system,value"]
    for t in range(rng.randint(1, 4)):
        dirn = rng.choice(["HIB", "LIB"])
        there = [x for x in systems if x in "AB" or rng.random() < 0.8]
        for x in there:
            m = 100 * 2 ** rng.uniform(-1.5, 1.5)
            n = rng.choice([1, 2, 3, 3, 4])
            for _ in range(n):
                lines.append("t%d,ops,%s,%s,%.2f" % (
                    t + 1, dirn, x, m * (1 + rng.gauss(0, 0.03))))
    with open(path, "w") as fp:
        fp.write("\n".join(lines) + "\n")
    return systems


def speedup_pairs(cells, x, y, tests, dirs):
    """(baseline-side, candidate-side) samples of y against x, a LIB
    test turned round so that the ratio is a speedup."""
    out = []
    for t in tests:
        if (t, x) in cells and (t, y) in cells:
            a, b = cells[t, x], cells[t, y]
            out.append((b, a) if dirs[t] == "LIB" else (a, b))
    return out


def random_check(rng, path, br):
    import subprocess
    systems = random_case(rng, path)
    with open(path) as fp:
        data = list(csv.DictReader(fp))
    cells, dirs = {}, {}
    for d in data:
        cells.setdefault((d["test"], d["system"]), []).append(d["value"])
        dirs[d["test"]] = d["direction"]
    cells = {k: Sample(v) for k, v in cells.items()}
    tests = sorted(dirs)
    out = subprocess.run([br, "compare", "--format", "csv", path],
                         capture_output=True, text=True, check=True).stdout
    rows = {r["system"]: r for r in csv.DictReader(io.StringIO(out))
            if r["test"] == "geomean"}
    # each candidate against A: point, interval and verdict from the
    # tests with runs only (one such test: Fieller and Welch)
    for x in systems[1:]:
        pairs = speedup_pairs(cells, "A", x, tests, dirs)
        runs = [p for p in pairs if p[0].n > 1 and p[1].n > 1]
        r = rows.get(x)
        if not pairs:
            assert r is None, (path, x)
            continue
        if not runs:
            assert r["verdict"] == "single-run" and not r["ratio_ci_low"], \
                (path, x, r)
            continue
        if any(float(s.mean) ** 2 <= tq(1 - (1 - CONF) / 2, s.n - 1) ** 2 *
               float(s.var_mean()) for p in runs for s in p):
            continue          # a mean not clearly above 0: not drawn here
        g = geomean(runs)
        if len(runs) == 1:
            lo, hi = fieller(*runs[0])
            if lo / 4 >= hi or math.isnan(lo):
                continue
        same(path, x + " ratio", r["ratio"], g["gm"], 12)
        same(path, x + " low", r["ratio_ci_low"], g["lo"], 9)
        same(path, x + " high", r["ratio_ci_high"], g["hi"], 9)
        want = verdict(g["lo"], g["hi"])
        assert r["verdict"] == want, (path, x, r["verdict"], want)
    # the overall ranking: Holm over the pairs' direct ratios, ranges by
    # enumeration of the orders that follow the components' DAG
    if "A" in rows and rows["A"]["overall_rank_low"]:
        pr, ps = [], []
        for x, y in itertools.combinations(systems, 2):
            runs = [p for p in speedup_pairs(cells, x, y, tests, dirs)
                    if p[0].n > 1 and p[1].n > 1]
            if not runs:
                continue
            g = geomean(runs)
            pr.append((y, x) if g["gm"] > 1 else (x, y))
            ps.append(g["p"])
        ranked = [x for x in systems if x in rows]
        ranges = rank_ranges(ranked, [pr[i] for i in holm(ps)])
        for x in ranked:
            got = (int(rows[x]["overall_rank_low"]),
                   int(rows[x]["overall_rank_high"]))
            assert got == ranges[x], (path, x, got, ranges[x])
    return True


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--random":
        import random
        import tempfile
        rng = random.Random(20)
        br = os.environ.get("BR", os.path.join(TOP, "benchreport"))
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(int(sys.argv[2])):
                random_check(rng, os.path.join(tmp, "c%d.csv" % i), br)
        print("geo_ref: %s random cases agree" % sys.argv[2])
        return
    for f in (case_single_runs, case_cycle, case_one_test, case_order_swap):
        print("geo_ref: %s: %s" % (f.__name__[5:], f()))


if __name__ == "__main__":
    main()
