#!/bin/sh
# speed.sh - issue 27's table as benchmarks, each row beside its peer or
# floor in one run, with the ratio (part of `make bench`; README.md,
# "Performance").  Ratios, not times, are compared with the ones stored
# in bench/speed-ref.txt: a row more than 10% worse than its reference
# fails (exit 1).  SPEED_UPDATE=1 writes the file anew from this run
# (SPEED_REF names another file).
#
# CPU time (user + system) of whole processes, the median of SPEED_RUNS
# pairs run in turn (bench/pair.c), so a loaded machine slows both sides
# of a pair alike.  The rows:
#   floor   benchreport --version beside a program that only loads the
#           same libraries (bench/floor.c)
#   chart   one bar chart to SVG (seed 004's first test) beside --version
#           (goal: at most 1.5x)
#   pdf     the PDF report of 142 results x 12 systems (gen-composite)
#           and of the largest real PTS file in tests/data (126 results),
#           as how many times faster than PTS's own PDF export of a
#           result file, 10 s at the least (issue 27; goal: 100x); the
#           stored ratio is the one to bench/floor_pdf.c in the same run:
#           cairo and pango alone drawing as many bar charts on as many
#           pages, which moves with the machine as the PDF report does
#           (--version does not: it is loading, not drawing)
#   html    the HTML report of the 10 MB file beside the turn-1 build
#           (REF_COMMIT, built once into bench/out/turn1; goal: at most
#           1x) and its size beside the input's (goal: at most 3x)
#   text    the text report of the same beside the turn-1 build
set -eu
: "${BR:=./benchreport}"
: "${SPEED_RUNS:=15}"
: "${SPEED_RUNS_BIG:=5}"
: "${SPEED_REF:=bench/speed-ref.txt}"
REF=$SPEED_REF
# The build the issue's HTML and text rows are held against: main before
# the reports gained spread, provenance and notes (2026-12-01 18:52).
REF_COMMIT=c49ae21
out=bench/out
mkdir -p "$out"
cc -O2 -o "$out/pair" bench/pair.c
# shellcheck disable=SC2046
cc -O2 -o "$out/floor_pdf" bench/floor_pdf.c \
	$(pkg-config --cflags --libs pangocairo cairo-pdf)
# shellcheck disable=SC2046
cc -O2 -o "$out/floor" bench/floor.c -Wl,--no-as-needed \
	$(pkg-config --libs libxml-2.0 gsl cairo pangocairo pangoft2 \
	  fontconfig json-c) -lm -pthread
[ -f "$out/big-10mb.xml" ] ||
	"$out/gen-composite" 2900 12 5 > "$out/big-10mb.xml"
[ -f "$out/r142.xml" ] || "$out/gen-composite" 142 12 5 > "$out/r142.xml"

# The turn-1 build, from git (once).
t1="$out/turn1/benchreport"
if [ ! -x "$t1" ] && git rev-parse -q --verify "$REF_COMMIT^{commit}" \
	> /dev/null 2>&1; then
	echo "building the turn-1 build ($REF_COMMIT) into $out/turn1 (once)"
	rm -rf "$out/turn1"
	mkdir -p "$out/turn1"
	git archive "$REF_COMMIT" | tar -x -C "$out/turn1"
	(cd "$out/turn1" && make -j2 benchreport > build.log 2>&1) ||
		echo "  (the turn-1 build failed: see $out/turn1/build.log)"
fi

rows=$out/speed-rows.txt
: > "$rows"
# row NAME RATIO DIRECTION(lower|higher): keep the figure for the check
row() { echo "$1 $2 $3" >> "$rows"; }
# paired RUNS A... -- B...: "medianA medianB ratio"
paired() { "$out/pair" "$@"; }

S=samples/seed-004-freebsd-zfs-zol.csv
R=tests/data/pts-real/manuel-nogvno2-failed-10.8.4.xml
X=$out/big-10mb.xml
echo "issue 27: each row beside its peer or floor (CPU time, median of" \
	"pairs run in turn; ratio = median of the pairs' ratios)"

set -- $(paired "$SPEED_RUNS" "$BR" --version -- "$out/floor")
printf '  %-46s %7.1f ms  floor %6.1f ms  %5.2fx\n' \
	"--version / loading the libraries alone" \
	"$(echo "$1 * 1000" | bc -l)" "$(echo "$2 * 1000" | bc -l)" "$3"
row floor "$3" lower

set -- $(paired "$SPEED_RUNS" "$BR" render -q "$S" --tests 'Client*Count:*1' \
	-o "$out/one-bar.svg" -- "$BR" --version)
printf '  %-46s %7.1f ms  --version %4.1f ms  %5.2fx (goal <= 1.5x)\n' \
	"one bar chart to SVG (seed 004, first test)" \
	"$(echo "$1 * 1000" | bc -l)" "$(echo "$2 * 1000" | bc -l)" "$3"
row chart "$3" lower

# file, its charts and systems (the floor's drawing)
for spec in "$out/r142.xml 142 12" "$R 126 1"; do
	set -- $spec
	f=$1 charts=$2 systems=$3
	"$BR" render -q "$f" -o "$out/speed.pdf"
	pages=$(grep -ao '/Type /Page[^s]' "$out/speed.pdf" | wc -l)
	set -- $(paired "$SPEED_RUNS" "$BR" render -q "$f" -o "$out/speed.pdf" \
		-- "$out/floor_pdf" "$charts" "$systems" "$pages")
	x=$(echo "10 / $1" | bc -l)
	fx=$(echo "10 / $2" | bc -l)
	printf '  %-46s %7.1f ms  PTS >= 10 s  %5.0fx faster (goal >= 100x)\n' \
		"PDF report, $(basename "$f")" "$(echo "$1 * 1000" | bc -l)" "$x"
	printf '  %-46s %7.1f ms  %5.2fx    (cairo alone: %.0fx faster)\n' \
		"  cairo and pango alone, $charts charts x $systems, $pages pages" \
		"$(echo "$2 * 1000" | bc -l)" "$3" "$fx"
	# held against the floor in the same run, which moves with the
	# machine as the report does
	row "pdf-$(basename "$f" .xml)" "$3" lower
done

if [ -x "$t1" ]; then
	for fmt in html txt; do
		set -- $(paired "$SPEED_RUNS_BIG" "$BR" render -q "$X" \
			-o "$out/speed.$fmt" -- "$t1" render -q "$X" \
			-o "$out/speed-turn1.$fmt")
		in=$(wc -c < "$X")
		size=$(wc -c < "$out/speed.$fmt")
		old=$(wc -c < "$out/speed-turn1.$fmt")
		printf '  %-46s %7.2f s   turn-1 %5.2f s   %5.2fx (goal <= 1x)\n' \
			"$fmt report of big-10mb.xml" "$1" "$2" "$3"
		printf '  %-46s %7.1f MB  turn-1 %5.1f MB  %5.2fx the input\n' \
			"  its size" "$(echo "$size / 1000000" | bc -l)" \
			"$(echo "$old / 1000000" | bc -l)" \
			"$(echo "$size / $in" | bc -l)"
		row "$fmt" "$3" lower
		row "$fmt-size" "$(echo "$size / $in" | bc -l)" lower
	done
else
	echo "  (no turn-1 build: the HTML and text rows need git and $REF_COMMIT)"
fi

if [ "${SPEED_UPDATE:-}" = 1 ]; then
	{
		echo "# bench/speed.sh's reference ratios (SPEED_UPDATE=1 make bench);"
		echo "# a row more than 10% worse fails make bench.  row ratio direction"
		cat "$rows"
	} > "$REF"
	echo "  reference ratios written to $REF"
	exit 0
fi
[ -f "$REF" ] || { echo "  (no $REF: nothing to compare)"; exit 0; }
fail=0
while read -r name ratio dir; do
	ref=$(awk -v n="$name" '$1 == n { print $2 }' "$REF")
	[ -n "$ref" ] || continue
	if [ "$dir" = lower ]; then
		bad=$(echo "$ratio > $ref * 1.10" | bc -l)
	else
		bad=$(echo "$ratio < $ref / 1.10" | bc -l)
	fi
	if [ "$bad" = 1 ]; then
		printf '  REGRESSION %-12s %.3f against %.3f (%s is better)\n' \
			"$name" "$ratio" "$ref" "$dir"
		fail=1
	fi
done < "$rows"
[ "$fail" = 0 ] && echo "  every row within 10% of $REF"
exit "$fail"
