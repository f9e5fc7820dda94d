#!/bin/sh
# run.sh - run the libFuzzer targets (after `make fuzz`), JOBS at a time,
# each for SECONDS, seeded from samples/, tests/data/ and the target's
# regress/ directory.  Logs, corpora and artifacts go to build-fuzz/.
#   sh tests/fuzz/run.sh [SECONDS [JOBS [TARGET...]]]
# Defaults: 600 s, 2 jobs, every target.  Findings: build-fuzz/artifacts/.
set -eu
secs=${1:-600}
jobs=${2:-2}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
out=build-fuzz
[ $# -gt 0 ] || set -- $(ls "$out/fuzz" | sed 's/^fuzz_//')
mkdir -p "$out/logs" "$out/artifacts" "$out/seeds"
# Seeds: every small input the project has (the target keeps what adds
# coverage).
find samples tests/data -type f -size -65k ! -name '*.md' \
	! -name '*.sh' ! -name SOURCE ! -name SOURCES.md |
while read -r f; do
	cp "$f" "$out/seeds/$(echo "$f" | tr / _)"
done
# fontconfig keeps some of what it loads for good (fuzz_chart lays out
# text): not ours to report
export LSAN_OPTIONS="suppressions=$top/tests/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
for t in "$@"; do
	fmt=$(echo "$t" | tr _ -)
	mkdir -p "$out/corpus/$t" "$out/artifacts/$t"
	[ -d "tests/fuzz/regress/$fmt" ] &&
		cp tests/fuzz/regress/"$fmt"/* "$out/corpus/$t/" 2>/dev/null
	echo "$t"
done | xargs -P "$jobs" -I{} sh -c "
	echo \"fuzz_{}: start \$(date +%T)\"
	$out/fuzz/fuzz_{} -max_total_time=$secs -rss_limit_mb=2048 \
		-timeout=10 -max_len=65536 -print_final_stats=1 \
		-artifact_prefix=$out/artifacts/{}/ \
		$out/corpus/{} $out/seeds > $out/logs/{}.log 2>&1 || true
	echo \"fuzz_{}: done \$(date +%T): \$(grep -c '^==.*ERROR\\|^SUMMARY' \
		$out/logs/{}.log || true) reports\"
"
