#!/bin/sh
# words.sh - where each word of a PDF report lands (pdftotext -bbox),
# against the words pango's drawing put there (tests/pdf/*.words): plain
# Latin text is drawn from HarfBuzz runs, other scripts through pango.
#   BR=path/to/benchreport sh tests/pdf/words.sh
# pdftotext comes with poppler-utils, which scripts/deps.sh installs
# (make pdf-words runs it first).
# WORDS_ACCEPT=1 rewrites the expectations (only after looking at them).
set -u
: "${BR:?set BR to the benchreport binary}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
check() {   # NAME benchreport-arguments...
	name=$1
	shift
	SOURCE_DATE_EPOCH=1700000000 "$BR" render -q "$@" -o "$tmp/$name.pdf" \
		2>/dev/null || { echo "pdf words: FAIL: $name: render"; fail=1; return; }
	pdftotext -bbox "$tmp/$name.pdf" "$tmp/$name.html"
	if [ "${WORDS_ACCEPT:-0}" = 1 ]; then
		python3 tests/pdf/words.py dump "$tmp/$name.html" \
			> "tests/pdf/$name.words"
		echo "pdf words: accepted $name"
	elif ! python3 tests/pdf/words.py same "tests/pdf/$name.words" \
		"$tmp/$name.html"; then
		echo "pdf words: FAIL: $name"
		fail=1
	fi
	n=$((n + 1))
}
# charts of a real PTS file: "Mflops" (a ligature), MB/s, seconds over 20 runs
real=tests/data/pts-real/manuel-nogvno2-failed-10.8.4.xml
check scimark "$real" --tests 'SciMark*Monte Carlo'
check zstd "$real" --tests 'Zstd*Level: 3 - Compression Speed'
check espeak "$real" --tests 'eSpeak*Synthesis'
# a whole report: names in four scripts, ligatures in a title
check scripts tests/data/render/scripts-pdf.csv
[ "$fail" = 0 ] && echo "pdf words: $n reports, every word where pango put it"
exit "$fail"
