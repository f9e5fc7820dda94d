#!/bin/sh
# run.sh - the HTML report in a real browser (headless Chromium): it loads
# from a file:// URL with no console message and no network request,
# every chart is drawn, and the overview table has one row per test.
#   BR=path/to/benchreport sh tests/browser/run.sh
# BROWSER_OUT=DIR keeps the report, the screenshots (desktop and phone
# width, dark mode) and the printed PDFs (A4, Letter) for looking at.  Without Chromium the test is skipped, except
# in CI (CI=true), where that is a failure.
set -u
: "${BR:?set BR to the benchreport binary}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1

chromium=""
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" >/dev/null 2>&1; then chromium=$c; break; fi
done
if [ -z "$chromium" ]; then
	if [ "${CI:-}" = true ]; then
		echo "browser: FAIL: chromium is not installed (CI)"
		exit 1
	fi
	echo "browser: skipped (no chromium; apt-get install -y chromium)"
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${BROWSER_OUT:-$tmp}
mkdir -p "$out"
fail=0
bad() { echo "browser: FAIL: $*"; fail=1; }

# A tiny PNG reader (cairo) for the screenshots.
cc -O2 -o "$tmp/pngtool" tests/browser/pngtool.c \
	$(pkg-config --cflags --libs cairo) || { bad "cannot build pngtool"; exit 1; }

input=samples/seed-004-freebsd-zfs-zol.csv
report="$out/report.html"
SOURCE_DATE_EPOCH=1700000000 "$BR" render -q "$input" -o "$report" ||
	{ bad "render failed"; exit 1; }
n_tests=$("$BR" inspect "$input" | sed -n 's/^tests: //p')

# Each run gets a fresh profile; nothing in the background may fetch.
browse() {
	"$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--disable-default-apps --disable-extensions --hide-scrollbars \
		--user-data-dir="$(mktemp -d "$tmp/profile.XXXXXX")" \
		--enable-logging=stderr --v=0 "$@"
}

url="file://$report"
browse --log-net-log="$tmp/net.json" --dump-dom "$url" \
	>"$tmp/dom.html" 2>"$tmp/console.txt"
[ -s "$tmp/dom.html" ] || bad "no DOM from chromium"

# Console: the page logs nothing, so any console line is an error
# (script errors, CSP violations, failed loads).
if grep -E ':CONSOLE|Uncaught|Refused to|Failed to load' \
	"$tmp/console.txt" >"$tmp/errors.txt"; then
	bad "console messages:"
	head -5 "$tmp/errors.txt"
fi

# Network: no request made for the page.  Chromium's own background
# requests (update checks, ...) have no initiator origin ("not an
# origin"); anything the page asked for has one ("null" for file://).
if [ -s "$tmp/net.json" ]; then
	grep '"initiator":"' "$tmp/net.json" |
		grep -v '"initiator":"not an origin"' >"$tmp/urls.txt"
	if [ -s "$tmp/urls.txt" ]; then
		bad "network requests from the page:"
		grep -o '"url":"[^"]*"' "$tmp/urls.txt" | sort -u | head -5
	fi
else
	bad "chromium wrote no net log"
fi

# The DOM after scripts ran: one overview row per test, one chart each.
rows=$(sed -n '/<table class="overview/,/<\/table>/p' "$tmp/dom.html" |
	sed -n '/<tbody>/,/<\/tbody>/p' | grep -c '<tr>')
[ "$rows" = "$n_tests" ] ||
	bad "overview table has $rows rows, expected $n_tests (one per test)"
# Seed 004 has one scaling chart (Dbench at Client Count 1 and 6), in
# its section before the tests.
scaling=$(sed -n '/<h2 id="scaling">/,/<h2 id="tests">/p' "$tmp/dom.html" |
	grep -c '<svg ')
[ "$scaling" = 1 ] || bad "$scaling scaling charts, expected 1 (Dbench)"
# (the geometric mean's bars are svgs too: class "bar")
charts=$(grep -o '<svg [^>]*>' "$tmp/dom.html" | grep -vc 'class="bar"')
[ "$charts" = $((n_tests + scaling)) ] ||
	bad "$charts charts in the DOM, expected $((n_tests + scaling))"

# Pixels: the page is drawn, and each chart's bars are on screen (one
# band of bar colours per chart, the scaling chart's lines one too, plus
# the geometric mean's bars).
browse --window-size=1280,16000 --screenshot="$out/desktop-full.png" \
	"$url" >/dev/null 2>&1
browse --window-size=1280,2000 --screenshot="$out/desktop.png" \
	"$url" >/dev/null 2>&1
browse --window-size=390,2000 --screenshot="$out/phone.png" \
	"$url" >/dev/null 2>&1
for png in desktop-full desktop phone; do
	if [ ! -s "$out/$png.png" ]; then
		bad "no screenshot $png.png"
	elif "$tmp/pngtool" blank "$out/$png.png"; then
		bad "$png.png is blank"
	fi
done
if [ -s "$out/desktop-full.png" ]; then
	# the colours of seed 004's six systems (render/chart/colours.c)
	bands=$("$tmp/pngtool" bands "$out/desktop-full.png" 0072b2 e69f00 \
		009e73 d55e00 56b4e9 cc79a7)
	[ "$bands" = $((n_tests + scaling + 1)) ] ||
		bad "$bands bands of bars on screen, expected $((n_tests + scaling + 1)) ($n_tests charts, $scaling scaling, and the geometric mean)"
fi

# Sorting is the script's: the page as written has no sort marks and
# a hidden hint; after the script, the overview's headings are buttons
# and the hint shows, while the per-test tables (six rows, too few to
# need sorting) have no buttons.
grep -q 'class="sortable\|<button' "$report" &&
	bad "sort marks in the page before the script ran"
grep -q 'class="sort-hint" id="overview-hint" hidden>' "$report" ||
	bad "the sorting hint is not hidden without the script"
buttons=$(sed -n '/<table class="overview/,/<\/thead>/p' "$tmp/dom.html" |
	grep -o '<button' | wc -l)
n_systems=$("$BR" inspect "$input" | sed -n 's/^systems: //p')
[ "$buttons" = $((n_systems + 1)) ] ||
	bad "$buttons sort buttons in the overview, expected $((n_systems + 1))"
grep -q 'class="sort-hint" id="overview-hint">' "$tmp/dom.html" ||
	bad "the sorting hint stays hidden after the script ran"
[ "$(grep -o '<button' "$tmp/dom.html" | wc -l)" = "$buttons" ] ||
	bad "sort buttons outside the overview (tables of six rows)"

# Clicks (a script added to a copy of the page): the Test heading sorts
# A to Z, a system's heading puts its best results first (its sort keys,
# data-v, from the largest down; no value last).
sed 's|</body>|<script>var t = document.querySelector("table.overview"), b = t.querySelectorAll("thead button"); function col(i) { return Array.prototype.map.call(t.tBodies[0].rows, function (r) { return r.children[i].getAttribute("data-v"); }).join(";"); } b[0].click(); var a = col(0); b[b.length - 1].click(); document.body.setAttribute("data-sorted", a + "//" + col(b.length - 1) + "//" + b[b.length - 1].parentNode.getAttribute("aria-sort"));</script></body>|' \
	"$report" >"$tmp/sort.html"
browse --dump-dom "file://$tmp/sort.html" 2>/dev/null |
	sed -n 's/.*data-sorted="\([^"]*\)".*/\1/p' >"$tmp/sorted.txt"
az=$(sed 's|//.*||' "$tmp/sorted.txt" | tr ';' '\n')
want_az=$(printf '%s\n' "$az" | tr 'A-Z' 'a-z' | LC_ALL=C sort)
[ -n "$az" ] && [ "$(printf '%s\n' "$az" | tr 'A-Z' 'a-z')" = "$want_az" ] ||
	bad "the Test heading does not sort A to Z: $(printf '%s' "$az" | tr '\n' ';')"
best=$(sed 's|^[^/]*//||; s|//.*||' "$tmp/sorted.txt" | tr ';' '\n')
want_best=$( (printf '%s\n' "$best" | grep . | sort -gr;
	printf '%s\n' "$best" | grep -c '^$' | awk '{ for (i = 0; i < $1; i++) print "" }'))
[ -n "$best" ] && [ "$best" = "$want_best" ] ||
	bad "a system's first click does not put its best results first: $(printf '%s' "$best" | tr '\n' ';')"
grep -q '//descending$' "$tmp/sorted.txt" ||
	bad "the sorted heading's aria-sort is not descending"

# Phones: a chart never shrinks its smallest text under 10 px; narrower
# pages scroll it sideways (its min-width).
# (An inline chart names its text styles as classes of the page's style
# sheet, chart_css: ".qc text{font-size:11px;...}", ".qc .b{...}".)
tr '>' '\n' <"$report" | awk '
	match($0, /^\.qc (text|\.[A-Za-z0-9]+)[{]font-size:[0-9.]+px/) {
		rule = substr($0, RSTART, RLENGTH)
		sel = rule
		sub(/^\.qc /, "", sel)
		sub(/[{].*/, "", sel)
		sub(/^.*font-size:/, "", rule)
		size[sel] = rule + 0
	}
	/^<text / {
		c = "text"
		if (match($0, / class="[A-Za-z0-9]+"/))
			c = "." substr($0, RSTART + 8, RLENGTH - 9)
		if (c in size && (!least || size[c] < least))
			least = size[c]
	}
	/^<svg / {
		if (w) check()
		match($0, / width="[0-9.]+"/)
		w = substr($0, RSTART + 8, RLENGTH - 9) + 0
		mw = 0
		if (match($0, /min-width:[0-9.]+px/))
			mw = substr($0, RSTART + 10, RLENGTH - 12) + 0
		least = 0; n++
	}
	/font-size="/ {
		match($0, /font-size="[0-9.]+"/)
		f = substr($0, RSTART + 11, RLENGTH - 12) + 0
		if (!least || f < least) least = f
	}
	function check() {
		shown = (mw > w ? mw : w)
		if (least * shown / w < 9.999) {
			printf "chart %d: %g px text at its least width\n", n, least * shown / w
			bad = 1
		}
	}
	END { if (w) check(); exit bad }' >"$tmp/small.txt" ||
	bad "chart text under 10 px on a narrow page: $(head -1 "$tmp/small.txt")"

# Dark mode: the page turns dark, the charts keep their light page.
browse --blink-settings=preferredColorScheme=0 --force-dark-mode \
	--window-size=1280,2000 --screenshot="$out/dark.png" "$url" >/dev/null 2>&1
if [ -s "$out/dark.png" ]; then
	[ "$("$tmp/pngtool" at "$out/dark.png" 4 1990)" = 16181b ] ||
		bad "dark.png: the page is not dark ($("$tmp/pngtool" at "$out/dark.png" 4 1990))"
else
	bad "no screenshot dark.png"
fi

# Paper: printed on A4 and on Letter (Chromium's own print, without
# background graphics), the overview keeps every column: each value of
# each system is in the PDF's text, and no sort arrow is printed.
if command -v pdftotext >/dev/null 2>&1; then
	sed -n '/<table class="overview/,/<\/table>/p' "$tmp/dom.html" |
		grep '^<tr><th scope="row"' | sed 's/<td /\n<td /g' |
		sed -n 's/^<td [^>]*>\([^<]*\)<.*/\1/p' | grep -v '^$' \
		>"$tmp/values.txt"
	for size in A4 Letter; do
		sed "s|</style>|@page { size: $size; }</style>|" "$report" \
			>"$tmp/print-$size.html"
		browse --no-pdf-header-footer \
			--print-to-pdf="$out/print-$size.pdf" \
			"file://$tmp/print-$size.html" >/dev/null 2>&1
		if [ ! -s "$out/print-$size.pdf" ]; then
			bad "no PDF printed on $size"
			continue
		fi
		pdftotext -layout "$out/print-$size.pdf" - |
			sed -n '/^Results overview/,/^Geometric mean/p' \
			>"$tmp/print-$size.txt"
		tr -s ' ' '\n' <"$tmp/print-$size.txt" >"$tmp/words-$size.txt"
		missing=0
		while read -r v; do
			grep -qxF "$v" "$tmp/words-$size.txt" ||
				missing=$((missing + 1))
		done <"$tmp/values.txt"
		[ -s "$tmp/values.txt" ] && [ $missing = 0 ] ||
			bad "$size: $missing of $(wc -l <"$tmp/values.txt") overview values not printed"
		n_worst=$(grep -o WORST "$tmp/print-$size.txt" | wc -l)
		[ "$n_worst" -ge 1 ] || bad "$size: no worst mark printed"
		grep -q "$(printf '\342\206\225')" "$tmp/print-$size.txt" &&
			bad "$size: sort arrows printed"
	done
elif [ "${CI:-}" = true ]; then
	bad "pdftotext is not installed (CI; apt-get install -y poppler-utils)"
else
	echo "browser: print check skipped (no pdftotext; apt-get install -y poppler-utils)"
fi

# Paper: three reports printed whole (tests/browser/paper.sh).
. tests/browser/paper.sh
# Widths: 390 px (whole or a scroll cue) and 1280 px (whole); phone.sh.
. tests/browser/phone.sh

if [ $fail = 0 ]; then
	echo "browser: ok ($n_tests tests: overview rows, charts drawn, no console message, no network request; sorting by script (A to Z, best first), chart text >= 10 px, dark mode, every overview value printed on A4 and Letter; seed 004, twelve systems and long names printed: every table value whole, no words overlapping, the geometric mean's bars painted; at 390 px every chart and table whole or with a scroll cue, at 1280 px all whole)"
fi
exit $fail
