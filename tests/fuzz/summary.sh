#!/bin/sh
# summary.sh - one line per fuzz target from build-fuzz/logs/ (after
# tests/fuzz/run.sh): seconds, executions, coverage, corpus, peak RSS,
# and whether a crash/leak/timeout artifact was written.
cd "$(dirname "$0")/../.." || exit 1
printf '| target | seconds | executions | exec/s | edges (cov) | corpus | peak RSS MB | findings |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---|\n'
for f in build-fuzz/logs/*.log; do
	t=$(basename "$f" .log)
	secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$f")
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$f")
	eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$f")
	rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$f")
	cov=$(grep -o 'cov: [0-9]*' "$f" | tail -n 1 | cut -d' ' -f2)
	corp=$(grep -o 'corp: [0-9]*' "$f" | tail -n 1 | cut -d' ' -f2)
	found=$(ls "build-fuzz/artifacts/$t" 2>/dev/null | tr '\n' ' ')
	printf '| fuzz_%s | %s | %s | %s | %s | %s | %s | %s |\n' "$t" \
		"${secs:-running}" "${execs:--}" "${eps:--}" "${cov:--}" \
		"${corp:--}" "${rss:--}" "${found:-none}"
done
