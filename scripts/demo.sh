#!/bin/sh
# demo.sh - the main job on the bundled samples (called by `make demo`).
set -eu
: "${BR:=./benchreport}"
out=demo-out
mkdir -p "$out"
for f in samples/seed-000-*.csv samples/seed-004-*.csv \
	 samples/seed-003-*.txt samples/seed-002-*; do
	[ -e "$f" ] || continue
	base=$(basename "$f"); base=${base%.*}
	"$BR" inspect -q "$f" -o "$out/$base.inspect.txt"
	"$BR" stats -q "$f" -o "$out/$base.stats.txt"
	"$BR" stats -q "$f" -o "$out/$base.stats.csv"
	"$BR" compare -q "$f" -o "$out/$base.compare.txt"
	"$BR" compare -q "$f" -o "$out/$base.compare.csv"
	"$BR" convert -q "$f" -o "$out/$base.xml"
done
echo "demo: wrote $(ls "$out" | wc -l) files to $out/:"
ls "$out" | sed 's/^/  /'
echo
echo "For example, $out/seed-004-freebsd-zfs-zol.compare.txt begins:"
sed -n '1,12p' "$out/seed-004-freebsd-zfs-zol.compare.txt" 2>/dev/null || true
