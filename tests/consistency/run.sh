#!/bin/sh
# run.sh - cross-output consistency test: every input under samples/ and
# tests/data/ (and the fixtures in tests/consistency/data/) through stats,
# compare and render in every format; every number an output shows must
# agree with the CSV outputs (xcheck.py says how).  First the self-test
# (a perturbed output must be caught; silent when it is), then one line
# per disagreement and a summary such as
#   consistency: 44 inputs, 118636 values checked, 0 disagreements
# Arguments go to xcheck.py (-v: per-input counts and notes; --only STR).
set -u
: "${BR:?set BR to the benchreport binary}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
if ! out=$(python3 tests/consistency/xcheck.py --self-test 2>&1); then
	printf '%s\n' "$out"
	echo "consistency: self-test failed: a perturbed output went unnoticed"
	exit 1
fi
exec python3 tests/consistency/xcheck.py "$@"
