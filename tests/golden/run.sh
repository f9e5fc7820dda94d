#!/bin/sh
# run.sh - golden-file tests.  Each tests/golden/NAME/ holds:
#   cmd           one shell command, run from the top of the tree with
#                 $BR set to the benchreport binary under test
#   expected      exact stdout
#   expected.err  exact stderr (optional; default: must be empty)
#   status        expected exit code (optional; default 0)
# Set GOLDEN_ACCEPT=1 to rewrite expectations (only after looking at them);
# CASE=NAME runs (or accepts) one case only.
set -u
: "${BR:?set BR to the benchreport binary}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for dir in tests/golden/*/; do
	dir=${dir%/}
	[ -f "$dir/cmd" ] || continue
	name=${dir##*/}
	[ -n "${CASE:-}" ] && [ "$CASE" != "$name" ] && continue
	want_status=0
	[ -f "$dir/status" ] && want_status=$(cat "$dir/status")
	SOURCE_DATE_EPOCH=1700000000 LC_ALL=C.UTF-8 TZ=UTC \
		sh -c "$(cat "$dir/cmd")" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	if [ "${GOLDEN_ACCEPT:-0}" = 1 ]; then
		cp "$tmp/out" "$dir/expected"
		if [ -s "$tmp/err" ]; then cp "$tmp/err" "$dir/expected.err"
		else rm -f "$dir/expected.err"; fi
		if [ "$status" != 0 ]; then echo "$status" >"$dir/status"
		else rm -f "$dir/status"; fi
		echo "accepted: $name"
		continue
	fi
	ok=1
	if [ "$status" != "$want_status" ]; then
		echo "FAIL $name: exit $status, expected $want_status"
		ok=0
	fi
	if ! cmp -s "$tmp/out" "$dir/expected"; then
		echo "FAIL $name: stdout differs"
		diff -u "$dir/expected" "$tmp/out" | head -40
		ok=0
	fi
	if [ -f "$dir/expected.err" ]; then
		if ! cmp -s "$tmp/err" "$dir/expected.err"; then
			echo "FAIL $name: stderr differs"
			diff -u "$dir/expected.err" "$tmp/err" | head -20
			ok=0
		fi
	elif [ -s "$tmp/err" ]; then
		echo "FAIL $name: unexpected stderr:"
		head -5 "$tmp/err"
		ok=0
	fi
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "golden: $pass passed, $fail failed"
[ "$fail" = 0 ]
