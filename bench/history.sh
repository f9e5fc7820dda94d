#!/bin/sh
# history.sh - `make bench` (its last part) and `make bench-history`:
# the cost of `benchreport history` on 250, 500 and 1,000 PTS result
# files of 200 results x 3 runs, one machine one day apart
# (bench/gen-history.c; the smaller sets are the first days of the
# larger, as hard links).  Targets: 1,000 files in at most 5 s and
# 500 MB, linear in files.  Wall time is the best of RUNS (default 3);
# "cpu" is that run's user + system time, which a machine busy with
# other work does not inflate.  Until the history command exists the
# rows say so, and the load-only rows (inspect) show what reading the
# files costs.
set -eu
: "${BR:=./benchreport}" "${RUNS:=3}"
out=bench/out
mkdir -p "$out"
echo "history: PTS result files x 200 results, one machine a day" \
	"(bench/gen-history.c)"
cc -O2 -o "$out/gen-history" bench/gen-history.c
[ -d "$out/hist-1000" ] || "$out/gen-history" "$out/hist-1000" 1000
for n in 250 500; do
	[ -d "$out/hist-$n" ] && continue
	mkdir -p "$out/hist-$n"
	for d in $(ls "$out/hist-1000" | head -n "$n"); do
		mkdir "$out/hist-$n/$d"
		ln "$out/hist-1000/$d/composite.xml" "$out/hist-$n/$d/"
	done
done
# hmeasure LABEL command...: wall (best of RUNS), its cpu time, peak RSS
# (largest), and the wall and cpu ratios to the previous row.
hmeasure() {
	label=$1; shift
	best=; kb=0
	for _ in $(seq "$RUNS"); do
		/usr/bin/time -f "%e %U %S %M" -o "$out/time.txt" "$@" \
			> /dev/null 2> "$out/err.txt"
		read -r s u y k < "$out/time.txt"
		if [ -z "$best" ] || [ "$(echo "$s < $best" | bc)" = 1 ]; then
			best=$s; cpu=$(echo "$u + $y" | bc)
		fi
		[ "$k" -gt "$kb" ] && kb=$k
	done
	ratio=
	[ -n "${hprev:-}" ] && ratio=$(printf 'x%.2f (cpu x%.2f) vs half' \
		"$(echo "$best / ($hprev + 0.001)" | bc -l)" \
		"$(echo "$cpu / ($hprevcpu + 0.001)" | bc -l)")
	printf '  %-34s %6.2f s (cpu %5.2f s) %6.1f MB peak %s\n' "$label" \
		"$best" "$cpu" "$(echo "$kb / 1024" | bc -l)" "$ratio"
	hprev=$best; hprevcpu=$cpu
}
if "$BR" history -q "$out/hist-250" --format json -o /dev/null \
	2> "$out/err.txt"; then
	hprev=
	for n in 250 500 1000; do
		hmeasure "history --format json, $n files" "$BR" history -q \
			"$out/hist-$n" --format json -o /dev/null
	done
	echo "  (target: 1,000 files < 5 s, < 500 MB)"
else
	printf '  %-34s not available: %s\n' "history" \
		"$(head -n 1 "$out/err.txt")"
fi
hprev=
for n in 250 500 1000; do
	hmeasure "load only (inspect), $n files" "$BR" inspect -q \
		"$out/hist-$n"
done
hprev=
hmeasure "xmllint --stream, 1000 (floor)" sh -c \
	"xmllint --noout --stream $out/hist-1000/*/composite.xml"
