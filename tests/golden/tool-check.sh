#!/bin/sh
# tool-check.sh - check benchreport's numbers against another tool's own
# printed output, kept under tests/data with its source.  Used by the
# golden cases compare-hyperfine-vs-tool and compare-ministat-vs-tool.
#
#   sh tests/golden/tool-check.sh hyperfine OURS HYPERFINE_STDOUT
#       every "(hyperfine's summary: F ran R +/- E times faster than S)"
#       of `benchreport compare` against hyperfine's "Summary" lines
#       ('F' ran / R ± E times faster than 'S'): the same text, in order.
#   sh tests/golden/tool-check.sh ministat OURS MINISTAT_STDOUT
#       the --ministat block against ministat's: N, Min, Max, Avg and
#       Stddev as printed (%.8g); the verdicts word for word; the
#       difference, its percent and pooled s to the 6 digits printed; the
#       +/- margins to 0.2% (ministat's t table is rounded to 3 decimals,
#       benchreport's t is exact: doc/statistics.md); the medians are
#       listed, not checked (ministat takes the upper middle value).
#
# Prints one line per value compared; exit 1 on the first mismatch.
set -u
mode=$1 ours=$2 theirs=$3

case $mode in
hyperfine)
	# ours: join wrapped lines, then one summary per line
	{ tr '\n' ' ' <"$ours"; echo; } | tr -s ' ' | sed 's/(hyperfine.s summary: /\n&/g' |
		sed -n 's/^(hyperfine.s summary: \([^)]*\)).*/\1/p' >"$ours.hf"
	# hyperfine: "  'F' ran" then "    R ± E times faster than 'S'"
	awk '/^Summary/ { on = 1; next }
	     on && /ran$/ { f = $0; sub(/^ *\047/, "", f); sub(/\047 ran$/, "", f); next }
	     on && /times faster than/ {
		line = $0; sub(/^ */, "", line)
		gsub(/\302\261/, "+/-", line)
		sub(/\047/, "", line); sub(/\047$/, "", line)
		print f " ran " line; next }
	     { on = on && /^ /; }' "$theirs" >"$ours.tool"
	if [ ! -s "$ours.tool" ]; then
		echo "no summary in $theirs"; rm -f "$ours.hf" "$ours.tool"; exit 1
	fi
	paste -d '\n' "$ours.tool" "$ours.hf" | awk '
		NR % 2 { want = $0; next }
		{ if ($0 == want) print "same: " want
		  else { print "DIFFERENT: hyperfine: " want; print "  benchreport: " $0; bad = 1 } }
		END { exit bad }'
	rc=$?
	[ "$(wc -l <"$ours.tool")" = "$(wc -l <"$ours.hf")" ] || {
		echo "DIFFERENT: $(wc -l <"$ours.tool") hyperfine lines, $(wc -l <"$ours.hf") of ours"; rc=1; }
	rm -f "$ours.hf" "$ours.tool"
	exit $rc
	;;
ministat)
	awk -v OURS="$ours" '
	function rel(a, b) { return a == b ? 0 : (a - b) / (b < 0 ? -b : b) }
	function abs(x) { return x < 0 ? -x : x }
	# the items of one file, in order: "stat SYM N MIN MAX MED AVG SD",
	# "verdict TEXT", "diff D E", "pct P PE", "pooled S"
	function items(file, arr,    n, line, f) {
		n = 0
		while ((getline line < file) > 0) {
			if (line ~ /^[x+*%#@O] +[0-9]+ /) {
				split(line, f, / +/)
				arr[++n] = "stat " f[1] " " f[2] " " f[3] " " f[4] " " f[5] " " f[6] " " f[7]
			} else if (line ~ /^(Difference|No difference proven) at /) {
				arr[++n] = "verdict " line
			} else if (line ~ /^\t-?[0-9.e+-]+ \+\/- [0-9.e+-]+$/) {
				sub(/^\t/, "", line); split(line, f, / /)
				arr[++n] = "diff " f[1] " " f[3]
			} else if (line ~ /^\t-?[0-9.e+-]+% \+\/- [0-9.e+-]+%$/) {
				sub(/^\t/, "", line); gsub(/%/, "", line); split(line, f, / /)
				arr[++n] = "pct " f[1] " " f[3]
			} else if (line ~ /pooled s = /) {
				sub(/.*pooled s = /, "", line); sub(/\)$/, "", line)
				arr[++n] = "pooled " line
			}
		}
		close(file)
		return n
	}
	function fail(msg) { print "DIFFERENT: " msg; bad = 1 }
	BEGIN {
		n = items(ARGV[1], m); k = items(OURS, o)
		if (n == 0) { print "no ministat output in " ARGV[1]; exit 1 }
		if (n != k) fail(n " ministat items, " k " of ours")
		for (i = 1; i <= n && i <= k; i++) {
			split(m[i], a, / /); split(o[i], b, / /)
			if (a[1] != b[1]) { fail(m[i] " / " o[i]); continue }
			if (a[1] == "stat") {
				ok = a[2] == b[2]
				for (j = 3; j <= 8; j++)
					if (j != 6 && a[j] != b[j]) ok = 0
				if (!ok) fail("ministat: " m[i] "; ours: " o[i])
				else print "same " a[2] ": N " a[3] ", min " a[4] ", max " a[5] ", avg " a[7] ", sd " a[8] \
				    (a[6] == b[6] ? ", median " a[6] : "; median " a[6] " in ministat, " b[6] " here")
			} else if (a[1] == "verdict") {
				if (m[i] != o[i]) fail(m[i] " / " o[i])
				else print "same: " substr(m[i], 9)
			} else if (a[1] == "pooled") {
				if (abs(rel(b[2], a[2])) > 5e-6) fail("pooled s " a[2] " / " b[2])
				else print "same pooled s = " a[2]
			} else {
				if (abs(rel(b[2], a[2])) > 5e-6 || abs(rel(b[3], a[3])) > 2e-3)
					fail(m[i] " / " o[i])
				else print "same " a[1] " " a[2] " (+/- " a[3] " in ministat, " b[3] " here)"
			}
		}
		exit bad
	}' "$theirs"
	;;
*)
	echo "usage: tool-check.sh hyperfine|ministat OURS THEIRS" >&2
	exit 2
	;;
esac
