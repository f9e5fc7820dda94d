#!/usr/bin/env python3
"""xcheck.py - black-box cross-output consistency test for benchreport.

    BR=/path/to/benchreport python3 tests/consistency/xcheck.py [-v]
        [--only SUBSTRING] [--self-test]

Every input (inputs(): samples/, tests/data/ and the fixtures in
tests/consistency/data/) goes through, with SOURCE_DATE_EPOCH and -q:
stats --format csv|json|md and text; compare --format csv|json|md and
text; render -o report.txt|.md|.html and --format svg -o DIR/; and, to
reach the remaining sentence forms and numbers, compare --equivalence 5
--details (csv and text) with render --equivalence 5 -o .md, compare
--ministat, stats/compare --holm, and render --template
data/values.md.tmpl (template values no built-in template shows).  Every
number an output shows must be the same number:

  reference       stats --format csv (per test x system: n, mean, se, CI,
                  CV, rank, relative) and compare --format csv (verdict,
                  improvement and its CI, ratio and its CI, p, t, df, the
                  geometric means, the overall rank): %.15g, so "full
                  precision" means equal at 15 significant digits;
  full precision  JSON and Markdown tables, HTML data-v attributes;
  display         stats/compare text, the reports, the SVG charts: a value
                  printed with d decimals agrees with the reference x when
                  x formatted with d decimals is the same text (x moved by
                  1e-12 relative also counts, so a decimal tie or a
                  re-derived x is not a disagreement; -0 is 0); "-" or an
                  empty cell is "no value";
  precision       one quantity (mean, SE, CI bound) of one test x system
                  printed with different decimals by two display outputs;
  sentences       compare text and the reports' comparison sentences are
                  rebuilt from the compare CSV the way analysis/sentence.c
                  br_comparison_sentence builds them (expected_sentence)
                  and compared field by field: form, verdict word, numbers.

Exit 0 when everything agrees, 1 with one line per disagreement
("DISAGREE input | test | system | output | quantity: shown X, reference
Y (source)"), 2 when it cannot run.  The last line is a summary such as
"consistency: 44 inputs, 118636 values checked, 0 disagreements".  An
input benchreport rejects (exit 1) is skipped with a note; compare is
skipped for one system.  --self-test perturbs a mean of the text report,
a sentence's direction word of compare text and an SE line of the HTML
charts and fails unless each is reported.  Python 3 standard library
only.
"""

import csv
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
import xml.etree.ElementTree as ET
from collections import OrderedDict, defaultdict
from concurrent.futures import ThreadPoolExecutor

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "..", ".."))
CONF = 0.95            # the default --confidence
EQUIV = 5.0            # the --equivalence margin of the variant runs
NBSP = "\x1f"          # render/words.h BR_NBSP: a space never broken
TIMEOUT = 10           # seconds per benchreport run (each takes ~10 ms)

# --------------------------------------------------------------- inputs


def inputs():
    """(label, [paths]) of every input, paths relative to the top."""
    pats = ["samples/*.csv", "samples/*.txt", "tests/data/pts-real/*.xml",
            "tests/data/csv/pts-*.csv", "tests/data/csv/tidy-*.csv",
            "tests/data/table/*.txt", "tests/data/cli/*.csv",
            "tests/data/hostile/*.csv", "tests/consistency/data/*.csv",
            "tests/consistency/data/*.txt"]
    out = []
    for p in pats:
        for f in sorted(glob.glob(os.path.join(TOP, p))):
            rel = os.path.relpath(f, TOP)
            out.append((rel, [rel]))
    out.append(("samples/logs/", ["samples/logs/"]))
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


def near(x):
    """x and its neighbours 1e-12 relative away: a printed decimal tie may
    round either way after the CSV round trip or a Python re-derivation."""
    if x is None or not math.isfinite(x):
        return [x]
    return [x, x * (1 + 1e-12), x * (1 - 1e-12)]


def shown_agrees(shown, x, fmt):
    """Whether display text `shown` is x formatted by fmt(x) (at the
    precision the display chose when fmt is None: fixed decimals)."""
    shown = shown.strip()
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return shown in ("", "-")
    if shown in ("", "-"):
        return False
    if fmt is None:
        if re.search(r"[eE]", shown):
            def fmt(v):
                return "%.6g" % v
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


def signed_pct(v):
    """analysis/sentence.c br_signed_pct."""
    if v is None:
        v = float("nan")
    if v != 0 and abs(v) < 0.95:
        num = "%.2g" % v
    else:
        num = fmt_fixed(v, 1 if abs(v) < 10 else 0)
    return ("+" if v > 0 and num not in ("0", "0.0") else "") + num + "%"


def fmt_pct(v):
    """render/report_values.c fmt_pct (overview percentages)."""
    return "" if v is None else "%.*f%%" % (2 if v < 10 else 1, v)


def x3(v):
    """analysis/numfmt.c br_fmt_x(v, 3)."""
    return fmt_fixed(v, 3) + "x"


# ASCII folding of the text report (render/template.c ascii_of).
TRANSLIT = {0xa0: " ", 0xa9: "(c)", 0xab: "<<", 0xae: "(R)", 0xb0: "deg",
            0xb1: "+/-", 0xb2: "^2", 0xb5: "u", 0xb7: ".", 0xbb: ">>",
            0xd7: "x", 0xf7: "/", 0x3bc: "u", 0x2010: "-", 0x2011: "-",
            0x2012: "-", 0x2013: "-", 0x2014: "--", 0x2018: "'",
            0x2019: "'", 0x201c: '"', 0x201d: '"', 0x2022: "*",
            0x2026: "...", 0x2122: "(TM)", 0x2212: "-", 0x2248: "~",
            0x2264: "<=", 0x2265: ">="}
LATIN1 = ("AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTs"
          "aaaaaaaceeeeiiiidnooooo/ouuuuyty")


def ascii_fold(s):
    out = []
    for ch in s:
        c = ord(ch)
        if 0x20 <= c < 0x7f or ch in "\n\t":
            out.append(ch)
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
        else:
            out.append("?")
    return "".join(out)


def squash(s):
    """Blanks as br_wrap leaves them: runs of spaces become one."""
    return re.sub(r" +", " ", s.replace(NBSP, " ")).strip()


def name_matches(shown, full):
    """A system name as displayed (maybe cut, "..." or an ellipsis at the
    end) against the full name."""
    shown, full = shown.strip(), full.strip()
    if shown == full or squash(shown) == squash(full):
        return True
    for ell in ("...", "\u2026"):
        if shown.endswith(ell) and len(shown) > len(ell):
            head = shown[:-len(ell)].rstrip()
            if full.startswith(head) or squash(full).startswith(squash(head)):
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
              display=False):
        """A displayed number against the reference x."""
        self.n += 1
        if shown is None:
            self.fail(test, system, output, qty, None, "%r (%s)" % (x, src))
            return False
        if display and shown.strip() not in ("", "-"):
            self.shown[(test, system, qty)].append((output, shown.strip()))
        if not shown_agrees(shown, x, fmt):
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
            for out, s in lst:
                if re.search(r"[eE]", s):
                    continue
                decs.setdefault(decimals(s), OrderedDict())[out] = s
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


def csv_rows(text):
    return list(csv.DictReader(io.StringIO(text)))


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
    return [line[a:b].strip() for a, b in spans]


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
        return "".join(c if isinstance(c, str) else c.text()
                       for c in self.children)

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
        return (p.returncode, p.stdout.decode("utf-8", "replace"),
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
            for r in rows]


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


STATS_NUM = {"n", "mean", "sd", "se", "ci_low", "ci_high", "median", "min",
             "max", "cv_pct", "rank", "relative", "x"}
CMP_NUM = {"mean", "baseline_mean", "improvement_pct",
           "improvement_ci_low_pct", "improvement_ci_high_pct", "p_value",
           "ratio", "ratio_ci_low", "ratio_ci_high", "t", "df", "mde_pct",
           "runs_needed", "overall_rank"}


# ============================================ compare CSV against itself


def check_compare_csv(ck, tests, base):
    """compare CSV against stats CSV (means) and its own columns:
    improvement = 100 (S - 1), the verdict against its interval."""
    alpha = 1 - CONF
    for t in tests:
        for s, r in t.cmp.items():
            m, bm = fnum(r["mean"]), fnum(r["baseline_mean"])
            ck.same(t.label, s, "compare csv", "mean", m, t.mean(s)
                    if t.has_value(s) else None, "stats csv")
            ck.same(t.label, s, "compare csv", "baseline_mean", bm,
                    t.mean(base) if base in t.rows else None, "stats csv")
            imp = fnum(r["improvement_pct"])
            lo, hi = fnum(r["improvement_ci_low_pct"]), \
                fnum(r["improvement_ci_high_pct"])
            ratio = fnum(r["ratio"])
            v = r["verdict"]
            if ratio is not None and imp is not None and m and bm and \
                    m > 0 and bm > 0:
                S = 1 / ratio if t.dirn == "LIB" else ratio
                ck.n += 1
                if abs(100 * (S - 1) - imp) > 1e-9 * max(1, abs(imp)):
                    ck.fail(t.label, s, "compare csv", "improvement_pct vs "
                            "ratio", r["improvement_pct"],
                            "100 (S - 1) = %r from ratio %s"
                            % (100 * (S - 1), r["ratio"]))
            if v in ("better", "worse", "no-difference") and \
                    lo is not None and hi is not None:
                ck.n += 1
                want = "better" if lo > 0 else "worse" if hi < 0 else \
                    "no-difference"
                if want != v:
                    ck.fail(t.label, s, "compare csv", "verdict vs its CI",
                            v, "%s (CI %s to %s)" % (want, lo, hi))
            p = fnum(r["p_value"])
            if p is not None and v in ("better", "worse", "no-difference"):
                ck.n += 1
                if (p < alpha) != (v != "no-difference"):
                    ck.fail(t.label, s, "compare csv", "verdict vs p", v,
                            "p = %r" % p)


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
    normal = [ln for ln, s in zip(rows, names) if t.has_value(s)]
    spans = columns([lines[header_idx]] + normal)
    if len(spans) != ncols:
        ck.structure(output, "%s: cannot read the table's columns (%d, "
                     "expected %d)" % (t.label, len(spans), ncols))
        return None
    out = OrderedDict()
    for ln, s in zip(rows, names):
        body = ln[indent:]
        first = re.split(r"  +", body.strip(), 1)[0]
        ck.n += 1
        if not name_matches(first, disp(s)) and \
                not body.startswith(disp(s)):
            ck.fail(t.label, s, output, "row order / system name", first,
                    repr(disp(s)))
        out[s] = cells(ln, spans) if t.has_value(s) else None
    return out


def check_stats_text(ck, tests, text):
    out = "stats text"
    blocks = split_blocks(text)
    if len(blocks) != len(tests):
        ck.structure(out, "%d blocks, %d tests" % (len(blocks), len(tests)))
        return
    for t, b in zip(tests, blocks):
        lines = b.split("\n")
        hi = next((i for i, ln in enumerate(lines)
                   if ln.startswith("System") and " Rank" in ln), None)
        if hi is None:
            ck.structure(out, "%s: no table header" % t.label)
            continue
        ck.n += 1
        if not lines[0].startswith(t.title.split("\n")[0]):
            ck.fail(t.label, "-", out, "test heading", lines[0],
                    repr(t.title))
        names = t.table_systems()
        if not names:
            continue
        rows = parse_table_rows(ck, out, t, hi, lines, names, lambda s: s,
                                8, 0)
        if rows is None:
            continue
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
            ck.same(t.label, s, out, "rank", rank, r["rank"], "stats csv")


# ================================================ comparison sentences


class F:
    """A field of an expected sentence: a number (x formatted by fmt) or
    a word from a set."""

    def __init__(self, qty, x=None, fmt=None, words=None, text=None):
        self.qty, self.x, self.fmt, self.words, self.text = \
            qty, x, fmt, words, text

    def expect(self):
        if self.words:
            return "/".join(sorted(self.words))
        if self.text is not None:
            return self.text
        return self.fmt(self.x)

    def agrees(self, shown):
        if self.words:
            return shown in self.words
        if self.text is not None:
            return shown == self.text
        return any(self.fmt(v) == shown for v in near(self.x))


def f1(v):
    return "%.1f" % v


def f2(v):
    return "%.2f" % v


def expected_sentence(B, A, r, equiv=0.0):
    """The sentence analysis/sentence.c br_comparison_sentence writes for the
    compare CSV row r, as literal text and fields, with the same branches.

    From the CSV: S, the speedup (> 1 is better whatever the direction), is
    1 + improvement_pct/100 when both means are > 0 (else none: no ratio);
    its interval lo..hi is 1 + improvement_ci_{low,high}_pct/100 (the same
    Fieller interval: ratio_ci for more-is-better, its reciprocal for
    fewer-is-better).  The direction words come in pairs the CSV cannot
    tell apart (faster/slower for times and rates, better/worse for
    scores; higher/lower without a direction): any word of the right side
    is accepted, and the outputs must use the same one.  Returns a list of
    literal strings and F fields.  The --equivalence interval (90% CI) is
    not in the CSV: only its form is checked."""
    nan = float("nan")

    def num(c):     # empty CSV cells are C's NAN
        v = fnum(r[c])
        return nan if v is None else v

    v = r["verdict"]
    m, bm = num("mean"), num("baseline_mean")
    imp = num("improvement_pct")
    ilo, ihi = num("improvement_ci_low_pct"), num("improvement_ci_high_pct")
    ratio_ok = m > 0 and bm > 0
    S = 1 + imp / 100 if ratio_ok else nan
    lo = 1 + ilo / 100 if ratio_ok else nan
    hi = 1 + ihi / 100 if ratio_ok else nan
    known = r["direction"] in ("HIB", "LIB")
    UP = {"faster", "better"} if known else {"higher"}
    DOWN = {"slower", "worse"} if known else {"lower"}
    conf = "%g%% CI" % (CONF * 100)

    def cmp(value, word, tail):
        return [B + " is ", value, " ", word, " than " + A] + tail

    def pct(q, x):
        return F(q, x, lambda y: f1(y) + "%")

    def xx(q, x):
        return F(q, x, lambda y: fmt_fixed(y, 2) + "x")

    def sp(q, x):
        return F(q, x, signed_pct)

    if math.isnan(S) and not math.isnan(imp):
        if v in ("better", "worse"):
            better = v == "better"
            return cmp(F("improvement %", abs(imp), lambda y: f1(y) + "%"),
                       F("verdict word", words=UP if better else DOWN),
                       [" (" + conf + " ",
                        pct("CI low", ilo if better else -ihi), " to ",
                        pct("CI high", ihi if better else -ilo), ")"])
        if v == "single-run":
            return cmp(F("improvement %", abs(imp), lambda y: f1(y) + "%"),
                       F("verdict word", words=UP if imp >= 0 else DOWN),
                       [" (single run, no CI)"])
    if v == "better":
        w = F("verdict word", words=UP)
        if S >= 1.5 and not math.isnan(lo):
            return cmp(xx("speedup", S), w, [" (" + conf + " ",
                       xx("CI low", lo), " to ", xx("CI high", hi), ")"])
        if not math.isnan(lo):
            return cmp(pct("improvement %", 100 * (S - 1)), w,
                       [" (" + conf + " ", pct("CI low", 100 * (lo - 1)),
                        " to ", pct("CI high", 100 * (hi - 1)), ")"])
        return cmp(pct("improvement %", 100 * (S - 1)), w, [])
    if v == "worse":
        w = F("verdict word", words=DOWN)
        if S <= 1 / 1.5 and S > 0 and not math.isnan(lo) and lo > 0:
            return cmp(xx("slowdown", 1 / S), w, [" (" + conf + " ",
                       xx("CI low", 1 / hi), " to ", xx("CI high", 1 / lo),
                       ")"])
        if not math.isnan(lo):
            return cmp(pct("change %", 100 * (1 - S)), w,
                       [" (" + conf + " ", pct("CI low", 100 * (1 - hi)),
                        " to ", pct("CI high", 100 * (1 - lo)), ")"])
        return cmp(pct("change %", 100 * (1 - S)), w, [])
    if v == "no-difference":
        head = [B + ": no difference proven at %g%% confidence (" %
                (CONF * 100) + B + " vs " + A + ": ", sp("change %", imp)]
        if math.isnan(ilo) or math.isnan(ihi):
            return head + ["; the interval has no finite bounds)"]
        return head + [", " + conf + " ", sp("CI low", ilo), " to ",
                       sp("CI high", ihi), ")"]
    if v == "equivalent":
        return [B + " is equivalent to " + A + " within +/-%g%% (%g%% CI "
                % (equiv, 100 - 2 * (100 - CONF * 100)),
                F("equivalence CI low (not in the CSV)", words={"*"}),
                " to ",
                F("equivalence CI high (not in the CSV)", words={"*"}), ")"]
    if v == "inconclusive":
        return [B + " vs " + A + ": inconclusive, neither a difference nor "
                "equivalence within +/-%g%% proven (" % equiv,
                sp("change %", imp), ", " + conf + " ", sp("CI low", ilo),
                " to ", sp("CI high", ihi), ")"]
    if v == "single-run":
        if math.isnan(S):
            return [B + " vs " + A + ": no comparison"]
        if S >= 1.5 or (0 < S <= 1 / 1.5):
            return cmp(xx("speedup" if S >= 1 else "slowdown",
                          S if S >= 1 else 1 / S),
                       F("verdict word", words=UP if S >= 1 else DOWN),
                       [" (single run, no CI)"])
        if S != 1 and not math.isnan(S):
            return cmp(pct("change %", 100 * (S - 1) if S >= 1
                           else 100 * (1 - S)),
                       F("verdict word", words=UP if S >= 1 else DOWN),
                       [" (single run, no CI)"])
        return [B + " equals " + A + " (single run, no CI)"]
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
    m = re.search(r" (faster|better|higher|slower|worse|lower) than ", s)
    if m:
        return "better" if m.group(1) in ("faster", "better", "higher") \
            else "worse"
    return "?"


def check_sentence(ck, t, B, output, text, parts, words_seen, csv_verdict):
    """text starts with the sentence; parts from expected_sentence."""
    rx, fields = "", []
    for p in parts:
        if isinstance(p, F):
            fields.append(p)
            rx += r"(\S+?)" if not p.words else r"(\S+)"
        else:
            rx += re.escape(re.sub(r" +", " ", p.replace(NBSP, " ")))
    text = squash(text)
    m = re.match(rx, text)
    ck.n += 1
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
    for f, g in zip(fields, m.groups()):
        ck.n += 1
        if f.words and "*" in f.words:
            continue
        if not f.agrees(g):
            ck.fail(t.label, B, output, f.qty, g,
                    "%s (compare csv%s)" % (f.expect(),
                                           ", %r" % f.x if f.x is not None
                                           else ""))
        if f.qty == "verdict word":
            words_seen[(t.idx, B)].append((output, g))


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
                       words_seen, out="compare text"):
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
                ck.n += 1
                if not squash(txt).startswith(squash(want)):
                    ck.fail(t.label, s, out, "missing result", txt[:120],
                            repr(want))
                continue
            check_sentence(ck, t, s, out, txt,
                           expected_sentence(s, base, cr, equiv),
                           words_seen, cr["verdict"])
            if details:
                check_details(ck, t, s, out, squash(txt), cr)
    rest = blocks[bi:]
    # tests skipped: the baseline has no result
    skipped = [t for t in tests if t.scalar and not t.cmp and
               t.rows and not t.has_value(base)]
    if skipped:
        blk = rest[0] if rest else ""
        got = len([ln for ln in blk.split("\n")
                   if ln.endswith("has no result")]) if \
            "skipped, the baseline" in blk else 0
        ck.same("-", base, out, "tests skipped (baseline has no result)",
                str(got), str(len(skipped)), "stats csv")
        if "skipped, the baseline" in blk:
            rest = rest[1:]
    check_compare_geomean(ck, tests, rest, base, geo, out)


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
    """'first in k of n tests (s shared)' from the stats CSV ranks (doc:
    tests with N >= 2 for two or more systems and a known direction; a
    system with N < 2 is never first)."""
    n_tests = 0
    wins, shared = defaultdict(int), defaultdict(int)
    for t in tests:
        if not t.scalar or t.dirn not in ("HIB", "LIB"):
            continue
        two = [s for s in t.valued() if int(t.rows[s]["n"]) >= 2]
        if len(two) < 2:
            continue
        n_tests += 1
        first = [s for s in two if t.rows[s]["rank"] == "1"]
        for s in first:
            if len(first) == 1:
                wins[s] += 1
            else:
                shared[s] += 1
    return n_tests, wins, shared


def check_compare_geomean(ck, tests, blocks, base, geo, out):
    gm_seen = OrderedDict()
    overall = None
    for b in blocks:
        joined, starts = join_lines(b.split("\n"))
        if joined.startswith("Geometric mean over "):
            m = re.match(r"Geometric mean over (\d+) tests, (.*) against "
                         r"%s: (\S+)x" % re.escape(squash(base)), joined)
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
            k = re.match(r"(\d+) tests", g["description"])
            ck.same("geomean", s, out, "tests", m.group(1),
                    k.group(1) if k else g["description"], "compare csv")
            ck.value("geomean", s, out, "geometric mean", m.group(3),
                     fnum(g["mean"]), "compare csv", lambda v: "%.3f" % v)
            mm = re.search(r"(\S+)% CI (\S+)x to (\S+)x \(measurement",
                           joined)
            if fnum(g["ratio_ci_low"]) is not None or mm:
                ck.value("geomean", s, out, "measurement CI low",
                         mm.group(2) if mm else None,
                         fnum(g["ratio_ci_low"]), "compare csv",
                         lambda v: "%.3f" % v)
                ck.value("geomean", s, out, "measurement CI high",
                         mm.group(3) if mm else None,
                         fnum(g["ratio_ci_high"]), "compare csv",
                         lambda v: "%.3f" % v)
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
        k = re.match(r"(\d+) tests", g["description"])
        if k and int(k.group(1)) >= 2 and s not in gm_seen:
            ck.fail("geomean", s, out, "geometric mean paragraph", None,
                    "%s over %s (compare csv)" % (g["mean"],
                                                  g["description"]))
    ranked = [s for s, g in geo.items() if g["overall_rank"]]
    if overall is None:
        if ranked:
            ck.structure(out, "no overall ranking, the CSV ranks %d systems"
                         % len(ranked))
        return
    joined, starts = overall
    m = re.match(r"Overall ranking by the geometric mean against .*?; tied "
                 r"when the \S+% CI of two systems' direct ratio includes 1"
                 r"(?: \(the across-tests CI where a test has N < 2\))?:",
                 joined)
    if not m:
        ck.structure(out, "cannot read the overall ranking header")
        return
    ents = [o for o, i in starts if i == 2 and o > m.end() - 1]
    n_tests, wins, shared = expected_firsts(tests)
    for j, o in enumerate(ents):
        e = joined[o:ents[j + 1] if j + 1 < len(ents) else len(joined)]
        e = e.strip()
        mm = re.match(r"^(\d+|-) +(.*): (\S+)x(?:; first in (\d+) of (\d+) "
                      r"tests(?: \((\d+) shared\))?)?$", e)
        if not mm:
            mm2 = re.match(r"^- +(.*): no test in common with the baseline$",
                           e)
            if mm2:
                s = mm2.group(1)
                ck.same("overall", s, out, "overall rank", "",
                        geo.get(s, {}).get("overall_rank", ""),
                        "compare csv (empty: not ranked)")
                continue
            ck.structure(out, "cannot read ranking entry %r" % e)
            continue
        s = next((x for x in geo if squash(x) == mm.group(2)), None)
        if s is None:
            ck.fail("overall", mm.group(2), out, "overall rank",
                    mm.group(1), "no geomean row (compare csv)")
            continue
        g = geo[s]
        ck.same("overall", s, out, "overall rank", mm.group(1),
                g["overall_rank"], "compare csv")
        ck.value("overall", s, out, "geometric mean", mm.group(3),
                 fnum(g["mean"]), "compare csv", lambda v: "%.3f" % v)
        w, sh = wins[s], shared[s]
        want = (w + sh, n_tests, sh) if (w or sh) else None
        got = (int(mm.group(4)), int(mm.group(5)),
               int(mm.group(6) or 0)) if mm.group(4) else None
        ck.n += 1
        if got != want:
            ck.fail("overall", s, out, "first in k of n tests (shared)",
                    got, "%s (stats csv ranks)" % (want,))


def expected_left_out(tests, base, s):
    n = 0
    for t in tests:
        if not t.scalar or not t.has_value(base):
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
    """best/worst from the stats CSV relative column (doc: two values
    that differ and a known direction)."""
    rel = {s: fnum(t.rows[s]["relative"]) for s in t.valued()}
    rel = {s: v for s, v in rel.items() if v is not None}
    if len(rel) < 2 or t.dirn not in ("HIB", "LIB"):
        return {}, {}
    lo, hi = min(rel.values()), max(rel.values())
    if not lo < hi:
        return {}, {}
    return ({s for s, v in rel.items() if v == hi},
            {s for s, v in rel.items() if v == lo})


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
        ck.same(t.label, s, out, "rank", rank, r["rank"], "stats csv")
    if vs is not None:
        if s == base:
            ck.same(t.label, s, out, "vs. baseline", vs, "baseline",
                    "it is the baseline")
        else:
            cr = t.cmp.get(s)
            imp = fnum(cr["improvement_pct"]) if cr else None
            m, bm = fnum(cr["mean"]) if cr else None, \
                fnum(cr["baseline_mean"]) if cr else None
            S = 1 + imp / 100 if imp is not None and m and bm and m > 0 \
                and bm > 0 else None
            ck.value(t.label, s, out, "vs. baseline (speedup)", vs, S,
                     "compare csv 1 + improvement_pct/100", x3)


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
            rows = [ln for ln in seg[hi_ + 1:] if ln.strip()]
            check_geo_rows(ck, out, geo, base, systems, [
                (m.group(1), m.group(2), m.group(3)) for m in
                (re.match(r"^  (.+?) +(-?[\d.]+(?:e[-+]\d+)?x|-x)  (.*)$", ln)
                 for ln in rows)
                if m], ascii_fold)
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
    heads.append(next((j for j, ln in enumerate(body) if ln == "-- "),
                      len(body)))
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
        joined, starts = join_lines(after)
        cands = [s for s in t.cmp if t.has_value(s)]
        if not t.has_value(base):
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
                    ascii_fold(s), ascii_fold(base), t.cmp[s]), words_seen,
                    t.cmp[s]["verdict"])


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
        toks = ln.split()
        if ln.startswith("    ") and len(toks) == ncols and all(
                re.match(r"^(-?[\d.]+(e[-+]?\d+)?[*!]?|-|fail)$", x)
                for x in toks):
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
                        else "", "stats csv relative")
        else:
            name.append(ln)
    if ti != len(scal):
        ck.structure(out, "overview: %d rows, %d scalar tests"
                     % (ti, len(scal)))


def check_geo_rows(ck, out, geo, base, systems, rows, disp):
    """Geometric mean table rows (name, value, ci text) against the
    compare CSV geomean rows."""
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
        m = re.match(r"^(\S+x) to (\S+x)$", ci.strip())
        if lo is None:
            ck.same("geomean", s, out, "measurement CI", ci.strip()
                    if m else "none", "none", "compare csv: no interval")
        else:
            ck.value("geomean", s, out, "measurement CI low",
                     m.group(1) if m else None, lo, "compare csv", x3)
            ck.value("geomean", s, out, "measurement CI high",
                     m.group(2) if m else None, hi, "compare csv", x3)


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
                   lambda s: s)
    ks = {}
    for s, g in geo.items():
        m = re.match(r"(\d+) tests", g["description"])
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
            if not re.match(r"^\[.*\]\(#test-%d\)" % (t.idx + 1), cs[0]):
                ck.fail(t.label, "-", out, "overview row", cs[0],
                        "#test-%d" % (t.idx + 1))
            best, worst = overview_marks(t)
            for s, c in zip(systems, cs[1:]):
                check_overview_cell(ck, t, s, out, c, best, worst)
    if "## Geometric mean" in lines:
        rows = table_after(lines.index("## Geometric mean"))
        check_geo_rows(ck, out, geo, base, systems, [
            (md_unescape(a), b, md_unescape(c)) for a, b, c in
            (md_split(r)[:3] for r in rows[2:])], lambda s: s)
    # tests
    anchors = [i for i, ln in enumerate(lines)
               if re.match(r'^<a id="test-\d+"></a>$', ln)]
    if len(anchors) != len(tests):
        ck.structure(out, "%d test sections, %d tests"
                     % (len(anchors), len(tests)))
        return
    anchors.append(next((i for i, ln in enumerate(lines) if ln == "---"),
                        len(lines)))
    for t, a, b in zip(tests, anchors, anchors[1:]):
        sec = lines[a:b]
        ck.n += 1
        if sec[0] != '<a id="test-%d"></a>' % (t.idx + 1) or \
                not md_unescape(sec[1]).startswith("### " + t.title.split(
                    "\n")[0]):
            ck.fail(t.label, "-", out, "test heading", sec[:2], t.title)
        tab = [ln for ln in sec if ln.startswith("|")]
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
                             ci.group(2) if ci else c[4] or "-", c[5], c[6],
                             base)
        sents = [md_unescape(ln[2:]) for ln in sec if ln.startswith("- ")]
        cands = [s for s in t.cmp if t.has_value(s)] \
            if t.has_value(base) else []
        check_sentence_list(ck, t, out, sents, cands, base, words_seen,
                            lambda s: s)


def check_sentence_list(ck, t, out, sents, cands, base, words_seen, disp,
                        classes=None):
    """One sentence per candidate, in order (Markdown and HTML lists)."""
    if len(sents) != len(cands):
        ck.n += 1
        ck.fail(t.label, "-", out, "number of comparison sentences",
                len(sents), "%d (compare csv)" % len(cands))
        return
    for j, (s, txt) in enumerate(zip(cands, sents)):
        check_sentence(ck, t, s, out, txt, expected_sentence(
            disp(s), disp(base), t.cmp[s]), words_seen, t.cmp[s]["verdict"])
        if classes is not None:
            v = t.cmp[s]["verdict"]
            ck.same(t.label, s, out, "verdict class", classes[j],
                    {"better": "better", "worse": "worse",
                     "equivalent": "same"}.get(v, "none"),
                    "compare csv verdict %s" % v)


def check_overview_cell(ck, t, s, out, c, best, worst):
    """A Markdown overview cell: **v** (rel) / _v_ (rel) / v (rel)."""
    m = re.match(r"^(\*\*|_)?(.*?)(?:\*\*|_)?(?: \((\S+%)\))?$", c)
    mark, v, rel = m.group(1) or "", m.group(2), m.group(3)
    if v == "failed" or v == "":
        ck.n += 1
        if t.has_value(s):
            ck.fail(t.label, s, out, "overview value", c,
                    "%s (stats csv)" % t.mean(s))
        return
    ck.value(t.label, s, out + " overview", "mean", v,
             t.mean(s) if t.has_value(s) else None, "stats csv",
             display=True)
    rv = fnum(t.rows[s]["relative"]) if s in t.rows else None
    ck.value(t.label, s, out + " overview", "relative %", rel or "",
             100 * rv if rv is not None else None, "stats csv relative",
             fmt_pct)
    ck.same(t.label, s, out + " overview", "best/worst mark",
            {"**": "best", "_": "worst"}.get(mark, ""),
            "best" if s in best else "worst" if s in worst else "",
            "stats csv relative")


# ----------------------------------------------------------- HTML report


def check_report_html(ck, tests, text, base, geo, words_seen):
    out = "report.html"
    root = parse_html(text)
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
            if not a or a[0].attrs.get("href") != "#test-%d" % (t.idx + 1):
                ck.fail(t.label, "-", out, "overview row link",
                        a[0].attrs.get("href") if a else None,
                        "#test-%d" % (t.idx + 1))
            best, worst = overview_marks(t)
            for s, td in zip(systems, tr.kids("td")):
                v = td.own_text().strip()
                rel = "".join(sp.text() for sp in td.kids("span"))
                cl = td.cls()
                if v in ("", "failed"):
                    ck.n += 1
                    if t.has_value(s):
                        ck.fail(t.label, s, out, "overview value", v,
                                "%s (stats csv)" % t.mean(s))
                    continue
                ck.value(t.label, s, out + " overview", "mean", v,
                         t.mean(s) if t.has_value(s) else None, "stats csv",
                         display=True)
                rv = fnum(t.rows[s]["relative"])
                ck.value(t.label, s, out + " overview", "relative %", rel,
                         100 * rv if rv is not None else None,
                         "stats csv relative", fmt_pct)
                # the sort key: relative, or the mean (negated for
                # fewer-is-better) when there is none
                ck.same(t.label, s, out + " overview",
                        "sort key (data-v, full precision)",
                        fnum(td.attrs.get("data-v")), rv if rv is not None
                        else -t.mean(s) if t.dirn == "LIB" else t.mean(s),
                        "stats csv relative / mean")
                ck.same(t.label, s, out + " overview", "best/worst class",
                        "best" if "best" in cl else "worst" if "worst" in cl
                        else "", "best" if s in best else "worst"
                        if s in worst else "", "stats csv relative")
    gm = root.find_all("div", "gm")
    if gm:
        divs = gm[0].kids("div")
        rows = []
        for j in range(0, len(divs) - 2, 3):
            name, bar, val = divs[j], divs[j + 1], divs[j + 2]
            rows.append((name.text(), val.text(), val.cls()))
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
        p = [x.text() for x in root.find_all("p", "small")
             if "tests both ran" in x.text()]
        ks = [int(m.group(1)) for m in (re.match(r"(\d+) tests",
              g["description"]) for g in geo.values()) if m]
        if p and ks:
            m = re.search(r"over the (\d+) tests both ran", p[0])
            ck.same("geomean", "-", out, "tests (most of any system)",
                    m.group(1) if m else p[0], str(max(ks)),
                    "compare csv geomean rows")
    secs = root.find_all("section", "test")
    if len(secs) != len(tests):
        ck.structure(out, "%d test sections, %d tests"
                     % (len(secs), len(tests)))
        return
    for t, sec in zip(tests, secs):
        ck.n += 1
        h2 = sec.kids("h2")
        if sec.attrs.get("id") != "test-%d" % (t.idx + 1) or not h2 or \
                not h2[0].text().startswith(t.title.split("\n")[0]):
            ck.fail(t.label, "-", out, "test heading",
                    h2[0].text() if h2 else None, t.title)
        svg = sec.find_all("svg")
        if svg:
            texts = [(e.attrs, e.text()) for e in svg[0].find_all("text")]
            if t.series:
                check_line_legend(ck, t, out + " chart", texts)
            elif t.scalar:
                check_svg_texts(ck, t, out + " chart", texts)
        tabs = sec.find_all("table", "sortable")
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
            check_row_values(ck, t, s, out, td[0].text(), td[1].text(),
                             td[2].text(), ci[0] if len(ci) == 2 else "-",
                             ci[1] if len(ci) == 2 else "-", td[4].text(),
                             td[5].text(), base)
            ck.same(t.label, s, out, "mean (data-v, full precision)",
                    fnum(td[1].attrs.get("data-v")), t.mean(s), "stats csv")
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
    """A bar chart (render/chart_bar.c): per row the name (11 bold, end
    anchored), "SE +/- x, N = y" under it (8, end anchored; only with
    N >= 2), the mean as a value label (10 bold); failed rows get a
    reason (9) drawn after the rows."""
    rows = []
    for a, s in texts:
        fs, fw, an = a.get("font-size"), a.get("font-weight"), \
            a.get("text-anchor")
        if fs == "11" and fw == "bold" and an == "end":
            rows.append({"name": s})
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
            m = re.match(r"^SE \+/- (\S+), N = (\d+)$", se or "")
            if not m:
                ck.fail(t.label, s, out, "SE line", se,
                        "'SE +/- %s, N = %d' (stats csv)" % (sev, n))
                continue
            ck.value(t.label, s, out, "SE", m.group(1), sev, "stats csv",
                     display=True)
            ck.same(t.label, s, out, "N", m.group(2), row["n"], "stats csv")
        else:
            ck.same(t.label, s, out, "SE line", se, None,
                    "none: N = %d, SE %s (stats csv)" % (n, row["se"]))


def check_line_legend(ck, t, out, texts):
    """A line chart's legend (render/chart_line.c): each series' name (9
    bold), then "Min: ", "Avg: ", "Max: " of its points' means."""
    leg = []
    for a, s in texts:
        if a.get("font-size") == "9" and a.get("font-weight") == "bold":
            leg.append([s])
        elif leg and re.match(r"^(Min|Avg|Max): ", s) and len(leg[-1]) < 4:
            leg[-1].append(s)
    names = [s for s in t.points]
    if [x[0] for x in leg] != names:
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
    """A grouped chart of a table (render/chart_grouped.c): the legend
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
                     display=True)


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
    # ---- stats
    if res["stats json"][0] == 0:
        check_full(ck, rows, json_rows(res["stats json"][1]),
                   "stats json", STATS_NUM)
    if res["stats md"][0] == 0:
        check_md_full(ck, rows, res["stats md"][1], "stats md", STATS_NUM)
    if res["stats text"][0] == 0:
        check_stats_text(ck, tests, res["stats text"][1])
    # ---- compare
    geo, base = OrderedDict(), None
    two = res["compare csv"][0] == 0
    if not two:
        ck.note("compare skipped: %s"
                % res["compare csv"][2].strip().split("\n")[0])
    if two:
        crow = csv_rows(res["compare csv"][1])
        geo, base = assign_compare(tests, crow, ck)
        base = base or next(iter(geo), None) or systems_of(tests)[0]
        check_compare_csv(ck, tests, base)
        check_full(ck, crow, json_rows(res["compare json"][1]),
                   "compare json", CMP_NUM)
        check_md_full(ck, crow, res["compare md"][1], "compare md", CMP_NUM)
        ctext = res["compare text"][1]
        if self_test == "compare":
            ctext = perturb_sentence(ctext)
        check_compare_text(ck, tests, ctext, base, geo, 0.0, False,
                           words_seen)
    else:
        base = systems_of(tests)[0] if tests else None
    # ---- reports
    if res["report.txt"][0] == 0:
        txt = read(rep["txt"])
        if self_test == "txt":
            txt = perturb_mean(txt)
        check_report_txt(ck, tests, txt, base, geo, words_seen)
    if res["report.md"][0] == 0:
        check_report_md(ck, tests, read(rep["md"]), base, geo, words_seen)
    if res["report.html"][0] == 0:
        page = read(rep["html"])
        if self_test == "html":
            page = perturb_se(page)
        check_report_html(ck, tests, page, base, geo, words_seen)
    if res["values.md"][0] == 0 and two:
        check_values_md(ck, tests, read(valmd), base, geo)
    if res["svg"][0] == 0 and os.path.isdir(svgdir):
        check_svg_dir(ck, tests, svgdir)
    # ---- --equivalence: equivalent/inconclusive sentences, --details
    if two and res["eq compare csv"][0] == 0:
        etests = build_tests(rows)
        egeo, ebase = assign_compare(etests, csv_rows(
            res["eq compare csv"][1]), ck)
        check_compare_text(ck, etests, res["eq compare text"][1], base,
                           egeo, EQUIV, True, words_seen,
                           "compare text --equivalence --details")
        if res["eq report.md"][0] == 0:
            emd = read(eqmd)
            check_eq_md(ck, etests, emd, base, words_seen)
    if two and res["compare --ministat"][0] == 0:
        check_ministat(ck, tests, res["compare --ministat"][1], base)
    # ---- --holm: stats, compare and render take it (ranks, "first in")
    if res["holm stats csv"][0] == 0:
        htests = build_tests(csv_rows(res["holm stats csv"][1]))
        if two and res["holm compare text"][0] == 0:
            hgeo, _ = assign_compare(htests, csv_rows(res["compare csv"][1]),
                                     ck)
            check_compare_text(ck, htests, res["holm compare text"][1], base,
                               hgeo, 0.0, False, words_seen,
                               "compare text --holm")
        if res["holm report.md"][0] == 0:
            check_report_md(ck, htests, read(holmmd), base, geo, words_seen,
                            "report.md --holm")
    # ---- the direction word: the same in every output
    for (ti, s), lst in words_seen.items():
        if len({w for _, w in lst}) > 1:
            ck.fail(tests[ti].label, s, " vs ".join(o for o, _ in lst),
                    "verdict word", ", ".join("%s %r" % x for x in lst),
                    "one word in every output")
    ck.precision()
    return ck, False


def check_ministat(ck, tests, text, base):
    """compare --ministat: per comparison "x A", "+ B", the header, then
    N Min Max Median Avg Stddev (%13.8g) of each side: the stats CSV's n,
    min, max, median, mean, sd (no value: nan)."""
    out = "compare --ministat"
    want = [(t, s) for t in tests for s, r in t.cmp.items()
            if fnum(r["mean"]) is not None]
    lines = text.split("\n")
    got = [(lines[i + 1][2:], lines[i + 3], lines[i + 4])
           for i in range(len(lines) - 4)
           if lines[i] == "x " + base and lines[i + 1].startswith("+ ") and
           lines[i + 2].startswith("    N ")]
    if len(got) != len(want):
        ck.structure(out, "%d blocks, %d comparisons in the compare csv"
                     % (len(got), len(want)))
        return

    def g8(v):
        return "%.8g" % v

    for (t, s), (name, xl, pl) in zip(want, got):
        ck.same(t.label, s, out, "block", name, s, "compare csv order")
        for sysname, ln, sym in ((base, xl, "x"), (s, pl, "+")):
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
               if re.match(r'^<a id="test-\d+"></a>$', ln)] + [len(lines)]
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
        if len(sents) != len(cands):
            ck.fail(t.label, "-", out, "number of comparison sentences",
                    len(sents), "%d (compare csv)" % len(cands))
            continue
        for s, txt in zip(cands, sents):
            check_sentence(ck, t, s, out, txt, expected_sentence(
                s, base, t.cmp[s], EQUIV), words_seen, t.cmp[s]["verdict"])


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
                 ("better", "worse"), ("worse", "better")):
        if " %s than " % a in txt:
            return txt.replace(" %s than " % a, " %s than " % b, 1)
    raise SystemExit("self-test: no sentence to perturb")


def self_test(rn, tmp):
    label = "samples/seed-004-freebsd-zfs-zol.csv"
    clean, _ = check_input(rn, label, [label], tmp)
    ok = True
    for kind, what in (("txt", "mean"), ("compare", "verdict"),
                       ("html", "SE")):
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
