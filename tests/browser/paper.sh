# paper.sh - sourced by run.sh (its browse, bad, $BR, $tmp, $out): the
# reports that fail on paper most easily (seed 004, twelve systems with
# 11-digit values, the long PTS identifiers of armv7-names.csv) printed on
# A4 and Letter.  Every value of every table's number cells is a whole
# word of pdftotext's text (no "0.000 / 335"), no two words overlap on a
# page (pdftotext -bbox: a long name printed over the numbers), and the
# geometric mean's bars are painted in each system's colour (printed
# alone, without background graphics).  tests/browser/paper.py reads the
# PDFs' text.
paper_check() {
	name=$1 input=$2
	html="$out/paper-$name.html"
	SOURCE_DATE_EPOCH=1700000000 "$BR" render -q "$input" -o "$html" ||
		{ bad "$name: render failed"; return; }
	for size in A4 Letter; do
		pdf="$out/paper-$name-$size.pdf"
		sed "s|</style>|@page { size: $size; }</style>|" "$html" \
			>"$tmp/paper-$size.html"
		browse --no-pdf-header-footer --print-to-pdf="$pdf" \
			"file://$tmp/paper-$size.html" >/dev/null 2>&1
		[ -s "$pdf" ] || { bad "$name: no PDF printed on $size"; continue; }
		pdftotext "$pdf" "$tmp/paper.txt"
		python3 tests/browser/paper.py values "$html" "$tmp/paper.txt" \
			>"$tmp/paper-check.txt" ||
			bad "$name, $size: $(head -3 "$tmp/paper-check.txt" | tr '\n' ';')"
		pdftotext -bbox "$pdf" "$tmp/paper-bbox.html"
		python3 tests/browser/paper.py overlap "$tmp/paper-bbox.html" \
			>"$tmp/paper-check.txt" ||
			bad "$name, $size: $(head -3 "$tmp/paper-check.txt" | tr '\n' ';')"
	done
	# the bars alone on paper: each system's colour is on the page
	sed 's|</head>|<style>@media print { body > header, main > :not(.gm) { display: none !important; } }</style></head>|' \
		"$html" >"$tmp/paper-gm.html"
	browse --no-pdf-header-footer --print-to-pdf="$tmp/paper-gm.pdf" \
		"file://$tmp/paper-gm.html" >/dev/null 2>&1
	rm -f "$tmp"/paper-gm-*.png
	pdftoppm -r 72 -png "$tmp/paper-gm.pdf" "$tmp/paper-gm"
	fills=$(python3 tests/browser/paper.py colours "$html")
	[ -n "$fills" ] || bad "$name: no geometric-mean bars drawn"
	for c in $fills; do
		n=0
		for png in "$tmp"/paper-gm-*.png; do
			n=$((n + $("$tmp/pngtool" bands "$png" "$c")))
		done
		[ "$n" -ge 1 ] || bad "$name: the geometric mean's $c bar is not printed"
	done
}

if command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1; then
	paper_check seed-004 samples/seed-004-freebsd-zfs-zol.csv
	paper_check twelve tests/data/render/twelve-systems.csv
	paper_check armv7 tests/data/render/armv7-names.csv
fi
