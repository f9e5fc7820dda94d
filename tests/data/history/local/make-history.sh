#!/bin/sh
# make-history.sh - regenerates this directory's history (NOTES.md says
# how it was made and what it must show).  bench.c is built once per
# "commit" k = 0..23 (cc -O2 -DCOMMIT=k); each build runs WARMUP times
# unrecorded, then RUNS times, one execution per run, and its lines
# (CPU seconds, wall seconds) become the run rows of runs/cKK.csv, a
# tidy CSV (doc/tidy-csv.md) with two tests, "CPU time" and "Wall
# time".  labels.txt lists the labels in history order and
# generated.txt the machine and its load.  About a minute on 2 busy
# cores; needs cc.   sh tests/data/history/local/make-history.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
: "${COMMITS:=24}" "${RUNS:=10}" "${WARMUP:=2}"
rm -rf "$here/runs"
mkdir -p "$here/runs"
: > "$here/labels.txt"
start=$(date -u '+%Y-%m-%d %H:%M:%S')
k=0
while [ "$k" -lt "$COMMITS" ]; do
	label=$(printf 'c%02d' "$k")
	bin="$tmp/bench-$label"
	cc -O2 -DCOMMIT="$k" -o "$bin" "$here/bench.c"
	i=0
	while [ "$i" -lt "$WARMUP" ]; do "$bin" > /dev/null; i=$((i + 1)); done
	i=0
	while [ "$i" -lt "$RUNS" ]; do "$bin" >> "$tmp/$label.out"
		i=$((i + 1)); done
	{
		echo "# benchreport tidy CSV (doc/tidy-csv.md)"
		echo "# title: local history, commit $label"
		echo "# system: $label | notes | bench.c built with" \
			"cc -O2 -DCOMMIT=$k"
		echo "test,description,unit,direction,system,value"
		while read -r cpu wall sum; do
			echo "local/bench,CPU time,Seconds,LIB,$label,$cpu"
		done < "$tmp/$label.out"
		while read -r cpu wall sum; do
			echo "local/bench,Wall time,Seconds,LIB,$label,$wall"
		done < "$tmp/$label.out"
	} > "$here/runs/$label.csv"
	echo "$label" >> "$here/labels.txt"
	k=$((k + 1))
done
{
	echo "started: $start UTC"
	echo "finished: $(date -u '+%Y-%m-%d %H:%M:%S') UTC"
	echo "machine: $(uname -srm), $(nproc) cores," \
		"$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- |
		sed 's/^ *//')"
	echo "compiler: $(cc --version | head -n 1)"
	echo "runs: $RUNS per commit after $WARMUP warm-up runs"
	echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$here/generated.txt"
