#!/bin/sh
# run.sh - the HTML report in a real browser (headless Chromium): it loads
# from a file:// URL with no console message and no network request,
# every chart is drawn, and the overview table has one row per test.
#   BR=path/to/benchreport sh tests/browser/run.sh
# BROWSER_OUT=DIR keeps the report and the screenshots (desktop and phone
# width) for looking at.  Without Chromium the test is skipped, except
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
charts=$(grep -c '<svg ' "$tmp/dom.html")
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
	# the colours of seed 004's six systems (render/colours.c)
	bands=$("$tmp/pngtool" bands "$out/desktop-full.png" 0072b2 e69f00 \
		009e73 d55e00 56b4e9 cc79a7)
	[ "$bands" = $((n_tests + scaling + 1)) ] ||
		bad "$bands bands of bars on screen, expected $((n_tests + scaling + 1)) ($n_tests charts, $scaling scaling, and the geometric mean)"
fi

if [ $fail = 0 ]; then
	echo "browser: ok ($n_tests tests: overview rows, charts drawn, no console message, no network request)"
fi
exit $fail
