#!/bin/sh
# run.sh - record PTS's own analyzer output on the two real cases of
# crosscheck.py (doc/statistics.md, "Checked against PTS's own
# analyzer").  Needs php-cli and php-xml and a checkout of
# phoronix-test-suite/phoronix-test-suite:
#   PTS=/path/to/phoronix-test-suite sh tests/pts-crosscheck/run.sh
# writes tests/pts-crosscheck/history.out and zstd.out (review the diff
# before committing).  crosscheck.py compares benchreport with them.
set -eu
: "${PTS:?set PTS to a phoronix-test-suite checkout}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
here=tests/pts-crosscheck
H=tests/data/pts-history
R=tests/data/pts-real
rev=$(git -C "$PTS" rev-parse HEAD 2>/dev/null || cat "$PTS/.commit" 2>/dev/null || echo unknown)
{
	echo "# PTS $rev ($(php -r 'echo PHP_VERSION;'))"
	php $here/pts_analyzer.php "$PTS" \
		"2018-11-27-2020=1;2018-11-28-0156=1.2;2018-11-28-0615=2" \
		$H/docker-run1/composite.xml=2018-11-27-2020 \
		$H/docker-run2/composite.xml=2018-11-28-0156 \
		$H/docker-run3/composite.xml=2018-11-28-0615
} >$here/history.out
{
	echo "# PTS $rev ($(php -r 'echo PHP_VERSION;'))"
	php $here/pts_analyzer.php "$PTS" "GVNO3=2.5/h;NoGVNO2=3/h" \
		$R/manuel-zstd-10.8.4.xml $R/manuel-nogvno2-failed-10.8.4.xml
} >$here/zstd.out
