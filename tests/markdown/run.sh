#!/bin/sh
# run.sh - the Markdown report through a real GFM renderer (cmark-gfm, the
# library GitHub uses, Debian package cmark-gfm): every table row of the
# report is a row of an HTML table, and system names that start like
# Markdown blocks ("2) Slow", "+ plus", "- minus", "# hash", "> quote",
# "```fence", "===", "    four spaces") stay text: the verdicts are one
# flat list, with no ordered or nested list, quote, code block, heading
# or rule of their own.
#   BR=path/to/benchreport sh tests/markdown/run.sh
# Without cmark-gfm the test is skipped, except in CI (CI=true), where
# that is a failure.
set -u
: "${BR:?set BR to the benchreport binary}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1

if ! command -v cmark-gfm >/dev/null 2>&1; then
	if [ "${CI:-}" = true ]; then
		echo "markdown: FAIL: cmark-gfm is not installed (CI)"
		exit 1
	fi
	echo "markdown: skipped (no cmark-gfm; apt-get install -y cmark-gfm)"
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
bad() { echo "markdown: FAIL: $*"; fail=1; }
count() { grep -o "$1" "$2" | wc -l | tr -d ' '; }

# Every "| ... |" line but the "| --- |" ones becomes a <tr>.
rows_are_rows() {
	md=$1 html=$2
	want=$(grep -c '^| ' "$md")
	seps=$(grep -c '^| ---' "$md")
	got=$(count '<tr>' "$html")
	[ "$got" = $((want - seps)) ] ||
		bad "$md: $((want - seps)) table rows written, $got rendered"
}

# The samples' reports.
for input in samples/*.csv samples/*.txt; do
	base=${input##*/}
	SOURCE_DATE_EPOCH=1700000000 "$BR" render -q "$input" \
		-o "$tmp/$base.md" || { bad "$input: render failed"; continue; }
	cmark-gfm -e table "$tmp/$base.md" > "$tmp/$base.html"
	rows_are_rows "$tmp/$base.md" "$tmp/$base.html"
	n=$((n + 1))
done

# Names that start like blocks.  The values are made up (not measured):
# the test is about the names.
{
	echo "test,title,description,unit,direction,system,value"
	for s in "Base:10 11 12" "2) Slow:15 16 17" "+ plus:14 15 16" \
		 "- minus:9 10 11" "1. one:9 10 12" "# hash:20 21 22" \
		 "> quote:12 13 14" "| pipe:12 13 15" '```fence:11 12 13' \
		 "===:13 14 15" "---:13 14 15" "    four spaces:13 14 16"; do
		name=${s%%:*}
		for v in ${s#*:}; do
			echo "t1,Compile,- a description,s,LIB,\"$name\",$v"
		done
	done
} > "$tmp/names.csv"
SOURCE_DATE_EPOCH=1700000000 "$BR" render -q "$tmp/names.csv" \
	-o "$tmp/names.md" || bad "names.csv: render failed"
cmark-gfm -e table "$tmp/names.md" > "$tmp/names.html"
rows_are_rows "$tmp/names.md" "$tmp/names.html"
# 11 verdicts in one list; the title, three sections and one test; the
# one rule is the footer's; the one code span the geometric mean's
# "benchreport compare"; tables: overview, geometric mean, the test's
# and its spread
for check in '<ul>:1' '<li>:11' '<ol:0' '<blockquote>:0' '<pre>:0' \
	     '<code>:1' '<h1>:1' '<h2>:3' '<h3>:1' '<h4>:0' '<hr />:1' \
	     '<table>:4'; do
	tag=${check%:*}
	want=${check##*:}
	got=$(count "$tag" "$tmp/names.html")
	[ "$got" = "$want" ] || bad "names.md: $got $tag, expected $want"
done
for name in '2) Slow' '+ plus' '- minus' '1. one' '# hash' '&gt; quote' \
	    '```fence' '===' '---' 'four spaces'; do
	grep -qF "<li>$name" "$tmp/names.html" ||
		bad "names.md: no verdict starting '$name'"
done
n=$((n + 1))
[ -n "${MARKDOWN_OUT:-}" ] && cp "$tmp"/*.md "$tmp"/*.html "$MARKDOWN_OUT"/
[ "$fail" = 0 ] && echo "markdown: $n reports rendered by cmark-gfm: ok"
exit "$fail"
