/*
 * gate.h - what a regression gate (compare --fail-on-regression, history
 * --fail-on-regression) could and could not judge, in one line the
 * command prints on standard error every time, -q or not, and whether
 * --gate-strict fails (doc/statistics.md, "Regression gate").
 */
#ifndef BR_GATE_H
#define BR_GATE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"
#include "history.h"

/* Names listed in the gate's line (the rest are counted). */
#define BR_GATE_NAMES 3

struct br_gate {
	const char *unit;   /* what is counted: "test" (history, and compare
			     * with one candidate) or "comparison" (compare
			     * with several: each test x candidate) */
	size_t n_tests;     /* units the gate looked at (the selection) */
	size_t n_judged;    /* ... that it could judge */
	size_t n_unjudged;  /* ... that it could not: n_tests - n_judged */
	size_t n_regressed; /* judged units with a regression */
	/* "gate: judged 5 of 7 tests, could not judge 2: Dbench 4.0 -
	 * Client Count: 2 (FreeBSD ZFS: failed), ... and 3 more; 1
	 * regression beyond 5%"; names as the input spells them (the
	 * caller escapes for a terminal) */
	char *line;
	/* --gate-strict fails (a test it could not judge): the error's
	 * words, "the gate could not judge 2 of 7 tests (--gate-strict)";
	 * NULL: passes */
	char *strict;
};

/*
 * compare's gate at pct percent, per test and candidate: judged when
 * the test is scalar, has a direction, the baseline and the candidate
 * have a value of two runs or more and their comparison a verdict; a
 * candidate's failed, missing or single-run entry is not judged.  BR_OK, or BR_EIO on ENOMEM.
 */
int br_gate_compare(const struct br_analysis *a, double pct,
		    struct br_gate *g);

/*
 * history's gate: a test is judged when the latest point has a value,
 * the test a direction, and its series enough points for the detector
 * or for the latest point's own test.  BR_OK, or BR_EIO.
 */
int br_gate_history(const struct br_history *h, struct br_gate *g);

void br_gate_fini(struct br_gate *g);

#endif
