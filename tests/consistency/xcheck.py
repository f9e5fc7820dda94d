#!/usr/bin/env python3
"""xcheck.py - black-box cross-output consistency test for benchreport.

    BR=/path/to/benchreport python3 tests/consistency/xcheck.py [-v]
        [--only SUBSTRING] [--self-test]

Every input (inputs(): samples/, tests/data/ and the fixtures in
tests/consistency/data/) goes through, with SOURCE_DATE_EPOCH and -q:
stats --format csv|json|md and text; compare --format csv|json|md and
text; compare --brief (the summary's text, checked against compare's
CSV and text: geometric means and both intervals, the ranking, the
findings' counts and leader, the primary results in test order with
their verdicts and the proven changes, their order and sentences, with
the sub-metrics convert's tidy CSV marks); render -o report.txt|.md|.html and --format svg -o DIR/; and, to
reach the remaining sentence forms and numbers, compare --equivalence 5
--details (csv and text) with render --equivalence 5 -o .md, compare
--ministat, stats and compare (csv and text) at --confidence 0.9999999
(the level's label "99.99999%" and every number at it), stats, compare
and render with --holm (accepted, changes nothing: the same bytes as
without), and render --template data/values.md.tmpl (template values no
built-in template shows).  Every number an output shows must be the same
number:

  reference       stats --format csv (per test x system: n, mean, se, CI,
                  CV, rank_low and rank_high, relative) and compare
                  --format csv (verdict, improvement and its CI, ratio
                  and its CI, the difference and its CI, p, t, df, the
                  equivalence interval, the geometric means, the overall
                  rank range): %.15g, so "full precision" means equal at
                  15 significant digits;
  full precision  JSON and Markdown tables, HTML data-v attributes;
  display         stats/compare text, the reports, the SVG charts: a value
                  printed with d decimals agrees with the reference x when
                  x formatted with d decimals is the same text (x moved by
                  1e-12 relative also counts, so a decimal tie or a
                  re-derived x is not a disagreement; -0 is 0); "-" or an
                  empty cell is "no value"; a rank range is "2-4", or
                  one number where low = high;
  precision       one quantity (mean, SE, CI bound) of one test x system
                  printed with different decimals by two display outputs;
  sentences       compare text and the reports' comparison sentences are
                  rebuilt from the compare CSV numbers in the wording of
                  doc/statistics.md, Wording (expected_sentence: factor
                  or percent, intervals in words, the difference in the
                  test's unit without a ratio) and compared field by
                  field: form, direction words, numbers;
  consistency     the CSVs against themselves and each other (doc/
                  statistics.md): rank ranges within 1..N, holding the
                  order of the means and every pair compare proves, 1..N
                  for a single run; the overall ranges likewise; ratio,
                  difference, improvement and their intervals; verdicts
                  against intervals and p; the geometric means' test
                  counts, notes and verdicts; "first in k of n tests,
                  could be in c more" from the per-test ranges; the
                  resolution floor's SE (half the step, at any n).

Exit 0 when everything agrees, 1 with one line per disagreement
("DISAGREE input | test | system | output | quantity: shown X, reference
Y (source)"), 2 when it cannot run.  The last line is a summary such as
"consistency: 44 inputs, 152971 values checked, 0 disagreements".  An
input benchreport rejects (exit 1) is skipped with a note; compare is
skipped for one system.  --self-test perturbs a mean of the text report,
a sentence's direction word of compare text (faster <-> slower), an SE
line of the HTML charts, a stats CSV rank range (low and high swapped),
an overall rank range of compare text, an interval's direction word
of the Markdown report, and in the text report an across-tests interval,
a best mark on an unproven value and an overall "first in k", and fails
unless each is reported.  The reports' best/worst marks are checked
against the stats CSV rank ranges (exactly 1, exactly N), their
geometric-mean tables (test counts, both intervals, overall rank ranges
and firsts) against compare's CSV and text, and the order of the
summary's largest changes and primary results (compare --brief).
Python 3
standard library only.
"""

import csv
import decimal
import glob
import html.parser
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import xml.etree.ElementTree as ET
from collections import OrderedDict, defaultdict
from concurrent.futures import ThreadPoolExecutor

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "..", ".."))
CONF = 0.95            # the default --confidence
EQUIV = 5.0            # the --equivalence margin of the variant runs
LEVEL = 0.9999999      # the --confidence of the variant runs: "99.99999%"
NBSP = "\x1f"          # render/text/words.h BR_NBSP: a space never broken
TIMEOUT = 10           # seconds per benchreport run (each takes ~10 ms)

# --------------------------------------------------------------- inputs


def inputs():
    """(label, [paths]) of every input, paths relative to the top."""
    pats = ["samples/*.csv", "samples/*.txt", "tests/data/pts-real/*.xml",
            "tests/data/csv/pts-*.csv", "tests/data/csv/tidy-*.csv",
            "tests/data/table/*.txt", "tests/data/cli/*.csv",
            "tests/data/hostile/*.csv", "tests/consistency/data/*.csv",
            "tests/consistency/data/*.txt",
            # collapsed.csv is left out: its means 1 and 1.0000000000000004
            # print alike at 15 digits in the stats CSV
            "tests/data/numeric/[!c]*.csv", "tests/data/numeric/cancel.csv"]
    out = []
    for p in pats:
        for f in sorted(glob.glob(os.path.join(TOP, p))):
            rel = os.path.relpath(f, TOP)
            out.append((rel, [rel]))
    out.append(("samples/logs/", ["samples/logs/"]))
    out.append(("tests/data/numeric/postmark/",
                ["tests/data/numeric/postmark/"]))
    # several files of one machine: systems kept apart, named by file
    out.append(("tests/data/pts-history/", ["tests/data/pts-history/"]))
    out.append(("tests/data/names/", ["tests/data/names/"]))
    for d in sorted(glob.glob(os.path.join(TOP, "tests/data/logs/*/"))):
        rel = os.path.relpath(d, TOP) + "/"
        out.append((rel, [rel]))
    out.append(("tests/data/ministat/{iguana,chameleon}",
                ["tests/data/ministat/iguana", "tests/data/ministat/chameleon"]))
    return out


# ----------------------------------------------------- number formatting


def fnum(s):
    """A CSV/Markdown number, or None for an empty cell or "-"."""
    if s is None:
        return None
    s = s.strip()
    if s in ("", "-"):
        return None
    try:
        return float(s)
    except ValueError:
        return None


def decimals(s):
    m = re.search(r"\.(\d+)", s)
    return len(m.group(1)) if m else 0


def fmt_fixed(v, d):
    """analysis/numfmt.c br_fmt_fixed."""
    if v is None or not math.isfinite(v):
        return "-"
    if abs(v) >= 1e15:
        return "%.6g" % v
    s = "%.*f" % (d, v)
    if s.startswith("-") and set(s[1:]) <= set("0."):
        s = s[1:]
    return s


SI = {"k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18, "m": -3,
      "\u00b5": -6, "n": -9, "p": -12, "f": -15, "a": -18}


def fmt_si3(v):
    """analysis/numfmt.c fmt_si3: 3 significant digits and v's SI prefix
    ("1.38T"), "%.3g" beyond the prefixes."""
    m = abs(v)
    if m != 0 and (m >= 1e21 or m < 1e-18):
        return "%.3g" % v
    e = 0
    if m > 0:
        e = 3 * math.floor(math.log10(m) / 3)
        if m < 10.0 ** e:
            e -= 3
        e = max(-18, min(18, e))
    x = m / 10.0 ** e
    d = 2 if x < 10 else 1 if x < 100 else 0
    x = round(x * 10 ** d) / 10 ** d
    if x >= 1000 and e < 18:
        e += 3
        x /= 1000
    d = 2 if x < 10 else 1 if x < 100 else 0
    pre = next((k for k, p in SI.items() if p == e), "")
    return "%s%.*f%s" % ("-" if v < 0 else "", d, x, pre)


def grouped(s):
    """s with commas between groups of 3 integer digits ("12,345.60"),
    as analysis/numfmt.c group_digits writes chart numbers."""
    m = re.match(r"^(-?)(\d+)(.*)$", s)
    if not m:
        return s
    return m.group(1) + "{:,}".format(int(m.group(2))) + m.group(3)


def is_chart(out):
    """Whether output name out is a chart's (an SVG or a report's)."""
    return out.startswith("svg ") or " chart" in out


def near(x):
    """x and its neighbours 1e-12 relative away: a printed decimal tie may
    round either way after the CSV round trip or a Python re-derivation."""
    if x is None or not math.isfinite(x):
        return [x]
    # and 6e-15 relative away: a value printed with 13 to 15 significant
    # digits from a reference written with 15 (%.15g) can sit on the
    # other side of a tie the reference rounded
    # and just inside half a unit of a %.15g reference's last digit, the
    # interval its true value lies in: a value moved to another unit
    # and printed with 15 digits (2709113.55295392 s) rounds the moved
    # double, the reference its 15 digits in ms (2709113552.95393)
    h = 0.499 * 10.0 ** (math.floor(math.log10(abs(x))) - 14) if x else 0
    return [x, x * (1 + 1e-12), x * (1 - 1e-12), x * (1 + 6e-15),
            x * (1 - 6e-15), x + h, x - h]


DURATION = re.compile(r"^-?\d+:\d\d(:\d\d)?(\.\d+)?$")


def fmt_duration(secs, d):
    """analysis/numfmt.c br_fmt_duration: "26:20", "1:02:03", "1:02.5"
    (rounded once at d decimals of a second)."""
    m = round(abs(secs) * 10 ** d) / 10 ** d
    h = math.floor(m / 3600)
    mi = math.floor((m - h * 3600) / 60)
    sec = max(m - h * 3600 - mi * 60, 0)
    ss = "%0*.*f" % (d + 3 if d else 2, d, sec)
    sign = "-" if secs < 0 else ""
    if h > 0:
        return "%s%d:%02d:%s" % (sign, h, mi, ss)
    return "%s%d:%s" % (sign, mi, ss)


def shown_agrees(shown, x, fmt, dur_from=119.5):
    """Whether display text `shown` is x formatted by fmt(x) (at the
    precision the display chose when fmt is None: fixed decimals); m:ss
    from dur_from seconds (0 in a chart: its one notation writes every
    value of a duration chart so, doc/charts.md, "Numbers")."""
    shown = shown.strip()
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return shown in ("", "-")
    if shown in ("", "-"):
        return False
    if fmt is None and DURATION.match(shown):
        # a value written as m:ss, shown so again from 120 s (doc/
        # table.md, "Durations"); x is in the test's unit: seconds,
        # minutes or hours
        d = decimals(shown.rsplit(":", 1)[1])
        return any(fmt_duration(v * k, d) == shown and
                   abs(v * k) >= dur_from for k in (1, 60, 3600)
                   for v in near(x))
    if fmt is None:
        if re.search(r"[eE]", shown):
            # "%.6g" in tables, "%.3g" in charts: the digits shown
            m = re.match(r"^-?\d(?:\.(\d+))?[eE]", shown)
            sig = 1 + len(m.group(1) or "") if m else 6
            if any("%.*e" % (sig - 1, v) == shown for v in near(x)):
                return True     # a chart beyond the prefixes: "1.10e+01"

            def fmt(v):
                return "%.*g" % (sig, v)
        elif shown[-1:] in SI:
            # a chart's one prefix for all its numbers (doc/charts.md,
            # "One notation a chart"): "0.91T" beside "1.38T"
            e, d = SI[shown[-1]], decimals(shown[:-1])
            if any(fmt_fixed(v / 10.0 ** e, d) == shown[:-1]
                   for v in near(x)):
                return True
            fmt = fmt_si3       # a chart's "1.38T"
        elif "," in shown:
            d = decimals(shown)

            def fmt(v):         # a chart's "1,378,135"
                return grouped(fmt_fixed(v, d))
        else:
            d = decimals(shown)

            def fmt(v):
                return fmt_fixed(v, d)
    if any(fmt(v) == shown for v in near(x)):
        return True
    if shown.startswith("-") and x == 0 and fmt(x) == shown[1:]:
        return True     # -0 is 0
    # a value from 1e15 up shows 6 significant digits; the CSV has 15
    v = fnum(shown.rstrip("x%"))
    return v is not None and abs(x) >= 1e15 and \
        abs(v - x) <= 1e-13 * abs(x)


def fmt_pct(v):
    """render/report/report_values.c fmt_pct (overview percentages)."""
    return "" if v is None else "%.*f%%" % (2 if v < 10 else 1, v)


def fmt_x(v, d):
    """analysis/numfmt.c br_fmt_x: "1.035x"; two significant digits
    where d decimals would show 0 ("0.0042x"), fewer decimals where d
    would show more than 12 significant digits; "unbounded" at
    infinity."""
    if v is None or math.isnan(v):
        return fmt_fixed(v, d) + "x"
    if math.isinf(v):
        return "unbounded" if v > 0 else "-unbounded"
    if 0 < v < 10 * 10.0 ** -d:
        return "%.2g" % v + "x"
    if 1e12 <= abs(v) < 1e15:
        return "%.12g" % v + "x"    # no 13th digit (numfmt.c)
    # no more than 12 significant digits (numfmt.c BR_SIG_MAX)
    if v > 0 and d > 11 - math.floor(math.log10(v)):
        d = max(0, 11 - math.floor(math.log10(v)))
    return fmt_fixed(v, d) + "x"


def x3(v):
    """analysis/numfmt.c br_fmt_x(v, 3)."""
    return fmt_x(v, 3)


def fmt_level(conf):
    """analysis/numfmt.c br_fmt_level: a confidence level with the fewest
    decimals that give it back ("95%", "99.5%"), never "100%"."""
    pct = 100 * conf
    for d in range(12):
        s = "%.*f" % (d, pct)
        if abs(float(s) - pct) <= 1e-9 * pct and \
                (pct >= 100 or float(s) < 100):
            break
    return "%.*f%%" % (d, pct)


def fmt_rank(low, high):
    """analysis/numfmt.c br_fmt_rank from the CSV cells: "2-4", "3", or
    "" without a rank."""
    lo, hi = fnum(low), fnum(high)
    if lo is None or lo <= 0:
        return ""
    if hi == lo:
        return "%d" % lo
    return "%d-%s" % (lo, "?" if hi is None else "%d" % hi)


def pct_text(v):
    """A percent magnitude in a sentence: one decimal, none from 999.95
    up, two significant digits below 0.095 (analysis/sentence.c)."""
    if v != 0 and v < 0.095:
        return "%.2g%%" % v
    return "%.*f%%" % (1 if v < 999.95 else 0, v)


def x_text(v):
    """A factor magnitude (>= 1) in a sentence: 2 decimals below 9.995,
    1 below 99.95, 0 below 999.5, "%.0f" below 1e6, "%.3g" above."""
    if v >= 999.5 and math.isfinite(v):
        return ("%.0fx" if v < 1e6 else "%.3gx") % v
    return fmt_x(v, 2 if v < 9.995 else 1 if v < 99.95 else 0)


# ASCII folding of the text report (render/report/template.c ascii_of).
TRANSLIT = {0xa0: " ", 0xa9: "(c)", 0xab: "<<", 0xae: "(R)", 0xb0: "deg",
            0xb1: "+/-", 0xb2: "^2", 0xb5: "u", 0xb7: ".", 0xbb: ">>",
            0xd7: "x", 0xf7: "/", 0x3bc: "u", 0x2010: "-", 0x2011: "-",
            0x2012: "-", 0x2013: "-", 0x2014: "--", 0x2018: "'",
            0x2019: "'", 0x201c: '"', 0x201d: '"', 0x2022: "*",
            0x2026: "...", 0x2122: "(TM)", 0x2212: "-", 0x2248: "~",
            0x2264: "<=", 0x2265: ">="}
LATIN1 = ("AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTs"
          "aaaaaaaceeeeiiiidnooooo/ouuuuyty")
# Latin letters without a decomposition that have an ASCII form.
LATIN_EXTRA = {0x110: "D", 0x111: "d", 0x126: "H", 0x127: "h", 0x131: "i",
               0x141: "L", 0x142: "l", 0x152: "OE", 0x153: "oe",
               0x166: "T", 0x167: "t"}


def latin_base(ch):
    """A Latin letter with diacritics (U+0100..U+024F, U+1E00..U+1EFF)
    as its ASCII base letter (NFD), else None."""
    c = ord(ch)
    if not (0x100 <= c <= 0x24f or 0x1e00 <= c <= 0x1eff):
        return None
    d = unicodedata.normalize("NFD", ch)
    if len(d) > 1 and d[0].isascii() and d[0].isalpha() and all(
            unicodedata.category(m) == "Mn" for m in d[1:]):
        return d[0]
    return None


def ascii_fold(s):
    out = []

    def greek(k):
        return 0 <= k < len(s) and (0x370 <= ord(s[k]) <= 0x3ff or
                                    0x1f00 <= ord(s[k]) <= 0x1fff)
    for i, ch in enumerate(s):
        c = ord(ch)
        if 0x20 <= c < 0x7f or ch in "\n\t":
            out.append(ch)
        elif c == 0x3bc and (greek(i - 1) or greek(i + 1)):
            out.append(ch)  # a Greek word's mu, not the micro sign
        elif c < 0x20 or c == 0x7f:
            continue
        elif c in TRANSLIT:
            out.append(TRANSLIT[c])
        elif c in (0xc6, 0xe6):
            out.append("AE" if c == 0xc6 else "ae")
        elif c == 0xdf:
            out.append("ss")
        elif 0xc0 <= c <= 0xff:
            out.append(LATIN1[c - 0xc0])
        elif 0x300 <= c <= 0x36f and out and out[-1].isascii():
            continue       # an accent on a letter gone ASCII
        elif c in LATIN_EXTRA:
            out.append(LATIN_EXTRA[c])
        elif latin_base(ch):
            out.append(latin_base(ch))
        else:
            out.append(ch)  # no faithful ASCII form: kept
    return "".join(out)


def squash(s):
    """Blanks as br_wrap leaves them: runs of spaces become one."""
    return re.sub(r" +", " ", s.replace(NBSP, " ")).strip()


def name_key(s):
    """A name as compared: NFC, without U+200E marks (text outputs put
    them around right-to-left names)."""
    return unicodedata.normalize("NFC", s).replace("\u200e", "")


def name_matches(shown, full):
    """A system name as displayed (maybe cut, "..." or an ellipsis at the
    end; on charts maybe wrapped, its lines joined by a space; in charts
    and text tables maybe cut in the middle, or numbered " (2)" to tell
    it from a name alike: render/chart/labels.c) against the full name."""
    shown, full = name_key(shown).strip(), name_key(full).strip()
    if shown == full or squash(shown) == squash(full):
        return True
    for ell in ("...", "\u2026"):
        if shown.endswith(ell) and len(shown) > len(ell):
            head = shown[:-len(ell)].rstrip()
            if full.startswith(head) or squash(full).startswith(squash(head)):
                return True
    # chart labels: compared without blanks (a line break may fall
    # after a '/' or ',' or beside an ideograph, where no space was)
    bare, want = shown.replace(" ", ""), full.replace(" ", "")
    m = re.match(r"^(.*)\((\d+)\)$", bare)
    for b in [bare] + ([m.group(1)] if m and not want.endswith(
            "(%s)" % m.group(2)) else []):
        if b == want:
            return True
        # cut in the middle: an ellipsis on charts, "..." in text
        for ell in ("\u2026", "..."):
            if ell not in b:
                continue
            head, tail = b.split(ell, 1)
            if want.startswith(head) and want.endswith(tail) and \
                    len(head) + len(tail) < len(want):
                return True
    return False


# ------------------------------------------------------------ the checks


class Checks:
    """Values checked and disagreements found for one input."""

    def __init__(self, label):
        self.label = label
        self.n = 0
        self.bad = []
        self.notes = []
        self.shown = defaultdict(list)   # (test, sys, qty) -> [(out, text)]
        self.sig_tests = set()           # tests shown in significant digits
        self.pairs = defaultdict(set)    # (unit, known) -> {(words, ...)}

    def fail(self, test, system, output, qty, shown, ref):
        self.bad.append("DISAGREE %s | %s | %s | %s | %s: shown %r, "
                        "reference %s" % (self.label, test, system, output,
                                          qty, shown, ref))

    def structure(self, output, what):
        self.bad.append("DISAGREE %s | %s | structure: %s"
                        % (self.label, output, what))

    def note(self, what, always=False):
        self.notes.append((always, "note %s: %s" % (self.label, what)))

    def value(self, test, system, output, qty, shown, x, src, fmt=None,
              display=False, dur_from=119.5):
        """A displayed number against the reference x (dur_from: as
        shown_agrees)."""
        self.n += 1
        if shown is None:
            self.fail(test, system, output, qty, None, "%r (%s)" % (x, src))
            return False
        if display and shown.strip() not in ("", "-"):
            self.shown[(test, system, qty)].append((output, shown.strip()))
        if not shown_agrees(shown, x, fmt, dur_from):
            self.fail(test, system, output, qty, shown,
                      "%s (%s)" % ("no value" if x is None else repr(x), src))
            return False
        return True

    def same(self, test, system, output, qty, shown, ref, src):
        """Two texts (or numbers at full precision) that must be equal."""
        self.n += 1
        a, b = shown, ref
        if isinstance(ref, float) or isinstance(shown, float):
            a = shown if isinstance(shown, float) else fnum(shown)
            b = ref if isinstance(ref, float) else fnum(ref)
            # the CSV/JSON writers print %.15g: equal at 15 digits
            a = None if a is None else "%.15g" % a
            b = None if b is None else "%.15g" % b
        if a != b:
            self.fail(test, system, output, qty, shown, "%r (%s)" % (ref, src))
            return False
        return True

    def precision(self):
        """One quantity shown with different decimals by display outputs."""
        for (test, system, qty), lst in self.shown.items():
            decs = OrderedDict()
            fixed = [decimals(s) for out, s in lst if not is_chart(out)]
            for out, s in lst:
                # exponents and SI prefixes show digits, not decimals
                if re.search(r"[eE]", s) or s[-1:] in SI:
                    continue
                # a chart shows significant digits where the others'
                # decimals show 0 ("0.001" for "0.00", numfmt.c)
                v = fnum(s.replace(",", ""))
                if is_chart(out) and v and fixed and all(
                        abs(v) < 0.5 * 10.0 ** -d for d in fixed):
                    continue
                decs.setdefault(decimals(s), OrderedDict())[out] = s
            if len(decs) > 1 and test in self.sig_tests:
                # significant digits (numfmt.h BR_SIG): a number's
                # integer digits are all shown, so only one with
                # decimals says how many digits its test shows
                sigs = {sig_count(s) for d in decs.values()
                        for s in d.values() if decimals(s)}
                if len(sigs) <= 1:
                    continue
            if len(decs) > 1:
                self.bad.append(
                    "DISAGREE %s | %s | %s | %s | precision of %s: %s"
                    % (self.label, test, system, " vs ".join(
                        next(iter(d)) for d in decs.values()), qty,
                       "; ".join("%r in %s" % (next(iter(d.values())),
                                               ", ".join(d))
                                 for d in decs.values())))


# ----------------------------------------------------------- the model


class Test:
    def __init__(self, idx, key):
        self.idx = idx
        self.key = key
        self.id, self.title, self.desc, self.unit, self.dirn = key
        self.rows = OrderedDict()     # system -> stats csv row (scalar)
        self.series = False           # a line graph (rows with x)
        self.points = OrderedDict()   # system -> its series rows
        self.cmp = OrderedDict()      # system -> compare csv row
        self.se_dec = None            # decimals of SEs (stats text)
        self.sub = False              # a sub-metric (convert's tidy CSV)
        self.geo_out = False          # a sub-metric the geometric means
        #                               leave out (doc/statistics.md,
        #                               "Primary metrics")

    @property
    def label(self):
        d = " - " + self.desc if self.desc else ""
        return "#%d %s%s" % (self.idx + 1, self.title, d.replace("\n", " "))

    def has_value(self, s):
        r = self.rows.get(s)
        return r is not None and r["x"] == "" and \
            fnum(r["mean"]) is not None and int(r["n"] or 0) > 0

    def table_systems(self):
        """Systems with a (non-series) entry: the rows of text tables."""
        return [s for s, r in self.rows.items() if r["x"] == ""]

    def valued(self):
        return [s for s in self.rows if self.has_value(s)]

    @property
    def scalar(self):
        """A bar-chart test: not a series, and not pass/fail only."""
        if self.series:
            return False
        if self.valued():
            return True
        return not all(r["note"] in ("PASS", "FAIL") or
                       r["note"].upper() in ("PASS", "FAIL")
                       for r in self.rows.values()) or not self.rows

    def mean(self, s):
        return fnum(self.rows[s]["mean"]) if s in self.rows else None


def is_wins_row(r):
    """A row of the wins table (doc/statistics.md, "Wins and losses"),
    checked by tests/reference/wins_groups_ref.py, not a test."""
    return r.get("test") == "wins" and r.get("title") == \
        "Wins and losses" and r.get("unit") == ""


def csv_rows(text):
    return [r for r in csv.DictReader(io.StringIO(text))
            if not is_wins_row(r)]


def row_key(r):
    return (r["test"], r["title"], r["description"], r["unit"],
            r["direction"])


def build_tests(rows):
    """Group stats CSV rows into tests, in order."""
    tests = []
    cur = None
    last_sys = None
    for r in rows:
        k = row_key(r)
        # a system seen again starts the next test, unless it is the next
        # point of its series (one row per x)
        new = cur is None or cur.key != k or (
            r["system"] in cur.rows and
            (r["x"] == "" or r["system"] != last_sys))
        if new:
            cur = Test(len(tests), k)
            tests.append(cur)
        if r["x"] != "":
            cur.series = True
            cur.points.setdefault(r["system"], []).append(r)
        if r["system"] not in cur.rows:
            cur.rows[r["system"]] = r
        last_sys = r["system"]
    return tests


# ------------------------------------------------ time units (issue 26)
# Text, Markdown, HTML, charts and `stats`/`compare` as text show a time
# test in the unit its typical value calls for (doc/statistics.md, "Time
# units"); CSV, JSON and the md tables keep the input's.  The rule, made
# again here from the CSV: the median of the |means| (scalar rows and
# series points; the upper middle one), the largest of s, ms, us, ns it
# is at least one of.  The human outputs are then checked against the
# CSV rows moved to that unit (decimal.scaleb: exact).

TIME_EXP = {"ns": -9, "nsec": -9, "nanosecond": -9, "nanoseconds": -9,
            "us": -6, "\u00b5s": -6, "usec": -6, "microsecond": -6,
            "microseconds": -6, "ms": -3, "msec": -3, "millisecond": -3,
            "milliseconds": -3, "s": 0, "sec": 0, "secs": 0, "second": 0,
            "seconds": 0}
TIME_UNITS = ((0, "s"), (-3, "ms"), (-6, "\u00b5s"), (-9, "ns"))
STATS_SCALED = ("mean", "sd", "se", "ci_low", "ci_high", "median", "min",
                "max")
CMP_SCALED = ("mean", "baseline_mean", "difference", "difference_ci_low",
              "difference_ci_high")


def time_unit(t):
    """(k, unit) when test t is shown in another time unit: its values
    times 10^k, in unit; None when it stays."""
    e = TIME_EXP.get(t.unit.strip().lower())
    if e is None:
        return None
    rows = list(t.rows.values()) + [r for p in t.points.values() for r in p]
    seen, vals = set(), []
    for r in rows:
        m = fnum(r["mean"])
        if id(r) in seen or m is None or not math.isfinite(m) or m == 0:
            continue
        seen.add(id(r))
        vals.append(abs(m) * 10.0 ** e)
    if not vals:
        return None
    # a spread too narrow beside its mean to move the point without
    # costing the SD digits (|mean| / sd above 1e6), or a mean of 0
    # with a spread, keeps the unit
    for r in rows:
        m, sd = fnum(r["mean"]), fnum(r["sd"])
        if m is not None and sd and sd > 0 and (abs(m) > 1e6 * sd or
                                                m == 0):
            return None
    vals.sort()
    typ = vals[len(vals) // 2]
    ue, name = next(((x, n) for x, n in TIME_UNITS if typ >= 10.0 ** x),
                    TIME_UNITS[-1])
    return None if ue == e else (e - ue, name)


def time_units(tests):
    """Row key -> (k, unit) of every test shown in another unit."""
    return {t.key: u for t in tests for u in [time_unit(t)] if u}


def scaled_rows(rows, units, cols):
    """rows (stats or compare CSV) as the human outputs show them."""
    out = []
    for r in rows:
        u = units.get(row_key(r))
        if u:
            r = dict(r)
            r["unit"] = u[1]
            r["unit_shift"] = u[0]      # the power of ten it moved by
            for c in cols:
                v = r.get(c, "")
                try:
                    d = decimal.Decimal(v)
                except (decimal.InvalidOperation, ValueError):
                    continue
                if d.is_finite():
                    r[c] = format(d.scaleb(u[0]), "f")
        out.append(r)
    return out


def systems_of(tests):
    seen = OrderedDict()
    for t in tests:
        for s in t.rows:
            seen[s] = True
    return list(seen)


def assign_compare(tests, rows, ck):
    """Compare CSV rows onto the tests; returns (geomean rows by system,
    baseline name or None)."""
    geo = OrderedDict()
    i = 0
    base = None
    for r in rows:
        if r["test"] == "geomean" and r["title"] == \
                "Geometric mean of speedups" and r["unit"] == "":
            geo[r["system"]] = r
            continue
        if r["test"] == "group" and r["unit"] == "":
            continue    # a group's geometric mean (--group-by): checked by
            # tests/reference/wins_groups_ref.py
        base = r["baseline"]
        k = row_key(r)
        j = i
        while j < len(tests) and (tests[j].key != k or
                                  r["system"] in tests[j].cmp or
                                  tests[j].series):
            j += 1
        if j == len(tests):
            ck.structure("compare csv", "row for %s / %s matches no stats "
                         "test" % (r["title"], r["system"]))
            continue
        tests[j].cmp[r["system"]] = r
        i = j
    return geo, base


# ------------------------------------------------------- text utilities


def join_lines(lines):
    """Wrapped lines as one string (br_wrap breaks only at blanks) and
    the (offset, indent) where each line starts in it."""
    parts, starts, pos = [], [], 0
    for ln in lines:
        s = ln.lstrip(" ")
        if parts:
            pos += 1
        starts.append((pos, len(ln) - len(s)))
        parts.append(s)
        pos += len(s)
    return " ".join(parts), starts


def columns(lines):
    """Column spans of an aligned text table: position ranges occupied
    in some line, separated by two or more blanks in every line."""
    width = max(len(ln) for ln in lines)
    occ = [False] * width
    for ln in lines:
        for p, ch in enumerate(ln):
            if ch != " ":
                occ[p] = True
    spans, p = [], 0
    while p < width:
        if not occ[p]:
            p += 1
            continue
        start = p
        while p < width:
            if occ[p]:
                p += 1
                continue
            q = p
            while q < width and not occ[q]:
                q += 1
            if q - p >= 2 or q == width:
                break
            p = q
        spans.append((start, p))
    return spans


def cells(line, spans):
    return ["".join(line[a:b]).strip() for a, b in spans]


def grid(line):
    """A text line as the terminal columns it fills: a list with one
    string per column (a wide CJK character fills two: itself and "";
    a combining mark joins its letter; U+200E marks take none), so that
    columns() and cells() read tables of any script."""
    out = []
    for ch in unicodedata.normalize("NFC", line):
        if ch == "\u200e":
            continue
        w = term_cols(ch)
        if w == 0 and out:
            out[-1] += ch
        elif w == 2:
            out += [ch, ""]
        elif w:
            out.append(ch)
    return out


def md_split(line):
    """Cells of a Markdown table row ('|' escaped as '\\|' stays text)."""
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    out, cur, i = [], [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            cur.append(s[i:i + 2])
            i += 2
            continue
        if s[i] == "|":
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(s[i])
        i += 1
    out.append("".join(cur).strip())
    return out


def md_unescape(s):
    """Template escaping (backslashes) and the table writer's (\\| &lt;)."""
    return re.sub(r"\\(.)", r"\1", s).replace("&lt;", "<")


# -------------------------------------------------------------- HTML DOM


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children = []

    def cls(self):
        return (self.attrs.get("class") or "").split()

    def text(self):
        # aria-hidden elements (the systems' colour swatches) are
        # decoration, not what the page says
        return "".join(c if isinstance(c, str) else
                       "" if c.attrs.get("aria-hidden") == "true" else
                       c.text() for c in self.children)

    def own_text(self):
        return "".join(c for c in self.children if isinstance(c, str))

    def find_all(self, tag=None, cls=None, pred=None):
        out = []
        for c in self.children:
            if isinstance(c, str):
                continue
            if (tag is None or c.tag == tag) and \
                    (cls is None or cls in c.cls()) and \
                    (pred is None or pred(c)):
                out.append(c)
            out.extend(c.find_all(tag, cls, pred))
        return out

    def kids(self, tag=None):
        return [c for c in self.children
                if not isinstance(c, str) and (tag is None or c.tag == tag)]


class DomBuilder(html.parser.HTMLParser):
    VOID = {"meta", "link", "br", "img", "input", "hr", "area", "base",
            "col", "embed", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in self.VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def parse_html(text):
    b = DomBuilder()
    b.feed(text)
    b.close()
    return b.root


# ------------------------------------------------------------ the runner


class Runner:
    def __init__(self, br, tmp):
        self.br, self.tmp = br, tmp
        self.env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000",
                        LC_ALL="C.UTF-8", TZ="UTC")

    def run(self, args):
        try:
            p = subprocess.run([self.br] + args, cwd=TOP, env=self.env,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return (-1, "", "did not finish within %d s (killed)" % TIMEOUT)
        # the U+200E marks around right-to-left names in text take no
        # room and say nothing: read without them (render/text/uchar.h)
        return (p.returncode,
                p.stdout.decode("utf-8", "replace").replace("\u200e", ""),
                p.stderr.decode("utf-8", "replace"))


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


# ===================================================== full-precision


def check_full(ck, rows, out_rows, output, cols_num):
    """JSON / Markdown rows against the CSV rows: same count, same cells
    (numbers equal as doubles)."""
    if len(out_rows) != len(rows):
        ck.structure(output, "%d rows, the CSV has %d"
                     % (len(out_rows), len(rows)))
        return
    for r, o in zip(rows, out_rows):
        test = "%s - %s" % (r["title"], r["description"])
        for c, v in r.items():
            got = o.get(c)
            ck.n += 1
            if c in cols_num:
                a, b = fnum(v), (got if isinstance(got, float) or got is None
                                 else fnum(str(got)))
                if isinstance(got, int) and not isinstance(got, bool):
                    b = float(got)
                if a != b:
                    ck.fail(test, r["system"], output, c, got,
                            "%r (csv)" % v)
            else:
                if (got if got is not None else "") != v:
                    ck.fail(test, r["system"], output, c, got,
                            "%r (csv)" % v)


def json_rows(text):
    rows = json.loads(text)["rows"]
    return [{k: (float(v) if isinstance(v, (int, float)) and
                 not isinstance(v, bool) else v) for k, v in r.items()}
            for r in rows if not is_wins_row(r)]


def md_rows(text):
    lines = [ln for ln in text.splitlines() if ln.startswith("|")]
    if len(lines) < 2:
        return []
    head = [md_unescape(c) for c in md_split(lines[0])]
    out = []
    for ln in lines[2:]:
        cs = md_split(ln)
        d = {}
        for h, c in zip(head, cs):
            c = md_unescape(c)
            d[h] = c
        if not is_wins_row(d):
            out.append(d)
    return out


def check_md_full(ck, rows, text, output, cols_num):
    got = md_rows(text)
    if len(got) != len(rows):
        ck.structure(output, "%d rows, the CSV has %d" % (len(got), len(rows)))
        return
    for r, o in zip(rows, got):
        test = "%s - %s" % (r["title"], r["description"])
        for c, v in r.items():
            g = o.get(c)
            ck.n += 1
            if c in cols_num:
                if fnum(v) != fnum(g):
                    ck.fail(test, r["system"], output, c, g, "%r (csv)" % v)
            elif " ".join((g or "").split()) != " ".join(v.split()) and \
                    not (v == "" and g in ("-", "")):
                ck.fail(test, r["system"], output, c, g, "%r (csv)" % v)


# the columns, in order (doc/statistics.md; render/table/stats_out.c csv_cols,
# render/table/compare_out.c cols)
STATS_COLS = ["test", "title", "description", "unit", "direction", "system",
              "n", "mean", "sd", "se", "ci_low", "ci_high", "median", "min",
              "max", "cv_pct", "rank_low", "rank_high", "relative", "x",
              "flagged_runs", "note", "place", "first", "last", "tied",
              "counted"]
CMP_COLS = ["test", "title", "description", "unit", "direction", "system",
            "baseline", "mean", "baseline_mean", "improvement_pct",
            "improvement_ci_low_pct", "improvement_ci_high_pct", "p_value",
            "verdict", "ratio", "ratio_ci_low", "ratio_ci_high", "t", "df",
            "mde_pct", "runs_needed", "note", "overall_rank_low",
            "overall_rank_high", "difference", "difference_ci_low",
            "difference_ci_high", "equiv_ci_low_pct", "equiv_ci_high_pct",
            "speedup", "speedup_ci_low", "speedup_ci_high", "place",
            "first", "last", "tied", "counted"]


def check_header(ck, text, want, out):
    got = next(csv.reader(io.StringIO(text)), [])
    ck.same("-", "-", out, "CSV columns", ",".join(got), ",".join(want),
            "the documented columns")


STATS_NUM = {"n", "mean", "sd", "se", "ci_low", "ci_high", "median", "min",
             "max", "cv_pct", "rank_low", "rank_high", "relative", "x"}
CMP_NUM = {"mean", "baseline_mean", "improvement_pct",
           "improvement_ci_low_pct", "improvement_ci_high_pct", "p_value",
           "ratio", "ratio_ci_low", "ratio_ci_high", "t", "df", "mde_pct",
           "runs_needed", "overall_rank_low", "overall_rank_high",
           "difference", "difference_ci_low", "difference_ci_high",
           "equiv_ci_low_pct", "equiv_ci_high_pct", "speedup",
           "speedup_ci_low", "speedup_ci_high"}


# ============================================ compare CSV against itself


def check_speedup_cols(ck, t, s, out, r, lib):
    """speedup and its interval: the ratio and its interval for
    more-is-better (and unknown), their reciprocals (the ends swapped)
    for fewer-is-better (doc/statistics.md, Signs of the CSV columns)."""
    sp = [fnum(r.get(c)) for c in ("speedup", "speedup_ci_low",
                                   "speedup_ci_high")]
    ra = [fnum(r.get(c)) for c in ("ratio", "ratio_ci_low",
                                   "ratio_ci_high")]
    if lib:
        ra = [None if x is None else math.inf if x == 0 else 1 / x
              for x in (ra[0], ra[2], ra[1])]
    for q, a, b in zip(("speedup", "speedup_ci_low", "speedup_ci_high"),
                       sp, ra):
        ck.n += 1
        if (a is None) != (b is None) or (a is not None and a != b and
                                          abs(a - b) > 1e-12 * abs(b)):
            ck.fail(t.label, s, out, q, a, "%r (from the ratio columns, "
                    "direction %s)" % (b, t.dirn))


def check_compare_csv(ck, tests, base, equiv=0.0, out="compare csv",
                      conf=CONF):
    """compare CSV against stats CSV (means) and its own columns (doc:
    Signs of the CSV columns): improvement = 100 (S - 1); ratio = mean /
    baseline_mean, empty unless both are above 0; difference = mean -
    baseline_mean inside its interval; the improvement interval is the
    ratio interval's (reciprocal for fewer-is-better); too noisy (the
    note) exactly when a ratio has no interval; the verdict against its
    intervals and p; with --equivalence the (1 - 2a) interval inside the
    (1 - a) one around the point, and equivalent exactly when it lies
    within the margin."""
    alpha = 1 - conf

    def close(a, b, rel=1e-9):
        return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)

    for t in tests:
        lib = t.dirn == "LIB"
        for s, r in t.cmp.items():
            m, bm = fnum(r["mean"]), fnum(r["baseline_mean"])
            ck.same(t.label, s, out, "mean", m, t.mean(s)
                    if t.has_value(s) else None, "stats csv")
            ck.same(t.label, s, out, "baseline_mean", bm,
                    t.mean(base) if base in t.rows else None, "stats csv")
            imp = fnum(r["improvement_pct"])
            lo, hi = fnum(r["improvement_ci_low_pct"]), \
                fnum(r["improvement_ci_high_pct"])
            ratio = fnum(r["ratio"])
            rlo, rhi = fnum(r["ratio_ci_low"]), fnum(r["ratio_ci_high"])
            d, dlo, dhi = fnum(r["difference"]), \
                fnum(r["difference_ci_low"]), fnum(r["difference_ci_high"])
            v = r["verdict"]
            if m is None or bm is None:
                continue
            pos = m > 0 and bm > 0
            if pos:
                # a ratio past the doubles (or its reciprocal) is none
                # (stats/compare.c normal_ratio)
                try:
                    q = m / bm
                    pos = 2.2250738585072014e-308 <= q < math.inf and \
                        1 / q >= 2.2250738585072014e-308 and \
                        1 / q < math.inf
                except (OverflowError, ZeroDivisionError):
                    pos = False
            ck.n += 1
            if (ratio is not None) != pos or \
                    (pos and not close(ratio, m / bm, 1e-12)):
                ck.fail(t.label, s, out, "ratio", r["ratio"],
                        "mean / baseline_mean = %r" % (m / bm) if pos
                        else "empty: a mean is not above 0")
            ck.n += 1
            if d is None or not close(d, m - bm, 1e-9) and \
                    abs(d - (m - bm)) > 1e-12 * max(abs(m), abs(bm)):
                ck.fail(t.label, s, out, "difference", r["difference"],
                        "mean - baseline_mean = %r" % (m - bm))
            if dlo is not None and dhi is not None and d is not None:
                ck.n += 1
                if not dlo <= d <= dhi:
                    ck.fail(t.label, s, out, "difference CI",
                            "%s to %s" % (dlo, dhi), "around %r" % d)
            # every printed interval holds its point (doc: Ratio
            # interval), and a proven ratio's interval excludes 1
            for what, pt, a, b in (("ratio CI", ratio, rlo, rhi),
                                   ("improvement CI", imp, lo, hi)):
                if pt is None or a is None or b is None:
                    continue
                ck.n += 1
                if not a <= pt <= b:
                    ck.fail(t.label, s, out, what, "%r to %r" % (a, b),
                            "around %r" % pt)
            if rlo is not None and rhi is not None and \
                    v in ("better", "worse"):
                ck.n += 1
                if not (rlo > 1 or rhi < 1):
                    ck.fail(t.label, s, out, "ratio CI beside " + v,
                            "%s to %s" % (r["ratio_ci_low"],
                                          r["ratio_ci_high"]),
                            "an interval without 1")
            if ratio is not None and imp is not None:
                S = 1 / ratio if lib else ratio
                ck.n += 1
                if abs(100 * (S - 1) - imp) > 1e-9 * max(1, abs(imp)):
                    ck.fail(t.label, s, out, "improvement_pct vs "
                            "ratio", r["improvement_pct"],
                            "100 (S - 1) = %r from ratio %s"
                            % (100 * (S - 1), r["ratio"]))
            check_speedup_cols(ck, t, s, out, r, lib)
            if rlo is not None and rhi is not None and lo is not None \
                    and hi is not None:
                slo, shi = (1 / rhi, 1 / rlo) if lib else (rlo, rhi)
                ck.n += 1
                if abs(100 * (slo - 1) - lo) > 1e-9 * max(1, abs(lo)) or \
                        abs(100 * (shi - 1) - hi) > 1e-9 * max(1, abs(hi)):
                    ck.fail(t.label, s, out, "improvement CI vs ratio CI",
                            "%s to %s" % (lo, hi), "%r to %r from ratio CI"
                            " %s to %s" % (100 * (slo - 1), 100 * (shi - 1),
                                           rlo, rhi))
            noisy = r["note"] == NOISY
            ck.n += 1
            want_noisy = ratio is not None and rlo is None and \
                v != "single-run"
            if noisy != want_noisy or (noisy and (lo is not None or
                                                  hi is not None)):
                ck.fail(t.label, s, out, "too noisy (note)", r["note"],
                        "%s: ratio %r, its CI %r to %r, verdict %s"
                        % ("too noisy" if want_noisy else "not too noisy",
                           r["ratio"], r["ratio_ci_low"],
                           r["ratio_ci_high"], v))
            # the verdict against the intervals (equivalent aside)
            sig = None
            if dlo is not None and dhi is not None:
                sig = dlo > 0 or dhi < 0
                good = (dhi < 0) if lib else (dlo > 0)
                if v in ("better", "worse", "no-difference",
                         "inconclusive"):
                    want = ("better" if good else "worse") if sig else \
                        "inconclusive" if equiv else "no-difference"
                    ck.n += 1
                    if want != v:
                        ck.fail(t.label, s, out, "verdict vs its CI", v,
                                "%s (difference CI %s to %s)"
                                % (want, dlo, dhi))
            if v in ("better", "worse", "no-difference") and \
                    lo is not None and hi is not None:
                ck.n += 1
                want = "better" if lo > 0 else "worse" if hi < 0 else \
                    "no-difference"
                if want != v:
                    ck.fail(t.label, s, out, "verdict vs its CI",
                            v, "%s (CI %s to %s)" % (want, lo, hi))
            p = fnum(r["p_value"])
            if p is not None and v != "single-run":
                ck.n += 1
                if sig is not None and (p < alpha) != sig:
                    ck.fail(t.label, s, out, "p vs the difference CI",
                            r["p_value"], "%s than %g (CI %s to %s)"
                            % ("below" if sig else "not below", alpha,
                               dlo, dhi))
                if v in ("better", "worse", "no-difference") and \
                        (p < alpha) != (v != "no-difference"):
                    ck.fail(t.label, s, out, "verdict vs p", v,
                            "p = %r" % p)
            elo, ehi = fnum(r["equiv_ci_low_pct"]), \
                fnum(r["equiv_ci_high_pct"])
            if not equiv:
                ck.same(t.label, s, out, "equivalence interval",
                        "%s to %s" % (r["equiv_ci_low_pct"],
                                      r["equiv_ci_high_pct"]), " to ",
                        "empty without --equivalence")
                continue
            if elo is None or ehi is None:
                ck.n += 1
                if v == "equivalent":
                    ck.fail(t.label, s, out, "equivalence interval", None,
                            "an interval: the verdict is equivalent")
                continue
            ck.n += 1
            tol = 1e-9 * max(1, abs(imp or 0))
            if imp is None or not (elo - tol <= imp <= ehi + tol) or \
                    (lo is not None and elo < lo - tol) or \
                    (hi is not None and ehi > hi + tol):
                ck.fail(t.label, s, out, "equivalence interval",
                        "%s to %s" % (elo, ehi), "around %s, inside %s to "
                        "%s" % (r["improvement_pct"], lo, hi))
            ck.n += 1
            inside = -equiv < elo and ehi < equiv
            if inside != (v == "equivalent"):
                ck.fail(t.label, s, out, "verdict vs the equivalence "
                        "interval", v, "%s (%s to %s, margin %g%%)"
                        % ("equivalent" if inside else "not equivalent",
                           elo, ehi, equiv))


# ======================================================= rank ranges


def check_ranks(ck, tests, base):
    """rank_low, rank_high of the stats CSV (doc/statistics.md, Ranks):
    1 <= low <= high <= N (the systems with a value; none without one);
    ordering by mean (direction-aware; unknown as more is better) fits in
    every range: a system proven better has a better mean, so low is at
    most 1 + the systems with a better mean and high at least N - those
    with a worse one; a single run or a summary without an SE is never
    proven: 1 to N; and every pair compare proves against the baseline
    (its CSV verdict, unadjusted) is consistent with the ranges: the
    better one's low end at most the worse one's high end."""
    out = "stats csv"
    for t in tests:
        if t.series:
            continue
        V = t.valued()
        # systems faster than measurable (bonnie++'s "+++++", stats csv
        # note): every measured one ranks after them (doc/statistics.md,
        # Too fast to measure)
        F = sum(1 for s in t.rows if no_value_note(t, s) == FAST)
        N = len(V)
        rk = {}
        for s, r in t.rows.items():
            lo, hi = fnum(r["rank_low"]), fnum(r["rank_high"])
            ck.n += 1
            if s not in V:
                if lo is not None or hi is not None:
                    ck.fail(t.label, s, out, "rank range",
                            fmt_rank(r["rank_low"], r["rank_high"]),
                            "none: no value")
                continue
            if lo is None or hi is None or not 1 + F <= lo <= hi <= N + F:
                ck.fail(t.label, s, out, "rank range", "%s to %s"
                        % (r["rank_low"], r["rank_high"]),
                        "%d <= low <= high <= %d (systems with a value%s)"
                        % (1 + F, N + F, ", after %d faster than "
                           "measurable" % F if F else ""))
                continue
            rk[s] = (lo - F, hi - F)
        sign = -1 if t.dirn == "LIB" else 1
        for s, (lo, hi) in rk.items():
            key = sign * t.mean(s)
            above = sum(1 for x in V if sign * t.mean(x) > key)
            below = sum(1 for x in V if sign * t.mean(x) < key)
            ck.n += 1
            if not (lo <= 1 + above and hi >= N - below):
                ck.fail(t.label, s, out, "rank range vs the order of the "
                        "means", "%d-%d" % (lo, hi), "a range holding "
                        "%d-%d (%d better, %d worse means)"
                        % (1 + above, N - below, above, below))
            r = t.rows[s]
            if int(r["n"]) < 2 or fnum(r["se"]) is None:
                ck.n += 1
                if (lo, hi) != (1, N):
                    ck.fail(t.label, s, out, "rank range of a single run "
                            "(or no SE)", "%d-%d" % (lo, hi),
                            "1-%d: never proven either way" % N)
        if base not in rk:
            continue
        for s, cr in t.cmp.items():
            if s not in rk or cr["verdict"] not in ("better", "worse"):
                continue
            b, w = (s, base) if cr["verdict"] == "better" else (base, s)
            ck.n += 1
            if not rk[b][0] <= rk[w][1]:
                ck.fail(t.label, s, out, "rank range vs compare's verdict",
                        "%s: %d-%d, %s: %d-%d" % (b, rk[b][0], rk[b][1], w,
                                                  rk[w][0], rk[w][1]),
                        "%s proven %s than %s (compare csv): its low end "
                        "at most the other's high end"
                        % (s, cr["verdict"], base))


# ====================================================== stats text


def split_blocks(text):
    return [b.strip("\n") for b in text.strip("\n").split("\n\n")]


def parse_table_rows(ck, output, t, header_idx, lines, names, disp,
                     ncols, indent):
    """Rows of an aligned table.  names: systems expected in order
    (name as displayed by disp()).  Returns {system: cells or None
    (no-value row)}, or None when the layout could not be read."""
    rows = lines[header_idx + 1:header_idx + 1 + len(names)]
    if len(rows) < len(names):
        ck.structure(output, "%s: %d table rows, expected %d"
                     % (t.label, len(rows), len(names)))
        return None
    rows = [grid(ln) for ln in rows]
    normal = [ln for ln, s in zip(rows, names) if t.has_value(s)]
    spans = columns([grid(lines[header_idx])] + normal)
    if len(spans) != ncols:
        ck.structure(output, "%s: cannot read the table's columns (%d, "
                     "expected %d)" % (t.label, len(spans), ncols))
        return None
    out = OrderedDict()
    for ln, s in zip(rows, names):
        body = "".join(ln[indent:])
        first = re.split(r"  +", body.strip(), 1)[0]
        ck.n += 1
        if not name_matches(first, disp(s)) and \
                not body.startswith(disp(s)):
            ck.fail(t.label, s, output, "row order / system name", first,
                    repr(disp(s)))
        out[s] = cells(ln, spans) if t.has_value(s) else None
    return out


def check_stats_series_text(ck, t, lines, out):
    """A series test's stats text table (render/table/stats_out.c): a row per
    system and x point with a value, System, x, N, Mean, SE, CI low,
    high, CV%, against the stats CSV's series rows."""
    hi = next((i for i, ln in enumerate(lines)
               if ln.startswith("System") and " CV%" in ln), None)
    ck.n += 1
    if hi is None:
        ck.structure(out, "%s: no series table header" % t.label)
        return
    want = [(sy, r) for sy in t.points for r in t.points[sy]]
    rows = lines[hi + 1:]
    if len(rows) != len(want):
        ck.structure(out, "%s: %d series rows, the stats csv has %d"
                     % (t.label, len(rows), len(want)))
        return
    for ln, (sy, r) in zip(rows, want):
        # the name may hold single blanks; the columns are 2+ apart
        c = re.split(r"  +", ln.strip())
        ck.n += 1
        if len(c) < 8 or not name_matches(c[0], sy):
            ck.fail(t.label, sy, out, "series row", ln, repr(sy))
            continue
        c = c[:1] + re.split(r" +", " ".join(c[1:]))
        x = fnum(r["x"])
        ck.value(t.label, sy, out, "point x", c[1], x, "stats csv x")
        ck.same(t.label, sy, out, "point %s N" % r["x"], c[2], r["n"],
                "stats csv")
        for k, col, q in ((3, "mean", "mean"), (4, "se", "SE"),
                          (5, "ci_low", "CI low"), (6, "ci_high", "CI high"),
                          (7, "cv_pct", "CV%")):
            ck.value(t.label, sy, out, "point %s %s" % (r["x"], q), c[k],
                     fnum(r[col]), "stats csv")


def check_stats_text(ck, tests, text, out="stats text", conf=CONF):
    blocks = split_blocks(text)
    if len(blocks) != len(tests):
        ck.structure(out, "%d blocks, %d tests" % (len(blocks), len(tests)))
        return
    for t, b in zip(tests, blocks):
        lines = b.split("\n")
        if t.series and t.points:
            check_stats_series_text(ck, t, lines, out)
            continue
        hi = next((i for i, ln in enumerate(lines)
                   if ln.startswith("System") and " Rank" in ln), None)
        if hi is None:
            ck.structure(out, "%s: no table header" % t.label)
            continue
        ck.n += 1
        if not lines[0].startswith(t.title.split("\n")[0]):
            ck.fail(t.label, "-", out, "test heading", lines[0],
                    repr(t.title))
        lvm = re.search(r"(\S+) CI low", lines[hi])
        ck.same(t.label, "-", out, "confidence level of the CI column",
                lvm.group(1) if lvm else None, fmt_level(conf),
                "--confidence %.15g" % conf)
        names = t.table_systems()
        if not names:
            continue
        rows = parse_table_rows(ck, out, t, hi, lines, names, lambda s: s,
                                8, 0)
        if rows is None:
            continue
        sig = sig_display([c for c in rows.values() if c is not None])
        for s, c in rows.items():
            r = t.rows[s]
            if c is None:
                ck.value(t.label, s, out, "mean (no value)", "-", None,
                         "stats csv")
                continue
            _, n, mean, se, lo, hi_, cv, rank = c
            ck.same(t.label, s, out, "N", n, r["n"], "stats csv")
            ck.value(t.label, s, out, "mean", mean, fnum(r["mean"]),
                     "stats csv", display=True)
            ck.value(t.label, s, out, "SE", se, fnum(r["se"]), "stats csv",
                     display=True)
            ck.value(t.label, s, out, "CI low", lo, fnum(r["ci_low"]),
                     "stats csv", display=True)
            ck.value(t.label, s, out, "CI high", hi_, fnum(r["ci_high"]),
                     "stats csv", display=True)
            ck.value(t.label, s, out, "CV%", cv, fnum(r["cv_pct"]),
                     "stats csv")
            ck.same(t.label, s, out, "rank", rank,
                    fmt_rank(r["rank_low"], r["rank_high"]),
                    "stats csv rank_low, rank_high")
            if not re.search(r"[eE]", se) and fnum(se) is not None:
                # the SE's decimals: max(2, the test's decimals), fewer
                # where that would show more than 15 significant digits
                # (numfmt.c br_se_decimals_of); differences in sentences
                # use them too
                t.se_dec = decimals(se)
            elif t.se_dec is None and not re.search(r"[eE]", mean):
                # doc/pts-format.md 2.2: SE has max(2, the test's
                # decimals) (no SE printed: assumed uncapped), in the
                # input's unit; moved to a larger one (10^k, k < 0:
                # "1165300.00" ms is "1165.30000" s) the point moves
                # with it (doc/statistics.md, "Time units")
                k = min(0, r.get("unit_shift", 0))
                t.se_dec = max(2 - k, decimals(mean))
        if sig:
            # significant digits, not decimals (numfmt.h BR_SIG): the
            # sentences' differences are read at the digits they show
            t.se_dec = None
            ck.sig_tests.add(t.label)
        check_floored(ck, t, out, lines[hi + 1 + len(names):], rows)


def sig_count(text):
    """Significant digits a printed number shows ("0.0003390": 4)."""
    m = re.match(r"^-?(\d*)(?:\.(\d*))?(?:[eE][-+]?\d+)?$", text.strip())
    if not m:
        return 0
    return len(((m.group(1) or "") + (m.group(2) or "")).lstrip("0"))


def sig_display(cells):
    """Whether a stats text table (cells: System, N, Mean, SE, low, high,
    ...) shows significant digits rather than one number of decimals
    (analysis/numfmt.h BR_SIG): an exponent below 1e15, SEs and interval
    ends with different decimals, means with different decimals, or (either way) every number with the
    same significant digits."""
    nums = [x for c in cells for x in c[3:6] if fnum(x) is not None]
    means = [c[2] for c in cells if fnum(c[2]) is not None]
    if any(re.search(r"[eE]", x) and abs(fnum(x)) < 1e15
           for x in nums + means):
        return True
    if any(re.search(r"[eE]", x) and "%.6g" % fnum(x) != x
           for x in nums + means):
        # from 1e15 up fixed decimals print "%.6g" ("1.23199e+214");
        # significant digits keep their zeros ("1.231990e+214")
        return True
    if len({decimals(x) for x in nums if not re.search(r"[eE]", x)}) > 1:
        return True
    if len({decimals(x) for x in means if not re.search(r"[eE]", x)}) > 1:
        # fixed decimals give every mean the same decimals ("0.006600"
        # beside "15000" is significant digits)
        return True
    sigs = {sig_count(x) for x in nums + means
            if fnum(x) and not re.search(r"[eE]", x)}
    return len(sigs) == 1 and len(nums + means) > 1


FLOORED = "runs closer than their resolution: SE from the step"
# a published summary with SE 0: its mean's last digit is the step
FLOORED_SUM = "published SE 0: SE from the mean's last digit"


def check_floored(ck, t, out, after, rows):
    """The resolution floor (doc/statistics.md, Resolution): the text
    says under the table which systems' SE comes from the step ("NAME:
    the runs differ by less than their resolution (R): SE X from the
    step, half of it at any N, not 0"; for a published SE of 0: "NAME: a
    published SE of 0 for a mean written to R: SE X from that step, half
    of it, not 0"); the CSV note says so unless a
    note that comes first (drift, sign change) took its place.  A floored
    SE is R / 2 at any n and above sd / sqrt(n); any other SE is sd /
    sqrt(n) (a published summary's sd is SE sqrt(N))."""
    joined, starts = join_lines(after)
    said = {}
    for o, ind in starts:
        if ind != 2:
            continue
        for s in rows:
            pre = squash(s) + ": the runs differ by less than their " \
                "resolution ("
            pub = squash(s) + ": a published SE of 0 for a mean written " \
                "to "
            if joined.startswith(pre, o):
                m = re.match(r"\((\S+)\): SE (\S+) from the step, half "
                             r"of it at any N, not 0",
                             joined[o + len(pre) - 1:])
                said[s] = m
            elif joined.startswith(pub, o):
                m = re.match(r"(\S+): SE (\S+) from that step, half of "
                             r"it, not 0", joined[o + len(pub):])
                said[s] = m
    for s, c in rows.items():
        if c is None:
            continue
        r = t.rows[s]
        n, sd, se = int(r["n"]), fnum(r["sd"]), fnum(r["se"])
        m = said.get(s)
        if s in said:
            ck.n += 1
            if m is None:
                ck.fail(t.label, s, out, "resolution note",
                        "unreadable", "'%s: the runs differ by less than "
                        "their resolution (R): SE X from the step, half "
                        "of it at any N, not 0'" % s)
                continue
            ck.n += 1
            if r["note"] not in (FLOORED, FLOORED_SUM, "run-order drift",
                                 "runs change sign"):
                ck.fail(t.label, s, out, "resolution note: CSV note",
                        r["note"], "%r, or a note that comes first "
                        "(stats csv)" % FLOORED)
            ck.value(t.label, s, out, "resolution note: SE", m.group(2), se,
                     "stats csv", display=True)
            R = fnum(m.group(1))
            ck.n += 1
            if R is None or se is None or n < 1 or \
                    abs(R / 2 - se) > 1e-5 * se:
                ck.fail(t.label, s, out, "resolution note: SE = R / 2",
                        m.group(1), "SE %s, N %d (stats csv)"
                        % (r["se"], n))
            elif sd is not None:
                ck.n += 1
                if not sd < R / math.sqrt(12) * (1 + 1e-5):
                    ck.fail(t.label, s, out, "resolution note: sd below "
                            "R / sqrt(12)", r["sd"], "R = %s" % m.group(1))
        else:
            ck.n += 1
            if r["note"] in (FLOORED, FLOORED_SUM):
                ck.fail(t.label, s, out, "resolution note", None,
                        "the CSV note says %r" % r["note"])
            elif n >= 2 and sd is not None and se is not None and \
                    abs(se * math.sqrt(n) - sd) > 1e-9 * max(sd, se):
                ck.fail(t.label, s, out, "resolution note", None,
                        "SE %s is not sd / sqrt(n) = %r: the floor, "
                        "unsaid (stats csv)" % (r["se"], sd / math.sqrt(n)))


# ================================================ comparison sentences


class F:
    """A field of an expected sentence: a number (x formatted by fmt; at
    the shown decimals when fmt is None) or a word from a set."""

    def __init__(self, qty, x=None, fmt=None, words=None, text=None):
        self.qty, self.x, self.fmt, self.words, self.text = \
            qty, x, fmt, words, text

    def expect(self):
        if self.words:
            return "/".join(sorted(self.words))
        if self.text is not None:
            return self.text
        if self.fmt is None:
            return "%r at the test's decimals" % self.x
        return self.fmt(self.x)

    def agrees(self, shown):
        if self.words:
            return shown in self.words
        if self.text is not None:
            return shown == self.text
        if self.fmt is None:
            return shown_agrees(shown, self.x, None)
        return any(self.fmt(v) == shown for v in near(self.x))


# the direction words come in pairs: one pair per sentence and per unit
WORD_PAIR = {"faster": "faster/slower", "slower": "faster/slower",
             "better": "better/worse", "worse": "better/worse",
             "higher": "higher/lower", "lower": "higher/lower",
             # a fewer-is-better time as a percent of the times
             # (sentence.c value_change): "takes 21.6% more time"
             "less time": "less/more time", "more time": "less/more time",
             "no faster or slower": "faster/slower",
             "no better or worse": "better/worse",
             "no higher or lower": "higher/lower",
             "no more or less time": "less/more time"}
NOISY = "too noisy to size the change as a ratio"


# analysis/sentence.c: factors from 2x (0.5x) and "no faster or slower"
# at 1, each within 1e-12 relative, so a speedup the CSV's 15 digits
# print as 0.5 or 1 is worded as its printed value says
ONE_TOL = 1e-12


def is_factor(S):
    return S >= 2 * (1 - ONE_TOL) or is_drop(S)


def is_drop(S):
    return 0 < S <= 0.5 * (1 + ONE_TOL)


def speedups(r):
    """Speedup S and its interval (lo, hi) from the compare CSV row's
    ratio columns (doc/statistics.md, Direction): S = ratio for
    more-is-better (and unknown), 1/ratio for fewer-is-better, whose
    interval is (1/ratio_ci_high, 1/ratio_ci_low).  NaN where empty."""
    nan = float("nan")

    def num(c):
        v = fnum(r.get(c))
        return nan if v is None else v

    if "speedup" in r:      # the speedup columns (check_speedup_cols
        # holds them to the ratio's): the number itself, not 1 / a
        # 15-digit ratio
        return num("speedup"), num("speedup_ci_low"), num("speedup_ci_high")
    ratio, rlo, rhi = num("ratio"), num("ratio_ci_low"), num("ratio_ci_high")
    if r["direction"] != "LIB":
        return ratio, rlo, rhi

    def inv(v):
        return nan if math.isnan(v) else math.inf if v == 0 else 1 / v
    return inv(ratio), inv(rhi), inv(rlo)


def expected_sentence(B, A, r, se_dec, unit, equiv=0.0, conf=CONF):
    """The sentence analysis/sentence.c br_comparison_sentence writes for the
    compare CSV row r (doc/statistics.md, Wording), as literal text and
    fields, derived from the CSV numbers: the speedup S and its interval
    from ratio, ratio_ci_low and ratio_ci_high (speedups()); without a
    ratio, or too noisy (the note), the difference and its interval in the
    test's unit (difference, difference_ci_low, difference_ci_high) at
    se_dec decimals (the test's SE decimals; None: any); the
    --equivalence interval from equiv_ci_low_pct, equiv_ci_high_pct.  A
    change of 2x or more either way is a factor, and so is every number
    of a sentence whose interval reaches a drop of 2x or more; else a
    percent, the CSV's improvement column rounded once; the interval in
    the point's form.  The direction words come in pairs
    the CSV cannot tell apart (faster/slower for times and rates,
    better/worse for scores; higher/lower without a direction): any word
    of the right side is accepted, one pair per sentence (check_sentence),
    per unit and per comparison in every output."""
    nan = float("nan")

    def num(c):     # empty CSV cells are C's NAN
        v = fnum(r.get(c))
        return nan if v is None else v

    v = r["verdict"]
    lib = r["direction"] == "LIB"
    known = r["direction"] in ("HIB", "LIB")
    UP = {"faster", "better"} if known else {"higher"}
    DOWN = {"slower", "worse"} if known else {"lower"}
    S, lo, hi = speedups(r)
    d, dlo, dhi = num("difference"), num("difference_ci_low"), \
        num("difference_ci_high")
    noisy = r["note"] == NOISY
    lv = fmt_level(conf)
    ci = lv + " CI"
    eq = "%g%%" % equiv

    def W(words):
        return F("direction word", words=words)

    # a speedup as the words say it: (S, its percent 100 (S - 1) as the
    # CSV's improvement columns hold it); a percent in words is that
    # CSV number rounded once (doc/statistics.md, Wording)
    def size(x, factor, q):
        if factor:
            return F(q, x[0], lambda y: x_text(y if y >= 1 else 1 / y))
        return F(q, x[1], lambda y: pct_text(abs(y)))

    def up(x, factor):
        return x[0] > 1 if factor else x[1] > 0

    def none(x, factor):
        return abs(x[0] - 1) <= ONE_TOL if factor else x[1] == 0

    def change(x, factor, q):
        if none(x, factor) and "less time" in UP:
            return [W({"no faster or slower", "no better or worse",
                       "no more or less time"})]
        if none(x, factor):
            return ["no ", W(UP), " or ", W(DOWN)]
        return [size(x, factor, q), " ", W(UP if up(x, factor) else DOWN)]

    def rng(a, b, factor):
        if up(a, factor) or none(a, factor):
            return [size(a, factor, "CI low"), " to ",
                    size(b, factor, "CI high"), " ", W(UP)]
        if not up(b, factor):
            return [size(b, factor, "CI high"), " to ",
                    size(a, factor, "CI low"), " ", W(DOWN)]
        return change(a, factor, "CI low") + [" to "] + \
            change(b, factor, "CI high")

    def amount(x, q):
        u = [" " + unit] if unit else []
        if se_dec is None:
            return [F(q, abs(x), None)] + u

        def fmt(y):
            a = abs(y)
            if a != 0 and a < 0.5 * 10.0 ** -se_dec:
                return "%.2g" % a
            d = se_dec
            if a > 0 and d > 11 - math.floor(math.log10(a)):
                # no more than 12 significant digits (sentence.c)
                d = max(0, 11 - math.floor(math.log10(a)))
            return fmt_fixed(a, d)
        return [F(q, x, fmt)] + u

    def d_change(g, q):
        if g == 0:
            return ["no ", W(UP), " or ", W(DOWN)]
        return amount(g, q) + [" ", W(UP if g > 0 else DOWN)]

    def d_rng(a, b):
        if a >= 0:
            return amount(a, "difference CI low") + [" to "] + \
                d_change(b, "difference CI high")
        if b <= 0:
            return amount(b, "difference CI high") + [" to "] + \
                d_change(a, "difference CI low")
        return d_change(a, "difference CI low") + [" to "] + \
            d_change(b, "difference CI high")

    def point(parts):
        """The point's change: its word is the same in every output."""
        for p in parts:
            if isinstance(p, F) and p.words:
                p.qty = "verdict word"
                break
        return parts

    nodiff = B + ": no difference proven at " + lv + " confidence ("
    incon = B + " vs " + A + ": inconclusive, neither a difference nor " \
        "equivalence within +/-" + eq + " proven ("
    single = " than " + A + " (single run, no CI)"
    if math.isnan(S) and math.isnan(d):
        return [B + " vs " + A + ": no comparison"]
    if math.isnan(S) or (noisy and v != "equivalent"):
        # the difference in the test's unit (goodness: negated for
        # fewer-is-better)
        g = -d if lib else d
        glo, ghi = (-dhi, -dlo) if lib else (dlo, dhi)
        tail = "; " + NOISY if noisy else ""
        if d == 0 and math.isnan(glo):
            return [B + " equals " + A + " (single run, no CI)"]
        ch = point(d_change(g, "difference"))
        if math.isnan(glo) and v == "single-run":
            return [B + " is "] + ch + [single]
        rr = d_rng(glo, ghi) if math.isfinite(glo) and \
            math.isfinite(ghi) else ["without finite bounds"]
        if v in ("better", "worse"):
            return [B + " is "] + ch + [" than " + A + " (" + ci + " "] + \
                rr + [tail + ")"]
        if v == "inconclusive":
            return [incon] + ch + [" than " + A + ", " + ci + " "] + rr + \
                [tail + ")"]
        if v == "no-difference":
            return [nodiff] + ch + [" than " + A + ", " + ci + " "] + rr + \
                [tail + ")"]
        return [B + " ??? verdict %r" % v]
    # a factor when the point is 2x or more either way or an end of its
    # interval a drop of 2x or more
    factor = is_factor(S) or is_drop(lo) or is_drop(hi)

    def pc(x, c):
        p = num(c)
        return (x, 100 * (x - 1) if math.isnan(p) else p)
    P, L, H = pc(S, "improvement_pct"), pc(lo, "improvement_ci_low_pct"), \
        pc(hi, "improvement_ci_high_pct")
    P0 = P
    verb = [B + " is "]
    if lib and not factor:
        # a percent of the values, the number a reader recomputes from
        # the two means: 100 (B/A - 1) from the ratio columns, negated
        # so that above 0 is better; a time "takes 21.6% more time"
        # (doc/statistics.md, Wording)
        # (improvement_pct times the ratio: sentence.c value_change)
        def vc(x, c):
            return (x[0], x[1] * num(c))
        P, L, H = vc(P, "ratio"), vc(L, "ratio_ci_high"), \
            vc(H, "ratio_ci_low")
        UP = UP | {"less time"}
        DOWN = DOWN | {"more time"}
        verb = [B + " ", F("verb", words={"is", "takes"}), " "]
    ch = point(change(P, factor, "change"))
    if v in ("better", "worse"):
        if math.isnan(lo):
            return verb + ch + [" than " + A]
        # the interval from the end nearest 1
        a, b = (L, H) if up(P, factor) else (H, L)
        return verb + ch + [" than " + A + " (" + ci + " ",
                                    size(a, factor, "CI near end"), " to ",
                                    size(b, factor, "CI far end"), ")"]
    if v == "no-difference":
        if math.isnan(lo):
            return [nodiff] + ch + [" than " + A + ")"]
        return [nodiff] + ch + [" than " + A + ", " + ci + " "] + \
            rng(L, H, factor) + [")"]
    if v == "equivalent":
        # the margin is a percent: so are the TOST bounds, as speedups
        elo = (1 + num("equiv_ci_low_pct") / 100, num("equiv_ci_low_pct"))
        ehi = (1 + num("equiv_ci_high_pct") / 100, num("equiv_ci_high_pct"))
        tail = []
        if num("p_value") < 1 - conf:
            # the margin's own percent (of speed) and words
            UP, DOWN = UP - {"less time"}, DOWN - {"more time"}
            tail = ["; " + B + " is "] + point(change(P0, False, "change")) + \
                [", a difference proven at " + lv + " confidence"]
        parts = [B + " is equivalent to " + A + " within +/-" + eq + " (" +
                 fmt_level(1 - 2 * (1 - conf)) + " CI "] + \
            rng(elo, ehi, False) + [")"] + tail
        for p in parts:
            if isinstance(p, F) and p.qty.startswith("CI "):
                p.qty = "equivalence " + p.qty
        return parts
    if v == "inconclusive":
        if math.isnan(lo):
            return [incon] + ch + [" than " + A + ")"]
        return [incon] + ch + [" than " + A + ", " + ci + " "] + \
            rng(L, H, factor) + [")"]
    if v == "single-run":
        if none(P, factor):
            return [B + " equals " + A + " (single run, no CI)"]
        return verb + ch + [single]
    return [B + " ??? verdict %r" % v]


def shown_verdict(s):
    """The verdict a sentence states, for messages."""
    if " is equivalent to " in s:
        return "equivalent"
    if ": inconclusive," in s:
        return "inconclusive"
    if ": no difference proven" in s:
        return "no-difference"
    if "(single run, no CI)" in s or " equals " in s or \
            s.endswith("no comparison"):
        return "single-run"
    m = re.search(r" (faster|better|higher|slower|worse|lower|less time|"
                  r"more time) than ", s)
    if m:
        return "better" if m.group(1) in ("faster", "better", "higher",
                                          "less time") \
            else "worse"
    return "?"


def check_sentence(ck, t, B, output, text, parts, words_seen, csv_verdict,
                   whole=False, conf=CONF):
    """text starts with the sentence (is the sentence when whole; else
    what follows it must be a parenthesis of its own, not a CI);
    parts from expected_sentence."""
    rx, fields = "", []
    for p in parts:
        if isinstance(p, F):
            fields.append(p)
            # a word of several ("less time"): any of them, longest
            # first, or a single word; else any word, checked below
            rx += r"(\S+?)" if not p.words else \
                r"(%s|\S+)" % "|".join(
                    re.escape(w) for w in sorted(p.words, key=len,
                                                 reverse=True)
                    if " " in w) if any(" " in w for w in p.words) \
                else r"(\S+)"
        else:
            rx += re.escape(re.sub(r" +", " ", p.replace(NBSP, " ")))
    text = squash(text)
    m = re.match(rx + ("$" if whole else r"(?=$| \()"), text)
    ck.n += 1
    if m and not whole:
        rest = text[m.end():]
        if rest.startswith((" (" + fmt_level(conf), " (single run",
                            " (" + fmt_level(1 - 2 * (1 - conf)))):
            m = None
    if not m:
        want = "".join(p if isinstance(p, str) else p.expect()
                       for p in parts)
        sv = shown_verdict(text)
        if sv != csv_verdict:
            ck.fail(t.label, B, output, "verdict", sv + ": " + text[:200],
                    "%s: %s (compare csv)" % (csv_verdict, want))
        else:
            ck.fail(t.label, B, output, "sentence", text[:200],
                    "%r (from compare csv)" % want)
        return
    pairs = set()
    for f, g in zip(fields, m.groups()):
        ck.n += 1
        if f.words and f.qty != "verb":
            pairs.add(WORD_PAIR.get(g, g))
        if not f.agrees(g):
            ck.fail(t.label, B, output, f.qty, g,
                    "%s (compare csv%s)" % (f.expect(),
                                           ", %r" % f.x if f.x is not None
                                           else ""))
        if f.qty == "verdict word":
            words_seen[(t.idx, B)].append((output, g))
    if pairs:
        ck.n += 1
        if len(pairs) > 1:
            ck.fail(t.label, B, output, "direction words (one pair per "
                    "sentence)", " and ".join(sorted(pairs)), "one of "
                    "faster/slower, better/worse, higher/lower")
        for pr in pairs:
            ck.pairs[(t.unit, t.dirn in ("HIB", "LIB"))].add(
                (pr, t.label, output))


def find_sentences(ck, t, output, joined, starts, names, sent_indent, pos,
                   disp):
    """Where each candidate's sentence starts (None: not found): at a line
    start of indent sent_indent, at or after pos, in order."""
    where = OrderedDict()
    cand = [(o, i) for o, i in starts if i == sent_indent and o >= pos]
    k = 0
    for s in names:
        d = squash(disp(s))
        found = None
        for j in range(k, len(cand)):
            o = cand[j][0]
            if joined.startswith(d + " ", o) or joined.startswith(d + ":", o):
                found = j
                break
        if found is None:
            where[s] = None
            ck.n += 1
            ck.fail(t.label, s, output, "comparison sentence", None,
                    "a sentence for %s (compare csv)" % s)
            continue
        o = cand[found][0]
        end = cand[found + 1][0] if found + 1 < len(cand) else len(joined)
        where[s] = joined[o:end]
        k = found + 1
    return where


# ========================================================= compare text


def check_compare_text(ck, tests, text, base, geo, equiv, details,
                       words_seen, out="compare text", conf=CONF):
    blocks = split_blocks(text)
    cmp_tests = [t for t in tests if t.cmp]
    bi = 0
    for t in cmp_tests:
        if bi >= len(blocks):
            ck.structure(out, "no block for %s" % t.label)
            return
        lines = blocks[bi].split("\n")
        bi += 1
        joined, starts = join_lines(lines)
        ck.n += 1
        if not joined.startswith(squash(t.title)):
            ck.fail(t.label, "-", out, "test heading", joined[:80],
                    repr(t.title))
        m = re.search(r"; baseline %s: (\S+) \((?:SE \+/- (\S+), )?N = "
                      r"(\d+)\)" % re.escape(squash(base)), joined)
        if not m:
            ck.fail(t.label, base, out, "baseline line", joined[:160],
                    "'; baseline %s: MEAN (SE +/- x, N = n)'" % base)
            continue
        r = t.rows.get(base)
        ck.value(t.label, base, out, "mean", m.group(1),
                 t.mean(base), "stats csv", display=True)
        if m.group(2) is not None or fnum(r["se"]) is not None and \
                int(r["n"]) >= 2:
            ck.value(t.label, base, out, "SE", m.group(2) or "-",
                     fnum(r["se"]), "stats csv", display=True)
        ck.same(t.label, base, out, "N", m.group(3), r["n"], "stats csv")
        names = list(t.cmp)
        sent = find_sentences(ck, t, out, joined, starts, names, 2, m.end(),
                              lambda s: s)
        for s, txt in sent.items():
            if txt is None:
                continue
            cr = t.cmp[s]
            if fnum(cr["mean"]) is None and cr["verdict"] == "single-run":
                want = "%s: %s, no comparison" % (s, cr["note"])
                if cr["note"] == FAST:
                    # faster than a measured baseline: said so, unsized
                    want = "%s is faster than %s (too fast to measure: " \
                        "bonnie++ printed \"+++++\"), so by an unknown " \
                        "amount" % (s, base)
                ck.n += 1
                if not squash(txt).startswith(squash(want)):
                    ck.fail(t.label, s, out, "missing result", txt[:120],
                            repr(want))
                continue
            check_sentence(ck, t, s, out, txt,
                           expected_sentence(s, base, cr, t.se_dec, t.unit,
                                             equiv, conf),
                           words_seen, cr["verdict"], conf=conf)
            if details:
                check_details(ck, t, s, out, squash(txt), cr)
    rest = blocks[bi:]
    # tests skipped: the baseline has no result
    skipped = [t for t in tests if t.scalar and not t.cmp and
               t.rows and not t.has_value(base)]
    if skipped:
        blk = rest[0] if rest else ""
        # one "TEST: skipped, the baseline B has no result" (or "...
        # failed: WHY", "... has no value: WHY") per test, wrapped
        got = re.sub(r"\s+", " ", blk).count(": skipped, the baseline ")
        ck.same("-", base, out, "tests skipped (baseline has no result)",
                str(got), str(len(skipped)), "stats csv")
        if "skipped, the baseline" in blk:
            rest = rest[1:]
    check_compare_geomean(ck, tests, rest, base, geo, out, conf)


def check_details(ck, t, s, out, txt, cr):
    m = re.search(r"\(Welch t = (\S+), df = (\S+), p = (\S+)\)", txt)
    if fnum(cr["t"]) is not None:
        if not m:
            ck.fail(t.label, s, out, "Welch t/df/p line", None,
                    "t = %s (compare csv)" % cr["t"])
        else:
            ck.value(t.label, s, out, "Welch t", m.group(1), fnum(cr["t"]),
                     "compare csv", lambda v: "%.2f" % v)
            ck.value(t.label, s, out, "df", m.group(2), fnum(cr["df"]),
                     "compare csv", lambda v: "%.1f" % v)
            ck.value(t.label, s, out, "p", m.group(3), fnum(cr["p_value"]),
                     "compare csv", lambda v: "%.3g" % v)
    m = re.search(r"\(smallest detectable change (\S+)%(?:; about (\S+) "
                  r"runs per system to resolve (\S+)%)?\)", txt)
    if fnum(cr["mde_pct"]) is not None:
        if not m:
            ck.fail(t.label, s, out, "smallest detectable change", None,
                    "%s (compare csv)" % cr["mde_pct"])
        else:
            ck.value(t.label, s, out, "mde %", m.group(1),
                     fnum(cr["mde_pct"]), "compare csv",
                     lambda v: "%.2g" % v)
            if fnum(cr["runs_needed"]) is not None:
                ck.value(t.label, s, out, "runs needed", m.group(2) or "-",
                         fnum(cr["runs_needed"]), "compare csv",
                         lambda v: "%.0f" % v)


def expected_firsts(tests):
    """'first in k of n tests', 'could be (first) in c' from the stats CSV
    rank ranges (doc/statistics.md, Overall ranking): among the tests of
    a known direction where two systems or more have N >= 2, a system
    with N >= 2 is first where its range is exactly 1, could be first
    where it starts at 1 but is wider; "of n" counts the tests where the
    system itself has N >= 2."""
    n_tests = 0
    wins, could, ran = defaultdict(int), defaultdict(int), defaultdict(int)
    for t in tests:
        if not t.scalar or t.dirn not in ("HIB", "LIB") or t.geo_out:
            continue
        two = [s for s in t.valued() if int(t.rows[s]["n"]) >= 2]
        if len(two) < 2:
            continue
        n_tests += 1
        for s in two:
            ran[s] += 1
            lo, hi = fnum(t.rows[s]["rank_low"]), fnum(t.rows[s]["rank_high"])
            if lo == 1 and hi == 1:
                wins[s] += 1
            elif lo == 1:
                could[s] += 1
    return ran, wins, could


def firsts_text(w, c, n):
    """render/table/compare_out.c write_overall's tail of a ranking entry."""
    if w and c:
        return "; first in %d of %d tests, could be in %d more" % (w, n, c)
    if w:
        return "; first in %d of %d tests" % (w, n)
    if c:
        return "; could be first in %d of %d tests" % (c, n)
    return ""


def geo_tests(tests, base, s):
    """The tests in the geometric mean of s against base (doc: both means
    above 0, a known direction) and how many of them have no SE on a
    side (a single run or a summary without one: in gm_all only, never
    in the point, interval or verdict)."""
    return geo_model(tests, base, s)["k"], geo_model(tests, base, s)["exact"]


def geo_tests_noisy(tests, base, s):
    """geo_tests and the noisy count."""
    g = geo_model(tests, base, s)
    return g["k"], g["exact"], g["noisy"]


def geo_model(tests, base, s):
    """doc/statistics.md, "Geometric mean", from the stats CSV: k tests
    used, k_runs of them with an interval on both sides (the tests behind
    the point, the interval and the verdict), exact = k - k_runs, noisy
    (tests with runs where a side's CI reaches 0; with one test with
    runs: that comparison is too noisy to size), gm_all over all k, the
    one test with runs (when k_runs is 1), and whether every test is a
    hyperfine one whose tests with runs are its wall times."""
    k = exact = noisy = 0
    logs, one, hyper = [], None, True
    for t in tests:
        if not t.scalar or t.dirn not in ("HIB", "LIB") or \
                not t.has_value(base) or not t.has_value(s) or t.geo_out:
            continue
        if not (t.mean(s) > 0 and t.mean(base) > 0):
            continue
        k += 1
        lr = math.log(t.mean(s)) - math.log(t.mean(base))
        logs.append(-lr if t.dirn == "LIB" else lr)
        runs = not any(int(t.rows[x]["n"]) < 2 or
                       fnum(t.rows[x]["se"]) is None for x in (s, base))
        hyper = hyper and t.id == "hyperfine" and \
            runs == (t.desc == "Wall time" or (
                t.desc.startswith("Command: ") and
                not t.desc.endswith((" (user time)", " (system time)"))))
        if not runs:
            exact += 1
            continue
        one = t
        if any(not (fnum(t.rows[x]["ci_low"]) or 0) > 0 for x in (s, base)):
            noisy += 1
    kr = k - exact
    if kr == 1:
        r = one.cmp.get(s)
        noisy = 1 if r is not None and fnum(r["ratio_ci_low"]) is None \
            else 0
    return dict(k=k, exact=exact, k_runs=kr, noisy=noisy,
                gm_all=math.exp(sum(logs) / k) if k else None,
                one=one if kr == 1 else None,
                hyperfine=hyper and k > 0 and exact > 0 and kr > 0)


def geo_desc(m):
    """The compare CSV description of a geometric mean's tests."""
    k, kr = m["k"], m["k_runs"]
    if kr in (k, 0):
        return "%d test%s" % (k, "" if k == 1 else "s")
    return "%d of %d tests with runs" % (kr, k)


def geo_over(m):
    """analysis/sentence.c br_geo_over."""
    return "over %d of %d test%s with runs%s" % (
        m["k_runs"], m["k"], "" if m["k"] == 1 else "s",
        "; wall time only: hyperfine keeps user and system times as "
        "means, without runs" if m["hyperfine"] else "")


SINGLE_RE = r"with the (\d+) single-run tests?, over all (\d+) tests: " \
    r"(\S+x), not proven"


NO_CI_SE = "no test has N >= 2 on both sides"
NO_CI_NOISY = "a test's mean is not clearly above 0 (its ratio cannot be " \
    "sized)"
# over one test with runs: that test's Fieller interval is unbounded
NO_CI_ONE = "its test is too noisy to size the change as a ratio"


def geo_verdict(g):
    """A geometric mean's verdict from its measurement CI (doc: single-run
    without one)."""
    lo, hi = fnum(g["ratio_ci_low"]), fnum(g["ratio_ci_high"])
    if lo is None and hi is None:
        # tests with runs, one too noisy to size: nothing proven, not
        # single runs (doc/statistics.md, "Geometric mean")
        return "no-difference" if NO_CI_NOISY in g.get("note", "") \
            else "single-run"
    # an empty end of a given interval is infinite (the CSV writes no inf)
    lo = 0 if lo is None else lo
    hi = math.inf if hi is None else hi
    return "better" if lo > 1 else "worse" if hi < 1 else "no-difference"


def geo_words(g):
    """analysis/sentence.c br_geo_words: the verdict in the paragraph;
    without a measurement CI "single runs", or "not proven" when the note
    says a test's mean is not clearly above 0."""
    v = g["verdict"]
    if v in ("better", "worse"):
        return v
    km = re.match(r"(\d+)", g.get("description", ""))
    if v == "no-difference" and (NO_CI_NOISY not in g.get("note", "") or
                                 (km and int(km.group(1)) < 2)):
        # (one test too noisy to size keeps its test's verdict)
        return "no difference proven"
    gm = fnum(g["mean"])
    why = "not proven" if NO_CI_NOISY in g.get("note", "") else "single runs"
    return ("better, " if gm > 1 else "worse, " if gm < 1 else "equal, ") \
        + why


def check_geo_single(ck, s, out, shown, m, src):
    """A "with the E single-run tests, over all K tests: X" clause: the
    counts, and X = exp(mean ln S) over all K tests (stats csv means)."""
    mm = re.search(SINGLE_RE, shown or "")
    want = m["exact"] and m["k_runs"]
    ck.same("geomean", s, out, "the mean with single-run tests", bool(mm),
            bool(want), src)
    if mm and want:
        ck.same("geomean", s, out, "single-run tests, all tests",
                (int(mm.group(1)), int(mm.group(2))),
                (m["exact"], m["k"]), "stats csv")
        ck.value("geomean", s, out, "geometric mean over all tests",
                 mm.group(3), m["gm_all"], "stats csv means", x3)


def check_geo_csv(ck, tests, base, geo, out="compare csv"):
    """The geomean rows of the compare CSV against the stats CSV: the
    tests (with runs, of all), the note on the measurement CI, the
    verdict; a one-test geometric mean against its test's row."""
    for s, g in geo.items():
        if g["description"] == "baseline":
            ck.same("geomean", s, out, "baseline row", (g["system"],
                    g["mean"], g["verdict"]), (base, "1", ""),
                    "the baseline")
            continue
        m = geo_model(tests, base, s)
        k, exact, noisy = m["k"], m["exact"], m["noisy"]
        ck.same("geomean", s, out, "tests in the geometric mean",
                g["description"], geo_desc(m),
                "stats csv: both means above 0, a known direction; with "
                "runs on both sides")
        lo = fnum(g["ratio_ci_low"])
        if m["k_runs"] == 0:
            want = "no measurement CI (%s): %s" % (geo_over(m), NO_CI_SE)
        elif noisy:
            want = "no measurement CI (%s): %s" % (geo_over(m), NO_CI_ONE
                                                   if m["k_runs"] == 1
                                                   else NO_CI_NOISY)
        else:
            want = "measurement CI " + geo_over(m)
        note = re.sub("; " + SINGLE_RE + "$", "", g["note"])
        ck.same("geomean", s, out, "note", note, want,
                "stats csv: %d of %d tests with N < 2 or no SE on a side, "
                "%d with a side's CI reaching 0" % (exact, k, noisy))
        if not noisy and m["k_runs"]:
            check_geo_single(ck, s, out, g["note"], m, "stats csv")
        ck.same("geomean", s, out, "measurement CI",
                "none" if lo is None else "given", "none" if exact == k
                or noisy else "given", "stats csv: %d of %d tests without "
                "an SE on a side, %d with a side's CI reaching 0"
                % (exact, k, noisy))
        if m["one"] is not None and s in m["one"].cmp:
            # one test with runs: the geometric mean is that test
            r = m["one"].cmp[s]
            cols = ("improvement_pct", "improvement_ci_low_pct",
                    "improvement_ci_high_pct", "verdict")
            ck.same("geomean", s, out, "one test with runs: its "
                    "comparison", tuple(g[c] for c in cols),
                    tuple(r[c] for c in cols), "compare csv row of "
                    + m["one"].label)
        else:
            ck.same("geomean", s, out, "verdict", g["verdict"],
                    geo_verdict(g), "its measurement CI %s to %s" % (
                        g["ratio_ci_low"], g["ratio_ci_high"]))
        gm = fnum(g["mean"])
        ck.same("geomean", s, out, "ratio", fnum(g["ratio"]), gm,
                "the geometric mean (mean column)")
        for q in ("", "_ci_low", "_ci_high"):
            ck.same("geomean", s, out, "speedup" + q, fnum(g["speedup" + q]),
                    fnum(g["ratio" + q]), "ratio" + q + ": a speedup")
        imp = fnum(g["improvement_pct"])
        if gm is not None:
            want = 100 * (gm - 1)
            ck.n += 1
            if not math.isfinite(want):
                if imp is not None:
                    ck.fail("geomean", s, out, "improvement_pct",
                            g["improvement_pct"], "empty: 100 (GM - 1) "
                            "overflows")
            elif imp is None or abs(imp - want) > 1e-9 * max(1, abs(imp)):
                ck.fail("geomean", s, out, "improvement_pct",
                        g["improvement_pct"], "100 (GM - 1) = %r"
                        % (100 * (gm - 1)))


def check_overall_ranks(ck, tests, base, geo, out="compare csv"):
    """overall_rank_low, overall_rank_high: 1 <= low <= high <= the
    systems ranked; the order of the geometric means fits in every range
    wherever it decides a pair.  A pair's direct ratio is over the tests
    both ran with runs (doc/statistics.md, "Geometric mean"); it agrees
    with the order of the geometric means against the baseline when it is
    over the same tests as both of them (a pair with the baseline, or two
    systems whose three test sets coincide).  The ranking closes proven
    pairs transitively, so a system may be placed above another through a
    chain of pairs; the reference allows y above s wherever some chain
    leads from y to s whose every link could be proven that way round (a
    link over the same tests only in the order of the geometric means, a
    link over other tests either way).  A geometric mean proven better or
    worse than the baseline (its verdict) is consistent with the two
    ranges."""
    ranked = OrderedDict()
    for s, g in geo.items():
        lo, hi = fnum(g["overall_rank_low"]), fnum(g["overall_rank_high"])
        if lo is None and hi is None:
            continue
        ranked[s] = (lo, hi, fnum(g["mean"]))
    R = len(ranked)

    def usable(s):
        return {t.idx for t in tests if t.scalar and not t.geo_out and
                t.dirn in ("HIB", "LIB") and t.has_value(s) and
                t.mean(s) > 0}

    def with_runs(t, s):
        r = t.rows[s]
        return int(r["n"] or 0) >= 2 and fnum(r["se"]) is not None
    U = {s: usable(s) for s in list(ranked) + [base]}

    def pair_tests(x, y):
        both = U[x] & U[y]
        runs = {i for i in both
                if with_runs(tests[i], x) and with_runs(tests[i], y)}
        return runs or both

    def same_tests(x, y):
        if base in (x, y):
            return True
        return pair_tests(x, base) == pair_tests(y, base) == \
            pair_tests(x, y)

    def could_beat(x, y):
        """Whether a proof of x above y could stand as a link."""
        if same_tests(x, y):
            return ranked[x][2] > ranked[y][2]
        return True

    def reach(s, forward):
        seen, todo = {s}, [s]
        while todo:
            a = todo.pop()
            for b in ranked:
                if b not in seen and (could_beat(a, b) if forward
                                      else could_beat(b, a)):
                    seen.add(b)
                    todo.append(b)
        return seen - {s}

    for s, (lo, hi, gm) in ranked.items():
        ck.n += 1
        if lo is None or hi is None or not 1 <= lo <= hi <= R:
            ck.fail("overall", s, out, "overall rank range",
                    "%s to %s" % (lo, hi),
                    "1 <= low <= high <= %d (systems ranked)" % R)
            continue
        above = len(reach(s, False))
        below = len(reach(s, True))
        direct_above = sum(1 for x, (_, _, m) in ranked.items()
                           if m > gm and x != s)
        ck.n += 1
        if not (lo <= 1 + above and hi >= R - below):
            ck.fail("overall", s, out, "overall rank range vs the order "
                    "of the geometric means", "%d-%d" % (lo, hi),
                    "a range holding %d-%d (%d higher GMs, %d systems "
                    "a chain of possible proofs puts above, %d below)"
                    % (1 + above, R - below, direct_above, above, below))
    bs = next((s for s, g in geo.items() if g["description"] == "baseline"),
              None)
    if bs not in ranked:
        return
    for s, g in geo.items():
        if s not in ranked or s == bs or g["verdict"] not in ("better",
                                                              "worse"):
            continue
        b, w = (s, bs) if g["verdict"] == "better" else (bs, s)
        ck.n += 1
        if ranked[b][0] is not None and ranked[w][1] is not None and \
                not ranked[b][0] <= ranked[w][1]:
            ck.fail("overall", s, out, "overall rank range vs the verdict "
                    "against the baseline", "%s: %s-%s, %s: %s-%s" % (
                        b, ranked[b][0], ranked[b][1], w, ranked[w][0],
                        ranked[w][1]), "%s proven %s: its low end at most "
                    "the other's high end" % (s, g["verdict"]))


def check_compare_geomean(ck, tests, blocks, base, geo, out, conf=CONF,
                          paragraphs=True, fold=None):
    fold = fold or squash
    gm_seen = OrderedDict()
    overall = None
    lv = fmt_level(conf)
    for b in blocks:
        joined, starts = join_lines(b.split("\n"))
        if re.match(r"Geometric mean (of performance per .+? )?over ",
                    joined):
            m = re.match(r"Geometric mean (?:of performance per .+? )?"
                         r"over (\d+ tests?|\d+ of \d+ tests "
                         r"with runs), (.*) against %s: (\S+) \(([^()]*)\)"
                         % re.escape(squash(base)), joined)
            if not m:
                ck.structure(out, "cannot read %r" % joined[:100])
                continue
            s = next((x for x in geo if squash(x) == m.group(2)), None)
            if s is None:
                ck.fail("geomean", m.group(2), out, "geometric mean row",
                        m.group(3), "no geomean row (compare csv)")
                continue
            gm_seen[s] = True
            g = geo[s]
            model = geo_model(tests, base, s)
            ck.same("geomean", s, out, "tests", m.group(1),
                    g["description"], "compare csv")
            ck.value("geomean", s, out, "geometric mean", m.group(3),
                     fnum(g["mean"]), "compare csv", x3)
            ck.same("geomean", s, out, "verdict word", m.group(4),
                    geo_words(g), "compare csv verdict %s" % g["verdict"])
            rest = joined[m.end():]
            mm = re.match(r" (\S+) CI (\S+) to (\S+) \(measurement, "
                          r"(over [^()]*)\)", rest)
            if fnum(g["ratio_ci_low"]) is not None or mm:
                ck.value("geomean", s, out, "measurement CI low",
                         mm.group(2) if mm else None,
                         fnum(g["ratio_ci_low"]), "compare csv", x3)
                ck.value("geomean", s, out, "measurement CI high",
                         mm.group(3) if mm else None,
                         fnum(g["ratio_ci_high"]), "compare csv", x3)
                if mm:
                    ck.same("geomean", s, out, "confidence level",
                            mm.group(1), lv, "--confidence %g" % conf)
                    ck.same("geomean", s, out, "tests the interval is "
                            "over", mm.group(4), geo_over(model),
                            "stats csv: tests with runs on both sides")
                    check_geo_single(ck, s, out, rest, model, "stats csv")
            else:
                want = " " + re.sub("; " + SINGLE_RE + "$", "", g["note"])
                # compare names the tests as the reports do (issue 22)
                why = geo_no_ci_why(g["note"])
                if why in (NO_CI_NOISY, NO_CI_ONE):
                    want = want[:len(want) - len(why)] + (
                        "the mean" if why == NO_CI_NOISY else
                        "the ratio on")
                ck.same("geomean", s, out, "measurement CI",
                        rest[:len(want)], want, "compare csv: no interval "
                        "(its note)")
            ac = re.search(r" (\S+) CI (\S+) to (\S+) across tests like "
                           r"these", rest)
            g["_across"] = (ac.group(2), ac.group(3)) if ac else None
            left = re.search(r"(\d+) tests? left out", joined)
            ck.same("geomean", s, out, "tests left out",
                    left.group(1) if left else "0",
                    str(expected_left_out(tests, base, s)),
                    "stats csv: tests with a baseline result minus tests "
                    "with both means > 0 and a direction")
        elif joined.startswith("Overall ranking by the geometric mean"):
            overall = (joined, starts)
    for s, g in geo.items():
        if g["description"] == "baseline":
            continue
        k = re.match(r"(?:\d+ of )?(\d+) tests?", g["description"])
        if paragraphs and k and int(k.group(1)) >= 2 and s not in gm_seen:
            ck.fail("geomean", s, out, "geometric mean paragraph", None,
                    "%s over %s (compare csv)" % (g["mean"],
                                                  g["description"]))
    check_overall_text(ck, tests, overall, base, geo, out, lv, fold)


def check_overall_text(ck, tests, overall, base, geo, out, lv, disp):
    """The overall ranking paragraph (joined, starts) of compare text or
    the text report against the compare CSV; disp(name) is a system's
    name as the output prints it, squashed."""
    ranked = [s for s, g in geo.items() if g["overall_rank_low"]]
    if overall is None:
        if ranked:
            ck.structure(out, "no overall ranking, the CSV ranks %d systems"
                         % len(ranked))
        return
    joined, starts = overall
    head = "Overall ranking by the geometric mean against %s; ranks are " \
        "the places the %s measurement CIs of the pairs' direct ratios " \
        "allow (Holm-adjusted):" % (disp(base), lv)
    ck.n += 1
    if not joined.startswith(head):
        ck.fail("overall", "-", out, "overall ranking header",
                joined[:len(head)], repr(head))
        return
    ents = [o for o, i in starts if i == 2 and o >= len(head)]
    n_tests, wins, could = expected_firsts(tests)
    order, entries = [], []
    for j, o in enumerate(ents):
        e = joined[o:ents[j + 1] if j + 1 < len(ents) else len(joined)]
        e = e.strip()
        mm = re.match(r"^(\d+(?:-\d+)?) +(.*?): (\S+x)((?:; .*)?)$", e)
        if not mm:
            mm2 = re.match(r"^- +(.*): no test in common with the baseline$",
                           e)
            if mm2:
                s = next((x for x in geo if disp(x) == mm2.group(1)),
                         mm2.group(1))
                ck.same("overall", s, out, "overall rank", "",
                        fmt_rank(geo.get(s, {}).get("overall_rank_low"),
                                 geo.get(s, {}).get("overall_rank_high")),
                        "compare csv (empty: not ranked)")
                continue
            if re.match(r"^\d+ sub-metrics? not counted ", e):
                continue    # the geometric mean's note, not an entry
            ck.structure(out, "cannot read ranking entry %r" % e)
            continue
        s = next((x for x in geo if disp(x) == mm.group(2)), None)
        if s is None:
            ck.fail("overall", mm.group(2), out, "overall rank",
                    mm.group(1), "no geomean row (compare csv)")
            continue
        g = geo[s]
        order.append(s)
        entries.append(mm.group(4))
        ck.same("overall", s, out, "overall rank", mm.group(1),
                fmt_rank(g["overall_rank_low"], g["overall_rank_high"]),
                "compare csv overall_rank_low, overall_rank_high")
        ck.value("overall", s, out, "geometric mean", mm.group(3),
                 fnum(g["mean"]), "compare csv", x3)
        ck.same("overall", s, out, "first in k of n tests, could be in c",
                re.sub(r"; below .*", "", mm.group(4)),
                firsts_text(wins[s], could[s], n_tests[s]),
                "stats csv rank ranges")
    sysorder = systems_of(tests)
    want = sorted(sorted(ranked, key=lambda x: sysorder.index(x)
                         if x in sysorder else len(sysorder)),
                  key=lambda x: -fnum(geo[x]["mean"]))
    # doc "Overall ranking": by geometric mean, but never above a system
    # proven better (the proofs are not in the CSV; their trace is the
    # ranges): every system's place lies in its range, and where the
    # geometric-mean order already fits every range, it is the order
    def fits(seq):
        return all(int(geo[x]["overall_rank_low"]) <= i + 1 <=
                   int(geo[x]["overall_rank_high"])
                   for i, x in enumerate(seq))
    ck.n += 1
    if sorted(order) != sorted(want):
        ck.fail("overall", "-", out, "ranking entries", order, want)
    elif not fits(order):
        ck.fail("overall", "-", out, "ranking order: each place within its "
                "rank range", order, [fmt_rank(geo[x]["overall_rank_low"],
                geo[x]["overall_rank_high"]) for x in order])
    elif order != want:
        # doc "Overall ranking": a system listed below one whose
        # geometric mean is lower says why ("below W, though its
        # geometric mean against A is higher: ..."), naming a system
        # listed above it with a lower mean
        why = {}
        for x, e in zip(order, entries):
            why[x] = [disp_name for disp_name in re.findall(
                r"below (.*?), though its geometric mean", e)]
        for i, x in enumerate(order):
            lower_above = [y for y in order[:i]
                           if fnum(geo[y]["mean"]) < fnum(geo[x]["mean"])]
            named = [y for y in order[:i] if disp(y) in why[x]]
            ck.same("overall", x, out, "why it is listed below a lower "
                    "geometric mean", bool(named), bool(lower_above),
                    "the listed order and compare csv means")
            for y in named:
                ck.n += 1
                if not fnum(geo[y]["mean"]) < fnum(geo[x]["mean"]):
                    ck.fail("overall", x, out, "listed below", y,
                            "a system with a lower geometric mean")


# ------------------------------------------------------------ the summary


def summary_sections(text):
    """compare --brief (= render --summary -o .txt): heading -> its text
    (between the heading's blank line and the next heading)."""
    heads = ("SYSTEMS", "RESULTS", "GEOMETRIC MEAN BY GROUP", "FINDINGS",
             "GEOMETRIC MEAN", "RANKS", "PROVEN CHANGES")
    secs, cur = OrderedDict(), None
    for ln in text.split("\n"):
        h = next((x for x in heads if ln.split(" (")[0] == x), None)
        if h:
            cur = h
            secs[cur] = []
        elif ln.startswith("Every test and system:"):
            cur = None
        elif cur:
            secs[cur].append(ln)
    return {k: "\n".join(v).strip("\n") for k, v in secs.items()}


def summary_items(block, indent=0):
    """Wrapped entries: a line at `indent` starts one, deeper lines go on."""
    items = []
    for ln in block.split("\n"):
        if not ln.strip():
            continue
        ind = len(ln) - len(ln.lstrip(" "))
        if ind <= indent or not items:
            items.append(ln.strip())
        else:
            items[-1] += " " + ln.strip()
    return [squash(x) for x in items]


def shown_name(s):
    return squash(ascii_fold(s))


def compare_across(ctext, base):
    """The across-tests interval compare text gives each system."""
    out = {}
    for b in split_blocks(ctext):
        joined, _ = join_lines(b.split("\n"))
        m = re.match(r"Geometric mean (?:of performance per .+? )?"
                     r"over (?:\d+ tests?|\d+ of \d+ tests "
                     r"with runs), (.*) against %s: "
                     % re.escape(squash(base)), joined)
        a = re.search(r"CI (\S+) to (\S+) across tests like these "
                      r"\(geometric sd (\S+)\)", joined)
        if m and a:
            out[m.group(1)] = a.groups()
    return out


def mark_sub_metrics(tests, tidy):
    """t.sub for the tests convert's tidy CSV marks sub-metrics (its
    'metric' column, doc/tidy-csv.md), and t.geo_out where the geometric
    means leave them out: some selected scalar test is one, another is
    not (doc/statistics.md, "Primary metrics")."""
    rows = csv.DictReader(ln for ln in tidy.split("\n")
                          if ln and not ln.startswith("#"))
    subs = {(r["test"], r["title"], r["description"]) for r in rows
            if (r.get("metric") or "") == "sub"}
    for t in tests:
        t.sub = (t.id, t.title, t.desc) in subs
    scalar = [t for t in tests if t.scalar]
    out = any(t.sub for t in scalar) and not all(t.sub for t in scalar)
    for t in tests:
        t.geo_out = out and t.sub


def check_summary(ck, tests, text, ctext, base, geo, out="compare --brief",
                  conf=CONF):
    """The compact summary's numbers and sentences (doc/statistics.md, The
    summary) against the compare CSV and compare text: each geometric
    mean, its measurement CI (CSV) and across-tests CI (compare text),
    the tests left out; the ranking as compare text's; the findings'
    counts and leader; the largest proven changes chosen and ordered by
    the interval end nearer no change, each sentence as compare text
    states it."""
    lv = fmt_level(conf)
    secs = summary_sections(text)
    bname = shown_name(base)
    byname = {shown_name(s): s for s in geo}
    # ---- geometric means
    across = compare_across(ctext, base)
    listed = set()
    for e in summary_items(secs.get("GEOMETRIC MEAN", "")):
        m = re.match(r"^(.*): (\S+x) over (\d+ tests?|\d+ of \d+ tests with "
                     r"runs), ([^;]*); (.*)$", e)
        if not m or m.group(1) not in byname:
            ck.structure(out, "cannot read geometric mean %r" % e[:100])
            continue
        s = byname[m.group(1)]
        g = geo[s]
        listed.add(s)
        model = geo_model(tests, base, s)
        ck.same("geomean", s, out, "tests", m.group(3), g["description"],
                "compare csv")
        ck.value("geomean", s, out, "geometric mean", m.group(2),
                 fnum(g["mean"]), "compare csv", x3)
        ck.same("geomean", s, out, "verdict word", m.group(4), geo_words(g),
                "compare csv verdict %s" % g["verdict"])
        rest = m.group(5)
        mm = re.match(r"(\S+) CI (\S+) to (\S+) (over .*?) \(measurement\)",
                      rest)
        if mm:
            ck.same("geomean", s, out, "tests the interval is over",
                    mm.group(4), geo_over(model), "stats csv")
        if not model["noisy"] and model["k_runs"]:
            check_geo_single(ck, s, out, rest, model, "stats csv")
        if fnum(g["ratio_ci_low"]) is not None or mm:
            ck.value("geomean", s, out, "measurement CI low",
                     mm.group(2) if mm else None, fnum(g["ratio_ci_low"]),
                     "compare csv", x3)
            ck.value("geomean", s, out, "measurement CI high",
                     mm.group(3) if mm else None, fnum(g["ratio_ci_high"]),
                     "compare csv", x3)
            if mm:
                ck.same("geomean", s, out, "confidence level", mm.group(1),
                        lv, "--confidence %g" % conf)
        a = re.search(r"(\S+) to (\S+) across tests like these \(geometric "
                      r"sd (\S+)\)", rest)
        ref = across.get(squash(s))
        ck.same("geomean", s, out, "across-tests CI and geometric sd",
                a.groups() if a else None, ref, "compare text")
        left = re.search(r"(\d+) tests? left out", rest)
        ck.same("geomean", s, out, "tests left out",
                left.group(1) if left else "0",
                str(expected_left_out(tests, base, s)), "stats csv")
    want = [s for s, g in geo.items() if g["description"] != "baseline" and
            re.match(r"(?:\d+ of )?(\d+) tests?", g["description"]) and
            int(re.match(r"(?:\d+ of )?(\d+)",
                         g["description"]).group(1)) >= 2][:20]
    ck.same("geomean", "-", out, "systems listed", sorted(listed),
            sorted(want), "compare csv (k >= 2, at most 20)")
    # ---- the ranking: as compare text has it
    if "RANKS" in secs:
        check_compare_geomean(ck, tests, [secs["RANKS"]], base, geo, out,
                              conf, paragraphs=False, fold=shown_name)
    # ---- findings: the comparison counts
    rows = [r for t in tests for s, r in t.cmp.items()]
    n = sum(1 for r in rows if fnum(r["mean"]) is not None)
    better = sum(1 for r in rows if r["verdict"] == "better")
    worse = sum(1 for r in rows if r["verdict"] == "worse")
    ntests = sum(1 for t in tests if t.cmp)
    finds = summary_items(secs.get("FINDINGS", ""))
    cnt = next((f for f in finds if f.startswith("- Against ")), None)
    if n:
        want = "- Against %s, %d of %d comparison%s in %d test%s show a " \
            "difference proven at %s confidence: %d better, %d worse" % (
                bname, better + worse, n, "" if n == 1 else "s", ntests,
                "" if ntests == 1 else "s", lv, better, worse)
        ck.same("-", base, out, "finding: comparison counts",
                cnt[:len(want)] if cnt else None, want, "compare csv")
    # ---- findings: the leader
    ranked = [s for s, g in geo.items() if g["overall_rank_low"]]
    lead = next((f for f in finds if " ranks first overall" in f or
                 f.startswith("- No system is proven first")), None)
    if ranked and lead:
        top = min(ranked, key=lambda x: (fnum(geo[x]["overall_rank_low"]),
                                         -fnum(geo[x]["mean"])))
        proven = [s for s in ranked if geo[s]["overall_rank_low"] == "1"
                  and geo[s]["overall_rank_high"] == "1"]
        ck.same("overall", "-", out, "finding: a system proven first",
                " ranks first overall" in lead, bool(proven),
                "compare csv overall ranks")
        m = re.search(r"its geometric mean over (.+?) is (\S+x) against .*? "
                      r"\((\S+) CI (\S+) to (\S+) over [^()]*\)", lead)
        if m and proven:
            s = proven[0]
            ck.value("overall", s, out, "finding: geometric mean",
                     m.group(2), fnum(geo[s]["mean"]), "compare csv", x3)
            ck.value("overall", s, out, "finding: measurement CI low",
                     m.group(4), fnum(geo[s]["ratio_ci_low"]),
                     "compare csv", x3)
            ck.value("overall", s, out, "finding: measurement CI high",
                     m.group(5), fnum(geo[s]["ratio_ci_high"]),
                     "compare csv", x3)
        del top
    # ---- the results: each benchmark's primary metric, in test order
    check_summary_results(ck, tests, secs.get("RESULTS", ""), base, geo,
                          out)
    # ---- the largest proven changes
    cj = squash(" ".join(join_lines(b.split("\n"))[0]
                         for b in split_blocks(ctext)))
    cands = {"better": [], "worse": []}
    # proven in a test without a direction (read as more is better):
    # counted, not listed, as the findings count them
    nodir = {"better": 0, "worse": 0}
    for t in tests:
        sub = t.sub
        for s, r in t.cmp.items():
            if r["verdict"] not in cands:
                continue
            if t.dirn not in ("HIB", "LIB"):
                nodir[r["verdict"]] += 1
                continue
            # from the ratio interval: a speedup of 1e-300 has a percent
            # interval of -100% exactly; none (too noisy to size as a
            # ratio): after the sized ones, the difference in the unit
            rlo, rhi = fnum(r["ratio_ci_low"]), fnum(r["ratio_ci_high"])
            lo, hi = fnum(r["improvement_ci_low_pct"]), \
                fnum(r["improvement_ci_high_pct"])
            if rlo is None or rhi is None or lo is None or hi is None:
                key = (sub, 1, 0.0, t.idx)
            else:
                slo, shi = (1 / rhi, 1 / rlo) if t.dirn == "LIB" else \
                    (rlo, rhi)
                v = math.log(slo) if r["verdict"] == "better" else \
                    -math.log(shi)
                key = (sub, 0, -v, t.idx)
            cands[r["verdict"]].append((key, s, t))
    block = secs.get("PROVEN CHANGES", "")
    parts = block.split("\n\n") if block else []
    for verdict, head, cap in (("better", "Better than the baseline:", 5),
                               ("worse", "Worse than the baseline:", 10)):
        got = next((p for p in parts if p.startswith(head)), "")
        items = summary_items(got.split("\n", 1)[1] if "\n" in got else "")
        # "- and 6 more ...", or with none listed "- 2 proven ...
        # (benchreport compare lists them)"
        more_re = r"- (?:and (\d+) more proven|(\d+) proven \S+ \(bench)"
        more = [re.match(more_re, x) for x in items]
        more = [m.group(1) or m.group(2) for m in more if m]
        items = [x for x in items if not re.match(more_re, x)]
        # primary metrics first, then sized before unsized, larger
        # first, then test and system order (a stable sort)
        exp = sorted(cands[verdict], key=lambda c: c[0])
        ck.same("changes", "-", out, "proven %s changes listed" % verdict,
                len(items), min(cap, len(exp)), "compare csv")
        ck.same("changes", "-", out, "proven %s changes not listed"
                % verdict, more[0] if more else "0",
                str(max(0, len(exp) - cap) + nodir[verdict]), "compare csv")
        for it, (_, s, t) in zip(items, exp):
            ck.n += 1
            sent = " %s is " % shown_name(s)
            if ": " + sent.strip() not in it:   # a time: "takes 21.6% ..."
                sent = " %s takes " % shown_name(s)
            if not it.startswith("- " + squash(ascii_fold(t.title))) or \
                    ": " + sent.strip() not in it:
                ck.fail(t.label, s, out, "largest %s change (order by the "
                        "interval end nearer 1)" % verdict, it[:100],
                        "%s: %s" % (t.title, s))
                continue
            txt = it[it.index(": " + sent.strip()) + 2:]
            ck.n += 1
            if txt not in cj and txt not in ascii_fold(cj):
                ck.fail(t.label, s, out, "change sentence", txt[:120],
                        "the sentence of compare text")


def check_summary_results(ck, tests, block, base, geo, out):
    """The summary's RESULTS (doc/statistics.md, The summary): the
    primary metrics (every test when none is one) with a value, in test
    order, at most 12, the rest counted; each line the test, then with
    two systems the candidate's verdict as the compare CSV gives it."""
    scalar = [t for t in tests if t.scalar]
    only_sub = all(t.sub for t in scalar)
    # every primary test counts: those not listed (no value anywhere, a
    # series, a PASS/FAIL result, past 12) as "and N more"
    prim = [t for t in tests if not t.sub or only_sub]
    exp = [t for t in prim if t.scalar and t.valued()]
    items = [x for x in summary_items(block) if x.startswith("- ")]
    more = [re.match(r"- and (\d+) more primary results?", x) for x in items]
    more = [m.group(1) for m in more if m]
    items = [x for x in items if not re.match(r"- and \d+ more primary", x)]
    ck.same("results", "-", out, "primary results listed", len(items),
            min(12, len(exp)), "stats csv and convert's metric column")
    # none to list (series only, every one failed): no section at all
    ck.same("results", "-", out, "primary results not listed",
            more[0] if more else "0", str(len(prim) - min(12, len(exp))
                                          if exp else 0),
            "stats csv and convert's metric column")
    cands = [s for s, g in geo.items() if g["description"] != "baseline"]
    for it, t in zip(items, exp):
        ck.n += 1
        head = "- " + squash(ascii_fold(t.title))
        if not it.startswith(head) or \
                squash(ascii_fold(t.desc).replace("\n", " ")) not in it:
            ck.fail(t.label, "-", out, "primary result (test order)",
                    it[:100], "%s - %s" % (t.title, t.desc))
            continue
        if len(cands) != 1 or cands[0] not in t.cmp:
            continue
        r = t.cmp[cands[0]]
        want = {"better": (" faster than ", " better than ",
                           " higher than ", " less time than "),
                "worse": (" slower than ", " worse than ", " lower than ",
                          " more time than "),
                "no-difference": (": no difference proven",),
                "equivalent": (" is equivalent to ",)}.get(r["verdict"])
        ck.n += 1
        if want and not any(w in it for w in want):
            ck.fail(t.label, cands[0], out, "primary result's verdict",
                    it[:160], "%s (compare csv)" % r["verdict"])


def expected_left_out(tests, base, s):
    n = 0
    for t in tests:
        if not t.scalar or not t.has_value(base) or t.geo_out:
            continue
        if s not in t.cmp:
            continue
        m, bm = (t.mean(s) if t.has_value(s) else None), t.mean(base)
        if m is None or not (m > 0 and bm > 0) or \
                t.dirn not in ("HIB", "LIB"):
            n += 1
    return n


# ========================================================= report checks


def overview_marks(t):
    """best/worst from the stats CSV rank ranges (doc/statistics.md,
    Best and worst): a range of exactly 1 (of exactly N, the systems
    with a value), with two values or more and a known direction."""
    rk = {s: (fnum(t.rows[s]["rank_low"]), fnum(t.rows[s]["rank_high"]))
          for s in t.valued()}
    rk = {s: v for s, v in rk.items() if v[0] is not None}
    n = len(rk)
    if n < 2 or t.dirn not in ("HIB", "LIB"):
        return set(), set()
    # behind the systems faster than measurable: never best, ranks after
    # them (doc/statistics.md, Too fast to measure)
    f = sum(1 for s in t.rows if no_value_note(t, s) == FAST)
    return ({s for s, v in rk.items() if v == (1, 1) and not f},
            {s for s, v in rk.items() if v == (n + f, n + f)})


def spread_cols(head, cells):
    """(system, min, max, sd, cv) of a spread row read by its table's
    headings: min and max are left out where no entry has runs."""
    col = {h.strip(): k for k, h in enumerate(head)}
    get = [col.get(h) for h in ("Min", "Max", "SD", "CV")]
    return tuple([cells[0]] + [cells[k] if k is not None and k < len(cells)
                               else "" for k in get])


RUN_NOTE = re.compile(r"^   (.+?): (?:N = \d+: \d+ more runs? too fast to "
                      r"measure(?:; )?)?(run-order drift(?:; )?)?"
                      r"(?:outliers?: runs? (.*?))?"
                      r"(?:(?:; )?(too noisy to bound below: the interval "
                      r"reaches under 0))?$")


def check_run_notes(ck, t, out, after, at):
    """The notes on runs under a spread table, after a blank line at
    after[at] ("   NAME: outlier: run 7 (45.0)", "   NAME: run-order
    drift"; doc/statistics.md, Outliers): each system with flagged runs
    or drift says so, naming the runs the stats CSV's flagged_runs
    lists.  Returns after without them."""
    k = at + 1 if at < len(after) and not after[at].strip() else at
    notes = {}
    while k < len(after) and after[k].startswith("   ") and \
            not after[k].startswith("    "):
        line = after[k]
        k += 1
        while k < len(after) and after[k].startswith("     "):
            line += " " + after[k].strip()
            k += 1
        m = RUN_NOTE.match(line)
        if not m or not (m.group(2) or m.group(3) or m.group(4) or
                         "too fast to measure" in line):
            k -= 1
            while k > at and after[k - 1].startswith("     "):
                k -= 1
            break
        notes[ascii_fold(m.group(1))] = m
    for s in t.table_systems():
        if not t.has_value(s):
            continue
        r = t.rows[s]
        want = [x for x in (r.get("flagged_runs") or "").split()]
        m = notes.get(ascii_fold(s))
        got = re.findall(r"(?:^|, )(\d+) \(", m.group(3)) \
            if m and m.group(3) else []
        ck.n += 1
        if [g for g in got] != [w.rstrip(",") for w in want
                               if w.rstrip(",").isdigit()]:
            ck.fail(t.label, s, out, "outliers named", " ".join(got) or
                    None, "runs %r (stats csv flagged_runs)" % r.get(
                        "flagged_runs"))
        ck.n += 1
        drift = bool(m and m.group(2))
        if drift != (r["note"] == "run-order drift"):
            ck.fail(t.label, s, out, "run-order drift note", drift,
                    "note %r (stats csv)" % r["note"])
        # a positive quantity whose interval reaches under 0 (issue 22)
        ck.n += 1
        lo, mean, mn = (fnum(r.get(k) or "") for k in ("ci_low", "mean",
                                                       "min"))
        want_b = (lo is not None and mean is not None and lo < 0 < mean
                  and (mn is None or mn > 0) and int(r["n"] or 0) >= 2)
        if bool(m and m.group(4)) != want_b:
            ck.fail(t.label, s, out, "too noisy to bound below",
                    bool(m and m.group(4)), "stats csv ci_low %r, mean "
                    "%r, min %r" % (r.get("ci_low"), r.get("mean"),
                                    r.get("min")))
    if not notes:
        return after
    return after[:at] + after[k:]


def check_spread(ck, t, out, rows, disp=lambda s: s):
    """A test's spread table, rows (system, min, max, sd, cv): against
    the stats CSV min, max, sd, cv_pct, at display precision; min and
    max only with two runs or more (a published summary has none)."""
    names = [s for s in t.table_systems() if t.has_value(s)]
    if len(rows) != len(names):
        ck.structure(out, "%s: spread table with %d rows, %d systems with "
                     "a value" % (t.label, len(rows), len(names)))
        return
    for s, (name, mn, mx, sd, cv) in zip(names, rows):
        r = t.rows[s]
        ck.n += 1
        if not name_matches(name, disp(s)):
            ck.fail(t.label, s, out, "spread row", name, repr(s))
            continue
        two = int(r["n"]) >= 2
        for qty, shown, col in (("min", mn, "min"), ("max", mx, "max"),
                                ("SD", sd, "sd"), ("CV%", cv, "cv_pct")):
            shown = shown.strip()
            if qty == "CV%" and shown.endswith("%"):
                shown = shown[:-1]
            ck.value(t.label, s, out + " spread", qty, shown,
                     fnum(r[col]) if two else None, "stats csv " + col,
                     display=True)


def check_row_values(ck, t, s, out, n, mean, se, lo, hi, rank=None,
                     vs=None, base=None):
    r = t.rows[s]
    ck.same(t.label, s, out, "N", n, r["n"], "stats csv")
    ck.value(t.label, s, out, "mean", mean, fnum(r["mean"]), "stats csv",
             display=True)
    if se is not None:
        ck.value(t.label, s, out, "SE", se, fnum(r["se"]), "stats csv",
                 display=True)
    if lo is not None:
        ck.value(t.label, s, out, "CI low", lo, fnum(r["ci_low"]),
                 "stats csv", display=True)
        ck.value(t.label, s, out, "CI high", hi, fnum(r["ci_high"]),
                 "stats csv", display=True)
    if rank is not None:
        ck.same(t.label, s, out, "rank", rank,
                fmt_rank(r["rank_low"], r["rank_high"]),
                "stats csv rank_low, rank_high")
    if vs is not None:
        if s == base:
            ck.same(t.label, s, out, "vs. baseline", vs, "baseline",
                    "it is the baseline")
        else:
            cr = t.cmp.get(s)
            S = speedups(cr)[0] if cr else None
            ck.value(t.label, s, out, "vs. baseline (speedup)", vs,
                     None if S is None or math.isnan(S) else S,
                     "compare csv speedup", x3)


def term_cols(s):
    """Terminal columns of s: wide CJK 2, marks 0 (unicodedata)."""
    w = 0
    for ch in s:
        if ord(ch) != 0xad and unicodedata.category(ch) in ("Mn", "Me",
                                                            "Cf"):
            continue
        w += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return w


SERIES_HEAD = "Mean, SE and N of each point"


def check_series(ck, t, out, names, rows):
    """A series table of a report (render/report/report_text.c, report.md,
    report.html): names, the systems' headings in order; rows, per point
    (x, [(mean, se, n) per system]), against the stats CSV's series rows
    (one per point with a value: x, mean, se, n)."""
    want = list(t.points)
    ck.n += 1
    if len(names) != len(want) or not all(
            name_matches(a, b) or name_matches(a, ascii_fold(b))
            for a, b in zip(names, want)):
        ck.fail(t.label, "-", out, "series columns", names, want)
        return
    ref = {s: {fnum(r["x"]): r for r in t.points[s]} for s in want}
    xs = sorted({x for s in want for x in ref[s]})
    shown_xs = [fnum(x) for x, _ in rows]
    ck.n += 1
    if not set(xs) <= set(shown_xs):
        ck.fail(t.label, "-", out, "series points (x)", shown_xs,
                "%s (stats csv x)" % xs)
    for x, cells in rows:
        for s, (mean, se, n) in zip(want, cells):
            r = ref[s].get(fnum(x))
            if r is None:
                ck.value(t.label, s, out, "point %s mean" % x, mean or "-",
                         None, "stats csv: no row at x")
                continue
            ck.value(t.label, s, out, "point %s mean" % x, mean,
                     fnum(r["mean"]), "stats csv series row", display=True)
            ck.value(t.label, s, out, "point %s SE" % x, se or "-",
                     fnum(r["se"]), "stats csv series row")
            ck.same(t.label, s, out, "point %s N" % x, n, r["n"],
                    "stats csv series row")


def series_groups(head, mean, off):
    """The column groups of a series table's headings: (first column,
    width) per system, Mean SE N or, single runs only, Mean N (issue
    22); off: the index of head[0] among the row's cells."""
    groups = []
    for k, h in enumerate(head):
        if h == mean or h.endswith(" " + mean):
            w = 3 if k + 1 < len(head) and head[k + 1] == "SE" else 2
            groups.append((k + off, w))
    return groups


def series_cell(c, a, w):
    """(mean, se, n) of the group at a, w wide ("" for no SE column)."""
    g = c[a:a + w]
    return (g[0], g[1], g[2]) if w == 3 else (g[0], "", g[1] if len(g) > 1
                                               else "")


def series_txt(ck, t, out, sec):
    """The text report's series table (render/report/report_text.c): blocks of
    a names line (each name left-aligned over its group), a heading line
    (the x label, then Mean SE N per system, right-aligned) and a row per
    point (x right-aligned, then the numbers, ASCII)."""
    i = next((k for k, ln in enumerate(sec) if ln.strip().startswith(
        (SERIES_HEAD, "Mean and N of each point"))), None)
    if i is None:
        ck.fail(t.label, "-", out, "series table", None, "a table")
        return
    names, rows = [], OrderedDict()
    k = i + 1
    while k + 3 < len(sec) and sec[k] == "" and sec[k + 1].strip():
        nl, head = sec[k + 1], sec[k + 2]
        ms = list(re.finditer(r"(?<= )(Mean|SE|N)\b", head))
        ends = [term_cols(head[:m.end()]) for m in ms]
        # single runs only: Mean N, no SE column (issue 22)
        gw = 3 if any(m.group(1) == "SE" for m in ms) else 2
        body = []
        k += 3
        while k < len(sec) and sec[k].strip():
            body.append(sec[k])
            k += 1
        if not body or len(ends) % gw:
            ck.structure(out, "%s: series block %r" % (t.label, head))
            return
        xend = len(body[0]) - len(body[0][3:].lstrip()) + \
            len(body[0][3:].lstrip().split()[0])
        for g in range(0, len(ends), gw):
            a = xend + 3 if g == 0 else ends[g - 1] + 3
            names.append(cut_cols(nl, a, ends[g + gw - 1]).strip())
        starts = [xend] + ends[:-1]
        for ln in body:
            x = ln[:xend].strip()
            cells = [ln[a:b].strip() for a, b in zip(starts, ends)]
            rows.setdefault(x, []).extend(
                tuple(cells[g:g + 3]) if gw == 3 else
                (cells[g], "", cells[g + 1])
                for g in range(0, len(cells), gw))
    check_series(ck, t, out, names, list(rows.items()))


def cut_cols(line, a, b):
    """The part of line from display column a to b."""
    out, col = [], 0
    for ch in line:
        if a <= col < b:
            out.append(ch)
        col += term_cols(ch)
    return "".join(out)


def check_report_txt(ck, tests, text, base, geo, words_seen):
    out = "report.txt"
    lines = text.split("\n")
    try:
        i_res = lines.index("RESULTS")
    except ValueError:
        ck.structure(out, "no RESULTS section")
        return
    systems = systems_of(tests)
    sections(ck, out, tests, geo, "RESULTS OVERVIEW" in lines,
             "GEOMETRIC MEAN" in lines)
    # ---- overview
    if "RESULTS OVERVIEW" in lines:
        i = lines.index("RESULTS OVERVIEW") + 3
        end = lines.index("GEOMETRIC MEAN") if "GEOMETRIC MEAN" in lines \
            else i_res
        check_txt_overview(ck, tests, systems, lines[i:end], out)
    # ---- geomean
    if "GEOMETRIC MEAN" in lines:
        i = lines.index("GEOMETRIC MEAN")
        seg = lines[i + 1:i_res]
        hi_ = next((k for k, ln in enumerate(seg)
                    if ln.startswith("  System ")), None)
        if hi_ is None:
            ck.structure(out, "geometric mean table header")
        else:
            end = next((k for k, ln in enumerate(seg) if k > hi_ and
                        not ln.strip()), len(seg))
            rows = [ln for ln in seg[hi_ + 1:end] if ln.strip()]
            foot = next((k for k, ln in enumerate(rows)
                         if ln.startswith("  * ")), len(rows))
            notes = summary_items("\n".join(rows[foot:]), 2)
            rows = rows[:foot]
            # a row, then its across-tests line (blank under the name)
            parsed = []
            for ln in rows:
                if ln.startswith("    ") and parsed:
                    # the first: across tests; then why there is no
                    # measurement interval (issue 22), wrapped
                    if parsed[-1][4] is None:
                        parsed[-1][4] = ln.strip()
                    continue
                # the baseline's Tests column is "-"
                m = re.match(r"^  (.+?) +(?:(\d+|-) +)?(-?[\d.]+(?:e[-+]\d+)?"
                             r"x|-x)  (.*)$", ln)
                if m:
                    ci = m.group(4)
                    if ci.endswith(" measurement"):
                        ci = ci[:-len(" measurement")].rstrip()
                    parsed.append([m.group(1), m.group(2), m.group(3), ci,
                                   None])
            check_geo_rows(ck, out, geo, base, systems,
                           [(p[0], p[2], p[3]) for p in parsed], ascii_fold,
                           GEO_MARK_TXT)
            want = [base] + [x for x in systems if x in geo and x != base]
            more = []
            for p, x in zip(parsed, want):
                ac = p[4]
                if ac is not None and ac.endswith(" across tests"):
                    ac = ac[:-len(" across tests")].strip()
                elif ac == "- across tests (one test)":
                    ac = "none"
                more.append((x, p[1], ac, None, None))
            check_geo_more(ck, out, tests, geo, base, more)
            ov = [k for k, ln in enumerate(seg) if
                  ln.startswith("Overall ranking by the geometric mean")]
            if ov:
                blk = []
                for ln in seg[ov[0]:]:
                    if not ln.strip():
                        break
                    blk.append(ln)
                check_overall_text(ck, tests, join_lines(blk), base, geo,
                                   out, fmt_level(CONF),
                                   lambda x: squash(ascii_fold(x)))
            elif any(g["overall_rank_low"] for g in geo.values()):
                ck.structure(out, "no overall ranking, the compare CSV "
                             "ranks the systems")
            # one footnote per starred row: what its interval is over
            want = ["* %s: %s" % (squash(ascii_fold(x)),
                                  g["note"][len("measurement CI "):])
                    for x, g in geo.items() if x != base and
                    g["description"] != "baseline" and geo_starred(g)]
            ck.same("geomean", "-", out, "footnotes on what intervals are "
                    "over", [squash(ascii_fold(n)) for n in notes],
                    [squash(w) for w in want], "compare csv notes")
    # ---- tests
    body = lines[i_res + 1:]
    heads = []
    k = 1
    for j, ln in enumerate(body):
        if ln.startswith("%d. " % k):
            heads.append(j)
            k += 1
    if len(heads) != len(tests):
        ck.structure(out, "%d test sections, %d tests"
                     % (len(heads), len(tests)))
        return
    heads.append(next((j for j, ln in enumerate(body)
                       if ln.startswith("Generated by ")), len(body)))
    for t, a, b in zip(tests, heads, heads[1:]):
        sec = body[a:b]
        ck.n += 1
        if not squash(" ".join(sec[:2])).startswith(
                squash("%d. %s" % (t.idx + 1, ascii_fold(t.title)))):
            ck.fail(t.label, "-", out, "test heading", sec[0], repr(t.title))
        hi_ = next((k for k, ln in enumerate(sec)
                    if re.match(r"^   System +N +Mean", ln)), None)
        if not t.scalar or t.series:
            ck.n += 1
            if hi_ is not None:
                ck.fail(t.label, "-", out, "table", "a table",
                        "no table: not a scalar test (stats csv)")
            if t.series and t.points:
                series_txt(ck, t, out, sec)
            continue
        if hi_ is None:
            ck.fail(t.label, "-", out, "table", None, "a table (stats csv)")
            continue
        names = t.table_systems()
        single = "SE" not in sec[hi_].split()
        rows = parse_table_rows(ck, out, t, hi_, sec, names, ascii_fold,
                                3 if single else 6, 3)
        if rows is None:
            continue
        for s, c in rows.items():
            if c is None:
                continue
            if single:
                check_row_values(ck, t, s, out, c[1], c[2], None, None, None)
                ck.value(t.label, s, out, "SE (not shown: single runs)",
                         "-", fnum(t.rows[s]["se"]), "stats csv")
            else:
                check_row_values(ck, t, s, out, c[1], c[2], c[3], c[4], c[5])
        after = sec[hi_ + 1 + len(names):]
        sp = next((k for k, ln in enumerate(after)
                   if re.match(r"^   Spread( +Min +Max)? +SD +CV%$", ln)),
                  None)
        if sp is not None:
            end = next((k for k in range(sp + 1, len(after))
                        if not after[k].strip()), len(after))
            # without Min and Max columns: no entry has runs
            nc = 4 if "Min" in after[sp] else 2
            check_spread(ck, t, out, [
                (" ".join(ln.split()[:-nc]),) + ("-",) * (4 - nc) +
                tuple(ln.split()[-nc:]) for ln in after[sp + 1:end]],
                ascii_fold)
            if nc == 2:
                ck.same(t.label, "-", out, "spread without min and max",
                        "no runs", "no runs" if all(
                            fnum(t.rows[x]["min"]) is None or
                            int(t.rows[x]["n"]) < 2
                            for x in t.table_systems() if t.has_value(x))
                        else "runs", "stats csv min")
            after = after[:sp] + after[end:]
            after = check_run_notes(ck, t, out, after, sp)
        joined, starts = join_lines(after)
        cands = [s for s in t.cmp if t.has_value(s)]
        if not t.has_value(base) and len(systems_of(tests)) > 1:
            ck.n += 1
            if "(no comparison: the baseline" not in joined:
                ck.fail(t.label, base, out, "no comparison note", None,
                        "the baseline has no result (stats csv)")
            cands = []
        sent = find_sentences(ck, t, out, joined, starts, cands, 3, 0,
                              ascii_fold)
        for s, txt in sent.items():
            if txt is not None:
                check_sentence(ck, t, s, out, txt, expected_sentence(
                    ascii_fold(s), ascii_fold(base), t.cmp[s], t.se_dec,
                    ascii_fold(t.unit)), words_seen, t.cmp[s]["verdict"])


def check_txt_overview(ck, tests, systems, seg, out):
    scal = [t for t in tests if t.scalar]
    ti = 0
    ncols, c0 = 0, 0
    name = []
    for ln in seg:
        if not ln.strip():
            continue
        if re.match(r"^ +(\[\d+\] *)+$", ln):
            nums = [int(x) for x in re.findall(r"\[(\d+)\]", ln)]
            c0, ncols = nums[0] - 1, len(nums)
            ti = 0
            continue
        # "too fast": bonnie++'s "+++++", faster than measurable
        toks = ln.replace("too fast", "too-fast").split()
        if ln.startswith("    ") and len(toks) == ncols and all(
                re.match(r"^(-?[\d.:]+(e[-+]?\d+)?[*!]?|-|fail|too-fast)$",
                         x) for x in toks):
            if ti >= len(scal):
                ck.structure(out, "overview: more rows than scalar tests")
                return
            t = scal[ti]
            ti += 1
            want = "%s%s (%s%s%s)" % (
                t.title, " - " + t.desc if t.desc else "", t.unit,
                ", " if t.unit else "",
                {"HIB": "more is better", "LIB": "fewer is better"}.get(
                    t.dirn, "direction unknown"))
            ck.n += 1
            if " ".join(" ".join(name).split()) != \
                    " ".join(ascii_fold(want).split()):
                ck.fail(t.label, "-", out, "overview row name",
                        " ".join(name), repr(ascii_fold(want)))
            name = []
            best, worst = overview_marks(t)
            for j, tok in enumerate(toks):
                s = systems[c0 + j]
                mark = tok[-1] if tok[-1] in "*!" else ""
                v = tok.rstrip("*!")
                if v == "too-fast":
                    ck.n += 1
                    if no_value_note(t, s) != FAST:
                        ck.fail(t.label, s, out, "overview value", tok,
                                "%s (stats csv)" % (no_value_note(t, s) or
                                                    t.mean(s)))
                    continue
                if v == "fail":
                    ck.n += 1
                    if t.has_value(s) or s not in t.rows:
                        ck.fail(t.label, s, out, "overview value", tok,
                                "%s (stats csv)" % t.mean(s))
                    continue
                ck.value(t.label, s, out + " overview", "mean", v,
                         t.mean(s) if t.has_value(s) else None, "stats csv",
                         display=True)
                ck.same(t.label, s, out + " overview", "best/worst mark",
                        mark, "*" if s in best else "!" if s in worst
                        else "", "stats csv rank range")
        else:
            name.append(ln)
    if ti != len(scal):
        ck.structure(out, "overview: %d rows, %d scalar tests"
                     % (ti, len(scal)))


GEO_MARK_TXT = "txt"
GEO_MARK_MD = "md"


def geo_no_ci_why(note):
    """br_geomean_no_ci's words in a "no measurement CI (over ...): why"
    note."""
    m = re.match(r"no measurement CI \([^()]*\): (.*)$", note)
    return m.group(1) if m else note


def geo_starred(g):
    """The text report stars an interval that leaves tests out (single
    runs, or hyperfine's user and system times) and footnotes it."""
    return fnum(g["ratio_ci_low"]) is not None and (
        "single-run test" in g["note"] or "wall time only" in g["note"])


def check_geo_rows(ck, out, geo, base, systems, rows, disp, marks):
    """Geometric mean table rows (name, value, ci text) against the
    compare CSV geomean rows.  marks: GEO_MARK_TXT (the text report: "lo
    to hi*" for an interval that leaves tests out, "- (why)" without
    one) or GEO_MARK_MD (Markdown and HTML: "lo to hi (over R of K tests
    with runs[; ...])", nothing without one)."""
    want = [s for s in systems if s in geo and s != base]
    want = [base] + want if want else []
    if len(rows) != len(want):
        ck.structure(out, "geometric mean table: %d rows, expected %d "
                     "(baseline + compare csv geomean rows)"
                     % (len(rows), len(want)))
    for (name, val, ci), s in zip(rows, want):
        ck.n += 1
        if not name_matches(name, disp(s)):
            ck.fail("geomean", s, out, "row", name, repr(s))
            continue
        if s == base:
            ck.same("geomean", s, out, "baseline", (val, ci.strip()),
                    ("1.000x", "baseline"), "it is the baseline")
            continue
        g = geo[s]
        ck.value("geomean", s, out, "geometric mean", val, fnum(g["mean"]),
                 "compare csv", x3)
        lo, hi = fnum(g["ratio_ci_low"]), fnum(g["ratio_ci_high"])
        ci = ci.strip()
        if lo is None and hi is None:
            # why, in every format (issue 22): "-" in the text table and
            # the sentence under it; in Markdown and HTML the sentence
            why = geo_no_ci_why(g["note"])
            want = "no interval: " + why if why == NO_CI_SE else \
                "no interval: the ratio on" if why == NO_CI_ONE else \
                "no interval: the mean"
            if "--template" in out:     # a template without no_ci
                ck.same("geomean", s, out, "measurement CI", ci, "",
                        "compare csv: no interval (its note)")
            elif marks == GEO_MARK_TXT:
                ck.same("geomean", s, out, "measurement CI", ci, "-",
                        "compare csv: no interval (its note)")
            else:
                ck.same("geomean", s, out, "measurement CI",
                        ci[:len(want)], want,
                        "compare csv: no interval (its note)")
            continue
        if marks == GEO_MARK_TXT:
            has = ci.endswith("*")
            ck.same("geomean", s, out, "measurement CI: tests left out of "
                    "the width", "marked" if has else "not marked",
                    "marked" if geo_starred(g) else "not marked",
                    "compare csv note %r" % g["note"])
            if has:
                ci = ci[:-1].strip()
        else:
            m = re.match(r"^(\S+ to \S+) \((.*)\)$", ci)
            ck.same("geomean", s, out, "what the interval is over",
                    m.group(2) if m else None,
                    g["note"][len("measurement CI "):],
                    "compare csv note")
            if m:
                ci = m.group(1)
        m = re.match(r"^(\S+) to (\S+)$", ci)
        ck.value("geomean", s, out, "measurement CI low",
                 m.group(1) if m else None, lo, "compare csv", x3)
        if hi is None:      # an end at infinity: the CSV cell is empty
            ck.same("geomean", s, out, "measurement CI high",
                    m.group(2) if m else None, "unbounded",
                    "compare csv: empty, the interval has a low end")
        else:
            ck.value("geomean", s, out, "measurement CI high",
                     m.group(2) if m else None, hi, "compare csv", x3)


def check_geo_more(ck, out, tests, geo, base, rows):
    """The geometric-mean table's other columns, rows (system, tests,
    across-tests CI text, rank, firsts; None: the output has no such
    column): tests against the compare CSV's "k tests", the across-tests
    interval against compare text's "across tests like these", the rank
    range against overall_rank_low/high, the firsts against the stats
    CSV's rank ranges."""
    n_tests, wins, could = expected_firsts(tests)
    for s, k, ac, rank, firsts in rows:
        g = geo.get(s)
        if g is None:
            continue
        if s != base and k is not None:
            # the text report: the tests behind the mean; Markdown and
            # HTML: "3", or "1 of 2 with runs"
            m = re.match(r"(\d+) tests?$|(\d+) of (\d+) tests with runs$",
                         g["description"])
            want = g["description"] if not m else m.group(1) or (
                m.group(2) if out.startswith("report.txt") else
                "%s of %s with runs" % (m.group(2), m.group(3)))
            ck.same("geomean", s, out, "tests in the geometric mean", k,
                    want, "compare csv description")
        if s != base and ac is not None and "_across" in g:
            want = g["_across"]
            m = re.match(r"^(\S+) to (\S+)$", ac.strip())
            if want is None or m is None:
                ck.same("geomean", s, out, "across-tests CI",
                        ac.strip() if m else "none",
                        "%s to %s" % want if want else "none",
                        "compare text")
            else:
                ck.same("geomean", s, out, "across-tests CI", m.groups(),
                        want, "compare text")
        if rank is not None:
            ck.same("overall", s, out, "overall rank", rank,
                    fmt_rank(g["overall_rank_low"], g["overall_rank_high"])
                    if g["overall_rank_low"] else "",
                    "compare csv overall_rank_low, overall_rank_high")
        if firsts is not None and g["overall_rank_low"]:
            want = firsts_text(wins[s], could[s], n_tests[s])
            ck.same("overall", s, out, "first in k of n tests, could be "
                    "in c", re.sub(r"(^|; )below .*", "", firsts),
                    want[2:], "stats csv rank ranges")


def sections(ck, out, tests, geo, has_overview, has_geomean):
    """The overview is there when a test is scalar; the geometric means
    when the compare CSV has one."""
    want_ov = any(t.scalar for t in tests)
    want_gm = any(g["description"] != "baseline" for g in geo.values())
    ck.same("-", "-", out, "results overview section",
            "present" if has_overview else "absent",
            "present" if want_ov else "absent", "stats csv: scalar tests")
    if geo or has_geomean:
        ck.same("-", "-", out, "geometric mean section",
                "present" if has_geomean else "absent",
                "present" if want_gm else "absent",
                "compare csv geomean rows")


def check_values_md(ck, tests, text, base, geo):
    """Template values no built-in template shows: each system's
    geometric-mean test count (and value, interval, class again)."""
    out = "render --template values.md.tmpl"
    systems = systems_of(tests)
    rows = [md_split(ln[4:]) for ln in text.split("\n")
            if ln.startswith("GEO|")]
    rows = [[md_unescape(c) for c in r] for r in rows]
    check_geo_rows(ck, out, geo, base, systems,
                   [(r[0], r[1], r[2] or ("baseline" if r[0] == base
                                          else "")) for r in rows],
                   lambda s: s, GEO_MARK_MD)
    ks = {}
    for s, g in geo.items():
        m = re.match(r"(\d+) tests?$", g["description"])
        if m:
            ks[s] = m.group(1)
    for r in rows:
        if r[0] in ks:
            ck.same("geomean", r[0], out, "tests in the geometric mean",
                    r[3], ks[r[0]], "compare csv description")
            g = geo[r[0]]
            ck.same("geomean", r[0], out, "class", r[4],
                    {"better": "better", "worse": "worse"}.get(
                        g["verdict"], "same"),
                    "compare csv verdict %s" % g["verdict"])
    m = re.search(r"^TESTS\|(\d+)$", text, re.M)
    if ks:
        ck.same("geomean", "-", out, "geomean_tests (most of any system)",
                m.group(1) if m else None, str(max(int(k) for k in
                                                   ks.values())),
                "compare csv")


def slug(title, desc):
    """A test's slug (doc/templates.md, anchor): the title's and the
    description's ASCII letters and digits, lower-case, each other run a
    "-"; over 60 characters, "(...)" asides left out, then cut at a "-"
    at or before the 60th character."""
    def make(skip):
        out, dash, depth = [], False, 0
        for part in (title or "", desc or ""):
            for c in part:
                if skip and c in "()":
                    depth += 1 if c == "(" else -1 if depth > 0 else 0
                    dash = True
                elif skip and depth > 0:
                    continue
                elif c.isascii() and c.isalnum():
                    if dash and out:
                        out.append("-")
                    dash = False
                    out.append(c.lower())
                else:
                    dash = True
            dash = True
        return "".join(out)
    s = make(False)
    if len(s) > 60:
        s = make(True) or make(False)
    if len(s) > 60:
        cut = 60
        while cut > 0 and s[cut] != "-":
            cut -= 1
        s = s[:cut] if cut > 0 else s[:60]
    return s or "test"


def anchor_ok(t, tests, anchor):
    """Is anchor test t's: "test-" and its slug, and when another test of
    the input shares the slug, 8 hex digits after it (a hash of the
    test's key, not recomputed here)."""
    want = "test-" + slug(t.title, t.desc)
    shared = any(u is not t and slug(u.title, u.desc) == slug(t.title, t.desc)
                 for u in tests)
    if shared:
        return re.match(re.escape(want) + r"-[0-9a-f]{8}$", anchor or "") \
            is not None, want + "-<key hash>"
    return anchor == want, want


def check_anchors_unique(ck, out, anchors):
    ck.n += 1
    dup = sorted(set(a for a in anchors if anchors.count(a) > 1))
    if dup:
        ck.fail("-", "-", out, "test anchors unique", dup, "no repeats")


def check_report_md(ck, tests, text, base, geo, words_seen, out="report.md"):
    lines = text.split("\n")
    systems = systems_of(tests)
    sections(ck, out, tests, geo, "## Results overview" in lines,
             "## Geometric mean" in lines)

    def table_after(i):
        j = i
        while j < len(lines) and not lines[j].startswith("|"):
            j += 1
        rows = []
        while j < len(lines) and lines[j].startswith("|"):
            rows.append(lines[j])
            j += 1
        return rows

    if "## Results overview" in lines:
        rows = table_after(lines.index("## Results overview"))
        head = [md_unescape(c) for c in md_split(rows[0])][1:]
        ck.n += 1
        if head != systems:
            ck.fail("-", "-", out, "overview columns", head, systems)
        scal = [t for t in tests if t.scalar]
        if len(rows) - 2 != len(scal):
            ck.structure(out, "overview: %d rows, %d scalar tests"
                         % (len(rows) - 2, len(scal)))
        for t, ln in zip(scal, rows[2:]):
            cs = md_split(ln)
            ck.n += 1
            m = re.match(r"^\[.*\]\(#([^)]*)\)", cs[0])
            ok, want = anchor_ok(t, tests, m.group(1) if m else None)
            if not ok:
                ck.fail(t.label, "-", out, "overview row", cs[0],
                        "#" + want)
            best, worst = overview_marks(t)
            for s, c in zip(systems, cs[1:]):
                check_overview_cell(ck, t, s, out, c, best, worst,
                                    len(systems) > 1)
    if "## Geometric mean" in lines:
        rows = table_after(lines.index("## Geometric mean"))
        check_geo_rows(ck, out, geo, base, systems, [
            (md_unescape(a), b, md_unescape(c)) for a, b, c in
            (md_split(r)[:3] for r in rows[2:])], lambda s: s, GEO_MARK_MD)
        head = md_split(rows[0]) if rows else []
        want = [base] + [x for x in systems if x in geo and x != base]
        more = []
        for r, x in zip(rows[2:], want):
            c = [md_unescape(v) for v in md_split(r)]
            more.append((x, c[3] if len(c) > 3 else "",
                         (c[4] or "none") if len(c) > 4 else "",
                         c[5] if len(head) > 5 else None,
                         c[6] if len(head) > 6 else None))
        check_geo_more(ck, out, tests, geo, base, more)
        ck.same("overall", "-", out, "rank column", "Rank" in head,
                any(g["overall_rank_low"] for g in geo.values()),
                "compare csv overall_rank_low")
    if "## Scaling" in lines:
        check_scaling_md(ck, tests, lines, systems, out)
    # tests
    anchors = [i for i, ln in enumerate(lines)
               if re.match(r'^<a id="test-[a-z0-9-]+"></a>$', ln)]
    check_anchors_unique(ck, out, [lines[i] for i in anchors])
    cut = next((re.search(r"the last (\d+) of (\d+) tests", ln) for ln in
                lines if ln.startswith("Cut to fit GitHub's")), None)
    if cut:
        # cut to fit GitHub (issue 22): the first sections, as many as
        # the note says; the sections themselves are the full report's
        ck.n += 1
        if (int(cut.group(2)) != len(tests) or
                len(anchors) != len(tests) - int(cut.group(1))):
            ck.structure(out, "%d test sections, %d tests, cut note %r"
                         % (len(anchors), len(tests), cut.group(0)))
        return
    if len(anchors) != len(tests):
        ck.structure(out, "%d test sections, %d tests"
                     % (len(anchors), len(tests)))
        return
    anchors.append(next((i for i, ln in enumerate(lines) if ln == "---"),
                        len(lines)))
    for t, a, b in zip(tests, anchors, anchors[1:]):
        sec = lines[a:b]
        ck.n += 1
        if not anchor_ok(t, tests, sec[0][len('<a id="'):-len('"></a>')])[0] \
                or not md_unescape(sec[1]).startswith("### " + t.title.split(
                    "\n")[0]):
            ck.fail(t.label, "-", out, "test heading", sec[:2], t.title)
        tabs_md, cur = [], None
        for ln in sec:
            if ln.startswith("|"):
                if cur is None:
                    cur = []
                    tabs_md.append(cur)
                cur.append(ln)
            else:
                cur = None
        tab = tabs_md[0] if tabs_md else []
        if t.series and t.points:
            # the series table: | x | name mean | SE | N | ...
            ck.n += 1
            if len(tab) < 3 or not any(ln.startswith(
                    (SERIES_HEAD, "Mean and N of each point"))
                    for ln in sec):
                ck.fail(t.label, "-", out, "series table", tab[:1],
                        "a table")
                continue
            head = [md_unescape(c) for c in md_split(tab[0])]
            groups = series_groups(head[1:], "mean", 1)
            names = [re.sub(r" mean$", "", head[a]) for a, _ in groups]
            rows = []
            for ln in tab[2:]:
                c = [md_unescape(x) for x in md_split(ln)]
                rows.append((c[0], [series_cell(c, a, w)
                                    for a, w in groups]))
            check_series(ck, t, out, names, rows)
            continue
        if len(tabs_md) > 1:
            sh = [md_unescape(x) for x in md_split(tabs_md[1][0])]
            check_spread(ck, t, out, [
                spread_cols(sh, [md_unescape(x) for x in md_split(ln)])
                for ln in tabs_md[1][2:]])
        if not t.scalar or t.series:
            ck.n += 1
            if tab:
                ck.fail(t.label, "-", out, "table", "a table",
                        "none: not a scalar test")
            continue
        names = t.table_systems()
        if len(tab) - 2 != len(names):
            ck.structure(out, "%s: %d rows, %d systems" % (t.label,
                         len(tab) - 2, len(names)))
            continue
        for s, ln in zip(names, tab[2:]):
            c = [md_unescape(x) for x in md_split(ln)]
            ck.n += 1
            if not (c[0] == s or c[0].startswith(s + " (")):
                ck.fail(t.label, s, out, "row order / system name", c[0],
                        repr(s))
            if not t.has_value(s):
                ck.value(t.label, s, out, "mean (no value)", c[2], None,
                         "stats csv")
                continue
            ci = re.match(r"^(\S+) to (\S+)$", c[4])
            check_row_values(ck, t, s, out, c[1], c[2], c[3],
                             ci.group(1) if ci else c[4] or "-",
                             ci.group(2) if ci else c[4] or "-",
                             c[5] if len(c) > 6 else None,
                             c[6] if len(c) > 6 else None, base)
        sents = [md_unescape(ln[2:]) for ln in sec if ln.startswith("- ")]
        cands = [s for s in t.cmp if t.has_value(s)] \
            if t.has_value(base) else []
        check_sentence_list(ck, t, out, sents, cands, base, words_seen,
                            lambda s: s)


def check_scaling_md(ck, tests, lines, systems, out):
    """The scaling tables: a row per result of a family, linked to its
    test ("[x](#test-slug)", doc/templates.md), a column per system with the mean and its
    interval ("mean (low to high)") as the stats CSV has them."""
    i = lines.index("## Scaling")
    end = lines.index("## Tests") if "## Tests" in lines else len(lines)
    tables, cur = [], None
    for ln in lines[i:end]:
        if ln.startswith("|"):
            if cur is None:
                cur = []
                tables.append(cur)
            cur.append(ln)
        else:
            cur = None
    ck.n += 1
    if not tables:
        ck.structure(out, "Scaling section without a table")
    for tab in tables:
        head = [md_unescape(c) for c in md_split(tab[0])][1:]
        ck.n += 1
        if head != systems:
            ck.fail("-", "-", out, "scaling columns", head, systems)
            continue
        for ln in tab[2:]:
            cs = md_split(ln)
            m = re.match(r"^\[[^]]*\]\(#(test-[^)]+)\)$", cs[0])
            cand = [u for u in tests
                    if m and anchor_ok(u, tests, m.group(1))[0]]
            if not cand:
                ck.structure(out, "scaling row %r names no test" % cs[0])
                continue
            # tests sharing a slug differ in a key hash not recomputed
            # here: the one whose means the row shows
            t = next((u for u in cand if all(
                not u.has_value(s) or shown_agrees(
                    md_unescape(c).strip().split(" ")[0],
                    fnum(u.rows[s]["mean"]), None)
                for s, c in zip(systems, cs[1:]))), cand[0])
            for s, c in zip(systems, cs[1:]):
                c = md_unescape(c).strip()
                if not t.has_value(s):
                    ck.same(t.label, s, out, "scaling cell (no value)", c,
                            "", "stats csv")
                    continue
                v = re.match(r"^(\S+)(?: \((\S+) to (\S+)\))?$", c)
                if not v:
                    ck.value(t.label, s, out, "scaling mean", None,
                             fnum(t.rows[s]["mean"]), "stats csv")
                    continue
                ck.value(t.label, s, out, "scaling mean", v.group(1),
                         fnum(t.rows[s]["mean"]), "stats csv",
                         display=True)
                if v.group(2):
                    ck.value(t.label, s, out, "scaling CI low", v.group(2),
                             fnum(t.rows[s]["ci_low"]), "stats csv",
                             display=True)
                    ck.value(t.label, s, out, "scaling CI high",
                             v.group(3), fnum(t.rows[s]["ci_high"]),
                             "stats csv", display=True)


FAST_SENTENCE = re.compile(r'^(.+) is faster than (.+) \(too fast to '
                           r'measure: bonnie\+\+ printed "\+\+\+\+\+"\), so '
                           r'by an unknown amount$')


def drop_fast(ck, t, out, sents, base, disp=lambda s: s, classes=None):
    """The sentences of candidates faster than measurable against a
    measured baseline (doc/statistics.md, Too fast to measure), checked
    and taken out: (the other sentences, their classes)."""
    keep, kc = [], []
    for k, txt in enumerate(sents):
        m = FAST_SENTENCE.match(squash(txt))
        if not m:
            keep.append(txt)
            if classes is not None:
                kc.append(classes[k])
            continue
        ck.n += 1
        who = [s for s in t.rows if squash(disp(s)) == m.group(1)]
        if not who or no_value_note(t, who[0]) != FAST or \
                not t.has_value(base) or m.group(2) != squash(disp(base)):
            ck.fail(t.label, m.group(1), out, "faster than measurable "
                    "sentence", txt[:120], "a candidate faster than "
                    "measurable against a measured baseline (stats csv)")
    return keep, (kc if classes is not None else None)


def check_sentence_list(ck, t, out, sents, cands, base, words_seen, disp,
                        classes=None):
    """One sentence per candidate, in order (Markdown and HTML lists)."""
    sents, classes = drop_fast(ck, t, out, sents, base, disp, classes)
    if len(sents) != len(cands):
        ck.n += 1
        ck.fail(t.label, "-", out, "number of comparison sentences",
                len(sents), "%d (compare csv)" % len(cands))
        return
    for j, (s, txt) in enumerate(zip(cands, sents)):
        check_sentence(ck, t, s, out, txt, expected_sentence(
            disp(s), disp(base), t.cmp[s], t.se_dec, disp(t.unit)),
            words_seen, t.cmp[s]["verdict"], whole=True)
        if classes is not None:
            v = t.cmp[s]["verdict"]
            ck.same(t.label, s, out, "verdict class", classes[j],
                    {"better": "better", "worse": "worse",
                     "equivalent": "same"}.get(v, "none"),
                    "compare csv verdict %s" % v)


FAST = "faster than measurable"


def no_value_note(t, s):
    """Why s has no value in t, as stats CSV's note says (bonnie++'s
    "too fast to measure"): what an overview shows instead of a mean.
    None when s has a value or no note."""
    if s not in t.rows or t.has_value(s):
        return None
    return t.rows[s].get("note") or None


def check_overview_cell(ck, t, s, out, c, best, worst, several=True):
    """A Markdown overview cell: **v best** (rel) / _v worst_ (rel) /
    v (rel): the mark in words too (issue 22)."""
    m = re.match(r"^(\*\*|_)?(.*?)(?:\*\*|_)?(?: \((\S+%)\))?$", c)
    mark, v, rel = m.group(1) or "", m.group(2), m.group(3)
    word = {"**": " best", "_": " worst"}.get(mark, "")
    if word and v.endswith(word):
        v = v[:-len(word)]
    elif word:
        ck.fail(t.label, s, out + " overview", "mark in words", c,
                "%r after the value" % word.strip())
    if v in ("failed", "", no_value_note(t, s)):
        ck.n += 1
        if t.has_value(s):
            ck.fail(t.label, s, out, "overview value", c,
                    "%s (stats csv)" % t.mean(s))
        return
    ck.value(t.label, s, out + " overview", "mean", v,
             t.mean(s) if t.has_value(s) else None, "stats csv",
             display=True)
    rv = fnum(t.rows[s]["relative"]) if s in t.rows else None
    if not several:     # one system: 100% of itself is not shown
        rv = None
    ck.value(t.label, s, out + " overview", "relative %", rel or "",
             100 * rv if rv is not None else None, "stats csv relative",
             fmt_pct)
    ck.same(t.label, s, out + " overview", "best/worst mark",
            {"**": "best", "_": "worst"}.get(mark, ""),
            "best" if s in best else "worst" if s in worst else "",
            "stats csv rank range")


# ----------------------------------------------------------- HTML report


def tag_of(node):
    """The best/worst mark of a table cell: its span.tag's text."""
    return " ".join(x.text() for x in node.find_all("span", "tag"))


def chart_styles(page):
    """The inline charts' classes (the page's chart_css,
    render/paint/svg_css.c) as attributes: selector -> {name: value}."""
    css = {}
    for sel, body in re.findall(r"\.qc (text|path|\.[A-Za-z0-9]+)\{([^}]*)\}",
                                page):
        attrs = {}
        for decl in body.split(";"):
            if ":" in decl:
                k, v = decl.split(":", 1)
                attrs[k] = v[:-2] if v.endswith("px") else v
        css[sel] = attrs
    return css


def svg_attrs(e, css):
    """An inline chart element's style as the attributes a standalone
    SVG gives it: its classes' (or its element's default) and its own."""
    a = {}
    if not e.cls():
        a.update(css.get(e.tag, {}))
    for c in e.cls():
        a.update(css.get("." + c, {}))
    a.update(e.attrs)
    return a


def check_report_html(ck, tests, text, base, geo, words_seen):
    out = "report.html"
    root = parse_html(text)
    styles = chart_styles(text)
    systems = systems_of(tests)
    ov = root.find_all("table", "overview")
    sections(ck, out, tests, geo, bool(ov), bool(root.find_all("div", "gm")))
    if ov:
        head = [th.text() for th in ov[0].find_all("thead")[0].find_all("th")]
        ck.n += 1
        if head[1:] != systems:
            ck.fail("-", "-", out, "overview columns", head[1:], systems)
        trs = ov[0].find_all("tbody")[0].kids("tr")
        scal = [t for t in tests if t.scalar]
        if len(trs) != len(scal):
            ck.structure(out, "overview: %d rows, %d scalar tests"
                         % (len(trs), len(scal)))
        for t, tr in zip(scal, trs):
            a = tr.find_all("a")
            ck.n += 1
            ok, want = anchor_ok(t, tests, a[0].attrs.get("href", "")[1:]
                                 if a else None)
            if not ok:
                ck.fail(t.label, "-", out, "overview row link",
                        a[0].attrs.get("href") if a else None, "#" + want)
            best, worst = overview_marks(t)
            for s, td in zip(systems, tr.kids("td")):
                v = td.own_text().strip()
                rel = "".join(sp.own_text() for sp in td.kids("span")).strip()
                cl = td.cls()
                if v in ("", "failed", no_value_note(t, s)):
                    ck.n += 1
                    if t.has_value(s):
                        ck.fail(t.label, s, out, "overview value", v,
                                "%s (stats csv)" % t.mean(s))
                    continue
                ck.value(t.label, s, out + " overview", "mean", v,
                         t.mean(s) if t.has_value(s) else None, "stats csv",
                         display=True)
                rv = fnum(t.rows[s]["relative"]) if len(systems) > 1 \
                    else None   # one system: 100% of itself not shown
                ck.value(t.label, s, out + " overview", "relative %", rel,
                         100 * rv if rv is not None else None,
                         "stats csv relative", fmt_pct)
                # the sort key: relative to 9 digits (doc/templates.md),
                # or the mean (negated for fewer-is-better) when there is
                # none, read to 12
                key = fnum(td.attrs.get("data-v"))
                crv = fnum(t.rows[s]["relative"])
                want = crv if crv is not None else \
                    -t.mean(s) if t.dirn == "LIB" else t.mean(s)
                kf = "%.9g" if crv is not None else "%.12g"
                ck.same(t.label, s, out + " overview",
                        "sort key (data-v, %s digits)" % kf[2:-1],
                        None if key is None else kf % key,
                        None if want is None else kf % want,
                        "stats csv relative / mean")
                ck.same(t.label, s, out + " overview", "best/worst class",
                        "best" if "best" in cl else "worst" if "worst" in cl
                        else "", "best" if s in best else "worst"
                        if s in worst else "", "stats csv rank range")
                ck.same(t.label, s, out + " overview", "best/worst mark "
                        "in words", tag_of(td), "Best" if s in best else
                        "Worst" if s in worst else "", "stats csv rank range")
    gm = root.find_all("div", "gm")
    if gm:
        # per row the name and the value (the bar between them is an
        # svg since issue 22)
        divs = gm[0].kids("div")
        rows = []
        for j in range(0, len(divs) - 1, 2):
            name, val = divs[j], divs[j + 1]
            rows.append((name.text(), val.own_text(), val.cls()))
        # the interval in words under each value (as on paper)
        check_geo_rows(ck, out, geo, base, systems, [
            (divs[j].text(), divs[j + 1].own_text(), " ".join(
                sp.text() for sp in divs[j + 1].kids("span")))
            for j in range(0, len(divs) - 1, 2)], lambda s: s,
            GEO_MARK_MD)
        want = [base] + [s for s in systems if s in geo and s != base]
        if len(rows) != len(want):
            ck.structure(out, "geometric mean: %d rows, expected %d"
                         % (len(rows), len(want)))
        for (name, val, cl), s in zip(rows, want):
            ck.same("geomean", s, out, "row", name, s, "compare csv")
            if s == base:
                ck.same("geomean", s, out, "baseline", val, "1.000x",
                        "it is the baseline")
                continue
            g = geo[s]
            ck.value("geomean", s, out, "geometric mean", val,
                     fnum(g["mean"]), "compare csv", x3)
            ck.same("geomean", s, out, "class", " ".join(
                c for c in cl if c != "v"), {"better": "better",
                "worse": "worse"}.get(g["verdict"], "same"),
                "compare csv verdict %s" % g["verdict"])
        gt = root.find_all("table", "geomean")
        if not gt:
            ck.structure(out, "no geometric mean table")
        else:
            head = [th.text() for th in
                    gt[0].find_all("thead")[0].find_all("th")]
            trs = gt[0].find_all("tbody")[0].kids("tr")
            if len(trs) != len(want):
                ck.structure(out, "geometric mean table: %d rows, expected "
                             "%d" % (len(trs), len(want)))
            more = []
            for tr, s in zip(trs, want):
                td = [x.text() for x in tr.kids("td")]
                ck.same("geomean", s, out, "table row",
                        tr.kids("th")[0].own_text().strip(), s,
                        "compare csv")
                more.append((s, td[2], td[3] or "none",
                             td[4] if len(head) > 6 else None,
                             td[5] if len(head) > 6 else None))
            check_geo_more(ck, out, tests, geo, base, more)
            check_geo_rows(ck, out + " table", geo, base, systems,
                           [(tr.kids("th")[0].own_text().strip(),
                             tr.kids("td")[0].text(),
                             tr.kids("td")[1].text()) for tr in trs],
                           lambda s: s, GEO_MARK_MD)
            ck.same("overall", "-", out, "rank column", "Rank" in head,
                    any(g["overall_rank_low"] for g in geo.values()),
                    "compare csv overall_rank_low")
    secs = root.find_all("section", "test")
    if len(secs) != len(tests):
        ck.structure(out, "%d test sections, %d tests"
                     % (len(secs), len(tests)))
        return
    check_anchors_unique(ck, out, [sec.attrs.get("id") for sec in secs])
    for t, sec in zip(tests, secs):
        ck.n += 1
        h3 = sec.kids("h3")
        # "#" (a link to the test itself), then the test's name
        head = h3[0].text() if h3 else ""
        links = [a.attrs.get("href") for a in h3[0].find_all("a", "self")] \
            if h3 else []
        if not anchor_ok(t, tests, sec.attrs.get("id"))[0] or \
                links != ["#" + sec.attrs.get("id", "")] or \
                not head.startswith("#" + t.title.split("\n")[0]):
            ck.fail(t.label, "-", out, "test heading and its link",
                    (sec.attrs.get("id"), links, head),
                    (anchor_ok(t, tests, None)[1], t.title))
        svg = sec.find_all("svg")
        if svg:
            texts = [(svg_attrs(e, styles), e.text())
                     for e in svg[0].find_all("text")]
            if t.series:
                check_line_legend(ck, t, out + " chart", texts)
            elif t.scalar:
                check_svg_texts(ck, t, out + " chart", texts)
        tabs = sec.find_all("table", "stats")
        if t.series and t.points:
            st = sec.find_all("table", "series")
            ck.n += 1
            if not st:
                ck.fail(t.label, "-", out, "series table", None, "a table")
                continue
            trs = st[0].find_all("thead")[0].kids("tr")
            names = [th.text() for th in trs[0].kids("th")][1:]
            groups = series_groups([th.text() for th in trs[1].kids("th")],
                                   "Mean", 0)
            rows = []
            for tr in st[0].find_all("tbody")[0].kids("tr"):
                c = [td.text() for td in tr.kids("td")]
                rows.append((tr.kids("th")[0].text(),
                             [series_cell(c, a, w) for a, w in groups]))
            check_series(ck, t, out, names, rows)
        if not t.scalar or t.series:
            ck.n += 1
            if tabs:
                ck.fail(t.label, "-", out, "table", "a table",
                        "none: not a scalar test")
            continue
        if not tabs:
            ck.fail(t.label, "-", out, "table", None, "a table")
            continue
        trs = tabs[0].find_all("tbody")[0].kids("tr")
        names = t.table_systems()
        if len(trs) != len(names):
            ck.structure(out, "%s: %d rows, %d systems" % (t.label,
                         len(trs), len(names)))
            continue
        for s, tr in zip(names, trs):
            th = tr.kids("th")[0]
            ck.same(t.label, s, out, "row order / system name",
                    th.own_text().strip(), s.strip(), "stats csv")
            td = tr.kids("td")
            if not t.has_value(s):
                ck.value(t.label, s, out, "mean (no value)", td[1].text(),
                         None, "stats csv")
                continue
            ci = td[3].text().split("\u2013")
            best, worst = overview_marks(t)
            ck.same(t.label, s, out, "best/worst mark in words", tag_of(td[1]),
                    "Best" if s in best else "Worst" if s in worst else "",
                    "stats csv relative")
            # one system: no Rank or vs. baseline column (issue 22)
            check_row_values(ck, t, s, out, td[0].text(), td[1].own_text(),
                             td[2].text(), ci[0] if len(ci) == 2 else "-",
                             ci[1] if len(ci) == 2 else "-",
                             td[4].text() if len(td) > 5 else None,
                             td[5].text() if len(td) > 5 else None, base)
            # a time test shown in another unit (time_units): its data-v
            # is the scaled double, the CSV's 15 digits shifted exactly,
            # so equal to 1e-13 relative
            dv, m = fnum(td[1].attrs.get("data-v")), t.mean(s)
            if dv is not None and m is not None and \
                    abs(dv - m) <= 1e-13 * abs(m):
                dv = m
            ck.same(t.label, s, out, "mean (data-v, full precision)",
                    dv, m, "stats csv")
        sp = sec.find_all("table", "spread")
        if sp:
            sh = [th.text() for th in
                  sp[0].find_all("thead")[0].find_all("th")]
            check_spread(ck, t, out, [
                spread_cols(sh, [tr.kids("th")[0].text()] +
                            [td.text() for td in tr.kids("td")])
                for tr in sp[0].find_all("tbody")[0].kids("tr")])
            for tr, s in zip(sp[0].find_all("tbody")[0].kids("tr"),
                             [x for x in t.table_systems()
                              if t.has_value(x)]):
                # the runs follow the summary in the cell's details
                runs = [w for d in tr.find_all("details") for w in "".join(
                    c for c in d.children if isinstance(c, str)).split()]
                if runs:
                    ck.same(t.label, s, out, "runs behind the spread",
                            str(len(runs)), t.rows[s]["n"], "stats csv n")
        elif any(t.has_value(s) and int(t.rows[s]["n"]) >= 2 and
                 fnum(t.rows[s]["sd"]) is not None
                 for s in t.table_systems()):
            ck.structure(out, "%s: no spread table" % t.label)
        lis = sec.find_all("li")
        cands = [s for s in t.cmp if t.has_value(s)] \
            if t.has_value(base) else []
        check_sentence_list(ck, t, out, [li.text() for li in lis], cands,
                            base, words_seen, lambda s: s,
                            [" ".join(li.cls()) for li in lis])


# ------------------------------------------------------------------ SVG


def svg_texts(path):
    tree = ET.parse(path)
    out = []
    for e in tree.iter():
        if e.tag.endswith("}text") or e.tag == "text":
            out.append((dict(e.attrib), "".join(e.itertext())))
    title = next((("".join(e.itertext())) for e in tree.iter()
                  if e.tag.endswith("}title") or e.tag == "title"), "")
    return title, out


def check_svg_texts(ck, t, out, texts):
    """A bar chart (render/chart/chart_bar.c): per row the name (11 bold, end
    anchored; maybe two lines), "SE +/- x, N = y" under it (8, end anchored;
    "N = 1" for a single run), the mean as a value label (10 bold); failed rows get a
    reason (9) drawn after the rows."""
    if not t.valued():
        # every entry failed: no bars, the failure block instead (the
        # name, 11 bold from the left, then why), one line per system
        names = [s for a, s in texts if a.get("font-size") == "11" and
                 a.get("font-weight") == "bold" and
                 a.get("text-anchor") in (None, "start") and
                 float(a.get("x")) > 6]
        ck.n += 1
        if len(names) != len(t.table_systems()) or not all(
                name_matches(n, s) for n, s in zip(names,
                                                   t.table_systems())):
            ck.structure(out, "%s: failure block names %r, systems %r" %
                         (t.label, names, t.table_systems()))
        return
    rows, last = [], None
    for a, s in texts:
        fs, fw, an = a.get("font-size"), a.get("font-weight"), \
            a.get("text-anchor")
        if fs == "11" and fw == "bold" and an == "end":
            # a name's second line: the next run, 13 pt below it
            if last is not None and rows and len(rows[-1]) == 1 and \
                    a.get("x") == last.get("x") and \
                    abs(float(a.get("y")) - float(last.get("y")) - 13) \
                    < 0.01:
                rows[-1]["name"] += " " + s
            else:
                rows.append({"name": s})
            last = a
        elif rows and fs == "8" and an == "end" and "se" not in rows[-1] \
                and "value" not in rows[-1]:
            rows[-1]["se"] = s
        elif rows and fs == "10" and fw == "bold" and an != "middle" and \
                "value" not in rows[-1]:
            rows[-1]["value"] = s
    if any("value" not in r for r in rows if r) and not t.valued():
        return
    names = t.table_systems()
    if len(rows) != len(names):
        ck.structure(out, "%s: %d bars, %d systems" % (t.label, len(rows),
                                                       len(names)))
        return
    for s, r in zip(names, rows):
        ck.n += 1
        if not name_matches(r["name"], s):
            ck.fail(t.label, s, out, "bar name", r["name"], repr(s))
            continue
        if not t.has_value(s):
            ck.value(t.label, s, out, "value label (no value)",
                     r.get("value", "-"), None, "stats csv")
            continue
        row = t.rows[s]
        ck.value(t.label, s, out + " value label", "mean", r.get("value"),
                 fnum(row["mean"]), "stats csv", display=True)
        se = r.get("se")
        n, sev = int(row["n"]), fnum(row["se"])
        if n >= 2 and sev is not None:
            # runs too fast to measure are not in N (bonnie++'s "+++++")
            m = re.match(r"^SE \+/- (\S+), N = (\d+)"
                         r"(?: \(\+\d+ too fast\))?$", se or "")
            if not m:
                ck.fail(t.label, s, out, "SE line", se,
                        "'SE +/- %s, N = %d' (stats csv)" % (sev, n))
                continue
            ck.value(t.label, s, out, "SE", m.group(1), sev, "stats csv",
                     display=True)
            ck.same(t.label, s, out, "N", m.group(2), row["n"], "stats csv")
        elif n == 1:
            ck.same(t.label, s, out, "SE line",
                    re.sub(r" \(\+\d+ too fast\)$", "", se or ""), "N = 1",
                    "single run (stats csv)")
        else:
            ck.same(t.label, s, out, "SE line", se, None,
                    "none: N = %d, SE %s (stats csv)" % (n, row["se"]))


def check_line_legend(ck, t, out, texts):
    """A line chart's legend (render/chart/chart_line.c): each series' name (9
    bold), then "Min: ", "Avg: ", "Max: " of its points' means."""
    leg = []
    for a, s in texts:
        if a.get("font-size") == "9" and a.get("font-weight") == "bold":
            leg.append([s])
        elif leg and re.match(r"^(Min|Avg|Max): ", s) and len(leg[-1]) < 4:
            leg[-1].append(s)
    names = [s for s in t.points]
    if len(leg) != len(names) or not all(
            name_matches(x[0], s) for x, s in zip(leg, names)):
        ck.structure(out, "%s: legend %s, series %s"
                     % (t.label, [x[0] for x in leg], names))
        return
    for (name, *stats), s in zip(leg, names):
        ms = [fnum(r["mean"]) for r in t.points[s]]
        ms = [m for m in ms if m is not None]
        if not ms:
            continue
        want = {"Min": min(ms), "Avg": sum(ms) / len(ms), "Max": max(ms)}
        got = dict(x.split(": ", 1) for x in stats)
        for k, v in want.items():
            ck.value(t.label, s, out + " legend", k + " of the series",
                     got.get(k), v, "stats csv series rows")


def check_grouped(ck, tests, out, texts):
    """A grouped chart of a table (render/chart/chart_grouped.c): the legend
    (9 bold, before the ticks) names the systems; each group (11 bold, end
    anchored: a test's title) holds one value label (9 or 8 bold) or "no
    result" per system, in order."""
    systems = systems_of(tests)
    scal = [t for t in tests if t.scalar]
    legend, groups, ticks = [], [], False
    for a, s in texts:
        fs, fw, an = a.get("font-size"), a.get("font-weight"), \
            a.get("text-anchor")
        if fs == "10" and an == "middle":
            ticks = True
        elif not ticks and fs == "9" and fw == "bold":
            legend.append(s)
        elif ticks and fs == "11" and fw == "bold" and an == "end":
            if groups and not groups[-1][1]:
                groups[-1][0].append(s)     # a wrapped label line
            else:
                groups.append(([s], []))
        elif groups and ((fs in ("8", "9") and fw == "bold") or
                         (s == "no result" and fw is None)):
            groups[-1][1].append(s)
    if [x for x in legend] != systems or len(groups) != len(scal):
        ck.note("%s: grouped chart not mapped onto tests x systems "
                "(legend %d, groups %d); values not checked"
                % (out, len(legend), len(groups)))
        return
    for t, (label, vals) in zip(scal, groups):
        if len(vals) != len(systems):
            ck.structure(out, "%s: %d values, %d systems"
                         % (t.label, len(vals), len(systems)))
            continue
        for s, v in zip(systems, vals):
            if v == "no result":
                v = "-"
            ck.value(t.label, s, out + " value label", "mean", v,
                     t.mean(s) if t.has_value(s) else None, "stats csv",
                     display=True, dur_from=0)


def check_svg_dir(ck, tests, d):
    out = "svg"
    files = sorted(f for f in os.listdir(d) if f.endswith(".svg"))
    for f in files:
        m = re.match(r"^(\d+)-", f)
        if not m or m.group(1) == "00":
            continue
        k = int(m.group(1))
        try:
            title, texts = svg_texts(os.path.join(d, f))
        except ET.ParseError as e:
            ck.structure(out, "%s does not parse: %s" % (f, e))
            continue
        t = tests[k - 1] if k <= len(tests) else None
        want = t and t.title + (" - " + t.desc if t.desc else "")
        if t is not None and squash(title).startswith(
                squash(t.title + " - by ")):
            # a scaling chart, named after its family's first test
            # (render/chart/chart_scaling.c): lines, no value labels to compare
            continue
        if t is None or squash(title) != squash(want):
            # not test k's chart: the grouped chart of every scalar test
            # (bold value labels of 8 or 9 pt after the axis ticks; a bar
            # chart's are 10 pt, its SE lines and failure notes not bold)
            tick = next((j for j, (a, _) in enumerate(texts)
                         if a.get("font-size") == "10" and
                         a.get("text-anchor") == "middle"), len(texts))
            if k == 1 and any(a.get("font-size") in ("8", "9") and
                              a.get("font-weight") == "bold"
                              for a, _ in texts[tick:]):
                check_grouped(ck, tests, out + " " + f, texts)
            else:
                ck.n += 1
                ck.fail(t.label if t else "#%d" % k, "-", out + " " + f,
                        "chart title", title, repr(want))
            continue
        if t.series:
            check_line_legend(ck, t, out + " " + f, texts)
        elif t.scalar:
            check_svg_texts(ck, t, out + " " + f, texts)


# ======================================================== per input


def check_input(rn, label, paths, tmp, self_test=None):
    ck = Checks(label)
    words_seen = defaultdict(list)
    q = ["-q"]

    def run(args):
        return rn.run(args + q + paths)

    rc, stats_csv, err = run(["stats", "--format", "csv"])
    if rc == 0 and self_test == "rank":
        stats_csv = perturb_rank(stats_csv)
    if rc == 1:
        ck.note("skipped: benchreport exits 1 (meant to fail): %s"
                % err.strip().split("\n")[0], True)
        return ck, True
    if rc != 0:
        ck.structure("stats csv", "exit %d: %s" % (rc, err.strip()))
        return ck, False
    base_dir = os.path.join(tmp, re.sub(r"[^A-Za-z0-9]+", "_", label))
    os.makedirs(base_dir, exist_ok=True)
    rep = {ext: os.path.join(base_dir, "report." + ext)
           for ext in ("txt", "md", "html")}
    svgdir = os.path.join(base_dir, "charts") + "/"
    eqmd = os.path.join(base_dir, "eq.md")
    holmmd = os.path.join(base_dir, "holm.md")
    valmd = os.path.join(base_dir, "values.md")
    jobs = {
        "stats json": ["stats", "--format", "json"],
        "stats text": ["stats"],
        "stats md": ["stats", "--format", "md"],
        "compare csv": ["compare", "--format", "csv"],
        "compare json": ["compare", "--format", "json"],
        "compare text": ["compare"],
        "compare md": ["compare", "--format", "md"],
        "compare --brief": ["compare", "--brief"],
        "tidy csv": ["convert", "--format", "csv", "-o", "-"],
        "report.txt": ["render", "-o", rep["txt"]],
        "report.md": ["render", "-o", rep["md"]],
        "report.html": ["render", "-o", rep["html"]],
        "svg": ["render", "--format", "svg", "-o", svgdir],
        "eq compare csv": ["compare", "--equivalence", str(EQUIV),
                           "--format", "csv"],
        "eq compare text": ["compare", "--equivalence", str(EQUIV),
                            "--details"],
        "eq report.md": ["render", "--equivalence", str(EQUIV), "-o", eqmd],
        "values.md": ["render", "--template", os.path.join(
            TOP, "tests/consistency/data/values.md.tmpl"), "-o", valmd],
        "compare --ministat": ["compare", "--ministat"],
        "holm stats csv": ["stats", "--holm", "--format", "csv"],
        "holm compare text": ["compare", "--holm"],
        "holm report.md": ["render", "--holm", "-o", holmmd],
        "level stats csv": ["stats", "--confidence", "%.15g" % LEVEL,
                            "--format", "csv"],
        "level stats text": ["stats", "--confidence", "%.15g" % LEVEL],
        "level compare csv": ["compare", "--confidence", "%.15g" % LEVEL,
                              "--format", "csv"],
        "level compare text": ["compare", "--confidence", "%.15g" % LEVEL],
    }
    with ThreadPoolExecutor(max_workers=2) as ex:
        res = dict(zip(jobs, ex.map(run, jobs.values())))
    variants = ("eq ", "values.md", "compare --ministat")
    for k, (rc2, _, err2) in res.items():
        why = (err2.strip() or "-").split("\n")[0][:200]
        if rc2 == 0 or ("compare" in k and
                        "needs at least two systems" in err2):
            continue
        if rc2 == 2 and k.startswith(variants):
            ck.note("%s not run: %s" % (k, why))
            continue
        ck.structure(k, "exit %d: %s" % (rc2, why))
    rows = csv_rows(stats_csv)
    tests = build_tests(rows)
    # the human outputs' numbers: time tests in their unit (time_units)
    units = time_units(tests)
    hrows = scaled_rows(rows, units, STATS_SCALED)
    htests = build_tests(hrows)
    sub_csv = res["tidy csv"][1] if res["tidy csv"][0] == 0 else ""
    mark_sub_metrics(tests, sub_csv)
    mark_sub_metrics(htests, sub_csv)
    check_header(ck, stats_csv, STATS_COLS, "stats csv")
    # ---- stats
    if res["stats json"][0] == 0:
        check_full(ck, rows, json_rows(res["stats json"][1]),
                   "stats json", STATS_NUM)
    if res["stats md"][0] == 0:
        check_md_full(ck, rows, res["stats md"][1], "stats md", STATS_NUM)
    if res["stats text"][0] == 0:
        check_stats_text(ck, htests, res["stats text"][1])
    # ---- compare
    geo, base = OrderedDict(), None
    two = res["compare csv"][0] == 0
    if not two:
        ck.note("compare skipped: %s"
                % res["compare csv"][2].strip().split("\n")[0])
    if two:
        crow = csv_rows(res["compare csv"][1])
        check_header(ck, res["compare csv"][1], CMP_COLS, "compare csv")
        geo, base = assign_compare(tests, crow, ck)
        base = base or next(iter(geo), None) or systems_of(tests)[0]
        check_compare_csv(ck, tests, base)
        check_ranks(ck, tests, base)
        check_geo_csv(ck, tests, base, geo)
        check_overall_ranks(ck, tests, base, geo)
        check_full(ck, crow, json_rows(res["compare json"][1]),
                   "compare json", CMP_NUM)
        check_md_full(ck, crow, res["compare md"][1], "compare md", CMP_NUM)
        hgeo, _ = assign_compare(htests, scaled_rows(crow, units, CMP_SCALED),
                                 Checks(label))
        ctext = res["compare text"][1]
        if self_test == "compare":
            ctext = perturb_sentence(ctext)
        if self_test == "overall":
            ctext = perturb_overall(ctext)
        check_compare_text(ck, htests, ctext, base, hgeo, 0.0, False,
                           words_seen)
        if res["compare --brief"][0] == 0:
            btext = res["compare --brief"][1]
            if self_test == "brief":
                btext = perturb_brief(btext)
            if self_test == "results":
                btext = perturb_results(btext)
            check_summary(ck, htests, btext, ctext, base, hgeo)
    else:
        base = systems_of(tests)[0] if tests else None
        check_ranks(ck, tests, None)
    # ---- reports
    if res["report.txt"][0] == 0:
        # the marks that keep right-to-left names in place take no room
        txt = read(rep["txt"]).replace("\u200e", "")
        if self_test == "txt":
            txt = perturb_mean(txt)
        if self_test == "across":
            txt = perturb_across(txt)
        if self_test == "mark":
            txt = perturb_mark(txt)
        if self_test == "firsts":
            txt = perturb_firsts(txt)
        check_report_txt(ck, htests, txt, base, geo, words_seen)
    if res["report.md"][0] == 0:
        md = read(rep["md"])
        if self_test == "md":
            md = perturb_range_word(md)
        check_report_md(ck, htests, md, base, geo, words_seen)
    if res["report.html"][0] == 0:
        page = read(rep["html"])
        if self_test == "html":
            page = perturb_se(page)
        check_report_html(ck, htests, page, base, geo, words_seen)
    if res["values.md"][0] == 0 and two:
        check_values_md(ck, htests, read(valmd), base, geo)
    if res["svg"][0] == 0 and os.path.isdir(svgdir):
        check_svg_dir(ck, htests, svgdir)
    # ---- --equivalence: equivalent/inconclusive sentences, --details
    if two and res["eq compare csv"][0] == 0:
        etests = build_tests(hrows)
        mark_sub_metrics(etests, res["tidy csv"][1]
                         if res["tidy csv"][0] == 0 else "")
        for et, t in zip(etests, htests):
            et.se_dec = t.se_dec
        egeo, ebase = assign_compare(etests, scaled_rows(csv_rows(
            res["eq compare csv"][1]), units, CMP_SCALED), ck)
        check_compare_csv(ck, etests, base, EQUIV, "eq compare csv")
        check_compare_text(ck, etests, res["eq compare text"][1], base,
                           egeo, EQUIV, True, words_seen,
                           "compare text --equivalence --details")
        if res["eq report.md"][0] == 0:
            emd = read(eqmd)
            check_eq_md(ck, etests, emd, base, words_seen)
    if two and res["compare --ministat"][0] == 0:
        check_ministat(ck, htests, res["compare --ministat"][1], base)
    # ---- --confidence LEVEL: the level's label, every number at it
    if res["level stats csv"][0] == 0:
        lout = " --confidence %.15g" % LEVEL
        lrows = csv_rows(res["level stats csv"][1])
        lunits = time_units(build_tests(lrows))
        ltests = build_tests(scaled_rows(lrows, lunits, STATS_SCALED))
        mark_sub_metrics(ltests, res["tidy csv"][1]
                         if res["tidy csv"][0] == 0 else "")
        if res["level stats text"][0] == 0:
            check_stats_text(ck, ltests, res["level stats text"][1],
                             "stats text" + lout, LEVEL)
        lbase = None
        if two and res["level compare csv"][0] == 0:
            lgeo, _ = assign_compare(ltests, scaled_rows(csv_rows(
                res["level compare csv"][1]), lunits, CMP_SCALED), ck)
            lbase = base
            check_compare_csv(ck, ltests, base, 0.0, "compare csv" + lout,
                              LEVEL)
            check_geo_csv(ck, ltests, base, lgeo, "compare csv" + lout)
            check_overall_ranks(ck, ltests, base, lgeo,
                                "compare csv" + lout)
            if res["level compare text"][0] == 0:
                check_compare_text(ck, ltests, res["level compare text"][1],
                                   base, lgeo, 0.0, False, words_seen,
                                   "compare text" + lout, LEVEL)
        check_ranks(ck, ltests, lbase)
    # ---- --holm: accepted, changes nothing (Holm is always applied)
    for k, plain, text in (
            ("holm stats csv", "stats csv", stats_csv),
            ("holm compare text", "compare text",
             res["compare text"][1] if two else None),
            ("holm report.md", "report.md",
             read(rep["md"]) if res["report.md"][0] == 0 else None)):
        if text is None or res[k][0] != 0:
            continue
        got = read(holmmd) if k == "holm report.md" else res[k][1]
        ck.n += 1
        if got != text:
            a, b = got.split("\n"), text.split("\n")
            i = next((j for j in range(min(len(a), len(b)))
                      if a[j] != b[j]), min(len(a), len(b)))
            ck.fail("-", "-", k, "output with --holm (line %d)" % (i + 1),
                    a[i] if i < len(a) else None, "%r (%s without "
                    "--holm: the same)" % (b[i] if i < len(b) else None,
                                           plain))
    # ---- the direction word: the same in every output (a time's
    # "less time" where a factor says "faster": the same side)
    same = {"less time": "faster", "more time": "slower",
            "no more or less time": "faster", "no faster or slower":
            "faster", "no better or worse": "better"}
    for (ti, s), lst in words_seen.items():
        if len({same.get(w, w) for _, w in lst}) > 1:
            ck.fail(htests[ti].label, s, " vs ".join(o for o, _ in lst),
                    "verdict word", ", ".join("%s %r" % x for x in lst),
                    "one word in every output")
    # ---- the word pair: one per unit (the unit decides it)
    for (unit, known), lst in ck.pairs.items():
        ck.n += 1
        # a time is faster/slower as a factor, less/more time as a
        # percent (doc/statistics.md, Wording): one pair
        got = sorted({"faster/slower" if pr == "less/more time" else pr
                      for pr, _, _ in lst})
        if len(got) > 1:
            ex = OrderedDict()
            for pr, test, o in sorted(lst):
                ex.setdefault(pr, "%s in %s" % (test, o))
            ck.fail("-", "-", "sentences", "direction words of unit %r"
                    % unit, "; ".join("%s (%s)" % x for x in ex.items()),
                    "one pair for every test of the unit")
    ck.precision()
    return ck, False


def check_ministat(ck, tests, text, base):
    """compare --ministat: per test one block, as ministat prints several
    files: "x A", then "+ B", "* C", ... (ministat's symbols, at most 7
    sets), the header, then N Min Max Median Avg Stddev (%13.8g) of the
    baseline and of each candidate (its verdict under it): the stats
    CSV's n, min, max, median, mean, sd (no value: nan)."""
    out = "compare --ministat"
    syms = "x+*%#@O"
    want = []
    for t in tests:
        cands = [s for s, r in t.cmp.items() if fnum(r["mean"]) is not None]
        want += [(t, s) for s in cands[:len(syms) - 1]]
    lines = text.split("\n")
    got = []
    i = 0
    while i < len(lines):
        if lines[i] != "x " + base:
            i += 1
            continue
        names, j = [], i + 1
        while j < len(lines) and lines[j][:1] in syms[1:] and \
                lines[j][1:2] == " " and len(names) < len(syms) - 1:
            names.append(lines[j][2:])
            j += 1
        if not names or j + 1 >= len(lines) or \
                not lines[j].startswith("    N "):
            i += 1
            continue
        xl, k, j = lines[j + 1], 0, j + 2
        while j < len(lines) and k < len(names):
            if re.match(r"^[%s] +\d+ " % re.escape(syms[1:]), lines[j]):
                got.append((names[k], xl, lines[j]))
                k += 1
            j += 1
        i = j
    if len(got) != len(want):
        ck.structure(out, "%d blocks, %d comparisons in the compare csv"
                     % (len(got), len(want)))
        return

    def g8(v):
        return "%.8g" % v

    for (t, s), (name, xl, pl) in zip(want, got):
        ck.same(t.label, s, out, "block", name, s, "compare csv order")
        for sysname, ln, sym in ((base, xl, "x"), (s, pl, pl[:1])):
            f = ln.split()
            r = t.rows[sysname]
            if len(f) != 7 or f[0] != sym:
                ck.structure(out, "%s: cannot read %r" % (t.label, ln))
                continue
            ck.same(t.label, sysname, out, "N", f[1], r["n"], "stats csv")
            for col, v in zip(("min", "max", "median", "mean", "sd"), f[2:]):
                ck.value(t.label, sysname, out, col,
                         "-" if v in ("nan", "-nan") else v, fnum(r[col]),
                         "stats csv", g8)


def check_eq_md(ck, tests, text, base, words_seen):
    """The --equivalence report: its sentences only."""
    out = "report.md --equivalence"
    lines = text.split("\n")
    anchors = [i for i, ln in enumerate(lines)
               if re.match(r'^<a id="test-[a-z0-9-]+"></a>$', ln)] + \
        [len(lines)]
    if any(ln.startswith("Cut to fit GitHub's") for ln in lines):
        # cut to fit GitHub (issue 22): the sentences of the kept sections
        tests = tests[:len(anchors) - 1]
    if len(anchors) - 1 != len(tests):
        ck.structure(out, "%d test sections, %d tests"
                     % (len(anchors) - 1, len(tests)))
        return
    for t, a, b in zip(tests, anchors, anchors[1:]):
        if not t.scalar:
            continue
        sents = [md_unescape(ln[2:]) for ln in lines[a:b]
                 if ln.startswith("- ")]
        cands = [s for s in t.cmp if t.has_value(s)] \
            if t.has_value(base) else []
        sents, _ = drop_fast(ck, t, out, sents, base)
        if len(sents) != len(cands):
            ck.fail(t.label, "-", out, "number of comparison sentences",
                    len(sents), "%d (compare csv)" % len(cands))
            continue
        for s, txt in zip(cands, sents):
            check_sentence(ck, t, s, out, txt, expected_sentence(
                s, base, t.cmp[s], t.se_dec, t.unit, EQUIV), words_seen,
                t.cmp[s]["verdict"], whole=True)


# ------------------------------------------------------------ self test


def perturb_mean(txt):
    """The first table row of the text report's RESULTS: its mean + 1 in
    the last printed digit."""
    lines = txt.split("\n")
    i = lines.index("RESULTS")
    for j in range(i, len(lines)):
        if lines[j].startswith("   System "):
            row = lines[j + 1]
            m = list(re.finditer(r"(?<= )(-?\d+(?:\.\d+)?)(?= )", row))
            if len(m) >= 2:
                g = m[1]
                d = decimals(g.group(1))
                v = float(g.group(1)) + 10 ** -d
                new = fmt_fixed(v, d).rjust(len(g.group(1)))
                lines[j + 1] = row[:g.start()] + new + row[g.end():]
                return "\n".join(lines)
    raise SystemExit("self-test: no table row to perturb")


def perturb_se(page):
    """The first "SE +/- x" of the HTML report's charts: x + 1 in its
    last printed digit."""
    m = re.search(r"SE \+/- (\d+\.\d+),", page)
    if not m:
        raise SystemExit("self-test: no SE line to perturb")
    d = decimals(m.group(1))
    return page[:m.start(1)] + fmt_fixed(float(m.group(1)) + 10 ** -d, d) + \
        page[m.end(1):]


def perturb_sentence(txt):
    """The first sentence of compare text: faster <-> slower."""
    for a, b in (("faster", "slower"), ("slower", "faster"),
                 ("better", "worse"), ("worse", "better"),
                 ("more time", "less time"), ("less time", "more time")):
        if " %s than " % a in txt:
            return txt.replace(" %s than " % a, " %s than " % b, 1)
    raise SystemExit("self-test: no sentence to perturb")


def perturb_rank(text):
    """The first stats CSV row with a rank range: low and high swapped."""
    rows = list(csv.reader(io.StringIO(text)))
    lo, hi = rows[0].index("rank_low"), rows[0].index("rank_high")
    for r in rows[1:]:
        if r[lo] != r[hi]:
            r[lo], r[hi] = r[hi], r[lo]
            f = io.StringIO()
            csv.writer(f, lineterminator="\n").writerows(rows)
            return f.getvalue()
    raise SystemExit("self-test: no rank range to perturb")


def perturb_overall(txt):
    """The first rank range of compare text's overall ranking: "2-4"
    becomes "2-3" (a high end one less)."""
    i = txt.find("\nOverall ranking by the geometric mean")
    m = re.compile(r"\n  (\d+)-(\d+) ").search(txt, i if i >= 0 else len(txt))
    if not m:
        raise SystemExit("self-test: no overall rank range to perturb")
    lo, hi = int(m.group(1)), int(m.group(2))
    new = "%d-%d" % (lo, hi - 1) if hi - 1 > lo else "%d" % lo
    return txt[:m.start(1)] + new + txt[m.end(2):]


def perturb_across(txt):
    """The text report's first across-tests interval: its low end
    written as its high end."""
    m = re.search(r"\n +(\S+) to (\S+) across tests\n", txt)
    if not m:
        raise SystemExit("self-test: no across-tests interval to perturb")
    return txt[:m.start(1)] + m.group(2) + txt[m.end(1):]


def perturb_mark(txt):
    """The text report overview's first unmarked value marked best."""
    i = txt.find("RESULTS OVERVIEW")
    m = re.compile(r"(\d) (?=\s)").search(txt, txt.find("[1]", i))
    if i < 0 or not m:
        raise SystemExit("self-test: no overview value to mark")
    return txt[:m.start() + 1] + "*" + txt[m.start() + 2:]


def perturb_firsts(txt):
    """The text report's first "first in k of n tests": k one more."""
    m = re.search(r"first in (\d+) of", txt[txt.find("Overall ranking"):])
    if not m:
        raise SystemExit("self-test: no firsts to perturb")
    at = txt.find("Overall ranking") + m.start(1)
    return txt[:at] + str(int(m.group(1)) + 1) + txt[at + len(m.group(1)):]


def perturb_brief(txt):
    """The summary's largest proven improvements: the first two swapped
    (an order the intervals do not give)."""
    i = txt.find("\nBetter than the baseline:\n")
    m = re.compile(r"\n(- .*(?:\n  .*)*)\n(- .*(?:\n  .*)*)").search(txt, i)
    if i < 0 or not m:
        raise SystemExit("self-test: no summary changes to perturb")
    return txt[:m.start(1)] + m.group(2) + "\n" + m.group(1) + \
        txt[m.end(2):]


def perturb_results(txt):
    """The summary's primary results: the first two swapped (not the
    test order)."""
    i = txt.find("\nRESULTS\n")
    m = re.compile(r"\n(- .*(?:\n  .*)*)\n(- .*(?:\n  .*)*)").search(txt, i)
    if i < 0 or not m:
        raise SystemExit("self-test: no summary results to perturb")
    return txt[:m.start(1)] + m.group(2) + "\n" + m.group(1) + \
        txt[m.end(2):]


def perturb_range_word(md):
    """The first interval of the Markdown report that spans both ways:
    "2.0% slower to 4.1% faster" says "2.0% faster to 4.1% faster"."""
    for a, b in ((" slower to ", " faster to "),
                 (" worse to ", " better to "),
                 (" faster to ", " slower to "),
                 (" better to ", " worse to ")):
        i = md.find(a)
        if i >= 0:
            return md[:i] + b + md[i + len(a):]
    raise SystemExit("self-test: no interval to perturb")


def self_test(rn, tmp):
    label = "samples/seed-004-freebsd-zfs-zol.csv"
    clean, _ = check_input(rn, label, [label], tmp)
    ok = True
    for kind, what in (("txt", "mean"), ("compare", "verdict"),
                       ("html", "SE"), ("rank", "rank"),
                       ("overall", "overall rank"), ("md", "word"),
                       ("across", "across-tests CI"),
                       ("mark", "best/worst mark"),
                       ("firsts", "first in k"),
                       ("brief", "largest better change"),
                       ("results", "primary result")):
        ck, _ = check_input(rn, label, [label], tmp, self_test=kind)
        new = [b for b in ck.bad if b not in clean.bad]
        hit = [b for b in new if what in b.split("|")[4]]
        print("self-test %s: perturbed %s -> %d new disagreement(s)%s"
              % (kind, what, len(new), ":" if new else ""))
        for b in new:
            print("  " + b)
        if not hit:
            print("self-test FAILED: the perturbed %s went unnoticed" % what)
            ok = False
    return ok


# ----------------------------------------------------------------- main


def main(argv):
    br = os.environ.get("BR")
    if not br:
        print("xcheck: set BR to the benchreport binary", file=sys.stderr)
        return 2
    br = os.path.abspath(br)
    verbose = "-v" in argv
    only = None
    if "--only" in argv:
        if argv.index("--only") + 1 >= len(argv):
            print("xcheck: --only needs a substring of an input's name",
                  file=sys.stderr)
            return 2
        only = argv[argv.index("--only") + 1]
    tmp = tempfile.mkdtemp(prefix="xcheck.")
    try:
        rn = Runner(br, tmp)
        if "--self-test" in argv:
            return 0 if self_test(rn, tmp) else 1
        n_in = n_val = 0
        bad = []
        for label, paths in inputs():
            if only and only not in label:
                continue
            ck, skipped = check_input(rn, label, paths, tmp)
            for always, n in ck.notes:
                if always or verbose:
                    print(n)
            if skipped:
                continue
            n_in += 1
            n_val += ck.n
            bad.extend(ck.bad)
            if verbose:
                print("%-60s %6d values, %d disagreements"
                      % (label, ck.n, len(ck.bad)))
            for b in ck.bad:
                print(b)
        print("consistency: %d inputs, %d values checked, %d disagreements"
              % (n_in, n_val, len(bad)))
        return 1 if bad else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
