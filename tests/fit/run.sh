#!/bin/sh
# run.sh - every real file in tests/data (tests/data/pts-real, the logs
# of tests/data/logs) and the samples give a Markdown report GitHub shows
# whole (at most 65,536 characters: cut to fit, with the note saying so,
# when longer; doc/templates.md, "Markdown on GitHub") and a text report
# with no line over 72 columns (tests/text/columns.py), also with
# --confidence 0.9999999 (the longest level heading), --plot and --summary.
#   BR=path/to/benchreport sh tests/fit/run.sh
set -u
: "${BR:?set BR to the benchreport binary}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0 cut=0
bad() { echo "fit: FAIL: $*"; fail=1; }
for f in tests/data/pts-real/*.xml tests/data/pts-real/*.csv \
	tests/data/logs/*/* samples/*.csv samples/*.txt \
	tests/data/render/twelve-systems.csv samples/logs; do
	case $f in *.md|*.stdout) continue ;; esac
	# a file benchreport refuses (tested elsewhere) has no report
	"$BR" render -q "$f" --format md -o "$tmp/r.md" 2>/dev/null ||
		continue
	n=$((n + 1))
	chars=$(LC_ALL=C.UTF-8 wc -m <"$tmp/r.md" | tr -d ' ')
	[ "$chars" -le 65536 ] ||
		bad "$f: Markdown report of $chars characters (over 65,536)"
	grep -q '^Cut to fit GitHub' "$tmp/r.md" && cut=$((cut + 1))
	# the text report as it is, with the longest confidence level a
	# heading holds ("99.99999% CI low": issue 22), with dot plots, and
	# the summary
	for o in "" "--confidence 0.9999999" "--plot" "--summary"; do
		# shellcheck disable=SC2086
		"$BR" render -q "$f" $o --format text -o "$tmp/r.txt" ||
			{ bad "$f: no text report ($o)"; continue; }
		# (its table alignment checks are the golden tests')
		python3 tests/text/columns.py --max 72 <"$tmp/r.txt" \
			>"$tmp/cols"
		! grep -q '^line [0-9]*: [0-9]* columns' "$tmp/cols" ||
			bad "$f: text report${o:+ ($o)}: $(grep -m1 \
			    '^line [0-9]*: [0-9]* columns' "$tmp/cols")"
	done
done
[ "$n" -gt 30 ] || bad "only $n files rendered"
[ $fail = 0 ] && echo "fit: ok ($n files: Markdown at most 65,536 characters, $cut cut to fit; text at most 72 columns, 4 forms each)"
exit $fail
