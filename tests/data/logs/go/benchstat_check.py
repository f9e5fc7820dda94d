#!/usr/bin/python3
"""benchstat_check.py - what benchstat's documentation prints for its two
examples (benchstat-doc-*.txt: today's benchstat, medians and the
Mann-Whitney U-test; benchstat-v1-doc-*.txt: the benchstat before 2023,
means of the runs its interquartile rule keeps, here all, and the
U-test), next to
what `benchreport compare` computes (means, Welch's t-test) on the same
runs.  Run with /usr/bin/python3 (scipy); the figures are quoted in
doc/statistics.md, "benchstat".  benchreport's "N% faster" of a time is
old/new - 1; benchstat's delta is new/old - 1: the same ratio read from
the other side.
"""
import os
import statistics as st

from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))


def runs(path):
    """{benchmark: [ns/op, ...]} of a go test -bench file."""
    out = {}
    with open(os.path.join(HERE, path)) as f:
        for line in f:
            w = line.split()
            if w and w[0].startswith("Benchmark") and "ns/op" in w:
                name = w[0][len("Benchmark"):].rsplit("-", 1)[0]
                out.setdefault(name, []).append(float(w[2]))
    return out


# What the documentation shows benchstat printing for each benchmark.
PRINTED = {
    "Encode/format=json": "-17.20% (p=0.000 n=10)",
    "Encode/format=gob": "~ (p=0.446 n=10)",
    "GobEncode": "-13.31% (p=0.016 n=4+5)",
    "JSONEncode": "~ (p=0.286 n=4+5)",
}


for pair in ("benchstat-doc", "benchstat-v1-doc"):
    old, new = runs(pair + "-old.txt"), runs(pair + "-new.txt")
    print(pair)
    for name in old:
        a, b = old[name], new[name]
        u = stats.mannwhitneyu(a, b, alternative="two-sided").pvalue
        w = stats.ttest_ind(a, b, equal_var=False).pvalue
        print("  %s: benchstat printed %s" % (name, PRINTED[name]))
        print("    median delta %+.2f%%, U p=%.3f | mean delta %+.2f%%"
              " (benchreport: %.1f%% %s), Welch p=%.3g" % (
                  (st.median(b) / st.median(a) - 1) * 100, u,
                  (st.mean(b) / st.mean(a) - 1) * 100,
                  abs(st.mean(a) / st.mean(b) - 1) * 100,
                  "faster" if st.mean(b) < st.mean(a) else "slower", w))
