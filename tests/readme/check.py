#!/usr/bin/env python3
"""
check.py - the README's examples are what benchreport prints.

    BR=./benchreport python3 tests/readme/check.py [--fix]   (from the top)

Every fenced block of README.md whose first line is "$ benchreport ..."
(continued by trailing backslashes) and that holds no second "$ " line is
run with $BR in place of "benchreport", from the top of the tree, or from
the folder an HTML comment "<!-- readme-check: cd DIR -->" just above the
block names (or a "$ cd DIR" line first in the block); "the top" is a
scratch folder of links to the top's entries, so that what an example
writes ("-o iozone.svg") does not land in the tree; its output,
stderr included, must equal the lines shown under the command.  A
line "..." ends what is compared (the rest of the output is left out on
purpose).  --fix rewrites the shown output of
the blocks that differ (read the diff before committing it).  Python 3's
standard library only.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def blocks(lines):
    """(index of the first line in the block, its lines, cwd) per block."""
    i, cwd = 0, None
    while i < len(lines):
        m = re.match(r"<!-- readme-check: cd (\S+) -->", lines[i])
        if m:
            cwd = m.group(1)
        if lines[i].startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            yield i + 1, lines[i + 1:j], cwd
            cwd = None
            i = j
        elif lines[i].strip():
            if not m:
                cwd = None
        i += 1


def split(body):
    """The command and the shown output, or None for a block not run."""
    k0 = 0
    if body and re.match(r"\$ cd \S+$", body[0]):
        k0 = 1
    if len(body) <= k0 or not body[k0].startswith("$ benchreport"):
        return None
    cmd, k = body[k0][2:], k0 + 1
    while cmd.endswith("\\") and k < len(body):
        cmd = cmd[:-1].rstrip() + " " + body[k].strip()
        k += 1
    shown = body[k:]
    if any(s.startswith("$ ") for s in shown):
        return None
    return cmd, k, shown, body[0][5:] if k0 else None


def main(argv):
    br = os.path.abspath(os.environ.get("BR", os.path.join(TOP,
                                                         "benchreport")))
    fix = "--fix" in argv
    path = os.path.join(TOP, "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    ran = failed = 0
    edits = []
    scratch = tempfile.mkdtemp(prefix="readme-check.")
    for name in os.listdir(TOP):
        os.symlink(os.path.join(TOP, name), os.path.join(scratch, name))
    try:
        ran, failed = run_blocks(lines, br, scratch, edits)
    finally:
        shutil.rmtree(scratch)
    if fix and edits:
        for at, n, new in sorted(edits, reverse=True):
            lines[at:at + n] = new
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    print("readme: %d examples, %d differ" % (ran, failed))
    return 1 if failed else 0


def run_blocks(lines, br, top, edits):
    """Runs each example from top; the differing ones go to edits."""
    ran = failed = 0
    for start, body, cwd in blocks(lines):
        got = split(body)
        if not got:
            continue
        cmd, k, shown, cd = got
        cwd = cd or cwd
        cmd = re.sub(r"\bbenchreport\b", br, cmd, count=1)
        env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000",
                   LC_ALL="C.UTF-8", TZ="UTC")
        out = subprocess.run(["sh", "-c", cmd], cwd=os.path.join(
            top, cwd or "."), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, env=env, stdin=subprocess.DEVNULL)
        text = out.stdout.decode("utf-8", "replace").rstrip("\n")
        have = text.split("\n") if text else []
        have = [h.rstrip() for h in have]
        want = [s.rstrip() for s in shown]
        if "..." in want:
            cut = want.index("...")
            want, have_cmp = want[:cut], have[:cut]
        else:
            have_cmp = have
        ran += 1
        if want != have_cmp:
            failed += 1
            print("readme: README.md:%d: '%s' prints otherwise:" %
                  (start + 1, body[0][2:62]))
            for w, h in zip(want + [""] * len(have_cmp),
                            have_cmp + [""] * len(want)):
                if w != h:
                    print("  shown: %s\n  now:   %s" % (w, h))
                    break
            edits.append((start + k, len(want), have_cmp))
    return ran, failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
