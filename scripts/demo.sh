#!/bin/sh
# demo.sh - the main job on the bundled samples (called by `make demo`):
# statistics, comparisons, charts and reports for every seed sample.
set -eu
: "${BR:=./benchreport}"
out=demo-out
rm -rf "$out"
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
	"$BR" render -q "$f" -o "$out/$base.pdf"
	"$BR" render -q "$f" -o "$out/$base-charts/"
	for fmt in html txt md; do
		# the reports of another issue; skipped while not available
		"$BR" render -q "$f" -o "$out/$base.$fmt" 2>/dev/null || true
	done
done
"$BR" render -q samples/seed-004-freebsd-zfs-zol.csv --tests "dbench*1" \
	-o "$out/seed-004-dbench-1.png"
"$BR" compare -q samples/logs/ -o "$out/logs.compare.txt"
echo "demo: wrote $(find "$out" -type f | wc -l) files to $out/, among them:"
for f in "$out"/seed-004-freebsd-zfs-zol.pdf "$out"/seed-004-dbench-1.png \
	 "$out"/seed-004-freebsd-zfs-zol.compare.txt \
	 "$out"/seed-003-tpch-ufs-zfs.compare.txt "$out"/logs.compare.txt; do
	echo "  $f"
done
echo
echo "$out/seed-004-freebsd-zfs-zol.compare.txt begins:"
sed -n '1,9p' "$out/seed-004-freebsd-zfs-zol.compare.txt"
