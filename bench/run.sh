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
