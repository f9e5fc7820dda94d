/*
 * runnote.h - the words under or beside a system's value that say what
 * its runs did: run-order drift and the runs flagged as outliers, named
 * (doc/statistics.md, "Outliers" and "Run-order checks").  Made once
 * here, for the text, HTML and Markdown reports alike.
 */
#ifndef BR_RUNNOTE_H
#define BR_RUNNOTE_H

#include <stddef.h>

#include "analysis.h"

/*
 * The note of a VALUE cell: "N = 2: 1 more run too fast to measure"
 * (bonnie++'s "+++++", not in N), "run-order drift", the flagged runs as
 * "outlier: run 7 (45.0)" or "outliers: runs 2 (4.10), 7 (45.0)" (each
 * run numbered from 1, its value with the decimals of its resolution
 * when that is 10^-k, else decimals places; past BR_MAX_FLAGGED ",
 * ..."), both joined by "; ", or "" for neither.  Returns buf.
 */
/* Decimals a run of sample s is written with: those of its resolution
 * when that is 10^-k (k + shift <= 17; "45.0" keeps its 1), else
 * decimals (the test's).  shift: the test's br_test.unit_shift (its
 * runs were moved that many places; a step finer than 1e-17 in the
 * input's unit stays no step).  The outlier notes of every output
 * write runs so. */
int br_run_decimals(const struct br_sample *s, int decimals, int shift);

const char *br_run_note(const struct br_cell *c, int decimals, int shift,
			char *buf, size_t size);

#endif
