#!/bin/sh
# run.sh - `make bench`: figures, and one verdict: issue 27's rows
# (bench/speed.sh) fail the run when one is more than 10% worse than
# bench/speed-ref.txt.  Prints wall time (best of RUNS=3) and peak
# memory of benchreport beside xmllint on the same input.
set -eu
: "${BR:=./benchreport}"
out=bench/out
mkdir -p "$out"
cc -O2 -o "$out/gen-composite" bench/gen-composite.c
[ -f "$out/big-10mb.xml" ] ||
	"$out/gen-composite" 2900 12 5 > "$out/big-10mb.xml"

# measure LABEL command...: the best wall time of $RUNS runs (default 3:
# the machine's noise only ever adds time) and the largest peak RSS.
: "${RUNS:=3}"
measure() {
	label=$1; shift
	secs=; kb=0
	for _ in $(seq "$RUNS"); do
		/usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" > /dev/null
		read -r s k < "$out/time.txt"
		if [ -z "$secs" ] || [ "$(echo "$s < $secs" | bc)" = 1 ]; then
			secs=$s
		fi
		[ "$k" -gt "$kb" ] && kb=$k
	done
	printf '  %-44s %6.2f s  %7.1f MB peak\n' "$label" "$secs" \
		"$(echo "$kb / 1024" | bc -l)"
}

# Issue 27's rows first, each beside its peer or floor, held against
# bench/speed-ref.txt: a row more than 10% worse fails make bench (after
# the other figures are printed).
speed_rc=0
BR=$BR sh bench/speed.sh || speed_rc=$?

size=$(du -m "$out/big-10mb.xml" | cut -f1)
echo "benchreport benchmarks ($(nproc) cores; input $out/big-10mb.xml," \
	"${size} MB, 2900 results x 12 systems x 5 runs)"
measure "xmllint --noout (floor)" xmllint --noout "$out/big-10mb.xml"
measure "xmllint --noout --stream" xmllint --noout --stream \
	"$out/big-10mb.xml"
measure "benchreport inspect" "$BR" inspect -q "$out/big-10mb.xml"
measure "benchreport stats --format csv (target < 0.5 s)" \
	"$BR" stats -q --format csv "$out/big-10mb.xml"
measure "benchreport compare --format csv" \
	"$BR" compare -q --format csv "$out/big-10mb.xml"
measure "benchreport convert -o x.json" \
	"$BR" convert -q "$out/big-10mb.xml" -o "$out/big.json"

# Charts: PDF reports (title page, overview pages, a chart per test) and
# the cost of one SVG chart.  Inputs: 142 and 500 results x 12 systems x
# 5 runs from gen-composite.
[ -f "$out/r142.xml" ] || "$out/gen-composite" 142 12 5 > "$out/r142.xml"
[ -f "$out/r500.xml" ] || "$out/gen-composite" 500 12 5 > "$out/r500.xml"
echo "charts (render; 142 and 500 results x 12 systems x 5 runs)"
measure "render seed 004 report (target < 0.3 s)" \
	"$BR" render -q samples/seed-004-freebsd-zfs-zol.csv \
	-o "$out/seed-004.pdf"
measure "render 142-result report (target < 0.3 s)" \
	"$BR" render -q "$out/r142.xml" -o "$out/r142.pdf"
measure "render 500-test report (target < 3 s)" \
	"$BR" render -q "$out/r500.xml" -o "$out/r500.pdf"
measure "render 142 results -o DIR/ (svg)" \
	"$BR" render -q "$out/r142.xml" -o "$out/r142-svg/" --format svg
n=$(find "$out/r142-svg" -name '*.svg' | wc -l)
printf '  %-44s %6.2f ms\n' "  per SVG chart ($n charts, one process)" \
	"$(echo "$secs * 1000 / $n" | bc -l)"
rm -rf "$out/seeds-svg"
mkdir -p "$out/seeds-svg"
t0=$(date +%s%N)
for s in samples/seed-*; do
	"$BR" render -q "$s" -o "$out/seeds-svg/${s##*/}/" --format svg
done
t1=$(date +%s%N)
n=$(find "$out/seeds-svg" -name '*.svg' | wc -l)
printf '  %-44s %6.2f ms\n' "per SVG chart, each seed -o DIR/ ($n charts)" \
	"$(echo "($t1 - $t0) / 1000000 / $n" | bc -l)"

# ---- Scale, reports and charts (batch builds) ---------------------------
# Figures for README.md's "Performance" section.  Inputs: the 10 MB file
# above, a 100 MB one, 10,000 raw dbench logs; reports of the 10 MB file
# (targets on 2 cores: PDF < 5 s, HTML < 2 s, text < 0.5 s, < 200 MB
# peak); ingest beside xmllint --stream; eight SVG bar charts beside
# matplotlib (target: 20x faster).

# maybe LABEL OUT command...: measure, or say a format is not there yet.
maybe() {
	label=$1; o=$2; shift 2
	if "$@" -o "$o" 2> "$out/err.txt" > /dev/null; then
		measure "$label" "$@" -o "$o"
	elif grep -q "not available yet" "$out/err.txt"; then
		printf '  %-44s not available yet\n' "$label"
	else
		printf '  %-44s failed: %s\n' "$label" "$(head -n 1 "$out/err.txt")"
	fi
}
ms_now() { echo $(($(date +%s%N) / 1000000)); }

[ -f "$out/big-100mb.xml" ] ||
	"$out/gen-composite" 29000 12 5 > "$out/big-100mb.xml"
echo "ingest: benchreport inspect vs xmllint --noout --stream (same file)"
for f in big-10mb big-100mb; do
	bytes=$(wc -c < "$out/$f.xml")
	measure "xmllint --noout --stream $f.xml" \
		xmllint --noout --stream "$out/$f.xml"
	x=$secs
	measure "benchreport inspect $f.xml" "$BR" inspect -q "$out/$f.xml"
	printf '  %-44s %6.0f MB/s vs %.0f MB/s: %.2fx xmllint time\n' \
		"  throughput" "$(echo "$bytes / 1000000 / ($secs + 0.001)" | bc -l)" \
		"$(echo "$bytes / 1000000 / ($x + 0.001)" | bc -l)" \
		"$(echo "($secs + 0.001) / ($x + 0.001)" | bc -l)"
done
measure "benchreport stats big-100mb.xml" \
	"$BR" stats -q --format csv "$out/big-100mb.xml"

echo "reports of big-10mb.xml (2900 results x 12 systems)"
maybe "PDF report (target < 5 s, < 200 MB)" "$out/big.pdf" \
	"$BR" render -q "$out/big-10mb.xml"
maybe "HTML report (target < 2 s)" "$out/big.html" \
	"$BR" render -q "$out/big-10mb.xml"
maybe "text report (target < 0.5 s)" "$out/big.txt" \
	"$BR" render -q "$out/big-10mb.xml"

echo "charts: one process, -o DIR/ (142 results x 12 systems)"
for fmt in svg png; do
	rm -rf "$out/r142-$fmt"
	measure "render -o DIR/ --format $fmt" \
		"$BR" render -q "$out/r142.xml" -o "$out/r142-$fmt/" --format $fmt
	n=$(find "$out/r142-$fmt" -name "*.$fmt" | wc -l)
	printf '  %-44s %6.2f ms\n' "  per $fmt chart ($n charts)" \
		"$(echo "$secs * 1000 / $n" | bc -l)"
done

echo "eight bar charts as SVG: benchreport vs matplotlib, side by side"
"$out/gen-composite" 8 12 5 > "$out/r8.xml"
"$BR" stats -q --format csv "$out/r8.xml" > "$out/r8.csv"
rm -rf "$out/r8-br" "$out/r8-mpl"
t0=$(ms_now)
"$BR" render -q "$out/r8.xml" -o "$out/r8-br/" --format svg
t1=$(ms_now)
if /usr/bin/python3 -c 'import matplotlib' 2> /dev/null; then
	/usr/bin/python3 bench/matplotlib_8charts.py "$out/r8.csv" "$out/r8-mpl"
	t2=$(ms_now)
	printf '  %-44s %6d ms (%d files: 8 charts + overview)\n' \
		"benchreport render -o DIR/" $((t1 - t0)) \
		"$(ls "$out/r8-br" | wc -l)"
	printf '  %-44s %6d ms\n' "matplotlib, one python3 process" \
		$((t2 - t1))
	printf '  %-44s %6.1fx (target >= 20x)\n' "benchreport faster by" \
		"$(echo "($t2 - $t1) / ($t1 - $t0 + 0.5)" | bc -l)"
else
	echo "  (python3-matplotlib not installed: apt-get install" \
		"python3-matplotlib)"
fi

echo "10,000 raw dbench 4 logs (10 systems; bench/gen-dbench.c)"
cc -O2 -o "$out/gen-dbench" bench/gen-dbench.c
[ -d "$out/dbench-10k" ] || "$out/gen-dbench" "$out/dbench-10k" 10000 10
measure "benchreport stats DIR (10,000 files)" \
	"$BR" stats -q "$out/dbench-10k"
measure "benchreport compare DIR --depfile" \
	"$BR" compare -q "$out/dbench-10k" -o "$out/dbench-10k.txt" \
	--depfile "$out/dbench-10k.d"

# Many small files (issue 13): each file is one more system in the same
# 4 tests, so a reader that scans a test's entries per file is
# quadratic.  4x the files should cost about 4x the time.
echo "many small files: benchreport inspect DIR (bench/gen-tiny.c)"
cc -O2 -o "$out/gen-tiny" bench/gen-tiny.c
for fmt in tidy-csv pts-xml numbers; do
	prev=
	for n in 12500 25000 50000 100000; do
		d="$out/tiny-$fmt-$n"
		[ -d "$d" ] || "$out/gen-tiny" "$fmt" "$d" "$n"
		best=
		for _ in $(seq "$RUNS"); do
			/usr/bin/time -f "%e %U %M" -o "$out/time.txt" \
				"$BR" inspect -q "$d" > /dev/null
			read -r s u k < "$out/time.txt"
			if [ -z "$best" ] || [ "$(echo "$s < $best" | bc)" = 1 ]
			then best=$s; user=$u; kb=$k; fi
		done
		if [ -n "$prev" ]; then
			ratio=$(printf 'x%.1f vs half' \
				"$(echo "$best / ($prev + 0.001)" | bc -l)")
		else ratio=; fi
		printf '  %-28s %7d files %6.2f s (user %5.2f s) %6.1f MB peak %s\n' \
			"$fmt" "$n" "$best" "$user" \
			"$(echo "$kb / 1024" | bc -l)" "$ratio"
		prev=$best
	done
	rm -rf "$out"/tiny-"$fmt"-*
done

# The change-point detector (issue 23): 1,000 series of 365 points, five
# runs a point, with the permutation test, through analysis/parallel.h
# as the history command runs it (bench/cp-bench.c; target: 10 s on 2
# cores).  Its own line is the detection alone, without generating.
echo "change points: detector on 1,000 series x 365 points (bench/cp-bench.c)"
cc -O2 -I. -o "$out/cp-bench" bench/cp-bench.c build/libbenchreport.a \
	$(pkg-config --libs gsl) -lm -pthread
measure "detector: 1,000 series x 365 points (< 10 s)" \
	"$out/cp-bench" 1000 365
printf '  %-44s %s\n' "  detection alone" "$("$out/cp-bench" 1000 365)"

# ---- Per-chart speed (issue 21: "make bench per-chart time stays within
# 10% of today's") ---------------------------------------------------------
# One chart to SVG (seed 004's PostMark: one process, one bar chart) and
# the PDF report of a seed (seed 000, nine A4 pages):
# whole processes, best of RUNS, so a layout that got slower shows here.
echo "per chart: one bar chart to SVG, a seed's PDF report"
measure "render one bar chart -o x.svg (seed 004)" \
	"$BR" render -q samples/seed-004-freebsd-zfs-zol.csv \
	--tests PostMark -o "$out/one-chart.svg"
measure "render one bar chart --width 300 -o x.svg" \
	"$BR" render -q samples/seed-004-freebsd-zfs-zol.csv \
	--tests PostMark --width 300 -o "$out/one-chart-300.svg"
measure "render seed 000 report -o x.pdf" \
	"$BR" render -q samples/seed-000-dragonfly-hammer.csv \
	-o "$out/seed-000.pdf"

# ---- History: many result files of one machine (issue 23) -----------
RUNS=$RUNS BR=$BR sh bench/history.sh

# ---- Issue 27's verdict (bench/speed.sh, above) -----------------------
if [ "$speed_rc" != 0 ]; then
	echo "make bench: a speed row regressed by more than 10% (see above)"
	exit 1
fi
