#!/bin/sh
# run.sh - cross-output consistency test: every input under samples/ and
# tests/data/ through stats, compare and render in every format; every
# number an output shows must agree with the CSV outputs (xcheck.py says
# how).  Prints one line per disagreement and a summary such as
#   consistency: 42 inputs, 111400 values checked, 0 disagreements
# XCHECK_SELF_TEST=1 first checks that a perturbed output is caught.
set -u
: "${BR:?set BR to the benchreport binary}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
if [ "${XCHECK_SELF_TEST:-0}" = 1 ]; then
	python3 tests/consistency/xcheck.py --self-test || exit 1
fi
exec python3 tests/consistency/xcheck.py "$@"
