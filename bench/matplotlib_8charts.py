#!/usr/bin/python3
"""matplotlib_8charts.py - the baseline for benchreport's chart speed
(make bench): the same eight horizontal bar charts (mean, SE whisker,
value in the bar, unit and direction in the axis label) drawn and
written as SVG files by matplotlib in one Python process.

    /usr/bin/python3 bench/matplotlib_8charts.py STATS.csv OUTDIR

STATS.csv is `benchreport stats --format csv` of the same input, so both
tools draw the same numbers.  Time the whole process (interpreter start
and imports included, as benchreport's are)."""
import csv
import os
import sys

import matplotlib
matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    src, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    tests = {}
    with open(src, newline="") as f:
        for row in csv.DictReader(f):
            t = tests.setdefault(row["test"] + "|" + row["description"], {
                "title": row["title"], "desc": row["description"],
                "unit": row["unit"], "dir": row["direction"], "rows": []})
            t["rows"].append((row["system"], float(row["mean"]),
                              float(row["se"] or 0), row["n"]))
    for i, t in enumerate(list(tests.values())[:8]):
        names = [r[0] for r in t["rows"]]
        means = [r[1] for r in t["rows"]]
        ses = [r[2] for r in t["rows"]]
        fig, ax = plt.subplots(figsize=(600 / 72, (60 + 22 * len(names)) / 72))
        y = range(len(names))
        ax.barh(y, means, xerr=ses, color="#1f77b4", capsize=2)
        ax.set_yticks(list(y))
        ax.set_yticklabels(["%s\nSE +/- %.2f, N = %s" % (r[0], r[2], r[3])
                            for r in t["rows"]], fontsize=6)
        ax.invert_yaxis()
        for yy, m in zip(y, means):
            ax.text(m, yy, " %.2f" % m, va="center", ha="right",
                    color="white", fontsize=6)
        direction = {"HIB": "More Is Better",
                     "LIB": "Fewer Is Better"}.get(t["dir"], "")
        ax.set_xlabel("%s, %s" % (t["unit"], direction))
        ax.set_title("%s\n%s" % (t["title"], t["desc"]), fontsize=9)
        fig.tight_layout()
        fig.savefig(os.path.join(outdir, "chart-%d.svg" % (i + 1)))
        plt.close(fig)


if __name__ == "__main__":
    main()
