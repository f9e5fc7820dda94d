# gen.py - writes steps.csv: a made-up history of 40 days (not a
# measurement) in benchreport's tidy CSV, for the history-chart-steps
# golden: "Build" (seconds, fewer is better) 10% slower from day 25,
# "Copy" (MB/s) 12% faster from day 15 with a one-day spike on day 30.
# Three runs a day, about 1% noise, fixed seed: python3 gen.py > steps.csv
import random

r = random.Random(23)
print("# benchreport tidy CSV (doc/tidy-csv.md)")
print("# Made up by tests/golden/history-chart-steps/gen.py (seed 23):")
print("# 40 days, two tests with known steps; not a measurement.")
print("# title: Nightly builds")
print("System,VALUE,Test,Title,Description,Unit,Direction")
for day in range(1, 41):
    name = "day-%02d" % day
    for _ in range(3):
        v = 60.0 * (1.10 if day >= 25 else 1.0) * (1 + r.gauss(0, 0.01))
        print("%s,%.3f,,Build,Target: all,Seconds,LIB" % (name, v))
    for _ in range(3):
        v = 500.0 * (1.12 if day >= 15 else 1.0) * (1 + r.gauss(0, 0.01))
        if day == 30:
            v *= 1.5
        print("%s,%.2f,,Copy,Size: 1 GB,MB/s,HIB" % (name, v))
