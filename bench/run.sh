#!/bin/sh
# run.sh - `make bench`: figures, not pass/fail.  Prints wall time and
# peak memory of benchreport beside xmllint on the same input.
set -eu
: "${BR:=./benchreport}"
out=bench/out
mkdir -p "$out"
cc -O2 -o "$out/gen-composite" bench/gen-composite.c
[ -f "$out/big-10mb.xml" ] ||
	"$out/gen-composite" 2900 12 5 > "$out/big-10mb.xml"

measure() { # label command...
	label=$1; shift
	/usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" > /dev/null
	read -r secs kb < "$out/time.txt"
	printf '  %-44s %6.2f s  %7.1f MB peak\n' "$label" "$secs" \
		"$(echo "$kb / 1024" | bc -l)"
}

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
